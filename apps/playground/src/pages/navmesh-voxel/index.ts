import {
  StancePresets,
  WALKABLE_AREA,
  addTileCacheObstacle,
  buildNavMeshFromTileCache,
  buildStanceNavMesh,
  buildVoxelNavMesh,
  createNavMeshQuery,
  createNavPath,
  createStraightPath,
  createSwimPath,
  createTagCost,
  createTileCache,
  createTiledNavMeshInput,
  findNavMeshPath,
  findPolygon,
  findPolygonPath,
  findStraightPath,
  markPolygonArea,
  raiseSwimPath,
  rebuildNavMeshTile,
  removeTileCacheObstacle,
  updateTileCache,
  voxelConfigFromWorld,
  type NavMesh,
  type TileCache,
  type TileCacheObstacle,
  type StancePass,
  type VoxelConfig,
  type VoxelNavMeshBuild,
} from "@tactica/navmesh";
import type { DemoPage } from "../../demo";
import { demoLayout, select, slider } from "../../ui";
import { FOREST_VOLUMES, FORESTED, POND, SWIM_AREA, makeScene } from "./scene";

const W = 800;
const H = 600;
/** Pixels per metre: the scene is 20 m × 15 m. */
const S = 40;

type Stage = "spans" | "compact" | "distance" | "regions" | "raw contours" | "contours" | "polygons" | "detail" | "stances" | "tiles";
const STAGES: readonly Stage[] = ["spans", "compact", "distance", "regions", "raw contours", "contours", "polygons", "detail", "stances", "tiles"];
/** What a left click does in the tiles view. */
type TileAction = "path start" | "rebuild tile" | "cylinder" | "box";
const TILE_ACTIONS: readonly TileAction[] = ["path start", "rebuild tile", "cylinder", "box"];
/** Tile side in cells for the tiles view. */
const TILE_CELLS = 32;
type Partition = NonNullable<VoxelConfig["partition"]>;
const PARTITIONS: readonly Partition[] = ["watershed", "monotone", "layers"];
const FORESTS = Object.keys(FOREST_VOLUMES);
const FOREST_COLOR = "#3f9a4c";
const UNTAGGED_COLOR = "#55657e";

interface PlacedObstacle {
  handle: number;
  shape: TileCacheObstacle;
  x: number;
  z: number;
}

function heightColor(y: number, maxY: number): string {
  const t = Math.max(0, Math.min(1, y / Math.max(maxY, 1e-6)));
  return `hsl(${210 - 170 * t}, 55%, ${30 + 30 * t}%)`;
}
function idColor(id: number): string {
  return `hsl(${(id * 137.508) % 360}, 60%, 55%)`;
}
const STANCE_COLORS: Record<number, string> = { 0: "#4f7cc9", 10: "#d9a23a", 20: "#b455c9", [SWIM_AREA]: "#35b5c9" };

