import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as core from "@tactica/core";
import { createRng, isTacticaError, rngNextFloat, type Rng } from "@tactica/core";
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as decision from "../src/index";
import {
  createRuleEngine,
  createRuleState,
  getRuleFact,
  getFactSymbol,
  getSymbolId,
  queryRules,
  restoreRuleState,
  ruleBaseJsonSchema,
  runRuleCycle,
  saveRuleState,
  setRuleFact,
  setRuleEnabled,
  validateRuleBase,
  type RuleBaseDefinition,
  type RuleEngine,
  type RuleSnapshot,
  type RuleState,
} from "../src/index";

function err(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : `other: ${String(e)}`;
  }
  return "no error";
}

const dialog: RuleBaseDefinition = {
  version: 1,
  facts: { concept: "", "speaker.class": "", "speaker.health": 100, "listener.friendly": false },
  keyFact: "concept",
  strategy: "specificity",
  rules: [
    { name: "hit-generic", when: [{ fact: "concept", value: "onHit" }], then: [] },
    {
      name: "hit-medic",
      when: [
        { fact: "concept", value: "onHit" },
        { fact: "speaker.class", value: "medic" },
      ],
      then: [],
    },
    {
      name: "hit-medic-low",
      when: [
        { fact: "concept", value: "onHit" },
        { fact: "speaker.class", value: "medic" },
        { fact: "speaker.health", op: "<", value: 30 },
      ],
      then: [],
    },
    {
      name: "hit-not-medic",
      when: [
        { fact: "concept", value: "onHit" },
        { fact: "speaker.class", op: "!=", value: "medic" },
      ],
      then: [],
    },
    { name: "any-friendly", when: [{ fact: "listener.friendly", value: true }], then: [] },
    { name: "reload", when: [{ fact: "concept", value: "reload" }], then: [{ set: "speaker.class", value: "reloader" }] },
  ],
};

describe("symbolic facts", () => {
  it("intern strings; == and != compare symbols; unknown strings equal no constant", () => {
    const e = createRuleEngine(dialog);
    expect(e.symbols[0]).toBe("");
    expect(e.factKind[e.factIndex["concept"]!]).toBe(1);
    expect(e.factKind[e.factIndex["speaker.health"]!]).toBe(0);
    const s = createRuleState(e);
    setRuleFact(s, e, "concept", "onHit");
    setRuleFact(s, e, "speaker.class", "medic");
    expect(getFactSymbol(s, e, "speaker.class")).toBe("medic");
    expect(getRuleFact(s, e, "speaker.class")).toBe(getSymbolId(e, "medic"));
    setRuleFact(s, e, "speaker.class", "sniper"); // never mentioned: symbol -1
    expect(getRuleFact(s, e, "speaker.class")).toBe(-1);
    expect(getFactSymbol(s, e, "speaker.class")).toBeUndefined();
    expect(getSymbolId(e, "sniper")).toBe(-1);
    setRuleEnabled(s, e, 4, false);
    expect(e.ruleNames[queryRules(s, e, createRng(1))]).toBe("hit-not-medic");
    setRuleFact(s, e, "speaker.class", getSymbolId(e, "medic"));
    expect(e.ruleNames[queryRules(s, e, createRng(1))]).toBe("hit-medic");
  });

  it("set actions write symbols and the forward chainer matches them", () => {
    const e = createRuleEngine({ ...dialog, strategy: "salience" });
    const s = createRuleState(e);
    setRuleFact(s, e, "concept", "reload");
    runRuleCycle(s, e);
    expect(getFactSymbol(s, e, "speaker.class")).toBe("reloader");
  });

  it("setRuleFact rejects a string for a numeric fact and a non-id number or a boolean for a symbolic one", () => {
    const e = createRuleEngine(dialog);
    const s = createRuleState(e);
    expect(err(() => setRuleFact(s, e, "speaker.health", "low"))).toBe("INVALID_ARGUMENT value");
    expect(err(() => setRuleFact(s, e, "concept", 99))).toBe("INVALID_ARGUMENT value");
    expect(err(() => setRuleFact(s, e, "concept", 0.5))).toBe("INVALID_ARGUMENT value");
    expect(err(() => setRuleFact(s, e, "concept", true))).toBe("INVALID_ARGUMENT value");
    expect(err(() => getFactSymbol(s, e, "speaker.health"))).toBe("INVALID_ARGUMENT name");
  });

  it("validation names the JSON path of symbol misuse", () => {
    const base = (when: unknown[], then: unknown[] = [], extra: object = {}): unknown => ({
      version: 1,
      facts: { kind: "a", n: 0, other: "b" },
      rules: [{ name: "r", when, then }],
      ...extra,
    });
    const paths = (d: unknown): string[] => validateRuleBase(d).map((i) => i.path);
    expect(paths(base([{ fact: "kind", op: "<", value: "a" }]))).toEqual(["$.rules[0].when[0].op"]);
    expect(validateRuleBase(base([{ fact: "kind", op: "<", value: "a" }]))[0]!.message).toMatch(/only "==" and "!="/);
    expect(paths(base([{ fact: "kind", value: 3 }]))).toEqual(["$.rules[0].when[0].value"]);
    expect(paths(base([{ fact: "n", value: "x" }]))).toEqual(["$.rules[0].when[0].value"]);
    expect(paths(base([{ fact: "n", otherFact: "kind" }]))).toEqual(["$.rules[0].when[0].otherFact"]);
    expect(paths(base([{ fact: "kind", otherFact: "other" }]))).toEqual([]);
    expect(paths(base([], [{ add: "kind", value: 1 }]))).toEqual(["$.rules[0].then[0].add"]);
    expect(paths(base([], [{ set: "kind", value: 1 }]))).toEqual(["$.rules[0].then[0].value"]);
    expect(paths(base([], [{ set: "n", value: "x" }]))).toEqual(["$.rules[0].then[0].value"]);
    expect(paths(base([], [], { keyFact: "n" }))).toEqual(["$.keyFact"]);
    expect(paths(base([], [], { keyFact: "nope" }))).toEqual(["$.keyFact"]);
    expect(paths(base([], [], { keyFact: "kind", strategy: "specificity" }))).toEqual([]);
    expect(err(() => createRuleEngine(base([{ fact: "kind", op: ">=", value: "a" }]) as RuleBaseDefinition))).toBe("INVALID_DEFINITION $.rules[0].when[0].op");
  });

  it("existing numeric rule bases compile as before (no symbols but the empty string)", () => {
    const e = createRuleEngine({ version: 1, facts: { a: 1, b: true }, rules: [{ name: "r", when: [{ fact: "a", value: 1 }], then: [] }] });
    expect(e.symbols).toEqual([""]);
    expect(Array.from(e.factKind)).toEqual([0, 0]);
    expect(e.keyFact).toBe(-1);
  });
});

