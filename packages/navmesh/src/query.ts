import { corruptState, createIndexedHeap, indexedHeapClear, indexedHeapPop, indexedHeapPushNext, type IndexedHeap } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { navMeshError, NavMeshErrorCodes, show } from "./errors";
import type { OffMeshLinks } from "./links";
import { requirePolyIndex } from "./locate";
import { polyIndexOfRef, refOfPolyIndex } from "./tiles/poly-ref";
import { NAVMESH_AREA_COUNT, type NavMesh } from "./types";

/**
 * The outcome bits of every navmesh path query ({@link NavPath.flags}, `StraightPath.flags`,
 * the level-2 result's `flags`): `@tactica/search`'s `PathFlags`, re-exported (the same object) so a
 * navmesh user reads it without importing search. Expected outcomes (no path, a partial path, an
 * exhausted budget, a too-short buffer) are flags, never exceptions.
 */
export { PathFlags };
export type { PathResult } from "@tactica/search";

/**
 * Caller-owned result of a polygon path query, shaped like search's `PathResult`
 * (`{ flags, cost, length, path, expanded }`, ADR 0002): `flags` are `PathFlags` bits from
 * `@tactica/search`, `path[0 .. min(length, path.length))` holds polygon refs (a `Float64Array`,
 * as refs may exceed 32 bits in tiled meshes). A path longer than the buffer sets
 * `PathFlags.PathTruncated` and keeps `length` and `cost` of the full path.
 */
export interface NavPath {
  /** `PathFlags` bits: `Found`, `Partial`, `NoPath`, `BudgetExhausted`, `PathTruncated`. */
  flags: number;
  /** Cost of the path (distance × area cost, plus link costs), `Infinity` when there is none. */
  cost: number;
  /** Number of polygons of the full path, start and end included (0 when there is none). */
  length: number;
  /** The path: polygon refs from start to end. */
  readonly path: Float64Array;
  /** Nodes expanded by the search (a work counter). */
  expanded: number;
}

/** Options of {@link createNavPath}. */
export interface NavPathOptions {
  /** Most polygons the path holds (a count, integer ≥ 1, default 256); a longer path is truncated (`PathFlags.PathTruncated`). */
  readonly maxLength?: number;
}

/**
 * Creates a {@link NavPath} holding up to `maxLength` polygons (default 256).
 * @param options - `maxLength`: most polygons the path holds (integer ≥ 1, default 256); a longer path is truncated (`PathFlags.PathTruncated`)
 */
export function createNavPath(options: NavPathOptions = {}): NavPath {
  const maxLength = options.maxLength ?? 256;
  if (!Number.isInteger(maxLength) || maxLength < 1)
    throw navMeshError(NavMeshErrorCodes.BadInput, "createNavPath", `"options.maxLength" must be a positive integer, got ${show(maxLength)}.`, {
      path: "options.maxLength",
    });
  return { flags: PathFlags.None, cost: Infinity, length: 0, path: new Float64Array(maxLength), expanded: 0 };
}

/** Which polygons a query may use and what they cost. Read, never kept. */
export interface NavQueryFilter {
  /** Cost multiplier per area id (64 entries; default all 1). `Infinity` makes an area impassable. Entries must be ≥ 0. */
  readonly areaCosts?: ArrayLike<number>;
  /** A polygon is usable only if `flags & includeFlags` is non-zero (default 0xffff). */
  readonly includeFlags?: number;
  /** A polygon is unusable if `flags & excludeFlags` is non-zero (default 0). */
  readonly excludeFlags?: number;
  /**
   * Extra cost multiplier per polygon (called with its ref), e.g. danger or exposure (`≥ 1` keeps
   * A* optimal over the portal graph; `Infinity` blocks the polygon). Called once per polygon entered.
   */
  readonly polyCost?: (ref: number) => number;
  /** Off-mesh links the search may take. */
  readonly links?: OffMeshLinks;
}

/** Options of {@link findPolygonPath}: a {@link NavQueryFilter} plus a work limit. */
export interface FindPolygonPathOptions extends NavQueryFilter {
  /** Stop after this many expansions with a partial path (`BudgetExhausted | Partial`). */
  readonly maxExpansions?: number;
}

