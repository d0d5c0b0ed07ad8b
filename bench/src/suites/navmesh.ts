import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { createRng, rngNextFloat } from "@tactica/core";
import {
  navMeshFromPolygonMesh,
  createNavMeshQuery,
  createNavPath,
  createRaycastResult,
  createStraightPath,
  findNearestPoint,
  findPathAnyAngle,
  findPathPoints,
  findPolygonPath,
  findRandomPoint,
  findStraightPath,
  getPolygonArea,
  parseObj,
  raycast,
  type NavMesh,
} from "@tactica/navmesh";
import { PathFlags } from "@tactica/search";
import {
  DEFAULT_QUERY_FILTER,
  createFindNearestPolyResult,
  findNearestPoly,
  findPath as navcatFindPath,
  findRandomPoint as navcatRandomPoint,
  raycast as navcatRaycast,
  type NavMesh as NavcatMesh,
} from "navcat";
import { generateSoloNavMesh as navcatGenerate } from "navcat/blocks";
import { init as recastInit, NavMeshQuery as RecastQuery } from "recast-navigation";
import { generateSoloNavMesh as recastGenerate } from "recast-navigation/generators";
import { sharedBenchDir } from "../shared-data";
import { allocationPerCall, consume, measure, type Timing } from "../measure";
import type { Suite, SuiteContext } from "../suite";

// Every OBJ under --meshes (default ../shared/bench/meshes): one solo navmesh per mesh with navcat
// and with recast-navigation (WASM) under one configuration; navcat's polygons are imported into
// Tactica (navMeshFromPolygonMesh: x,z plane, y as height). Seeded start/goal pairs on Tactica's mesh (the
// same 3D points for every library): nearest polygon, find path + straight path, raycast; median
// and p95 µs per query, Tactica's bytes per query, ratios in the same run. Also Tactica's exact
// path (Polyanya, findPathAnyAngle) vs A* + funnel: time, bytes and the funnel's excess length.

// navcat README defaults for a human-sized agent in a 1 m world.
const CS = 0.15,
  CH = 0.25,
  RADIUS = 0.3,
  HEIGHT = 2,
  CLIMB = 0.5,
  SLOPE = 45,
  MAX_VERTS = 6;
const navcatOptions = {
  cellSize: CS,
  cellHeight: CH,
  walkableRadiusWorld: RADIUS,
  walkableRadiusVoxels: Math.ceil(RADIUS / CS),
  walkableClimbWorld: CLIMB,
  walkableClimbVoxels: Math.ceil(CLIMB / CH),
  walkableHeightWorld: HEIGHT,
  walkableHeightVoxels: Math.ceil(HEIGHT / CH),
  walkableSlopeAngleDegrees: SLOPE,
  borderSize: 0,
  minRegionArea: 8,
  mergeRegionArea: 20,
  maxSimplificationError: 1.3,
  maxEdgeLength: 12,
  maxVerticesPerPoly: MAX_VERTS,
  detailSampleDistance: CS * 6,
  detailSampleMaxError: CH,
};
const recastConfig = {
  cs: CS,
  ch: CH,
  walkableRadius: Math.ceil(RADIUS / CS),
  walkableClimb: Math.ceil(CLIMB / CH),
  walkableHeight: Math.ceil(HEIGHT / CH),
  walkableSlopeAngle: SLOPE,
  minRegionArea: 8,
  mergeRegionArea: 20,
  maxSimplificationError: 1.3,
  maxEdgeLen: 12,
  maxVertsPerPoly: MAX_VERTS,
  // detailSampleDist is left at recast-navigation's default: 0.9 (= navcat's value) crashes its
  // WASM build with "memory access out of bounds" on every bench mesh.
  detailSampleMaxError: CH,
};

