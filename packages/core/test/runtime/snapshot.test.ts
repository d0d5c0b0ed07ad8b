import { describe, expect, it } from "vitest";
import {
  addScheduledTask,
  createRngStream,
  createRngStreams,
  createScheduler,
  createSnapshotCodecs,
  createStateHash,
  hashStateBytes,
  hashStateNumber,
  hashStateString,
  isTacticaError,
  readStateHash,
  registerSnapshotCodec,
  resetStateHash,
  restoreSnapshot,
  type Rng,
  rngInt,
  rngNextUint32,
  runSchedulerFrame,
  saveRng,
  saveScheduler,
  saveSnapshot,
  type Scheduler,
  schedulerSnapshotCodec,
  SliceFlags,
  type SnapshotCodec,
  type SnapshotCodecs,
  TacticaError,
} from "../../src/index";

/** A small world: three jobs of random size (from a named stream) run by a scheduler. */
interface Jobs {
  left: Float64Array;
  finished: Int32Array;
}
interface World {
  scheduler: Scheduler;
  jobs: Jobs;
  rng: { jobs: Rng };
}

const jobsCodec: SnapshotCodec<Jobs> = {
  version: 2,
  save: (j) => ({ left: Array.from(j.left), finished: Array.from(j.finished) }),
  restore: (j, data) => {
    const d = data as { left?: unknown; finished?: unknown };
    const ok = (a: unknown, n: number): a is number[] =>
      Array.isArray(a) && a.length === n && a.every((x) => typeof x === "number" && Number.isInteger(x) && x >= 0);
    if (!ok(d.left, 3)) throw new TacticaError("INVALID_ARGUMENT", "jobs: bad left", { path: "$.left" });
    if (!ok(d.finished, 3)) throw new TacticaError("INVALID_ARGUMENT", "jobs: bad finished", { path: "$.finished" });
    j.left.set(d.left);
    j.finished.set(d.finished);
  },
  // Version 1 had no `finished` counters.
  migrations: { 1: (d) => ({ ...(d as object), finished: [0, 0, 0] }) },
};

function codecs(): SnapshotCodecs {
  const c = createSnapshotCodecs();
  registerSnapshotCodec(c, "scheduler", schedulerSnapshotCodec);
  registerSnapshotCodec(c, "jobs", jobsCodec);
  return c;
}

function makeWorld(seed: number): World {
  const world: World = {
    scheduler: createScheduler({ frameBudget: 30, capacity: 8 }),
    jobs: { left: new Float64Array(3), finished: new Int32Array(3) },
    rng: { jobs: createRngStream(seed, "jobs") },
  };
  for (let i = 0; i < 3; i++) {
    addScheduledTask(
      world.scheduler,
      {
        step(budget, counters) {
          const j = world.jobs;
          if (j.left[i] === 0) j.left[i] = rngInt(world.rng.jobs, 5, 60);
          const n = Math.min(budget, j.left[i]!);
          j.left[i]! -= n;
          counters.units += n;
          if (j.left[i]! > 0) return SliceFlags.Partial;
          j.finished[i]!++;
          return SliceFlags.Done;
        },
      },
      { module: `m${i}`, rate: [0, 3, 1.5][i]!, priority: i, sliceUnits: 8 },
    );
  }
  return world;
}

function hashWorld(w: World): number {
  const h = createStateHash();
  const s = w.scheduler;
  for (const a of [s.accumulator, s.age, s.pending, s.units, s.misses, s.completions, s.generation]) hashStateBytes(h, a);
  hashStateBytes(h, w.jobs.left);
  hashStateBytes(h, w.jobs.finished);
  hashStateBytes(h, Uint32Array.from(saveRng(w.rng.jobs)));
  hashStateNumber(h, s.frame);
  return readStateHash(h);
}

/** The parsed JSON of a snapshot, loosely typed for the mutations below. */
interface SnapJson {
  format: unknown;
  version: unknown;
  tick: unknown;
  rng: Record<string, unknown>;
  sections: Record<string, { version: unknown; data: Record<string, unknown> & { tasks: Record<string, unknown>[] } }>;
}

