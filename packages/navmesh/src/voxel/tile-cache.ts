// A pure-JS tile cache with temporary obstacles (after Detour's dtTileCache): each tile's compact
// heightfield layer is kept after erosion, so adding or removing an obstacle re-runs only the tail
// of the pipeline (marking the obstacle grown by the agent radius, regions, contours, polygons,
// detail) on the tiles it touches, within a budget per update call.
import { ErrorCodes, TacticaError } from "@tactica/core";
import { navMeshError, NavMeshErrorCodes } from "../errors";
import type { NavMesh } from "../types";
import { markCylinderArea, markPolygonArea } from "./areas";
import { showValue } from "./errors";
import {
  assembleTiles,
  buildTileFromLayer,
  buildTileLayer,
  erodeTileLayer,
  getTilesInBox,
  setNavMeshTiles,
  type NavMeshTileBuild,
  type TiledNavMeshInput,
} from "./tile-build";
import { NULL_AREA, type CompactHeightfield } from "./types";

/** A vertical cylinder standing on `position` (its base centre). [Units: wu] */
export interface TileCacheCylinder {
  readonly kind: "cylinder";
  /** Base centre `x, y, z`. */
  readonly position: readonly [number, number, number];
  /** Radius (> 0). */
  readonly radius: number;
  /** Height (> 0). */
  readonly height: number;
}

/** A box turned by `yaw` radians about the vertical axis (0: axis-aligned). [Units: wu] */
export interface TileCacheBox {
  readonly kind: "box";
  /** Centre `x, y, z`. */
  readonly center: readonly [number, number, number];
  /** Half sizes along the box's own x, y, z (each > 0). */
  readonly halfExtents: readonly [number, number, number];
  /** Rotation about y in radians (default 0). */
  readonly yaw?: number;
}

/** An extruded polygon: `points` are `x0, z0, x1, z1, …` (3..64 points), between `minY` and `maxY`. [Units: wu] */
export interface TileCachePolygon {
  readonly kind: "polygon";
  readonly points: ArrayLike<number>;
  readonly minY: number;
  readonly maxY: number;
}

/**
 * A temporary obstacle: spans of walkable floor inside it grown by the agent radius (its Minkowski
 * sum with a disc of radius `walkableRadius · cellSize`) become unwalkable, so agents keep their
 * radius from it.
 */
export type TileCacheObstacle = TileCacheCylinder | TileCacheBox | TileCachePolygon;

/**
 * A tile cache (plain data; make it with {@link createTileCache}): per tile its compact
 * heightfield layer after erosion by the agent radius (uncompressed: `4 + 1` bytes per cell and
 * `12` bytes per span, see `layerBytes`), an obstacle pool whose handles carry a generation, and
 * the queue of tiles to rebuild.
 */
export interface TileCache {
  /** The prepared geometry. */
  readonly input: TiledNavMeshInput;
  /** Layer of tile `tx + ty·tilesX` (eroded by the agent radius), or null when the tile has no walkable span. */
  readonly layers: (CompactHeightfield | null)[];
  /** Bytes held by the layers' typed arrays. */
  readonly layerBytes: number;
  /** Obstacle pool capacity (at most 65,536). */
  readonly maxObstacles: number;
  /** Obstacle per pool slot, or null when free. */
  readonly obstacles: (TileCacheObstacle | null)[];
  /** Generation per pool slot (0..32767, bumped on removal). */
  readonly obstacleGenerations: number[];
  /** Tile indices waiting for a rebuild, oldest first. */
  readonly pending: number[];
  /** 1 when the tile index is in `pending`. */
  readonly pendingFlags: Uint8Array;
}

/** Options of {@link createTileCache}. */
export interface CreateTileCacheOptions {
  /** Obstacle pool size. [Limit: 1..65536] (default 128) */
  readonly maxObstacles?: number;
}

/** Bits of an obstacle handle that hold the pool slot: `handle = (generation << 16) | slot`. */
export const TILE_CACHE_OBSTACLE_INDEX_BITS = 16;
const INDEX_MASK = (1 << TILE_CACHE_OBSTACLE_INDEX_BITS) - 1;
const GEN_SPAN = 1 << 15;

