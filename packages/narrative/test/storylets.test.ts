import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  collectEligibleStorylets,
  createStoryletState,
  drawStorylet,
  matchCondition,
  playStorylet,
  restoreStoryletState,
  saveStoryletState,
  selectStorylet,
  storyletDeckFromJson,
  storyletDeckToJson,
} from "../src/index.js";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : `other: ${String(e)}`;
  }
  return undefined;
}

describe("conditions", () => {
  it("compares, with missing facts reading as 0 / '' / false", () => {
    expect(matchCondition({ key: "gold", op: ">=", value: 10 }, { gold: 12 })).toBe(true);
    expect(matchCondition({ key: "gold", op: ">=", value: 10 }, { gold: 9 })).toBe(false);
    expect(matchCondition({ key: "gold", op: "<", value: 1 }, {})).toBe(true);
    expect(matchCondition({ key: "met", op: "==", value: true }, {})).toBe(false);
    expect(matchCondition({ key: "met", op: "!=", value: true }, {})).toBe(true);
    expect(matchCondition({ key: "name", op: "==", value: "" }, {})).toBe(true);
    expect(matchCondition({ key: "x", op: ">", value: 0 }, { x: "5" })).toBe(false);
    expect(matchCondition({ key: "x", op: "<=", value: 5 }, { x: 5 })).toBe(true);
    expect(matchCondition({ key: "x", op: "<", value: 5 }, { x: 5 })).toBe(false);
  });
});

describe("storylet deck", () => {
  it("fills defaults and round-trips through JSON", () => {
    const deck = storyletDeckFromJson({
      version: 1,
      storylets: [
        { id: "a", tags: ["t"], conditions: [{ key: "q", op: ">", value: 1 }] },
        { id: "b", weight: 2, once: true },
      ],
    });
    expect(deck.storylets[0]).toMatchObject({ salience: 0, weight: 1, cooldownPlays: 0, once: false, content: "", tags: ["t"] });
    expect(storyletDeckFromJson(JSON.parse(JSON.stringify(storyletDeckToJson(deck))))).toEqual(deck);
  });

  it("schema version 2: a version 1 deck's cooldown (plays) migrates to cooldownPlays; the old name is refused in version 2", () => {
    const v1 = { version: 1, storylets: [{ id: "a", cooldown: 2 }, { id: "b" }] };
    const migrated = storyletDeckFromJson(v1);
    expect(migrated.version).toBe(2);
    expect(migrated.storylets.map((x) => x.cooldownPlays)).toEqual([2, 0]);
    expect(migrated.storylets[0]).not.toHaveProperty("cooldown");
    expect(migrated).toEqual(storyletDeckFromJson({ version: 2, storylets: [{ id: "a", cooldownPlays: 2 }, { id: "b" }] }));
    const saved = storyletDeckToJson(migrated);
    expect(saved.version).toBe(2);
    expect(storyletDeckFromJson(JSON.parse(JSON.stringify(saved)))).toEqual(migrated);
    // The migrated deck behaves as the version 1 deck did: "a" rests two plays after each play.
    const s = createStoryletState();
    const rng = createRng(1);
    const seq = Array.from(
      { length: 6 },
      () => drawStorylet(s, storyletDeckFromJson({ ...v1, storylets: [{ id: "a", cooldown: 2, salience: 1 }, { id: "b" }] }), rng)?.id,
    );
    expect(seq).toEqual(["a", "b", "b", "a", "b", "b"]);
    expect(code(() => storyletDeckFromJson({ version: 2, storylets: [{ id: "a", cooldown: 2 }] }))).toBe("NARRATIVE_BAD_INPUT $.storylets[0].cooldown");
    expect(code(() => storyletDeckFromJson([{ id: "a", cooldown: 2 }]))).toBe("NARRATIVE_BAD_INPUT $[0].cooldown");
    expect(code(() => storyletDeckFromJson({ version: 1, storylets: [{ id: "a", cooldownPlays: 2 }] }))).toBe(
      "NARRATIVE_BAD_INPUT $.storylets[0].cooldownPlays",
    );
  });

  it("rejects bad input with NARRATIVE_BAD_INPUT and the JSON path", () => {
    expect(code(() => storyletDeckFromJson({ version: 3, storylets: [] }))).toBe("NARRATIVE_BAD_INPUT $.version");
    expect(code(() => storyletDeckFromJson([{ id: "a" }, { id: "a" }]))).toBe("NARRATIVE_BAD_INPUT $[1].id");
    expect(code(() => storyletDeckFromJson([{ id: "a", weight: 0 }]))).toBe("NARRATIVE_BAD_INPUT $[0].weight");
    expect(code(() => storyletDeckFromJson([{ id: "a", cooldownPlays: 1.5 }]))).toBe("NARRATIVE_BAD_INPUT $[0].cooldownPlays");
    expect(code(() => storyletDeckFromJson({ version: 1, storylets: [{ id: "a", cooldown: 1.5 }] }))).toBe("NARRATIVE_BAD_INPUT $.storylets[0].cooldown");
    expect(code(() => storyletDeckFromJson({ version: 1, storylets: [{ id: "a", conditions: [{ key: "q", op: "~", value: 1 }] }] }))).toBe(
      "NARRATIVE_BAD_INPUT $.storylets[0].conditions[0].op",
    );
    expect(code(() => storyletDeckFromJson([{ id: "a", conditions: [{ key: "q", op: "<", value: "x" }] }]))).toBe(
      "NARRATIVE_BAD_INPUT $[0].conditions[0].value",
    );
    expect(code(() => storyletDeckFromJson([{ id: "a", effects: [{ key: "q", op: "add", value: true }] }]))).toBe("NARRATIVE_BAD_INPUT $[0].effects[0].value");
    expect(code(() => storyletDeckFromJson([{ id: "a", salience: Number.NaN }]))).toBe("NARRATIVE_BAD_INPUT $[0].salience");
  });
});

