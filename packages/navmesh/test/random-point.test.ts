import { createRng } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createNavMesh, findRandomPoint, findRandomPointInCircle } from "../src";

// χ² critical values at p = 0.001.
const CHI2_001 = { 1: 10.83, 3: 16.27, 7: 24.32 } as const;

function chi2(counts: number[], expected: number[]): number {
  return counts.reduce((s, c, i) => s + (c - expected[i]!) ** 2 / expected[i]!, 0);
}

describe("random points (uniform by area)", () => {
  // A 1 × 1 square (polygon 0) and a 3 × 1 rectangle split as a hexagon-free quad (polygon 1).
  const mesh = createNavMesh({
    vertices: [0, 0, 1, 0, 4, 0, 4, 1, 1, 1, 0, 1],
    polygons: [
      [0, 1, 4, 5],
      [1, 2, 3, 4],
    ],
  });

  it("polygons are chosen by area and points are uniform inside them (χ²)", () => {
    const rng = createRng(7);
    const out = { x: 0, y: 0 };
    const perPoly = [0, 0];
    const cells = new Array<number>(8).fill(0); // 8 unit-wide, half-high cells over the 4 × 1 strip
    const N = 8000;
    for (let i = 0; i < N; i++) {
      const p = findRandomPoint(out, mesh, rng);
      perPoly[p]!++;
      expect(out.x >= 0 && out.x <= 4 && out.y >= 0 && out.y <= 1).toBe(true);
      cells[Math.min(3, Math.floor(out.x)) * 2 + Math.min(1, Math.floor(out.y * 2))]!++;
    }
    expect(chi2(perPoly, [N / 4, (3 * N) / 4])).toBeLessThan(CHI2_001[1]);
    expect(chi2(cells, new Array<number>(8).fill(N / 8))).toBeLessThan(CHI2_001[7]);
  });

  it("in a circle: only points of mesh ∩ disc, uniform over it (χ²), -1 when the disc misses the mesh", () => {
    const rng = createRng(11);
    const out = { x: 0, y: 0 };
    const quad = [0, 0, 0, 0];
    const rings = [0, 0]; // inside radius 0.5/√2 (half the disc's area) or outside
    const N = 4000;
    for (let i = 0; i < N; i++) {
      expect(findRandomPointInCircle(out, mesh, 2, 0.5, 0.5, rng)).toBeGreaterThanOrEqual(0);
      expect(Math.hypot(out.x - 2, out.y - 0.5)).toBeLessThanOrEqual(0.5 + 1e-12);
      quad[(out.x > 2 ? 1 : 0) + (out.y > 0.5 ? 2 : 0)]!++;
      rings[Math.hypot(out.x - 2, out.y - 0.5) < 0.5 / Math.SQRT2 ? 0 : 1]!++;
    }
    expect(chi2(quad, [N / 4, N / 4, N / 4, N / 4])).toBeLessThan(CHI2_001[3]);
    expect(chi2(rings, [N / 2, N / 2])).toBeLessThan(CHI2_001[1]);
    expect(findRandomPointInCircle(out, mesh, 10, 10, 1, rng)).toBe(-1);
  });
});
