import { createRng, rngFloat, type Vec2 } from "@tactica/core";
import {
  createCongestionMap,
  createCrowd,
  addCrowdAgent,
  getCrowdAgentHandle,
  removeCrowdAgent,
  stepCrowdFlow,
  updateCongestionMap,
  type CongestionMap,
  type Crowd,
  type FlowFieldSampler,
} from "@tactica/steering";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;
const CELL = 20;
const GW = W / CELL;
const GH = H / CELL;

/** A tiny BFS flow field on a 40×30 grid (the page's own; any directionAt source works). */
function buildField(blocked: Uint8Array): { dist: Int32Array; field: FlowFieldSampler } {
  const dist = new Int32Array(GW * GH).fill(-1);
  const queue = new Int32Array(GW * GH);
  let head = 0;
  let tail = 0;
  for (let y = 0; y < GH; y++) {
    const c = y * GW + (GW - 1);
    if (!blocked[c]) {
      dist[c] = 0;
      queue[tail++] = c;
    }
  }
  while (head < tail) {
    const c = queue[head++]!;
    const x = c % GW;
    const y = (c / GW) | 0;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= GW || ny >= GH) continue;
      const n = ny * GW + nx;
      if (blocked[n] || dist[n] !== -1) continue;
      dist[n] = dist[c]! + 1;
      queue[tail++] = n;
    }
  }
  const field: FlowFieldSampler = {
    directionAt(out: Vec2, px: number, py: number): boolean {
      const x = Math.floor(px / CELL);
      const y = Math.floor(py / CELL);
      if (x < 0 || y < 0 || x >= GW || y >= GH) return false;
      const d = dist[y * GW + x]!;
      if (d <= 0) return false;
      // central-difference gradient of the distance over the 8 neighbours (walls count as far)
      let gx = 0;
      let gy = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          const nx = x + dx;
          const ny = y + dy;
          const nd = nx < 0 || ny < 0 || nx >= GW || ny >= GH ? -1 : dist[ny * GW + nx]!;
          const v = nd < 0 ? d + 2 : nd;
          gx -= (v - d) * dx;
          gy -= (v - d) * dy;
        }
      }
      out.x = gx;
      out.y = gy;
      return gx !== 0 || gy !== 0;
    },
  };
  return { dist, field };
}

const page: DemoPage = {
  id: "steering-flow",
  title: "Crowd on a flow field",
  package: "steering",
  order: 5,
  description:
    "Agents spawn on the left and follow a flow field (any object with directionAt) to the right edge through two gaps, with the time-to-collision avoidance of Game AI Pro 2, chapter 19 (Guy and Karamouzas); the red overlay is the congestion density of Game AI Pro 2, chapter 17 (Pentheny). Click to toggle a wall cell, right-click to spawn a burst.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const blocked = new Uint8Array(GW * GH);
    for (let y = 0; y < GH; y++) if (y !== 7 && y !== 8 && y !== 21 && y !== 22) blocked[y * GW + 20] = 1;
    let built = buildField(blocked);
    const rng = createRng(5);
    const crowd: Crowd = createCrowd({ capacity: 1500, cellSize: 20, rng });
    const cmap: CongestionMap = createCongestionMap({ originX: 0, originY: 0, cellSize: 40, width: W / 40, height: H / 40, velocityBlend: 0.3 });
    let spawnRate = 30;
    let slowdown = 0.1;
    let spawnAcc = 0;
    let arrived = 0;
    let stepMs = 0;

    function spawn(k: number): void {
      for (let i = 0; i < k && crowd.count < crowd.capacity; i++) {
        addCrowdAgent(crowd, { x: rngFloat(rng, 10, 80), y: rngFloat(rng, 20, H - 20), radius: 4, maxSpeed: 60 });
      }
    }

    function step(dt: number): void {
      const t0 = performance.now();
      spawnAcc += spawnRate * dt;
      const k = Math.floor(spawnAcc);
      spawnAcc -= k;
      spawn(k);
      stepCrowdFlow(crowd, built.field, { congestion: cmap, congestionSlowdown: slowdown, avoidance: { timeHorizon: 2, maxNeighbors: 8 } }, dt);
      for (let i = 0; i < crowd.highWater; i++) {
        if (crowd.alive[i] !== 1) continue;
        const x = crowd.posX[i]!;
        const cx = Math.floor(x / CELL);
        const cy = Math.floor(crowd.posY[i]! / CELL);
        const inWall = cx >= 0 && cy >= 0 && cx < GW && cy < GH && blocked[cy * GW + cx] === 1;
        if (x >= W - CELL || x < -50 || inWall) {
          if (!inWall) arrived++;
          removeCrowdAgent(crowd, getCrowdAgentHandle(crowd, i)); // slot → handle (handles carry a generation)
        }
      }
      updateCongestionMap(cmap, crowd);
      stepMs = performance.now() - t0;
    }

    function render(): void {
      draw.clear();
      for (let c = 0; c < cmap.density.length; c++) {
        const d = cmap.density[c]!;
        if (d <= 0.05) continue;
        const x = (c % cmap.width) * 40;
        const y = Math.floor(c / cmap.width) * 40;
        draw.rect(x, y, 40, 40, { color: "#f7768e", fill: true, alpha: Math.min(0.5, d / 20) });
      }
      for (let y = 0; y < GH; y++)
        for (let x = 0; x < GW; x++) if (blocked[y * GW + x]) draw.rect(x * CELL, y * CELL, CELL, CELL, { color: "#414868", fill: true });
      draw.rect(W - CELL, 0, CELL, H, { color: "#9ece6a", fill: true, alpha: 0.25 });
      for (let i = 0; i < crowd.highWater; i++) {
        if (crowd.alive[i] !== 1) continue;
        draw.circle(crowd.posX[i]!, crowd.posY[i]!, 4, { color: "#7dcfff", fill: true });
      }
      stats.textContent = `agents: ${crowd.count}\narrived: ${arrived}\nstep: ${stepMs.toFixed(2)} ms`;
    }

    slider(panel, "spawn per second", 0, 120, 5, spawnRate, (v) => (spawnRate = v));
    slider(panel, "congestion slowdown", 0, 1, 0.05, slowdown, (v) => (slowdown = v));
    button(panel, "burst of 100", () => spawn(100));
    const toCell = (e: MouseEvent): number => {
      const rect = canvas.getBoundingClientRect();
      const x = Math.floor(((e.clientX - rect.left) * W) / rect.width / CELL);
      const y = Math.floor(((e.clientY - rect.top) * H) / rect.height / CELL);
      return Math.min(GH - 1, Math.max(0, y)) * GW + Math.min(GW - 2, Math.max(0, x));
    };
    const click = (e: MouseEvent): void => {
      const c = toCell(e);
      blocked[c] = blocked[c] ? 0 : 1;
      built = buildField(blocked);
    };
    const context = (e: MouseEvent): void => {
      e.preventDefault();
      spawn(100);
    };
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", context);
    spawn(150);
    render();
    const stop = fixedLoop(step, render);
    return () => {
      stop();
      canvas.removeEventListener("click", click);
      canvas.removeEventListener("contextmenu", context);
    };
  },
};

export default page;
