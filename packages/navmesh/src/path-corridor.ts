import { PathFlags } from "@tactica/search";
import { assertFiniteNumber, navMeshError, NavMeshErrorCodes, show } from "./errors";
import { findStraightPathBetween, portalEdge, type FindStraightPathOptions, type StraightPath } from "./funnel";
import { OFF_MESH_LINK_INDEX_BITS, type OffMeshLinks } from "./links";
import { closestPointOnPolygonIndex, findNearestPolygonIndex, meshEpsilon, pointInPolygon } from "./locate";
import { hypot2 } from "./math";
import { createMoveResult, getMoveParents, moveAlongSurfaceAt, moveSegment, type MoveResult } from "./move-along-surface";
import { initSlicedPolygonPath, updateSlicedPolygonPath, type NavMeshQuery, type NavPath, type NavQueryFilter } from "./query";
import { createRaycastResult, raycastIndex, type RaycastResult } from "./raycast";
import { polyIndexOfRef, refOfPolyIndex } from "./tiles/poly-ref";
import type { NavMesh } from "./types";

/**
 * An agent's corridor (Detour's `dtPathCorridor`) as plain data: its position, its target and the
 * polygon refs between them (`polys[0]` holds the position, `polys[length - 1]` the target).
 * Moving the position or the target slides along the mesh and trims or extends the corridor, so
 * corners are recomputed every frame without a new search; {@link optimizeCorridorVisibility} and
 * {@link optimizeCorridorTopology} shorten it, {@link traverseCorridorLink} takes off-mesh links and
 * {@link repairPathCorridor} fixes it after tiles change.
 */
export interface PathCorridor {
  /** Agent position. */
  x: number;
  /** Agent position (y). */
  y: number;
  /** Target position. */
  targetX: number;
  /** Target position (y). */
  targetY: number;
  /** Number of polygons in the corridor. */
  length: number;
  /** Polygon refs, `polys[0 .. length)`. */
  readonly polys: Float64Array;
  /** @internal */ readonly move: MoveResult;
  /** @internal */ readonly ray: RaycastResult;
  /** @internal */ readonly chain: Int32Array;
}

/** Options of {@link createPathCorridor}. */
export interface PathCorridorOptions {
  /** Most polygons the corridor holds (integer ≥ 1, default 256); a path longer than this is cut (see {@link setPathCorridor}). */
  readonly capacity?: number;
}

/**
 * Creates an empty corridor holding up to `capacity` polygons (default 256).
 * @param options - `capacity`: most polygons the corridor holds (integer ≥ 1, default 256); a path longer than this is cut (see {@link setPathCorridor})
 */
export function createPathCorridor(options: PathCorridorOptions = {}): PathCorridor {
  const capacity = options.capacity ?? 256;
  if (!Number.isInteger(capacity) || capacity < 1)
    throw navMeshError(NavMeshErrorCodes.BadInput, "createPathCorridor", `"options.capacity" must be a positive integer.`, { path: "options.capacity" });
  return {
    x: 0,
    y: 0,
    targetX: 0,
    targetY: 0,
    length: 0,
    polys: new Float64Array(capacity),
    move: createMoveResult({ maxVisited: 1 }),
    ray: createRaycastResult({ maxVisited: capacity }),
    chain: new Int32Array(capacity),
  };
}

/**
 * Puts the corridor at `(x, y)` on polygon `ref` with the target there too (a one-polygon corridor).
 * @param corridor - the corridor to reset (changed in place)
 * @param ref - polygon ref the agent stands on (e.g. from `findPolygon`)
 * @param x - agent position, x (mesh plane; world units)
 * @param y - agent position, y (mesh plane: z for a y-up 3D level; world units)
 * @throws TacticaError `NAVMESH_BAD_INPUT` when `ref` is not a polygon ref (a non-negative integer) or a coordinate is not finite.
 */
export function resetPathCorridor(corridor: PathCorridor, ref: number, x: number, y: number): void {
  if (!(ref >= 0 && ref < 2 ** 52 && ref === Math.floor(ref)))
    throw navMeshError(NavMeshErrorCodes.BadInput, "resetPathCorridor", `"ref" must be a polygon ref (a non-negative integer), got ${show(ref)}.`, {
      path: "ref",
    });
  assertFiniteNumber("resetPathCorridor", "x", x);
  assertFiniteNumber("resetPathCorridor", "y", y);
  corridor.x = corridor.targetX = x;
  corridor.y = corridor.targetY = y;
  corridor.polys[0] = ref;
  corridor.length = 1;
}