describe("storylet selection", () => {
  const deck = storyletDeckFromJson([
    { id: "low", salience: 0, weight: 1 },
    { id: "hiA", salience: 5, weight: 1, conditions: [{ key: "act", op: "==", value: 1 }] },
    { id: "hiB", salience: 5, weight: 3, conditions: [{ key: "act", op: "==", value: 1 }] },
    { id: "locked", salience: 9, conditions: [{ key: "key", op: "==", value: true }] },
  ]);

  it("eligibility, then highest salience, then a weighted pick (χ² on the weights)", () => {
    const state = createStoryletState({ act: 1 });
    const out: number[] = [];
    expect(collectEligibleStorylets(out, state, deck)).toBe(3);
    expect(out).toEqual([0, 1, 2]);
    const rng = createRng(42);
    const counts = [0, 0, 0, 0];
    const n = 4000;
    for (let i = 0; i < n; i++) counts[selectStorylet(state, deck, rng)]!++;
    expect(counts[0]).toBe(0);
    expect(counts[3]).toBe(0);
    const exp = [n / 4, (3 * n) / 4];
    const chi2 = (counts[1]! - exp[0]!) ** 2 / exp[0]! + (counts[2]! - exp[1]!) ** 2 / exp[1]!;
    expect(chi2).toBeLessThan(10.83); // 1 degree of freedom, p = 0.001
    expect(selectStorylet(createStoryletState({ act: 1, key: true }), deck, rng)).toBe(3);
    expect(selectStorylet(state, storyletDeckFromJson([]), rng)).toBe(-1);
  });

  it("the same seed gives the same sequence", () => {
    const run = (): string[] => {
      const s = createStoryletState({ act: 1 });
      const rng = createRng("seed");
      return Array.from({ length: 20 }, () => drawStorylet(s, deck, rng)?.id ?? "-");
    };
    expect(run()).toEqual(run());
  });

  it("cooldownPlays counts plays; once-only plays once; effects apply", () => {
    const d = storyletDeckFromJson([
      { id: "cd", salience: 2, cooldownPlays: 2, effects: [{ key: "n", op: "add", value: 1 }] },
      { id: "one", salience: 1, once: true, effects: [{ key: "done", op: "set", value: true }] },
      { id: "filler", salience: 0 },
    ]);
    const s = createStoryletState();
    const rng = createRng(3);
    const seq = Array.from({ length: 7 }, () => drawStorylet(s, d, rng)?.id);
    expect(seq).toEqual(["cd", "one", "filler", "cd", "filler", "filler", "cd"]);
    expect(s.qualities).toEqual({ n: 3, done: true });
    expect(s.turn).toBe(7);
    expect(s.playCount).toEqual({ cd: 3, one: 1, filler: 3 });
    expect(code(() => playStorylet(s, d, 3))).toBe("NARRATIVE_BAD_INPUT index");
  });

  it("property: a drawn storylet was eligible, and none of higher salience was", () => {
    const arb = fc.array(
      fc.record({
        salience: fc.integer({ min: 0, max: 3 }),
        need: fc.integer({ min: 0, max: 4 }),
        cooldownPlays: fc.integer({ min: 0, max: 3 }),
        once: fc.boolean(),
      }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 1000 }), (specs, seed) => {
        const d = storyletDeckFromJson(
          specs.map((s, i) => ({
            id: `s${i}`,
            salience: s.salience,
            cooldownPlays: s.cooldownPlays,
            once: s.once,
            conditions: [{ key: "level", op: ">=", value: s.need }],
            effects: [{ key: "level", op: "add", value: 1 }],
          })),
        );
        const st = createStoryletState();
        const rng = createRng(seed);
        for (let k = 0; k < 10; k++) {
          const eligible: number[] = [];
          collectEligibleStorylets(eligible, st, d);
          const i = selectStorylet(st, d, rng);
          if (eligible.length === 0) return i === -1;
          if (!eligible.includes(i)) return false;
          if (eligible.some((j) => d.storylets[j]!.salience > d.storylets[i]!.salience)) return false;
          playStorylet(st, d, i);
        }
        return true;
      }),
      { numRuns: 100 },
    );
  });
});

