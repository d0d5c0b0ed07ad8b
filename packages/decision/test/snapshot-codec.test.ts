import {
  createRngStream,
  createSnapshotCodecs,
  isTacticaError,
  registerSnapshotCodec,
  restoreSnapshot,
  rngFloat,
  rngInt,
  saveSnapshot,
  type Rng,
} from "@tactica/core";
import { describe, expect, it } from "vitest";
import { advanceBlackboard, blackboardSnapshotCodec, createBlackboard, readBlackboard, saveBlackboard, writeBlackboard, type Blackboard } from "../src/index";

const schema = { alert: "number", seen: "boolean", target: "string" } as const;

function tick(bb: Blackboard<typeof schema>, rng: Rng): void {
  advanceBlackboard(bb, 0.1);
  if (rngInt(rng, 0, 2) === 0) writeBlackboard(bb, "alert", rngFloat(rng, 0, 1));
  if (rngInt(rng, 0, 4) === 0) writeBlackboard(bb, "seen", !readBlackboard(bb, "seen"));
  if (rngInt(rng, 0, 9) === 0) writeBlackboard(bb, "target", `t${rngInt(rng, 0, 9)}`);
}

describe("blackboardSnapshotCodec", () => {
  const codecs = createSnapshotCodecs();
  registerSnapshotCodec(codecs, "board", blackboardSnapshotCodec);

  it("save at tick k, restore, run to N equals an uninterrupted run", () => {
    const a = createBlackboard(schema);
    const ra = { ai: createRngStream(5, "ai") };
    let snap: unknown;
    for (let t = 0; t < 300; t++) {
      if (t === 123) snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { board: a }, { tick: t, rng: ra })));
      tick(a, ra.ai);
    }
    const b = createBlackboard(schema);
    const rb = { ai: createRngStream(6, "ai") };
    const k = restoreSnapshot(codecs, { board: b }, snap, { rng: rb });
    for (let t = k; t < 300; t++) tick(b, rb.ai);
    expect(saveBlackboard(b)).toEqual(saveBlackboard(a));
  });

  it("broken section data is CORE_SNAPSHOT at the JSON path inside the section; the board is unchanged", () => {
    const bb = createBlackboard(schema, { alert: 0.25 });
    const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { board: bb }, { tick: 1 }))) as { sections: { board: { data: { num: unknown[] } } } };
    snap.sections.board.data.num[0] = "x";
    const target = createBlackboard(schema, { alert: 0.75 });
    let err: unknown;
    try {
      restoreSnapshot(codecs, { board: target }, snap);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "CORE_SNAPSHOT")).toBe(true);
    expect((err as { path: string }).path).toBe("$.sections.board.data.num[0]");
    expect(readBlackboard(target, "alert")).toBe(0.75);
  });
});
