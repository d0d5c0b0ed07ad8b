import { rngWeightedPick, type Rng } from "@tactica/core";
import { applyEffects, matchConditions } from "../conditions.js";
import { checkOptions, fail } from "../internal/fail.js";
import { createStoryletIndex, syncStoryletIndex } from "./storylet-index.js";
import type { Storylet, StoryletDeck, StoryletIndex, StoryletState } from "./types.js";

/** Options of the storylet selection functions. */
export interface SelectStoryletOptions {
  /**
   * A {@link createStoryletIndex} index of the same deck: only the conditions of changed qualities
   * are re-evaluated and salience tiers are scanned from the highest down. Same results.
   */
  index?: StoryletIndex;
}

/** @internal Checks the index belongs to the deck and brings it up to date. */
export function useIndex(fn: string, index: StoryletIndex, deck: StoryletDeck, state: StoryletState): void {
  if (index.storylets !== deck.storylets || index.count !== deck.storylets.length)
    fail(
      "INVALID_ARGUMENT",
      fn,
      "options.index was built for another deck (or the deck was edited since); call createStoryletIndex(deck) again.",
      "options.index",
    );
  syncStoryletIndex(index, state, deck);
}

/** Once-only and cooldown checks (the conditions are checked elsewhere). */
function isStoryletFree(s: Storylet, state: StoryletState): boolean {
  const last = state.lastPlayed[s.id];
  if (last === undefined || !Object.prototype.hasOwnProperty.call(state.lastPlayed, s.id)) return true;
  if (s.once) return false;
  return state.turn - last > s.cooldownPlays;
}

/** @internal Writes the eligible members of the highest salience tier that has any, in deck order; returns how many. */
export function collectTopTier(out: number[], index: StoryletIndex, deck: StoryletDeck, state: StoryletState): number {
  out.length = 0;
  const { tierStart, tierMembers, tierReady, failing } = index;
  const list = deck.storylets;
  for (let t = 0; t < tierReady.length; t++) {
    if (tierReady[t] === 0) continue;
    for (let i = tierStart[t]!; i < tierStart[t + 1]!; i++) {
      const s = tierMembers[i]!;
      if (failing[s] === 0 && isStoryletFree(list[s]!, state)) out.push(s);
    }
    if (out.length > 0) return out.length;
  }
  return 0;
}

/**
 * True when storylet `s` may be played now: conditions hold, not used up (`once`), off cooldown.
 *
 * @param state - The story state (qualities, turn, play history), read only.
 * @param s - One storylet of the state's deck.
 */
export function isStoryletEligible(state: StoryletState, s: Storylet): boolean {
  return isStoryletFree(s, state) && matchConditions(s.conditions, state.qualities);
}

/**
 * Level 1: writes the indices (into `deck.storylets`) of the eligible storylets to `out`, in deck
 * order, and returns how many there are. Allocates nothing (beyond growing `out`). With
 * `options.index` only the conditions of changed qualities are re-evaluated.
 *
 * @param out - Cleared, then filled with the eligible storylets' indices into `deck.storylets`, in deck order.
 * @param state - The story state (qualities, turn, play history), read only.
 * @param deck - The storylet deck from {@link storyletDeckFromJson} (read only).
 * @param options - `index`: a {@link createStoryletIndex} index of the same deck, to re-evaluate only the conditions of changed qualities (same result).
 */
export function collectEligibleStorylets(out: number[], state: StoryletState, deck: StoryletDeck, options: SelectStoryletOptions = {}): number {
  checkOptions("collectEligibleStorylets", options);
  out.length = 0;
  const list = deck.storylets;
  const index = options.index;
  if (index !== undefined) {
    useIndex("collectEligibleStorylets", index, deck, state);
    for (let i = 0; i < list.length; i++) if (index.failing[i] === 0 && isStoryletFree(list[i]!, state)) out.push(i);
    return out.length;
  }
  for (let i = 0; i < list.length; i++) if (isStoryletEligible(state, list[i]!)) out.push(i);
  return out.length;
}

const scratch: number[] = [];
const weights: number[] = [];

/**
 * Picks the storylet to play: among the eligible ones, those of the highest salience, then a
 * seeded pick by weight. Returns its index in `deck.storylets`, or -1 when none is eligible. Does
 * not play it (see {@link playStorylet}). Give `options.index` ({@link createStoryletIndex}) when
 * selecting often from a large deck: the same pick, without re-evaluating every precondition.
 *
 * @param state - The story state (qualities, turn, play history), read only.
 * @param deck - The storylet deck from {@link storyletDeckFromJson} (read only).
 * @param rng - Draws the weighted pick among the highest-salience eligible storylets (one draw when there is a choice).
 * @param options - `index`: a {@link createStoryletIndex} index of the same deck, to re-evaluate only the conditions of changed qualities (same result).
 */
