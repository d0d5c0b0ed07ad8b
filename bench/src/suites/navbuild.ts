import { createRng, rngNextFloat } from "@tactica/core";
import {
  buildDualGraph,
  buildHierarchicalGraph,
  buildNavMeshCdt,
  buildNavMeshFromPolygons,
  buildWaypointGraph,
  createHierarchicalPathResult,
  findHierarchicalPath,
  findNavGraphPath,
  triangulatePolygonsCdt,
  type Blocker,
  type NavMesh,
} from "@tactica/navmesh";
import { createPathResult } from "@tactica/search";
import { consume, measure, type Timing } from "../measure";
import type { Suite, SuiteContext } from "../suite";

// navmesh's polygon builders and navigation graphs (src/build, src/graphs): the constrained Delaunay
// build against the ear-clipping build in the same run (time and smallest triangle angle), erosion,
// waypoint validation, and the hierarchical graph's cheap "no path" against a flat search.

function report(ctx: SuiteContext, name: string, lib: string, t: Timing): void {
  ctx.record({ case: name, library: lib, metric: "median_us", value: t.medianUs, unit: "us" });
}

/** A star-shaped room of `n` vertices (radius 80..100) with `holes` star pillars of `m` vertices. */
function starRoom(n: number, holes: number, m: number, seed: number): { outer: number[]; holes: number[][] } {
  const rng = createRng(seed);
  const ring = (cx: number, cy: number, k: number, r0: number, r1: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < k; i++) {
      const a = (i / k) * Math.PI * 2,
        r = r0 + (r1 - r0) * rngNextFloat(rng);
      out.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    return out;
  };
  const hs: number[][] = [];
  const side = Math.ceil(Math.sqrt(holes));
  for (let h = 0; h < holes; h++) hs.push(ring(-50 + (100 * ((h % side) + 0.5)) / side, -50 + (100 * (Math.floor(h / side) + 0.5)) / side, m, 2, 40 / side));
  return { outer: ring(0, 0, n, 80, 100), holes: hs };
}

/** Smallest interior angle (degrees) over the triangles of a mesh of triangles. */
function minAngle(v: ArrayLike<number>, tris: ArrayLike<number>): number {
  let best = 180;
  for (let t = 0; t < tris.length; t += 3) {
    for (let i = 0; i < 3; i++) {
      const a = tris[t + i]!,
        b = tris[t + ((i + 1) % 3)]!,
        c = tris[t + ((i + 2) % 3)]!;
      const ux = v[2 * b]! - v[2 * a]!,
        uy = v[2 * b + 1]! - v[2 * a + 1]!,
        wx = v[2 * c]! - v[2 * a]!,
        wy = v[2 * c + 1]! - v[2 * a + 1]!;
      best = Math.min(best, (Math.acos(Math.max(-1, Math.min(1, (ux * wx + uy * wy) / Math.hypot(ux, uy) / Math.hypot(wx, wy)))) * 180) / Math.PI);
    }
  }
  return best;
}

function meshTriangles(mesh: NavMesh): number[] {
  const out: number[] = [];
  for (let p = 0; p < mesh.polyCount; p++) for (let i = 0; i < 3; i++) out.push(mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!);
  return out;
}

