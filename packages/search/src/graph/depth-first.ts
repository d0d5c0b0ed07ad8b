import { assertInteger, invalidArgument } from "@tactica/core";
import type { SearchDomain } from "./domain";
import { PathFlags } from "./flags";
import type { PathResult } from "./path-result";
import { resetPathResult, writeSingleNodePath } from "./path-result";
import { checkNode } from "./search-context";

/**
 * Working memory of the depth-first searches ({@link depthLimitedDfs}, {@link idaStar}): an
 * explicit stack of depth `maxDepth` with per-level neighbour buffers and an on-path stamp per
 * node id (cycle check along the current path). Create once with
 * {@link createDepthFirstContext}; queries allocate nothing.
 *
 * Memory: 4 bytes per node id + about `(maxDepth + 1) × (maxDegree × 12 + 24)` bytes.
 */
export interface DepthFirstContext {
  /** Number of node ids the context can hold. */
  readonly capacity: number;
  /** Deepest path (in edges) the stack holds. */
  readonly maxDepth: number;
  /** Largest neighbour count per node. */
  readonly maxDegree: number;
  /** Node at each depth of the current path. */
  readonly stackNodes: Int32Array;
  /** Cost from the start at each depth of the current path. */
  readonly stackCost: Float64Array;
  /** Number of neighbours stored per depth. */
  readonly stackCount: Int32Array;
  /** Next neighbour to try per depth. */
  readonly stackNext: Int32Array;
  /** Neighbour ids, `maxDegree` per depth. */
  readonly nbrNodes: Int32Array;
  /** Neighbour step costs, `maxDegree` per depth. */
  readonly nbrCosts: Float64Array;
  /** Scratch buffer for one neighbour call. */
  readonly scratchNodes: Int32Array;
  /** Scratch costs for one neighbour call. */
  readonly scratchCosts: Float64Array;
  /** On-path stamps per node id. */
  readonly onPath: Uint32Array;
  /** Current generation for {@link DepthFirstContext.onPath}. */
  generation: number;
  /** Work counters of the query in progress: `[0]` expansions, `[1]` 1 when the depth limit cut a branch. */
  readonly counters: Float64Array;
}

/**
 * Creates a {@link DepthFirstContext} for node ids `0 .. capacity - 1`, paths of up to `maxDepth`
 * edges and at most `maxDegree` neighbours per node (integers ≥ 1).
 * @param capacity - Number of node ids, an integer in [1, 2^30]: at least the domain's `nodeCount`.
 * @param maxDepth - Longest path searched, in edges, an integer in [1, 2^24]; deeper branches are cut.
 * @param maxDegree - Most neighbours of one node, an integer in [1, 2^20]: at least the domain's `maxDegree`.
 * @returns A new context, reusable for every depth-first query on domains that fit it.
 * @throws TacticaError `INVALID_ARGUMENT` when an argument is not an integer in range.
 */
export function createDepthFirstContext(capacity: number, maxDepth: number, maxDegree: number): DepthFirstContext {
  const where = "@tactica/search: createDepthFirstContext";
  assertInteger(where, "capacity", capacity, 1, 0x40000000);
  assertInteger(where, "maxDepth", maxDepth, 1, 0x1000000);
  assertInteger(where, "maxDegree", maxDegree, 1, 0x100000);
  const levels = maxDepth + 1;
  return {
    capacity,
    maxDepth,
    maxDegree,
    stackNodes: new Int32Array(levels),
    stackCost: new Float64Array(levels),
    stackCount: new Int32Array(levels),
    stackNext: new Int32Array(levels),
    nbrNodes: new Int32Array(levels * maxDegree),
    nbrCosts: new Float64Array(levels * maxDegree),
    scratchNodes: new Int32Array(maxDegree),
    scratchCosts: new Float64Array(maxDegree),
    onPath: new Uint32Array(capacity),
    generation: 0,
    counters: new Float64Array(2),
  };
}

