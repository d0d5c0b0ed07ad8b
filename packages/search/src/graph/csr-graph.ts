import { assertFinite, assertInteger, describeValue, invalidArgument } from "@tactica/core";
import type { SearchDomain } from "./domain";

/**
 * A compact integer graph in compressed-sparse-row form: the out-edges of node `n` are
 * `targets[offsets[n] .. offsets[n + 1])` with weights at the same indices. Plain data (typed
 * arrays only), `structuredClone`/transfer safe. Build with {@link createCsrGraph}; search it with
 * any algorithm through {@link csrDomain}.
 *
 * Memory: 4 bytes per node + 12 bytes per stored edge (undirected edges are stored twice).
 */
export interface CsrGraph {
  /** Number of nodes; ids are `0 .. nodeCount - 1`. */
  readonly nodeCount: number;
  /** Number of stored (directed) edges: `targets.length`. */
  readonly edgeCount: number;
  /** Row offsets, length `nodeCount + 1`. */
  readonly offsets: Int32Array;
  /** Edge targets, length `edgeCount`. */
  readonly targets: Int32Array;
  /** Edge weights (finite, `>= 0`), parallel to {@link CsrGraph.targets}. */
  readonly weights: Float64Array;
  /** Largest out-degree of any node. */
  readonly maxDegree: number;
}

/** Options of {@link createCsrGraph}. */
export interface CsrGraphOptions {
  /** Weight of each edge, parallel to `from`/`to` (finite, `>= 0`; default 1 for every edge). */
  readonly weights?: ArrayLike<number>;
  /** `true` (default): each edge `(from, to)` is one-way. `false`: it is stored in both directions. */
  readonly directed?: boolean;
  /**
   * Most nodes accepted (default 2^24 = 16,777,216: three Int32 arrays of 64 MB, built in well under
   * a second). A larger `nodeCount` is refused before anything is allocated; raise it for bigger graphs.
   */
  readonly maxNodes?: number;
}

/** Default of {@link CsrGraphOptions.maxNodes}. */
const CSR_MAX_NODES = 1 << 24;

/**
 * Builds a {@link CsrGraph} from an edge list: `from[i] → to[i]` with weight `options.weights[i]`
 * (default 1 when `weights` is omitted). Edge order within a node follows input order.
 * O(nodes + edges).
 *
 * @throws TacticaError `INVALID_ARGUMENT` for mismatched lengths, ids outside `[0, nodeCount)`, or
 * weights that are negative or not finite (the message names the first bad index).
 *
 * @example
 * ```ts
 * // 0 → 1 → 3 costs 2, 0 → 2 → 3 costs 6.
 * const graph = createCsrGraph(4, [0, 1, 0, 2], [1, 3, 2, 3], { weights: [1, 1, 5, 1] });
 * const result = createPathResult(4);
 * dijkstra(result, csrDomain(graph), createSearchContext(4, graph.maxDegree), 0, { goal: 3 });
 * // result.path.subarray(0, result.length) = [0, 1, 3], result.cost = 2
 * ```
 */
export function createCsrGraph(nodeCount: number, from: ArrayLike<number>, to: ArrayLike<number>, options: CsrGraphOptions = {}): CsrGraph {
  const where = "@tactica/search: createCsrGraph";
  if (typeof options !== "object" || options === null || Array.isArray(options))
    invalidArgument(where, "options", `must be an object but is ${describeValue(options)}`, "Pass { weights, directed } or leave it out.");
  const weights = options.weights;
  const maxNodes = options.maxNodes ?? CSR_MAX_NODES;
  assertInteger(where, "options.maxNodes", maxNodes, 0, 0x40000000);
  if (typeof nodeCount === "number" && Number.isInteger(nodeCount) && nodeCount > maxNodes)
    invalidArgument(
      where,
      "nodeCount",
      `is ${nodeCount}, more than options.maxNodes (${maxNodes})`,
      "Raise options.maxNodes for a graph this big, or check the count.",
    );
  assertInteger(where, "nodeCount", nodeCount, 0, maxNodes);
  const arrayLike = (v: unknown): v is ArrayLike<unknown> => typeof v === "object" && v !== null;
  if (!arrayLike(from) || typeof from.length !== "number")
    invalidArgument(where, "from", `must be an array of node ids but is ${describeValue(from)}`, "Pass an array or typed array.");
  if (!arrayLike(to) || typeof to.length !== "number")
    invalidArgument(where, "to", `must be an array of node ids but is ${describeValue(to)}`, "Pass an array or typed array.");
  if (weights !== undefined && (!arrayLike(weights) || typeof weights.length !== "number"))
    invalidArgument(where, "options.weights", `must be an array of edge weights but is ${describeValue(weights)}`, "Pass an array or typed array.");
  const m = from.length;
  if (to.length !== m || (weights !== undefined && weights.length !== m)) {
    invalidArgument(where, "from/to/weights", `have lengths ${m}, ${to.length}, ${weights?.length ?? "-"}`, "Pass parallel arrays of equal length.");
  }
  const directed = options.directed ?? true;
  const edgeCount = directed ? m : 2 * m;
  const degree = new Int32Array(nodeCount + 1);
  for (let i = 0; i < m; i++) {
    const a = from[i]!;
    const b = to[i]!;
    if (!Number.isInteger(a) || a < 0 || a >= nodeCount) assertInteger(where, `from[${i}]`, a, 0, nodeCount - 1);
    if (!Number.isInteger(b) || b < 0 || b >= nodeCount) assertInteger(where, `to[${i}]`, b, 0, nodeCount - 1);
    if (weights !== undefined) {
      const w = weights[i]!;
      if (typeof w !== "number" || !(w >= 0) || w === Infinity) {
        assertFinite(where, `weights[${i}]`, w);
        invalidArgument(where, `weights[${i}]`, `must be >= 0 but is ${describeValue(w)}`, "Search needs non-negative edge costs.");
      }
    }
    degree[a]!++;
    if (!directed) degree[b]!++;
  }
  const offsets = new Int32Array(nodeCount + 1);
  let maxDegree = 0;
  for (let n = 0; n < nodeCount; n++) {
    const d = degree[n]!;
    if (d > maxDegree) maxDegree = d;
    offsets[n + 1] = offsets[n]! + d;
  }
  const fill = offsets.slice(0, nodeCount);
  const targets = new Int32Array(edgeCount);
  const w = new Float64Array(edgeCount);
  for (let i = 0; i < m; i++) {
    const a = from[i]!;
    const b = to[i]!;
    const wt = weights === undefined ? 1 : weights[i]!;
    let k = fill[a]!++;
    targets[k] = b;
    w[k] = wt;
    if (!directed) {
      k = fill[b]!++;
      targets[k] = a;
      w[k] = wt;
    }
  }
  return { nodeCount, edgeCount, offsets, targets, weights: w, maxDegree: Math.max(1, maxDegree) };
}

