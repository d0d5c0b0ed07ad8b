import fc from "fast-check";
import { createRng, rngNextFloat } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { isTacticaError } from "@tactica/core";
import { buildNavMeshCdt, NavMeshErrorCodes, triangulatePolygonsCdt, type CdtTriangulation } from "../src";
import { cornerSides } from "../src/build/erode";
import { insideRing } from "../src/build/validate-rings";
import { arbRegion, trianglesArea } from "./build-arbitraries";

type Region = { outer: number[]; holes: number[][] };

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

function boundaryDistance(region: Region, x: number, y: number): number {
  let d = Infinity;
  for (const ring of [region.outer, ...region.holes]) {
    const n = ring.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      d = Math.min(d, segmentDistance(x, y, ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!));
    }
  }
  return d;
}

function inRegion(region: Region, x: number, y: number): boolean {
  let inside = false;
  for (const ring of [region.outer, ...region.holes]) if (insideRing(ring, x, y)) inside = !inside;
  return inside;
}

function inTriangulation(tri: CdtTriangulation, x: number, y: number): boolean {
  const v = tri.vertices,
    T = tri.triangles;
  for (let t = 0; t < T.length; t += 3) {
    let ok = true;
    for (let i = 0; i < 3 && ok; i++) {
      const a = T[t + i]!,
        b = T[t + ((i + 1) % 3)]!;
      if ((v[2 * b]! - v[2 * a]!) * (y - v[2 * a + 1]!) - (v[2 * b + 1]! - v[2 * a + 1]!) * (x - v[2 * a]!) < 0) ok = false;
    }
    if (ok) return true;
  }
  return false;
}