describe("save and restore with symbols", () => {
  it("round-trips symbolic facts by string (null for an unknown one)", () => {
    const e = createRuleEngine(dialog);
    const s = createRuleState(e, { seed: 4 });
    setRuleFact(s, e, "concept", "onHit");
    setRuleFact(s, e, "speaker.class", "ghost");
    runRuleCycle(s, e);
    const snap = saveRuleState(s, e);
    expect(snap.facts["concept"]).toBe("onHit");
    expect(snap.facts["speaker.class"]).toBeNull();
    const t = createRuleState(e);
    restoreRuleState(t, e, JSON.parse(JSON.stringify(snap)) as RuleSnapshot);
    expect(saveRuleState(t, e)).toEqual(snap);
  });

  it("rejects a number for a symbolic fact and leaves the state unchanged", () => {
    const e = createRuleEngine(dialog);
    const s = createRuleState(e);
    setRuleFact(s, e, "concept", "reload");
    const before = JSON.stringify(saveRuleState(s, e));
    const bad = { ...saveRuleState(s, e), facts: { ...saveRuleState(s, e).facts, concept: 3 } };
    expect(err(() => restoreRuleState(s, e, bad))).toBe("INVALID_ARGUMENT snapshot.facts.concept");
    const bad2 = { ...saveRuleState(s, e), facts: { ...saveRuleState(s, e).facts, "speaker.health": "x" } };
    expect(err(() => restoreRuleState(s, e, bad2))).toBe("INVALID_ARGUMENT snapshot.facts.speaker.health");
    expect(JSON.stringify(saveRuleState(s, e))).toBe(before);
  });
});

