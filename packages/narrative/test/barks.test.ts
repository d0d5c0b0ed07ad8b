import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnimationPriority, createAnimationBlackboard, createRuleState, queryRules, setRuleFact } from "@tactica/decision";
import { barkRulesFromJson, createBarkState, findBark, matchConditions, recordBark, sayBark, stepBarks } from "../src/index.js";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : `other: ${String(e)}`;
  }
  return undefined;
}

const tiered = barkRulesFromJson([
  { id: "generic", concept: "seeObject", lines: ["What's that?", "Huh."] },
  { id: "class", concept: "seeObject", criteria: [{ key: "object.class", op: "==", value: "barrel" }], lines: ["A barrel."], lineCooldown: 1000 },
  {
    id: "specific",
    concept: "seeObject",
    criteria: [
      { key: "object.class", op: "==", value: "barrel" },
      { key: "object.id", op: "==", value: "red-barrel-7" },
    ],
    lines: ["That red barrel again!", "Stay away from the red barrel!"],
    lineCooldown: 1000,
  },
]);

describe("bark rules", () => {
  it("indexes by concept, most specific first", () => {
    expect(tiered.byConcept["seeObject"]).toEqual([2, 1, 0]);
  });

  it("rejects bad rules with the JSON path", () => {
    expect(code(() => barkRulesFromJson({}))).toBe("NARRATIVE_BAD_INPUT $");
    expect(code(() => barkRulesFromJson([{ id: "a", concept: "c", lines: [] }]))).toBe("NARRATIVE_BAD_INPUT $[0].lines");
    expect(
      code(() =>
        barkRulesFromJson([
          { id: "a", concept: "c", lines: ["x"] },
          { id: "a", concept: "c", lines: ["y"] },
        ]),
      ),
    ).toBe("NARRATIVE_BAD_INPUT $[1].id");
    expect(code(() => barkRulesFromJson([{ id: "a", concept: "", lines: ["x"] }]))).toBe("NARRATIVE_BAD_INPUT $[0].concept");
    expect(code(() => barkRulesFromJson([{ id: "a", concept: "c", lines: ["x"], cooldown: -1 }]))).toBe("NARRATIVE_BAD_INPUT $[0].cooldown");
    expect(code(() => stepBarks(createBarkState(), Number.NaN))).toBe("INVALID_ARGUMENT dt");
  });
});