/**
 * Reusable search state for one mesh (typed arrays sized to its polygon count; they grow on the
 * next search after tiles are added). Plain data.
 */
export interface NavMeshQuery {
  /** The mesh this state searches. */
  readonly mesh: NavMesh;
  /** Most polygons one search may touch; more ends the search with `BudgetExhausted | Partial`. */
  readonly maxNodes: number;
  /** @internal */ readonly autoNodes: boolean;
  /** @internal */ g: Float64Array;
  /** @internal */ posX: Float64Array;
  /** @internal */ posY: Float64Array;
  /** @internal */ parent: Int32Array;
  /** @internal */ viaLink: Int32Array;
  /** @internal */ stamp: Uint32Array;
  /** @internal */ closed: Uint32Array;
  /** @internal */ heap: IndexedHeap;
  /** @internal */ epoch: number;
  /** @internal */ revision: number;
  /** @internal */ touched: number;
  /** @internal */ best: number;
  /** @internal */ bestH: number;
  /** @internal */ expanded: number;
  /** @internal */ goal: number;
  /** @internal */ status: number;
  /** @internal */ maxExpansions: number;
  /** @internal */ includeFlags: number;
  /** @internal */ excludeFlags: number;
  /** @internal */ hasAreaCosts: boolean;
  /** @internal */ readonly areaCosts: Float64Array;
  /** @internal */ polyCost: ((ref: number) => number) | undefined;
  /** @internal */ links: OffMeshLinks | undefined;
  /** @internal */ readonly num: Float64Array;
}

/** Options of {@link createNavMeshQuery}. */
export interface CreateNavMeshQueryOptions {
  /** Node-pool capacity: most polygons one search may touch (default: all, also after tiles are added). */
  readonly maxNodes?: number;
}

/**
 * Allocates the search state for `mesh` once; every query reuses it without allocating.
 * @param mesh - the navmesh the query searches (its node arrays are sized to `mesh.polyCount`)
 * @param options - `maxNodes`: most nodes a search may open (default the mesh's polygon count)
 */
export function createNavMeshQuery(mesh: NavMesh, options: CreateNavMeshQueryOptions = {}): NavMeshQuery {
  const n = Math.max(1, mesh.polyCount);
  const maxNodes = options.maxNodes ?? n;
  if (!Number.isInteger(maxNodes) || maxNodes < 1)
    throw navMeshError(NavMeshErrorCodes.BadInput, "createNavMeshQuery", `"maxNodes" must be a positive integer.`, { path: "maxNodes" });
  return {
    mesh,
    maxNodes,
    autoNodes: options.maxNodes === undefined,
    g: new Float64Array(n),
    posX: new Float64Array(n),
    posY: new Float64Array(n),
    parent: new Int32Array(n),
    viaLink: new Int32Array(n),
    stamp: new Uint32Array(n),
    closed: new Uint32Array(n),
    heap: createIndexedHeap(n),
    epoch: 0,
    revision: -1,
    touched: 0,
    best: -1,
    bestH: Infinity,
    expanded: 0,
    goal: -1,
    status: PathFlags.None,
    maxExpansions: Infinity,
    includeFlags: 0xffff,
    excludeFlags: 0,
    hasAreaCosts: false,
    areaCosts: new Float64Array(NAVMESH_AREA_COUNT),
    polyCost: undefined,
    links: undefined,
    num: new Float64Array(10),
  };
}

/** Smallest multiplier the filter can apply (for an admissible heuristic), into `query.num[2]`. */
function setMinCost(query: NavMeshQuery, filter: NavQueryFilter | undefined): void {
  query.num[2] = minCost(filter);
}

