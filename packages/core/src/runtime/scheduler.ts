import { ErrorCodes, TacticaError } from "../errors/errors";
import { SliceFlags, type SliceCounters, type SlicedTask } from "./sliced-task";
import { describeValue } from "../errors/validate";

/**
 * The error code of every misuse of the scheduler: a budget ≤ 0, a negative rate, a task
 * registered twice, a log that does not match the scheduler, a broken snapshot.
 */
export const SCHEDULER_ERROR = "CORE_SCHEDULER";

/** Largest scheduler capacity: slot indices use the low 16 bits of a handle. */
export const SCHEDULER_MAX_CAPACITY = 65536;

/** Most distinct `module` names one scheduler counts separately. */
export const SCHEDULER_MAX_MODULES = 64;

/** Per-module counter layout in {@link Scheduler.moduleStats}: `[ms, units, nodes, rays, slices]` per module. */
export const SCHEDULER_MODULE_STRIDE = 5;

const INDEX_SPAN = 65536;
const MAX_GENERATION = 32767;
const AGE_CAP = 1 << 30;
const MAX_PRIORITY = 255;
const TICK = 1 - 1e-9;

/**
 * A record of the slices a scheduler gave out, frame by frame: for each frame its `dt`, and for
 * each slice the task handle, the budget given and the units used. Attach one to a scheduler in
 * ms mode ({@link SchedulerOptions.log}) and {@link replaySchedulerFrame} repeats the frames
 * exactly in units mode — the same tasks get the same budgets in the same order, so a
 * wall-clock-budgeted run can be reproduced for a bug report or a lockstep peer. Plain data
 * (typed arrays and numbers); fixed capacity: once full, `overflow` is set and recording stops at
 * the last complete frame.
 */
export interface SchedulerLog {
  /** Frames recorded. Frame `f`'s slices are `[frameStart[f], frameStart[f + 1])`. */
  frameCount: number;
  /** Slices recorded. */
  sliceCount: number;
  /** True once a frame did not fit; the frames before it are complete. */
  overflow: boolean;
  /** `dt` of each frame (length = frame capacity). */
  readonly dt: Float64Array;
  /** First slice of each frame (length = frame capacity + 1). */
  readonly frameStart: Int32Array;
  /** Task handle of each slice. */
  readonly handles: Int32Array;
  /** Budget given to each slice (units). */
  readonly given: Int32Array;
  /** Units each slice used. */
  readonly used: Float64Array;
}

/**
 * Creates an empty {@link SchedulerLog} for up to `sliceCapacity` slices over up to
 * `frameCapacity` frames (integers ≥ 1).
 *
 * @param sliceCapacity - Most slices recorded over all frames, an integer in [1, 2^28].
 * @param frameCapacity - Most frames recorded, an integer in [1, 2^28]; past either capacity the log sets `overflow` and stops.
 * @throws TacticaError `CORE_SCHEDULER` for a bad capacity.
 */
export function createSchedulerLog(sliceCapacity: number, frameCapacity: number): SchedulerLog {
  checkInt("createSchedulerLog", "sliceCapacity", sliceCapacity, 1, 1 << 28);
  checkInt("createSchedulerLog", "frameCapacity", frameCapacity, 1, 1 << 28);
  return {
    frameCount: 0,
    sliceCount: 0,
    overflow: false,
    dt: new Float64Array(frameCapacity),
    frameStart: new Int32Array(frameCapacity + 1),
    handles: new Int32Array(sliceCapacity),
    given: new Int32Array(sliceCapacity),
    used: new Float64Array(sliceCapacity),
  };
}

/**
 * Empties a {@link SchedulerLog} (keeps its capacity).
 * @param log - The log to empty in place.
 */
export function clearSchedulerLog(log: SchedulerLog): void {
  log.frameCount = 0;
  log.sliceCount = 0;
  log.overflow = false;
}

/** Options of {@link createScheduler}. */
export interface SchedulerOptions {
  /** Budget of one frame (> 0): work units in units mode, milliseconds in ms mode. */
  readonly frameBudget: number;
  /** `"units"` (default, deterministic) or `"ms"` (wall time through {@link SchedulerOptions.now}). */
  readonly budgetUnit?: "units" | "ms";
  /** The clock in milliseconds (e.g. `performance.now`), required in ms mode; in units mode it only feeds the `ms` counters. Never `Date.now` for game logic. */
  readonly now?: () => number;
  /** Task slots (integer in `[1, 65536]`, default 256). */
  readonly capacity?: number;
  /** Frames a due task waits before it climbs one priority class (integer ≥ 1, default 8): ageing, so nothing starves. */
  readonly agingFrames?: number;
  /** Safety cap on slices per frame (integer ≥ 1, default 1,048,576), for tasks that report no work. */
  readonly maxSlicesPerFrame?: number;
  /** Where to record each frame's slices for {@link replaySchedulerFrame}. */
  readonly log?: SchedulerLog;
}

/** Options of {@link addScheduledTask}. */
export interface ScheduledTaskOptions {
  /** Counter group for profiling (`"search"`, `"perception"`…; default `"default"`). */
  readonly module?: string;
  /** Priority class, integer in `[0, 255]`; 0 runs first (default 1). */
  readonly priority?: number;
  /** Jobs per second, driven by the accumulated `dt` (≥ 0; default 0 = a new job every frame). Strategic maps 0.5–1 Hz, tactical 2–5 Hz. */
  readonly rate?: number;
  /** Level of detail in `[0, 1]` (default 1): multiplies the rate (or, for rate 0, makes a job every `1/lod` frames); 0 suspends new jobs. */
  readonly lod?: number;
  /** Units given per slice (integer ≥ 1, default 64). */
  readonly sliceUnits?: number;
  /** Remove the task when its job ends (a path request); default false (a recurring task). */
  readonly once?: boolean;
}

