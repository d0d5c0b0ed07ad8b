import { isTacticaError, type TacticaErrorCode } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  Awareness,
  awarenessOf,
  createTargetMemory,
  findTargetMemory,
  recordPerception,
  restoreTargetMemory,
  saveTargetMemory,
  SenseKind,
  trackTargetIntuition,
  updateTargetMemory,
} from "../../src/index";

function throwsCode(f: () => unknown, code: TacticaErrorCode, path?: string): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(isTacticaError(caught, code), String(caught)).toBe(true);
  if (path !== undefined) expect((caught as { path?: string }).path).toBe(path);
}

describe("target memory", () => {
  it("remembers, decays, raises awareness and forgets", () => {
    const m = createTargetMemory(4, { decayPerSecond: 0.25 });
    expect(recordPerception(m, 7, 1, 2, 1, SenseKind.Sight)).toBe(0);
    expect(awarenessOf(m, 0)).toBe(Awareness.Detected);
    updateTargetMemory(m, 1);
    expect(m.confidence[0]).toBe(0.75);
    expect(m.age[0]).toBe(1);
    expect(awarenessOf(m, 0)).toBe(Awareness.Investigate);
    // A faint sound refreshes position and age but does not lower confidence.
    recordPerception(m, 7, 3, 3, 0.2, SenseKind.Hearing);
    expect([m.x[0], m.y[0], m.age[0], m.confidence[0], m.sense[0]]).toEqual([3, 3, 0, 0.75, SenseKind.Hearing]);
    updateTargetMemory(m, 2);
    expect(m.confidence[0]).toBe(0.25);
    expect(awarenessOf(m, 0)).toBe(Awareness.Unaware);
    expect(updateTargetMemory(m, 1)).toBe(1); // 0.25 − 0.25 = 0 ≤ forgetBelow
    expect(m.count).toBe(0);
    expect(findTargetMemory(m, 7)).toBe(-1);
    expect(awarenessOf(m, findTargetMemory(m, 7))).toBe(Awareness.Unaware); // −1: not remembered
  });

  it("fails loudly on an index or id that is not one (issue 26)", () => {
    const m = createTargetMemory(4);
    recordPerception(m, 7, 1, 2, 1, SenseKind.Sight);
    for (const bad of [undefined, Number.NaN, 0.5, 1, 4, -2]) throwsCode(() => awarenessOf(m, bad as number), "PERCEPTION_CONFIG", "index");
    expect(awarenessOf(m, 0)).toBe(Awareness.Detected);
    for (const bad of [undefined, Number.NaN, 1.5, 2 ** 31]) {
      throwsCode(() => recordPerception(m, bad as number, 0, 0, 1, SenseKind.Sight), "PERCEPTION_CONFIG", "id");
      throwsCode(() => findTargetMemory(m, bad as number), "PERCEPTION_CONFIG", "id");
    }
    expect(m.count).toBe(1); // nothing was recorded under slot 0 or id 0
    expect(findTargetMemory(m, -5)).toBe(-1); // any 32-bit id is fine
  });

  it("keeps records dense when several are forgotten in one update", () => {
    const m = createTargetMemory(5, { decayPerSecond: 0.1 });
    recordPerception(m, 1, 0, 0, 0.05, SenseKind.Sight);
    recordPerception(m, 2, 0, 0, 0.9, SenseKind.Sight);
    recordPerception(m, 3, 0, 0, 0.05, SenseKind.Sight);
    recordPerception(m, 4, 0, 0, 0.08, SenseKind.Sight);
    recordPerception(m, 5, 0, 0, 0.5, SenseKind.Sight);
    expect(recordPerception(m, 6, 0, 0, 1, SenseKind.Sight)).toBe(-1); // full: no throw
    expect(updateTargetMemory(m, 1)).toBe(3);
    expect(m.count).toBe(2);
    const ids = [...m.id.subarray(0, m.count)].sort();
    expect(ids).toEqual([2, 5]);
    expect(m.confidence[findTargetMemory(m, 2)]).toBeCloseTo(0.8, 12);
    expect(m.confidence[findTargetMemory(m, 5)]).toBeCloseTo(0.4, 12);
    for (let i = 0; i < m.count; i++) expect(m.age[i]).toBe(1);
  });

  it("tracks the true position during the intuition window, then freezes it", () => {
    const m = createTargetMemory(2, { intuitionWindow: 2.5, decayPerSecond: 0.01 });
    recordPerception(m, 9, 0, 0, 1, SenseKind.Sight);
    updateTargetMemory(m, 2);
    expect(trackTargetIntuition(m, 9, 4, 4)).toBe(true);
    expect([m.x[0], m.y[0]]).toEqual([4, 4]);
    updateTargetMemory(m, 1); // age 3 > 2.5
    expect(trackTargetIntuition(m, 9, 8, 8)).toBe(false);
    expect([m.x[0], m.y[0]]).toEqual([4, 4]);
    expect(trackTargetIntuition(m, 10, 8, 8)).toBe(false);
  });

  it("matches a simple model of every record (property)", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("see" as const), id: fc.integer({ min: 0, max: 5 }), c: fc.double({ min: 0, max: 1, noNaN: true }) }),
      fc.record({ kind: fc.constant("tick" as const), dt: fc.double({ min: 0, max: 3, noNaN: true }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        const m = createTargetMemory(8, { decayPerSecond: 0.2, forgetBelow: 0.05 });
        const model = new Map<number, number>();
        for (const o of ops) {
          if (o.kind === "see") {
            recordPerception(m, o.id, 0, 0, o.c, SenseKind.Sight);
            model.set(o.id, Math.max(model.get(o.id) ?? 0, o.c));
          } else {
            updateTargetMemory(m, o.dt);
            for (const [id, c] of model) {
              const v = c - 0.2 * o.dt;
              if (v <= 0.05) model.delete(id);
              else model.set(id, v);
            }
          }
        }
        expect(m.count).toBe(model.size);
        for (const [id, c] of model) {
          const i = findTargetMemory(m, id);
          expect(i).toBeGreaterThanOrEqual(0);
          expect(m.confidence[i]).toBeCloseTo(c, 9);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("rejects bad configuration and certainties outside [0, 1]", () => {
    throwsCode(() => createTargetMemory(0), "PERCEPTION_CONFIG", "capacity");
    throwsCode(() => createTargetMemory(2, { decayPerSecond: -1 }), "PERCEPTION_CONFIG", "decayPerSecond");
    throwsCode(() => createTargetMemory(2, { forgetBelow: 1 }), "PERCEPTION_CONFIG", "forgetBelow");
    throwsCode(() => createTargetMemory(2, { investigateAt: 0.9, detectAt: 0.5 }), "PERCEPTION_CONFIG", "detectAt");
    const m = createTargetMemory(2);
    throwsCode(() => recordPerception(m, 1, 0, 0, 1.5, SenseKind.Sight), "PERCEPTION_CONFIG", "certainty");
    throwsCode(() => recordPerception(m, 1, 0, 0, Number.NaN, SenseKind.Sight), "PERCEPTION_CONFIG", "certainty");
    throwsCode(() => updateTargetMemory(m, -1), "PERCEPTION_CONFIG", "dt");
    expect(m.count).toBe(0);
  });
});

describe("saveTargetMemory / restoreTargetMemory", () => {
  function sample(): ReturnType<typeof createTargetMemory> {
    const m = createTargetMemory(4, { decayPerSecond: 0.1 });
    recordPerception(m, 3, 1.5, -2, 0.9, SenseKind.Sight);
    recordPerception(m, -8, 7, 7, 0.4, SenseKind.Report);
    updateTargetMemory(m, 0.5);
    return m;
  }

  it("round-trips through JSON, and a restored memory behaves as the original", () => {
    const a = sample();
    const json = JSON.parse(JSON.stringify(saveTargetMemory(a))) as unknown;
    const b = createTargetMemory(4, { decayPerSecond: 0.1 });
    recordPerception(b, 99, 0, 0, 1, SenseKind.Sight); // overwritten by the restore
    restoreTargetMemory(b, json);
    expect(saveTargetMemory(b)).toEqual(saveTargetMemory(a));
    updateTargetMemory(a, 1.25);
    updateTargetMemory(b, 1.25);
    expect(saveTargetMemory(b)).toEqual(saveTargetMemory(a));
    expect(structuredClone(a)).toEqual(a);
  });

  it("round-trips random memories (property)", () => {
    const rec = fc.record({
      id: fc.integer({ min: -1000, max: 1000 }),
      c: fc.double({ min: 0, max: 1, noNaN: true }),
      x: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(rec, { minLength: 0, maxLength: 12 }), fc.double({ min: 0, max: 2, noNaN: true }), (recs, dt) => {
        const a = createTargetMemory(12, { decayPerSecond: 0.05 });
        for (const r of recs) recordPerception(a, r.id, r.x, -r.x, r.c, SenseKind.Hearing);
        updateTargetMemory(a, dt);
        const b = createTargetMemory(12);
        restoreTargetMemory(b, JSON.parse(JSON.stringify(saveTargetMemory(a))));
        expect(saveTargetMemory(b)).toEqual(saveTargetMemory(a));
      }),
      { numRuns: 100 },
    );
  });

  it("checks the whole snapshot before touching the memory", () => {
    const good = saveTargetMemory(sample());
    const bad: [unknown, string][] = [
      [null, "$"],
      [{ ...good, version: 2 }, "$.version"],
      [{ version: 1, records: {} }, "$.records"],
      [{ version: 1, records: [good.records[0], { ...good.records[1], confidence: 1.5 }] }, "$.records[1].confidence"],
      [{ version: 1, records: [good.records[0], { ...good.records[1], age: -1 }] }, "$.records[1].age"],
      [{ version: 1, records: [good.records[0], { ...good.records[1], x: "3" }] }, "$.records[1].x"],
      [{ version: 1, records: [good.records[0], { ...good.records[1], sense: 9 }] }, "$.records[1].sense"],
      [{ version: 1, records: [good.records[0], { ...good.records[1], id: 1.5 }] }, "$.records[1].id"],
      [{ version: 1, records: [good.records[0], good.records[0]] }, "$.records[1].id"],
      [{ version: 1, records: [good.records[0], good.records[0], good.records[0], good.records[0], good.records[0]] }, "$.records"],
      [{ version: 1, records: [good.records[0], 5] }, "$.records[1]"],
    ];
    for (const [snapshot, path] of bad) {
      const m = sample();
      const before = structuredClone(m);
      throwsCode(() => restoreTargetMemory(m, snapshot), "PERCEPTION_CONFIG", path);
      expect(m).toEqual(before);
    }
  });
});
