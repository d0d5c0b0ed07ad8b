import { addScheduledTask, createScheduler, isScheduledTask, runSchedulerFrame, setSchedulerBudget, type SlicedTask } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createGrid,
  createGridPath,
  createGridSearch,
  createSlicedAStar,
  createSlicedAStarTask,
  findPathAStar,
  PathFlags,
  startSlicedAStar,
  stepSlicedAStar,
} from "../src";

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

describe("createSlicedAStarTask", () => {
  it("property: any sequence of frame budgets and slice sizes gives the one-shot path", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 144, maxLength: 144 }),
        fc.nat(143),
        fc.nat(143),
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(4 as const, 8 as const),
        (bits, a, b, budgets, slice, connectivity) => {
          const g = createGrid(12, 12, { connectivity });
          for (let i = 0; i < 144; i++) if (bits[i]! < 0.3 && i !== a && i !== b) g.passable[i] = 0;
          g.version++;
          const [sx, sy, gx, gy] = [a % 12, Math.floor(a / 12), b % 12, Math.floor(b / 12)];
          const oneShot = createSlicedAStar(createGridSearch(g));
          startSlicedAStar(oneShot, sx, sy, gx, gy);
          const want = stepSlicedAStar(createGridPath(g), oneShot, Number.MAX_SAFE_INTEGER);
          const ref = findPathAStar(createGridPath(g), createGridSearch(g), sx, sy, gx, gy);
          expect(want.flags & PathFlags.Found).toBe(ref.flags & PathFlags.Found);
          if (want.flags & PathFlags.Found) expect(want.cost).toBeCloseTo(ref.cost, 9);

          const sliced = createSlicedAStar(createGridSearch(g));
          startSlicedAStar(sliced, sx, sy, gx, gy);
          const out = createGridPath(g);
          const scheduler = createScheduler({ frameBudget: budgets[0]! });
          const h = addScheduledTask(scheduler, withinBudget(createSlicedAStarTask(out, sliced)), { once: true, sliceUnits: slice, module: "grid" });
          for (let f = 0; isScheduledTask(scheduler, h); f++) {
            setSchedulerBudget(scheduler, budgets[f % budgets.length]!);
            runSchedulerFrame(scheduler, 1 / 60);
            expect(f).toBeLessThan(2000);
          }
          expect(out.flags).toBe(want.flags);
          expect(out.cost).toBe(want.cost);
          expect(out.expanded).toBe(want.expanded);
          expect(Array.from(out.path.subarray(0, out.length))).toEqual(Array.from(want.path.subarray(0, want.length)));
          expect(scheduler.moduleStats[2]).toBe(want.expanded);
          expect(scheduler.moduleStats[1]).toBe(want.expanded); // units = expansions
        },
      ),
      { numRuns: 60 },
    );
  });
});