/**
 * A frame-budget scheduler: one per world. Tasks ({@link SlicedTask}) are added with a priority
 * class, a rate, a level of detail and a slice size; every frame {@link runSchedulerFrame} hands
 * out slices to due tasks, highest priority (after ageing) first, until the frame's budget is
 * spent. All bookkeeping is plain numeric state in typed arrays, per slot (see
 * {@link saveScheduler}); `tasks` holds the behaviour.
 *
 * Handles: `handle = generation · 65536 + slot`, generation in `[1, 32767]`, so a removed task's
 * handle goes stale.
 */
export interface Scheduler {
  /** Number of slots. */
  readonly capacity: number;
  /** Frame budget (units or ms); change it with {@link setSchedulerBudget}. */
  frameBudget: number;
  /** True in ms mode. */
  readonly timed: boolean;
  /** The injected clock, if any. */
  readonly now: (() => number) | undefined;
  /** See {@link SchedulerOptions.agingFrames}. */
  readonly agingFrames: number;
  /** See {@link SchedulerOptions.maxSlicesPerFrame}. */
  readonly maxSlicesPerFrame: number;
  /** The attached log, if any. */
  log: SchedulerLog | undefined;
  /** Frames run. */
  frame: number;
  /** Live tasks. */
  count: number;
  /** Units used by the last frame. */
  lastUnits: number;
  /** Milliseconds spent by the last frame's slices (0 without a clock). */
  lastMs: number;
  /** Slices the last frame gave out. */
  lastSlices: number;
  /** Due tasks the last frame left waiting without a slice. */
  lastWaiting: number;
  /** Replayed slices whose units differed from the log (see {@link replaySchedulerFrame}). */
  replayMismatches: number;
  /** The task of each slot (`undefined` when free). */
  readonly tasks: (SlicedTask | undefined)[];
  /** Generation of each slot. */
  readonly generation: Uint16Array;
  /** 1 for a live slot. */
  readonly live: Uint8Array;
  /** 1 when the slot's task has an unfinished job (it is due). */
  readonly pending: Uint8Array;
  /** 1 when the slot's task is removed when its job ends. */
  readonly once: Uint8Array;
  /** Priority class per slot. */
  readonly priority: Uint8Array;
  /** Module index per slot (into `moduleNames`). */
  readonly module: Int32Array;
  /** Slice size per slot. */
  readonly sliceUnits: Int32Array;
  /** Rate (Hz) per slot. */
  readonly rate: Float64Array;
  /** Level of detail per slot. */
  readonly lod: Float64Array;
  /** Rate accumulator per slot (a new job when it reaches 1). */
  readonly accumulator: Float64Array;
  /** Frames each due task has waited without a slice. */
  readonly age: Int32Array;
  /** Ticks that found the previous job unfinished (deadline misses), per slot. */
  readonly misses: Float64Array;
  /** Jobs ended `Done`, per slot. */
  readonly completions: Float64Array;
  /** Jobs ended `Failed`, per slot. */
  readonly failures: Float64Array;
  /** Jobs cancelled, per slot. */
  readonly cancels: Float64Array;
  /** Total units, per slot. */
  readonly units: Float64Array;
  /** Total nodes expanded, per slot. */
  readonly nodes: Float64Array;
  /** Total rays, per slot. */
  readonly rays: Float64Array;
  /** Total milliseconds (with a clock), per slot. */
  readonly ms: Float64Array;
  /** Total slices, per slot. */
  readonly slices: Float64Array;
  /** Units used in the last frame, per slot (0 when it did not run). */
  readonly frameUnits: Float64Array;
  /** Module names, in order of first use. */
  readonly moduleNames: string[];
  /** Per-module totals, {@link SCHEDULER_MODULE_STRIDE} numbers per module: `[ms, units, nodes, rays, slices]`. */
  readonly moduleStats: Float64Array;
  /** @internal Sort keys of this frame's due tasks. */
  readonly order: Float64Array;
  /** @internal Free slots (a stack). */
  readonly free: Int32Array;
  /** @internal Number of free slots. */
  freeCount: number;
  /** @internal The counters handed to each slice. */
  readonly counters: SliceCounters;
  /** @internal The clock at the end of the last slice (ms mode reads it instead of the clock). */
  clock: number;
}

function fail(fn: string, problem: string, path: string): never {
  throw new TacticaError(SCHEDULER_ERROR, `@tactica/core: ${fn}: ${problem}`, { path });
}

function checkInt(fn: string, name: string, v: unknown, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max)
    fail(fn, `"${name}" must be an integer in [${min}, ${max}] but is ${describeValue(v)}.`, name);
  return v;
}

function checkBudget(fn: string, v: unknown): number {
  if (typeof v !== "number" || !(v > 0) || v === Infinity)
    fail(fn, `the frame budget must be a finite number > 0 but is ${describeValue(v)}. Give work units per frame (or milliseconds in ms mode).`, "frameBudget");
  return v;
}