describe("queryRules", () => {
  it("picks the most specific matching rule and falls back tier by tier through the filter", () => {
    const e = createRuleEngine(dialog);
    const s = createRuleState(e);
    setRuleFact(s, e, "concept", "onHit");
    setRuleFact(s, e, "speaker.class", "medic");
    setRuleFact(s, e, "speaker.health", 10);
    expect(e.ruleNames[queryRules(s, e, createRng(1))]).toBe("hit-medic-low");
    const banned = new Set([e.ruleIndex["hit-medic-low"]!]);
    expect(e.ruleNames[queryRules(s, e, createRng(1), { filter: (r) => !banned.has(r) })]).toBe("hit-medic");
    banned.add(e.ruleIndex["hit-medic"]!);
    // hit-generic and any-friendly are both 1-condition rules; any-friendly does not hold.
    expect(e.ruleNames[queryRules(s, e, createRng(1), { filter: (r) => !banned.has(r) })]).toBe("hit-generic");
    setRuleFact(s, e, "concept", "nothing");
    expect(queryRules(s, e, createRng(1))).toBe(-1);
    setRuleFact(s, e, "listener.friendly", true);
    expect(e.ruleNames[queryRules(s, e, createRng(1))]).toBe("any-friendly");
  });

  it("fires nothing and changes no fact", () => {
    const e = createRuleEngine(dialog);
    const s = createRuleState(e);
    setRuleFact(s, e, "concept", "reload");
    const before = JSON.stringify(saveRuleState(s, e));
    expect(e.ruleNames[queryRules(s, e, createRng(1))]).toBe("reload");
    const after = JSON.parse(JSON.stringify(saveRuleState(s, e))) as RuleSnapshot;
    expect({ ...after, testsEvaluated: 0 }).toEqual({ ...(JSON.parse(before) as RuleSnapshot), testsEvaluated: 0 });
  });

  it("ties by seeded weight (χ² against 1:3)", () => {
    const e = createRuleEngine({
      version: 1,
      facts: { c: "" },
      keyFact: "c",
      rules: [
        { name: "a", when: [{ fact: "c", value: "x" }], then: [], weight: 1 },
        { name: "b", when: [{ fact: "c", value: "x" }], then: [], weight: 3 },
        { name: "zero", when: [{ fact: "c", value: "x" }], then: [], weight: 0 },
      ],
    });
    const s = createRuleState(e);
    setRuleFact(s, e, "c", "x");
    const rng = createRng(9);
    const n = 4000;
    let b = 0;
    for (let i = 0; i < n; i++) {
      const r = queryRules(s, e, rng);
      expect(r).not.toBe(2);
      if (r === 1) b++;
    }
    const chi2 = (b - 0.75 * n) ** 2 / (0.75 * n) + (n - b - 0.25 * n) ** 2 / (0.25 * n);
    expect(chi2).toBeLessThan(10.83);
  });

  it("the specificity strategy fires the most specific matching rule in runRuleCycle", () => {
    const e = createRuleEngine({ ...dialog, refraction: false });
    const s = createRuleState(e, { seed: 2 });
    setRuleFact(s, e, "concept", "onHit");
    setRuleFact(s, e, "speaker.class", "medic");
    setRuleFact(s, e, "speaker.health", 10);
    runRuleCycle(s, e);
    expect(e.ruleNames[s.lastFired[0]!]).toBe("hit-medic-low");
    setRuleFact(s, e, "speaker.health", 50);
    runRuleCycle(s, e);
    expect(e.ruleNames[s.lastFired[0]!]).toBe("hit-medic");
  });

  it("rejects a state made for another engine", () => {
    const e = createRuleEngine(dialog);
    const other = createRuleEngine({ version: 1, facts: {}, rules: [] });
    expect(err(() => queryRules(createRuleState(other), e, createRng(1)))).toBe("INVALID_ARGUMENT state");
  });

  it("the @example runs as documented", () => {
    const src = readFileSync(fileURLToPath(new URL("../src/rules/query.ts", import.meta.url)), "utf8");
    const m = /@example\s*\n\s*\*\s*```ts\n([\s\S]*?)\n\s*\*\s*```/.exec(src)!;
    const code = m[1]!
      .split("\n")
      .map((l) => l.replace(/^\s*\* ?/, ""))
      .join("\n");
    const lines = code.split("\n");
    const picks = lines.map((l, i) => (l.startsWith("engine.ruleNames[") ? i : -1)).filter((i) => i >= 0);
    for (const i of picks) lines[i] = `__out.push(${lines[i]!.replace(/;.*$/, "")});`;
    const js = ts.transpileModule(
      `const { ${Object.keys(decision).join(", ")} } = __decision; const { createRng } = __core; const __out = [];\n${lines.join("\n")}\nreturn __out;`,
      { compilerOptions: { target: ts.ScriptTarget.ES2022 } },
    ).outputText;
    // Running documentation code is the point of this test.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const out = (new Function("__decision", "__core", js) as (d: unknown, c: unknown) => unknown)(decision, core);
    expect(out).toEqual(["medic", "generic"]);
  });
});

