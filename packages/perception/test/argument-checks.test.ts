// Issue 32: public functions that returned silent wrong results (NaN, a poisoned record) on bad
// arguments now throw PERCEPTION_CONFIG naming the argument.
import { createRng, ErrorCodes, isTacticaError, type TacticaErrorCode } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  addDangerRegion,
  createChangedObjects,
  createDangerRegions,
  createExposureMap,
  createInfluenceLayer,
  createProbabilityMap,
  createScentField,
  createSearchCoordinator,
  createTargetMemory,
  depositScent,
  detectionTime,
  exposurePathCost,
  followScent,
  multiplyInfluence,
  normalizeInfluence,
  observeObjectState,
  observeProbabilityState,
  recordPerception,
  SenseKind,
  staggerStandDown,
  startSearch,
  stepDetection,
  trackTargetIntuition,
} from "../src";

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

function expectError(f: () => unknown, path: string, code: TacticaErrorCode = "PERCEPTION_CONFIG"): void {
  const e = thrown(f);
  expect(isTacticaError(e, code) ? e.path : e).toBe(path);
}

describe("argument checks (issue 32)", () => {
  it("exposurePathCost refuses a fractional or non-numeric cell instead of adding NaN", () => {
    const map = createExposureMap(new Uint8Array(4), 2, 2);
    expect(exposurePathCost(map, [0, 3], 2)).toBe(2 * (map.visible[0]! + map.visible[3]!));
    expectError(() => exposurePathCost(map, [0, 1.5], 1), "cells[1]");
    expect(String(thrown(() => exposurePathCost(map, [Number.NaN], 1)))).toMatch(
      /"?cells\[0\]"? is NaN, outside the map or not an integer; pass an integer cell index in \[0, 4\)/,
    );
  });

  it("stepDetection checks meter, dt and decayPerSecond", () => {
    expect(stepDetection(0.5, 0, 1, { decayPerSecond: 0.25 })).toBe(0.25);
    expectError(() => stepDetection(Number.NaN, 1, 0.1), "meter");
    expectError(() => stepDetection(1.5, 1, 0.1), "meter");
    expectError(() => stepDetection(0.5, 1, Number.NaN), "dt");
    expectError(() => stepDetection(0.5, 1, -1), "dt");
    expectError(() => stepDetection(0.5, 0, 0.1, { decayPerSecond: Number.NaN }), "options.decayPerSecond");
    expectError(() => stepDetection(0.5, 0, 0.1, { decayPerSecond: -1 }), "options.decayPerSecond");
  });

  it("detectionTime checks distance and options.scale", () => {
    expect(detectionTime(-1, 10, 1, 2, { scale: 2 })).toBe(2);
    expectError(() => detectionTime(Number.NaN, 10, 1, 2), "distance");
    expectError(() => detectionTime(5, 10, 1, 2, { scale: Number.NaN }), "options.scale");
    expectError(() => detectionTime(5, 10, 1, 2, { scale: -1 }), "options.scale");
  });

  it("followScent checks now", () => {
    const field = createScentField(2);
    depositScent(field, 7, 1, 0);
    expect(followScent(field, [[1], [0]], 7, 0, 1, 10)).toBe(1);
    expectError(() => followScent(field, [[1], [0]], 7, 0, Number.NaN, 10), "now");
  });

  it("positions are checked before they are stored", () => {
    const memory = createTargetMemory(4);
    expectError(() => recordPerception(memory, 1, Number.NaN, 0, 1, SenseKind.Sight), "x");
    expectError(() => recordPerception(memory, 1, 0, Infinity, 1, SenseKind.Sight), "y");
    expect(memory.count).toBe(0);
    recordPerception(memory, 1, 2, 3, 1, SenseKind.Sight);
    expectError(() => trackTargetIntuition(memory, 1, 0, Number.NaN), "y");
    expect([memory.x[0], memory.y[0]]).toEqual([2, 3]);

    const regions = createDangerRegions(2);
    expectError(() => addDangerRegion(regions, Number.NaN, 0, 1, 1), "x");
    expect(regions.count).toBe(0);

    const store = createChangedObjects(2, 2);
    observeObjectState(store, 0, 0, 0, 0);
    expectError(() => observeObjectState(store, 0, 1, 0, Number.NaN), "y");
    expect(store.count).toBe(0);

    const c = createSearchCoordinator(4);
    expectError(() => startSearch(c, Number.NaN, 0, [1, 1]), "ex");
    expectError(() => startSearch(c, 0, 0, [1, 1, 2, Number.NaN]), "spots[3]");
  });

  it("capacity and dt messages describe the value", () => {
    expect(String(thrown(() => createSearchCoordinator({ toString: 1 } as unknown as number)))).toMatch(/"capacity" is an object/);
  });

  it("observeProbabilityState uses core's InvalidState code", () => {
    const map = createProbabilityMap(
      [
        [1, 0],
        [0, 1],
      ],
      [1, 0],
    );
    expectError(() => observeProbabilityState(map, 0, false), "state", ErrorCodes.InvalidState);
  });

  it("multiplyInfluence clears normalized, as any write other than normalize/invert does", () => {
    const a = normalizeInfluence(createInfluenceLayer(2, 1), createInfluenceLayer(2, 1));
    expect(a.normalized).toBe(true);
    expect(multiplyInfluence(createInfluenceLayer(2, 1), a, a).normalized).toBe(false);
    expect(multiplyInfluence(a, a, a).normalized).toBe(false);
  });

  it("staggerStandDown with minDelay === maxDelay gives every NPC minDelay (documented)", () => {
    expect(Array.from(staggerStandDown(new Float64Array(3), 2, 2, createRng(1)))).toEqual([2, 2, 2]);
  });
});
