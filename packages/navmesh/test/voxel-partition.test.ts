import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedBenchDir } from "../../../tests/helpers/shared-data";
import {
  NavMeshErrorCodes,
  VoxelConfigPresets,
  assignRegionLayers,
  buildVoxelNavMesh,
  findPolygon,
  getPolygonArea,
  navMeshToBytes,
  parseObj,
  validateVoxelConfig,
  type NavMesh,
  type ObjMesh,
  type VoxelNavMeshBuild,
  type VoxelPartition,
} from "../src";
import { addFloor, createSoup } from "./voxel-fixtures";

// Monotone and layer partitioning against watershed on every shared bench mesh (read from
// ../shared/bench/meshes, never copied), under the bench configuration.
const MESHES = ["annotation_test", "convex", "dungeon", "house", "nav_test"];
const PARTITIONS: readonly VoxelPartition[] = ["monotone", "layers"];

function walkableArea(m: NavMesh): number {
  let a = 0;
  for (let p = 0; p < m.polyCount; p++) a += getPolygonArea(m, p);
  return a;
}

/** Connected component of each polygon (flat neighbor links). */
function components(m: NavMesh): Int32Array {
  const comp = new Int32Array(m.polyCount).fill(-1);
  let n = 0;
  for (let s = 0; s < m.polyCount; s++) {
    if (comp[s] !== -1) continue;
    const stack = [s];
    comp[s] = n;
    while (stack.length) {
      const p = stack.pop()!;
      for (let k = 0; k < m.maxVertsPerPoly; k++) {
        const q = m.neighbors[p * m.maxVertsPerPoly + k]!;
        if (q >= 0 && comp[q] === -1) {
          comp[q] = n;
          stack.push(q);
        }
      }
    }
    n++;
  }
  return comp;
}

/** Polygon at (x, z) whose height at its vertices is closest to y (stacked floors), or -1. */
function polygonNear(m: NavMesh, x: number, z: number, y: number): number {
  let best = -1,
    bestD = Infinity;
  for (let p = 0; p < m.polyCount; p++) {
    const n = m.polyVertCount[p]!;
    let inside = true,
      h = 0;
    for (let i = 0; i < n; i++) {
      const a = m.polyVerts[p * m.maxVertsPerPoly + i]!,
        b = m.polyVerts[p * m.maxVertsPerPoly + ((i + 1) % n)]!;
      const cross =
        (m.vertices[2 * b]! - m.vertices[2 * a]!) * (z - m.vertices[2 * a + 1]!) - (m.vertices[2 * b + 1]! - m.vertices[2 * a + 1]!) * (x - m.vertices[2 * a]!);
      if (cross < -1e-9) inside = false;
      h += m.heights[a]! / n;
    }
    if (inside && Math.abs(h - y) < bestD) {
      bestD = Math.abs(h - y);
      best = p;
    }
  }
  return best;
}

describe("partition option", () => {
  it("is validated", () => {
    expect(validateVoxelConfig({ ...VoxelConfigPresets.bench, partition: "layers" }).partition).toBe("layers");
    expect(validateVoxelConfig(VoxelConfigPresets.bench).partition).toBeUndefined();
    expect(() => validateVoxelConfig({ ...VoxelConfigPresets.bench, partition: "voronoi" as VoxelPartition })).toThrow(
      expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "partition" }),
    );
  });
});

