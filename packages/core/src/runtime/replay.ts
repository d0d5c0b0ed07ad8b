import { TacticaError } from "../errors/errors";
import { describeValue } from "../errors/validate";

/** The `format` field of every {@link ReplayLog}. */
export const REPLAY_FORMAT = "tactica.replay";
/** The newest replay-log version this build reads and writes. */
export const REPLAY_VERSION = 1;

/**
 * One recorded tick: the inputs applied before it, the decisions made during it as flat
 * `(agent, module, choice)` triples (`module` indexes {@link ReplayLog.modules}), and the state hash
 * after it.
 */
export interface ReplayTick {
  /** Tick number after the step (start tick + 1 for the first record). */
  readonly tick: number;
  /** 32-bit state hash after the step (unsigned). */
  readonly hash: number;
  /** Inputs and events applied at this tick (plain JSON values, in order). */
  readonly inputs: readonly unknown[];
  /** Decisions as `agent, module, choice` triples, in the order they were made. */
  readonly decisions: readonly number[];
}

/**
 * A deterministic recording: the header says what it replays from (format, version, root seed,
 * start tick, decision module names); `ticks` holds one {@link ReplayTick} per step. Plain JSON: save
 * it with a bug report or send it to lockstep peers.
 */
export interface ReplayLog {
  /** Always {@link REPLAY_FORMAT}. */
  readonly format: typeof REPLAY_FORMAT;
  /** {@link REPLAY_VERSION} when written. */
  readonly version: number;
  /** Root seed of the world's RNG streams. */
  readonly seed: number | string;
  /** Tick of the snapshot the recording starts from. */
  readonly startTick: number;
  /** Names of the decision modules (`"bt"`, `"utility"`, `"goap"` …), indexed by the triples. */
  readonly modules: readonly string[];
  /** The recorded steps, in order. */
  readonly ticks: ReplayTick[];
}

/** A recorder: the log being written plus the current tick's decisions. Plain data. */
export interface ReplayRecorder {
  /** The log so far. */
  readonly log: ReplayLog;
  /** Decisions of the tick being recorded (triples), moved into the log by {@link recordReplayTick}. */
  readonly pending: number[];
}

function replayError(fn: string, message: string, path: string): TacticaError {
  return new TacticaError("CORE_REPLAY", `@tactica/core: ${fn}: ${message}`, { path });
}

/**
 * Starts a recording from a world at `startTick` whose RNG streams come from `seed`. Decision
 * modules are named up front so the log stores small integers.
 *
 * @param header - `seed` (the number or string the world's RNG streams come from), `startTick` (an integer ≥ 0: the tick of the
 *   snapshot the recording starts from) and `modules` (decision module names; their indices are what {@link recordReplayDecision}
 *   stores).
 * @returns A new recorder with an empty log.
 * @example
 * ```ts
 * const rec = createReplayRecorder({ seed: 7, startTick: 0, modules: ["bt", "utility"] });
 * recordReplayDecision(rec, 12, 0, 3);          // agent 12's tree ran action 3
 * recordReplayTick(rec, 1, 0x9e3779b9, [{ kind: "rally", team: 0 }]);
 * JSON.stringify(rec.log).length > 0;           // plain JSON, ready to save
 * ```
 */
export function createReplayRecorder(header: {
  readonly seed: number | string;
  readonly startTick: number;
  readonly modules: readonly string[];
}): ReplayRecorder {
  const fn = "createReplayRecorder";
  if (typeof header.seed !== "number" && typeof header.seed !== "string") throw replayError(fn, `"seed" must be a number or string.`, "seed");
  if (!Number.isSafeInteger(header.startTick) || header.startTick < 0) throw replayError(fn, `"startTick" must be an integer ≥ 0.`, "startTick");
  if (!Array.isArray(header.modules) || header.modules.some((m) => typeof m !== "string"))
    throw replayError(fn, `"modules" must be an array of names.`, "modules");
  return {
    log: { format: REPLAY_FORMAT, version: REPLAY_VERSION, seed: header.seed, startTick: header.startTick, modules: header.modules.slice(), ticks: [] },
    pending: [],
  };
}

