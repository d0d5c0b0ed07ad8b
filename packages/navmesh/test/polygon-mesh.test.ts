import { describe, expect, it } from "vitest";
import {
  findPolygon,
  getHeightOnPolygon,
  navMeshFromPolygonMesh,
  navMeshToJson,
  navMeshFromJson,
  polygonMeshToNavMeshInput,
  createNavMesh,
  addNavMeshTile,
} from "../src";

describe("navMeshFromPolygonMesh (external 3D polygon meshes: navcat, Recast)", () => {
  it("the TSDoc example: y-up vertices, the plane is x, z", () => {
    const mesh = navMeshFromPolygonMesh({
      vertices: [0, 0, 0, 1, 0, 0, 2, 0, 0, 2, 0, 1, 1, 0, 1, 0, 0, 1],
      polygons: [
        [0, 1, 4, 5],
        [1, 2, 3, 4],
      ],
    });
    expect(mesh.polyCount).toBe(2);
    expect(findPolygon(mesh, 1.5, 0.5)).toBe(1);
    expect(mesh.neighbors.filter((n) => n >= 0).length).toBe(2);
  });

  it("reads Recast's flat polygon form (0xffff padding) with z up, keeps areas and flags", () => {
    const mesh = navMeshFromPolygonMesh(
      {
        vertices: [0, 0, 5, 2, 0, 5, 2, 2, 5, 0, 2, 5, 3, 1, 5],
        polygons: [0, 1, 2, 3, 0xffff, 0xffff, 1, 4, 2, 0xffff, 0xffff, 0xffff],
        areas: [3, 63],
        flags: [1, 2],
      },
      { upAxis: "z", maxVertsPerPoly: 6 },
    );
    expect(mesh.polyCount).toBe(2);
    expect(Array.from(mesh.areas)).toEqual([3, 63]);
    expect(Array.from(mesh.flags)).toEqual([1, 2]);
    expect(mesh.heights[0]).toBe(5);
    expect(findPolygon(mesh, 2.5, 1)).toBe(1);
  });

  it("uses the detail mesh (navcat objects, 4 numbers per triangle) for heights, also after a JSON round trip", () => {
    // A unit square with a raised centre vertex (height 1) as a detail vertex; x, y, z with y up.
    const input = {
      vertices: [0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1],
      polygons: [[0, 1, 2, 3]],
      detailMeshes: [{ verticesBase: 0, verticesCount: 1, trianglesBase: 0, trianglesCount: 4 }],
      detailVertices: [0.5, 1, 0.5],
      detailTriangles: [0, 1, 4, 0, 1, 2, 4, 0, 2, 3, 4, 0, 3, 0, 4, 0],
    };
    const mesh = navMeshFromPolygonMesh(input);
    expect(getHeightOnPolygon(mesh, 0, 0.5, 0.5)).toBeCloseTo(1, 12);
    expect(getHeightOnPolygon(mesh, 0, 0.25, 0.5)).toBeCloseTo(0.5, 12);
    expect(getHeightOnPolygon(navMeshFromJson(navMeshToJson(mesh)), 0, 0.5, 0.5)).toBeCloseTo(1, 12);
    // The same tile added next to a plain one.
    const tiled = createNavMesh({ vertices: [-1, 0, 0, 0, 0, 1, -1, 1], polygons: [[0, 1, 2, 3]] });
    const base = addNavMeshTile(tiled, 1, 0, 0, polygonMeshToNavMeshInput(input));
    expect(getHeightOnPolygon(tiled, base, 0.5, 0.5)).toBeCloseTo(1, 12);
    expect(tiled.tiles["1,0,0"]!.links.some((l) => l === 0)).toBe(true);
  });

  it("detail triangles keep their vertices when a clockwise polygon is stored counter-clockwise; each polygon uses its own detail", () => {
    // A non-planar unit quad (vertex 0 raised to 1) split along the 0–2 diagonal, given clockwise in (x, z).
    const quad = { vertices: [0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1], detailMeshes: [0, 0, 0, 2], detailVertices: [], detailTriangles: [0, 1, 2, 0, 2, 3] };
    const cw = navMeshFromPolygonMesh({ ...quad, polygons: [[0, 3, 2, 1]] }, { detailTriangleStride: 3 });
    expect(getHeightOnPolygon(cw, 0, 0.5, 0.5)).toBeCloseTo(0.5, 12); // on the 0–2 diagonal: (1 + 0) / 2
    const ccw = navMeshFromPolygonMesh({ ...quad, polygons: [[0, 1, 2, 3]] }, { detailTriangleStride: 3 });
    expect(getHeightOnPolygon(ccw, 0, 0.5, 0.5)).toBeCloseTo(0.5, 12);
    // Two polygons, the second with its own raised detail vertex.
    const two = navMeshFromPolygonMesh({
      vertices: [0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 2, 0, 0, 2, 0, 1],
      polygons: [
        [0, 1, 2, 3],
        [1, 4, 5, 2],
      ],
      detailMeshes: [0, 0, 0, 2, 0, 2, 1, 4],
      detailVertices: [1.5, 3, 0.5],
      detailTriangles: [0, 1, 2, 0, 0, 2, 3, 0, 0, 1, 4, 0, 1, 2, 4, 0, 2, 3, 4, 0, 3, 0, 4, 0, 0, 1, 2, 0, 0, 2, 3, 0],
    });
    expect(getHeightOnPolygon(two, 0, 0.5, 0.5)).toBeCloseTo(0, 12);
    expect(getHeightOnPolygon(two, 1, 1.5, 0.5)).toBeCloseTo(3, 12);
  });

  it("rejects bad input with NAVMESH_BAD_MESH / NAVMESH_BAD_INPUT and a path", () => {
    const ok = { vertices: [0, 0, 0, 1, 0, 0, 1, 0, 1], polygons: [[0, 1, 2]] };
    const cases: [unknown, unknown, string][] = [
      [null, {}, "$"],
      [{ ...ok, vertices: [0, 0] }, {}, "$.vertices"],
      [{ ...ok, polygons: [[0, 1, 7]] }, {}, "$.polygons[0][2]"],
      [{ ...ok, vertices: [0, NaN, 0, 1, 0, 0, 1, 0, 1] }, {}, "$.heights[0]"],
      [ok, { upAxis: "x" }, "upAxis"],
      [{ ...ok, polygons: [0, 1, 2] }, {}, "maxVertsPerPoly"],
      [{ ...ok, detailMeshes: [0, 0, 0, 1], detailVertices: [], detailTriangles: [0, 1, 9, 0] }, {}, "$.detailTriangles[2]"],
    ];
    for (const [input, options, path] of cases) {
      expect(() => navMeshFromPolygonMesh(input as never, options as never)).toThrow(expect.objectContaining({ path }));
    }
  });
});
