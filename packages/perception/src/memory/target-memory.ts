import { TacticaError } from "@tactica/core";
import { checkIndex, checkNumber, configError, describeValue, PerceptionErrorCodes } from "../errors";

/** Which sense produced a memory record. */
export const SenseKind = {
  /** Seen. */
  Sight: 0,
  /** Heard. */
  Hearing: 1,
  /** Told by an ally or a shared belief. */
  Report: 2,
} as const;

/** One of the {@link SenseKind} values. */
export type SenseKindValue = (typeof SenseKind)[keyof typeof SenseKind];

/** Awareness level of a record, from its confidence (see {@link awarenessOf}). */
export const Awareness = {
  /** Confidence below `investigateAt`: not (or no longer) aware. */
  Unaware: 0,
  /** Confidence in `[investigateAt, detectAt)`: something is there, go and look. */
  Investigate: 1,
  /** Confidence ≥ `detectAt`: the target is detected. */
  Detected: 2,
} as const;

/** One of the {@link Awareness} values. */
export type AwarenessValue = (typeof Awareness)[keyof typeof Awareness];

/**
 * One agent's memory of its targets, as plain data (structure of arrays; `structuredClone` works).
 * Record `i < count` remembers target `id[i]`: its last known position, the time since it was last
 * perceived, a confidence in [0, 1] that decays while the target is not perceived, and the sense.
 * Records are kept densely: forgetting one moves the last record into its slot.
 */
export interface TargetMemory {
  /** Maximum number of records. */
  readonly capacity: number;
  /** Records in use. */
  count: number;
  /** Confidence lost per second while not perceived. */
  readonly decayPerSecond: number;
  /** Records whose confidence falls to this value or below are forgotten. */
  readonly forgetBelow: number;
  /** After losing sight, the true position is still tracked for this many seconds (intuition window), then frozen. */
  readonly intuitionWindow: number;
  /** Confidence at or above which a record is {@link Awareness.Investigate}. */
  readonly investigateAt: number;
  /** Confidence at or above which a record is {@link Awareness.Detected}. */
  readonly detectAt: number;
  /** Target id per record (your entity id, integer). */
  readonly id: Int32Array;
  /** Last known position x. */
  readonly x: Float64Array;
  /** Last known position y. */
  readonly y: Float64Array;
  /** Seconds since the target was last perceived. */
  readonly age: Float64Array;
  /** Confidence in [0, 1]. */
  readonly confidence: Float64Array;
  /** {@link SenseKind} of the last perception. */
  readonly sense: Uint8Array;
}

/** Options for {@link createTargetMemory}. */
export interface TargetMemoryOptions {
  /** Confidence lost per second while not perceived, ≥ 0 (default 0.1: ten seconds from certain to forgotten). */
  readonly decayPerSecond?: number;
  /** Forget a record whose confidence is at or below this, in [0, 1) (default 0). */
  readonly forgetBelow?: number;
  /** Seconds during which the true position is still known after losing the target (default 2.5, *Game AI Pro* ch. 27). */
  readonly intuitionWindow?: number;
  /** Awareness threshold for investigating, in [0, 1] (default 0.3). */
  readonly investigateAt?: number;
  /** Awareness threshold for detection, in [investigateAt, 1] (default 0.8). */
  readonly detectAt?: number;
}

/** A snapshot of a {@link TargetMemory} from {@link saveTargetMemory}: JSON-safe plain data. */
export interface TargetMemorySnapshot {
  /** Snapshot format version, 1. */
  readonly version: 1;
  /** One entry per record, in record order. */
  readonly records: readonly {
    readonly id: number;
    readonly x: number;
    readonly y: number;
    readonly age: number;
    readonly confidence: number;
    readonly sense: number;
  }[];
}

/**
 * Creates an empty target memory for up to `capacity` targets (integer ≥ 1).
 *
 * @param capacity - Most targets remembered at once, an integer ≥ 1 (else `PERCEPTION_CONFIG`).
 * @param options - `decayPerSecond` (confidence lost per second, default 0.1), `forgetBelow` (in [0, 1), default 0), `intuitionWindow` (seconds, default 2.5), and the awareness thresholds `investigateAt` (default 0.3) and `detectAt` (in [investigateAt, 1], default 0.8).
 *
 * @example
 * ```ts
 * const memory = createTargetMemory(8, { decayPerSecond: 0.2 });
 * recordPerception(memory, 42, 3, 4, 1, SenseKind.Sight);   // saw enemy 42 at (3, 4)
 * updateTargetMemory(memory, 2);                            // two seconds without seeing it
 * const slot = findTargetMemory(memory, 42);
 * // memory.confidence[slot] ≈ 0.6, memory.x[slot] = 3, awarenessOf(memory, slot) = Awareness.Investigate
 * ```
 */
