import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCodes,
  cloneRng,
  createRng,
  forkRng,
  saveRng,
  isTacticaError,
  rngBinomial,
  rngBool,
  rngFloat,
  rngInt,
  rngNextFloat,
  rngNextUint32,
  rngNormal,
  rngPick,
  rngPoisson,
  rngShuffle,
  rngWeightedPick,
  restoreRng,
  type Rng,
} from "../../src/index";

function draws(rng: Rng, n: number): number[] {
  return Array.from({ length: n }, () => rngNextUint32(rng));
}

function moments(xs: readonly number[]): { mean: number; variance: number } {
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / xs.length;
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  return { mean, variance: ss / (xs.length - 1) };
}

function sample(n: number, f: () => number): number[] {
  return Array.from({ length: n }, f);
}

function expectError(f: () => unknown, code: string, message?: RegExp): void {
  try {
    f();
  } catch (e) {
    expect(isTacticaError(e)).toBe(true);
    expect((e as { code: string }).code).toBe(code);
    if (message) expect((e as Error).message).toMatch(message);
    return;
  }
  expect.unreachable("expected a TacticaError");
}

describe("rng: generator and state", () => {
  it("is xoshiro128** (reference outputs for state [1, 2, 3, 4])", () => {
    const rng = restoreRng(createRng(0), [1, 2, 3, 4]);
    expect(draws(rng, 3)).toEqual([11520, 0, 5927040]);
  });

  it("gives the same sequence for the same seed and different ones for different seeds", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), (seed) => {
        expect(draws(createRng(seed), 8)).toEqual(draws(createRng(seed), 8));
      }),
      { seed: 10, numRuns: 50 },
    );
    const a = draws(createRng(1), 4);
    expect(draws(createRng(2), 4)).not.toEqual(a);
    expect(draws(createRng(2 ** 32 + 1), 4)).not.toEqual(a);
    expect(draws(createRng("level-1"), 4)).not.toEqual(draws(createRng("level-2"), 4));
    expect(draws(createRng(0), 4).every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true);
  });

  it("requires a seed: rejects non-integer and missing seeds", () => {
    expectError(() => createRng(1.5), ErrorCodes.InvalidArgument, /^@tactica\/core: createRng: "seed"/);
    expectError(() => createRng(undefined as unknown as number), ErrorCodes.InvalidArgument);
    expectError(() => createRng(NaN), ErrorCodes.InvalidArgument);
  });

  it("saves and restores state mid-stream, through JSON and structuredClone", () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(50), (seed, skip) => {
        const rng = createRng(seed);
        draws(rng, skip);
        const state = saveRng(rng);
        expect(state).toHaveLength(4);
        expect(state.every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true);
        const fromJson = JSON.parse(JSON.stringify(rng)) as Rng;
        const cloned = structuredClone(rng);
        const restored = restoreRng(createRng(0), JSON.parse(JSON.stringify(state)) as number[]);
        const copy = cloneRng(rng);
        const expected = draws(rng, 10);
        expect(draws(fromJson, 10)).toEqual(expected);
        expect(draws(cloned, 10)).toEqual(expected);
        expect(draws(restored, 10)).toEqual(expected);
        expect(draws(copy, 10)).toEqual(expected);
        restoreRng(rng, state);
        expect(draws(rng, 10)).toEqual(expected);
      }),
      { seed: 11, numRuns: 50 },
    );
  });

  it("rejects malformed or all-zero states", () => {
    expectError(() => restoreRng(createRng(0), [0, 0, 0, 0]), ErrorCodes.InvalidArgument, /all zeros/);
    expectError(() => restoreRng(createRng(0), [1, 2, 3]), ErrorCodes.InvalidArgument, /array of 4 numbers/);
    const live = createRng(1);
    const before = saveRng(live);
    expectError(() => restoreRng(live, [1, 2, 3, 2 ** 32]), ErrorCodes.InvalidArgument, /snapshot\[3\]/);
    expect(saveRng(live)).toEqual(before); // a failed restore leaves the generator as it was
    expect(restoreRng(live, [5, 6, 7, 8])).toBe(live); // returns the rng it restored
    // int32 values are read modulo 2^32
    expect(saveRng(restoreRng(createRng(0), [-1, 0, 0, 1]))).toEqual([2 ** 32 - 1, 0, 0, 1]);
  });

  it("forks deterministic streams that differ from the parent and from siblings", () => {
    const parent = createRng(99);
    const twin = createRng(99);
    const a = forkRng(parent);
    const b = forkRng(parent);
    expect(draws(forkRng(twin), 16)).toEqual(draws(cloneRng(a), 16));
    const pa = draws(a, 64);
    const pb = draws(b, 64);
    const pp = draws(parent, 64);
    expect(pa).not.toEqual(pb);
    expect(pa).not.toEqual(pp);
    // no shared values at all among the first outputs (32-bit collisions are ~1e-6 likely)
    const all = new Set([...pa, ...pb, ...pp]);
    expect(all.size).toBe(192);
    // a fork of a fork differs from the parent's later forks
    const grand = forkRng(a);
    expect(draws(grand, 8)).not.toEqual(draws(forkRng(parent), 8));
  });
});

