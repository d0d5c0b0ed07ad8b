// Save and restore of a tile cache's running state: the obstacle pool (slots, generations) and the
// rebuild queue. The cached layers are not in the snapshot: they are a pure function of the cache's
// input, so a cache made by `createTileCache(input)` from the same input already holds them.
import type { SnapshotCodec } from "@tactica/core";
import { navMeshError, NavMeshErrorCodes } from "../errors";
import { showValue } from "./errors";
import { copyObstacle, type TileCache, type TileCacheObstacle } from "./tile-cache";
import { isRecord, own } from "../plain-data";

/** Format tag of a {@link TileCacheSnapshot}. */
export const TILE_CACHE_SNAPSHOT_FORMAT = "tactica.tile-cache";

/**
 * A tile cache's running state as JSON-safe plain data (made by {@link saveTileCache}): the obstacle
 * per pool slot, the generation per slot (so saved handles stay valid) and the tiles waiting for a
 * rebuild. The grid (`tilesX`, `tilesY`, `bounds`) identifies the input it belongs to.
 */
export interface TileCacheSnapshot {
  readonly format: typeof TILE_CACHE_SNAPSHOT_FORMAT;
  readonly version: 1;
  /** Tiles along x of the cache's input. */
  readonly tilesX: number;
  /** Tiles along z of the cache's input. */
  readonly tilesY: number;
  /** Build bounds of the cache's input `minX, minY, minZ, maxX, maxY, maxZ`. [Units: wu] */
  readonly bounds: number[];
  /** Obstacle pool capacity. */
  readonly maxObstacles: number;
  /** Obstacle per pool slot (plain arrays and numbers), or null when free. */
  readonly obstacles: (TileCacheObstacle | null)[];
  /** Generation per pool slot (0..32767). */
  readonly obstacleGenerations: number[];
  /** Tile indices `tx + ty·tilesX` waiting for a rebuild, oldest first. */
  readonly pending: number[];
}

/**
 * Saves a tile cache's running state (obstacles with their slots and generations, and the rebuild
 * queue) as a JSON-safe snapshot; `JSON.stringify` it or keep it as it is. The cached layers are
 * not saved: restore into a cache made by `createTileCache` from the same input, which rebuilds
 * them from the geometry.
 *
 * @param cache - The tile cache to save, read only (obstacles, slot generations and rebuild queue; not the layers).
 *
 * @example
 * ```ts
 * const positions = [0, 0, 0, 40, 0, 0, 40, 0, 40, 0, 0, 40];
 * const input = createTiledNavMeshInput(positions, [0, 2, 1, 0, 3, 2], { ...VoxelConfigPresets.default, tileSize: 32 });
 * const cache = createTileCache(input, { maxObstacles: 16 });
 * const h = addTileCacheObstacle(cache, { kind: "cylinder", position: [20, 0, 20], radius: 2, height: 2 });
 * const saved = JSON.parse(JSON.stringify(saveTileCache(cache)));
 * // Later, or elsewhere: a fresh cache over the same input, its mesh, then the saved state.
 * const other = createTileCache(input, { maxObstacles: 16 });
 * const mesh = buildNavMeshFromTileCache(other);
 * restoreTileCache(other, saved);
 * isValidTileCacheObstacle(other, h); // true: the handle survives
 * updateTileCache(other, mesh); // rebuilds the tiles the cylinder touches
 * findPolygon(mesh, 20, 20); // -1: blocked
 * ```
 */
export function saveTileCache(cache: TileCache): TileCacheSnapshot {
  return {
    format: TILE_CACHE_SNAPSHOT_FORMAT,
    version: 1,
    tilesX: cache.input.tilesX,
    tilesY: cache.input.tilesY,
    bounds: Array.from(cache.input.bounds),
    maxObstacles: cache.maxObstacles,
    obstacles: cache.obstacles.map((o) => (o ? plainObstacle(o) : null)),
    obstacleGenerations: cache.obstacleGenerations.slice(),
    pending: cache.pending.slice(),
  };
}

function plainObstacle(o: TileCacheObstacle): TileCacheObstacle {
  if (o.kind === "cylinder") return { kind: "cylinder", position: [o.position[0], o.position[1], o.position[2]], radius: o.radius, height: o.height };
  if (o.kind === "box")
    return {
      kind: "box",
      center: [o.center[0], o.center[1], o.center[2]],
      halfExtents: [o.halfExtents[0], o.halfExtents[1], o.halfExtents[2]],
      yaw: o.yaw ?? 0,
    };
  return { kind: "polygon", points: Array.from(o.points), minY: o.minY, maxY: o.maxY };
}

const FN = "restoreTileCache";

function bad(path: string, problem: string): never {
  throw navMeshError(NavMeshErrorCodes.Format, FN, `${path} ${problem}`, { path });
}

function int(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) bad(path, `must be an integer in ${min}..${max} but is ${showValue(v)}.`);
  return v;
}

function list(v: unknown, path: string, length: number | undefined, max: number): unknown[] {
  if (!Array.isArray(v)) bad(path, `must be an array but is ${showValue(v)}.`);
  if (length !== undefined && v.length !== length) bad(path, `must hold ${length} entries but holds ${v.length}.`);
  if (v.length > max) bad(path, `holds ${v.length} entries; at most ${max} fit this cache.`);
  return v;
}

