import { createRng, createSnapshotCodecs, isTacticaError, registerSnapshotCodec, replayLog, rngNextFloat, type Rng } from "@tactica/core";
import { createBehaviorTree, createTreeState, readTreeTrace, tickTree, treeSnapshotCodec, type BtNode } from "@tactica/decision";
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- the malformed-recording cases edit parsed JSON */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatInspectorDetail } from "../src/inspector/detail-format";
import type { InspectorWorld } from "../src/inspector/inspector-world";
import {
  createInspectorRecorder,
  exportInspectorRecording,
  hashPlainData,
  lastInspectorTick,
  loadInspectorRecording,
  parseInspectorRecording,
  seekInspector,
  stepInspector,
  type InspectorRecorder,
} from "../src/inspector/recorder";
import { createReferenceInspectorWorld, referenceReplayLog } from "../src/inspector/reference-world-adapter";
import { createSnapshotWorld } from "../src/inspector/snapshot-world";
import { createReferenceWorld, referenceWorldReplayTarget, restoreReferenceWorld, saveReferenceWorld } from "../src/world/reference-world";

// The playground inspector's core (src/inspector): a bounded recording of any InspectorWorld, its
// JSON export and checked import, and scrubbing (nearest keyframe + replay) that equals an
// uninterrupted run, with the divergence named when it does not.

/** A small world: two walkers with a seeded rng, pushed by inputs, reporting a "walk" event every 5 ticks. */
function walkers(): InspectorWorld & { state: { x: number[]; v: number[] }; rng: Rng } {
  const state = { x: [0, 10], v: [1, -1] };
  const rng = createRng(3);
  const codecs = createSnapshotCodecs();
  registerSnapshotCodec<null>(codecs, "walkers", {
    version: 1,
    save: () => ({ x: state.x.slice(), v: state.v.slice() }),
    restore: (_, d) => {
      const data = d as typeof state;
      state.x = data.x.slice();
      state.v = data.v.slice();
    },
  });
  const world = createSnapshotWorld({
    name: "walkers",
    codecs,
    targets: () => ({ walkers: null }),
    rng: () => ({ main: rng }),
    step(inputs, emit) {
      for (const i of inputs as { agent: number; push: number }[]) state.v[i.agent] = state.v[i.agent]! + i.push;
      for (let a = 0; a < 2; a++) state.x[a] = state.x[a]! + state.v[a]! * 0.1 + rngNextFloat(rng) * 0.01;
      if (emit && Math.floor(state.x[0]! * 10) % 5 === 0)
        emit({ module: "walk", agent: "w0", label: `at ${state.x[0]!.toFixed(1)}`, detail: { x: state.x.slice() } });
      emit?.({ module: "tick", agent: "w1", label: state.v[1]! > 0 ? "right" : "left" });
    },
  });
  return Object.assign(world, { state, rng });
}

/** Input of tick t in the scripted runs. */
const inputAt = (t: number): { agent: number; push: number }[] => (t % 17 === 0 ? [{ agent: t % 2, push: t % 3 === 0 ? 0.5 : -0.25 }] : []);

function record(rec: InspectorRecorder, ticks: number, edits: readonly number[] = []): void {
  for (let t = 0; t < ticks; t++) {
    if (edits.includes(rec.world.tick)) (rec.world as ReturnType<typeof walkers>).state.x[1]! += 5; // a page edit between steps
    stepInspector(rec, inputAt(rec.world.tick + 1));
  }
}

function expectInspectorError(f: () => unknown, path: string): void {
  try {
    f();
  } catch (e) {
    expect(isTacticaError(e, "PLAYGROUND_INSPECTOR"), String(e)).toBe(true);
    expect((e as { path: string }).path).toBe(path);
    return;
  }
  throw new Error(`expected a PLAYGROUND_INSPECTOR error at ${path}`);
}

