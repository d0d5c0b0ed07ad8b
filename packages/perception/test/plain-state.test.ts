import { describe, expect, it } from "vitest";
import {
  addDangerRegion,
  addSensor,
  advanceDangerRegions,
  createDangerRegions,
  createInfluenceMap,
  createProbabilityMap,
  createSearchCoordinator,
  createSenseManager,
  createSenseResult,
  createTargetMemory,
  decomposeTerrain,
  propagateInfluence,
  recordPerception,
  requestSearchSpot,
  SenseKind,
  senseInto,
  setInfluenceSource,
  startSearch,
  stepProbabilityMap,
  updateTargetMemory,
} from "../src/index";

// ADR 0002: state is plain data; structuredClone(state) works and a clone behaves exactly as the original.
describe("plain-data state", () => {
  it("every state object survives structuredClone and behaves the same afterwards", () => {
    const sensors = createSenseManager(2);
    addSensor(sensors, { x: 0, y: 0, heading: 0, viewRange: 10, fieldOfView: 2 });
    const s2 = structuredClone(sensors);
    expect(senseInto(createSenseResult(4), s2, 0, [5, 0, -5, 0])).toEqual(senseInto(createSenseResult(4), sensors, 0, [5, 0, -5, 0]));

    const memory = createTargetMemory(4);
    recordPerception(memory, 1, 2, 3, 0.9, SenseKind.Sight);
    const m2 = structuredClone(memory);
    updateTargetMemory(memory, 1);
    updateTargetMemory(m2, 1);
    expect(m2).toEqual(memory);

    const map = createInfluenceMap(6, 6, { momentum: 0.3 });
    setInfluenceSource(map, 2, 2, 1);
    const map2 = structuredClone(map);
    propagateInfluence(map);
    propagateInfluence(map2);
    expect(map2).toEqual(map);

    const guard = createProbabilityMap(
      [
        [0.5, 0.5],
        [0.2, 0.8],
      ],
      [1, 0],
    );
    const g2 = structuredClone(guard);
    expect(stepProbabilityMap(g2).probabilities).toEqual(stepProbabilityMap(guard).probabilities);

    const search = createSearchCoordinator(4);
    startSearch(search, 0, 0, [1, 1, 2, 2, 3, 3]);
    const search2 = structuredClone(search);
    expect(requestSearchSpot(search2, 1, 0, 0)).toBe(requestSearchSpot(search, 1, 0, 0));
    expect(search2).toEqual(search);

    const danger = createDangerRegions(2);
    addDangerRegion(danger, 0, 0, 1, 5);
    const d2 = structuredClone(danger);
    advanceDangerRegions(danger, 1);
    advanceDangerRegions(d2, 1);
    expect(d2).toEqual(danger);

    const field = decomposeTerrain(new Int32Array(12), 4, 3);
    expect(structuredClone(field)).toEqual(field);
  });
});
