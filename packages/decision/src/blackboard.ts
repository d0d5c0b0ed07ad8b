import { assertNonNegative, describeValue, ErrorCodes, invalidArgument, TacticaError } from "@tactica/core";

/** The value types a blackboard key may hold. */
export type BlackboardValueType = "number" | "boolean" | "string";

/** A blackboard's schema: key name → value type. Plain JSON. */
export type BlackboardSchema = Readonly<Record<string, BlackboardValueType>>;

/** The TypeScript type of a value of blackboard type `T`. */
export type BlackboardValue<T extends BlackboardValueType> = T extends "number" ? number : T extends "boolean" ? boolean : string;

/**
 * A typed key-value store shared between behaviours (a behaviour tree and its actions, the
 * agents of a squad, the whole level). Every key has a declared type, a value, the time it was
 * last written (`stamp`, seconds on the board's own clock, advanced by
 * {@link advanceBlackboard}) and a change counter (`version`), which event-driven behaviour
 * trees watch.
 *
 * Numbers and booleans (stored as 0/1) live in a `Float64Array`, strings in an array, so reads
 * and writes by key index never allocate. The board is plain data (`structuredClone` copies it);
 * save it as JSON with {@link saveBlackboard}.
 */
export interface Blackboard<S extends BlackboardSchema = BlackboardSchema> {
  /** The schema the board was created with. */
  readonly schema: S;
  /** Key names in index order. */
  readonly keys: readonly string[];
  /** Value type per key index. */
  readonly types: readonly BlackboardValueType[];
  /** Key name → index (a plain record built at creation; lookup does not allocate). */
  readonly index: Readonly<Record<string, number>>;
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
 * @param schema - Key → value type (`"number"`, `"boolean"` or `"string"`); fixes the board's keys and their order.
 * @param initial - Values written at time 0, each of its key's declared type; keys left out start unwritten (default none).
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown type or an initial value of the wrong type.
 */
export function createBlackboard<S extends BlackboardSchema>(schema: S, initial: { [K in keyof S]?: BlackboardValue<S[K]> } = {}): Blackboard<S> {
  const keys = Object.keys(schema);
  const types: BlackboardValueType[] = [];
  const index: Record<string, number> = {};
  for (const k of keys) {
    const t = schema[k];
    if (t !== "number" && t !== "boolean" && t !== "string") {
      invalidArgument(`${WHERE}: createBlackboard`, `schema.${k}`, `must be "number", "boolean" or "string"`, "Fix the key's type.");
    }
    index[k] = types.length;
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
 *
 * @param bb - The blackboard (read only).
 * @param key - The key name to look up (any string; an undeclared one gives -1).
 */
export function getBlackboardKeyIndex(bb: Blackboard, key: string): number {
  // Own keys only: `constructor`, `__proto__` and friends are not keys of the board.
  return Object.prototype.hasOwnProperty.call(bb.index, key) ? bb.index[key]! : -1;
}

function keyOf(bb: Blackboard, key: string, fn: string): number {
  const i = getBlackboardKeyIndex(bb, key);
  if (i < 0) {
    throw new TacticaError(
      ErrorCodes.InvalidArgument,
      `${WHERE}: ${fn}: unknown blackboard key ${describeValue(key)}. Declare it in the schema (keys: ${bb.keys.join(", ")}).`,
      { path: key },
    );
  }
  return i;
}

function badIndex(fn: string, bb: Blackboard, i: unknown): never {
  return invalidArgument(
    `@tactica/decision: ${fn}`,
    "i",
    `is not a key index of this blackboard (${String(i)}; an integer in [0, ${bb.types.length - 1}])`,
    "Look the key up once with getBlackboardKeyIndex(bb, key).",
  );
}

/**
 * Reads `key` with its declared type. O(1), no allocation.
 *
 * @param bb - The blackboard (read only).
 * @param key - A key declared in the board's schema.
 * @throws TacticaError for an unknown key.
 */
export function readBlackboard<S extends BlackboardSchema, K extends keyof S & string>(bb: Blackboard<S>, key: K): BlackboardValue<S[K]> {
  return readBlackboardAt(bb, keyOf(bb, key, "readBlackboard")) as BlackboardValue<S[K]>;
}

/**
 * Reads the value at key index `i` (number, boolean or string by the key's type). O(1).
 * @param bb - The blackboard (read only).
 * @param i - Key index from {@link getBlackboardKeyIndex}.
 * @throws TacticaError `INVALID_ARGUMENT` when `i` is `undefined`, not an integer or not a key index.
 */
export function readBlackboardAt(bb: Blackboard, i: number): number | boolean | string {
  if (i >>> 0 !== i || i >= bb.types.length) badIndex("readBlackboardAt", bb, i);
  const t = bb.types[i];
  if (t === "number") return bb.num[i]!;
  if (t === "boolean") return bb.num[i] !== 0;
  return bb.str[i]!;
}

/**
 * Writes `key`; stamps it with the board time and bumps its version when the value changed.
 * O(1), no allocation.
 *
 * @param bb - The blackboard; changed in place.
 * @param key - A key declared in the board's schema.
 * @param value - The new value, of the key's declared type (a number must be finite).
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown key, a wrong type or a non-finite number.
 */
export function writeBlackboard<S extends BlackboardSchema, K extends keyof S & string>(bb: Blackboard<S>, key: K, value: BlackboardValue<S[K]>): void {
  writeBlackboardAt(bb, keyOf(bb, key, "writeBlackboard"), value);
}

/**
 * Writes key index `i` (see {@link writeBlackboard}). Returns true when the value changed.
 * @param bb - The blackboard; changed in place.
 * @param i - Key index from {@link getBlackboardKeyIndex}.
 * @param value - The new value, of the key's declared type (a number must be finite).
 * @throws TacticaError `INVALID_ARGUMENT` when `i` is `undefined`, not an integer or not a key
 *   index, for a wrong type or a non-finite number.
 */
export function writeBlackboardAt(bb: Blackboard, i: number, value: number | boolean | string): boolean {
  if (i >>> 0 !== i || i >= bb.types.length) badIndex("writeBlackboardAt", bb, i);
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
  invalidArgument(
    `${WHERE}: writeBlackboard`,
    k,
    `is declared ${bb.types[i]} but got ${typeof value === "number" ? String(value) : typeof value}`,
    `Write a ${bb.types[i]} (numbers must be finite).`,
  );
}

/**
 * True when `key` has been written at least once.
 *
 * @param bb - The blackboard (read only).
 * @param key - A key declared in the board's schema.
 */
export function hasBlackboardValue(bb: Blackboard, key: string): boolean {
  return bb.stamp[keyOf(bb, key, "hasBlackboardValue")]! >= 0;
}

/**
 * Seconds since `key` was last written (board time), or `Infinity` when never written.
 *
 * @param bb - The blackboard (read only).
 * @param key - A key declared in the board's schema.
 */
export function getBlackboardAge(bb: Blackboard, key: string): number {
  const s = bb.stamp[keyOf(bb, key, "getBlackboardAge")]!;
  return s < 0 ? Infinity : bb.time - s;
}

/**
 * Advances the board's clock by `dt` seconds (≥ 0).
 *
 * @param bb - The blackboard; its `time` grows by `dt`.
 * @param dt - Seconds elapsed (finite, ≥ 0).
 */
export function advanceBlackboard(bb: Blackboard, dt: number): void {
  assertNonNegative(`${WHERE}: advanceBlackboard`, "dt", dt);
  bb.time += dt;
}

/**
 * Copies the board into plain JSON-safe data. O(keys), allocates.
 *
 * @param bb - The blackboard (read only).
 */
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
 * @internal Throws `INVALID_ARGUMENT` naming the JSON path (under `path`) unless `snap` is a
 * well-formed {@link BlackboardSnapshot} of a board with `bb`'s keys and types. Touches nothing.
 */
export function checkBlackboardSnapshot(where: string, bb: Blackboard, snap: unknown, path: string): asserts snap is BlackboardSnapshot {
  const fix = "Restore a snapshot saved from a board with the same schema.";
  if (snap === null || typeof snap !== "object") invalidArgument(where, path, "must be a blackboard snapshot object", fix);
  const s = snap as Record<string, unknown>;
  const n = bb.keys.length;
  for (const f of ["keys", "num", "str", "stamp", "version"]) {
    const a = s[f];
    if (!Array.isArray(a) || a.length !== n) invalidArgument(where, `${path}.${f}`, `must be an array of ${n} entries (one per key)`, fix);
  }
  const keys = s["keys"] as unknown[];
  const num = s["num"] as unknown[];
  const str = s["str"] as unknown[];
  const stamp = s["stamp"] as unknown[];
  const version = s["version"] as unknown[];
  for (let i = 0; i < n; i++) {
    if (keys[i] !== bb.keys[i]) invalidArgument(where, `${path}.keys[${i}]`, `must be ${describeValue(bb.keys[i])}`, fix);
    const v = num[i];
    if (typeof v !== "number" || !Number.isFinite(v)) invalidArgument(where, `${path}.num[${i}]`, "must be a finite number", fix);
    if (bb.types[i] === "boolean" && v !== 0 && v !== 1) invalidArgument(where, `${path}.num[${i}]`, "must be 0 or 1 (a boolean key)", fix);
    if (typeof str[i] !== "string") invalidArgument(where, `${path}.str[${i}]`, "must be a string", fix);
    const t = stamp[i];
    if (typeof t !== "number" || !Number.isFinite(t)) invalidArgument(where, `${path}.stamp[${i}]`, "must be a finite number", fix);
    const ver = version[i];
    if (typeof ver !== "number" || !Number.isInteger(ver) || ver < 0 || ver > 0xffffffff)
      invalidArgument(where, `${path}.version[${i}]`, "must be an integer in [0, 2^32)", fix);
  }
  const time = s["time"];
  if (typeof time !== "number" || !Number.isFinite(time)) invalidArgument(where, `${path}.time`, "must be a finite number", fix);
  const changes = s["changes"];
  if (typeof changes !== "number" || !Number.isInteger(changes) || changes < 0) invalidArgument(where, `${path}.changes`, "must be an integer >= 0", fix);
}

/**
 * Restores `bb` from {@link saveBlackboard} output. The whole snapshot is checked first: when it
 * throws, `bb` is unchanged.
 *
 * @param bb - The blackboard to overwrite (same schema as the saved one); unchanged when the snapshot is rejected.
 * @param snap - A {@link saveBlackboard} result, possibly parsed from JSON.
 * @throws TacticaError `INVALID_ARGUMENT` naming the JSON path when the snapshot does not belong to a board with this schema.
 */
export function restoreBlackboard(bb: Blackboard, snap: BlackboardSnapshot): void {
  checkBlackboardSnapshot("@tactica/decision: restoreBlackboard", bb, snap, "snap");
  const n = bb.keys.length;
  for (let i = 0; i < n; i++) {
    bb.num[i] = snap.num[i]!;
    bb.str[i] = snap.str[i]!;
    bb.stamp[i] = snap.stamp[i]!;
    bb.version[i] = snap.version[i]!;
  }
  bb.time = snap.time;
  bb.changes = snap.changes;
}