export function selectStorylet(state: StoryletState, deck: StoryletDeck, rng: Rng, options: SelectStoryletOptions = {}): number {
  checkOptions("selectStorylet", options);
  let m: number;
  if (options.index !== undefined) {
    useIndex("selectStorylet", options.index, deck, state);
    m = collectTopTier(scratch, options.index, deck, state);
    if (m === 0) return -1;
  } else {
    const n = collectEligibleStorylets(scratch, state, deck);
    if (n === 0) return -1;
    let best = -Infinity;
    for (let i = 0; i < n; i++) best = Math.max(best, deck.storylets[scratch[i]!]!.salience);
    m = 0;
    for (let i = 0; i < n; i++) if (deck.storylets[scratch[i]!]!.salience === best) scratch[m++] = scratch[i]!;
  }
  if (m === 1) return scratch[0]!;
  weights.length = m;
  for (let i = 0; i < m; i++) weights[i] = deck.storylets[scratch[i]!]!.weight;
  return scratch[rngWeightedPick(rng, weights)]!;
}

/**
 * Plays storylet `index` of the deck: applies its effects to `state.qualities`, records the turn
 * and advances `state.turn`. Throws `NARRATIVE_BAD_INPUT` for an index out of range; it does not
 * re-check eligibility (a forced scene may be played).
 *
 * @param state - The story state; its qualities, play history and `turn` change in place.
 * @param deck - The storylet deck from {@link storyletDeckFromJson} (read only).
 * @param index - Index of the storylet in `deck.storylets` (integer in `[0, deck.storylets.length)`).
 */
export function playStorylet(state: StoryletState, deck: StoryletDeck, index: number): Storylet {
  const s = deck.storylets[index];
  if (s === undefined || !Number.isInteger(index))
    fail("NARRATIVE_BAD_INPUT", "playStorylet", `index ${index} is not a storylet of the deck (0..${deck.storylets.length - 1}).`, "index");
  applyEffects(state.qualities, s.effects);
  state.lastPlayed[s.id] = state.turn;
  state.playCount[s.id] = (state.playCount[s.id] ?? 0) + 1;
  state.turn++;
  return s;
}

const indexes = new WeakMap<StoryletDeck, StoryletIndex>();

/**
 * @internal The level-2 cache: one index per deck object, rebuilt when `deck.storylets` was
 * replaced or changed length. (Edit a deck by building a new one; an in-place edit of a storylet's
 * conditions is not detected.)
 */
export function cachedStoryletIndex(deck: StoryletDeck): StoryletIndex {
  let index = indexes.get(deck);
  if (index === undefined || index.storylets !== deck.storylets || index.count !== deck.storylets.length) {
    index = createStoryletIndex(deck);
    indexes.set(deck, index);
  }
  return index;
}

/**
 * Level 2: selects a storylet ({@link selectStorylet}), plays it ({@link playStorylet}) and
 * returns it, or `null` when none is eligible. Keeps a {@link createStoryletIndex} index per deck
 * in a private cache, so repeated draws re-evaluate only the conditions of changed qualities.
 *
 * @param state - The running storylet state, changed in place when a storylet is played.
 * @param deck - The deck to draw from; its index is cached per deck object (rebuild the deck instead of editing it).
 * @param rng - Generator; one weighted draw when several eligible storylets share the highest salience.
 * @example
 * ```ts
 * const deck = storyletDeckFromJson([
 *   { id: "meet-wolf", conditions: [{ key: "inForest", op: "==", value: true }], once: true, salience: 10,
 *     effects: [{ key: "metWolf", op: "set", value: true }] },
 *   { id: "pick-flowers", effects: [{ key: "flowers", op: "add", value: 1 }] },
 * ]);
 * const state = createStoryletState({ inForest: true });
 * const rng = createRng(1);
 * drawStorylet(state, deck, rng)?.id; // → "meet-wolf" (highest salience)
 * drawStorylet(state, deck, rng)?.id; // → "pick-flowers" (meet-wolf was once-only)
 * state.qualities;                     // → { inForest: true, metWolf: true, flowers: 1 }
 * ```
 *
 * @param state - The story state; changed in place when a storylet is played.
 * @param deck - The storylet deck from {@link storyletDeckFromJson} (read only).
 * @param rng - Draws the weighted pick among the highest-salience eligible storylets.
 */
export function drawStorylet(state: StoryletState, deck: StoryletDeck, rng: Rng): Storylet | null {
  const i = selectStorylet(state, deck, rng, { index: cachedStoryletIndex(deck) });
  return i < 0 ? null : playStorylet(state, deck, i);
}
