import { createRng, isTacticaError } from "@tactica/core";
import {
  buildArtGalleryGraph,
  buildDualGraph,
  buildHierarchicalGraph,
  buildNavMeshCdt,
  buildNavMeshFromPolygons,
  buildNavMeshFromTilemap,
  buildNavpointGraph,
  buildWaypointGraph,
  createHierarchicalPathResult,
  findHierarchicalPath,
  findNearestClearNode,
  findNearestPoint,
  findRandomPoint,
  hasNavMeshLineOfSight,
  triangulatePolygonsCdt,
  type Blocker,
  type HierarchicalGraph,
  type NavGraph,
  type NavMesh,
  type PolygonWithHoles,
  type WaypointWarning,
} from "@tactica/navmesh";
import { PathFlags } from "@tactica/search";
import type { DemoPage } from "../../demo";
import { button, demoLayout, el, select, setUrlParam, slider, urlParam } from "../../ui";
import { drawGraph, drawMesh, polygonPoints } from "./mesh-draw";
import { formatRings, formatWalls, H, parseRings, parseWalls, SHAPES, shapeRegions, TILE, TILES_X, TILES_Y, tilemapPreset, W, type ShapeName } from "./shapes";

const SOURCES = ["polygons", "tilemap"] as const;
type Source = (typeof SOURCES)[number];
const VIEWS = ["triangles + polygons", "triangles", "merged polygons"] as const;
type View = (typeof VIEWS)[number];
const GRAPHS = ["none", "waypoints (Delaunay + validator)", "art gallery", "dual (incentres)", "hierarchical", "navpoints (directed)"] as const;
type GraphName = (typeof GRAPHS)[number];
const REGION_COLORS = ["#7dcfff", "#e0af68", "#9ece6a", "#bb9af7", "#f7768e", "#73daca", "#ff9e64", "#c0caf5"];

/** The navpoint view's terrain (C.4): a ledge 40 high in the lower right, reached by a ramp from the left. */
function terrainHeight(x: number, y: number): number {
  if (y < 330) return 0;
  if (x >= 560) return 40;
  if (x >= 480 && y <= 430) return (40 * (x - 480)) / 80;
  return 0;
}

/** Convex blocking primitives covering everything that is not walkable (for the waypoint graph). */
function blockersOf(regions: readonly PolygonWithHoles[], cells: Uint8Array | null): Blocker[] {
  const out: Blocker[] = [];
  if (cells) {
    // Blocked cells as boxes, merged along rows.
    for (let y = 0; y < TILES_Y; y++) {
      let x = 0;
      while (x < TILES_X) {
        if (cells[y * TILES_X + x] !== 0) {
          x++;
          continue;
        }
        const x0 = x;
        while (x < TILES_X && cells[y * TILES_X + x] === 0) x++;
        out.push({ kind: "box", minX: x0 * TILE, minY: y * TILE, maxX: x * TILE, maxY: (y + 1) * TILE });
      }
    }
    return out;
  }
  const pieces = (region: PolygonWithHoles) => {
    const mesh = buildNavMeshFromPolygons([region], { maxVertsPerPoly: 6 });
    for (let p = 0; p < mesh.polyCount; p++) out.push({ kind: "polygon", points: polygonPoints(mesh, p).flatMap((q) => [q.x, q.y]) });
  };
  // Outside the outer rings: a padded frame with the outer rings as holes.
  pieces({ outer: [-40, -40, W + 40, -40, W + 40, H + 40, -40, H + 40], holes: regions.map((r) => r.outer) });
  for (const r of regions) for (const hole of Array.from(r.holes ?? [])) pieces({ outer: hole });
  return out;
}