describe("inspector recorder", () => {
  it("records events per tick per agent and module, with a keyframe every snapshotEvery ticks", () => {
    const rec = createInspectorRecorder(walkers(), { snapshotEvery: 25, maxTicks: 1000 });
    record(rec, 100);
    const r = rec.recording;
    expect(r.ticks.map((t) => t.tick)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(r.keyframes.map((k) => k.tick)).toEqual([0, 25, 50, 75, 100]);
    expect(new Set(r.ticks.flatMap((t) => t.events.map((e) => `${e.agent} · ${e.module}`)))).toEqual(new Set(["w0 · walk", "w1 · tick"]));
    expect(r.ticks[16]!.inputs).toEqual(inputAt(17));
  });

  it("stays bounded: at most maxTicks + snapshotEvery ticks, starting at a keyframe", () => {
    const rec = createInspectorRecorder(walkers(), { snapshotEvery: 10, maxTicks: 100 });
    for (let t = 0; t < 1000; t++) {
      stepInspector(rec, inputAt(t + 1));
      const r = rec.recording;
      expect(r.ticks.length).toBeLessThanOrEqual(110);
      expect(r.keyframes[0]!.tick).toBe(r.startTick);
      expect(r.keyframes.length).toBeLessThanOrEqual(12);
    }
    expect(rec.recording.startTick).toBeGreaterThan(850);
    expect(lastInspectorTick(rec)).toBe(1000);
    // Still scrubbable after dropping: the oldest tick kept replays.
    expect(seekInspector(rec, rec.recording.startTick + 3).ok).toBe(true);
  });

  it("scrubbing equals an uninterrupted run, also across edits the page made between steps", () => {
    const rec = createInspectorRecorder(walkers(), { snapshotEvery: 40 });
    record(rec, 200, [63, 150]);
    expect(rec.recording.keyframes.map((k) => k.tick)).toEqual([0, 40, 63, 80, 120, 150, 160, 200]);
    expect(rec.recording.ticks[62]!.edited).toBe(true);
    for (const tick of [0, 1, 39, 40, 62, 63, 64, 137, 151, 199]) {
      const r = seekInspector(rec, tick);
      expect(r, `tick ${tick}`).toMatchObject({ ok: true, tick, divergence: null });
      // The uninterrupted run: a fresh world stepped to `tick` with the same inputs and edits.
      const fresh = createInspectorRecorder(walkers(), { snapshotEvery: 40 });
      record(fresh, tick, [63, 150]);
      if (tick === 63 || tick === 150) (fresh.world as ReturnType<typeof walkers>).state.x[1]! += 5; // the edit made at that tick shows there
      expect(rec.world.hash()).toBe(fresh.world.hash());
    }
  });

  it("property: for any edit ticks and any seek tick, the restored world hashes as the recorded tick", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 119 }), { maxLength: 4 }), fc.integer({ min: 0, max: 120 }), (edits, tick) => {
        const rec = createInspectorRecorder(walkers(), { snapshotEvery: 30 });
        record(rec, 120, edits);
        const r = seekInspector(rec, tick);
        const rr = rec.recording;
        expect(r.ok).toBe(true);
        expect(rec.world.hash()).toBe(tick === rr.startTick ? rr.startHash : rr.ticks[tick - 1]!.hash);
      }),
      { numRuns: 40 },
    );
  });

  it("names the first divergence: a changed hash, a changed event", () => {
    const rec = createInspectorRecorder(walkers(), { snapshotEvery: 50 });
    record(rec, 150);
    rec.recording.ticks[109]!.hash ^= 1; // tick 110
    expect(seekInspector(rec, 130)).toMatchObject({ ok: false, from: 100, replayed: 10, tick: 110, divergence: { tick: 110, what: "hash" } });
    const t = rec.recording.ticks[20]!; // tick 21
    t.events[0] = { ...t.events[0]!, label: "elsewhere" };
    expect(seekInspector(rec, 40).divergence).toMatchObject({
      tick: 21,
      what: "events",
      module: t.events[0].module,
      agent: t.events[0].agent,
      expected: "elsewhere",
    });
  });

  it("exports JSON and imports it back: the imported world reaches the same last hash", () => {
    const rec = createInspectorRecorder(walkers(), { snapshotEvery: 30 });
    record(rec, 95, [44]);
    const json = exportInspectorRecording(rec);
    const other = createInspectorRecorder(walkers());
    const result = loadInspectorRecording(other, parseInspectorRecording(json));
    expect(result).toMatchObject({ ok: true, tick: 95, from: 0 });
    expect(other.world.hash()).toBe(rec.world.hash());
    expect(JSON.stringify(other.recording)).toBe(json);
    // It keeps recording from there.
    stepInspector(other, []);
    expect(lastInspectorTick(other)).toBe(96);
    // A recording that does not replay is not loaded: the result names the tick, nothing changes.
    const tampered = JSON.parse(json) as { ticks: { hash: number }[] };
    tampered.ticks[70]!.hash = (tampered.ticks[70]!.hash ^ 4) >>> 0;
    const third = createInspectorRecorder(walkers());
    const before = third.recording;
    expect(loadInspectorRecording(third, parseInspectorRecording(JSON.stringify(tampered)))).toMatchObject({
      ok: false,
      divergence: { tick: 71, what: "hash" },
    });
    expect(third.recording).toBe(before);
    expect(third.world.tick).toBe(0);
  });

  it("rejects malformed recordings with the JSON path of the problem", () => {
    const rec = createInspectorRecorder(walkers(), { snapshotEvery: 10 });
    record(rec, 30);
    const good = JSON.parse(exportInspectorRecording(rec)) as Record<string, unknown>;
    // Parsed JSON edited freely: one cast here instead of a type per case.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    type Loose = any;
    const broken = (edit: (d: Loose) => void): string => {
      const d = structuredClone(good) as Loose;
      edit(d);
      return JSON.stringify(d);
    };
    expectInspectorError(() => parseInspectorRecording("{nope"), "$");
    expectInspectorError(() => parseInspectorRecording("[]"), "$");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.format = "x"))), "$.format");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.version = 2))), "$.version");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.snapshotEvery = 0))), "$.snapshotEvery");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.ticks[3].hash = "beef"))), "$.ticks[3].hash");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.ticks[4].tick = 99))), "$.ticks[4].tick");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.ticks[5].inputs = {}))), "$.ticks[5].inputs");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.ticks[6].events[0].label = 3))), "$.ticks[6].events[0].label");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.keyframes[0].tick = 10))), "$.keyframes[0].tick");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.keyframes[2].tick = 5))), "$.keyframes[2].tick");
    expectInspectorError(() => parseInspectorRecording(broken((d) => (d.keyframes[1].snapshot = { format: "json" }))), "$.keyframes[1].snapshot");
    expectInspectorError(() => loadInspectorRecording(rec, parseInspectorRecording(broken((d) => (d.world = "other")))), "$.world");
    // A keyframe whose section data is broken: the codec's error names the path; the recorder keeps its recording.
    const before = rec.recording;
    try {
      loadInspectorRecording(rec, parseInspectorRecording(broken((d) => (d.keyframes[0].snapshot.sections.walkers = { version: 9, data: {} }))));
      throw new Error("expected CORE_SNAPSHOT");
    } catch (e) {
      expect(isTacticaError(e, "CORE_SNAPSHOT")).toBe(true);
      expect((e as { path: string }).path).toBe("$.sections.walkers.version");
    }
    expect(rec.recording).toBe(before);
    expect(rec.world.tick).toBe(30);
  });

  it("rejects bad options and seeks outside the recording", () => {
    expectInspectorError(() => createInspectorRecorder(walkers(), { snapshotEvery: 0 }), "options.snapshotEvery");
    expectInspectorError(() => createInspectorRecorder(walkers(), { snapshotEvery: 50, maxTicks: 10 }), "options.maxTicks");
    const rec = createInspectorRecorder(walkers());
    record(rec, 5);
    expectInspectorError(() => seekInspector(rec, 6), "tick");
    expectInspectorError(() => seekInspector(rec, 2.5), "tick");
    seekInspector(rec, 2);
    expectInspectorError(() => stepInspector(rec), "world.tick");
  });

  it("hashes plain data value by value (−0 as 0, keys and order count)", () => {
    expect(hashPlainData({ a: [1, 2] })).toBe(hashPlainData(JSON.parse('{"a":[1,2]}')));
    expect(hashPlainData({ a: -0 })).toBe(hashPlainData({ a: 0 }));
    expect(hashPlainData({ a: [1, 2] })).not.toBe(hashPlainData({ a: [2, 1] }));
    expect(hashPlainData({ a: 1 })).not.toBe(hashPlainData({ b: 1 }));
    expect(hashPlainData(["1"])).not.toBe(hashPlainData([1]));
  });
});