function layerBytes(l: CompactHeightfield): number {
  return l.cellIndex.byteLength + l.cellCount.byteLength + l.y.byteLength + l.h.byteLength + l.con.byteLength + l.areas.byteLength + 2 * l.spanCount * 2;
}

/**
 * Rasterises every tile of `input` once and keeps its compact heightfield layer, eroded by the
 * agent radius (level 1; Detour's tile cache keeps its layers after erosion too).
 * Build the navmesh with {@link buildNavMeshFromTileCache}, then add and remove obstacles and
 * call {@link updateTileCache} each frame.
 *
 * @param input - The tiled input from `createTiledNavMeshInput`; every tile is rasterised and eroded once now, and the input is kept.
 * @param options - `maxObstacles`: obstacle pool size, an integer in 1..65536 (default 128).
 */
export function createTileCache(input: TiledNavMeshInput, options: CreateTileCacheOptions = {}): TileCache {
  const max = options.maxObstacles ?? 128;
  if (typeof max !== "number" || !Number.isInteger(max) || max < 1 || max > 1 << TILE_CACHE_OBSTACLE_INDEX_BITS)
    throw navMeshError(NavMeshErrorCodes.BadInput, "createTileCache", `"maxObstacles" must be an integer in 1..65536, got ${showValue(max)}.`, {
      path: "maxObstacles",
    });
  const layers: (CompactHeightfield | null)[] = [];
  let bytes = 0;
  for (let ty = 0; ty < input.tilesY; ty++)
    for (let tx = 0; tx < input.tilesX; tx++) {
      const l = erodeTileLayer(input, buildTileLayer(input, tx, ty));
      layers.push(l.spanCount > 0 ? l : null);
      if (l.spanCount > 0) bytes += layerBytes(l);
    }
  const n = input.tilesX * input.tilesY;
  return {
    input,
    layers,
    layerBytes: bytes,
    maxObstacles: max,
    obstacles: new Array<TileCacheObstacle | null>(max).fill(null),
    obstacleGenerations: new Array<number>(max).fill(0),
    pending: [],
    pendingFlags: new Uint8Array(n),
  };
}

const singleArea = new WeakMap<CompactHeightfield, boolean>();

/**
 * True when the walkable spans of a cached layer all have one area id: the median filter after
 * marking obstacles (which only add `NULL_AREA`) changes nothing then, so it is skipped.
 */
function hasSingleArea(layer: CompactHeightfield): boolean {
  let v = singleArea.get(layer);
  if (v === undefined) {
    let a = -1;
    v = true;
    for (let i = 0; i < layer.spanCount && v; i++) {
      const x = layer.areas[i]!;
      if (x === NULL_AREA) continue;
      if (a < 0) a = x;
      else if (x !== a) v = false;
    }
    singleArea.set(layer, v);
  }
  return v;
}

/**
 * Marks the obstacles overlapping a tile's (eroded) heightfield as unwalkable, each grown by the
 * agent radius; returns whether any obstacle overlaps the tile (the median filter follows then).
 */
function markObstacles(cache: TileCache, chf: CompactHeightfield): boolean {
  const r = cache.input.config.walkableRadius * cache.input.config.cellSize;
  const bx0 = chf.bmin[0]!,
    bz0 = chf.bmin[2]!,
    bx1 = chf.bmax[0]!,
    bz1 = chf.bmax[2]!;
  let any = false;
  for (const o of cache.obstacles) {
    if (!o) continue;
    const b = obstacleBounds(o);
    if (b[2]! + r < bx0 || b[0]! - r > bx1 || b[3]! + r < bz0 || b[1]! - r > bz1) continue;
    markTileCacheObstacle(chf, o, r);
    any = true;
  }
  return any;
}

/**
 * Marks obstacle `o` grown by `r` (world units) as unwalkable on `chf`: a cylinder with radius
 * `radius + r`; a box or polygon plus, per edge, the rectangle it sweeps at distance `r` and, per
 * corner, a cylinder of radius `r` (together the exact Minkowski sum with a disc, convex or not).
 * @internal
 */
