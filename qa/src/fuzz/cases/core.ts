// Loaders of @tactica/core: RNG state restore, the bitset text reader and response-curve JSON.
import {
  addScheduledTask,
  compileResponseCurve,
  createReplayRecorder,
  createRng,
  createRngStream,
  createScheduler,
  createSchedulerLog,
  createSnapshotCodecs,
  formatBitset,
  parseBitset,
  recordReplayDecision,
  recordReplayTick,
  registerSnapshotCodec,
  removeScheduledTask,
  replaySchedulerFrame,
  restoreRng,
  restoreScheduler,
  restoreSnapshot,
  rngNextUint32,
  runSchedulerFrame,
  saveRng,
  saveScheduler,
  saveSnapshot,
  schedulerLogFromJson,
  schedulerLogToJson,
  schedulerSnapshotCodec,
  SliceFlags,
  validateReplayLog,
  validateResponseCurve,
  type Rng,
  type Scheduler,
  type SlicedTask,
} from "@tactica/core";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const rngRestore: LoaderCase<unknown> = {
  pkg: "core",
  name: "restoreRng",
  kind: "json",
  seeds: [saveRng(createRng(1)), saveRng(createRng("level-3"))],
  // Semantically wrong: all-zero states (a dead xoshiro stream), wrong lengths, out-of-range words.
  wrong: fc.oneof(
    fc.constant([0, 0, 0, 0]),
    fc.array(fc.nat({ max: 0xffffffff }), { minLength: 0, maxLength: 8 }),
    fc.tuple(fc.constant(1), fc.constant(2), fc.constant(3), fc.constantFrom(2 ** 32, -1, 0.5, Number.NaN)),
  ),
  target: {
    create: () => createRng(42),
    hash: (t) => saveRng(t as Rng).join(","),
    restore: (t, input) => {
      restoreRng(t as Rng, input as ArrayLike<number>);
      rngNextUint32(t as Rng);
    },
  },
};

const bitsetParse: LoaderCase<string> = {
  pkg: "core",
  name: "parseBitset",
  kind: "text",
  seeds: ["0", "0110100111", formatBitset(parseBitset("1".repeat(70)))],
  wrong: fc.oneof(
    fc.string({ unit: fc.constantFrom("0", "1", " ", "\n", "2"), minLength: 0, maxLength: 80 }),
    fc.nat({ max: 5000 }).map((n) => "10".repeat(n)),
  ),
  load: (text) => formatBitset(parseBitset(text)),
};

const CURVES: unknown[] = [
  { type: "linear", m: 1, b: 0 },
  { type: "polynomial", m: 1, k: 2, b: 0, c: 0, input: { min: 0, max: 100 } },
  { type: "logistic", m: 1, k: 10, b: 0, c: 0.5 },
  { type: "logit", k: 1 },
  { type: "step", threshold: 0.3, low: 0, high: 1 },
  {
    type: "piecewise",
    points: [
      { x: 0, y: 0 },
      { x: 0.5, y: 1 },
      { x: 1, y: 0.2 },
    ],
  },
];

const responseCurve: LoaderCase<unknown> = {
  pkg: "core",
  name: "validateResponseCurve",
  covers: ["validateResponseCurve", "compileResponseCurve"],
  kind: "json",
  seeds: CURVES,
  // Semantically wrong: unsorted or duplicate piecewise points, empty ranges, huge point lists.
  wrong: fc.oneof(
    fc.constant({
      type: "piecewise",
      points: [
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ],
    }),
    fc.constant({ type: "piecewise", points: [] }),
    fc.constant({ type: "linear", input: { min: 1, max: 1 } }),
    fc.nat({ max: 20_000 }).map((n) => ({ type: "piecewise", points: Array.from({ length: n }, (_, i) => ({ x: i, y: (i % 7) / 7 })) })),
  ),
  load: (json) => {
    const c = compileResponseCurve(validateResponseCurve(json));
    for (const x of [-1, 0, 0.25, 0.5, 1, 2, 1e9]) {
      const y = c.evaluate(x);
      if (!Number.isFinite(y)) throw new Error(`accepted curve evaluates to ${y} at ${x}`);
    }
    return c;
  },
};

/** A scheduler of three tasks in modules a, b, a (each job 40 units, 7 per slice): the restore target. */
function makeScheduler(): Scheduler {
  const s = createScheduler({ frameBudget: 20, capacity: 8 });
  for (const [i, module] of ["a", "b", "a"].entries()) {
    let left = 40;
    const task: SlicedTask = {
      step(budget, counters) {
        const n = Math.min(budget, left);
        left -= n;
        counters.units += n;
        if (left > 0) return SliceFlags.Partial;
        left = 40;
        return SliceFlags.Done;
      },
    };
    addScheduledTask(s, task, { module, rate: i + 1, priority: i, sliceUnits: 7, lod: i === 2 ? 0.5 : 1 });
  }
  return s;
}