describe("inspector detail view", () => {
  it("has no node limit: a behaviour tree of 200 nodes shows all 200 in its detail", () => {
    const root: BtNode = {
      type: "sequence",
      name: "root",
      children: Array.from({ length: 199 }, (_, i) => ({ type: "wait", name: `w${i}`, duration: 0 })),
    };
    const tree = createBehaviorTree({ version: 1, root });
    expect(tree.nodeCount).toBe(200);
    const state = createTreeState(tree, { traceCapacity: 1024 });
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "tree", treeSnapshotCodec);
    const world = createSnapshotWorld({
      name: "big-tree",
      codecs,
      targets: () => ({ tree: state }),
      step(_inputs, emit) {
        tickTree(state, tree, null, 0.1);
        emit?.({
          module: "bt",
          agent: "a",
          label: "tick",
          detail: { nodes: readTreeTrace(state, tree).map((e) => ({ node: e.node, name: e.name, status: e.status })) },
        });
      },
    });
    const rec = createInspectorRecorder(world, { snapshotEvery: 2 });
    stepInspector(rec);
    stepInspector(rec);
    stepInspector(rec);
    const lines = formatInspectorDetail(rec.recording.ticks[2]!.events[0]!.detail);
    expect(lines[0]).toBe("nodes: (200)");
    expect(lines.length).toBe(201);
    expect(new Set(lines.slice(1).map((l) => /name=(\S+)/.exec(l)![1]))).toEqual(new Set(["root", ...Array.from({ length: 199 }, (_, i) => `w${i}`)]));
    expect(seekInspector(rec, 1).ok).toBe(true);
  });
});