/** Smallest multiplier the filter can apply (for an admissible heuristic). @internal */
export function minCost(filter: NavQueryFilter | undefined): number {
  if (!filter?.areaCosts) return 1;
  let m = Infinity;
  for (let i = 0; i < NAVMESH_AREA_COUNT; i++) {
    const c = filter.areaCosts[i];
    if (typeof c !== "number" || Number.isNaN(c) || c < 0)
      throw navMeshError(NavMeshErrorCodes.BadInput, "findPolygonPath", `areaCosts[${i}] is ${show(c)}; give 64 costs ≥ 0.`, { path: `areaCosts[${i}]` });
    if (c < m) m = c;
  }
  return filter.polyCost ? Math.min(m, 1) : m;
}

/**
 * A* over the polygons of `query.mesh` from `startPoly` (holding `(sx, sy)`) to `goalPoly`
 * (holding `(gx, gy)`), Detour style: one node per polygon, placed at the midpoint of the edge it
 * was entered through; edge cost = distance × area cost (× `polyCost`); off-mesh links add their
 * own cost. Writes the polygon corridor into `out` and returns it; no allocation.
 *
 * Unreachable goals give `NoPath | Partial` with the corridor to the polygon nearest the goal;
 * `maxExpansions` or the query's node pool running out give `BudgetExhausted | Partial`. Turn the
 * corridor into points with `findStraightPath`. The same search spread over frames:
 * {@link initSlicedPolygonPath}, {@link updateSlicedPolygonPath}, {@link finalizeSlicedPolygonPath}.
 * @param out - polygon path written in place and returned: `path[0 .. length)` are polygon refs from the start polygon to the goal's (or the closest reachable one when `flags` has `Partial`), `cost` in world units × area cost
 * @param query - search state from `createNavMeshQuery` (its mesh is searched)
 * @param startPoly - polygon ref containing the start (e.g. from `findPolygon`)
 * @param sx - start point, x (world units; on the mesh plane)
 * @param sy - start point, y (world units; z of a y-up 3D level)
 * @param goalPoly - polygon ref containing the goal
 * @param gx - goal point, x (world units)
 * @param gy - goal point, y (world units)
 * @param options - query filter (area costs per area id, include/exclude flags, off-mesh links, a cost callback) and `maxExpansions` (node expansions before giving up with a partial path)
 */
export function findPolygonPath(
  out: NavPath,
  query: NavMeshQuery,
  startPoly: number,
  sx: number,
  sy: number,
  goalPoly: number,
  gx: number,
  gy: number,
  options?: FindPolygonPathOptions,
): NavPath {
  // Doubles go through the query's scratch: passing them on to non-inlined calls would box them.
  const num = query.num;
  num[0] = gx;
  num[1] = gy;
  num[6] = sx;
  num[7] = sy;
  initSliced(query, startPoly, goalPoly, options);
  updateSlicedPolygonPath(query, Infinity);
  return finalizeSlicedPolygonPath(out, query);
}

/**
 * Starts a polygon search that {@link updateSlicedPolygonPath} advances a few expansions at a time
 * (time slicing across frames). The query keeps a copy of the filter's flags and area costs and
 * references to its `polyCost` callback and `links` until the search is finalized. Returns
 * `PathFlags.InProgress`. When tiles are added, removed or replaced before the search is
 * finalized, it ends with `NoPath` and an empty path (plan again).
 *
 * @param query - search state from `createNavMeshQuery`, reset and changed in place (it keeps the filter until the search is finalized)
 * @param startPoly - polygon ref containing the start (e.g. from `findPolygon`); a stale ref throws `NAVMESH_BAD_INPUT`
 * @param sx - start point, x (world units; on the mesh plane), finite
 * @param sy - start point, y (world units; z of a y-up 3D level), finite
 * @param goalPoly - polygon ref containing the goal; a stale ref throws `NAVMESH_BAD_INPUT`
 * @param gx - goal point, x (world units), finite
 * @param gy - goal point, y (world units), finite
 * @param options - query filter (`areaCosts` per area id, `includeFlags` / `excludeFlags`, `links`, `polyCost`) and `maxExpansions` (default unlimited: the node pool is the limit), as {@link findPolygonPath}
 */
