import { createSnapshotCodecs, isTacticaError, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  createTargetMemory,
  recordPerception,
  restoreTargetMemory,
  SenseKind,
  targetMemorySnapshotCodec,
  updateTargetMemory,
  type TargetMemory,
} from "../../src/index";

// Hostile input round 2 (issue 35): a TargetMemory restored by restoreSnapshot and then rolled back
// (a later section was rejected) kept the rejected records in slots past `count`. Spare slots are
// cleared now, so the full internal state (not only the saved form) is as it was.

function fullState(m: TargetMemory): string {
  return JSON.stringify([m.count, Array.from(m.id), Array.from(m.x), Array.from(m.y), Array.from(m.age), Array.from(m.confidence), Array.from(m.sense)]);
}

describe("TargetMemory rollback", () => {
  it("a rolled-back envelope restore leaves every slot as it was", () => {
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "memory", targetMemorySnapshotCodec);
    registerSnapshotCodec(codecs, "later", {
      version: 1,
      save: () => 0,
      restore: (_t: unknown, d: unknown) => {
        if (d !== 0) throw new Error("rejected");
      },
    });
    const source = createTargetMemory(4);
    for (let id = 1; id <= 4; id++) recordPerception(source, id, id * 10, id, 1, SenseKind.Sight);
    const snap = saveSnapshot(codecs, { memory: source, later: null }, { tick: 1 }) as { sections: Record<string, { data: unknown }> };
    snap.sections["later"]!.data = 1;

    const target = createTargetMemory(4);
    recordPerception(target, 9, 1, 1, 1, SenseKind.Hearing);
    const before = fullState(target);
    let thrown: unknown;
    try {
      restoreSnapshot(codecs, { memory: target, later: null }, snap);
    } catch (e) {
      thrown = e;
    }
    expect(isTacticaError(thrown)).toBe(true);
    expect(fullState(target)).toBe(before);
  });

  it("forgetting a record clears the slot it vacates", () => {
    const m = createTargetMemory(3, { decayPerSecond: 1, forgetBelow: 0.5 });
    recordPerception(m, 1, 5, 5, 1, SenseKind.Sight);
    recordPerception(m, 2, 6, 6, 0.6, SenseKind.Sight);
    updateTargetMemory(m, 0.2);
    expect(m.count).toBe(1);
    const fresh = createTargetMemory(3, { decayPerSecond: 1, forgetBelow: 0.5 });
    restoreTargetMemory(fresh, { version: 1, records: [{ id: 1, x: 5, y: 5, age: m.age[0], confidence: m.confidence[0], sense: SenseKind.Sight }] });
    expect(fullState(m)).toBe(fullState(fresh));
  });
});
