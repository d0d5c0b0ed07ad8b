import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxLineOfSight, chooseCanvassPose, countCanvassWedge, createCanvassGrid, markCanvassWedge, placeSearchPoints } from "../../src/index";

describe("canvass coverage grid (ch. 33)", () => {
  const poses = Float64Array.from({ length: 24 }, (_, k) => (k % 3 === 2 ? ((k - 2) / 3) * (Math.PI / 4) : 0));

  it("in an open area every cell in the radius is eventually seen; obstacles and the outside start seen", () => {
    const g = createCanvassGrid(0, 0, 6, 1);
    expect(g.size).toBe(12);
    expect(g.seen[0]).toBe(1); // a corner, outside the disk
    let steps = 0;
    for (let p = chooseCanvassPose(g, poses, Math.PI / 6, 8); p >= 0; p = chooseCanvassPose(g, poses, Math.PI / 6, 8)) {
      expect(markCanvassWedge(g, poses[3 * p]!, poses[3 * p + 1]!, poses[3 * p + 2]!, Math.PI / 6, 8)).toBeGreaterThan(0);
      steps++;
    }
    expect(steps).toBeLessThanOrEqual(8);
    expect(g.seen.every((v) => v === 1)).toBe(true);
    const walled = createCanvassGrid(0, 0, 6, 1, { isBlocked: (x) => x > 2 && x < 3 });
    expect(walled.blocked.some((v) => v === 1)).toBe(true);
    // A pose ending inside the obstacle is never chosen even though its wedge is the fullest.
    const into = Float64Array.of(2.5, 0, 0, -4, 0, Math.PI);
    expect(chooseCanvassPose(walled, into, Math.PI / 3, 10)).toBe(1);
  });

  it("the recency penalty lowers the repeat rate (property: a penalised pose loses to an equal fresh one)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), (k) => {
        const g = createCanvassGrid(0, 0, 6, 1);
        const recency = new Float64Array(8);
        const first = chooseCanvassPose(g, poses, Math.PI / 6, 8);
        recency[first] = 1;
        const again = chooseCanvassPose(g, poses, Math.PI / 6, 8, { recency, recencyPenalty: 100 });
        expect(again).not.toBe(first);
        expect(countCanvassWedge(g, 0, 0, (k * Math.PI) / 4, Math.PI / 6, 8)).toBeGreaterThan(0);
      }),
      { numRuns: 8, seed: 33 },
    );
  });
});

describe("hiding-place search points (ch. 33)", () => {
  it("places points until every polygon is visible from one (an L-shaped corridor)", () => {
    // Polygons: a row along y = 0 (x = 0..5) then up along x = 5 (y = 1..4); a wall block fills x < 4.5, y > 0.5.
    const centers: number[] = [];
    for (let x = 0; x <= 5; x++) centers.push(x, 0);
    for (let y = 1; y <= 4; y++) centers.push(5, y);
    const n = centers.length / 2;
    const neighbors = Array.from({ length: n }, (_, i) => [i - 1, i + 1].filter((j) => j >= 0 && j < n));
    const los = boxLineOfSight([{ minX: -1, minY: 0.5, maxX: 4.5, maxY: 10 }]);
    const points = placeSearchPoints(neighbors, centers, 0, los);
    expect(points[0]).toBe(0);
    expect(points.length).toBeGreaterThan(1);
    for (let q = 0; q < n; q++) {
      expect(points.some((p) => p === q || los(centers[2 * p]!, centers[2 * p + 1]!, centers[2 * q]!, centers[2 * q + 1]!))).toBe(true);
    }
    expect(placeSearchPoints(neighbors, centers, 0, los, { maxPoints: 1 })).toEqual([0]);
    expect(placeSearchPoints(neighbors, centers, 0, () => true)).toEqual([0]);
  });
});