/**
 * Creates a scheduler (see {@link Scheduler}).
 *
 * @param options - `frameBudget` (required, > 0: work units per frame, or milliseconds with `budgetUnit: "ms"`), `now` clock
 *   (required in ms mode), `capacity` task slots (default 256), `agingFrames` (default 8), `maxSlicesPerFrame` and an optional
 *   `log`.
 * @returns A new scheduler with no tasks.
 * @throws TacticaError `CORE_SCHEDULER` for a budget ≤ 0, ms mode without a clock or a bad option.
 * @example
 * ```ts
 * const scheduler = createScheduler({ frameBudget: 200 }); // 200 work units per frame
 * let left = 500;
 * const task: SlicedTask = {
 *   step(budget, counters) {
 *     const n = Math.min(budget, left);
 *     left -= n;
 *     counters.units += n;
 *     return left === 0 ? SliceFlags.Done : SliceFlags.Partial;
 *   },
 * };
 * const handle = addScheduledTask(scheduler, task, { module: "demo", sliceUnits: 50, once: true });
 * runSchedulerFrame(scheduler, 1 / 60); // → 200 units used, 300 left
 * runSchedulerFrame(scheduler, 1 / 60);
 * runSchedulerFrame(scheduler, 1 / 60); // the job ends: the once-task is removed
 * isScheduledTask(scheduler, handle); // → false
 * ```
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const fn = "createScheduler";
  if (typeof options !== "object" || options === null) fail(fn, `"options" must be an object with a frameBudget but is ${describeValue(options)}.`, "options");
  const frameBudget = checkBudget(fn, options.frameBudget);
  const unit = options.budgetUnit ?? "units";
  if (unit !== "units" && unit !== "ms") fail(fn, `"budgetUnit" must be "units" or "ms" but is ${describeValue(unit)}.`, "budgetUnit");
  const now = options.now;
  if (now !== undefined && typeof now !== "function") fail(fn, `"now" must be a function returning milliseconds but is ${describeValue(now)}.`, "now");
  if (unit === "ms" && now === undefined) fail(fn, `ms mode needs a clock: pass now: () => performance.now().`, "now");
  const capacity = checkInt(fn, "capacity", options.capacity ?? 256, 1, SCHEDULER_MAX_CAPACITY);
  const agingFrames = checkInt(fn, "agingFrames", options.agingFrames ?? 8, 1, 1_000_000);
  const maxSlicesPerFrame = checkInt(fn, "maxSlicesPerFrame", options.maxSlicesPerFrame ?? 1 << 20, 1, 2 ** 31 - 1);
  const free = new Int32Array(capacity);
  for (let i = 0; i < capacity; i++) free[i] = capacity - 1 - i;
  const generation = new Uint16Array(capacity).fill(1);
  return {
    capacity,
    frameBudget,
    timed: unit === "ms",
    now,
    agingFrames,
    maxSlicesPerFrame,
    log: options.log,
    frame: 0,
    count: 0,
    lastUnits: 0,
    lastMs: 0,
    lastSlices: 0,
    lastWaiting: 0,
    replayMismatches: 0,
    tasks: new Array<SlicedTask | undefined>(capacity).fill(undefined),
    generation,
    live: new Uint8Array(capacity),
    pending: new Uint8Array(capacity),
    once: new Uint8Array(capacity),
    priority: new Uint8Array(capacity),
    module: new Int32Array(capacity),
    sliceUnits: new Int32Array(capacity),
    rate: new Float64Array(capacity),
    lod: new Float64Array(capacity),
    accumulator: new Float64Array(capacity),
    age: new Int32Array(capacity),
    misses: new Float64Array(capacity),
    completions: new Float64Array(capacity),
    failures: new Float64Array(capacity),
    cancels: new Float64Array(capacity),
    units: new Float64Array(capacity),
    nodes: new Float64Array(capacity),
    rays: new Float64Array(capacity),
    ms: new Float64Array(capacity),
    slices: new Float64Array(capacity),
    frameUnits: new Float64Array(capacity),
    moduleNames: [],
    moduleStats: new Float64Array(SCHEDULER_MAX_MODULES * SCHEDULER_MODULE_STRIDE),
    order: new Float64Array(capacity),
    free,
    freeCount: capacity,
    counters: { units: 0, nodes: 0, rays: 0 },
    clock: 0,
  };
}

/**
 * Sets the frame budget (> 0; units or ms as the scheduler was created).
 * @param scheduler - The scheduler, changed in place.
 * @param frameBudget - The new budget per frame, > 0: work units, or milliseconds in ms mode.
 * @throws TacticaError `CORE_SCHEDULER`.
 */
export function setSchedulerBudget(scheduler: Scheduler, frameBudget: number): void {
  scheduler.frameBudget = checkBudget("setSchedulerBudget", frameBudget);
}

function checkRate(fn: string, v: unknown): number {
  if (typeof v !== "number" || !(v >= 0) || v === Infinity)
    fail(fn, `"rate" must be a finite number of jobs per second ≥ 0 (0 = every frame) but is ${describeValue(v)}.`, "rate");
  return v;
}

function checkLod(fn: string, v: unknown): number {
  if (typeof v !== "number" || !(v >= 0 && v <= 1)) fail(fn, `"lod" must be a number in [0, 1] but is ${describeValue(v)}.`, "lod");
  return v;
}

/** @internal The slot of a handle, or -1 when it is not live. */
export function scheduledTaskSlot(scheduler: Scheduler, handle: number): number {
  if (typeof handle !== "number" || !Number.isInteger(handle) || handle < INDEX_SPAN) return -1;
  const slot = handle % INDEX_SPAN;
  const gen = (handle - slot) / INDEX_SPAN;
  if (slot >= scheduler.capacity || scheduler.live[slot] !== 1 || scheduler.generation[slot] !== gen) return -1;
  return slot;
}

/**
 * True when `handle` names a live task of `scheduler`. O(1).
 * @param scheduler - The scheduler to read.
 * @param handle - Any value; only a live handle of this scheduler gives true.
 */
export function isScheduledTask(scheduler: Scheduler, handle: number): boolean {
  return scheduledTaskSlot(scheduler, handle) >= 0;
}

function requireSlot(fn: string, scheduler: Scheduler, handle: number): number {
  const slot = scheduledTaskSlot(scheduler, handle);
  if (slot < 0)
    throw new TacticaError(
      ErrorCodes.InvalidHandle,
      `@tactica/core: ${fn}: ${describeValue(handle)} is not a live task handle (removed, finished once-task or another scheduler's). Check isScheduledTask first.`,
      {
        path: "handle",
      },
    );
  return slot;
}