export function initSlicedPolygonPath(
  query: NavMeshQuery,
  startPoly: number,
  sx: number,
  sy: number,
  goalPoly: number,
  gx: number,
  gy: number,
  options?: FindPolygonPathOptions,
): number {
  const num = query.num;
  num[0] = gx;
  num[1] = gy;
  num[6] = sx;
  num[7] = sy;
  return initSliced(query, startPoly, goalPoly, options);
}

function initSliced(query: NavMeshQuery, startPoly: number, goalPoly: number, options: FindPolygonPathOptions | undefined): number {
  const mesh = query.mesh;
  const fn = "findPolygonPath";
  const sp = requirePolyIndex(fn, "startPoly", mesh, startPoly);
  const gp = requirePolyIndex(fn, "goalPoly", mesh, goalPoly);
  const num = query.num;
  if (!Number.isFinite(num[0]! + num[1]! + num[6]! + num[7]!))
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, "start and goal coordinates must be finite.", { path: "sx" });
  setMinCost(query, options);
  if (query.g.length < mesh.polyCount) growQuery(query, mesh.polyCount);
  return initSlicedIndex(query, sp, gp, options);
}

/**
 * {@link initSlicedPolygonPath} on flat polygon indices `startPoly`, `goalPoly` (already
 * validated), with the goal in `query.num[0..2)` and the start in `query.num[6..8)` (finite): no
 * double crosses the call, for the 0-byte entries. @internal
 */
export function initSlicedPolygonPathIndex(query: NavMeshQuery, startPoly: number, goalPoly: number, options: FindPolygonPathOptions | undefined): number {
  setMinCost(query, options);
  if (query.g.length < query.mesh.polyCount) growQuery(query, query.mesh.polyCount);
  return initSlicedIndex(query, startPoly, goalPoly, options);
}

function growQuery(query: NavMeshQuery, n: number): void {
  if (query.autoNodes) (query as { maxNodes: number }).maxNodes = n;
  query.g = new Float64Array(n);
  query.posX = new Float64Array(n);
  query.posY = new Float64Array(n);
  query.parent = new Int32Array(n);
  query.viaLink = new Int32Array(n);
  query.stamp = new Uint32Array(n);
  query.closed = new Uint32Array(n);
  query.heap = createIndexedHeap(n);
  query.epoch = 0;
}

function initSlicedIndex(query: NavMeshQuery, startPoly: number, goalPoly: number, options: FindPolygonPathOptions | undefined): number {
  const { g, posX, posY, parent, viaLink, stamp, closed, heap, num } = query;
  const gx = num[0]!,
    gy = num[1]!,
    hScale = num[2]!,
    sx = num[6]!,
    sy = num[7]!;
  query.revision = query.mesh.revision;
  query.epoch = (query.epoch + 1) >>> 0;
  if (query.epoch === 0) {
    stamp.fill(0);
    closed.fill(0);
    query.epoch = 1;
  }
  const epoch = query.epoch;
  indexedHeapClear(heap);
  stamp[startPoly] = epoch;
  g[startPoly] = 0;
  posX[startPoly] = sx;
  posY[startPoly] = sy;
  parent[startPoly] = -1;
  viaLink[startPoly] = -1;
  heap.next[0] = Math.sqrt((gx - sx) * (gx - sx) + (gy - sy) * (gy - sy)) * hScale;
  indexedHeapPushNext(heap, startPoly);
  query.best = startPoly;
  query.bestH = Math.sqrt((gx - sx) * (gx - sx) + (gy - sy) * (gy - sy));
  query.touched = 1;
  query.expanded = 0;
  query.goal = goalPoly;
  query.status = PathFlags.InProgress;
  query.maxExpansions = options?.maxExpansions ?? Infinity;
  query.includeFlags = options?.includeFlags ?? 0xffff;
  query.excludeFlags = options?.excludeFlags ?? 0;
  query.hasAreaCosts = options?.areaCosts !== undefined;
  if (options?.areaCosts) for (let i = 0; i < NAVMESH_AREA_COUNT; i++) query.areaCosts[i] = options.areaCosts[i]!;
  query.polyCost = options?.polyCost;
  query.links = options?.links;
  return PathFlags.InProgress;
}

