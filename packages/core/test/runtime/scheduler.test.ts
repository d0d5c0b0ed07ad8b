import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addScheduledTask,
  cancelScheduledTask,
  createScheduler,
  createSchedulerLog,
  createSliceCounters,
  getScheduledTaskStats,
  getSchedulerModuleStats,
  isScheduledTask,
  isTacticaError,
  removeScheduledTask,
  replaySchedulerFrame,
  resetSchedulerCounters,
  schedulerLogFromJson,
  schedulerLogToJson,
  restoreScheduler,
  runSchedulerFrame,
  saveScheduler,
  type Scheduler,
  setScheduledTaskLod,
  setScheduledTaskPriority,
  setScheduledTaskRate,
  setSchedulerBudget,
  SliceFlags,
  type SlicedTask,
} from "../../src/index";

/** A recurring job of `size` units done at most `budget` per slice; `indivisible` > 0 makes every slice use exactly that much. */
interface Job extends SlicedTask {
  left: number;
  size: number;
  done: number;
  trace: number[];
  cancelled: number;
}

function job(size: number, indivisible = 0, nodesPerUnit = 0): Job {
  const j: Job = {
    left: size,
    size,
    done: 0,
    trace: [],
    cancelled: 0,
    step(budget, counters) {
      const n = indivisible > 0 ? Math.min(indivisible, j.left) : Math.min(budget, j.left);
      j.left -= n;
      j.trace.push(budget);
      counters.units += n;
      counters.nodes += n * nodesPerUnit;
      if (j.left > 0) return SliceFlags.Partial;
      j.left = j.size;
      j.done++;
      return SliceFlags.Done;
    },
    cancel() {
      j.cancelled++;
      j.left = j.size;
    },
  };
  return j;
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isTacticaError(e) ? e.code : "other";
  }
  return undefined;
}