export function markTileCacheObstacle(chf: CompactHeightfield, o: TileCacheObstacle, r: number): void {
  if (o.kind === "cylinder") {
    markCylinderArea(chf, o.position, o.radius + r, o.height, NULL_AREA);
    return;
  }
  const pts = o.kind === "box" ? boxCorners(o) : o.points;
  const y0 = o.kind === "box" ? o.center[1] - o.halfExtents[1] : o.minY,
    y1 = o.kind === "box" ? o.center[1] + o.halfExtents[1] : o.maxY;
  markPolygonArea(chf, pts, y0, y1, NULL_AREA);
  if (!(r > 0)) return;
  const n = pts.length >> 1;
  for (let i = 0; i < n; i++) {
    const ax = pts[2 * i]!,
      az = pts[2 * i + 1]!,
      bx = pts[2 * ((i + 1) % n)]!,
      bz = pts[2 * ((i + 1) % n) + 1]!;
    markCylinderArea(chf, [ax, y0, az], r, y1 - y0, NULL_AREA);
    const len = Math.hypot(bx - ax, bz - az);
    if (!(len > 0)) continue;
    const nx = (-(bz - az) / len) * r,
      nz = ((bx - ax) / len) * r;
    markPolygonArea(chf, [ax + nx, az + nz, bx + nx, bz + nz, bx - nx, bz - nz, ax - nx, az - nz], y0, y1, NULL_AREA);
  }
}

function boxCorners(o: TileCacheBox): number[] {
  const c = Math.cos(o.yaw ?? 0),
    s = Math.sin(o.yaw ?? 0);
  const hx = o.halfExtents[0],
    hz = o.halfExtents[2];
  const out: number[] = [];
  for (const [u, v] of [
    [-hx, -hz],
    [hx, -hz],
    [hx, hz],
    [-hx, hz],
  ] as const)
    out.push(o.center[0] + u * c - v * s, o.center[2] + u * s + v * c);
  return out;
}

/** xz bounds `minX, minZ, maxX, maxZ` of an obstacle. */
function obstacleBounds(o: TileCacheObstacle): number[] {
  if (o.kind === "cylinder") return [o.position[0] - o.radius, o.position[2] - o.radius, o.position[0] + o.radius, o.position[2] + o.radius];
  const pts = o.kind === "box" ? boxCorners(o) : o.points;
  const b = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 1 < pts.length; i += 2) {
    b[0] = Math.min(b[0]!, pts[i]!);
    b[1] = Math.min(b[1]!, pts[i + 1]!);
    b[2] = Math.max(b[2]!, pts[i]!);
    b[3] = Math.max(b[3]!, pts[i + 1]!);
  }
  return b;
}

/** Where an obstacle is read from: its error code and the path prefix of its fields. */
interface ObstacleSource {
  readonly code: typeof NavMeshErrorCodes.BadInput | typeof NavMeshErrorCodes.Format;
  /** Prefix of field paths (`""` for an argument, `"$.obstacles[2]."` in a snapshot). */
  readonly prefix: string;
}

const ARGUMENT: ObstacleSource = { code: NavMeshErrorCodes.BadInput, prefix: "" };

function finite(fn: string, src: ObstacleSource, v: unknown, path: string, positive = false): number {
  if (typeof v !== "number" || !Number.isFinite(v) || (positive && !(v > 0)))
    throw navMeshError(src.code, fn, `"${src.prefix}${path}" must be a finite number${positive ? " > 0" : ""}, got ${showValue(v)}.`, {
      path: src.prefix + path,
    });
  return v;
}

function triple(fn: string, src: ObstacleSource, v: unknown, path: string, positive = false): [number, number, number] {
  if (v === null || typeof v !== "object" || (v as ArrayLike<unknown>).length !== 3)
    throw navMeshError(src.code, fn, `"${src.prefix}${path}" must be 3 numbers (x, y, z).`, { path: src.prefix + path });
  const a = v as ArrayLike<unknown>;
  return [finite(fn, src, a[0], `${path}[0]`, positive), finite(fn, src, a[1], `${path}[1]`, positive), finite(fn, src, a[2], `${path}[2]`, positive)];
}

/**
 * Validates and copies an obstacle into a frozen plain object (JSON-safe: arrays and numbers).
 * Throws `src.code` (`NAVMESH_BAD_INPUT` for an argument) naming the field under `src.prefix`. @internal
 */
