import { readFileSync } from "node:fs";
import { join } from "node:path";
import { VoxelConfigPresets, buildVoxelNavMesh, parseObj } from "@tactica/navmesh";
import { getNavMeshPositionsAndIndices, init as recastInit } from "recast-navigation";
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
      },
      20_000,
    );
  }
});
