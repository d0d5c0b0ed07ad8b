// Long contours in the polygon mesh: the merge (a heap of mergeable pairs) picks exactly the pairs
// the exhaustive scan of every pair picks, and the ear clipping with an edge grid and an ear heap
// gives exactly the triangles of the scanning ear clipping, so long regions build in near-linear
// time with the same result.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinPolygons, mergePolygonsLarge, mergeValue, triangulate, triangulateLarge } from "../src/voxel/poly-mesh";

/** The reference: scan every pair per merge (largest value, then smallest j, then smallest k). */
function mergeExhaustive(polys: Int32Array, verts: number[], nvp: number, np0: number): number {
  const tmp = new Int32Array(nvp),
    ev = [0, 0];
  let np = np0;
  for (;;) {
    let best = 0,
      bestA = 0,
      bestB = 0,
      bestEa = 0,
      bestEb = 0;
    for (let j = 0; j < np - 1; j++)
      for (let k = j + 1; k < np; k++) {
        const v = mergeValue(polys, j * nvp, k * nvp, verts, nvp, ev);
        if (v > best) [best, bestA, bestB, bestEa, bestEb] = [v, j, k, ev[0]!, ev[1]!];
      }
    if (best <= 0) return np;
    joinPolygons(polys, tmp, nvp, bestA, bestB, bestEa, bestEb, np);
    np--;
  }
}

/**
 * A band contour in voxel coordinates (x, y, z, flags per vertex, in the winding of Recast's
 * contours): a lower and an upper boundary with integer steps, so many edges share lengths (ties)
 * and many vertices are concave. Returns its triangles (all of them: the ear clipping must finish).
 */
function bandTriangles(lower: readonly number[], upper: readonly number[], step: number, nvp: number): { polys: Int32Array; verts: number[]; np: number } {
  const pts: number[] = [];
  for (let i = 0; i < lower.length; i++) pts.push(i * step, 0, lower[i]!);
  for (let i = upper.length - 1; i >= 0; i--) pts.push(i * step, 0, 20 + upper[i]!);
  const n = pts.length / 3;
  const v = new Int32Array(n * 4);
  for (let i = 0; i < n; i++) v.set([pts[3 * (n - 1 - i)]!, pts[3 * (n - 1 - i) + 1]!, pts[3 * (n - 1 - i) + 2]!, 0], 4 * i);
  const verts = Array.from({ length: n * 3 }, (_, k) => v[4 * Math.floor(k / 3) + (k % 3)]!);
  const ind = Int32Array.from({ length: n }, (_, i) => i);
  const tris: number[] = [];
  const nt = triangulate(n, v, ind, tris);
  expect(nt).toBe(n - 2);
  const polys = new Int32Array((nt + 1) * nvp).fill(-1);
  for (let t = 0; t < nt; t++) polys.set(tris.slice(3 * t, 3 * t + 3), t * nvp);
  return { polys, verts, np: nt };
}

describe("mergePolygonsLarge", () => {
  it("merges like the exhaustive scan on random bands (same polygons, same slots)", () => {
    const arb = fc.record({
      n: fc.integer({ min: 18, max: 45 }),
      step: fc.integer({ min: 1, max: 6 }),
      nvp: fc.integer({ min: 4, max: 6 }),
      seed: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 120, maxLength: 120 }),
    });
    fc.assert(
      fc.property(arb, ({ n, step, nvp, seed }) => {
        const lower = Array.from({ length: n }, (_, i) => seed[i]! % 4),
          upper = Array.from({ length: n }, (_, i) => -(seed[60 + i]! % 4));
        const { polys, verts, np } = bandTriangles(lower, upper, step, nvp);
        expect(np).toBeGreaterThan(32);
        const a = polys.slice(),
          b = polys.slice();
        const na = mergeExhaustive(a, verts, nvp, np);
        const nb = mergePolygonsLarge(b, new Int32Array(nvp), verts, nvp, np, [0, 0]);
        expect(nb).toBe(na);
        expect(Array.from(b.subarray(0, nb * nvp))).toEqual(Array.from(a.subarray(0, na * nvp)));
      }),
      { numRuns: 30 },
    );
  });

  it("a straight band of 200 cells merges to the exhaustive scan's polygons", () => {
    const { polys, verts, np } = bandTriangles(new Array(101).fill(0), new Array(101).fill(0), 2, 6);
    const a = polys.slice(),
      b = polys.slice();
    const na = mergeExhaustive(a, verts, 6, np);
    expect(mergePolygonsLarge(b, new Int32Array(6), verts, 6, np, [0, 0])).toBe(na);
    expect(Array.from(b.subarray(0, na * 6))).toEqual(Array.from(a.subarray(0, na * 6)));
  });

  it("breaks a tie of equal values by the smaller second slot, as the scan does", () => {
    // Triangle 0 (A, B, C) between two triangles over its two equally long edges (AC and BC):
    // either merge gives a convex quad of 4 vertices (nvp 4), after which nothing merges.
    //   D(0,1)  C(1,1)  E(2,1)
    //   A(0,0)          B(2,0)
    const verts = [0, 0, 0, 2, 0, 0, 1, 0, 1, 0, 0, 1, 2, 0, 1]; // A B C D E
    for (const order of [
      [
        [0, 2, 1],
        [0, 3, 2],
        [2, 4, 1],
      ],
      [
        [0, 2, 1],
        [2, 4, 1],
        [0, 3, 2],
      ],
    ]) {
      const polys = new Int32Array(3 * 4).fill(-1);
      order.forEach((t, i) => polys.set(t, i * 4));
      const a = polys.slice(),
        b = polys.slice();
      expect(mergeExhaustive(a, verts, 4, 3)).toBe(2);
      expect(mergePolygonsLarge(b, new Int32Array(4), verts, 4, 3, [0, 0])).toBe(2);
      expect(Array.from(b)).toEqual(Array.from(a));
      // Slot 1's triangle was merged into slot 0: slot 0 now holds its fourth vertex.
      expect(Array.from(a.subarray(0, 4))).toContain(order[1]!.find((v) => v > 2));
    }
  });
});

