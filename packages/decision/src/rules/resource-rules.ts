import { assertInteger, describeValue, ErrorCodes, invalidArgument, TacticaError } from "@tactica/core";
import { indexRecord, IssueList, ownValue, throwDefinitionIssues, type DefinitionIssue } from "../definition-error";

/**
 * A resource rule of *1849* (Zubek, chapter 8), data-defined. Statements are the chapter's
 * deictic mini-language over three bins — `unit` (the executing building), `map` (the tiles under
 * it: queries sum them, outputs add to each) and `player` (the singleton):
 * checks `"<bin> <resource> <op> <number>"` (e.g. `"unit workers > 0"`), amounts
 * `"<bin> <number> <resource>"` (e.g. `"unit 6 meat"`), optionally capped with `max <number>`
 * for outputs (e.g. `"map 0.04 fire-hazard max 1"`), and actions `"_ <name> [key value]…"`
 * (e.g. `"_ spawn-worker npc farmer days 7"`), which call a bound action with the pairs as args.
 */
export interface ResourceRuleDefinition {
  /** Period in days (integer ≥ 1, default 1): the rule runs on days `every`, `2·every`, … after the unit is added. */
  every?: number;
  /** Conditions that must all hold. */
  checks?: string[];
  /** Amounts consumed atomically when the checks pass (nothing is consumed if any is short). */
  inputs?: string[];
  /** Amounts produced when the inputs were consumed. */
  outputs?: string[];
  /** Actions on full success. */
  success?: string[];
  /** Actions when an input was short. */
  failedInputs?: string[];
  /** Actions when a check failed. */
  failedChecks?: string[];
}

/** A resource rule set: the resource list (bin layout) and named rules. Plain JSON. */
export interface ResourceRulesDefinition {
  /** Schema version; must be 1. */
  version: 1;
  /** Resource names; a bin is one number per resource. */
  resources: string[];
  /** Rules by name. */
  rules: Record<string, ResourceRuleDefinition>;
}

/** A bound action: receives the world, the unit and the parsed key/value arguments. */
export type ResourceAction = (world: ResourceWorld, unit: number, args: Readonly<Record<string, string | number>>) => void;

const BINS = ["unit", "map", "player"] as const;
const OPS = ["<", "<=", "==", "!=", ">=", ">"] as const;

interface Amount {
  bin: number;
  res: number;
  amount: number;
  cap: number;
}
interface Check {
  bin: number;
  res: number;
  op: number;
  value: number;
}
interface Call {
  fn: ResourceAction;
  args: Readonly<Record<string, string | number>>;
}
interface CompiledRule {
  name: string;
  every: number;
  checks: Check[];
  inputs: Amount[];
  outputs: Amount[];
  success: Call[];
  failedInputs: Call[];
  failedChecks: Call[];
}

/**
 * A compiled resource rule set ({@link createResourceRules}): immutable, shared by every world
 * that runs it (one per player, one per save slot…). Holds the caller's bound actions.
 */
export interface ResourceRules {
  /** Resource names (the bin layout). */
  readonly resources: readonly string[];
  /** Resource name → index. */
  readonly resourceIndex: Readonly<Record<string, number>>;
  /** @internal Compiled rules. */
  readonly rules: readonly CompiledRule[];
  /** @internal Rule name → index. */
  readonly ruleIndex: Readonly<Record<string, number>>;
  /** @internal Length of the scheduler's ring of day buckets (longest period + 1). */
  readonly ringSize: number;
}

/**
 * The running state the rules act on ({@link createResourceWorld}), plain data: the player bin,
 * one bin per unit, one bin per map tile, each unit's footprint, and the scheduler (a ring of day
 * buckets, so a rule is not touched until it is due). Bins are `Float64Array`s indexed by resource.
 */
export interface ResourceWorld {
  /** Resource names (the same array as the rule set's). */
  readonly resources: readonly string[];
  /** Resource name → index (the same record as the rule set's). */
  readonly resourceIndex: Readonly<Record<string, number>>;
  /** The player's bin. */
  readonly player: Float64Array;
  /** Unit bins, `unitCapacity × resources`. */
  readonly units: Float64Array;
  /** Tile bins, `tileCount × resources`. */
  readonly tiles: Float64Array;
  /** Footprint (tile indices) per unit. */
  readonly footprints: (readonly number[])[];
  /** Current day. */
  day: number;
  /** Rule evaluations performed so far (the scheduler's cost). */
  evaluations: number;
  /** Day buckets of scheduled (unit, rule) pairs, packed as unit × rule count + rule. */
  readonly buckets: number[][];
}

