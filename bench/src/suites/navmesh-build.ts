import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { buildVoxelNavMesh, buildVoxelNavMeshes, parseObj, VoxelConfigPresets, type ObjMesh, type VoxelConfig } from "@tactica/navmesh";
import { generateSoloNavMesh as navcatGenerate } from "navcat/blocks";
import { getNavMeshPositionsAndIndices, init as recastInit } from "recast-navigation";
import { generateSoloNavMesh as recastGenerate } from "recast-navigation/generators";
import { navcatStats, tacticaStats, trianglesStats, type MeshStats } from "../navmesh-build-compare";
import { sharedBenchDir } from "../shared-data";
import type { Suite, SuiteContext } from "../suite";

// Solo navmesh generation from each OBJ under --meshes (default ../shared/bench/meshes) with one
// configuration (VoxelConfigPresets.bench: 0.15 m cells, 0.25 m layers, agent 2 m / 0.3 m / 0.5 m
// climb, 45°) for Tactica's voxel pipeline, navcat 0.4.1 and recast-navigation 0.43.1 (WASM, its
// init timed apart). Median of 10 builds after 3 warm-ups (--quick: 3 after 1), polygon counts,
// walkable area and connected components, ratios in the same run.

const cfg: VoxelConfig = VoxelConfigPresets.bench;
const navcatOptions = {
  cellSize: cfg.cellSize,
  cellHeight: cfg.cellHeight,
  walkableRadiusWorld: cfg.walkableRadius * cfg.cellSize,
  walkableRadiusVoxels: cfg.walkableRadius,
  walkableClimbWorld: cfg.walkableClimb * cfg.cellHeight,
  walkableClimbVoxels: cfg.walkableClimb,
  walkableHeightWorld: cfg.walkableHeight * cfg.cellHeight,
  walkableHeightVoxels: cfg.walkableHeight,
  walkableSlopeAngleDegrees: cfg.walkableSlopeAngle,
  borderSize: 0,
  minRegionArea: cfg.minRegionArea,
  mergeRegionArea: cfg.mergeRegionArea,
  maxSimplificationError: cfg.maxSimplificationError,
  maxEdgeLength: cfg.maxEdgeLen,
  maxVerticesPerPoly: cfg.maxVertsPerPoly,
  detailSampleDistance: cfg.detailSampleDist,
  detailSampleMaxError: cfg.detailSampleMaxError,
};
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
  // detailSampleDist stays at recast-navigation's default (see suites/navmesh.ts: 0.9 crashes its WASM build).
  detailSampleMaxError: cfg.detailSampleMaxError,
};

function arg(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Median of `runs` timed calls after `warmups` untimed ones, ms. */
function medianMs(fn: () => unknown, warmups: number, runs: number): number {
  for (let i = 0; i < warmups; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)]!;
}

function recordStats(ctx: SuiteContext, name: string, library: string, s: MeshStats): void {
  ctx.record({ case: `${name}-polygons`, library, metric: "polygons", value: s.polygons, unit: "count" });
  ctx.record({ case: `${name}-area`, library, metric: "walkable_m2", value: s.area, unit: "m2" });
  ctx.record({ case: `${name}-components`, library, metric: "components_ge_1m2", value: s.components.filter((a) => a >= 1).length, unit: "count" });
}

// --- navvoxel (issue 12): partitions and several radii, Tactica against itself in the same run ---
/** Medians of several builds timed in turn (round robin, so machine load hits each alike), ms. */
function interleavedMedians(fns: readonly (() => unknown)[], warmups: number, runs: number): number[] {
  const t: number[][] = fns.map(() => []);
  for (let r = 0; r < warmups + runs; r++)
    fns.forEach((fn, k) => {
      const t0 = performance.now();
      fn();
      if (r >= warmups) t[k]!.push(performance.now() - t0);
    });
  return t.map((a) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!);
}

/**
 * Rows `<mesh>-partition-<p>` (median ms, polygons, ratio to watershed timed in the same rounds) and
 * `<mesh>-radii-1-2-3` (one shared rasterisation vs three separate builds, timed in turn).
 */