/**
 * Sets the corridor to a polygon path from `findPolygonPath` (which should start at the corridor's
 * first polygon) and the target `(tx, ty)`. Returns false when the path was longer than the
 * corridor's capacity (the corridor then holds its first part; re-plan closer to the target).
 * @param corridor - the corridor to set (changed in place; its position is kept)
 * @param path - polygon path from `findPolygonPath`, starting at the corridor's first polygon
 * @param tx - target position, x (world units), on the path's last polygon
 * @param ty - target position, y (world units)
 */
export function setPathCorridor(corridor: PathCorridor, path: NavPath, tx: number, ty: number): boolean {
  const n = Math.min(path.length, path.path.length, corridor.polys.length);
  if (n === 0) return false;
  for (let i = 0; i < n; i++) corridor.polys[i] = path.path[i]!;
  corridor.length = n;
  corridor.targetX = tx;
  corridor.targetY = ty;
  return n === path.length;
}

/**
 * Writes the next corners of the corridor (string pulling from the position to the target) into
 * `out` and returns it. A corner flagged `StraightPathFlags.OffMeshLink` is the start of a link:
 * when the agent gets there, call {@link traverseCorridorLink}.
 * @param out - corners written in place and returned (`points` as x, y pairs in world units,
 *   `pointFlags`, `count`, `flags`; made by `createStraightPath`, its size caps the corners kept).
 *   Corner 0 is the agent's own position (`corridor.x`, `corridor.y`) and the last corner the
 *   target: steer towards corner 1.
 * @param corridor - the agent's corridor (read only)
 * @param mesh - the navmesh the corridor's refs belong to
 * @param options - `links`: the off-mesh links the corridor may cross (as passed to the search)
 */
export function findCorridorCorners(out: StraightPath, corridor: PathCorridor, mesh: NavMesh, options?: FindStraightPathOptions): StraightPath {
  // The corridor's ends go by reference: passed as numbers to a call V8 does not inline, each would be boxed.
  return findStraightPathBetween(out, mesh, corridor.polys, corridor.length, corridor, options);
}

function firstIndex(fn: string, corridor: PathCorridor, mesh: NavMesh, at: number): number {
  if (corridor.length === 0) throw navMeshError(NavMeshErrorCodes.BadInput, fn, "the corridor is empty; call resetPathCorridor first.", { path: "corridor" });
  const p = polyIndexOfRef(mesh, corridor.polys[at]!);
  if (p < 0)
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `corridor polygon ${at} is a stale ref (tiles changed); call repairPathCorridor first.`, {
      path: `corridor.polys[${at}]`,
    });
  return p;
}

/** Position of ref `r` in `polys[0 .. n)`, searching from the start (`fromEnd` false) or the end; -1 if absent. */
function find(polys: Float64Array, n: number, r: number, fromEnd: boolean): number {
  if (fromEnd) {
    for (let i = n - 1; i >= 0; i--) if (polys[i] === r) return i;
  } else for (let i = 0; i < n; i++) if (polys[i] === r) return i;
  return -1;
}

/**
 * Moves the agent towards `(x, y)` along the mesh (`moveAlongSurface` from the corridor's first
 * polygon; the agent slides along walls) and fixes the corridor's start: polygons the agent left
 * are dropped, polygons it crossed outside the corridor are prepended (the move's search path).
 * Returns false, leaving the corridor (position included) unchanged, when the merged corridor
 * would exceed its capacity; re-plan then. Throws `NAVMESH_BAD_INPUT` for a stale first ref.
 * @param corridor - the corridor (changed in place: position and start polygons)
 * @param mesh - the navmesh the corridor's refs belong to
 * @param x - desired new agent position, x (world units), usually position + velocity × dt
 * @param y - desired new agent position, y (world units)
 */
