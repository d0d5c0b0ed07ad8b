import fc from "fast-check";
import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { buildNavMeshCdt, findPolygon, mergeTrianglesToConvex, NavMeshErrorCodes, triangulatePolygonsCdt, type CdtTriangulation } from "../src";
import { incircle, orient2d } from "../src/build/predicates";
import { isStrictlyConvex } from "../src/merge";
import { arbLatticeRoom, arbRegion, regionArea, triangleArea, trianglesArea } from "./build-arbitraries";

type Region = { outer: number[]; holes: number[][] };

function coordKey(v: ArrayLike<number>, a: number, b: number): string {
  const p = `${v[2 * a]},${v[2 * a + 1]}`,
    q = `${v[2 * b]},${v[2 * b + 1]}`;
  return p < q ? `${p}|${q}` : `${q}|${p}`;
}

/** Checks the CDT properties of one region; returns nothing, fails through expect. */
function checkCdt(region: Region, tri: CdtTriangulation): void {
  const { vertices: v, triangles: T, boundary } = tri;
  const want = regionArea(region);
  // Every triangle counter-clockwise and non-degenerate; total area = outer minus holes.
  for (let t = 0; t < T.length; t += 3) expect(triangleArea(v, T[t]!, T[t + 1]!, T[t + 2]!)).toBeGreaterThan(0);
  expect(Math.abs(trianglesArea(v, T) - want)).toBeLessThanOrEqual(1e-9 * want);
  // Every ring edge is a triangle edge on the boundary, and nothing else is.
  const edgeOwner = new Map<string, number[]>();
  for (let t = 0; t < T.length / 3; t++)
    for (let i = 0; i < 3; i++) {
      const k = coordKey(v, T[3 * t + i]!, T[3 * t + ((i + 1) % 3)]!);
      edgeOwner.set(k, [...(edgeOwner.get(k) ?? []), 3 * t + i]);
    }
  const ringEdges = new Set<string>();
  for (const ring of [region.outer, ...region.holes]) {
    const n = ring.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const p = `${ring[2 * i]},${ring[2 * i + 1]}`,
        q = `${ring[2 * j]},${ring[2 * j + 1]}`;
      ringEdges.add(p < q ? `${p}|${q}` : `${q}|${p}`);
    }
  }
  for (const k of ringEdges) {
    expect(edgeOwner.get(k), `ring edge ${k} missing`).toHaveLength(1);
    expect(boundary[edgeOwner.get(k)![0]!]).toBe(1);
  }
  // Delaunay on every non-constrained edge: the opposite apex is not strictly inside the circumcircle.
  for (const [k, owners] of edgeOwner) {
    if (ringEdges.has(k)) continue;
    expect(owners, `interior edge ${k} has two triangles`).toHaveLength(2);
    const [e, f] = owners as [number, number];
    const t = Math.floor(e / 3),
      u = Math.floor(f / 3);
    const d = [T[3 * u]!, T[3 * u + 1]!, T[3 * u + 2]!].find((x) => x !== T[e] && x !== T[3 * t + (((e % 3) + 1) % 3)])!;
    const [a, b, c] = [T[3 * t]!, T[3 * t + 1]!, T[3 * t + 2]!];
    expect(incircle(v[2 * a]!, v[2 * a + 1]!, v[2 * b]!, v[2 * b + 1]!, v[2 * c]!, v[2 * c + 1]!, v[2 * d]!, v[2 * d + 1]!)).toBeLessThanOrEqual(0);
  }
}