describe.each(MESHES)("partitions on %s", (name) => {
  let obj: ObjMesh;
  let ws: VoxelNavMeshBuild;
  const builds = new Map<VoxelPartition, VoxelNavMeshBuild>();
  beforeAll(() => {
    obj = parseObj(readFileSync(join(sharedBenchDir(), "meshes", `${name}.obj`), "utf8"));
    ws = buildVoxelNavMesh(obj.positions, obj.triangles, VoxelConfigPresets.bench, { keepIntermediates: true });
    for (const partition of PARTITIONS)
      builds.set(partition, buildVoxelNavMesh(obj.positions, obj.triangles, { ...VoxelConfigPresets.bench, partition }, { keepIntermediates: true }));
  });

  it.each(PARTITIONS)("%s: convex polygons with ≤ maxVertsPerPoly vertices and symmetric adjacency", (partition) => {
    const m = builds.get(partition)!.polyMesh;
    const nvp = m.maxVertsPerPoly;
    expect(m.polyCount).toBeGreaterThan(0);
    for (let p = 0; p < m.polyCount; p++) {
      let n = 0;
      while (n < nvp && m.polys[p * nvp + n] !== -1) n++;
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(VoxelConfigPresets.bench.maxVertsPerPoly);
      for (let i = 0; i < n; i++) {
        const a = m.polys[p * nvp + i]!,
          c = m.polys[p * nvp + ((i + 1) % n)]!,
          e = m.polys[p * nvp + ((i + 2) % n)]!;
        const cross =
          (m.verts[3 * c]! - m.verts[3 * a]!) * (m.verts[3 * e + 2]! - m.verts[3 * a + 2]!) -
          (m.verts[3 * e]! - m.verts[3 * a]!) * (m.verts[3 * c + 2]! - m.verts[3 * a + 2]!);
        expect(cross).toBeLessThanOrEqual(0);
      }
      for (let k = 0; k < n; k++) {
        const q = m.neighbors[p * nvp + k]!;
        if (q < 0) continue;
        let back = 0;
        for (let j = 0; j < nvp; j++) if (m.neighbors[q * nvp + j] === p) back++;
        expect(back).toBe(1);
      }
    }
  });

  it.each(PARTITIONS)("%s: the same walkable area (±1%) and the same walkable spans as watershed", (partition) => {
    const b = builds.get(partition)!;
    // The spans before partitioning are identical: the partition only groups them.
    expect(Buffer.compare(b.compact!.areas, ws.compact!.areas)).toBe(0);
    const a = walkableArea(b.navMesh),
      aw = walkableArea(ws.navMesh);
    expect(Math.abs(a - aw) / aw).toBeLessThanOrEqual(0.01);
  });

  it.each(PARTITIONS)("%s: reachability agrees with watershed on seeded pairs", (partition) => {
    const m = builds.get(partition)!.navMesh,
      w = ws.navMesh;
    const cm = components(m),
      cw = components(w);
    // Sample points at polygon centres of the watershed mesh (deterministic LCG).
    let seed = 12345;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const pts: [number, number, number][] = [];
    while (pts.length < 60) {
      const p = Math.floor(rnd() * w.polyCount);
      let x = 0,
        z = 0,
        y = 0;
      const n = w.polyVertCount[p]!;
      for (let i = 0; i < n; i++) {
        const v = w.polyVerts[p * w.maxVertsPerPoly + i]!;
        x += w.vertices[2 * v]! / n;
        z += w.vertices[2 * v + 1]! / n;
        y += w.heights[v]! / n;
      }
      pts.push([x, z, y]);
    }
    let agree = 0,
      total = 0;
    for (let i = 0; i + 1 < pts.length; i += 2) {
      const [ax, az, ay] = pts[i]!,
        [bx, bz, by] = pts[i + 1]!;
      const pa = polygonNear(m, ax, az, ay),
        pb = polygonNear(m, bx, bz, by);
      const qa = polygonNear(w, ax, az, ay),
        qb = polygonNear(w, bx, bz, by);
      if (pa < 0 || pb < 0) continue; // a centre on a sliver the other partition cut differently
      total++;
      if ((cm[pa] === cm[pb]) === (cw[qa] === cw[qb])) agree++;
    }
    expect(total).toBeGreaterThanOrEqual(25);
    expect(agree / total).toBeGreaterThanOrEqual(0.99);
  });

  it.each(PARTITIONS)("%s: deterministic bytes", (partition) => {
    const again = buildVoxelNavMesh(obj.positions, obj.triangles, { ...VoxelConfigPresets.bench, partition });
    expect(navMeshToBytes(again.navMesh)).toEqual(navMeshToBytes(builds.get(partition)!.navMesh));
  });

  it("layers: no region overlaps itself, so every region has a layer", () => {
    const chf = builds.get("layers")!.compact!;
    const { layerOfRegion } = assignRegionLayers(chf);
    const m = builds.get("layers")!.polyMesh;
    for (let p = 0; p < m.polyCount; p++) expect(layerOfRegion[m.regions[p]!]).toBeGreaterThanOrEqual(0);
  });
});

describe("layer regions on stacked floors", () => {
  // Two 10 m floors, one 3 m above the other over x in 0..10, the upper one extended to x = 14.
  const soup = addFloor(addFloor(createSoup(), 0, 0, 10, 10, 0), 0, 0, 14, 10, 3);
  const cfg = { ...VoxelConfigPresets.coarse, partition: "layers" as const };

  it("puts each floor in its own layer; assignRegionLayers numbers them bottom up", () => {
    const b = buildVoxelNavMesh(soup.positions, soup.triangles, cfg, { keepIntermediates: true });
    const { layerOfRegion, layerCount } = assignRegionLayers(b.compact!);
    expect(layerCount).toBe(2);
    const m = b.navMesh;
    const low = polygonNear(m, 5, 5, 0),
      high = polygonNear(m, 5, 5, 3);
    expect(low).toBeGreaterThanOrEqual(0);
    expect(high).not.toBe(low);
    expect(layerOfRegion[m.tags[low]!]).toBe(0);
    expect(layerOfRegion[m.tags[high]!]).toBe(1);
    expect(findPolygon(m, 12, 5)).toBeGreaterThanOrEqual(0);
  });

  it("assignRegionLayers refuses a region that overlaps itself", () => {
    const b = buildVoxelNavMesh(soup.positions, soup.triangles, cfg, { keepIntermediates: true });
    const chf = b.compact!;
    for (let i = 0; i < chf.spanCount; i++) if (chf.regions[i]! !== 0) chf.regions[i] = 1;
    expect(() => assignRegionLayers(chf)).toThrow(expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "partition" }));
  });

  it.each(PARTITIONS)("%s works with a tile border (borderSize > 0)", (partition) => {
    const b = buildVoxelNavMesh(soup.positions, soup.triangles, { ...cfg, partition, borderSize: 3 }, { keepIntermediates: true });
    expect(b.navMesh.polyCount).toBeGreaterThan(0);
    expect(findPolygon(b.navMesh, 5, 5)).toBeGreaterThanOrEqual(0);
    if (partition === "layers") expect(assignRegionLayers(b.compact!).layerCount).toBe(2);
  });
});