export function moveCorridorPosition(corridor: PathCorridor, mesh: NavMesh, x: number, y: number): boolean {
  // The target goes on through a typed array, and this wrapper stays small enough for V8 to inline
  // into its callers: fractional numbers passed to a call V8 does not inline are boxed (16 bytes each).
  moveSegment[2] = x;
  moveSegment[3] = y;
  return moveCorridorPositionAt(corridor, mesh);
}

/** {@link moveCorridorPosition} with the new position in `moveSegment[2..4)`. */
function moveCorridorPositionAt(corridor: PathCorridor, mesh: NavMesh): boolean {
  const start = firstIndex("moveCorridorPosition", corridor, mesh, 0);
  if (!Number.isFinite(moveSegment[2]! + moveSegment[3]!))
    throw navMeshError(NavMeshErrorCodes.BadInput, "moveCorridorPosition", "coordinates must be finite.");
  moveSegment[0] = corridor.x;
  moveSegment[1] = corridor.y;
  const m = moveAlongSurfaceAt(corridor.move, mesh, start);
  const parents = getMoveParents(mesh);
  const polys = corridor.polys;
  // Walk the move's search path from the end polygon back towards the start until it meets the
  // corridor (at its furthest occurrence): new corridor = that path + the corridor from there.
  const chain = corridor.chain;
  let j = 0;
  for (let p = m.poly; ; p = parents[p]!) {
    if (p < 0) return false;
    const i = find(polys, corridor.length, refOfPolyIndex(mesh, p), true);
    if (i >= 0) {
      if (j + corridor.length - i > polys.length) return false;
      polys.copyWithin(j, i, corridor.length);
      for (let k = 0; k < j; k++) polys[k] = refOfPolyIndex(mesh, chain[k]!);
      corridor.length = j + corridor.length - i;
      break;
    }
    if (j >= chain.length) return false;
    chain[j++] = p;
  }
  corridor.x = m.x;
  corridor.y = m.y;
  return true;
}

/**
 * Moves the target towards `(x, y)` along the mesh (from the corridor's last polygon) and fixes
 * the corridor's end: polygons past the new target's polygon are dropped, polygons crossed outside
 * the corridor appended. Returns false (corridor unchanged) when it would exceed its capacity. For
 * a target that jumped far, plan a new path instead.
 * @param corridor - the corridor (changed in place: target and end polygons)
 * @param mesh - the navmesh the corridor's refs belong to
 * @param x - desired new target, x (world units), near the current target
 * @param y - desired new target, y (world units)
 */
export function moveCorridorTarget(corridor: PathCorridor, mesh: NavMesh, x: number, y: number): boolean {
  moveSegment[2] = x; // as in moveCorridorPosition: no boxed doubles
  moveSegment[3] = y;
  return moveCorridorTargetAt(corridor, mesh);
}

/** {@link moveCorridorTarget} with the new target in `moveSegment[2..4)`. */
function moveCorridorTargetAt(corridor: PathCorridor, mesh: NavMesh): boolean {
  const last = firstIndex("moveCorridorTarget", corridor, mesh, corridor.length - 1);
  if (!Number.isFinite(moveSegment[2]! + moveSegment[3]!)) throw navMeshError(NavMeshErrorCodes.BadInput, "moveCorridorTarget", "coordinates must be finite.");
  moveSegment[0] = corridor.targetX;
  moveSegment[1] = corridor.targetY;
  const m = moveAlongSurfaceAt(corridor.move, mesh, last);
  const parents = getMoveParents(mesh);
  const polys = corridor.polys;
  const chain = corridor.chain;
  let j = 0;
  for (let p = m.poly; ; p = parents[p]!) {
    if (p < 0) return false;
    const i = find(polys, corridor.length, refOfPolyIndex(mesh, p), false);
    if (i >= 0) {
      if (i + 1 + j > polys.length) return false;
      for (let k = 0; k < j; k++) polys[i + 1 + k] = refOfPolyIndex(mesh, chain[j - 1 - k]!);
      corridor.length = i + 1 + j;
      break;
    }
    if (j >= chain.length) return false;
    chain[j++] = p;
  }
  corridor.targetX = m.x;
  corridor.targetY = m.y;
  return true;
}

/** Options of {@link optimizeCorridorVisibility}. */
export interface OptimizeCorridorVisibilityOptions {
  /** Look no farther than this from the agent (Detour's path optimization range; default: unlimited). */
  readonly maxDistance?: number;
}

