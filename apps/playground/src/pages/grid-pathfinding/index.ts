import { drawArrow, isTacticaError } from "@tactica/core";
import {
  computeFlowField,
  createFlowField,
  createGridPath,
  createGridSearch,
  createHpa,
  createJpsPlus,
  createSubgoalGraph,
  expandPath,
  findPathAStar,
  findPathBfs,
  findPathDijkstra,
  findPathHpa,
  findPathJps,
  findPathJpsPlus,
  findPathSubgoal,
  findPathThetaStar,
  flowFieldDirectionAt,
  parseMovingAiMap,
  PathFlags,
  setCellPassable,
  withGridRules,
  type FlowField,
  type Grid,
  type GridPath,
  type GridSearch,
  type Hpa,
  type JpsPlus,
  type SubgoalGraph,
  createTwoLevelSubgoalGraph,
  findPathTwoLevelSubgoal,
  createNLevelSubgoalGraph,
  findPathNLevelSubgoal,
  type TwoLevelSubgoalGraph,
  type NLevelSubgoalGraph,
} from "@tactica/grid";
import type { DemoPage } from "../../demo";
import { button, demoLayout, el, select } from "../../ui";
import { createDemoMap } from "./demo-map";
import { drawSubgoalLevels } from "./subgoal-levels";

const W = 800;
const H = 600;

const SOLVERS = ["JPS+", "JPS", "A*", "weighted A* (1.5)", "Dijkstra", "BFS", "HPA* (8×8 clusters)", "subgoal graph", "Theta*", "Lazy Theta*", "flow field", "two-level subgoal graph", "N-level subgoal graph"] as const;
type SolverName = (typeof SOLVERS)[number];

