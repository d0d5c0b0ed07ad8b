import { createRng, rngFloat } from "@tactica/core";
import {
  addPointSource,
  clearPointSources,
  createPointInfluence,
  findPointInfluenceExtreme,
  type PointInfluence,
  pointInfluenceAt,
  simplifyPointSources,
  spreadPointSources,
} from "@tactica/perception";
import type { DemoPage } from "../../demo";
import { button, demoLayout, select, slider } from "../../ui";

const W = 800;
const H = 600;
const SCALE = 10; // pixels per world unit: the world is 80 × 60
const CELL = 10; // heat-map sample spacing in pixels

const page: DemoPage = {
  id: "perception-points",
  title: "Point influence and gradient steps",
  package: "perception",
  order: 4,
  description:
    "Grid-free influence (Game AI Pro 2, chapter 29): cone-shaped point sources over a k-d tree. Click to start a gradient walk to the nearest peak (or valley); spread the sources into rings (energy-conserving, expiring) or merge them within a tolerance.",
  code: `const field = createPointInfluence(512);
addPointSource(field, x, y, strength, radius);
const best = { x: 0, y: 0 };
findPointInfluenceExtreme(best, field, startX, startY, { descend, searchRadius });
spreadPointSources(field, { decay: 0.1, children: 6 });   // ring splitting
simplifyPointSources(field, tolerance);                    // lossy merge, error ≤ tolerance`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let field: PointInfluence = createPointInfluence(4096);
    let count = 12;
    let seed = 1;
    let searchRadius = 25;
    let descend = false;
    let tolerance = 0.1;
    let start = { x: 30, y: 25 };
    let walk: { x: number; y: number }[] = [];

    function scatter(): void {
      field = createPointInfluence(4096);
      clearPointSources(field);
      const rng = createRng(seed);
      for (let i = 0; i < count; i++) addPointSource(field, rngFloat(rng, 5, 75), rngFloat(rng, 5, 55), rngFloat(rng, 0.3, 1), rngFloat(rng, 6, 18));
    }

    function trace(): void {
      // The walk, one gradient evaluation at a time (maxSteps grows), so each step shows.
      walk = [{ ...start }];
      const p = { x: 0, y: 0 };
      for (let k = 1; k <= 80; k++) {
        findPointInfluenceExtreme(p, field, start.x, start.y, { descend, searchRadius, maxSteps: k });
        const last = walk[walk.length - 1]!;
        if (p.x !== last.x || p.y !== last.y) walk.push({ x: p.x, y: p.y });
      }
    }

    function render(): void {
      draw.clear();
      let max = 1e-9;
      const samples: number[] = [];
      for (let py = 0; py < H; py += CELL)
        for (let px = 0; px < W; px += CELL) samples.push(pointInfluenceAt(field, (px + CELL / 2) / SCALE, (py + CELL / 2) / SCALE));
      for (const v of samples) max = Math.max(max, v);
      let k = 0;
      for (let py = 0; py < H; py += CELL) {
        for (let px = 0; px < W; px += CELL) {
          const v = samples[k++]! / max;
          if (v > 0.01) draw.rect(px, py, CELL, CELL, { color: "#e0af68", fill: true, alpha: 0.1 + 0.7 * v });
        }
      }
      for (let i = 0; i < field.count; i++) draw.circle(field.xy[2 * i]! * SCALE, field.xy[2 * i + 1]! * SCALE, 2, { color: "#7aa2f7", fill: true });
      draw.circle(start.x * SCALE, start.y * SCALE, searchRadius * SCALE, { color: "#565f89" });
      for (let i = 1; i < walk.length; i++) {
        draw.line(walk[i - 1]!.x * SCALE, walk[i - 1]!.y * SCALE, walk[i]!.x * SCALE, walk[i]!.y * SCALE, { color: "#9ece6a", width: 2 });
        draw.circle(walk[i]!.x * SCALE, walk[i]!.y * SCALE, 2, { color: "#9ece6a", fill: true });
      }
      draw.circle(start.x * SCALE, start.y * SCALE, 5, { color: "#f7768e", fill: true });
      const end = walk[walk.length - 1]!;
      let energy = 0;
      for (let i = 0; i < field.count; i++) energy += field.strength[i]!;
      stats.textContent = `sources: ${field.count}  total scale: ${energy.toFixed(3)}\nstart: ${pointInfluenceAt(field, start.x, start.y).toFixed(3)}  end: ${pointInfluenceAt(field, end.x, end.y).toFixed(3)} after ${walk.length - 1} steps`;
    }

    const refresh = (): void => {
      trace();
      render();
    };
    slider(panel, "sources", 1, 60, 1, count, (v) => {
      count = v;
      scatter();
      refresh();
    });
    slider(panel, "seed", 1, 50, 1, seed, (v) => {
      seed = v;
      scatter();
      refresh();
    });
    slider(panel, "search radius", 2, 60, 1, searchRadius, (v) => {
      searchRadius = v;
      refresh();
    });
    select(panel, "walk", ["ascend", "descend"] as const, "ascend", (v) => {
      descend = v === "descend";
      refresh();
    });
    slider(panel, "tolerance", 0.01, 1, 0.01, tolerance, (v) => (tolerance = v));
    button(panel, "spread (ring split)", () => {
      spreadPointSources(field, { decay: 0.1, children: 6, expireBelow: 0.02 });
      refresh();
    });
    button(panel, "simplify", () => {
      simplifyPointSources(field, tolerance);
      refresh();
    });
    button(panel, "reset", () => {
      scatter();
      refresh();
    });
    const click = (e: MouseEvent): void => {
      const rect = canvas.getBoundingClientRect();
      start = { x: ((e.clientX - rect.left) * W) / rect.width / SCALE, y: ((e.clientY - rect.top) * H) / rect.height / SCALE };
      refresh();
    };
    canvas.addEventListener("click", click);
    scatter();
    refresh();
    return () => canvas.removeEventListener("click", click);
  },
};

export default page;
