/**
 * The implicit search domain every graph algorithm in `@tactica/search` runs on.
 *
 * Nodes are integer ids in `[0, nodeCount)`; the id *is* the node's key (a domain whose states are
 * not dense integers maps them to ids itself, e.g. a grid uses `y * width + x`). The domain never
 * allocates per query: it writes a node's successors and their step costs into caller-owned
 * buffers of length ≥ {@link SearchDomain.maxDegree}.
 *
 * Any object with these members works: a tile grid, a navmesh adjacency, a waypoint graph, or the
 * compact integer graph ({@link CsrGraph} through {@link csrDomain}). The functions are always
 * called with `this` set to the domain, so class instances with methods work too.
 *
 * @example
 * ```ts
 * // A 4-connected 10×10 open grid.
 * const W = 10;
 * const grid: SearchDomain = {
 *   nodeCount: W * W,
 *   maxDegree: 4,
 *   neighbors(n, outNodes, outCosts) {
 *     const x = n % W, y = (n / W) | 0;
 *     let k = 0;
 *     if (x > 0) { outNodes[k] = n - 1; outCosts[k++] = 1; }
 *     if (x < W - 1) { outNodes[k] = n + 1; outCosts[k++] = 1; }
 *     if (y > 0) { outNodes[k] = n - W; outCosts[k++] = 1; }
 *     if (y < W - 1) { outNodes[k] = n + W; outCosts[k++] = 1; }
 *     return k;
 *   },
 *   heuristic(a, b) { return Math.abs((a % W) - (b % W)) + Math.abs(((a / W) | 0) - ((b / W) | 0)); },
 * };
 * ```
 */
export interface SearchDomain {
  /** Number of node ids; valid ids are `0 .. nodeCount - 1`. Search contexts are sized by it. */
  readonly nodeCount: number;
  /** Upper bound on the number of successors {@link SearchDomain.neighbors} writes for any node. */
  readonly maxDegree: number;
  /**
   * Writes the successors of `node` into `outNodes[0..k)` and the cost of each step (finite,
   * `>= 0`) into `outCosts[0..k)`, and returns `k` (`<= maxDegree`). Must not allocate.
   */
  readonly neighbors: (node: number, outNodes: Int32Array, outCosts: Float64Array) => number;
  /**
   * Optional: the predecessors of `node` (nodes with an edge *into* `node`) and the cost of that
   * edge, same contract as {@link SearchDomain.neighbors}. Used by backward searches
   * (bidirectional A*). Omit it for undirected domains: the successors are used instead.
   */
  readonly predecessors?: (node: number, outNodes: Int32Array, outCosts: Float64Array) => number;
  /**
   * Optional admissible estimate of the cost from `from` to `to` (finite, `>= 0`, never more than
   * the true cost for optimal results; consistent for A* to expand each node once). Omitted: 0,
   * which turns A* into Dijkstra.
   */
  readonly heuristic?: (from: number, to: number) => number;
}
