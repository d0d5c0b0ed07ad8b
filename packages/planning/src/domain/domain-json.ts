import { describeValue } from "@tactica/core";
import { planningError, PlanningErrorCodes } from "../internal/errors";
import { formatLiteral, parseLiteral } from "./literal";
import type { PlanningAction, PlanningDomain, PlanningFact, PlanningLiteral, PlanningObject, PlanningPredicate } from "./types";
import { ANY_TYPE, checkDomain } from "./validate-domain";

/**
 * The JSON form of a {@link PlanningDomain}. Literals are strings in the text syntax
 * (`"at(?c, ?l)"`, `"not holding(?c, ?o)"`); parameters are `"type ?name"` or `"?name"`.
 */
export interface PlanningDomainJson {
  /** Format version, 1. */
  version: 1;
  /** Predicate declarations `"name(type, …)"`; may be empty. */
  predicates: string[];
  /** Typed objects in declaration order (`type` defaults to `any`). */
  objects: { name: string; type: string }[];
  /** Action schemas. */
  actions: { name: string; parameters: string[]; cost?: number; preconditions: string[]; effects: string[] }[];
  /** Facts of the initial state. */
  initial: string[];
  /** Goal literals. */
  goal: string[];
}

/**
 * Returns the JSON-safe form of a domain ({@link PlanningDomainJson}).
 * @param domain - The domain to convert (from {@link parseDomain} or {@link domainFromJson}); read only.
 * @returns A new plain object of strings and arrays, ready for `JSON.stringify`.
 * @example
 * ```ts
 * const json = domainToJson(parseDomain("(:action wait) (:goal ())"));
 * JSON.stringify(json);
 * ```
 */
export function domainToJson(domain: PlanningDomain): PlanningDomainJson {
  return {
    version: 1,
    predicates: domain.predicates.map((p) => `${p.name}(${p.types.join(", ")})`),
    objects: domain.objects.map((o) => ({ name: o.name, type: o.type })),
    actions: domain.actions.map((a) => ({
      name: a.name,
      parameters: a.parameters.map((p) => (p.type === ANY_TYPE ? p.name : `${p.type} ${p.name}`)),
      ...(a.cost !== 1 ? { cost: a.cost } : {}),
      preconditions: a.preconditions.map(formatLiteral),
      effects: a.effects.map(formatLiteral),
    })),
    initial: domain.initial.map((f) => formatLiteral(f)),
    goal: domain.goal.map(formatLiteral),
  };
}

const FN = "domainFromJson";

/** Most entries of one list of a JSON domain. */
const MAX_LIST = 100_000;

/**
 * The list at `path`, its declared length checked before anything iterates it (a sparse array may
 * declare 2^26 slots); holes become `undefined` (refused by the element checks, where `map` would
 * skip them).
 */
function arr(v: unknown, path: string): unknown[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw planningError(PlanningErrorCodes.Domain, FN, `expected an array, got ${describeValue(v)}.`, { path });
  if (v.length > MAX_LIST) throw planningError(PlanningErrorCodes.Domain, FN, `has ${v.length} entries; at most ${MAX_LIST}.`, { path });
  return Array.from(v as unknown[]);
}
function str(v: unknown, path: string): string {
  if (typeof v !== "string" || v.length === 0)
    throw planningError(PlanningErrorCodes.Domain, FN, `expected a non-empty string, got ${describeValue(v)}.`, { path });
  return v;
}

/**
 * Validates a {@link PlanningDomainJson} value and builds the domain. Errors name the JSON path
 * (`$.actions[2].preconditions[0]`). Each list holds at most 100,000 entries (checked before it is read).
 * @param json - Untrusted value, typically `JSON.parse` output: an object with `version: 1` and
 *   the {@link PlanningDomainJson} fields (missing arrays read as empty).
 * @returns A new validated domain.
 * @throws TacticaError `PLANNING_DOMAIN`
 * @example
 * ```ts
 * const d = domainFromJson({ version: 1, predicates: [], objects: [], actions: [{ name: "wait", parameters: [], preconditions: [], effects: [] }], initial: [], goal: [] });
 * ```
 */
export function domainFromJson(json: unknown): PlanningDomain {
  if (typeof json !== "object" || json === null) throw planningError(PlanningErrorCodes.Domain, FN, "expected an object.", { path: "$" });
  const j = json as Record<string, unknown>;
  if (j["version"] !== 1)
    throw planningError(PlanningErrorCodes.Domain, FN, `unsupported version ${describeValue(j["version"])}; expected 1.`, { path: "$.version" });
  const predicates: PlanningPredicate[] = arr(j["predicates"], "$.predicates").map((p, i) => {
    const l = parseLiteral(p, FN, `$.predicates[${i}]`);
    if (l.negated) throw planningError(PlanningErrorCodes.Domain, FN, "a declaration cannot be negated.", { path: `$.predicates[${i}]` });
    return { name: l.predicate, types: l.args };
  });
  const objects: PlanningObject[] = arr(j["objects"], "$.objects").map((o, i) => {
    const path = `$.objects[${i}]`;
    if (typeof o !== "object" || o === null) throw planningError(PlanningErrorCodes.Domain, FN, "expected { name, type }.", { path });
    const r = o as Record<string, unknown>;
    return { name: str(r["name"], `${path}.name`), type: r["type"] === undefined ? ANY_TYPE : str(r["type"], `${path}.type`) };
  });
  const actions: PlanningAction[] = arr(j["actions"], "$.actions").map((a, i) => {
    const path = `$.actions[${i}]`;
    if (typeof a !== "object" || a === null) throw planningError(PlanningErrorCodes.Domain, FN, "expected an action object.", { path });
    const r = a as Record<string, unknown>;
    const cost = r["cost"] === undefined ? 1 : r["cost"];
    if (typeof cost !== "number") throw planningError(PlanningErrorCodes.Domain, FN, "cost must be a number.", { path: `${path}.cost` });
    return {
      name: str(r["name"], `${path}.name`),
      parameters: arr(r["parameters"], `${path}.parameters`).map((p, k) => {
        const parts = str(p, `${path}.parameters[${k}]`).trim().split(/\s+/);
        if (parts.length === 1) return { name: parts[0]!, type: ANY_TYPE };
        if (parts.length === 2) return { name: parts[1]!, type: parts[0]! };
        throw planningError(PlanningErrorCodes.Domain, FN, `parameter ${describeValue(p)} must be "type ?name" or "?name".`, {
          path: `${path}.parameters[${k}]`,
        });
      }),
      cost,
      preconditions: arr(r["preconditions"], `${path}.preconditions`).map((l, k) => parseLiteral(l, FN, `${path}.preconditions[${k}]`)),
      effects: arr(r["effects"], `${path}.effects`).map((l, k) => parseLiteral(l, FN, `${path}.effects[${k}]`)),
    };
  });
  const initial: PlanningFact[] = arr(j["initial"], "$.initial").map((f, i) => {
    const l = parseLiteral(f, FN, `$.initial[${i}]`);
    if (l.negated) throw planningError(PlanningErrorCodes.Domain, FN, 'the initial state lists facts that hold; remove "not".', { path: `$.initial[${i}]` });
    return { predicate: l.predicate, args: l.args };
  });
  const goal: PlanningLiteral[] = arr(j["goal"], "$.goal").map((l, i) => parseLiteral(l, FN, `$.goal[${i}]`));
  const domain: PlanningDomain = { predicates, actions, objects, initial, goal };
  checkDomain(domain, FN, (_node, path) => ({ path }));
  return domain;
}