describe("triangulatePolygonsCdt", () => {
  it("the @example: a room with a pillar gives 8 triangles", () => {
    const tri = triangulatePolygonsCdt([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
    expect(tri.triangles.length / 3).toBe(8);
    checkCdt({ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }, tri);
  });

  it("property: random star polygons with holes — exact cover, every ring edge, Delaunay elsewhere", () => {
    fc.assert(
      fc.property(arbRegion(), fc.boolean(), (region, clockwise) => {
        const r = clockwise ? { outer: reverseRing(region.outer), holes: region.holes } : region;
        checkCdt(r, triangulatePolygonsCdt([r]));
      }),
      { numRuns: 40 },
    );
  });

  it("property: lattice rooms (collinear and cocircular points) — same properties", () => {
    fc.assert(
      fc.property(arbLatticeRoom(), (region) => checkCdt(region, triangulatePolygonsCdt([region]))),
      { numRuns: 40 },
    );
  });

  it("differs from ear clipping: a thin fan becomes Delaunay (no sliver from the first vertex)", () => {
    // A regular 12-gon squashed: every diagonal from vertex 0 would be Delaunay-violating.
    const outer: number[] = [];
    for (let i = 0; i < 12; i++) outer.push(10 * Math.cos((i * Math.PI) / 6), 2 * Math.sin((i * Math.PI) / 6));
    const tri = triangulatePolygonsCdt([{ outer }]);
    checkCdt({ outer, holes: [] }, tri);
    const fromZero = Array.from(tri.triangles).filter((v) => v === 0).length;
    expect(fromZero).toBeLessThan(10);
  });

  it("recovers ring edges that are not Delaunay edges of the points (a thin slot), then restores Delaunay", () => {
    // The slot's long edges have vertices of the other bar inside every circle through them.
    const slot = { outer: [0, 0.3, 10, 0.3, 10, -0.3, 5, -0.3, 0, -0.3, 0, -1, 11, -1, 11, 1, 5, 1, 0, 1], holes: [] };
    checkCdt(slot, triangulatePolygonsCdt([slot]));
    const comb: number[] = [0, 0];
    for (let i = 0; i < 6; i++) comb.push(2 * i + 1.9, 0, 2 * i + 1.9, 5, 2 * i + 2, 5, 2 * i + 2, 0.01);
    comb.push(14, 0, 14, 6, 0, 6);
    checkCdt({ outer: comb, holes: [] }, triangulatePolygonsCdt([{ outer: comb }]));
    // A long slot whose walls carry many vertices: recovery flips leave edges that need re-flipping.
    const wall: number[] = [0, 0.2, 20, 0.2, 20, -0.2];
    for (let x = 19; x >= 1; x--) wall.push(x + 0.37 * Math.sin(x), -0.2 - 0.05 * (x % 3));
    wall.push(0, -0.2, 0, -2, 21, -2, 21, 2);
    for (let x = 20; x >= 1; x--) wall.push(x - 0.5, 0.6 + 0.3 * Math.cos(x));
    wall.push(0, 2);
    checkCdt({ outer: wall, holes: [] }, triangulatePolygonsCdt([{ outer: wall }]));
  });

  it("welds regions that share an edge and labels triangles by region", () => {
    const tri = triangulatePolygonsCdt([{ outer: [0, 0, 1, 0, 1, 1, 0, 1] }, { outer: [1, 0, 2, 0, 2, 1, 1, 1] }]);
    expect(tri.vertices.length / 2).toBe(6);
    expect(Array.from(tri.regions).sort()).toEqual([0, 0, 1, 1]);
  });

  it("the exact predicates decide nearly collinear points correctly", () => {
    expect(orient2d(0, 0, 1, 1, 0.5, 0.5)).toBe(0);
    expect(Math.sign(orient2d(0, 0, 1e-17, 1e-17, 1, 1 + 2 ** -52))).toBe(1);
    expect(Math.sign(orient2d(0.1, 0.1, 0.3, 0.3, 0.2, 0.2))).toBe(Math.sign(orient2d(0.1, 0.1, 0.3, 0.3, 0.2, 0.2)));
    expect(incircle(0, 0, 1, 0, 1, 1, 0, 1)).toBe(0);
    expect(incircle(0, 0, 1, 0, 0, 1, 0.5, 0.5)).toBeGreaterThan(0);
  });

  it("rejects bad rings with NAVMESH_BAD_POLYGON naming ring and vertex", () => {
    const cases: [unknown, string][] = [
      [[{ outer: [0, 0, 1, 0] }], "$[0].outer"],
      [[{ outer: [0, 0, 2, 0, 0, 2, 2, 2] }], "$[0].outer[0]"],
      [[{ outer: [0, 0, 4, 0, 0, 3, 3, 4] }], "$[0].outer[2]"],
      [[{ outer: [0, 0, 4, 0, 4, 4, 0, 4], holes: [[3, 3, 5, 3, 5, 5]] }], "$[0].holes[0][2]"],
      [[{ outer: [0, 0, 4, 0, 4, 4, 0, Number.NaN] }], "$[0].outer[7]"],
      [
        [
          {
            outer: [0, 0, 4, 0, 4, 4, 0, 4],
            holes: [
              [1, 1, 3, 1, 3, 3],
              [1.5, 1.2, 2.5, 1.2, 2.5, 2],
            ],
          },
        ],
        "$[0].holes[1][0]",
      ],
      [[{ outer: [0, 0, 4, 0, 4, 4, 0, 4], area: 64 }], "$[0].area"],
      [[null], "$[0]"],
      [{}, "$"],
    ];
    for (const [input, path] of cases) {
      try {
        triangulatePolygonsCdt(input as never);
        expect.unreachable(JSON.stringify(input));
      } catch (e) {
        expect(isTacticaError(e, NavMeshErrorCodes.BadPolygon), String(e)).toBe(true);
        expect((e as { path: string }).path).toBe(path);
        expect((e as Error).message).toMatch(/region 0|regions/);
      }
    }
  });
});

describe("mergeTrianglesToConvex + buildNavMeshCdt", () => {
  it("the @example: a square's two triangles merge into one quad", () => {
    const tri = triangulatePolygonsCdt([{ outer: [0, 0, 4, 0, 4, 4, 0, 4] }]);
    expect(mergeTrianglesToConvex(tri).polygons).toHaveLength(1);
  });

  it("property: merged polygons are strictly convex, ≤ maxVertsPerPoly, and cover the same area", () => {
    fc.assert(
      fc.property(arbRegion(), fc.integer({ min: 3, max: 6 }), (region, maxVerts) => {
        const tri = triangulatePolygonsCdt([region]);
        const { polygons } = mergeTrianglesToConvex(tri, { maxVertsPerPoly: maxVerts });
        let area = 0;
        for (const p of polygons) {
          expect(p.length).toBeLessThanOrEqual(maxVerts);
          expect(isStrictlyConvex(tri.vertices, p)).toBe(true);
          for (let i = 1; i + 1 < p.length; i++) area += triangleArea(tri.vertices, p[0]!, p[i]!, p[i + 1]!);
        }
        const want = regionArea(region);
        expect(Math.abs(area - want)).toBeLessThanOrEqual(1e-9 * want);
        expect(polygons.length).toBeLessThanOrEqual(tri.triangles.length / 3);
      }),
      { numRuns: 50 },
    );
  });

  it("buildNavMeshCdt's @example: the agent's centre stays a radius away from walls", () => {
    const mesh = buildNavMeshCdt([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }], { agentRadius: 0.5, tolerance: 0.05 });
    expect(findPolygon(mesh, 0.2, 0.2)).toBe(-1);
    expect(findPolygon(mesh, 1, 1)).toBeGreaterThanOrEqual(0);
    expect(findPolygon(mesh, 3.7, 5)).toBe(-1);
  });

  it("keeps region attributes and rejects a bad maxVertsPerPoly", () => {
    const mesh = buildNavMeshCdt([{ outer: [0, 0, 1, 0, 1, 1, 0, 1], area: 3, flags: 4, tag: 7 }]);
    expect(Array.from(mesh.areas)).toEqual([3]);
    expect(Array.from(mesh.flags)).toEqual([4]);
    expect(Array.from(mesh.tags)).toEqual([7]);
    expect(() => buildNavMeshCdt([{ outer: [0, 0, 1, 0, 1, 1, 0, 1] }], { maxVertsPerPoly: 7 })).toThrow(/maxVertsPerPoly/);
  });
});

function reverseRing(ring: number[]): number[] {
  const out: number[] = [];
  for (let i = ring.length - 2; i >= 0; i -= 2) out.push(ring[i]!, ring[i + 1]!);
  return out;
}
