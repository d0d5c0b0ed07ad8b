import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  NAVMESH_MAX_VERTS_PER_POLY,
  buildNavMeshFromPolygons,
  buildNavMeshFromTilemap,
  createNavMesh,
  findPolygon,
  getHeightOnPolygon,
  getPolygonArea,
  navMeshFromBytes,
  navMeshFromJson,
  navMeshFromPolygonMesh,
  navMeshFromTriangles,
  navMeshToBytes,
  navMeshToJson,
  NavMeshErrorCodes,
  type NavMesh,
} from "../src";

/** A regular n-gon of radius r as x, y pairs (counter-clockwise). */
function ngon(n: number, r = 10, phase = 0): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(r * Math.cos(phase + (2 * Math.PI * i) / n), r * Math.sin(phase + (2 * Math.PI * i) / n));
  return out;
}

/** Flood fill over neighbors from polygon 0: how many polygons are reachable. */
function reachable(mesh: NavMesh): number {
  const seen = new Uint8Array(mesh.polyCount);
  const stack = [0];
  seen[0] = 1;
  let count = 1;
  while (stack.length > 0) {
    const p = stack.pop()!;
    for (let i = 0; i < mesh.polyVertCount[p]!; i++) {
      const q = mesh.neighbors[p * mesh.maxVertsPerPoly + i]!;
      if (q >= 0 && !seen[q]) {
        seen[q] = 1;
        count++;
        stack.push(q);
      }
    }
  }
  return count;
}

function totalArea(mesh: NavMesh): number {
  let a = 0;
  for (let p = 0; p < mesh.polyCount; p++) a += getPolygonArea(mesh, p);
  return a;
}

