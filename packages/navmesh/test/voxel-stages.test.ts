import { describe, expect, it } from "vitest";
import {
  NOT_CONNECTED,
  NULL_AREA,
  StancePresets,
  VoxelConfigPresets,
  WALKABLE_AREA,
  addSpan,
  buildCompactHeightfield,
  buildContours,
  buildDistanceField,
  buildPolyMesh,
  buildRegions,
  buildVoxelNavMesh,
  countSpans,
  createHeightfield,
  erodeWalkableArea,
  filterLedgeSpans,
  filterLowHangingObstacles,
  filterLowHeightSpans,
  findPolygon,
  getCon,
  markBoxArea,
  markCylinderArea,
  markPolygonArea,
  markWalkableTriangles,
  rasterizeBox,
  rasterizeCylinder,
  rasterizeConvexVolume,
  rasterizeTriangles,
  voxelConfigFromAgent,
  type CompactHeightfield,
  type Heightfield,
} from "../src";
import { addBox, addFloor, addTable, createSoup } from "./voxel-fixtures";

function spansOf(hf: Heightfield, x: number, z: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let s = hf.head[x + z * hf.width]!; s !== -1; s = hf.spanNext[s]!) out.push([hf.spanMin[s]!, hf.spanMax[s]!, hf.spanArea[s]!]);
  return out;
}

/** A 20 × 20 cell floor (1 m cells) rasterised, filtered and compacted. */
function floorChf(walkableHeight = 2, climb = 1): CompactHeightfield {
  const s = addFloor(createSoup(), 0, 0, 20, 20);
  const hf = createHeightfield([0, 0, 0], [20, 4, 20], 1, 0.5);
  const areas = markWalkableTriangles(new Uint8Array(2), s.positions, s.triangles, 45);
  rasterizeTriangles(hf, s.positions, s.triangles, areas, climb);
  return buildCompactHeightfield(hf, walkableHeight, climb);
}

describe("span heightfield", () => {
  it("merges overlapping spans and keeps the larger area when the tops are within the threshold", () => {
    const hf = createHeightfield([0, 0, 0], [1, 10, 1], 1, 1);
    addSpan(hf, 0, 0, 0, 2, WALKABLE_AREA, 1);
    addSpan(hf, 0, 0, 5, 6, NULL_AREA, 1);
    expect(spansOf(hf, 0, 0)).toEqual([
      [0, 2, WALKABLE_AREA],
      [5, 6, NULL_AREA],
    ]);
    addSpan(hf, 0, 0, 1, 3, NULL_AREA, 1); // top 3 vs 2: within 1 → walkable wins
    expect(spansOf(hf, 0, 0)[0]).toEqual([0, 3, WALKABLE_AREA]);
    addSpan(hf, 0, 0, 2, 5, NULL_AREA, 0); // bridges both: top 6 vs 6 → max(0, 0)
    expect(spansOf(hf, 0, 0)).toEqual([[0, 6, NULL_AREA]]);
    expect(countSpans(hf)).toBe(1);
  });

  it("rasterises a flat quad into one walkable span per cell", () => {
    const s = addFloor(createSoup(), 0, 0, 4, 3, 1);
    const hf = createHeightfield([0, 0, 0], [4, 2, 3], 1, 0.5);
    const areas = markWalkableTriangles(new Uint8Array(2), s.positions, s.triangles, 45);
    expect([...areas]).toEqual([WALKABLE_AREA, WALKABLE_AREA]);
    rasterizeTriangles(hf, s.positions, s.triangles, areas, 1);
    expect(countSpans(hf)).toBe(12);
    for (let z = 0; z < 3; z++) for (let x = 0; x < 4; x++) expect(spansOf(hf, x, z)).toEqual([[2, 3, WALKABLE_AREA]]);
  });

  it("marks steep and downward triangles not walkable", () => {
    const pos = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0];
    const areas = markWalkableTriangles(new Uint8Array(3), pos, [0, 1, 2, 0, 2, 1, 3, 4, 5], 45);
    expect([...areas]).toEqual([WALKABLE_AREA, NULL_AREA, NULL_AREA]);
  });

  it("rasterises boxes, cylinders and convex volumes as solid spans", () => {
    const hf = createHeightfield([0, 0, 0], [10, 10, 10], 1, 1);
    expect(rasterizeBox(hf, [2, 0, 2], [4, 3, 4], NULL_AREA)).toBe(9);
    expect(spansOf(hf, 3, 3)).toEqual([[0, 3, NULL_AREA]]);
    expect(rasterizeCylinder(hf, [7, 1, 7], 1, 2, WALKABLE_AREA)).toBe(4);
    expect(spansOf(hf, 7, 7)).toEqual([[1, 3, WALKABLE_AREA]]);
    expect(rasterizeConvexVolume(hf, [0, 6, 3, 6, 0, 9], 0, 1, NULL_AREA)).toBe(3);
    expect(spansOf(hf, 0, 6)).toEqual([[0, 1, NULL_AREA]]);
    expect(spansOf(hf, 2, 8)).toEqual([]);
  });
});