const page: DemoPage = {
  id: "grid-pathfinding",
  title: "Grid pathfinding: A*, JPS, JPS+, Theta*, flow fields",
  package: "grid",
  order: 1,
  description:
    "Left-drag paints or erases walls, right-click moves the goal, shift-click moves the start. Pick a solver to see the cells it expanded (tinted), its path and its cost; 'flow field' draws the direction every cell takes towards the goal. Load any Moving AI .map file with the file input.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let base: Grid = createDemoMap(64, 48, 7);
    let grid: Grid = base;
    let search: GridSearch = createGridSearch(grid);
    let jp: JpsPlus | null = null;
    let hpa: Hpa | null = null;
    let subgoals: SubgoalGraph | null = null;
    let levelled: TwoLevelSubgoalGraph | NLevelSubgoalGraph | null = null;
    let levelLegend = "";
    let path: GridPath = createGridPath(grid);
    let field: FlowField = createFlowField(grid);
    let expanded = new Int32Array(grid.width * grid.height);
    let solver: SolverName = "JPS+";
    let connectivity: "8-connected" | "4-connected" = "8-connected";
    let start = { x: 1, y: 1 };
    let goal = { x: 62, y: 46 };
    let message = "";
    let queryUs = 0;
    const image = document.createElement("canvas");
    const dir = { x: 0, y: 0 };

    function setGrid(g: Grid): void {
      base = g;
      rebuildRules();
      start = firstFree(0, 0, 1);
      goal = firstFree(grid.width - 1, grid.height - 1, -1);
    }

    function rebuildRules(): void {
      grid = withGridRules(base, connectivity === "8-connected" ? 8 : 4);
      search = createGridSearch(grid);
      jp = null;
      hpa = null;
      subgoals = null;
      levelled = null;
      path = createGridPath(grid);
      field = createFlowField(grid);
      expanded = new Int32Array(grid.width * grid.height);
      image.width = grid.width;
      image.height = grid.height;
    }

    function firstFree(x0: number, y0: number, step: number): { x: number; y: number } {
      const n = grid.width * grid.height;
      for (let k = 0; k < n; k++) {
        const i = step > 0 ? k : n - 1 - k;
        if (grid.passable[i] === 1) return { x: i % grid.width, y: Math.floor(i / grid.width) };
      }
      return { x: x0, y: y0 };
    }

    function solve(): void {
      message = "";
      const t0 = performance.now();
      const { x: sx, y: sy } = start;
      const { x: gx, y: gy } = goal;
      switch (solver) {
        case "JPS+":
          jp ??= createJpsPlus(grid);
          findPathJpsPlus(search, jp, sx, sy, gx, gy, path);
          break;
        case "JPS":
          findPathJps(search, sx, sy, gx, gy, path);
          break;
        case "A*":
          findPathAStar(search, sx, sy, gx, gy, path);
          break;
        case "weighted A* (1.5)":
          findPathAStar(search, sx, sy, gx, gy, path, undefined, 1.5);
          break;
        case "Dijkstra":
          findPathDijkstra(search, sx, sy, gx, gy, path);
          break;
        case "HPA* (8×8 clusters)":
          hpa ??= createHpa(search, 8);
          findPathHpa(hpa, search, sx, sy, gx, gy, path);
          break;
        case "subgoal graph":
          if (grid.connectivity !== 8) {
            message = "subgoal graphs need an 8-connected grid";
            path.status = PathFlags.NoPath;
            path.length = 0;
            break;
          }
          subgoals ??= createSubgoalGraph(grid);
          findPathSubgoal(subgoals, sx, sy, gx, gy, path);
          break;
        case "BFS":
          findPathBfs(search, sx, sy, gx, gy, path);
          break;
        case "two-level subgoal graph":
        case "N-level subgoal graph":
          if (grid.connectivity !== 8) {
            message = "subgoal graphs need an 8-connected grid";
            path.status = PathFlags.NoPath;
            path.length = 0;
            break;
          }
          if (solver === "two-level subgoal graph") {
            if (levelled === null || "nl" in levelled) levelled = createTwoLevelSubgoalGraph(grid);
            findPathTwoLevelSubgoal(levelled, sx, sy, gx, gy, path);
          } else {
            if (levelled === null || !("nl" in levelled)) levelled = createNLevelSubgoalGraph(grid);
            findPathNLevelSubgoal(levelled, sx, sy, gx, gy, path);
          }
          break;
        case "Theta*":
        case "Lazy Theta*":
          if (grid.connectivity !== 8) {
            message = "Theta* needs an 8-connected grid";
            path.status = PathFlags.NoPath;
            path.length = 0;
            break;
          }
          findPathThetaStar(search, sx, sy, gx, gy, path, solver === "Lazy Theta*");
          break;
        case "flow field":
          computeFlowField(search, field, [gy * grid.width + gx]);
          path.length = 0;
          path.status = PathFlags.NoPath;
          break;
      }
      queryUs = (performance.now() - t0) * 1000;
      // Snapshot the closed set of this query (the search state is reused by the next one); for
      // the graph-based solvers show their graph nodes instead (subgoals, HPA* transitions).
      let n = 0;
      const pw = search.pw;
      if (solver === "subgoal graph" && subgoals !== null) {
        for (let i = 0; i < subgoals.count; i++) {
          const p = subgoals.nodeCell[i]!;
          expanded[n++] = (Math.floor(p / pw) - 1) * grid.width + (p % pw) - 1;
        }
      } else if (solver.endsWith("level subgoal graph")) {
        // Subgoals are drawn coloured by level instead (drawSubgoalLevels).
      } else if (solver === "HPA* (8×8 clusters)" && hpa !== null) {
        for (let i = 0; i < hpa.nodeCount; i++) expanded[n++] = hpa.nodeCell[i]!;
      } else {
        for (let p = 0; p < search.closed.length; p++) {
          if (search.closed[p] === search.stamp) {
            const y = Math.floor(p / pw) - 1;
            const x = (p % pw) - 1;
            expanded[n++] = y * grid.width + x;
          }
        }
      }
      expandedCount = n;
      render();
    }
    let expandedCount = 0;

    function render(): void {
      draw.clear("#0f1420");
      const scale = Math.min(W / grid.width, H / grid.height);
      draw.view.scale = scale;
      draw.view.originX = 0;
      draw.view.originY = 0;
      // Cells as one image: blocked dark, free light, expanded tinted.
      const ictx = image.getContext("2d");
      if (ictx) {
        const img = ictx.createImageData(grid.width, grid.height);
        const d = img.data;
        for (let i = 0; i < grid.width * grid.height; i++) {
          const free = grid.passable[i] === 1;
          d[i * 4] = free ? 205 : 40;
          d[i * 4 + 1] = free ? 212 : 46;
          d[i * 4 + 2] = free ? 222 : 60;
          d[i * 4 + 3] = 255;
        }
        if (solver !== "flow field") {
          for (let k = 0; k < expandedCount; k++) {
            const i = expanded[k]!;
            d[i * 4] = 120;
            d[i * 4 + 1] = 170;
            d[i * 4 + 2] = 235;
          }
        }
        ictx.putImageData(img, 0, 0);
        draw.ctx.imageSmoothingEnabled = false;
        draw.ctx.setTransform(1, 0, 0, 1, 0, 0);
        draw.ctx.globalAlpha = 1;
        draw.ctx.drawImage(image, 0, 0, grid.width * scale, grid.height * scale);
      }
      if (solver === "flow field") {
        const stride = Math.max(1, Math.ceil(grid.width / 64));
        for (let y = 0; y < grid.height; y += stride) {
          for (let x = 0; x < grid.width; x += stride) {
            if (!flowFieldDirectionAt(field, x, y, dir)) continue;
            const cx = x + 0.5;
            const cy = y + 0.5;
            drawArrow(draw, cx - dir.x * 0.35 * stride, cy - dir.y * 0.35 * stride, cx + dir.x * 0.35 * stride, cy + dir.y * 0.35 * stride, 0.25 * stride, { color: "#2a6f97", width: 0.06 * stride });
          }
        }
      }
      levelLegend = solver.endsWith("level subgoal graph") && levelled !== null ? drawSubgoalLevels(draw, levelled) : "";
      if (solver !== "flow field" && path.status & PathFlags.Found) {
        const pts: { x: number; y: number }[] = [];
        for (let i = 0; i < path.length; i++) {
          const c = path.cells[i]!;
          pts.push({ x: (c % grid.width) + 0.5, y: Math.floor(c / grid.width) + 0.5 });
        }
        draw.polyline(pts, false, { color: "#e4572e", width: 0.25 });
        for (const p of pts) draw.point(p.x, p.y, 0.35, { color: "#e4572e" });
      }
      draw.circle(start.x + 0.5, start.y + 0.5, 0.6, { color: "#2e7d32", fill: true });
      draw.circle(goal.x + 0.5, goal.y + 0.5, 0.6, { color: "#c62828", fill: true });
      const cells = expandPath(grid, path.cells, path.length, expandBuffer());
      stats.textContent = [
        `map ${grid.width}×${grid.height}, ${grid.connectivity}-connected`,
        `solver ${solver}`,
        solver === "flow field"
          ? `flow field: start cost ${Number.isFinite(field.integration[start.y * grid.width + start.x]!) ? field.integration[start.y * grid.width + start.x]!.toFixed(3) : "unreachable"}`
          : path.status & PathFlags.Found
            ? `cost ${path.cost.toFixed(3)}, ${path.length} waypoints, ${solver.includes("Theta") ? "any-angle" : `${cells} cells`}`
            : "no path",
        solver === "subgoal graph" ? `${expandedCount} subgoals (tinted)` : solver.startsWith("HPA") ? `${expandedCount} transition cells (tinted)` : `expanded ${expandedCount} nodes (tinted)`,
        levelLegend === "" ? "" : `${levelLegend}; ${levelled?.expanded ?? 0} graph nodes expanded`,
        `time ${queryUs.toFixed(0)} µs (first JPS+ query includes preprocessing)`,
        message,
      ].join("\n");
    }
    let buffer = new Int32Array(0);
    function expandBuffer(): Int32Array {
      if (buffer.length < grid.width * grid.height) buffer = new Int32Array(grid.width * grid.height);
      return buffer;
    }

    function cellAt(e: MouseEvent): { x: number; y: number } | null {
      const rect = canvas.getBoundingClientRect();
      const px = ((e.clientX - rect.left) * canvas.width) / rect.width;
      const py = ((e.clientY - rect.top) * canvas.height) / rect.height;
      const w = draw.toWorld(px, py);
      const x = Math.floor(w.x);
      const y = Math.floor(w.y);
      return x >= 0 && y >= 0 && x < grid.width && y < grid.height ? { x, y } : null;
    }

    let painting: boolean | null = null;
    function paint(c: { x: number; y: number }): void {
      if ((c.x === start.x && c.y === start.y) || (c.x === goal.x && c.y === goal.y)) return;
      setCellPassable(base, c.x, c.y, painting === true);
      setCellPassable(grid, c.x, c.y, painting === true);
    }
    const onDown = (e: MouseEvent): void => {
      const c = cellAt(e);
      if (!c) return;
      if (e.button === 2) {
        if (grid.passable[c.y * grid.width + c.x] === 1) goal = c;
      } else if (e.shiftKey) {
        if (grid.passable[c.y * grid.width + c.x] === 1) start = c;
      } else {
        painting = grid.passable[c.y * grid.width + c.x] !== 1;
        paint(c);
      }
      solve();
    };
    const onMove = (e: MouseEvent): void => {
      if (painting === null) return;
      const c = cellAt(e);
      if (!c) return;
      paint(c);
      solve();
    };
    const onUp = (): void => {
      painting = null;
    };
    const onMenu = (e: Event): void => e.preventDefault();
    canvas.addEventListener("mousedown", onDown);
    canvas.addEventListener("mousemove", onMove);
    window.addEventListener("mouseup", onUp);
    canvas.addEventListener("contextmenu", onMenu);

    select(panel, "solver", SOLVERS, solver, (v) => {
      solver = v;
      solve();
    });
    select(panel, "moves", ["8-connected", "4-connected"] as const, connectivity, (v) => {
      connectivity = v;
      rebuildRules();
      solve();
    });
    let seed = 7;
    button(panel, "new demo map", () => {
      seed++;
      setGrid(createDemoMap(64, 48, seed));
      solve();
    });
    button(panel, "clear walls", () => {
      base.passable.fill(1);
      base.version++;
      rebuildRules();
      solve();
    });
    const fileRow = el("label", "control");
    const file = el("input");
    file.type = "file";
    file.accept = ".map";
    fileRow.append(el("span", "", "Moving AI .map"), file);
    panel.insertBefore(fileRow, stats);
    file.addEventListener("change", () => {
      const f = file.files?.[0];
      if (!f) return;
      void f.text().then((text) => {
        try {
          setGrid(parseMovingAiMap(text).grid);
          solve();
        } catch (err) {
          message = isTacticaError(err) ? err.message : String(err);
          render();
        }
      });
    });

    rebuildRules();
    solve();
    return () => {
      canvas.removeEventListener("mousedown", onDown);
      canvas.removeEventListener("mousemove", onMove);
      window.removeEventListener("mouseup", onUp);
      canvas.removeEventListener("contextmenu", onMenu);
    };
  },
};

export default page;