describe("createScheduler / addScheduledTask", () => {
  it("runs the @example", () => {
    const scheduler = createScheduler({ frameBudget: 200 });
    let left = 500;
    const task: SlicedTask = {
      step(budget, counters) {
        const n = Math.min(budget, left);
        left -= n;
        counters.units += n;
        return left === 0 ? SliceFlags.Done : SliceFlags.Partial;
      },
    };
    const handle = addScheduledTask(scheduler, task, { module: "demo", sliceUnits: 50, once: true });
    expect(runSchedulerFrame(scheduler, 1 / 60)).toBe(200);
    expect(left).toBe(300);
    runSchedulerFrame(scheduler, 1 / 60);
    expect(isScheduledTask(scheduler, handle)).toBe(true);
    runSchedulerFrame(scheduler, 1 / 60);
    expect(left).toBe(0);
    expect(isScheduledTask(scheduler, handle)).toBe(false);
  });

  it("SlicedTask @example", () => {
    const counter = { value: 0 };
    const task: SlicedTask = {
      step(budget, counters) {
        const n = Math.min(budget, 100 - counter.value);
        counter.value += n;
        counters.units += n;
        return counter.value === 100 ? SliceFlags.Done : SliceFlags.Partial;
      },
    };
    const counters = createSliceCounters();
    expect(task.step(30, counters)).toBe(SliceFlags.Partial);
    expect(counters.units).toBe(30);
  });

  it("SliceFlags are distinct bits", () => {
    const v = Object.values(SliceFlags).filter((x) => x !== 0);
    for (const x of v) expect(x & (x - 1)).toBe(0);
    expect(new Set(v).size).toBe(v.length);
  });

  it("rejects a budget ≤ 0, a negative rate, a duplicate task and ms mode without a clock with CORE_SCHEDULER", () => {
    expect(code(() => createScheduler({ frameBudget: 0 }))).toBe("CORE_SCHEDULER");
    expect(code(() => createScheduler({ frameBudget: -5 }))).toBe("CORE_SCHEDULER");
    expect(code(() => createScheduler({ frameBudget: Number.NaN }))).toBe("CORE_SCHEDULER");
    expect(code(() => createScheduler({ frameBudget: 4, budgetUnit: "ms" }))).toBe("CORE_SCHEDULER");
    expect(code(() => createScheduler({ frameBudget: 4, capacity: 0 }))).toBe("CORE_SCHEDULER");
    const s = createScheduler({ frameBudget: 10 });
    expect(code(() => setSchedulerBudget(s, 0))).toBe("CORE_SCHEDULER");
    const t = job(5);
    expect(code(() => addScheduledTask(s, job(1), { rate: -1 }))).toBe("CORE_SCHEDULER");
    expect(code(() => addScheduledTask(s, job(1), { lod: 2 }))).toBe("CORE_SCHEDULER");
    expect(code(() => addScheduledTask(s, job(1), { sliceUnits: 0 }))).toBe("CORE_SCHEDULER");
    expect(code(() => addScheduledTask(s, job(1), { priority: 256 }))).toBe("CORE_SCHEDULER");
    expect(code(() => addScheduledTask(s, {} as SlicedTask))).toBe("CORE_SCHEDULER");
    const h = addScheduledTask(s, t);
    expect(code(() => addScheduledTask(s, t))).toBe("CORE_SCHEDULER");
    expect(code(() => setScheduledTaskRate(s, h, -0.5))).toBe("CORE_SCHEDULER");
    expect(code(() => runSchedulerFrame(s, -1))).toBe("CORE_SCHEDULER");
    expect(code(() => runSchedulerFrame(s, Number.NaN))).toBe("CORE_SCHEDULER");
    expect(s.count).toBe(1);
  });

  it("rejects a task reporting bad units or a bad status", () => {
    const s = createScheduler({ frameBudget: 10 });
    addScheduledTask(s, { step: (_b, c) => ((c.units = Number.NaN), SliceFlags.Partial) });
    expect(code(() => runSchedulerFrame(s, 0.1))).toBe("CORE_SCHEDULER");
    const s2 = createScheduler({ frameBudget: 10 });
    addScheduledTask(s2, { step: () => 7 });
    expect(code(() => runSchedulerFrame(s2, 0.1))).toBe("CORE_SCHEDULER");
  });

  it("returns -1 when full, and handles go stale with a new generation", () => {
    const s = createScheduler({ frameBudget: 10, capacity: 2 });
    const a = addScheduledTask(s, job(1));
    const b = addScheduledTask(s, job(1));
    expect(addScheduledTask(s, job(1))).toBe(-1);
    expect(removeScheduledTask(s, a)).toBe(true);
    expect(removeScheduledTask(s, a)).toBe(false);
    expect(isScheduledTask(s, a)).toBe(false);
    const c = addScheduledTask(s, job(1));
    expect(c % 65536).toBe(a % 65536);
    expect(c).not.toBe(a);
    expect(isScheduledTask(s, b) && isScheduledTask(s, c)).toBe(true);
    expect(code(() => setScheduledTaskLod(s, a, 0.5))).toBe("INVALID_HANDLE");
    expect(isScheduledTask(s, -1) || isScheduledTask(s, 0.5) || isScheduledTask(s, 12)).toBe(false);
  });
});