const page: DemoPage = {
  id: "navmesh-voxel",
  title: "Navmesh generation: voxels to polygons, stage by stage",
  package: "navmesh",
  order: 2,
  guide: "guide/navmesh-generation",
  description:
    "A room (pillars, a 1.5 m table, stairs to a platform, a low tunnel) voxelised and turned into a navmesh. Pick a stage to see it top-down with height shading, move the sliders to rebuild; left-click sets the start, right-click the goal. The stances stage builds stand, crouch and prone in one mesh; raise the crouch cost to walk round the table. The tiles stage builds in 32-cell tiles with a tile cache: click a tile to rebuild it, or drop cylinders and boxes (click one again to remove it) and see which tiles rebuild. Partition picks watershed, monotone or layer regions; a forest volume tags its polygons (green) and its cost sends the path round it; swim (polygons and stances stages) adds a 1.8 m deep pond where the swim stance takes the floor and the path's swim vertices rise to the surface.",
  code: `const config = { ...voxelConfigFromWorld({ cellSize, cellHeight, agentHeight, agentRadius, agentMaxClimb, agentMaxSlope }), partition: "monotone" };
const build = buildVoxelNavMesh(positions, triangles, config, {
  keepIntermediates: true,
  markAreas: (chf) => markPolygonArea(chf, forestXz, -1, 3, WALKABLE_AREA, { tag: FORESTED }),
});
const path = findNavMeshPath(build.navMesh, start, goal, { polyCost: createTagCost(build.navMesh, { [FORESTED]: forestCost }) });
const swim = buildStanceNavMesh(positions, triangles, [{ name: "stand", agent: StancePresets.stand, area: 63 }, { name: "swim", agent: StancePresets.swim, area: 30 }], { cellSize, cellHeight }, { water: [pond] });
raiseSwimPath(swimPath, swim.navMesh, corridor.path, corridor.length, straight, [pond], [30]); // swim vertices at the surface
const stances = buildStanceNavMesh(positions, triangles, [{ name: "stand", agent: StancePresets.stand, area: 63 }, { name: "crouch", agent: StancePresets.crouch, area: 10 }], { cellSize, cellHeight });
const cache = createTileCache(createTiledNavMeshInput(positions, triangles, { ...config, tileSize: 32 }));
const mesh = buildNavMeshFromTileCache(cache);
addTileCacheObstacle(cache, { kind: "cylinder", position: [x, 0, z], radius: 0.5, height: 2 });
const { rebuiltTiles } = updateTileCache(cache, mesh, { maxTiles: 4 });`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const scene = makeScene();
    let stage: Stage = "polygons";
    let cellSize = 0.2,
      radius = 0.4,
      height = 2,
      climb = 0.3,
      slope = 45,
      crouchCost = 1,
      forestCost = 4;
    let partition: Partition = "watershed";
    let forest = "none";
    let swim = false;
    let build: VoxelNavMeshBuild | undefined;
    let stanceMesh: NavMesh | undefined;
    let buildMs = 0;
    let start = { x: 1.5, y: 7.5 },
      goal = { x: 18, y: 13 };
    let ready = false;
    let tileAction: TileAction = "cylinder";
    let cache: TileCache | undefined;
    let tiledMesh: NavMesh | undefined;
    let obstacles: PlacedObstacle[] = [];
    let touched = new Set<string>();
    let lastAction = "";

    function buildTiled(config: ReturnType<typeof voxelConfigFromWorld>): void {
      const input = createTiledNavMeshInput(scene.positions, scene.triangles, { ...config, tileSize: TILE_CELLS });
      cache = createTileCache(input, { maxObstacles: 32 });
      for (const o of obstacles) o.handle = addTileCacheObstacle(cache, o.shape);
      obstacles = obstacles.filter((o) => o.handle >= 0);
      const t0 = performance.now();
      tiledMesh = buildNavMeshFromTileCache(cache);
      touched = new Set();
      lastAction = `tiled build ${(performance.now() - t0).toFixed(1)} ms`;
    }

    function tileClick(p: { x: number; y: number }): void {
      if (!cache || !tiledMesh) return;
      const input = cache.input;
      const side = TILE_CELLS * input.config.cellSize;
      if (tileAction === "rebuild tile") {
        const tx = Math.floor((p.x - input.bounds[0]!) / side),
          ty = Math.floor((p.y - input.bounds[2]!) / side);
        if (tx < 0 || ty < 0 || tx >= input.tilesX || ty >= input.tilesY) return;
        const t0 = performance.now();
        rebuildNavMeshTile(tiledMesh, input, tx, ty);
        lastAction = `rebuilt tile (${tx}, ${ty}) in ${(performance.now() - t0).toFixed(2)} ms`;
        touched = new Set([`${tx},${ty}`]);
        return;
      }
      const hit = obstacles.findIndex((o) => Math.hypot(o.x - p.x, o.z - p.y) < 0.6);
      let what: string;
      if (hit >= 0) {
        removeTileCacheObstacle(cache, obstacles[hit]!.handle);
        what = `removed a ${obstacles[hit]!.shape.kind}`;
        obstacles.splice(hit, 1);
      } else {
        const shape: TileCacheObstacle =
          tileAction === "box"
            ? { kind: "box", center: [p.x, 1, p.y], halfExtents: [0.8, 1, 0.3], yaw: 0.4 }
            : { kind: "cylinder", position: [p.x, -0.5, p.y], radius: 0.5, height: 2.5 };
        const handle = addTileCacheObstacle(cache, shape);
        if (handle < 0) {
          lastAction = "the obstacle pool is full (32)";
          return;
        }
        obstacles.push({ handle, shape, x: p.x, z: p.y });
        what = `added a ${shape.kind}`;
      }
      const t0 = performance.now();
      const u = updateTileCache(cache, tiledMesh);
      const ms = performance.now() - t0;
      touched = new Set();
      for (let i = 0; i < u.rebuiltTiles.length; i += 2) touched.add(`${u.rebuiltTiles[i]},${u.rebuiltTiles[i + 1]}`);
      lastAction = `${what}: ${touched.size} tiles rebuilt in ${ms.toFixed(2)} ms`;
    }

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
      const xz = FOREST_VOLUMES[forest] ?? [];
      build = buildVoxelNavMesh(
        scene.positions,
        scene.triangles,
        { ...config, partition },
        xz.length > 0
          ? { keepIntermediates: true, markAreas: (chf) => void markPolygonArea(chf, xz, -1, 3, WALKABLE_AREA, { tag: FORESTED }) }
          : { keepIntermediates: true },
      );
      // Stances (stand, crouch, prone) in the stances stage; swim adds a swim pass over the pond
      // there and in the polygons stage (stand + swim).
      const passes: StancePass[] = [{ name: "stand", agent: StancePresets.stand, area: 63 }];
      if (stage === "stances") passes.push({ name: "crouch", agent: StancePresets.crouch, area: 10 }, { name: "prone", agent: StancePresets.prone, area: 20 });
      if (swim) passes.push({ name: "swim", agent: StancePresets.swim, area: SWIM_AREA });
      stanceMesh =
        stage === "stances" || (swim && stage === "polygons")
          ? buildStanceNavMesh(scene.positions, scene.triangles, passes, { cellSize, cellHeight: 0.05, regionMinSize: 4 }, swim ? { water: [POND] } : {})
              .navMesh
          : undefined;
      buildMs = performance.now() - t0;
      if (stage === "tiles") buildTiled(config);
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

    /** The swim path (level 1: corridor, string pulling, raiseSwimPath) drawn over the mesh; returns its stats line. */
    function swimPathOf(m: NavMesh): string {
      const ps = findPolygon(m, start.x, start.y),
        pg = findPolygon(m, goal.x, goal.y);
      if (ps < 0 || pg < 0) return "swim: start or goal off the mesh";
      const corridor = createNavPath({ maxLength: m.polyCount });
      findPolygonPath(corridor, createNavMeshQuery(m), ps, start.x, start.y, pg, goal.x, goal.y);
      const straight = createStraightPath({ maxPoints: 64 });
      findStraightPath(straight, m, corridor.path, corridor.length, start.x, start.y, goal.x, goal.y);
      const out = raiseSwimPath(createSwimPath({ maxPoints: 64 }), m, corridor.path, corridor.length, straight, [POND], [SWIM_AREA]);
      let atSurface = 0;
      for (let k = 0; k < Math.min(out.count, out.swim.length); k++) {
        if (!out.swim[k]) continue;
        atSurface++;
        draw.circle(out.points[2 * k]! * S, out.points[2 * k + 1]! * S, 5, { color: "#35b5c9", fill: true });
      }
      return `swim: ${out.count} path points, ${atSurface} at the surface (y ${POND.surface} m)`;
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
      } else if (stage === "polygons" && !stanceMesh) {
        const m = build.navMesh;
        const tagged = (FOREST_VOLUMES[forest] ?? []).length > 0;
        // With a forest the polygons show their tag (green forest, slate untagged) instead of heights,
        // whose palette has greens of its own.
        drawMesh(m, (p) =>
          !tagged ? heightColor(m.heights[m.polyVerts[p * m.maxVertsPerPoly]!]!, maxY) : m.tags[p] === FORESTED ? FOREST_COLOR : UNTAGGED_COLOR,
        );
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
      } else if (stage === "tiles" && tiledMesh && cache) {
        const m = tiledMesh,
          input = cache.input;
        const keyOfSlot = (slot: number): string => {
          const k = m.tileKeys[slot] ?? "";
          return k.slice(0, k.lastIndexOf(","));
        };
        drawMesh(m, (p) => {
          const key = keyOfSlot(m.polyTile[p]!);
          const [tx, ty] = key.split(",").map(Number);
          return touched.has(key) ? "#e8c65a" : `hsl(${((tx! + ty!) % 2) * 30 + 200}, 45%, ${40 + (tx! % 2) * 8}%)`;
        });
        const side = TILE_CELLS * input.config.cellSize;
        for (let tx = 0; tx <= input.tilesX; tx++)
          draw.line(
            (input.bounds[0]! + tx * side) * S,
            input.bounds[2]! * S,
            (input.bounds[0]! + tx * side) * S,
            (input.bounds[2]! + input.tilesY * side) * S,
            {
              color: "#ffffff",
              alpha: 0.35,
              width: 1,
            },
          );
        for (let ty = 0; ty <= input.tilesY; ty++)
          draw.line(
            input.bounds[0]! * S,
            (input.bounds[2]! + ty * side) * S,
            (input.bounds[0]! + input.tilesX * side) * S,
            (input.bounds[2]! + ty * side) * S,
            {
              color: "#ffffff",
              alpha: 0.35,
              width: 1,
            },
          );
        for (const o of obstacles) {
          if (o.shape.kind === "cylinder") draw.circle(o.x * S, o.z * S, o.shape.radius * S, { color: "#e0605a", width: 2 });
          else if (o.shape.kind === "box") {
            const [hx, , hz] = o.shape.halfExtents;
            const c = Math.cos(o.shape.yaw ?? 0),
              sn = Math.sin(o.shape.yaw ?? 0);
            const pts = [
              [-hx, -hz],
              [hx, -hz],
              [hx, hz],
              [-hx, hz],
            ].map(([u, v]) => ({ x: (o.x + u! * c - v! * sn) * S, y: (o.z + u! * sn + v! * c) * S }));
            draw.polygon(pts, { color: "#e0605a", width: 2 });
          }
        }
      } else if (stanceMesh) {
        const m = stanceMesh;
        drawMesh(m, (p) => STANCE_COLORS[m.areas[p]!] ?? "#888");
      }
      const xz = FOREST_VOLUMES[forest] ?? [];
      if (xz.length > 0 && stage !== "tiles") {
        const pts = [];
        for (let i = 0; i < xz.length; i += 2) pts.push({ x: xz[i]! * S, y: xz[i + 1]! * S });
        draw.polygon(pts, { color: FOREST_COLOR, width: 2 });
      }
      if (stanceMesh && swim) {
        const pts = [];
        for (let i = 0; i < POND.xz.length; i += 2) pts.push({ x: POND.xz[i]! * S, y: POND.xz[i + 1]! * S });
        draw.polygon(pts, { color: "#35b5c9", width: 2 });
      }
      const mesh = stage === "tiles" && tiledMesh ? tiledMesh : (stanceMesh ?? build.navMesh);
      const costs = new Float64Array(64).fill(1);
      costs[10] = crouchCost;
      costs[20] = crouchCost * 2;
      // The forest's tag cost applies to the solo build's polygons (tagged by the area marking).
      const polyCost = mesh === build.navMesh && xz.length > 0 ? createTagCost(mesh, { [FORESTED]: forestCost }) : undefined;
      const r =
        mesh.polyCount > 0
          ? findNavMeshPath(mesh, { x: start.x, y: start.y }, { x: goal.x, y: goal.y }, polyCost ? { areaCosts: costs, polyCost } : { areaCosts: costs })
          : undefined;
      if (r && r.path.length > 1)
        draw.polyline(
          r.path.map((p) => ({ x: p.x * S, y: p.y * S })),
          false,
          { color: "#f3f3f3", width: 2.5 },
        );
      const swimLine = swim && mesh === stanceMesh ? swimPathOf(mesh) : "";
      let taggedPolys = 0;
      for (let p = 0; p < build.navMesh.polyCount; p++) if (xz.length > 0 && build.navMesh.tags[p] === FORESTED) taggedPolys++;
      draw.circle(start.x * S, start.y * S, 6, { color: "#5fd068", fill: true });
      draw.circle(goal.x * S, goal.y * S, 6, { color: "#e0605a", fill: true });
      const rep = build.report;
      stats.textContent = [
        `stage: ${stage}`,
        `grid ${rep.gridWidth} × ${rep.gridDepth}, spans ${rep.spanCount}, walkable ${rep.compactSpanCount}`,
        `regions ${rep.regionCount}, contours ${rep.contourCount}, polygons ${rep.polyCount}, detail triangles ${rep.detailTriangleCount}`,
        `build ${buildMs.toFixed(1)} ms` +
          (r ? `, path ${r.found ? r.distance.toFixed(1) + " m" : "none"}` : "") +
          (r && r.found ? ` cost ${r.cost.toFixed(1)}` : ""),
        `partition ${partition}; forest ${forest}` + (xz.length > 0 ? `: ${taggedPolys} tagged polygons, cost ×${forestCost}` : ""),
        ...(swimLine ? [swimLine] : []),
        ...(stage === "tiles" && cache && tiledMesh
          ? [
              `tiles ${cache.input.tilesX} × ${cache.input.tilesY} (${TILE_CELLS} cells), ${Object.keys(tiledMesh.tiles).length} built, ${Object.values(tiledMesh.tiles).reduce((n, t) => n + t.polyCount, 0)} polygons, cache ${(cache.layerBytes / 1024).toFixed(0)} KB`,
              `obstacles ${obstacles.length}; ${lastAction}`,
            ]
          : []),
      ].join("\n");
    }

    select(panel, "stage", STAGES, stage, (v) => {
      stage = v;
      rebuild();
    });
    select(panel, "tile click", TILE_ACTIONS, tileAction, (v) => {
      tileAction = v;
    });
    select(panel, "partition", PARTITIONS, partition, (v) => {
      partition = v;
      rebuild();
    });
    select(panel, "forest", FORESTS, forest, (v) => {
      forest = v;
      rebuild();
    });
    select(panel, "swim", ["off", "on"] as const, "off", (v) => {
      swim = v === "on";
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
    slider(panel, "forest cost ×", 1, 8, 0.5, forestCost, (v) => {
      forestCost = v;
      render();
    });
    const onDown = (e: MouseEvent): void => {
      const rect = canvas.getBoundingClientRect();
      const p = { x: ((e.clientX - rect.left) * (W / rect.width)) / S, y: ((e.clientY - rect.top) * (H / rect.height)) / S };
      if (e.button === 2) goal = p;
      else if (stage === "tiles" && tileAction !== "path start") tileClick(p);
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
