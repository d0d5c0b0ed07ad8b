import { assertFiniteArray, invalidArgument, indexedHeapPop, indexedHeapPushNext } from "@tactica/core";
import { Connectivity, type Grid } from "../model/grid";
import { beginQuery, cellOfPadded, type GridSearch } from "../query/grid-search";
import { hasGridLineOfSight } from "../model/line-of-sight";
import { lineOfSightPenalty } from "../model/segment-penalty";
import type { FlowFieldOptions } from "./flow-field";
import { isCornerBlocked } from "../internal/hot-path";

/**
 * An any-angle flow field towards one or more goals (plain data), built by
 * {@link computeThetaFlowField}: each reachable cell stores a *parent* cell — any cell it sees
 * ({@link hasGridLineOfSight}), not just one of its 8 neighbours — and the Euclidean length of the
 * straight-segment chain from the cell through its parents to a goal. Agents steer towards the
 * parent's centre, so directions are not limited to 8. Read it in O(1) per agent with
 * {@link thetaFlowFieldDirectionAt}.
 */
export interface ThetaFlowField {
  /** Columns of the grid. */
  readonly width: number;
  /** Rows of the grid. */
  readonly height: number;
  /**
   * Cost of the parent chain from each cell to its goal: its Euclidean length in cells plus,
   * with a congestion penalty, the penalty of every cell the chain's segments enter
   * ({@link lineOfSightPenalty}); 0 at goals, `Infinity` on blocked and unreachable cells.
   * Never more than the 8-connected {@link FlowField}'s integration value for the same penalty,
   * and strictly more than the parent's value.
   */
  readonly integration: Float64Array;
  /** Parent cell index (`y × width + x`) per cell, in line of sight; -1 at goals, blocked and unreachable cells. */
  readonly parent: Int32Array;
  /** Line-of-sight tests made by the last {@link computeThetaFlowField} (a diagnostic). */
  losChecks: number;
  /** Node expansions made by the last {@link computeThetaFlowField}, re-expansions included (a diagnostic). */
  expanded: number;
}

/**
 * Allocates a {@link ThetaFlowField} for `grid` (12 bytes per cell). Fill it with {@link computeThetaFlowField}.
 *
 * @param grid - the grid the field is for; only its `width` and `height` are read (the grid is not kept)
 */
export function createThetaFlowField(grid: Grid): ThetaFlowField {
  const n = grid.width * grid.height;
  const parent = new Int32Array(n);
  parent.fill(-1);
  const integration = new Float64Array(n);
  integration.fill(Infinity);
  return { width: grid.width, height: grid.height, integration, parent, losChecks: 0, expanded: 0 };
}

