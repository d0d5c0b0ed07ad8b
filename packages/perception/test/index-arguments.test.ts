import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  addSensor,
  addTileInfluence,
  claimChangedObject,
  createChangedObjects,
  createInfluenceMap,
  createSearchCoordinator,
  createSenseManager,
  createSenseResult,
  influenceAt,
  mixPlayerInfluence,
  observeObjectState,
  requestSearchSpot,
  selectTarget,
  senseInto,
  setSensorPose,
  startSearch,
} from "../src/index";

// Issue 26: an index-taking level-1 function fails loudly (a TacticaError naming the argument) on
// `undefined`, a non-integer or an out-of-range index, instead of silently using slot 0 or NaN.
const BAD = [undefined, Number.NaN, 0.5, -2, 1e9] as unknown as number[];

function throwsPerception(f: () => unknown, path: string): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(isTacticaError(caught, "PERCEPTION_CONFIG")).toBe(true);
  expect((caught as { path?: string }).path).toBe(path);
  expect((caught as Error).message).toMatch(/^@tactica\/perception: \w+: /);
}

describe("index-taking functions fail loudly", () => {
  it("sense manager: the sensor index of senseInto and setSensorPose", () => {
    const m = createSenseManager(4);
    addSensor(m, { x: 0, y: 0, heading: 0, viewRange: 10, fieldOfView: 1 });
    const out = createSenseResult(2);
    for (const bad of [...BAD, 1, -1]) {
      throwsPerception(() => senseInto(out, m, bad, [1, 0]), "index");
      throwsPerception(() => setSensorPose(m, bad, 0, 0, 0), "index");
    }
    expect(senseInto(out, m, 0, [1, 0]).seenCount).toBe(1);
  });

  it("influence: cell coordinates of influenceAt and addTileInfluence, the cell of mixPlayerInfluence", () => {
    const map = createInfluenceMap(4, 4);
    for (const bad of [undefined, Number.NaN, 0.5] as unknown as number[]) {
      throwsPerception(() => influenceAt(map, bad, 0), "x");
      throwsPerception(() => influenceAt(map, 0, bad), "x");
      throwsPerception(() => addTileInfluence(new Float64Array(16), 4, 4, bad, 1, 2), "ux");
    }
    expect(influenceAt(map, -1, 0)).toBe(0); // outside the map is a documented 0, not an error
    for (const bad of [...BAD, 3, -1]) throwsPerception(() => mixPlayerInfluence([[1, 2, 3]], [1], bad), "index");
    expect(mixPlayerInfluence([[1, 2, 3]], [2], 2)).toBe(6);
  });

  it("search, targeting and changed objects: searcher ids, the current target, npc ids", () => {
    const c = createSearchCoordinator(4);
    startSearch(c, 0, 0, [1, 0, 2, 0]);
    for (const bad of [undefined, Number.NaN, 0.5, -1] as unknown as number[]) throwsPerception(() => requestSearchSpot(c, bad, 0, 0), "searcher");
    expect(c.owner.every((o) => o === -1)).toBe(true); // nothing assigned to "searcher 0" by accident
    expect(requestSearchSpot(c, 0, 0, 0)).toBeGreaterThanOrEqual(0);

    for (const bad of [undefined, Number.NaN, 0.5, -2, 3] as unknown as number[]) throwsPerception(() => selectTarget([0.1, 0.2, 0.3], bad), "current");
    expect(selectTarget([0.1, 0.2, 0.3], -1)).toBe(2);

    const store = createChangedObjects(2, 2);
    observeObjectState(store, 0, 1, 0, 0);
    const e = observeObjectState(store, 0, 2, 0, 0);
    for (const bad of [undefined, Number.NaN, 0.5, -1] as unknown as number[]) throwsPerception(() => claimChangedObject(store, e, bad), "npc");
    expect(store.claimedBy[e]).toBe(-1);
    expect(claimChangedObject(store, e, 3)).toBe(true);
  });
});
