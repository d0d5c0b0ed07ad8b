import fc from "fast-check";
import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  buildNavMeshFromPolygons,
  createNavMeshQuery,
  createNavPath,
  finalizeSlicedPolygonPath,
  findPolygonPath,
  getPolygonCenter,
  initSlicedPolygonPath,
  NAVMESH_AREA_COUNT,
  updateSlicedPolygonPath,
} from "../src";
import { arbRoomWithPillars } from "./helpers";

describe("sliced polygon search", () => {
  it("property: sliced (k expansions per update, two searches interleaved) = one-shot", () => {
    fc.assert(
      fc.property(arbRoomWithPillars(), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 10_000 }), (region, k, seed) => {
        const mesh = buildNavMeshFromPolygons([region]);
        const a = seed % mesh.polyCount,
          b = (seed * 7 + 3) % mesh.polyCount;
        const s = getPolygonCenter({ x: 0, y: 0 }, mesh, a),
          g = getPolygonCenter({ x: 0, y: 0 }, mesh, b);
        const costs = new Float64Array(NAVMESH_AREA_COUNT).fill(1);
        const opts = { areaCosts: costs, polyCost: (p: number) => 1 + (p % 3) };
        const one = findPolygonPath(createNavPath({ maxLength: 512 }), createNavMeshQuery(mesh), a, s.x, s.y, b, g.x, g.y, opts);
        const q1 = createNavMeshQuery(mesh),
          q2 = createNavMeshQuery(mesh);
        initSlicedPolygonPath(q1, a, s.x, s.y, b, g.x, g.y, opts);
        initSlicedPolygonPath(q2, b, g.x, g.y, a, s.x, s.y);
        let st1 = PathFlags.InProgress as number,
          st2 = PathFlags.InProgress as number;
        for (let guard = 0; guard < 10_000 && (st1 === PathFlags.InProgress || st2 === PathFlags.InProgress); guard++) {
          st1 = updateSlicedPolygonPath(q1, k);
          st2 = updateSlicedPolygonPath(q2, k);
        }
        const sliced = finalizeSlicedPolygonPath(createNavPath({ maxLength: 512 }), q1);
        expect(sliced.flags).toBe(one.flags);
        expect(sliced.cost).toBe(one.cost);
        expect(Array.from(sliced.path.subarray(0, sliced.length))).toEqual(Array.from(one.path.subarray(0, one.length)));
        const back = finalizeSlicedPolygonPath(createNavPath({ maxLength: 512 }), q2);
        expect(back.flags).toBe(PathFlags.Found);
        expect(back.path[0]).toBe(b);
      }),
      { numRuns: 40 },
    );
  });

  it("finalizing early gives the best partial corridor, flagged Partial | InProgress", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 20, 0, 20, 1, 0, 1] }], { maxVertsPerPoly: 3 });
    const q = createNavMeshQuery(mesh);
    const a = 0,
      b = mesh.polyCount - 1;
    const s = getPolygonCenter({ x: 0, y: 0 }, mesh, a),
      g = getPolygonCenter({ x: 0, y: 0 }, mesh, b);
    expect(initSlicedPolygonPath(q, a, s.x, s.y, b, g.x, g.y)).toBe(PathFlags.InProgress);
    expect(updateSlicedPolygonPath(q, 1)).toBe(PathFlags.InProgress);
    const part = finalizeSlicedPolygonPath(createNavPath(), q);
    expect(part.flags).toBe(PathFlags.Partial | PathFlags.InProgress);
    expect(part.path[0]).toBe(a);
    expect(part.length).toBeGreaterThanOrEqual(1);
  });
});

describe("sliced search and tile changes", () => {
  it("a tile change during a sliced search ends it with NoPath and an empty path", async () => {
    const { addNavMeshTile, createNavMesh, createNavMeshQuery, createNavPath, initSlicedPolygonPath, updateSlicedPolygonPath, finalizeSlicedPolygonPath } =
      await import("../src");
    const { PathFlags } = await import("@tactica/search");
    const vertices: number[] = [];
    const polygons: number[][] = [];
    for (let x = 0; x <= 10; x++) vertices.push(x, 0, x, 1);
    for (let x = 0; x < 10; x++) polygons.push([2 * x, 2 * x + 2, 2 * x + 3, 2 * x + 1]);
    const mesh = createNavMesh({ vertices, polygons });
    const q = createNavMeshQuery(mesh);
    initSlicedPolygonPath(q, 0, 0.5, 0.5, 9, 9.5, 0.5);
    expect(updateSlicedPolygonPath(q, 2)).toBe(PathFlags.InProgress);
    addNavMeshTile(mesh, 1, 0, 0, { vertices: [10, 0, 11, 0, 11, 1, 10, 1], polygons: [[0, 1, 2, 3]] });
    expect(updateSlicedPolygonPath(q, 100)).toBe(PathFlags.NoPath);
    const out = finalizeSlicedPolygonPath(createNavPath(), q);
    expect([out.flags, out.length]).toEqual([PathFlags.NoPath, 0]);
    // A new search on the grown mesh works (the query's arrays grow).
    initSlicedPolygonPath(q, 0, 0.5, 0.5, 2 ** 20, 10.5, 0.5);
    updateSlicedPolygonPath(q, Infinity);
    const again = finalizeSlicedPolygonPath(createNavPath(), q);
    expect([again.flags, again.length]).toEqual([PathFlags.Found, 11]);
  });
});