/**
 * Visibility shortcut (Detour's `optimizePathVisibility`): casts a ray from the agent towards
 * `(nextX, nextY)` (usually the corner after the next one, clamped to `maxDistance`); when the ray
 * gets there, the polygons it crossed replace the corridor's start up to the furthest corridor
 * polygon it reached, so later corners straighten. Returns true when the corridor changed. Call it
 * every few frames; it allocates nothing.
 * @param corridor - the corridor (its start may be replaced by a shortcut)
 * @param mesh - the navmesh the corridor's refs belong to
 * @param nextX - point to look towards, x (world units), usually corner 2 from {@link findCorridorCorners}
 * @param nextY - point to look towards, y (world units)
 * @param options - `maxDistance`: look no farther than this from the agent (world units; default unlimited)
 */
export function optimizeCorridorVisibility(
  corridor: PathCorridor,
  mesh: NavMesh,
  nextX: number,
  nextY: number,
  options?: OptimizeCorridorVisibilityOptions,
): boolean {
  const start = firstIndex("optimizeCorridorVisibility", corridor, mesh, 0);
  if (!Number.isFinite(nextX + nextY)) throw navMeshError(NavMeshErrorCodes.BadInput, "optimizeCorridorVisibility", "coordinates must be finite.");
  let gx = nextX,
    gy = nextY;
  const maxD = options?.maxDistance ?? Infinity;
  const d = hypot2(gx - corridor.x, gy - corridor.y);
  if (d > maxD) {
    gx = corridor.x + ((gx - corridor.x) * maxD) / d;
    gy = corridor.y + ((gy - corridor.y) * maxD) / d;
  }
  const ray = raycastIndex(corridor.ray, mesh, start, corridor.x, corridor.y, gx, gy);
  if (ray.t !== Infinity || ray.visitedCount < 2 || ray.visitedCount > ray.visited.length) return false;
  // A ray through a vertex hands over to a polygon that may touch the last one only at that vertex:
  // no portal for the funnel, so no shortcut through it.
  for (let j = 1; j < ray.visitedCount; j++) if (portalEdge(mesh, ray.visited[j - 1]!, ray.visited[j]!) < 0) return false;
  // The furthest corridor polygon the ray crossed.
  const polys = corridor.polys;
  for (let i = corridor.length - 1; i > 0; i--) {
    const r = polys[i]!;
    for (let j = ray.visitedCount - 1; j >= 0; j--) {
      if (refOfPolyIndex(mesh, ray.visited[j]!) !== r) continue;
      if (j >= i) return false; // no shorter
      polys.copyWithin(j, i, corridor.length);
      // polys[0] stays: the ray starts in the corridor's first polygon (visited[0] is that polygon).
      for (let k = 1; k < j; k++) polys[k] = refOfPolyIndex(mesh, ray.visited[k]!);
      corridor.length = corridor.length - i + j;
      return true;
    }
  }
  return false;
}

/** Options of {@link optimizeCorridorTopology}: a query filter and a work limit. */
export interface OptimizeCorridorTopologyOptions extends NavQueryFilter {
  /** Expansions of the local search (default 32). */
  readonly maxIterations?: number;
}

/**
 * Topology shortcut (Detour's `optimizePathTopology`): a small A* from the agent towards the
 * target (`maxIterations` expansions, reusing `query`, which must be for `mesh`); the furthest
 * corridor polygon the search reached is joined to the agent by the search's path when that path
 * has fewer polygons than the corridor's start. Returns true when the corridor changed. Meant for
 * occasional calls (every half second or so); allocates nothing.
 * @param corridor - the corridor (its start may be replaced by a shorter polygon path)
 * @param mesh - the navmesh the corridor's refs belong to
 * @param query - search state made by `createNavMeshQuery` for `mesh` (reused, not kept)
 * @param options - query filter (area costs, flags) and `maxIterations` (node expansions, default 32)
 */