describe("filters", () => {
  it("low-hanging obstacles: a curb within climb becomes walkable", () => {
    const hf = createHeightfield([0, 0, 0], [1, 10, 1], 1, 1);
    addSpan(hf, 0, 0, 0, 1, WALKABLE_AREA, 0);
    addSpan(hf, 0, 0, 2, 3, NULL_AREA, 0);
    addSpan(hf, 0, 0, 5, 9, NULL_AREA, 0);
    filterLowHangingObstacles(hf, 2);
    expect(spansOf(hf, 0, 0).map((s) => s[2])).toEqual([WALKABLE_AREA, WALKABLE_AREA, NULL_AREA]);
  });

  it("low-height spans: less headroom than walkableHeight is not walkable", () => {
    const hf = createHeightfield([0, 0, 0], [2, 20, 1], 1, 1);
    addSpan(hf, 0, 0, 0, 1, WALKABLE_AREA, 0);
    addSpan(hf, 0, 0, 3, 4, NULL_AREA, 0);
    addSpan(hf, 1, 0, 0, 1, WALKABLE_AREA, 0);
    addSpan(hf, 1, 0, 6, 7, NULL_AREA, 0);
    filterLowHeightSpans(hf, 4);
    expect(spansOf(hf, 0, 0)[0]![2]).toBe(NULL_AREA);
    expect(spansOf(hf, 1, 0)[0]![2]).toBe(WALKABLE_AREA);
  });

  it("ledges: spans on the grid edge and next to drops lose their area", () => {
    const hf = createHeightfield([0, 0, 0], [5, 20, 5], 1, 1);
    for (let z = 0; z < 5; z++) for (let x = 0; x < 5; x++) addSpan(hf, x, z, 0, x === 4 ? 1 : 6, WALKABLE_AREA, 0);
    filterLedgeSpans(hf, 3, 1);
    expect(spansOf(hf, 0, 2)[0]![2]).toBe(NULL_AREA); // grid edge
    expect(spansOf(hf, 3, 2)[0]![2]).toBe(NULL_AREA); // next to a 5-voxel drop
    expect(spansOf(hf, 2, 2)[0]![2]).toBe(WALKABLE_AREA);
  });
});