/**
 * The graph with every edge reversed (for backward search on directed graphs). O(nodes + edges).
 * @param graph - The directed graph to reverse; read only (weights are kept per edge).
 * @returns A new directed {@link CsrGraph} with an edge `b → a` for every edge `a → b`.
 */
export function reverseCsrGraph(graph: CsrGraph): CsrGraph {
  const from = new Int32Array(graph.edgeCount);
  for (let n = 0; n < graph.nodeCount; n++) {
    for (let e = graph.offsets[n]!; e < graph.offsets[n + 1]!; e++) from[e] = n;
  }
  return createCsrGraph(graph.nodeCount, graph.targets, from, { weights: graph.weights });
}

/** Options of {@link csrDomain}. */
export interface CsrDomainOptions {
  /** Admissible estimate of the cost `from → to` (e.g. Euclidean distance over node coordinates); default none (0). */
  readonly heuristic?: ((from: number, to: number) => number) | undefined;
  /**
   * The graph with every edge reversed ({@link reverseCsrGraph}), so bidirectional search can walk
   * a directed graph backwards; an undirected graph needs none.
   */
  readonly reverse?: CsrGraph | undefined;
}

/**
 * Wraps a {@link CsrGraph} as a {@link SearchDomain} (the domain reads the graph's arrays; no copy).
 * @param graph - The graph; kept by reference, its edge weights are the step costs.
 * @param options - `heuristic`: admissible cost estimate `from → to` in the weights' units
 *   (default none: Dijkstra); `reverse`: the reversed graph ({@link reverseCsrGraph}) giving the
 *   domain `predecessors` for bidirectional search on a directed graph (default none).
 * @returns A new domain; `maxDegree` covers both `graph` and `reverse`.
 */
export function csrDomain(graph: CsrGraph, options: CsrDomainOptions = {}): SearchDomain {
  const { heuristic, reverse } = options;
  const { offsets, targets, weights } = graph;
  const domain: {
    nodeCount: number;
    maxDegree: number;
    neighbors: SearchDomain["neighbors"];
    predecessors?: SearchDomain["neighbors"];
    heuristic?: (from: number, to: number) => number;
  } = {
    nodeCount: graph.nodeCount,
    maxDegree: Math.max(graph.maxDegree, reverse?.maxDegree ?? 1),
    neighbors(node, outNodes, outCosts) {
      const s = offsets[node]!;
      const e = offsets[node + 1]!;
      for (let i = s; i < e; i++) {
        outNodes[i - s] = targets[i]!;
        outCosts[i - s] = weights[i]!;
      }
      return e - s;
    },
  };
  if (heuristic !== undefined) domain.heuristic = heuristic;
  if (reverse !== undefined) {
    const ro = reverse.offsets;
    const rt = reverse.targets;
    const rw = reverse.weights;
    domain.predecessors = (node, outNodes, outCosts) => {
      const s = ro[node]!;
      const e = ro[node + 1]!;
      for (let i = s; i < e; i++) {
        outNodes[i - s] = rt[i]!;
        outCosts[i - s] = rw[i]!;
      }
      return e - s;
    };
  }
  return domain;
}
