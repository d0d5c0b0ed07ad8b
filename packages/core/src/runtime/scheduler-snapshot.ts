import { TacticaError } from "../errors/errors";
import { SCHEDULER_ERROR, SCHEDULER_MAX_MODULES, SCHEDULER_MODULE_STRIDE, type Scheduler } from "./scheduler";
import type { SlicedTask } from "./sliced-task";
import type { SnapshotCodec } from "./snapshot";
import { describeValue } from "../errors/validate";

/** One task's saved state in a {@link SchedulerSnapshot}. */
export interface ScheduledTaskSnapshot {
  /** Slot index (the low 16 bits of its handle). */
  slot: number;
  /** Index into {@link SchedulerSnapshot.modules}. */
  module: number;
  /** Priority class. */
  priority: number;
  /** Rate (Hz). */
  rate: number;
  /** Level of detail. */
  lod: number;
  /** Slice size. */
  sliceUnits: number;
  /** Removed when its job ends. */
  once: boolean;
  /** A job is unfinished. */
  pending: boolean;
  /** Rate accumulator in `[0, 1)`. */
  accumulator: number;
  /** Frames waited. */
  age: number;
  /** Counters: `[misses, completions, failures, cancels, units, nodes, rays, ms, slices, frameUnits]`. */
  counters: number[];
}

/**
 * The plain-data state of a {@link Scheduler} ({@link saveScheduler}): rates' accumulators, ages,
 * job flags, counters and handle generations. The task objects are behaviour and are not saved:
 * restore into a scheduler holding the same tasks.
 */
export interface SchedulerSnapshot {
  /** Always `"tactica.scheduler"`. */
  format: "tactica.scheduler";
  /** Snapshot version (1). */
  version: 1;
  /** Frames run. */
  frame: number;
  /** Frame budget. */
  frameBudget: number;
  /** Module names. */
  modules: string[];
  /** Per-module counters, {@link SCHEDULER_MODULE_STRIDE} per module. */
  moduleStats: number[];
  /** Generation of every slot (length = capacity). */
  generations: number[];
  /** Live tasks in slot order. */
  tasks: ScheduledTaskSnapshot[];
}

const COUNTERS = ["misses", "completions", "failures", "cancels", "units", "nodes", "rays", "ms", "slices", "frameUnits"] as const;

/**
 * Saves the scheduler's state as a JSON-safe snapshot (allocates). Pair with
 * {@link restoreScheduler}.
 *
 * @param scheduler - The scheduler to save; not changed. Task objects are not saved (re-register them before restoring).
 * @example
 * ```ts
 * const make = () => {
 *   const s = createScheduler({ frameBudget: 10 });
 *   addScheduledTask(s, { step: (b, c) => ((c.units += b), SliceFlags.Partial) }, { rate: 2 });
 *   return s;
 * };
 * const a = make();
 * runSchedulerFrame(a, 0.1);
 * const snapshot = saveScheduler(a);          // JSON-safe
 * const b = make();                           // the same tasks, registered again
 * restoreScheduler(b, JSON.parse(JSON.stringify(snapshot)));
 * b.frame; // → 1
 * ```
 */
export function saveScheduler(scheduler: Scheduler): SchedulerSnapshot {
  const s = scheduler;
  const tasks: ScheduledTaskSnapshot[] = [];
  for (let i = 0; i < s.capacity; i++) {
    if (s.live[i] !== 1) continue;
    tasks.push({
      slot: i,
      module: s.module[i]!,
      priority: s.priority[i]!,
      rate: s.rate[i]!,
      lod: s.lod[i]!,
      sliceUnits: s.sliceUnits[i]!,
      once: s.once[i] === 1,
      pending: s.pending[i] === 1,
      accumulator: s.accumulator[i]!,
      age: s.age[i]!,
      counters: COUNTERS.map((k) => s[k][i]!),
    });
  }
  return {
    format: "tactica.scheduler",
    version: 1,
    frame: s.frame,
    frameBudget: s.frameBudget,
    modules: s.moduleNames.slice(),
    moduleStats: Array.from(s.moduleStats.subarray(0, s.moduleNames.length * SCHEDULER_MODULE_STRIDE)),
    generations: Array.from(s.generation),
    tasks,
  };
}

