import { createStateHash, describeValue, hashStateNumber, hashStateString, readStateHash, TacticaError, type Snapshot, type StateHash } from "@tactica/core";
import type { InspectorEvent, InspectorWorld } from "./inspector-world";

/** The error code of every inspector problem: bad options, a tick outside the recording, a malformed recording. */
export const INSPECTOR_ERROR = "PLAYGROUND_INSPECTOR";

/** The `format` of an exported recording. */
export const INSPECTOR_FORMAT = "tactica.inspector";

/** The recording version this build writes and reads. */
export const INSPECTOR_VERSION = 1;

/** One recorded tick: the state hash after the step, the inputs applied, the events reported. */
export interface InspectorTick {
  /** The tick the step ended on. */
  tick: number;
  /** The world's hash after the step (updated when the page changed the world before the next step). */
  hash: number;
  /** Inputs applied at the start of the step. */
  inputs: unknown[];
  /** Events the world reported during the step. */
  events: InspectorEvent[];
  /** True when the page changed the world after this tick (a keyframe was taken here). */
  edited?: boolean;
  /** The hash the step produced, before the page's change (edited ticks only; replays compare against it). */
  preEditHash?: number;
}

/** A snapshot of the world at a tick of the recording. */
export interface InspectorKeyframe {
  /** The tick of the state. */
  tick: number;
  /** The saved state. */
  snapshot: Snapshot;
}

/** A bounded recording: plain data, exported as JSON as it is. */
export interface InspectorRecording {
  /** Always {@link INSPECTOR_FORMAT}. */
  format: typeof INSPECTOR_FORMAT;
  /** {@link INSPECTOR_VERSION}. */
  version: number;
  /** The world's name. */
  world: string;
  /** A keyframe every this many ticks. */
  snapshotEvery: number;
  /** At most this many ticks (plus less than `snapshotEvery`) are kept. */
  maxTicks: number;
  /** The first tick (there is a keyframe at it). */
  startTick: number;
  /** The hash at `startTick`. */
  startHash: number;
  /** Ticks `startTick + 1 …` in order. */
  ticks: InspectorTick[];
  /** Keyframes in tick order; the first is at `startTick`. */
  keyframes: InspectorKeyframe[];
}

/** Options of {@link createInspectorRecorder}. */
export interface InspectorRecorderOptions {
  /** A keyframe every this many ticks (default 60). */
  readonly snapshotEvery?: number;
  /** Ticks kept (default 3600); older ticks and keyframes are dropped. */
  readonly maxTicks?: number;
  /**
   * Hash the world before each step and, when it differs from the last recorded hash (the page
   * changed the world between steps: a click, a slider), take a keyframe there (default true).
   * Worlds whose every change arrives as a step input can turn it off to save one hash per tick.
   */
  readonly detectEdits?: boolean;
}

/** A world being recorded. */
export interface InspectorRecorder {
  /** The world. */
  readonly world: InspectorWorld;
  /** The recording so far (plain data). */
  recording: InspectorRecording;
  /** Whether edits between steps are detected. */
  readonly detectEdits: boolean;
  /** @internal Events of the step in progress. */
  buffer: InspectorEvent[];
}

/** Where a replay stopped matching the recording. */
export interface InspectorDivergence {
  /** The first tick that differs. */
  tick: number;
  /** "hash" or "events". */
  what: "hash" | "events";
  /** The module of the first differing event (events only). */
  module: string | null;
  /** The agent of the first differing event (events only). */
  agent: string | null;
  /** What the recording has there (a hash in hex or an event label). */
  expected: string;
  /** What the replay produced. */
  actual: string;
}

/** The result of {@link seekInspector}. */
export interface InspectorSeekResult {
  /** The tick the world is at now. */
  tick: number;
  /** The keyframe tick it restored. */
  from: number;
  /** Ticks replayed after the keyframe. */
  replayed: number;
  /** True when every replayed tick matched its recorded hash and events. */
  ok: boolean;
  /** The first mismatch, or null. */
  divergence: InspectorDivergence | null;
}