export function optimizeCorridorTopology(corridor: PathCorridor, mesh: NavMesh, query: NavMeshQuery, options?: OptimizeCorridorTopologyOptions): boolean {
  firstIndex("optimizeCorridorTopology", corridor, mesh, 0);
  if (query.mesh !== mesh) throw navMeshError(NavMeshErrorCodes.BadInput, "optimizeCorridorTopology", "the query belongs to another mesh.", { path: "query" });
  if (corridor.length < 3) return false;
  const last = firstIndex("optimizeCorridorTopology", corridor, mesh, corridor.length - 1);
  initSlicedPolygonPath(query, corridor.polys[0]!, corridor.x, corridor.y, corridor.polys[corridor.length - 1]!, corridor.targetX, corridor.targetY, options);
  updateSlicedPolygonPath(query, options?.maxIterations ?? 32);
  query.status = PathFlags.None;
  query.polyCost = undefined;
  query.links = undefined;
  const polys = corridor.polys;
  for (let i = corridor.length - 1; i >= 2; i--) {
    const p = i === corridor.length - 1 ? last : polyIndexOfRef(mesh, polys[i]!);
    if (p < 0 || query.stamp[p] !== query.epoch) continue;
    // Path of the search to p (parents back to the start).
    let n = 0;
    for (let q = p; q >= 0 && n <= i; q = query.parent[q]!) n++;
    if (n > i) return false; // not shorter than the corridor's start
    polys.copyWithin(n - 1, i, corridor.length);
    let k = n - 1;
    for (let q = p; q >= 0; q = query.parent[q]!, k--) polys[k] = refOfPolyIndex(mesh, q);
    corridor.length = corridor.length - i + n - 1;
    return true;
  }
  return false;
}

/** Where an off-mesh link taken by {@link traverseCorridorLink} starts and ends. Caller-owned. */
export interface CorridorLinkTraversal {
  /** Link start (where the agent leaves the mesh). */
  startX: number;
  /** Link start (y). */
  startY: number;
  /** Link end (where the agent lands; the corridor's new position). */
  endX: number;
  /** Link end (y). */
  endY: number;
}

/**
 * Takes the off-mesh link between the corridor's first two polygons (Detour's
 * `moveOverOffMeshConnection`): call it when the agent reaches the corner flagged
 * `StraightPathFlags.OffMeshLink`. Drops the first polygon, puts the position at the link's end,
 * writes both end points into `out` (for the jump or ladder animation) and returns the link's
 * handle; returns `-1` (nothing changed) when the first two polygons are not joined by a live link
 * of `links` (or share an edge).
 * @param out - written with the link's start (`startX`, `startY`) and end (`endX`, `endY`), world units
 * @param corridor - the corridor (its first polygon is dropped and its position moved to the link's end)
 * @param mesh - the navmesh the corridor's refs belong to
 * @param links - the off-mesh links the mesh was searched with (`createOffMeshLinks`)
 */
export function traverseCorridorLink(out: CorridorLinkTraversal, corridor: PathCorridor, mesh: NavMesh, links: OffMeshLinks): number {
  const a = firstIndex("traverseCorridorLink", corridor, mesh, 0);
  if (corridor.length < 2) return -1;
  const b = polyIndexOfRef(mesh, corridor.polys[1]!);
  if (b < 0 || portalEdge(mesh, a, b) >= 0) return -1;
  const ra = corridor.polys[0]!,
    rb = corridor.polys[1]!;
  let best = -1,
    forward = true;
  for (let k = 0; k < links.count; k++) {
    if (!links.alive[k]) continue;
    const f = links.startPoly[k] === ra && links.endPoly[k] === rb;
    const r = links.bidirectional[k] === 1 && links.endPoly[k] === ra && links.startPoly[k] === rb;
    if ((f || r) && (best < 0 || links.cost[k]! < links.cost[best]!)) {
      best = k;
      forward = f;
    }
  }
  if (best < 0) return -1;
  out.startX = forward ? links.startX[best]! : links.endX[best]!;
  out.startY = forward ? links.startY[best]! : links.endY[best]!;
  out.endX = forward ? links.endX[best]! : links.startX[best]!;
  out.endY = forward ? links.endY[best]! : links.startY[best]!;
  corridor.polys.copyWithin(0, 1, corridor.length);
  corridor.length--;
  corridor.x = out.endX;
  corridor.y = out.endY;
  return links.generation[best]! * 2 ** OFF_MESH_LINK_INDEX_BITS + best;
}