describe("bark selection", () => {
  it("chapter 28 tiers: specific lines first, then class, then generic; never the same line twice in a row", () => {
    const memory = createBarkState();
    const rng = createRng(5);
    const facts = { "object.class": "barrel", "object.id": "red-barrel-7" };
    const said: string[] = [];
    for (let i = 0; i < 8; i++) {
      said.push(sayBark(memory, tiered, { concept: "seeObject", facts }, rng)!.ruleId);
      stepBarks(memory, 1);
    }
    expect(said.slice(0, 3)).toEqual(["specific", "specific", "class"]);
    expect(said.slice(3).every((r) => r === "generic")).toBe(true);
    // generic has two lines and alternates
    const lines = Array.from({ length: 6 }, () => sayBark(memory, tiered, { concept: "seeObject", facts }, rng)!.text);
    for (let i = 1; i < lines.length; i++) expect(lines[i]).not.toBe(lines[i - 1]);
  });

  it("facts that match no specific rule go to the generic tier; unknown concepts say nothing", () => {
    const memory = createBarkState();
    const rng = createRng(1);
    expect(sayBark(memory, tiered, { concept: "seeObject", facts: { "object.class": "crate" } }, rng)?.ruleId).toBe("generic");
    expect(sayBark(memory, tiered, { concept: "nothing", facts: {} }, rng)).toBeNull();
  });

  it("a shared memory keeps two agents from saying the same line within its cooldown (anti-twinning)", () => {
    const rules = barkRulesFromJson([{ id: "hit", concept: "hit", lines: ["I'm hit!"], lineCooldown: 1 }]);
    const shared = createBarkState();
    const rng = createRng(2);
    expect(sayBark(shared, rules, { concept: "hit", facts: { speaker: "a" } }, rng)?.text).toBe("I'm hit!");
    expect(sayBark(shared, rules, { concept: "hit", facts: { speaker: "b" } }, rng)).toBeNull();
  });

  it("rule cooldown and ties by seeded weight (χ²)", () => {
    const rules = barkRulesFromJson([
      { id: "a", concept: "c", lines: ["a"], weight: 1 },
      { id: "b", concept: "c", lines: ["b"], weight: 4 },
      { id: "slow", concept: "d", lines: ["x", "y"], cooldown: 5 },
    ]);
    const memory = createBarkState();
    const rng = createRng(11);
    const n = 5000;
    let b = 0;
    for (let i = 0; i < n; i++) if (findBark(memory, rules, { concept: "c", facts: {} }, rng)?.ruleId === "b") b++;
    const chi2 = (b - 0.8 * n) ** 2 / (0.8 * n) + (n - b - 0.2 * n) ** 2 / (0.2 * n);
    expect(chi2).toBeLessThan(10.83);
    expect(sayBark(memory, rules, { concept: "d", facts: {} }, rng)).not.toBeNull();
    stepBarks(memory, 4.9);
    expect(sayBark(memory, rules, { concept: "d", facts: {} }, rng)).toBeNull();
    stepBarks(memory, 0.1);
    expect(sayBark(memory, rules, { concept: "d", facts: {} }, rng)).not.toBeNull();
  });

  it("property: the chosen rule matches and no matching, free rule is more specific", () => {
    const keys = ["a", "b", "c"];
    const arbRules = fc.array(fc.subarray(keys), { minLength: 1, maxLength: 10 });
    const arbFacts = fc.record({ a: fc.boolean(), b: fc.boolean(), c: fc.boolean() });
    fc.assert(
      fc.property(arbRules, arbFacts, fc.integer({ min: 0, max: 99 }), (crit, facts, seed) => {
        const rules = barkRulesFromJson(
          crit.map((ks, i) => ({ id: `r${i}`, concept: "x", criteria: ks.map((k) => ({ key: k, op: "==", value: true })), lines: [`l${i}`] })),
        );
        const choice = findBark(createBarkState(), rules, { concept: "x", facts }, createRng(seed));
        const matching = crit.map((ks, i) => ({ i, n: ks.length, ok: ks.every((k) => facts[k as "a"]) })).filter((r) => r.ok);
        if (matching.length === 0) return choice === null;
        if (choice === null) return false;
        const i = Number(choice.ruleId.slice(1));
        return matching.some((m) => m.i === i) && crit[i]!.length === Math.max(...matching.map((m) => m.n));
      }),
      { numRuns: 200 },
    );
  });

  it("the level-2 example holds", () => {
    const rules = barkRulesFromJson([
      { id: "generic", concept: "reload", lines: ["Reloading!"] },
      { id: "medic", concept: "reload", criteria: [{ key: "class", op: "==", value: "medic" }], lines: ["Medic reloading!"], lineCooldown: 10 },
    ]);
    const memory = createBarkState();
    const rng = createRng(7);
    const q = { concept: "reload", facts: { class: "medic" } };
    expect(sayBark(memory, rules, q, rng)?.text).toBe("Medic reloading!");
    expect(sayBark(memory, rules, q, rng)?.text).toBe("Reloading!");
    stepBarks(memory, 10);
    expect(sayBark(memory, rules, q, rng)?.text).toBe("Medic reloading!");
  });
});