export function copyObstacle(fn: string, o: TileCacheObstacle, src: ObstacleSource = ARGUMENT): TileCacheObstacle {
  const at = src.prefix === "" ? "obstacle" : src.prefix.slice(0, -1);
  if (o === null || typeof o !== "object" || Array.isArray(o))
    throw navMeshError(src.code, fn, `"${at}" must be an obstacle object with a kind.`, { path: at });
  const kind = (o as { kind?: unknown }).kind;
  if (kind === "cylinder") {
    const c = o as TileCacheCylinder;
    return Object.freeze({
      kind,
      position: triple(fn, src, c.position, "position"),
      radius: finite(fn, src, c.radius, "radius", true),
      height: finite(fn, src, c.height, "height", true),
    });
  }
  if (kind === "box") {
    const b = o as TileCacheBox;
    return Object.freeze({
      kind,
      center: triple(fn, src, b.center, "center"),
      halfExtents: triple(fn, src, b.halfExtents, "halfExtents", true),
      yaw: b.yaw === undefined ? 0 : finite(fn, src, b.yaw, "yaw"),
    });
  }
  if (kind === "polygon") {
    const p = o as TilePolygonLike;
    const pts = p.points;
    if (pts === null || typeof pts !== "object" || typeof pts.length !== "number" || pts.length % 2 !== 0 || pts.length < 6 || pts.length > 128)
      throw navMeshError(src.code, fn, `"${src.prefix}points" must hold 3..64 x, z pairs.`, { path: `${src.prefix}points` });
    const copy: number[] = [];
    for (let i = 0; i < pts.length; i++) copy.push(finite(fn, src, pts[i], `points[${i}]`));
    const minY = finite(fn, src, p.minY, "minY"),
      maxY = finite(fn, src, p.maxY, "maxY");
    if (maxY < minY) throw navMeshError(src.code, fn, `"${src.prefix}maxY" (${maxY}) is below "minY" (${minY}).`, { path: `${src.prefix}maxY` });
    return Object.freeze({ kind, points: Object.freeze(copy), minY, maxY });
  }
  throw navMeshError(src.code, fn, `obstacle kind ${showValue(kind)} is not "cylinder", "box" or "polygon".`, { path: `${src.prefix}kind` });
}

type TilePolygonLike = { readonly points: ArrayLike<unknown> | null; readonly minY: unknown; readonly maxY: unknown };

/** Queues the tiles an obstacle (grown by the agent radius) touches (tiles with a layer, once each). @internal */
export function queueTilesOf(cache: TileCache, o: TileCacheObstacle): void {
  const b = obstacleBounds(o);
  const r = cache.input.config.walkableRadius * cache.input.config.cellSize;
  const tiles = getTilesInBox(cache.input, b[0]! - r, b[1]! - r, b[2]! + r, b[3]! + r);
  for (let i = 0; i < tiles.length; i += 2) {
    const t = tiles[i]! + tiles[i + 1]! * cache.input.tilesX;
    if (cache.layers[t] && !cache.pendingFlags[t]) {
      cache.pendingFlags[t] = 1;
      cache.pending.push(t);
    }
  }
}

/**
 * Adds a temporary obstacle (cylinder, oriented box or extruded polygon) and queues the tiles it
 * touches; the navmesh changes at the next {@link updateTileCache}. Returns its handle
 * (`(generation << 16) | slot`), or -1 when the pool is full. Throws `NAVMESH_BAD_INPUT` (naming
 * the field) for a malformed obstacle; nothing changes then.
 *
 * @param cache - The tile cache, changed in place (the obstacle takes a free slot; the tiles it touches are queued).
 * @param obstacle - A cylinder (`position`, `radius`, `height`), an oriented box (`center`, `halfExtents`, `yaw` radians) or an extruded polygon (`points` as x, z pairs, `minY`, `maxY`), world units; copied and validated.
 */
export function addTileCacheObstacle(cache: TileCache, obstacle: TileCacheObstacle): number {
  const o = copyObstacle("addTileCacheObstacle", obstacle);
  const slot = cache.obstacles.indexOf(null);
  if (slot < 0) return -1;
  cache.obstacles[slot] = o;
  queueTilesOf(cache, o);
  return (cache.obstacleGenerations[slot]! << TILE_CACHE_OBSTACLE_INDEX_BITS) | slot;
}

