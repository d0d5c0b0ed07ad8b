import { assertNonNegative, assertFinite, invalidArgument, ErrorCodes, TacticaError } from "@tactica/core";

/** The value types a blackboard key may hold. */
export type BlackboardValueType = "number" | "boolean" | "string";

/** A blackboard's schema: key name → value type. Plain JSON. */
export type BlackboardSchema = Readonly<Record<string, BlackboardValueType>>;

/** The TypeScript type of a value of blackboard type `T`. */
export type BlackboardValue<T extends BlackboardValueType> = T extends "number"
  ? number
  : T extends "boolean"
    ? boolean
    : string;

/**
 * A typed key-value store shared between behaviours (a behaviour tree and its actions, the
 * agents of a squad, the whole level). Every key has a declared type, a value, the time it was
 * last written (`stamp`, seconds on the board's own clock, advanced by
 * {@link advanceBlackboard}) and a change counter (`version`), which event-driven behaviour
 * trees watch.
 *
 * Numbers and booleans (stored as 0/1) live in a `Float64Array`, strings in an array, so reads
 * and writes by key index never allocate. Save with {@link saveBlackboard}.
 */
export interface Blackboard<S extends BlackboardSchema = BlackboardSchema> {
  /** The schema the board was created with. */
  readonly schema: S;
  /** Key names in index order. */
  readonly keys: readonly string[];
  /** Value type per key index. */
  readonly types: readonly BlackboardValueType[];
  /** Key name → index (built at creation; lookup does not allocate). */
  readonly index: ReadonlyMap<string, number>;
  /** Number and boolean values by key index (booleans as 0/1). */
  readonly num: Float64Array;
  /** String values by key index (`""` for non-string keys). */
  readonly str: string[];
  /** Board time (s) of each key's last write; `-1` when never written. */
  readonly stamp: Float64Array;
  /** Per-key count of writes that changed the value. */
  readonly version: Uint32Array;
  /** The board's clock, seconds. */
  time: number;
  /** Total count of value-changing writes (all keys). */
  changes: number;
}

/** The plain-data form of a {@link Blackboard} (JSON-safe). */
export interface BlackboardSnapshot {
  /** Key names in index order (checked on restore). */
  keys: string[];
  /** Number/boolean values by key index. */
  num: number[];
  /** String values by key index. */
  str: string[];
  /** Write times by key index (`-1` = never). */
  stamp: number[];
  /** Change counters by key index. */
  version: number[];
  /** Board clock, seconds. */
  time: number;
  /** Total change count. */
  changes: number;
}

const WHERE = "@tactica/decision";

/**
 * Creates a blackboard for `schema` (key → `"number" | "boolean" | "string"`), optionally with
 * initial values (written at time 0, so their `stamp` is 0). O(keys).
 *
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown type or an initial value of the wrong type.
 */
export function createBlackboard<S extends BlackboardSchema>(
  schema: S,
  initial: { [K in keyof S]?: BlackboardValue<S[K]> } = {},
): Blackboard<S> {
  const keys = Object.keys(schema);
  const types: BlackboardValueType[] = [];
  const index = new Map<string, number>();
  for (const k of keys) {
    const t = schema[k];
    if (t !== "number" && t !== "boolean" && t !== "string") {
      invalidArgument(`${WHERE}: createBlackboard`, `schema.${k}`, `must be "number", "boolean" or "string"`, "Fix the key's type.");
    }
    index.set(k, types.length);
    types.push(t);
  }
  const bb: Blackboard<S> = {
    schema,
    keys,
    types,
    index,
    num: new Float64Array(keys.length),
    str: keys.map(() => ""),
    stamp: new Float64Array(keys.length).fill(-1),
    version: new Uint32Array(keys.length),
    time: 0,
    changes: 0,
  };
  for (const k of Object.keys(initial)) {
    const v = (initial as Record<string, unknown>)[k];
    if (v !== undefined) writeBlackboard(bb, k, v as never);
  }
  return bb;
}

/**
 * Index of `key` in `bb`, or -1 when absent. Use the index with {@link readBlackboardAt} /
 * {@link writeBlackboardAt} in hot loops. O(1), no allocation.
 */
export function blackboardKeyIndex(bb: Blackboard, key: string): number {
  const i = bb.index.get(key);
  return i === undefined ? -1 : i;
}

function keyOf(bb: Blackboard, key: string, fn: string): number {
  const i = bb.index.get(key);
  if (i === undefined) {
    throw new TacticaError(
      ErrorCodes.InvalidArgument,
      `${WHERE}: ${fn}: unknown blackboard key ${JSON.stringify(key)}. Declare it in the schema (keys: ${bb.keys.join(", ")}).`,
      { path: key },
    );
  }
  return i;
}