describe("runSchedulerFrame", () => {
  it("runs higher priority classes first and splits slices by sliceUnits", () => {
    const s = createScheduler({ frameBudget: 30 });
    const order: string[] = [];
    const mk = (name: string): SlicedTask => ({ step: (b, c) => (order.push(`${name}${b}`), (c.units += b), SliceFlags.Partial) });
    addScheduledTask(s, mk("low"), { priority: 2, sliceUnits: 10 });
    addScheduledTask(s, mk("high"), { priority: 0, sliceUnits: 10 });
    addScheduledTask(s, mk("mid"), { priority: 1, sliceUnits: 4 });
    expect(runSchedulerFrame(s, 0)).toBe(30);
    expect(order).toEqual(["high10", "mid4", "low10", "high6"]);
  });

  it("gives a task later slices in the same frame while budget remains (passes)", () => {
    const s = createScheduler({ frameBudget: 100 });
    const j = job(45);
    addScheduledTask(s, j, { sliceUnits: 10 });
    expect(runSchedulerFrame(s, 0)).toBe(45);
    expect(j.trace).toEqual([10, 10, 10, 10, 10]);
    expect(j.done).toBe(1);
    // Done: a rate-0 task's next job is due next frame.
    expect(runSchedulerFrame(s, 0)).toBe(45);
    expect(j.done).toBe(2);
  });

  it("an indivisible step overspends by at most one slice, and the frame stops there", () => {
    const s = createScheduler({ frameBudget: 10 });
    const big = job(1000, 25);
    const other = job(1000);
    addScheduledTask(s, big, { priority: 0, sliceUnits: 5 });
    addScheduledTask(s, other, { priority: 1, sliceUnits: 5 });
    expect(runSchedulerFrame(s, 0)).toBe(25);
    expect(other.trace).toEqual([]);
  });

  it("rates follow the accumulated dt and lod scales them; misses count unfinished jobs", () => {
    const s = createScheduler({ frameBudget: 1000 });
    const fast = job(1);
    const slow = job(1);
    const far = job(1);
    addScheduledTask(s, fast, { rate: 5 });
    addScheduledTask(s, slow, { rate: 0.5 });
    const hf = addScheduledTask(s, far, { rate: 5, lod: 0.5 });
    for (let f = 0; f < 600; f++) runSchedulerFrame(s, 1 / 60); // 10 s
    expect(fast.done).toBe(1 + 50);
    expect(slow.done).toBe(1 + 5);
    expect(far.done).toBe(1 + 25);
    setScheduledTaskLod(s, hf, 0);
    for (let f = 0; f < 600; f++) runSchedulerFrame(s, 1 / 60);
    expect(far.done).toBe(26);
    // A job of 100 units with 10 units per frame never finishes within a 5 Hz tick: misses.
    const m = createScheduler({ frameBudget: 10 });
    const h = addScheduledTask(m, job(100), { rate: 30 });
    for (let f = 0; f < 60; f++) runSchedulerFrame(m, 1 / 60);
    const st = getScheduledTaskStats(m, h);
    expect(st.completions).toBe(5); // 10 frames per job, the next job waits for the next 30 Hz tick
    expect(st.misses).toBeGreaterThan(20);
  });

  it("a huge dt does not loop per tick", () => {
    const s = createScheduler({ frameBudget: 1 });
    const h = addScheduledTask(s, job(10), { rate: 1000 });
    runSchedulerFrame(s, 1e12);
    expect(getScheduledTaskStats(s, h).misses).toBeGreaterThan(1e14);
  });

  it("cancellation calls cancel and counts it; a once-task is removed", () => {
    const s = createScheduler({ frameBudget: 5 });
    const j = job(100);
    const h = addScheduledTask(s, j, { rate: 1 });
    runSchedulerFrame(s, 0.1);
    expect(cancelScheduledTask(s, h)).toBe(true);
    expect(j.cancelled).toBe(1);
    expect(cancelScheduledTask(s, h)).toBe(false);
    expect(runSchedulerFrame(s, 0.1)).toBe(0); // no job until the next tick
    expect(getScheduledTaskStats(s, h).cancels).toBe(1);
    const o = job(100);
    const ho = addScheduledTask(s, o, { once: true });
    runSchedulerFrame(s, 0.1);
    expect(cancelScheduledTask(s, ho)).toBe(true);
    expect(isScheduledTask(s, ho)).toBe(false);
    const r = job(100);
    const hr = addScheduledTask(s, r);
    expect(removeScheduledTask(s, hr)).toBe(true);
    expect(r.cancelled).toBe(1);
  });

  it("counts units, nodes and slices per task and per module", () => {
    const s = createScheduler({
      frameBudget: 40,
      now: (() => {
        let t = 0;
        return () => (t += 0.5);
      })(),
    });
    const a = addScheduledTask(s, job(1000, 0, 2), { module: "search", sliceUnits: 10 });
    addScheduledTask(s, job(1000), { module: "perception", sliceUnits: 10 });
    runSchedulerFrame(s, 0);
    const stats = getSchedulerModuleStats(s);
    expect(stats.map((m) => m.module)).toEqual(["search", "perception"]);
    expect(stats[0]).toMatchObject({ units: 20, nodes: 40, slices: 2, ms: 1 });
    expect(stats[1]).toMatchObject({ units: 20, nodes: 0, slices: 2 });
    expect(getScheduledTaskStats(s, a)).toMatchObject({ units: 20, frameUnits: 20, slices: 2, pending: true });
    resetSchedulerCounters(s);
    expect(getSchedulerModuleStats(s)[0]!.units).toBe(0);
  });

  it("priority can change at run time", () => {
    const s = createScheduler({ frameBudget: 1 });
    const a = job(100);
    const b = job(100);
    addScheduledTask(s, a, { priority: 0 });
    const hb = addScheduledTask(s, b, { priority: 5 });
    runSchedulerFrame(s, 0);
    setScheduledTaskPriority(s, hb, 0);
    expect(code(() => setScheduledTaskPriority(s, hb, -1))).toBe("CORE_SCHEDULER");
    expect(b.trace.length).toBe(0);
  });
});