describe("compact heightfield, erosion, distance field, regions", () => {
  it("links neighbors symmetrically", () => {
    const chf = floorChf();
    expect(chf.spanCount).toBe(400);
    const opposite = [2, 3, 0, 1];
    let links = 0;
    for (let z = 0; z < 20; z++)
      for (let x = 0; x < 20; x++) {
        const i = chf.cellIndex[x + z * 20]!;
        for (let d = 0; d < 4; d++) {
          const c = getCon(chf, i, d);
          const inside = x + [-1, 0, 1, 0][d]! >= 0 && x + [-1, 0, 1, 0][d]! < 20 && z + [0, 1, 0, -1][d]! >= 0 && z + [0, 1, 0, -1][d]! < 20;
          expect(c !== NOT_CONNECTED).toBe(inside);
          if (c === NOT_CONNECTED) continue;
          links++;
          const j = chf.cellIndex[x + [-1, 0, 1, 0][d]! + (z + [0, 1, 0, -1][d]!) * 20]! + c;
          expect(getCon(chf, j, opposite[d]!)).toBe(0);
        }
      }
    expect(links).toBe(4 * 20 * 19);
  });

  it("erodes by the radius: a 20 × 20 floor keeps its 16 × 16 centre at radius 2", () => {
    const chf = floorChf();
    erodeWalkableArea(chf, 2);
    let walkable = 0;
    for (let i = 0; i < chf.spanCount; i++) if (chf.areas[i] !== NULL_AREA) walkable++;
    expect(walkable).toBe(256);
    expect(chf.areas[chf.cellIndex[1 + 5 * 20]!]).toBe(NULL_AREA);
    expect(chf.areas[chf.cellIndex[2 + 5 * 20]!]).toBe(WALKABLE_AREA);
  });

  it("distance field peaks in the middle; one square is one region, a marked strip splits it", () => {
    const chf = floorChf();
    buildDistanceField(chf);
    expect(chf.dist[chf.cellIndex[0]!]).toBe(0);
    expect(chf.maxDistance).toBeGreaterThanOrEqual(18);
    expect(buildRegions(chf, 8, 20).regionCount).toBe(1);
    const chf2 = floorChf();
    expect(markBoxArea(chf2, [9, -1, -1], [11, 1, 21], 5)).toBe(60); // columns 9, 10, 11 (bounds inclusive, as Recast)
    buildDistanceField(chf2);
    expect(buildRegions(chf2, 8, 20).regionCount).toBe(3);
  });

  it("drops regions under minRegionArea", () => {
    const chf = floorChf();
    buildDistanceField(chf);
    expect(buildRegions(chf, 401, 20).regionCount).toBe(0);
  });

  it("cylinder and polygon area marking", () => {
    const chf = floorChf();
    expect(markCylinderArea(chf, [10, -1, 10], 2, 3, 7)).toBe(12);
    expect(markPolygonArea(chf, [0, 0, 4, 0, 0, 4], -1, 1, 9)).toBe(6);
  });
});

describe("contours and polygons", () => {
  it("a square floor gives a 4-vertex contour and one quad", () => {
    const chf = floorChf();
    buildDistanceField(chf);
    buildRegions(chf, 8, 20);
    const cset = buildContours(chf, 1.3, 0);
    expect(cset.count).toBe(1);
    expect(cset.vertCount[0]).toBe(4);
    expect(cset.rawCount[0]).toBe(80);
    const { mesh } = buildPolyMesh(cset, 6);
    expect(mesh.polyCount).toBe(1);
    expect(mesh.vertCount).toBe(4);
  });

  it("merges a region's hole into its outline (one contour, polygons around the hole only)", () => {
    const chf = floorChf();
    for (let z = 0; z < 20; z++)
      for (let x = 0; x < 20; x++) {
        const i = chf.cellIndex[x + z * 20]!;
        const hole = x >= 8 && x < 12 && z >= 8 && z < 12;
        chf.regions[i] = hole ? 0 : 1;
        if (hole) chf.areas[i] = NULL_AREA;
      }
    chf.maxRegions = 2;
    const cset = buildContours(chf, 1.3, 0);
    expect(cset.count).toBe(1);
    expect(cset.vertCount[0]).toBe(4 + 4 + 2); // outline, hole, and the two bridge vertices
    const { mesh } = buildPolyMesh(cset, 6);
    let covered = 0;
    for (let p = 0; p < mesh.polyCount; p++) {
      // Does polygon p contain the hole's centre (10, 10)? (clockwise in x, z)
      let inside = true;
      let n = 0;
      while (n < 6 && mesh.polys[p * 6 + n] !== -1) n++;
      for (let k = 0; k < n; k++) {
        const a = mesh.polys[p * 6 + k]!,
          b = mesh.polys[p * 6 + ((k + 1) % n)]!;
        const cross =
          (mesh.verts[3 * b]! - mesh.verts[3 * a]!) * (10 - mesh.verts[3 * a + 2]!) -
          (mesh.verts[3 * b + 2]! - mesh.verts[3 * a + 2]!) * (10 - mesh.verts[3 * a]!);
        if (cross > 0) inside = false;
      }
      if (inside) covered++;
    }
    expect(mesh.polyCount).toBeGreaterThan(1);
    expect(covered).toBe(0);
  });

  it("a pillar makes a hole: no polygon covers it, polygons around it link up", () => {
    const s = addBox(addFloor(createSoup(), 0, 0, 20, 20), 9, 9, 11, 11, 0, 1.5); // its top is too small once eroded
    const r = buildVoxelNavMesh(s.positions, s.triangles, { ...VoxelConfigPresets.recast, cellSize: 0.25 }, { keepIntermediates: true });
    expect(findPolygon(r.navMesh, 10, 10)).toBe(-1);
    expect(findPolygon(r.navMesh, 8.6, 10)).toBe(-1); // within the agent radius (2 cells = 0.5 m) of the pillar
    for (const [x, z] of [
      [2, 2],
      [10, 7.5],
      [18, 18],
      [7.5, 10],
      [10, 12.5],
    ])
      expect(findPolygon(r.navMesh, x!, z!)).toBeGreaterThanOrEqual(0);
    // Every polygon reaches every other one (the ring around the pillar is connected).
    const seen = new Set([0]);
    const stack = [0];
    while (stack.length) {
      const p = stack.pop()!;
      for (let k = 0; k < r.navMesh.maxVertsPerPoly; k++) {
        const q = r.navMesh.neighbors[p * r.navMesh.maxVertsPerPoly + k]!;
        if (q >= 0 && !seen.has(q)) {
          seen.add(q);
          stack.push(q);
        }
      }
    }
    expect(seen.size).toBe(r.navMesh.polyCount);
  });

  it("area marking survives to the navmesh as polygon areas", () => {
    const s = addFloor(createSoup(), 0, 0, 20, 20);
    const r = buildVoxelNavMesh(
      s.positions,
      s.triangles,
      { ...VoxelConfigPresets.recast, cellSize: 0.25 },
      { markAreas: (chf) => void markBoxArea(chf, [0, -1, 0], [10, 1, 20], 3) },
    );
    const left = findPolygon(r.navMesh, 4, 10),
      right = findPolygon(r.navMesh, 16, 10);
    expect(r.navMesh.areas[left]).toBe(3);
    expect(r.navMesh.areas[right]).toBe(0);
  });
});