function arg(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** navcat's solo navmesh (one tile) as a Tactica mesh: the external polygon import, detail mesh included. */
function importNavcat(nm: NavcatMesh): NavMesh {
  const tiles = Object.values(nm.tiles);
  if (tiles.length !== 1) throw new Error(`expected navcat's solo navmesh (one tile), got ${tiles.length} tiles`);
  const tile = tiles[0]!;
  return navMeshFromPolygonMesh(
    {
      vertices: tile.vertices,
      polygons: tile.polys.map((p) => p.vertices),
      detailMeshes: tile.detailMeshes,
      detailVertices: tile.detailVertices,
      detailTriangles: tile.detailTriangles,
    },
    { maxVertsPerPoly: MAX_VERTS },
  );
}

interface Pair {
  s: [number, number, number];
  g: [number, number, number];
  sp: number;
  gp: number;
}

/** Seeded points on the mesh, area-weighted polygon choice; pairs connected on Tactica's mesh. */
function makePairs(mesh: NavMesh, count: number, seed: number): Pair[] {
  const rng = createRng(seed);
  const cum = new Float64Array(mesh.polyCount);
  let total = 0;
  for (let p = 0; p < mesh.polyCount; p++) cum[p] = total += getPolygonArea(mesh, p);
  const pick = (): [number, number, number, number] => {
    const r = rngNextFloat(rng) * total;
    let lo = 0,
      hi = mesh.polyCount - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    const p = lo;
    const n = mesh.polyVertCount[p]!;
    const k = 1 + Math.floor(rngNextFloat(rng) * (n - 2));
    const a = mesh.polyVerts[p * mesh.maxVertsPerPoly]!,
      b = mesh.polyVerts[p * mesh.maxVertsPerPoly + k]!,
      c = mesh.polyVerts[p * mesh.maxVertsPerPoly + k + 1]!;
    let u = rngNextFloat(rng),
      v = rngNextFloat(rng);
    if (u + v > 1) [u, v] = [1 - u, 1 - v];
    const V = mesh.vertices,
      H = mesh.heights;
    const x = V[2 * a]! + u * (V[2 * b]! - V[2 * a]!) + v * (V[2 * c]! - V[2 * a]!);
    const z = V[2 * a + 1]! + u * (V[2 * b + 1]! - V[2 * a + 1]!) + v * (V[2 * c + 1]! - V[2 * a + 1]!);
    const y = H[a]! + u * (H[b]! - H[a]!) + v * (H[c]! - H[a]!);
    return [x, y, z, p];
  };
  const q = createNavMeshQuery(mesh);
  const path = createNavPath({ maxLength: mesh.polyCount });
  const pairs: Pair[] = [];
  for (let tries = 0; pairs.length < count && tries < count * 20; tries++) {
    const [sx, sy, sz, sp] = pick();
    const [gx, gy, gz, gp] = pick();
    if (!(findPolygonPath(path, q, sp, sx, sz, gp, gx, gz).flags & PathFlags.Found)) continue;
    pairs.push({ s: [sx, sy, sz], g: [gx, gy, gz], sp, gp });
  }
  return pairs;
}

function record(ctx: SuiteContext, c: string, library: string, t: Timing): void {
  ctx.record({ case: c, library, metric: "median_us", value: t.medianUs, unit: "us" });
  ctx.record({ case: c, library, metric: "p95_us", value: t.p95Us, unit: "us" });
}

/**
 * Tactica's bytes per query of `fn`: heap growth after warm-up (the bench's allocation measure),
 * the smallest of three batches of 10,000 calls (2,000 with --quick). A query that allocates grows
 * the heap in every batch; V8 compiling code on its background thread while a batch runs (the
 * machine is shared) adds a few KB to that batch whatever the query, hence the large batches.
 */
function bytes(ctx: SuiteContext, c: string, library: string, fn: () => void, quick: boolean): void {
  let best = Infinity;
  for (let k = 0; k < 3; k++) best = Math.min(best, allocationPerCall(fn, quick ? 2000 : 10_000));
  ctx.record({ case: c, library, metric: "bytes_per_op", value: best, unit: "B" });
}

function ratio(ctx: SuiteContext, c: string, ours: Timing, peer: Timing | undefined, peerName: string): void {
  if (peer) ctx.record({ case: c, library: "tactica", metric: `ratio_vs_${peerName}`, value: ours.medianUs / peer.medianUs, unit: "x" });
}

const suite: Suite = {
  name: "navmesh",
  description:
    "Navmesh queries on the bench meshes: Tactica (navcat's polygons imported) vs navcat 0.4.1 and recast-navigation 0.43.1 (WASM), same points, same run",
  async run(ctx) {
    const dir = resolve(arg(ctx.args, "--meshes") ?? join(sharedBenchDir(), "meshes"));
    const nQueries = Number(arg(ctx.args, "--queries") ?? (ctx.quick ? 300 : 10_000));
    const timeMs = ctx.quick ? 60 : 500;
    let recastReady = false;
    try {
      const t0 = performance.now();
      await recastInit();
      recastReady = true;
      ctx.record({ case: "init", library: "recast-navigation", metric: "init_ms", value: performance.now() - t0, unit: "ms" });
    } catch (e) {
      ctx.log(`recast-navigation init failed: ${String(e)}`);
    }
    // The allocation measure's own loop is compiled while it first runs, and that compilation shows
    // up as heap growth: warm it on an empty query first.
    const harnessSink = new Float64Array(1);
    const harness = (): void => {
      harnessSink[0]! += 1;
    };
    for (let k = 0; k < 3; k++) allocationPerCall(harness, 10_000);
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith(".obj"))
      .sort()) {
      const name = basename(file, ".obj");
      const obj = parseObj(readFileSync(join(dir, file), "utf8"));
      let t0 = performance.now();
      const nc = navcatGenerate({ positions: obj.positions, indices: obj.triangles }, navcatOptions).navMesh;
      ctx.record({ case: `${name}-generate`, library: "navcat", metric: "time_ms", value: performance.now() - t0, unit: "ms" });
      const mesh = importNavcat(nc);
      ctx.record({ case: `${name}-polygons`, library: "tactica", metric: "polygons", value: mesh.polyCount, unit: "count" });
      if (mesh.polyCount === 0) continue;
      let rc: RecastQuery | undefined;
      if (recastReady) {
        try {
          t0 = performance.now();
          const res = recastGenerate(new Float32Array(obj.positions), new Uint32Array(obj.triangles), recastConfig);
          ctx.record({ case: `${name}-generate`, library: "recast-navigation", metric: "time_ms", value: performance.now() - t0, unit: "ms" });
          if (res.success) rc = new RecastQuery(res.navMesh);
        } catch (e) {
          ctx.log(`${name}: recast generation failed: ${String(e)}`);
        }
      }
      const pairs = makePairs(mesh, Math.min(nQueries, 2000), 2026);
      if (pairs.length === 0) continue;
      ctx.log(`${name}: ${mesh.polyCount} polygons, ${pairs.length} connected pairs`);
      const q = createNavMeshQuery(mesh);
      const np = createNavPath({ maxLength: mesh.polyCount });
      const sp = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 4 });
      const op = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 4 });
      const near = { x: 0, y: 0 };
      const ray = createRaycastResult({ maxVisited: 0 });
      const half: [number, number, number] = [1, 2, 1];
      const half3 = { x: 1, y: 2, z: 1 };
      let i = 0;
      const next = (): Pair => pairs[i++ % pairs.length]!;

      // Find path + straight path (start and goal located each time, as the peers do), through
      // the documented 0-byte form: coordinates in a Float64Array (sx, sy, gx, gy, start and goal
      // heights), written per query, one call.
      const pts = new Float64Array(6);
      const ourPath = (): void => {
        const p = next();
        pts[0] = p.s[0];
        pts[1] = p.s[2];
        pts[2] = p.g[0];
        pts[3] = p.g[2];
        pts[4] = p.s[1];
        pts[5] = p.g[1];
        consume(findPathPoints(sp, np, q, pts).count);
      };
      const tPath = measure(ourPath, { timeMs });
      record(ctx, `${name}-findpath`, "tactica", tPath);
      bytes(ctx, `${name}-findpath`, "tactica", ourPath, ctx.quick);
      const tNc = measure(
        () => {
          const p = next();
          consume(navcatFindPath(nc, p.s, p.g, half, DEFAULT_QUERY_FILTER).path.length);
        },
        { timeMs },
      );
      record(ctx, `${name}-findpath`, "navcat", tNc);
      let tRc: Timing | undefined;
      if (rc) {
        const r = rc;
        tRc = measure(
          () => {
            const p = next();
            consume(r.computePath({ x: p.s[0], y: p.s[1], z: p.s[2] }, { x: p.g[0], y: p.g[1], z: p.g[2] }, { halfExtents: half3 }).path.length);
          },
          { timeMs },
        );
        record(ctx, `${name}-findpath`, "recast-navigation", tRc);
      }
      ratio(ctx, `${name}-findpath`, tPath, tNc, "navcat");
      ratio(ctx, `${name}-findpath`, tPath, tRc, "recast-navigation");

      // Nearest polygon (points lifted 0.5 above / shifted off the surface).
      const ourNear = (): void => {
        const p = next();
        consume(findNearestPoint(near, mesh, p.s[0] + 0.3, p.s[2] - 0.3));
      };
      const tNear = measure(ourNear, { timeMs });
      record(ctx, `${name}-nearest`, "tactica", tNear);
      bytes(ctx, `${name}-nearest`, "tactica", ourNear, ctx.quick);
      const nr = createFindNearestPolyResult();
      const tNcNear = measure(
        () => {
          const p = next();
          consume(findNearestPoly(nr, nc, [p.s[0] + 0.3, p.s[1] + 0.5, p.s[2] - 0.3], half, DEFAULT_QUERY_FILTER).success);
        },
        { timeMs },
      );
      record(ctx, `${name}-nearest`, "navcat", tNcNear);
      ratio(ctx, `${name}-nearest`, tNear, tNcNear, "navcat");
      if (rc) {
        const r = rc;
        const t = measure(
          () => {
            const p = next();
            consume(r.findNearestPoly({ x: p.s[0] + 0.3, y: p.s[1] + 0.5, z: p.s[2] - 0.3 }, { halfExtents: half3 }).nearestRef);
          },
          { timeMs },
        );
        record(ctx, `${name}-nearest`, "recast-navigation", t);
        ratio(ctx, `${name}-nearest`, tNear, t, "recast-navigation");
      }

      // Raycast from the start towards the goal.
      const ourRay = (): void => {
        const p = next();
        consume(raycast(ray, mesh, p.sp, p.s[0], p.s[2], p.g[0], p.g[2]).t);
      };
      const tRay = measure(ourRay, { timeMs });
      record(ctx, `${name}-raycast`, "tactica", tRay);
      bytes(ctx, `${name}-raycast`, "tactica", ourRay, ctx.quick);
      const ncRefs = new Map<number, number>();
      const ncStart = (p: Pair): number => {
        let r = ncRefs.get(p.sp);
        if (r === undefined) {
          r = findNearestPoly(createFindNearestPolyResult(), nc, p.s, half, DEFAULT_QUERY_FILTER).nodeRef;
          ncRefs.set(p.sp, r);
        }
        return r;
      };
      for (const p of pairs) ncStart(p);
      const tNcRay = measure(
        () => {
          const p = next();
          consume(navcatRaycast(nc, ncStart(p), p.s, p.g, DEFAULT_QUERY_FILTER).t);
        },
        { timeMs },
      );
      record(ctx, `${name}-raycast`, "navcat", tNcRay);
      ratio(ctx, `${name}-raycast`, tRay, tNcRay, "navcat");

      // Random point, uniform by area (same seeded generator for both).
      const rr = createRng(99);
      const ourRand = (): void => consume(findRandomPoint(near, mesh, rr));
      const tRand = measure(ourRand, { timeMs });
      record(ctx, `${name}-randompoint`, "tactica", tRand);
      bytes(ctx, `${name}-randompoint`, "tactica", ourRand, ctx.quick);
      const rand = (): number => rngNextFloat(rr);
      const tNcRand = measure(() => consume(navcatRandomPoint(nc, DEFAULT_QUERY_FILTER, rand).success), { timeMs });
      record(ctx, `${name}-randompoint`, "navcat", tNcRand);
      ratio(ctx, `${name}-randompoint`, tRand, tNcRand, "navcat");

      // Polyanya (findPathAnyAngle, exact) vs A* + funnel on the same pairs, start and goal polygons
      // given (every level): median / p95 µs, bytes per query, and the funnel's excess length over
      // the optimum. "cold" = the first pass, which also builds Polyanya's per-mesh corner fans.
      const optPairs = pairs.slice(0, Math.min(pairs.length, ctx.quick ? 100 : 2000));
      const polys = { startPoly: 0, goalPoly: 0 }; // one options object, refilled (no allocation by the caller)
      let sumEx = 0,
        maxEx = 0,
        nEx = 0;
      t0 = performance.now();
      for (const p of optPairs) findPathAnyAngle(op, mesh, p.s[0], p.s[2], p.g[0], p.g[2], { startPoly: p.sp, goalPoly: p.gp });
      ctx.record({ case: `${name}-polyanya-cold`, library: "tactica", metric: "time_ms", value: performance.now() - t0, unit: "ms" });
      for (const p of optPairs) {
        findPolygonPath(np, q, p.sp, p.s[0], p.s[2], p.gp, p.g[0], p.g[2]);
        findStraightPath(sp, mesh, np.path, np.length, p.s[0], p.s[2], p.g[0], p.g[2]);
        findPathAnyAngle(op, mesh, p.s[0], p.s[2], p.g[0], p.g[2], { startPoly: p.sp, goalPoly: p.gp });
        if (!(op.flags & PathFlags.Found) || op.distance === 0) continue;
        const ex = sp.distance / op.distance - 1;
        if (process.env["NAVMESH_BENCH_DEBUG"] && ex > 1)
          ctx.log(
            JSON.stringify({
              ex,
              p,
              funnel: sp.distance,
              opt: op.distance,
              fpts: Array.from(sp.points.subarray(0, 2 * sp.count)),
              opts: Array.from(op.points.subarray(0, 2 * op.count)),
            }),
          );
        sumEx += ex;
        maxEx = Math.max(maxEx, ex);
        nEx++;
      }
      if (nEx > 0) {
        ctx.record({ case: `${name}-funnel-excess`, library: "tactica", metric: "mean_pct", value: (100 * sumEx) / nEx, unit: "%" });
        ctx.record({ case: `${name}-funnel-excess`, library: "tactica", metric: "max_pct", value: 100 * maxEx, unit: "%" });
        let j = 0;
        // A* + funnel with the polygons given, through the 0-byte form (coordinates in a Float64Array).
        const fpts = new Float64Array(4);
        const funnelPolys = { startPoly: 0, goalPoly: 0 }; // refilled per query, like `polys`
        const funnelQuery = (): void => {
          const p = optPairs[j++ % optPairs.length]!;
          fpts[0] = p.s[0];
          fpts[1] = p.s[2];
          fpts[2] = p.g[0];
          fpts[3] = p.g[2];
          funnelPolys.startPoly = p.sp;
          funnelPolys.goalPoly = p.gp;
          consume(findPathPoints(sp, np, q, fpts, funnelPolys).distance);
        };
        const polyanyaQuery = (): void => {
          const p = optPairs[j++ % optPairs.length]!;
          polys.startPoly = p.sp;
          polys.goalPoly = p.gp;
          consume(findPathAnyAngle(op, mesh, p.s[0], p.s[2], p.g[0], p.g[2], polys).distance);
        };
        const tFunnel = measure(funnelQuery, { timeMs });
        record(ctx, `${name}-exact-vs-funnel`, "tactica-funnel", tFunnel);
        bytes(ctx, `${name}-exact-vs-funnel`, "tactica-funnel", funnelQuery, ctx.quick);
        const tOpt = measure(polyanyaQuery, { timeMs });
        record(ctx, `${name}-exact-vs-funnel`, "tactica-polyanya", tOpt);
        bytes(ctx, `${name}-exact-vs-funnel`, "tactica-polyanya", polyanyaQuery, ctx.quick);
        ctx.record({
          case: `${name}-exact-vs-funnel`,
          library: "tactica-polyanya",
          metric: "ratio_vs_funnel",
          value: tOpt.medianUs / tFunnel.medianUs,
          unit: "x",
        });
      }
    }
  },
};

export default suite;
