import { describe, expect, it } from "vitest";
import { isTacticaError } from "@tactica/core";
import {
  addNavMeshTile,
  createNavMesh,
  createNavMeshQuery,
  createNavPath,
  createStraightPath,
  findPolygon,
  findPolygonPath,
  findStraightPath,
  markStancePath,
} from "../src";

// An L-shaped corridor of unit squares: A(0..1) → B(1..2, crouch area 10) → C(2..3) then up through
// D and E. The path from A to E bends at (2, 1), the corner of B.
const mesh = createNavMesh({
  vertices: [0, 0, 1, 0, 2, 0, 3, 0, 0, 1, 1, 1, 2, 1, 3, 1, 2, 2, 3, 2, 2, 3, 3, 3],
  polygons: [
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [6, 7, 9, 8],
    [8, 9, 11, 10],
  ],
  areas: [0, 10, 0, 0, 0],
});

function corners(sx: number, sy: number, gx: number, gy: number): { flags: number[]; points: number[] } {
  const q = createNavMeshQuery(mesh);
  const path = createNavPath({ maxLength: 16 });
  findPolygonPath(path, q, findPolygon(mesh, sx, sy), sx, sy, findPolygon(mesh, gx, gy), gx, gy);
  const sp = createStraightPath({ maxPoints: 16 });
  findStraightPath(sp, mesh, path.path, path.length, sx, sy, gx, gy);
  const out = markStancePath(new Uint8Array(16), mesh, path.path, path.length, sp, [10]);
  return { flags: Array.from(out.subarray(0, sp.count)), points: Array.from(sp.points.subarray(0, 2 * sp.count)) };
}

describe("markStancePath (chapter 32, Listing 32.2)", () => {
  it("crouches from the corner before the crouch space and stays crouched until the corner after it", () => {
    const r = corners(0.5, 0.5, 2.5, 2.5);
    expect(r.points).toEqual([0.5, 0.5, 2, 1, 2.5, 2.5]);
    expect(r.flags).toEqual([1, 1, 0]);
  });

  it("leaves a path outside the stance space unflagged", () => {
    expect(corners(2.5, 0.5, 2.5, 2.5).flags.every((f) => f === 0)).toBe(true);
  });
});

describe("markStancePath on a multi-tile mesh (corridor refs, not flat indices)", () => {
  // Tile (0, 0): A. Tile (1, 0): B (crouch area 10), C, D, E — the same L as above, but every
  // polygon after A lives in a later tile, so its ref differs from its flat index.
  const tiled = createNavMesh({ vertices: [0, 0, 1, 0, 1, 1, 0, 1], polygons: [[0, 1, 2, 3]] });
  addNavMeshTile(tiled, 1, 0, 0, {
    vertices: [1, 0, 2, 0, 3, 0, 1, 1, 2, 1, 3, 1, 2, 2, 3, 2, 2, 3, 3, 3],
    polygons: [
      [0, 1, 4, 3],
      [1, 2, 5, 4],
      [4, 5, 7, 6],
      [6, 7, 9, 8],
    ],
    areas: [10, 0, 0, 0],
  });

  function tiledCorners(sx: number, sy: number, gx: number, gy: number): { flags: number[]; points: number[] } {
    const q = createNavMeshQuery(tiled);
    const path = createNavPath({ maxLength: 16 });
    findPolygonPath(path, q, findPolygon(tiled, sx, sy), sx, sy, findPolygon(tiled, gx, gy), gx, gy);
    const sp = createStraightPath({ maxPoints: 16 });
    findStraightPath(sp, tiled, path.path, path.length, sx, sy, gx, gy);
    const out = markStancePath(new Uint8Array(16), tiled, path.path, path.length, sp, [10]);
    return { flags: Array.from(out.subarray(0, sp.count)), points: Array.from(sp.points.subarray(0, 2 * sp.count)) };
  }

  it("flags the corners around a stance polygon that lives in a later tile", () => {
    const r = tiledCorners(0.5, 0.5, 2.5, 2.5);
    expect(r.points).toEqual([0.5, 0.5, 2, 1, 2.5, 2.5]);
    expect(r.flags).toEqual([1, 1, 0]);
    expect(tiledCorners(2.5, 0.5, 2.5, 2.5).flags.every((f) => f === 0)).toBe(true);
  });

  it("a corridor ref that is not a polygon of the mesh throws NAVMESH_BAD_INPUT naming the entry", () => {
    const sp = createStraightPath({ maxPoints: 4 });
    findStraightPath(sp, tiled, [0], 1, 0.2, 0.5, 0.8, 0.5);
    let err: unknown;
    try {
      markStancePath(new Uint8Array(4), tiled, [0, 123456789], 2, sp, [10]);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "NAVMESH_BAD_INPUT") && err.path).toBe("corridor[1]");
  });
});