describe("storylet save/restore", () => {
  const deck = storyletDeckFromJson([{ id: "a", cooldownPlays: 1 }, { id: "b" }]);

  it("round-trips: a restored state continues exactly as the original", () => {
    const s = createStoryletState({ x: 1 });
    const rng = createRng(9);
    for (let i = 0; i < 3; i++) drawStorylet(s, deck, rng);
    const snap = JSON.parse(JSON.stringify(saveStoryletState(s))) as unknown;
    const t = createStoryletState();
    expect(restoreStoryletState(t, snap, { deck })).toEqual({ missing: [] });
    expect(t).toEqual(s);
    const r2 = createRng(10);
    const r3 = createRng(10);
    const a = Array.from({ length: 5 }, () => drawStorylet(s, deck, r2)?.id);
    const b = Array.from({ length: 5 }, () => drawStorylet(t, deck, r3)?.id);
    expect(b).toEqual(a);
  });

  it("reports ids the edited deck lost instead of failing", () => {
    const t = createStoryletState();
    const report = restoreStoryletState(t, { turn: 2, qualities: {}, lastPlayed: { a: 0, gone: 1 }, playCount: { a: 1, gone: 1 } }, { deck });
    expect(report.missing).toEqual(["gone"]);
    expect(t).toEqual({ turn: 2, qualities: {}, lastPlayed: { a: 0 }, playCount: { a: 1 } });
  });

  it("validates the whole snapshot before touching the state", () => {
    const t = createStoryletState({ keep: true });
    const before = JSON.stringify(t);
    expect(code(() => restoreStoryletState(t, { turn: 1, qualities: {}, lastPlayed: {}, playCount: { a: -1 } }))).toBe("NARRATIVE_BAD_INPUT $.playCount.a");
    expect(code(() => restoreStoryletState(t, { turn: 1, qualities: { q: null }, lastPlayed: {}, playCount: {} }))).toBe("NARRATIVE_BAD_INPUT $.qualities.q");
    expect(code(() => restoreStoryletState(t, null))).toBe("NARRATIVE_BAD_INPUT $");
    expect(JSON.stringify(t)).toBe(before);
  });

  it("the level-2 example holds", () => {
    const d = storyletDeckFromJson([
      {
        id: "meet-wolf",
        conditions: [{ key: "inForest", op: "==", value: true }],
        once: true,
        salience: 10,
        effects: [{ key: "metWolf", op: "set", value: true }],
      },
      { id: "pick-flowers", effects: [{ key: "flowers", op: "add", value: 1 }] },
    ]);
    const state = createStoryletState({ inForest: true });
    const rng = createRng(1);
    expect(drawStorylet(state, d, rng)?.id).toBe("meet-wolf");
    expect(drawStorylet(state, d, rng)?.id).toBe("pick-flowers");
    expect(state.qualities).toEqual({ inForest: true, metWolf: true, flowers: 1 });
  });
});