function parseNumber(s: string | undefined): number {
  return s !== undefined && /^-?(\d+(\.\d*)?|\.\d+)(e-?\d+)?$/i.test(s) ? Number(s) : NaN;
}

/**
 * Validates a resource rule set (statements included); returns problems by JSON path.
 * @param definition - The candidate rule set, typically parsed JSON of any shape; statements are parsed and checked. Read only.
 * @param actions - Bound actions by name; every `_ name` statement must name one. Left out: none bound.
 */
export function validateResourceRules(definition: unknown, actions: Readonly<Record<string, ResourceAction>> = {}): DefinitionIssue[] {
  const L = new IssueList();
  if (!L.object("$", definition)) return L.issues;
  L.known("$", definition, ["version", "resources", "rules"]);
  if (definition["version"] !== 1) L.add("$.version", "must be 1");
  const res = new Set<string>();
  if (L.array("$.resources", definition["resources"], 1))
    definition["resources"].forEach((r, i) => {
      if (!L.string(`$.resources[${i}]`, r)) return;
      if (res.has(r)) L.add(`$.resources[${i}]`, `duplicates resource ${describeValue(r)}`);
      res.add(r);
    });
  if (!L.object("$.rules", definition["rules"])) return L.issues;
  for (const [name, rule] of Object.entries(definition["rules"])) {
    const p = `$.rules.${name}`;
    if (!L.object(p, rule)) continue;
    L.known(p, rule, ["every", "checks", "inputs", "outputs", "success", "failedInputs", "failedChecks"]);
    if (rule["every"] !== undefined) L.integer(`${p}.every`, rule["every"], 1, 100000);
    const list = (k: string, f: (sp: string, words: string[]) => void): void => {
      const v = rule[k];
      if (v === undefined) return;
      if (L.array(`${p}.${k}`, v)) v.forEach((st, i) => (L.string(`${p}.${k}[${i}]`, st) ? f(`${p}.${k}[${i}]`, st.trim().split(/\s+/)) : undefined));
    };
    const bin = (sp: string, w: string | undefined): void => {
      if (!(BINS as readonly string[]).includes(w ?? "")) L.add(sp, `must start with a bin: unit, map or player (got ${describeValue(w)})`);
    };
    const resource = (sp: string, w: string | undefined): void => {
      if (!res.has(w ?? "")) L.add(sp, `names unknown resource ${describeValue(w)}`);
    };
    list("checks", (sp, w) => {
      bin(sp, w[0]);
      resource(sp, w[1]);
      if (!(OPS as readonly string[]).includes(w[2] ?? "") || Number.isNaN(parseNumber(w[3])) || w.length !== 4)
        L.add(sp, 'must read "<bin> <resource> <op> <number>"');
    });
    for (const k of ["inputs", "outputs"]) {
      list(k, (sp, w) => {
        bin(sp, w[0]);
        if (Number.isNaN(parseNumber(w[1])) || parseNumber(w[1]) < 0) L.add(sp, 'must read "<bin> <amount ≥ 0> <resource>"');
        resource(sp, w[2]);
        const capped = w.length === 5 && w[3] === "max" && !Number.isNaN(parseNumber(w[4]));
        if (!(w.length === 3 || (k === "outputs" && capped)))
          L.add(sp, k === "outputs" ? 'must read "<bin> <amount> <resource> [max <cap>]"' : 'must read "<bin> <amount> <resource>"');
      });
    }
    for (const k of ["success", "failedInputs", "failedChecks"]) {
      list(k, (sp, w) => {
        if (w[0] !== "_" || w.length < 2 || w.length % 2 !== 0) L.add(sp, 'must read "_ <action> [key value]…"');
        else if (typeof ownValue(actions, w[1]!) !== "function") L.add(sp, `names action ${describeValue(w[1])}, which is not bound`);
      });
    }
  }
  return L.issues;
}

/** Options for {@link createResourceWorld}. */
export interface ResourceWorldOptions {
  /** Maximum number of units (default 1024). */
  unitCapacity?: number;
  /** Number of map tiles (default 0). */
  tileCount?: number;
}

/**
 * Validates and compiles a rule set. The result is immutable and can drive any number of worlds
 * ({@link createResourceWorld}).
 *
 * @param definition - The rule set: `version: 1`, the `resources` (bin layout) and the `rules` by name with their statements.
 * @param actions - Bound actions by name, called by `_ name key value…` statements; kept by the compiled set. Left out: none bound, so no rule
 *   may use actions.
 * @throws TacticaError `INVALID_DEFINITION` listing every problem by JSON path.
 */