describe("chapter 32: a table 1.5 m high", () => {
  // Room 10 × 10 m, a table top from 1.4 m to 1.5 m over x, z in 3..7.
  const s = addTable(addFloor(createSoup(), 0, 0, 10, 10), 3, 3, 7, 7, 1.4, 1.5);
  const quality = { cellSize: 0.1, cellHeight: 0.05, regionMinSize: 4 };
  it("the space under it is walkable crouching, not standing", () => {
    const stand = buildVoxelNavMesh(s.positions, s.triangles, voxelConfigFromAgent(StancePresets.stand, quality));
    const crouch = buildVoxelNavMesh(s.positions, s.triangles, voxelConfigFromAgent(StancePresets.crouch, quality));
    expect(findPolygon(stand.navMesh, 1, 1)).toBeGreaterThanOrEqual(0);
    expect(findPolygon(crouch.navMesh, 1, 1)).toBeGreaterThanOrEqual(0);
    // Standing: no floor polygon under the table.
    let standUnder = false;
    for (let p = 0; p < stand.navMesh.polyCount; p++) {
      const v = stand.navMesh.polyVerts[p * stand.navMesh.maxVertsPerPoly]!;
      if (stand.navMesh.heights[v]! < 1 && polygonContains(stand.navMesh, p, 5, 5)) standUnder = true;
    }
    let crouchUnder = false;
    for (let p = 0; p < crouch.navMesh.polyCount; p++) {
      const v = crouch.navMesh.polyVerts[p * crouch.navMesh.maxVertsPerPoly]!;
      if (crouch.navMesh.heights[v]! < 1 && polygonContains(crouch.navMesh, p, 5, 5)) crouchUnder = true;
    }
    expect(standUnder).toBe(false);
    expect(crouchUnder).toBe(true);
  });
});

function polygonContains(
  m: { polyVerts: Int32Array; polyVertCount: Uint8Array; maxVertsPerPoly: number; vertices: Float64Array },
  p: number,
  x: number,
  y: number,
): boolean {
  const n = m.polyVertCount[p]!;
  for (let i = 0; i < n; i++) {
    const a = m.polyVerts[p * m.maxVertsPerPoly + i]!,
      b = m.polyVerts[p * m.maxVertsPerPoly + ((i + 1) % n)]!;
    const ax = m.vertices[2 * a]!,
      ay = m.vertices[2 * a + 1]!,
      bx = m.vertices[2 * b]!,
      by = m.vertices[2 * b + 1]!;
    if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) return false;
  }
  return true;
}