describe("anti-twinning on decision's cooldown blackboard", () => {
  const rules = barkRulesFromJson([
    { id: "contact", concept: "seeEnemy", lines: ["Contact!", "Enemy spotted!"] },
    { id: "hit", concept: "hit", lines: ["Ow!"] },
  ]);

  it("two agents with their own memories never start the same line within 1 s (300 ms for a reaction)", () => {
    const board = createAnimationBlackboard();
    const a = createBarkState();
    const b = createBarkState();
    const rng = createRng(3);
    const first = sayBark(a, rules, { concept: "seeEnemy", facts: {} }, rng, { twinning: board, now: 0 });
    const second = sayBark(b, rules, { concept: "seeEnemy", facts: {} }, rng, { twinning: board, now: 0.5 });
    expect(first).not.toBeNull();
    expect(second?.text).not.toBe(first?.text);
    // Both lines are now taken for 1 s: a third agent stays quiet, then may speak at 1.0 s.
    expect(sayBark(createBarkState(), rules, { concept: "seeEnemy", facts: {} }, rng, { twinning: board, now: 0.9 })).toBeNull();
    expect(sayBark(createBarkState(), rules, { concept: "seeEnemy", facts: {} }, rng, { twinning: board, now: 1.0 })?.text).toBe(first?.text);
    // Reactions: 300 ms.
    const hurt = { concept: "hit", facts: {} };
    expect(sayBark(a, rules, hurt, rng, { twinning: board, now: 2, priority: AnimationPriority.Reaction })?.text).toBe("Ow!");
    expect(sayBark(b, rules, hurt, rng, { twinning: board, now: 2.2, priority: AnimationPriority.Reaction })).toBeNull();
    expect(sayBark(b, rules, hurt, rng, { twinning: board, now: 2.31, priority: AnimationPriority.Reaction })?.text).toBe("Ow!");
  });

  it("without a blackboard, separate memories may twin", () => {
    const rng = createRng(1);
    const one = barkRulesFromJson([{ id: "x", concept: "c", lines: ["Only line"] }]);
    expect(sayBark(createBarkState(), one, { concept: "c", facts: {} }, rng)?.text).toBe("Only line");
    expect(sayBark(createBarkState(), one, { concept: "c", facts: {} }, rng)?.text).toBe("Only line");
  });

  it("rejects a bad priority or time with a located error", () => {
    const board = createAnimationBlackboard();
    const choice = { ruleId: "hit", lineIndex: 0, text: "Ow!" };
    expect(code(() => recordBark(createBarkState(), "hit", choice, { twinning: board, priority: 5 }))).toBe("INVALID_ARGUMENT options.priority");
    expect(code(() => findBark(createBarkState(), rules, { concept: "hit", facts: {} }, createRng(1), { twinning: board, now: Number.NaN }))).toBe(
      "INVALID_ARGUMENT options.now",
    );
  });
});

describe("criteria in decision's rule-condition form", () => {
  it("reads { fact, op?, value } like { key, op, value }", () => {
    const rules = barkRulesFromJson([
      { id: "generic", concept: "reload", lines: ["Reloading!"] },
      {
        id: "low",
        concept: "reload",
        criteria: [
          { fact: "ammo", op: "<", value: 3 },
          { fact: "inCover", value: true },
        ],
        lines: ["Almost dry!"],
      },
    ]);
    expect(rules.rules[1]!.criteria).toEqual([
      { key: "ammo", op: "<", value: 3 },
      { key: "inCover", op: "==", value: true },
    ]);
    expect(sayBark(createBarkState(), rules, { concept: "reload", facts: { ammo: 1, inCover: true } }, createRng(1))?.text).toBe("Almost dry!");
  });
});