export function createResourceRules(definition: ResourceRulesDefinition, actions: Readonly<Record<string, ResourceAction>> = {}): ResourceRules {
  const issues = validateResourceRules(definition, actions);
  if (issues.length > 0) throwDefinitionIssues("@tactica/decision: createResourceRules", issues);
  const resourceIndex = indexRecord(definition.resources);
  const words = (s: string) => s.trim().split(/\s+/);
  const amount = (s: string): Amount => {
    const w = words(s);
    return {
      bin: BINS.indexOf(w[0] as (typeof BINS)[number]),
      amount: Number(w[1]),
      res: resourceIndex[w[2]!]!,
      cap: w[3] === "max" ? Number(w[4]) : Infinity,
    };
  };
  const call = (s: string): Call => {
    const w = words(s);
    const args: Record<string, string | number> = {};
    for (let i = 2; i < w.length; i += 2) {
      const n = parseNumber(w[i + 1]);
      args[w[i]!] = Number.isNaN(n) ? w[i + 1]! : n;
    }
    return { fn: ownValue(actions, w[1]!)!, args: Object.freeze(args) };
  };
  const rules: CompiledRule[] = Object.entries(definition.rules).map(([name, r]) => ({
    name,
    every: r.every ?? 1,
    checks: (r.checks ?? []).map((s) => {
      const w = words(s);
      return {
        bin: BINS.indexOf(w[0] as (typeof BINS)[number]),
        res: resourceIndex[w[1]!]!,
        op: OPS.indexOf(w[2] as (typeof OPS)[number]),
        value: Number(w[3]),
      };
    }),
    inputs: (r.inputs ?? []).map(amount),
    outputs: (r.outputs ?? []).map(amount),
    success: (r.success ?? []).map(call),
    failedInputs: (r.failedInputs ?? []).map(call),
    failedChecks: (r.failedChecks ?? []).map(call),
  }));
  const ringSize = Math.max(1, ...rules.map((r) => r.every)) + 1;
  return Object.freeze({
    resources: Object.freeze(definition.resources.slice()),
    resourceIndex,
    rules: Object.freeze(rules),
    ruleIndex: indexRecord(rules.map((r) => r.name)),
    ringSize,
  });
}

/**
 * Creates an empty world (all bins 0, day 0, no units) for a compiled rule set.
 *
 * @param rules - The compiled rule set; its resources and ring of day buckets size the world.
 * @param options - `unitCapacity` (most units, default 1024) and `tileCount` (map tiles, default 0).
 * @example
 * ```ts
 * const rules = createResourceRules({
 *   version: 1,
 *   resources: ["workers", "meat"],
 *   rules: { doWork: { every: 5, checks: ["unit workers > 0"], outputs: ["unit 6 meat"] } },
 * });
 * const world = createResourceWorld(rules, { unitCapacity: 16 });
 * const ranch = addResourceUnit(world, rules, ["doWork"]);
 * setResource(world, "unit", "workers", 1, { unit: ranch });
 * advanceResourceRules(world, rules, 10);
 * getResource(world, "unit", "meat", { unit: ranch }); // 12
 * ```
 */
export function createResourceWorld(rules: ResourceRules, options: ResourceWorldOptions = {}): ResourceWorld {
  const where = "@tactica/decision: createResourceWorld";
  checkRules(where, rules);
  const unitCapacity = assertInteger(where, "options.unitCapacity", options.unitCapacity ?? 1024, 1, 1 << 22);
  const tileCount = assertInteger(where, "options.tileCount", options.tileCount ?? 0, 0, 1 << 26);
  const R = rules.resources.length;
  return {
    resources: rules.resources,
    resourceIndex: rules.resourceIndex,
    player: new Float64Array(R),
    units: new Float64Array(unitCapacity * R),
    tiles: new Float64Array(tileCount * R),
    footprints: [],
    day: 0,
    evaluations: 0,
    buckets: Array.from({ length: rules.ringSize }, () => []),
  };
}