describe("polygons have at most 6 vertices", () => {
  it("the data model caps maxVertsPerPoly at 6", () => {
    expect(NAVMESH_MAX_VERTS_PER_POLY).toBe(6);
    const square = { vertices: [0, 0, 1, 0, 1, 1, 0, 1], polygons: [[0, 1, 2, 3]] };
    expect(() => createNavMesh(square, { maxVertsPerPoly: 7 })).toThrow(expect.objectContaining({ code: NavMeshErrorCodes.BadInput, path: "maxVertsPerPoly" }));
    const seven = { vertices: ngon(7), polygons: [[0, 1, 2, 3, 4, 5, 6]] };
    expect(() => createNavMesh(seven)).toThrow(expect.objectContaining({ code: NavMeshErrorCodes.BadMesh, path: "polygons[0]" }));
    for (const build of [
      () => buildNavMeshFromPolygons([{ outer: ngon(8) }], { maxVertsPerPoly: 7 }),
      () => buildNavMeshFromPolygons([{ outer: ngon(8) }], { maxVertsPerPoly: 7, triangulation: "cdt" }),
      () => buildNavMeshFromTilemap([0, 0, 0, 0], 2, 2, { maxVertsPerPoly: 7 }),
      () => navMeshFromTriangles([0, 0, 0, 1, 0, 0, 1, 0, 1], [0, 2, 1], { maxVertsPerPoly: 8 }),
    ])
      expect(build).toThrow(/maxVertsPerPoly/);
  });

  it("every builder keeps polygons at ≤ 6 vertices (a 40-gon room)", () => {
    const room = [{ outer: ngon(40) }];
    for (const mesh of [
      buildNavMeshFromPolygons(room),
      buildNavMeshFromPolygons(room, { triangulation: "cdt" }),
      buildNavMeshFromTilemap(
        Array.from({ length: 64 }, (_, i) => (i === 27 ? 0 : 1)),
        8,
        8,
      ),
    ]) {
      expect(mesh.polyCount).toBeGreaterThan(1);
      expect(mesh.maxVertsPerPoly).toBeLessThanOrEqual(6);
      for (let p = 0; p < mesh.polyCount; p++) expect(mesh.polyVertCount[p]).toBeLessThanOrEqual(6);
      expect(reachable(mesh)).toBe(mesh.polyCount);
    }
  });

  it("property: navMeshFromPolygonMesh splits a convex n-gon (7..24) into linked convex pieces of ≤ 6 covering it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 7, max: 24 }), fc.double({ min: 0, max: 6, noNaN: true }), fc.boolean(), (n, phase, cw) => {
        const xy = ngon(n, 10, phase);
        const vertices: number[] = [];
        for (let i = 0; i < n; i++) vertices.push(xy[2 * i]!, 0, xy[2 * i + 1]!);
        const poly = Array.from({ length: n }, (_, i) => (cw ? n - 1 - i : i));
        const mesh = navMeshFromPolygonMesh({ vertices, polygons: [poly], areas: [5], flags: [3] });
        expect(mesh.polyCount).toBe(Math.ceil((n - 2) / 4));
        expect(mesh.maxVertsPerPoly).toBeLessThanOrEqual(6);
        for (let p = 0; p < mesh.polyCount; p++) {
          expect(mesh.polyVertCount[p]).toBeLessThanOrEqual(6);
          expect(mesh.areas[p]).toBe(5);
          expect(mesh.flags[p]).toBe(3);
        }
        const want = 0.5 * n * 100 * Math.sin((2 * Math.PI) / n);
        expect(totalArea(mesh)).toBeCloseTo(want, 9);
        expect(reachable(mesh)).toBe(mesh.polyCount);
      }),
      { numRuns: 40 },
    );
  });

  it("split pieces keep the polygon's detail heights, and larger Recast flat slots are read", () => {
    // An octagon on y = 0 with a raised centre detail vertex (height 4) fanned to every edge.
    const n = 8;
    const xy = ngon(n, 2);
    const vertices: number[] = [];
    for (let i = 0; i < n; i++) vertices.push(xy[2 * i]!, 0, xy[2 * i + 1]!);
    const detailTriangles: number[] = [];
    for (let i = 0; i < n; i++) detailTriangles.push(i, (i + 1) % n, n);
    const input = { vertices, polygons: [[0, 1, 2, 3, 4, 5, 6, 7]], detailMeshes: [0, 0, 1, n], detailVertices: [0, 4, 0], detailTriangles };
    const mesh = navMeshFromPolygonMesh(input, { detailTriangleStride: 3 });
    expect(mesh.polyCount).toBe(2);
    for (const [x, y] of [
      [0, 0],
      [0.5, 0.2],
      [-1, -0.3],
      [0.9, -0.9],
    ] as const) {
      const ref = findPolygon(mesh, x, y);
      expect(ref).toBeGreaterThanOrEqual(0);
      const r = Math.hypot(x, y);
      // The cone falls from 4 at the centre to 0 at the rim (linear along each fan triangle).
      const h = getHeightOnPolygon(mesh, ref, x, y);
      expect(h).toBeLessThanOrEqual(4 + 1e-9);
      expect(h).toBeGreaterThan(4 * (1 - r / (2 * Math.cos(Math.PI / n))) - 1e-9);
    }
    expect(getHeightOnPolygon(mesh, findPolygon(mesh, 0, 0), 0, 0)).toBeCloseTo(4, 12);
    // Recast's flat form with 8 slots per polygon.
    const flat = navMeshFromPolygonMesh({ vertices, polygons: [0, 1, 2, 3, 4, 5, 6, 7] }, { maxVertsPerPoly: 8 });
    expect(flat.polyCount).toBe(2);
    expect(flat.maxVertsPerPoly).toBe(6);
  });

  it("JSON and bytes with more than 6 vertices per polygon are rejected with NAVMESH_FORMAT", () => {
    const mesh = createNavMesh({ vertices: ngon(6), polygons: [[0, 1, 2, 3, 4, 5]] });
    const json = navMeshToJson(mesh) as unknown as { tiles: { maxVertsPerPoly: number; polygons: number[][]; vertices: number[]; heights: number[] }[] };
    const big = structuredClone(json);
    big.tiles[0]!.maxVertsPerPoly = 8;
    expect(() => navMeshFromJson(big)).toThrow(expect.objectContaining({ code: NavMeshErrorCodes.Format, path: "$.tiles[0].maxVertsPerPoly" }));
    const seven = structuredClone(json);
    seven.tiles[0]!.vertices.push(11, 0);
    seven.tiles[0]!.heights.push(0);
    seven.tiles[0]!.polygons[0]!.push(6);
    expect(() => navMeshFromJson(seven)).toThrow(expect.objectContaining({ code: NavMeshErrorCodes.Format, path: "$.tiles[0].polygons[0]" }));
    const v1 = {
      format: "tactica-navmesh",
      version: 1,
      maxVertsPerPoly: 12,
      vertices: ngon(3),
      heights: [0, 0, 0],
      polygons: [[0, 1, 2]],
      areas: [0],
      flags: [1],
      tags: [0],
    };
    expect(() => navMeshFromJson(v1)).toThrow(expect.objectContaining({ code: NavMeshErrorCodes.Format, path: "$.maxVertsPerPoly" }));
    const bytes = navMeshToBytes(mesh);
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // Header 16 bytes, one slot generation (2 bytes), then the tile header: slots per polygon at +16.
    const tileAt = 16 + 2;
    expect(dv.getUint32(tileAt + 16, true)).toBe(6);
    const wide = bytes.slice();
    new DataView(wide.buffer).setUint32(tileAt + 16, 7, true);
    expect(() => navMeshFromBytes(wide)).toThrow(expect.objectContaining({ code: NavMeshErrorCodes.Format }));
    expect(navMeshFromBytes(bytes).polyCount).toBe(1);
  });
});
