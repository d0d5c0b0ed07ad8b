// The level-2 voxel build switches to tiles on long grids (a solo build of one very long region is
// superlinear); the rule, the switches that force either build, and queries on the result.
import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { AUTO_TILE_GRID_CELLS, buildNavMeshFromTriangles3d, findNavMeshPath, findPolygon, VoxelBuildFlags, VoxelConfigPresets } from "../src";

// The cell counts below are at 0.3 m cells: the `recast` preset.
const config = VoxelConfigPresets.recast;

/** A flat `length × width` quad (two triangles), along x or along z. */
function strip(length: number, width: number, alongZ = false): { positions: number[]; triangles: number[] } {
  const [x, z] = alongZ ? [width, length] : [length, width];
  return { positions: [0, 0, 0, x, 0, 0, x, 0, z, 0, 0, z], triangles: [0, 2, 1, 0, 3, 2] };
}

describe("buildNavMeshFromTriangles3d on long grids", () => {
  it("a 1 km × 4 m strip (3,334 cells at 0.3 m) is built in tiles and answers a path end to end", () => {
    const s = strip(1000, 4);
    const r = buildNavMeshFromTriangles3d(s.positions, s.triangles, { config });
    expect(r.tiled).toBe(true);
    expect(r.empty).toBe(false);
    expect(r.input).toBeDefined();
    expect(r.report.gridWidth).toBe(3334);
    // 64-cell tiles along x, one row: tiles "0,0,0" … "52,0,0".
    expect(r.tileCount).toBe(53);
    expect(Object.keys(r.navMesh.tiles).sort()).toEqual(Array.from({ length: 53 }, (_, i) => `${i},0,0`).sort());
    expect(r.report.polyCount).toBe(r.navMesh.polyCount);
    expect(r.report.flags & VoxelBuildFlags.Empty).toBe(0);
    const p = findNavMeshPath(r.navMesh, { x: 1, y: 2 }, { x: 999, y: 2 });
    expect(p.found).toBe(true);
    expect(p.path[0]).toEqual({ x: 1, y: 2 });
    expect(p.path[p.path.length - 1]).toEqual({ x: 999, y: 2 });
    // A straight strip: the path is the straight segment (no detour through a tile edge).
    expect(p.distance).toBeCloseTo(998, 6);
  });

  it("the rule: a grid side above AUTO_TILE_GRID_CELLS cells, along x or z", () => {
    const cfg = { cellSize: 1 }; // 1 m cells: the boundary at 2,048 m
    for (const alongZ of [false, true]) {
      const at = strip(AUTO_TILE_GRID_CELLS, 8, alongZ),
        past = strip(AUTO_TILE_GRID_CELLS + 1, 8, alongZ);
      const a = buildNavMeshFromTriangles3d(at.positions, at.triangles, { config: cfg });
      const b = buildNavMeshFromTriangles3d(past.positions, past.triangles, { config: cfg });
      expect([a.tiled, a.tileCount, a.input]).toEqual([false, 1, undefined]);
      expect(b.tiled).toBe(true);
      expect(alongZ ? b.input?.tilesY : b.input?.tilesX).toBe(33); // ceil(2049 / 64)
      expect(b.tileCount).toBe(32); // the last tile holds 1 cell of floor, eroded away
      const q = alongZ ? findNavMeshPath(b.navMesh, { x: 4, y: 10 }, { x: 4, y: 2000 }) : findNavMeshPath(b.navMesh, { x: 10, y: 4 }, { x: 2000, y: 4 });
      expect(q.found).toBe(true);
      expect(q.distance).toBeCloseTo(1990, 6);
    }
  });

  it("tiled: false or tileSize: 0 forces one solo build; tiled: true or a tileSize forces tiles", () => {
    const long = strip(1000, 4);
    for (const o of [{ tiled: false }, { tileSize: 0 }, { tiled: false, tileSize: 64 }]) {
      const r = buildNavMeshFromTriangles3d(long.positions, long.triangles, { config, ...o });
      expect(r.tiled).toBe(false);
      expect(r.tileCount).toBe(1);
      expect(findPolygon(r.navMesh, 999, 2)).toBeGreaterThanOrEqual(0);
    }
    const small = strip(40, 10);
    const t = buildNavMeshFromTriangles3d(small.positions, small.triangles, { config, tiled: true });
    expect([t.tiled, t.tileCount]).toEqual([true, 3]); // 134 cells in 64-cell tiles
    const t32 = buildNavMeshFromTriangles3d(small.positions, small.triangles, { config, tileSize: 32 });
    expect([t32.tiled, t32.input?.tilesX, t32.input?.tilesY]).toEqual([true, 5, 2]); // 134 × 34 cells in 32-cell tiles
    expect(t32.tileCount).toBe(5); // the second row holds 2 cells of floor, eroded away
    expect(findNavMeshPath(t32.navMesh, { x: 1, y: 1 }, { x: 39, y: 9 }).found).toBe(true);
  });

  it("a sparse level too wide for 2^16 tiles of 64 cells gets bigger automatic tiles, and empty tiles are skipped", () => {
    // Two 10 m floors 5,760 m apart on both axes: 300 × 300 tiles of 64 cells at 0.3 m (more than a
    // polygon ref addresses), 150 × 150 of 128 cells. Only the two tiles with triangles are built.
    const X = 0.3 * 64 * 300;
    const positions = [0, 0, 0, 10, 0, 0, 0, 0, 10, 10, 0, 10, X, 0, X, X + 10, 0, X, X, 0, X + 10, X + 10, 0, X + 10];
    const r = buildNavMeshFromTriangles3d(positions, [0, 2, 1, 1, 2, 3, 4, 6, 5, 5, 6, 7], { config });
    expect(r.tiled).toBe(true);
    expect(r.input!.config.tileSize).toBe(128);
    expect(r.tileCount).toBe(2);
    expect(findPolygon(r.navMesh, 5, 5)).toBeGreaterThanOrEqual(0);
    expect(findPolygon(r.navMesh, X + 5, X + 5)).toBeGreaterThanOrEqual(0);
    // An explicit tileSize is the caller's: too many tiles is still NAVMESH_CONFIG naming it.
    let err: unknown;
    try {
      buildNavMeshFromTriangles3d(positions, [0, 2, 1, 1, 2, 3, 4, 6, 5, 5, 6, 7], { config, tileSize: 64 });
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err) && err.code === "NAVMESH_CONFIG" && err.message.includes("tileSize")).toBe(true);
  });

  it("an empty soup is an empty result either way", () => {
    for (const tiled of [false, true]) {
      const r = buildNavMeshFromTriangles3d([], [], { tiled });
      expect([r.empty, r.tileCount, r.report.flags & VoxelBuildFlags.Empty]).toEqual([true, 0, VoxelBuildFlags.Empty]);
    }
  });

  it("a bad tileSize or tiled is NAVMESH_CONFIG naming the option", () => {
    const s = strip(10, 10);
    for (const [o, path] of [
      [{ tileSize: 4 }, "tileSize"],
      [{ tileSize: 64.5 }, "tileSize"],
      [{ tileSize: -1 }, "tileSize"],
      [{ tiled: "yes" }, "tiled"],
    ] as const) {
      let err: unknown;
      try {
        buildNavMeshFromTriangles3d(s.positions, s.triangles, o as never);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "NAVMESH_CONFIG")).toBe(true);
      expect((err as { path?: string }).path).toBe(path);
    }
  });
});