/**
 * True when `handle` names a live obstacle of `cache`.
 *
 * @param cache - The tile cache, read only.
 * @param handle - Obstacle handle from `addTileCacheObstacle` (`(generation << 16) | slot`); any other number gives `false`.
 */
export function isValidTileCacheObstacle(cache: TileCache, handle: number): boolean {
  if (typeof handle !== "number" || !Number.isInteger(handle) || handle < 0) return false;
  const slot = handle & INDEX_MASK,
    gen = handle >>> TILE_CACHE_OBSTACLE_INDEX_BITS;
  return slot < cache.maxObstacles && cache.obstacles[slot] !== null && cache.obstacleGenerations[slot] === gen;
}

/**
 * Removes an obstacle and queues the tiles it touched. Throws `INVALID_HANDLE` for a stale or
 * unknown handle (see {@link isValidTileCacheObstacle}).
 *
 * @param cache - The tile cache, changed in place (slot freed, generation bumped, the tiles it touched queued).
 * @param handle - A live obstacle handle; a stale or unknown one throws `INVALID_HANDLE`.
 */
export function removeTileCacheObstacle(cache: TileCache, handle: number): void {
  if (!isValidTileCacheObstacle(cache, handle))
    throw new TacticaError(
      ErrorCodes.InvalidHandle,
      `@tactica/navmesh: removeTileCacheObstacle: ${showValue(handle)} is not a live obstacle handle (removed already, or from another cache).`,
      { path: "handle" },
    );
  const slot = handle & INDEX_MASK;
  const o = cache.obstacles[slot]!;
  cache.obstacles[slot] = null;
  cache.obstacleGenerations[slot] = (cache.obstacleGenerations[slot]! + 1) % GEN_SPAN;
  queueTilesOf(cache, o);
}

/** Status bits of {@link updateTileCache}. */
export const TileCacheUpdateFlags = {
  None: 0,
  /** No tile is waiting: the navmesh matches the obstacles. */
  UpToDate: 1,
  /** The budget ran out with tiles still waiting; call again next frame. */
  InProgress: 2,
  /** A tile could not be put in the mesh (no free tile slot); it was dropped from the queue. */
  Failed: 4,
} as const;

/** Options of {@link updateTileCache}. */
export interface UpdateTileCacheOptions {
  /** Most tiles rebuilt in this call (default: all waiting). [Limit: >= 1] */
  readonly maxTiles?: number;
  /**
   * Work budget in units of 1,024 walkable spans of the tiles' layers: tiles are rebuilt while the
   * total stays within it (the first tile always runs, so every call makes progress).
   */
  readonly maxUnits?: number;
}

/** Result of {@link updateTileCache}. */
export interface TileCacheUpdate {
  /** {@link TileCacheUpdateFlags} bits. */
  readonly flags: number;
  /** Rebuilt tiles as `tx, ty` pairs, in order. */
  readonly rebuiltTiles: number[];
  /** Tiles still waiting. */
  readonly pendingTiles: number;
  /** Units of work done (1,024 spans each, rounded up per tile). */
  readonly units: number;
}

/** Units of work of a tile layer (1,024 spans, rounded up, at least 1). */
function tileUnits(l: CompactHeightfield): number {
  return Math.max(1, Math.ceil(l.spanCount / 1024));
}

/**
 * Rebuilds waiting tiles (oldest first) from their cached layers and the current obstacles, and
 * puts them in `mesh` (the navmesh built by {@link buildNavMeshFromTileCache}) with one re-link.
 * Only touched tiles change; the others keep their bytes and polygon refs. Stops at `maxTiles`
 * tiles or `maxUnits` work units, whichever comes first, and returns status flags and the
 * rebuilt tiles.
 *
 * @param cache - The tile cache, changed in place (rebuilt tiles leave the queue).
 * @param mesh - The navmesh built by `buildNavMeshFromTileCache` from this cache, changed in place (rebuilt tiles replaced and re-linked).
 * @param options - `maxTiles` (most tiles this call, ≥ 1, default all waiting) and `maxUnits` (work budget in 1,024-span units, ≥ 1, default unlimited; the first tile always runs).
 */
