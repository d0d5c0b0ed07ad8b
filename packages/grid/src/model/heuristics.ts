import { octileDelta } from "../internal/hot-path";

/**
 * Distance estimates for A* on grids (codes passed to {@link findPathAStar}). All are admissible
 * for the grids they are named after when costs are ≥ 1 (solvers scale them by the smallest
 * terrain cost otherwise):
 * - `Manhattan` — |dx| + |dy|, exact on open 4-connected grids; inadmissible on 8-connected ones.
 * - `Octile` — max + (√2 − 1) × min, exact on open 8-connected grids.
 * - `Euclidean` — straight-line distance; admissible on both, weaker.
 * - `Chebyshev` — max(|dx|, |dy|); admissible on both, weaker than octile.
 * - `Zero` — 0: A* becomes Dijkstra.
 */
export const Heuristics = {
  /** |dx| + |dy|. */
  Manhattan: 0,
  /** max(|dx|,|dy|) + (√2 − 1) min(|dx|,|dy|). */
  Octile: 1,
  /** √(dx² + dy²). */
  Euclidean: 2,
  /** max(|dx|, |dy|). */
  Chebyshev: 3,
  /** Always 0 (Dijkstra). */
  Zero: 4,
} as const;

/** One of the values of {@link Heuristics}. */
export type HeuristicValue = (typeof Heuristics)[keyof typeof Heuristics];

/**
 * Octile distance between two cells (8-connected, √2 diagonals, no obstacles). O(1).
 *
 * @param ax - column of the first cell (cells)
 * @param ay - row of the first cell (cells)
 * @param bx - column of the second cell (cells)
 * @param by - row of the second cell (cells)
 */
export function octileDistance(ax: number, ay: number, bx: number, by: number): number {
  const dx = Math.abs(ax - bx);
  const dy = Math.abs(ay - by);
  return octileDelta(dx, dy);
}

/**
 * Evaluates heuristic `kind` for the offset `(dx, dy)` (absolute values). O(1).
 *
 * @param kind - which estimate: a {@link Heuristics} value (an unknown value gives 0, like `Zero`)
 * @param dx - column offset in cells (sign ignored)
 * @param dy - row offset in cells (sign ignored)
 */
export function heuristicDistance(kind: HeuristicValue, dx: number, dy: number): number {
  dx = Math.abs(dx);
  dy = Math.abs(dy);
  switch (kind) {
    case 0:
      return dx + dy;
    case 1:
      return octileDelta(dx, dy);
    case 2:
      return Math.sqrt(dx * dx + dy * dy);
    case 3:
      return dx > dy ? dx : dy;
    default:
      return 0;
  }
}
