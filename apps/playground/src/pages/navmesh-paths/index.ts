import { createRng, isTacticaError } from "@tactica/core";
import {
  addOffMeshLink,
  buildNavMeshCdt,
  buildNavMeshFromTilemap,
  createMoveResult,
  createNavMeshQuery,
  createNavPath,
  createOffMeshLinks,
  createRaycastResult,
  createStraightPath,
  findNearestPoint,
  findPathAnyAngle,
  findPolygon,
  findPolygonPath,
  findRandomPoint,
  findRandomPointInCircle,
  findStraightPath,
  getPolygonCenter,
  moveAlongSurface,
  raycast,
  removeOffMeshLink,
  StraightPathFlags,
  type NavMesh,
  type NavMeshQuery,
  type OffMeshLinks,
  type StraightPath,
} from "@tactica/navmesh";
import { PathFlags } from "@tactica/search";
import type { DemoPage } from "../../demo";
import { button, demoLayout, select, setUrlParam, slider, urlParam } from "../../ui";
import { drawMesh, polygonPoints, polylineLength, sharedEdge } from "../navmesh-build/mesh-draw";
import { H, shapeRegions, TILE, TILES_X, TILES_Y, tilemapPreset, W } from "../navmesh-build/shapes";

const MAPS = ["room with pillars", "L-shaped hall", "tilemap", "two rooms"] as const;
type MapName = (typeof MAPS)[number];
const MODES = ["paths", "drag agent", "raycast", "random points", "off-mesh links"] as const;
type Mode = (typeof MODES)[number];

interface Pt {
  x: number;
  y: number;
}
interface LinkDef {
  sx: number;
  sy: number;
  ex: number;
  ey: number;
  handle: number;
}

/** `x,y` from the URL, or null. */
function parsePoint(text: string | undefined): Pt | null {
  const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(text ?? "");
  if (!m) return null;
  const x = Number(m[1]),
    y = Number(m[2]);
  return x >= 0 && x <= W && y >= 0 && y <= H ? { x, y } : null;
}

const fmtPoint = (p: Pt) => `${Math.round(p.x)},${Math.round(p.y)}`;
const pathPoints = (sp: StraightPath): Pt[] =>
  Array.from({ length: Math.min(sp.count, sp.pointFlags.length) }, (_, i) => ({ x: sp.points[2 * i]!, y: sp.points[2 * i + 1]! }));