function moduleIndex(fn: string, scheduler: Scheduler, name: string): number {
  const names = scheduler.moduleNames;
  const i = names.indexOf(name);
  if (i >= 0) return i;
  if (names.length >= SCHEDULER_MAX_MODULES) fail(fn, `more than ${SCHEDULER_MAX_MODULES} module names; group tasks under fewer names.`, "module");
  names.push(name);
  return names.length - 1;
}

/**
 * Registers `task` and returns its handle, or -1 when every slot is taken (no throw mid-frame).
 * Its first job is due at the next frame. O(capacity) for the duplicate check.
 *
 * @param scheduler - The scheduler, changed in place.
 * @param task - The resumable work: an object with `step(budget, counters)` (and optional `cancel`), not yet registered; kept by
 *   reference.
 * @param options - `module` counter group, `priority` class (0 first, default 1), `rate` in jobs per second (default 0: every
 *   frame), `lod` in [0, 1] (default 1), `sliceUnits` per slice (default 64) and `once` (default false).
 * @throws TacticaError `CORE_SCHEDULER` when `task` is already registered, has no `step`, or an option is out of range (negative rate…).
 */
export function addScheduledTask(scheduler: Scheduler, task: SlicedTask, options: ScheduledTaskOptions = {}): number {
  const fn = "addScheduledTask";
  if (typeof task !== "object" || task === null || typeof task.step !== "function")
    fail(fn, `"task" must be an object with a step(budget, counters) method but is ${describeValue(task)}.`, "task");
  if (scheduler.tasks.includes(task))
    fail(fn, `this task is already registered; a task object runs under one handle. Create a second task object for a second job.`, "task");
  const module = options.module ?? "default";
  if (typeof module !== "string") fail(fn, `"module" must be a string but is ${describeValue(module)}.`, "module");
  const priority = checkInt(fn, "priority", options.priority ?? 1, 0, MAX_PRIORITY);
  const rate = checkRate(fn, options.rate ?? 0);
  const lod = checkLod(fn, options.lod ?? 1);
  const sliceUnits = checkInt(fn, "sliceUnits", options.sliceUnits ?? 64, 1, 2 ** 31 - 1);
  const once = options.once ?? false;
  if (typeof once !== "boolean") fail(fn, `"once" must be a boolean but is ${describeValue(once)}.`, "once");
  if (scheduler.freeCount === 0) return -1;
  const m = moduleIndex(fn, scheduler, module);
  const slot = scheduler.free[--scheduler.freeCount]!;
  scheduler.tasks[slot] = task;
  scheduler.live[slot] = 1;
  scheduler.pending[slot] = 1;
  scheduler.once[slot] = once ? 1 : 0;
  scheduler.priority[slot] = priority;
  scheduler.module[slot] = m;
  scheduler.sliceUnits[slot] = sliceUnits;
  scheduler.rate[slot] = rate;
  scheduler.lod[slot] = lod;
  scheduler.accumulator[slot] = 0;
  scheduler.age[slot] = 0;
  scheduler.misses[slot] = 0;
  scheduler.completions[slot] = 0;
  scheduler.failures[slot] = 0;
  scheduler.cancels[slot] = 0;
  scheduler.units[slot] = 0;
  scheduler.nodes[slot] = 0;
  scheduler.rays[slot] = 0;
  scheduler.ms[slot] = 0;
  scheduler.slices[slot] = 0;
  scheduler.frameUnits[slot] = 0;
  scheduler.count++;
  return scheduler.generation[slot]! * INDEX_SPAN + slot;
}

function freeSlot(scheduler: Scheduler, slot: number): void {
  scheduler.tasks[slot] = undefined;
  scheduler.live[slot] = 0;
  scheduler.pending[slot] = 0;
  const g = scheduler.generation[slot]!;
  scheduler.generation[slot] = g >= MAX_GENERATION ? 1 : g + 1;
  scheduler.free[scheduler.freeCount++] = slot;
  scheduler.count--;
}

/**
 * Removes a task; if its job is unfinished, calls its `cancel` first and counts a cancellation.
 * Returns false for a stale handle (a once-task that already finished). O(1).
 * @param scheduler - The scheduler, changed in place.
 * @param handle - A task handle; a stale one returns false.
 */
export function removeScheduledTask(scheduler: Scheduler, handle: number): boolean {
  const slot = scheduledTaskSlot(scheduler, handle);
  if (slot < 0) return false;
  if (scheduler.pending[slot] === 1) {
    scheduler.cancels[slot]! += 1;
    scheduler.tasks[slot]!.cancel?.();
  }
  freeSlot(scheduler, slot);
  return true;
}

/**
 * Cancels the task's unfinished job (calls its `cancel`, counts it); a recurring task stays
 * registered and gets its next job at its next rate tick, a once-task is removed. Returns false
 * when no job was running.
 *
 * @param scheduler - The scheduler, changed in place.
 * @param handle - A task handle from {@link addScheduledTask}; a stale one (removed or finished once-task) throws
 *   `INVALID_HANDLE`.
 * @throws TacticaError `INVALID_HANDLE` for a stale handle.
 */
export function cancelScheduledTask(scheduler: Scheduler, handle: number): boolean {
  const slot = requireSlot("cancelScheduledTask", scheduler, handle);
  if (scheduler.pending[slot] !== 1) return false;
  scheduler.cancels[slot]! += 1;
  scheduler.pending[slot] = 0;
  scheduler.age[slot] = 0;
  scheduler.tasks[slot]!.cancel?.();
  if (scheduler.once[slot] === 1 && scheduler.live[slot] === 1) freeSlot(scheduler, slot);
  return true;
}