function fail(fn: string, path: string, problem: string, cause?: unknown): never {
  throw new TacticaError(INSPECTOR_ERROR, `playground inspector: ${fn}: ${path} ${problem}`, cause === undefined ? { path } : { path, cause });
}

function positiveInt(fn: string, name: string, v: number): number {
  if (!Number.isSafeInteger(v) || v < 1) fail(fn, name, `must be an integer ≥ 1 but is ${describeValue(v)}.`);
  return v;
}

/**
 * Starts recording `world` from its current tick (a keyframe there). Call {@link stepInspector}
 * instead of `world.step`.
 *
 * @throws TacticaError `PLAYGROUND_INSPECTOR` for `snapshotEvery` or `maxTicks` not integers ≥ 1, or
 * `maxTicks` < `snapshotEvery`.
 */
export function createInspectorRecorder(world: InspectorWorld, options: InspectorRecorderOptions = {}): InspectorRecorder {
  const fn = "createInspectorRecorder";
  const snapshotEvery = positiveInt(fn, "options.snapshotEvery", options.snapshotEvery ?? 60);
  const maxTicks = positiveInt(fn, "options.maxTicks", options.maxTicks ?? 3600);
  if (maxTicks < snapshotEvery)
    fail(fn, "options.maxTicks", `(${maxTicks}) must be ≥ options.snapshotEvery (${snapshotEvery}): keep at least one keyframe interval.`);
  const rec: InspectorRecorder = { world, recording: emptyRecording(world, snapshotEvery, maxTicks), detectEdits: options.detectEdits ?? true, buffer: [] };
  world.trace((e) => rec.buffer.push(e));
  return rec;
}

function emptyRecording(world: InspectorWorld, snapshotEvery: number, maxTicks: number): InspectorRecording {
  return {
    format: INSPECTOR_FORMAT,
    version: INSPECTOR_VERSION,
    world: world.name,
    snapshotEvery,
    maxTicks,
    startTick: world.tick,
    startHash: world.hash(),
    ticks: [],
    keyframes: [{ tick: world.tick, snapshot: world.save() }],
  };
}

/** Drops the recording and starts a new one at the world's current tick (after the page rebuilt its world). */
export function resetInspectorRecorder(rec: InspectorRecorder): void {
  rec.recording = emptyRecording(rec.world, rec.recording.snapshotEvery, rec.recording.maxTicks);
}

/** The last recorded tick (the start tick when nothing was recorded yet). */
export function lastInspectorTick(rec: InspectorRecorder): number {
  const t = rec.recording.ticks;
  return t.length > 0 ? t[t.length - 1]!.tick : rec.recording.startTick;
}

function setKeyframe(r: InspectorRecording, tick: number, snapshot: Snapshot): void {
  const k = r.keyframes;
  if (k.length > 0 && k[k.length - 1]!.tick === tick) k[k.length - 1]!.snapshot = snapshot;
  else k.push({ tick, snapshot });
}

/**
 * Steps the world by one tick with `inputs` and records it: the events it reports, its hash, a
 * keyframe every `snapshotEvery` ticks, and (with `detectEdits`) a keyframe before the step when
 * the page changed the world since the last one. Then drops what is beyond `maxTicks`.
 *
 * @throws TacticaError `PLAYGROUND_INSPECTOR` when the world is not at the recording's last tick
 * (it was scrubbed and not brought back with {@link seekInspector}).
 */
export function stepInspector(rec: InspectorRecorder, inputs: readonly unknown[] = []): void {
  const r = rec.recording;
  const w = rec.world;
  const last = lastInspectorTick(rec);
  if (w.tick !== last) fail("stepInspector", "world.tick", `is ${w.tick} but the recording ends at ${last}; seek to the end before recording on.`);
  if (rec.detectEdits) {
    const h = w.hash();
    const lastHash = r.ticks.length > 0 ? r.ticks[r.ticks.length - 1]!.hash : r.startHash;
    if (h !== lastHash) {
      if (r.ticks.length > 0) {
        const t = r.ticks[r.ticks.length - 1]!;
        t.preEditHash ??= t.hash;
        t.hash = h;
        t.edited = true;
      } else r.startHash = h;
      setKeyframe(r, w.tick, w.save());
    }
  }
  rec.buffer = [];
  w.step(inputs);
  r.ticks.push({ tick: w.tick, hash: w.hash(), inputs: inputs.slice(), events: rec.buffer });
  rec.buffer = [];
  if ((w.tick - r.startTick) % r.snapshotEvery === 0) setKeyframe(r, w.tick, w.save());
  boundRecording(r);
}

