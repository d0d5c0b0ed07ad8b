// Issue 17 (perception part): the time-sliced updates give the one-shot result bit for bit for any
// sequence of budgets.
import { createRng, rngFloat, type Aabb } from "@tactica/core";
import { createGrid, setCellPassable } from "@tactica/grid";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  beginExposureMap,
  beginVisionBatch,
  boxLineOfSight,
  canSee,
  createExposureCounters,
  createExposureMap,
  createInfluenceMap,
  createInfluencePropagation,
  createVisionBatch,
  propagateInfluence,
  setInfluenceSource,
  stampInfluence,
  stepExposureMap,
  stepExposureSlice,
  stepInfluencePropagation,
  stepVisionBatch,
  validateVisionZones,
  visionCertainty,
  VisionShape,
  type SliceStatus,
} from "../../src/index";

/** Bytes of a typed array, for bit-for-bit comparison (−0 and NaN payloads included). */
function bytes(a: Float64Array | Uint8Array): number[] {
  return [...new Uint8Array(a.buffer, a.byteOffset, a.byteLength)];
}

/** Runs `step(budget)` cycling through `budgets` until it reports done; returns the number of steps. */
function runSliced(budgets: readonly number[], step: (budget: number) => SliceStatus): number {
  const seq = budgets.some((b) => b > 0) ? budgets : [...budgets, 1];
  for (let s = 0; s < 100_000; s++) if (step(seq[s % seq.length]!) === "done") return s + 1;
  throw new Error("the sliced update never finished");
}

const budgetsArb = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 });

describe("stepVisionBatch", () => {
  const zones = validateVisionZones([
    { viewRange: 8, halfAngle: Math.PI / 3, certainty: 1 },
    { viewRange: 20, halfAngle: Math.PI / 10, certainty: 0.9 },
    { shape: VisionShape.Coffin, viewRange: 15, halfAngle: Math.PI / 4, certainty: 0.5, widestAt: 5, endHalfWidth: 1 },
    { shape: VisionShape.Box, viewRange: 4, halfAngle: 0, halfWidth: 2, certainty: 0 },
  ]);

  it("equals the one-shot batch and canSee / visionCertainty pair by pair, for any budgets (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 1000 }),
        budgetsArb,
        fc.boolean(),
        (n, per, seed, budgets, withRays) => {
          const rng = createRng(seed);
          const agents = {
            x: Float64Array.from({ length: n }, () => rngFloat(rng, 0, 30)),
            y: Float64Array.from({ length: n }, () => rngFloat(rng, 0, 30)),
            heading: Float64Array.from({ length: n }, () => rngFloat(rng, -Math.PI, Math.PI)),
          };
          const boxes: Aabb[] = Array.from({ length: 6 }, () => {
            const x = rngFloat(rng, 0, 30);
            const y = rngFloat(rng, 0, 30);
            return { minX: x, minY: y, maxX: x + 3, maxY: y + 2 };
          });
          const options = { zones, modifier: (seed % 3) * 0.2 - 0.2, ...(withRays ? { lineOfSight: boxLineOfSight(boxes) } : {}) };
          const cone = { viewRange: 18, fieldOfView: seed % 5 === 0 ? 2 * Math.PI : 2 };
          const one = createVisionBatch(n, per);
          const sliced = createVisionBatch(n, per);
          for (let s = 0; s < n * per; s++) {
            const j = n === 0 ? -1 : Math.floor(rngFloat(rng, -0.2, 1) * n);
            one.neighbors[s] = j < 0 ? -1 : j;
            sliced.neighbors[s] = j < 0 ? -1 : j;
          }
          expect(stepVisionBatch(one, cone, agents, Infinity, options)).toBe("done");
          runSliced(budgets, (b) => stepVisionBatch(sliced, cone, agents, b, options));
          expect(bytes(sliced.visible)).toEqual(bytes(one.visible));
          expect(bytes(sliced.certainty)).toEqual(bytes(one.certainty));
          expect([sliced.units, sliced.rays, sliced.cursor]).toEqual([one.units, one.rays, n]);
          for (let i = 0; i < n; i++) {
            for (let k = 0; k < per; k++) {
              const s = i * per + k;
              const j = one.neighbors[s]!;
              if (j < 0) continue;
              const args = [agents.x[i]!, agents.y[i]!, agents.heading[i]!, agents.x[j]!, agents.y[j]!] as const;
              expect(one.visible[s]).toBe(canSee(cone, ...args, options) ? 1 : 0);
              expect(bytes(Float64Array.of(one.certainty[s]!))).toEqual(bytes(Float64Array.of(visionCertainty(zones, ...args, options))));
            }
          }
        },
      ),
      { numRuns: 120, seed: 17 },
    );
  });

  it("reuses the Boolean check's ray for the zones, resumes at its cursor, and starts over with beginVisionBatch", () => {
    const batch = createVisionBatch(3, 2);
    batch.neighbors.set([1, 2, 0, 2, 0, 1]);
    const agents = { x: [0, 5, -5], y: [0, 0, 0], heading: [0, Math.PI, 0] };
    const cone = { viewRange: 10, fieldOfView: Math.PI / 2 };
    let calls = 0;
    const lineOfSight = (): boolean => {
      calls++;
      return true;
    };
    expect(stepVisionBatch(batch, cone, agents, 0, { lineOfSight })).toBe("partial");
    expect(stepVisionBatch(batch, cone, agents, 2, { lineOfSight, zones })).toBe("partial");
    expect(batch.cursor).toBe(2);
    expect(stepVisionBatch(batch, cone, agents, 2, { lineOfSight, zones })).toBe("done");
    expect([...batch.visible]).toEqual([1, 0, 1, 1, 1, 1]);
    expect(batch.rays).toBe(calls);
    expect(calls).toBe(5); // one ray per pair seen; agent 0's target behind it is in no zone either
    expect(stepVisionBatch(batch, cone, agents, 5)).toBe("done"); // nothing left
    beginVisionBatch(batch);
    expect([batch.cursor, batch.units, batch.rays]).toEqual([0, 0, 0]);
    expect(() => stepVisionBatch(batch, cone, agents, -1)).toThrow(/budgetUnits/);
    expect(() => stepVisionBatch(batch, cone, agents, 1.5)).toThrow(/budgetUnits/);
    batch.neighbors[0] = 7;
    expect(() => stepVisionBatch(batch, cone, agents, 1)).toThrow(/neighbors\[0\]/);
    expect(() => createVisionBatch(-1, 2)).toThrow(/agentCount/);
    expect(() => createVisionBatch(2, 0)).toThrow(/perAgent/);
  });
});

