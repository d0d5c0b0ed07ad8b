import { createRng, spatialHashQueryRadius } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCrowdAgent, createCrowd, gatherCrowdNeighbors, type Crowd } from "../src/index";

// Issue 26: the neighbour search no longer passes its centre and radius as arguments (boxed when V8
// does not inline the call); it queries core's spatial hash by a padded box and filters by
// distance. The step functions' results depend on the neighbour order (ORCA's linear programs,
// the capped nearest-k), so it must return exactly what the former spatialHashQueryRadius-based
// search returned, in the same order. The reference below is that former code.
function reference(crowd: Crowd, self: number, x: number, y: number, radius: number, maxNeighbors: number): number[] {
  const nb = new Int32Array(crowd.capacity);
  const found = spatialHashQueryRadius(nb, crowd.hash, x, y, radius);
  const total = found < nb.length ? found : nb.length;
  const out: number[] = [];
  const dist: number[] = [];
  if (maxNeighbors >= total) {
    for (let k = 0; k < total; k++) if (nb[k] !== self) out.push(nb[k]!);
    return out;
  }
  if (maxNeighbors === 0) return out; // (the typed-array code writes index -1, which is a no-op)
  for (let k = 0; k < total; k++) {
    const j = nb[k]!;
    if (j === self) continue;
    const dx = crowd.posX[j]! - x;
    const dy = crowd.posY[j]! - y;
    const d = dx * dx + dy * dy;
    let n = out.length;
    if (n === maxNeighbors && d >= dist[n - 1]!) continue;
    let i = n < maxNeighbors ? n++ : n - 1;
    if (out.length < n) {
      out.push(0);
      dist.push(0);
    }
    while (i > 0 && d < dist[i - 1]!) {
      dist[i] = dist[i - 1]!;
      out[i] = out[i - 1]!;
      i--;
    }
    dist[i] = d;
    out[i] = j;
  }
  return out;
}

describe("gatherCrowdNeighbors", () => {
  it("property: the same ids in the same order as the radius query it replaces (self skipped, capped nearest-k)", () => {
    fc.assert(
      fc.property(
        // Points on a half-unit lattice and half-unit radii: many neighbours lie exactly on the
        // circle (3-4-5 triangles), where an inclusive test and the padded cell range matter.
        fc.array(
          fc.tuple(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 })).map(([x, y]) => [x / 2, y / 2] as const),
          { minLength: 1, maxLength: 80 },
        ),
        fc.integer({ min: 1, max: 40 }).map((c) => c / 4),
        fc.integer({ min: 0, max: 50 }).map((r) => r / 2),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: -1, max: 79 }),
        (points, cellSize, radius, maxNeighbors, self) => {
          const crowd = createCrowd({ capacity: points.length, cellSize, rng: createRng(1) });
          for (const [x, y] of points) addCrowdAgent(crowd, { x, y });
          const s = self < points.length ? self : -1;
          const cx = s >= 0 ? crowd.posX[s]! : 0.25;
          const cy = s >= 0 ? crowd.posY[s]! : -0.5;
          const n = gatherCrowdNeighbors(crowd, s, cx, cy, radius, maxNeighbors);
          expect(Array.from(crowd.neighbors.subarray(0, n))).toEqual(reference(crowd, s, cx, cy, radius, maxNeighbors));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds nothing for a negative or NaN radius or a NaN centre, like the radius query", () => {
    const crowd = createCrowd({ capacity: 4, cellSize: 2, rng: createRng(1) });
    for (let k = 0; k < 4; k++) addCrowdAgent(crowd, { x: k, y: 0 });
    expect(gatherCrowdNeighbors(crowd, -1, 0, 0, -1, 8)).toBe(0);
    expect(gatherCrowdNeighbors(crowd, -1, 0, 0, NaN, 8)).toBe(0);
    expect(gatherCrowdNeighbors(crowd, -1, NaN, 0, 5, 8)).toBe(0);
    expect(gatherCrowdNeighbors(crowd, -1, 0, 0, Infinity, 8)).toBe(4);
  });
});