/**
 * Advances a search started by {@link initSlicedPolygonPath} by up to `maxIterations` expansions.
 * Returns `PathFlags.InProgress` while it runs, then `Found`, `NoPath` or `BudgetExhausted`.
 *
 * @param query - a search started by `initSlicedPolygonPath`, advanced in place; once it has ended the call only returns its status
 * @param maxIterations - most node expansions this call may do (≥ 0; `Infinity` runs the search to the end)
 */
export function updateSlicedPolygonPath(query: NavMeshQuery, maxIterations: number): number {
  if (query.status !== PathFlags.InProgress) return query.status;
  if (query.revision !== query.mesh.revision) {
    // Tiles changed under a sliced search: its polygon indices are no longer the mesh's.
    query.status = PathFlags.NoPath;
    query.best = -1;
    return query.status;
  }
  const mesh = query.mesh;
  const stride = mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  const { g, posX, posY, closed, heap, num } = query;
  const epoch = query.epoch;
  const links = query.links;
  for (let it = 0; it < maxIterations; it++) {
    if (heap.size === 0) {
      query.status = PathFlags.NoPath;
      return query.status;
    }
    const cur = indexedHeapPop(heap);
    if (cur === query.goal) {
      query.status = PathFlags.Found;
      return query.status;
    }
    closed[cur] = epoch;
    if (query.expanded >= query.maxExpansions) {
      query.status = PathFlags.BudgetExhausted;
      return query.status;
    }
    query.expanded++;
    const cx = posX[cur]!,
      cy = posY[cur]!,
      cg = g[cur]!;
    filteredCost(query, cur);
    const curCost = num[8]!;
    const n = mesh.polyVertCount[cur]!;
    for (let i = 0; i < n; i++) {
      const nb = mesh.neighbors[cur * stride + i]!;
      if (nb < 0 || closed[nb] === epoch) continue;
      const a = mesh.polyVerts[cur * stride + i]!,
        b = mesh.polyVerts[cur * stride + (i + 1 === n ? 0 : i + 1)]!;
      const mx = (v[2 * a]! + v[2 * b]!) / 2,
        my = (v[2 * a + 1]! + v[2 * b + 1]!) / 2;
      num[3] = mx;
      num[4] = my;
      num[5] = cg + Math.sqrt((mx - cx) * (mx - cx) + (my - cy) * (my - cy)) * curCost;
      if (relax(query, cur, nb, -1)) {
        query.status = PathFlags.BudgetExhausted;
        return query.status;
      }
    }
    if (links) {
      const curRef = refOfPolyIndex(mesh, cur);
      for (let k = 0; k < links.count; k++) {
        if (!links.alive[k]) continue;
        let to: number, fx: number, fy: number, tx: number, ty: number;
        if (links.startPoly[k] === curRef) {
          to = polyIndexOfRef(mesh, links.endPoly[k]!);
          fx = links.startX[k]!;
          fy = links.startY[k]!;
          tx = links.endX[k]!;
          ty = links.endY[k]!;
        } else if (links.bidirectional[k] && links.endPoly[k] === curRef) {
          to = polyIndexOfRef(mesh, links.startPoly[k]!);
          fx = links.endX[k]!;
          fy = links.endY[k]!;
          tx = links.startX[k]!;
          ty = links.startY[k]!;
        } else continue;
        if (to < 0 || closed[to] === epoch) continue; // a link into a removed tile
        num[3] = tx;
        num[4] = ty;
        num[5] = cg + Math.sqrt((fx - cx) * (fx - cx) + (fy - cy) * (fy - cy)) * curCost + links.cost[k]!;
        if (relax(query, cur, to, k)) {
          query.status = PathFlags.BudgetExhausted;
          return query.status;
        }
      }
    }
  }
  return query.status;
}

/**
 * Writes the corridor of the search into `out`: the full path (`Found`), or the path to the
 * polygon nearest the goal so far (`Partial`, with `NoPath`, `BudgetExhausted` or `InProgress` when
 * finalized early). Returns `out`.
 *
 * @param out - polygon path written in place and returned: `path[0 .. length)` polygon refs from the start polygon, `cost`, `flags`, `expanded` (`NoPath` and empty when tiles changed during the search)
 * @param query - the sliced search to finalize (it drops its reference to the filter's callback and links)
 */