function schedulerSeeds(): unknown[] {
  const a = makeScheduler();
  for (let f = 0; f < 13; f++) runSchedulerFrame(a, 1 / 30);
  const b = makeScheduler();
  for (let f = 0; f < 5; f++) runSchedulerFrame(b, 0.1);
  // A removed and re-added task: slot 1 comes back with generation 2.
  removeScheduledTask(b, 65536 + 1);
  addScheduledTask(b, { step: (_budget, counters) => ((counters.units += 1), SliceFlags.Done) }, { module: "b" });
  runSchedulerFrame(b, 0.1);
  return [saveScheduler(makeScheduler()), saveScheduler(a), saveScheduler(b)].map((x) => JSON.parse(JSON.stringify(x)) as unknown);
}

const SCHEDULER_SEEDS = schedulerSeeds();
const base = SCHEDULER_SEEDS[1] as { tasks: Record<string, unknown>[]; generations: number[]; modules: string[] };

const schedulerRestore: LoaderCase<unknown> = {
  pkg: "core",
  name: "restoreScheduler",
  kind: "json",
  seeds: SCHEDULER_SEEDS,
  // Semantically wrong: dangling module indices, duplicate or unordered slots, a module mismatch,
  // huge declared task lists and generations, an accumulator of 1, counters of the wrong length.
  wrong: fc.oneof(
    fc.constant({ ...base, tasks: base.tasks.map((t) => ({ ...t, module: 7 })) }),
    fc.constant({ ...base, tasks: [base.tasks[0], base.tasks[0], base.tasks[2]] }),
    fc.constant({ ...base, tasks: [base.tasks[2], base.tasks[1], base.tasks[0]] }),
    fc.constant({ ...base, modules: ["b", "a"] }),
    fc.constant({ ...base, tasks: Array.from({ length: 100_000 }, () => base.tasks[0]) }),
    fc.constant({ ...base, generations: Array.from({ length: 1_000_000 }, () => 1) }),
    fc.constant({ ...base, tasks: base.tasks.map((t) => ({ ...t, accumulator: 1 })) }),
    fc.constant({ ...base, tasks: base.tasks.map((t) => ({ ...t, counters: [1, 2, 3] })) }),
    fc.nat({ max: 40 }).map((d) => {
      let deep: unknown = 1;
      for (let i = 0; i < d * 50; i++) deep = [deep];
      return { ...base, tasks: [deep, ...base.tasks.slice(1)] };
    }),
  ),
  target: {
    create: makeScheduler,
    hash: (t) => JSON.stringify(saveScheduler(t as Scheduler)),
    restore: (t, input) => {
      restoreScheduler(t as Scheduler, input);
      // An accepted snapshot must leave a scheduler that runs.
      for (let f = 0; f < 3; f++) runSchedulerFrame(t as Scheduler, 1 / 30);
    },
  },
};

/** The snapshot envelope over a world of a scheduler and two named generators. */
const SNAPSHOT_CODECS = createSnapshotCodecs();
registerSnapshotCodec(SNAPSHOT_CODECS, "scheduler", schedulerSnapshotCodec);

interface SnapshotWorld {
  scheduler: Scheduler;
  rng: { ai: Rng; loot: Rng };
}

function makeSnapshotWorld(): SnapshotWorld {
  return { scheduler: makeScheduler(), rng: { ai: createRngStream(1, "ai"), loot: createRngStream(1, "loot") } };
}

function snapshotSeeds(): unknown[] {
  const w = makeSnapshotWorld();
  const out: unknown[] = [saveSnapshot(SNAPSHOT_CODECS, { scheduler: w.scheduler }, { tick: 0, rng: w.rng })];
  for (let f = 0; f < 9; f++) runSchedulerFrame(w.scheduler, 1 / 30);
  rngNextUint32(w.rng.ai);
  out.push(saveSnapshot(SNAPSHOT_CODECS, { scheduler: w.scheduler }, { tick: 9, rng: { ai: w.rng.ai } }));
  return out.map((x) => JSON.parse(JSON.stringify(x)) as unknown);
}

const SNAPSHOT_SEEDS = snapshotSeeds();
const env = SNAPSHOT_SEEDS[1] as { sections: Record<string, unknown>; rng: Record<string, unknown> };

const snapshotRestore: LoaderCase<unknown> = {
  pkg: "core",
  name: "restoreSnapshot",
  kind: "json",
  seeds: SNAPSHOT_SEEDS,
  // Semantically wrong: unknown sections and streams, newer section versions, a missing section,
  // a section holding another section's data, huge section lists.
  wrong: fc.oneof(
    fc.constant({ ...env, sections: { ...env.sections, crowd: { version: 1, data: {} } } }),
    fc.constant({ ...env, rng: { ...env.rng, other: [1, 2, 3, 4] } }),
    fc.constant({ ...env, sections: { scheduler: { version: 2, data: (env.sections["scheduler"] as { data: unknown }).data } } }),
    fc.constant({ ...env, sections: {} }),
    fc.constant({ ...env, sections: { scheduler: { version: 1, data: env } } }),
    fc.constant({ ...env, sections: Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`s${i}`, { version: 1, data: null }])) }),
  ),
  target: {
    create: makeSnapshotWorld,
    hash: (t) => {
      const w = t as SnapshotWorld;
      return JSON.stringify([saveScheduler(w.scheduler), saveRng(w.rng.ai), saveRng(w.rng.loot)]);
    },
    restore: (t, input) => {
      const w = t as SnapshotWorld;
      restoreSnapshot(SNAPSHOT_CODECS, { scheduler: w.scheduler }, input, { rng: w.rng });
      for (let f = 0; f < 3; f++) runSchedulerFrame(w.scheduler, 1 / 30);
    },
  },
};