describe("properties", () => {
  const taskSpec = fc.record({
    size: fc.integer({ min: 1, max: 200 }),
    slice: fc.integer({ min: 1, max: 40 }),
    priority: fc.integer({ min: 0, max: 3 }),
    indivisible: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })),
  });

  it("units never exceed the budget by more than one slice's indivisible step", () => {
    fc.assert(
      fc.property(fc.array(taskSpec, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 150 }), (specs, budget) => {
        const s = createScheduler({ frameBudget: budget });
        const maxOver = Math.max(0, ...specs.map((t) => t.indivisible));
        for (const t of specs) addScheduledTask(s, job(t.size, t.indivisible), { priority: t.priority, sliceUnits: t.slice });
        for (let f = 0; f < 30; f++) {
          const used = runSchedulerFrame(s, 1 / 60);
          expect(used).toBeLessThanOrEqual(budget + Math.max(0, maxOver - 1));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("ageing: no due task waits longer than agingFrames·(classes) + tasks frames", () => {
    fc.assert(
      fc.property(fc.array(taskSpec, { minLength: 2, maxLength: 16 }), fc.integer({ min: 1, max: 6 }), (specs, aging) => {
        // Budget for one slice per frame: the harshest competition.
        const s = createScheduler({ frameBudget: 1, agingFrames: aging });
        const handles = specs.map((t) => addScheduledTask(s, job(1_000_000), { priority: t.priority }));
        const bound = aging * 4 + specs.length + 1;
        const lastRan = handles.map(() => 0);
        for (let f = 1; f <= 120; f++) {
          runSchedulerFrame(s, 1 / 60);
          handles.forEach((h, i) => {
            if (getScheduledTaskStats(s, h).frameUnits > 0) lastRan[i] = f;
            expect(f - lastRan[i]!).toBeLessThanOrEqual(bound);
          });
        }
      }),
      { numRuns: 25 },
    );
  });

  it("rates are respected over long runs (jobs started = 1 + floor(rate·lod·time))", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ rate: fc.integer({ min: 1, max: 60 }).map((r) => r / 4), lod: fc.constantFrom(1, 0.5, 0.25) }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }).map((k) => k * 30),
        (specs, hz) => {
          const s = createScheduler({ frameBudget: 1e6 });
          const jobs = specs.map((t) => {
            const j = job(1);
            addScheduledTask(s, j, { rate: t.rate, lod: t.lod });
            return j;
          });
          const seconds = 20;
          for (let f = 0; f < seconds * hz; f++) runSchedulerFrame(s, 1 / hz);
          specs.forEach((t, i) => {
            const expected = 1 + Math.floor(t.rate * t.lod * seconds + 1e-6);
            expect(Math.abs(jobs[i]!.done - expected)).toBeLessThanOrEqual(1);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("order is deterministic: two identical runs give identical slice traces", () => {
    fc.assert(
      fc.property(fc.array(taskSpec, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 80 }), (specs, budget) => {
        const run = (): string => {
          const s = createScheduler({ frameBudget: budget, agingFrames: 3 });
          const jobs = specs.map((t) => {
            const j = job(t.size, t.indivisible);
            addScheduledTask(s, j, { priority: t.priority, sliceUnits: t.slice, rate: t.priority === 3 ? 2 : 0 });
            return j;
          });
          for (let f = 0; f < 40; f++) runSchedulerFrame(s, 1 / 30);
          return JSON.stringify(jobs.map((j) => j.trace)) + JSON.stringify(saveScheduler(s));
        };
        expect(run()).toBe(run());
      }),
      { numRuns: 40 },
    );
  });
});

describe("ms mode log and units-mode replay", () => {
  it("a replay repeats every slice of a wall-clock run exactly", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 50, maxLength: 50 }), fc.integer({ min: 1, max: 9 }), (jitter, seed) => {
        const specs = [
          { size: 90, slice: 16, priority: 0, rate: 0 },
          { size: 400, slice: 32, priority: 1, rate: 4 },
          { size: 30, slice: 8, priority: 2, rate: 10 },
          { size: 1000, slice: 64, priority: 1, rate: 0.5 },
        ];
        // A fake clock that advances with the units done plus jitter: like a real one, not reproducible by units alone.
        let t = 0;
        let k = seed;
        const build = (s: Scheduler) =>
          specs.map((sp) => {
            const j = job(sp.size);
            const step = j.step.bind(j);
            j.step = (b, c) => {
              const r = step(b, c);
              t += c.units * 0.01 + jitter[k++ % jitter.length]! * 0.05;
              return r;
            };
            addScheduledTask(s, j, { priority: sp.priority, sliceUnits: sp.slice, rate: sp.rate });
            return j;
          });
        const log = createSchedulerLog(10_000, 200);
        const timed = createScheduler({ frameBudget: 2, budgetUnit: "ms", now: () => t, log });
        const a = build(timed);
        for (let f = 0; f < 120; f++) runSchedulerFrame(timed, 1 / 60);
        expect(log.frameCount).toBe(120);
        const replay = createScheduler({ frameBudget: 1 });
        const b = build(replay);
        // Through JSON, as a bug report would carry it.
        const read = schedulerLogFromJson(JSON.parse(JSON.stringify(schedulerLogToJson(log))));
        expect(read.frameCount).toBe(log.frameCount);
        for (let f = 0; f < read.frameCount; f++) replaySchedulerFrame(replay, read, f);
        expect(replay.replayMismatches).toBe(0);
        expect(b.map((j) => j.trace)).toEqual(a.map((j) => j.trace));
        expect(b.map((j) => j.done)).toEqual(a.map((j) => j.done));
        const strip = (x: ReturnType<typeof saveScheduler>) => ({
          ...x,
          frameBudget: 0,
          moduleStats: [],
          tasks: x.tasks.map((q) => ({ ...q, counters: q.counters.filter((_, i) => i !== 7) })),
        });
        expect(strip(saveScheduler(replay))).toEqual(strip(saveScheduler(timed)));
      }),
      { numRuns: 20 },
    );
  });

  it("a full log stops at the last complete frame; a foreign handle throws", () => {
    const log = createSchedulerLog(5, 100);
    const s = createScheduler({ frameBudget: 1000, log });
    addScheduledTask(s, job(10), { sliceUnits: 3 }); // 4 slices per frame
    runSchedulerFrame(s, 0);
    runSchedulerFrame(s, 0);
    expect(log.overflow).toBe(true);
    expect(log.frameCount).toBe(1);
    expect(log.sliceCount).toBe(4);
    const other = createScheduler({ frameBudget: 1 });
    expect(code(() => replaySchedulerFrame(other, log, 0))).toBe("CORE_SCHEDULER");
    expect(code(() => replaySchedulerFrame(s, log, 1))).toBe("CORE_SCHEDULER");
  });

  it("schedulerLogToJson / schedulerLogFromJson: the @example, and broken logs name their JSON path", () => {
    const log = createSchedulerLog(1000, 100);
    let t = 0;
    const s = createScheduler({ frameBudget: 1, budgetUnit: "ms", now: () => t, log });
    addScheduledTask(s, { step: (budget, c) => ((t += 0.4), (c.units += budget), SliceFlags.Partial) }, { sliceUnits: 8 });
    runSchedulerFrame(s, 1 / 60);
    const json = JSON.parse(JSON.stringify(schedulerLogToJson(log))) as { frames: { dt: unknown; slices: unknown[][] }[] };
    expect(schedulerLogFromJson(json).sliceCount).toBe(3);
    const cases: [unknown, string][] = [
      [[], "$"],
      [{ ...json, format: "x" }, "$.format"],
      [{ ...json, version: 2 }, "$.version"],
      [{ ...json, frames: {} }, "$.frames"],
      [{ ...json, frames: [{ dt: -1, slices: [] }] }, "$.frames[0].dt"],
      [{ ...json, frames: [{ dt: 0, slices: [[1, 1]] }] }, "$.frames[0].slices[0]"],
      [{ ...json, frames: [{ dt: 0, slices: [[5, 1, 1]] }] }, "$.frames[0].slices[0][0]"],
      [{ ...json, frames: [{ dt: 0, slices: [[65536, 0, 1]] }] }, "$.frames[0].slices[0][1]"],
      [{ ...json, frames: [{ dt: 0, slices: [[65536, 1, Number.NaN]] }] }, "$.frames[0].slices[0][2]"],
    ];
    for (const [input, path] of cases) {
      let err: unknown;
      try {
        schedulerLogFromJson(input);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "CORE_SCHEDULER"), path).toBe(true);
      expect((err as { path: string }).path).toBe(path);
    }
  });

  it("a frame cut short by a throwing task leaves no slices in the log", () => {
    const log = createSchedulerLog(100, 10);
    const s = createScheduler({ frameBudget: 100, log });
    let explode = true;
    addScheduledTask(s, job(1000), { sliceUnits: 10, priority: 0 });
    addScheduledTask(s, { step: (_b, c) => ((c.units = explode ? -1 : 1), SliceFlags.Partial) }, { priority: 1 });
    expect(code(() => runSchedulerFrame(s, 0))).toBe("CORE_SCHEDULER");
    explode = false;
    runSchedulerFrame(s, 0);
    expect(log.frameCount).toBe(1);
    expect(log.frameStart[1]! - log.frameStart[0]!).toBe(log.sliceCount);
    expect(Array.from(log.given.subarray(0, 2))).toEqual([10, 64]);
  });

  it("a replay against different tasks reports divergence as mismatches, not an exception", () => {
    const log = createSchedulerLog(100, 10);
    const s = createScheduler({ frameBudget: 1000, log });
    addScheduledTask(s, job(10), { sliceUnits: 3 });
    runSchedulerFrame(s, 0);
    const r = createScheduler({ frameBudget: 1 });
    addScheduledTask(r, job(4), { sliceUnits: 3 }); // finishes after 2 slices: the 4 logged slices diverge
    replaySchedulerFrame(r, log, 0);
    expect(r.replayMismatches).toBe(3);
  });
});