export function createTargetMemory(capacity: number, options: TargetMemoryOptions = {}): TargetMemory {
  if (!Number.isInteger(capacity) || capacity < 1)
    configError("createTargetMemory", `"capacity" is ${describeValue(capacity)}; pass an integer ≥ 1.`, "capacity");
  const decayPerSecond = checkNumber("createTargetMemory", "decayPerSecond", options.decayPerSecond ?? 0.1, 0);
  const forgetBelow = checkNumber("createTargetMemory", "forgetBelow", options.forgetBelow ?? 0, 0, 1);
  if (forgetBelow >= 1) configError("createTargetMemory", `"forgetBelow" is ${forgetBelow}; pass a value below 1.`, "forgetBelow");
  const intuitionWindow = checkNumber("createTargetMemory", "intuitionWindow", options.intuitionWindow ?? 2.5, 0);
  const investigateAt = checkNumber("createTargetMemory", "investigateAt", options.investigateAt ?? 0.3, 0, 1);
  const detectAt = checkNumber("createTargetMemory", "detectAt", options.detectAt ?? 0.8, investigateAt, 1);
  return {
    capacity,
    count: 0,
    decayPerSecond,
    forgetBelow,
    intuitionWindow,
    investigateAt,
    detectAt,
    id: new Int32Array(capacity),
    x: new Float64Array(capacity),
    y: new Float64Array(capacity),
    age: new Float64Array(capacity),
    confidence: new Float64Array(capacity),
    sense: new Uint8Array(capacity),
  };
}

/**
 * The record index of target `id` (a 32-bit integer; anything else throws `PERCEPTION_CONFIG`), or −1 when it is not remembered. O(count).
 *
 * @param memory - The memory searched, read only.
 * @param id - Your entity id of the target, a 32-bit integer.
 */
export function findTargetMemory(memory: TargetMemory, id: number): number {
  checkIndex("findTargetMemory", "id", id, -0x80000000, 0x7fffffff);
  const ids = memory.id;
  for (let i = 0; i < memory.count; i++) if (ids[i] === id) return i;
  return -1;
}

/**
 * Records that target `id` was perceived at `(x, y)` with `certainty` in [0, 1] through `sense`.
 * The record's position is replaced, its age reset to 0 and its confidence raised to `certainty`
 * (never lowered: a faint sound does not erase a clear sighting). Returns the record index, or −1
 * when the memory is full and the target is new. Throws `PERCEPTION_CONFIG` for a certainty outside [0, 1]
 * or an `id` that is not a 32-bit integer.
 *
 * @param memory - The memory, changed in place (a new record is appended when the target is new and there is room).
 * @param id - Your entity id of the target, a 32-bit integer.
 * @param x - Where the target was perceived, x, world units, finite (else `PERCEPTION_CONFIG`).
 * @param y - Where the target was perceived, y, world units, finite (else `PERCEPTION_CONFIG`).
 * @param certainty - How sure the perception is, in [0, 1]; the record's confidence is raised to it, never lowered.
 * @param sense - The {@link SenseKind} that perceived it (stored with the record).
 */
export function recordPerception(memory: TargetMemory, id: number, x: number, y: number, certainty: number, sense: SenseKindValue): number {
  if (!(x - x === 0 && y - y === 0)) checkNumber("recordPerception", x - x === 0 ? "y" : "x", x - x === 0 ? y : x);
  if (!(certainty >= 0 && certainty <= 1)) configError("recordPerception", `"certainty" is ${describeValue(certainty)}; pass a value in [0, 1].`, "certainty");
  checkIndex("recordPerception", "id", id, -0x80000000, 0x7fffffff);
  let i = findTargetMemory(memory, id);
  if (i < 0) {
    if (memory.count >= memory.capacity) return -1;
    i = memory.count++;
    memory.id[i] = id;
    memory.confidence[i] = 0;
  }
  memory.x[i] = x;
  memory.y[i] = y;
  memory.age[i] = 0;
  if (certainty > memory.confidence[i]!) memory.confidence[i] = certainty;
  memory.sense[i] = sense;
  return i;
}