/**
 * Puts a {@link saveTileCache} snapshot back into `cache`: its obstacles (same slots and
 * generations, so saved handles stay valid) and its rebuild queue. `cache` must be made from the
 * same input (same tile grid and bounds) with the same `maxObstacles`; its layers are kept (they are
 * rebuilt from the input by `createTileCache`, never read from the snapshot). The navmesh is not
 * changed: build it with `buildNavMeshFromTileCache` after the restore (every tile with the
 * restored obstacles), or, when you have the navmesh as it was at the save (e.g. a fresh cache's
 * mesh for a snapshot taken before any update), call `updateTileCache`, which rebuilds the
 * restored queue. The whole snapshot is checked before anything changes: on error the cache is
 * untouched.
 *
 * @param cache - The tile cache to overwrite in place (obstacles, generations, queue); made from the same input with the same `maxObstacles`, and untouched when the snapshot is rejected.
 * @param snapshot - Parsed JSON from `saveTileCache` (version 1); anything else throws `NAVMESH_FORMAT` naming the JSON path.
 *
 * @throws TacticaError `NAVMESH_FORMAT` naming the JSON path (`$.obstacles[1].radius`) of the first problem.
 */
export function restoreTileCache(cache: TileCache, snapshot: unknown): void {
  if (!isRecord(snapshot)) bad("$", `must be a tile cache snapshot object but is ${showValue(snapshot)}.`);
  if (own(snapshot, "format") !== TILE_CACHE_SNAPSHOT_FORMAT)
    bad("$.format", `must be "${TILE_CACHE_SNAPSHOT_FORMAT}" but is ${showValue(own(snapshot, "format"))}.`);
  if (own(snapshot, "version") !== 1) bad("$.version", `must be 1 (this build reads version 1) but is ${showValue(own(snapshot, "version"))}.`);
  const input = cache.input;
  if (own(snapshot, "tilesX") !== input.tilesX || own(snapshot, "tilesY") !== input.tilesY)
    bad(
      "$.tilesX",
      `and $.tilesY must be the cache's grid ${input.tilesX} × ${input.tilesY} but are ${showValue(own(snapshot, "tilesX"))} × ${showValue(own(snapshot, "tilesY"))}; restore into a cache over the same input.`,
    );
  const bounds = list(own(snapshot, "bounds"), "$.bounds", 6, 6);
  for (let i = 0; i < 6; i++)
    if (bounds[i] !== input.bounds[i])
      bad(`$.bounds[${i}]`, `is ${showValue(bounds[i])} but the cache's input has ${input.bounds[i]}; restore into a cache over the same input.`);
  const max = cache.maxObstacles;
  if (own(snapshot, "maxObstacles") !== max)
    bad("$.maxObstacles", `must be the cache's ${max} but is ${showValue(own(snapshot, "maxObstacles"))}; create the cache with the saved maxObstacles.`);
  const obstacles = list(own(snapshot, "obstacles"), "$.obstacles", max, max);
  const gens = list(own(snapshot, "obstacleGenerations"), "$.obstacleGenerations", max, max);
  const n = input.tilesX * input.tilesY;
  const pending = list(own(snapshot, "pending"), "$.pending", undefined, n);
  const newGens: number[] = [];
  for (let i = 0; i < max; i++) newGens.push(int(gens[i], `$.obstacleGenerations[${i}]`, 0, 32767));
  const newObstacles: (TileCacheObstacle | null)[] = [];
  for (let i = 0; i < max; i++) {
    const o = obstacles[i];
    newObstacles.push(o === null ? null : copyObstacle(FN, o as TileCacheObstacle, { code: NavMeshErrorCodes.Format, prefix: `$.obstacles[${i}].` }));
  }
  const seen = new Uint8Array(n);
  const newPending: number[] = [];
  for (let i = 0; i < pending.length; i++) {
    const t = int(pending[i], `$.pending[${i}]`, 0, n - 1);
    if (seen[t]) bad(`$.pending[${i}]`, `repeats tile ${t}; a tile waits at most once.`);
    if (!cache.layers[t]) bad(`$.pending[${i}]`, `is tile ${t}, which has no walkable layer in this cache's input.`);
    seen[t] = 1;
    newPending.push(t);
  }
  // Checked: write.
  for (let i = 0; i < max; i++) {
    cache.obstacles[i] = newObstacles[i]!;
    cache.obstacleGenerations[i] = newGens[i]!;
  }
  cache.pending.length = 0;
  cache.pending.push(...newPending);
  cache.pendingFlags.set(seen);
}

/**
 * The tile cache's section codec for core's snapshot envelope (`registerSnapshotCodec`), version 1:
 * {@link saveTileCache} and {@link restoreTileCache} (obstacles with their handles, the rebuild
 * queue). Register it next to `navMeshTilesSnapshotCodec` and `pathCorridorSnapshotCodec` so one
 * snapshot holds the level's temporary obstacles, its tile generations and the agents' corridors; a
 * broken section is `CORE_SNAPSHOT` naming the JSON path inside the envelope.
 *
 * @example
 * ```ts
 * const input = createTiledNavMeshInput([0, 0, 0, 40, 0, 0, 40, 0, 40, 0, 0, 40], [0, 2, 1, 0, 3, 2], { ...VoxelConfigPresets.default, tileSize: 32 });
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "level.obstacles", tileCacheSnapshotCodec);
 * const cache = createTileCache(input, { maxObstacles: 8 });
 * const barrel = addTileCacheObstacle(cache, { kind: "cylinder", position: [20, 0, 20], radius: 2, height: 2 });
 * const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { "level.obstacles": cache }, { tick: 3 })));
 * const again = createTileCache(input, { maxObstacles: 8 });
 * restoreSnapshot(codecs, { "level.obstacles": again }, snap);
 * isValidTileCacheObstacle(again, barrel); // → true: the saved handle names the same obstacle
 * ```
 */
export const tileCacheSnapshotCodec: SnapshotCodec<TileCache> = { version: 1, save: saveTileCache, restore: restoreTileCache };
