// Issue 17: perception's sliced steps as core SlicedTasks — any sequence of frame budgets and slice
// sizes under the core scheduler gives the one-shot result, bit for bit.
import { addScheduledTask, createRng, createScheduler, isScheduledTask, rngFloat, runSchedulerFrame, setSchedulerBudget, type SlicedTask } from "@tactica/core";
import { createGrid, setCellPassable } from "@tactica/grid";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  beginExposureMap,
  createExposureMap,
  createExposureTask,
  createInfluenceMap,
  createInfluencePropagationTask,
  createVisionBatch,
  createVisionBatchTask,
  gridLineOfSight,
  propagateInfluence,
  setInfluenceSource,
  stepExposureMap,
  stepVisionBatch,
} from "../../src/index";

function bytes(a: Float64Array | Uint8Array): number[] {
  return [...new Uint8Array(a.buffer, a.byteOffset, a.byteLength)];
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

/** Runs a once-task under a scheduler whose budget cycles through `budgets`; returns the scheduler. */
function runOnce(task: SlicedTask, budgets: readonly number[], slice: number): ReturnType<typeof createScheduler> {
  const scheduler = createScheduler({ frameBudget: budgets[0]! });
  const h = addScheduledTask(scheduler, withinBudget(task), { once: true, sliceUnits: slice, module: "perception" });
  for (let f = 0; isScheduledTask(scheduler, h); f++) {
    setSchedulerBudget(scheduler, budgets[f % budgets.length]!);
    runSchedulerFrame(scheduler, 1 / 60);
    expect(f).toBeLessThan(5000);
  }
  return scheduler;
}

const budgetsArb = fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 8 });
const sliceArb = fc.integer({ min: 1, max: 6 });

describe("createVisionBatchTask", () => {
  it("property: any budget sequence gives the one-shot result (visible, certainty, units, rays)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 1e9 }), budgetsArb, sliceArb, (n, seed, budgets, slice) => {
        const rng = createRng(seed);
        const grid = createGrid(16, 16);
        for (let k = 0; k < 30; k++) setCellPassable(grid, Math.floor(rngFloat(rng, 0, 16)), Math.floor(rngFloat(rng, 0, 16)), false);
        const agents = { x: new Float64Array(n), y: new Float64Array(n), heading: new Float64Array(n) };
        for (let i = 0; i < n; i++) {
          agents.x[i] = rngFloat(rng, 0.5, 15.5);
          agents.y[i] = rngFloat(rng, 0.5, 15.5);
          agents.heading[i] = rngFloat(rng, -3, 3);
        }
        const per = 3;
        const make = () => {
          const b = createVisionBatch(n, per);
          for (let s = 0; s < n * per; s++) b.neighbors[s] = Math.floor(rngFloat(rng, -1, n));
          return b;
        };
        const want = make();
        const got = createVisionBatch(n, per);
        got.neighbors.set(want.neighbors);
        const cone = { viewRange: 9, fieldOfView: 2 };
        const options = { lineOfSight: gridLineOfSight(grid) };
        stepVisionBatch(want, cone, agents, Infinity, options);
        const scheduler = runOnce(createVisionBatchTask(got, cone, agents, options), budgets, slice);
        expect(bytes(got.visible)).toEqual(bytes(want.visible));
        expect(bytes(got.certainty)).toEqual(bytes(want.certainty));
        expect(scheduler.moduleStats[1]).toBe(n); // units = agents
        expect(scheduler.moduleStats[3]).toBe(want.rays);
      }),
      { numRuns: 60 },
    );
  });

  it("a recurring task starts a new pass after each finished one", () => {
    const batch = createVisionBatch(3, 2);
    batch.neighbors.set([1, 2, 0, 2, 0, 1]);
    const agents = { x: [0, 5, -5], y: [0, 0, 0], heading: [0, Math.PI, 0] };
    const scheduler = createScheduler({ frameBudget: 2 });
    addScheduledTask(scheduler, createVisionBatchTask(batch, { viewRange: 10, fieldOfView: Math.PI / 2 }, agents), { module: "perception" });
    for (let f = 0; f < 6; f++) runSchedulerFrame(scheduler, 1 / 60);
    expect([...batch.visible]).toEqual([1, 0, 1, 1, 1, 1]);
    expect(scheduler.completions[0]).toBe(3); // each pass: 2 agents, then 1 and Done; the next job starts next frame
  });
});

describe("createInfluencePropagationTask", () => {
  it("property: any budget sequence gives propagateInfluence's map, and onStart runs once per job", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 1e9 }),
        budgetsArb,
        sliceArb,
        (w, h, seed, budgets, slice) => {
          const rng = createRng(seed);
          const grid = createGrid(w, h);
          for (let k = 0; k < (w * h) / 5; k++) setCellPassable(grid, Math.floor(rngFloat(rng, 0, w)), Math.floor(rngFloat(rng, 0, h)), false);
          const a = createInfluenceMap(w, h, { grid, momentum: 0.6, decay: 0.25 });
          const b = createInfluenceMap(w, h, { grid, momentum: 0.6, decay: 0.25 });
          for (let k = 0; k < 3; k++) {
            const x = Math.floor(rngFloat(rng, 0, w)),
              y = Math.floor(rngFloat(rng, 0, h)),
              v = rngFloat(rng, -1, 1);
            setInfluenceSource(a, x, y, v);
            setInfluenceSource(b, x, y, v);
          }
          for (let step = 0; step < 3; step++) {
            propagateInfluence(a);
            let starts = 0;
            const scheduler = runOnce(createInfluencePropagationTask(b, { onStart: () => starts++ }), budgets, slice);
            expect(starts).toBe(1);
            expect(scheduler.moduleStats[1]).toBe(h); // units = rows
            expect(bytes(b.values)).toEqual(bytes(a.values));
            expect(bytes(b.minValues)).toEqual(bytes(a.minValues));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("createExposureTask", () => {
  it("property: any budget sequence gives the one-shot visible map; units = rays", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 1e9 }),
        budgetsArb,
        sliceArb,
        (w, h, seed, budgets, slice) => {
          const rng = createRng(seed);
          const heights = new Uint8Array(w * h);
          for (let i = 0; i < heights.length; i++) heights[i] = rngFloat(rng, 0, 1) < 0.2 ? Math.floor(rngFloat(rng, 1, 4)) : 0;
          const x = Math.floor(rngFloat(rng, 0, w)),
            y = Math.floor(rngFloat(rng, 0, h));
          const a = createExposureMap(heights, w, h);
          beginExposureMap(a, x, y, 1.7);
          stepExposureMap(a, Infinity);
          const b = createExposureMap(heights, w, h);
          beginExposureMap(b, x, y, 1.7);
          const task = createExposureTask(b);
          const scheduler = runOnce(task, budgets, slice);
          expect(bytes(b.visible)).toEqual(bytes(a.visible));
          const rays = w === 1 || h === 1 ? w * h : 2 * (w + h) - 4;
          expect(scheduler.moduleStats[1]).toBe(rays);
          expect(scheduler.moduleStats[3]).toBe(rays);
          expect(task.totals.units).toBe(rays);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a job with no build running is Done at once with 0 units", () => {
    const task = createExposureTask(createExposureMap(new Uint8Array(4), 2, 2));
    const scheduler = runOnce(task, [5], 5);
    expect(scheduler.moduleStats[1]).toBe(0);
  });
});
