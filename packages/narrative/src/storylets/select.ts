import { rngWeightedPick, type Rng } from "@tactica/core";
import { applyEffects, matchConditions } from "../conditions.js";
import { fail } from "../internal/fail.js";
import type { Storylet, StoryletDeck, StoryletState } from "./types.js";

/** True when storylet `s` may be played now: conditions hold, not used up (`once`), off cooldown. */
export function isStoryletEligible(s: Storylet, state: StoryletState): boolean {
  const last = state.lastPlayed[s.id];
  if (last !== undefined) {
    if (s.once) return false;
    if (state.turn - last <= s.cooldown) return false;
  }
  return matchConditions(s.conditions, state.qualities);
}

/**
 * Level 1: writes the indices (into `deck.storylets`) of the eligible storylets to `out` and
 * returns how many there are. Allocates nothing.
 */
export function collectEligibleStorylets(out: number[], deck: StoryletDeck, state: StoryletState): number {
  out.length = 0;
  const list = deck.storylets;
  for (let i = 0; i < list.length; i++) if (isStoryletEligible(list[i]!, state)) out.push(i);
  return out.length;
}

const scratch: number[] = [];
const weights: number[] = [];

/**
 * Picks the storylet to play: among the eligible ones, those of the highest salience, then a
 * seeded pick by weight. Returns its index in `deck.storylets`, or -1 when none is eligible. Does
 * not play it (see {@link playStorylet}).
 */
export function selectStorylet(deck: StoryletDeck, state: StoryletState, rng: Rng): number {
  const n = collectEligibleStorylets(scratch, deck, state);
  if (n === 0) return -1;
  let best = -Infinity;
  for (let i = 0; i < n; i++) best = Math.max(best, deck.storylets[scratch[i]!]!.salience);
  let m = 0;
  for (let i = 0; i < n; i++) if (deck.storylets[scratch[i]!]!.salience === best) scratch[m++] = scratch[i]!;
  if (m === 1) return scratch[0]!;
  weights.length = m;
  for (let i = 0; i < m; i++) weights[i] = deck.storylets[scratch[i]!]!.weight;
  return scratch[rngWeightedPick(rng, weights)]!;
}

/**
 * Plays storylet `index` of the deck: applies its effects to `state.qualities`, records the turn
 * and advances `state.turn`. Throws `NARRATIVE_BAD_INPUT` for an index out of range; it does not
 * re-check eligibility (a forced scene may be played).
 */
export function playStorylet(deck: StoryletDeck, state: StoryletState, index: number): Storylet {
  const s = deck.storylets[index];
  if (s === undefined || !Number.isInteger(index))
    fail("NARRATIVE_BAD_INPUT", "playStorylet", `index ${index} is not a storylet of the deck (0..${deck.storylets.length - 1}).`, "index");
  applyEffects(state.qualities, s.effects);
  state.lastPlayed[s.id] = state.turn;
  state.playCount[s.id] = (state.playCount[s.id] ?? 0) + 1;
  state.turn++;
  return s;
}

/**
 * Level 2: selects a storylet ({@link selectStorylet}), plays it ({@link playStorylet}) and
 * returns it, or `null` when none is eligible.
 *
 * @example
 * ```ts
 * const deck = storyletDeckFromJson([
 *   { id: "meet-wolf", conditions: [{ key: "inForest", op: "==", value: true }], once: true, salience: 10,
 *     effects: [{ key: "metWolf", op: "set", value: true }] },
 *   { id: "pick-flowers", effects: [{ key: "flowers", op: "add", value: 1 }] },
 * ]);
 * const state = createStoryletState({ inForest: true });
 * const rng = createRng(1);
 * drawStorylet(deck, state, rng)?.id; // → "meet-wolf" (highest salience)
 * drawStorylet(deck, state, rng)?.id; // → "pick-flowers" (meet-wolf was once-only)
 * state.qualities;                     // → { inForest: true, metWolf: true, flowers: 1 }
 * ```
 */
export function drawStorylet(deck: StoryletDeck, state: StoryletState, rng: Rng): Storylet | null {
  const i = selectStorylet(deck, state, rng);
  return i < 0 ? null : playStorylet(deck, state, i);
}