/**
 * Within the intuition window after losing target `id` (its age ≤ `intuitionWindow`), moves the
 * last known position to the target's true position `(x, y)` (*Game AI Pro* ch. 27: hunters "know"
 * where a target went for a moment); afterwards the position stays frozen. Returns `true` when the
 * position was updated. Age and confidence are untouched.
 *
 * @param memory - The memory, changed in place (only the record's position).
 * @param id - Your entity id of the target; a target not remembered gives `false`.
 * @param x - The target's true position x, world units, finite (else `PERCEPTION_CONFIG`).
 * @param y - The target's true position y, world units, finite (else `PERCEPTION_CONFIG`).
 */
export function trackTargetIntuition(memory: TargetMemory, id: number, x: number, y: number): boolean {
  if (!(x - x === 0 && y - y === 0)) checkNumber("trackTargetIntuition", x - x === 0 ? "y" : "x", x - x === 0 ? y : x);
  const i = findTargetMemory(memory, id);
  if (i < 0 || memory.age[i]! > memory.intuitionWindow) return false;
  memory.x[i] = x;
  memory.y[i] = y;
  return true;
}

/**
 * Ages every record by `dt` seconds and lowers its confidence by `decayPerSecond · dt`; records at
 * or below `forgetBelow` are forgotten (the last record moves into the freed slot). Call after this
 * frame's {@link recordPerception} calls — a record perceived this frame also decays by one `dt`,
 * consistently for every record. Returns the number of records forgotten. No allocation.
 *
 * @param memory - The memory, changed in place: ages and confidences updated, forgotten records removed (indices of later records may change).
 * @param dt - Time step in seconds, finite and ≥ 0.
 */
export function updateTargetMemory(memory: TargetMemory, dt: number): number {
  if (!(dt >= 0) || dt === Infinity) configError("updateTargetMemory", `"dt" is ${describeValue(dt)}; pass a finite time step ≥ 0 in seconds.`, "dt");
  const loss = memory.decayPerSecond * dt;
  let forgotten = 0;
  let i = 0;
  while (i < memory.count) {
    const c = memory.confidence[i]! - loss;
    memory.age[i] = memory.age[i]! + dt;
    if (c <= memory.forgetBelow) {
      const last = --memory.count;
      memory.id[i] = memory.id[last]!;
      memory.x[i] = memory.x[last]!;
      memory.y[i] = memory.y[last]!;
      memory.age[i] = memory.age[last]!;
      memory.confidence[i] = memory.confidence[last]!;
      memory.sense[i] = memory.sense[last]!;
      clearSlot(memory, last);
      forgotten++;
      // The moved record has not been updated yet: visit slot i again, unless it was the removed one.
      if (last === i) break;
      continue;
    }
    memory.confidence[i] = c;
    i++;
  }
  return forgotten;
}

/**
 * The {@link Awareness} level of record `index` (in `[0, memory.count)`, e.g. from
 * {@link findTargetMemory}), from its confidence and the memory's thresholds. `−1` (what
 * `findTargetMemory` returns for a target not remembered) gives {@link Awareness.Unaware}. Throws
 * `PERCEPTION_CONFIG` for any other index (`undefined`, a fraction, below −1, or a stale index at
 * or past `memory.count`: records are kept dense, so an old index may now name another target).
 *
 * @param memory - The memory, read only.
 * @param index - Record index in `[0, memory.count)`, or −1 for a target not remembered (gives `Unaware`); anything else throws `PERCEPTION_CONFIG`.
 */
export function awarenessOf(memory: TargetMemory, index: number): AwarenessValue {
  if (!(index >= 0 && index < memory.count && Number.isInteger(index))) {
    if (index === -1) return Awareness.Unaware;
    configError("awarenessOf", `record ${describeValue(index)} does not exist (count ${memory.count}); pass an index from findTargetMemory.`, "index");
  }
  const c = memory.confidence[index]!;
  return c >= memory.detectAt ? Awareness.Detected : c >= memory.investigateAt ? Awareness.Investigate : Awareness.Unaware;
}

/** Zeroes record slot `i` (past `count`): spare slots hold nothing, as in a new memory. */
function clearSlot(memory: TargetMemory, i: number): void {
  memory.id[i] = 0;
  memory.x[i] = 0;
  memory.y[i] = 0;
  memory.age[i] = 0;
  memory.confidence[i] = 0;
  memory.sense[i] = 0;
}