/** Reads `key` with its declared type. O(1), no allocation. @throws TacticaError for an unknown key. */
export function readBlackboard<S extends BlackboardSchema, K extends keyof S & string>(
  bb: Blackboard<S>,
  key: K,
): BlackboardValue<S[K]> {
  return readBlackboardAt(bb, keyOf(bb, key, "readBlackboard")) as BlackboardValue<S[K]>;
}

/** Reads the value at key index `i` (number, boolean or string by the key's type). O(1). */
export function readBlackboardAt(bb: Blackboard, i: number): number | boolean | string {
  const t = bb.types[i];
  if (t === "number") return bb.num[i]!;
  if (t === "boolean") return bb.num[i] !== 0;
  return bb.str[i]!;
}

/**
 * Writes `key`; stamps it with the board time and bumps its version when the value changed.
 * O(1), no allocation.
 *
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown key, a wrong type or a non-finite number.
 */
export function writeBlackboard<S extends BlackboardSchema, K extends keyof S & string>(
  bb: Blackboard<S>,
  key: K,
  value: BlackboardValue<S[K]>,
): void {
  writeBlackboardAt(bb, keyOf(bb, key, "writeBlackboard"), value);
}

/** Writes key index `i` (see {@link writeBlackboard}). Returns true when the value changed. */
export function writeBlackboardAt(bb: Blackboard, i: number, value: number | boolean | string): boolean {
  const t = bb.types[i];
  let changed: boolean;
  if (t === "string") {
    if (typeof value !== "string") badType(bb, i, value);
    changed = bb.str[i] !== value;
    bb.str[i] = value;
  } else {
    let n: number;
    if (t === "boolean") {
      if (typeof value !== "boolean") badType(bb, i, value);
      n = value ? 1 : 0;
    } else {
      if (typeof value !== "number" || !Number.isFinite(value)) badType(bb, i, value);
      n = value;
    }
    changed = bb.num[i] !== n || bb.stamp[i]! < 0;
    bb.num[i] = n;
  }
  bb.stamp[i] = bb.time;
  if (changed) {
    bb.version[i] = (bb.version[i]! + 1) >>> 0;
    bb.changes++;
  }
  return changed;
}

function badType(bb: Blackboard, i: number, value: unknown): never {
  const k = bb.keys[i] ?? String(i);
  invalidArgument(`${WHERE}: writeBlackboard`, k, `is declared ${bb.types[i]} but got ${typeof value === "number" ? String(value) : typeof value}`, `Write a ${bb.types[i]} (numbers must be finite).`);
}

/** True when `key` has been written at least once. */
export function hasBlackboardValue(bb: Blackboard, key: string): boolean {
  return bb.stamp[keyOf(bb, key, "hasBlackboardValue")]! >= 0;
}

/** Seconds since `key` was last written (board time), or `Infinity` when never written. */
export function blackboardAge(bb: Blackboard, key: string): number {
  const s = bb.stamp[keyOf(bb, key, "blackboardAge")]!;
  return s < 0 ? Infinity : bb.time - s;
}

/** Advances the board's clock by `dt` seconds (≥ 0). */
export function advanceBlackboard(bb: Blackboard, dt: number): void {
  assertNonNegative(`${WHERE}: advanceBlackboard`, "dt", dt);
  bb.time += dt;
}

/** Copies the board into plain JSON-safe data. O(keys), allocates. */
export function saveBlackboard(bb: Blackboard): BlackboardSnapshot {
  return {
    keys: bb.keys.slice(),
    num: Array.from(bb.num),
    str: bb.str.slice(),
    stamp: Array.from(bb.stamp),
    version: Array.from(bb.version),
    time: bb.time,
    changes: bb.changes,
  };
}

/**
 * Restores `bb` from {@link saveBlackboard} output. The key list must match.
 *
 * @throws TacticaError `INVALID_ARGUMENT` when the snapshot does not belong to a board with this schema.
 */
export function restoreBlackboard(bb: Blackboard, snap: BlackboardSnapshot): void {
  const where = `${WHERE}: restoreBlackboard`;
  const n = bb.keys.length;
  if (
    snap === null ||
    typeof snap !== "object" ||
    !Array.isArray(snap.keys) ||
    snap.keys.length !== n ||
    snap.keys.some((k, i) => k !== bb.keys[i]) ||
    snap.num?.length !== n ||
    snap.str?.length !== n ||
    snap.stamp?.length !== n ||
    snap.version?.length !== n
  ) {
    invalidArgument(where, "snap", "does not match the board's keys", "Restore a snapshot saved from a board with the same schema.");
  }
  assertFinite(where, "snap.time", snap.time);
  for (let i = 0; i < n; i++) {
    bb.num[i] = assertFinite(where, `snap.num[${i}]`, snap.num[i]);
    bb.str[i] = String(snap.str[i]);
    bb.stamp[i] = assertFinite(where, `snap.stamp[${i}]`, snap.stamp[i]);
    bb.version[i] = snap.version[i]! >>> 0;
  }
  bb.time = snap.time;
  bb.changes = snap.changes;
}