describe("reference world adapter", () => {
  it("records the reference world's decisions, scrubs with every hash matching, and converts to a core replay log", () => {
    const adapter = createReferenceInspectorWorld(createReferenceWorld({ seed: 1 }));
    const start = saveReferenceWorld(adapter.world);
    const rec = createInspectorRecorder(adapter, { snapshotEvery: 15, detectEdits: false });
    for (let t = 0; t < 45; t++) stepInspector(rec, t === 20 ? [{ kind: "rally", team: 0, x: 40, y: 30 }] : []);
    const modules = new Set(rec.recording.ticks.flatMap((t) => t.events.map((e) => e.module)));
    expect(modules.has("bt")).toBe(true);
    const atEnd = adapter.hash();
    expect(seekInspector(rec, 22)).toMatchObject({ ok: true, from: 15, replayed: 7 });
    expect(seekInspector(rec, 45)).toMatchObject({ ok: true, tick: 45 });
    expect(adapter.hash()).toBe(atEnd);
    const world = createReferenceWorld({ seed: 1 });
    restoreReferenceWorld(world, start);
    expect(replayLog(referenceReplayLog(rec.recording, 1), referenceWorldReplayTarget(world))).toMatchObject({ ok: true, ticks: 45 });
  });

  it("under a small budget, a keyframe between two influence jobs still restores exactly (the back buffers are saved)", () => {
    const adapter = createReferenceInspectorWorld(createReferenceWorld({ seed: 1 }));
    const rec = createInspectorRecorder(adapter, { snapshotEvery: 50, detectEdits: false });
    for (let t = 0; t < 125; t++) stepInspector(rec, t === 0 ? [{ kind: "budget", units: 300 }] : t === 3 ? [{ kind: "budget", units: 20 }] : []);
    expect(seekInspector(rec, 120)).toMatchObject({ ok: true, from: 100, replayed: 20 });
  });
});
