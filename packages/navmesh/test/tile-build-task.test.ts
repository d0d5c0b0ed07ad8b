// Issue 17: tile builds as a core SlicedTask — any sequence of frame budgets builds the tiles one
// per unit and assembles to buildTiledNavMesh's bytes.
import { addScheduledTask, createScheduler, isScheduledTask, isTacticaError, runSchedulerFrame, setSchedulerBudget } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assembleNavMeshTiles, buildTiledNavMesh, createTileBuildTask, createTiledNavMeshInput, findPolygon, navMeshToBytes, VoxelConfigPresets } from "../src";

/** A floor with boxes (as in voxel-tiles.test.ts, not imported: that would run its tests here too). */
function floorWithBoxes(w: number, d: number, boxes: readonly (readonly number[])[]): { positions: number[]; triangles: number[] } {
  const positions = [0, 0, 0, w, 0, 0, w, 0, d, 0, 0, d];
  const triangles = [0, 2, 1, 0, 3, 2];
  for (const [x0, z0, x1, z1, h] of boxes) {
    const b = positions.length / 3;
    positions.push(x0!, 0, z0!, x1!, 0, z0!, x1!, 0, z1!, x0!, 0, z1!, x0!, h!, z0!, x1!, h!, z0!, x1!, h!, z1!, x0!, h!, z1!);
    const q = (a: number, c: number, e: number, f: number): void => void triangles.push(b + a, b + e, b + c, b + a, b + f, b + e);
    q(4, 5, 6, 7); // top (up)
    q(0, 4, 7, 3);
    q(1, 2, 6, 5);
    q(0, 1, 5, 4);
    q(3, 7, 6, 2);
  }
  return { positions, triangles };
}

const scene = floorWithBoxes(20, 20, [
  [4, 4, 6, 9, 2],
  [12, 3, 13, 15, 2],
  [8, 14, 16, 16, 0.3],
]);
const input = createTiledNavMeshInput(scene.positions, scene.triangles, { ...VoxelConfigPresets.recast, tileSize: 24 });
const want = navMeshToBytes(buildTiledNavMesh(input).navMesh);

describe("createTileBuildTask", () => {
  it("property: any budget sequence builds one tile per unit and assembles to buildTiledNavMesh's bytes", () => {
    expect(input.tilesX * input.tilesY).toBe(9);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 3 }), (budgets, slice) => {
        const task = createTileBuildTask(input);
        const scheduler = createScheduler({ frameBudget: budgets[0]! });
        const h = addScheduledTask(scheduler, task, { module: "navmesh", once: true, sliceUnits: slice });
        let frames = 0;
        for (; isScheduledTask(scheduler, h); frames++) {
          setSchedulerBudget(scheduler, budgets[frames % budgets.length]!);
          const before = task.next;
          runSchedulerFrame(scheduler, 1 / 60);
          expect(task.next - before).toBeLessThanOrEqual(budgets[frames % budgets.length]!);
          expect(frames).toBeLessThan(20);
        }
        expect(task.builds.map((b) => [b.x, b.y])).toEqual(task.tiles.map((t) => [t.x, t.y]));
        expect(scheduler.moduleStats[1]).toBe(9); // one unit per tile
        expect(navMeshToBytes(assembleNavMeshTiles(task.builds))).toEqual(want);
      }),
      { numRuns: 8 },
    );
  });

  it("the @example: a 40 m floor, one tile per frame", () => {
    const positions = [0, 0, 0, 40, 0, 0, 40, 0, 10, 0, 0, 10];
    const floor = createTiledNavMeshInput(positions, [0, 2, 1, 0, 3, 2], { ...VoxelConfigPresets.recast, tileSize: 64 });
    const task = createTileBuildTask(floor);
    const scheduler = createScheduler({ frameBudget: 1 });
    addScheduledTask(scheduler, task, { module: "navmesh", once: true });
    runSchedulerFrame(scheduler, 1 / 60);
    expect(task.next).toBe(1);
    runSchedulerFrame(scheduler, 1 / 60);
    runSchedulerFrame(scheduler, 1 / 60);
    const navMesh = assembleNavMeshTiles(task.builds);
    expect(navMeshToBytes(navMesh)).toEqual(navMeshToBytes(buildTiledNavMesh(floor).navMesh));
    expect(findPolygon(navMesh, 35, 5)).toBeGreaterThanOrEqual(0);
  });

  it("a chosen tile list builds just those; a tile outside the grid is a NAVMESH_BAD_INPUT before any slice", () => {
    const task = createTileBuildTask(input, {
      tiles: [
        { x: 2, y: 1 },
        { x: 0, y: 0 },
      ],
    });
    const scheduler = createScheduler({ frameBudget: 100 });
    addScheduledTask(scheduler, task, { once: true });
    runSchedulerFrame(scheduler, 1 / 60);
    expect(task.builds.map((b) => [b.x, b.y])).toEqual([
      [2, 1],
      [0, 0],
    ]);
    for (const bad of [[{ x: 3, y: 0 }], [{ x: 0, y: -1 }], [{ x: 0.5, y: 0 }], [null], "x"] as unknown[]) {
      let err: unknown;
      try {
        createTileBuildTask(input, { tiles: bad as never });
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err) && err.code === "NAVMESH_BAD_INPUT").toBe(true);
    }
  });
});
