import { isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  beginExposureMap,
  boxLineOfSight,
  canStartDetection,
  clearSearchMapVisible,
  countVisibleBones,
  createExposureMap,
  createSearchMap,
  detectionTime,
  detectionTimeScale,
  diffuseSearchMap,
  exposurePathCost,
  setSearchMapKnown,
  stepExposureMap,
} from "../../src/index";

describe("visible bones and timer scaling (ch. 28)", () => {
  it("counts bones behind cover; in cover two bones do not start detection, three do", () => {
    // A low wall covers the lower body: bones at y < 1 are hidden from an eye at (0, 0.5) by a box at x 4..5.
    const los = boxLineOfSight([{ minX: 4, minY: -1, maxX: 5, maxY: 1 }]);
    // A ray from (0, 0.5) to (10, y) passes x = 4 at 0.5 + 0.4 · (y − 0.5): over the wall only for y > 1.75.
    const crouched = Float64Array.of(10, 0, 10, 0.5, 10, 0.8, 10, 1, 10, 1.2, 10, 1.5, 10, 3, 10, 4);
    const peeking = Float64Array.of(10, 0, 10, 0.5, 10, 0.8, 10, 1, 10, 1.2, 10, 2.5, 10, 3, 10, 4);
    expect(countVisibleBones(0, 0.5, crouched, los)).toBe(2);
    expect(countVisibleBones(0, 0.5, peeking, los)).toBe(3);
    expect(canStartDetection(countVisibleBones(0, 0.5, crouched, los), { inCover: true })).toBe(false);
    expect(canStartDetection(countVisibleBones(0, 0.5, peeking, los), { inCover: true })).toBe(true);
    expect(canStartDetection(2, { inCover: true })).toBe(false);
    expect(canStartDetection(3, { inCover: true })).toBe(true);
    expect(canStartDetection(1)).toBe(true);
    expect(canStartDetection(0)).toBe(false);
    expect(() => countVisibleBones(0, 0, [1, 2, 3], los)).toThrow(/pairs/);
  });

  it("lower light always means a longer detection time; NPC state scales it", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
        const [dark, light] = a < b ? [a, b] : [b, a];
        expect(detectionTime(5, 10, 1, 3, { scale: detectionTimeScale(dark) })).toBeGreaterThanOrEqual(
          detectionTime(5, 10, 1, 3, { scale: detectionTimeScale(light) }),
        );
      }),
      { numRuns: 50, seed: 28 },
    );
    expect(detectionTimeScale(1)).toBe(1);
    expect(detectionTimeScale(0)).toBe(3);
    expect(detectionTimeScale(1, { state: 0.5 })).toBe(0.5);
    let caught: unknown;
    try {
      detectionTimeScale(1.5);
    } catch (e) {
      caught = e;
    }
    expect(isTacticaError(caught, "PERCEPTION_CONFIG")).toBe(true);
  });
});

describe("exposure maps (ch. 34)", () => {
  function build(heights: Uint8Array, w: number, h: number, x: number, y: number, eye: number, raysPerFrame: number) {
    const map = createExposureMap(heights, w, h);
    beginExposureMap(map, x, y, eye);
    let frames = 0;
    while (!stepExposureMap(map, raysPerFrame)) frames++;
    return { map, frames };
  }

  it("a flat map is all visible; a wall hides the cells behind it; time slicing gives the same bitmap", () => {
    const w = 16;
    const h = 12;
    expect([...build(new Uint8Array(w * h), w, h, 3, 4, 2, 1000).map.visible].every((v) => v === 1)).toBe(true);
    const heights = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) heights[y * w + 8] = 50; // a tall wall at x = 8
    const { map, frames } = build(heights, w, h, 3, 5, 2, 7);
    expect(frames).toBeGreaterThan(3);
    expect(map.visible[5 * w + 8]).toBe(1); // the wall's face
    expect(map.visible[5 * w + 12]).toBe(0); // behind it
    expect(map.visible[5 * w + 5]).toBe(1);
    const once = build(heights, w, h, 3, 5, 2, 10000).map;
    expect([...map.visible]).toEqual([...once.visible]);
  });

  it("as a path cost, an occluded corridor costs less than an exposed one", () => {
    const w = 10;
    const h = 5;
    const heights = new Uint8Array(w * h);
    for (let x = 2; x < 10; x++) heights[1 * w + x] = 40; // a wall along y = 1 shields row 0
    const map = build(heights, w, h, 0, 3, 1, 1000).map;
    const exposed = Array.from({ length: 8 }, (_, k) => 3 * w + 2 + k);
    const hidden = Array.from({ length: 8 }, (_, k) => 0 * w + 2 + k);
    expect(exposurePathCost(map, hidden, 5)).toBeLessThan(exposurePathCost(map, exposed, 5));
    expect(exposurePathCost(map, exposed, 5)).toBe(40);
    expect(() => exposurePathCost(map, [999], 1)).toThrow(/outside/);
  });
});

describe("search-map diffusion cleared by exposure (ch. 34)", () => {
  it("bleeds into neighbours, conserves mass, stays out of walls, and clears what NPCs see", () => {
    const w = 9;
    const h = 7;
    const passable = new Uint8Array(w * h).fill(1);
    for (let y = 0; y < h; y++) passable[y * w + 6] = 0;
    const map = setSearchMapKnown(createSearchMap(w, h, { passable }), 3, 3);
    for (let k = 0; k < 20; k++) diffuseSearchMap(map, 0.5);
    const sum = map.values.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 12);
    for (let y = 0; y < h; y++) expect(map.values[y * w + 6]).toBe(0);
    expect(map.values[3 * w + 4]).toBeGreaterThan(0);
    const visible = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < 4; x++) visible[y * w + x] = 1;
    const removed = clearSearchMapVisible(map, visible);
    expect(removed).toBeGreaterThan(0.3);
    expect(map.values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (let y = 0; y < h; y++) for (let x = 0; x < 4; x++) expect(map.values[y * w + x]).toBe(0);
    expect(clearSearchMapVisible(map, new Uint8Array(w * h).fill(1))).toBeCloseTo(1, 12);
    expect(map.values.every((v) => v === 0)).toBe(true);
  });
});