describe("stepInfluencePropagation", () => {
  it("equals propagateInfluence bit for bit, for any budgets and any map (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.array(budgetsArb, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (w, h, seed, steps, walls) => {
          const rng = createRng(seed);
          const grid = createGrid(w, h);
          if (walls) for (let k = 0; k < (w * h) / 5; k++) setCellPassable(grid, Math.floor(rngFloat(rng, 0, w)), Math.floor(rngFloat(rng, 0, h)), false);
          const make = () => createInfluenceMap(w, h, { momentum: rngFloat(createRng(seed), 0, 1), decay: 0.4, ...(walls ? { grid } : {}) });
          const a = make();
          const b = make();
          for (const m of [a, b]) {
            const r = createRng(seed + 1);
            setInfluenceSource(m, Math.floor(rngFloat(r, 0, w)), Math.floor(rngFloat(r, 0, h)), 1);
            setInfluenceSource(m, Math.floor(rngFloat(r, 0, w)), Math.floor(rngFloat(r, 0, h)), -0.7);
            stampInfluence(m, rngFloat(r, 0, w), rngFloat(r, 0, h), 0.5, 2.5);
          }
          const slice = createInfluencePropagation();
          for (const budgets of steps) {
            propagateInfluence(a);
            let done = 0;
            runSliced(budgets, (u) => {
              const status = stepInfluencePropagation(slice, b, u);
              if (status === "done") done++;
              return status;
            });
            expect(done).toBe(1);
            expect(slice.units).toBe(h);
            expect(bytes(b.values)).toEqual(bytes(a.values));
            expect(bytes(b.minValues)).toEqual(bytes(a.minValues));
          }
        },
      ),
      { numRuns: 120, seed: 171 },
    );
  });

  it("keeps the previous step readable until the last band, and rejects a bad budget", () => {
    const map = createInfluenceMap(8, 8, { momentum: 0, decay: 0.5 });
    setInfluenceSource(map, 0, 0, 1);
    const before = map.values.slice();
    const slice = createInfluencePropagation();
    expect(stepInfluencePropagation(slice, map, 3)).toBe("partial");
    expect([...map.values]).toEqual([...before]);
    expect(stepInfluencePropagation(slice, map, 5)).toBe("done");
    expect(map.values[1]).toBeCloseTo(Math.exp(-0.5), 12);
    expect(slice.row).toBe(-1);
    expect(() => stepInfluencePropagation(slice, map, Number.NaN)).toThrow(/budgetUnits/);
  });
});

describe("stepExposureSlice", () => {
  it("equals one unlimited build bit for bit, for any budgets, and counts every ray (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 }), fc.integer({ min: 0, max: 1000 }), budgetsArb, (w, h, seed, budgets) => {
        const rng = createRng(seed);
        const heights = Uint8Array.from({ length: w * h }, () => Math.floor(rngFloat(rng, 0, 4)) * 20);
        const vx = Math.floor(rngFloat(rng, 0, w));
        const vy = Math.floor(rngFloat(rng, 0, h));
        const a = createExposureMap(heights, w, h);
        const b = createExposureMap(heights, w, h);
        beginExposureMap(a, vx, vy, 1.5);
        beginExposureMap(b, vx, vy, 1.5);
        expect(stepExposureMap(a, Infinity)).toBe(true);
        const counters = createExposureCounters();
        runSliced(
          budgets.map((x) => x * 3),
          (u) => stepExposureSlice(b, counters, u),
        );
        expect(bytes(b.visible)).toEqual(bytes(a.visible));
        expect(counters.rays).toBe(w === 1 || h === 1 ? w * h : 2 * (w + h) - 4);
        expect(counters.units).toBe(counters.rays);
        expect(stepExposureSlice(b, counters, 1)).toBe("done");
      }),
      { numRuns: 120, seed: 172 },
    );
    expect(() => stepExposureSlice(createExposureMap(new Uint8Array(4), 2, 2), createExposureCounters(), -2)).toThrow(/budgetUnits/);
  });
});
