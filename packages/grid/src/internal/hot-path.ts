// Fragments every grid search loop shares, named once. They are tiny so V8 inlines them into the
// hot loops (the bench checks that nothing got slower: `pnpm bench:grid`).

/**
 * @internal
 * Tie-break nudge for the open list: among equal `f`, prefer the larger `g` (smaller `h`) by
 * adding `h × TIE` to the priority. It stays far below the smallest difference between two
 * distinct path costs `a + b√2` on grids up to 32768 a side.
 */
export const TIE = 1e-10;

/** @internal √2 − 1, the extra cost of a diagonal step over a straight one. */
export const SQRT2_MINUS_1 = Math.SQRT2 - 1;

/**
 * @internal
 * Octile distance of the offset `(dx, dy)`, both ≥ 0: `max + (√2 − 1) × min`. O(1).
 */
export function octileDelta(dx: number, dy: number): number {
  return dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx;
}

/**
 * @internal
 * The corner rule of a diagonal move: true when the move is forbidden, given the passability
 * (0 or 1) of the two side cells `a` and `b` it passes between. `corner` is a
 * {@link CornerCutting} value: 0 Never (both sides free), 1 IfOneSideFree, 2 Always.
 */
export function isCornerBlocked(corner: number, a: number, b: number): boolean {
  return corner === 0 ? (a & b) === 0 : corner === 1 ? (a | b) === 0 : false;
}