function check(fn: string, domain: SearchDomain, ctx: DepthFirstContext, start: number, goal: number): void {
  if (ctx.capacity < domain.nodeCount || ctx.maxDegree < domain.maxDegree) {
    invalidArgument(
      `@tactica/search: ${fn}`,
      "ctx",
      `has capacity ${ctx.capacity} and maxDegree ${ctx.maxDegree} but the domain needs ${domain.nodeCount} and ${domain.maxDegree}`,
      "Create it with createDepthFirstContext(domain.nodeCount, maxDepth, domain.maxDegree).",
    );
  }
  checkNode(fn, "start", domain, start);
  checkNode(fn, "goal", domain, goal);
}

function nextGeneration(ctx: DepthFirstContext): number {
  ctx.generation = (ctx.generation + 1) >>> 0;
  if (ctx.generation === 0) {
    ctx.onPath.fill(0);
    ctx.generation = 1;
  }
  return ctx.generation;
}

function expandInto(domain: SearchDomain, ctx: DepthFirstContext, depth: number, node: number): void {
  const k = domain.neighbors(node, ctx.scratchNodes, ctx.scratchCosts);
  const base = depth * ctx.maxDegree;
  for (let i = 0; i < k; i++) {
    ctx.nbrNodes[base + i] = ctx.scratchNodes[i]!;
    ctx.nbrCosts[base + i] = ctx.scratchCosts[i]!;
  }
  ctx.stackCount[depth] = k;
  ctx.stackNext[depth] = 0;
}

function writeStackPath(ctx: DepthFirstContext, depth: number, last: number, cost: number, result: PathResult): void {
  const len = depth + 2;
  const path = result.path;
  for (let i = 0; i <= depth && i < path.length; i++) path[i] = ctx.stackNodes[i]!;
  if (depth + 1 < path.length) path[depth + 1] = last;
  result.length = len;
  result.cost = cost;
  result.flags = PathFlags.Found | (len > path.length ? PathFlags.PathTruncated : 0);
}

// One bounded depth-first pass. Returns the smallest f that exceeded `threshold` (Infinity if
// none), or -1 when the goal was found (result written), or -2 when the budget ran out.
// `counters[0]` accumulates expansions, `counters[1]` is set to 1 when the depth limit cut a branch.
function boundedPass(
  domain: SearchDomain,
  start: number,
  goal: number,
  ctx: DepthFirstContext,
  threshold: number,
  useH: boolean,
  budget: number,
  counters: Float64Array,
  result: PathResult,
): number {
  const h = useH ? domain.heuristic : undefined;
  const gen = nextGeneration(ctx);
  const { stackNodes, stackCost, stackCount, stackNext, nbrNodes, nbrCosts, onPath, maxDegree, maxDepth } = ctx;
  let next = Infinity;
  let depth = 0;
  stackNodes[0] = start;
  stackCost[0] = 0;
  onPath[start] = gen;
  expandInto(domain, ctx, 0, start);
  counters[0]!++;
  while (depth >= 0) {
    const idx = stackNext[depth]!;
    if (idx < stackCount[depth]!) {
      stackNext[depth] = idx + 1;
      const base = depth * maxDegree + idx;
      const m = nbrNodes[base]!;
      if (onPath[m] === gen) continue;
      const gm = stackCost[depth]! + nbrCosts[base]!;
      const f = h === undefined ? gm : gm + domain.heuristic!(m, goal);
      if (f > threshold) {
        if (f < next) next = f;
        continue;
      }
      if (m === goal) {
        writeStackPath(ctx, depth, m, gm, result);
        return -1;
      }
      if (depth + 1 >= maxDepth) {
        counters[1] = 1;
        continue;
      }
      if (counters[0]! >= budget) return -2;
      depth++;
      stackNodes[depth] = m;
      stackCost[depth] = gm;
      onPath[m] = gen;
      expandInto(domain, ctx, depth, m);
      counters[0]!++;
    } else {
      onPath[stackNodes[depth]!] = 0;
      depth--;
    }
  }
  return next;
}

/** Options of {@link depthLimitedDfs} and {@link idaStar}. */
export interface DepthFirstOptions {
  /** Maximum number of node expansions (default unlimited); exceeding it reports `BudgetExhausted`. */
  readonly maxExpansions?: number;
}

const EMPTY: DepthFirstOptions = {};

