import { createRng, rngFloat, rngInt } from "@tactica/core";
import {
  buildNavMeshFromPolygons,
  createNavMeshQuery,
  createNavPath,
  createRaycastResult,
  createStraightPath,
  findNearestPoint,
  findPathAnyAngle,
  findPolygonPath,
  findStraightPath,
  getPolygonCenter,
  raycast,
  type NavMesh,
  type PolygonWithHoles,
} from "@tactica/navmesh";
import { PathFlags } from "@tactica/search";
import type { DemoPage } from "../../demo";
import { button, demoLayout, select, slider } from "../../ui";

const W = 800;
const H = 600;

/** A room with random star-shaped pillars on a jittered grid (no overlaps). */
function makeRoom(seed: number, pillars: number): PolygonWithHoles {
  const rng = createRng(seed);
  const holes: number[][] = [];
  const cols = 6,
    rows = 4,
    cw = (W - 80) / cols,
    ch = (H - 80) / rows;
  const slots = Array.from({ length: cols * rows }, (_, i) => i);
  for (let k = 0; k < pillars && slots.length; k++) {
    const s = slots.splice(rngInt(rng, 0, slots.length - 1), 1)[0]!;
    const cx = 40 + (s % cols) * cw + cw / 2,
      cy = 40 + Math.floor(s / cols) * ch + ch / 2;
    const n = rngInt(rng, 3, 7),
      r = Math.min(cw, ch) * 0.42,
      phase = rngFloat(rng, 0, 1);
    const ring: number[] = [];
    for (let i = 0; i < n; i++) {
      const a = ((i + phase) / n) * 2 * Math.PI,
        rr = r * rngFloat(rng, 0.45, 1);
      ring.push(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
    }
    holes.push(ring);
  }
  return { outer: [20, 20, W - 20, 20, W - 20, H - 20, 20, H - 20], holes };
}

function polygonPoints(mesh: NavMesh, p: number): { x: number; y: number }[] {
  const pts: { x: number; y: number }[] = [];
  for (let i = 0; i < mesh.polyVertCount[p]!; i++) {
    const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!;
    pts.push({ x: mesh.vertices[2 * v]!, y: mesh.vertices[2 * v + 1]! });
  }
  return pts;
}

const page: DemoPage = {
  id: "navmesh-paths",
  title: "Navmesh: centroid, funnel and exact any-angle paths",
  package: "navmesh",
  order: 1,
  description:
    "A room with pillars, triangulated and merged into convex polygons. Left-click sets the start, right-click the goal. Compare the centroid polyline of the A* corridor, the funnel (string-pulled) path and the exact shortest path; switch to raycast mode to cast from the start towards the cursor.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let seed = 3,
      pillars = 12,
      maxVerts = 6;
    let mesh: NavMesh = buildNavMeshFromPolygons([makeRoom(seed, pillars)], { maxVertsPerPoly: maxVerts });
    let query = createNavMeshQuery(mesh);
    let start = { x: 40, y: 40 },
      goal = { x: W - 40, y: H - 40 },
      cursor = { x: W / 2, y: H / 2 };
    let mode: "paths" | "raycast" = "paths";
    const corridor = createNavPath(4096);
    const funnel = createStraightPath(4096);
    const exact = createStraightPath(4096);
    const ray = createRaycastResult(256);
    const snap = { x: 0, y: 0 };
    let buildMs = 0;

    function rebuild(): void {
      const t0 = performance.now();
      mesh = buildNavMeshFromPolygons([makeRoom(seed, pillars)], { maxVertsPerPoly: maxVerts });
      buildMs = performance.now() - t0;
      query = createNavMeshQuery(mesh);
      render();
    }

    function render(): void {
      draw.clear();
      for (let p = 0; p < mesh.polyCount; p++) {
        const pts = polygonPoints(mesh, p);
        draw.polygon(pts, { color: "#1a2136", fill: true });
        draw.polygon(pts, { color: "#2a3350", width: 1 });
      }
      const ps = findNearestPoint(snap, mesh, start.x, start.y);
      const s = { ...snap };
      const pg = findNearestPoint(snap, mesh, goal.x, goal.y);
      const g = { ...snap };
      let text = `polygons: ${mesh.polyCount} (≤ ${maxVerts} vertices), build ${buildMs.toFixed(1)} ms`;
      if (ps >= 0 && pg >= 0 && mode === "paths") {
        let t0 = performance.now();
        findPolygonPath(corridor, query, ps, s.x, s.y, pg, g.x, g.y);
        findStraightPath(funnel, mesh, corridor.path, Math.min(corridor.length, corridor.path.length), s.x, s.y, g.x, g.y);
        const tFunnel = performance.now() - t0;
        t0 = performance.now();
        findPathAnyAngle(exact, mesh, s.x, s.y, g.x, g.y, { startPoly: ps, goalPoly: pg });
        const tExact = performance.now() - t0;
        // Centroid polyline of the corridor (what a naive navmesh path follows).
        const cen = [s];
        for (let i = 0; i < corridor.length; i++) {
          const p = corridor.path[i]!;
          draw.polygon(polygonPoints(mesh, p), { color: "#3b4a75", width: 1.5 });
          if (i > 0 && i < corridor.length - 1) cen.push(getPolygonCenter({ x: 0, y: 0 }, mesh, p));
        }
        cen.push(g);
        let cenLen = 0;
        for (let i = 1; i < cen.length; i++) cenLen += Math.hypot(cen[i]!.x - cen[i - 1]!.x, cen[i]!.y - cen[i - 1]!.y);
        draw.polyline(cen, false, { color: "#565f89", width: 1.5 });
        const pts = (sp: typeof funnel) =>
          Array.from({ length: Math.min(sp.count, sp.pointFlags.length) }, (_, i) => ({ x: sp.points[2 * i]!, y: sp.points[2 * i + 1]! }));
        draw.polyline(pts(funnel), false, { color: "#e0af68", width: 3 });
        if (exact.flags & PathFlags.Found) draw.polyline(pts(exact), false, { color: "#9ece6a", width: 2 });
        const found = (corridor.flags & PathFlags.Found) !== 0;
        text += `\n${found ? "path found" : "no path"}\ncentroid polyline: ${cenLen.toFixed(1)}\nfunnel (A*): ${funnel.length.toFixed(1)}  ${tFunnel.toFixed(2)} ms\nexact any-angle: ${exact.length.toFixed(1)}  ${tExact.toFixed(2)} ms\nfunnel excess: ${(100 * (funnel.length / exact.length - 1)).toFixed(2)} %`;
      } else if (ps >= 0 && mode === "raycast") {
        raycast(ray, mesh, ps, s.x, s.y, cursor.x, cursor.y);
        const t = Math.min(1, ray.t);
        const hx = s.x + t * (cursor.x - s.x),
          hy = s.y + t * (cursor.y - s.y);
        for (let i = 0; i < Math.min(ray.visitedCount, ray.visited.length); i++)
          draw.polygon(polygonPoints(mesh, ray.visited[i]!), { color: "#3b4a75", width: 1.5 });
        draw.line(s.x, s.y, hx, hy, { color: ray.t === Infinity ? "#9ece6a" : "#f7768e", width: 2 });
        if (ray.t !== Infinity) draw.line(hx, hy, hx + ray.hitNormalX * 20, hy + ray.hitNormalY * 20, { color: "#f7768e", width: 1 });
        text += `\nraycast: ${ray.t === Infinity ? "reaches the cursor" : `hit at t = ${ray.t.toFixed(3)}`}, ${ray.visitedCount} polygons`;
      }
      draw.circle(s.x, s.y, 6, { color: "#7aa2f7", fill: true });
      draw.circle(g.x, g.y, 6, { color: "#f7768e", fill: true });
      stats.textContent = text;
    }

    slider(panel, "pillars", 0, 24, 1, pillars, (v) => {
      pillars = v;
      rebuild();
    });
    slider(panel, "max vertices per polygon", 3, 12, 1, maxVerts, (v) => {
      maxVerts = v;
      rebuild();
    });
    select(panel, "mode", ["paths", "raycast"] as const, "paths", (v) => {
      mode = v;
      render();
    });
    button(panel, "new room", () => {
      seed++;
      rebuild();
    });
    const toWorld = (e: MouseEvent): { x: number; y: number } => {
      const rect = canvas.getBoundingClientRect();
      return { x: ((e.clientX - rect.left) * W) / rect.width, y: ((e.clientY - rect.top) * H) / rect.height };
    };
    const click = (e: MouseEvent): void => {
      start = toWorld(e);
      render();
    };
    const context = (e: MouseEvent): void => {
      e.preventDefault();
      goal = toWorld(e);
      render();
    };
    const move = (e: MouseEvent): void => {
      cursor = toWorld(e);
      if (mode === "raycast") render();
    };
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", context);
    canvas.addEventListener("mousemove", move);
    rebuild();
    return () => {
      canvas.removeEventListener("click", click);
      canvas.removeEventListener("contextmenu", context);
      canvas.removeEventListener("mousemove", move);
    };
  },
};

export default page;
