import { describeValue, rngInt, type Rng } from "@tactica/core";
import {
  AnimationPriority,
  canPlayAnimation,
  createRuleState,
  hashAnimationName,
  queryRules,
  registerAnimation,
  setRuleFact,
  type AnimationBlackboard,
  type RuleEngine,
  type RuleQueryOptions,
  type RuleState,
} from "@tactica/decision";
import { readFact } from "../conditions.js";
import { checkOptions, fail, isFiniteNumber } from "../internal/fail.js";
import { CONCEPT_FACT } from "./rules.js";
import type { BarkChoice, BarkQuery, BarkRule, BarkRuleSet, BarkState } from "./types.js";

/**
 * Options of {@link findBark}, {@link recordBark} and {@link sayBark}: anti-twinning across agents
 * with `@tactica/decision`'s cooldown blackboard (chapter 6: the same line may not start twice
 * within 1 s, or 300 ms for a reaction).
 */
export interface BarkOptions {
  /**
   * A `createAnimationBlackboard()` shared by every agent (even agents with their own
   * {@link BarkState}): a line another agent started within its priority's delay is skipped, and
   * a line said is registered on it.
   */
  twinning?: AnimationBlackboard;
  /** Game time for the blackboard, seconds (default `state.time`). */
  now?: number;
  /** `AnimationPriority` class of the line said (default Normal: 1 s; Reaction: 300 ms). */
  priority?: number;
  /** Where the speaker is, for the blackboard's `minDistance` rule. */
  x?: number;
  /** Where the speaker is (y). */
  y?: number;
  /** Where the speaker is (z). */
  z?: number;
}

/** The blackboard id of a line: FNV-1a of `ruleId#lineIndex`. */
function lineId(rule: BarkRule | string, i: number): number {
  return hashAnimationName(`${typeof rule === "string" ? rule : rule.id}#${i}`);
}

function nowOf(fn: string, state: BarkState, options: BarkOptions): number {
  const now = options.now ?? state.time;
  if (!isFiniteNumber(now)) fail("INVALID_ARGUMENT", fn, `options.now must be a finite number, got ${String(now)}.`, "options.now");
  return now;
}

let twinning: AnimationBlackboard | undefined;
let twinNow = 0;
let twinX = 0;
let twinY = 0;
let twinZ = 0;

function ready(used: number | undefined, cooldown: number, now: number): boolean {
  return typeof used !== "number" || now - used >= cooldown;
}

/** Index of the line of `rule` said last for its concept, or -1 (no allocation). */
function lastLineOf(rule: BarkRule, state: BarkState): number {
  const last = state.lastLine[rule.concept];
  const id = rule.id;
  if (typeof last !== "string" || last.length <= id.length + 1 || last.charCodeAt(id.length) !== 35 || !last.startsWith(id)) return -1;
  const i = Number(last.slice(id.length + 1));
  return Number.isInteger(i) ? i : -1;
}

/** Lines of `rule` that may be said now: off cooldown and not the line said last for the concept. */
function freeLines(rule: BarkRule, state: BarkState, out: number[]): number {
  out.length = 0;
  const last = lastLineOf(rule, state);
  for (let i = 0; i < rule.lines.length; i++) {
    if (i === last) continue;
    if (rule.lineCooldown > 0 && !ready(state.lineUsed[`${rule.id}#${i}`], rule.lineCooldown, state.time)) continue;
    if (twinning !== undefined && !canPlayAnimation(twinning, lineId(rule, i), twinNow, { x: twinX, y: twinY, z: twinZ })) continue;
    out.push(i);
  }
  return out.length;
}

/** Whether `rule` has a free line; without line cooldowns it needs no key strings. */
function hasFreeLine(rule: BarkRule, state: BarkState): boolean {
  if (rule.lineCooldown > 0 || twinning !== undefined) return freeLines(rule, state, lineScratch) > 0;
  return rule.lines.length > (lastLineOf(rule, state) >= 0 ? 1 : 0);
}

const lineScratch: number[] = [];

