// Allocation probe for the per-frame paths the bench measures (`pnpm bench:perception`, issue 14:
// "0 bytes per frame"): after warm-up, a vision frame (Boolean and certainty zones over
// boxLineOfSight) and an influence frame (stamps + one propagation step) must not grow the heap.
// A single boxed number per ray would add ≥ 16 bytes × hundreds of rays per frame, so a budget of
// 64 bytes per frame separates "allocates" from GC bookkeeping noise. Each round starts from a full
// GC and stays far below the young generation's size, so no scavenge can hide an allocation.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createRng, rngFloat, type Aabb } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  beginVisionBatch,
  boxLineOfSight,
  canSee,
  createVisionBatch,
  createInfluenceMap,
  propagateInfluence,
  stampInfluence,
  stampInfluences,
  stepVisionBatch,
  validateVisionZones,
  visionCertainty,
  VisionShape,
} from "../src/index";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/**
 * Least heap growth per frame over `rounds` rounds of `frames` frames, after `warmUp` frames. An
 * allocation in the frame shows in every round; the JIT finishing a compilation or other background
 * work adds to some rounds only, so the least round is the frame's own allocation.
 */
function bytesPerFrame(frame: () => void, warmUp: number, frames = 20, rounds = 7): number {
  for (let i = 0; i < warmUp; i++) frame();
  const growth: number[] = [];
  for (let r = 0; r < rounds; r++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < frames; i++) frame();
    growth.push((process.memoryUsage().heapUsed - before) / frames);
  }
  return Math.min(...growth);
}

const agents = 200;
const neighbors = 8;
const world = 300;
const rng = createRng(11);
const boxes: Aabb[] = Array.from({ length: 120 }, () => {
  const x = rngFloat(rng, 0, world);
  const y = rngFloat(rng, 0, world);
  return { minX: x, minY: y, maxX: x + rngFloat(rng, 2, 10), maxY: y + rngFloat(rng, 2, 10) };
});
const ax = Float64Array.from({ length: agents }, () => rngFloat(rng, 0, world));
const ay = Float64Array.from({ length: agents }, () => rngFloat(rng, 0, world));
const heading = Float64Array.from({ length: agents }, () => rngFloat(rng, -Math.PI, Math.PI));
const nb = Int32Array.from({ length: agents * neighbors }, (_, t) => (Math.floor(t / neighbors) + 1 + (t % neighbors) * 37) % agents);
const lineOfSight = boxLineOfSight(boxes);
const options = { lineOfSight };
const cone = { viewRange: 200, fieldOfView: (2 * Math.PI) / 3 };
const zones = validateVisionZones([
  { viewRange: 60, halfAngle: Math.PI / 3, certainty: 1 },
  { viewRange: 200, halfAngle: Math.PI / 10, certainty: 0.9 },
  { shape: VisionShape.Coffin, viewRange: 150, halfAngle: Math.PI / 4, certainty: 0.5, widestAt: 40, endHalfWidth: 5 },
  { shape: VisionShape.Box, viewRange: 30, halfAngle: 0, halfWidth: 4, certainty: 0.7 },
]);
const sink = new Float64Array(2);
// The measuring loop itself allocates the first few times it runs (feedback, inline caches): run it
// on an empty frame first.
for (let i = 0; i < 3; i++) bytesPerFrame(() => undefined, 10);

describe("per-frame allocation (issue 14: 0 bytes per frame)", () => {
  it("a Boolean vision frame over boxLineOfSight allocates nothing after warm-up", () => {
    let rays = 0;
    const frame = (): void => {
      let seen = 0;
      for (let i = 0; i < agents; i++) {
        for (let k = 0; k < neighbors; k++) {
          const j = nb[i * neighbors + k]!;
          if (canSee(cone, ax[i]!, ay[i]!, heading[i]!, ax[j]!, ay[j]!, options)) seen++;
        }
      }
      sink[0] = seen;
    };
    // The frame really casts rays (so a boxed number per ray would show).
    for (let i = 0; i < agents; i++)
      for (let k = 0; k < neighbors; k++) {
        const j = nb[i * neighbors + k]!;
        if (canSee(cone, ax[i]!, ay[i]!, heading[i]!, ax[j]!, ay[j]!)) rays++;
      }
    expect(rays).toBeGreaterThan(300);
    expect(bytesPerFrame(frame, 120)).toBeLessThan(64);
  });

  it("a certainty-zone vision frame (cone, coffin and box zones, modifier) allocates nothing after warm-up", () => {
    // One options shape at the call site (a field missing from some objects makes V8 box the number
    // it reads from the others).
    const plain = { lineOfSight, modifier: 0 };
    const withModifier = { lineOfSight, modifier: 0.3 };
    const frame = (): void => {
      let sum = 0;
      for (let i = 0; i < agents; i++) {
        for (let k = 0; k < neighbors; k++) {
          const j = nb[i * neighbors + k]!;
          sum += visionCertainty(zones, ax[i]!, ay[i]!, heading[i]!, ax[j]!, ay[j]!, (k & 1) === 0 ? plain : withModifier);
        }
      }
      sink[1] = sum;
    };
    expect(bytesPerFrame(frame, 120)).toBeLessThan(64);
  });

  it("an influence frame (single and batched stamps, one propagation step) allocates nothing after warm-up", () => {
    const map = createInfluenceMap(64, 64, { momentum: 0.5, decay: 0.3 });
    const sources = Float64Array.from({ length: 3 * 40 }, (_, t) => (t % 3 === 2 ? 1 : rngFloat(rng, 0, 64)));
    const frame = (): void => {
      map.values.fill(0);
      for (let s = 0; s < 40; s++) stampInfluence(map, sources[3 * s]!, sources[3 * s + 1]!, 0.5 + s / 40, 4.5);
      stampInfluences(map, sources, 3.5);
      propagateInfluence(map);
    };
    expect(bytesPerFrame(frame, 120)).toBeLessThan(64);
  });

  it("a sliced vision batch (Boolean and zones, 100 agents a slice) allocates nothing after warm-up", () => {
    const batch = createVisionBatch(agents, neighbors);
    batch.neighbors.set(nb);
    const positions = { x: ax, y: ay, heading };
    const batchOptions = { lineOfSight, zones, modifier: 0.3 };
    const frame = (): void => {
      beginVisionBatch(batch);
      while (stepVisionBatch(batch, cone, positions, 100, batchOptions) === "partial");
    };
    expect(bytesPerFrame(frame, 120)).toBeLessThan(64);
  });
});
