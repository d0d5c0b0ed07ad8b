import { addAllDifferent, addAtLeast, addAtMost, addCspVariable, addEqual, addFixed, addForbidden, addNotEqual, createCsp } from "./model";
import type { Csp } from "./types";

/** The six block colours of chapter 26's level example, as value indices. */
export const LevelColor = {
  /** Red. */
  Red: 0,
  /** Green. */
  Green: 1,
  /** Blue. */
  Blue: 2,
  /** Cyan. */
  Cyan: 3,
  /** Magenta. */
  Magenta: 4,
  /** Yellow. */
  Yellow: 5,
} as const;

/**
 * Chapter 26's level-generation example: a 4 × 4 block of 16 tiles (`v0 … v15`, row by row),
 * each one of 6 colours (6^16 ≈ 2.8 · 10^12 candidate levels), with the chapter's constraint
 * catalogue: two blocks the same colour (v0 = v1), three blocks all different (v2, v3, v4), a
 * block must be blue (v5), a block cannot be green (v6), diagonal neighbours differ, at most four
 * blocks of each colour, at least three red. Allocates; solve it with
 * `solveCsp(out, createCspSolver(csp), { rng })` for a random valid level.
 */
export function createLevelColoringCsp(): Csp {
  const csp = createCsp(6);
  for (let i = 0; i < 16; i++) addCspVariable(csp, { name: `v${i}` });
  const all = Array.from({ length: 16 }, (_, i) => i);
  addEqual(csp, [0, 1]);
  addAllDifferent(csp, [2, 3, 4]);
  addFixed(csp, 5, LevelColor.Blue);
  addForbidden(csp, 6, LevelColor.Green);
  for (let y = 0; y < 3; y++) {
    for (let x = 0; x < 4; x++) {
      const v = y * 4 + x;
      if (x < 3) addNotEqual(csp, v, v + 5);
      if (x > 0) addNotEqual(csp, v, v + 3);
    }
  }
  for (let c = 0; c < 6; c++) addAtMost(csp, c, 4, all);
  addAtLeast(csp, LevelColor.Red, 3, all);
  return csp;
}
