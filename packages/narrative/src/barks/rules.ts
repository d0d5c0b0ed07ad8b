import { readConditions } from "../conditions.js";
import { fail, isFiniteNumber, isRecord } from "../internal/fail.js";
import type { BarkRule, BarkRuleSet, BarkState } from "./types.js";

const FN = "barkRulesFromJson";

/**
 * Validates bark rules written as JSON (an array of `{ id, concept, criteria?, lines, weight?,
 * cooldown?, lineCooldown? }`) and indexes them by concept, most specific first. Throws
 * `TacticaError` `NARRATIVE_BAD_INPUT` naming the JSON path of the first problem.
 */
export function barkRulesFromJson(json: unknown): BarkRuleSet {
  if (!Array.isArray(json)) fail("NARRATIVE_BAD_INPUT", FN, "expected an array of rules.", "$");
  const seen = new Set<string>();
  const rules = json.map((r: unknown, i): BarkRule => {
    const p = `$[${i}]`;
    if (!isRecord(r) || typeof r.id !== "string" || r.id === "") fail("NARRATIVE_BAD_INPUT", FN, `${p} needs a non-empty string id.`, `${p}.id`);
    if (r.id === "__proto__") fail("NARRATIVE_BAD_INPUT", FN, `${p}.id "__proto__" is reserved; rename the rule.`, `${p}.id`);
    if (seen.has(r.id)) fail("NARRATIVE_BAD_INPUT", FN, `${p}: duplicate id "${r.id}".`, `${p}.id`);
    seen.add(r.id);
    if (typeof r.concept !== "string" || r.concept === "" || r.concept === "__proto__")
      fail("NARRATIVE_BAD_INPUT", FN, `${p}.concept must be a non-empty string other than "__proto__".`, `${p}.concept`);
    if (!Array.isArray(r.lines) || r.lines.length === 0 || !r.lines.every((l) => typeof l === "string"))
      fail("NARRATIVE_BAD_INPUT", FN, `${p}.lines must be a non-empty array of strings.`, `${p}.lines`);
    const num = (key: string, def: number, ok: (v: number) => boolean, what: string): number => {
      const v = r[key];
      if (v === undefined) return def;
      if (!isFiniteNumber(v) || !ok(v)) fail("NARRATIVE_BAD_INPUT", FN, `${p}.${key} must be ${what}, got ${JSON.stringify(v)}.`, `${p}.${key}`);
      return v;
    };
    return {
      id: r.id,
      concept: r.concept,
      criteria: readConditions(FN, r.criteria, `${p}.criteria`),
      lines: [...r.lines],
      weight: num("weight", 1, (v) => v > 0, "a number > 0"),
      cooldown: num("cooldown", 0, (v) => v >= 0, "a number ≥ 0"),
      lineCooldown: num("lineCooldown", 0, (v) => v >= 0, "a number ≥ 0"),
    };
  });
  const byConcept: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
  rules.forEach((r, i) => (byConcept[r.concept] ??= []).push(i));
  for (const list of Object.values(byConcept)) list.sort((a, b) => rules[b]!.criteria.length - rules[a]!.criteria.length || a - b);
  return { rules, byConcept };
}

/** Makes an empty memory of what was said. */
export function createBarkState(): BarkState {
  return { time: 0, ruleUsed: {}, lineUsed: {}, lastLine: {} };
}

/** Advances the bark clock by `dt` seconds (≥ 0). */
export function stepBarks(state: BarkState, dt: number): BarkState {
  if (!isFiniteNumber(dt) || dt < 0) fail("INVALID_ARGUMENT", "stepBarks", `dt must be a finite number ≥ 0, got ${dt}.`, "dt");
  state.time += dt;
  return state;
}
