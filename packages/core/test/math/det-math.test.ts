import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng, detAtan, detAtan2, detCos, detExp, detSin, rngNextFloat } from "../../src/index";

// The deterministic transcendentals: within a few ulp of the engine's Math on many inputs (so they
// are the same functions), exact on the special values, and pure arithmetic (the cross-engine half —
// identical bits in Chromium — runs in apps/playground/test/reference-world.e2e.test.ts).

const buf = new Float64Array(1);
const bits = new BigInt64Array(buf.buffer);
function ordered(x: number): bigint {
  buf[0] = x;
  const b = bits[0]!;
  return b < 0n ? -(b & 0x7fffffffffffffffn) : b;
}
function ulps(a: number, b: number): number {
  if (Number.isNaN(a) && Number.isNaN(b)) return 0;
  const d = ordered(a) - ordered(b);
  return Number(d < 0n ? -d : d);
}

function worst(fn: (x: number) => number, ref: (x: number) => number, inputs: number[]): { ulp: number; at: number } {
  let w = { ulp: 0, at: NaN };
  for (const x of inputs) {
    const u = ulps(fn(x), ref(x));
    if (u > w.ulp) w = { ulp: u, at: x };
  }
  return w;
}

const rng = createRng(2026);
const span = (lo: number, hi: number, n: number): number[] => Array.from({ length: n }, () => lo + (hi - lo) * rngNextFloat(rng));

/** FNV-1a over the result bits of `fn` on 100,000 seeded inputs in [lo, hi) (pairs for two-argument functions). */
function resultHash(fn: (x: number, y: number) => number, lo: number, hi: number): string {
  const r = createRng(99);
  let h = 0x811c9dc5 | 0;
  const w = new Int32Array(buf.buffer);
  for (let i = 0; i < 100000; i++) {
    buf[0] = fn(lo + (hi - lo) * rngNextFloat(r), lo + (hi - lo) * rngNextFloat(r));
    h = Math.imul(h ^ w[0]!, 0x01000193);
    h = Math.imul(h ^ w[1]!, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

describe("deterministic math", () => {
  it("gives the pinned bits: a change in any output is a change of the replay format", () => {
    // Computed once (2026-11-25); they must never change, on any engine or after any refactor.
    expect({
      sin: resultHash(detSin, -50, 50),
      cos: resultHash(detCos, -50, 50),
      exp: resultHash(detExp, -50, 50),
      atan: resultHash(detAtan, -50, 50),
      atan2: resultHash(detAtan2, -50, 50),
    }).toEqual({ sin: "d52ceab7", cos: "94425d9", exp: "189aaef9", atan: "26b643e8", atan2: "8331e410" });
  });

  it("detExp is within 1 ulp of Math.exp on [-745, 710] and at the edges", () => {
    const xs = [
      ...span(-745, 710, 20000),
      ...span(-1, 1, 20000),
      ...span(-1e-6, 1e-6, 2000),
      0,
      -0,
      1,
      -1,
      0.5 * Math.LN2,
      1.5 * Math.LN2,
      709.78,
      -708.4,
      -745.1,
    ];
    expect(worst(detExp, Math.exp, xs).ulp).toBeLessThanOrEqual(1);
    expect(detExp(0)).toBe(1);
    expect(detExp(Infinity)).toBe(Infinity);
    expect(detExp(-Infinity)).toBe(0);
    expect(detExp(710)).toBe(Infinity);
    expect(detExp(-746)).toBe(0);
    expect(detExp(NaN)).toBeNaN();
    expect(ulps(detExp(1), Math.E)).toBeLessThanOrEqual(1); // fdlibm's e is one ulp high, as on engines that use it
  });

  it("detSin and detCos are within 1 ulp of Math on angles a game uses, and exact at 0", () => {
    const xs = [
      ...span(-20, 20, 40000),
      ...span(-1000, 1000, 20000),
      ...span(-1e-5, 1e-5, 2000),
      Math.PI / 2,
      Math.PI,
      -Math.PI,
      2 * Math.PI,
      Math.PI / 4,
      (3 * Math.PI) / 4,
      1e5,
      8e5,
    ];
    expect(worst(detSin, Math.sin, xs).ulp).toBeLessThanOrEqual(1);
    expect(worst(detCos, Math.cos, xs).ulp).toBeLessThanOrEqual(1);
    expect(Object.is(detSin(-0), -0)).toBe(true);
    expect(detCos(0)).toBe(1);
    expect(detSin(Infinity)).toBeNaN();
    expect(detCos(NaN)).toBeNaN();
    // Huge arguments: deterministic, finite, in range (accuracy is not promised there).
    for (const x of [1e9, -3e15, 1e300]) {
      expect(Math.abs(detSin(x))).toBeLessThanOrEqual(1);
      expect(Math.abs(detCos(x))).toBeLessThanOrEqual(1);
    }
  });

  it("sin² + cos² = 1 and sin(−x) = −sin(x) (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), (x) => {
        expect(Math.abs(detSin(x) ** 2 + detCos(x) ** 2 - 1)).toBeLessThan(4e-16);
        expect(detSin(-x)).toBe(-detSin(x));
        expect(detCos(-x)).toBe(detCos(x));
      }),
    );
  });

  it("detAtan and detAtan2 are within 2 ulp of Math and follow its signed-zero and infinity rules", () => {
    const xs = [...span(-10, 10, 20000), ...span(-1e6, 1e6, 5000), ...span(-1e-8, 1e-8, 1000), 0.4375, 1.1875, 2.4375, 1e20, -1e20];
    expect(worst(detAtan, Math.atan, xs).ulp).toBeLessThanOrEqual(1);
    let w = 0;
    for (let i = 0; i < 40000; i++) {
      const y = 200 * rngNextFloat(rng) - 100,
        x = 200 * rngNextFloat(rng) - 100;
      w = Math.max(w, ulps(detAtan2(y, x), Math.atan2(y, x)));
    }
    expect(w).toBeLessThanOrEqual(1);
    const specials = [0, -0, 1, -1, Infinity, -Infinity, NaN, 1e-310, -1e300];
    for (const y of specials)
      for (const x of specials) expect(Object.is(detAtan2(y, x), Math.atan2(y, x)) || ulps(detAtan2(y, x), Math.atan2(y, x)) <= 1).toBe(true);
  });
});
