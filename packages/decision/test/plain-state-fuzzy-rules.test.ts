import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  createFuzzyState,
  createFuzzySystem,
  createRuleEngine,
  createRuleState,
  defuzzify,
  evaluateFuzzy,
  fuzzify,
  getRuleFact,
  inferFuzzy,
  reinforceRule,
  restoreFuzzyState,
  restoreRuleState,
  runRuleCycle,
  saveFuzzyState,
  saveRuleState,
  setRuleFact,
  validateFuzzySystem,
  validateRuleBase,
  type FuzzySnapshot,
  type RuleBaseDefinition,
  type RuleSnapshot,
  type RuleState,
} from "../src/index";
import { weaponDesirability } from "./fuzzy-weapon";

/** True when `v` (deeply) holds no function and no Map/Set. */
function isPlainData(v: unknown): boolean {
  if (typeof v === "function" || v instanceof Map || v instanceof Set) return false;
  if (v === null || typeof v !== "object" || ArrayBuffer.isView(v)) return true;
  return Object.values(v).every(isPlainData);
}

function pathOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (!isTacticaError(e)) throw e;
    return e.path;
  }
  return "accepted";
}

describe("fuzzy state is plain data", () => {
  const sys = createFuzzySystem(weaponDesirability);

  it("the compiled system and the state hold no Map; agents share a system independently", () => {
    expect(isPlainData(sys)).toBe(true);
    const a = createFuzzyState(sys);
    const b = createFuzzyState(sys);
    expect(isPlainData(a)).toBe(true);
    fuzzify(a, sys, "distance", 150);
    fuzzify(a, sys, "ammo", 50);
    inferFuzzy(a, sys);
    fuzzify(b, sys, "distance", 10);
    fuzzify(b, sys, "ammo", 50);
    inferFuzzy(b, sys);
    expect(defuzzify(a, sys, "desirability", { method: "maxAverage" })).toBeCloseTo(87.5, 9);
    expect(defuzzify(b, sys, "desirability", { method: "maxAverage" })).toBeCloseTo(12.5, 9);
    // A clone answers exactly like the original; the level-2 call agrees with level 1.
    const c = structuredClone(a);
    expect(defuzzify(c, sys, "desirability")).toBe(defuzzify(a, sys, "desirability"));
    expect(evaluateFuzzy(sys, { distance: 150, ammo: 50 }, "desirability")).toBe(defuzzify(a, sys, "desirability"));
  });

  it("save → JSON → restore round-trips; a malformed snapshot throws naming the path and changes nothing", () => {
    const a = createFuzzyState(sys);
    fuzzify(a, sys, "distance", 200);
    fuzzify(a, sys, "ammo", 8);
    inferFuzzy(a, sys);
    const saved = JSON.parse(JSON.stringify(saveFuzzyState(a, sys))) as FuzzySnapshot;
    const b = createFuzzyState(sys);
    restoreFuzzyState(b, sys, saved);
    expect(defuzzify(b, sys, "desirability")).toBe(defuzzify(a, sys, "desirability"));
    const before = JSON.stringify(saveFuzzyState(b, sys));
    const bad: [unknown, string][] = [
      [null, "snapshot"],
      [{ ...saved, format: "x" }, "snapshot"],
      [{ ...saved, dom: saved.dom.slice(1) }, "snapshot.dom"],
      [{ ...saved, dom: [...saved.dom.slice(0, -1), Number.NaN] }, `snapshot.dom[${saved.dom.length - 1}]`],
      [{ ...saved, ruleStrength: saved.ruleStrength.map((x, i) => (i === 2 ? 1.5 : x)) }, "snapshot.ruleStrength[2]"],
    ];
    for (const [snap, path] of bad) {
      expect(pathOf(() => restoreFuzzyState(b, sys, snap as FuzzySnapshot))).toBe(path);
      expect(JSON.stringify(saveFuzzyState(b, sys))).toBe(before);
    }
    expect(
      pathOf(() =>
        fuzzify(createFuzzyState(createFuzzySystem({ version: 1, variables: { a: { sets: { s: { type: "singleton", points: [1] } } } } })), sys, 0, 1),
      ),
    ).toBe("state");
  });

  it("prototype names are neither variables nor sets", () => {
    const def = JSON.parse(JSON.stringify(weaponDesirability)) as Record<string, unknown>;
    (def["fams"] as Record<string, unknown>[])[0]!["inputs"] = ["constructor", "toString"];
    expect(validateFuzzySystem(def).map((i) => i.path)).toEqual(["$.fams[0].inputs"]);
    const bad = {
      version: 1,
      variables: { a: { sets: null }, b: { sets: { s: { type: "singleton", points: [1] } } } },
      fams: [{ inputs: ["a", "b"], output: "b", table: [] }],
    };
    expect(() => validateFuzzySystem(bad)).not.toThrow();
    expect(
      validateFuzzySystem({ version: 1, variables: { a: { sets: 5 } }, rules: [{ if: { var: "a", is: "x" }, then: { var: "a", is: "valueOf" } }] }).length,
    ).toBeGreaterThan(0);
    expect(() => evaluateFuzzy(createFuzzySystem(weaponDesirability), { constructor: 1 }, "desirability")).toThrow(/variable/);
  });
});

