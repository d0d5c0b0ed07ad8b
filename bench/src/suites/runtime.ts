import {
  addScheduledTask,
  createReplayRecorder,
  createRngStream,
  createScheduler,
  createSnapshotCodecs,
  createStateHash,
  hashStateBytes,
  readStateHash,
  recordReplayDecision,
  recordReplayTick,
  registerSnapshotCodec,
  replayLog,
  resetStateHash,
  restoreSnapshot,
  runSchedulerFrame,
  saveSnapshot,
  schedulerSnapshotCodec,
  SliceFlags,
  type Scheduler,
  type SlicedTask,
} from "@tactica/core";
import {
  createReferenceWorld,
  hashReferenceWorld,
  REFERENCE_WORLD_MODULES,
  referenceWorldReplayTarget,
  restoreReferenceWorld,
  saveReferenceWorld,
  stepReferenceWorld,
  type ReferenceWorldInput,
  type ReferenceWorldSnapshot,
} from "../../../apps/playground/src/world/reference-world";
import { allocationPerCall, consume, measure, type Timing } from "../measure";
import type { Suite, SuiteContext } from "../suite";

// The frame-budget scheduler of @tactica/core (issue 17) against calling the same work directly in
// a plain loop: the scheduler's cost per slice, with 1,000 tasks of about 10 µs each (goal ≤ 5 %,
// i.e. ≤ 0.5 µs per slice) and with empty tasks (the bare per-slice cost), in units mode, in ms mode
// (two clock reads per slice) and with half the tasks waiting each frame (ageing in play); and
// the bytes a frame allocates (goal 0).

const TASKS = 1000;

/** Busy work: `n` rounds of xorshift32. */
function work(n: number, seed: number): number {
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  return x;
}

/** Rounds of {@link work} that take about `us` microseconds on this machine. */
function calibrate(us: number, timeMs: number): number {
  let n = 1000;
  for (let k = 0; k < 4; k++) {
    const t = measure(() => consume(work(n, k + 1)), { timeMs: timeMs / 4 });
    n = Math.max(1, Math.round((n * us) / t.medianUs));
  }
  return n;
}

function tasks(rounds: number): SlicedTask[] {
  return Array.from({ length: TASKS }, (_, i) => ({
    step(_budget, counters) {
      consume(work(rounds, i + 1));
      counters.units += 1;
      return SliceFlags.Done;
    },
  }));
}

function scheduler(list: SlicedTask[], budget: number, timed: boolean): Scheduler {
  const s = createScheduler(
    timed ? { frameBudget: 1e9, budgetUnit: "ms", now: () => performance.now(), capacity: TASKS } : { frameBudget: budget, capacity: TASKS },
  );
  list.forEach((t, i) => addScheduledTask(s, t, { sliceUnits: 1, priority: i % 4, module: `m${i % 8}` }));
  return s;
}

function record(ctx: SuiteContext, name: string, lib: string, t: Timing): void {
  ctx.record({ case: name, library: lib, metric: "median_us", value: t.medianUs, unit: "us" });
  ctx.record({ case: name, library: lib, metric: "p95_us", value: t.p95Us, unit: "us" });
}

const suite: Suite = {
  name: "runtime",
  description:
    "core's frame-budget scheduler: overhead per slice vs a direct loop over the same 1,000 tasks, bytes per frame; snapshot save/restore time and size; byte-level state hash vs hashing JSON text; reference world (200 agents): replay vs recording ticks/s, hashing share of a tick, saveReferenceWorld time and size",
  run(ctx) {
    // `--part world` runs only the reference-world rows, `--part scheduler` only the rest.
    const pi = ctx.args.indexOf("--part");
    const part = pi >= 0 ? ctx.args[pi + 1] : "all";
    if (part !== "world") runScheduler(ctx);
    if (part !== "scheduler") runReferenceWorld(ctx);
  },
};