/** The reference: every rule's conditions evaluated from scratch, the most specific matches kept. */
function bruteForce(def: RuleBaseDefinition, facts: Record<string, string | number>, enabled: boolean[], rng: Rng): number {
  const holds = (c: { fact: string; op?: string; value: string | number | boolean }): boolean => {
    const a = facts[c.fact]!;
    const b = c.value;
    switch (c.op ?? "==") {
      case "==":
        return a === b;
      case "!=":
        return a !== b;
      case "<":
        return (a as number) < (b as number);
      default:
        return (a as number) >= (b as number);
    }
  };
  const matches = def.rules
    .map((r, i) => ({ i, n: r.when.length, w: r.weight ?? 1, ok: enabled[i]! && (r.weight ?? 1) > 0 && r.when.every((c) => holds(c as never)) }))
    .filter((m) => m.ok);
  if (matches.length === 0) return -1;
  const best = Math.max(...matches.map((m) => m.n));
  const tier = matches.filter((m) => m.n === best);
  if (tier.length === 1) return tier[0]!.i;
  let x = rngNextFloat(rng) * tier.reduce((s, m) => s + m.w, 0);
  let pick = -1;
  for (const m of tier) {
    pick = m.i;
    if (x < m.w) break;
    x -= m.w;
  }
  return pick;
}

describe("property: queryRules equals a brute-force scan", () => {
  const cond = fc.oneof(
    fc.record({ fact: fc.constant("concept"), op: fc.constantFrom("==", "!="), value: fc.constantFrom("a", "b", "c") }),
    fc.record({ fact: fc.constant("cls"), op: fc.constantFrom("==", "!="), value: fc.constantFrom("medic", "scout", "") }),
    fc.record({ fact: fc.constant("hp"), op: fc.constantFrom("<", ">="), value: fc.integer({ min: 0, max: 4 }) }),
  );
  const rule = fc.record({ when: fc.array(cond, { minLength: 0, maxLength: 4 }), weight: fc.constantFrom(0, 1, 2, 5) });
  const query = fc.record({
    concept: fc.constantFrom("a", "b", "c", "zzz"),
    cls: fc.constantFrom("medic", "scout", "", "other"),
    hp: fc.integer({ min: 0, max: 4 }),
    seed: fc.nat(),
  });

  it("with and without a key fact: same pick, of maximal specificity among the matching rules", () => {
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 1, maxLength: 25 }),
        fc.array(query, { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
        (rules, queries, enabled) => {
          const def: RuleBaseDefinition = {
            version: 1,
            facts: { concept: "", cls: "", hp: 0 },
            rules: rules.map((r, i) => ({ name: `r${i}`, when: r.when, then: [], weight: r.weight })),
          };
          const keyed = createRuleEngine({ ...def, keyFact: "concept" });
          const flat = createRuleEngine(def);
          const on = enabled.slice(0, rules.length);
          const states: [RuleEngine, RuleState][] = [
            [keyed, createRuleState(keyed)],
            [flat, createRuleState(flat)],
          ];
          for (const [e, s] of states) on.forEach((v, r) => setRuleEnabled(s, e, r, v));
          for (const q of queries) {
            const facts = { concept: q.concept, cls: q.cls, hp: q.hp };
            const expected = bruteForce(def, facts, on, createRng(q.seed));
            for (const [e, s] of states) {
              setRuleFact(s, e, "concept", q.concept);
              setRuleFact(s, e, "cls", q.cls);
              setRuleFact(s, e, "hp", q.hp);
              expect(queryRules(s, e, createRng(q.seed))).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("published rule-base JSON Schema", () => {
  it("ships as schema/rule-base.schema.json, identical to the exported const", () => {
    const file = JSON.parse(readFileSync(fileURLToPath(new URL("../schema/rule-base.schema.json", import.meta.url)), "utf8")) as unknown;
    expect(file).toEqual(JSON.parse(JSON.stringify(ruleBaseJsonSchema)));
  });

  it("lists the properties and strategies the validator accepts", () => {
    const issues = validateRuleBase({ version: 1, facts: {}, rules: [], zzz: 1 });
    expect(issues.map((i) => i.path)).toEqual(["$.zzz"]);
    for (const prop of Object.keys(ruleBaseJsonSchema.properties)) {
      const v = validateRuleBase({ version: 1, facts: {}, rules: [], [prop]: null });
      expect(v.some((i) => i.path === `$.${prop}` && /not a known property/.test(i.message))).toBe(false);
    }
    for (const strategy of ruleBaseJsonSchema.properties.strategy.enum) expect(validateRuleBase({ version: 1, facts: {}, rules: [], strategy })).toEqual([]);
    for (const prop of Object.keys(ruleBaseJsonSchema.$defs.rule.properties)) {
      const v = validateRuleBase({ version: 1, facts: {}, rules: [{ name: "r", when: [], then: [], [prop]: null }] });
      expect(v.some((i) => /not a known property/.test(i.message))).toBe(false);
    }
  });
});
