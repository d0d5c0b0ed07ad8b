import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import {
  addTileCacheObstacle,
  buildNavMeshFromTileCache,
  buildNavMeshFromTriangles3d,
  buildNavMeshTile,
  buildTiledNavMesh,
  buildVoxelNavMesh,
  buildVoxelNavMeshes,
  createTileCache,
  createTiledNavMeshInput,
  parseObj,
  rebuildNavMeshTile,
  removeTileCacheObstacle,
  TileCacheUpdateFlags,
  updateTileCache,
  VoxelConfigPresets,
  type NavMesh,
  type ObjMesh,
  type VoxelConfig,
} from "@tactica/navmesh";
import { generateSoloNavMesh as navcatGenerate, generateTiledNavMesh as navcatGenerateTiled } from "navcat/blocks";
import { getNavMeshPositionsAndIndices, init as recastInit } from "recast-navigation";
import {
  generateSoloNavMesh as recastGenerate,
  generateTileCache as recastGenerateTileCache,
  generateTiledNavMesh as recastGenerateTiled,
} from "recast-navigation/generators";
import { navcatStats, tacticaStats, trianglesStats, type MeshStats } from "../navmesh-build-compare";
import { sharedBenchDir } from "../shared-data";
import type { Suite, SuiteContext } from "../suite";

// Solo navmesh generation from each OBJ under --meshes (default ../shared/bench/meshes) with one
// configuration (VoxelConfigPresets.bench: 0.15 m cells, 0.25 m layers, agent 2 m / 0.3 m / 0.5 m
// climb, 45°) for Tactica's voxel pipeline, navcat 0.4.1 and recast-navigation 0.43.1 (WASM, its
// init timed apart). Median of 10 builds after 3 warm-ups (--quick: 3 after 1), solo and tiled builds of
// the three libraries timed round robin, polygon counts,
// walkable area and connected components, ratios in the same run.
// Tiles (issue 12 part 2): tiled builds with 64-cell tiles (Tactica vs navcat's and
// recast-navigation's tiled generators), one 64×64-cell tile rebuilt (goal ≤ 8.3 ms, half a
// 16.7 ms frame), a cylinder obstacle added + updated and removed + updated (Tactica's tile cache
// vs recast-navigation's TileCache), heap delta of one build (process.memoryUsage after gc).
const TILE = 64;

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

/** Heap growth while `fn` runs and its result is alive (gc before; --expose-gc), MB. */
function heapDeltaMb(fn: () => unknown): number {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
  const before = process.memoryUsage().heapUsed;
  const keep = fn();
  const after = process.memoryUsage().heapUsed;
  void keep;
  return (after - before) / 2 ** 20;
}

