import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  TileCacheUpdateFlags,
  VoxelConfigPresets,
  addTileCacheObstacle,
  buildNavMeshFromTileCache,
  buildTiledNavMesh,
  createTileCache,
  createTiledNavMeshInput,
  findNavMeshPath,
  findPolygon,
  isValidTileCacheObstacle,
  markCylinderArea,
  navMeshToBytes,
  rebuildNavMeshTile,
  removeTileCacheObstacle,
  updateTileCache,
  type NavMeshTile,
  type TileCacheObstacle,
} from "../src";
import { markTileCacheObstacle } from "../src/voxel/tile-cache";
import { canonicalFlatView } from "./helpers";

function tileBytes(t: NavMeshTile): string {
  return JSON.stringify([Array.from(t.vertices), Array.from(t.heights), Array.from(t.polyVerts), Array.from(t.areas), Array.from(t.tags)]);
}

// A corridor 30 m × 3 m: 100 × 10 cells at 0.3 m, in 16-cell tiles (7 × 1).
const corridor = { positions: [0, 0, 0, 30, 0, 0, 30, 0, 3, 0, 0, 3], triangles: [0, 2, 1, 0, 3, 2] };
const config = { ...VoxelConfigPresets.recast, tileSize: 16 };
const across = (mesh: Parameters<typeof findNavMeshPath>[0]): boolean => findNavMeshPath(mesh, { x: 1, y: 1.5 }, { x: 29, y: 1.5 }).found;