/**
 * Saves the records of `memory` as a JSON-safe snapshot (see {@link restoreTargetMemory}).
 *
 * @param memory - The memory to save, read only; only its records are saved, not its options.
 */
export function saveTargetMemory(memory: TargetMemory): TargetMemorySnapshot {
  const records: TargetMemorySnapshot["records"][number][] = [];
  for (let i = 0; i < memory.count; i++) {
    records.push({ id: memory.id[i]!, x: memory.x[i]!, y: memory.y[i]!, age: memory.age[i]!, confidence: memory.confidence[i]!, sense: memory.sense[i]! });
  }
  return { version: 1, records };
}

function snapshotError(message: string, path: string): never {
  throw new TacticaError(PerceptionErrorCodes.Config, `@tactica/perception: restoreTargetMemory: ${message}`, { path });
}

/**
 * Restores `memory`'s records from a {@link saveTargetMemory} snapshot (or its JSON). The whole
 * snapshot is checked first — version, record count within capacity, integer ids without duplicates,
 * finite positions, ages ≥ 0, confidences in [0, 1], known senses — and a bad one throws
 * `PERCEPTION_CONFIG` naming the JSON path, leaving `memory` exactly as it was. The memory's options
 * (decay, thresholds) are its own and are not part of the snapshot.
 *
 * @param memory - The memory to overwrite in place (records and count); untouched when the snapshot is rejected.
 * @param snapshot - A {@link saveTargetMemory} result or its parsed JSON (version 1, at most `memory.capacity` records); anything else throws `PERCEPTION_CONFIG` naming the JSON path.
 */
export function restoreTargetMemory(memory: TargetMemory, snapshot: unknown): void {
  if (typeof snapshot !== "object" || snapshot === null) snapshotError("the snapshot is not an object; pass what saveTargetMemory returned.", "$");
  const s = snapshot as { version?: unknown; records?: unknown };
  if (s.version !== 1) snapshotError(`version is ${describeValue(s.version)}; this release reads version 1.`, "$.version");
  if (!Array.isArray(s.records)) snapshotError("records is not an array.", "$.records");
  const records = s.records as unknown[];
  if (records.length > memory.capacity)
    snapshotError(`${records.length} records do not fit a memory of capacity ${memory.capacity}; create a larger memory.`, "$.records");
  const seen = new Set<number>();
  for (let i = 0; i < records.length; i++) {
    const r = records[i]; // indexed, so a hole in a sparse array is caught too
    const at = `$.records[${i}]`;
    if (typeof r !== "object" || r === null) snapshotError("the record is not an object.", at);
    const rec = r as Record<string, unknown>;
    const num = (k: string, ok: (v: number) => boolean, want: string): void => {
      const v = rec[k];
      if (typeof v !== "number" || !Number.isFinite(v) || !ok(v)) snapshotError(`${k} is ${describeValue(v)}; expected ${want}.`, `${at}.${k}`);
    };
    num("id", (v) => Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff, "a 32-bit integer");
    num("x", () => true, "a finite number");
    num("y", () => true, "a finite number");
    num("age", (v) => v >= 0, "a number ≥ 0");
    num("confidence", (v) => v >= 0 && v <= 1, "a number in [0, 1]");
    num("sense", (v) => v === SenseKind.Sight || v === SenseKind.Hearing || v === SenseKind.Report, "a SenseKind (0, 1 or 2)");
    if (seen.has(rec["id"] as number)) snapshotError(`target id ${describeValue(rec["id"])} appears twice.`, `${at}.id`);
    seen.add(rec["id"] as number);
  }
  const valid = records as TargetMemorySnapshot["records"];
  // Slots past the new count are cleared, so the memory's whole state is a function of its saved
  // form: a restore that core's restoreSnapshot rolls back (by restoring the saved form) leaves
  // no rejected record behind in a spare slot.
  for (let i = valid.length; i < memory.count; i++) clearSlot(memory, i);
  memory.count = valid.length;
  valid.forEach((r, i) => {
    memory.id[i] = r.id;
    memory.x[i] = r.x;
    memory.y[i] = r.y;
    memory.age[i] = r.age;
    memory.confidence[i] = r.confidence;
    memory.sense[i] = r.sense;
  });
}
