import { addScheduledTask, createScheduler, isScheduledTask, runSchedulerFrame, setSchedulerBudget, type SlicedTask } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileHtn,
  compileProblem,
  createGoapSearch,
  createGoapSearchTask,
  createHtnPlanTask,
  createHtnResult,
  createPlanResult,
  parseDomain,
  planGoap,
  planHtn,
  readGoapPlan,
  startGoapSearch,
} from "../src/index";
import { arbDomain } from "./fixtures";

/** The task, checking that no slice uses more units than its budget. */
function withinBudget(task: SlicedTask): SlicedTask {
  return {
    step(budget, counters) {
      const before = counters.units;
      const status = task.step(budget, counters);
      expect(counters.units - before).toBeLessThanOrEqual(budget);
      return status;
    },
  };
}

describe("createGoapSearchTask", () => {
  it("property: any sequence of frame budgets and slice sizes gives planGoap's plan", () => {
    fc.assert(
      fc.property(
        arbDomain(6, 8),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        (d, budgets, slice) => {
          const p = compileProblem(d);
          const want = planGoap(createPlanResult({ capacity: 64 }), p, p.initial, p.goal);
          const search = startGoapSearch(createGoapSearch(p), p.initial, p.goal);
          const scheduler = createScheduler({ frameBudget: budgets[0]! });
          const h = addScheduledTask(scheduler, withinBudget(createGoapSearchTask(search)), { once: true, sliceUnits: slice, module: "planning" });
          for (let f = 0; isScheduledTask(scheduler, h); f++) {
            setSchedulerBudget(scheduler, budgets[f % budgets.length]!);
            runSchedulerFrame(scheduler, 1 / 60);
            expect(f).toBeLessThan(100_000);
          }
          const got = readGoapPlan(createPlanResult({ capacity: 64 }), search);
          expect(got.flags).toBe(want.flags);
          expect(got.cost).toBe(want.cost);
          expect(got.expanded).toBe(want.expanded);
          expect(Array.from(got.path.subarray(0, got.length))).toEqual(Array.from(want.path.subarray(0, want.length)));
          expect(scheduler.moduleStats[2]).toBe(want.expanded);
          expect(scheduler.moduleStats[1]).toBe(want.expanded); // units = expansions
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("createHtnPlanTask (indivisible)", () => {
  const p = compileProblem(
    parseDomain(`
(:objects (place home, shop))
(:action walk :parameters (place ?a, place ?b) :preconditions (at(?a) and near(?a, ?b)) :effects (not at(?a) and at(?b)))
(:action buy :parameters (place ?p) :preconditions (at(?p) and shop(?p)) :effects (has-goods))
(:initial (at(home) and near(home, shop) and shop(shop)))
`),
  );
  const htn = compileHtn(p, [
    { name: "errand", task: "errand(?a, ?b)", subtasks: ["travel(?a, ?b)", "buy(?b)"] },
    { name: "by-foot", task: "travel(?a, ?b)", preconditions: ["near(?a, ?b)"], subtasks: ["walk(?a, ?b)"] },
  ]);

  it("runs the whole plan in one slice, equal to planHtn, overspending the budget by at most that slice", () => {
    const want = planHtn(htn, p.initial, ["errand(home, shop)"]);
    const out = createHtnResult();
    const scheduler = createScheduler({ frameBudget: 1 });
    const other = { steps: 0 };
    addScheduledTask(scheduler, createHtnPlanTask(out, htn, p.initial, ["errand(home, shop)"], { maxNodes: 50 }), { priority: 0, once: true });
    addScheduledTask(scheduler, { step: (_b, c) => ((c.units += 1), other.steps++, 2) }, { priority: 1 });
    const used = runSchedulerFrame(scheduler, 1 / 60);
    expect(out.flags).toBe(want.flags);
    expect(out.plan).toEqual(want.plan);
    expect(used).toBe(Math.max(1, want.expanded));
    expect(used).toBeGreaterThan(1);
    expect(other.steps).toBe(0); // the overspend closed the frame
    expect(runSchedulerFrame(scheduler, 1 / 60)).toBe(1);
  });

  it("fails (not throws) when there is no plan", () => {
    const out = createHtnResult();
    const scheduler = createScheduler({ frameBudget: 10 });
    const h = addScheduledTask(scheduler, createHtnPlanTask(out, htn, p.initial, ["travel(shop, home)"]));
    runSchedulerFrame(scheduler, 0);
    expect(scheduler.failures[h % 65536]).toBe(1);
  });
});