describe("rule state is plain data", () => {
  const base: RuleBaseDefinition = {
    version: 1,
    facts: { health: 100, enemyVisible: false, ammo: 3, state: 0, alarms: 0 },
    strategy: "weighted",
    refraction: false,
    rules: [
      {
        name: "flee",
        when: [
          { fact: "health", op: "<", value: 30 },
          { fact: "enemyVisible", value: true },
        ],
        then: [{ set: "state", value: 3 }],
      },
      {
        name: "attack",
        when: [
          { fact: "enemyVisible", value: true },
          { fact: "ammo", op: ">", value: 0 },
        ],
        then: [
          { set: "state", value: 2 },
          { add: "ammo", value: -1 },
        ],
      },
      { name: "alarm", when: [{ fact: "enemyVisible", value: true }], then: [{ add: "alarms", value: 1 }] },
      { name: "idle", when: [{ fact: "enemyVisible", value: false }], then: [{ set: "state", value: 0 }] },
    ],
  };
  const engine = createRuleEngine(base);
  const drive = (s: RuleState, steps: number): number[] => {
    const fired: number[] = [];
    for (let i = 0; i < steps; i++) {
      if (i % 3 === 0) setRuleFact(s, engine, "enemyVisible", i % 2 === 0);
      if (i % 5 === 0) setRuleFact(s, engine, "health", 100 - i * 7);
      runRuleCycle(s, engine);
      fired.push(s.lastFired[0]!, getRuleFact(s, engine, "state"));
    }
    return fired;
  };

  it("the engine and the state hold no Map; a structuredClone continues exactly like the original", () => {
    expect(isPlainData(createRuleEngine({ version: 1, facts: { a: 1 }, rules: [] }))).toBe(true);
    const a = createRuleState(engine, { seed: 9 });
    expect(isPlainData(a)).toBe(true);
    drive(a, 7);
    setRuleFact(a, engine, "ammo", 5); // a queued change travels with the clone
    const b = structuredClone(a);
    expect(drive(b, 20)).toEqual(drive(a, 20));
    expect(saveRuleState(b, engine)).toEqual(saveRuleState(a, engine));
  });

  it("save → JSON → restore continues exactly (queued changes, refraction, weights, RNG)", () => {
    const a = createRuleState(engine, { seed: 4 });
    drive(a, 11);
    reinforceRule(a, engine, "alarm", true, { step: 3 });
    setRuleFact(a, engine, "enemyVisible", true);
    const snap = JSON.parse(JSON.stringify(saveRuleState(a, engine))) as RuleSnapshot;
    const b = createRuleState(engine, { seed: 123 });
    drive(b, 3);
    restoreRuleState(b, engine, snap);
    expect(saveRuleState(b, engine)).toEqual(saveRuleState(a, engine));
    expect(drive(b, 25)).toEqual(drive(a, 25));
  });

  it("a malformed snapshot throws naming the path and changes nothing", () => {
    const s = createRuleState(engine);
    drive(s, 4);
    const before = JSON.stringify(saveRuleState(s, engine));
    // Bad snapshots start from another agent's save, so a half-written restore would show.
    const other = createRuleState(engine, { seed: 77 });
    drive(other, 9);
    setRuleFact(other, engine, "ammo", 9);
    const good = saveRuleState(other, engine);
    expect(JSON.stringify(good)).not.toBe(before);
    const bad: [unknown, string][] = [
      [null, "snapshot"],
      [{}, "snapshot"],
      [{ ...good, facts: { ...good.facts, health: Number.NaN } }, "snapshot.facts.health"],
      [{ ...good, facts: { ...good.facts, mana: 1 } }, "snapshot.facts.mana"],
      [{ ...good, facts: JSON.parse('{"__proto__": 1}') as Record<string, number> }, "snapshot.facts.__proto__"],
      [{ ...good, weight: [1, 1, 1, -1] }, "snapshot.weight[3]"],
      [{ ...good, truth: good.truth.slice(1) }, "snapshot.truth"],
      [{ ...good, fired: [1, 1, 1, 1] }, "snapshot.fired[0]"],
      [{ ...good, dirty: [0, 0] }, "snapshot.dirty[1]"],
      [{ ...good, lastFired: [7] }, "snapshot.lastFired[0]"],
      [{ ...good, lastFired: [0, 1, 2] }, "snapshot.lastFired"],
      [{ ...good, cycles: -1 }, "snapshot.cycles"],
      [{ ...good, noMatchCount: good.cycles + 1 }, "snapshot.noMatchCount"],
      [{ ...good, strategy: "toString" }, "snapshot.strategy"],
      [{ ...good, rng: [0, 0, 0, 0] }, "snapshot.rng"],
      [{ ...good, seq: 1.5 }, "snapshot.seq"],
    ];
    for (const [snap, path] of bad) {
      expect(pathOf(() => restoreRuleState(s, engine, snap as RuleSnapshot))).toBe(path);
      expect(JSON.stringify(saveRuleState(s, engine))).toBe(before);
    }
  });

  it("prototype names are neither facts nor bindings", () => {
    const paths = validateRuleBase(
      {
        version: 1,
        facts: { a: 1 },
        rules: [{ name: "x", when: [{ fact: "constructor", value: 1 }, { test: "toString" }], then: [{ call: "valueOf" }, { set: "__proto__", value: 1 }] }],
      },
      { tests: {}, actions: {} },
    ).map((i) => i.path);
    expect(paths).toEqual(["$.rules[0].when[0].fact", "$.rules[0].when[1].test", "$.rules[0].then[0].call", "$.rules[0].then[1].set"]);
    expect(() => createRuleEngine({ version: 1, facts: { a: 1 }, rules: [{ name: "x", when: [{ fact: "constructor", value: 1 }], then: [] }] })).toThrow(
      /\$\.rules\[0\]\.when\[0\]\.fact/,
    );
  });
});