describe("saveScheduler / restoreScheduler", () => {
  const build = () => {
    const s = createScheduler({ frameBudget: 25, capacity: 8 });
    const jobs = [job(40), job(90), job(13)];
    addScheduledTask(s, jobs[0]!, { module: "a", rate: 3, sliceUnits: 7 });
    const h = addScheduledTask(s, jobs[1]!, { module: "b", priority: 0 });
    addScheduledTask(s, jobs[2]!, { module: "a", lod: 0.5 });
    return { s, jobs, h };
  };

  it("runs the @example and a restored scheduler continues like the original", () => {
    const a = build();
    for (let f = 0; f < 17; f++) runSchedulerFrame(a.s, 1 / 30);
    removeScheduledTask(a.s, a.h); // a hole in the slots, a bumped generation
    addScheduledTask(a.s, job(5), { module: "a" });
    const snap = JSON.parse(JSON.stringify(saveScheduler(a.s))) as unknown;
    const b = createScheduler({ frameBudget: 1, capacity: 8 });
    const bj = [job(40), job(5), job(13)];
    // Live tasks by slot: slot 0 (jobs[0]), slot 1 (the new one), slot 2 (jobs[2]).
    for (const j of bj) addScheduledTask(b, j, { module: "a" });
    bj[0]!.left = a.jobs[0]!.left;
    bj[2]!.left = a.jobs[2]!.left;
    bj[1]!.left = 5;
    restoreScheduler(b, snap);
    expect(saveScheduler(b)).toEqual(saveScheduler(a.s));
    const ta = a.jobs[0]!.trace.length;
    for (let f = 0; f < 30; f++) {
      runSchedulerFrame(a.s, 1 / 30);
      runSchedulerFrame(b, 1 / 30);
    }
    expect(saveScheduler(b)).toEqual(saveScheduler(a.s));
    expect(bj[0]!.trace).toEqual(a.jobs[0]!.trace.slice(ta));
  });

  it("rejects broken snapshots naming the JSON path, leaving the scheduler untouched", () => {
    const a = build();
    runSchedulerFrame(a.s, 0.1);
    const good = saveScheduler(a.s);
    const target = build();
    const before = JSON.stringify(saveScheduler(target.s));
    const cases: [unknown, string][] = [
      [null, "$"],
      [{ ...good, format: "x" }, "$.format"],
      [{ ...good, version: 2 }, "$.version"],
      [{ ...good, frameBudget: 0 }, "$.frameBudget"],
      [{ ...good, generations: [1] }, "$.generations"],
      [{ ...good, tasks: good.tasks.slice(1) }, "$.tasks"],
      [{ ...good, tasks: [{ ...good.tasks[0], rate: -1 }, ...good.tasks.slice(1)] }, "$.tasks[0].rate"],
      [{ ...good, tasks: [good.tasks[0], { ...good.tasks[1], module: 0 }, good.tasks[2]] }, "$.tasks[1].module"],
      [{ ...good, tasks: [good.tasks[0], { ...good.tasks[1], slot: good.tasks[0]!.slot }, good.tasks[2]] }, "$.tasks[1].slot"],
      [{ ...good, modules: ["a", "a"] }, "$.modules[1]"],
      [{ ...good, tasks: [{ ...good.tasks[0], counters: [1] }, ...good.tasks.slice(1)] }, "$.tasks[0].counters"],
      [{ ...good, tasks: [{ ...good.tasks[0], accumulator: 1 }, ...good.tasks.slice(1)] }, "$.tasks[0].accumulator"],
    ];
    for (const [snap, path] of cases) {
      let err: unknown;
      try {
        restoreScheduler(target.s, snap);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "CORE_SCHEDULER"), path).toBe(true);
      expect((err as { path: string }).path).toBe(path);
      expect(JSON.stringify(saveScheduler(target.s))).toBe(before);
    }
  });
});