describe("storylet analysis", () => {
  it("finds storylets no effects make eligible and dead-end states", async () => {
    const { analyzeStoryletDeck } = await import("../src/index.js");
    const deck = storyletDeckFromJson([
      { id: "start", once: true, effects: [{ key: "door", op: "set", value: "open" }] },
      { id: "enter", conditions: [{ key: "door", op: "==", value: "open" }], once: true, effects: [{ key: "inside", op: "set", value: true }] },
      { id: "secret", conditions: [{ key: "door", op: "==", value: "broken" }] },
    ]);
    const r = analyzeStoryletDeck(deck, {});
    expect(r.unreachable).toEqual(["secret"]);
    expect(r.complete).toBe(true);
    expect(r.deadEnds).toEqual([{ door: "open", inside: true }]);
    expect(r.statesExplored).toBe(3);
    // a counter reaching a threshold makes a storylet reachable; unbounded counters stop at maxStates
    const counting = storyletDeckFromJson([
      { id: "tick", effects: [{ key: "n", op: "add", value: 1 }] },
      { id: "five", conditions: [{ key: "n", op: ">=", value: 5 }] },
      { id: "never", conditions: [{ key: "n", op: "<", value: 0 }] },
    ]);
    const c = analyzeStoryletDeck(counting, {}, { maxStates: 50 });
    expect(c.unreachable).toEqual(["never"]);
    expect(c.complete).toBe(false);
    expect(c.statesExplored).toBe(50);
    expect(c.deadEnds).toEqual([]);
    // the initial state itself can be a dead end
    expect(analyzeStoryletDeck(counting, { n: -5 }, { maxStates: 3 }).deadEnds).toEqual([]);
    const stuck = analyzeStoryletDeck(storyletDeckFromJson([{ id: "a", conditions: [{ key: "k", op: "==", value: true }] }]), { k: false });
    expect(stuck).toEqual({ unreachable: ["a"], deadEnds: [{ k: false }], statesExplored: 1, complete: true });
  });
});

describe("drama manager", () => {
  it("salience first, then the objective, then a seeded weighted pick", async () => {
    const { directStorylet, evaluateTensionArc } = await import("../src/index.js");
    const deck = storyletDeckFromJson([
      { id: "ambush", tags: ["combat"] },
      { id: "campfire", tags: ["calm"] },
      { id: "song", tags: ["calm"], weight: 3 },
      { id: "locked", salience: 5, conditions: [{ key: "key", op: "==", value: true }] },
    ]);
    const tension = (s: { tags: string[] }): number => (s.tags.includes("combat") ? 1 : 0.1);
    const arc = { kind: "sinusoidal", min: 0, max: 1, period: 60 } as const;
    const pick = (t: number, q = {}): string => {
      const target = evaluateTensionArc(arc, t);
      return deck.storylets[directStorylet(createStoryletState(q), deck, (s) => -Math.abs(tension(s) - target), createRng(t))]!.id;
    };
    expect(pick(30)).toBe("ambush"); // peak of the wave
    expect(["campfire", "song"]).toContain(pick(0));
    expect(pick(30, { key: true })).toBe("locked"); // salience beats the objective
    const rng = createRng(5);
    let song = 0;
    for (let i = 0; i < 2000; i++) if (deck.storylets[directStorylet(createStoryletState(), deck, (s) => -tension(s), rng)]!.id === "song") song++;
    expect(song / 2000).toBeGreaterThan(0.7);
    expect(song / 2000).toBeLessThan(0.8);
    expect(directStorylet(createStoryletState(), storyletDeckFromJson([]), () => 0, rng)).toBe(-1);
  });
});

describe("published storylet deck JSON Schema", () => {
  it("ships as schema/storylet-deck.schema.json, identical to the exported const, and covers storyletDeckToJson's keys", async () => {
    const { readFileSync } = await import("node:fs");
    const { storyletDeckJsonSchema } = await import("../src/index.js");
    const file = JSON.parse(readFileSync(new URL("../schema/storylet-deck.schema.json", import.meta.url), "utf8")) as unknown;
    expect(file).toEqual(JSON.parse(JSON.stringify(storyletDeckJsonSchema)));
    const json = storyletDeckToJson(
      storyletDeckFromJson([{ id: "a", conditions: [{ key: "q", op: ">", value: 1 }], effects: [{ key: "q", op: "add", value: 1 }], tags: ["t"] }]),
    );
    for (const k of Object.keys(json)) expect(Object.keys(storyletDeckJsonSchema.properties)).toContain(k);
    const props = storyletDeckJsonSchema.$defs.storylet.properties;
    for (const s of json.storylets) {
      for (const k of Object.keys(s)) expect(Object.keys(props)).toContain(k);
      for (const c of s.conditions) expect(storyletDeckJsonSchema.$defs.condition.properties.op.enum).toContain(c.op);
      for (const e of s.effects) expect(storyletDeckJsonSchema.$defs.effect.properties.op.enum).toContain(e.op);
    }
  });
});
