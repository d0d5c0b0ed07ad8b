import { assertInteger, corruptState, invalidArgument } from "@tactica/core";
import { dijkstra } from "./dijkstra";
import type { SearchDomain } from "./domain";
import { createPathResult, type PathResult } from "./path-result";
import { createSearchContext, type SearchContext } from "./search-context";

/**
 * An all-pairs route table (search's next-hop table over any {@link SearchDomain}; grid's
 * `NextHopTable` is a different thing over waypoints, and returns `-1` for `from === to` where this
 * one returns `from`): `next[from * n + to]` is the first node after `from` on a
 * shortest route to `to` (`to` itself for a direct edge, `from` when `from === to`, `-1` when
 * unreachable) and `dist[from * n + to]` the route's cost (`Infinity` when unreachable). An
 * agent looks up (current, destination) each time it reaches a node: O(1) per step.
 *
 * Two ways to fill it:
 * - {@link computeRouteTable}: every row at once with Floyd–Warshall, O(n³) time — for small
 *   waypoint or region graphs (a few thousand nodes).
 * - {@link createLazyRouteTable}: rows filled on demand by one Dijkstra from the row's source
 *   the first time it is asked (chapter 31's next-hop cache), O((V + E) log V) per new source.
 *
 * Memory: 12 bytes × n² when full. Ties: Floyd–Warshall keeps the first route found (lowest
 * intermediate index); Dijkstra keeps the first parent settled. Both give shortest distances.
 */
export interface RouteTable {
  /** Number of nodes `n`. */
  readonly nodeCount: number;
  /** Row-major n × n distances (rows not yet filled in a lazy table hold `NaN`). */
  readonly dist: Float64Array;
  /** Row-major n × n first hops. */
  readonly next: Int32Array;
  /** `rowReady[from] === 1` when row `from` is filled. */
  readonly rowReady: Uint8Array;
  /** Number of rows filled so far. */
  rowsFilled: number;
}

const MAX_TABLE_NODES = 16384;

function allocateTable(where: string, n: number): RouteTable {
  assertInteger(where, "domain.nodeCount", n, 1, MAX_TABLE_NODES);
  const dist = new Float64Array(n * n);
  dist.fill(NaN);
  return { nodeCount: n, dist, next: new Int32Array(n * n).fill(-1), rowReady: new Uint8Array(n), rowsFilled: 0 };
}

/**
 * Fills a {@link RouteTable} for every pair with Floyd–Warshall. O(n³) time, O(n²) memory;
 * `n <= 16384` (but keep it to a few thousand: 2,000 nodes is 8·10⁹ steps… about 10 s).
 * @param domain - The graph, `nodeCount` in [1, 16384], with step costs ≥ 0 (distances come out
 *   in the same units); read only, not kept.
 * @returns A new, fully filled table.
 * @throws TacticaError `INVALID_ARGUMENT` when `domain.nodeCount` is not an integer in [1, 16384].
 */
export function computeRouteTable(domain: SearchDomain): RouteTable {
  const where = "@tactica/search: computeRouteTable";
  const n = domain.nodeCount;
  const table = allocateTable(where, n);
  const { dist, next } = table;
  dist.fill(Infinity);
  const nodes = new Int32Array(domain.maxDegree);
  const costs = new Float64Array(domain.maxDegree);
  for (let i = 0; i < n; i++) {
    dist[i * n + i] = 0;
    next[i * n + i] = i;
    const k = domain.neighbors(i, nodes, costs);
    for (let e = 0; e < k; e++) {
      const j = nodes[e]!;
      const w = costs[e]!;
      if (w < dist[i * n + j]!) {
        dist[i * n + j] = w;
        next[i * n + j] = j;
      }
    }
  }
  for (let k = 0; k < n; k++) {
    const rowK = k * n;
    for (let i = 0; i < n; i++) {
      const rowI = i * n;
      const dik = dist[rowI + k]!;
      if (dik === Infinity) continue;
      const hop = next[rowI + k]!;
      for (let j = 0; j < n; j++) {
        const d = dik + dist[rowK + j]!;
        if (d < dist[rowI + j]!) {
          dist[rowI + j] = d;
          next[rowI + j] = hop;
        }
      }
    }
  }
  table.rowReady.fill(1);
  table.rowsFilled = n;
  return table;
}

/**
 * A {@link RouteTable} whose rows are computed on first use by {@link lazyRouteNextHop}. Holds the
 * domain and a search context; the n² arrays are allocated up front, so queries never allocate.
 */
export interface LazyRouteTable extends RouteTable {
  /** The graph the rows are computed on. */
  readonly domain: SearchDomain;
  /** Working memory for the per-row Dijkstra. */
  readonly ctx: SearchContext;
  /** Scratch result for the per-row Dijkstra. */
  readonly scratch: PathResult;
}

/**
 * Creates an empty {@link LazyRouteTable} for `domain` (`nodeCount <= 16384`). O(n²) memory.
 * @param domain - The graph, `nodeCount` in [1, 16384], with step costs ≥ 0; kept by reference
 *   (rows are computed from it later, so do not change its edges afterwards).
 * @returns A new table with no row filled.
 * @throws TacticaError `INVALID_ARGUMENT` when `domain.nodeCount` is not an integer in [1, 16384].
 */
