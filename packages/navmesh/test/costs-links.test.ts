import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  addOffMeshLink,
  buildNavMeshFromPolygons,
  createNavMesh,
  createNavMeshQuery,
  createNavPath,
  createOffMeshLinks,
  createStraightPath,
  findNavMeshPath,
  findPolygon,
  findPolygonPath,
  findStraightPath,
  getTagAt,
  isValidOffMeshLink,
  NAVMESH_AREA_COUNT,
  removeOffMeshLink,
  StraightPathFlags,
} from "../src";

// Two rooms joined by a low corridor (polygon 2, area 1, tag 7) and a high one (polygon 3, area 0).
const twoCorridors = () =>
  createNavMesh({
    vertices: [0, 0, 2, 0, 2, 2, 2, 4, 2, 6, 0, 6, 8, 0, 10, 0, 10, 6, 8, 6, 8, 4, 8, 2],
    polygons: [
      [0, 1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10, 11],
      [1, 6, 11, 2],
      [3, 10, 9, 4],
    ],
    areas: [0, 0, 1, 0],
    tags: [0, 0, 7, 0],
    flags: [1, 1, 2, 1],
  });

function corridor(options: Parameters<typeof findPolygonPath>[8]): number[] {
  const mesh = twoCorridors();
  const r = findPolygonPath(createNavPath(), createNavMeshQuery(mesh), 0, 1, 1, 1, 9, 1, options);
  expect(r.flags).toBe(PathFlags.Found);
  return Array.from(r.path.subarray(0, r.length));
}

describe("tagged regions and danger costs", () => {
  it("the cheap short corridor wins until its area, danger or flags make it worse", () => {
    expect(corridor(undefined)).toEqual([0, 2, 1]);
    const costs = new Float64Array(NAVMESH_AREA_COUNT).fill(1);
    costs[1] = 20;
    expect(corridor({ areaCosts: costs })).toEqual([0, 3, 1]);
    expect(corridor({ polyCost: (p) => (p === 2 ? 20 : 1) })).toEqual([0, 3, 1]);
    expect(corridor({ excludeFlags: 2 })).toEqual([0, 3, 1]);
    expect(corridor({ includeFlags: 1 })).toEqual([0, 3, 1]);
    costs[1] = Infinity;
    expect(corridor({ areaCosts: costs })).toEqual([0, 3, 1]);
  });

  it("getTagAt reports the tag under a point", () => {
    const mesh = twoCorridors();
    expect(getTagAt(mesh, 5, 1)).toBe(7);
    expect(getTagAt(mesh, 5, 5)).toBe(0);
    expect(getTagAt(mesh, 5, 3)).toBe(-1);
  });

  it("findNavMeshPath falls back to A* + funnel under area costs and says so", () => {
    const mesh = twoCorridors();
    const costs = new Float64Array(NAVMESH_AREA_COUNT).fill(1);
    costs[1] = 20;
    const plain = findNavMeshPath(mesh, { x: 1, y: 1 }, { x: 9, y: 1 });
    expect(plain.algorithm).toBe("any-angle");
    expect(plain.distance).toBeCloseTo(8, 12);
    const weighted = findNavMeshPath(mesh, { x: 1, y: 1 }, { x: 9, y: 1 }, { areaCosts: costs });
    expect(weighted.algorithm).toBe("funnel");
    expect(weighted.path.some((p) => p.y >= 4)).toBe(true);
  });
});

describe("off-mesh links", () => {
  it("join two islands, one-way or both ways, and can be removed (stale handles fail)", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 1, 0, 1, 1, 0, 1] }, { outer: [3, 0, 4, 0, 4, 1, 3, 1] }]);
    const links = createOffMeshLinks(2);
    const h = addOffMeshLink(links, mesh, 0.9, 0.5, 3.1, 0.5, { cost: 5, bidirectional: false });
    expect(isValidOffMeshLink(links, h)).toBe(true);
    const q = createNavMeshQuery(mesh);
    const a = findPolygon(mesh, 0.2, 0.5),
      b = findPolygon(mesh, 3.8, 0.5);
    const r = findPolygonPath(createNavPath(), q, a, 0.2, 0.5, b, 3.8, 0.5, { links });
    expect(r.flags).toBe(PathFlags.Found);
    expect(r.cost).toBeCloseTo(0.7 + 5 + 0.7, 12);
    const sp = findStraightPath(createStraightPath(), mesh, r.path, r.length, 0.2, 0.5, 3.8, 0.5, { links });
    expect(Array.from(sp.points.subarray(0, 2 * sp.count))).toEqual([0.2, 0.5, 0.9, 0.5, 3.1, 0.5, 3.8, 0.5]);
    expect(Array.from(sp.pointFlags.subarray(0, sp.count))).toEqual([StraightPathFlags.Start, StraightPathFlags.OffMeshLink, 0, StraightPathFlags.End]);
    // One-way: no path back.
    expect(findPolygonPath(createNavPath(), q, b, 3.8, 0.5, a, 0.2, 0.5, { links }).flags & PathFlags.Found).toBe(0);
    // Removed: no path, the handle is stale, the slot is reused with a new generation.
    expect(removeOffMeshLink(links, h)).toBe(true);
    expect(isValidOffMeshLink(links, h)).toBe(false);
    expect(removeOffMeshLink(links, h)).toBe(false);
    expect(findPolygonPath(createNavPath(), q, a, 0.2, 0.5, b, 3.8, 0.5, { links }).flags & PathFlags.Found).toBe(0);
    const h2 = addOffMeshLink(links, mesh, 0.9, 0.5, 3.1, 0.5);
    expect(h2).not.toBe(h);
    expect(h2 % 65536).toBe(h % 65536);
    expect(findNavMeshPath(mesh, { x: 3.8, y: 0.5 }, { x: 0.2, y: 0.5 }, { links }).found).toBe(true);
    // Full pool and off-mesh end points give -1, no throw.
    expect(addOffMeshLink(links, mesh, 0.5, 0.5, 3.5, 0.5)).toBeGreaterThanOrEqual(0);
    expect(addOffMeshLink(links, mesh, 0.5, 0.5, 3.5, 0.5)).toBe(-1);
    expect(addOffMeshLink(createOffMeshLinks(1), mesh, 2, 0.5, 3.5, 0.5)).toBe(-1);
  });
});

describe("findNavMeshPath (level 2)", () => {
  it("the @example", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
    const r = findNavMeshPath(mesh, { x: 1, y: 5 }, { x: 9, y: 5 });
    expect(r.found).toBe(true);
    expect(r.algorithm).toBe("any-angle");
    expect([
      [
        { x: 1, y: 5 },
        { x: 4, y: 6 },
        { x: 6, y: 6 },
        { x: 9, y: 5 },
      ],
      [
        { x: 1, y: 5 },
        { x: 4, y: 4 },
        { x: 6, y: 4 },
        { x: 9, y: 5 },
      ],
    ]).toContainEqual(r.path);
    const f = findNavMeshPath(mesh, { x: 1, y: 5 }, { x: 9, y: 5 }, { algorithm: "funnel" });
    expect(f.algorithm).toBe("funnel");
    expect(f.distance).toBeGreaterThanOrEqual(r.distance - 1e-12);
    // Off-mesh points snap to the mesh.
    expect(findNavMeshPath(mesh, { x: -3, y: 5 }, { x: 13, y: 5 }).path[0]).toEqual({ x: 0, y: 5 });
  });
});
