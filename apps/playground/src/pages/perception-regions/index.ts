import { isTacticaError } from "@tactica/core";
import { type Grid, createGrid, parseMovingAiMap, setCellPassable } from "@tactica/grid";
import { decomposeTerrain, findCulDeSacs, isChokepoint, mergeTerrainRegions, regionNeighbors } from "@tactica/perception";
import type { DemoPage } from "../../demo";
import { demoLayout, el, select, slider } from "../../ui";
import { addSharedMapPicker } from "../grid-pathfinding/shared-maps";

const W = 800;
const H = 600;

/** A small built-in map: rooms joined by doors, a dead-end corridor and an open yard. */
function demoGrid(): Grid {
  const g = createGrid(64, 48);
  const wall = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) setCellPassable(g, x, y, false);
  };
  wall(20, 0, 21, 47);
  wall(42, 0, 43, 47);
  wall(0, 24, 20, 25);
  wall(44, 16, 63, 17);
  wall(44, 30, 63, 31);
  const open = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) setCellPassable(g, x, y, true);
  };
  open(20, 10, 21, 12); // door west
  open(42, 36, 43, 37); // door east
  open(8, 24, 10, 25); // door south-west
  open(50, 30, 51, 31); // into the dead end
  return g;
}

const page: DemoPage = {
  id: "perception-regions",
  title: "Regions and chokepoints (terrain analysis)",
  package: "perception",
  order: 5,
  description:
    "Kohan II's terrain analysis (Game AI Pro 2, chapter 31): tiles → homogeneous rectangles (max size) → regions (slivers merged when the centre stays inside); chokepoints by a depth-limited BFS (red), cul-de-sacs (yellow). Load a Moving AI map from the shared benchmark set.",
  code: `const rects = decomposeTerrain(terrain, width, height, { maxSize });
const regions = mergeTerrainRegions(rects, { maxSize });
const graph = regionNeighbors(regions);
const choke = isChokepoint(graph, region, depth, { passable: open });
const deadEnds = findCulDeSacs(graph, { passable: open });`,
  mount(root) {
    const { draw, panel, stats } = demoLayout(root, W, H);
    let grid = demoGrid();
    let maxSize = 16;
    let depth = 6;
    let merge = true;
    let message = "";

    function render(): void {
      const t0 = performance.now();
      const terrain = new Int32Array(grid.width * grid.height);
      for (let i = 0; i < terrain.length; i++) terrain[i] = grid.passable[i] === 1 ? 0 : 1;
      const rects = decomposeTerrain(terrain, grid.width, grid.height, { maxSize });
      const regions = mergeTerrainRegions(rects, { maxSize: merge ? maxSize : 1 });
      const graph = regionNeighbors(regions);
      const open = Array.from(regions.terrain, (t) => t === 0);
      const chokes = new Uint8Array(regions.count);
      let chokeCount = 0;
      for (let r = 0; r < regions.count; r++) {
        if (open[r] && isChokepoint(graph, r, depth, { passable: open })) {
          chokes[r] = 1;
          chokeCount++;
        }
      }
      const deadEnds = new Set(findCulDeSacs(graph, { passable: open }));
      const ms = performance.now() - t0;
      const cell = Math.min(W / grid.width, H / grid.height);
      draw.clear();
      for (let r = 0; r < rects.count; r++) {
        const g = regions.rectangleRegion[r]!;
        const x = rects.x0[r]! * cell;
        const y = rects.y0[r]! * cell;
        const w = (rects.x1[r]! - rects.x0[r]! + 1) * cell;
        const h = (rects.y1[r]! - rects.y0[r]! + 1) * cell;
        if (!open[g]) {
          draw.rect(x, y, w, h, { color: "#414868", fill: true });
          continue;
        }
        const hue = (g * 137) % 360;
        const color = chokes[g] === 1 ? "#f7768e" : deadEnds.has(g) ? "#e0af68" : `hsl(${hue} 45% 45%)`;
        draw.rect(x, y, w, h, { color, fill: true, alpha: chokes[g] === 1 || deadEnds.has(g) ? 0.85 : 0.45 });
        if (cell * Math.min(w, h) > 6 * cell) draw.rect(x, y, w, h, { color: "#1a1b26" });
      }
      stats.textContent = `${grid.width}×${grid.height}: ${rects.count} rectangles → ${regions.count} regions\nchokepoints ${chokeCount}, cul-de-sacs ${deadEnds.size}  (${ms.toFixed(1)} ms)${message ? `\n${message}` : ""}`;
    }

    slider(panel, "max size", 2, 32, 1, maxSize, (v) => {
      maxSize = v;
      render();
    });
    slider(panel, "chokepoint depth", 1, 12, 1, depth, (v) => {
      depth = v;
      render();
    });
    select(panel, "merge slivers", ["on", "off"] as const, "on", (v) => {
      merge = v === "on";
      render();
    });
    const loadMapText = (text: string, name = "file"): void => {
      try {
        grid = parseMovingAiMap(text).grid;
        message = name;
      } catch (err) {
        message = isTacticaError(err) ? err.message : String(err);
      }
      render();
    };
    const fileRow = el("label", "control");
    const file = el("input");
    file.type = "file";
    file.accept = ".map";
    fileRow.append(el("span", "", "Moving AI .map"), file);
    panel.insertBefore(fileRow, stats);
    file.addEventListener("change", () => {
      const f = file.files?.[0];
      if (f) void f.text().then((t) => loadMapText(t, f.name));
    });
    addSharedMapPicker(panel, loadMapText, (m) => {
      message = m;
      render();
    });
    render();
    return () => undefined;
  },
};

export default page;