describe("tile cache and temporary obstacles", () => {
  it("the @example", () => {
    const positions = [0, 0, 0, 40, 0, 0, 40, 0, 40, 0, 0, 40];
    const input = createTiledNavMeshInput(positions, [0, 2, 1, 0, 3, 2], { ...VoxelConfigPresets.recast, tileSize: 32 });
    const cache = createTileCache(input, { maxObstacles: 16 });
    const mesh = buildNavMeshFromTileCache(cache);
    const h = addTileCacheObstacle(cache, { kind: "cylinder", position: [20, 0, 20], radius: 2, height: 2 });
    const u = updateTileCache(cache, mesh, { maxTiles: 4 });
    expect(u.rebuiltTiles.length / 2).toBe(4);
    expect(findPolygon(mesh, 20, 20)).toBe(-1);
    removeTileCacheObstacle(cache, h);
    updateTileCache(cache, mesh);
    expect(findPolygon(mesh, 20, 20)).toBeGreaterThanOrEqual(0);
  });

  it("without obstacles the cache builds the same bytes as a tiled build", () => {
    const input = createTiledNavMeshInput(corridor.positions, corridor.triangles, config);
    const cache = createTileCache(input);
    expect(navMeshToBytes(buildNavMeshFromTileCache(cache))).toEqual(navMeshToBytes(buildTiledNavMesh(input).navMesh));
    expect(cache.layerBytes).toBeGreaterThan(0);
  });

  for (const [name, obstacle] of [
    ["cylinder", { kind: "cylinder", position: [15, 0, 1.5], radius: 1, height: 2 }],
    ["oriented box", { kind: "box", center: [15, 0.5, 1.5], halfExtents: [0.3, 1, 2.5], yaw: 0.5 }],
    ["extruded polygon", { kind: "polygon", points: [14, -1, 16, -1, 15.5, 4, 14.5, 4], minY: -1, maxY: 2 }],
  ] as const) {
    it(`a ${name} blocks the corridor after the update and frees it after removal; only touched tiles change`, () => {
      const input = createTiledNavMeshInput(corridor.positions, corridor.triangles, config);
      const cache = createTileCache(input, { maxObstacles: 4 });
      const mesh = buildNavMeshFromTileCache(cache);
      expect(across(mesh)).toBe(true);
      const before = new Map(Object.entries(mesh.tiles).map(([k, t]) => [k, tileBytes(t)]));
      const h = addTileCacheObstacle(cache, obstacle);
      expect(h).toBeGreaterThanOrEqual(0);
      expect(across(mesh)).toBe(true); // nothing changes before the update
      const u = updateTileCache(cache, mesh);
      expect(u.flags & TileCacheUpdateFlags.UpToDate).toBeTruthy();
      expect(across(mesh)).toBe(false);
      const touched = new Set<string>();
      for (let i = 0; i < u.rebuiltTiles.length; i += 2) touched.add(`${u.rebuiltTiles[i]},${u.rebuiltTiles[i + 1]},0`);
      expect(touched.size).toBeGreaterThan(0);
      expect(touched.size).toBeLessThan(4);
      for (const [k, t] of Object.entries(mesh.tiles)) if (!touched.has(k)) expect(tileBytes(t)).toBe(before.get(k));
      // Every tile the obstacle changes was rebuilt: the mesh equals a fresh build with the obstacle.
      const fresh = buildNavMeshFromTileCache(cache);
      expect(Object.keys(mesh.tiles).sort()).toEqual(Object.keys(fresh.tiles).sort());
      for (const [k, t] of Object.entries(fresh.tiles)) expect(tileBytes(mesh.tiles[k]!)).toBe(tileBytes(t));
      removeTileCacheObstacle(cache, h);
      expect(isValidTileCacheObstacle(cache, h)).toBe(false);
      updateTileCache(cache, mesh);
      expect(across(mesh)).toBe(true);
      for (const [k, t] of Object.entries(mesh.tiles)) expect(tileBytes(t)).toBe(before.get(k));
    });
  }

  for (const [name, obstacle, byHand] of [
    [
      "cylinder",
      { kind: "cylinder", position: [15, 0, 1.5], radius: 1, height: 2 },
      // Independent of the cache's marking: the cylinder grown by the agent radius.
      (chf: Parameters<typeof markCylinderArea>[0], r: number) => void markCylinderArea(chf, [15, 0, 1.5], 1 + r, 2, 0),
    ],
    ["oriented box", { kind: "box", center: [15, 0.5, 1.5], halfExtents: [0.3, 1, 2.5], yaw: 0.5 }, undefined],
    ["extruded polygon", { kind: "polygon", points: [14, -1, 16, -1, 15.5, 4, 14.5, 4], minY: -1, maxY: 2 }, undefined],
  ] as const) {
    it(`a ${name}: the tiles it touches equal full rebuilds of those tiles with it marked after erosion (grown by the agent radius)`, () => {
      const input = createTiledNavMeshInput(corridor.positions, corridor.triangles, config);
      const r = input.config.walkableRadius * input.config.cellSize;
      const cache = createTileCache(input, { maxObstacles: 4 });
      const mesh = buildNavMeshFromTileCache(cache);
      addTileCacheObstacle(cache, obstacle);
      const u = updateTileCache(cache, mesh);
      expect(u.rebuiltTiles.length).toBeGreaterThan(0);
      const ref = buildTiledNavMesh(input).navMesh;
      for (let i = 0; i < u.rebuiltTiles.length; i += 2)
        rebuildNavMeshTile(ref, input, u.rebuiltTiles[i]!, u.rebuiltTiles[i + 1]!, {
          markAreas: (chf) => (byHand ? byHand(chf, r) : markTileCacheObstacle(chf, obstacle, r)),
        });
      expect(Object.keys(mesh.tiles).sort()).toEqual(Object.keys(ref.tiles).sort());
      for (const [k, t] of Object.entries(ref.tiles)) expect(tileBytes(mesh.tiles[k]!)).toBe(tileBytes(t));
      expect(canonicalFlatView(mesh)).toEqual(canonicalFlatView(ref));
      // The agent keeps its radius: no polygon within the obstacle grown by r (cylinder: 1 + r from its axis).
      if (name === "cylinder")
        for (const [dx, dz] of [
          [0, 0],
          [1 + 0.5 * r, 0],
          [0, 1 + 0.5 * r],
        ] as const)
          expect(findPolygon(mesh, 15 + dx, 1.5 + dz)).toBe(-1);
    });
  }

  it("with two area ids the median filter runs after the obstacle marks, as after markAreas: the same bytes as a full tile rebuild", () => {
    // The corridor's two triangles in areas 5 and 7 (the median filter only matters with several ids).
    const input = createTiledNavMeshInput(corridor.positions, corridor.triangles, config, { triangleAreas: [5, 7] });
    const r = input.config.walkableRadius * input.config.cellSize;
    const cache = createTileCache(input, { maxObstacles: 4 });
    const mesh = buildNavMeshFromTileCache(cache);
    addTileCacheObstacle(cache, { kind: "cylinder", position: [15, 0, 1.5], radius: 0.6, height: 2 });
    const u = updateTileCache(cache, mesh);
    const ref = buildTiledNavMesh(input).navMesh;
    for (let i = 0; i < u.rebuiltTiles.length; i += 2)
      rebuildNavMeshTile(ref, input, u.rebuiltTiles[i]!, u.rebuiltTiles[i + 1]!, {
        markAreas: (chf) => void markCylinderArea(chf, [15, 0, 1.5], 0.6 + r, 2, 0),
      });
    for (const [k, t] of Object.entries(ref.tiles)) expect(tileBytes(mesh.tiles[k]!)).toBe(tileBytes(t));
    expect(new Set(Object.values(mesh.tiles).flatMap((t) => Array.from(t.areas))).size).toBe(2);
  });

  it("respects maxTiles and maxUnits per update and reports InProgress until done", () => {
    const input = createTiledNavMeshInput(corridor.positions, corridor.triangles, config);
    const cache = createTileCache(input);
    const mesh = buildNavMeshFromTileCache(cache);
    for (const x of [3, 10, 17, 24]) addTileCacheObstacle(cache, { kind: "cylinder", position: [x, 0, 1.5], radius: 0.4, height: 2 });
    const waiting = cache.pending.length;
    expect(waiting).toBeGreaterThanOrEqual(4);
    const u1 = updateTileCache(cache, mesh, { maxTiles: 2 });
    expect(u1.rebuiltTiles.length).toBe(4);
    expect(u1.flags).toBe(TileCacheUpdateFlags.InProgress);
    expect(u1.pendingTiles).toBe(waiting - 2);
    const u2 = updateTileCache(cache, mesh, { maxUnits: 1 });
    expect(u2.rebuiltTiles.length).toBe(2); // every tile here is one unit (< 1,024 spans)
    expect(u2.units).toBe(1);
    let guard = 0;
    while (!(updateTileCache(cache, mesh, { maxTiles: 1 }).flags & TileCacheUpdateFlags.UpToDate)) expect(guard++).toBeLessThan(10);
    expect(navMeshToBytes(mesh).length).toBeGreaterThan(0);
    expect(across(mesh)).toBe(false);
  });

  it("handles carry a generation; a full pool returns -1; stale handles throw INVALID_HANDLE", () => {
    const input = createTiledNavMeshInput(corridor.positions, corridor.triangles, config);
    const cache = createTileCache(input, { maxObstacles: 2 });
    const o: TileCacheObstacle = { kind: "cylinder", position: [5, 0, 1.5], radius: 0.5, height: 2 };
    const a = addTileCacheObstacle(cache, o);
    const b = addTileCacheObstacle(cache, o);
    expect(addTileCacheObstacle(cache, o)).toBe(-1);
    removeTileCacheObstacle(cache, a);
    const c = addTileCacheObstacle(cache, o);
    expect(c & 0xffff).toBe(a & 0xffff);
    expect(c).not.toBe(a);
    expect(isValidTileCacheObstacle(cache, b)).toBe(true);
    try {
      removeTileCacheObstacle(cache, a);
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, "INVALID_HANDLE")).toBe(true);
    }
  });

  it("rejects malformed obstacles with NAVMESH_BAD_INPUT naming the field, changing nothing", () => {
    const input = createTiledNavMeshInput(corridor.positions, corridor.triangles, config);
    const cache = createTileCache(input, { maxObstacles: 2 });
    for (const [o, path] of [
      [{ kind: "cylinder", position: [1, 0, 1], radius: -1, height: 2 }, "radius"],
      [{ kind: "cylinder", position: [1, NaN, 1], radius: 1, height: 2 }, "position[1]"],
      [{ kind: "box", center: [1, 0, 1], halfExtents: [1, 0, 1] }, "halfExtents[1]"],
      [{ kind: "polygon", points: [0, 0, 1, 0], minY: 0, maxY: 1 }, "points"],
      [{ kind: "polygon", points: [0, 0, 1, 0, 1, 1], minY: 2, maxY: 1 }, "maxY"],
      [{ kind: "sphere" }, "kind"],
      [null, "obstacle"],
    ] as const) {
      try {
        addTileCacheObstacle(cache, o as unknown as TileCacheObstacle);
        expect.unreachable();
      } catch (e) {
        expect(isTacticaError(e, "NAVMESH_BAD_INPUT")).toBe(true);
        expect((e as { path: string }).path).toBe(path);
      }
    }
    expect(cache.obstacles.every((x) => x === null)).toBe(true);
    expect(cache.pending.length).toBe(0);
  });
});
