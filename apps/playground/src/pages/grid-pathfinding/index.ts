import { drawArrow, isTacticaError } from "@tactica/core";
import {
  computeFlowField,
  computeThetaFlowField,
  createFlowField,
  createRegionMap,
  createThetaFlowField,
  findPathRegionAStar,
  smoothPath,
  thetaFlowFieldDirectionAt,
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
  heuristicDistance,
  Heuristics,
  PathFlags,
  setCellPassable,
  withGridRules,
  type FlowField,
  type Grid,
  type RegionMap,
  type ThetaFlowField,
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
import { buildGoalBoundsStep, createGoalBounds, findPathJpsPlusGoalBounded, GoalBoundsCoverage, type GoalBounds } from "@tactica/grid";
import type { DemoPage } from "../../demo";
import { button, demoLayout, el, select, setUrlParam, urlParam } from "../../ui";
import { createDemoMap } from "./demo-map";
import { addSharedMapPicker } from "./shared-maps";
import { drawSubgoalLevels } from "./subgoal-levels";
import type { GridWorkerRequest, GridWorkerResponse } from "./grid-worker";

const W = 800;
const H = 600;

const SOLVERS = [
  "JPS+",
  "JPS",
  "A*",
  "weighted A* (1.5)",
  "Dijkstra",
  "BFS",
  "HPA* (8×8 clusters)",
  "subgoal graph",
  "two-level subgoal graph",
  "N-level subgoal graph",
  "region A*",
  "IDA* (small maps)",
  "Theta*",
  "Lazy Theta*",
  "A* + post-smoothing",
  "flow field",
  "Theta* flow field",
  "JPS+ goal bounding",
] as const;
type SolverName = (typeof SOLVERS)[number];

/** IDA* re-expands nodes on every iteration: the page runs it only on maps up to this many cells, with this node budget. */
const IDA_MAX_CELLS = 64 * 64;
const IDA_BUDGET = 2_000_000;
const ANY_ANGLE: readonly SolverName[] = ["Theta*", "Lazy Theta*", "A* + post-smoothing", "Theta* flow field"];
const FIELDS: readonly SolverName[] = ["flow field", "Theta* flow field"];
/** Solvers that take a node budget, so the page can replay them one expansion at a time (step-through). */
const STEPPABLE: readonly SolverName[] = ["A*", "weighted A* (1.5)", "Dijkstra"];
/** Demo map sizes (the `map` URL key); flow fields on maps above WORKER_CELLS cells, and IDA* always, run in a web worker. */
const MAP_SIZES = { "64×48": [64, 48], "256×256": [256, 256], "512×512": [512, 512] } as const;
type MapSize = keyof typeof MAP_SIZES;
const WORKER_CELLS = 128 * 128;

/** A cell written as `x,y` in the URL (`#/grid-pathfinding?start=3,4&goal=60,40&seed=9`); null when malformed. */
export function parseCellParam(text: string | undefined): { x: number; y: number } | null {
  const m = text === undefined ? null : /^(\d{1,5}),(\d{1,5})$/.exec(text);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

/** Euclidean length of a waypoint path (cell centres). */
function waypointLength(width: number, cells: Int32Array, length: number): number {
  let total = 0;
  for (let i = 1; i < length; i++) {
    const dx = (cells[i]! % width) - (cells[i - 1]! % width);
    const dy = Math.floor(cells[i]! / width) - Math.floor(cells[i - 1]! / width);
    total += Math.sqrt(dx * dx + dy * dy);
  }
  return total;
}

const page: DemoPage = {
  id: "grid-pathfinding",
  title: "Grid pathfinding: A*, JPS, JPS+, Theta*, flow fields",
  package: "grid",
  order: 1,
  description:
    "JPS+ from Game AI Pro 2, chapter 14 (Rabin and Silva), subgoal graphs from chapter 15 (Uras and Koenig), Theta* from chapter 16 (Nash and Koenig). Left-drag paints or erases walls, right-click moves the goal, shift-click moves the start. Pick a solver to see the cells it expanded (tinted), its path and its cost; 'flow field' and 'Theta* flow field' draw the direction every cell takes towards the goal (any angle for the Theta* field); 'region A*' outlines its rectangular regions; IDA* runs on small maps only. 'crowd' adds a congestion penalty halfway between start and goal to both flow fields. Load any Moving AI .map file with the file input, or, under `pnpm start`, pick one of the shared benchmark maps. 'JPS+ goal bounding' builds its bounds over a few frames and outlines the 8 boxes (one colour per first move) of the first waypoint that has them.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    // Shareable view: the map seed, start and goal live in the URL next to the solver and moves.
    const seedParam = Number(urlParam("seed"));
    let seed = Number.isInteger(seedParam) && seedParam >= 0 && seedParam < 1e9 ? seedParam : 7;
    const sizeParam = urlParam("map");
    let mapSize: MapSize = sizeParam !== undefined && sizeParam in MAP_SIZES ? (sizeParam as MapSize) : "64×48";
    const demoMap = (): Grid => createDemoMap(MAP_SIZES[mapSize][0], MAP_SIZES[mapSize][1], seed);
    let base: Grid = demoMap();
    let grid: Grid = base;
    let search: GridSearch = createGridSearch(grid);
    let jp: JpsPlus | null = null;
    let hpa: Hpa | null = null;
    let subgoals: SubgoalGraph | null = null;
    // JPS+ goal bounding: bounds at the jump points, built on demand (across frames on big maps).
    let gb: GoalBounds | null = null;
    let gbFrame = 0;
    let gbMs = 0;
    let levelled: TwoLevelSubgoalGraph | NLevelSubgoalGraph | null = null;
    let levelLegend = "";
    let path: GridPath = createGridPath(grid);
    let field: FlowField = createFlowField(grid);
    let thetaField: ThetaFlowField | null = null;
    let regions: RegionMap | null = null;
    const goalCell = new Int32Array(1);
    // 'crowd': a congestion penalty blob halfway between start and goal, for both flow fields.
    let crowdOn = false;
    let crowd = new Float64Array(grid.width * grid.height);
    let expanded = new Int32Array(grid.width * grid.height);
    let solver: SolverName = "JPS+";
    let connectivity: "8-connected" | "4-connected" = "8-connected";
    const freeCell = (c: { x: number; y: number } | null): c is { x: number; y: number } =>
      c !== null && c.x < grid.width && c.y < grid.height && grid.passable[c.y * grid.width + c.x] === 1;
    const startParam = parseCellParam(urlParam("start"));
    const goalParam = parseCellParam(urlParam("goal"));
    const small = mapSize === "64×48";
    let start = freeCell(startParam) ? startParam : small ? { x: 1, y: 1 } : defaultEnds().start;
    let goal = freeCell(goalParam) ? goalParam : small ? { x: 62, y: 46 } : defaultEnds().goal;
    let message = "";
    let queryUs = 0;
    // One-off preprocessing (JPS+ tables, HPA* graph, subgoal graphs, regions) is timed apart from the query.
    let prepMs = 0;
    let prepSolver = "";
    // Step-through: `stepAt` expansions of the current query are shown (-1 = the finished search).
    let stepAt = -1;
    let fullExpanded = 0;
    let openCount = 0;
    let opened = new Int32Array(grid.width * grid.height);
    const image = document.createElement("canvas");
    const dir = { x: 0, y: 0 };

    function setGrid(g: Grid): void {
      base = g;
      rebuildRules();
      ({ start, goal } = defaultEnds());
    }

    function rebuildRules(): void {
      requestId++;
      grid = withGridRules(base, { connectivity: connectivity === "8-connected" ? 8 : 4 });
      search = createGridSearch(grid);
      jp = null;
      hpa = null;
      subgoals = null;
      gb = null;
      thetaField = null;
      regions = null;
      levelled = null;
      path = createGridPath(grid);
      field = createFlowField(grid);
      crowd = new Float64Array(grid.width * grid.height);
      expanded = new Int32Array(grid.width * grid.height);
      opened = new Int32Array(grid.width * grid.height);
      image.width = grid.width;
      image.height = grid.height;
    }

    /**
     * Default start and goal on a generated or loaded map: the top-left-most and bottom-right-most
     * cells of the largest 4-connected open area, so the default query has a path (the first free
     * cell of a 256² map can be a walled-off pocket).
     */
    function defaultEnds(): { start: { x: number; y: number }; goal: { x: number; y: number } } {
      const w = grid.width,
        n = w * grid.height;
      const label = new Int32Array(n).fill(-1);
      const queue = new Int32Array(n);
      let best = -1,
        bestSize = 0,
        bestFirst = 0,
        bestLast = 0;
      for (let seed = 0, id = 0; seed < n; seed++) {
        if (grid.passable[seed] !== 1 || label[seed] !== -1) continue;
        let head = 0,
          tail = 0;
        queue[tail++] = seed;
        label[seed] = id;
        let first = seed,
          last = seed;
        while (head < tail) {
          const c = queue[head++]!;
          const x = c % w,
            y = (c - x) / w;
          if (x + y < (first % w) + Math.floor(first / w)) first = c;
          if (x + y > (last % w) + Math.floor(last / w)) last = c;
          for (const d of [x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, c - w, c + w]) {
            if (d < 0 || d >= n || grid.passable[d] !== 1 || label[d] !== -1) continue;
            label[d] = id;
            queue[tail++] = d;
          }
        }
        if (tail > bestSize) [best, bestSize, bestFirst, bestLast] = [id, tail, first, last];
        id++;
      }
      if (best < 0) return { start: { x: 0, y: 0 }, goal: { x: 0, y: 0 } };
      return { start: { x: bestFirst % w, y: Math.floor(bestFirst / w) }, goal: { x: bestLast % w, y: Math.floor(bestLast / w) } };
    }

    // The web worker for IDA* and for flow fields on big maps: one request in flight; a newer one
    // waits in `queued` and replaces any older waiting one; answers to superseded requests are dropped.
    let worker: Worker | null = null;
    let requestId = 0;
    let busy = false;
    let queued: GridWorkerRequest | null = null;
    let workerStatus = "";
    const usesWorker = (s: SolverName) => s === "IDA* (small maps)" || (FIELDS.includes(s) && grid.width * grid.height > WORKER_CELLS);
    function requestWorker(kind: GridWorkerRequest["kind"], penalty: Float64Array | undefined): void {
      const request: GridWorkerRequest = {
        id: ++requestId,
        kind,
        width: grid.width,
        height: grid.height,
        passable: grid.passable.slice(),
        connectivity: grid.connectivity,
        cornerCutting: grid.cornerCutting,
        start: [start.x, start.y],
        goal: [goal.x, goal.y],
        penalty: penalty?.slice(),
        maxExpansions: IDA_BUDGET,
      };
      workerStatus = `${kind} running in a web worker…`;
      if (busy) {
        queued = request;
        return;
      }
      post(request);
    }
    function post(request: GridWorkerRequest): void {
      if (worker === null) {
        worker = new Worker(new URL("./grid-worker.ts", import.meta.url), { type: "module" });
        worker.addEventListener("message", (e: MessageEvent<GridWorkerResponse>) => onWorker(e.data));
      }
      busy = true;
      worker.postMessage(request, [request.passable.buffer]);
    }
    function onWorker(m: GridWorkerResponse): void {
      if (m.type === "progress") {
        if (m.id === requestId) {
          workerStatus = m.text;
          scheduleRender();
        }
        return;
      }
      busy = false;
      if (queued) {
        const next = queued;
        queued = null;
        post(next);
      }
      if (m.id !== requestId) return;
      workerStatus = "";
      if (m.field && m.field.width === grid.width && m.field.height === grid.height) {
        field = m.field;
        message = `flow field computed in a web worker in ${m.ms.toFixed(0)} ms`;
      } else if (m.thetaField && m.thetaField.width === grid.width && m.thetaField.height === grid.height) {
        thetaField = m.thetaField;
        writeThetaChain(thetaField, start.x, start.y);
        message = `Theta* flow field computed in a web worker in ${m.ms.toFixed(0)} ms`;
      } else if (m.path && m.reached) {
        path.flags = m.flags ?? PathFlags.NoPath;
        path.path.set(m.path.subarray(0, path.path.length));
        path.length = Math.min(m.path.length, path.path.length);
        path.cost = m.cost ?? Infinity;
        path.expanded = m.expanded ?? 0;
        expanded.set(m.reached.subarray(0, expanded.length));
        expandedCount = Math.min(m.reached.length, expanded.length);
        openCount = 0;
        message =
          path.flags & PathFlags.BudgetExhausted
            ? `IDA* stopped after ${IDA_BUDGET} expansions (${m.iterations} iterations), in a web worker in ${m.ms.toFixed(0)} ms`
            : `IDA*: ${m.iterations} iterations, ${path.expanded} expansions in total, in a web worker in ${m.ms.toFixed(0)} ms`;
      }
      scheduleRender();
    }
    let renderFrame = 0;
    /** Renders now on small maps, once per animation frame on big ones (painting walls fires many events). */
    function scheduleRender(): void {
      if (grid.width * grid.height <= WORKER_CELLS) {
        render();
        return;
      }
      if (renderFrame === 0)
        renderFrame = requestAnimationFrame(() => {
          renderFrame = 0;
          render();
        });
    }

    /** Builds the solver's one-off data before the query, timed apart (shown once, not added to the query time). */
    function prepare(): void {
      const t = performance.now();
      let built = true;
      if ((solver === "JPS+" || solver === "JPS+ goal bounding") && jp === null) jp = createJpsPlus(grid);
      else if (solver === "HPA* (8×8 clusters)" && hpa === null) hpa = createHpa(search, { clusterSize: 8 });
      else if (solver === "subgoal graph" && subgoals === null && grid.connectivity === 8) subgoals = createSubgoalGraph(grid);
      else if (solver === "region A*" && regions === null && grid.cornerCutting !== 2) regions = createRegionMap(grid);
      else built = false;
      if (built) {
        prepMs = performance.now() - t;
        prepSolver = solver;
      }
    }

    function solve(): void {
      message = "";
      prepare();
      if (!STEPPABLE.includes(solver)) stepAt = -1;
      const budget = stepAt >= 0 ? { maxExpansions: Math.max(1, stepAt) } : {};
      const t0 = performance.now();
      const { x: sx, y: sy } = start;
      const { x: gx, y: gy } = goal;
      switch (solver) {
        case "JPS+":
          jp ??= createJpsPlus(grid);
          findPathJpsPlus(path, search, jp, sx, sy, gx, gy);
          break;
        case "JPS":
          findPathJps(path, search, sx, sy, gx, gy);
          break;
        case "A*":
          findPathAStar(path, search, sx, sy, gx, gy, budget);
          break;
        case "weighted A* (1.5)":
          findPathAStar(path, search, sx, sy, gx, gy, { weight: 1.5, ...budget });
          break;
        case "Dijkstra":
          findPathDijkstra(path, search, sx, sy, gx, gy, budget);
          break;
        case "HPA* (8×8 clusters)":
          hpa ??= createHpa(search, { clusterSize: 8 });
          findPathHpa(path, hpa, search, sx, sy, gx, gy);
          break;
        case "subgoal graph":
          if (grid.connectivity !== 8) {
            message = "subgoal graphs need an 8-connected grid";
            path.flags = PathFlags.NoPath;
            path.length = 0;
            break;
          }
          subgoals ??= createSubgoalGraph(grid);
          findPathSubgoal(path, subgoals, sx, sy, gx, gy);
          break;
        case "BFS":
          findPathBfs(path, search, sx, sy, gx, gy);
          break;
        case "two-level subgoal graph":
        case "N-level subgoal graph":
          if (grid.connectivity !== 8) {
            message = "subgoal graphs need an 8-connected grid";
            path.flags = PathFlags.NoPath;
            path.length = 0;
            break;
          }
          if (solver === "two-level subgoal graph") {
            if (levelled === null || "nl" in levelled) levelled = createTwoLevelSubgoalGraph(grid);
            findPathTwoLevelSubgoal(path, levelled, sx, sy, gx, gy);
          } else {
            if (levelled === null || !("nl" in levelled)) levelled = createNLevelSubgoalGraph(grid);
            findPathNLevelSubgoal(path, levelled, sx, sy, gx, gy);
          }
          break;
        case "Theta*":
        case "Lazy Theta*":
          if (grid.connectivity !== 8) {
            message = "Theta* needs an 8-connected grid";
            path.flags = PathFlags.NoPath;
            path.length = 0;
            break;
          }
          findPathThetaStar(path, search, sx, sy, gx, gy, { lazy: solver === "Lazy Theta*" });
          break;
        case "JPS+ goal bounding": {
          jp ??= createJpsPlus(grid);
          if (gb?.builtVersion !== grid.version) {
            gb = createGoalBounds(grid, { coverage: GoalBoundsCoverage.JumpPoints, build: false });
            gbMs = 0;
          }
          // O(n²) preprocessing spread over frames (a few hundred Dijkstras per frame), so painting
          // walls stays responsive; the search prunes with the rows built so far.
          const b0 = performance.now();
          const done = buildGoalBoundsStep(gb, grid.width * grid.height <= 8192 ? 400 : 100);
          gbMs += performance.now() - b0;
          if (!done) {
            message = `building goal bounds: ${gb.builtRows} / ${gb.rows} jump points (searching with the rows built so far)`;
            cancelAnimationFrame(gbFrame);
            gbFrame = requestAnimationFrame(() => solve());
          }
          findPathJpsPlusGoalBounded(path, search, jp, gb, sx, sy, gx, gy);
          break;
        }
        case "flow field":
          if (usesWorker(solver)) {
            requestWorker("flow field", fillCrowd(sx, sy, gx, gy));
            path.length = 0;
            path.flags = PathFlags.NoPath;
            break;
          }
          goalCell[0] = gy * grid.width + gx;
          computeFlowField(field, search, goalCell, { penalty: fillCrowd(sx, sy, gx, gy) });
          path.length = 0;
          path.flags = PathFlags.NoPath;
          break;
        case "A* + post-smoothing":
          if (grid.connectivity !== 8) {
            noPath("post-smoothing is shown on 8-connected grids (any-angle segments)");
            break;
          }
          findPathAStar(path, search, sx, sy, gx, gy);
          if (path.flags & PathFlags.Found) {
            path.length = smoothPath(grid, path.path, path.length);
            path.cost = waypointLength(grid.width, path.path, path.length);
          }
          break;
        case "IDA* (small maps)":
          if (grid.width * grid.height > IDA_MAX_CELLS) {
            noPath(
              `IDA* runs here only on maps up to ${IDA_MAX_CELLS} cells (this one has ${grid.width * grid.height}): it re-expands nodes on every iteration`,
            );
            break;
          }
          // IDA* re-expands nodes on every iteration (up to 300 ms here): always in the worker.
          requestWorker("IDA*", undefined);
          path.length = 0;
          path.flags = PathFlags.NoPath;
          break;
        case "region A*":
          if (grid.cornerCutting === 2) {
            noPath("region A* needs a corner rule other than Always");
            break;
          }
          regions ??= createRegionMap(grid);
          findPathRegionAStar(path, regions, sx, sy, gx, gy);
          break;
        case "Theta* flow field":
          if (grid.connectivity !== 8) {
            noPath("the Theta* flow field needs an 8-connected grid");
            break;
          }
          if (usesWorker(solver)) {
            requestWorker("Theta* flow field", fillCrowd(sx, sy, gx, gy));
            if (thetaField) writeThetaChain(thetaField, sx, sy);
            break;
          }
          thetaField ??= createThetaFlowField(grid);
          goalCell[0] = gy * grid.width + gx;
          computeThetaFlowField(thetaField, search, goalCell, { penalty: fillCrowd(sx, sy, gx, gy) });
          writeThetaChain(thetaField, sx, sy);
          break;
      }
      queryUs = (performance.now() - t0) * 1000;
      // Snapshot the closed set of this query (the search state is reused by the next one); for
      // the graph-based solvers show their graph nodes instead (subgoals, HPA* transitions).
      let n = 0;
      let o = 0;
      const pw = search.pw;
      if (solver === "IDA* (small maps)") {
        // Filled in by the worker's answer (onWorker).
        n = expandedCount;
      } else if (usesWorker(solver)) {
        // A flow field from the worker: the search state here is not its own.
      } else if (solver === "BFS") {
        // BFS closes nothing: the cells it expanded are the first `expanded` entries of its FIFO
        // queue, the rest of the queue is its frontier.
        const q = search.queue;
        for (let k = 0; k < path.expanded; k++) expanded[n++] = (Math.floor(q[k]! / pw) - 1) * grid.width + (q[k]! % pw) - 1;
        for (let k = path.expanded; k < path.generated; k++) opened[o++] = (Math.floor(q[k]! / pw) - 1) * grid.width + (q[k]! % pw) - 1;
      } else if (solver === "Theta* flow field") {
        // The Theta* field reaches every cell: tint nothing.
      } else if (solver === "region A*") {
        // Regions are drawn as rectangles instead.
      } else if (solver === "subgoal graph" && subgoals !== null) {
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
          const y = Math.floor(p / pw) - 1;
          const x = (p % pw) - 1;
          if (search.closed[p] === search.stamp) expanded[n++] = y * grid.width + x;
          else if (search.seen[p] === search.stamp && x >= 0 && y >= 0 && x < grid.width && y < grid.height) opened[o++] = y * grid.width + x;
        }
      }
      expandedCount = n;
      openCount = o;
      if (stepAt < 0) fullExpanded = path.expanded;
      updateStepper();
      if (!usesWorker(solver)) workerStatus = "";
      scheduleRender();
    }
    let expandedCount = 0;

    /** The congestion penalty for the flow fields, or undefined when the crowd is off. */
    function fillCrowd(sx: number, sy: number, gx: number, gy: number): Float64Array | undefined {
      if (!crowdOn) return undefined;
      const mx = (sx + gx) / 2;
      const my = (sy + gy) / 2;
      for (let i = 0; i < crowd.length; i++) crowd[i] = Math.max(0, 3 - 0.5 * Math.hypot((i % grid.width) - mx, Math.floor(i / grid.width) - my));
      return crowd;
    }

    function noPath(why: string): void {
      message = why;
      path.flags = PathFlags.NoPath;
      path.length = 0;
    }

    /** The Theta* field's own path from the start: its chain of parents, written into `path`. */
    function writeThetaChain(f: ThetaFlowField, sx: number, sy: number): void {
      let n = 0;
      for (let c = sy * grid.width + sx; c >= 0 && n < path.path.length; c = f.parent[c]!) path.path[n++] = c;
      const end = n > 0 ? path.path[n - 1]! : -1;
      const reached = end >= 0 && f.integration[end] === 0;
      path.length = reached ? n : 0;
      path.flags = reached ? PathFlags.Found : PathFlags.NoPath;
      path.cost = reached ? waypointLength(grid.width, path.path, n) : Infinity;
    }

    function render(): void {
      draw.clear("#0f1420");
      boxCell = -1;
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
        if (solver !== "flow field" && solver !== "Theta* flow field") {
          for (let k = 0; k < expandedCount; k++) {
            const i = expanded[k]!;
            d[i * 4] = 120;
            d[i * 4 + 1] = 170;
            d[i * 4 + 2] = 235;
          }
          // The open set (seen, not yet expanded), as PathFinding.js shows it: green.
          for (let k = 0; k < openCount; k++) {
            const i = opened[k]!;
            d[i * 4] = 140;
            d[i * 4 + 1] = 220;
            d[i * 4 + 2] = 150;
          }
        }
        if (FIELDS.includes(solver) && crowdOn) {
          for (let i = 0; i < grid.width * grid.height; i++) if (crowd[i]! > 0 && grid.passable[i] === 1) d[i * 4 + 1] = Math.max(0, 212 - 40 * crowd[i]!);
        }
        ictx.putImageData(img, 0, 0);
        draw.ctx.imageSmoothingEnabled = false;
        draw.ctx.setTransform(1, 0, 0, 1, 0, 0);
        draw.ctx.globalAlpha = 1;
        draw.ctx.drawImage(image, 0, 0, grid.width * scale, grid.height * scale);
      }
      if (solver === "region A*" && regions !== null) {
        const r = regions.rects;
        const thin = Math.max(0.05, 1 / scale);
        for (let i = 0; i < regions.regionCount; i++) {
          const x0 = r[4 * i]!;
          const y0 = r[4 * i + 1]!;
          draw.rect(x0, y0, r[4 * i + 2]! - x0 + 1, r[4 * i + 3]! - y0 + 1, { color: "#6a4c93", width: thin });
        }
      }
      if (FIELDS.includes(solver)) {
        const tf = thetaField;
        const stride = Math.max(1, Math.ceil(grid.width / 64));
        for (let y = 0; y < grid.height; y += stride) {
          for (let x = 0; x < grid.width; x += stride) {
            const has = solver === "flow field" ? flowFieldDirectionAt(dir, field, x, y) : tf !== null && thetaFlowFieldDirectionAt(dir, tf, x, y);
            if (!has) continue;
            const cx = x + 0.5;
            const cy = y + 0.5;
            drawArrow(draw, cx - dir.x * 0.35 * stride, cy - dir.y * 0.35 * stride, cx + dir.x * 0.35 * stride, cy + dir.y * 0.35 * stride, 0.25 * stride, {
              color: "#2a6f97",
              width: 0.06 * stride,
            });
          }
        }
      }
      levelLegend = solver.endsWith("level subgoal graph") && levelled !== null ? drawSubgoalLevels(draw, levelled) : "";
      if (solver !== "flow field" && path.flags & PathFlags.Found) {
        const pts: { x: number; y: number }[] = [];
        for (let i = 0; i < path.length; i++) {
          const c = path.path[i]!;
          pts.push({ x: (c % grid.width) + 0.5, y: Math.floor(c / grid.width) + 0.5 });
        }
        draw.polyline(pts, false, { color: "#e4572e", width: 0.25 });
        for (const p of pts) draw.point(p.x, p.y, 0.35, { color: "#e4572e" });
        if (solver === "JPS+ goal bounding") drawBoxes();
      }
      draw.circle(start.x + 0.5, start.y + 0.5, 0.6, { color: "#2e7d32", fill: true });
      draw.circle(goal.x + 0.5, goal.y + 0.5, 0.6, { color: "#c62828", fill: true });
      const cells = expandPath(expandBuffer(), grid, path.path, path.length);
      stats.textContent = [
        `map ${grid.width}×${grid.height}, ${grid.connectivity}-connected`,
        `solver ${solver}`,
        solver === "flow field"
          ? `flow field: start cost ${Number.isFinite(field.integration[start.y * grid.width + start.x]!) ? field.integration[start.y * grid.width + start.x]!.toFixed(3) : "unreachable"}`
          : path.flags & PathFlags.Found
            ? `cost ${path.cost.toFixed(3)}, ${path.length} waypoints, ${ANY_ANGLE.includes(solver) ? "any-angle" : `${cells} cells`}`
            : "no path",
        solver === "subgoal graph"
          ? `${expandedCount} subgoals (tinted)`
          : solver.startsWith("HPA")
            ? `${expandedCount} transition cells (tinted)`
            : solver === "region A*"
              ? `${regions?.regionCount ?? 0} rectangular regions (outlined), ${path.expanded} expanded`
              : solver === "Theta* flow field"
                ? `Theta* field: ${thetaField?.losChecks ?? 0} line-of-sight tests; the path is the start's parent chain`
                : `expanded ${expandedCount} nodes (blue), ${openCount} open (green)`,
        stepAt >= 0 ? `step-through: ${Math.min(stepAt, fullExpanded)} / ${fullExpanded} expansions` : "",
        levelLegend === "" ? "" : `${levelLegend}; ${levelled?.expanded ?? 0} graph nodes expanded`,
        // Worker answers carry their own time (the message line); the main thread only posted the request.
        usesWorker(solver) ? "" : `query ${queryUs < 100 ? queryUs.toFixed(1) : queryUs.toFixed(0)} µs`,
        prepSolver === solver && prepMs > 0 ? `preprocessing (once per map) ${prepMs.toFixed(2)} ms` : "",
        `start (${start.x}, ${start.y}) → goal (${goal.x}, ${goal.y}), map seed ${seed}`,
        solver === "JPS+ goal bounding" && gb !== null
          ? `goal bounds: ${gb.rows} jump points, ${(gb.boxes.byteLength / 1024).toFixed(0)} kB, ${gb.builtRows === gb.rows ? "built in" : "building for"} ${gbMs.toFixed(0)} ms; boxes of ${boxCell < 0 ? "no waypoint (none has bounds)" : `waypoint (${boxCell % grid.width}, ${Math.floor(boxCell / grid.width)}), white dot`}, one colour per first move`
          : "",
        message,
        workerStatus,
      ]
        .filter((line) => line !== "")
        .join("\n");
    }
    // The 8 goal-bounding boxes of the first path waypoint that has bounds (a jump point).
    const BOX_COLORS = ["#d62828", "#f77f00", "#fcbf49", "#2a9d8f", "#264653", "#8338ec", "#3a86ff", "#ff006e"];
    let boxCell = -1;
    function drawBoxes(): void {
      boxCell = -1;
      if (gb === null) return;
      for (let i = 0; i < path.length && boxCell < 0; i++) {
        const c = path.path[i]!;
        const row = gb.rowOf[(Math.floor(c / grid.width) + 1) * gb.pw + (c % grid.width) + 1]!;
        if (row < 0) continue;
        boxCell = c;
        for (let d = 0; d < 8; d++) {
          const k = row * 32 + d * 4;
          const [x0, y0, x1, y1] = [gb.boxes[k]!, gb.boxes[k + 1]!, gb.boxes[k + 2]!, gb.boxes[k + 3]!];
          if (x0 > x1) continue;
          const inset = 0.08 * (d + 1);
          draw.rect(x0 + inset, y0 + inset, x1 - x0 + 1 - 2 * inset, y1 - y0 + 1 - 2 * inset, { color: BOX_COLORS[d]!, width: 0.12 });
        }
        draw.circle((c % grid.width) + 0.5, Math.floor(c / grid.width) + 0.5, 0.45, { color: "#ffffff", fill: true });
      }
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
        writeEnds();
      } else if (e.shiftKey) {
        if (grid.passable[c.y * grid.width + c.x] === 1) start = c;
        writeEnds();
      } else {
        painting = grid.passable[c.y * grid.width + c.x] !== 1;
        paint(c);
      }
      solve();
    };
    const onMove = (e: MouseEvent): void => {
      showTip(e);
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
    const onLeave = (): void => {
      tip.hidden = true;
    };
    canvas.addEventListener("mouseleave", onLeave);
    canvas.addEventListener("mousedown", onDown);
    canvas.addEventListener("mousemove", onMove);
    window.addEventListener("mouseup", onUp);
    canvas.addEventListener("contextmenu", onMenu);

    select(panel, "solver", SOLVERS, solver, (v) => {
      solver = v;
      stepAt = -1;
      stopPlay();
      solve();
    });
    select(panel, "crowd (flow fields)", ["off", "on"] as const, "off", (v) => {
      crowdOn = v === "on";
      solve();
    });
    select(panel, "moves", ["8-connected", "4-connected"] as const, connectivity, (v) => {
      connectivity = v;
      rebuildRules();
      solve();
    });
    select(panel, "map", Object.keys(MAP_SIZES) as MapSize[], "64×48", (v) => {
      if (v === mapSize) return; // the URL's map, already loaded at mount
      mapSize = v;
      setGrid(demoMap());
      writeEnds();
      solve();
    });
    button(panel, "new demo map", () => {
      seed++;
      setUrlParam("seed", seed === 7 ? undefined : seed);
      setGrid(demoMap());
      writeEnds();
      solve();
    });
    button(panel, "clear walls", () => {
      base.passable.fill(1);
      base.version++;
      rebuildRules();
      solve();
    });
    const loadMapText = (text: string): void => {
      try {
        setGrid(parseMovingAiMap(text).grid);
        solve();
      } catch (err) {
        message = isTacticaError(err) ? err.message : String(err);
        render();
      }
    };
    const fileRow = el("label", "control");
    const file = el("input");
    file.type = "file";
    file.accept = ".map";
    fileRow.append(el("span", "", "Moving AI .map"), file);
    panel.insertBefore(fileRow, stats);
    file.addEventListener("change", () => {
      const f = file.files?.[0];
      if (!f) return;
      void f.text().then(loadMapText);
    });
    addSharedMapPicker(panel, loadMapText, (m) => {
      message = m;
      render();
    });

    // Step-through of the open and closed sets (A*, weighted A*, Dijkstra): replays the query with a
    // node budget of k expansions, so the picture is the search's state after k steps.
    const stepRow = el("div", "control stepper");
    const back = el("button", "", "◀");
    back.title = "One expansion back";
    const fwd = el("button", "", "▶");
    fwd.title = "One expansion forward";
    const play = el("button", "", "play");
    play.title = "Replay the search from the first expansion";
    const stepLabel = el("span", "", "step-through");
    stepRow.append(stepLabel, back, fwd, play);
    panel.insertBefore(stepRow, stats);
    let playTimer = 0;
    function stopPlay(): void {
      clearInterval(playTimer);
      playTimer = 0;
      play.textContent = "play";
    }
    function stepTo(k: number): void {
      stepAt = k >= fullExpanded ? -1 : Math.max(0, k);
      solve();
    }
    back.addEventListener("click", () => {
      stopPlay();
      stepTo((stepAt < 0 ? fullExpanded : stepAt) - 1);
    });
    fwd.addEventListener("click", () => {
      stopPlay();
      stepTo(stepAt < 0 ? 1 : stepAt + 1);
    });
    play.addEventListener("click", () => {
      if (playTimer) {
        stopPlay();
        return;
      }
      play.textContent = "stop";
      stepTo(1);
      playTimer = window.setInterval(() => {
        const per = Math.max(1, Math.ceil(fullExpanded / 150));
        stepTo(stepAt + per);
        if (stepAt < 0) stopPlay();
      }, 30);
    });
    function updateStepper(): void {
      const on = STEPPABLE.includes(solver);
      back.disabled = fwd.disabled = play.disabled = !on;
      stepLabel.textContent = on ? "step-through" : "step-through (A*, Dijkstra)";
    }

    // Tooltip: the hovered cell's g, h and f (= g + w·h) from the last query.
    const tip = el("div", "cell-tip");
    tip.hidden = true;
    canvas.parentElement!.append(tip);
    function showTip(e: MouseEvent): void {
      const c = cellAt(e);
      if (!c) {
        tip.hidden = true;
        return;
      }
      const p = (c.y + 1) * search.pw + c.x + 1;
      const seen = search.seen[p] === search.stamp;
      const closed = search.closed[p] === search.stamp;
      const kind = grid.connectivity === 4 ? Heuristics.Manhattan : Heuristics.Octile;
      const w = solver === "Dijkstra" ? 0 : solver === "weighted A* (1.5)" ? 1.5 : 1;
      const h = w === 0 ? 0 : heuristicDistance(kind, c.x - goal.x, c.y - goal.y) * search.minCost;
      const g = seen && solver !== "BFS" ? search.g[p]! : Number.NaN;
      const lines = [`cell (${c.x}, ${c.y})${grid.passable[c.y * grid.width + c.x] === 1 ? "" : " wall"}`];
      if (seen && solver !== "BFS") lines.push(`g ${g.toFixed(2)}  h ${h.toFixed(2)}  f ${(g + w * h).toFixed(2)}`, closed ? "closed" : "open");
      else lines.push(`h ${h.toFixed(2)}`, solver === "BFS" && seen ? "reached (BFS keeps no g)" : "not reached by this query");
      tip.textContent = lines.join("\n");
      const box = canvas.parentElement!.getBoundingClientRect();
      tip.style.left = `${e.clientX - box.left + 14}px`;
      tip.style.top = `${e.clientY - box.top + 14}px`;
      tip.hidden = false;
    }

    function writeEnds(): void {
      setUrlParam("start", `${start.x},${start.y}`);
      setUrlParam("goal", `${goal.x},${goal.y}`);
    }

    rebuildRules();
    solve();
    return () => {
      cancelAnimationFrame(gbFrame);
      canvas.removeEventListener("mousedown", onDown);
      canvas.removeEventListener("mousemove", onMove);
      window.removeEventListener("mouseup", onUp);
      canvas.removeEventListener("contextmenu", onMenu);
      canvas.removeEventListener("mouseleave", onLeave);
      stopPlay();
      cancelAnimationFrame(renderFrame);
      worker?.terminate();
    };
  },
};

export default page;