function checkRules(where: string, rules: ResourceRules): void {
  if (typeof rules !== "object" || rules === null || !Array.isArray(rules.rules) || typeof rules.ringSize !== "number")
    invalidArgument(where, "rules", "is not a compiled rule set", "Pass the result of createResourceRules.");
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Throws unless `world` was created for `rules` (same bin layout and scheduler ring). */
function checkPair(where: string, world: ResourceWorld, rules: ResourceRules): void {
  checkRules(where, rules);
  if (!sameNames(world.resources, rules.resources) || world.buckets.length !== rules.ringSize)
    invalidArgument(where, "world", "was not created for this rule set", "Pass the rule set the world was created with (createResourceWorld(rules)).");
}

/** Options of {@link addResourceUnit}. */
export interface AddResourceUnitOptions {
  /** Tile indices the unit stands on (integers in `[0, tile count)`), for `tile` checks and outputs; default none. */
  readonly tiles?: readonly number[];
}

/**
 * Adds a unit (a building) standing on `options.tiles` and running the named rules; each rule first runs
 * `every` days from now. Returns the unit index.
 *
 * @param world - The world the unit joins; changed in place.
 * @param rules - The compiled rule set the world was created for.
 * @param ruleNames - Names of the rules the unit runs.
 * @param options - `tiles`: tile indices the unit stands on (default none).
 * @throws TacticaError for unknown rules or tiles, or when the unit capacity is reached.
 */
export function addResourceUnit(world: ResourceWorld, rules: ResourceRules, ruleNames: readonly string[], options: AddResourceUnitOptions = {}): number {
  const tiles = options.tiles ?? [];
  const where = "@tactica/decision: addResourceUnit";
  checkPair(where, world, rules);
  const R = world.resources.length;
  const unit = world.footprints.length;
  if ((unit + 1) * R > world.units.length)
    throw new TacticaError(ErrorCodes.CapacityExceeded, `${where}: the world holds ${world.units.length / R} units. Raise unitCapacity.`);
  tiles.forEach((t, i) => assertInteger(where, `tiles[${i}]`, t, 0, world.tiles.length / R - 1));
  const ids = ruleNames.map((name, i) => {
    const r = ownValue(rules.ruleIndex, name);
    if (r === undefined) invalidArgument(where, `ruleNames[${i}]`, `names unknown rule ${describeValue(name)}`, "Use a rule of the rule set.");
    return r;
  });
  world.footprints.push(tiles.slice());
  for (const r of ids) schedule(world, rules.rules.length, unit, r, rules.rules[r]!.every);
  return unit;
}

function schedule(world: ResourceWorld, ruleCount: number, unit: number, rule: number, inDays: number): void {
  world.buckets[(world.day + inDays) % world.buckets.length]!.push(unit * ruleCount + rule);
}

/** Reads resource `res` of `bin` (0 unit, 1 map = sum over the footprint, 2 player) for `unit`. */
function read(world: ResourceWorld, bin: number, unit: number, res: number): number {
  const R = world.resources.length;
  if (bin === 0) return world.units[unit * R + res]!;
  if (bin === 2) return world.player[res]!;
  let s = 0;
  for (const t of world.footprints[unit]!) s += world.tiles[t * R + res]!;
  return s;
}

/** Adds `delta` (capped at `cap`) to `bin` for `unit`; for `map` to every tile of the footprint. */
function add(world: ResourceWorld, bin: number, unit: number, res: number, delta: number, cap: number): void {
  const R = world.resources.length;
  if (bin === 0) world.units[unit * R + res] = Math.min(cap, world.units[unit * R + res]! + delta);
  else if (bin === 2) world.player[res] = Math.min(cap, world.player[res]! + delta);
  else for (const t of world.footprints[unit]!) world.tiles[t * R + res] = Math.min(cap, world.tiles[t * R + res]! + delta);
}

/** Consumes `amount` from a map bin, taking from the footprint's tiles in order. */
function takeMap(world: ResourceWorld, unit: number, res: number, amount: number): void {
  const R = world.resources.length;
  let left = amount;
  for (const t of world.footprints[unit]!) {
    const k = t * R + res;
    const take = Math.min(left, world.tiles[k]!);
    world.tiles[k] = world.tiles[k]! - take;
    left -= take;
  }
}

function holds(v: number, op: number, x: number): boolean {
  return op === 0 ? v < x : op === 1 ? v <= x : op === 2 ? v === x : op === 3 ? v !== x : op === 4 ? v >= x : v > x;
}

/** Outcome counters returned by {@link advanceResourceRules}. */
export interface ResourceRunResult {
  /** Rules that fully succeeded. */
  succeeded: number;
  /** Rules whose inputs were short. */
  failedInputs: number;
  /** Rules whose checks failed. */
  failedChecks: number;
}

/**
 * Advances the world by `days` whole days. Each day, only the (unit, rule) pairs due that day are
 * evaluated (Listing 8.1): if every check holds, then if every input is available they are
 * consumed atomically, outputs are produced and `success` actions run, else `failedInputs` runs
 * (nothing consumed); if a check fails, `failedChecks` runs. Each pair is then rescheduled
 * `every` days later. Writes and returns outcome counts in `out`.
 */
export function advanceResourceRules(
  world: ResourceWorld,
  rules: ResourceRules,
  days: number,
  out: ResourceRunResult = { succeeded: 0, failedInputs: 0, failedChecks: 0 },
): ResourceRunResult {
  checkPair("@tactica/decision: advanceResourceRules", world, rules);
  assertInteger("@tactica/decision: advanceResourceRules", "days", days, 0, Number.MAX_SAFE_INTEGER);
  const nr = rules.rules.length;
  for (let d = 0; d < days; d++) {
    world.day++;
    const bucket = world.buckets[world.day % world.buckets.length]!;
    const due = bucket.splice(0, bucket.length);
    for (const packed of due) {
      const unit = Math.floor(packed / nr);
      const r = packed % nr;
      const rule = rules.rules[r]!;
      world.evaluations++;
      let calls: Call[];
      if (!rule.checks.every((c) => holds(read(world, c.bin, unit, c.res), c.op, c.value))) {
        calls = rule.failedChecks;
        out.failedChecks++;
      } else if (!rule.inputs.every((a) => read(world, a.bin, unit, a.res) >= a.amount - 1e-12)) {
        calls = rule.failedInputs;
        out.failedInputs++;
      } else {
        for (const a of rule.inputs) {
          if (a.bin === 1) takeMap(world, unit, a.res, a.amount);
          else add(world, a.bin, unit, a.res, -a.amount, Infinity);
        }
        for (const a of rule.outputs) add(world, a.bin, unit, a.res, a.amount, a.cap);
        calls = rule.success;
        out.succeeded++;
      }
      for (const c of calls) c.fn(world, unit, c.args);
      schedule(world, nr, unit, r, rule.every);
    }
  }
  return out;
}

/** Which unit a resource read or write is about ({@link getResource}, {@link setResource}). */
export interface ResourceAccessOptions {
  /** The unit whose bin (`"unit"`) or footprint (`"map"`) is meant; ignored for `"player"`. Default 0. */
  unit?: number;
}

/**
 * Reads resource `name` of a bin: `"unit"` (of `options.unit`), `"map"` (sum under `options.unit`'s footprint) or `"player"`.
 * @param world - The world to read; not changed.
 * @param bin - `"unit"` (the unit's own bin), `"map"` (the sum over the unit's footprint tiles) or `"player"`.
 * @param name - A resource name of the rule set; an unknown name throws.
 * @param options - `unit`: index of the unit (from {@link addResourceUnit}) for `"unit"` and `"map"`; ignored for `"player"`. Left out: unit 0.
 */
export function getResource(world: ResourceWorld, bin: "unit" | "map" | "player", name: string, options: ResourceAccessOptions = {}): number {
  const unit = options.unit ?? 0;
  const r = ownValue(world.resourceIndex, name);
  if (r === undefined)
    invalidArgument("@tactica/decision: getResource", "name", `is not a resource (${describeValue(name)})`, `Use one of ${world.resources.join(", ")}.`);
  return read(world, BINS.indexOf(bin), unit, r);
}

/**
 * Sets resource `name` of a bin (for `"map"`, of every tile under `options.unit`'s footprint).
 * @param world - The world, changed in place.
 * @param bin - `"unit"` (the unit's own bin), `"map"` (every tile under the unit's footprint is set) or `"player"`.
 * @param name - A resource name of the rule set; an unknown name throws.
 * @param value - The new amount, in the resource's own units; not checked.
 * @param options - `unit`: index of the unit (from {@link addResourceUnit}) for `"unit"` and `"map"`; ignored for `"player"`. Left out: unit 0.
 */
export function setResource(world: ResourceWorld, bin: "unit" | "map" | "player", name: string, value: number, options: ResourceAccessOptions = {}): void {
  const unit = options.unit ?? 0;
  const r = ownValue(world.resourceIndex, name);
  if (r === undefined)
    invalidArgument("@tactica/decision: setResource", "name", `is not a resource (${describeValue(name)})`, `Use one of ${world.resources.join(", ")}.`);
  const b = BINS.indexOf(bin);
  const R = world.resources.length;
  if (b === 0) world.units[unit * R + r] = value;
  else if (b === 2) world.player[r] = value;
  else for (const t of world.footprints[unit]!) world.tiles[t * R + r] = value;
}