/**
 * Sets a task's level of detail in `[0, 1]` (update it from distance or visibility; 0 suspends
 * new jobs).
 * @param scheduler - The scheduler, changed in place.
 * @param handle - A task handle from {@link addScheduledTask}; a stale one (removed or finished once-task) throws
 *   `INVALID_HANDLE`.
 * @param lod - Level of detail in [0, 1]: multiplies the task's rate; 0 suspends new jobs.
 * @throws TacticaError `CORE_SCHEDULER` / `INVALID_HANDLE`.
 */
export function setScheduledTaskLod(scheduler: Scheduler, handle: number, lod: number): void {
  const slot = requireSlot("setScheduledTaskLod", scheduler, handle);
  scheduler.lod[slot] = checkLod("setScheduledTaskLod", lod);
}

/**
 * Sets a task's rate in jobs per second (≥ 0; 0 = every frame).
 * @param scheduler - The scheduler, changed in place.
 * @param handle - A task handle from {@link addScheduledTask}; a stale one (removed or finished once-task) throws
 *   `INVALID_HANDLE`.
 * @param rate - Jobs per second, finite ≥ 0 (0 = a new job every frame).
 * @throws TacticaError `CORE_SCHEDULER` / `INVALID_HANDLE`.
 */
export function setScheduledTaskRate(scheduler: Scheduler, handle: number, rate: number): void {
  const slot = requireSlot("setScheduledTaskRate", scheduler, handle);
  scheduler.rate[slot] = checkRate("setScheduledTaskRate", rate);
}

/**
 * Sets a task's priority class (integer in `[0, 255]`, 0 first).
 * @param scheduler - The scheduler, changed in place.
 * @param handle - A task handle from {@link addScheduledTask}; a stale one (removed or finished once-task) throws
 *   `INVALID_HANDLE`.
 * @param priority - Priority class, an integer in [0, 255]; 0 runs first.
 * @throws TacticaError `CORE_SCHEDULER` / `INVALID_HANDLE`.
 */
export function setScheduledTaskPriority(scheduler: Scheduler, handle: number, priority: number): void {
  const slot = requireSlot("setScheduledTaskPriority", scheduler, handle);
  scheduler.priority[slot] = checkInt("setScheduledTaskPriority", "priority", priority, 0, MAX_PRIORITY);
}

/** In-place heapsort of `a[0 .. n)`, ascending; no allocation. */
function sortKeys(a: Float64Array, n: number): void {
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(a, i, n);
  for (let end = n - 1; end > 0; end--) {
    const t = a[0]!;
    a[0] = a[end]!;
    a[end] = t;
    siftDown(a, 0, end);
  }
}

function siftDown(a: Float64Array, i: number, n: number): void {
  const v = a[i]!;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && a[c + 1]! > a[c]!) c++;
    if (a[c]! <= v) break;
    a[i] = a[c]!;
    i = c;
  }
  a[i] = v;
}

/**
 * Frame start: advances every task's rate accumulator by `dt` (a new job per whole tick, a
 * deadline miss when a tick finds the job unfinished) and sorts the due tasks into `order`.
 * Returns how many are due.
 */
function beginFrame(s: Scheduler, dt: number): number {
  s.frame++;
  const { live, pending, rate, lod, accumulator, misses, priority, age, order, frameUnits } = s;
  const A = s.agingFrames;
  let n = 0;
  for (let i = 0; i < s.capacity; i++) {
    if (live[i] !== 1) continue;
    frameUnits[i] = 0;
    const r = rate[i]!;
    let acc = accumulator[i]! + (r > 0 ? dt * r * lod[i]! : lod[i]!);
    if (acc >= TICK) {
      // TICK < 1 absorbs rounding: 120 frames of 0.5 Hz × 1/60 s sum to 0.99999… yet make a tick.
      const ticks = Math.floor(acc + (1 - TICK));
      acc = acc > ticks ? acc - ticks : 0;
      if (pending[i] === 1) misses[i]! += ticks;
      else {
        pending[i] = 1;
        misses[i]! += ticks - 1;
      }
    }
    accumulator[i] = acc;
    if (pending[i] === 1) {
      const a = age[i]!;
      order[n++] = (priority[i]! * A - (a < AGE_CAP ? a : AGE_CAP) + AGE_CAP) * INDEX_SPAN + i;
    }
  }
  sortKeys(order, n);
  s.lastUnits = 0;
  s.lastMs = 0;
  s.lastSlices = 0;
  return n;
}

/** Gives one slice of `give` units to `slot`; returns the units charged. */
function runSlice(s: Scheduler, slot: number, give: number): number {
  const task = s.tasks[slot]!;
  const c = s.counters;
  c.units = 0;
  c.nodes = 0;
  c.rays = 0;
  const now = s.now;
  const t0 = now === undefined ? 0 : now();
  const status = task.step(give, c);
  let ms = 0;
  if (now !== undefined) {
    const t1 = now();
    ms = t1 - t0;
    s.clock = t1;
  }
  let used = c.units;
  if (typeof used !== "number" || !(used >= 0) || used === Infinity)
    fail(
      "runSchedulerFrame",
      `task ${s.generation[slot]! * INDEX_SPAN + slot} reported ${describeValue(used)} units; add a finite count ≥ 0 to counters.units.`,
      "counters.units",
    );
  if (status !== SliceFlags.Partial && status !== SliceFlags.Done && status !== SliceFlags.Failed)
    fail(
      "runSchedulerFrame",
      `task ${s.generation[slot]! * INDEX_SPAN + slot} returned ${describeValue(status)}; return SliceFlags.Partial, Done or Failed.`,
      "status",
    );
  if (status === SliceFlags.Partial && used < 1) used = 1; // a slice that makes no progress still costs: no endless frame
  const m = s.module[slot]! * SCHEDULER_MODULE_STRIDE;
  const ms2 = s.moduleStats;
  ms2[m]! += ms;
  ms2[m + 1]! += used;
  ms2[m + 2]! += c.nodes;
  ms2[m + 3]! += c.rays;
  ms2[m + 4]!++;
  s.units[slot]! += used;
  s.nodes[slot]! += c.nodes;
  s.rays[slot]! += c.rays;
  s.ms[slot]! += ms;
  s.slices[slot]!++;
  s.frameUnits[slot]! += used;
  s.age[slot] = 0;
  s.lastUnits += used;
  s.lastMs += ms;
  s.lastSlices++;
  if (s.live[slot] === 1 && status !== SliceFlags.Partial) {
    s.pending[slot] = 0;
    if (status === SliceFlags.Done) s.completions[slot]! += 1;
    else s.failures[slot]! += 1;
    if (s.once[slot] === 1) freeSlot(s, slot);
  }
  return used;
}

