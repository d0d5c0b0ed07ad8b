import { checkOptions, fail, isFiniteNumber } from "../internal/fail.js";

/**
 * Expected score of a player rated `a` against one rated `b` (logistic, 400-point scale).
 * @param a - Rating of the player whose expected score is returned (Elo points).
 * @param b - Rating of the opponent (Elo points); 400 points more makes `a` about 10 times less likely to win.
 */
export function eloExpected(a: number, b: number): number {
  return 1 / (1 + 10 ** ((b - a) / 400));
}

/**
 * Elo update after one game: `score` is 1 (a wins), 0.5 (draw) or 0 (b wins); `options.k`
 * (default 32) is the step. Returns the two new ratings. Beating a stronger opponent gains more.
 *
 * @param a - Rating of player a before the game, finite (Elo points).
 * @param b - Rating of player b before the game, finite (Elo points).
 * @param score - Result for a, in [0, 1]: 1 a wins, 0.5 draw, 0 b wins.
 * @param options - `k`: the step, most points one game can move a rating, finite and > 0. Left out: 32.
 * @example
 * ```ts
 * updateElo(1500, 1700, 1).map(Math.round); // → [1524, 1676]
 * updateElo(1700, 1500, 1).map(Math.round); // → [1708, 1492]
 * ```
 */
export function updateElo(a: number, b: number, score: number, options: { readonly k?: number } = {}): [number, number] {
  checkOptions("updateElo", options);
  const k = options.k ?? 32;
  if (!isFiniteNumber(a) || !isFiniteNumber(b)) fail("INVALID_ARGUMENT", "updateElo", "ratings must be finite numbers.", "a");
  if (!isFiniteNumber(score) || score < 0 || score > 1) fail("INVALID_ARGUMENT", "updateElo", `score must be in [0, 1] (1 = a wins), got ${score}.`, "score");
  if (!isFiniteNumber(k) || k <= 0) fail("INVALID_ARGUMENT", "updateElo", `k must be a finite number > 0, got ${k}.`, "k");
  const d = k * (score - eloExpected(a, b));
  return [a + d, b - d];
}

/**
 * Splits players into two teams of sizes ⌈n/2⌉ and ⌊n/2⌋ with close rating sums: strongest first,
 * each to the team with the lower sum that still has room. Returns the index lists.
 * @param ratings - One finite rating per player; the result lists indices into it.
 */
export function balanceTeams(ratings: readonly number[]): [number[], number[]] {
  ratings.forEach((r, i) => isFiniteNumber(r) || fail("INVALID_ARGUMENT", "balanceTeams", `ratings[${i}] must be a finite number.`, `ratings[${i}]`));
  const order = ratings.map((_, i) => i).sort((x, y) => ratings[y]! - ratings[x]! || x - y);
  const cap = [Math.ceil(ratings.length / 2), Math.floor(ratings.length / 2)];
  const teams: [number[], number[]] = [[], []];
  const sums = [0, 0];
  for (const i of order) {
    let t = sums[0]! <= sums[1]! ? 0 : 1;
    if (teams[t]!.length >= cap[t]!) t = 1 - t;
    teams[t]!.push(i);
    sums[t]! += ratings[i]!;
  }
  return teams;
}
