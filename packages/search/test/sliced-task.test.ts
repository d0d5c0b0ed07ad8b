import {
  addScheduledTask,
  createScheduler,
  isScheduledTask,
  runSchedulerFrame,
  setSchedulerBudget,
  SliceFlags,
  createSliceCounters,
  type SlicedTask,
} from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  astar,
  createPathResult,
  createSearchContext,
  createTimeSlicedAStar,
  createTimeSlicedAStarTask,
  finishTimeSlicedAStar,
  pathToArray,
  startTimeSlicedAStar,
  stepTimeSlicedAStar,
  type SearchDomain,
} from "../src";

/** A W×W 4-connected grid whose `blocked` cells have no edges; cost 1 + (cell % 3). */
function gridDomain(W: number, blocked: ReadonlySet<number>): SearchDomain {
  return {
    nodeCount: W * W,
    maxDegree: 4,
    neighbors(n, out, costs) {
      const x = n % W;
      const y = (n / W) | 0;
      let k = 0;
      const add = (m: number) => {
        if (blocked.has(m)) return;
        out[k] = m;
        costs[k++] = 1 + (m % 3);
      };
      if (x > 0) add(n - 1);
      if (x < W - 1) add(n + 1);
      if (y > 0) add(n - W);
      if (y < W - 1) add(n + W);
      return k;
    },
    heuristic: (a, b) => Math.abs((a % W) - (b % W)) + Math.abs(((a / W) | 0) - ((b / W) | 0)),
  };
}

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

describe("createTimeSlicedAStarTask", () => {
  it("property: any sequence of frame budgets and slice sizes gives the one-shot path", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 14 }),
        fc.array(fc.nat({ max: 195 }), { minLength: 0, maxLength: 60 }),
        fc.nat(),
        fc.nat(),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 9 }),
        (W, walls, a, b, budgets, slice) => {
          const N = W * W;
          const start = a % N;
          const goal = b % N;
          const blocked = new Set(walls.map((w) => w % N).filter((w) => w !== start && w !== goal));
          const domain = gridDomain(W, blocked);
          const one = createTimeSlicedAStar(N, 4);
          startTimeSlicedAStar(one, domain, start, goal);
          stepTimeSlicedAStar(one, Number.MAX_SAFE_INTEGER);
          const want = finishTimeSlicedAStar(createPathResult(N), one);
          const ref = astar(createPathResult(N), domain, createSearchContext(N, 4), start, goal);
          expect(want.flags & 5).toBe(ref.flags & 5);
          if (want.flags & 1) expect(want.cost).toBe(ref.cost);

          const search = createTimeSlicedAStar(N, 4);
          startTimeSlicedAStar(search, domain, start, goal);
          const scheduler = createScheduler({ frameBudget: budgets[0]! });
          const h = addScheduledTask(scheduler, withinBudget(createTimeSlicedAStarTask(search)), { once: true, sliceUnits: slice });
          for (let f = 0; isScheduledTask(scheduler, h); f++) {
            setSchedulerBudget(scheduler, budgets[f % budgets.length]!);
            runSchedulerFrame(scheduler, 1 / 60);
            expect(f).toBeLessThan(10 * N);
          }
          const got = finishTimeSlicedAStar(createPathResult(N), search);
          expect(got.flags).toBe(want.flags);
          expect(got.cost).toBe(want.cost);
          expect(got.expanded).toBe(want.expanded);
          expect(pathToArray(got)).toEqual(pathToArray(want));
          expect(scheduler.moduleStats[2]).toBe(want.expanded);
          expect(scheduler.moduleStats[1]).toBe(want.expanded); // units = expansions // nodes counted once per expansion
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reports Failed when there is no path and counts nodes", () => {
    const domain = gridDomain(3, new Set([1, 3, 4]));
    const search = createTimeSlicedAStar(9, 4);
    startTimeSlicedAStar(search, domain, 0, 8);
    const task = createTimeSlicedAStarTask(search);
    const c = createSliceCounters();
    expect(task.step(10, c)).toBe(SliceFlags.Failed);
    expect(c.units).toBe(1);
    expect(c.nodes).toBe(1);
  });
});
