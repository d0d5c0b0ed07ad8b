import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  collectEligibleStorylets,
  createStoryletIndex,
  createStoryletState,
  directStorylet,
  drawStorylet,
  playStorylet,
  restoreStoryletState,
  saveStoryletState,
  selectStorylet,
  storyletDeckFromJson,
  syncStoryletIndex,
} from "../src/index.js";

const KEYS = ["a", "b", "c", "d", "toString"];
const value = fc.oneof(fc.integer({ min: -1, max: 4 }), fc.constantFrom("x", "y", ""), fc.boolean());
const condition = fc.oneof(
  fc.record({ key: fc.constantFrom(...KEYS), op: fc.constantFrom("==", "!="), value }),
  fc.record({ key: fc.constantFrom(...KEYS), op: fc.constantFrom("<", "<=", ">", ">="), value: fc.integer({ min: -1, max: 4 }) }),
);
const effect = fc.oneof(
  fc.record({ key: fc.constantFrom(...KEYS), op: fc.constant("set"), value }),
  fc.record({ key: fc.constantFrom(...KEYS), op: fc.constant("add"), value: fc.integer({ min: -2, max: 2 }) }),
);
const storylet = fc.record({
  conditions: fc.array(condition, { minLength: 0, maxLength: 3 }),
  effects: fc.array(effect, { minLength: 0, maxLength: 2 }),
  salience: fc.integer({ min: 0, max: 2 }),
  weight: fc.constantFrom(1, 2, 0.5),
  cooldownPlays: fc.integer({ min: 0, max: 2 }),
  once: fc.boolean(),
});
const deckJson = fc.array(storylet, { minLength: 1, maxLength: 25 }).map((list) => list.map((s, i) => ({ id: `s${i}`, ...s })));
const step = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("play" as const), seed: fc.nat() }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant("set" as const), key: fc.constantFrom(...KEYS), value }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("delete" as const), key: fc.constantFrom(...KEYS) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("restore" as const), key: fc.constantFrom(...KEYS), value }), weight: 1 },
);

describe("storylet index", () => {
  it("property: indexed selection equals naive selection for random decks and state changes", () => {
    fc.assert(
      fc.property(deckJson, fc.array(step, { minLength: 1, maxLength: 30 }), (json, steps) => {
        const deck = storyletDeckFromJson(json);
        const index = createStoryletIndex(deck);
        const naive = createStoryletState({ a: 1 });
        const fast = createStoryletState({ a: 1 });
        const eligibleNaive: number[] = [];
        const eligibleFast: number[] = [];
        for (const st of steps) {
          if (st.kind === "play") {
            const i = selectStorylet(naive, deck, createRng(st.seed));
            const j = selectStorylet(fast, deck, createRng(st.seed), { index });
            expect(j).toBe(i);
            const objective = (s: { weight: number; effects: unknown[] }): number => s.effects.length - s.weight;
            expect(directStorylet(fast, deck, objective, createRng(st.seed), { index })).toBe(directStorylet(naive, deck, objective, createRng(st.seed)));
            collectEligibleStorylets(eligibleNaive, naive, deck);
            collectEligibleStorylets(eligibleFast, fast, deck, { index });
            expect(eligibleFast).toEqual(eligibleNaive);
            if (i >= 0) {
              playStorylet(naive, deck, i);
              playStorylet(fast, deck, i);
            }
          } else if (st.kind === "set") {
            naive.qualities[st.key] = st.value;
            fast.qualities[st.key] = st.value;
          } else if (st.kind === "delete") {
            delete naive.qualities[st.key];
            delete fast.qualities[st.key];
          } else {
            // A restore swaps the qualities object: the index notices by value, not identity.
            const snap = saveStoryletState(naive);
            snap.qualities[st.key] = st.value;
            restoreStoryletState(naive, snap, { deck });
            restoreStoryletState(fast, snap, { deck });
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("re-evaluates only the qualities that changed", () => {
    const deck = storyletDeckFromJson([
      { id: "a", conditions: [{ key: "gold", op: ">=", value: 10 }] },
      { id: "b", conditions: [{ key: "day", op: "==", value: 2 }] },
    ]);
    const index = createStoryletIndex(deck);
    const state = createStoryletState({ gold: 3 });
    expect(syncStoryletIndex(index, state, deck)).toBe(2); // the first sync reads every key
    expect(syncStoryletIndex(index, state, deck)).toBe(0);
    state.qualities.gold = 12;
    expect(syncStoryletIndex(index, state, deck)).toBe(1);
    expect(Array.from(index.failing)).toEqual([0, 1]);
    expect(Array.from(index.tierReady)).toEqual([1]);
    state.qualities.gold = 3;
    state.qualities.day = 2;
    expect(syncStoryletIndex(index, state, deck)).toBe(2);
    expect(Array.from(index.failing)).toEqual([1, 0]);
    expect(Array.from(index.tierReady)).toEqual([1]);
    state.qualities.day = 3;
    syncStoryletIndex(index, state, deck);
    expect(Array.from(index.tierReady)).toEqual([0]);
  });

  it("rejects an index of another deck", () => {
    const deck = storyletDeckFromJson([{ id: "a" }]);
    const other = storyletDeckFromJson([{ id: "a" }]);
    let code = "";
    try {
      selectStorylet(createStoryletState(), deck, createRng(1), { index: createStoryletIndex(other) });
    } catch (e) {
      if (isTacticaError(e)) code = `${e.code} ${e.path ?? ""}`;
    }
    expect(code).toBe("INVALID_ARGUMENT options.index");
  });

  it("the level-2 draw rebuilds its cached index when the deck's list is replaced", () => {
    const deck = storyletDeckFromJson([{ id: "a", once: true }]);
    const state = createStoryletState();
    const rng = createRng(1);
    expect(drawStorylet(state, deck, rng)?.id).toBe("a");
    expect(drawStorylet(state, deck, rng)).toBeNull();
    deck.storylets = storyletDeckFromJson([{ id: "a", once: true }, { id: "b" }]).storylets;
    expect(drawStorylet(state, deck, rng)?.id).toBe("b");
  });

  it("the createStoryletIndex example", () => {
    const deck = storyletDeckFromJson([
      { id: "rest", effects: [{ key: "day", op: "add", value: 1 }] },
      { id: "festival", salience: 5, once: true, conditions: [{ key: "day", op: ">=", value: 3 }] },
    ]);
    const index = createStoryletIndex(deck);
    const state = createStoryletState();
    const rng = createRng(1);
    for (let i = 0; i < 5; i++) playStorylet(state, deck, selectStorylet(state, deck, rng, { index }));
    expect(state.qualities.day).toBe(4);
    expect(state.playCount.festival).toBe(1);
  });

  it("inherited names such as toString read as missing", () => {
    const deck = storyletDeckFromJson([{ id: "a", conditions: [{ key: "toString", op: "==", value: false }] }]);
    expect(selectStorylet(createStoryletState(), deck, createRng(1))).toBe(0);
    expect(selectStorylet(createStoryletState(), deck, createRng(1), { index: createStoryletIndex(deck) })).toBe(0);
  });
});
