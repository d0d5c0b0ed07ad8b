import { describeValue } from "@tactica/core";
import { fail, isFiniteNumber, isRecord, readList } from "./internal/fail.js";
import type { Condition, ConditionOp, Effect, Qualities, QualityValue } from "./types.js";

const OPS: readonly ConditionOp[] = ["==", "!=", "<", "<=", ">", ">="];

/** @internal The fact's own value (inherited names such as `toString` read as missing). */
export function readFact(facts: Qualities, key: string): QualityValue | undefined {
  return Object.prototype.hasOwnProperty.call(facts, key) ? facts[key] : undefined;
}

/**
 * @internal `value condition.op condition.value`, where a missing value (`undefined`) reads as
 * `0`, `""` or `false` (the type of `condition.value`).
 */
export function compareFact(condition: Condition, value: QualityValue | undefined): boolean {
  const b = condition.value;
  const a = value !== undefined ? value : typeof b === "number" ? 0 : typeof b === "string" ? "" : false;
  switch (condition.op) {
    case "==":
      return a === b;
    case "!=":
      return a !== b;
    case "<":
      return typeof a === "number" && typeof b === "number" && a < b;
    case "<=":
      return typeof a === "number" && typeof b === "number" && a <= b;
    case ">":
      return typeof a === "number" && typeof b === "number" && a > b;
    case ">=":
      return typeof a === "number" && typeof b === "number" && a >= b;
  }
}

/**
 * True when `facts[condition.key] condition.op condition.value` holds. A missing fact reads as
 * `0`, `""` or `false` (the type of `condition.value`), and so does an inherited name such as
 * `toString`; ordering operators are false unless both sides are numbers.
 *
 * @param condition - The condition `{ key, op, value }`; ordering operators (`<`, `<=`, `>`, `>=`) need number values.
 * @param facts - The qualities to test against; read only. A missing key reads as `0`, `""` or `false` (the type of `condition.value`).
 * @example
 * ```ts
 * matchCondition({ key: "gold", op: ">=", value: 10 }, { gold: 12 }); // → true
 * matchCondition({ key: "met", op: "==", value: true }, {});          // → false (missing reads as false)
 * ```
 */
export function matchCondition(condition: Condition, facts: Qualities): boolean {
  return compareFact(condition, readFact(facts, condition.key));
}

/**
 * True when every condition holds (an empty list always holds). See {@link matchCondition}.
 * @param conditions - The conditions, all of which must hold; an empty list always holds.
 * @param facts - The qualities to test against; read only.
 */
export function matchConditions(conditions: readonly Condition[], facts: Qualities): boolean {
  for (let i = 0; i < conditions.length; i++) if (!matchCondition(conditions[i]!, facts)) return false;
  return true;
}

/** @internal */
export function isQualityValue(v: unknown): v is QualityValue {
  return typeof v === "string" || typeof v === "boolean" || isFiniteNumber(v);
}

/**
 * @internal Validates a list of conditions from JSON: `{ key, op, value }`, or decision's rule
 * condition form `{ fact, op?, value }` (op `"=="` by default).
 */
export function readConditions(fn: string, json: unknown, path: string): Condition[] {
  if (json === undefined) return [];
  const list = readList(fn, json, path, "{ key, op, value }", 4096);
  const out: Condition[] = [];
  for (let i = 0; i < list.length; i++) {
    let c: unknown = list[i];
    const p = `${path}[${i}]`;
    if (!isRecord(c)) fail("NARRATIVE_BAD_INPUT", fn, `${p} must be an object { key, op, value }.`, p);
    if (c.key === undefined && typeof c.fact === "string") {
      // @tactica/decision's RuleCondition form: { fact, op?, value } with op "==" by default.
      c = { key: c.fact, op: c.op ?? "==", value: c.value };
    }
    if (!isRecord(c) || typeof c.key !== "string" || c.key === "") fail("NARRATIVE_BAD_INPUT", fn, `${p} needs a non-empty string key.`, `${p}.key`);
    if (!OPS.includes(c.op as ConditionOp)) fail("NARRATIVE_BAD_INPUT", fn, `${p}.op must be one of ${OPS.join(" ")}, got ${describeValue(c.op)}.`, `${p}.op`);
    if (!isQualityValue(c.value)) fail("NARRATIVE_BAD_INPUT", fn, `${p}.value must be a finite number, a string or a boolean.`, `${p}.value`);
    if (c.op !== "==" && c.op !== "!=" && typeof c.value !== "number")
      fail("NARRATIVE_BAD_INPUT", fn, `${p}: ${describeValue(c.op)} compares numbers; give a number value.`, `${p}.value`);
    out.push({ key: c.key, op: c.op as ConditionOp, value: c.value });
  }
  return out;
}

/** @internal Validates a list of effects from JSON. */
export function readEffects(fn: string, json: unknown, path: string): Effect[] {
  if (json === undefined) return [];
  const list = readList(fn, json, path, "{ key, op, value }", 4096);
  const out: Effect[] = [];
  for (let i = 0; i < list.length; i++) {
    const e: unknown = list[i];
    const p = `${path}[${i}]`;
    if (!isRecord(e) || typeof e.key !== "string" || e.key === "") fail("NARRATIVE_BAD_INPUT", fn, `${p} needs a non-empty string key.`, p);
    if (e.op !== "set" && e.op !== "add") fail("NARRATIVE_BAD_INPUT", fn, `${p}.op must be "set" or "add".`, `${p}.op`);
    if (!isQualityValue(e.value)) fail("NARRATIVE_BAD_INPUT", fn, `${p}.value must be a finite number, a string or a boolean.`, `${p}.value`);
    if (e.op === "add" && typeof e.value !== "number") fail("NARRATIVE_BAD_INPUT", fn, `${p}: "add" needs a number value.`, `${p}.value`);
    out.push({ key: e.key, op: e.op, value: e.value });
  }
  return out;
}

/**
 * Applies effects to `qualities` in order (mutates and returns it). `add` on a missing or non-number quality starts from 0.
 * @param qualities - The qualities to change; written in place and returned.
 * @param effects - Effects applied in order: `set` stores `value`, `add` adds a number to the current value (a missing or non-number quality
 *   counts as 0).
 */
export function applyEffects(qualities: Qualities, effects: readonly Effect[]): Qualities {
  for (const e of effects) {
    let v = e.value;
    if (e.op === "add") {
      const cur = readFact(qualities, e.key);
      v = (typeof cur === "number" ? cur : 0) + (e.value as number);
    }
    // A quality named "__proto__" is an own value like any other, never the object's prototype.
    if (e.key === "__proto__") Object.defineProperty(qualities, e.key, { value: v, enumerable: true, writable: true, configurable: true });
    else qualities[e.key] = v;
  }
  return qualities;
}