export function finalizeSlicedPolygonPath(out: NavPath, query: NavMeshQuery): NavPath {
  const found = query.status === PathFlags.Found;
  if (query.revision !== query.mesh.revision || (!found && query.best < 0)) {
    out.length = 0;
    out.cost = Infinity;
    out.flags = PathFlags.NoPath;
    out.expanded = query.expanded;
    query.polyCost = undefined;
    query.links = undefined;
    return out;
  }
  writeCorridor(out, query, found ? query.goal : query.best, found, query.status);
  out.expanded = query.expanded;
  query.polyCost = undefined;
  query.links = undefined;
  return out;
}

/** Cost multiplier of polygon `p` under the query's filter, into `query.num[8]` (a returned double would be boxed). */
function filteredCost(query: NavMeshQuery, p: number): void {
  const mesh = query.mesh;
  const f = mesh.flags[p]!;
  const num = query.num;
  if ((f & query.includeFlags) === 0 || (f & query.excludeFlags) !== 0) {
    num[8] = Infinity;
    return;
  }
  num[8] = query.hasAreaCosts ? query.areaCosts[mesh.areas[p]!]! : 1;
  if (query.polyCost !== undefined) num[8] = num[8] * query.polyCost(refOfPolyIndex(mesh, p));
}

function relax(query: NavMeshQuery, cur: number, nb: number, link: number): boolean {
  const num = query.num;
  const px = num[3]!,
    py = num[4]!,
    ng = num[5]!;
  filteredCost(query, nb);
  const nbCost = num[8]!;
  if (nbCost === Infinity) return false;
  let total = ng;
  const goal = query.goal;
  if (nb === goal) total += Math.sqrt((num[0]! - px) * (num[0]! - px) + (num[1]! - py) * (num[1]! - py)) * nbCost;
  const epoch = query.epoch;
  if (query.stamp[nb] === epoch) {
    if (!(total < query.g[nb]!)) return false;
  } else {
    if (query.touched >= query.maxNodes) return true;
    query.touched++;
    query.stamp[nb] = epoch;
  }
  query.g[nb] = total;
  query.posX[nb] = px;
  query.posY[nb] = py;
  query.parent[nb] = cur;
  query.viaLink[nb] = link;
  const h = nb === goal ? 0 : Math.sqrt((num[0]! - px) * (num[0]! - px) + (num[1]! - py) * (num[1]! - py));
  const f = total + h * num[2]!;
  // Insert or decrease through the heap's `next` slot: a double passed to a non-inlined call is boxed.
  query.heap.next[0] = f;
  indexedHeapPushNext(query.heap, nb);
  if (h < query.bestH) {
    query.bestH = h;
    query.best = nb;
  }
  return false;
}

/** Writes the polygon path ending at polygon index `end` (parents back to the start) into `out`. @internal */
export function writeCorridor(out: NavPath, query: NavMeshQuery, end: number, found: boolean, status: number): NavPath {
  let count = 0;
  for (let p = end; p >= 0; p = query.parent[p]!)
    if (++count > query.parent.length)
      corruptState("@tactica/navmesh: findPolygonPath", `the parent chain from polygon ${end} is longer than the mesh's ${query.parent.length} polygons`);
  out.length = count;
  let k = count - 1;
  const mesh = query.mesh;
  const polyTile = mesh.polyTile,
    polyBase = mesh.tilePolyBase,
    refBase = mesh.tileRefBase;
  for (let p = end; p >= 0; p = query.parent[p]!, k--) {
    if (k >= out.path.length) continue;
    const slot = polyTile[p]!;
    out.path[k] = refBase[slot]! + (p - polyBase[slot]!); // refOfPolyIndex, inlined
  }
  out.cost = query.g[end]!;
  out.flags = found ? PathFlags.Found : PathFlags.Partial | status;
  if (count > out.path.length) out.flags |= PathFlags.PathTruncated;
  return out;
}
