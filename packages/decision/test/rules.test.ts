import { createRng } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adaptScriptWeights,
  createDynamicScripting,
  createRuleEngine,
  createRuleState,
  enableScript,
  generateScript,
  getRuleFact,
  getMatchedRuleNames,
  matchRules,
  getNeverFiredRules,
  reinforceRule,
  runRuleCycle,
  setRuleFact,
  setRuleEnabled,
  validateRuleBase,
  type RuleBaseDefinition,
  type RuleBindings,
  type RuleEngine,
  type RuleState,
  type RuleStateOptions,
  type RuleCondition,
} from "../src/index";

/** Compiles a rule base and creates one agent's state: `{ e: engine, s: state }`. */
function mk(def: RuleBaseDefinition, bindings?: RuleBindings, options?: RuleStateOptions): { e: RuleEngine; s: RuleState } {
  const e = createRuleEngine(def, bindings);
  return { e, s: createRuleState(e, options) };
}

const guardBase: RuleBaseDefinition = {
  version: 1,
  facts: { health: 100, enemyVisible: false, ammo: 10, state: 0, alarms: 0 },
  rules: [
    {
      name: "flee",
      salience: 10,
      when: [
        { fact: "health", op: "<", value: 30 },
        { fact: "enemyVisible", value: true },
      ],
      then: [{ set: "state", value: 3 }],
    },
    {
      name: "attack",
      salience: 5,
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
    { name: "fallbackRule", when: [{ fact: "state", value: 99 }], then: [{ set: "state", value: -1 }] },
  ],
  fallback: "fallbackRule",
};

describe("production rules", () => {
  it("salience picks the highest; refraction fires once per match; fallback runs when nothing is eligible", () => {
    const e = mk(guardBase);
    expect(runRuleCycle(e.s, e.e)).toBe(1);
    expect(e.e.ruleNames[e.s.lastFired[0]!]).toBe("idle");
    expect(runRuleCycle(e.s, e.e)).toBe(1); // idle refracted → fallback
    expect(e.e.ruleNames[e.s.lastFired[0]!]).toBe("fallbackRule");
    expect(e.s.noMatchCount).toBe(1);
    setRuleFact(e.s, e.e, "enemyVisible", true);
    runRuleCycle(e.s, e.e);
    expect(getRuleFact(e.s, e.e, "state")).toBe(2);
    setRuleFact(e.s, e.e, "health", 20);
    runRuleCycle(e.s, e.e);
    expect(getRuleFact(e.s, e.e, "state")).toBe(3);
    runRuleCycle(e.s, e.e); // flee and attack refracted: alarm (salience 0)
    expect(getRuleFact(e.s, e.e, "alarms")).toBe(1);
    expect(getNeverFiredRules(e.s, e.e)).toEqual([]);
  });

  it("strategies: order, recency, unique, maxFirings, random is seeded", () => {
    const order = mk({ ...guardBase, strategy: "order", facts: { ...guardBase.facts, enemyVisible: true, health: 10 } });
    runRuleCycle(order.s, order.e);
    expect(order.e.ruleNames[order.s.lastFired[0]!]).toBe("flee");
    const multi = mk({ ...guardBase, facts: { ...guardBase.facts, enemyVisible: true, health: 10 } }, {}, { maxFirings: 3 });
    expect(runRuleCycle(multi.s, multi.e)).toBe(3);
    expect(Array.from(multi.s.lastFired.subarray(0, 3), (r) => multi.e.ruleNames[r])).toEqual(["flee", "attack", "alarm"]);
    const rec = mk({
      version: 1,
      facts: { a: 0, b: 0 },
      strategy: "recency",
      refraction: false,
      rules: [
        { name: "onA", when: [{ fact: "a", value: 1 }], then: [] },
        { name: "onB", when: [{ fact: "b", value: 1 }], then: [] },
      ],
    });
    setRuleFact(rec.s, rec.e, "b", 1);
    runRuleCycle(rec.s, rec.e);
    setRuleFact(rec.s, rec.e, "a", 1);
    runRuleCycle(rec.s, rec.e);
    expect(rec.e.ruleNames[rec.s.lastFired[0]!]).toBe("onA");
    const uniq = mk({
      version: 1,
      facts: { x: 1 },
      rules: [
        { name: "big", salience: 100, when: [{ fact: "x", value: 1 }], then: [] },
        { name: "special", unique: true, when: [{ fact: "x", value: 1 }], then: [] },
      ],
    });
    runRuleCycle(uniq.s, uniq.e);
    expect(uniq.e.ruleNames[uniq.s.lastFired[0]!]).toBe("special");
    const picks = (seed: number) => {
      const r = mk(
        { version: 1, facts: {}, refraction: false, strategy: "random", rules: ["a", "b", "c", "d"].map((n) => ({ name: n, when: [], then: [] })) },
        {},
        { seed },
      );
      return Array.from({ length: 20 }, () => (runRuleCycle(r.s, r.e), r.s.lastFired[0]));
    };
    expect(picks(3)).toEqual(picks(3));
    expect(new Set(picks(3)).size).toBeGreaterThan(2);
  });

  it("weighted strategy, weight training and disabling", () => {
    const e = mk({
      version: 1,
      facts: {},
      refraction: false,
      strategy: "weighted",
      rules: [
        { name: "a", when: [], then: [], weight: 1 },
        { name: "b", when: [], then: [], weight: 0 },
      ],
    });
    for (let i = 0; i < 10; i++) runRuleCycle(e.s, e.e);
    expect(e.s.fireCount[1]).toBe(0);
    reinforceRule(e.s, e.e, "b", true, { step: 5 });
    reinforceRule(e.s, e.e, "a", false, { step: 5 });
    runRuleCycle(e.s, e.e);
    expect(e.e.ruleNames[e.s.lastFired[0]!]).toBe("b");
    setRuleEnabled(e.s, e.e, 1, false);
    expect(runRuleCycle(e.s, e.e)).toBe(0);
  });

  it("bound tests with reads, and actions", () => {
    const calls: string[] = [];
    const e = mk(
      {
        version: 1,
        facts: { dist: 10 },
        rules: [{ name: "near", when: [{ test: "close", reads: ["dist"], args: { r: 5 } }], then: [{ call: "bark", args: { line: "hey" } }] }],
      },
      {
        tests: { close: (st, eng, args) => getRuleFact(st, eng, "dist") < (args["r"] as number) },
        actions: { bark: (_s, _e, args) => void calls.push(args["line"] as string) },
      },
    );
    expect(runRuleCycle(e.s, e.e)).toBe(0);
    setRuleFact(e.s, e.e, "dist", 3);
    runRuleCycle(e.s, e.e);
    expect(calls).toEqual(["hey"]);
  });

  it("incremental matching equals a full re-evaluation, touching only changed facts", () => {
    const condArb = fc.record({
      fact: fc.integer({ min: 0, max: 5 }),
      op: fc.constantFrom("<" as const, "<=" as const, "==" as const, "!=" as const, ">=" as const, ">" as const),
      value: fc.integer({ min: 0, max: 4 }),
      other: fc.option(fc.integer({ min: 0, max: 5 })),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(condArb, { maxLength: 4 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 4 })), { maxLength: 40 }),
        (rules, changes) => {
          const facts: Record<string, number> = { f0: 0, f1: 1, f2: 2, f3: 3, f4: 4, f5: 0 };
          const e = mk({
            version: 1,
            facts,
            rules: rules.map((cs, i) => ({
              name: `r${i}`,
              when: cs.map((c): RuleCondition =>
                c.other === null ? { fact: `f${c.fact}`, op: c.op, value: c.value } : { fact: `f${c.fact}`, op: c.op, otherFact: `f${c.other}` },
              ),
              then: [],
            })),
          });
          const cmp = (a: number, op: string, b: number) => ({ "<": a < b, "<=": a <= b, "==": a === b, "!=": a !== b, ">=": a >= b, ">": a > b })[op];
          for (const [f, v] of changes) {
            setRuleFact(e.s, e.e, `f${f}`, v);
            const before = e.s.testsEvaluated;
            matchRules(e.s, e.e);
            const touched = rules.reduce((s, cs) => s + cs.filter((c) => c.fact === f || c.other === f).length, 0);
            expect(e.s.testsEvaluated - before).toBeLessThanOrEqual(touched);
            const expected = rules
              .map((cs, i) => (cs.every((c) => cmp(e.s.facts[c.fact]!, c.op, c.other === null ? c.value : e.s.facts[c.other]!)) ? `r${i}` : ""))
              .filter((n) => n !== "")
              .sort();
            expect(getMatchedRuleNames(e.s, e.e)).toEqual(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("validates by JSON path", () => {
    const paths = validateRuleBase({
      version: 1,
      facts: { a: 1 },
      rules: [{ name: "x", when: [{ fact: "b", value: 1 }, { test: "t" }], then: [{ set: "a", value: "no" }, { jump: 1 }] }],
      fallback: "zz",
    }).map((i) => i.path);
    expect(paths).toEqual(["$.rules[0].when[0].fact", "$.rules[0].when[1].test", "$.rules[0].then[0].value", "$.rules[0].then[1]", "$.fallback"]);
  });
});

describe("dynamic scripting (chapter 39)", () => {
  it("draws distinct rules by weight; wins raise used weights and conserve the total", () => {
    const ds = createDynamicScripting(10, { initialWeight: 100, maxWeight: 500 });
    const rng = createRng(5);
    const script = new Int32Array(4);
    expect(generateScript(script, ds, 4, rng)).toBe(4);
    expect(new Set(script).size).toBe(4);
    const drift = adaptScriptWeights(ds, script, 4, 60);
    expect(drift).toBeCloseTo(0, 9);
    for (const r of script) expect(ds.weights[r]).toBe(160);
    expect(ds.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1000, 9);
    // Selection frequency follows weight: a heavily weighted rule shows up in nearly every script.
    ds.weights.fill(1);
    ds.weights[7] = 400;
    let hits = 0;
    for (let k = 0; k < 200; k++) {
      const n = generateScript(script, ds, 2, rng);
      if (Array.from(script.subarray(0, n)).includes(7)) hits++;
    }
    expect(hits).toBeGreaterThan(190);
    ds.weights.fill(0);
    expect(generateScript(script, ds, 3, rng)).toBe(0);
  });

  it("a drawn script enables exactly its rules in an engine", () => {
    const e = mk({
      version: 1,
      facts: {},
      refraction: false,
      rules: ["a", "b", "c", "d"].map((n, i) => ({ name: n, salience: i, when: [], then: [] })),
    });
    const ds = createDynamicScripting(4);
    ds.weights.set([0, 5, 0, 5]);
    const script = new Int32Array(2);
    const n = generateScript(script, ds, 2, createRng(1));
    enableScript(e.s, e.e, script, n);
    expect(Array.from(e.s.enabled)).toEqual([0, 1, 0, 1]);
    runRuleCycle(e.s, e.e);
    expect(e.e.ruleNames[e.s.lastFired[0]!]).toBe("d");
  });

  it("losses lower weights, clamped at the minimum", () => {
    const ds = createDynamicScripting(4, { initialWeight: 10, minWeight: 5 });
    adaptScriptWeights(ds, [0], 1, -100);
    expect(ds.weights[0]).toBe(5);
    expect(Array.from(ds.weights.subarray(1))).toEqual([10 + 5 / 3, 10 + 5 / 3, 10 + 5 / 3]);
  });
});