export function createLazyRouteTable(domain: SearchDomain): LazyRouteTable {
  const table = allocateTable("@tactica/search: createLazyRouteTable", domain.nodeCount);
  return { ...table, domain, ctx: createSearchContext(domain.nodeCount, domain.maxDegree), scratch: createPathResult(1) };
}

function fillRow(table: LazyRouteTable, from: number): void {
  const n = table.nodeCount;
  const ctx = table.ctx;
  dijkstra(table.scratch, table.domain, ctx, from);
  const { dist, next } = table;
  const row = from * n;
  const gen = ctx.generation;
  const stack = ctx.queue;
  for (let t = 0; t < n; t++) {
    if (ctx.seen[t] !== gen) {
      dist[row + t] = Infinity;
      next[row + t] = -1;
    }
  }
  dist[row + from] = 0;
  next[row + from] = from;
  for (let t = 0; t < n; t++) {
    if (ctx.seen[t] !== gen || next[row + t] !== -1) continue;
    // Walk up the tree to a node whose first hop is known (or a child of the root), then unwind.
    let top = 0;
    let v = t;
    while (next[row + v] === -1 && ctx.parent[v] !== from) {
      if (top === n) corruptState("@tactica/search: route table", "a shortest-path tree's parent chain loops");
      stack[top++] = v;
      v = ctx.parent[v]!;
    }
    const hop = next[row + v] === -1 ? v : next[row + v]!;
    next[row + v] = hop;
    dist[row + v] = ctx.g[v]!;
    while (top > 0) {
      const u = stack[--top]!;
      next[row + u] = hop;
      dist[row + u] = ctx.g[u]!;
    }
  }
  table.rowReady[from] = 1;
  table.rowsFilled++;
}

function checkPair(where: string, table: RouteTable, from: number, to: number): void {
  const n = table.nodeCount;
  if (!(from >= 0 && from < n && Number.isInteger(from)) || !(to >= 0 && to < n && Number.isInteger(to))) {
    invalidArgument(where, "from/to", `must be node ids in [0, ${n - 1}] but are ${from} and ${to}`, "Pass ids of the table's graph.");
  }
}

/**
 * First node after `from` on a shortest route to `to`, `from` when they are equal, `-1` when
 * `to` is unreachable. Fills row `from` first if needed. O(1) after the row is filled.
 * @param table - The lazy table ({@link createLazyRouteTable}); row `from` is filled in place on first use.
 * @param from - Node id where the route starts (the agent's current node), in `0 .. table.nodeCount − 1`.
 * @param to - Destination node id, in `0 .. table.nodeCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` when `from` or `to` is not a node id of the table.
 */
export function lazyRouteNextHop(table: LazyRouteTable, from: number, to: number): number {
  checkPair("@tactica/search: lazyRouteNextHop", table, from, to);
  if (table.rowReady[from] !== 1) fillRow(table, from);
  return table.next[from * table.nodeCount + to]!;
}

/**
 * Cost of the shortest route `from → to` (`Infinity` when unreachable); fills row `from` first if needed.
 * @param table - The lazy table ({@link createLazyRouteTable}); row `from` is filled in place on first use.
 * @param from - Node id where the route starts (the agent's current node), in `0 .. table.nodeCount − 1`.
 * @param to - Destination node id, in `0 .. table.nodeCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` when `from` or `to` is not a node id of the table.
 */
export function lazyRouteDistance(table: LazyRouteTable, from: number, to: number): number {
  checkPair("@tactica/search: lazyRouteDistance", table, from, to);
  if (table.rowReady[from] !== 1) fillRow(table, from);
  return table.dist[from * table.nodeCount + to]!;
}

/**
 * Next hop in a filled table ({@link computeRouteTable}); `-1` if unreachable or the row is not filled. O(1).
 * @param table - The route table; read only.
 * @param from - Node id where the route starts (the agent's current node), in `0 .. table.nodeCount − 1`.
 * @param to - Destination node id, in `0 .. table.nodeCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` when `from` or `to` is not a node id of the table.
 */
export function routeNextHop(table: RouteTable, from: number, to: number): number {
  checkPair("@tactica/search: routeNextHop", table, from, to);
  return table.next[from * table.nodeCount + to]!;
}

/**
 * Distance in a filled table; `Infinity` if unreachable, `NaN`-free: an unfilled row gives `Infinity`. O(1).
 * @param table - The route table; read only.
 * @param from - Node id where the route starts (the agent's current node), in `0 .. table.nodeCount − 1`.
 * @param to - Destination node id, in `0 .. table.nodeCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` when `from` or `to` is not a node id of the table.
 */
export function routeDistance(table: RouteTable, from: number, to: number): number {
  checkPair("@tactica/search: routeDistance", table, from, to);
  const d = table.dist[from * table.nodeCount + to]!;
  return d === d ? d : Infinity;
}
