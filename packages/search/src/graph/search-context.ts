import { assertInteger, corruptState, createIndexedHeap, invalidArgument, type IndexedHeap } from "@tactica/core";
import type { SearchDomain } from "./domain";
import { PathFlags } from "./flags";
import type { PathResult } from "./path-result";
import { checkIndex } from "../internal/check-index";

/**
 * Reusable working memory of a best-first search (BFS, Dijkstra, A*, time-sliced A*) over node
 * ids `0 .. capacity - 1`. Create once per domain size with {@link createSearchContext}; each query
 * reuses it without clearing (a generation stamp marks which entries belong to the current query),
 * so queries allocate nothing.
 *
 * After a query, {@link SearchContext.g} and {@link SearchContext.parent} hold the search tree:
 * read them through {@link searchDistance}, {@link searchParent} and {@link extractPath}.
 *
 * Memory: about 34 bytes per node plus `maxDegree` × 12 bytes.
 */
export interface SearchContext {
  /** Number of node ids the context can hold. */
  readonly capacity: number;
  /** Best known cost from the source(s) per node; valid where `seen[node] === generation`. */
  readonly g: Float64Array;
  /** Parent of each reached node in the search tree (`-1` for a source). */
  readonly parent: Int32Array;
  /** Generation stamp per node: the node was reached in the current query. */
  readonly seen: Uint32Array;
  /** Generation stamp per node: the node was expanded (closed) in the current query. */
  readonly closed: Uint32Array;
  /** The current query's generation (incremented per query; stamps are cleared on wrap-around). */
  generation: number;
  /** The open list. */
  readonly open: IndexedHeap;
  /** FIFO queue for BFS (and scratch for path extraction). */
  readonly queue: Int32Array;
  /** Neighbour id buffer, length `maxDegree`. */
  readonly nbrNodes: Int32Array;
  /** Neighbour cost buffer, length `maxDegree`. */
  readonly nbrCosts: Float64Array;
}

/**
 * Creates a {@link SearchContext} for node ids `0 .. capacity - 1` whose domains write at most
 * `maxDegree` neighbours per node. Both are integers ≥ 1. O(capacity) time and memory, once.
 * @param capacity - Number of node ids, an integer in [1, 2^30]: at least the domain's `nodeCount`.
 * @param maxDegree - Most neighbours one node has, an integer in [1, 2^24]: at least the domain's
 *   `maxDegree` (sizes the neighbour buffers).
 * @returns A new context, reusable for every query on domains that fit it.
 * @throws TacticaError `INVALID_ARGUMENT` when either is not an integer in range.
 */
export function createSearchContext(capacity: number, maxDegree: number): SearchContext {
  const where = "@tactica/search: createSearchContext";
  assertInteger(where, "capacity", capacity, 1, 0x40000000);
  assertInteger(where, "maxDegree", maxDegree, 1, 0x1000000);
  return {
    capacity,
    g: new Float64Array(capacity),
    parent: new Int32Array(capacity),
    seen: new Uint32Array(capacity),
    closed: new Uint32Array(capacity),
    generation: 0,
    open: createIndexedHeap(capacity),
    queue: new Int32Array(capacity),
    nbrNodes: new Int32Array(maxDegree),
    nbrCosts: new Float64Array(maxDegree),
  };
}

/**
 * Starts a new query on a {@link SearchContext}: bumps the generation (clearing stamps on wrap) and
 * empties the open list. The searches of this package call it; call it yourself only when writing
 * your own search over a context. O(open list size).
 * @param ctx - The context to start a query on, changed in place; the previous query's tree
 *   becomes unreadable.
 */
export function beginSearchContextQuery(ctx: SearchContext): void {
  ctx.generation = (ctx.generation + 1) >>> 0;
  if (ctx.generation === 0) {
    ctx.seen.fill(0);
    ctx.closed.fill(0);
    ctx.generation = 1;
  }
  const open = ctx.open;
  for (let i = 0; i < open.size; i++) open.positions[open.ids[i]!] = -1;
  open.size = 0;
}

/**
 * Throws unless `ctx` fits `domain` (set-up misuse).
 *
 * @internal
 */
