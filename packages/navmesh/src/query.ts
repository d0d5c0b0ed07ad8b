import { hypot2 } from "./math";
import { createIndexedHeap, indexedHeapClear, indexedHeapPop, indexedHeapPush, indexedHeapDecreaseKey, indexedHeapPushNext, type IndexedHeap } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { navMeshError, NavMeshErrorCodes } from "./errors";
import type { OffMeshLinks } from "./links";
import { NAVMESH_AREA_COUNT, type NavMesh } from "./navmesh";

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

/** Creates a {@link NavPath} holding up to `maxLength` polygons (default 256). */
export function createNavPath(maxLength = 256): NavPath {
  if (!Number.isInteger(maxLength) || maxLength < 1) throw navMeshError(NavMeshErrorCodes.BadInput, "createNavPath", `"maxLength" must be a positive integer, got ${String(maxLength)}.`, { path: "maxLength" });
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
   * Extra cost multiplier per polygon, e.g. danger or exposure (`≥ 1` keeps A* optimal over the
   * portal graph; `Infinity` blocks the polygon). Called once per polygon entered.
   */
  readonly polyCost?: (poly: number) => number;
  /** Off-mesh links the search may take. */
  readonly links?: OffMeshLinks;
}

/** Options of {@link findPolygonPath}: a {@link NavQueryFilter} plus a work limit. */
export interface FindPolygonPathOptions extends NavQueryFilter {
  /** Stop after this many expansions with a partial path (`BudgetExhausted | Partial`). */
  readonly maxExpansions?: number;
}

/** Reusable search state for one mesh (typed arrays sized to its polygon count). Plain data. */
export interface NavMeshQuery {
  /** The mesh this state searches. */
  readonly mesh: NavMesh;
  /** Most polygons one search may touch; more ends the search with `BudgetExhausted | Partial`. */
  readonly maxNodes: number;
  /** @internal */ readonly g: Float64Array;
  /** @internal */ readonly posX: Float64Array;
  /** @internal */ readonly posY: Float64Array;
  /** @internal */ readonly parent: Int32Array;
  /** @internal */ readonly viaLink: Int32Array;
  /** @internal */ readonly stamp: Uint32Array;
  /** @internal */ readonly closed: Uint32Array;
  /** @internal */ readonly heap: IndexedHeap;
  /** @internal */ epoch: number;
  /** @internal */ touched: number;
  /** @internal */ best: number;
  /** @internal */ bestH: number;
}

/** Options of {@link createNavMeshQuery}. */
export interface CreateNavMeshQueryOptions {
  /** Node-pool capacity: most polygons one search may touch (default: all). */
  readonly maxNodes?: number;
}

/** Allocates the search state for `mesh` once; every query reuses it without allocating. */
export function createNavMeshQuery(mesh: NavMesh, options: CreateNavMeshQueryOptions = {}): NavMeshQuery {
  const n = Math.max(1, mesh.polyCount);
  const maxNodes = options.maxNodes ?? n;
  if (!Number.isInteger(maxNodes) || maxNodes < 1) throw navMeshError(NavMeshErrorCodes.BadInput, "createNavMeshQuery", `"maxNodes" must be a positive integer.`, { path: "maxNodes" });
  return {
    mesh,
    maxNodes,
    g: new Float64Array(n),
    posX: new Float64Array(n),
    posY: new Float64Array(n),
    parent: new Int32Array(n),
    viaLink: new Int32Array(n),
    stamp: new Uint32Array(n),
    closed: new Uint32Array(n),
    heap: createIndexedHeap(n),
    epoch: 0,
    touched: 0,
    best: -1,
    bestH: Infinity,
  };
}

