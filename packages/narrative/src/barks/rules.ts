import { describeValue } from "@tactica/core";
import { createRuleEngine, type RuleBaseDefinition, type RuleEngine } from "@tactica/decision";
import { readConditions } from "../conditions.js";
import { fail, isFiniteNumber, isRecord, readList } from "../internal/fail.js";
import type { BarkRule, BarkRuleSet, BarkState } from "./types.js";

const FN = "barkRulesFromJson";

/** @internal The fact of the compiled rule engine that holds the query's concept (its key fact). */
export const CONCEPT_FACT = "concept";

/**
 * Validates bark rules written as JSON (an array of `{ id, concept, criteria?, lines, weight?,
 * cooldown?, lineCooldown? }`), indexes them by concept, most specific first, and compiles them
 * into a `@tactica/decision` rule engine (`engine`: concept as the symbolic key fact, criteria on
 * strings as symbolic facts, strategy `"specificity"`) that {@link findBark} queries. Every
 * criterion on one fact must compare values of one kind (strings, or numbers and booleans, which
 * count as 1/0), and no criterion may use the key `concept`. Throws `TacticaError`
 * `NARRATIVE_BAD_INPUT` naming the JSON path of the first problem (`$[2].criteria[0].value`).
 * @param json - Parsed JSON: an array of bark rules `{ id, concept, criteria?, lines, weight?, cooldown?, lineCooldown? }` (cooldowns in
 *   seconds). Validated in full.
 */
export function barkRulesFromJson(json: unknown): BarkRuleSet {
  if (!Array.isArray(json)) fail("NARRATIVE_BAD_INPUT", FN, "expected an array of rules.", "$");
  // Declared lengths are checked before anything iterates (a sparse array may declare 2^26 slots).
  if (json.length > MAX_BARK_RULES) fail("NARRATIVE_BAD_INPUT", FN, `holds ${json.length} rules; at most ${MAX_BARK_RULES} are allowed.`, "$");
  const seen = new Set<string>();
  const rules: BarkRule[] = [];
  for (let i = 0; i < json.length; i++) {
    const r: unknown = json[i];
    const p = `$[${i}]`;
    if (!isRecord(r) || typeof r.id !== "string" || r.id === "") fail("NARRATIVE_BAD_INPUT", FN, `${p} needs a non-empty string id.`, `${p}.id`);
    if (r.id === "__proto__") fail("NARRATIVE_BAD_INPUT", FN, `${p}.id "__proto__" is reserved; rename the rule.`, `${p}.id`);
    if (seen.has(r.id)) fail("NARRATIVE_BAD_INPUT", FN, `${p}: duplicate id "${r.id}".`, `${p}.id`);
    seen.add(r.id);
    if (typeof r.concept !== "string" || r.concept === "" || r.concept === "__proto__")
      fail("NARRATIVE_BAD_INPUT", FN, `${p}.concept must be a non-empty string other than "__proto__".`, `${p}.concept`);
    if (!Array.isArray(r.lines) || r.lines.length === 0) fail("NARRATIVE_BAD_INPUT", FN, `${p}.lines must be a non-empty array of strings.`, `${p}.lines`);
    const rawLines = readList(FN, r.lines, `${p}.lines`, "strings", MAX_BARK_LINES);
    const lines: string[] = [];
    for (let k = 0; k < rawLines.length; k++) {
      const l = rawLines[k];
      if (typeof l !== "string") fail("NARRATIVE_BAD_INPUT", FN, `${p}.lines must be a non-empty array of strings.`, `${p}.lines[${k}]`);
      lines.push(l);
    }
    const num = (key: string, def: number, ok: (v: number) => boolean, what: string): number => {
      const v = r[key];
      if (v === undefined) return def;
      if (!isFiniteNumber(v) || !ok(v)) fail("NARRATIVE_BAD_INPUT", FN, `${p}.${key} must be ${what}, got ${describeValue(v)}.`, `${p}.${key}`);
      return v;
    };
    rules.push({
      id: r.id,
      concept: r.concept,
      criteria: readConditions(FN, r.criteria, `${p}.criteria`),
      lines,
      weight: num("weight", 1, (v) => v > 0, "a number > 0"),
      cooldown: num("cooldown", 0, (v) => v >= 0, "a number ≥ 0"),
      lineCooldown: num("lineCooldown", 0, (v) => v >= 0, "a number ≥ 0"),
    });
  }
  const byConcept: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
  rules.forEach((r, i) => (byConcept[r.concept] ??= []).push(i));
  for (const list of Object.values(byConcept)) list.sort((a, b) => rules[b]!.criteria.length - rules[a]!.criteria.length || a - b);
  return { rules, byConcept, engine: compileBarkRules(rules) };
}