/** Contour vertices (x, y, z, flags) of a ring given as x, z pairs, in the winding of Recast's contours. */
function ring(xz: readonly number[]): Int32Array {
  const n = xz.length / 2;
  const v = new Int32Array(n * 4);
  for (let i = 0; i < n; i++) v.set([xz[2 * (n - 1 - i)]!, 0, xz[2 * (n - 1 - i) + 1]!, 0], 4 * i);
  return v;
}

/** Both ear clippings of `v`: the count and the triangles. */
function bothTriangulations(v: Int32Array): { scan: [number, number[]]; grid: [number, number[]] } {
  const n = v.length / 4;
  const ta: number[] = [],
    tb: number[] = [];
  const a = triangulate(
    n,
    v,
    Int32Array.from({ length: n }, (_, i) => i),
    ta,
  );
  const b = triangulateLarge(
    n,
    v,
    Int32Array.from({ length: n }, (_, i) => i),
    tb,
  );
  return { scan: [a, ta], grid: [b, tb] };
}

describe("triangulateLarge", () => {
  it("gives the scan's triangles, in order, on random bands, combs and rings with repeated points", () => {
    const arb = fc.record({
      n: fc.integer({ min: 4, max: 90 }),
      step: fc.integer({ min: 1, max: 5 }),
      depth: fc.integer({ min: 1, max: 12 }),
      seed: fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 180, maxLength: 180 }),
      kind: fc.constantFrom("band", "comb", "repeats", "cluster"),
    });
    fc.assert(
      fc.property(arb, ({ n, step, depth, seed, kind }) => {
        const xz: number[] = [];
        for (let i = 0; i < n; i++) {
          const teeth = (kind === "comb" || kind === "cluster") && i % 2 === 1 ? depth * 3 : 0;
          xz.push(i * step, (seed[i]! % depth) - teeth);
          if (kind === "repeats" && seed[i]! === 0) xz.push(i * step, (seed[i]! % depth) - teeth); // a zero-length edge
        }
        // "cluster": the far side 2 km away, so grid cells are large and hold many near edges each.
        const far = kind === "cluster" ? 2000 : 40;
        for (let i = n - 1; i >= 0; i--) xz.push(i * step, far + (seed[90 + i]! % depth));
        const { scan, grid } = bothTriangulations(ring(xz));
        expect(grid[0]).toBe(scan[0]);
        expect(grid[1]).toEqual(scan[1]);
      }),
      { numRuns: 120 },
    );
  });

  it("gives the scan's result where the ear clipping gives up (a self-crossing ring)", () => {
    // A figure eight: no ear stays valid for long, the loose fallback runs, then it gives up.
    const xz: number[] = [];
    for (let i = 0; i < 40; i++) xz.push(i, i % 2 === 0 ? 0 : 3);
    for (let i = 39; i >= 0; i--) xz.push(i, i < 20 ? 10 : -10);
    const { scan, grid } = bothTriangulations(ring(xz));
    expect(grid).toEqual(scan);
  });

  it("tests a diagonal against every edge of a crowded cell, not only the first few (star-shaped rings beside a far vertex)", () => {
    // Star-shaped rings (random radius per angle, rounded to the voxel grid) have many reflex
    // vertices and diagonals crossing several edges; the far vertex makes the grid cells large, so
    // all the star's edges share one or two cells and a blocking edge often sits far down a list.
    const arb = fc.record({
      radii: fc.array(fc.integer({ min: 2, max: 13 }), { minLength: 14, maxLength: 26, size: "max" }),
      far: fc.integer({ min: 200, max: 3000 }),
    });
    fc.assert(
      fc.property(arb, ({ radii, far }) => {
        const n = radii.length;
        const xz: number[] = [];
        for (let i = 0; i < n; i++) {
          const a = (2 * Math.PI * i) / n;
          xz.push(Math.round(radii[i]! * Math.cos(a)), Math.round(radii[i]! * Math.sin(a)));
        }
        xz.push(far, -1);
        const { scan, grid } = bothTriangulations(ring(xz));
        expect(grid[0]).toBe(scan[0]);
        expect(grid[1]).toEqual(scan[1]);
      }),
      { numRuns: 300 },
    );
    // One such ring found by a search, pinned.
    const pinned = [
      3, 0, 13, 3, 11, 6, 5, 5, 4, 6, 3, 9, 0, 7, -1, 7, -1, 3, -5, 6, -10, 7, -9, 4, -4, 1, -8, -1, -10, -4, -6, -5, -3, -3, -1, -3, -1, -6, 0, -6, 1, -4, 3,
      -5, 4, -3, 4, -2, 11, -3, 1000, -1,
    ];
    const { scan, grid } = bothTriangulations(ring(pinned));
    expect(grid).toEqual(scan);
  });

  it("tests a diagonal against every edge in the cells it crosses (a spike in one large cell), from every start", () => {
    // The ear at B(10, 0) would cut the spike D-E-F; a far vertex H makes the grid cells large, so
    // all the near edges share one cell.
    const xz = [0, 0, 10, 0, 10, 10, 6, 10, 5, 1, 4, 10, 0, 10, -1000, 5];
    const n = xz.length / 2;
    for (let r = 0; r < n; r++) {
      const rotated = [...xz.slice(2 * r), ...xz.slice(0, 2 * r)];
      const { scan, grid } = bothTriangulations(ring(rotated));
      expect(grid).toEqual(scan);
    }
  });
});