describe("snapshot envelope", () => {
  it("runs the saveSnapshot @example", () => {
    const c = createSnapshotCodecs();
    registerSnapshotCodec(c, "scheduler", schedulerSnapshotCodec);
    const world = { scheduler: createScheduler({ frameBudget: 100 }) };
    const rng = { ai: createRngStream(7, "ai") };
    const snap = saveSnapshot(c, world, { tick: 42, rng });
    const again = { scheduler: createScheduler({ frameBudget: 1 }) };
    const rng2 = { ai: createRngStream(0, "ai") };
    expect(restoreSnapshot(c, again, JSON.parse(JSON.stringify(snap)), { rng: rng2 })).toBe(42);
    expect(rngNextUint32(rng2.ai)).toBe(rngNextUint32(rng.ai));
  });

  it("save at tick k, restore, run to N: every hash equals the uninterrupted run's", () => {
    const N = 240;
    for (const k of [0, 1, 77, 150]) {
      const a = makeWorld(99);
      const hashes: number[] = [];
      let snap: unknown;
      for (let t = 0; t < N; t++) {
        if (t === k) snap = JSON.parse(JSON.stringify(saveSnapshot(codecs(), { scheduler: a.scheduler, jobs: a.jobs }, { tick: t, rng: a.rng })));
        runSchedulerFrame(a.scheduler, 1 / 30);
        hashes.push(hashWorld(a));
      }
      const b = makeWorld(12345); // another seed: the snapshot must carry everything
      const start = restoreSnapshot(codecs(), { scheduler: b.scheduler, jobs: b.jobs }, snap, { rng: b.rng });
      expect(start).toBe(k);
      for (let t = k; t < N; t++) {
        runSchedulerFrame(b.scheduler, 1 / 30);
        expect(hashWorld(b), `tick ${t}`).toBe(hashes[t]);
      }
      expect(Array.from(b.jobs.finished)).toEqual(Array.from(a.jobs.finished));
      expect(a.jobs.finished[0]).toBeGreaterThan(5);
    }
  });

  it("migrates an older section and rejects unknown sections, newer versions and broken data with CORE_SNAPSHOT and a JSON path", () => {
    const w = makeWorld(1);
    runSchedulerFrame(w.scheduler, 0.1);
    const good = JSON.parse(JSON.stringify(saveSnapshot(codecs(), { scheduler: w.scheduler, jobs: w.jobs }, { tick: 3, rng: w.rng }))) as SnapJson;
    // Version 1 of the jobs section (no `finished`): migrated.
    const v1 = structuredClone(good);
    v1.sections["jobs"] = { version: 1, data: { left: [1, 2, 3], tasks: [] } };
    const t = makeWorld(2);
    restoreSnapshot(codecs(), { scheduler: t.scheduler, jobs: t.jobs }, v1, { rng: t.rng });
    expect(Array.from(t.jobs.left)).toEqual([1, 2, 3]);
    expect(Array.from(t.jobs.finished)).toEqual([0, 0, 0]);

    const bad = (mutate: (s: SnapJson) => void): SnapJson => {
      const s = structuredClone(good);
      mutate(s);
      return s;
    };
    const cases: [unknown, string][] = [
      [null, "$"],
      [bad((s) => (s.format = "x")), "$.format"],
      [bad((s) => (s.version = 2)), "$.version"],
      [bad((s) => (s.tick = -1)), "$.tick"],
      [bad((s) => (s.rng["other"] = [1, 2, 3, 4])), "$.rng.other"],
      [bad((s) => (s.rng["jobs"] = [0, 0, 0, 0])), "$.rng.jobs"],
      [bad((s) => (s.sections["crowd"] = { version: 1, data: { tasks: [] } })), "$.sections.crowd"],
      [bad((s) => delete s.sections["jobs"]), "$.sections"],
      [bad((s) => (s.sections["jobs"]!.version = 3)), "$.sections.jobs.version"],
      [bad((s) => (s.sections["jobs"]!.data["left"] = [1, 2])), "$.sections.jobs.data.left"],
      [bad((s) => (s.sections["scheduler"]!.data.tasks[1]!["rate"] = -1)), "$.sections.scheduler.data.tasks[1].rate"],
    ];
    const target = makeWorld(5);
    runSchedulerFrame(target.scheduler, 0.2);
    const before = JSON.stringify([saveScheduler(target.scheduler), Array.from(target.jobs.left), saveRng(target.rng.jobs)]);
    for (const [snap, path] of cases) {
      let err: unknown;
      try {
        restoreSnapshot(codecs(), { scheduler: target.scheduler, jobs: target.jobs }, snap, { rng: target.rng });
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "CORE_SNAPSHOT"), path).toBe(true);
      expect((err as { path?: string }).path).toBe(path);
      // The scheduler section is restored before jobs: a rejected jobs section rolls it back.
      expect(JSON.stringify([saveScheduler(target.scheduler), Array.from(target.jobs.left), saveRng(target.rng.jobs)])).toBe(before);
    }
  });

  it("a codec with check is checked first and written last: a rejected snapshot never writes it (no rollback)", () => {
    // A counter that every restore bumps (like a navmesh's revision): a rollback could not undo it.
    interface Counted {
      value: number;
      writes: number;
    }
    const checkValue = (d: unknown): number => {
      if (typeof d !== "number") throw new TacticaError("INVALID_ARGUMENT", "bad value", { path: "$" });
      return d;
    };
    const counted: SnapshotCodec<Counted> = {
      version: 1,
      save: (t) => t.value,
      restore: (t, d) => {
        t.value = checkValue(d);
        t.writes++;
      },
      check: (_t, d) => void checkValue(d),
    };
    const c = createSnapshotCodecs();
    registerSnapshotCodec(c, "counted", counted); // registered (and saved) before jobs
    registerSnapshotCodec(c, "jobs", jobsCodec);
    const w = makeWorld(1);
    const target: Counted = { value: 1, writes: 0 };
    const good = JSON.parse(JSON.stringify(saveSnapshot(c, { counted: { value: 7, writes: 0 }, jobs: w.jobs }, { tick: 1 }))) as SnapJson;
    const badJobs = structuredClone(good);
    badJobs.sections["jobs"]!.data["left"] = [1];
    expect(() => restoreSnapshot(c, { counted: target, jobs: makeWorld(2).jobs }, badJobs)).toThrow(/jobs/);
    expect(target).toEqual({ value: 1, writes: 0 });
    const badCounted = structuredClone(good) as unknown as { sections: Record<string, { data: unknown }> };
    badCounted.sections["counted"]!.data = "x";
    const jobs = makeWorld(3).jobs;
    const jobsBefore = Array.from(jobs.left);
    let err: unknown;
    try {
      restoreSnapshot(c, { counted: target, jobs }, badCounted);
    } catch (e) {
      err = e;
    }
    expect((err as { path?: string }).path).toBe("$.sections.counted.data");
    expect(Array.from(jobs.left)).toEqual(jobsBefore); // jobs was not written either
    restoreSnapshot(c, { counted: target, jobs }, good);
    expect(target).toEqual({ value: 7, writes: 1 });
    expect(() => registerSnapshotCodec(createSnapshotCodecs(), "z", { ...counted, check: 1 as never })).toThrow(/check/);
  });

  it("registerSnapshotCodec rejects bad names, duplicates and missing migrations", () => {
    const c = createSnapshotCodecs();
    const code = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        return isTacticaError(e) ? e.code : "other";
      }
      return undefined;
    };
    expect(code(() => registerSnapshotCodec(c, "__proto__", jobsCodec))).toBe("CORE_SNAPSHOT");
    expect(code(() => registerSnapshotCodec(c, "", jobsCodec))).toBe("CORE_SNAPSHOT");
    registerSnapshotCodec(c, "jobs", jobsCodec);
    expect(code(() => registerSnapshotCodec(c, "jobs", jobsCodec))).toBe("CORE_SNAPSHOT");
    expect(code(() => registerSnapshotCodec(c, "x", { ...jobsCodec, version: 0 }))).toBe("CORE_SNAPSHOT");
    expect(code(() => registerSnapshotCodec(c, "y", { ...jobsCodec, version: 3 }))).toBe("CORE_SNAPSHOT");
    expect(code(() => saveSnapshot(c, { nope: 1 }, { tick: 0 }))).toBe("CORE_SNAPSHOT");
  });
});