/** Frame end: due tasks that got no slice grow older. */
function endFrame(s: Scheduler, n: number): void {
  const { order, pending, frameUnits, age, live } = s;
  let waiting = 0;
  for (let k = 0; k < n; k++) {
    const key = order[k]!;
    const slot = key % INDEX_SPAN;
    // A task still due that ran this frame used ≥ 1 unit (a Partial slice costs at least 1).
    if (live[slot] === 1 && pending[slot] === 1 && frameUnits[slot] === 0 && age[slot]! < AGE_CAP) {
      age[slot]!++;
      waiting++;
    }
  }
  s.lastWaiting = waiting;
}

function checkDt(fn: string, dt: unknown): number {
  if (typeof dt !== "number" || !(dt >= 0) || dt === Infinity) fail(fn, `"dt" must be a finite number of seconds ≥ 0 but is ${describeValue(dt)}.`, "dt");
  return dt;
}

/**
 * Runs one frame: advances rates by `dt` seconds, then hands out slices — in passes over the due
 * tasks ordered by priority class (lower first, a task climbing one class per
 * {@link SchedulerOptions.agingFrames} frames it waited) then slot — each slice
 * `min(sliceUnits, units left)` units (units mode) or `sliceUnits` while the clock says the
 * budget is not spent (ms mode), until the budget is spent or no due task is left. A frame
 * exceeds its budget by at most one slice's overspend. With a log attached, records the frame.
 * Returns the units used. No allocation.
 *
 * @param scheduler - The scheduler, changed in place (its tasks' `step` run; counters and the log updated).
 * @param dt - Seconds since the previous frame, finite ≥ 0 (drives task rates).
 * @throws TacticaError `CORE_SCHEDULER` for a bad `dt` or a task reporting bad units or status.
 */
export function runSchedulerFrame(scheduler: Scheduler, dt: number): number {
  const s = scheduler;
  checkDt("runSchedulerFrame", dt);
  const log = s.log;
  const logging = log !== undefined && !log.overflow;
  if (logging) {
    // Drop the slices of a frame a throwing task cut short: each recorded frame is complete.
    log.sliceCount = log.frameStart[log.frameCount]!;
    if (log.frameCount >= log.dt.length) log.overflow = true;
    else log.dt[log.frameCount] = dt;
  }
  const n = beginFrame(s, dt);
  const { order, pending, live, sliceUnits } = s;
  const timed = s.timed;
  const budget = s.frameBudget;
  const now = s.now;
  const start = timed ? now!() : 0;
  s.clock = start;
  let remaining = budget;
  let slices = 0;
  let more = n > 0;
  outer: while (more) {
    more = false;
    for (let k = 0; k < n; k++) {
      const slot = order[k]! % INDEX_SPAN;
      if (live[slot] !== 1 || pending[slot] !== 1) continue;
      // ms mode reads the time the last slice ended (no extra clock call per slice).
      if (timed ? s.clock - start >= budget : remaining <= 0) break outer;
      if (slices >= s.maxSlicesPerFrame) break outer;
      const su = sliceUnits[slot]!;
      const give = timed || su <= remaining ? su : Math.max(1, Math.floor(remaining));
      const handle = s.generation[slot]! * INDEX_SPAN + slot;
      const used = runSlice(s, slot, give);
      remaining -= used;
      slices++;
      if (logging && !log.overflow) {
        const j = log.sliceCount;
        if (j >= log.handles.length) log.overflow = true;
        else {
          log.handles[j] = handle;
          log.given[j] = give;
          log.used[j] = used;
          log.sliceCount = j + 1;
        }
      }
      if (pending[slot] === 1 && live[slot] === 1) more = true;
    }
  }
  endFrame(s, n);
  if (logging) {
    if (log.overflow) log.sliceCount = log.frameStart[log.frameCount]!;
    else log.frameStart[++log.frameCount] = log.sliceCount;
  }
  return s.lastUnits;
}

/**
 * Repeats frame `frame` of `log` on `scheduler` in units mode: the same `dt`, then exactly the
 * logged slices (same task, same budget, same order), whatever the scheduler's budget or clock.
 * The scheduler must hold the same tasks in the same slots, in the state they had when the frame
 * was recorded (replay frames in order from the same start). A slice whose units differ from the
 * log adds to `scheduler.replayMismatches` (a divergence, not an exception). Returns the units used.
 *
 * @param scheduler - The scheduler to replay on, in the state it had when the frame was recorded; changed in place.
 * @param log - The recorded log; read only.
 * @param frame - Index of the frame to repeat, an integer in `0 .. log.frameCount − 1`.
 * @throws TacticaError `CORE_SCHEDULER` when `frame` is not in the log or a logged handle is not a task of the scheduler.
 */
