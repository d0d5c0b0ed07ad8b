import { createRng, isTacticaError, rngFloat } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addPointSource,
  clearPointSources,
  createInfluenceLayer,
  createPointInfluence,
  findPointInfluenceExtreme,
  pointInfluenceAt,
  pointInfluenceGradient,
  samplePointInfluence,
  simplifyPointSources,
  spreadPointSources,
  stampInfluence,
} from "../../src/index";

const src = fc.tuple(
  fc.double({ min: -20, max: 20, noNaN: true }),
  fc.double({ min: -20, max: 20, noNaN: true }),
  fc.double({ min: -3, max: 3, noNaN: true }),
  fc.double({ min: 0.5, max: 12, noNaN: true }),
);

function build(sources: readonly (readonly [number, number, number, number])[]) {
  const field = createPointInfluence(Math.max(1, sources.length));
  for (const [x, y, s, r] of sources) addPointSource(field, x, y, s, r);
  return field;
}

function brute(sources: readonly (readonly [number, number, number, number])[], x: number, y: number): number {
  let v = 0;
  for (const [sx, sy, s, r] of sources) v += s * Math.max(1 - Math.hypot(x - sx, y - sy) / r, 0);
  return v;
}

describe("point-source influence (ch. 29)", () => {
  it("a centre gives its scale, the rim gives 0, overlaps add; the k-d query equals the brute-force sum (property)", () => {
    const f = build([
      [0, 0, 2, 4],
      [3, 0, 1, 3],
    ]);
    expect(pointInfluenceAt(f, 0, 0)).toBeCloseTo(2 + 0, 12);
    expect(pointInfluenceAt(f, 4, 0)).toBeCloseTo(0 + 1 * (1 - 1 / 3), 12);
    expect(pointInfluenceAt(f, 0, 4)).toBe(0 + 0); // on the rim of the first, outside the second
    expect(pointInfluenceAt(createPointInfluence(1), 1, 1)).toBe(0);
    fc.assert(
      fc.property(
        fc.array(src, { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true })), { minLength: 1, maxLength: 10 }),
        (sources, probes) => {
          const field = build(sources);
          for (const [x, y] of probes) expect(pointInfluenceAt(field, x, y)).toBeCloseTo(brute(sources, x, y), 9);
        },
      ),
      { numRuns: 80, seed: 291 },
    );
  });

  it("the analytic gradient equals finite differences away from centres and rims, and is finite at them", () => {
    const rng = createRng(29);
    const field = createPointInfluence(20);
    const sources: [number, number, number, number][] = [];
    for (let i = 0; i < 20; i++) {
      const s: [number, number, number, number] = [rngFloat(rng, -10, 10), rngFloat(rng, -10, 10), rngFloat(rng, -2, 2), rngFloat(rng, 2, 8)];
      sources.push(s);
      addPointSource(field, ...s);
    }
    const g = { x: 0, y: 0 };
    const h = 1e-6;
    let checked = 0;
    for (let k = 0; k < 300; k++) {
      const x = rngFloat(rng, -15, 15);
      const y = rngFloat(rng, -15, 15);
      // Skip points near a centre or a rim (the cone is not differentiable there).
      if (sources.some(([sx, sy, , r]) => Math.hypot(x - sx, y - sy) < 1e-3 || Math.abs(Math.hypot(x - sx, y - sy) - r) < 1e-3)) continue;
      pointInfluenceGradient(g, field, x, y);
      expect(g.x).toBeCloseTo((pointInfluenceAt(field, x + h, y) - pointInfluenceAt(field, x - h, y)) / (2 * h), 4);
      expect(g.y).toBeCloseTo((pointInfluenceAt(field, x, y + h) - pointInfluenceAt(field, x, y - h)) / (2 * h), 4);
      checked++;
    }
    expect(checked).toBeGreaterThan(250);
    const one = build([[1, 2, 1, 3]]);
    pointInfluenceGradient(g, one, 1, 2); // d = 0
    expect(g).toEqual({ x: 0, y: 0 });
    pointInfluenceGradient(g, one, 4, 2); // d = r
    expect(g).toEqual({ x: 0, y: 0 });
  });

  it("gradient search never ends worse than it starts and stays inside the search radius (property); the example", () => {
    fc.assert(
      fc.property(
        fc.array(src, { minLength: 1, maxLength: 15 }),
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.boolean(),
        fc.double({ min: 0.5, max: 15, noNaN: true }),
        (sources, x, y, descend, searchRadius) => {
          const field = build(sources);
          const out = { x: 0, y: 0 };
          const v = findPointInfluenceExtreme(out, field, x, y, { descend, searchRadius });
          const start = pointInfluenceAt(field, x, y);
          if (descend) expect(v).toBeLessThanOrEqual(start);
          else expect(v).toBeGreaterThanOrEqual(start);
          expect(Math.hypot(out.x - x, out.y - y)).toBeLessThanOrEqual(searchRadius + 1e-9);
          expect(v).toBeCloseTo(pointInfluenceAt(field, out.x, out.y), 12);
        },
      ),
      { numRuns: 100, seed: 292 },
    );
    const field = build([[0, 0, 1, 10]]);
    const best = { x: 0, y: 0 };
    expect(findPointInfluenceExtreme(best, field, 3, 4, { descend: true, searchRadius: 20 })).toBe(0);
    expect(Math.hypot(best.x, best.y)).toBeGreaterThanOrEqual(10 - 1e-9);
    expect(best.y / best.x).toBeCloseTo(4 / 3, 9);
    const peak = { x: 0, y: 0 };
    expect(findPointInfluenceExtreme(peak, field, 3, 4, { searchRadius: 20 })).toBeGreaterThan(0.99);
  });

  it("sampling at cell centres equals stamping with the linear falloff (parity with the grid maps)", () => {
    const a = createInfluenceLayer(24, 20);
    const b = createInfluenceLayer(24, 20);
    const field = build([
      [5, 5, 1, 4],
      [7.5, 6.25, 2, 6],
      [23, 19, -1, 3],
    ]);
    samplePointInfluence(a, field);
    stampInfluence(b, 5, 5, 1, 4);
    stampInfluence(b, 7.5, 6.25, 2, 6);
    stampInfluence(b, 23, 19, -1, 3);
    for (let i = 0; i < a.values.length; i++) expect(a.values[i]).toBeCloseTo(b.values[i]!, 12);
  });

  it("ring splitting conserves energy after decay, skips blocked children, and expires weak ones", () => {
    const field = createPointInfluence(64);
    addPointSource(field, 0, 0, 1, 4);
    expect(spreadPointSources(field, { decay: 0.2, children: 6 })).toBe(6);
    const total = (): number => [...field.strength.subarray(0, field.count)].reduce((a, b) => a + b, 0);
    expect(total()).toBeCloseTo(0.8, 12);
    for (let i = 0; i < 6; i++) expect(Math.hypot(field.xy[2 * i]!, field.xy[2 * i + 1]!)).toBeCloseTo(2, 12);
    // A wall x < 0.5 blocks children on the left: the energy goes to the others.
    clearPointSources(field);
    addPointSource(field, 1, 0, 1, 4);
    const isBlocked = (x: number): boolean => x < 0.5;
    const n = spreadPointSources(field, { decay: 0.1, children: 8, isBlocked });
    expect(n).toBeLessThan(8);
    expect(total()).toBeCloseTo(0.9, 12);
    for (let i = 0; i < n; i++) expect(isBlocked(field.xy[2 * i]!)).toBe(false);
    // Everything blocked: the parent stays, decayed.
    clearPointSources(field);
    addPointSource(field, 1, 0, 1, 4);
    expect(spreadPointSources(field, { decay: 0.5, isBlocked: () => true })).toBe(1);
    expect(field.strength[0]).toBeCloseTo(0.5, 12);
    // Expiry: shares below the threshold vanish.
    clearPointSources(field);
    addPointSource(field, 0, 0, 0.05, 4);
    expect(spreadPointSources(field, { children: 6, expireBelow: 0.01 })).toBe(0);
    // Full field: parents stay in place (decayed) instead of losing energy.
    const small = createPointInfluence(3);
    addPointSource(small, 0, 0, 1, 2);
    addPointSource(small, 9, 9, 1, 2);
    spreadPointSources(small, { decay: 0.1, children: 4 });
    expect([...small.strength.subarray(0, small.count)].reduce((a, b) => a + b, 0)).toBeCloseTo(1.8, 12);
    expect(() => spreadPointSources(small, { children: 1 })).toThrow(/children/);
  });

  it("simplification reduces the node count and keeps the error within the tolerance (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -3, max: 3, noNaN: true }),
            fc.double({ min: -3, max: 3, noNaN: true }),
            fc.double({ min: 0.05, max: 1, noNaN: true }),
            fc.double({ min: 4, max: 8, noNaN: true }),
          ),
          { minLength: 4, maxLength: 25 },
        ),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        (sources, tolerance) => {
          const field = build(sources);
          const n = simplifyPointSources(field, tolerance);
          expect(n).toBeLessThanOrEqual(sources.length);
          const rng = createRng(sources.length);
          for (let k = 0; k < 200; k++) {
            const x = rngFloat(rng, -12, 12);
            const y = rngFloat(rng, -12, 12);
            expect(Math.abs(pointInfluenceAt(field, x, y) - brute(sources, x, y))).toBeLessThanOrEqual(tolerance + 1e-9);
          }
        },
      ),
      { numRuns: 25, seed: 293 },
    );
    // A tight cluster of equal sources does merge under a loose tolerance.
    const cluster = build([
      [0, 0, 1, 6],
      [0.1, 0, 1, 6],
      [0, 0.1, 1, 6],
      [0.1, 0.1, 1, 6],
    ]);
    expect(simplifyPointSources(cluster, 0.5)).toBe(1);
    expect(pointInfluenceAt(cluster, 0.05, 0.05)).toBeCloseTo(4, 9);
  });

  it("rejects bad input and reports a full field with -1", () => {
    const f = createPointInfluence(1);
    expect(addPointSource(f, 0, 0, 1, 1)).toBe(0);
    expect(addPointSource(f, 0, 0, 1, 1)).toBe(-1);
    for (const bad of [
      () => addPointSource(f, Number.NaN, 0, 1, 1),
      () => addPointSource(f, 0, 0, 1, 0),
      () => createPointInfluence(0),
      () => simplifyPointSources(f, -1),
    ]) {
      let caught: unknown;
      try {
        bad();
      } catch (e) {
        caught = e;
      }
      expect(isTacticaError(caught, "PERCEPTION_CONFIG")).toBe(true);
    }
  });
});