/** Drops the oldest ticks beyond `maxTicks`, restarting the recording at a keyframe. */
function boundRecording(r: InspectorRecording): void {
  if (r.ticks.length <= r.maxTicks) return;
  const lastTick = r.ticks[r.ticks.length - 1]!.tick;
  const from = r.keyframes.find((k) => k.tick >= lastTick - r.maxTicks);
  if (from === undefined || from.tick <= r.startTick) return;
  const drop = r.ticks.findIndex((t) => t.tick === from.tick);
  r.startHash = r.ticks[drop]!.hash;
  r.ticks.splice(0, drop + 1);
  r.keyframes = r.keyframes.filter((k) => k.tick >= from.tick);
  r.startTick = from.tick;
}

function eventKey(e: InspectorEvent): string {
  return JSON.stringify([e.module, e.agent, e.label, e.detail ?? null]);
}

/**
 * Restores the nearest keyframe at or before `tick` and replays the recorded inputs up to `tick`,
 * checking every tick's hash and events against the recording; stops at the first divergence
 * (a result, not an exception). The world is left at the tick reached.
 *
 * @throws TacticaError `PLAYGROUND_INSPECTOR` when `tick` is outside the recording.
 */
export function seekInspector(rec: InspectorRecorder, tick: number): InspectorSeekResult {
  const r = rec.recording;
  const end = lastInspectorTick(rec);
  if (!Number.isSafeInteger(tick) || tick < r.startTick || tick > end)
    fail("seekInspector", "tick", `must be an integer in the recording (${r.startTick} … ${end}) but is ${describeValue(tick)}.`);
  let key = r.keyframes[0]!;
  for (const k of r.keyframes) if (k.tick <= tick) key = k;
  const { replayed, divergence } = replay(rec, key, tick);
  return { tick: rec.world.tick, from: key.tick, replayed, ok: divergence === null, divergence };
}

/**
 * Restores `key` and steps to `tick` with the recorded inputs, comparing each tick's events and
 * hash (an edited tick's hash before the edit: a replay reaches it only as its last tick).
 */
function replay(rec: InspectorRecorder, key: InspectorKeyframe, tick: number): { replayed: number; divergence: InspectorDivergence | null } {
  const r = rec.recording;
  const w = rec.world;
  w.restore(key.snapshot);
  let replayed = 0;
  let divergence: InspectorDivergence | null = null;
  for (let i = key.tick - r.startTick; i < tick - r.startTick; i++) {
    const want = r.ticks[i]!;
    rec.buffer = [];
    w.step(want.inputs);
    replayed++;
    const got = rec.buffer;
    rec.buffer = [];
    const n = Math.max(got.length, want.events.length);
    for (let k = 0; k < n; k++) {
      const a = got[k];
      const b = want.events[k];
      if (a === undefined || b === undefined || eventKey(a) !== eventKey(b)) {
        const e = b ?? a!;
        divergence = {
          tick: want.tick,
          what: "events",
          module: e.module,
          agent: e.agent,
          expected: b ? b.label : "(no event)",
          actual: a ? a.label : "(no event)",
        };
        break;
      }
    }
    const h = w.hash();
    const expected = want.preEditHash ?? want.hash;
    if (divergence === null && h !== expected)
      divergence = { tick: want.tick, what: "hash", module: null, agent: null, expected: hex(expected), actual: hex(h) };
    if (divergence !== null) break;
  }
  return { replayed, divergence };
}

