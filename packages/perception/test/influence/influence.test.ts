import { isTacticaError, type TacticaErrorCode } from "@tactica/core";
import { createGrid, setCellPassable } from "@tactica/grid";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addInfluence,
  addInverseInfluence,
  advanceInfluenceMap,
  createInfluenceLayer,
  createInfluenceMap,
  findHighestInfluence,
  findLowestInfluence,
  InfluenceFalloff,
  influenceAt,
  invertInfluence,
  multiplyInfluence,
  normalizeInfluence,
  propagateInfluence,
  restoreInfluenceMap,
  saveInfluenceMap,
  setInfluenceSource,
  stampInfluence,
  stampInfluences,
} from "../../src/index";

function throwsCode(f: () => unknown, code: TacticaErrorCode): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(isTacticaError(caught, code), String(caught)).toBe(true);
}

describe("influence layers (working maps)", () => {
  it("stamps with falloff and clips at the edges", () => {
    const l = createInfluenceLayer(8, 8);
    stampInfluence(l, 0, 0, 2, 4);
    expect(l.values[0]).toBe(2);
    expect(l.values[2]).toBe(1); // (2, 0): 2 · (1 − 2/4)
    expect(l.values[4]).toBe(0); // on the radius
    expect(l.values[5]).toBe(0);
    const q = createInfluenceLayer(8, 8);
    stampInfluence(q, 4, 4, 1, 2, { falloff: InfluenceFalloff.Quadratic });
    expect(q.values[4 * 8 + 5]).toBe(0.75);
    const c = createInfluenceLayer(8, 8);
    stampInfluence(c, 4, 4, 1, 2, { falloff: InfluenceFalloff.Constant });
    expect(c.values.reduce((a, b) => a + b, 0)).toBe(13); // cells within distance 2
    const k = createInfluenceLayer(8, 8);
    stampInfluence(k, 4, 4, 1, 2, { falloff: InfluenceFalloff.Quartic });
    expect(k.values[4 * 8 + 5]).toBe(1 - 1 / 16);
    throwsCode(() => stampInfluence(l, 1, 1, 1, 0.5), "PERCEPTION_CONFIG");
    throwsCode(() => stampInfluence(l, 1, 1, Number.NaN, 2), "PERCEPTION_CONFIG");
  });

  it("a clipped stamp equals the same stamp on a larger map, cropped (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -6, max: 12 }), fc.integer({ min: -6, max: 12 }), fc.double({ min: 1, max: 6, noNaN: true }), (cx, cy, r) => {
        const small = stampInfluence(createInfluenceLayer(8, 8), cx, cy, 1, r);
        const big = stampInfluence(createInfluenceLayer(32, 32), cx + 10, cy + 10, 1, r);
        for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) expect(small.values[y * 8 + x]).toBe(big.values[(y + 10) * 32 + x + 10]);
      }),
      { numRuns: 100 },
    );
  });

  it("adds, multiplies, normalises, inverts and finds extremes", () => {
    const a = createInfluenceLayer(2, 2);
    const b = createInfluenceLayer(2, 2);
    a.values.set([0, 0.7, 1.4, 0.35]);
    b.values.set([1, 2, 3, 4]);
    const out = createInfluenceLayer(2, 2);
    expect([...addInfluence(out, a, b).values]).toEqual([1, 2.7, 4.4, 4.35]);
    expect([...addInfluence(out, b, b, { weight: -1 }).values]).toEqual([0, 0, 0, 0]);
    expect([...multiplyInfluence(out, a, b).values].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, 1.4, 4.2, 1.4]);
    normalizeInfluence(out, a);
    expect(out.values[1]).toBe(0.5); // 0.7 of max 1.4
    expect(out.normalized).toBe(true);
    expect([...invertInfluence(out, out).values]).toEqual([1, 0.5, 0, 0.75]);
    expect(findHighestInfluence(out)).toBe(0);
    expect(findLowestInfluence(out)).toBe(2);
    const flat = createInfluenceLayer(2, 2);
    flat.values.fill(3);
    expect([...normalizeInfluence(flat, flat).values]).toEqual([0, 0, 0, 0]);
  });

  it("ch. 30 recipes: stamp/un-stamp, overlaps, quartic ≥ linear, AoE, safer spot, LOS mask", () => {
    const l = createInfluenceLayer(12, 12);
    stampInfluence(l, 3, 3, 1, 5);
    stampInfluence(l, 3, 3, -1, 5);
    expect(l.values.every((v) => v === 0)).toBe(true); // un-stamping restores zero exactly
    stampInfluence(l, 4, 4, 1, 4);
    stampInfluence(l, 6, 4, 1, 4);
    expect(l.values[4 * 12 + 5]).toBeGreaterThan(1); // overlap
    const lin = stampInfluence(createInfluenceLayer(11, 11), 5, 5, 1, 5);
    const quart = stampInfluence(createInfluenceLayer(11, 11), 5, 5, 1, 5, { falloff: InfluenceFalloff.Quartic });
    for (let i = 0; i < 121; i++) expect(quart.values[i]).toBeGreaterThanOrEqual(lin.values[i]!);
    // AoE: three clustered enemies × the caster's interest template → the cluster's centre.
    const enemies = createInfluenceLayer(20, 20);
    for (const [x, y] of [
      [10, 10],
      [12, 10],
      [11, 12],
    ] as const)
      stampInfluence(enemies, x, y, 1, 3);
    const interest = stampInfluence(createInfluenceLayer(20, 20), 6, 6, 1, 12, { falloff: InfluenceFalloff.Constant }); // in casting range
    const aoe = multiplyInfluence(createInfluenceLayer(20, 20), enemies, interest);
    expect(findHighestInfluence(aoe)).toBe(11 * 20 + 11); // (11, 11), next to the centroid (11, 10.7)
    // Safer spot: AddInverse of the normalised enemy map, inside the interest radius.
    const safe = addInverseInfluence(createInfluenceLayer(20, 20), createInfluenceLayer(20, 20), normalizeInfluence(createInfluenceLayer(20, 20), enemies));
    const spot = findHighestInfluence(multiplyInfluence(safe, safe, interest));
    expect(enemies.values[spot]).toBe(0);
    expect(interest.values[spot]).toBeGreaterThan(0);
    throwsCode(() => addInverseInfluence(safe, safe, enemies), "PERCEPTION_NOT_NORMALIZED");
    // LOS mask: a wall column at x = 7 hides everything behind it.
    const masked = stampInfluence(createInfluenceLayer(12, 12), 4, 4, 1, 6, { lineOfSight: (_x0, _y0, x1) => x1 < 7 });
    expect(masked.values[4 * 12 + 8]).toBe(0);
    expect(masked.values[4 * 12 + 6]).toBeGreaterThan(0);
  });

  it("batch stamping equals one stamp per source, and checks every entry first (property)", () => {
    const src = fc.tuple(
      fc.double({ min: -3, max: 20, noNaN: true }),
      fc.double({ min: -3, max: 20, noNaN: true }),
      fc.double({ min: -2, max: 2, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(src, { minLength: 0, maxLength: 12 }),
        fc.double({ min: 1, max: 6, noNaN: true }),
        fc.constantFrom(0, 1, 2, 3),
        (sources, radius, falloff) => {
          const options = { falloff: falloff };
          const a = createInfluenceLayer(17, 15);
          const b = createInfluenceLayer(17, 15);
          for (const [x, y, s] of sources) stampInfluence(a, x, y, s, radius, options);
          stampInfluences(b, Float64Array.from(sources.flat()), radius, options);
          expect([...b.values]).toEqual([...a.values]);
        },
      ),
      { numRuns: 60, seed: 29 },
    );
    const layer = createInfluenceLayer(4, 4);
    throwsCode(() => stampInfluences(layer, [1, 1, 1, 2, Number.NaN, 1], 2), "PERCEPTION_CONFIG");
    throwsCode(() => stampInfluences(layer, [1, 1], 2), "PERCEPTION_CONFIG");
    expect([...layer.values].every((v) => v === 0)).toBe(true);
  });

  it("refuses to invert a raw map and to combine maps of different sizes", () => {
    const a = createInfluenceLayer(3, 3);
    throwsCode(() => invertInfluence(a, a), "PERCEPTION_NOT_NORMALIZED");
    stampInfluence(normalizeInfluence(a, a), 1, 1, 1, 1);
    throwsCode(() => invertInfluence(a, a), "PERCEPTION_NOT_NORMALIZED"); // a stamp clears the flag
    throwsCode(() => addInfluence(a, a, createInfluenceLayer(3, 4)), "PERCEPTION_CONFIG");
    throwsCode(() => multiplyInfluence(createInfluenceLayer(2, 3), a, a), "PERCEPTION_CONFIG");
    throwsCode(() => createInfluenceLayer(0, 3), "PERCEPTION_CONFIG");
  });

  it("normalised values lie in [0, 1] with both ends reached (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 12, maxLength: 12 }), (vals) => {
        const a = createInfluenceLayer(4, 3);
        a.values.set(vals);
        const n = normalizeInfluence(createInfluenceLayer(4, 3), a);
        const lo = Math.min(...n.values);
        const hi = Math.max(...n.values);
        expect(lo).toBe(0);
        expect(hi === 1 || (hi === 0 && Math.min(...vals) === Math.max(...vals))).toBe(true);
        expect(n.values[findHighestInfluence(a)]).toBe(hi);
      }),
      { numRuns: 100 },
    );
  });
});