/** Options of {@link isPathCorridorValid}. */
export interface PathCorridorValidOptions {
  /** Check only the first this many polygons of the corridor (a count; default `Infinity`, all of them). */
  readonly maxLookAhead?: number;
}

/**
 * True when every polygon ref of the corridor (or of its first `maxLookAhead`) is valid in `mesh`.
 * @param corridor - the corridor to check (read only)
 * @param mesh - the navmesh, possibly after tile changes
 * @param options - `maxLookAhead`: check only the first this many polygons (a count; default all; Detour checks a few ahead each frame)
 */
export function isPathCorridorValid(corridor: PathCorridor, mesh: NavMesh, options: PathCorridorValidOptions = {}): boolean {
  const maxLookAhead = options.maxLookAhead ?? Infinity;
  const n = Math.min(corridor.length, maxLookAhead);
  for (let i = 0; i < n; i++) if (polyIndexOfRef(mesh, corridor.polys[i]!) < 0) return false;
  return corridor.length > 0;
}

/** Bits returned by {@link repairPathCorridor}. */
export const PathCorridorRepair = {
  /** Every ref was valid: nothing changed. */
  None: 0,
  /** The first polygon was stale: the agent was located again (moved to the nearest mesh point if needed). */
  StartRelocated: 1,
  /** The corridor was cut before its first stale polygon and the target moved onto the last valid one: plan again to the real goal. */
  Trimmed: 2,
  /** The agent is off the mesh (no polygon at all): the corridor is empty. */
  Lost: 4,
} as const;

/**
 * Repairs a corridor whose refs went stale after `replaceNavMeshTile`/`removeNavMeshTile` (Detour's
 * `fixPathStart` + `trimInvalidPath`): a stale first polygon is found again at the agent's position
 * (or the nearest point of the mesh); the corridor is cut before its first stale polygon (or
 * before a gap), and the target moved to the nearest point of the last polygon kept. Returns
 * {@link PathCorridorRepair} bits; after `Trimmed`, plan from `polys[length - 1]` to the real goal
 * and append (or re-plan fully). Allocates nothing.
 * @param corridor - the corridor (changed in place: start relocated, cut before a stale polygon)
 * @param mesh - the navmesh after its tiles changed
 */
export function repairPathCorridor(corridor: PathCorridor, mesh: NavMesh): number {
  if (corridor.length === 0) return PathCorridorRepair.Lost;
  let flags: number = PathCorridorRepair.None;
  const polys = corridor.polys;
  let first = polyIndexOfRef(mesh, polys[0]!);
  if (first < 0) {
    first = findNearestPolygonIndex(scratch, mesh, corridor.x, corridor.y, Infinity);
    if (first < 0) {
      corridor.length = 0;
      return PathCorridorRepair.Lost;
    }
    corridor.x = scratch.x;
    corridor.y = scratch.y;
    flags |= PathCorridorRepair.StartRelocated;
    const r = refOfPolyIndex(mesh, first);
    // Keep the rest only from where it continues the new first polygon.
    const i = find(polys, corridor.length, r, true);
    if (i > 0) {
      polys.copyWithin(0, i, corridor.length);
      corridor.length -= i;
    } else {
      polys[0] = r;
      const next = corridor.length > 1 ? polyIndexOfRef(mesh, polys[1]!) : -1;
      if (corridor.length > 1 && (next < 0 || portalEdge(mesh, first, next) < 0)) corridor.length = 1;
    }
  }
  let n = 1;
  while (n < corridor.length && polyIndexOfRef(mesh, polys[n]!) >= 0) n++;
  const lastIndex = polyIndexOfRef(mesh, polys[n - 1]!);
  const cut = n < corridor.length;
  if (cut || (flags !== 0 && !pointInPolygon(mesh, lastIndex, corridor.targetX, corridor.targetY, meshEpsilon(mesh)))) {
    corridor.length = n;
    closestPointOnPolygonIndex(scratch, mesh, lastIndex, corridor.targetX, corridor.targetY);
    if (cut || scratch.x !== corridor.targetX || scratch.y !== corridor.targetY) flags |= PathCorridorRepair.Trimmed;
    corridor.targetX = scratch.x;
    corridor.targetY = scratch.y;
  }
  return flags;
}

const scratch = { x: 0, y: 0 };
