import { describeValue } from "@tactica/core";
import type { PlanningAction, PlanningDomain, PlanningFact } from "../domain/types";
import { checkDomain } from "../domain/validate-domain";
import type { PlanningProblem } from "../ground/problem";
import { planningError, PlanningErrorCodes } from "../internal/errors";

/**
 * A smart object: a world object that advertises the actions agents can perform with it (their
 * preconditions and effects name the object), how many agents may use it at once (`slots`), and
 * the facts it brings to the world.
 */
export interface SmartObjectDefinition {
  /** Object name in the domain (added with `type` when the domain does not declare it). */
  readonly object: string;
  /** Type used when the object is added (default `any`). */
  readonly type?: string;
  /** Agents that may use it at the same time (≥ 1). */
  readonly slots: number;
  /** Action schemas it advertises; their literals may name the object as a constant. */
  readonly actions: readonly PlanningAction[];
  /** Facts it brings to the initial state. */
  readonly facts?: readonly PlanningFact[];
}

/** Most slots one smart object may declare (the registry allocates one Int32 per slot). */
const MAX_SLOTS = 1_000_000;

/** Most smart objects one call reads, and most actions, parameters, literals or facts in one list of one object. */
const MAX_LIST = 4096;

function checkSlots(fn: string, o: SmartObjectDefinition, i: number): void {
  if (!(Number.isInteger(o.slots) && o.slots >= 1 && o.slots <= MAX_SLOTS))
    throw planningError(
      PlanningErrorCodes.Domain,
      fn,
      `smart object ${describeValue(o.object)} needs slots in [1, ${MAX_SLOTS}], got ${describeValue(o.slots)}.`,
      {
        path: `$.objects[${i}].slots`,
      },
    );
}

/**
 * Checks the shape of every definition (types, list lengths before iterating) so that nothing
 * below meets an array where a string belongs. Names, arities and types are checked by the domain
 * check afterwards.
 */
function checkDefinitions(fn: string, objects: unknown): asserts objects is readonly SmartObjectDefinition[] {
  const bad = (path: string, msg: string) => planningError(PlanningErrorCodes.Domain, fn, msg, { path });
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  const list = (v: unknown, path: string, optional = false): unknown[] => {
    if (v === undefined && optional) return [];
    if (!Array.isArray(v)) throw bad(path, `expected an array, got ${describeValue(v)}.`);
    if (v.length > MAX_LIST) throw bad(path, `has ${v.length} entries; at most ${MAX_LIST}.`);
    return v;
  };
  const str = (v: unknown, path: string) => {
    if (typeof v !== "string") throw bad(path, `expected a string, got ${describeValue(v)}.`);
  };
  const literal = (l: unknown, path: string, fact: boolean) => {
    if (!isObj(l)) throw bad(path, `expected a literal { predicate, args${fact ? "" : ", negated"} }, got ${describeValue(l)}.`);
    str(l["predicate"], `${path}.predicate`);
    const args = list(l["args"], `${path}.args`);
    for (let k = 0; k < args.length; k++) str(args[k], `${path}.args[${k}]`);
    if (!fact && typeof l["negated"] !== "boolean") throw bad(`${path}.negated`, `expected a boolean, got ${describeValue(l["negated"])}.`);
  };
  const objs = list(objects, "$.objects");
  for (let i = 0; i < objs.length; i++) {
    const o = objs[i];
    const p = `$.objects[${i}]`;
    if (!isObj(o)) throw bad(p, `expected a smart object definition { object, slots, actions }, got ${describeValue(o)}.`);
    str(o["object"], `${p}.object`);
    if (o["type"] !== undefined) str(o["type"], `${p}.type`);
    checkSlots(fn, o as unknown as SmartObjectDefinition, i);
    const actions = list(o["actions"], `${p}.actions`);
    for (let k = 0; k < actions.length; k++) {
      const a = actions[k];
      const q = `${p}.actions[${k}]`;
      if (!isObj(a)) throw bad(q, `expected an action { name, parameters, preconditions, effects, cost }, got ${describeValue(a)}.`);
      str(a["name"], `${q}.name`);
      const params = list(a["parameters"], `${q}.parameters`);
      for (let j = 0; j < params.length; j++) {
        const pr = params[j];
        if (!isObj(pr)) throw bad(`${q}.parameters[${j}]`, `expected { name, type }, got ${describeValue(pr)}.`);
        str(pr["name"], `${q}.parameters[${j}].name`);
        str(pr["type"], `${q}.parameters[${j}].type`);
      }
      for (const key of ["preconditions", "effects"] as const) {
        const ls = list(a[key], `${q}.${key}`);
        for (let j = 0; j < ls.length; j++) literal(ls[j], `${q}.${key}[${j}]`, false);
      }
      if (typeof a["cost"] !== "number") throw bad(`${q}.cost`, `expected a number, got ${describeValue(a["cost"])}.`);
    }
    const facts = list(o["facts"], `${p}.facts`, true);
    for (let k = 0; k < facts.length; k++) literal(facts[k], `${p}.facts[${k}]`, true);
  }
}