const page: DemoPage = {
  id: "navmesh-paths",
  title: "Navmesh queries: paths, agent, raycasts, links",
  package: "navmesh",
  order: 1,
  guide: "guide/navmesh",
  description:
    "A* over the convex polygons gives a corridor; walking it through polygon centres (grey, the approach the gamedev.net article \"Navigation Graph Generation\" (2011) calls too robotic) is longer than the funnel's string-pulled path (orange), which is never shorter than the exact Euclidean shortest path (green, Polyanya: Cui, Harabor and Grastien, IJCAI 2017). Left-click sets the start, right-click the goal. 'drag agent': drag the blue agent, moveAlongSurface keeps it on the mesh and slides it along walls. 'raycast': cast from the start to the cursor. 'random points': seeded, uniform by area over the mesh and inside a circle around a click. 'off-mesh links': click two points to add a jump link (right-click removes the nearest); A* takes links, the exact path does not.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let ready = false;
    const mapParam = urlParam("map");
    let mapName: MapName = MAPS.includes(mapParam as MapName) ? (mapParam as MapName) : "room with pillars";
    const seedParam = Number(urlParam("seed"));
    let seed = Number.isInteger(seedParam) && seedParam >= 0 && seedParam < 1e9 ? seedParam : 3;
    let agentRadius = 0;
    let maxVerts = 6;
    let mode: Mode = "paths";
    let start: Pt = parsePoint(urlParam("start")) ?? { x: 60, y: 540 };
    let goal: Pt = parsePoint(urlParam("goal")) ?? { x: 740, y: 60 };
    // Ray end, sampling circle and agent position are URL state too (`ray`, `circle`, `agent`).
    let cursor: Pt = parsePoint(urlParam("ray")) ?? { x: W / 2, y: H / 2 };
    let circle: Pt | null = parsePoint(urlParam("circle"));
    const agentParam = parsePoint(urlParam("agent"));
    let pointCount = 400;
    let linkFirst: Pt | null = null;
    const linkDefs: LinkDef[] = [];
    let links: OffMeshLinks = createOffMeshLinks(32);

    let mesh!: NavMesh;
    let query!: NavMeshQuery;
    let buildMs = 0;
    let error = "";
    const corridor = createNavPath({ maxLength: 4096 });
    const funnel = createStraightPath({ maxPoints: 4096 });
    const exact = createStraightPath({ maxPoints: 4096 });
    const ray = createRaycastResult({ maxVisited: 256 });
    const moved = createMoveResult({ maxVisited: 64 });
    const snap = { x: 0, y: 0 };
    const agent = { x: 0, y: 0, poly: -1 };
    let trail: Pt[] = [];
    let dragging = false;
    let offMeshMoves = 0;
    /** False until the exact search has run once on the current mesh (its first query builds the corner visibility). */
    let exactWarm = false;

    function buildMesh(): void {
      const t0 = performance.now();
      error = "";
      try {
        if (mapName === "tilemap") {
          mesh = buildNavMeshFromTilemap(tilemapPreset(seed), TILES_X, TILES_Y, { cellSize: TILE, epsilon: 3, agentRadius, maxVertsPerPoly: maxVerts });
        } else {
          mesh = buildNavMeshCdt(shapeRegions(mapName, seed, []), { agentRadius, tolerance: Math.max(0.5, agentRadius / 8), maxVertsPerPoly: maxVerts });
        }
      } catch (e) {
        error = isTacticaError(e) ? `${e.code}: ${e.message.replace(/^@tactica\/navmesh: /, "")}` : String(e);
        mesh = buildNavMeshCdt([{ outer: [20, 20, W - 20, 20, W - 20, H - 20, 20, H - 20] }]);
      }
      buildMs = performance.now() - t0;
      query = createNavMeshQuery(mesh);
      exactWarm = false;
      // Links store polygon refs of the old mesh: add them again on the new one.
      links = createOffMeshLinks(32);
      for (const l of linkDefs) l.handle = addOffMeshLink(links, mesh, l.sx, l.sy, l.ex, l.ey);
      resetAgent();
    }

    function resetAgent(): void {
      agent.poly = findNearestPoint(snap, mesh, start.x, start.y);
      agent.x = snap.x;
      agent.y = snap.y;
      trail = [{ x: agent.x, y: agent.y }];
      offMeshMoves = 0;
    }

    function rebuild(): void {
      if (!ready) return;
      buildMesh();
      render();
    }

    /** The link joining corridor polygons a → b (no shared edge), as its two end points in walking order. */
    function linkBetween(a: number, b: number): [Pt, Pt] | null {
      for (let i = 0; i < links.count; i++) {
        if (!links.alive[i]) continue;
        const s = { x: links.startX[i]!, y: links.startY[i]! },
          e = { x: links.endX[i]!, y: links.endY[i]! };
        if (links.startPoly[i] === a && links.endPoly[i] === b) return [s, e];
        if (links.bidirectional[i] && links.startPoly[i] === b && links.endPoly[i] === a) return [e, s];
      }
      return null;
    }

    /**
     * The corridor walked through polygon centres: start, then for each polygon its centre, joined
     * to the next through the midpoint of their shared edge (or through the off-mesh link), then
     * the end. Every piece lies inside a convex polygon, so it is a valid path of the same corridor.
     */
    function centroidPath(end: Pt, s: Pt): Pt[] {
      const pts: Pt[] = [s];
      const n = Math.min(corridor.length, corridor.path.length);
      for (let i = 0; i + 1 < n; i++) {
        const a = corridor.path[i]!,
          b = corridor.path[i + 1]!;
        if (i > 0) pts.push(getPolygonCenter({ x: 0, y: 0 }, mesh, a));
        const e = sharedEdge(mesh, a, b);
        if (e) pts.push({ x: (e[0] + e[2]) / 2, y: (e[1] + e[3]) / 2 });
        else {
          const l = linkBetween(a, b);
          if (l) pts.push(l[0], l[1]);
        }
      }
      pts.push(end);
      return pts;
    }

    function drawLinks(): void {
      const ctx = draw.ctx;
      for (let i = 0; i < links.count; i++) {
        if (!links.alive[i]) continue;
        const sx = links.startX[i]!,
          sy = links.startY[i]!,
          ex = links.endX[i]!,
          ey = links.endY[i]!;
        const mx = (sx + ex) / 2,
          my = (sy + ey) / 2;
        const len = Math.hypot(ex - sx, ey - sy) || 1;
        const cx = mx + ((ey - sy) / len) * len * 0.25,
          cy = my - ((ex - sx) / len) * len * 0.25;
        ctx.save();
        ctx.strokeStyle = "#bb9af7";
        ctx.lineWidth = 2;
        ctx.setLineDash([6, 4]);
        ctx.beginPath();
        ctx.moveTo(sx, sy);
        ctx.quadraticCurveTo(cx, cy, ex, ey);
        ctx.stroke();
        ctx.restore();
        draw.circle(sx, sy, 5, { color: "#bb9af7", fill: true });
        draw.circle(ex, ey, 5, { color: "#bb9af7", width: 2 });
      }
      if (linkFirst) draw.circle(linkFirst.x, linkFirst.y, 6, { color: "#bb9af7", width: 2 });
    }

    function render(): void {
      draw.clear();
      if (mapName === "tilemap") {
        const cells = tilemapPreset(seed);
        for (let y = 0; y < TILES_Y; y++)
          for (let x = 0; x < TILES_X; x++) if (cells[y * TILES_X + x] === 0) draw.rect(x * TILE, y * TILE, TILE, TILE, { color: "#2a2f40", fill: true });
      }
      drawMesh(draw, mesh);
      const lines: string[] = [`${mapName}: ${mesh.polyCount} polygons (≤ ${maxVerts} vertices), agent radius ${agentRadius}, build ${buildMs.toFixed(1)} ms`];
      if (error) lines.push(`error: ${error}`);
      const ps = findNearestPoint(snap, mesh, start.x, start.y);
      const s = { x: snap.x, y: snap.y };
      const pg = findNearestPoint(snap, mesh, goal.x, goal.y);
      const g = { x: snap.x, y: snap.y };
      const data = canvas.dataset;
      data["centroidLength"] = data["funnelLength"] = data["exactLength"] = "";
      data["linkUsed"] = "";

      if (mode === "paths" || mode === "off-mesh links") {
        const useLinks = links.count > 0 ? { links } : undefined;
        let t0 = performance.now();
        findPolygonPath(corridor, query, ps, s.x, s.y, pg, g.x, g.y, useLinks);
        findStraightPath(funnel, mesh, corridor.path, Math.max(1, Math.min(corridor.length, corridor.path.length)), s.x, s.y, g.x, g.y, useLinks);
        const tFunnel = performance.now() - t0;
        t0 = performance.now();
        findPathAnyAngle(exact, mesh, s.x, s.y, g.x, g.y, { startPoly: ps, goalPoly: pg });
        const tExact = performance.now() - t0;
        const firstExact = !exactWarm;
        exactWarm = true;
        const found = (corridor.flags & PathFlags.Found) !== 0;
        for (let i = 0; i < Math.min(corridor.length, corridor.path.length); i++)
          draw.polygon(polygonPoints(mesh, corridor.path[i]!), { color: "#3b4a75", fill: true, alpha: 0.35 });
        const fpts = pathPoints(funnel);
        const end = fpts[fpts.length - 1] ?? g;
        const cen = centroidPath(end, s);
        const cenLen = polylineLength(cen);
        let linkUsed = false;
        for (let i = 0; i < fpts.length; i++) if (funnel.pointFlags[i]! & StraightPathFlags.OffMeshLink) linkUsed = true;
        drawLinks();
        const ctx = draw.ctx;
        ctx.save();
        ctx.setLineDash([5, 4]);
        draw.polyline(cen, false, { color: "#8089b3", width: 1.5 });
        ctx.restore();
        draw.polyline(fpts, false, { color: "#e0af68", width: 3 });
        const exactFound = (exact.flags & PathFlags.Found) !== 0;
        if (exactFound) draw.polyline(pathPoints(exact), false, { color: "#9ece6a", width: 2 });
        if (!found) lines.push(corridor.flags & PathFlags.Partial ? "no path: partial corridor to the nearest reachable polygon" : "no path");
        lines.push(`centroid path      ${cenLen.toFixed(1)}`);
        lines.push(`funnel (A* + SSF)  ${funnel.distance.toFixed(1)}  ${(tFunnel * 1000).toFixed(0)} µs, ${corridor.length} polygons`);
        lines.push(
          `exact (Polyanya)   ${exactFound ? exact.distance.toFixed(1) : "no path"}  ${(tExact * 1000).toFixed(0)} µs${firstExact ? " (1st: + visibility cache)" : ""}`,
        );
        if (found && exactFound) {
          if (linkUsed) lines.push("the funnel takes an off-mesh link; the exact path walks");
          else {
            const ok = cenLen >= funnel.distance - 1e-6 && funnel.distance >= exact.distance - 1e-6;
            lines.push(`centroid ≥ funnel ≥ exact ${ok ? "✓" : "✗"}  (funnel +${(100 * (funnel.distance / exact.distance - 1)).toFixed(2)} %)`);
          }
          data["centroidLength"] = cenLen.toFixed(3);
          data["funnelLength"] = funnel.distance.toFixed(3);
          data["exactLength"] = exact.distance.toFixed(3);
        }
        data["linkUsed"] = linkUsed ? "1" : "0";
        if (mode === "off-mesh links")
          lines.push(`${linkDefs.filter((l) => l.handle >= 0).length} links; ${linkFirst ? "click the link's other end" : "click two points to add a link"}`);
      } else if (mode === "raycast" && ps >= 0) {
        raycast(ray, mesh, ps, s.x, s.y, cursor.x, cursor.y);
        const t = Math.min(1, ray.t);
        const hx = s.x + t * (cursor.x - s.x),
          hy = s.y + t * (cursor.y - s.y);
        for (let i = 0; i < Math.min(ray.visitedCount, ray.visited.length); i++)
          draw.polygon(polygonPoints(mesh, ray.visited[i]!), { color: "#3b4a75", fill: true, alpha: 0.5 });
        const hit = ray.t !== Infinity;
        draw.line(s.x, s.y, hx, hy, { color: hit ? "#f7768e" : "#9ece6a", width: 2 });
        if (hit) {
          draw.line(hx, hy, hx + ray.hitNormalX * 24, hy + ray.hitNormalY * 24, { color: "#f7768e", width: 1.5 });
          draw.circle(hx, hy, 4, { color: "#f7768e", fill: true });
          draw.line(hx, hy, cursor.x, cursor.y, { color: "#f7768e", width: 1, alpha: 0.3 });
        }
        lines.push(`raycast: ${hit ? `hit at t = ${ray.t.toFixed(3)}` : "reaches the cursor"}, ${ray.visitedCount} polygons visited`);
        data["rayHit"] = hit ? "1" : "0";
      } else if (mode === "random points") {
        const rng = createRng(seed);
        const p = { x: 0, y: 0 };
        let onMesh = 0;
        for (let i = 0; i < pointCount; i++) {
          if (findRandomPoint(p, mesh, rng) < 0) continue;
          if (findPolygon(mesh, p.x, p.y) >= 0) onMesh++;
          draw.point(p.x, p.y, 2.5, { color: "#c0caf5" });
        }
        let inCircle = 0;
        if (circle) {
          draw.circle(circle.x, circle.y, 90, { color: "#7dcfff", width: 1.5 });
          for (let i = 0; i < 150; i++) {
            if (findRandomPointInCircle(p, mesh, circle.x, circle.y, 90, rng) < 0) continue;
            inCircle++;
            draw.point(p.x, p.y, 3, { color: "#7dcfff" });
          }
        }
        lines.push(`random points (seed ${seed}): ${pointCount} uniform by area, ${onMesh} on the mesh`);
        lines.push(circle ? `${inCircle} in the circle (radius 90) around the click` : "click to sample inside a circle");
        data["randomOnMesh"] = `${onMesh}/${pointCount}`;
      }

      if (mode === "drag agent") {
        draw.polyline(trail, false, { color: "#7aa2f7", width: 1.5, alpha: 0.7 });
        for (let i = 0; i < Math.min(moved.visitedCount, moved.visited.length); i++)
          draw.polygon(polygonPoints(mesh, moved.visited[i]!), { color: "#7aa2f7", width: 1, alpha: 0.5 });
        draw.circle(agent.x, agent.y, Math.max(6, agentRadius), { color: "#7aa2f7", fill: true, alpha: 0.9 });
        draw.circle(agent.x, agent.y, Math.max(6, agentRadius), { color: "#c0caf5", width: 1.5 });
        const on = findPolygon(mesh, agent.x, agent.y) >= 0;
        lines.push(`agent (${agent.x.toFixed(1)}, ${agent.y.toFixed(1)}) on polygon ${agent.poly}: ${on ? "on the mesh" : "OFF the mesh"}`);
        lines.push(`drag it; ${trail.length} steps, ${offMeshMoves} off the mesh`);
        data["agentX"] = agent.x.toFixed(2);
        data["agentY"] = agent.y.toFixed(2);
        data["agentOnMesh"] = on ? "1" : "0";
        data["agentOffMeshMoves"] = String(offMeshMoves);
      } else {
        draw.circle(s.x, s.y, 6, { color: "#7aa2f7", fill: true });
        if (mode !== "raycast" && mode !== "random points") draw.circle(g.x, g.y, 6, { color: "#f7768e", fill: true });
      }
      data["polyCount"] = String(mesh.polyCount);
      stats.textContent = lines.join("\n");
    }

    function addLink(a: Pt, b: Pt): boolean {
      const handle = addOffMeshLink(links, mesh, a.x, a.y, b.x, b.y);
      if (handle < 0) return false;
      linkDefs.push({ sx: a.x, sy: a.y, ex: b.x, ey: b.y, handle });
      setUrlParam("links", linkDefs.map((l) => `${fmtPoint({ x: l.sx, y: l.sy })},${fmtPoint({ x: l.ex, y: l.ey })}`).join(";"));
      return true;
    }

    // Controls.
    select(panel, "map", MAPS, mapName, (v) => {
      mapName = v;
      setUrlParam("map", v === "room with pillars" ? undefined : v);
      linkDefs.length = 0;
      setUrlParam("links", undefined);
      rebuild();
    });
    setUrlParam("map", mapName === "room with pillars" ? undefined : mapName);
    select(panel, "mode", MODES, mode, (v) => {
      mode = v;
      linkFirst = null;
      render();
    });
    slider(panel, "agent radius", 0, 20, 1, agentRadius, (v) => {
      agentRadius = v;
      rebuild();
    });
    select(panel, "max vertices per polygon", ["3", "4", "5", "6"] as const, "6", (v) => {
      maxVerts = Number(v);
      rebuild();
    });
    slider(panel, "random points", 50, 2000, 50, pointCount, (v) => {
      pointCount = v;
      if (ready && mode === "random points") render();
    });
    button(panel, "new seed", () => {
      seed++;
      setUrlParam("seed", seed);
      rebuild();
    });
    button(panel, "add a link across the middle", () => {
      // From a third of the way start → goal to two thirds, both snapped onto the mesh.
      const a = { x: start.x + (goal.x - start.x) / 3, y: start.y + (goal.y - start.y) / 3 };
      const b = { x: start.x + (2 * (goal.x - start.x)) / 3, y: start.y + (2 * (goal.y - start.y)) / 3 };
      findNearestPoint(snap, mesh, a.x, a.y);
      const sa = { x: snap.x, y: snap.y };
      findNearestPoint(snap, mesh, b.x, b.y);
      addLink(sa, { x: snap.x, y: snap.y });
      render();
    });
    button(panel, "remove links", () => {
      for (const l of linkDefs) removeOffMeshLink(links, l.handle);
      linkDefs.length = 0;
      linkFirst = null;
      setUrlParam("links", undefined);
      render();
    });
    button(panel, "reset agent", () => {
      resetAgent();
      setUrlParam("agent", undefined);
      render();
    });

    const toWorld = (e: MouseEvent): Pt => {
      const rect = canvas.getBoundingClientRect();
      return { x: ((e.clientX - rect.left) * W) / rect.width, y: ((e.clientY - rect.top) * H) / rect.height };
    };
    /** Moves the agent towards `target` in steps of at most 8 units (moveAlongSurface is meant for small moves). */
    const dragTo = (target: Pt): void => {
      for (let k = 0; k < 50; k++) {
        const dx = target.x - agent.x,
          dy = target.y - agent.y;
        const d = Math.hypot(dx, dy);
        if (d < 0.5) break;
        const step = Math.min(8, d);
        moveAlongSurface(moved, mesh, agent.poly, agent.x, agent.y, agent.x + (dx / d) * step, agent.y + (dy / d) * step);
        const progressed = Math.hypot(moved.x - agent.x, moved.y - agent.y) > 1e-3;
        agent.x = moved.x;
        agent.y = moved.y;
        agent.poly = moved.poly;
        if (findPolygon(mesh, agent.x, agent.y) < 0) offMeshMoves++;
        trail.push({ x: agent.x, y: agent.y });
        if (!progressed) break;
      }
      if (trail.length > 2000) trail = trail.slice(-2000);
    };
    const down = (e: MouseEvent): void => {
      const p = toWorld(e);
      if (mode === "drag agent" && e.button === 0) {
        dragging = true;
        dragTo(p);
        render();
      }
    };
    const move = (e: MouseEvent): void => {
      const p = toWorld(e);
      cursor = p;
      if (mode === "drag agent" && dragging) {
        dragTo(p);
        render();
      } else if (mode === "raycast") {
        setUrlParam("ray", fmtPoint(p));
        render();
      }
    };
    const up = (): void => {
      if (dragging) setUrlParam("agent", fmtPoint(agent));
      dragging = false;
    };
    const click = (e: MouseEvent): void => {
      const p = toWorld(e);
      if (mode === "paths" || mode === "raycast") {
        start = p;
        setUrlParam("start", fmtPoint(p));
        resetAgent();
        setUrlParam("agent", undefined);
      } else if (mode === "random points") {
        circle = p;
        setUrlParam("circle", fmtPoint(p));
      } else if (mode === "off-mesh links") {
        if (!linkFirst) linkFirst = p;
        else {
          addLink(linkFirst, p);
          linkFirst = null;
        }
      } else return;
      render();
    };
    const context = (e: MouseEvent): void => {
      e.preventDefault();
      const p = toWorld(e);
      if (mode === "off-mesh links") {
        let best = -1,
          bestD = Infinity;
        linkDefs.forEach((l, i) => {
          const d = Math.min(Math.hypot(l.sx - p.x, l.sy - p.y), Math.hypot(l.ex - p.x, l.ey - p.y));
          if (d < bestD) [best, bestD] = [i, d];
        });
        if (best >= 0) {
          removeOffMeshLink(links, linkDefs[best]!.handle);
          linkDefs.splice(best, 1);
          setUrlParam(
            "links",
            linkDefs.length ? linkDefs.map((l) => `${fmtPoint({ x: l.sx, y: l.sy })},${fmtPoint({ x: l.ex, y: l.ey })}`).join(";") : undefined,
          );
        }
      } else if (mode !== "drag agent") {
        goal = p;
        setUrlParam("goal", fmtPoint(p));
      }
      render();
    };
    canvas.addEventListener("mousedown", down);
    canvas.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", context);
    ready = true;
    buildMesh();
    if (agentParam) {
      agent.poly = findNearestPoint(snap, mesh, agentParam.x, agentParam.y);
      agent.x = snap.x;
      agent.y = snap.y;
      trail = [{ x: agent.x, y: agent.y }];
    }
    // Links from the URL (`links=x,y,x,y;…`).
    for (const part of (urlParam("links") ?? "").split(";")) {
      const n = part.split(",").map(Number);
      if (n.length === 4 && n.every(Number.isFinite)) addLink({ x: n[0]!, y: n[1]! }, { x: n[2]!, y: n[3]! });
    }
    render();
    return () => {
      canvas.removeEventListener("mousedown", down);
      canvas.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", up);
      canvas.removeEventListener("click", click);
      canvas.removeEventListener("contextmenu", context);
    };
  },
};

export default page;