/**
 * Records one decision of the current tick: `agent` (an index, or −1 for a world-level choice), `module` (index into the header's modules) and `choice` (an integer code).
 * @param recorder - The recorder, changed in place (the decision joins the current tick).
 * @param agent - The deciding agent's index, or −1 for a world-level choice (an integer; not checked here).
 * @param module - Index into the header's `modules` (not checked here).
 * @param choice - The module's integer code for what it chose (action index, state id…).
 */
export function recordReplayDecision(recorder: ReplayRecorder, agent: number, module: number, choice: number): void {
  recorder.pending.push(agent, module, choice);
}

/** Options of {@link recordReplayTick}. */
export interface RecordReplayTickOptions {
  /** The tick's external inputs (JSON-safe values), copied into the log; default none. */
  readonly inputs?: readonly unknown[];
}

/**
 * Closes the current tick: appends `{ tick, hash, inputs, decisions }` to the log.
 *
 * @param recorder - The recorder; its log gains the tick and its pending decisions are moved into it.
 * @param tick - The tick number, one more than the last recorded (or than the header's `startTick`).
 * @param hash - A hash of the simulation state after the tick (stored as an unsigned 32-bit integer).
 * @param options - `inputs`: the tick's external inputs, default `[]`.
 */
export function recordReplayTick(recorder: ReplayRecorder, tick: number, hash: number, options: RecordReplayTickOptions = {}): void {
  const inputs = options.inputs ?? [];
  const ticks = recorder.log.ticks;
  const expected = ticks.length === 0 ? recorder.log.startTick + 1 : ticks[ticks.length - 1]!.tick + 1;
  if (tick !== expected) throw replayError("recordReplayTick", `tick ${tick} follows tick ${expected - 1}; record every step once, in order.`, "tick");
  ticks.push({ tick, hash: hash >>> 0, inputs: inputs.slice(), decisions: recorder.pending.splice(0) });
}

/** Options of {@link validateReplayLog}: limits that refuse absurd logs before they are walked. */
export interface ValidateReplayLogOptions {
  /** Most ticks (default 1,000,000). */
  readonly maxTicks?: number;
  /** Most decision numbers over all ticks (three per decision; default 3,000,000). */
  readonly maxDecisions?: number;
  /** Most module names (default 4,096). */
  readonly maxModules?: number;
}

/**
 * Checks that `data` is a {@link ReplayLog} this build reads (e.g. parsed JSON from a bug report),
 * and returns it. Throws `CORE_REPLAY` naming the JSON path of the first problem. Every array's
 * declared length is checked against its limit before it is walked (a sparse array may declare
 * 2^26 slots; holes are refused).
 * @param data - The parsed log.
 * @param options - Limits: `maxTicks` (default 1,000,000), `maxDecisions` (default 3,000,000 numbers in all), `maxModules` (default 4,096).
 */