function hex(h: number): string {
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** The recording as JSON text. */
export function exportInspectorRecording(rec: InspectorRecorder): string {
  return JSON.stringify(rec.recording);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Parses and checks an exported recording: JSON syntax, format and version, the header numbers,
 * every tick (consecutive, a uint32 hash, inputs and events of the right shape) and every keyframe
 * (in order, inside the recording, the first at `startTick`, a core snapshot envelope). The
 * snapshots' sections are checked by their codecs when a keyframe is restored.
 *
 * @throws TacticaError `PLAYGROUND_INSPECTOR` naming the JSON path of the first problem (`$.ticks[3].hash`).
 */
export function parseInspectorRecording(text: string): InspectorRecording {
  const fn = "parseInspectorRecording";
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    fail(fn, "$", `is not JSON: ${(e as Error).message}`, e);
  }
  if (!isRecord(data)) fail(fn, "$", `must be a recording object but is ${describeValue(data)}.`);
  if (data["format"] !== INSPECTOR_FORMAT) fail(fn, "$.format", `must be ${JSON.stringify(INSPECTOR_FORMAT)} but is ${describeValue(data["format"])}.`);
  if (data["version"] !== INSPECTOR_VERSION) fail(fn, "$.version", `must be ${INSPECTOR_VERSION} but is ${describeValue(data["version"])}.`);
  if (typeof data["world"] !== "string" || data["world"] === "") fail(fn, "$.world", `must be the world's name but is ${describeValue(data["world"])}.`);
  const int = (p: string, v: unknown, min: number): number => {
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min) fail(fn, p, `must be an integer ≥ ${min} but is ${describeValue(v)}.`);
    return v;
  };
  const uint32 = (p: string, v: unknown): number => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 0xffffffff) fail(fn, p, `must be a uint32 hash but is ${describeValue(v)}.`);
    return v;
  };
  int("$.snapshotEvery", data["snapshotEvery"], 1);
  int("$.maxTicks", data["maxTicks"], 1);
  const start = int("$.startTick", data["startTick"], 0);
  uint32("$.startHash", data["startHash"]);
  const ticks = data["ticks"];
  if (!Array.isArray(ticks)) fail(fn, "$.ticks", `must be an array but is ${describeValue(ticks)}.`);
  ticks.forEach((t: unknown, i) => {
    const p = `$.ticks[${i}]`;
    if (!isRecord(t)) fail(fn, p, `must be {tick, hash, inputs, events} but is ${describeValue(t)}.`);
    if (t["tick"] !== start + i + 1)
      fail(fn, `${p}.tick`, `must be ${start + i + 1} (ticks are consecutive from startTick + 1) but is ${describeValue(t["tick"])}.`);
    uint32(`${p}.hash`, t["hash"]);
    if (!Array.isArray(t["inputs"])) fail(fn, `${p}.inputs`, `must be an array but is ${describeValue(t["inputs"])}.`);
    if (t["edited"] !== undefined && typeof t["edited"] !== "boolean")
      fail(fn, `${p}.edited`, `must be a boolean when present but is ${describeValue(t["edited"])}.`);
    if (t["preEditHash"] !== undefined) uint32(`${p}.preEditHash`, t["preEditHash"]);
    const events = t["events"];
    if (!Array.isArray(events)) fail(fn, `${p}.events`, `must be an array but is ${describeValue(events)}.`);
    events.forEach((e: unknown, k) => {
      const q = `${p}.events[${k}]`;
      if (!isRecord(e)) fail(fn, q, `must be {module, agent, label, detail?} but is ${describeValue(e)}.`);
      for (const f of ["module", "agent", "label"] as const)
        if (typeof e[f] !== "string") fail(fn, `${q}.${f}`, `must be a string but is ${describeValue(e[f])}.`);
    });
  });
  const end = start + ticks.length;
  const keyframes = data["keyframes"];
  if (!Array.isArray(keyframes) || keyframes.length === 0) fail(fn, "$.keyframes", `must be a non-empty array but is ${describeValue(keyframes)}.`);
  let prev = -1;
  keyframes.forEach((k: unknown, i) => {
    const p = `$.keyframes[${i}]`;
    if (!isRecord(k)) fail(fn, p, `must be {tick, snapshot} but is ${describeValue(k)}.`);
    const t = int(`${p}.tick`, k["tick"], 0);
    if (i === 0 && t !== start) fail(fn, `${p}.tick`, `must be startTick (${start}): a recording starts at a keyframe, but is ${t}.`);
    if (t <= prev || t > end) fail(fn, `${p}.tick`, `must be after ${prev} and at most ${end} (in order, inside the recording) but is ${t}.`);
    prev = t;
    const s = k["snapshot"];
    if (!isRecord(s) || s["format"] !== "tactica.snapshot")
      fail(fn, `${p}.snapshot`, `must be a core snapshot envelope (format "tactica.snapshot") but is ${describeValue(s)}.`);
  });
  return data as unknown as InspectorRecording;
}