describe("rng: distributions", () => {
  const N = 100_000;

  it("nextFloat is uniform on [0, 1): mean 1/2, variance 1/12", () => {
    const rng = createRng(1);
    const xs = sample(N, () => rngNextFloat(rng));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const { mean, variance } = moments(xs);
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.005); // 5.5 sigma
    expect(Math.abs(variance - 1 / 12)).toBeLessThan(0.002);
  });

  it("float(min, max) stays in range and scales", () => {
    const rng = createRng(2);
    const xs = sample(20_000, () => rngFloat(rng, -3, 5));
    expect(xs.every((x) => x >= -3 && x < 5)).toBe(true);
    expect(Math.abs(moments(xs).mean - 1)).toBeLessThan(0.1);
    expectError(() => rngFloat(rng, 0, Infinity), ErrorCodes.InvalidArgument);
  });

  it("int(min, maxInclusive) covers the range uniformly (chi-square, 9 df)", () => {
    const rng = createRng(3);
    const counts = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < N; i++) {
      const v = rngInt(rng, -5, 4);
      if (!(Number.isInteger(v) && v >= -5 && v <= 4)) outside++;
      else counts[v + 5]!++;
    }
    expect(outside).toBe(0);
    const expected = N / 10;
    const chi2 = counts.reduce((s, c) => s + ((c - expected) * (c - expected)) / expected, 0);
    expect(chi2).toBeLessThan(27.9); // p = 0.001
  });

  it("int() is unbiased where modulo reduction would not be", () => {
    // With range 3·2^30, `u % range` would put half the mass below 2^30; unbiased is one third.
    const rng = createRng(4);
    const n = 30_000;
    let low = 0;
    for (let i = 0; i < n; i++) if (rngInt(rng, 0, 3 * 2 ** 30 - 1) < 2 ** 30) low++;
    expect(Math.abs(low / n - 1 / 3)).toBeLessThan(0.015);
  });

  it("int() handles degenerate and full 32-bit ranges, and rejects bad bounds", () => {
    const rng = createRng(5);
    expect(rngInt(rng, 7, 7)).toBe(7);
    const v = rngInt(rng, 0, 2 ** 32 - 1);
    expect(v >= 0 && v < 2 ** 32).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.nat(1e6), (min, span) => {
        const x = rngInt(rng, min, min + span);
        return Number.isInteger(x) && x >= min && x <= min + span;
      }),
      { seed: 12, numRuns: 200 },
    );
    expectError(() => rngInt(rng, 5, 4), ErrorCodes.InvalidArgument, /rngInt/);
    expectError(() => rngInt(rng, 0, 1.5), ErrorCodes.InvalidArgument);
    expectError(() => rngInt(rng, 0, 2 ** 32), ErrorCodes.InvalidArgument);
  });

  it("bool(p) has frequency p", () => {
    const rng = createRng(6);
    let t = 0;
    for (let i = 0; i < N; i++) if (rngBool(rng, { probability: 0.3 })) t++;
    expect(Math.abs(t / N - 0.3)).toBeLessThan(0.008);
    expect(sample(100, () => (rngBool(rng, { probability: 0 }) ? 1 : 0)).every((x) => x === 0)).toBe(true);
    expect(sample(100, () => (rngBool(rng, { probability: 1 }) ? 1 : 0)).every((x) => x === 1)).toBe(true);
  });

  it("normal(mean, sd) has the requested mean and standard deviation", () => {
    const rng = createRng(7);
    const xs = sample(N, () => rngNormal(rng, { mean: 10, sd: 2 }));
    const { mean, variance } = moments(xs);
    expect(Math.abs(mean - 10)).toBeLessThan(0.03); // sigma of the mean is 0.0063
    expect(Math.abs(Math.sqrt(variance) - 2)).toBeLessThan(0.03);
    // about 68.3% within one sd
    const within = xs.filter((x) => Math.abs(x - 10) < 2).length / N;
    expect(Math.abs(within - 0.6827)).toBeLessThan(0.008);
    expect(rngNormal(rng, { mean: 3, sd: 0 })).toBe(3);
    expectError(() => rngNormal(rng, { mean: 0, sd: -1 }), ErrorCodes.InvalidArgument);
  });

  for (const lambda of [0.5, 4, 50, 1000]) {
    it(`poisson(${lambda}) has mean and variance λ`, () => {
      const rng = createRng(Math.round(8 + lambda * 10));
      const n = 50_000;
      const xs = sample(n, () => rngPoisson(rng, lambda));
      expect(xs.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
      const { mean, variance } = moments(xs);
      const seMean = Math.sqrt(lambda / n);
      const seVar = lambda * Math.sqrt((2 + 1 / lambda) / n);
      expect(Math.abs(mean - lambda)).toBeLessThan(6 * seMean);
      expect(Math.abs(variance - lambda)).toBeLessThan(6 * seVar);
    });
  }

  it("poisson(50) matches the pmf at the mode", () => {
    const rng = createRng(77);
    const n = 50_000;
    let atMode = 0;
    for (let i = 0; i < n; i++) if (rngPoisson(rng, 50) === 50) atMode++;
    // P(X = 50) for λ = 50 ≈ 0.05632
    expect(Math.abs(atMode / n - 0.05632)).toBeLessThan(0.006);
  });

  it("poisson edge cases", () => {
    const rng = createRng(9);
    expect(rngPoisson(rng, 0)).toBe(0);
    expectError(() => rngPoisson(rng, -1), ErrorCodes.InvalidArgument);
    expectError(() => rngPoisson(rng, NaN), ErrorCodes.InvalidArgument);
  });

  for (const [n, p] of [
    [20, 0.3],
    [1000, 0.3],
    [50, 0.9],
    [100_000, 0.5],
  ] as const) {
    it(`binomial(${n}, ${p}) has mean np and variance np(1-p)`, () => {
      const rng = createRng(n);
      const count = 30_000;
      const xs = sample(count, () => rngBinomial(rng, n, p));
      expect(xs.every((x) => Number.isInteger(x) && x >= 0 && x <= n)).toBe(true);
      const { mean, variance } = moments(xs);
      const v = n * p * (1 - p);
      expect(Math.abs(mean - n * p)).toBeLessThan(6 * Math.sqrt(v / count));
      expect(Math.abs(variance - v) / v).toBeLessThan(6 * Math.sqrt(2 / count) + 0.01);
    });
  }

  it("binomial edge cases", () => {
    const rng = createRng(10);
    expect(rngBinomial(rng, 0, 0.5)).toBe(0);
    expect(rngBinomial(rng, 10, 0)).toBe(0);
    expect(rngBinomial(rng, 10, 1)).toBe(10);
    expectError(() => rngBinomial(rng, -1, 0.5), ErrorCodes.InvalidArgument);
    expectError(() => rngBinomial(rng, 10, 1.5), ErrorCodes.InvalidArgument);
    expectError(() => rngBinomial(rng, 2.5, 0.5), ErrorCodes.InvalidArgument);
  });

  it("weightedPick follows the weights and never picks zero weights", () => {
    const rng = createRng(11);
    const weights = [1, 0, 3, 6];
    const counts = [0, 0, 0, 0];
    const n = 50_000;
    for (let i = 0; i < n; i++) counts[rngWeightedPick(rng, weights)]!++;
    expect(counts[1]).toBe(0);
    expect(Math.abs(counts[0]! / n - 0.1)).toBeLessThan(0.01);
    expect(Math.abs(counts[2]! / n - 0.3)).toBeLessThan(0.01);
    expect(Math.abs(counts[3]! / n - 0.6)).toBeLessThan(0.01);
    expect(rngWeightedPick(rng, new Float64Array([0, 0, 2]))).toBe(2);
  });

  it("weightedPick rejects empty, all-zero, negative and NaN weights", () => {
    const rng = createRng(12);
    expectError(() => rngWeightedPick(rng, []), ErrorCodes.Empty, /is empty/);
    expectError(() => rngWeightedPick(rng, [0, 0]), ErrorCodes.Empty, /all zero/);
    expectError(() => rngWeightedPick(rng, [1, -1]), ErrorCodes.InvalidArgument, /"weights\[1\]"/);
    expectError(() => rngWeightedPick(rng, [NaN, 1]), ErrorCodes.InvalidArgument, /"weights\[0\]" must be a finite number >= 0 but is NaN/);
    expectError(() => rngWeightedPick(rng, [Infinity]), ErrorCodes.InvalidArgument);
  });

  it("shuffle returns a permutation in place", () => {
    const rng = createRng(13);
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 60, size: "max" }), (xs) => {
        const copy = xs.slice();
        const out = rngShuffle(rng, copy);
        expect(out).toBe(copy);
        expect(copy.slice().sort((a, b) => a - b)).toEqual(xs.slice().sort((a, b) => a - b));
      }),
      { seed: 13, numRuns: 100 },
    );
  });

  it("shuffle makes all 6 permutations of 3 equally likely (chi-square, 5 df)", () => {
    const rng = createRng(14);
    const counts = new Map<string, number>();
    const n = 60_000;
    for (let i = 0; i < n; i++) {
      const key = rngShuffle(rng, [0, 1, 2]).join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const e = n / 6;
    const chi2 = [...counts.values()].reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
    expect(chi2).toBeLessThan(20.5); // p = 0.001
  });

  it("pick returns elements uniformly and throws EMPTY on an empty array", () => {
    const rng = createRng(15);
    const seen = new Set(sample(200, () => rngPick(rng, [10, 20, 30])));
    expect(seen).toEqual(new Set([10, 20, 30]));
    expectError(() => rngPick(rng, []), ErrorCodes.Empty, /rngPick: "array" is empty/);
  });
});