export function validateReplayLog(data: unknown, options: ValidateReplayLogOptions = {}): ReplayLog {
  const fn = "validateReplayLog";
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObj(options)) throw replayError(fn, `options must be an object but is ${describeValue(options)}.`, "options");
  const limit = (key: "maxTicks" | "maxDecisions" | "maxModules", def: number): number => {
    const v = options[key] ?? def;
    if (typeof v !== "number" || !(v >= 0)) throw replayError(fn, `options.${key} must be a number ≥ 0 but is ${describeValue(v)}.`, `options.${key}`);
    return v;
  };
  const maxTicks = limit("maxTicks", 1_000_000);
  const maxDecisions = limit("maxDecisions", 3_000_000);
  const maxModules = limit("maxModules", 4096);
  if (!isObj(data)) throw replayError(fn, `expected a replay log object, got ${describeValue(data)}.`, "$");
  if (data["format"] !== REPLAY_FORMAT) throw replayError(fn, `"format" is ${describeValue(data["format"])}, not "${REPLAY_FORMAT}".`, "$.format");
  const version = data["version"];
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    throw replayError(fn, `"version" must be a positive integer, got ${describeValue(version)}.`, "$.version");
  if (version > REPLAY_VERSION)
    throw replayError(fn, `the log has version ${version}; this build reads up to ${REPLAY_VERSION}. Update @tactica/core.`, "$.version");
  const seed = data["seed"];
  if (typeof seed !== "number" && typeof seed !== "string") throw replayError(fn, `"seed" must be a number or string.`, "$.seed");
  const startTick = data["startTick"];
  if (typeof startTick !== "number" || !Number.isSafeInteger(startTick) || startTick < 0)
    throw replayError(fn, `"startTick" must be an integer ≥ 0.`, "$.startTick");
  const modules = data["modules"];
  if (!Array.isArray(modules)) throw replayError(fn, `"modules" must be an array of names.`, "$.modules");
  if (modules.length > maxModules) throw replayError(fn, `"modules" has ${modules.length} names; at most ${maxModules} (options.maxModules).`, "$.modules");
  for (let i = 0; i < modules.length; i++) {
    if (typeof modules[i] !== "string") throw replayError(fn, `modules[${i}] must be a string.`, `$.modules[${i}]`);
  }
  const ticks = data["ticks"];
  if (!Array.isArray(ticks)) throw replayError(fn, `"ticks" must be an array.`, "$.ticks");
  if (ticks.length > maxTicks) throw replayError(fn, `"ticks" has ${ticks.length} ticks; at most ${maxTicks} (options.maxTicks).`, "$.ticks");
  let prev = startTick;
  let decisions = 0;
  for (let i = 0; i < ticks.length; i++) {
    const t: unknown = ticks[i];
    if (!isObj(t)) throw replayError(fn, `expected a tick record, got ${describeValue(t)}.`, `$.ticks[${i}]`);
    if (t["tick"] !== prev + 1) throw replayError(fn, `"tick" must be ${prev + 1} (ticks follow each other from startTick + 1).`, `$.ticks[${i}].tick`);
    prev = prev + 1;
    const hash = t["hash"];
    if (typeof hash !== "number" || !Number.isInteger(hash) || hash < 0 || hash > 0xffffffff)
      throw replayError(fn, `"hash" must be a 32-bit unsigned integer.`, `$.ticks[${i}].hash`);
    if (!Array.isArray(t["inputs"])) throw replayError(fn, `"inputs" must be an array.`, `$.ticks[${i}].inputs`);
    const d = t["decisions"];
    if (!Array.isArray(d) || d.length % 3 !== 0)
      throw replayError(fn, `"decisions" must be an array of (agent, module, choice) triples.`, `$.ticks[${i}].decisions`);
    decisions += d.length;
    if (decisions > maxDecisions)
      throw replayError(fn, `"decisions" bring the log past ${maxDecisions} numbers in all (options.maxDecisions).`, `$.ticks[${i}].decisions`);
    for (let k = 0; k < d.length; k++) {
      const v: unknown = d[k];
      if (typeof v !== "number" || !Number.isInteger(v)) throw replayError(fn, `decisions[${k}] must be an integer.`, `$.ticks[${i}].decisions[${k}]`);
      if (k % 3 === 1 && (v < 0 || v >= modules.length))
        throw replayError(fn, `decisions[${k}] names module ${v}; the log has ${modules.length}.`, `$.ticks[${i}].decisions[${k}]`);
    }
  }
  return data as unknown as ReplayLog;
}

/** What a replay drives: a world restored from the snapshot the log starts at. */
export interface ReplayTarget {
  /** The world's current tick (the snapshot's tick before the replay). */
  readonly tick: number;
  /** The world's root seed. */
  readonly seed: number | string;
  /** Applies `inputs`, advances one fixed step. */
  step(inputs: readonly unknown[]): void;
  /** The state hash after the step (32-bit unsigned). */
  hash(): number;
  /** The decisions of the last step as `agent, module, choice` triples (same module indices as the log). */
  decisions(): ArrayLike<number>;
}