/**
 * Returns a new domain with the smart objects' objects, advertised actions and facts added, so GOAP,
 * forward search and HTN (whose primitive tasks are these actions) can use them.
 * @throws TacticaError `PLANNING_DOMAIN` for a duplicate action name, bad slots (an integer in [1, 1,000,000]) or an invalid action.
 * @example
 * ```ts
 * const domain = parseDomain("(:objects (npc ann, bob)) (:initial (standing(ann) and standing(bob)))");
 * // The bench advertises its own action; its literals name the bench as a constant.
 * const [sit] = parseDomain("(:objects (npc ann) (bench bench1)) (:action sit :parameters (npc ?n) :preconditions (standing(?n)) :effects (not standing(?n) and on(?n, bench1)))").actions;
 * const d2 = addSmartObjects(domain, [{ object: "bench1", type: "bench", slots: 2, actions: [sit!] }]);
 * compileProblem(d2).actionNames; // → ["sit(ann)", "sit(bob)"]
 * ```
 */
export function addSmartObjects(domain: PlanningDomain, objects: readonly SmartObjectDefinition[]): PlanningDomain {
  const FN = "addSmartObjects";
  checkDefinitions(FN, objects);
  const names = new Set(domain.actions.map((a) => a.name));
  const added = [...domain.objects];
  const actions = [...domain.actions];
  const initial = [...domain.initial];
  objects.forEach((o, i) => {
    if (!added.some((x) => x.name === o.object)) added.push({ name: o.object, type: o.type ?? "any" });
    o.actions.forEach((a, k) => {
      if (names.has(a.name))
        throw planningError(PlanningErrorCodes.Domain, FN, `action "${a.name}" of smart object "${o.object}" already exists; rename it.`, {
          path: `objects[${i}].actions[${k}]`,
        });
      names.add(a.name);
      actions.push(a);
    });
    if (o.facts) initial.push(...o.facts);
  });
  const d: PlanningDomain = { predicates: domain.predicates, actions, objects: added, initial, goal: domain.goal };
  checkDomain(d, FN, (_n, path) => ({ path }));
  return d;
}

/**
 * Slot bookkeeping of smart objects over a grounded problem (plain data): which ground actions each
 * object advertises and who holds its slots.
 */
export interface SmartObjectRegistry {
  /** Object names. */
  readonly objects: readonly string[];
  /** First slot of each object in `users`; length objects + 1. */
  readonly slotStart: Int32Array;
  /** Agent id holding each slot, -1 when free. */
  readonly users: Int32Array;
  /** Object index advertising each ground action, -1 for ordinary actions. */
  readonly owner: Int32Array;
}

/**
 * Builds the registry: ground action `a` belongs to smart object `k` when its schema is one of
 * `k`'s advertised actions.
 * @param problem - The problem compiled from the domain {@link addSmartObjects} returned; read only.
 * @param objects - The same smart object definitions, in the same order: object `k` of the
 *   registry is `objects[k]`, with `objects[k].slots` slots (an integer in [1, 1 000 000]).
 * @returns A new registry with every slot free.
 * @throws TacticaError `PLANNING_DOMAIN` on bad `slots`.
 * @example
 * ```ts
 * const sit = parseDomain("(:objects (npc ann) (bench bench1)) (:action sit :parameters (npc ?n) :preconditions (standing(?n)) :effects (not standing(?n) and on(?n, bench1)))").actions[0]!;
 * const defs = [{ object: "bench1", type: "bench", slots: 1, actions: [sit] }];
 * const d2 = addSmartObjects(parseDomain("(:objects (npc ann, bob)) (:initial (standing(ann) and standing(bob)))"), defs);
 * const reg = createSmartObjectRegistry(compileProblem(d2), defs);
 * reserveSmartObject(reg, 0, 1); // → 0
 * reserveSmartObject(reg, 0, 2); // → -1
 * releaseSmartObject(reg, 0, 1); // → true
 * ```
 */
