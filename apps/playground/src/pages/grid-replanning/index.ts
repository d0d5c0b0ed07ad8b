import { createRng, rngInt } from "@tactica/core";
import {
  computeDStarLite,
  createDStarLite,
  createGridPath,
  createGridSearch,
  dStarLiteNextCell,
  findPathAStar,
  moveDStarLiteStart,
  notifyDStarLiteCellChanged,
  PathFlags,
  setCellPassable,
  setDStarLiteEndpoints,
  wasDStarLiteCellExpanded,
  writeDStarLitePath,
  type DStarLite,
  type Grid,
  type GridSearch,
} from "@tactica/grid";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";
import { createDemoMap } from "../grid-pathfinding/demo-map";

const W = 800;
const H = 600;
const GW = 48;
const GH = 36;

const page: DemoPage = {
  id: "grid-replanning",
  title: "Grid replanning: D* Lite on a changing map",
  package: "grid",
  order: 2,
  description:
    "The green agent walks to the red goal and replans with D* Lite after every step. Left-drag paints or erases walls (also right in front of it), right-click moves the goal; the slider adds random walls near its path. Tinted cells are the ones D* Lite expanded on the last replan; the counters compare its work with an A* from scratch on the same query.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let seed = 11;
    const rng = createRng(2026);
    let grid: Grid = createDemoMap(GW, GH, seed);
    let d: DStarLite = createDStarLite(grid);
    let search: GridSearch = createGridSearch(grid);
    const path = createGridPath(grid);
    const ref = createGridPath(grid);
    let agent = { x: 1, y: 1 };
    let goal = { x: GW - 2, y: GH - 2 };
    let home = { x: 1, y: 1 };
    let speed = 6;
    let randomWalls = 0;
    let timer = 0;
    let pause = 0;
    let replans = 0;
    let dstarTotal = 0;
    let astarTotal = 0;
    let firstPlan = 0;
    let lastAStar = 0;
    const image = document.createElement("canvas");
    image.width = GW;
    image.height = GH;

    function free(x: number, y: number): boolean {
      return grid.passable[y * GW + x] === 1;
    }

    function nearestFree(x: number, y: number): { x: number; y: number } {
      for (let r = 0; r < GW; r++) {
        for (let dy = -r; dy <= r; dy++) {
          for (let dx = -r; dx <= r; dx++) {
            const cx = x + dx;
            const cy = y + dy;
            if (cx >= 0 && cy >= 0 && cx < GW && cy < GH && free(cx, cy)) return { x: cx, y: cy };
          }
        }
      }
      return { x, y };
    }

    // New endpoints: a full reset (the first plan is a whole backward search).
    function restart(): void {
      setDStarLiteEndpoints(d, agent.x, agent.y, goal.x, goal.y);
      replans = 0;
      dstarTotal = 0;
      astarTotal = 0;
      replan();
      firstPlan = d.expanded;
    }

    function replan(): void {
      computeDStarLite(d);
      writeDStarLitePath(path, d);
      findPathAStar(ref, search, agent.x, agent.y, goal.x, goal.y);
      lastAStar = ref.expanded;
      replans++;
      if (replans > 1) {
        dstarTotal += d.expanded;
        astarTotal += ref.expanded;
      }
    }

    function setWall(x: number, y: number, wall: boolean): boolean {
      if ((x === agent.x && y === agent.y) || (x === goal.x && y === goal.y)) return false;
      if (free(x, y) === !wall) return false;
      setCellPassable(grid, x, y, !wall);
      notifyDStarLiteCellChanged(d, x, y);
      return true;
    }

    function sprinkle(): void {
      // Random toggles near the next cells of the plan (never on the plan's next two cells).
      for (let i = 0; i < randomWalls; i++) {
        if (path.length < 4) return;
        const c = path.path[rngInt(rng, 3, Math.min(path.length - 1, 25))]!;
        const x = Math.min(GW - 1, Math.max(0, (c % GW) + rngInt(rng, -1, 1)));
        const y = Math.min(GH - 1, Math.max(0, Math.floor(c / GW) + rngInt(rng, -1, 1)));
        setWall(x, y, free(x, y));
      }
    }

    function step(dt: number): void {
      if (pause > 0) {
        pause -= dt;
        if (pause <= 0) {
          // Walk back: swap the goal and the starting cell.
          const g = goal;
          goal = nearestFree(home.x, home.y);
          home = g;
          restart();
        }
        return;
      }
      timer += dt;
      if (timer < 1 / speed) return;
      timer = 0;
      const next = dStarLiteNextCell(d);
      if (next >= 0 && next !== agent.y * GW + agent.x) {
        agent = { x: next % GW, y: Math.floor(next / GW) };
        moveDStarLiteStart(d, agent.x, agent.y);
      }
      if (agent.x === goal.x && agent.y === goal.y) {
        pause = 1;
        return;
      }
      sprinkle();
      replan();
    }

    function render(): void {
      draw.clear("#0f1420");
      const scale = Math.min(W / GW, H / GH);
      draw.view.scale = scale;
      draw.view.originX = 0;
      draw.view.originY = 0;
      const ictx = image.getContext("2d");
      if (ictx) {
        const img = ictx.createImageData(GW, GH);
        const px = img.data;
        for (let y = 0; y < GH; y++) {
          for (let x = 0; x < GW; x++) {
            const i = y * GW + x;
            const open = grid.passable[i] === 1;
            const touched = open && wasDStarLiteCellExpanded(d, x, y);
            px[i * 4] = !open ? 40 : touched ? 120 : 205;
            px[i * 4 + 1] = !open ? 46 : touched ? 170 : 212;
            px[i * 4 + 2] = !open ? 60 : touched ? 235 : 222;
            px[i * 4 + 3] = 255;
          }
        }
        ictx.putImageData(img, 0, 0);
        draw.ctx.imageSmoothingEnabled = false;
        draw.ctx.setTransform(1, 0, 0, 1, 0, 0);
        draw.ctx.globalAlpha = 1;
        draw.ctx.drawImage(image, 0, 0, GW * scale, GH * scale);
      }
      if (path.flags === PathFlags.Found) {
        const pts: { x: number; y: number }[] = [];
        for (let i = 0; i < path.length; i++) {
          const c = path.path[i]!;
          pts.push({ x: (c % GW) + 0.5, y: Math.floor(c / GW) + 0.5 });
        }
        draw.polyline(pts, false, { color: "#e4572e", width: 0.2 });
      }
      draw.circle(agent.x + 0.5, agent.y + 0.5, 0.6, { color: "#2e7d32", fill: true });
      draw.circle(goal.x + 0.5, goal.y + 0.5, 0.6, { color: "#c62828", fill: true });
      const ratio = dstarTotal > 0 ? (astarTotal / dstarTotal).toFixed(1) : "—";
      stats.textContent = [
        `map ${GW}×${GH}, 8-connected`,
        d.flags === PathFlags.Found ? `path cost ${path.cost.toFixed(2)}, ${path.length} cells` : "no path: the agent waits (erase a wall)",
        `last replan: D* Lite expanded ${d.expanded} (tinted), A* from scratch ${lastAStar}`,
        `first plan: D* Lite ${firstPlan}`,
        `since then: ${Math.max(0, replans - 1)} replans, D* Lite ${dstarTotal} vs A* ${astarTotal} expansions (${ratio}× fewer)`,
        `key modifier km ${d.km.toFixed(2)}`,
      ].join("\n");
    }

    function cellAt(e: MouseEvent): { x: number; y: number } | null {
      const rect = canvas.getBoundingClientRect();
      const w = draw.toWorld(((e.clientX - rect.left) * canvas.width) / rect.width, ((e.clientY - rect.top) * canvas.height) / rect.height);
      const x = Math.floor(w.x);
      const y = Math.floor(w.y);
      return x >= 0 && y >= 0 && x < GW && y < GH ? { x, y } : null;
    }

    let painting: boolean | null = null;
    const onDown = (e: MouseEvent): void => {
      const c = cellAt(e);
      if (!c) return;
      if (e.button === 2) {
        if (!free(c.x, c.y)) return;
        goal = c;
        home = { ...agent };
        pause = 0;
        restart();
        return;
      }
      painting = free(c.x, c.y);
      if (setWall(c.x, c.y, painting)) replan();
    };
    const onMove = (e: MouseEvent): void => {
      if (painting === null) return;
      const c = cellAt(e);
      if (c && setWall(c.x, c.y, painting)) replan();
    };
    const onUp = (): void => {
      painting = null;
    };
    const onMenu = (e: Event): void => e.preventDefault();
    canvas.addEventListener("mousedown", onDown);
    canvas.addEventListener("mousemove", onMove);
    window.addEventListener("mouseup", onUp);
    canvas.addEventListener("contextmenu", onMenu);

    slider(panel, "steps per second", 1, 30, 1, speed, (v) => {
      speed = v;
    });
    slider(panel, "random walls per step", 0, 6, 1, randomWalls, (v) => {
      randomWalls = v;
    });
    button(panel, "new map", () => {
      seed++;
      grid = createDemoMap(GW, GH, seed);
      d = createDStarLite(grid);
      search = createGridSearch(grid);
      agent = nearestFree(1, 1);
      home = { ...agent };
      goal = nearestFree(GW - 2, GH - 2);
      pause = 0;
      restart();
    });

    agent = nearestFree(1, 1);
    home = { ...agent };
    goal = nearestFree(GW - 2, GH - 2);
    restart();
    const stop = fixedLoop(step, render);
    return () => {
      stop();
      canvas.removeEventListener("mousedown", onDown);
      canvas.removeEventListener("mousemove", onMove);
      window.removeEventListener("mouseup", onUp);
      canvas.removeEventListener("contextmenu", onMenu);
    };
  },
};

export default page;