export function updateTileCache(cache: TileCache, mesh: NavMesh, options: UpdateTileCacheOptions = {}): TileCacheUpdate {
  const fn = "updateTileCache";
  const maxTiles = options.maxTiles ?? Infinity,
    maxUnits = options.maxUnits ?? Infinity;
  if (!(maxTiles >= 1)) throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"maxTiles" must be >= 1, got ${showValue(maxTiles)}.`, { path: "maxTiles" });
  if (!(maxUnits >= 1)) throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"maxUnits" must be >= 1, got ${showValue(maxUnits)}.`, { path: "maxUnits" });
  const builds: NavMeshTileBuild[] = [];
  const rebuilt: number[] = [];
  let units = 0;
  const tx0 = cache.input.tilesX;
  while (cache.pending.length > 0 && builds.length < maxTiles) {
    const t = cache.pending[0]!;
    const layer = cache.layers[t]!;
    const u = tileUnits(layer);
    if (builds.length > 0 && units + u > maxUnits) break;
    cache.pending.shift();
    cache.pendingFlags[t] = 0;
    units += u;
    const tx = t % tx0,
      ty = (t - tx) / tx0;
    builds.push(buildTileFromLayer(cache.input, layer, tx, ty, (chf) => markObstacles(cache, chf) && !hasSingleArea(layer), {}, true));
    rebuilt.push(tx, ty);
  }
  let flags = 0;
  if (builds.length > 0) {
    const refs = setNavMeshTiles(fn, mesh, builds, cache.input.config.maxVertsPerPoly);
    for (let i = 0; i < refs.length; i++) {
      const li = builds[i]!.layerInputs;
      for (let k = 0; k < li.length; k++) if (refs[i]![k] === -1 && li[k]) flags |= TileCacheUpdateFlags.Failed;
    }
  }
  flags |= cache.pending.length === 0 ? TileCacheUpdateFlags.UpToDate : TileCacheUpdateFlags.InProgress;
  return { flags, rebuiltTiles: rebuilt, pendingTiles: cache.pending.length, units };
}

/**
 * Builds the navmesh of a tile cache: every tile from its layer with the current obstacles, one
 * part 1 tile `"x,y,0"` each, or `"x,y,k"` per layer with `partition: "layers"` (the same bytes
 * as `buildTiledNavMesh` without obstacles).
 * Clears the rebuild queue.
 *
 * @param cache - The tile cache; its cached layers and current obstacles are read, its rebuild queue is cleared.
 *
 * @example
 * ```ts
 * const positions = [0, 0, 0, 40, 0, 0, 40, 0, 40, 0, 0, 40];
 * const input = createTiledNavMeshInput(positions, [0, 2, 1, 0, 3, 2], { ...VoxelConfigPresets.default, tileSize: 32 });
 * const cache = createTileCache(input, { maxObstacles: 16 });
 * const mesh = buildNavMeshFromTileCache(cache);
 * const h = addTileCacheObstacle(cache, { kind: "cylinder", position: [20, 0, 20], radius: 2, height: 2 });
 * const u = updateTileCache(cache, mesh, { maxTiles: 4 });
 * u.rebuiltTiles.length / 2; // 4: the tiles the cylinder touches
 * findPolygon(mesh, 20, 20); // -1: blocked
 * removeTileCacheObstacle(cache, h);
 * updateTileCache(cache, mesh);
 * findPolygon(mesh, 20, 20) >= 0; // true: free again
 * ```
 */
export function buildNavMeshFromTileCache(cache: TileCache): NavMesh {
  const builds: NavMeshTileBuild[] = [];
  const tx0 = cache.input.tilesX;
  for (let t = 0; t < cache.layers.length; t++) {
    const layer = cache.layers[t];
    if (!layer) continue;
    const tx = t % tx0,
      ty = (t - tx) / tx0;
    builds.push(buildTileFromLayer(cache.input, layer, tx, ty, (chf) => markObstacles(cache, chf) && !hasSingleArea(layer), {}, true));
  }
  for (const t of cache.pending) cache.pendingFlags[t] = 0;
  cache.pending.length = 0;
  return assembleTiles("buildNavMeshFromTileCache", builds, cache.input.config.maxVertsPerPoly);
}
