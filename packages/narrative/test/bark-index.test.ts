import { createRng, rngInt, rngWeightedPick, type Rng } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  barkRulesFromJson,
  createBarkState,
  findBark,
  matchConditions,
  recordBark,
  stepBarks,
  type BarkChoice,
  type BarkQuery,
  type BarkRuleSet,
  type BarkState,
} from "../src/index.js";

/** The reference: evaluates every criterion of every rule, then keeps the most specific free matches. */
function naiveFindBark(rules: BarkRuleSet, state: BarkState, query: BarkQuery, rng: Rng): BarkChoice | null {
  const free = (ruleId: string, concept: string, lines: number, cooldown: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < lines; i++) {
      const key = `${ruleId}#${i}`;
      const used = state.lineUsed[key];
      if (used !== undefined && state.time - used < cooldown) continue;
      if (key !== state.lastLine[concept]) out.push(i);
    }
    return out;
  };
  const matches = rules.rules.filter(
    (r) =>
      r.concept === query.concept &&
      matchConditions(r.criteria, query.facts) &&
      (state.ruleUsed[r.id] === undefined || state.time - state.ruleUsed[r.id]! >= r.cooldown) &&
      free(r.id, r.concept, r.lines.length, r.lineCooldown).length > 0,
  );
  if (matches.length === 0) return null;
  const best = Math.max(...matches.map((r) => r.criteria.length));
  const tier = matches.filter((r) => r.criteria.length === best);
  const rule =
    tier.length === 1
      ? tier[0]!
      : tier[
          rngWeightedPick(
            rng,
            tier.map((r) => r.weight),
          )
        ]!;
  const lines = free(rule.id, rule.concept, rule.lines.length, rule.lineCooldown);
  const lineIndex = lines[lines.length === 1 ? 0 : rngInt(rng, 0, lines.length - 1)]!;
  return { ruleId: rule.id, specificity: rule.criteria.length, lineIndex, text: rule.lines[lineIndex]! };
}

const criterion = fc.oneof(
  fc.record({ key: fc.constant("class"), op: fc.constantFrom("==", "!="), value: fc.constantFrom("medic", "scout") }),
  fc.record({ key: fc.constant("health"), op: fc.constantFrom("<", ">="), value: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ key: fc.constant("hurt"), op: fc.constant("=="), value: fc.boolean() }),
);
const rule = fc.record({
  concept: fc.constantFrom("reload", "seeEnemy", "hit"),
  criteria: fc.array(criterion, { minLength: 0, maxLength: 3 }),
  lines: fc.integer({ min: 1, max: 3 }),
  weight: fc.constantFrom(1, 2),
  cooldown: fc.constantFrom(0, 1, 3),
  lineCooldown: fc.constantFrom(0, 2),
});
const query = fc.record({
  concept: fc.constantFrom("reload", "seeEnemy", "hit", "other"),
  class: fc.constantFrom("medic", "scout", undefined),
  health: fc.integer({ min: 0, max: 3 }),
  hurt: fc.boolean(),
  seed: fc.nat(),
  dt: fc.constantFrom(0, 0.5, 1, 2),
});

describe("bark index", () => {
  it("property: concept buckets with most-specific-first tiers pick what a scan of every rule picks", () => {
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 30 }), fc.array(query, { minLength: 1, maxLength: 25 }), (json, queries) => {
        const rules = barkRulesFromJson(json.map((r, i) => ({ ...r, id: `r${i}`, lines: Array.from({ length: r.lines }, (_, k) => `r${i} line ${k}`) })));
        const state = createBarkState();
        for (const q of queries) {
          const facts: Record<string, string | number | boolean> = { health: q.health, hurt: q.hurt };
          if (q.class !== undefined) facts["class"] = q.class;
          const bq = { concept: q.concept, facts };
          const expected = naiveFindBark(rules, state, bq, createRng(q.seed));
          const got = findBark(state, rules, bq, createRng(q.seed));
          expect(got).toEqual(expected);
          if (got) recordBark(state, q.concept, got);
          stepBarks(state, q.dt);
        }
      }),
      { numRuns: 150 },
    );
  });
});
