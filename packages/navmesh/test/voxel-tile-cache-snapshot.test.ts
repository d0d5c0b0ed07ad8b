import { createSnapshotCodecs, isTacticaError, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  VoxelConfigPresets,
  addTileCacheObstacle,
  buildNavMeshFromTileCache,
  createTileCache,
  createTiledNavMeshInput,
  findPolygon,
  isValidTileCacheObstacle,
  navMeshToBytes,
  removeTileCacheObstacle,
  restoreTileCache,
  saveTileCache,
  tileCacheSnapshotCodec,
  updateTileCache,
  type TileCache,
} from "../src";

const positions = [0, 0, 0, 40, 0, 0, 40, 0, 40, 0, 0, 40];
const triangles = [0, 2, 1, 0, 3, 2];
const input = createTiledNavMeshInput(positions, triangles, { ...VoxelConfigPresets.recast, tileSize: 32 });

function state(c: TileCache): string {
  return JSON.stringify([c.obstacles, c.obstacleGenerations, c.pending, Array.from(c.pendingFlags)]);
}

describe("tile cache save / restore", () => {
  it("the @example", () => {
    const cache = createTileCache(input, { maxObstacles: 16 });
    const h = addTileCacheObstacle(cache, { kind: "cylinder", position: [20, 0, 20], radius: 2, height: 2 });
    const saved = JSON.parse(JSON.stringify(saveTileCache(cache))) as unknown;
    const other = createTileCache(input, { maxObstacles: 16 });
    const mesh = buildNavMeshFromTileCache(other);
    restoreTileCache(other, saved);
    expect(isValidTileCacheObstacle(other, h)).toBe(true);
    updateTileCache(other, mesh);
    expect(findPolygon(mesh, 20, 20)).toBe(-1);
  });

  it("save with 2 obstacles, restore into a fresh cache, update: the same mesh bytes; handles and generations survive", () => {
    const a = createTileCache(input, { maxObstacles: 8 });
    const meshA = buildNavMeshFromTileCache(a);
    // A freed slot with a bumped generation, then two live obstacles of two kinds.
    removeTileCacheObstacle(a, addTileCacheObstacle(a, { kind: "cylinder", position: [5, 0, 5], radius: 1, height: 2 }));
    updateTileCache(a, meshA);
    const h1 = addTileCacheObstacle(a, { kind: "box", center: [12, 0.5, 30], halfExtents: [2, 1, 1], yaw: 0.4 });
    const h2 = addTileCacheObstacle(a, { kind: "polygon", points: [25, 5, 30, 5, 28, 9], minY: -1, maxY: 2 });
    const snap = saveTileCache(a);
    const text = JSON.stringify(snap);
    const b = createTileCache(input, { maxObstacles: 8 });
    // The mesh of B as A's mesh was at the save: built, then the freed slot's tiles rebuilt.
    const meshB = buildNavMeshFromTileCache(b);
    const stray = addTileCacheObstacle(b, { kind: "cylinder", position: [5, 0, 5], radius: 1, height: 2 });
    removeTileCacheObstacle(b, stray);
    updateTileCache(b, meshB);
    expect(navMeshToBytes(meshB)).toEqual(navMeshToBytes(meshA));
    restoreTileCache(b, JSON.parse(text));
    expect(state(b)).toBe(state(a));
    expect(JSON.stringify(saveTileCache(b))).toBe(text);
    expect(isValidTileCacheObstacle(b, h1) && isValidTileCacheObstacle(b, h2)).toBe(true);
    const ua = updateTileCache(a, meshA),
      ub = updateTileCache(b, meshB);
    expect(ub.rebuiltTiles).toEqual(ua.rebuiltTiles);
    expect(ub.rebuiltTiles.length).toBeGreaterThan(0);
    expect(navMeshToBytes(meshB)).toEqual(navMeshToBytes(meshA));
    expect(findPolygon(meshB, 12, 30)).toBe(-1);
    // A fresh mesh of the restored cache has the obstacles too.
    expect(navMeshToBytes(buildNavMeshFromTileCache(b))).toEqual(navMeshToBytes(buildNavMeshFromTileCache(a)));
  });

  it("a rejected snapshot throws NAVMESH_FORMAT with the JSON path and leaves the cache unchanged", () => {
    const a = createTileCache(input, { maxObstacles: 4 });
    addTileCacheObstacle(a, { kind: "cylinder", position: [20, 0, 20], radius: 2, height: 2 });
    const good = saveTileCache(a);
    const target = createTileCache(input, { maxObstacles: 4 });
    addTileCacheObstacle(target, { kind: "box", center: [5, 0, 5], halfExtents: [1, 1, 1] });
    const before = state(target);
    const cases: [unknown, string][] = [
      [null, "$"],
      [{ ...good, format: "x" }, "$.format"],
      [{ ...good, version: 2 }, "$.version"],
      [{ ...good, tilesX: 9 }, "$.tilesX"],
      [{ ...good, bounds: [0, 0, 0, 1, 1, 1] }, "$.bounds[3]"],
      [{ ...good, maxObstacles: 5 }, "$.maxObstacles"],
      [{ ...good, obstacleGenerations: [0, 0, 0, 40000] }, "$.obstacleGenerations[3]"],
      [{ ...good, obstacles: [null, { kind: "cylinder", position: [0, 0, 0], radius: -1, height: 1 }, null, null] }, "$.obstacles[1].radius"],
      [{ ...good, obstacles: [{ kind: "box", center: [0, 0], halfExtents: [1, 1, 1] }, null, null, null] }, "$.obstacles[0].center"],
      [{ ...good, obstacles: [7, null, null, null] }, "$.obstacles[0]"],
      [{ ...good, pending: [0, 0] }, "$.pending[1]"],
      [{ ...good, pending: [99] }, "$.pending[0]"],
    ];
    for (const [snap, path] of cases) {
      let err: unknown;
      try {
        restoreTileCache(target, snap);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "NAVMESH_FORMAT"), path).toBe(true);
      expect((err as { path?: string }).path).toBe(path);
      expect(state(target)).toBe(before);
    }
  });

  it("goes through core's snapshot envelope: restore equals the saved cache; a broken section is CORE_SNAPSHOT with its path and leaves the cache as it was", () => {
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "obstacles", tileCacheSnapshotCodec);
    const cache = createTileCache(input, { maxObstacles: 16 });
    addTileCacheObstacle(cache, { kind: "cylinder", position: [20, 0, 20], radius: 2, height: 2 });
    const h = addTileCacheObstacle(cache, { kind: "box", center: [8, 1, 8], halfExtents: [1, 1, 2], yaw: 0.3 });
    removeTileCacheObstacle(cache, h);
    const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { obstacles: cache }, { tick: 5 }))) as ReturnType<typeof saveSnapshot>;
    const again = createTileCache(input, { maxObstacles: 16 });
    restoreSnapshot(codecs, { obstacles: again }, snap);
    expect(state(again)).toBe(state(cache));
    const broken = JSON.parse(JSON.stringify(snap)) as { sections: { obstacles: { data: { obstacles: { radius?: number }[] } } } };
    const first = broken.sections.obstacles.data.obstacles.find((o) => o !== null && o.radius !== undefined)!;
    first.radius = -1;
    const fresh = createTileCache(input, { maxObstacles: 16 });
    const before = state(fresh);
    let err: unknown;
    try {
      restoreSnapshot(codecs, { obstacles: fresh }, broken);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err) && err.code === "CORE_SNAPSHOT").toBe(true);
    expect((err as Error).message).toMatch(/\$\.sections\.obstacles\.data\.obstacles\[\d+\]\.radius/);
    expect(state(fresh)).toBe(before);
  });
});
