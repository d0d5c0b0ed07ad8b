import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildArtGalleryGraph, buildDualGraph, findNavGraphPath, NavGraphNodeKind, triangulatePolygonsCdt, type NavGraph } from "../src";
import { createPathResult, PathFlags } from "@tactica/search";
import { createTriangulationDomain, segmentInDomain } from "../src/graphs/triangulation-domain";
import { insideRing } from "../src/build/validate-rings";
import { arbRegion } from "./build-arbitraries";

type Region = { outer: number[]; holes: number[][] };

function distToBoundary(region: Region, x: number, y: number): number {
  let d = Infinity;
  for (const ring of [region.outer, ...region.holes]) {
    const n = ring.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const ax = ring[2 * i]!,
        ay = ring[2 * i + 1]!,
        bx = ring[2 * j]!,
        by = ring[2 * j + 1]!;
      const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
      d = Math.min(d, Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)));
    }
  }
  return d;
}

/** Independent check: 32 samples along the segment are inside the region (or on its boundary). */
function sampledInside(region: Region, ax: number, ay: number, bx: number, by: number): boolean {
  for (let k = 0; k <= 32; k++) {
    const x = ax + ((bx - ax) * k) / 32,
      y = ay + ((by - ay) * k) / 32;
    let inside = false;
    for (const ring of [region.outer, ...region.holes]) if (insideRing(ring, x, y)) inside = !inside;
    if (!inside && distToBoundary(region, x, y) > 1e-9) return false;
  }
  return true;
}

function edgesInside(region: Region, g: NavGraph): void {
  for (let a = 0; a < g.nodeCount; a++)
    for (let e = g.edges.offsets[a]!; e < g.edges.offsets[a + 1]!; e++) {
      const b = g.edges.targets[e]!;
      expect(sampledInside(region, g.x[a]!, g.y[a]!, g.x[b]!, g.y[b]!), `edge ${a}→${b}`).toBe(true);
    }
}

function connected(g: NavGraph): boolean {
  const seen = new Uint8Array(g.nodeCount);
  const stack = [0];
  seen[0] = 1;
  let count = 1;
  while (stack.length > 0) {
    const a = stack.pop()!;
    for (let e = g.edges.offsets[a]!; e < g.edges.offsets[a + 1]!; e++) {
      const b = g.edges.targets[e]!;
      if (!seen[b]) {
        seen[b] = 1;
        count++;
        stack.push(b);
      }
    }
  }
  return count === g.nodeCount;
}

describe("buildDualGraph (incentre/inradius nodes + vertex nodes, C.1.6)", () => {
  it("the @example: a square gives 2 triangle nodes + 4 vertex nodes; the radius is the inradius", () => {
    const g = buildDualGraph([{ outer: [0, 0, 4, 0, 4, 4, 0, 4] }]);
    expect(g.nodeCount).toBe(6);
    expect(Array.from(g.kind)).toEqual([2, 2, 1, 1, 1, 1]);
    // Right isoceles triangle with legs 4: inradius = (4 + 4 - 4√2) / 2.
    expect(g.radius[0]).toBeCloseTo((8 - 4 * Math.SQRT2) / 2, 12);
    expect(g.radius[1]).toBeCloseTo((8 - 4 * Math.SQRT2) / 2, 12);
  });

  it("property: incentres are at distance = inradius from every side of their triangle", () => {
    fc.assert(
      fc.property(arbRegion(), (region) => {
        const tri = triangulatePolygonsCdt([region]);
        const g = buildDualGraph([region]);
        const v = tri.vertices;
        for (let t = 0; t < tri.triangles.length / 3; t++) {
          expect(g.kind[t]).toBe(NavGraphNodeKind.Triangle);
          for (let i = 0; i < 3; i++) {
            const a = tri.triangles[3 * t + i]!,
              b = tri.triangles[3 * t + ((i + 1) % 3)]!;
            const dx = v[2 * b]! - v[2 * a]!,
              dy = v[2 * b + 1]! - v[2 * a + 1]!;
            const dist = ((g.x[t]! - v[2 * a]!) * dy - (g.y[t]! - v[2 * a + 1]!) * dx) / Math.hypot(dx, dy);
            expect(Math.abs(Math.abs(dist) - g.radius[t]!)).toBeLessThanOrEqual(1e-9 * 10);
          }
        }
      }),
      { numRuns: 20 },
    );
  });

  it("property: no edge leaves the walkable area, the graph is connected, every triangle node touches its corners", () => {
    fc.assert(
      fc.property(arbRegion(), (region) => {
        const g = buildDualGraph([region]);
        edgesInside(region, g);
        expect(connected(g)).toBe(true);
        const out = createPathResult(256);
        findNavGraphPath(out, g, 0, g.nodeCount - 1);
        expect(out.flags & PathFlags.Found).toBeTruthy();
      }),
      { numRuns: 20 },
    );
  });
});

describe("buildArtGalleryGraph (C.1.6)", () => {
  it("the @example: an L-shaped room needs 1–3 guards; a convex room needs one", () => {
    const g = buildArtGalleryGraph([{ outer: [0, 0, 10, 0, 10, 4, 4, 4, 4, 10, 0, 10] }]);
    expect(g.nodeCount).toBeGreaterThanOrEqual(1);
    expect(g.nodeCount).toBeLessThanOrEqual(3);
    expect(buildArtGalleryGraph([{ outer: [0, 0, 10, 0, 10, 10, 0, 10] }]).nodeCount).toBe(1);
  });

  it("the first guard is the highest-order vertex (most incident triangles)", () => {
    const outer: number[] = [];
    for (let i = 0; i < 8; i++) outer.push(Math.cos((i * Math.PI) / 4) * 5, Math.sin((i * Math.PI) / 4) * 5);
    const tri = triangulatePolygonsCdt([{ outer }]);
    const order = new Map<number, number>();
    for (const v of tri.triangles) order.set(v, (order.get(v) ?? 0) + 1);
    const max = Math.max(...order.values());
    const g = buildArtGalleryGraph([{ outer }]);
    const first = [...order.entries()].find(([v]) => tri.vertices[2 * v] === g.x[0] && tri.vertices[2 * v + 1] === g.y[0])!;
    expect(first[1]).toBe(max);
  });

  it("property: every walkable point sees a guard; edges stay inside; the graph is connected", () => {
    fc.assert(
      fc.property(arbRegion(), fc.integer({ min: 0, max: 1e6 }), (region, seed) => {
        const g = buildArtGalleryGraph([region]);
        edgesInside(region, g);
        expect(connected(g)).toBe(true);
        const d = createTriangulationDomain(triangulatePolygonsCdt([region]));
        let s = seed;
        for (let k = 0; k < 30; k++) {
          s = (s * 1103515245 + 12345) % 2147483648;
          const x = -10 + (20 * s) / 2147483648;
          s = (s * 1103515245 + 12345) % 2147483648;
          const y = -10 + (20 * s) / 2147483648;
          let inside = false;
          for (const ring of [region.outer, ...region.holes]) if (insideRing(ring, x, y)) inside = !inside;
          if (!inside) continue;
          let sees = false;
          for (let i = 0; i < g.nodeCount && !sees; i++) sees = segmentInDomain(d, x, y, g.x[i]!, g.y[i]!);
          expect(sees, `(${x}, ${y}) sees no guard`).toBe(true);
        }
      }),
      { numRuns: 15 },
    );
  });
});