/**
 * Loads a recording (from {@link parseInspectorRecording}) into the recorder and brings the world
 * to its last tick, replaying from each keyframe to the next and checking every tick. When a tick
 * diverges, nothing is loaded (the recorder and the world stay as they were) and the result names it.
 *
 * @throws TacticaError `PLAYGROUND_INSPECTOR` when the recording is of another world; `CORE_SNAPSHOT`
 * when a keyframe does not restore.
 */
export function loadInspectorRecording(rec: InspectorRecorder, recording: InspectorRecording): InspectorSeekResult {
  if (recording.world !== rec.world.name)
    fail(
      "loadInspectorRecording",
      "$.world",
      `is ${JSON.stringify(recording.world)} but this world is ${JSON.stringify(rec.world.name)}; import it on its own page.`,
    );
  const previous = rec.recording;
  const backup = rec.world.save();
  rec.recording = recording;
  try {
    // Keyframe by keyframe: every tick is replayed and checked once, edits come from the keyframes.
    const keys = recording.keyframes;
    const end = lastInspectorTick(rec);
    let replayed = 0;
    for (let k = 0; k < keys.length; k++) {
      const seg = replay(rec, keys[k]!, k + 1 < keys.length ? keys[k + 1]!.tick : end);
      replayed += seg.replayed;
      if (seg.divergence !== null) {
        // Not loaded: the recorder and the world stay as they were; the result says where it failed.
        const at = rec.world.tick;
        rec.recording = previous;
        rec.world.restore(backup);
        return { tick: at, from: keys[0]!.tick, replayed, ok: false, divergence: seg.divergence };
      }
    }
    return { tick: rec.world.tick, from: keys[0]!.tick, replayed, ok: true, divergence: null };
  } catch (e) {
    rec.recording = previous;
    rec.world.restore(backup);
    throw e;
  }
}

/**
 * A uint32 hash of plain data (a snapshot, say) fed value by value into core's state hash: numbers
 * as their float64 bytes (−0 counted as 0, which JSON cannot keep), strings as code units, object
 * keys with their values, array lengths. Never over JSON text.
 */
export function hashPlainData(value: unknown, hash: StateHash = createStateHash()): number {
  walk(hash, value);
  return readStateHash(hash);
}

function walk(h: StateHash, v: unknown): void {
  if (typeof v === "number") {
    hashStateNumber(h, 1);
    hashStateNumber(h, v === 0 ? 0 : v);
  } else if (typeof v === "string") {
    hashStateNumber(h, 2);
    hashStateString(h, v);
  } else if (typeof v === "boolean") hashStateNumber(h, v ? 4 : 3);
  else if (v === null || v === undefined) hashStateNumber(h, 5);
  else if (Array.isArray(v)) {
    hashStateNumber(h, 6);
    hashStateNumber(h, v.length);
    for (const x of v) walk(h, x);
  } else if (ArrayBuffer.isView(v)) {
    hashStateNumber(h, 7);
    const a = v as unknown as ArrayLike<number>;
    hashStateNumber(h, a.length);
    for (let i = 0; i < a.length; i++) hashStateNumber(h, a[i] === 0 ? 0 : a[i]!);
  } else if (typeof v === "object") {
    hashStateNumber(h, 8);
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k];
      if (x === undefined) continue;
      hashStateString(h, k);
      walk(h, x);
    }
  }
}
