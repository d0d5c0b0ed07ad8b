import { invalidArgument, indexedHeapPushNext, indexedHeapPop } from "@tactica/core";
import { Connectivity } from "../model/grid";
import { beginQuery, checkEndpoints, paddedIndex, writeFoundPath, writeNoPath, type GridPath, type GridSearch } from "../query/grid-search";
import { hasGridLineOfSight } from "../model/line-of-sight";
import { isCornerBlocked, TIE } from "../internal/hot-path";

function los(search: GridSearch, a: number, b: number): boolean {
  const pw = search.pw;
  const ay = (a / pw) | 0;
  const by = (b / pw) | 0;
  return hasGridLineOfSight(search.grid, a - ay * pw - 1, ay - 1, b - by * pw - 1, by - 1);
}

/** Options of {@link findPathThetaStar}. */
export interface ThetaStarOptions {
  /** Lazy Theta*: line of sight assumed at generation, checked once at expansion (default false). */
  readonly lazy?: boolean | undefined;
}

/**
 * Theta* (Nash & Koenig): any-angle search on the cell centres of an 8-connected, uniform-cost
 * grid. It is A* with the Euclidean heuristic where a node may take its parent's parent as
 * parent when they see each other ({@link hasGridLineOfSight}), so paths are chains of straight
 * segments in any direction. Paths are never longer than the A* (octile) path and typically
 * ~4 % shorter; not guaranteed shortest in the continuous plane. Writes the waypoints into `out`
 * (`out.cost` is the Euclidean length). `lazy = true` runs Lazy Theta*: line of sight is assumed
 * when a node is generated and checked once when it is expanded (far fewer checks).
 * No allocation per query.
 *
 * @param out - the caller-owned result, written and returned; `path` holds the waypoints (cell indices `y * width + x`, joined by straight segments between cell centres) and `cost` their Euclidean length in cells
 * @param search - the reusable search state (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` (8-connected, uniform cost) is the grid searched
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 * @param options - `lazy`: `true` runs Lazy Theta* (line of sight checked once per expansion); omitted or `false` runs Theta*
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid, a 4-connected grid or a
 *   grid with terrain costs.
 */
export function findPathThetaStar(out: GridPath, search: GridSearch, sx: number, sy: number, gx: number, gy: number, options?: ThetaStarOptions): GridPath {
  const lazy = options?.lazy === true;
  const where = "@tactica/grid: findPathThetaStar";
  const grid = search.grid;
  checkEndpoints(where, grid, sx, sy, gx, gy);
  if (grid.connectivity !== Connectivity.Eight)
    invalidArgument(where, "grid.connectivity", "must be 8 for any-angle search", "Create the grid with connectivity 8.");
  if (grid.cost !== null) invalidArgument(where, "grid.cost", "is set, but Theta* needs a uniform-cost grid", "Use findPathAStar with terrain costs.");
  const stamp = beginQuery(search);
  const { open, g, parent, seen, closed, heap, offsets, pw } = search;
  const corner = grid.cornerCutting;
  const start = paddedIndex(search, sx, sy);
  const goal = paddedIndex(search, gx, gy);
  if (open[start] !== 1 || open[goal] !== 1) {
    writeNoPath(out, 0, 0);
    return out;
  }
  g[start] = 0;
  parent[start] = -1;
  seen[start] = stamp;
  const goalY = (goal / pw) | 0;
  const goalX = goal - goalY * pw;
  heap.next[0] = 0; // alone in the heap: its priority is irrelevant
  indexedHeapPushNext(heap, start);
  let expanded = 0;
  let generated = 1;
  const tie = TIE; // read the shared constant once: a local in the loop
  for (;;) {
    const p = indexedHeapPop(heap);
    if (p < 0) break;
    if (lazy && parent[p] !== -1 && !los(search, parent[p]!, p)) {
      // Lazy Theta*: the assumed line of sight fails; take the best closed neighbour as parent.
      let best = Infinity;
      let bestParent = -1;
      for (let d = 0; d < 8; d++) {
        const q = p + offsets[d]!;
        if (closed[q] !== stamp) continue;
        if ((d & 1) === 1) {
          const a = open[p + offsets[(d + 7) & 7]!]!;
          const b = open[p + offsets[(d + 1) & 7]!]!;
          if (isCornerBlocked(corner, a, b)) continue;
        }
        const c = g[q]! + ((d & 1) === 1 ? Math.SQRT2 : 1);
        if (c < best) {
          best = c;
          bestParent = q;
        }
      }
      parent[p] = bestParent;
      g[p] = best;
    }
    if (p === goal) {
      writeFoundPath(search, goal, out, expanded, generated);
      return out;
    }
    closed[p] = stamp;
    expanded++;
    const pp = parent[p]!;
    for (let d = 0; d < 8; d++) {
      const q = p + offsets[d]!;
      if (open[q] !== 1 || closed[q] === stamp) continue;
      if ((d & 1) === 1) {
        const a = open[p + offsets[(d + 7) & 7]!]!;
        const b = open[p + offsets[(d + 1) & 7]!]!;
        if (isCornerBlocked(corner, a, b)) continue;
      }
      let ng: number;
      let par: number;
      if (pp !== -1 && (lazy || los(search, pp, q))) {
        // Euclidean |pp q| written out: a fraction returned by a call V8 does not inline is
        // boxed, and with the line-of-sight calls this loop exceeds the inlining budget.
        const ay = (pp / pw) | 0;
        const by = (q / pw) | 0;
        const dx = pp - ay * pw - (q - by * pw);
        const dy = ay - by;
        ng = g[pp]! + Math.sqrt(dx * dx + dy * dy);
        par = pp;
      } else {
        ng = g[p]! + ((d & 1) === 1 ? Math.SQRT2 : 1);
        par = p;
      }
      if (seen[q] === stamp && ng >= g[q]! - 1e-12) continue;
      seen[q] = stamp;
      g[q] = ng;
      parent[q] = par;
      const qy = (q / pw) | 0;
      const hx = q - qy * pw - goalX;
      const hy = qy - goalY;
      const h = Math.sqrt(hx * hx + hy * hy);
      heap.next[0] = ng + h + h * tie;
      indexedHeapPushNext(heap, q);
      generated++;
    }
  }
  writeNoPath(out, expanded, generated);
  return out;
}