const suite: Suite = {
  name: "navbuild",
  description: "navmesh builders and navigation graphs: CDT vs ear clipping (time, smallest angle), erosion, waypoint validator, hierarchical no-path",
  run(ctx) {
    const timeMs = ctx.quick ? 40 : 600;
    for (const [n, holes, m] of ctx.quick
      ? [[64, 4, 12]]
      : [
          [64, 4, 12],
          [512, 16, 32],
        ]) {
      const name = `star-${n}-holes-${holes}x${m}`;
      const region = starRoom(n!, holes!, m!, n!);
      const cdt = measure(() => consume(buildNavMeshCdt([region]).polyCount), { timeMs });
      const ear = measure(() => consume(buildNavMeshFromPolygons([region]).polyCount), { timeMs });
      report(ctx, `${name}-build`, "tactica-cdt", cdt);
      report(ctx, `${name}-build`, "tactica-earclip", ear);
      ctx.record({ case: `${name}-build`, library: "tactica-cdt", metric: "ratio_vs_earclip", value: cdt.medianUs / ear.medianUs, unit: "x" });
      const tri = triangulatePolygonsCdt([region]);
      ctx.record({ case: `${name}-triangles`, library: "tactica-cdt", metric: "min_angle_deg", value: minAngle(tri.vertices, tri.triangles), unit: "deg" });
      const earMesh = buildNavMeshFromPolygons([region], { maxVertsPerPoly: 3 });
      ctx.record({
        case: `${name}-triangles`,
        library: "tactica-earclip",
        metric: "min_angle_deg",
        value: minAngle(earMesh.vertices, meshTriangles(earMesh)),
        unit: "deg",
      });
      const eroded = measure(() => consume(buildNavMeshCdt([region], { agentRadius: 1, tolerance: 0.05 }).polyCount), { timeMs });
      report(ctx, `${name}-erode-r1`, "tactica-cdt", eroded);
      ctx.log(`${name}: cdt ${cdt.medianUs.toFixed(0)} us, earclip ${ear.medianUs.toFixed(0)} us, erosion ${eroded.medianUs.toFixed(0)} us`);
    }
    // Waypoint graph + validator: 200 waypoints (50 when quick), 20 boxes.
    const rng = createRng(7);
    const pts: number[] = [];
    const count = ctx.quick ? 50 : 200;
    for (let i = 0; i < count; i++) pts.push(100 * rngNextFloat(rng), 100 * rngNextFloat(rng));
    const boxes: Blocker[] = [];
    for (let i = 0; i < 20; i++) {
      const x = 100 * rngNextFloat(rng),
        y = 100 * rngNextFloat(rng);
      boxes.push({ kind: "box", minX: x, minY: y, maxX: x + 8 * rngNextFloat(rng), maxY: y + 8 * rngNextFloat(rng) });
    }
    report(
      ctx,
      `waypoints-${count}-boxes-20`,
      "tactica",
      measure(() => consume(buildWaypointGraph(pts, boxes, { agentRadius: 0.5 }).warnings.length), { timeMs }),
    );
    // "No path" between two disconnected halls: hierarchical super-graph vs flat A*.
    const hall = (x: number): { outer: number[] } => ({ outer: [x, 0, x + 60, 0, x + 60, 60, x, 60] });
    const pillars = starRoom(64, 9, 8, 3).holes.map((h) => h.map((c, i) => (i % 2 ? c + 30 : c + 30) * 0.5 + 7));
    const base = buildDualGraph([
      { ...hall(0), holes: pillars },
      { ...hall(100), holes: pillars.map((h) => h.map((c, i) => (i % 2 ? c : c + 100))) },
    ]);
    const h = buildHierarchicalGraph(base, { regionSize: 15 });
    const hOut = createHierarchicalPathResult(base.nodeCount);
    const flat = createPathResult(base.nodeCount);
    const hier = measure(() => consume(findHierarchicalPath(hOut, h, 0, base.nodeCount - 1).flags), { timeMs });
    const fl = measure(() => consume(findNavGraphPath(flat, base, 0, base.nodeCount - 1).flags), { timeMs });
    report(ctx, "no-path-two-halls", "tactica-hierarchical", hier);
    report(ctx, "no-path-two-halls", "tactica-flat-astar", fl);
    ctx.record({ case: "no-path-two-halls", library: "tactica-hierarchical", metric: "ratio_vs_flat", value: hier.medianUs / fl.medianUs, unit: "x" });
    ctx.record({ case: "no-path-two-halls", library: "tactica-hierarchical", metric: "base_expanded", value: hOut.expanded, unit: "count" });
    ctx.record({ case: "no-path-two-halls", library: "tactica-flat-astar", metric: "base_expanded", value: flat.expanded, unit: "count" });
  },
};

export default suite;