describe("barks on decision's rule engine", () => {
  it("compile into a decision rule engine: one rule per bark rule, concept as the symbolic key fact, strategy specificity", () => {
    const e = tiered.engine;
    expect(e.ruleNames).toEqual(["generic", "class", "specific"]);
    expect(e.strategy).toBe("specificity");
    expect(e.factNames[e.keyFact]).toBe("concept");
    expect(Array.from(e.testCount)).toEqual([1, 2, 3]);
    // The engine answers decision queries directly.
    const s = createRuleState(e);
    setRuleFact(s, e, "concept", "seeObject");
    setRuleFact(s, e, "object.class", "barrel");
    expect(e.ruleNames[queryRules(s, e, createRng(1))]).toBe("class");
    setRuleFact(s, e, "object.id", "red-barrel-7");
    expect(e.ruleNames[queryRules(s, e, createRng(1))]).toBe("specific");
  });

  it("a choice names its rule's specificity (number of criteria)", () => {
    const facts = { "object.class": "barrel", "object.id": "red-barrel-7" };
    expect(findBark(createBarkState(), tiered, { concept: "seeObject", facts }, createRng(1))?.specificity).toBe(2);
    expect(findBark(createBarkState(), tiered, { concept: "seeObject", facts: {} }, createRng(1))?.specificity).toBe(0);
  });

  it("rejects mixed value kinds on one fact and the reserved key concept, by JSON path", () => {
    expect(
      code(() =>
        barkRulesFromJson([
          { id: "a", concept: "c", criteria: [{ key: "cls", op: "==", value: "medic" }], lines: ["x"] },
          {
            id: "b",
            concept: "c",
            criteria: [
              { key: "hp", op: "<", value: 3 },
              { key: "cls", op: "==", value: 2 },
            ],
            lines: ["y"],
          },
        ]),
      ),
    ).toBe("NARRATIVE_BAD_INPUT $[1].criteria[1].value");
    expect(code(() => barkRulesFromJson([{ id: "a", concept: "c", criteria: [{ key: "concept", op: "==", value: "c" }], lines: ["x"] }]))).toBe(
      "NARRATIVE_BAD_INPUT $[0].criteria[0].key",
    );
    // Numbers and booleans mix (booleans count as 1/0).
    expect(() =>
      barkRulesFromJson([
        { id: "a", concept: "c", criteria: [{ key: "n", op: "==", value: true }], lines: ["x"] },
        { id: "b", concept: "c", criteria: [{ key: "n", op: ">", value: 0 }], lines: ["y"] },
      ]),
    ).not.toThrow();
  });

  it("query facts of the wrong kind: a string for a numeric fact throws; a number for a symbolic fact equals no string", () => {
    const rules = barkRulesFromJson([
      { id: "low", concept: "c", criteria: [{ key: "hp", op: "<", value: 3 }], lines: ["low"] },
      { id: "not-medic", concept: "c", criteria: [{ key: "cls", op: "!=", value: "medic" }], lines: ["not medic"] },
      { id: "medic", concept: "c", criteria: [{ key: "cls", op: "==", value: "medic" }], lines: ["medic"] },
    ]);
    expect(code(() => findBark(createBarkState(), rules, { concept: "c", facts: { hp: "low" } }, createRng(1)))).toBe("INVALID_ARGUMENT query.facts.hp");
    expect(code(() => findBark(createBarkState(), rules, { concept: "c", facts: { hp: Number.NaN } }, createRng(1)))).toBe("INVALID_ARGUMENT query.facts.hp");
    expect(findBark(createBarkState(), rules, { concept: "c", facts: { hp: 5, cls: 7 } }, createRng(1))?.ruleId).toBe("not-medic");
    expect(findBark(createBarkState(), rules, { concept: "c", facts: { hp: 5, cls: "medic" } }, createRng(1))?.ruleId).toBe("medic");
  });

  it('a fact the query leaves out reads as "", 0 or false, as matchConditions reads it', () => {
    const rules = barkRulesFromJson([
      { id: "unnamed", concept: "c", criteria: [{ key: "name", op: "==", value: "" }], lines: ["Who's there?"] },
      {
        id: "zero",
        concept: "d",
        criteria: [
          { key: "ammo", op: "<=", value: 0 },
          { key: "armed", op: "==", value: false },
        ],
        lines: ["Empty!"],
      },
    ]);
    expect(findBark(createBarkState(), rules, { concept: "c", facts: {} }, createRng(1))?.ruleId).toBe("unnamed");
    expect(findBark(createBarkState(), rules, { concept: "c", facts: { name: "Ada" } }, createRng(1))).toBeNull();
    expect(findBark(createBarkState(), rules, { concept: "d", facts: {} }, createRng(1))?.ruleId).toBe("zero");
    expect(matchConditions(rules.rules[1]!.criteria, {})).toBe(true);
  });

  it("a structured clone of the rule set behaves as the original", () => {
    const copy = structuredClone(tiered);
    const facts = { "object.class": "barrel", "object.id": "red-barrel-7" };
    const a = createBarkState();
    const b = createBarkState();
    for (let i = 0; i < 6; i++) {
      expect(sayBark(b, copy, { concept: "seeObject", facts }, createRng(i))).toEqual(sayBark(a, tiered, { concept: "seeObject", facts }, createRng(i)));
      stepBarks(a, 1);
      stepBarks(b, 1);
    }
  });
});