export function replaySchedulerFrame(scheduler: Scheduler, log: SchedulerLog, frame: number): number {
  const fn = "replaySchedulerFrame";
  checkInt(fn, "frame", frame, 0, Math.max(0, log.frameCount - 1));
  if (frame >= log.frameCount) fail(fn, `the log holds no frames.`, "frame");
  const s = scheduler;
  const n = beginFrame(s, log.dt[frame]!);
  const end = log.frameStart[frame + 1]!;
  for (let j = log.frameStart[frame]!; j < end; j++) {
    const h = log.handles[j]!;
    const slot = scheduledTaskSlot(s, h);
    if (slot < 0)
      fail(fn, `slice ${j} names task ${h}, which the scheduler does not hold. Register the same tasks in the same order before replaying.`, `handles[${j}]`);
    if (s.pending[slot] !== 1) {
      s.replayMismatches++;
      continue;
    }
    const used = runSlice(s, slot, log.given[j]!);
    if (used !== log.used[j]) s.replayMismatches++;
  }
  endFrame(s, n);
  return s.lastUnits;
}

/** A task's counters as a plain object ({@link getScheduledTaskStats}). */
export interface ScheduledTaskStats {
  /** The module name. */
  readonly module: string;
  /** True while a job is unfinished. */
  readonly pending: boolean;
  /** Frames waited without a slice while due. */
  readonly age: number;
  /** Units used in the last frame. */
  readonly frameUnits: number;
  /** Total units. */
  readonly units: number;
  /** Total nodes. */
  readonly nodes: number;
  /** Total rays. */
  readonly rays: number;
  /** Total milliseconds (with a clock). */
  readonly ms: number;
  /** Total slices. */
  readonly slices: number;
  /** Jobs ended `Done`. */
  readonly completions: number;
  /** Jobs ended `Failed`. */
  readonly failures: number;
  /** Jobs cancelled. */
  readonly cancels: number;
  /** Deadline misses (rate ticks that found the job unfinished). */
  readonly misses: number;
}

/**
 * The counters of one task as a fresh plain object (allocates; for tools and tests).
 * @param scheduler - The scheduler to read.
 * @param handle - A task handle from {@link addScheduledTask}; a stale one (removed or finished once-task) throws
 *   `INVALID_HANDLE`.
 * @throws TacticaError `INVALID_HANDLE`.
 */
export function getScheduledTaskStats(scheduler: Scheduler, handle: number): ScheduledTaskStats {
  const s = scheduler;
  const i = requireSlot("getScheduledTaskStats", s, handle);
  return {
    module: s.moduleNames[s.module[i]!]!,
    pending: s.pending[i] === 1,
    age: s.age[i]!,
    frameUnits: s.frameUnits[i]!,
    units: s.units[i]!,
    nodes: s.nodes[i]!,
    rays: s.rays[i]!,
    ms: s.ms[i]!,
    slices: s.slices[i]!,
    completions: s.completions[i]!,
    failures: s.failures[i]!,
    cancels: s.cancels[i]!,
    misses: s.misses[i]!,
  };
}

/** One module's totals ({@link getSchedulerModuleStats}). */
export interface SchedulerModuleStats {
  /** Module name. */
  readonly module: string;
  /** Milliseconds (with a clock). */
  readonly ms: number;
  /** Work units. */
  readonly units: number;
  /** Nodes expanded. */
  readonly nodes: number;
  /** Rays cast. */
  readonly rays: number;
  /** Slices. */
  readonly slices: number;
}

/**
 * Per-module totals as fresh plain objects, in order of first use (allocates; for profilers and the inspector).
 * @param scheduler - The scheduler to read.
 */
export function getSchedulerModuleStats(scheduler: Scheduler): SchedulerModuleStats[] {
  const st = scheduler.moduleStats;
  return scheduler.moduleNames.map((module, i) => {
    const o = i * SCHEDULER_MODULE_STRIDE;
    return { module, ms: st[o]!, units: st[o + 1]!, nodes: st[o + 2]!, rays: st[o + 3]!, slices: st[o + 4]! };
  });
}

/**
 * Zeroes every per-task and per-module counter (not the rate, age or job state).
 * @param scheduler - The scheduler whose counters are zeroed in place.
 */
export function resetSchedulerCounters(scheduler: Scheduler): void {
  const s = scheduler;
  for (const a of [s.misses, s.completions, s.failures, s.cancels, s.units, s.nodes, s.rays, s.ms, s.slices, s.moduleStats]) a.fill(0);
}

/** The JSON form of a {@link SchedulerLog} ({@link schedulerLogToJson}): one entry per frame. */
export interface SchedulerLogJson {
  /** Always `"tactica.scheduler-log"`. */
  format: "tactica.scheduler-log";
  /** Format version (1). */
  version: 1;
  /** Frames in order: `dt` and the slices as `[handle, given, used]` triples. */
  frames: { dt: number; slices: [number, number, number][] }[];
}

/**
 * The recorded frames of `log` as JSON-safe data (allocates), for a bug report or a replay on
 * another machine: {@link schedulerLogFromJson} reads it back.
 *
 * @param log - The log to convert; read only. Only complete frames are included.
 * @example
 * ```ts
 * const log = createSchedulerLog(1000, 100);
 * let t = 0;
 * const s = createScheduler({ frameBudget: 1, budgetUnit: "ms", now: () => t, log });
 * addScheduledTask(s, { step: (budget, c) => ((t += 0.4), (c.units += budget), SliceFlags.Partial) }, { sliceUnits: 8 });
 * runSchedulerFrame(s, 1 / 60);
 * const json = JSON.parse(JSON.stringify(schedulerLogToJson(log)));
 * schedulerLogFromJson(json).sliceCount; // → 3 (0.4 ms each until 1 ms was spent)
 * ```
 */