describe("agent-radius erosion (Minkowski, C.1.3)", () => {
  it("a square room with a square pillar: area between the exact value and the value minus the corner tolerance", () => {
    const r = 0.5;
    const region = { outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] };
    const tri = triangulatePolygonsCdt([region], { agentRadius: r, tolerance: 0.001 });
    const exact = 9 * 9 - (2 * 2 + 4 * 2 * r + Math.PI * r * r);
    const area = trianglesArea(tri.vertices, tri.triangles);
    expect(area).toBeLessThanOrEqual(exact + 1e-9);
    expect(area).toBeGreaterThan(exact - 2 * Math.PI * r * 0.001 - 1e-9);
  });

  it("property: every kept point is at least the radius from every ring edge, and free points far from walls are kept", () => {
    fc.assert(
      fc.property(arbRegion(), fc.double({ min: 0.05, max: 1.2, noNaN: true }), fc.integer({ min: 1, max: 1e6 }), (region, r, seed) => {
        const tri = triangulatePolygonsCdt([region], { agentRadius: r, tolerance: r / 20 });
        const v = tri.vertices,
          T = tri.triangles;
        const rng = createRng(seed);
        for (let t = 0; t < T.length; t += 3) {
          // Corners and random interior points of every kept triangle.
          for (let s = 0; s < 4; s++) {
            let u = rngNextFloat(rng),
              w = rngNextFloat(rng);
            if (s < 3) [u, w] = s === 0 ? [0, 0] : s === 1 ? [1, 0] : [0, 1];
            else if (u + w > 1) [u, w] = [1 - u, 1 - w];
            const a = T[t]!,
              b = T[t + 1]!,
              c = T[t + 2]!;
            const x = v[2 * a]! + u * (v[2 * b]! - v[2 * a]!) + w * (v[2 * c]! - v[2 * a]!);
            const y = v[2 * a + 1]! + u * (v[2 * b + 1]! - v[2 * a + 1]!) + w * (v[2 * c + 1]! - v[2 * a + 1]!);
            expect(boundaryDistance(region, x, y)).toBeGreaterThanOrEqual(r - 1e-9);
            if (s === 3) expect(inRegion(region, x, y)).toBe(true);
          }
        }
        // Completeness: points well inside the free space (distance > r + 2·tolerance) are covered.
        for (let k = 0; k < 40; k++) {
          const x = -10 + 20 * rngNextFloat(rng),
            y = -10 + 20 * rngNextFloat(rng);
          if (inRegion(region, x, y) && boundaryDistance(region, x, y) > r * 1.11) expect(inTriangulation(tri, x, y)).toBe(true);
        }
      }),
      { numRuns: 12 },
    );
  });

  it("property: the walkable area shrinks monotonically with the radius", () => {
    fc.assert(
      fc.property(arbRegion(), fc.double({ min: 0.05, max: 0.8, noNaN: true }), fc.double({ min: 1.05, max: 2, noNaN: true }), (region, r, f) => {
        const tol = 0.002;
        const a0 = trianglesArea(...parts(triangulatePolygonsCdt([region])));
        const a1 = trianglesArea(...parts(triangulatePolygonsCdt([region], { agentRadius: r, tolerance: tol })));
        const a2 = trianglesArea(...parts(triangulatePolygonsCdt([region], { agentRadius: r * f, tolerance: tol })));
        expect(a1).toBeLessThan(a0);
        expect(a2).toBeLessThanOrEqual(a1 + 1e-9);
      }),
      { numRuns: 8 },
    );
  });

  it("property: eroded builds are valid navmeshes (or a located error when nothing is walkable)", () => {
    fc.assert(
      fc.property(arbRegion(), fc.double({ min: 0.05, max: 3, noNaN: true }), fc.integer({ min: 3, max: 6 }), (region, r, maxVerts) => {
        try {
          const mesh = buildNavMeshCdt([region], { agentRadius: r, maxVertsPerPoly: maxVerts, tolerance: r / 10 });
          expect(mesh.polyCount).toBeGreaterThan(0);
        } catch (e) {
          expect(isTacticaError(e, NavMeshErrorCodes.BadPolygon)).toBe(true);
        }
      }),
      { numRuns: 10 },
    );
  });

  it("regions sharing an edge are eroded as one walkable area (their common border is not a wall)", () => {
    const left = { outer: [0, 0, 10, 0, 10, 10, 0, 10] };
    const right = { outer: [10, 0, 20, 0, 20, 10, 10, 10], area: 3 };
    const tri = triangulatePolygonsCdt([left, right], { agentRadius: 1 });
    // 18 × 8, less the corner polygons' overshoot (≤ tolerance) where the border meets the walls.
    expect(trianglesArea(tri.vertices, tri.triangles)).toBeLessThanOrEqual(18 * 8 + 1e-9);
    expect(trianglesArea(tri.vertices, tri.triangles)).toBeGreaterThan(18 * 8 - 0.01);
    expect(inTriangulation(tri, 10, 5)).toBe(true);
    expect(inTriangulation(tri, 10, 0.5)).toBe(false);
    // A region enclosed by others gets no erosion at all.
    const ring = { outer: [0, 0, 30, 0, 30, 30, 0, 30], holes: [[10, 10, 20, 10, 20, 20, 10, 20]] };
    const inner = { outer: [10, 10, 20, 10, 20, 20, 10, 20] };
    const both = triangulatePolygonsCdt([ring, inner], { agentRadius: 1 });
    let innerArea = 0;
    for (let t = 0; t < both.regions.length; t++)
      if (both.regions[t] === 1) innerArea += trianglesArea(both.vertices, both.triangles.subarray(3 * t, 3 * t + 3));
    expect(innerArea).toBeCloseTo(100, 9);
  });

  it("property: adjacent eroded regions stay linked across their border in the navmesh (rotated inputs)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 6.28, noNaN: true }),
        fc.double({ min: 0.2, max: 1.5, noNaN: true }),
        fc.double({ min: 2, max: 6, noNaN: true }),
        (th, r, py) => {
          const rot = (pts: number[]): number[] =>
            pts.map((v, i) => (i % 2 === 0 ? Math.cos(th) * v - Math.sin(th) * pts[i + 1]! : Math.sin(th) * pts[i - 1]! + Math.cos(th) * v));
          const a = { outer: rot([0, 0, 10, 0, 10, 10, 0, 10]), holes: [rot([3, py, 6, py, 6, py + 1.5, 3, py + 1.5])] };
          const b = { outer: rot([10, 0, 20, 0, 20, 10, 10, 10]), holes: [rot([14, py, 17, py, 16, py + 2, 14, py + 1])], area: 3 };
          const mesh = buildNavMeshCdt([a, b], { agentRadius: r });
          let links = 0;
          for (let p = 0; p < mesh.polyCount; p++)
            for (let i = 0; i < mesh.polyVertCount[p]!; i++) {
              const n = mesh.neighbors[p * mesh.maxVertsPerPoly + i]!;
              if (n >= 0 && mesh.areas[n] !== mesh.areas[p]) links++;
            }
          expect(links).toBeGreaterThan(0);
        },
      ),
      { numRuns: 10 },
    );
  });

  it("corner polygons get more sides for a tighter tolerance", () => {
    expect(cornerSides(1, 0.1)).toBe(8);
    expect(cornerSides(1, 0.01)).toBe(24);
    expect(cornerSides(1, 1e-6)).toBe(256);
  });

  it("an obstacle gap narrower than the agent closes, a wide one stays open", () => {
    // Two rooms joined by a corridor of width 1 (y from 4.5 to 5.5).
    const outer = [0, 0, 4, 0, 4, 4.5, 6, 4.5, 6, 0, 10, 0, 10, 10, 6, 10, 6, 5.5, 4, 5.5, 4, 10, 0, 10];
    const narrow = triangulatePolygonsCdt([{ outer }], { agentRadius: 0.6 });
    expect(inTriangulation(narrow, 5, 5)).toBe(false);
    const wide = triangulatePolygonsCdt([{ outer }], { agentRadius: 0.4 });
    expect(inTriangulation(wide, 5, 5)).toBe(true);
  });
});

function parts(tri: CdtTriangulation): [Float64Array, Int32Array] {
  return [tri.vertices, tri.triangles];
}