function bad(path: string, problem: string): never {
  throw new TacticaError(SCHEDULER_ERROR, `@tactica/core: restoreScheduler: ${path} ${problem}`, { path });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function num(v: unknown, path: string, min: number, max: number, integer = false): number {
  if (typeof v !== "number" || !(v >= min && v <= max) || (integer && !Number.isInteger(v)))
    bad(path, `must be ${integer ? "an integer" : "a number"} in [${min}, ${max}] but is ${describeValue(v)}.`);
  return v;
}

function bool(v: unknown, path: string): boolean {
  if (typeof v !== "boolean") bad(path, `must be a boolean but is ${describeValue(v)}.`);
  return v;
}

function array(v: unknown, path: string, maxLength: number): unknown[] {
  if (!Array.isArray(v)) bad(path, `must be an array but is ${describeValue(v)}.`);
  if (v.length > maxLength) bad(path, `has ${v.length} entries; at most ${maxLength} fit this scheduler.`);
  return v;
}

/**
 * Puts a {@link saveScheduler} snapshot back. `scheduler` must hold as many live tasks as the
 * snapshot, with the same module names, in the same order (re-register them in the order they had
 * by slot); the i-th live task takes the i-th saved task's slot, generation and state, so handles
 * are the saved ones. The whole snapshot is checked before anything changes: on error the
 * scheduler is untouched.
 *
 * @param scheduler - The scheduler to overwrite in place, holding the same live tasks (same modules, same order) as when saved.
 * @param snapshot - Untrusted value from {@link saveScheduler} (typically parsed JSON), checked in full first.
 * @throws TacticaError `CORE_SCHEDULER` naming the JSON path (`$.tasks[2].rate`) of the first problem.
 */
export function restoreScheduler(scheduler: Scheduler, snapshot: unknown): void {
  const s = scheduler;
  const C = s.capacity;
  if (!isRecord(snapshot)) bad("$", `must be a scheduler snapshot object but is ${describeValue(snapshot)}.`);
  if (snapshot["format"] !== "tactica.scheduler") bad("$.format", `must be "tactica.scheduler" but is ${describeValue(snapshot["format"])}.`);
  if (snapshot["version"] !== 1) bad("$.version", `must be 1 (this build reads version 1) but is ${describeValue(snapshot["version"])}.`);
  const frame = num(snapshot["frame"], "$.frame", 0, Number.MAX_SAFE_INTEGER, true);
  const frameBudget = num(snapshot["frameBudget"], "$.frameBudget", Number.MIN_VALUE, Number.MAX_VALUE);
  const modules = array(snapshot["modules"], "$.modules", SCHEDULER_MAX_MODULES);
  const names: string[] = [];
  modules.forEach((m, i) => {
    if (typeof m !== "string") bad(`$.modules[${i}]`, `must be a string but is ${describeValue(m)}.`);
    if (names.includes(m)) bad(`$.modules[${i}]`, `repeats the module name ${JSON.stringify(m)}.`);
    names.push(m);
  });
  const stats = array(snapshot["moduleStats"], "$.moduleStats", SCHEDULER_MAX_MODULES * SCHEDULER_MODULE_STRIDE);
  if (stats.length !== names.length * SCHEDULER_MODULE_STRIDE)
    bad("$.moduleStats", `must hold ${SCHEDULER_MODULE_STRIDE} numbers per module (${names.length * SCHEDULER_MODULE_STRIDE}) but holds ${stats.length}.`);
  stats.forEach((v, i) => num(v, `$.moduleStats[${i}]`, 0, Number.MAX_VALUE));
  const gens = array(snapshot["generations"], "$.generations", C);
  if (gens.length !== C) bad("$.generations", `must hold one generation per slot (${C}) but holds ${gens.length}.`);
  gens.forEach((g, i) => {
    if (!(typeof g === "number" && Number.isInteger(g) && g >= 1 && g <= 32767)) num(g, `$.generations[${i}]`, 1, 32767, true);
  });
  const tasks = array(snapshot["tasks"], "$.tasks", C);
  const liveSlots: number[] = [];
  for (let i = 0; i < C; i++) if (s.live[i] === 1) liveSlots.push(i);
  if (tasks.length !== liveSlots.length)
    bad("$.tasks", `has ${tasks.length} tasks but the scheduler holds ${liveSlots.length}; register the same tasks before restoring.`);
  const parsed: ScheduledTaskSnapshot[] = [];
  let prev = -1;
  tasks.forEach((t, i) => {
    const p = `$.tasks[${i}]`;
    if (!isRecord(t)) bad(p, `must be an object but is ${describeValue(t)}.`);
    const slot = num(t["slot"], `${p}.slot`, 0, C - 1, true);
    if (slot <= prev) bad(`${p}.slot`, `must be greater than the previous task's slot (${prev}): tasks are listed in slot order, once each.`);
    prev = slot;
    const module = num(t["module"], `${p}.module`, 0, Math.max(0, names.length - 1), true);
    if (names.length === 0) bad(`${p}.module`, `names a module but $.modules is empty.`);
    const own = s.moduleNames[s.module[liveSlots[i]!]!];
    if (names[module] !== own)
      bad(
        `${p}.module`,
        `is module ${JSON.stringify(names[module])} but the scheduler's task ${i} (by slot) is in ${JSON.stringify(own)}; register the same tasks in the same order.`,
      );
    const counters = array(t["counters"], `${p}.counters`, COUNTERS.length);
    if (counters.length !== COUNTERS.length)
      bad(`${p}.counters`, `must hold ${COUNTERS.length} numbers (${COUNTERS.join(", ")}) but holds ${counters.length}.`);
    counters.forEach((v, k) => {
      if (!(typeof v === "number" && v >= 0 && v <= Number.MAX_VALUE)) num(v, `${p}.counters[${k}]`, 0, Number.MAX_VALUE); // the path is built only on failure
    });
    parsed.push({
      slot,
      module,
      priority: num(t["priority"], `${p}.priority`, 0, 255, true),
      rate: num(t["rate"], `${p}.rate`, 0, Number.MAX_VALUE),
      lod: num(t["lod"], `${p}.lod`, 0, 1),
      sliceUnits: num(t["sliceUnits"], `${p}.sliceUnits`, 1, 2 ** 31 - 1, true),
      once: bool(t["once"], `${p}.once`),
      pending: bool(t["pending"], `${p}.pending`),
      accumulator: num(t["accumulator"], `${p}.accumulator`, 0, 1 - Number.EPSILON / 2),
      age: num(t["age"], `${p}.age`, 0, 1 << 30, true),
      counters: counters as number[],
    });
  });
  // Checked: now apply.
  const taskObjects: SlicedTask[] = liveSlots.map((slot) => s.tasks[slot]!);
  s.frame = frame;
  s.frameBudget = frameBudget;
  s.moduleNames.length = 0;
  s.moduleNames.push(...names);
  s.moduleStats.fill(0);
  stats.forEach((v, i) => (s.moduleStats[i] = v as number));
  s.live.fill(0);
  s.pending.fill(0);
  s.tasks.fill(undefined);
  gens.forEach((g, i) => (s.generation[i] = g as number));
  parsed.forEach((t, i) => {
    const k = t.slot;
    s.tasks[k] = taskObjects[i];
    s.live[k] = 1;
    s.pending[k] = t.pending ? 1 : 0;
    s.once[k] = t.once ? 1 : 0;
    s.module[k] = t.module;
    s.priority[k] = t.priority;
    s.rate[k] = t.rate;
    s.lod[k] = t.lod;
    s.sliceUnits[k] = t.sliceUnits;
    s.accumulator[k] = t.accumulator;
    s.age[k] = t.age;
    COUNTERS.forEach((name, c) => (s[name][k] = t.counters[c]!));
  });
  let f = 0;
  for (let i = C - 1; i >= 0; i--) if (s.live[i] !== 1) s.free[f++] = i;
  s.freeCount = f;
  s.count = parsed.length;
}

/**
 * The snapshot-envelope codec of a {@link Scheduler} (version 1): {@link saveScheduler} /
 * {@link restoreScheduler}. Register it with `registerSnapshotCodec(codecs, "scheduler", schedulerSnapshotCodec)`.
 */
export const schedulerSnapshotCodec: SnapshotCodec<Scheduler> = { version: 1, save: saveScheduler, restore: restoreScheduler };