/** The non-empty tile with the most polygons: `[tx, ty]`. */
function busiestTile(mesh: NavMesh): [number, number] {
  let best: [number, number] = [0, 0],
    most = -1;
  for (const t of Object.values(mesh.tiles)) if (t.polyCount > most) [most, best] = [t.polyCount, [t.x, t.y]];
  return best;
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

/**
 * Long levels: a flat 4 m wide strip of 800 m and of 3,200 m through the level-2
 * `buildNavMeshFromTriangles3d` (tiled automatically past 2,048 cells). 4× the length should cost
 * about 4× the time (a stage quadratic in the grid side would cost 16×).
 */
function recordLongStrips(ctx: SuiteContext, warmups: number, runs: number): void {
  const strip = (len: number) => (): unknown => buildNavMeshFromTriangles3d([0, 0, 0, len, 0, 0, len, 0, 4, 0, 0, 4], [0, 2, 1, 0, 3, 2]);
  const [short, long] = interleavedMedians([strip(800), strip(3200)], Math.min(warmups, 1), Math.max(3, Math.ceil(runs / 2)));
  ctx.record({ case: "strip-800m", library: "tactica", metric: "median_ms", value: short!, unit: "ms" });
  ctx.record({ case: "strip-3200m", library: "tactica", metric: "median_ms", value: long!, unit: "ms" });
  ctx.record({ case: "strip-3200m", library: "tactica", metric: "ratio_vs_4x_shorter", value: long! / short!, unit: "x" });
  ctx.log(
    `long strips: 800 m ${short!.toFixed(0)} ms, 3,200 m ${long!.toFixed(0)} ms → ${(long! / short!).toFixed(2)}× for 4× the length (linear: 4×, quadratic: 16×)`,
  );
}

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
      const input = { positions: obj.positions, indices: obj.triangles };
      const tcfg = { ...cfg, tileSize: TILE };
      const navcatTiledOptions = { ...navcatOptions, tileSizeVoxels: TILE, tileSizeWorld: TILE * cfg.cellSize, borderSize: cfg.walkableRadius + 3 };
      const rcPos = new Float32Array(obj.positions),
        rcIdx = new Uint32Array(obj.triangles);
      const rcTiled = { ...recastConfig, tileSize: TILE, borderSize: cfg.walkableRadius + 3 };
      // Solo and tiled builds of the three libraries timed round robin in one loop, so a burst of
      // machine load hits each of them alike (timed one library after another, a burst during one
      // library's ten runs moved its ratio by 2–4× on a loaded machine).
      const builds: (() => unknown)[] = [
        () => buildVoxelNavMesh(obj.positions, obj.triangles, cfg),
        () => navcatGenerate(input, navcatOptions),
        () => buildTiledNavMesh(createTiledNavMeshInput(obj.positions, obj.triangles, tcfg)),
        () => navcatGenerateTiled(input, navcatTiledOptions),
      ];
      if (recastReady)
        builds.push(
          () => {
            const r = recastGenerate(rcPos, rcIdx, recastConfig);
            if (r.success) r.navMesh.destroy();
          },
          () => {
            const r = recastGenerateTiled(rcPos, rcIdx, rcTiled);
            if (r.success) r.navMesh.destroy();
          },
        );
      const [tOurs, tNc, tTiled, tNcTiled, tRc, tRcTiled] = interleavedMedians(builds, warmups, runs) as [number, number, number, number, number?, number?];
      ctx.record({ case: `${name}-solo`, library: "tactica", metric: "median_ms", value: tOurs, unit: "ms" });
      recordPartitionsAndRadii(ctx, name, obj, warmups, runs); // navvoxel's rows (issue 12)
      const nc = navcatGenerate(input, navcatOptions).navMesh;
      recordStats(ctx, name, "navcat", navcatStats(nc));
      ctx.record({ case: `${name}-solo`, library: "navcat", metric: "median_ms", value: tNc, unit: "ms" });
      ctx.record({ case: `${name}-solo`, library: "tactica", metric: "ratio_vs_navcat", value: tOurs / tNc, unit: "x" });
      if (recastReady) {
        const res = recastGenerate(rcPos, rcIdx, recastConfig);
        if (res.success) {
          const [p, i] = getNavMeshPositionsAndIndices(res.navMesh);
          let polys = 0;
          for (let t = 0; t < res.navMesh.getMaxTiles(); t++) polys += res.navMesh.getTile(t).header()?.polyCount() ?? 0;
          recordStats(ctx, name, "recast-navigation", trianglesStats(p, i, polys));
          res.navMesh.destroy();
          ctx.record({ case: `${name}-solo`, library: "recast-navigation", metric: "median_ms", value: tRc!, unit: "ms" });
          ctx.record({ case: `${name}-solo`, library: "tactica", metric: "ratio_vs_recast-navigation", value: tOurs / tRc!, unit: "x" });
        } else ctx.log(`${name}: recast-navigation generation failed`);
      }
      ctx.log(`${name}: tactica ${tOurs.toFixed(1)} ms, navcat ${tNc.toFixed(1)} ms, ${ours.navMesh.polyCount} polygons`);
      // Tiled builds.
      const tiledOnce = buildTiledNavMesh(createTiledNavMeshInput(obj.positions, obj.triangles, tcfg));
      ctx.record({ case: `${name}-tiled-polygons`, library: "tactica", metric: "polygons", value: tiledOnce.polyCount, unit: "count" });
      ctx.record({ case: `${name}-tiled-tiles`, library: "tactica", metric: "tiles", value: tiledOnce.tileCount, unit: "count" });
      ctx.record({ case: `${name}-tiled`, library: "tactica", metric: "median_ms", value: tTiled, unit: "ms" });
      ctx.record({
        case: `${name}-solo`,
        library: "tactica",
        metric: "heap_delta_mb",
        value: heapDeltaMb(() => buildVoxelNavMesh(obj.positions, obj.triangles, cfg)),
        unit: "MB",
      });
      ctx.record({
        case: `${name}-tiled`,
        library: "tactica",
        metric: "heap_delta_mb",
        value: heapDeltaMb(() => buildTiledNavMesh(createTiledNavMeshInput(obj.positions, obj.triangles, tcfg))),
        unit: "MB",
      });
      let ncPolys = 0;
      for (const tile of Object.values(navcatGenerateTiled(input, navcatTiledOptions).navMesh.tiles)) ncPolys += tile.polys.length;
      ctx.record({ case: `${name}-tiled-polygons`, library: "navcat", metric: "polygons", value: ncPolys, unit: "count" });
      ctx.record({ case: `${name}-tiled`, library: "navcat", metric: "median_ms", value: tNcTiled, unit: "ms" });
      ctx.record({ case: `${name}-tiled`, library: "tactica", metric: "ratio_vs_navcat", value: tTiled / tNcTiled, unit: "x" });
      ctx.record({
        case: `${name}-solo`,
        library: "navcat",
        metric: "heap_delta_mb",
        value: heapDeltaMb(() => navcatGenerate(input, navcatOptions)),
        unit: "MB",
      });
      ctx.record({
        case: `${name}-tiled`,
        library: "navcat",
        metric: "heap_delta_mb",
        value: heapDeltaMb(() => navcatGenerateTiled(input, navcatTiledOptions)),
        unit: "MB",
      });
      // One 64×64-cell tile: the pure tile build, and the rebuild with re-linking.
      const tin = createTiledNavMeshInput(obj.positions, obj.triangles, tcfg);
      const mesh = buildTiledNavMesh(tin).navMesh;
      const [bx, by] = busiestTile(mesh);
      const tTile = medianMs(() => buildNavMeshTile(tin, bx, by), warmups, runs);
      const tRebuild = medianMs(() => rebuildNavMeshTile(mesh, tin, bx, by), warmups, runs);
      ctx.record({ case: `${name}-tile-build`, library: "tactica", metric: "median_ms", value: tTile, unit: "ms" });
      ctx.record({ case: `${name}-tile-rebuild`, library: "tactica", metric: "median_ms", value: tRebuild, unit: "ms" });
      ctx.record({ case: `${name}-tile-rebuild`, library: "tactica", metric: "ratio_vs_half_frame", value: tRebuild / 8.3, unit: "x" });
      // Tile cache: a 0.5 m cylinder on the busiest tile's first polygon, add + update, remove + update.
      const cache = createTileCache(tin, { maxObstacles: 8 });
      const cmesh = buildNavMeshFromTileCache(cache);
      ctx.record({ case: `${name}-tilecache`, library: "tactica", metric: "layer_mb", value: cache.layerBytes / 2 ** 20, unit: "MB" });
      const tile = cmesh.tiles[`${bx},${by},0`]!;
      const at: [number, number, number] = [tile.vertices[0]!, tile.heights[0]!, tile.vertices[1]!];
      const cyl = { kind: "cylinder" as const, position: at, radius: 0.5, height: 2 };
      // Both libraries are timed alike: add, update until up to date, remove, update until up to date
      // (recast-navigation's update can need several calls; Tactica's default budget is every waiting tile).
      const updateAll = (): void => {
        for (let k = 0; k < 64 && !(updateTileCache(cache, cmesh).flags & TileCacheUpdateFlags.UpToDate); k++);
      };
      const tObs = medianMs(
        () => {
          const h = addTileCacheObstacle(cache, cyl);
          updateAll();
          removeTileCacheObstacle(cache, h);
          updateAll();
        },
        warmups,
        runs,
      );
      ctx.record({ case: `${name}-obstacle-add-remove`, library: "tactica", metric: "median_ms", value: tObs, unit: "ms" });
      if (recastReady) {
        ctx.record({ case: `${name}-tiled`, library: "recast-navigation", metric: "median_ms", value: tRcTiled!, unit: "ms" });
        ctx.record({ case: `${name}-tiled`, library: "tactica", metric: "ratio_vs_recast-navigation", value: tTiled / tRcTiled!, unit: "x" });
        const tc = recastGenerateTileCache(rcPos, rcIdx, { ...rcTiled, expectedLayersPerTile: 4, maxObstacles: 8 });
        if (tc.success) {
          const upd = (): void => {
            for (let k = 0; k < 64 && !tc.tileCache.update(tc.navMesh).upToDate; k++);
          };
          const tRcObs = medianMs(
            () => {
              const r = tc.tileCache.addCylinderObstacle({ x: at[0], y: at[1], z: at[2] }, 0.5, 2);
              upd();
              if (r.success) tc.tileCache.removeObstacle(r.obstacle);
              upd();
            },
            warmups,
            runs,
          );
          ctx.record({ case: `${name}-obstacle-add-remove`, library: "recast-navigation", metric: "median_ms", value: tRcObs, unit: "ms" });
          ctx.record({ case: `${name}-obstacle-add-remove`, library: "tactica", metric: "ratio_vs_recast-navigation", value: tObs / tRcObs, unit: "x" });
          tc.tileCache.destroy();
          tc.navMesh.destroy();
        } else ctx.log(`${name}: recast-navigation tile cache failed: ${tc.error}`);
      }
      ctx.log(
        `${name}: tiled tactica ${tTiled.toFixed(1)} ms, navcat ${tNcTiled.toFixed(1)} ms; tile rebuild ${tRebuild.toFixed(2)} ms; obstacle ${tObs.toFixed(2)} ms`,
      );
    }
    recordLongStrips(ctx, warmups, runs);
  },
};

export default suite;
