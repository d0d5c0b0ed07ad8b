import { corruptState, indexedHeapPop, indexedHeapPush } from "@tactica/core";
import type { SearchDomain } from "./domain";
import { PathFlags } from "./flags";
import type { PathResult } from "./path-result";
import { resetPathResult, writeSingleNodePath } from "./path-result";
import { beginSearchContextQuery, checkContext, checkNode, writeTreePath, type SearchContext } from "./search-context";

/** Options of {@link bidirectionalAStar}. */
export interface BidirectionalOptions {
  /** Maximum number of expansions of both sides together (default unlimited). */
  readonly maxExpansions?: number;
}

const EMPTY: BidirectionalOptions = {};

function peekPriority(ctx: SearchContext): number {
  return ctx.open.size > 0 ? ctx.open.priorities[0]! : Infinity;
}

/**
 * Bidirectional A*: NBA* ("new bidirectional A*", Pijls & Post 2009), the algorithm ngraph.path
 * also uses. A forward search from `start` (priority `g + h(n, goal)`) and a backward search from
 * `goal` over predecessors (priority `g + h(start, n)`) run alternately, always on the side with
 * the smaller open list; a node taken by either side is never expanded by the other, and a node is
 * pruned when `g + h` or `g + F_other − h_other` shows it cannot improve the best meeting cost
 * `L`. The result is optimal for a *consistent* heuristic (with none it is bidirectional Dijkstra).
 *
 * Needs two contexts of the domain's size (`forward`, `backward`); no allocation per query. On a
 * directed domain supply `domain.predecessors`. A path longer than `out.path` sets `PathTruncated`.
 *
 * @param out - The caller-owned result ({@link createPathResult}), overwritten and returned.
 * @param domain - The graph: `neighbors`, `predecessors` on a directed graph, and an optional
 *   consistent `heuristic` (cost units of the steps). Read only.
 * @param forward - Working memory of the forward search, sized for `domain`; overwritten.
 * @param backward - Working memory of the backward search, sized for `domain`; a different
 *   context from `forward`. Overwritten.
 * @param start - Start node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param goal - Goal node id, an integer in `0 .. domain.nodeCount − 1`.
 * @param options - `maxExpansions`: budget of both sides together (default unlimited).
 * @returns `out`: `Found`, `NoPath` or `BudgetExhausted`.
 * @throws TacticaError `INVALID_ARGUMENT` when a context is too small for `domain` or a node id is out of range.
 */
export function bidirectionalAStar(
  out: PathResult,
  domain: SearchDomain,
  forward: SearchContext,
  backward: SearchContext,
  start: number,
  goal: number,
  options: BidirectionalOptions = EMPTY,
): PathResult {
  const result = out;
  checkContext("bidirectionalAStar", domain, forward);
  checkContext("bidirectionalAStar", domain, backward);
  checkNode("bidirectionalAStar", "start", domain, start);
  checkNode("bidirectionalAStar", "goal", domain, goal);
  resetPathResult(result);
  if (start === goal) return writeSingleNodePath(result, start);
  const budget = options.maxExpansions ?? Infinity;
  beginSearchContextQuery(forward);
  beginSearchContextQuery(backward);
  const h = domain.heuristic;
  const pred = domain.predecessors ?? domain.neighbors;
  const genF = forward.generation;
  const genB = backward.generation;
  // "Removed from the middle set": one shared stamp array (the forward context's).
  const done = forward.closed;
  const gF = forward.g;
  const gB = backward.g;
  const seenF = forward.seen;
  const seenB = backward.seen;
  const hStart = h === undefined ? 0 : domain.heuristic!(start, goal);
  seenF[start] = genF;
  gF[start] = 0;
  forward.parent[start] = -1;
  indexedHeapPush(forward.open, start, hStart);
  seenB[goal] = genB;
  gB[goal] = 0;
  backward.parent[goal] = -1;
  indexedHeapPush(backward.open, goal, hStart);
  let fF = hStart;
  let fB = hStart;
  let best = Infinity;
  let meet = -1;
  let expanded = 0;
  while (forward.open.size > 0 && backward.open.size > 0) {
    if (expanded >= budget) {
      result.expanded = expanded;
      result.flags = PathFlags.BudgetExhausted;
      return result;
    }
    const isForward = forward.open.size <= backward.open.size;
    const me = isForward ? forward : backward;
    const other = isForward ? backward : forward;
    const gMe = me.g;
    const gOther = other.g;
    const seenMe = me.seen;
    const seenOther = other.seen;
    const genMe = me.generation;
    const genOther = other.generation;
    // The popped priority is this side's f(x) = g(x) + h(x) (exact: stored when x was last improved).
    const fx = me.open.priorities[0]!;
    const x = indexedHeapPop(me.open);
    if (done[x] === genF) continue;
    done[x] = genF;
    const gx = gMe[x]!;
    // Prune when f(x) >= L, or when g(x) + F_other − h_other(x) >= L (h_other: estimate back to the other root).
    let prune = fx >= best;
    if (!prune && best < Infinity) {
      const hOther = h === undefined ? 0 : isForward ? domain.heuristic!(start, x) : domain.heuristic!(x, goal);
      prune = gx + (isForward ? fB : fF) - hOther >= best;
    }
    if (!prune) {
      expanded++;
      const k = isForward ? domain.neighbors(x, me.nbrNodes, me.nbrCosts) : pred.call(domain, x, me.nbrNodes, me.nbrCosts);
      for (let i = 0; i < k; i++) {
        const y = me.nbrNodes[i]!;
        if (done[y] === genF) continue;
        const gy = gx + me.nbrCosts[i]!;
        if (seenMe[y] === genMe && gy >= gMe[y]!) continue;
        seenMe[y] = genMe;
        gMe[y] = gy;
        me.parent[y] = x;
        const hy = h === undefined ? 0 : isForward ? domain.heuristic!(y, goal) : domain.heuristic!(start, y);
        indexedHeapPush(me.open, y, gy + hy);
        if (seenOther[y] === genOther) {
          const total = gy + gOther[y]!;
          if (total < best) {
            best = total;
            meet = y;
          }
        }
      }
    }
    const top = me.open.size > 0 ? peekPriority(me) : Infinity;
    if (isForward) fF = top;
    else fB = top;
  }
  result.expanded = expanded;
  if (meet === -1) {
    result.flags = PathFlags.NoPath;
    return result;
  }
  // Forward half: start → meet, then follow backward parents meet → goal.
  writeTreePath(result, forward, meet, PathFlags.Found);
  const path = result.path;
  let len = result.length;
  const nodes = backward.parent.length;
  for (let n = backward.parent[meet]!; n !== -1; n = backward.parent[n]!) {
    if (len > 2 * nodes) corruptState("@tactica/search: bidirectionalAStar", "the backward parent chain loops");
    if (len < path.length) path[len] = n;
    len++;
  }
  result.length = len;
  result.cost = best;
  result.flags = PathFlags.Found | (len > path.length ? PathFlags.PathTruncated : 0);
  return result;
}