describe("influence map propagation", () => {
  it("converges at momentum 0 to source · exp(−decay · octile distance) on an open map", () => {
    const map = createInfluenceMap(9, 7, { momentum: 0, decay: 0.4 });
    setInfluenceSource(map, 2, 3, 5);
    for (let k = 0; k < 12; k++) propagateInfluence(map);
    for (let y = 0; y < 7; y++) {
      for (let x = 0; x < 9; x++) {
        const dx = Math.abs(x - 2);
        const dy = Math.abs(y - 3);
        const d = Math.max(dx, dy) - Math.min(dx, dy) + Math.SQRT2 * Math.min(dx, dy);
        expect(influenceAt(map, x, y)).toBeCloseTo(5 * Math.exp(-0.4 * d), 10);
      }
    }
  });

  it("follows path distance around walls, never through them or across blocked corners", () => {
    const grid = createGrid(5, 5);
    for (let y = 0; y < 4; y++) setCellPassable(grid, 2, y, false); // wall with a gap at the bottom
    const map = createInfluenceMap(5, 5, { momentum: 0, decay: 1, grid });
    setInfluenceSource(map, 0, 0, 1);
    for (let k = 0; k < 20; k++) propagateInfluence(map);
    expect(influenceAt(map, 2, 1)).toBe(0); // blocked
    // The only way round is the gap at the bottom; the corner rule forbids (1,3)→(2,4) past the wall's end.
    const viaGap = Math.exp(-(Math.SQRT2 + 3 + 1 + 1 + 4)); // (0,0)→(1,1)→(1,4) 3 → (2,4) 1 → (3,4) 1 → (3,0) 4
    expect(influenceAt(map, 3, 0)).toBeCloseTo(viaGap, 10);
  });

  it("momentum 1 keeps the history; momentum 0 follows the propagation (the erratum)", () => {
    const keep = createInfluenceMap(3, 1, { momentum: 1, decay: 0 });
    keep.values[2] = 0.25;
    setInfluenceSource(keep, 0, 0, 1);
    propagateInfluence(keep);
    expect([...keep.values]).toEqual([1, 0, 0.25]);
    const follow = createInfluenceMap(3, 1, { momentum: 0, decay: 0 });
    follow.values[2] = 0.25;
    setInfluenceSource(follow, 0, 0, 1);
    propagateInfluence(follow);
    expect([...follow.values]).toEqual([1, 1, 0]);
    const half = createInfluenceMap(3, 1, { momentum: 0.25, decay: 0 });
    setInfluenceSource(half, 0, 0, 1);
    propagateInfluence(half);
    expect(half.values[1]).toBe(0.75);
  });

  it("keeps negative influence in the min channel", () => {
    const map = createInfluenceMap(5, 1, { momentum: 0, decay: Math.LN2 });
    setInfluenceSource(map, 0, 0, 1);
    setInfluenceSource(map, 4, 0, -1);
    for (let k = 0; k < 6; k++) propagateInfluence(map);
    expect(influenceAt(map, 2, 0)).toBeCloseTo(0, 12); // 0.25 − 0.25: the battlefront
    expect(influenceAt(map, 1, 0)).toBeCloseTo(0.5 - 0.125, 12);
    expect(map.minValues[3]).toBeCloseTo(-0.5, 12);
  });

  it("a single source gives a field that never increases away from it (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 7 }),
        fc.double({ min: 0, max: 0.95, noNaN: true }),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        fc.integer({ min: 1, max: 10 }),
        (sx, sy, momentum, decay, steps) => {
          const map = createInfluenceMap(8, 8, { momentum, decay });
          setInfluenceSource(map, sx, sy, 1);
          for (let k = 0; k < steps; k++) propagateInfluence(map);
          // Along the row from the source, values do not increase.
          for (let x = sx + 1; x < 8; x++) expect(map.values[sy * 8 + x]).toBeLessThanOrEqual(map.values[sy * 8 + x - 1]! + 1e-15);
          for (let x = sx - 1; x >= 0; x--) expect(map.values[sy * 8 + x]).toBeLessThanOrEqual(map.values[sy * 8 + x + 1]! + 1e-15);
          expect(map.values[sy * 8 + sx]).toBe(1);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("an open map and a map over an all-open grid are bit-identical (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 6 }), fc.double({ min: -2, max: 2, noNaN: true })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 8 }),
        (sources, momentum, decay, steps) => {
          const open = createInfluenceMap(10, 7, { momentum, decay });
          const gridded = createInfluenceMap(10, 7, { momentum, decay, grid: createGrid(10, 7) });
          for (const [x, y, v] of sources) {
            setInfluenceSource(open, x, y, v);
            setInfluenceSource(gridded, x, y, v);
          }
          for (let k = 0; k < steps; k++) {
            propagateInfluence(open);
            propagateInfluence(gridded);
          }
          expect(open.values).toEqual(gridded.values);
          expect(open.minValues).toEqual(gridded.minValues);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("runs at its own rate and stays plain data", () => {
    const map = createInfluenceMap(4, 4, { rateHz: 2 });
    expect(advanceInfluenceMap(map, 0.3)).toBe(0);
    expect(advanceInfluenceMap(map, 0.3)).toBe(1);
    expect(map.elapsed).toBeCloseTo(0.1, 12);
    expect(advanceInfluenceMap(map, 100, { maxSteps: 3 })).toBe(3);
    expect(map.elapsed).toBe(0);
    setInfluenceSource(map, 1, 1, 1);
    const copy = structuredClone(map);
    propagateInfluence(map);
    propagateInfluence(copy);
    expect(copy.values).toEqual(map.values);
    throwsCode(() => createInfluenceMap(4, 4, { momentum: 1.5 }), "PERCEPTION_CONFIG");
    throwsCode(() => createInfluenceMap(4, 4, { grid: createGrid(4, 5) }), "PERCEPTION_CONFIG");
    throwsCode(() => setInfluenceSource(map, 4, 0, 1), "PERCEPTION_CONFIG");
    throwsCode(() => advanceInfluenceMap(map, -1), "PERCEPTION_CONFIG");
  });
});

describe("influence map snapshots", () => {
  it("round-trips through JSON and continues identically", () => {
    const a = createInfluenceMap(7, 6, { momentum: 0.3, decay: 0.25, rateHz: 3 });
    setInfluenceSource(a, 1, 1, 1);
    setInfluenceSource(a, 5, 4, -0.5);
    advanceInfluenceMap(a, 0.8);
    const b = createInfluenceMap(7, 6);
    restoreInfluenceMap(b, JSON.parse(JSON.stringify(saveInfluenceMap(a))));
    for (let k = 0; k < 5; k++) {
      advanceInfluenceMap(a, 0.2);
      advanceInfluenceMap(b, 0.2);
    }
    expect(saveInfluenceMap(b)).toEqual(saveInfluenceMap(a));
  });

  it("checks the whole snapshot first and leaves the map unchanged on a bad one", () => {
    const map = createInfluenceMap(3, 2);
    setInfluenceSource(map, 0, 0, 1);
    const before = JSON.stringify(saveInfluenceMap(map));
    const good = saveInfluenceMap(map);
    for (const [bad, path] of [
      [null, "$"],
      [{ ...good, version: 2 }, "$.version"],
      [{ ...good, width: 4 }, "$.width"],
      [{ ...good, momentum: 1.5 }, "$.momentum"],
      [{ ...good, elapsed: 10 }, "$.elapsed"],
      [{ ...good, values: [0, 0, 0, 0, 0, Number.NaN] }, "$.values[5]"],
      [{ ...good, sources: [0] }, "$.sources"],
    ] as const) {
      let caught: unknown;
      try {
        restoreInfluenceMap(map, bad);
      } catch (e) {
        caught = e;
      }
      expect(isTacticaError(caught, "PERCEPTION_CONFIG"), String(caught)).toBe(true);
      expect((caught as { path?: string }).path).toBe(path);
      expect(JSON.stringify(saveInfluenceMap(map))).toBe(before);
    }
  });
});