/** One query working memory per compiled engine (every query sets all of its facts first). */
const memories = new WeakMap<RuleEngine, RuleState>();
let filterRules: BarkRuleSet | undefined;
let filterState: BarkState | undefined;
/** Decision's query filter: the rule is off cooldown and has a free line. */
const queryOptions: RuleQueryOptions = {
  filter(r: number): boolean {
    const rule = filterRules!.rules[r]!;
    return ready(filterState!.ruleUsed[rule.id], rule.cooldown, filterState!.time) && hasFreeLine(rule, filterState!);
  },
};

/**
 * Finds the line to say for `query` without saying it. The query's concept and facts are written
 * into the working memory of the rule set's compiled `@tactica/decision` engine and decision's
 * `queryRules` picks the most specific rule (most criteria) whose criteria all hold, that is off
 * cooldown and has a free line; ties by seeded weight, then a seeded line. A line on cooldown, or
 * the line said last for this concept (never the same line twice in a row), is skipped, so a tier
 * used up falls back to the next (specific → class → generic). Returns `null` when nothing can be
 * said.
 *
 * The engine buckets rules by concept (its key fact) and sorts each bucket most specific first,
 * so a query evaluates the criteria of its concept's rules only, tier by tier, and stops at the
 * first tier that has a match, instead of every criterion of every rule. A fact the query does
 * not give reads as `0`, `""` or `false`; a number or boolean where the rules compare strings
 * equals none of them.
 *
 * With `options.twinning` (decision's anti-twinning blackboard, shared by every agent), a line
 * another agent started within 1 s (300 ms for a reaction) is skipped as well.
 *
 * @param state - The speaker's (or squad's) bark memory: its clock and the cooldowns and last lines it recorded; read only.
 * @param rules - The compiled rule set from {@link barkRulesFromJson}.
 * @param query - The event: `concept` (e.g. `"reload"`) and `facts` about speaker and world (finite numbers, booleans or strings) that the
 *   criteria read.
 * @param rng - Generator; draws for ties between equally specific rules and for the line when several are free.
 * @param options - `twinning` (a shared anti-twinning blackboard; lines another agent just started are skipped), `now` (seconds on that board,
 *   default `state.time`) and speaker position `x`, `y`, `z` in world units (default the origin). Left out: no anti-twinning.
 * @throws TacticaError `INVALID_ARGUMENT` (path `query.facts.<key>`) for a string where the
 * rules compare numbers, or a non-finite number.
 */
export function findBark(state: BarkState, rules: BarkRuleSet, query: BarkQuery, rng: Rng, options: BarkOptions = {}): BarkChoice | null {
  checkOptions("findBark", options);
  if (options.twinning === undefined) return findBarkIn(rules, state, query, rng);
  twinNow = nowOf("findBark", state, options);
  twinX = options.x ?? 0;
  twinY = options.y ?? 0;
  twinZ = options.z ?? 0;
  twinning = options.twinning;
  try {
    return findBarkIn(rules, state, query, rng);
  } finally {
    twinning = undefined;
  }
}

/** Writes the query into the engine's working memory (every fact: missing ones get their default). */
function writeQuery(engine: RuleEngine, memory: RuleState, query: BarkQuery): void {
  const names = engine.factNames;
  for (let f = 0; f < names.length; f++) {
    const name = names[f]!;
    if (name === CONCEPT_FACT) {
      setRuleFact(memory, engine, f, typeof query.concept === "string" ? query.concept : -1);
      continue;
    }
    const v = readFact(query.facts, name);
    if (engine.factKind[f] === 1) setRuleFact(memory, engine, f, typeof v === "string" ? v : v === undefined ? 0 : -1);
    else if (v === undefined) setRuleFact(memory, engine, f, 0);
    else if (typeof v === "boolean" || isFiniteNumber(v)) setRuleFact(memory, engine, f, v);
    else
      fail(
        "INVALID_ARGUMENT",
        "findBark",
        `query.facts[${JSON.stringify(name)}] must be a finite number or a boolean (the rules compare it with numbers), got ${describeValue(v)}.`,
        `query.facts.${name}`,
      );
  }
}