describe("state hash and RNG streams", () => {
  it("hashes bytes, not text: -0, the viewed range and strings all count", () => {
    const h = createStateHash();
    const of = (f: () => void): number => {
      resetStateHash(h);
      f();
      return readStateHash(h);
    };
    expect(of(() => hashStateNumber(h, 0))).not.toBe(of(() => hashStateNumber(h, -0)));
    const buf = new Float64Array([1, 2, 3, 4]);
    expect(of(() => hashStateBytes(h, buf.subarray(1, 3)))).toBe(of(() => hashStateBytes(h, new Float64Array([2, 3]))));
    expect(of(() => hashStateString(h, "ab"))).not.toBe(of(() => hashStateString(h, "ba")));
    expect(of(() => hashStateString(h, "\u0100"))).not.toBe(of(() => hashStateString(h, "\u0000"))); // both bytes of a code unit
    expect(of(() => (hashStateString(h, "a"), hashStateString(h, "b")))).not.toBe(of(() => hashStateString(h, "ab")));
    // Pinned values and the word/lane layout: test/runtime/state-hash.test.ts.
  });

  it("named streams do not depend on which other streams exist or their order", () => {
    const a = createRngStreams(1234, ["steering", "perception"]);
    const b = createRngStreams(1234, ["perception", "extra", "steering"]);
    expect(saveRng(a.steering)).toEqual(saveRng(b.steering));
    expect(saveRng(a.perception)).toEqual(saveRng(b.perception));
    expect(saveRng(a.steering)).not.toEqual(saveRng(a.perception));
    expect(saveRng(createRngStream(1234, "x"))).not.toEqual(saveRng(createRngStream("1234", "x")));
    const steering = createRngStream(1234, "steering");
    expect(rngNextUint32(createRngStream(1234, "steering"))).toBe(rngNextUint32(steering));
  });
});
