import {
  createRngStream,
  createSnapshotCodecs,
  createStateHash,
  hashStateBytes,
  isTacticaError,
  readStateHash,
  registerSnapshotCodec,
  resetStateHash,
  restoreSnapshot,
  rngFloat,
  rngInt,
  saveSnapshot,
  type Rng,
} from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  advanceInfluenceMap,
  createInfluenceMap,
  createTargetMemory,
  findTargetMemory,
  influenceAt,
  influenceMapSnapshotCodec,
  recordPerception,
  saveInfluenceMap,
  saveTargetMemory,
  SenseKind,
  setInfluenceSource,
  targetMemorySnapshotCodec,
  updateTargetMemory,
  type InfluenceMap,
  type TargetMemory,
} from "../../src/index";

interface World {
  map: InfluenceMap;
  memory: TargetMemory;
}

const codecs = createSnapshotCodecs();
registerSnapshotCodec(codecs, "map", influenceMapSnapshotCodec);
registerSnapshotCodec(codecs, "memory", targetMemorySnapshotCodec);

function createWorld(): World {
  return { map: createInfluenceMap(12, 9, { rateHz: 5, momentum: 0.6, decay: 0.2 }), memory: createTargetMemory(6, { decayPerSecond: 0.4 }) };
}

function step(w: World, rng: Rng): void {
  if (rngInt(rng, 0, 3) === 0) setInfluenceSource(w.map, rngInt(rng, 0, 11), rngInt(rng, 0, 8), rngFloat(rng, -1, 1));
  advanceInfluenceMap(w.map, 0.05);
  if (rngInt(rng, 0, 2) === 0)
    recordPerception(w.memory, rngInt(rng, 1, 9), rngFloat(rng, 0, 50), rngFloat(rng, 0, 50), rngFloat(rng, 0.2, 1), rngInt(rng, 0, 2) as 0 | 1 | 2);
  updateTargetMemory(w.memory, 0.05);
}

const h = createStateHash();
function hashWorld(w: World): number {
  resetStateHash(h);
  hashStateBytes(h, w.map.values);
  hashStateBytes(h, w.map.minValues);
  hashStateBytes(h, w.map.sources);
  hashStateBytes(h, new Float64Array([w.map.elapsed, w.memory.count]));
  hashStateBytes(h, w.memory.id.subarray(0, w.memory.count));
  hashStateBytes(h, w.memory.x.subarray(0, w.memory.count));
  hashStateBytes(h, w.memory.y.subarray(0, w.memory.count));
  hashStateBytes(h, w.memory.age.subarray(0, w.memory.count));
  hashStateBytes(h, w.memory.confidence.subarray(0, w.memory.count));
  hashStateBytes(h, w.memory.sense.subarray(0, w.memory.count));
  return readStateHash(h);
}

describe("influenceMapSnapshotCodec and targetMemorySnapshotCodec", () => {
  const N = 400;
  const K = 173;

  it("save at tick k, restore into a fresh world, run to N: every tick hashes like the uninterrupted run", () => {
    const a = createWorld();
    const ra = { perception: createRngStream(21, "perception") };
    const hashes: number[] = [];
    let snap: unknown;
    for (let t = 0; t < N; t++) {
      if (t === K) snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { map: a.map, memory: a.memory }, { tick: t, rng: ra })));
      step(a, ra.perception);
      hashes.push(hashWorld(a));
    }
    expect(a.memory.count).toBeGreaterThan(0);
    const b = createWorld();
    const rb = { perception: createRngStream(22, "perception") };
    const k = restoreSnapshot(codecs, { map: b.map, memory: b.memory }, snap, { rng: rb });
    expect(k).toBe(K);
    for (let t = k; t < N; t++) {
      step(b, rb.perception);
      expect(hashWorld(b)).toBe(hashes[t]);
    }
  });

  it("the @examples: the restored map and memory read like the saved ones", () => {
    const map = createInfluenceMap(8, 8, { rateHz: 2 });
    setInfluenceSource(map, 3, 4, 1);
    advanceInfluenceMap(map, 0.5);
    const reg = createSnapshotCodecs();
    registerSnapshotCodec(reg, "threat", influenceMapSnapshotCodec);
    registerSnapshotCodec(reg, "guard.memory", targetMemorySnapshotCodec);
    const memory = createTargetMemory(4);
    recordPerception(memory, 7, 10, 2, 1, SenseKind.Sight);
    const snap: unknown = JSON.parse(JSON.stringify(saveSnapshot(reg, { threat: map, "guard.memory": memory }, { tick: 30 })));
    const copy = createInfluenceMap(8, 8, { rateHz: 2 });
    const mem = createTargetMemory(4);
    restoreSnapshot(reg, { threat: copy, "guard.memory": mem }, snap);
    expect(influenceAt(copy, 3, 4)).toBe(influenceAt(map, 3, 4));
    expect(influenceAt(copy, 3, 4)).not.toBe(0);
    expect(findTargetMemory(mem, 7)).toBe(0);
  });

  it("broken data is CORE_SNAPSHOT at the section's JSON path, and neither target changes (the map is put back)", () => {
    const a = createWorld();
    const rng = createRngStream(5, "perception");
    for (let t = 0; t < 60; t++) step(a, rng);
    const good = JSON.stringify(saveSnapshot(codecs, { map: a.map, memory: a.memory }, { tick: 60 }));
    const target = createWorld();
    for (let t = 0; t < 30; t++) step(target, rng);
    const before = JSON.stringify([saveInfluenceMap(target.map), saveTargetMemory(target.memory)]);
    const cases: [(s: { sections: { map: { data: Record<string, unknown[]> }; memory: { data: { records: Record<string, unknown>[] } } } }) => void, string][] =
      [
        [(s) => (s.sections.map.data["values"]![5] = null), "$.sections.map.data.values[5]"],
        [(s) => (s.sections.memory.data.records[0]!["confidence"] = 2), "$.sections.memory.data.records[0].confidence"],
      ];
    for (const [mutate, path] of cases) {
      const bad = JSON.parse(good) as Parameters<typeof mutate>[0];
      mutate(bad);
      let err: unknown;
      try {
        restoreSnapshot(codecs, { map: target.map, memory: target.memory }, bad);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "CORE_SNAPSHOT")).toBe(true);
      expect((err as { path: string }).path).toBe(path);
      expect(JSON.stringify([saveInfluenceMap(target.map), saveTargetMemory(target.memory)])).toBe(before);
    }
  });
});
