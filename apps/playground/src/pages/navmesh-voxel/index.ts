import { StancePresets, buildStanceNavMesh, buildVoxelNavMesh, findPath, voxelConfigFromWorld, type NavMesh, type VoxelNavMeshBuild } from "@tactica/navmesh";
import type { DemoPage } from "../../demo";
import { demoLayout, select, slider } from "../../ui";

const W = 800;
const H = 600;
/** Pixels per metre: the scene is 20 m × 15 m. */
const S = 40;

type Stage = "spans" | "compact" | "distance" | "regions" | "raw contours" | "contours" | "polygons" | "detail" | "stances";
const STAGES: readonly Stage[] = ["spans", "compact", "distance", "regions", "raw contours", "contours", "polygons", "detail", "stances"];

interface Soup {
  positions: number[];
  triangles: number[];
}

function quad(s: Soup, a: number[], b: number[], c: number[], d: number[], twoSided = false): void {
  const n = s.positions.length / 3;
  s.positions.push(...a, ...b, ...c, ...d);
  s.triangles.push(n, n + 1, n + 2, n, n + 2, n + 3);
  if (twoSided) s.triangles.push(n, n + 2, n + 1, n, n + 3, n + 2);
}
const floor = (s: Soup, x0: number, z0: number, x1: number, z1: number, y: number): void => quad(s, [x0, y, z0], [x0, y, z1], [x1, y, z1], [x1, y, z0]);
const wall = (s: Soup, x0: number, z0: number, x1: number, z1: number, y0: number, y1: number): void =>
  quad(s, [x0, y0, z0], [x1, y0, z1], [x1, y1, z1], [x0, y1, z0], true);
function box(s: Soup, x0: number, z0: number, x1: number, z1: number, y0: number, y1: number): void {
  wall(s, x0, z0, x1, z0, y0, y1);
  wall(s, x1, z0, x1, z1, y0, y1);
  wall(s, x1, z1, x0, z1, y0, y1);
  wall(s, x0, z1, x0, z0, y0, y1);
  floor(s, x0, z0, x1, z1, y1);
}

/** A 20 m × 15 m room: pillars, a table 1.5 m high, stairs up to a platform, a low tunnel. */
function makeScene(): Soup {
  const s: Soup = { positions: [], triangles: [] };
  floor(s, 0, 0, 20, 15, 0);
  for (const [x0, z0, x1, z1] of [
    [0, 0, 20, 0],
    [20, 0, 20, 15],
    [20, 15, 0, 15],
    [0, 15, 0, 0],
  ] as const)
    wall(s, x0, z0, x1, z1, 0, 3);
  for (const [x, z] of [
    [3, 3],
    [3, 11],
    [10, 12],
  ] as const)
    box(s, x, z, x + 1, z + 1, 0, 3);
  // Table: top at 1.5 m on four legs (crouch space under it).
  floor(s, 6, 4, 10, 8, 1.5);
  quad(s, [6, 1.4, 4], [10, 1.4, 4], [10, 1.4, 8], [6, 1.4, 8]);
  for (const [x, z] of [
    [6, 4],
    [9.8, 4],
    [9.8, 7.8],
    [6, 7.8],
  ] as const)
    box(s, x, z, x + 0.2, z + 0.2, 0, 1.4);
  // Stairs (0.2 m steps) up to a 1.2 m platform.
  for (let k = 0; k < 6; k++) box(s, 12 + k * 0.5, 2, 12.5 + k * 0.5, 6, 0, 0.2 * (k + 1));
  box(s, 15, 2, 19, 8, 0, 1.2);
  // A low tunnel (0.9 m): prone space only.
  floor(s, 12, 10, 17, 12, 0.9);
  quad(s, [12, 0.85, 10], [17, 0.85, 10], [17, 0.85, 12], [12, 0.85, 12]);
  return s;
}

function heightColor(y: number, maxY: number): string {
  const t = Math.max(0, Math.min(1, y / Math.max(maxY, 1e-6)));
  return `hsl(${210 - 170 * t}, 55%, ${30 + 30 * t}%)`;
}
function idColor(id: number): string {
  return `hsl(${(id * 137.508) % 360}, 60%, 55%)`;
}
const STANCE_COLORS: Record<number, string> = { 0: "#4f7cc9", 10: "#d9a23a", 20: "#b455c9" };