/** Area cost of polygon `p` under a filter, `Infinity` when the polygon is filtered out. @internal */
export function polygonCost(mesh: NavMesh, p: number, filter: NavQueryFilter | undefined): number {
  if (filter === undefined) return 1;
  const f = mesh.flags[p]!;
  if ((f & (filter.includeFlags ?? 0xffff)) === 0 || (f & (filter.excludeFlags ?? 0)) !== 0) return Infinity;
  let c = filter.areaCosts ? filter.areaCosts[mesh.areas[p]!]! : 1;
  if (filter.polyCost) c *= filter.polyCost(p);
  return c;
}

/** Smallest multiplier the filter can apply (for an admissible heuristic). @internal */
export function minCost(filter: NavQueryFilter | undefined): number {
  if (!filter?.areaCosts) return 1;
  let m = Infinity;
  for (let i = 0; i < NAVMESH_AREA_COUNT; i++) {
    const c = filter.areaCosts[i];
    if (typeof c !== "number" || Number.isNaN(c) || c < 0) throw navMeshError(NavMeshErrorCodes.BadInput, "findPolygonPath", `areaCosts[${i}] is ${String(c)}; give 64 costs ≥ 0.`, { path: `areaCosts[${i}]` });
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
 * corridor into points with `findStraightPath`.
 */
export function findPolygonPath(out: NavPath, query: NavMeshQuery, startPoly: number, sx: number, sy: number, goalPoly: number, gx: number, gy: number, options?: FindPolygonPathOptions): NavPath {
  const mesh = query.mesh;
  const fn = "findPolygonPath";
  if (!Number.isInteger(startPoly) || startPoly < 0 || startPoly >= mesh.polyCount) throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"startPoly" ${startPoly} is not a polygon of the query's mesh.`, { path: "startPoly" });
  if (!Number.isInteger(goalPoly) || goalPoly < 0 || goalPoly >= mesh.polyCount) throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"goalPoly" ${goalPoly} is not a polygon of the query's mesh.`, { path: "goalPoly" });
  if (!Number.isFinite(sx + sy + gx + gy)) throw navMeshError(NavMeshErrorCodes.BadInput, fn, "start and goal coordinates must be finite.");
  const hScale = minCost(options);
  const maxExp = options?.maxExpansions ?? Infinity;
  const links = options?.links;
  const stride = mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  const { g, posX, posY, parent, viaLink, stamp, closed, heap } = query;
  query.epoch = (query.epoch + 1) >>> 0;
  if (query.epoch === 0) {
    stamp.fill(0);
    closed.fill(0);
    query.epoch = 1;
  }
  const epoch = query.epoch;
  indexedHeapClear(heap);
  out.expanded = 0;
  out.flags = PathFlags.None;
  stamp[startPoly] = epoch;
  g[startPoly] = 0;
  posX[startPoly] = sx;
  posY[startPoly] = sy;
  parent[startPoly] = -1;
  viaLink[startPoly] = -1;
  indexedHeapPush(heap, startPoly, hypot2(gx - sx, gy - sy) * hScale);
  query.best = startPoly;
  query.bestH = hypot2(gx - sx, gy - sy);
  query.touched = 1;
  ctxOptions = options;
  ctxGoal = goalPoly;
  ctxNum[0] = gx;
  ctxNum[1] = gy;
  ctxNum[2] = hScale;
  let found = false, budget = false;
  while (heap.size > 0) {
    const cur = indexedHeapPop(heap);
    if (cur === goalPoly) {
      found = true;
      break;
    }
    closed[cur] = epoch;
    if (out.expanded >= maxExp) {
      budget = true;
      break;
    }
    out.expanded++;
    const cx = posX[cur]!, cy = posY[cur]!, cg = g[cur]!;
    const curCost = options === undefined ? 1 : polygonCost(mesh, cur, options);
    const n = mesh.polyVertCount[cur]!;
    for (let i = 0; i < n; i++) {
      const nb = mesh.neighbors[cur * stride + i]!;
      if (nb < 0 || closed[nb] === epoch) continue;
      const a = mesh.polyVerts[cur * stride + i]!, b = mesh.polyVerts[cur * stride + (i + 1 === n ? 0 : i + 1)]!;
      const mx = (v[2 * a]! + v[2 * b]!) / 2, my = (v[2 * a + 1]! + v[2 * b + 1]!) / 2;
      ctxNum[3] = mx;
      ctxNum[4] = my;
      ctxNum[5] = cg + hypot2(mx - cx, my - cy) * curCost;
      if (relax(query, cur, nb, -1)) {
        budget = true;
        break;
      }
    }
    if (budget) break;
    if (links) {
      for (let k = 0; k < links.count; k++) {
        if (!links.alive[k]) continue;
        let from: number, to: number, fx: number, fy: number, tx: number, ty: number;
        if (links.startPoly[k] === cur) {
          from = k;
          to = links.endPoly[k]!;
          fx = links.startX[k]!;
          fy = links.startY[k]!;
          tx = links.endX[k]!;
          ty = links.endY[k]!;
        } else if (links.bidirectional[k] && links.endPoly[k] === cur) {
          from = k;
          to = links.startPoly[k]!;
          fx = links.endX[k]!;
          fy = links.endY[k]!;
          tx = links.startX[k]!;
          ty = links.startY[k]!;
        } else continue;
        if (closed[to] === epoch) continue;
        ctxNum[3] = tx;
        ctxNum[4] = ty;
        ctxNum[5] = cg + hypot2(fx - cx, fy - cy) * curCost + links.cost[k]!;
        if (relax(query, cur, to, from)) {
          budget = true;
          break;
        }
      }
      if (budget) break;
    }
  }

  return writeCorridor(out, query, found ? goalPoly : query.best, found, budget);
}

/** Context of one running search, kept in module scope so relaxing a neighbor allocates nothing. */
let ctxOptions: FindPolygonPathOptions | undefined;
let ctxGoal = -1;
// Goal x, goal y, heuristic scale: a typed array, since module-level number variables box every write.
const ctxNum = new Float64Array(6); // [3..5]: the candidate position x, y and cost passed to relax (doubles passed as arguments to a call V8 does not inline are boxed)

function relax(query: NavMeshQuery, cur: number, nb: number, link: number): boolean {
  const mesh = query.mesh;
  const px = ctxNum[3]!, py = ctxNum[4]!, ng = ctxNum[5]!;
  const nbCost = ctxOptions === undefined ? 1 : polygonCost(mesh, nb, ctxOptions);
  if (nbCost === Infinity) return false;
  let total = ng;
  if (nb === ctxGoal) total += hypot2(ctxNum[0]! - px, ctxNum[1]! - py) * nbCost;
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
  const h = nb === ctxGoal ? 0 : hypot2(ctxNum[0]! - px, ctxNum[1]! - py);
  const f = total + h * ctxNum[2]!;
  if (query.heap.positions[nb]! < 0) {
    // Insert through the heap's `next` slot: a double passed to a non-inlined call is boxed.
    query.heap.next[0] = f;
    indexedHeapPushNext(query.heap, nb);
  } else {
    indexedHeapDecreaseKey(query.heap, nb, f);
  }
  if (h < query.bestH) {
    query.bestH = h;
    query.best = nb;
  }
  return false;
}

function writeCorridor(out: NavPath, query: NavMeshQuery, end: number, found: boolean, budget: boolean): NavPath {
  let count = 0;
  for (let p = end; p >= 0; p = query.parent[p]!) count++;
  out.length = count;
  let k = count - 1;
  for (let p = end; p >= 0; p = query.parent[p]!, k--) if (k < out.path.length) out.path[k] = p;
  out.cost = query.g[end]!;
  out.flags = found ? PathFlags.Found : PathFlags.Partial | (budget ? PathFlags.BudgetExhausted : PathFlags.NoPath);
  if (count > out.path.length) out.flags |= PathFlags.PathTruncated;
  return out;
}
