import { describeValue } from "@tactica/core";
import { checkOptions, fail, isFiniteNumber } from "./internal/fail.js";
import type { Qualities, QualityValue } from "./types.js";

/** Type of a level-state entry: a boolean flag, a number counter or a text value. */
export type LevelValueType = "flag" | "counter" | "text";

/** One change of a level-state value, queued for the game to react to. */
export interface LevelChange {
  /** The entry. */
  key: string;
  /** Value before. */
  from: QualityValue;
  /** Value after. */
  to: QualityValue;
}

/**
 * Typed level state (flags, counters, text) with a queue of change events. Plain data: the
 * `values` record is the {@link Qualities} storylets and bark rules read.
 */
export interface LevelState {
  /** Entry → its type (fixed at creation). */
  types: Record<string, LevelValueType>;
  /** Entry → current value. */
  values: Qualities;
  /** Changes not yet drained ({@link drainLevelChanges}). */
  changes: LevelChange[];
}

const DEFAULTS: Record<LevelValueType, QualityValue> = { flag: false, counter: 0, text: "" };

function ok(type: LevelValueType, v: unknown): boolean {
  return type === "flag" ? typeof v === "boolean" : type === "counter" ? isFiniteNumber(v) : typeof v === "string";
}

/**
 * Makes a level state with the given entry types; values start at `false`, `0`, `""` or
 * `options.initial` (a record of starting values, each of its key's type).
 *
 * @param types - Entry name → `"flag"` (boolean), `"counter"` (finite number) or `"text"` (string); fixed for the state's life, copied.
 * @param options - `initial`: starting values by entry, each of its entry's type (every key must be declared in `types`). Left out: `false`, `0`
 *   and `""`.
 * @example
 * ```ts
 * const level = createLevelState({ alarm: "flag", guardsDown: "counter" });
 * setLevelValue(level, "alarm", true);
 * addLevelCounter(level, "guardsDown", 2);
 * const changes = [];
 * drainLevelChanges(level, changes); // → 2
 * changes[1];                        // → { key: "guardsDown", from: 0, to: 2 }
 * ```
 */
export function createLevelState(types: Record<string, LevelValueType>, options: { readonly initial?: Qualities } = {}): LevelState {
  checkOptions("createLevelState", options);
  const initial = options.initial ?? {};
  const values: Qualities = {};
  for (const [key, type] of Object.entries(types)) {
    if (DEFAULTS[type] === undefined) fail("INVALID_ARGUMENT", "createLevelState", `types.${key} must be "flag", "counter" or "text".`, `types.${key}`);
    const v = initial[key] ?? DEFAULTS[type];
    if (!ok(type, v)) fail("INVALID_ARGUMENT", "createLevelState", `initial.${key} must be a ${type}.`, `initial.${key}`);
    values[key] = v;
  }
  for (const key of Object.keys(initial))
    if (types[key] === undefined) fail("INVALID_ARGUMENT", "createLevelState", `initial.${key} has no type; declare it in types.`, `initial.${key}`);
  return { types: { ...types }, values, changes: [] };
}

/**
 * Sets an entry (type-checked); queues a change when the value differs. Returns true when it changed.
 * @param state - The level state; the value is set and a change queued in place when it differs.
 * @param key - A declared entry name.
 * @param value - The new value, of the entry's type (boolean for a flag, finite number for a counter, string for text).
 */
export function setLevelValue(state: LevelState, key: string, value: QualityValue): boolean {
  const type = state.types[key];
  if (type === undefined) fail("INVALID_ARGUMENT", "setLevelValue", `unknown entry "${key}"; declare it in createLevelState.`, "key");
  if (!ok(type, value)) fail("INVALID_ARGUMENT", "setLevelValue", `"${key}" is a ${type}, got ${describeValue(value)}.`, "value");
  const from = state.values[key]!;
  if (from === value) return false;
  state.values[key] = value;
  state.changes.push({ key, from, to: value });
  return true;
}

/**
 * Adds `amount` to a counter (see {@link setLevelValue}).
 * @param state - The level state; the counter and the change queue are updated in place.
 * @param key - A declared `"counter"` entry.
 * @param amount - Finite amount to add (negative subtracts); no change is queued when it is 0.
 */
export function addLevelCounter(state: LevelState, key: string, amount: number): boolean {
  if (state.types[key] !== "counter") fail("INVALID_ARGUMENT", "addLevelCounter", `"${key}" is not a counter.`, "key");
  if (!isFiniteNumber(amount)) fail("INVALID_ARGUMENT", "addLevelCounter", `amount must be a finite number, got ${String(amount)}.`, "amount");
  return setLevelValue(state, key, (state.values[key] as number) + amount);
}

/**
 * Moves the queued changes, oldest first, to the end of `out`; returns how many.
 * @param state - The level state; its change queue is emptied.
 * @param out - Receives the queued changes, oldest first, appended at its end.
 */
export function drainLevelChanges(state: LevelState, out: LevelChange[]): number {
  const n = state.changes.length;
  for (const c of state.changes) out.push(c);
  state.changes.length = 0;
  return n;
}