/** Where a replay first differed from its recording. */
export interface ReplayDivergence {
  /** The tick whose step diverged. */
  readonly tick: number;
  /** The module whose decision differed first, or `null` when every decision matched but the state hash did not. */
  readonly module: string | null;
  /** The agent of that decision (−1 for a world-level choice or a hash-only difference). */
  readonly agent: number;
  /** The recorded and the replayed choice (−1 when one side has no decision there). */
  readonly expectedChoice: number;
  readonly actualChoice: number;
  /** The recorded and the replayed state hash of that tick. */
  readonly expectedHash: number;
  readonly actualHash: number;
}

/** The outcome of {@link replayLog}: a result, never an exception, for a divergence. */
export interface ReplayResult {
  /** True when every tick's decisions and hash matched. */
  readonly ok: boolean;
  /** Ticks replayed (up to and including a diverging one). */
  readonly ticks: number;
  /** The first divergence, or `null`. */
  readonly divergence: ReplayDivergence | null;
}

/**
 * Replays `log` on `target` (a world restored from the snapshot the log starts at): applies each
 * tick's inputs, steps, compares the decisions and the state hash, and stops at the first
 * divergence, naming the tick, the module and the agent. A log that does not belong to the
 * target — another seed or start tick, a newer version, a malformed record — throws `CORE_REPLAY`.
 *
 * @param log - The recorded log (validated first, so it may be untrusted parsed JSON).
 * @param target - The world to drive, restored to the log's start: its `seed` and `tick` must match the log's; its `step`, `hash`
 *   and `decisions` are called once per tick.
 * @example
 * ```ts
 * // A toy world: one counter driven by inputs.
 * const make = () => { let n = 0, t = 0; return {
 *   get tick() { return t; }, seed: 1,
 *   step(inputs: readonly unknown[]) { n += inputs.length + 1; t++; },
 *   hash: () => n, decisions: () => [0, 0, n % 2] }; };
 * const rec = createReplayRecorder({ seed: 1, startTick: 0, modules: ["parity"] });
 * const live = make();
 * for (const inputs of [[], ["jump"], []]) { live.step(inputs); recordReplayDecision(rec, 0, 0, live.decisions()[2]!); recordReplayTick(rec, live.tick, live.hash(), inputs); }
 * replayLog(rec.log, make()).ok; // true
 * ```
 */
export function replayLog(log: ReplayLog, target: ReplayTarget): ReplayResult {
  const fn = "replayLog";
  validateReplayLog(log);
  if (log.seed !== target.seed) throw replayError(fn, `the log was recorded with seed ${String(log.seed)}, the world has ${String(target.seed)}.`, "$.seed");
  if (log.startTick !== target.tick)
    throw replayError(
      fn,
      `the log starts at tick ${log.startTick}, the world is at tick ${target.tick}; restore the snapshot the log was recorded from.`,
      "$.startTick",
    );
  for (let i = 0; i < log.ticks.length; i++) {
    const rec = log.ticks[i]!;
    target.step(rec.inputs);
    const actual = target.decisions();
    const expected = rec.decisions;
    const actualHash = target.hash() >>> 0;
    const n = Math.max(actual.length, expected.length);
    for (let k = 0; k < n; k += 3) {
      if (actual[k] === expected[k] && actual[k + 1] === expected[k + 1] && actual[k + 2] === expected[k + 2]) continue;
      const moduleIndex = k < expected.length ? expected[k + 1]! : actual[k + 1]!;
      return {
        ok: false,
        ticks: i + 1,
        divergence: {
          tick: rec.tick,
          module: log.modules[moduleIndex] ?? null,
          agent: k < expected.length ? expected[k]! : actual[k]!,
          expectedChoice: k < expected.length ? expected[k + 2]! : -1,
          actualChoice: k < actual.length ? actual[k + 2]! : -1,
          expectedHash: rec.hash,
          actualHash,
        },
      };
    }
    if (actualHash !== rec.hash) {
      return {
        ok: false,
        ticks: i + 1,
        divergence: { tick: rec.tick, module: null, agent: -1, expectedChoice: -1, actualChoice: -1, expectedHash: rec.hash, actualHash },
      };
    }
  }
  return { ok: true, ticks: log.ticks.length, divergence: null };
}