function recordPartitionsAndRadii(ctx: SuiteContext, name: string, obj: ObjMesh, warmups: number, runs: number): void {
  const parts = ["watershed", "monotone", "layers"] as const;
  const tp = interleavedMedians(
    parts.map((partition) => () => buildVoxelNavMesh(obj.positions, obj.triangles, { ...cfg, partition })),
    warmups,
    runs,
  );
  parts.forEach((partition, k) => {
    const polys = buildVoxelNavMesh(obj.positions, obj.triangles, { ...cfg, partition }).navMesh.polyCount;
    ctx.record({ case: `${name}-partition-${partition}`, library: "tactica", metric: "median_ms", value: tp[k]!, unit: "ms" });
    ctx.record({ case: `${name}-partition-${partition}`, library: "tactica", metric: "ratio_vs_watershed", value: tp[k]! / tp[0]!, unit: "x" });
    ctx.record({ case: `${name}-partition-${partition}`, library: "tactica", metric: "polygons", value: polys, unit: "count" });
  });
  const radii = [1, 2, 3];
  const [tShared, tSeparate] = interleavedMedians(
    [
      () => buildVoxelNavMeshes(obj.positions, obj.triangles, cfg, radii),
      () => radii.map((r) => buildVoxelNavMesh(obj.positions, obj.triangles, { ...cfg, walkableRadius: r })),
    ],
    warmups,
    runs,
  );
  ctx.record({ case: `${name}-radii-1-2-3`, library: "tactica", metric: "shared_ms", value: tShared!, unit: "ms" });
  ctx.record({ case: `${name}-radii-1-2-3`, library: "tactica", metric: "separate_ms", value: tSeparate!, unit: "ms" });
  ctx.record({ case: `${name}-radii-1-2-3`, library: "tactica", metric: "ratio_shared_vs_separate", value: tShared! / tSeparate!, unit: "x" });
}
// --- end navvoxel ---

const suite: Suite = {
  name: "navmesh-build",
  description:
    "Solo navmesh generation from OBJ triangle soup: Tactica's voxel pipeline vs navcat 0.4.1 and recast-navigation 0.43.1 (WASM), one configuration, median of 10 after 3 warm-ups",
  async run(ctx) {
    const dir = resolve(arg(ctx.args, "--meshes") ?? join(sharedBenchDir(), "meshes"));
    const warmups = ctx.quick ? 1 : 3,
      runs = ctx.quick ? 3 : 10;
    let recastReady = false;
    try {
      const t0 = performance.now();
      await recastInit();
      recastReady = true;
      ctx.record({ case: "init", library: "recast-navigation", metric: "init_ms", value: performance.now() - t0, unit: "ms" });
    } catch (e) {
      ctx.log(`recast-navigation init failed: ${String(e)}`);
    }
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith(".obj"))
      .sort()) {
      const name = basename(file, ".obj");
      const obj = parseObj(readFileSync(join(dir, file), "utf8"));
      const ours = buildVoxelNavMesh(obj.positions, obj.triangles, cfg);
      recordStats(ctx, name, "tactica", tacticaStats(ours.navMesh));
      const tOurs = medianMs(() => buildVoxelNavMesh(obj.positions, obj.triangles, cfg), warmups, runs);
      ctx.record({ case: `${name}-solo`, library: "tactica", metric: "median_ms", value: tOurs, unit: "ms" });
      recordPartitionsAndRadii(ctx, name, obj, warmups, runs); // navvoxel's rows (issue 12)
      const input = { positions: obj.positions, indices: obj.triangles };
      const nc = navcatGenerate(input, navcatOptions).navMesh;
      recordStats(ctx, name, "navcat", navcatStats(nc));
      const tNc = medianMs(() => navcatGenerate(input, navcatOptions), warmups, runs);
      ctx.record({ case: `${name}-solo`, library: "navcat", metric: "median_ms", value: tNc, unit: "ms" });
      ctx.record({ case: `${name}-solo`, library: "tactica", metric: "ratio_vs_navcat", value: tOurs / tNc, unit: "x" });
      if (recastReady) {
        const pos = new Float32Array(obj.positions),
          idx = new Uint32Array(obj.triangles);
        const res = recastGenerate(pos, idx, recastConfig);
        if (res.success) {
          const [p, i] = getNavMeshPositionsAndIndices(res.navMesh);
          let polys = 0;
          for (let t = 0; t < res.navMesh.getMaxTiles(); t++) polys += res.navMesh.getTile(t).header()?.polyCount() ?? 0;
          recordStats(ctx, name, "recast-navigation", trianglesStats(p, i, polys));
          res.navMesh.destroy();
          const tRc = medianMs(
            () => {
              const r = recastGenerate(pos, idx, recastConfig);
              if (r.success) r.navMesh.destroy();
            },
            warmups,
            runs,
          );
          ctx.record({ case: `${name}-solo`, library: "recast-navigation", metric: "median_ms", value: tRc, unit: "ms" });
          ctx.record({ case: `${name}-solo`, library: "tactica", metric: "ratio_vs_recast-navigation", value: tOurs / tRc, unit: "x" });
        } else ctx.log(`${name}: recast-navigation generation failed`);
      }
      ctx.log(`${name}: tactica ${tOurs.toFixed(1)} ms, navcat ${tNc.toFixed(1)} ms, ${ours.navMesh.polyCount} polygons`);
    }
  },
};

export default suite;