/** The scheduler, snapshot-envelope and state-hash rows (1,000 tasks). */
function runScheduler(ctx: SuiteContext): void {
  {
    const timeMs = ctx.quick ? 60 : 1500;
    const rounds = calibrate(10, ctx.quick ? 40 : 400);
    ctx.log(`${rounds} xorshift rounds ≈ 10 µs`);
    const perSlice: Record<string, number> = {};
    let taskUs = 0;
    for (const [label, r] of [
      ["10us", rounds],
      ["empty", 0],
    ] as const) {
      const list = tasks(r);
      const counters = { units: 0, nodes: 0, rays: 0 };
      const direct = (): void => {
        for (let i = 0; i < TASKS; i++) list[i]!.step(1, counters);
      };
      const units = scheduler(list, TASKS, false);
      const ms = scheduler(tasks(r), 0, true);
      const runs: [string, () => unknown][] = [
        ["direct", direct],
        ["units", () => runSchedulerFrame(units, 1 / 60)],
        ["ms", () => runSchedulerFrame(ms, 1 / 60)],
      ];
      // Interleaved rounds: the machine's load drifts, so each round measures all three back to
      // back and the figures are medians over rounds.
      const ROUNDS = ctx.quick ? 2 : 9;
      const samples = new Map<string, Timing[]>(runs.map(([k]) => [k, []]));
      for (let round = 0; round < ROUNDS; round++) for (const [k, fn] of runs) samples.get(k)!.push(measure(fn, { timeMs: timeMs / ROUNDS }));
      const med = (k: string): Timing => {
        const ts = samples
          .get(k)!
          .slice()
          .sort((a, b) => a.medianUs - b.medianUs);
        return ts[ts.length >> 1]!;
      };
      // Per round ratios too: the overhead measured within one round is the least disturbed.
      const overheads = (k: string): number => {
        const o = samples
          .get(k)!
          .map((t, i) => t.medianUs - samples.get("direct")![i]!.medianUs)
          .sort((a, b) => a - b);
        return o[o.length >> 1]!;
      };
      const d = med("direct");
      if (label === "10us") taskUs = d.medianUs / TASKS;
      record(ctx, `frame-${TASKS}-tasks-${label}`, "direct-loop", d);
      for (const mode of ["units", "ms"] as const) {
        if ((mode === "units" ? units : ms).lastSlices !== TASKS) throw new Error(`bench: expected ${TASKS} slices per frame`);
        const t = med(mode);
        const name = `frame-${TASKS}-tasks-${label}-${mode}`;
        record(ctx, name, "tactica", t);
        const over = overheads(mode);
        perSlice[`${label}-${mode}`] = over / TASKS;
        ctx.record({ case: name, library: "tactica", metric: "overhead_per_slice_us", value: over / TASKS, unit: "us" });
        ctx.record({ case: name, library: "tactica", metric: "overhead_pct", value: (100 * over) / d.medianUs, unit: "%" });
        ctx.record({ case: name, library: "tactica", metric: "ratio_vs_direct-loop", value: d.medianUs / t.medianUs, unit: "x" });
        ctx.log(
          `${name}: ${t.medianUs.toFixed(1)} µs/frame vs direct ${d.medianUs.toFixed(1)} µs → ${(over / TASKS).toFixed(3)} µs per slice (${((100 * over) / d.medianUs).toFixed(1)} %)`,
        );
      }
    }
    // The scheduler's own work per slice does not depend on what the task does, and the empty-task
    // difference is the stable one on a loaded machine: relate it to the 10 µs task.
    for (const mode of ["units", "ms"] as const) {
      const pct = (100 * perSlice[`empty-${mode}`]!) / taskUs;
      ctx.record({ case: `frame-${TASKS}-tasks-10us-${mode}`, library: "tactica", metric: "derived_overhead_pct", value: pct, unit: "%" });
      ctx.log(`${mode} mode: ${perSlice[`empty-${mode}`]!.toFixed(3)} µs per slice = ${pct.toFixed(1)} % of a ${taskUs.toFixed(1)} µs task`);
    }
    // Half the budget: 500 of 1,000 empty tasks run per frame, the rest wait and age.
    const half = scheduler(tasks(0), TASKS / 2, false);
    const th = measure(() => runSchedulerFrame(half, 1 / 60), { timeMs });
    record(ctx, `frame-${TASKS}-tasks-empty-half-budget`, "tactica", th);
    ctx.record({ case: `frame-${TASKS}-tasks-empty-half-budget`, library: "tactica", metric: "us_per_slice", value: th.medianUs / (TASKS / 2), unit: "us" });
    // Bytes per frame (units mode, 1,000 empty tasks).
    const s = scheduler(tasks(0), TASKS, false);
    const bytes = allocationPerCall(() => runSchedulerFrame(s, 1 / 60), ctx.quick ? 200 : 5000);
    ctx.record({ case: `frame-${TASKS}-tasks-empty-units`, library: "tactica", metric: "bytes_per_frame", value: bytes, unit: "bytes" });
    ctx.log(`bytes per frame: ${bytes.toFixed(1)}`);

    // Snapshot envelope: save (to JSON text) and restore (from JSON text) of the 1,000-task scheduler.
    for (let f = 0; f < 10; f++) runSchedulerFrame(s, 1 / 60);
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "scheduler", schedulerSnapshotCodec);
    const rng = { ai: createRngStream(1, "ai") };
    const text = JSON.stringify(saveSnapshot(codecs, { scheduler: s }, { tick: 10, rng }));
    const copy = scheduler(tasks(0), TASKS, false);
    const save = measure(() => consume(JSON.stringify(saveSnapshot(codecs, { scheduler: s }, { tick: 10, rng })).length), { timeMs });
    const restore = measure(() => consume(restoreSnapshot(codecs, { scheduler: copy }, JSON.parse(text), { rng })), { timeMs });
    record(ctx, `snapshot-save-${TASKS}-tasks`, "tactica", save);
    record(ctx, `snapshot-restore-${TASKS}-tasks`, "tactica", restore);
    ctx.record({ case: `snapshot-save-${TASKS}-tasks`, library: "tactica", metric: "json_bytes", value: text.length, unit: "bytes" });
    // State hash over the scheduler's typed arrays (~100 KB) against hashing its JSON text.
    const h = createStateHash();
    const arrays = [s.accumulator, s.age, s.pending, s.units, s.nodes, s.rays, s.misses, s.completions, s.slices, s.frameUnits, s.generation, s.priority];
    const bytesHashed = arrays.reduce((n, a) => n + a.byteLength, 0);
    const hashBytes = measure(
      () => {
        resetStateHash(h);
        for (const a of arrays) hashStateBytes(h, a);
        consume(readStateHash(h));
      },
      { timeMs },
    );
    const hashJson = measure(
      () => {
        const t = JSON.stringify(arrays.map((a) => Array.from(a)));
        let x = 0x811c9dc5;
        for (let i = 0; i < t.length; i++) x = Math.imul(x ^ t.charCodeAt(i), 0x01000193);
        consume(x);
      },
      { timeMs },
    );
    record(ctx, `state-hash-${bytesHashed}-bytes`, "tactica", hashBytes);
    record(ctx, `state-hash-${bytesHashed}-bytes`, "naive-json-text", hashJson);
    ctx.record({
      case: `state-hash-${bytesHashed}-bytes`,
      library: "tactica",
      metric: "ratio_vs_naive-json-text",
      value: hashJson.medianUs / hashBytes.medianUs,
      unit: "x",
    });
    ctx.log(
      `snapshot ${text.length} bytes, save ${save.medianUs.toFixed(0)} µs, restore ${restore.medianUs.toFixed(0)} µs; hash ${bytesHashed} bytes in ${hashBytes.medianUs.toFixed(1)} µs (JSON text ${hashJson.medianUs.toFixed(1)} µs)`,
    );
  }
}