function logSeeds(): unknown[] {
  const log = createSchedulerLog(10_000, 100);
  let t = 0;
  const s = createScheduler({ frameBudget: 2, budgetUnit: "ms", now: () => t, log, capacity: 8 });
  for (const rate of [0, 3, 1]) {
    let left = 50;
    addScheduledTask(
      s,
      {
        step(budget, counters) {
          const n = Math.min(budget, left);
          left -= n;
          t += 0.1 * n;
          counters.units += n;
          if (left > 0) return SliceFlags.Partial;
          left = 50;
          return SliceFlags.Done;
        },
      },
      { rate, sliceUnits: 4 },
    );
  }
  for (let f = 0; f < 12; f++) runSchedulerFrame(s, 1 / 30);
  return [schedulerLogToJson(createSchedulerLog(1, 1)), schedulerLogToJson(log)].map((x) => JSON.parse(JSON.stringify(x)) as unknown);
}

const LOG_SEEDS = logSeeds();
const logBase = LOG_SEEDS[1] as { frames: { dt: number; slices: number[][] }[] };

const schedulerLogRead: LoaderCase<unknown> = {
  pkg: "core",
  name: "schedulerLogFromJson",
  kind: "json",
  seeds: LOG_SEEDS,
  // Semantically wrong: handles of tasks that do not exist, zero budgets, frame lists past any limit.
  wrong: fc.oneof(
    fc.constant({ ...logBase, frames: logBase.frames.map((f) => ({ ...f, slices: f.slices.map(([, g, u]) => [7 * 65536 + 5, g, u]) })) }),
    fc.constant({ ...logBase, frames: [{ dt: 0, slices: [[65536, 0, 0]] }] }),
    fc.constant({ ...logBase, frames: Array.from({ length: 200_000 }, () => ({ dt: 0, slices: [] })) }),
  ),
  // A log that reads must replay (or be refused as not matching) on a scheduler of the seed's shape.
  load: (json) => {
    const log = schedulerLogFromJson(json);
    const s = makeScheduler();
    for (let f = 0; f < Math.min(log.frameCount, 50); f++) replaySchedulerFrame(s, log, f);
    return log;
  },
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
function sampleReplay(ticks: number): unknown {
  const rec = createReplayRecorder({ seed: "level-2", startTick: 40, modules: ["bt", "utility", "goap"] });
  for (let t = 1; t <= ticks; t++) {
    recordReplayDecision(rec, t % 7, t % 3, t % 5);
    if (t % 4 === 0) recordReplayDecision(rec, -1, 2, 1);
    recordReplayTick(rec, 40 + t, (t * 2654435761) >>> 0, { inputs: t % 6 === 0 ? [{ kind: "rally", team: t % 2, x: t, y: 2 * t }] : [] });
  }
  return JSON.parse(JSON.stringify(rec.log));
}

const replayLogCase: LoaderCase<unknown> = {
  pkg: "core",
  name: "validateReplayLog",
  kind: "json",
  seeds: [sampleReplay(0), sampleReplay(12)],
  // Semantically wrong: ticks out of order, dangling module indices, hashes beyond 32 bits, huge tick lists.
  wrong: fc.oneof(
    fc.record({
      format: fc.constant("tactica.replay"),
      version: fc.constant(1),
      seed: fc.constant(1),
      startTick: fc.constant(0),
      modules: fc.constant(["bt"]),
      ticks: fc.array(
        fc.record({
          tick: fc.integer({ min: -2, max: 5 }),
          hash: fc.integer({ min: -1, max: 2 ** 33 }),
          inputs: fc.constant([]),
          decisions: fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 7 }),
        }),
        { maxLength: 6 },
      ),
    }),
    fc.nat({ max: 20000 }).map((n) => ({
      format: "tactica.replay",
      version: 1,
      seed: 1,
      startTick: 0,
      modules: [],
      ticks: Array.from({ length: n }, (_, i) => ({ tick: i + 1, hash: i, inputs: [], decisions: [] })),
    })),
  ),
  load: (data) => validateReplayLog(data),
};

export const cases: readonly LoaderCase<unknown>[] = [
  rngRestore,
  bitsetParse,
  responseCurve,
  schedulerRestore,
  snapshotRestore,
  schedulerLogRead,
  replayLogCase,
];