function findBarkIn(rules: BarkRuleSet, state: BarkState, query: BarkQuery, rng: Rng): BarkChoice | null {
  const engine = rules.engine;
  let memory = memories.get(engine);
  if (memory === undefined) {
    memory = createRuleState(engine);
    memories.set(engine, memory);
  }
  writeQuery(engine, memory, query);
  filterRules = rules;
  filterState = state;
  let r: number;
  try {
    r = queryRules(memory, engine, rng, queryOptions);
  } finally {
    filterRules = undefined;
    filterState = undefined;
  }
  if (r < 0) return null;
  const rule = rules.rules[r]!;
  const n = freeLines(rule, state, lineScratch);
  const lineIndex = lineScratch[n === 1 ? 0 : rngInt(rng, 0, n - 1)]!;
  return { ruleId: rule.id, specificity: rule.criteria.length, lineIndex, text: rule.lines[lineIndex]! };
}

/**
 * Records that `choice` was said for `concept` now (rule and line cooldowns, last line), and on
 * `options.twinning` when given (with `options.priority`, default `AnimationPriority.Normal`).
 * @param state - The bark memory; the rule's and line's last use (at `state.time`) and the concept's last line are recorded in place; returned.
 * @param concept - The concept the line was said for; the same line is not picked twice in a row for it.
 * @param choice - What was said: `ruleId` and `lineIndex`, e.g. from {@link findBark}.
 * @param options - `twinning` (the line is registered on it), `now` (seconds on that board, default `state.time`), `priority` (class index into
 *   the board's delays, default Normal) and position `x`, `y`, `z`.
 */
export function recordBark(state: BarkState, concept: string, choice: Pick<BarkChoice, "ruleId" | "lineIndex">, options: BarkOptions = {}): BarkState {
  checkOptions("recordBark", options);
  if (options.twinning !== undefined) {
    const now = nowOf("recordBark", state, options);
    const priority = options.priority ?? AnimationPriority.Normal;
    if (!Number.isInteger(priority) || priority < 0 || priority >= options.twinning.delays.length)
      fail(
        "INVALID_ARGUMENT",
        "recordBark",
        `options.priority must be a priority class in [0, ${options.twinning.delays.length - 1}], got ${priority}.`,
        "options.priority",
      );
    registerAnimation(options.twinning, lineId(choice.ruleId, choice.lineIndex), now, { priority, x: options.x ?? 0, y: options.y ?? 0, z: options.z ?? 0 });
  }
  const key = `${choice.ruleId}#${choice.lineIndex}`;
  state.ruleUsed[choice.ruleId] = state.time;
  state.lineUsed[key] = state.time;
  state.lastLine[concept] = key;
  return state;
}

/**
 * Level 2: {@link findBark} then {@link recordBark}; returns the line said, or `null`.
 *
 * @param state - The bark memory; the said line is recorded in place.
 * @param rules - The compiled rule set from {@link barkRulesFromJson}.
 * @param query - The event: `concept` and the `facts` the criteria read.
 * @param rng - Generator; draws for rule ties and the line.
 * @param options - As for {@link findBark} and {@link recordBark}: `twinning`, `now`, `priority`, `x`, `y`, `z`. Left out: no anti-twinning.
 * @example
 * ```ts
 * const rules = barkRulesFromJson([
 *   { id: "generic", concept: "reload", lines: ["Reloading!"] },
 *   { id: "medic", concept: "reload", criteria: [{ key: "class", op: "==", value: "medic" }],
 *     lines: ["Medic reloading!"], lineCooldown: 10 },
 * ]);
 * const memory = createBarkState();
 * const rng = createRng(7);
 * sayBark(memory, rules, { concept: "reload", facts: { class: "medic" } }, rng)?.text; // → "Medic reloading!"
 * sayBark(memory, rules, { concept: "reload", facts: { class: "medic" } }, rng)?.text; // → "Reloading!" (line on cooldown)
 * stepBarks(memory, 10);
 * sayBark(memory, rules, { concept: "reload", facts: { class: "medic" } }, rng)?.text; // → "Medic reloading!"
 * ```
 */
export function sayBark(state: BarkState, rules: BarkRuleSet, query: BarkQuery, rng: Rng, options: BarkOptions = {}): BarkChoice | null {
  checkOptions("sayBark", options);
  const choice = findBark(state, rules, query, rng, options);
  if (choice !== null) recordBark(state, query.concept, choice, options);
  return choice;
}
