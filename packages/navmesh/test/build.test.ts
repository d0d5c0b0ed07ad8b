import fc from "fast-check";
import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { buildNavMeshCdt, buildNavMeshFromPolygons, findPolygon, getPolygonArea, NavMeshErrorCodes, type NavMesh } from "../src";
import { arbPolygonWithHoles, ringArea } from "./helpers";

function totalArea(mesh: NavMesh): number {
  let a = 0;
  for (let p = 0; p < mesh.polyCount; p++) a += getPolygonArea(mesh, p);
  return a;
}

function isStrictlyConvexCcw(mesh: NavMesh, p: number): boolean {
  const n = mesh.polyVertCount[p]!;
  for (let i = 0; i < n; i++) {
    const a = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!,
      b = mesh.polyVerts[p * mesh.maxVertsPerPoly + ((i + 1) % n)]!,
      c = mesh.polyVerts[p * mesh.maxVertsPerPoly + ((i + 2) % n)]!;
    const v = mesh.vertices;
    const cross = (v[2 * b]! - v[2 * a]!) * (v[2 * c + 1]! - v[2 * b + 1]!) - (v[2 * b + 1]! - v[2 * a + 1]!) * (v[2 * c]! - v[2 * b]!);
    if (!(cross > 0)) return false;
  }
  return true;
}

/** Boundary edges of the mesh (edges with no neighbor) as "a,b" sorted keys of coordinates. */
function boundaryEdges(mesh: NavMesh): Set<string> {
  const out = new Set<string>();
  for (let p = 0; p < mesh.polyCount; p++) {
    const n = mesh.polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      if (mesh.neighbors[p * mesh.maxVertsPerPoly + i] !== -1) continue;
      const a = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!,
        b = mesh.polyVerts[p * mesh.maxVertsPerPoly + ((i + 1) % n)]!;
      out.add([`${mesh.vertices[2 * a]},${mesh.vertices[2 * a + 1]}`, `${mesh.vertices[2 * b]},${mesh.vertices[2 * b + 1]}`].sort().join("|"));
    }
  }
  return out;
}

describe("buildNavMeshFromPolygons", () => {
  it("the @example: a room with a pillar", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
    expect(mesh.polyCount).toBeGreaterThanOrEqual(4);
    expect(mesh.polyCount).toBeLessThanOrEqual(8);
    expect(totalArea(mesh)).toBeCloseTo(96, 12);
  });

  it('the @example: triangulation "cdt" routes to the CDT + erosion builder', () => {
    const room = [{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }];
    const eroded = buildNavMeshFromPolygons(room, { triangulation: "cdt", agentRadius: 0.5 });
    expect(findPolygon(eroded, 0.2, 0.2)).toBe(-1);
    expect(findPolygon(eroded, 1, 1)).toBeGreaterThanOrEqual(0);
    expect(totalArea(eroded)).toBeLessThan(96);
    const same = buildNavMeshCdt(room, { agentRadius: 0.5 });
    expect(Array.from(eroded.vertices)).toEqual(Array.from(same.vertices));
    const plain = buildNavMeshFromPolygons(room, { triangulation: "cdt", maxVertsPerPoly: 3 });
    expect(totalArea(plain)).toBeCloseTo(96, 9);
    for (let p = 0; p < plain.polyCount; p++) expect(plain.polyVertCount[p]).toBe(3);
    expect(() => buildNavMeshFromPolygons(room, { agentRadius: 0.5 })).toThrow(expect.objectContaining({ path: "agentRadius" }));
    expect(() => buildNavMeshFromPolygons(room, { triangulation: "delaunay" as never })).toThrow(expect.objectContaining({ path: "triangulation" }));
  });

  it("property: polygons cover exactly the outer ring minus holes, are convex, keep every ring edge as a boundary edge", () => {
    fc.assert(
      fc.property(arbPolygonWithHoles(), fc.integer({ min: 3, max: 6 }), (region, maxVerts) => {
        const mesh = buildNavMeshFromPolygons([region], { maxVertsPerPoly: maxVerts });
        const want = Math.abs(ringArea(region.outer)) - region.holes.reduce((s, h) => s + Math.abs(ringArea(h)), 0);
        expect(Math.abs(totalArea(mesh) - want)).toBeLessThanOrEqual(1e-9 * want);
        for (let p = 0; p < mesh.polyCount; p++) {
          expect(mesh.polyVertCount[p]).toBeLessThanOrEqual(maxVerts);
          expect(isStrictlyConvexCcw(mesh, p)).toBe(true);
        }
        const edges = boundaryEdges(mesh);
        const rings = [region.outer, ...region.holes];
        let ringEdges = 0;
        for (const ring of rings) {
          const n = ring.length / 2;
          ringEdges += n;
          for (let i = 0; i < n; i++) {
            const j = (i + 1) % n;
            expect(edges.has([`${ring[2 * i]},${ring[2 * i + 1]}`, `${ring[2 * j]},${ring[2 * j + 1]}`].sort().join("|"))).toBe(true);
          }
        }
        expect(edges.size).toBe(ringEdges);
      }),
      { numRuns: 80 },
    );
  });

  it("connects regions that share an edge", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 1, 0, 1, 1, 0, 1] }, { outer: [1, 0, 2, 0, 2, 1, 1, 1], area: 2 }]);
    expect(mesh.polyCount).toBe(2);
    expect(Array.from(mesh.neighbors).filter((n) => n >= 0)).toHaveLength(2);
    expect(Array.from(mesh.areas)).toEqual([0, 2]);
  });

  it("rejects self-intersecting rings and misplaced holes with NAVMESH_BAD_POLYGON naming ring and vertex", () => {
    const cases: [Parameters<typeof buildNavMeshFromPolygons>[0], RegExp][] = [
      [[{ outer: [0, 0, 2, 2, 2, 0, 0, 3] }], /region 0 outer ring vertex 0: edge 0–1 crosses edge 2–3/],
      [[{ outer: [0, 0, 1, 0] }], /at least 3 vertices/],
      [[{ outer: [0, 0, 1, 0, Infinity, 1] }], /vertex 2: coordinate Infinity/],
      [[{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[8, 8, 12, 8, 12, 9]] }], /hole 0 vertex 1: lies outside/],
      [
        [
          {
            outer: [0, 0, 10, 0, 10, 10, 0, 10],
            holes: [
              [1, 1, 5, 1, 5, 5],
              [2, 1.5, 4, 1.5, 4, 3],
            ],
          },
        ],
        /hole 0 vertex 0: lies inside or on hole 1|hole 1 vertex 0: lies inside or on hole 0|touches/,
      ],
    ];
    for (const [input, msg] of cases) {
      let err: unknown;
      try {
        buildNavMeshFromPolygons(input);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err) && (err.code as string) === NavMeshErrorCodes.BadPolygon).toBe(true);
      expect(String(err)).toMatch(msg);
    }
  });
});