function paddedDist(pw: number, a: number, b: number): number {
  const ay = (a / pw) | 0;
  const by = (b / pw) | 0;
  const dx = a - ay * pw - (b - by * pw);
  const dy = ay - by;
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Fills `field` for `goals` (cell indices) with the Theta*-based flow field of Pentheny
 * ("Advanced Techniques for Robust, Efficient Crowds"): a multi-source Dijkstra from the goals
 * with Theta*'s parent rule — when cell `p` (whose parent is `pp`) relaxes a neighbour `q`, `q`
 * takes `pp` as its parent if `pp` sees `q` (cost `g(pp) + |pp q|`), else `p` (cost
 * `g(p) + 1` or `√2`). The field is smoothed while it is generated, with one line-of-sight test
 * per relaxation instead of a post-smoothing pass per agent. A cell whose cost drops after it was
 * expanded is expanded again, so at the end every cell's cost is at most any neighbour's plus
 * the step: the field's costs never exceed the 8-connected {@link computeFlowField}'s. The
 * integration values are then recomputed as the exact cost of each parent chain.
 *
 * Congestion (Pentheny's chapter): optional `penalty`, the same per-cell input as
 * {@link computeFlowField}'s (a value ≥ 0 per cell; negative counts as 0), is paid once for
 * every cell a path *enters*. Along a line-of-sight segment that means the sum over the cells
 * the segment's interior crosses, end cell included ({@link lineOfSightPenalty}, computed in
 * the same walk as the line-of-sight test), so a one-cell step pays what the 8-connected field
 * charges and a penalised corridor is avoided when a cheaper detour exists, while still taken
 * when it stays the cheapest route. A shortcut via the grandparent is only taken when its length
 * plus penalty is no more than the step via the parent. An all-zero penalty gives exactly the
 * field without one.
 *
 * Needs an 8-connected grid without terrain costs (like {@link findPathThetaStar}); blocked
 * goals are ignored; the corner rule applies to moves and to line of sight. Time
 * O(V log V × line length) in practice, no allocation (reuses `search`).
 *
 * @param field - the any-angle field to fill, written in place (`integration`, `parent`, `losChecks`, `expanded`); must have been created for a grid of this size
 * @param search - the reusable search state of the grid (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` (8-connected, uniform cost) is the grid read
 * @param goals - the goal cells as indices `y × width + x` (read); blocked goals are ignored
 * @param options - `penalty`: optional congestion penalty, one finite value per cell (`y × width + x`)
 * @throws TacticaError `INVALID_ARGUMENT` when `field` was made for another grid size, a goal is
 *   not a cell index, the grid is 4-connected or has terrain costs, or `penalty` is short or
 *   holds a non-finite value.
 */
export function computeThetaFlowField(field: ThetaFlowField, search: GridSearch, goals: ArrayLike<number>, options?: FlowFieldOptions): void {
  const penalty = options?.penalty;
  const where = "@tactica/grid: computeThetaFlowField";
  const grid = search.grid;
  if (field.width !== grid.width || field.height !== grid.height)
    invalidArgument(where, "field", "was created for another grid size", "Create it with createThetaFlowField(grid).");
  if (grid.connectivity !== Connectivity.Eight)
    invalidArgument(where, "grid.connectivity", "must be 8 for an any-angle field", "Create the grid with connectivity 8, or use computeFlowField.");
  if (grid.cost !== null)
    invalidArgument(where, "grid.cost", "is set, but the Theta* field needs a uniform-cost grid", "Use computeFlowField with terrain costs.");
  const n = grid.width * grid.height;
  if (penalty !== undefined) {
    if (penalty.length < n) invalidArgument(where, "penalty", `has ${penalty.length} entries, fewer than ${n} cells`, "Pass one value per cell.");
    assertFiniteArray(where, "penalty", penalty);
  }
  const stamp = beginQuery(search);
  const { open, g, parent, seen, closed, heap, offsets, pw } = search;
  // With a penalty, the integration array first memoises each cell's segment penalty (set with
  // its parent), so the final chain costs need no second walk along the segments.
  const integ = field.integration;
  const w = grid.width;
  const corner = grid.cornerCutting;
  for (let i = 0; i < goals.length; i++) {
    const c = goals[i]!;
    if (!Number.isInteger(c) || c < 0 || c >= n)
      invalidArgument(where, `goals[${i}]`, `must be a cell index in [0, ${n - 1}] but is ${c}`, "Pass y * width + x.");
    const x = c % w;
    const y = (c - x) / w;
    const p = (y + 1) * pw + x + 1;
    if (open[p] !== 1) continue;
    g[p] = 0;
    parent[p] = -1;
    seen[p] = stamp;
    heap.next[0] = 0;
    indexedHeapPushNext(heap, p);
  }
  let losChecks = 0;
  let expanded = 0;
  for (;;) {
    const p = indexedHeapPop(heap);
    if (p < 0) break;
    closed[p] = stamp;
    expanded++;
    const gp = g[p]!;
    const pp = parent[p]!;
    const ppy = (pp / pw) | 0;
    const ppx = pp - ppy * pw - 1;
    // Penalty of entering p, paid by every neighbour that steps onto it.
    let penP = 0;
    if (penalty !== undefined) {
      const v = penalty[cellOfPadded(search, p)]!;
      if (v > 0) penP = v;
    }
    for (let d = 0; d < 8; d++) {
      const q = p + offsets[d]!;
      if (open[q] !== 1) continue;
      if ((d & 1) === 1) {
        const a = open[p + offsets[(d + 7) & 7]!]!;
        const b = open[p + offsets[(d + 1) & 7]!]!;
        if (isCornerBlocked(corner, a, b)) continue;
      }
      let ng = gp + ((d & 1) === 1 ? Math.SQRT2 : 1) + penP;
      let par = p;
      let penPp = 0;
      if (pp !== -1) {
        let viaPp = g[pp]! + paddedDist(pw, pp, q);
        // Only worth a line-of-sight test if it can improve on q's current cost (the penalty
        // only adds); ties (collinear cells) prefer pp, as in Theta*, so straight runs keep one
        // parent.
        if (viaPp <= ng + 1e-12 && (seen[q] !== stamp || viaPp < g[q]! - 1e-12)) {
          const qy = (q / pw) | 0;
          losChecks++;
          if (penalty === undefined) {
            if (hasGridLineOfSight(grid, ppx, ppy - 1, q - qy * pw - 1, qy - 1)) {
              ng = Math.min(ng, viaPp);
              par = pp;
            }
          } else {
            const pen = lineOfSightPenalty(grid, penalty, q - qy * pw - 1, qy - 1, ppx, ppy - 1);
            viaPp += pen;
            if (pen >= 0 && viaPp <= ng + 1e-12) {
              ng = Math.min(ng, viaPp);
              par = pp;
              penPp = pen;
            }
          }
        }
      }
      if (seen[q] === stamp && ng >= g[q]! - 1e-12) continue;
      seen[q] = stamp;
      g[q] = ng;
      parent[q] = par;
      if (penalty !== undefined) integ[cellOfPadded(search, q)] = par === p ? penP : penPp;
      heap.next[0] = ng;
      indexedHeapPushNext(heap, q); // re-opens q if it was closed: its cost dropped
    }
  }
  // Export parents and recompute the integration as the exact chain length (costs only fall,
  // so a stored g may exceed its chain's length; g strictly decreases along parents: no cycles).
  const out = field.parent;
  out.fill(-1, 0, n);
  if (penalty === undefined) integ.fill(Infinity, 0, n);
  // `done` (the search's direction scratch, padded) marks cells whose chain cost is final when a
  // penalty memo sits in `integ`; without a penalty `integ !== Infinity` does that.
  const done = search.dir;
  const h = grid.height;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const pc = (y + 1) * pw + x + 1;
      if (seen[pc] !== stamp) {
        if (penalty !== undefined) integ[y * w + x] = Infinity;
        continue;
      }
      const par = parent[pc]!;
      out[y * w + x] = par === -1 ? -1 : cellOfPadded(search, par);
      if (par === -1) integ[y * w + x] = 0;
      done[pc] = par === -1 ? 1 : 0;
    }
  }
  const stack = search.queue;
  if (penalty === undefined) {
    for (let c = 0; c < n; c++) {
      if (out[c] === -1 || integ[c] !== Infinity) continue;
      let top = 0;
      let k = c;
      while (integ[k] === Infinity) {
        stack[top++] = k;
        k = out[k]!;
      }
      while (top > 0) {
        const child = stack[--top]!;
        const dx = (child % w) - (k % w);
        const dy = ((child / w) | 0) - ((k / w) | 0);
        integ[child] = integ[k]! + Math.sqrt(dx * dx + dy * dy);
        k = child;
      }
    }
  } else {
    for (let c = 0; c < n; c++) {
      if (out[c] === -1) continue;
      let top = 0;
      let k = c;
      while (done[pw + k + 2 * ((k / w) | 0) + 1] === 0) {
        stack[top++] = k;
        k = out[k]!;
      }
      while (top > 0) {
        const child = stack[--top]!;
        const dx = (child % w) - (k % w);
        const dy = ((child / w) | 0) - ((k / w) | 0);
        // Length plus the memoised penalty of the segment child → parent.
        integ[child] = integ[k]! + Math.sqrt(dx * dx + dy * dy) + integ[child]!;
        done[pw + child + 2 * ((child / w) | 0) + 1] = 1;
        k = child;
      }
    }
  }
  field.losChecks = losChecks;
  field.expanded = expanded;
}

/**
 * Writes into `out` the unit direction `{x, y}` from the centre of cell `(x, y)` towards the
 * centre of its parent in `field` (any angle; y grows downwards) and returns `true`; returns
 * `false` and writes `(0, 0)` at a goal, outside the grid, on blocked or unreachable cells.
 * O(1), no allocation.
 *
 * @param out - written in place: the unit direction from the cell's centre to its parent's centre (any angle, `y` grows downwards), or `(0, 0)` when the result is `false`
 * @param field - the any-angle field to read (filled by {@link computeThetaFlowField})
 * @param x - column position in cells; any number, floored to the cell (cell `c` covers `[c, c + 1)`)
 * @param y - row position in cells; any number, floored to the cell
 */
export function thetaFlowFieldDirectionAt(out: { x: number; y: number }, field: ThetaFlowField, x: number, y: number): boolean {
  const cx = Math.floor(x);
  const cy = Math.floor(y);
  const w = field.width;
  const par = cx < 0 || cy < 0 || cx >= w || cy >= field.height ? -1 : field.parent[cy * w + cx]!;
  if (par < 0) {
    out.x = 0;
    out.y = 0;
    return false;
  }
  const dx = (par % w) - cx;
  const dy = ((par / w) | 0) - cy;
  const len = Math.sqrt(dx * dx + dy * dy);
  out.x = dx / len;
  out.y = dy / len;
  return true;
}