const page: DemoPage = {
  id: "navmesh-build",
  title: "Navmesh building: draw, paint, graphs",
  package: "navmesh",
  order: 0,
  guide: "guide/navmesh-building",
  description:
    'Build a navmesh the way the gamedev.net article "Navigation Graph Generation" (2011) describes: draw an outer ring and holes (press "draw new shape", click vertices, click the first vertex to close a ring) or paint walls on a tilemap (left-drag paints, right-drag erases). See the constrained Delaunay triangles, the convex polygons Hertel–Mehlhorn merges them into (at most "max vertices per polygon"), the walkable area eroded by the agent radius, and each navigation graph: designer waypoints joined by Delaunay with the validator\'s warnings (Voronoi-cell criterion, blocked corridors), the art-gallery graph, the dual graph at triangle incentres, its hierarchical super-graph of regions, and the directed navpoint graph of "Pathfinding With the C4 Game Engine" (2007) over a ledge you can jump down but not climb.',
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let ready = false;
    let source: Source = urlParam("source") === "tilemap" ? "tilemap" : "polygons";
    let shape: ShapeName = "room with pillars";
    const seedParam = Number(urlParam("seed"));
    let seed = Number.isInteger(seedParam) && seedParam >= 0 && seedParam < 1e9 ? seedParam : 3;
    let drawn: number[][] = parseRings(urlParam("rings"));
    let open: number[] = [];
    let cells = parseWalls(urlParam("walls")) ?? tilemapPreset(seed);
    let agentRadius = 0;
    let maxVerts = 6;
    let epsilon = 3;
    let view: View = "triangles + polygons";
    let graphName: GraphName = "none";
    let waypointCount = 14;
    let waypointSeed = 1;
    const extraWaypoints: number[] = [];

    let mesh: NavMesh | null = null;
    let triangles: { x: number; y: number }[][] = [];
    let error = "";
    let buildMs = 0;
    let graph: NavGraph | null = null;
    let hier: HierarchicalGraph | null = null;
    let hierPath: number[] = [];
    let hierText = "";
    let warnings: readonly WaypointWarning[] = [];
    let removedEdges: readonly number[] = [];
    let graphMs = 0;
    let waypoints: number[] = [];

    const warningList = el("ol", "nav-warnings");
    warningList.style.cssText = "margin:0;padding-left:20px;font-size:12px;max-height:180px;overflow-y:auto;color:#e0af68";
    const warningTitle = el("div", "", "validator warnings");
    warningTitle.style.cssText = "font-size:13px;color:#a9b1d6";

    const regions = (): PolygonWithHoles[] => shapeRegions(shape, seed, drawn);
    const cdtOptions = () => ({ agentRadius, tolerance: Math.max(0.5, agentRadius / 8) });

    function rebuild(): void {
      if (!ready) return;
      error = "";
      mesh = null;
      triangles = [];
      const t0 = performance.now();
      try {
        if (source === "polygons") {
          const regs = regions();
          if (regs.length > 0) {
            const tri = triangulatePolygonsCdt(regs, cdtOptions());
            for (let t = 0; t < tri.triangles.length; t += 3) {
              triangles.push([0, 1, 2].map((k) => ({ x: tri.vertices[2 * tri.triangles[t + k]!]!, y: tri.vertices[2 * tri.triangles[t + k]! + 1]! })));
            }
            mesh = buildNavMeshCdt(regs, { ...cdtOptions(), maxVertsPerPoly: maxVerts });
          }
        } else {
          const base = { cellSize: TILE, epsilon, agentRadius };
          const tri = buildNavMeshFromTilemap(cells, TILES_X, TILES_Y, { ...base, maxVertsPerPoly: 3 });
          for (let p = 0; p < tri.polyCount; p++) triangles.push(polygonPoints(tri, p));
          mesh = buildNavMeshFromTilemap(cells, TILES_X, TILES_Y, { ...base, maxVertsPerPoly: maxVerts });
        }
      } catch (e) {
        error = isTacticaError(e) ? `${e.code}: ${e.message.replace(/^@tactica\/navmesh: /, "")}` : String(e);
        mesh = null;
      }
      buildMs = performance.now() - t0;
      rebuildGraph();
    }

    function makeWaypoints(): void {
      waypoints = [];
      if (!mesh || mesh.polyCount === 0) return;
      const rng = createRng(waypointSeed);
      const p = { x: 0, y: 0 };
      for (let i = 0; i < waypointCount; i++) {
        if (findRandomPoint(p, mesh, rng) >= 0) waypoints.push(p.x, p.y);
      }
      waypoints.push(...extraWaypoints);
    }

    function graphRegions(): PolygonWithHoles[] {
      if (source === "polygons" || !mesh) return regions();
      // A tilemap's walkable area: its (already eroded) convex polygons, welded by the triangulation.
      const out: PolygonWithHoles[] = [];
      for (let p = 0; p < mesh.polyCount; p++) out.push({ outer: polygonPoints(mesh, p).flatMap((q) => [q.x, q.y]) });
      return out;
    }

    function rebuildGraph(): void {
      graph = null;
      hier = null;
      hierPath = [];
      hierText = "";
      warnings = [];
      removedEdges = [];
      makeWaypoints();
      const t0 = performance.now();
      if (mesh && graphName !== "none") {
        try {
          const m = mesh;
          const opts = source === "polygons" ? cdtOptions() : {};
          if (graphName === "waypoints (Delaunay + validator)") {
            const result = buildWaypointGraph(waypoints, blockersOf(regions(), source === "tilemap" ? cells : null), { agentRadius, bounds: [0, 0, W, H] });
            graph = result.graph;
            warnings = result.warnings;
            removedEdges = result.removedEdges;
          } else if (graphName === "art gallery") {
            graph = buildArtGalleryGraph(graphRegions(), opts);
          } else if (graphName === "dual (incentres)") {
            graph = buildDualGraph(graphRegions(), opts);
          } else if (graphName === "hierarchical") {
            const base = buildDualGraph(graphRegions(), opts);
            graph = base;
            hier = buildHierarchicalGraph(base, { regionSize: 200 });
            const clear = (x0: number, y0: number, x1: number, y1: number) => hasNavMeshLineOfSight(m, x0, y0, x1, y1);
            const probe = { x: 0, y: 0 };
            findNearestPoint(probe, m, 40, H - 40);
            const a = findNearestClearNode(base, probe.x, probe.y, clear);
            findNearestPoint(probe, m, W - 40, 40);
            const b = findNearestClearNode(base, probe.x, probe.y, clear);
            if (a >= 0 && b >= 0) {
              const out = createHierarchicalPathResult(base.nodeCount);
              findHierarchicalPath(out, hier, a, b);
              if (out.flags & PathFlags.Found) hierPath = Array.from(out.path.subarray(0, out.length));
              hierText = `query lower left → upper right: ${out.flags & PathFlags.Found ? `path of ${out.length} nodes` : "no path"}, ${out.superExpanded} region and ${out.expanded} base expansions`;
            }
          } else if (graphName === "navpoints (directed)") {
            const pts: number[] = [];
            for (let i = 0; i < waypoints.length; i += 2) pts.push(waypoints[i]!, waypoints[i + 1]!, terrainHeight(waypoints[i]!, waypoints[i + 1]!));
            graph = buildNavpointGraph(pts, {
              heightAt: terrainHeight,
              maxStepUp: 6,
              maxDropSlope: Infinity,
              sampleStep: 4,
              maxRadius: 300,
              maxVertical: 60,
              pruneAngle: 0.3,
              isBlocked: (ax, ay, _az, bx, by) => !hasNavMeshLineOfSight(m, ax, ay, bx, by),
            });
          }
        } catch (e) {
          error = isTacticaError(e) ? `${e.code}: ${e.message.replace(/^@tactica\/navmesh: /, "")}` : String(e);
        }
      }
      graphMs = performance.now() - t0;
      renderWarnings();
      render();
    }

    function renderWarnings(): void {
      warningList.replaceChildren();
      const show = graphName === "waypoints (Delaunay + validator)";
      warningList.hidden = !show;
      warningTitle.hidden = !show;
      if (!show) return;
      warningTitle.textContent = `validator warnings: ${warnings.length}`;
      if (warnings.length === 0) warningList.append(el("li", "", "none: every node is reachable from its Voronoi cell"));
      for (const w of warnings.slice(0, 40)) warningList.append(el("li", "", `${w.kind} (node ${w.node}${w.other >= 0 ? `–${w.other}` : ""}): ${w.message}`));
      if (warnings.length > 40) warningList.append(el("li", "", `… ${warnings.length - 40} more`));
    }

    function render(): void {
      draw.clear();
      const ctx = draw.ctx;
      // Background grid (50 px), so an empty drawing still shows where clicks land.
      for (let x = 0; x <= W; x += 50) draw.line(x, 0, x, H, { color: "#161c2b", width: 1 });
      for (let y = 0; y <= H; y += 50) draw.line(0, y, W, y, { color: "#161c2b", width: 1 });
      if (source === "tilemap") {
        for (let y = 0; y < TILES_Y; y++)
          for (let x = 0; x < TILES_X; x++) if (cells[y * TILES_X + x] === 0) draw.rect(x * TILE, y * TILE, TILE, TILE, { color: "#3a3f52", fill: true });
      } else {
        // The input rings: walkable outline green, holes red.
        for (const r of regions()) {
          const ring = (a: ArrayLike<number>) => Array.from({ length: a.length / 2 }, (_, i) => ({ x: a[2 * i]!, y: a[2 * i + 1]! }));
          draw.polygon(ring(r.outer), { color: "#9ece6a", width: 1.5, alpha: 0.8 });
          for (const h of Array.from(r.holes ?? [])) {
            draw.polygon(ring(h), { color: "#3a3f52", fill: true });
            draw.polygon(ring(h), { color: "#f7768e", width: 1.5, alpha: 0.8 });
          }
        }
      }
      if (mesh) {
        const showTris = view !== "merged polygons";
        const showPolys = view !== "triangles";
        for (let p = 0; p < mesh.polyCount; p++) draw.polygon(polygonPoints(mesh, p), { color: "#1a2136", fill: true, alpha: 0.85 });
        if (showTris) for (const t of triangles) draw.polygon(t, { color: "#3b4a75", width: 1, alpha: graph ? 0.5 : 1 });
        if (showPolys) drawMesh(draw, mesh, "rgba(0,0,0,0)", graph ? "#3d5a9e" : "#7aa2f7");
      }
      if (graphName === "navpoints (directed)") {
        draw.rect(560, 330, 220, 250, { color: "#3d2f66", fill: true, alpha: 0.45 });
        ctx.save();
        const g = ctx.createLinearGradient(480, 0, 560, 0);
        g.addColorStop(0, "rgba(61,47,102,0)");
        g.addColorStop(1, "rgba(61,47,102,0.45)");
        ctx.fillStyle = g;
        ctx.fillRect(480, 330, 80, 100);
        ctx.restore();
        draw.text(566, 574, "ledge, height 40: jump down only", { color: "#bb9af7" });
        draw.text(484, 446, "ramp", { color: "#bb9af7" });
      }
      if (graph) {
        if (hier) {
          const colors = Array.from(hier.regionOf, (r) => REGION_COLORS[r % REGION_COLORS.length]!);
          drawGraph(draw, graph, { color: "#565f89", nodeColors: colors });
          const sg = hier.superGraph;
          for (let a = 0; a < hier.regionCount; a++)
            for (let k = sg.offsets[a]!; k < sg.offsets[a + 1]!; k++) {
              const b = sg.targets[k]!;
              if (a < b) draw.line(hier.regionX[a]!, hier.regionY[a]!, hier.regionX[b]!, hier.regionY[b]!, { color: "#c0caf5", width: 2.5, alpha: 0.8 });
            }
          for (let a = 0; a < hier.regionCount; a++)
            draw.circle(hier.regionX[a]!, hier.regionY[a]!, 7, { color: REGION_COLORS[a % REGION_COLORS.length]!, fill: true });
          if (hierPath.length > 1)
            draw.polyline(
              hierPath.map((n) => ({ x: graph!.x[n]!, y: graph!.y[n]! })),
              false,
              { color: "#9ece6a", width: 3 },
            );
        } else {
          drawGraph(draw, graph, { directed: graphName === "navpoints (directed)", discs: graphName === "dual (incentres)" });
        }
        for (let i = 0; i < removedEdges.length; i += 2) {
          const a = removedEdges[i]!,
            b = removedEdges[i + 1]!;
          ctx.save();
          ctx.setLineDash([4, 4]);
          draw.line(waypoints[2 * a]!, waypoints[2 * a + 1]!, waypoints[2 * b]!, waypoints[2 * b + 1]!, { color: "#f7768e", width: 1, alpha: 0.6 });
          ctx.restore();
        }
        for (const w of warnings) {
          draw.circle(w.x, w.y, 7, { color: "#ff9e64", width: 2 });
          draw.text(w.x + 8, w.y - 6, "!", { color: "#ff9e64" });
        }
        if (graphName.startsWith("waypoints") || graphName.startsWith("navpoints"))
          for (let i = 0; i < graph.nodeCount; i++) draw.text(graph.x[i]! + 5, graph.y[i]! + 12, String(i), { color: "#a9b1d6" });
      }
      // The ring being drawn.
      if (source === "polygons" && shape === "drawn") {
        const pts = Array.from({ length: open.length / 2 }, (_, i) => ({ x: open[2 * i]!, y: open[2 * i + 1]! }));
        if (pts.length) draw.polyline(pts, false, { color: "#e0af68", width: 2 });
        pts.forEach((p, i) => draw.circle(p.x, p.y, i === 0 ? 7 : 4, { color: "#e0af68", fill: i !== 0, width: 2 }));
        const hint =
          drawn.length === 0
            ? open.length === 0
              ? "click to place the outer ring's vertices"
              : "click the first vertex (circle) to close the outer ring"
            : open.length === 0
              ? "click to start a hole, or pick a graph"
              : "click the first vertex (circle) to close the hole";
        draw.text(W - 10 - hint.length * 7.2, H - 10, hint, { color: "#e0af68" });
      }
      if (error) {
        draw.rect(0, H - 44, W, 44, { color: "#3b1620", fill: true, alpha: 0.9 });
        draw.text(10, H - 26, error.length > 105 ? `${error.slice(0, 105)}…` : error, { color: "#f7768e" });
        if (error.length > 105) draw.text(10, H - 10, error.slice(105, 210), { color: "#f7768e" });
      }
      const tris = triangles.length;
      let text =
        source === "polygons"
          ? `${shape}${shape === "room with pillars" ? ` (seed ${seed})` : ""}, agent radius ${agentRadius}`
          : `tilemap ${TILES_X}×${TILES_Y} (${TILE} px cells), ε ${epsilon}, agent radius ${agentRadius}`;
      if (mesh) {
        text += `\n${source === "polygons" ? "CDT" : "contours → ear clipping"}: ${tris} triangles\nmerged: ${mesh.polyCount} convex polygons (≤ ${maxVerts} vertices)\nbuild ${buildMs.toFixed(1)} ms`;
      } else if (error) text += `\nerror: ${error}`;
      else text += "\nno mesh yet";
      if (graph) {
        text += `\ngraph: ${graph.nodeCount} nodes, ${graph.edges.edgeCount} directed edges, ${graphMs.toFixed(1)} ms`;
        if (graphName.startsWith("waypoints")) text += `\n${removedEdges.length / 2} Delaunay edges blocked, ${warnings.length} warnings`;
        if (hier) text += `\n${hier.regionCount} regions, ${hier.portals.length} portal nodes\n${hierText}`;
      }
      stats.textContent = text;
      canvas.dataset["polyCount"] = String(mesh?.polyCount ?? 0);
      canvas.dataset["triangleCount"] = String(tris);
      canvas.dataset["graphNodes"] = String(graph?.nodeCount ?? 0);
      canvas.dataset["warnings"] = String(warnings.length);
      canvas.dataset["error"] = error;
    }

    // Controls.
    const sourceSelect = select(panel, "source", SOURCES, source, (v) => {
      source = v;
      setUrlParam("source", v === "polygons" ? undefined : v);
      rebuild();
    });
    const shapeSelect = select(panel, "shape", SHAPES, shape, (v) => {
      shape = v;
      open = [];
      rebuild();
    });
    button(panel, "draw new shape", () => {
      source = "polygons";
      sourceSelect.value = "polygons";
      setUrlParam("source", undefined);
      shape = "drawn";
      shapeSelect.value = "drawn";
      setUrlParam("shape", "drawn");
      drawn = [];
      open = [];
      setUrlParam("rings", undefined);
      rebuild();
    });
    const closeRing = (): void => {
      if (open.length < 6) return;
      drawn.push(open);
      open = [];
      setUrlParam("rings", formatRings(drawn));
      rebuild();
    };
    button(panel, "close ring", closeRing);
    button(panel, "new seed (pillars, tilemap)", () => {
      seed++;
      setUrlParam("seed", seed);
      cells = tilemapPreset(seed);
      setUrlParam("walls", undefined);
      rebuild();
    });
    slider(panel, "agent radius", 0, 30, 1, agentRadius, (v) => {
      agentRadius = v;
      rebuild();
    });
    select(panel, "max vertices per polygon", ["3", "4", "5", "6"] as const, "6", (v) => {
      maxVerts = Number(v);
      rebuild();
    });
    slider(panel, "tilemap ε", 0, 30, 1, epsilon, (v) => {
      epsilon = v;
      if (source === "tilemap") rebuild();
    });
    select(panel, "show", VIEWS, view, (v) => {
      view = v;
      render();
    });
    select(panel, "graph", GRAPHS, graphName, (v) => {
      graphName = v;
      rebuildGraph();
    });
    slider(panel, "waypoints", 3, 40, 1, waypointCount, (v) => {
      waypointCount = v;
      rebuildGraph();
    });
    button(panel, "new waypoints", () => {
      waypointSeed++;
      extraWaypoints.length = 0;
      rebuildGraph();
    });
    panel.insertBefore(warningTitle, stats);
    panel.insertBefore(warningList, stats);
    if (drawn.length > 0 && urlParam("shape") === undefined) {
      shape = "drawn";
      shapeSelect.value = "drawn";
      setUrlParam("shape", "drawn");
    }

    // Pointer: draw rings, paint cells, or place waypoints.
    const toWorld = (e: MouseEvent): { x: number; y: number } => {
      const rect = canvas.getBoundingClientRect();
      return { x: ((e.clientX - rect.left) * W) / rect.width, y: ((e.clientY - rect.top) * H) / rect.height };
    };
    let painting: 0 | 1 | null = null;
    const paintAt = (p: { x: number; y: number }): void => {
      const cx = Math.floor(p.x / TILE),
        cy = Math.floor(p.y / TILE);
      if (cx < 0 || cy < 0 || cx >= TILES_X || cy >= TILES_Y || painting === null) return;
      if (cells[cy * TILES_X + cx] === painting) return;
      cells[cy * TILES_X + cx] = painting;
      rebuild();
    };
    const down = (e: MouseEvent): void => {
      const p = toWorld(e);
      if (source === "tilemap") {
        painting = e.button === 2 || e.shiftKey ? 1 : 0;
        paintAt(p);
        return;
      }
      if (e.button !== 0) return;
      if (shape === "drawn") {
        if (open.length >= 6 && Math.hypot(p.x - open[0]!, p.y - open[1]!) <= 10) closeRing();
        else {
          open.push(Math.round(p.x), Math.round(p.y));
          render();
        }
      } else if (graphName.startsWith("waypoints") || graphName.startsWith("navpoints")) {
        extraWaypoints.push(p.x, p.y);
        rebuildGraph();
      }
    };
    const move = (e: MouseEvent): void => {
      if (painting !== null) paintAt(toWorld(e));
    };
    const up = (): void => {
      if (painting === null) return;
      painting = null;
      setUrlParam("walls", formatWalls(cells));
    };
    const context = (e: MouseEvent): void => {
      e.preventDefault();
      if (source === "polygons" && shape === "drawn") {
        if (open.length) open.length -= 2;
        else if (drawn.length) {
          drawn.pop();
          setUrlParam("rings", drawn.length ? formatRings(drawn) : undefined);
          rebuild();
          return;
        }
        render();
      } else if (source === "polygons" && extraWaypoints.length) {
        extraWaypoints.length -= 2;
        rebuildGraph();
      }
    };
    canvas.addEventListener("mousedown", down);
    canvas.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
    canvas.addEventListener("contextmenu", context);
    ready = true;
    rebuild();
    return () => {
      canvas.removeEventListener("mousedown", down);
      canvas.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", up);
      canvas.removeEventListener("contextmenu", context);
    };
  },
};

export default page;