/** Player inputs of the recorded run (two rallies, as in the reference-world test). */
function worldInputs(t: number): ReferenceWorldInput[] {
  return t === 40 ? [{ kind: "rally", team: 0, x: 48, y: 32 }] : t === 160 ? [{ kind: "rally", team: 1, x: 20, y: 20 }] : [];
}

const median = (xs: readonly number[]): number => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;

/**
 * The reference world of apps/playground (200 agents, issue 17): the recording run's ticks per
 * second (step, record the decisions, hash, record the tick) against `replayLog` on a fresh world
 * (goal ≥ 0.9×); hashing as a share of a recorded tick (goal ≤ 10 %); snapshot save and restore
 * time (to and from JSON text) and size for `saveReferenceWorld`. Record and replay alternate in
 * chunks of 20 ticks, after a warm-up round; the figures are medians over rounds, since the
 * machine's load drifts.
 */
function runReferenceWorld(ctx: SuiteContext): void {
  const TICKS = ctx.quick ? 120 : 400;
  const ROUNDS = ctx.quick ? 2 : 5;
  const WARMUP = 1; // a first round of each (the JIT meets a second world instance) is not counted
  const SEED = 2;
  const recordTps: number[] = [];
  const replayTps: number[] = [];
  const ratios: number[] = [];
  const hashPct: number[] = [];
  const hashMsPerTick: number[] = [];
  const tickMs: number[] = [];
  let replayed = 0;
  const CHUNK = 20;
  let last: ReturnType<typeof createReferenceWorld> | undefined;
  for (let round = -WARMUP; round < ROUNDS; round++) {
    // The recording world and the replaying one (a fresh world of the same seed) advance in
    // alternating chunks of CHUNK ticks: each chunk is recorded into its own log (starting at the
    // world's tick) and replayed at once, so a load change on this shared machine hits both sides
    // alike. World creation is not timed.
    const world = createReferenceWorld({ seed: SEED });
    const replayWorld = createReferenceWorld({ seed: SEED });
    const target = referenceWorldReplayTarget(replayWorld);
    let hashMs = 0;
    let recordMs = 0;
    let replayMs = 0;
    let logged = 0;
    for (let t = 0; t < TICKS; t += CHUNK) {
      const rec = createReplayRecorder({ seed: world.seed, startTick: world.tick, modules: REFERENCE_WORLD_MODULES });
      const t0 = performance.now();
      for (let k = t; k < Math.min(TICKS, t + CHUNK); k++) {
        const inputs = worldInputs(k);
        stepReferenceWorld(world, inputs);
        const d = world.decisions;
        for (let j = 0; j < d.length; j += 3) recordReplayDecision(rec, d[j]!, d[j + 1]!, d[j + 2]!);
        const h0 = performance.now();
        const hash = hashReferenceWorld(world);
        hashMs += performance.now() - h0;
        recordReplayTick(rec, world.tick, hash, { inputs });
      }
      const t1 = performance.now();
      const result = replayLog(rec.log, target);
      const t2 = performance.now();
      recordMs += t1 - t0;
      replayMs += t2 - t1;
      if (!result.ok || result.ticks !== rec.log.ticks.length) throw new Error(`bench: the replay diverged: ${JSON.stringify(result.divergence)}`);
      logged += result.ticks;
    }
    if (round < 0) continue;
    recordTps.push((1000 * TICKS) / recordMs);
    replayTps.push((1000 * TICKS) / replayMs);
    ratios.push(recordMs / replayMs);
    hashPct.push((100 * hashMs) / recordMs);
    hashMsPerTick.push(hashMs / TICKS);
    tickMs.push(recordMs / TICKS);
    replayed = logged;
    last = world;
    ctx.log(
      `round ${round + 1}: record ${((1000 * TICKS) / recordMs).toFixed(0)} ticks/s, replay ${((1000 * TICKS) / replayMs).toFixed(0)} ticks/s (${(recordMs / replayMs).toFixed(2)}×), hashing ${((100 * hashMs) / recordMs).toFixed(1)} % of a tick`,
    );
  }
  const c = `reference-world-200-agents-${TICKS}-ticks`;
  ctx.record({ case: c, library: "recording-run", metric: "ticks_per_s", value: median(recordTps), unit: "ticks/s" });
  ctx.record({ case: c, library: "recording-run", metric: "ms_per_tick", value: median(tickMs), unit: "ms" });
  ctx.record({ case: c, library: "replayLog", metric: "ticks_per_s", value: median(replayTps), unit: "ticks/s" });
  ctx.record({ case: c, library: "replayLog", metric: "ratio_vs_recording-run", value: median(ratios), unit: "x" });
  ctx.record({ case: c, library: "hashReferenceWorld", metric: "ms_per_tick", value: median(hashMsPerTick), unit: "ms" });
  ctx.record({ case: c, library: "hashReferenceWorld", metric: "pct_of_tick", value: median(hashPct), unit: "%" });
  ctx.log(
    `${c}: record ${median(recordTps).toFixed(0)} ticks/s, replay ${median(replayTps).toFixed(0)} ticks/s → ${median(ratios).toFixed(2)}× (goal ≥ 0.9×); hashing ${median(hashMsPerTick).toFixed(3)} ms = ${median(hashPct).toFixed(1)} % of a tick (goal ≤ 10 %); ${replayed} ticks replayed per round`,
  );

  // Snapshot of the world at the end of the recording run: save to JSON text, restore from it.
  const world = last!;
  const target = createReferenceWorld({ seed: SEED });
  const text = JSON.stringify(saveReferenceWorld(world));
  const timeMs = ctx.quick ? 200 : 1500;
  const save = measure(() => consume(JSON.stringify(saveReferenceWorld(world)).length), { timeMs });
  const restore = measure(() => restoreReferenceWorld(target, JSON.parse(text) as ReferenceWorldSnapshot), { timeMs });
  if (hashReferenceWorld(target) !== hashReferenceWorld(world)) throw new Error("bench: the restored world hashes differently");
  const s = "reference-world-200-agents-snapshot";
  ctx.record({ case: s, library: "saveReferenceWorld", metric: "median_ms", value: save.medianUs / 1000, unit: "ms" });
  ctx.record({ case: s, library: "restoreReferenceWorld", metric: "median_ms", value: restore.medianUs / 1000, unit: "ms" });
  ctx.record({ case: s, library: "saveReferenceWorld", metric: "json_bytes", value: text.length, unit: "bytes" });
  ctx.log(`${s}: save ${(save.medianUs / 1000).toFixed(2)} ms, restore ${(restore.medianUs / 1000).toFixed(2)} ms (JSON text included), ${text.length} bytes`);
}

export default suite;