export function schedulerLogToJson(log: SchedulerLog): SchedulerLogJson {
  const frames: SchedulerLogJson["frames"] = [];
  for (let f = 0; f < log.frameCount; f++) {
    const slices: [number, number, number][] = [];
    for (let j = log.frameStart[f]!; j < log.frameStart[f + 1]!; j++) slices.push([log.handles[j]!, log.given[j]!, log.used[j]!]);
    frames.push({ dt: log.dt[f]!, slices });
  }
  return { format: "tactica.scheduler-log", version: 1, frames };
}

/** Default most slices (and frames) {@link schedulerLogFromJson} accepts (a cap on what a file may make it allocate and walk). */
export const SCHEDULER_LOG_MAX_SLICES = 1_000_000;

/** Options of {@link schedulerLogFromJson}. */
export interface SchedulerLogFromJsonOptions {
  /** Most slices, and most frames, the log may hold (default {@link SCHEDULER_LOG_MAX_SLICES}, 1,000,000). */
  readonly maxSlices?: number;
}

/**
 * Reads {@link schedulerLogToJson} output into a new {@link SchedulerLog} sized to fit. Checks
 * everything first; array lengths against `maxSlices` before they are walked.
 *
 * @param json - The parsed JSON.
 * @param options - `maxSlices`: most slices and most frames (default 1,000,000).
 * @throws TacticaError `CORE_SCHEDULER` naming the JSON path (`$.frames[3].slices[0][2]`) of the first problem.
 */
export function schedulerLogFromJson(json: unknown, options: SchedulerLogFromJsonOptions = {}): SchedulerLog {
  const fn = "schedulerLogFromJson";
  const bad = (path: string, problem: string): never => fail(fn, `${path} ${problem}`, path);
  // Slice paths are built only on failure (a million template strings would cost most of the time).
  const badSlice = (f: number, j: number, suffix: string, problem: string): never => bad(`$.frames[${f}].slices[${j}]${suffix}`, problem);
  if (typeof options !== "object" || options === null || Array.isArray(options)) bad("options", `must be an object but is ${describeValue(options)}.`);
  const max = options.maxSlices ?? SCHEDULER_LOG_MAX_SLICES;
  if (typeof max !== "number" || !(max >= 0)) bad("options.maxSlices", `must be a number ≥ 0 but is ${describeValue(max)}.`);
  if (typeof json !== "object" || json === null || Array.isArray(json)) bad("$", `must be a scheduler log object but is ${describeValue(json)}.`);
  const o = json as Record<string, unknown>;
  if (o["format"] !== "tactica.scheduler-log") bad("$.format", `must be "tactica.scheduler-log" but is ${describeValue(o["format"])}.`);
  if (o["version"] !== 1) bad("$.version", `must be 1 but is ${describeValue(o["version"])}.`);
  const frames = o["frames"];
  if (!Array.isArray(frames)) bad("$.frames", `must be an array but is ${describeValue(frames)}.`);
  const fr = frames as unknown[];
  if (fr.length > max) bad("$.frames", `has ${fr.length} frames; at most ${max} (options.maxSlices).`);
  let total = 0;
  for (let f = 0; f < fr.length; f++) {
    const p = `$.frames[${f}]`;
    const frame = fr[f];
    if (typeof frame !== "object" || frame === null || Array.isArray(frame)) bad(p, `must be {dt, slices} but is ${describeValue(frame)}.`);
    const fo = frame as Record<string, unknown>;
    const dt = fo["dt"];
    if (typeof dt !== "number" || !(dt >= 0) || dt === Infinity) bad(`${p}.dt`, `must be a finite number ≥ 0 but is ${describeValue(dt)}.`);
    const slices = fo["slices"];
    if (!Array.isArray(slices)) bad(`${p}.slices`, `must be an array but is ${describeValue(slices)}.`);
    const sl = slices as unknown[];
    total += sl.length;
    if (total > max) bad(`${p}.slices`, `brings the log past ${max} slices (options.maxSlices).`);
    for (let j = 0; j < sl.length; j++) {
      const t = sl[j];
      if (!Array.isArray(t) || t.length !== 3) badSlice(f, j, "", `must be a [handle, given, used] triple but is ${describeValue(t)}.`);
      const tt = t as unknown[];
      const h = tt[0];
      const g = tt[1];
      const u = tt[2];
      if (typeof h !== "number" || !Number.isInteger(h) || h < INDEX_SPAN || h > MAX_GENERATION * INDEX_SPAN + INDEX_SPAN - 1)
        badSlice(f, j, "[0]", `must be a task handle but is ${describeValue(h)}.`);
      if (typeof g !== "number" || !Number.isInteger(g) || g < 1 || g > 2 ** 31 - 1)
        badSlice(f, j, "[1]", `must be an integer budget ≥ 1 but is ${describeValue(g)}.`);
      if (typeof u !== "number" || !(u >= 0) || u === Infinity) badSlice(f, j, "[2]", `must be a finite number of units ≥ 0 but is ${describeValue(u)}.`);
    }
  }
  const log = createSchedulerLog(Math.max(1, total), Math.max(1, fr.length));
  let k = 0;
  for (let f = 0; f < fr.length; f++) {
    const fo = fr[f] as { dt: number; slices: [number, number, number][] };
    log.dt[f] = fo.dt;
    for (let j = 0; j < fo.slices.length; j++) {
      const t = fo.slices[j]!;
      log.handles[k] = t[0];
      log.given[k] = t[1];
      log.used[k] = t[2];
      k++;
    }
    log.frameStart[f + 1] = k;
  }
  log.frameCount = fr.length;
  log.sliceCount = k;
  return log;
}
