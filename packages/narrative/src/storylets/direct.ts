import { rngWeightedPick, type Rng } from "@tactica/core";
import { collectEligibleStorylets, collectTopTier, useIndex, type SelectStoryletOptions } from "./select.js";
import type { Storylet, StoryletDeck, StoryletState } from "./types.js";

const scratch: number[] = [];

/**
 * The drama manager's pick: among the eligible storylets of the highest salience (the author's
 * hard priority), those the `objective` scores best (the experience objective and the pacing
 * target, e.g. a dot product with the player model minus the distance of the storylet's tension
 * to {@link evaluateTensionArc}'s target), then a seeded pick by weight. Returns the index in
 * `deck.storylets`, or -1. Does not play it (see {@link playStorylet}). `options.index`
 * ({@link createStoryletIndex}) gives the same pick without re-evaluating every precondition.
 *
 * @param state - The running storylet state; read only (nothing is played).
 * @param deck - The deck to pick from.
 * @param objective - Scores a candidate storylet of the top salience tier, higher is better (e.g. fit to the player model minus distance to the
 *   target tension); NaN counts as the lowest.
 * @param rng - Generator; one weighted draw when several storylets tie for the best score.
 * @param options - `index`: a {@link createStoryletIndex} index of this deck (same pick, faster). Left out: every condition is evaluated.
 * @example
 * ```ts
 * const deck = storyletDeckFromJson([
 *   { id: "ambush", tags: ["combat"] },
 *   { id: "campfire", tags: ["calm"] },
 * ]);
 * const target = evaluateTensionArc({ kind: "sinusoidal", min: 0, max: 1, period: 60 }, 0); // → 0 (a lull)
 * const tension = (s) => (s.tags.includes("combat") ? 1 : 0.1);
 * const i = directStorylet(createStoryletState(), deck, (s) => -Math.abs(tension(s) - target), createRng(1));
 * deck.storylets[i].id; // → "campfire"
 * ```
 */
export function directStorylet(
  state: StoryletState,
  deck: StoryletDeck,
  objective: (storylet: Storylet) => number,
  rng: Rng,
  options: SelectStoryletOptions = {},
): number {
  let tier: number[];
  if (options.index !== undefined) {
    useIndex("directStorylet", options.index, deck, state);
    if (collectTopTier(scratch, options.index, deck, state) === 0) return -1;
    tier = scratch.slice();
  } else {
    const n = collectEligibleStorylets(scratch, state, deck);
    if (n === 0) return -1;
    let best = -Infinity;
    for (let i = 0; i < n; i++) best = Math.max(best, deck.storylets[scratch[i]!]!.salience);
    tier = scratch.filter((i) => deck.storylets[i]!.salience === best);
  }
  const scores = tier.map((i) => objective(deck.storylets[i]!));
  const top = Math.max(...scores.map((s) => (Number.isNaN(s) ? -Infinity : s)));
  const chosen = tier.filter((_, k) => scores[k]! >= top - 1e-9 * Math.max(1, Math.abs(top)));
  if (chosen.length <= 1) return chosen[0] ?? tier[0]!;
  return chosen[
    rngWeightedPick(
      rng,
      chosen.map((i) => deck.storylets[i]!.weight),
    )
  ]!;
}