export function createSmartObjectRegistry(problem: PlanningProblem, objects: readonly SmartObjectDefinition[]): SmartObjectRegistry {
  checkDefinitions("createSmartObjectRegistry", objects);
  const slotStart = new Int32Array(objects.length + 1);
  objects.forEach((o, k) => (slotStart[k + 1] = slotStart[k]! + o.slots));
  const owner = new Int32Array(problem.actionCount).fill(-1);
  const bySchema = new Map<string, number>();
  objects.forEach((o, k) => o.actions.forEach((a) => bySchema.set(a.name, k)));
  for (let a = 0; a < problem.actionCount; a++) owner[a] = bySchema.get(problem.domain.actions[problem.actionSchema[a]!]!.name) ?? -1;
  return { objects: objects.map((o) => o.object), slotStart, users: new Int32Array(slotStart[objects.length]!).fill(-1), owner };
}

/** Throws `PLANNING_ARGUMENT` unless `k` is an object index of `registry` and `agent` an integer ≥ 0. */
function checkObjectAgent(fn: string, registry: SmartObjectRegistry, k: number, agent: number): void {
  if (k >>> 0 !== k || k >= registry.objects.length)
    throw planningError(
      PlanningErrorCodes.Argument,
      fn,
      `k = ${describeValue(k)} is not a smart object index (an integer in 0..${registry.objects.length - 1}).`,
      {
        path: "k",
      },
    );
  checkAgent(fn, agent);
}

function checkAgent(fn: string, agent: number): void {
  if (agent >>> 0 !== agent)
    throw planningError(PlanningErrorCodes.Argument, fn, `agent = ${describeValue(agent)} must be an integer ≥ 0 (an agent id).`, { path: "agent" });
}

/**
 * Reserves a slot of object `k` for `agent` (≥ 0); returns the slot, the agent's existing slot, or -1 when full.
 * @param registry - The registry whose `users` is changed in place.
 * @param k - Smart object index, `0 .. registry.objects.length − 1` (its position in the definitions).
 * @param agent - The agent's id, an integer ≥ 0 of the caller's choosing.
 * @throws TacticaError `PLANNING_ARGUMENT` when `k` is not an object index or `agent` not an integer ≥ 0.
 */
export function reserveSmartObject(registry: SmartObjectRegistry, k: number, agent: number): number {
  checkObjectAgent("reserveSmartObject", registry, k, agent);
  let free = -1;
  for (let s = registry.slotStart[k]!; s < registry.slotStart[k + 1]!; s++) {
    if (registry.users[s] === agent) return s;
    if (free < 0 && registry.users[s] === -1) free = s;
  }
  if (free >= 0) registry.users[free] = agent;
  return free;
}

/**
 * Releases `agent`'s slot on object `k`; returns true when it held one.
 * @param registry - The registry whose `users` is changed in place.
 * @param k - Smart object index, `0 .. registry.objects.length − 1`.
 * @param agent - The agent id the slot was reserved for, an integer ≥ 0.
 * @throws TacticaError `PLANNING_ARGUMENT` when `k` is not an object index or `agent` not an integer ≥ 0.
 */
export function releaseSmartObject(registry: SmartObjectRegistry, k: number, agent: number): boolean {
  checkObjectAgent("releaseSmartObject", registry, k, agent);
  for (let s = registry.slotStart[k]!; s < registry.slotStart[k + 1]!; s++) {
    if (registry.users[s] === agent) {
      registry.users[s] = -1;
      return true;
    }
  }
  return false;
}

/**
 * Writes into `out` (one entry per ground action) 1 for the actions `agent` cannot use now because
 * their smart object has no free slot for it, 0 otherwise: pass it as `forbidden` to the forward
 * planners, or test it in a GOAP `check`. Returns `out`.
 * @param out - Per ground action mask, written in place and returned; give it
 *   `problem.actionCount` entries (entries past the registry's actions are set to 0).
 * @param registry - The registry to read; not changed.
 * @param agent - The agent planning, an integer ≥ 0 (a slot it already holds counts as free for it).
 * @throws TacticaError `PLANNING_ARGUMENT` when `agent` is not an integer ≥ 0.
 */
export function writeSmartObjectMask(out: Uint8Array, registry: SmartObjectRegistry, agent: number): Uint8Array {
  checkAgent("writeSmartObjectMask", agent);
  const n = registry.objects.length;
  for (let a = 0; a < out.length; a++) {
    const k = registry.owner[a] ?? -1;
    if (k < 0 || k >= n) {
      out[a] = 0;
      continue;
    }
    let usable = 0;
    for (let s = registry.slotStart[k]!; s < registry.slotStart[k + 1]!; s++) {
      const u = registry.users[s]!;
      if (u === -1 || u === agent) {
        usable = 1;
        break;
      }
    }
    out[a] = usable ? 0 : 1;
  }
  return out;
}
