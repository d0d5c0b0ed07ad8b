import { findPolygon } from "@tactica/navmesh";
import { describe, expect, it } from "vitest";
import { createReplayRecorder, getSchedulerModuleStats, recordReplayDecision, recordReplayTick, replayLog } from "@tactica/core";
import {
  ChoiceCode,
  REFERENCE_WORLD_MODULES,
  createReferenceWorld,
  hashReferenceWorld,
  refreshCornerHashes,
  recordReferenceWorld,
  referenceWorldReplayTarget,
  restoreReferenceWorld,
  saveReferenceWorld,
  setReferenceWorldBudget,
  stepReferenceWorld,
  type ReferenceWorldInput,
  type ReferenceWorldSnapshot,
} from "../src/world/reference-world";

// The reference world of issue 17 (record/replay, snapshots, inspector and the cross-engine hash test
// build on it): deterministic per seed, sensitive to any state change, and a world that does things.

function run(seed: number, ticks: number): number[] {
  const w = createReferenceWorld({ seed });
  const hashes: number[] = [];
  for (let t = 0; t < ticks; t++) {
    stepReferenceWorld(w);
    hashes.push(hashReferenceWorld(w));
  }
  return hashes;
}

describe("reference world", () => {
  it("the same seed gives the same hash at every tick; another seed does not", () => {
    const a = run(3, 120);
    const b = run(3, 120);
    expect(b).toEqual(a);
    const c = run(4, 30);
    expect(c[29]).not.toBe(a[29]);
    expect(new Set(a).size).toBe(a.length); // the state moves every tick
  }, 30_000);

  it("the hash changes when any part of the state changes by one bit", () => {
    const w = createReferenceWorld({ seed: 5 });
    for (let t = 0; t < 60; t++) stepReferenceWorld(w);
    const h0 = hashReferenceWorld(w);
    const flip = (mutate: () => void, undo: () => void): void => {
      mutate();
      expect(hashReferenceWorld(w)).not.toBe(h0);
      undo();
      expect(hashReferenceWorld(w)).toBe(h0);
    };
    const x = w.crowd.posX[17]!;
    flip(
      () => (w.crowd.posX[17] = x + Number.EPSILON * Math.max(1, Math.abs(x))),
      () => (w.crowd.posX[17] = x),
    );
    const timer = w.treeStates[42]!.timer[0]!;
    flip(
      () => (w.treeStates[42]!.timer[0] = timer + 1),
      () => (w.treeStates[42]!.timer[0] = timer),
    );
    const phaseTime = w.director.phaseTime;
    flip(
      () => (w.director.phaseTime = phaseTime + 1e-9),
      () => (w.director.phaseTime = phaseTime),
    );
    const s0 = w.rngs.decide.s0;
    flip(
      () => (w.rngs.decide.s0 = (s0 + 1) >>> 0),
      () => (w.rngs.decide.s0 = s0),
    );
    // Tree states live in the world's flat per-field arrays: a state's arrays are views into them.
    const st = w.treeStates[7]!;
    expect(st.status.buffer).toBe(w.treeArrays.status.buffer);
    for (const field of ["status", "cursor", "order", "pending", "gen", "lastTick", "inflight"] as const) {
      const a = st[field];
      const v = a[0]!;
      flip(
        () => (a[0] = v ^ 1),
        () => (a[0] = v),
      );
    }
    // Every tree state's scalars and generator, and the other generators.
    const ticks = st.ticks;
    flip(
      () => (st.ticks = ticks + 1),
      () => (st.ticks = ticks),
    );
    const time = w.treeStates[199]!.time;
    flip(
      () => (w.treeStates[199]!.time = time + 1e-9),
      () => (w.treeStates[199]!.time = time),
    );
    const wake = st.wake;
    flip(
      () => (st.wake = !wake),
      () => (st.wake = wake),
    );
    for (const r of [st.rng, w.crowd.rng, w.director.rng]) {
      const s3 = r.s3;
      flip(
        () => (r.s3 = (s3 ^ 0x80000000) >>> 0),
        () => (r.s3 = s3),
      );
    }
    // The world's per-agent arrays and team orders (one buffer, hashed as bytes): every field.
    expect(w.goalX.buffer).toBe(w.agentBytes.buffer);
    for (const a of [w.goalX, w.goalY, w.threatAge, w.contact, w.cornerCount, w.cornerIndex, w.threat, w.hasGoal, w.lastChoice, w.lastOption, w.order]) {
      expect(a.buffer).toBe(w.agentBytes.buffer);
      const last = a.length - 1;
      const v = a[last]!;
      flip(
        () => (a[last] = a instanceof Float64Array ? -v - 1 : v ^ 1),
        () => (a[last] = v),
      );
    }
    // A path corner still ahead of an agent (its sign bit).
    const i = w.cornerCount.findIndex((n, k) => n > w.cornerIndex[k]!);
    expect(i).toBeGreaterThanOrEqual(0);
    const at = i * 64 + 2 * w.cornerIndex[i]! + 1;
    const y = w.corners[at]!;
    // Corners enter through each agent's corner hash, which the world refreshes where it writes
    // them (see the next test); written from outside, they are refreshed by hand.
    flip(
      () => ((w.corners[at] = -y), refreshCornerHashes(w)),
      () => ((w.corners[at] = y), refreshCornerHashes(w)),
    );
    // A corner already passed is not state (never read again, not hashed).
    const passed = i * 64 + 2 * w.cornerIndex[i]! - 1;
    if (w.cornerIndex[i]! > 0) {
      const before = w.corners[passed]!;
      w.corners[passed] = before + 1;
      refreshCornerHashes(w);
      expect(hashReferenceWorld(w)).toBe(h0);
      w.corners[passed] = before;
      refreshCornerHashes(w);
    }
  });

  it("keeps every agent's corner hash equal to a recomputation from its corners, tick by tick (inputs, budget changes, a restore)", () => {
    const w = createReferenceWorld({ seed: 3 });
    const expectCurrent = (): void => {
      const kept = Array.from(w.cornerHash);
      refreshCornerHashes(w);
      expect(Array.from(w.cornerHash)).toEqual(kept);
    };
    let paths = 0,
      advanced = 0;
    const before = new Int32Array(w.count);
    for (let t = 0; t < 400; t++) {
      const inputs: ReferenceWorldInput[] = t === 50 ? [{ kind: "rally", team: 0, x: 48, y: 32 }] : t === 120 ? [{ kind: "budget", units: 7 }] : [];
      before.set(w.cornerIndex);
      stepReferenceWorld(w, inputs);
      paths += w.counters.pathsPlanned;
      for (let i = 0; i < w.count; i++) if (w.cornerIndex[i] !== before[i]) advanced++;
      expectCurrent();
      if (t === 200) {
        const other = createReferenceWorld({ seed: 3 });
        restoreReferenceWorld(other, JSON.parse(JSON.stringify(saveReferenceWorld(w))) as ReferenceWorldSnapshot);
        expect(Array.from(other.cornerHash)).toEqual(Array.from(w.cornerHash));
        expect(hashReferenceWorld(other)).toBe(hashReferenceWorld(w));
      }
    }
    expect(paths).toBeGreaterThanOrEqual(200);
    expect(advanced).toBeGreaterThan(200);
  });

  it("agents stay on the mesh, plan paths, see each other, skirmish, and the commanders give orders", () => {
    const w = createReferenceWorld({ seed: 1 });
    let paths = 0,
      checks = 0,
      contacts = 0,
      plans = 0;
    const choices = new Set<number>();
    for (let t = 0; t < 600; t++) {
      stepReferenceWorld(w);
      paths += w.counters.pathsPlanned;
      checks += w.counters.visionChecks;
      contacts += w.counters.contacts;
      plans += w.counters.plans;
      for (const c of w.lastChoice) choices.add(c);
    }
    expect(w.count).toBe(200);
    for (let i = 0; i < w.count; i++) expect(findPolygon(w.mesh, w.crowd.posX[i]!, w.crowd.posY[i]!)).toBeGreaterThanOrEqual(0);
    expect(paths).toBeGreaterThanOrEqual(200); // every agent planned at least once
    expect(checks).toBeGreaterThan(1000);
    expect(contacts).toBeGreaterThan(0);
    expect(plans).toBe(2 * 4); // every 150 ticks, both teams
    expect([...choices].sort()).toEqual([ChoiceCode.Engage, ChoiceCode.ChooseGoal, ChoiceCode.Travel]);
    expect(w.director.intensity).toBeGreaterThan(0);
  }, 30_000);

  it("records 300 ticks with player inputs; the replay reproduces every decision and hash, and a changed input is found at its tick", () => {
    const world = createReferenceWorld({ seed: 2 });
    const rec = createReplayRecorder({ seed: world.seed, startTick: world.tick, modules: REFERENCE_WORLD_MODULES });
    const inputsAt = (t: number): ReferenceWorldInput[] =>
      t === 40 ? [{ kind: "rally", team: 0, x: 48, y: 32 }] : t === 160 ? [{ kind: "rally", team: 1, x: 20, y: 20 }] : [];
    let decisions = 0;
    for (let t = 0; t < 300; t++) {
      const inputs = inputsAt(t);
      stepReferenceWorld(world, inputs);
      for (let k = 0; k < world.decisions.length; k += 3) recordReplayDecision(rec, world.decisions[k]!, world.decisions[k + 1]!, world.decisions[k + 2]!);
      decisions += world.decisions.length / 3;
      recordReplayTick(rec, world.tick, hashReferenceWorld(world), { inputs });
    }
    expect(decisions).toBeGreaterThan(300);
    const log = JSON.parse(JSON.stringify(rec.log)) as typeof rec.log;
    expect(replayLog(log, referenceWorldReplayTarget(createReferenceWorld({ seed: 2 })))).toEqual({ ok: true, ticks: 300, divergence: null });
    const tampered = structuredClone(log);
    (tampered.ticks[160]!.inputs as unknown[])[0] = { kind: "rally", team: 1, x: 70, y: 40 };
    const r = replayLog(tampered, referenceWorldReplayTarget(createReferenceWorld({ seed: 2 })));
    expect(r.ok).toBe(false);
    expect(r.divergence!.tick).toBe(161);
    expect(() => replayLog(log, referenceWorldReplayTarget(createReferenceWorld({ seed: 3 })))).toThrow(/seed/);
  }, 60_000);

  it("recordReferenceWorld logs scripted inputs (a budget change too) at their ticks; the log replays", () => {
    const script = [
      { tick: 20, input: { kind: "budget", units: 9 } },
      { tick: 20, input: { kind: "rally", team: 1, x: 30, y: 30 } },
      { tick: 90, input: { kind: "budget", units: 1_000_000 } },
    ] as const;
    const log = recordReferenceWorld(createReferenceWorld({ seed: 4 }), 150, script);
    expect(log.ticks).toHaveLength(150);
    expect(log.ticks[20]!.inputs).toEqual([script[0].input, script[1].input]);
    expect(log.ticks[90]!.inputs).toEqual([script[2].input]);
    expect(log.ticks.filter((t) => t.inputs.length > 0)).toHaveLength(2);
    const text = JSON.stringify(log);
    expect(replayLog(JSON.parse(text) as typeof log, referenceWorldReplayTarget(createReferenceWorld({ seed: 4 })))).toEqual({
      ok: true,
      ticks: 150,
      divergence: null,
    });
  }, 30_000);

  it("save at tick k, restore into a fresh world, run to N: the same hash at every tick as the uninterrupted run", () => {
    const k = 90,
      n = 240;
    const a = createReferenceWorld({ seed: 6 });
    const hashes: number[] = [];
    let snapshot: ReturnType<typeof saveReferenceWorld> | undefined;
    for (let t = 0; t < n; t++) {
      stepReferenceWorld(a, t === 100 ? [{ kind: "rally", team: 1, x: 30, y: 30 }] : []);
      hashes.push(hashReferenceWorld(a));
      if (a.tick === k) snapshot = JSON.parse(JSON.stringify(saveReferenceWorld(a))) as ReturnType<typeof saveReferenceWorld>;
    }
    const b = createReferenceWorld({ seed: 6 });
    for (let t = 0; t < 17; t++) stepReferenceWorld(b); // a world elsewhere in its run
    restoreReferenceWorld(b, snapshot!);
    expect(hashReferenceWorld(b)).toBe(hashes[k - 1]);
    for (let t = k; t < n; t++) {
      stepReferenceWorld(b, t === 100 ? [{ kind: "rally", team: 1, x: 30, y: 30 }] : []);
      expect(hashReferenceWorld(b)).toBe(hashes[t]);
    }
    expect(() => restoreReferenceWorld(createReferenceWorld({ seed: 7 }), snapshot!)).toThrow(/seed/);
  }, 60_000);

  it("a snapshot at any tick restores exactly, also into a world that ran on and under a small budget (agents kept on the mesh move in the crowd's hash)", () => {
    // Ticks 200 and 250 of seed 1 failed before: keepOnMesh wrote positions behind the crowd's
    // spatial hash, which a restore rebuilds from the positions. With 40 units per tick the influence
    // jobs run over several ticks, so keyframes fall between and inside jobs.
    for (const budget of [undefined, 40]) {
      const a = createReferenceWorld({ seed: 1 });
      if (budget !== undefined) setReferenceWorldBudget(a, budget);
      const hashes: number[] = [];
      const snaps = new Map<number, ReturnType<typeof saveReferenceWorld>>();
      for (let t = 0; t < 300; t++) {
        stepReferenceWorld(a);
        hashes.push(hashReferenceWorld(a));
        if (a.tick === 200 || a.tick === 229 || a.tick === 250)
          snaps.set(a.tick, JSON.parse(JSON.stringify(saveReferenceWorld(a))) as ReturnType<typeof saveReferenceWorld>);
      }
      for (const [k, snapshot] of snaps) {
        const b = createReferenceWorld({ seed: 1 });
        for (let t = 0; t < 31; t++) stepReferenceWorld(b); // a world elsewhere in its run
        restoreReferenceWorld(b, snapshot);
        expect(hashReferenceWorld(b)).toBe(hashes[k - 1]);
        for (let t = k; t < k + 25; t++) {
          stepReferenceWorld(b);
          expect(hashReferenceWorld(b), `budget ${budget ?? "default"}, restored at ${k}, tick ${t + 1}`).toBe(hashes[t]);
        }
      }
    }
  }, 120_000);

  it("no −0 in the state: a JSON snapshot after 400 ticks with rallies restores to the same hash (JSON writes −0 as 0)", () => {
    // Seed 2 gives an agent with speed 0 and a negative direction at tick 400: (dy / d) * 0 = −0.
    const w = createReferenceWorld({ seed: 2 });
    for (let t = 0; t < 400; t++)
      stepReferenceWorld(w, t === 40 ? [{ kind: "rally", team: 0, x: 48, y: 32 }] : t === 160 ? [{ kind: "rally", team: 1, x: 20, y: 20 }] : []);
    for (const col of [w.crowd.prefVelX, w.crowd.prefVelY, w.crowd.velX, w.crowd.velY]) expect(Array.from(col).some((v) => Object.is(v, -0))).toBe(false);
    const target = createReferenceWorld({ seed: 2 });
    restoreReferenceWorld(target, JSON.parse(JSON.stringify(saveReferenceWorld(w))) as ReturnType<typeof saveReferenceWorld>);
    expect(hashReferenceWorld(target)).toBe(hashReferenceWorld(w));
  }, 60_000);

  it("runs vision, influence and GOAP under one scheduler in work units: counters per module, every job done in its tick by default", () => {
    const w = createReferenceWorld({ seed: 1 });
    // A fresh world's snapshot (the inspector's first) restores: the scheduler state is valid from tick 0.
    const fresh = createReferenceWorld({ seed: 1 });
    restoreReferenceWorld(fresh, JSON.parse(JSON.stringify(saveReferenceWorld(w))) as ReturnType<typeof saveReferenceWorld>);
    expect(hashReferenceWorld(fresh)).toBe(hashReferenceWorld(w));
    for (let t = 0; t < 150; t++) {
      stepReferenceWorld(w);
      expect(w.scheduler.lastWaiting).toBe(0); // the default budget finishes every job in its tick
    }
    const stats = Object.fromEntries(getSchedulerModuleStats(w.scheduler).map((m) => [m.module, m]));
    expect(stats.vision!.units).toBe(150 * 20); // 200 agents, a tenth per tick
    expect(stats.influence!.units).toBe(2 * 10 * 64); // 2 Hz over 5 s, 64 rows, two teams
    expect(stats.goap!.slices).toBe(2); // both commanders planned at tick 0 (and next at tick 150)
    expect(Array.from(w.scheduler.misses.subarray(0, 5))).toEqual([0, 0, 0, 0, 0]);
    expect(Array.from(w.influenceSteps)).toEqual([10, 10]);
    expect(w.tasks.labels).toEqual(["vision", "influence 0", "influence 1", "goap 0", "goap 1"]);
  }, 30_000);

  it("a small budget spreads the work over ticks, stays deterministic, and save/restore mid-job continues exactly", () => {
    const run = (budget: number, ticks: number, saveAt = -1) => {
      const w = createReferenceWorld({ seed: 8, budget });
      const hashes: number[] = [];
      let snap: ReturnType<typeof saveReferenceWorld> | undefined;
      for (let t = 0; t < ticks; t++) {
        stepReferenceWorld(w);
        expect(w.scheduler.lastUnits).toBeLessThanOrEqual(budget + 64); // at most one indivisible replan over
        hashes.push(hashReferenceWorld(w));
        // Save mid-propagation, after a first step: an influence map's back buffers half written (non-zero).
        if (snap === undefined && saveAt >= 0 && w.tick >= saveAt && w.influenceSteps[0]! >= 1 && w.tasks.influence.some((task) => task.propagation.row > 0))
          snap = JSON.parse(JSON.stringify(saveReferenceWorld(w))) as ReturnType<typeof saveReferenceWorld>;
      }
      return { w, hashes, snap };
    };
    const a = run(9, 240, 37);
    const b = run(9, 240);
    expect(b.hashes).toEqual(a.hashes);
    expect(run(1_000_000, 120).hashes[119]).not.toBe(a.hashes[119]); // the budget changes what happens when
    expect(a.w.scheduler.misses.some((m) => m > 0)).toBe(true); // jobs spilled over ticks
    expect(a.snap!.propagation.some((p) => p.row > 0 && p.scratch.some((x) => x !== 0))).toBe(true);
    const k = a.snap!.tick;
    expect(k).toBeLessThan(200);
    const c = createReferenceWorld({ seed: 8, budget: 9 });
    restoreReferenceWorld(c, a.snap!);
    expect(hashReferenceWorld(c)).toBe(a.hashes[k - 1]);
    for (let t = k; t < 240; t++) {
      stepReferenceWorld(c);
      expect(hashReferenceWorld(c)).toBe(a.hashes[t]);
    }
    setReferenceWorldBudget(c, 500);
    expect(c.scheduler.frameBudget).toBe(500);
  }, 30_000);
});