/**
 * Depth-first search for *a* path (not necessarily the cheapest) of at most `ctx.maxDepth`
 * edges, with cycle checking along the current path. Returns `Found`, or `NoPath` (with
 * `BudgetExhausted` when the depth limit cut branches off — a longer path may exist). Time
 * O(b^d) worst case; memory O(d · b); no allocation. A path longer than `out.path` sets
 * `PathTruncated`.
 *
 * @param out - The caller-owned result ({@link createPathResult}), overwritten and returned.
 * @param domain - The graph: `neighbors` with step costs (finite, ≥ 0); neighbours are tried in the order it writes them. Read only.
 * @param ctx - Working memory ({@link createDepthFirstContext}) sized for `domain`; its
 *   `maxDepth` caps the path length in edges. Overwritten.
 * @param start - Start node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param goal - Goal node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param options - `maxExpansions`: node expansions before giving up with `BudgetExhausted`
 *   (default unlimited).
 * @throws TacticaError `INVALID_ARGUMENT` when `ctx` is too small for `domain` or a node id is out of range.
 */
export function depthLimitedDfs(
  out: PathResult,
  domain: SearchDomain,
  ctx: DepthFirstContext,
  start: number,
  goal: number,
  options: DepthFirstOptions = EMPTY,
): PathResult {
  const result = out;
  check("depthLimitedDfs", domain, ctx, start, goal);
  resetPathResult(result);
  const counters = ctx.counters;
  counters[0] = 0;
  counters[1] = 0;
  if (start === goal) return writeSingleNodePath(result, start);
  const r = boundedPass(domain, start, goal, ctx, Infinity, false, options.maxExpansions ?? Infinity, counters, result);
  result.expanded = counters[0]!;
  if (r === -2) result.flags = PathFlags.BudgetExhausted;
  else if (r !== -1) result.flags = PathFlags.NoPath | (counters[1] === 1 ? PathFlags.BudgetExhausted : 0);
  return result;
}

/**
 * Iterative-deepening A* (Korf 1985): repeated depth-first passes bounded by `f = g + h`, the
 * bound rising each pass to the smallest `f` that exceeded it. Optimal for an admissible
 * heuristic, with memory linear in the path length — suited to huge implicit spaces. Each pass
 * checks cycles along the current path only, so graphs with many transpositions re-expand
 * nodes. Paths are limited to `ctx.maxDepth` edges (cut branches set `BudgetExhausted` if no path
 * is found). Each pass raises the bound to the next distinct `f`, so graphs with many distinct real
 * costs need many passes: bound the work with `maxExpansions`. A path longer than `out.path` sets
 * `PathTruncated`. No allocation.
 *
 * @param out - The caller-owned result ({@link createPathResult}), overwritten and returned.
 * @param domain - The graph: `neighbors` with step costs (finite, ≥ 0) and an admissible `heuristic` in the same units (none: iterative-deepening on cost). Read only.
 * @param ctx - Working memory ({@link createDepthFirstContext}) sized for `domain`; its
 *   `maxDepth` caps the path length in edges. Overwritten.
 * @param start - Start node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param goal - Goal node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param options - `maxExpansions`: node expansions before giving up with `BudgetExhausted`
 *   (default unlimited).
 * @throws TacticaError `INVALID_ARGUMENT` when `ctx` is too small for `domain` or a node id is out of range.
 */
export function idaStar(
  out: PathResult,
  domain: SearchDomain,
  ctx: DepthFirstContext,
  start: number,
  goal: number,
  options: DepthFirstOptions = EMPTY,
): PathResult {
  const result = out;
  check("idaStar", domain, ctx, start, goal);
  resetPathResult(result);
  const counters = ctx.counters;
  if (start === goal) return writeSingleNodePath(result, start);
  const budget = options.maxExpansions ?? Infinity;
  let threshold = domain.heuristic === undefined ? 0 : domain.heuristic(start, goal);
  counters[0] = 0;
  counters[1] = 0;
  for (;;) {
    const r = boundedPass(domain, start, goal, ctx, threshold, true, budget, counters, result);
    result.expanded = counters[0]!;
    if (r === -1) return result;
    if (r === -2) {
      result.flags = PathFlags.BudgetExhausted;
      return result;
    }
    if (r === Infinity) {
      result.flags = PathFlags.NoPath | (counters[1] === 1 ? PathFlags.BudgetExhausted : 0);
      return result;
    }
    threshold = r;
  }
}
