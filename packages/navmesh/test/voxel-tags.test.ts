import { describe, expect, it } from "vitest";
import {
  NavMeshErrorCodes,
  VoxelConfigPresets,
  WALKABLE_AREA,
  buildCompactHeightfield,
  buildVoxelNavMesh,
  createHeightfield,
  createNavMesh,
  createNavMeshQuery,
  createNavPath,
  createTagCost,
  findNavMeshPath,
  findPolygon,
  findPolygonPath,
  markBoxArea,
  markCylinderArea,
  markPolygonArea,
  rasterizeTriangles,
  type NavMesh,
} from "../src";
import { addFloor, createSoup } from "./voxel-fixtures";

// A 10 m × 10 m floor with a forest over x 3..7, z 0..7: the way round it runs along z > 7.
const FORESTED = 1,
  MUDDY = 7;
const soup = addFloor(createSoup(), 0, 0, 10, 10);
const cfg = { ...VoxelConfigPresets.coarse, walkableRadius: 0 };
const build = (): NavMesh =>
  buildVoxelNavMesh(soup.positions, soup.triangles, cfg, {
    markAreas: (chf) => void markBoxArea(chf, [3, -1, 0], [7, 1, 7], WALKABLE_AREA, { tag: FORESTED }),
  }).navMesh;

function crossesTag(m: NavMesh, path: Float64Array, length: number, tag: number): boolean {
  for (let i = 0; i < length; i++) if (m.tags[path[i]!] === tag) return true;
  return false;
}

describe("custom polygon tags (chapter 32 metadata, e.g. forested)", () => {
  const mesh = build();

  it("gives the polygons inside the tagged volume the tag, and none to the rest", () => {
    expect(mesh.tags[findPolygon(mesh, 5, 3)]).toBe(FORESTED);
    expect(mesh.tags[findPolygon(mesh, 1, 3)]).toBe(0);
    expect(mesh.tags[findPolygon(mesh, 5, 9)]).toBe(0);
    // The area id is unchanged (walkable → navmesh area 0), and tagged polygons stay linked to untagged ones.
    let links = 0;
    for (let p = 0; p < mesh.polyCount; p++) {
      expect(mesh.areas[p]).toBe(0);
      for (let k = 0; k < mesh.maxVertsPerPoly; k++) {
        const q = mesh.neighbors[p * mesh.maxVertsPerPoly + k]!;
        if (q >= 0 && mesh.tags[p] === FORESTED && mesh.tags[q] === 0) links++;
      }
    }
    expect(links).toBeGreaterThan(0);
  });

  it("a tag cost sends the path round the forest; Infinity excludes it", () => {
    const q = createNavMeshQuery(mesh);
    const path = createNavPath({ maxLength: mesh.polyCount });
    const s = findPolygon(mesh, 1, 2),
      g = findPolygon(mesh, 9, 2);
    findPolygonPath(path, q, s, 1, 2, g, 9, 2);
    expect(crossesTag(mesh, path.path, path.length, FORESTED)).toBe(true);
    findPolygonPath(path, q, s, 1, 2, g, 9, 2, { polyCost: createTagCost(mesh, { [FORESTED]: 4 }) });
    expect(crossesTag(mesh, path.path, path.length, FORESTED)).toBe(false);
    const r = findNavMeshPath(mesh, { x: 1, y: 2 }, { x: 9, y: 2 }, { polyCost: createTagCost(mesh, { [FORESTED]: Infinity }) });
    expect(r.found).toBe(true);
    expect(r.path.some((p) => p.y > 7 - 1e-9)).toBe(true); // round the top of the forest
    // A small cost keeps the straight way.
    findPolygonPath(path, q, s, 1, 2, g, 9, 2, { polyCost: createTagCost(mesh, { [FORESTED]: 1.05 }) });
    expect(crossesTag(mesh, path.path, path.length, FORESTED)).toBe(true);
  });

  it("runs createTagCost's example", () => {
    const m = createNavMesh({
      vertices: [0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1],
      polygons: [
        [0, 1, 4, 3],
        [1, 2, 5, 4],
      ],
      tags: [0, FORESTED],
    });
    const avoidForest = createTagCost(m, { [FORESTED]: 3 });
    expect(avoidForest(1)).toBe(3);
    expect(avoidForest(0)).toBe(1);
    expect(findNavMeshPath(m, { x: 0.5, y: 0.5 }, { x: 1.5, y: 0.5 }, { polyCost: avoidForest }).found).toBe(true);
  });

  it("keeps different tags and areas apart (cylinder and extruded polygon volumes)", () => {
    const m = buildVoxelNavMesh(soup.positions, soup.triangles, cfg, {
      markAreas: (chf) => {
        markCylinderArea(chf, [2, -1, 8], 1.5, 2, WALKABLE_AREA, { tag: MUDDY });
        markPolygonArea(chf, [6, 6, 10, 6, 10, 10, 6, 10], -1, 1, 5, { tag: FORESTED });
      },
    }).navMesh;
    expect(m.tags[findPolygon(m, 2, 8)]).toBe(MUDDY);
    expect(m.areas[findPolygon(m, 2, 8)]).toBe(0);
    expect(m.tags[findPolygon(m, 8, 8)]).toBe(FORESTED);
    expect(m.areas[findPolygon(m, 8, 8)]).toBe(5);
    expect(m.tags[findPolygon(m, 5, 2)]).toBe(0);
  });

  it("without tags, polygon tags stay the region ids", () => {
    const m = buildVoxelNavMesh(soup.positions, soup.triangles, cfg).navMesh;
    expect(m.tags[0]).toBeGreaterThan(0);
  });

  it("rejects a bad tag, area or cost", () => {
    const hf = createHeightfield([0, 0, 0], [4, 1, 4], 0.5, 0.25);
    rasterizeTriangles(hf, soup.positions, soup.triangles, new Uint8Array(2).fill(WALKABLE_AREA), 2);
    const chf = buildCompactHeightfield(hf, 8, 2);
    expect(() => markBoxArea(chf, [0, -1, 0], [1, 1, 1], WALKABLE_AREA, { tag: 0.5 })).toThrow(
      expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "tag" }),
    );
    expect(() => markCylinderArea(chf, [0, -1, 0], 1, 1, 64)).toThrow(expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "area" }));
    expect(chf.tags).toBeUndefined();
    expect(() => createTagCost(mesh, { [FORESTED]: 0.5 })).toThrow(expect.objectContaining({ code: NavMeshErrorCodes.BadInput, path: "costs.1" }));
  });
});
