import { addScheduledTask, createScheduler, isScheduledTask, runSchedulerFrame, setSchedulerBudget, type SlicedTask } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildNavMeshFromPolygons,
  createNavMeshQuery,
  createNavPath,
  createPolygonPathTask,
  findPolygonPath,
  getPolygonCenter,
  initSlicedPolygonPath,
  NAVMESH_AREA_COUNT,
} from "../src";
import { arbRoomWithPillars } from "./helpers";

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

describe("createPolygonPathTask", () => {
  it("property: any sequence of frame budgets and slice sizes gives findPolygonPath's corridor", () => {
    fc.assert(
      fc.property(
        arbRoomWithPillars(),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        (region, seed, budgets, slice, weighted) => {
          const mesh = buildNavMeshFromPolygons([region]);
          const a = seed % mesh.polyCount;
          const b = (seed * 7 + 3) % mesh.polyCount;
          const s = getPolygonCenter({ x: 0, y: 0 }, mesh, a);
          const g = getPolygonCenter({ x: 0, y: 0 }, mesh, b);
          const opts = weighted ? { areaCosts: new Float64Array(NAVMESH_AREA_COUNT).fill(2), polyCost: (p: number) => 1 + (p % 3) } : {};
          const want = findPolygonPath(createNavPath({ maxLength: 512 }), createNavMeshQuery(mesh), a, s.x, s.y, b, g.x, g.y, opts);
          const query = createNavMeshQuery(mesh);
          initSlicedPolygonPath(query, a, s.x, s.y, b, g.x, g.y, opts);
          const out = createNavPath({ maxLength: 512 });
          const scheduler = createScheduler({ frameBudget: budgets[0]! });
          const h = addScheduledTask(scheduler, withinBudget(createPolygonPathTask(out, query)), { once: true, sliceUnits: slice, module: "navmesh" });
          for (let f = 0; isScheduledTask(scheduler, h); f++) {
            setSchedulerBudget(scheduler, budgets[f % budgets.length]!);
            runSchedulerFrame(scheduler, 1 / 60);
            expect(f).toBeLessThan(5000);
          }
          expect(out.flags).toBe(want.flags);
          expect(out.cost).toBe(want.cost);
          expect(out.expanded).toBe(want.expanded);
          expect(Array.from(out.path.subarray(0, out.length))).toEqual(Array.from(want.path.subarray(0, want.length)));
          expect(scheduler.moduleStats[2]).toBe(want.expanded);
          expect(scheduler.moduleStats[1]).toBe(want.expanded); // units = expansions
        },
      ),
      { numRuns: 40 },
    );
  });
});
