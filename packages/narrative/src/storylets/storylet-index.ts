import { compareFact, readFact } from "../conditions.js";
import type { StoryletDeck, StoryletIndex, StoryletState } from "./types.js";

/**
 * Builds the selection index of a deck (see {@link StoryletIndex}): O(storylets + conditions).
 * Pass it to {@link selectStorylet}, {@link collectEligibleStorylets} or {@link directStorylet}
 * as `options.index`; a selection then re-evaluates only the conditions whose quality changed
 * since the last one and scans salience tiers from the highest down, instead of every condition of
 * every storylet. Results are identical to the unindexed functions (same picks for the same Rng).
 * The index reads the deck at build time: rebuild it after editing the deck. The level-2
 * {@link drawStorylet} keeps one per deck for you.
 *
 * @param deck - The deck to index; its storylets' conditions and salience tiers are read at build time (rebuild after editing the deck).
 * @example
 * ```ts
 * const deck = storyletDeckFromJson([
 *   { id: "rest", effects: [{ key: "day", op: "add", value: 1 }] },
 *   { id: "festival", salience: 5, once: true, conditions: [{ key: "day", op: ">=", value: 3 }] },
 * ]);
 * const index = createStoryletIndex(deck);
 * const state = createStoryletState();
 * const rng = createRng(1);
 * for (let i = 0; i < 5; i++) playStorylet(state, deck, selectStorylet(state, deck, rng, { index }));
 * state.qualities.day;       // → 4
 * state.playCount.festival;  // → 1 (eligible from day 3, once-only)
 * ```
 */
export function createStoryletIndex(deck: StoryletDeck): StoryletIndex {
  const list = deck.storylets;
  const count = list.length;
  const keys: string[] = [];
  const keyId: Record<string, number> = Object.create(null) as Record<string, number>;
  const conditionStart = new Int32Array(count + 1);
  let total = 0;
  for (let s = 0; s < count; s++) {
    conditionStart[s] = total;
    total += list[s]!.conditions.length;
  }
  conditionStart[count] = total;
  const conditionStorylet = new Int32Array(total);
  const conditionKey = new Int32Array(total);
  for (let s = 0, c = 0; s < count; s++) {
    for (const cond of list[s]!.conditions) {
      let k = keyId[cond.key];
      if (k === undefined) {
        k = keys.length;
        keyId[cond.key] = k;
        keys.push(cond.key);
      }
      conditionStorylet[c] = s;
      conditionKey[c++] = k;
    }
  }
  // Counting sort of the conditions by key.
  const keyStart = new Int32Array(keys.length + 1);
  for (let c = 0; c < total; c++) keyStart[conditionKey[c]! + 1]!++;
  for (let k = 0; k < keys.length; k++) keyStart[k + 1]! += keyStart[k]!;
  const fill = keyStart.slice(0, keys.length);
  const keyConditions = new Int32Array(total);
  for (let c = 0; c < total; c++) keyConditions[fill[conditionKey[c]!]!++] = c;
  // Salience tiers, highest first, members in deck order.
  const saliences = [...new Set(list.map((s) => s.salience))].sort((a, b) => b - a);
  const tierId = new Map(saliences.map((v, t) => [v, t]));
  const tierOf = new Int32Array(count);
  const tierStart = new Int32Array(saliences.length + 1);
  for (let s = 0; s < count; s++) {
    const t = tierId.get(list[s]!.salience)!;
    tierOf[s] = t;
    tierStart[t + 1]!++;
  }
  for (let t = 0; t < saliences.length; t++) tierStart[t + 1]! += tierStart[t]!;
  const tierFill = tierStart.slice(0, saliences.length);
  const tierMembers = new Int32Array(count);
  for (let s = 0; s < count; s++) tierMembers[tierFill[tierOf[s]!]!++] = s;
  // Every condition starts "failing"; the first sync evaluates every key once.
  const failing = new Int32Array(count);
  for (let s = 0; s < count; s++) failing[s] = conditionStart[s + 1]! - conditionStart[s]!;
  const tierReady = new Int32Array(saliences.length);
  for (let s = 0; s < count; s++) if (failing[s] === 0) tierReady[tierOf[s]!]!++;
  return {
    storylets: list,
    count,
    keys,
    seen: keys.map(() => undefined),
    synced: new Uint8Array(keys.length),
    keyStart,
    keyConditions,
    conditionStorylet,
    conditionStart,
    holds: new Uint8Array(total),
    failing,
    tierSalience: Float64Array.from(saliences),
    tierStart,
    tierMembers,
    tierOf,
    tierReady,
  };
}

/**
 * Brings `index` up to date with `state.qualities`: compares each indexed quality with the value
 * seen last and re-evaluates the conditions of the ones that changed. Returns how many qualities
 * changed. The selection functions call it; call it yourself only to inspect the index. O(keys +
 * conditions of the changed keys), no allocation.
 * @param index - The deck's index; the seen qualities, condition truths and tier flags are updated in place.
 * @param state - The running storylet state whose qualities are compared with the index's last seen values.
 * @param deck - The deck the index was built for.
 */
export function syncStoryletIndex(index: StoryletIndex, state: StoryletState, deck: StoryletDeck): number {
  const { keys, seen, synced, keyStart, keyConditions, conditionStorylet, holds, failing, tierOf, tierReady } = index;
  const list = deck.storylets;
  const q = state.qualities;
  let changed = 0;
  for (let k = 0; k < keys.length; k++) {
    const v = readFact(q, keys[k]!);
    if (synced[k] === 1 && v === seen[k]) continue;
    synced[k] = 1;
    seen[k] = v;
    changed++;
    for (let i = keyStart[k]!; i < keyStart[k + 1]!; i++) {
      const c = keyConditions[i]!;
      const s = conditionStorylet[c]!;
      const ok = compareFact(list[s]!.conditions[c - index.conditionStart[s]!]!, v) ? 1 : 0;
      if (ok === holds[c]) continue;
      holds[c] = ok;
      const before = failing[s]!;
      const after = before + (ok ? -1 : 1);
      failing[s] = after;
      if (after === 0) tierReady[tierOf[s]!]!++;
      else if (before === 0) tierReady[tierOf[s]!]!--;
    }
  }
  return changed;
}