const page: DemoPage = {
  id: "navmesh-voxel",
  title: "Navmesh generation: voxels to polygons, stage by stage",
  package: "navmesh",
  order: 2,
  guide: "guide/navmesh-generation",
  description:
    "A room (pillars, a 1.5 m table, stairs to a platform, a low tunnel) voxelised and turned into a navmesh. Pick a stage to see it top-down with height shading, move the sliders to rebuild; left-click sets the start, right-click the goal. The stances stage builds stand, crouch and prone in one mesh; raise the crouch cost to walk round the table.",
  code: `const build = buildVoxelNavMesh(positions, triangles, voxelConfigFromWorld({ cellSize, cellHeight, agentHeight, agentRadius, agentMaxClimb, agentMaxSlope }), { keepIntermediates: true });
const stances = buildStanceNavMesh(positions, triangles, [{ name: "stand", agent: StancePresets.stand, area: 63 }, { name: "crouch", agent: StancePresets.crouch, area: 10 }], { cellSize, cellHeight });`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const scene = makeScene();
    let stage: Stage = "polygons";
    let cellSize = 0.2,
      radius = 0.4,
      height = 2,
      climb = 0.3,
      slope = 45,
      crouchCost = 1;
    let build: VoxelNavMeshBuild | undefined;
    let stanceMesh: NavMesh | undefined;
    let buildMs = 0;
    let start = { x: 1.5, y: 7.5 },
      goal = { x: 18, y: 13 };
    let ready = false;

    function rebuild(): void {
      if (!ready) return;
      const t0 = performance.now();
      const config = voxelConfigFromWorld({
        cellSize,
        cellHeight: 0.05,
        agentHeight: height,
        agentRadius: radius,
        agentMaxClimb: climb,
        agentMaxSlope: slope,
        regionMinSize: 4,
      });
      build = buildVoxelNavMesh(scene.positions, scene.triangles, config, { keepIntermediates: true });
      stanceMesh =
        stage === "stances"
          ? buildStanceNavMesh(
              scene.positions,
              scene.triangles,
              [
                { name: "stand", agent: StancePresets.stand, area: 63 },
                { name: "crouch", agent: StancePresets.crouch, area: 10 },
                { name: "prone", agent: StancePresets.prone, area: 20 },
              ],
              { cellSize, cellHeight: 0.05, regionMinSize: 4 },
            ).navMesh
          : undefined;
      buildMs = performance.now() - t0;
      render();
    }

    function drawMesh(mesh: NavMesh, colorOf: (p: number) => string): void {
      for (let p = 0; p < mesh.polyCount; p++) {
        const pts: { x: number; y: number }[] = [];
        for (let i = 0; i < mesh.polyVertCount[p]!; i++) {
          const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!;
          pts.push({ x: mesh.vertices[2 * v]! * S, y: mesh.vertices[2 * v + 1]! * S });
        }
        draw.polygon(pts, { color: colorOf(p), fill: true, alpha: 0.85 });
        draw.polygon(pts, { color: "#0f1420", width: 1 });
      }
    }

    function render(): void {
      draw.clear();
      if (!build) return;
      const hf = build.heightfield!,
        chf = build.compact!,
        cs = build.contours!;
      const cell = hf.cellSize * S;
      const maxY = 1.6;
      if (stage === "spans") {
        for (let z = 0; z < hf.depth; z++)
          for (let x = 0; x < hf.width; x++) {
            let top = -1,
              walk = false;
            for (let s = hf.head[x + z * hf.width]!; s !== -1; s = hf.spanNext[s]!) {
              top = hf.spanMax[s]!;
              walk = hf.spanArea[s] !== 0;
            }
            if (top < 0) continue;
            const y = hf.bmin[1]! + top * hf.cellHeight;
            draw.rect((hf.bmin[0]! + x * hf.cellSize) * S, (hf.bmin[2]! + z * hf.cellSize) * S, cell, cell, {
              color: walk ? heightColor(y, maxY) : "#3a3f4b",
              fill: true,
            });
          }
      } else if (stage === "compact" || stage === "distance" || stage === "regions") {
        for (let z = 0; z < chf.depth; z++)
          for (let x = 0; x < chf.width; x++) {
            const c = x + z * chf.width;
            for (let i = chf.cellIndex[c]!; i < chf.cellIndex[c]! + chf.cellCount[c]!; i++) {
              if (chf.areas[i] === 0 && stage !== "distance") continue;
              const color =
                stage === "compact"
                  ? heightColor(chf.bmin[1]! + chf.y[i]! * chf.cellHeight, maxY)
                  : stage === "distance"
                    ? `hsl(200, 30%, ${10 + (70 * chf.dist[i]!) / Math.max(1, chf.maxDistance)}%)`
                    : chf.regions[i]
                      ? idColor(chf.regions[i]!)
                      : "#222";
              draw.rect((chf.bmin[0]! + x * chf.cellSize) * S, (chf.bmin[2]! + z * chf.cellSize) * S, cell, cell, { color, fill: true });
            }
          }
      } else if (stage === "raw contours" || stage === "contours") {
        const raw = stage === "raw contours";
        for (let k = 0; k < cs.count; k++) {
          const start = raw ? cs.rawStart[k]! : cs.vertStart[k]!,
            n = raw ? cs.rawCount[k]! : cs.vertCount[k]!,
            v = raw ? cs.rawVerts : cs.verts;
          const pts = [];
          for (let i = 0; i < n; i++)
            pts.push({ x: (cs.bmin[0]! + v[(start + i) * 4]! * cs.cellSize) * S, y: (cs.bmin[2]! + v[(start + i) * 4 + 2]! * cs.cellSize) * S });
          draw.polyline(pts, true, { color: idColor(cs.region[k]!), width: 2 });
        }
      } else if (stage === "polygons") {
        const m = build.navMesh;
        drawMesh(m, (p) => heightColor(m.heights[m.polyVerts[p * m.maxVertsPerPoly]!]!, maxY));
      } else if (stage === "detail") {
        const d = build.detail;
        for (let p = 0; p < d.meshTriStart.length; p++) {
          const v0 = d.meshVertStart[p]!;
          for (let t = d.meshTriStart[p]!; t < d.meshTriStart[p]! + d.meshTriCount[p]!; t++) {
            const pts = [0, 1, 2].map((k) => {
              const v = v0 + d.tris[3 * t + k]!;
              return { x: d.verts[3 * v]! * S, y: d.verts[3 * v + 2]! * S };
            });
            const y = (d.verts[3 * (v0 + d.tris[3 * t]!) + 1]! + d.verts[3 * (v0 + d.tris[3 * t + 1]!) + 1]! + d.verts[3 * (v0 + d.tris[3 * t + 2]!) + 1]!) / 3;
            draw.polygon(pts, { color: heightColor(y, maxY), fill: true });
            draw.polygon(pts, { color: "#0f1420", width: 0.5 });
          }
        }
      } else if (stanceMesh) {
        const m = stanceMesh;
        drawMesh(m, (p) => STANCE_COLORS[m.areas[p]!] ?? "#888");
      }
      const mesh = stage === "stances" && stanceMesh ? stanceMesh : build.navMesh;
      const costs = new Float64Array(64).fill(1);
      costs[10] = crouchCost;
      costs[20] = crouchCost * 2;
      const r = mesh.polyCount > 0 ? findPath(mesh, { x: start.x, y: start.y }, { x: goal.x, y: goal.y }, { areaCosts: costs }) : undefined;
      if (r && r.path.length > 1)
        draw.polyline(
          r.path.map((p) => ({ x: p.x * S, y: p.y * S })),
          false,
          { color: "#f3f3f3", width: 2.5 },
        );
      draw.circle(start.x * S, start.y * S, 6, { color: "#5fd068", fill: true });
      draw.circle(goal.x * S, goal.y * S, 6, { color: "#e0605a", fill: true });
      const rep = build.report;
      stats.textContent = [
        `stage: ${stage}`,
        `grid ${rep.gridWidth} × ${rep.gridDepth}, spans ${rep.spanCount}, walkable ${rep.compactSpanCount}`,
        `regions ${rep.regionCount}, contours ${rep.contourCount}, polygons ${rep.polyCount}, detail triangles ${rep.detailTriangleCount}`,
        `build ${buildMs.toFixed(1)} ms` + (r ? `, path ${r.found ? r.length.toFixed(1) + " m" : "none"}` : ""),
      ].join("\n");
    }

    select(panel, "stage", STAGES, stage, (v) => {
      stage = v;
      rebuild();
    });
    slider(panel, "cell size (m)", 0.1, 0.4, 0.05, cellSize, (v) => {
      cellSize = v;
      rebuild();
    });
    slider(panel, "agent radius (m)", 0, 1, 0.1, radius, (v) => {
      radius = v;
      rebuild();
    });
    slider(panel, "agent height (m)", 0.5, 2.5, 0.1, height, (v) => {
      height = v;
      rebuild();
    });
    slider(panel, "max climb (m)", 0, 1, 0.05, climb, (v) => {
      climb = v;
      rebuild();
    });
    slider(panel, "max slope (°)", 10, 60, 5, slope, (v) => {
      slope = v;
      rebuild();
    });
    slider(panel, "crouch cost ×", 1, 8, 0.5, crouchCost, (v) => {
      crouchCost = v;
      render();
    });
    const onDown = (e: MouseEvent): void => {
      const rect = canvas.getBoundingClientRect();
      const p = { x: ((e.clientX - rect.left) * (W / rect.width)) / S, y: ((e.clientY - rect.top) * (H / rect.height)) / S };
      if (e.button === 2) goal = p;
      else start = p;
      render();
    };
    const onMenu = (e: Event): void => e.preventDefault();
    canvas.addEventListener("mousedown", onDown);
    canvas.addEventListener("contextmenu", onMenu);
    ready = true;
    rebuild();
    return () => {
      canvas.removeEventListener("mousedown", onDown);
      canvas.removeEventListener("contextmenu", onMenu);
    };
  },
};

export default page;
