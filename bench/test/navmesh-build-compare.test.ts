import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRng, rngNextFloat } from "@tactica/core";
import { VoxelConfigPresets, buildVoxelNavMesh, getPolygonArea, parseObj, type NavMesh } from "@tactica/navmesh";
import { NavMeshQuery, getNavMeshPositionsAndIndices, init as recastInit } from "recast-navigation";
import { generateSoloNavMesh as recastGenerate } from "recast-navigation/generators";
import { beforeAll, describe, expect, it } from "vitest";
import { significantComponents, tacticaStats, trianglesStats } from "../src/navmesh-build-compare";
import { sharedBenchDir } from "../src/shared-data";

// Tactica's voxel navmesh against recast-navigation 0.43.1 (Recast compiled to WASM) on every
// shared mesh, same configuration: walkable area within ±2 %, and the same connected components
// of at least 1 m² (same count ±2, largest areas within ±2 %: recast-navigation's triangles are
// linked here through shared edge positions, which joins a few components its polygons keep apart).
const cfg = VoxelConfigPresets.bench;
const recastConfig = {
  cs: cfg.cellSize,
  ch: cfg.cellHeight,
  walkableRadius: cfg.walkableRadius,
  walkableClimb: cfg.walkableClimb,
  walkableHeight: cfg.walkableHeight,
  walkableSlopeAngle: cfg.walkableSlopeAngle,
  minRegionArea: cfg.minRegionArea,
  mergeRegionArea: cfg.mergeRegionArea,
  maxSimplificationError: cfg.maxSimplificationError,
  maxEdgeLen: cfg.maxEdgeLen,
  maxVertsPerPoly: cfg.maxVertsPerPoly,
  detailSampleMaxError: cfg.detailSampleMaxError,
};

describe("voxel navmesh vs recast-navigation", () => {
  beforeAll(async () => {
    await recastInit();
  });
  for (const name of ["annotation_test", "convex", "dungeon", "house", "nav_test"]) {
    it(
      name,
      () => {
        const obj = parseObj(readFileSync(join(sharedBenchDir(), "meshes", `${name}.obj`), "utf8"));
        const ours = tacticaStats(buildVoxelNavMesh(obj.positions, obj.triangles, cfg).navMesh);
        const res = recastGenerate(new Float32Array(obj.positions), new Uint32Array(obj.triangles), recastConfig);
        expect(res.success).toBe(true);
        if (!res.success) return;
        const [p, i] = getNavMeshPositionsAndIndices(res.navMesh);
        const theirs = trianglesStats(p, i, 0);
        res.navMesh.destroy();
        expect(Math.abs(ours.area - theirs.area) / theirs.area).toBeLessThanOrEqual(0.02);
        const a = significantComponents(ours, 1),
          b = significantComponents(theirs, 1);
        expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(2);
        for (let k = 0; k < Math.min(3, a.length, b.length); k++) expect(Math.abs(a[k]! - b[k]!) / b[k]!).toBeLessThanOrEqual(0.02);
        // Reachability on seeded pairs.
        const agree = reachabilityAgreement(buildVoxelNavMesh(obj.positions, obj.triangles, cfg).navMesh, obj.positions, obj.triangles, 300, 2026);
        expect(agree.compared).toBeGreaterThan(100);
        expect(agree.agreed / agree.compared).toBeGreaterThanOrEqual(0.99);
      },
      20_000,
    );
  }
});

/** Points on Tactica's mesh (area-weighted), pairs compared: same component on Tactica's mesh vs a complete recast-navigation path. */
function reachabilityAgreement(
  mesh: NavMesh,
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  pairs: number,
  seed: number,
): { compared: number; agreed: number } {
  const rng = createRng(seed);
  const comp = new Int32Array(mesh.polyCount).fill(-1);
  let nc = 0;
  for (let s = 0; s < mesh.polyCount; s++) {
    if (comp[s]! >= 0) continue;
    const stack = [s];
    comp[s] = nc;
    while (stack.length) {
      const p = stack.pop()!;
      for (let k = 0; k < mesh.maxVertsPerPoly; k++) {
        const q = mesh.neighbors[p * mesh.maxVertsPerPoly + k]!;
        if (q >= 0 && comp[q]! < 0) {
          comp[q] = nc;
          stack.push(q);
        }
      }
    }
    nc++;
  }
  const cum = new Float64Array(mesh.polyCount);
  let total = 0;
  for (let p = 0; p < mesh.polyCount; p++) cum[p] = total += getPolygonArea(mesh, p);
  const pick = (): { p: number; x: number; y: number; z: number } => {
    const r = rngNextFloat(rng) * total;
    let p = 0;
    while (p < mesh.polyCount - 1 && cum[p]! < r) p++;
    // The centroid pulled towards a random vertex: well inside the (convex) polygon.
    const n = mesh.polyVertCount[p]!;
    let x = 0,
      y = 0,
      z = 0;
    for (let i = 0; i < n; i++) {
      const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!;
      x += mesh.vertices[2 * v]! / n;
      z += mesh.vertices[2 * v + 1]! / n;
      y += mesh.heights[v]! / n;
    }
    const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + Math.floor(rngNextFloat(rng) * n)]!;
    const t = rngNextFloat(rng) * 0.5;
    return { p, x: x + (mesh.vertices[2 * v]! - x) * t, y: y + (mesh.heights[v]! - y) * t, z: z + (mesh.vertices[2 * v + 1]! - z) * t };
  };
  const res = recastGenerate(new Float32Array(positions), new Uint32Array(triangles), recastConfig);
  if (!res.success) throw new Error("recast-navigation failed");
  const query = new NavMeshQuery(res.navMesh);
  let compared = 0,
    agreed = 0;
  for (let i = 0; i < pairs; i++) {
    const a = pick(),
      b = pick();
    const ours = comp[a.p] === comp[b.p];
    const r = query.computePath(
      { x: a.x, y: a.y, z: a.z },
      { x: b.x, y: b.y, z: b.z },
      { halfExtents: { x: 0.3, y: 1, z: 0.3 }, maxPathPolys: 4096, maxStraightPathPoints: 4096 },
    );
    if (!r.success && r.error?.name !== undefined && /nearest|start|end/i.test(r.error.name)) continue; // a point off recast's mesh: not comparable
    const last = r.path[r.path.length - 1];
    const theirs = r.success && last !== undefined && Math.hypot(last.x - b.x, last.z - b.z) < 0.3 && Math.abs(last.y - b.y) < 1;
    compared++;
    if (ours === theirs) agreed++;
  }
  query.destroy();
  res.navMesh.destroy();
  return { compared, agreed };
}