/** Most bark rules one set may hold (decision's rule-base limit). */
const MAX_BARK_RULES = 1 << 16;
/** Most lines one bark rule may hold. */
const MAX_BARK_LINES = 4096;

/**
 * Compiles bark rules into a `@tactica/decision` rule engine: one rule per bark rule (same index,
 * named by its id) whose conditions are `concept == rule.concept` plus the criteria; facts are
 * `concept` (symbolic, the key fact) and every criterion key, symbolic when compared with
 * strings, numeric (booleans as 1/0) otherwise; strategy `"specificity"`.
 */
function compileBarkRules(rules: readonly BarkRule[]): RuleEngine {
  const facts: Record<string, number | string> = Object.create(null) as Record<string, number | string>;
  facts[CONCEPT_FACT] = "";
  rules.forEach((r, i) =>
    r.criteria.forEach((c, j) => {
      const p = `$[${i}].criteria[${j}]`;
      if (c.key === CONCEPT_FACT) fail("NARRATIVE_BAD_INPUT", FN, `${p}.key "${CONCEPT_FACT}" is the query's concept; name the fact differently.`, `${p}.key`);
      const kind = typeof c.value === "string" ? "" : 0;
      const seen = facts[c.key];
      if (seen === undefined) Object.defineProperty(facts, c.key, { value: kind, enumerable: true, writable: true, configurable: true });
      else if (typeof seen !== typeof kind)
        fail(
          "NARRATIVE_BAD_INPUT",
          FN,
          `${p}.value: fact "${c.key}" is compared with ${typeof kind === "string" ? "a string here and numbers or booleans" : "a number or boolean here and strings"} elsewhere; give every criterion on one fact values of one kind.`,
          `${p}.value`,
        );
    }),
  );
  const definition: RuleBaseDefinition = {
    version: 1,
    facts: { ...facts },
    keyFact: CONCEPT_FACT,
    strategy: "specificity",
    refraction: false,
    rules: rules.map((r) => ({
      name: r.id,
      weight: r.weight,
      when: [{ fact: CONCEPT_FACT, value: r.concept }, ...r.criteria.map((c) => ({ fact: c.key, op: c.op, value: c.value }))],
      then: [],
    })),
  };
  return createRuleEngine(definition);
}

/** Makes an empty memory of what was said. */
export function createBarkState(): BarkState {
  return { time: 0, ruleUsed: {}, lineUsed: {}, lastLine: {} };
}

/**
 * Advances the bark clock by `dt` seconds (≥ 0).
 * @param state - The bark memory whose clock (`state.time`, seconds) moves forward in place; returned.
 * @param dt - Seconds to add, finite and >= 0; rule and line cooldowns are measured on this clock.
 */
export function stepBarks(state: BarkState, dt: number): BarkState {
  if (!isFiniteNumber(dt) || dt < 0) fail("INVALID_ARGUMENT", "stepBarks", `dt must be a finite number ≥ 0, got ${dt}.`, "dt");
  state.time += dt;
  return state;
}
