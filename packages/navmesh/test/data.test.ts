import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createNavMesh, getPolygonArea, getPolygonCenter, navMeshFromBytes, navMeshFromJson, navMeshToBytes, navMeshToJson, NavMeshErrorCodes } from "../src";

const twoSquares = {
  vertices: [0, 0, 1, 0, 2, 0, 2, 1, 1, 1, 0, 1],
  polygons: [
    [0, 1, 4, 5],
    [1, 2, 3, 4],
  ],
};

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (isTacticaError(e)) return e.code;
    throw e;
  }
  return undefined;
}

describe("createNavMesh", () => {
  it("links neighbors across shared edges (the @example)", () => {
    const mesh = createNavMesh(twoSquares);
    expect(mesh.neighbors[1]).toBe(1);
    expect(mesh.polyCount).toBe(2);
    expect(Array.from(mesh.neighbors.subarray(4, 8))).toEqual([-1, -1, -1, 0]);
    expect(getPolygonArea(mesh, 0)).toBe(1);
    expect(getPolygonCenter({ x: 0, y: 0 }, mesh, 1)).toEqual({ x: 1.5, y: 0.5 });
  });

  it("stores clockwise polygons counter-clockwise", () => {
    const mesh = createNavMesh({ vertices: [0, 0, 1, 0, 0, 1], polygons: [[0, 2, 1]] });
    expect(Array.from(mesh.polyVerts)).toEqual([1, 2, 0]);
    expect(getPolygonArea(mesh, 0)).toBeCloseTo(0.5);
  });

  it("rejects bad input with NAVMESH_BAD_MESH naming the polygon", () => {
    expect(code(() => createNavMesh({ vertices: [0, 0, 1], polygons: [] }))).toBe(NavMeshErrorCodes.BadMesh);
    expect(code(() => createNavMesh({ vertices: [0, 0, 1, 0, NaN, 1], polygons: [[0, 1, 2]] }))).toBe(NavMeshErrorCodes.BadMesh);
    expect(code(() => createNavMesh({ vertices: [0, 0, 1, 0, 0, 1], polygons: [[0, 1, 3]] }))).toBe(NavMeshErrorCodes.BadMesh);
    expect(code(() => createNavMesh({ vertices: [0, 0, 1, 0, 0, 1], polygons: [[0, 1, 1]] }))).toBe(NavMeshErrorCodes.BadMesh);
    expect(code(() => createNavMesh({ vertices: [0, 0, 1, 0, 2, 0], polygons: [[0, 1, 2]] }))).toBe(NavMeshErrorCodes.BadMesh);
    expect(code(() => createNavMesh({ ...twoSquares, areas: [0, 64] }))).toBe(NavMeshErrorCodes.BadMesh);
    expect(code(() => createNavMesh(twoSquares, { maxVertsPerPoly: 13 }))).toBe(NavMeshErrorCodes.BadInput);
    // Non-convex (an arrow head).
    expect(() => createNavMesh({ vertices: [0, 0, 2, 1, 0, 2, 1, 1], polygons: [[0, 1, 2, 3]] })).toThrow(/polygon 0 is not convex at vertex 3/);
  });

  it("is plain data: structuredClone gives an equal mesh", () => {
    const mesh = createNavMesh(twoSquares);
    expect(structuredClone(mesh)).toEqual(mesh);
  });
});

describe("navMeshToJson / navMeshFromJson", () => {
  it("round-trips exactly, through JSON text too", () => {
    const mesh = createNavMesh({ ...twoSquares, heights: [0, 0.5, 1, 1, 0.5, 0], areas: [3, 7], flags: [1, 5], tags: [0, 9] });
    const json = navMeshToJson(mesh);
    expect(navMeshFromJson(json)).toEqual(mesh);
    expect(navMeshFromJson(JSON.parse(JSON.stringify(json)))).toEqual(mesh);
  });

  it("rejects corrupt or newer data with NAVMESH_FORMAT", () => {
    const json = navMeshToJson(createNavMesh(twoSquares));
    expect(code(() => navMeshFromJson(null))).toBe(NavMeshErrorCodes.Format);
    expect(code(() => navMeshFromJson({ ...json, format: "x" }))).toBe(NavMeshErrorCodes.Format);
    expect(code(() => navMeshFromJson({ ...json, version: 3 }))).toBe(NavMeshErrorCodes.Format);
    expect(code(() => navMeshFromJson({ ...json, tiles: "no" }))).toBe(NavMeshErrorCodes.Format);
    expect(code(() => navMeshFromJson({ ...json, tiles: [{ ...json.tiles[0], polygons: "no" }] }))).toBe(NavMeshErrorCodes.Format);
    expect(code(() => navMeshFromJson({ ...json, tiles: [{ ...json.tiles[0], polygons: [[0, 1, 99]] }] }))).toBe(NavMeshErrorCodes.BadMesh);
  });
});

describe("navMeshToBytes / navMeshFromBytes", () => {
  it("round-trips exactly, also from an offset view", () => {
    const mesh = createNavMesh({ ...twoSquares, heights: [0, 0.5, 1, 1, 0.5, -0.25], areas: [3, 63], flags: [1, 0xffff], tags: [-5, 9] });
    const bytes = navMeshToBytes(mesh);
    expect(navMeshFromBytes(bytes)).toEqual(mesh);
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 3);
    expect(navMeshFromBytes(padded.subarray(3))).toEqual(mesh);
  });

  it("rejects corrupt, truncated or newer data with NAVMESH_FORMAT", () => {
    const bytes = navMeshToBytes(createNavMesh(twoSquares));
    expect(code(() => navMeshFromBytes(bytes.subarray(0, bytes.length - 1)))).toBe(NavMeshErrorCodes.Format);
    expect(code(() => navMeshFromBytes(new Uint8Array(4)))).toBe(NavMeshErrorCodes.Format);
    const bad = bytes.slice();
    bad[0] = 0;
    expect(code(() => navMeshFromBytes(bad))).toBe(NavMeshErrorCodes.Format);
    const newer = bytes.slice();
    new DataView(newer.buffer).setUint32(4, 3, true);
    expect(() => navMeshFromBytes(newer)).toThrow(/version 3; this build reads versions 1..2/);
    const badIndex = bytes.slice();
    // 16-byte header, one slot generation (u16), 40-byte tile header, 6 vertices (x, y, height), 2 counts.
    new DataView(badIndex.buffer).setInt32(16 + 2 + 40 + 6 * 24 + 2, 77, true);
    expect(code(() => navMeshFromBytes(badIndex))).toBe(NavMeshErrorCodes.BadMesh);
  });
});