export function checkContext(fn: string, domain: SearchDomain, ctx: SearchContext): void {
  if (ctx.capacity < domain.nodeCount || ctx.nbrNodes.length < domain.maxDegree) {
    invalidArgument(
      `@tactica/search: ${fn}`,
      "ctx",
      `has capacity ${ctx.capacity} and maxDegree ${ctx.nbrNodes.length} but the domain needs ${domain.nodeCount} and ${domain.maxDegree}`,
      "Create the context with createSearchContext(domain.nodeCount, domain.maxDegree).",
    );
  }
}

/**
 * Throws unless `node` is a valid id of `domain`.
 *
 * @internal
 */
export function checkNode(fn: string, name: string, domain: SearchDomain, node: number): void {
  if (!Number.isInteger(node) || node < 0 || node >= domain.nodeCount) {
    invalidArgument(`@tactica/search: ${fn}`, name, `must be a node id in [0, ${domain.nodeCount - 1}] but is ${node}`, "Pass a node id of the domain.");
  }
}

/**
 * Cost from the source(s) to `node` found by the last query on `ctx`, or `Infinity` if it was not reached. O(1).
 * @param ctx - The context of the last query (after {@link bfs}: the step costs summed along the BFS tree path); read only.
 * @param node - Node id, an integer in `0 .. ctx.capacity − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` when `node` is not an integer in range.
 */
export function searchDistance(ctx: SearchContext, node: number): number {
  checkIndex("@tactica/search: searchDistance", "node", node, ctx.seen.length, "a node id");
  return ctx.seen[node] === ctx.generation ? ctx.g[node]! : Infinity;
}

/**
 * Parent of `node` in the last query's search tree, or `-1` for a source or an unreached node. O(1).
 * @param ctx - The context of the last query; read only.
 * @param node - Node id, an integer in `0 .. ctx.capacity − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` when `node` is not an integer in range.
 */
export function searchParent(ctx: SearchContext, node: number): number {
  checkIndex("@tactica/search: searchParent", "node", node, ctx.seen.length, "a node id");
  return ctx.seen[node] === ctx.generation ? ctx.parent[node]! : -1;
}

/**
 * Writes the tree path from the source to `node` (as found by the last query on `ctx`) into `out`:
 * `Found` with the node's cost, or `NoPath` if `node` was not reached; `PathTruncated` when the
 * path does not fit `out.path`. Read a Dijkstra or BFS tree with it. O(path length), no allocation.
 *
 * @param out - Result written in place and returned ({@link createPathResult}).
 * @param ctx - The context of the last query, whose tree is read; not changed.
 * @param node - The path's end node id, an integer in `0 .. ctx.capacity − 1`.
 * @returns `out`.
 * @throws TacticaError `INVALID_ARGUMENT` when `node` is not an integer in range.
 */
export function extractPath(out: PathResult, ctx: SearchContext, node: number): PathResult {
  checkIndex("@tactica/search: extractPath", "node", node, ctx.seen.length, "a node id");
  writeTreePath(out, ctx, node, PathFlags.Found);
  return out;
}

/**
 * {@link extractPath} with the flags to report for a reached node.
 *
 * @internal
 */
export function writeTreePath(result: PathResult, ctx: SearchContext, node: number, flags: number): void {
  if (node < 0 || ctx.seen[node] !== ctx.generation) {
    result.flags = PathFlags.NoPath;
    result.cost = Infinity;
    result.length = 0;
    return;
  }
  let len = 0;
  for (let n = node; n !== -1; n = ctx.parent[n]!)
    if (++len > ctx.parent.length)
      corruptState("@tactica/search: path reconstruction", `the parent chain from node ${node} is longer than the graph's ${ctx.parent.length} nodes`);
  const path = result.path;
  let i = len - 1;
  for (let n = node; n !== -1; n = ctx.parent[n]!, i--) if (i < path.length) path[i] = n;
  result.length = len;
  result.cost = ctx.g[node]!;
  result.flags = flags | (len > path.length ? PathFlags.PathTruncated : 0);
}
