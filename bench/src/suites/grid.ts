// `pnpm bench:grid [--maps DIR] [--sets a,b] [--limit N] [--peer-limit M] [--max-maps K] [--solvers a,b] [--json FILE]`
// Runs every `*.map.scen` under DIR (default: the shared Moving AI folder) for each Tactica grid
// solver and the peers, on the same queries (at most N per map, spread over the buckets), and
// reports per solver: median / p95 query time, mismatches against the optimal length,
// preprocessing time and memory. See apps/docs/guide/grid.md.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import {
  createGridPath,
  createGridSearch,
  createJpsPlus,
  findPathAStar,
  findPathBfs,
  findPathDijkstra,
  findPathHpa,
  findPathSubgoal,
  findPathJpsPlusBucketed,
  createBucketedJpsPlus,
  createSubgoalGraph,
  subgoalGraphMemoryBytes,
  createHpa,
  hpaMemoryBytes,
  findPathJps,
  findPathJpsPlus,
  gridSearchMemoryBytes,
  hasGridLineOfSight,
  jpsPlusMemoryBytes,
  matchesScenarioLength,
  parseMovingAiMap,
  PathFlags,
  parseMovingAiScenarios,
  withGridRules,
  type Grid,
  type GridPath,
  type GridSearch,
  type MovingAiScenario,
  createTwoLevelSubgoalGraph,
  findPathTwoLevelSubgoal,
  twoLevelSubgoalGraphMemoryBytes,
  createNLevelSubgoalGraph,
  findPathNLevelSubgoal,
  nLevelSubgoalGraphMemoryBytes,
} from "@tactica/grid";
import { allocationPerCall, consume } from "../measure";
import type { BenchRow } from "../row";
import { sharedBenchDir } from "../shared-data";
import type { Suite, SuiteContext } from "../suite";
import { COVERAGE_SOLVERS } from "./grid-coverage";
import { pathfindingCloneUs, prepareEasystar, prepareL1, prepareNgraph, preparePathfinding, type Query } from "./grid-peers";
import { computeDStarLitePath, createDStarLite, dStarLiteBytes, replanMarkdown, runGridReplan, setDStarLiteEndpoints } from "./grid-replan";
import { createGoalBounds, findPathAStarGoalBounded, findPathJpsPlusGoalBounded, GoalBoundsCoverage, goalBoundsMemoryBytes } from "@tactica/grid";

/**
 * How a solver's costs are checked against the scenario's optimal (8-connected) length:
 * - `optimal`: mismatches = queries whose cost differs (or that found no path);
 * - `bounded`: suboptimal by design (weighted A*, bucketed JPS+, HPA*, region A*, BFS): mismatches
 *   as above, plus the mean and max excess over the optimum (%);
 * - `any-angle`: Theta*-style paths are shorter than the grid optimum: mean shortening (%), the
 *   count of paths longer than the optimum and of waypoint segments without line of sight;
 *   mismatches = no path or longer than the optimum;
 * - `field`: the query builds a field towards the goal and returns the length an agent walks from
 *   the start along it: mean / max excess of that walk (%); mismatches = walks that do not reach
 *   the goal (and, for optimal fields, walks of another length). With `waypoints` the field's own
 *   path is checked like an any-angle path too.
 */
export type CheckKind = "optimal" | "bounded" | "any-angle" | "field";

export interface SolverDef {
  readonly solver: string;
  readonly library: string;
  readonly connectivity: 4 | 8;
  readonly optimal: boolean;
  /** Correctness semantics (default: `optimal` when `optimal` is true, else `bounded`). */
  readonly check?: CheckKind;
  /** Skip maps with more cells (peers whose memory explodes on 1024² maps). */
  readonly maxCells?: number;
  /** Peers (and slow Tactica rows) run on at most --peer-limit queries per map. */
  readonly peer: boolean;
  prepare(grid: Grid): Prepared;
}

/** A prepared solver: the query function and, for Tactica, the exact bytes of its typed arrays. */
export interface Prepared {
  query: Query;
  bytes?: number;
  /** The query without a return value, for the allocation measurement (a returned fraction is boxed by V8). */
  exec?: (sx: number, sy: number, gx: number, gy: number) => void;
  /** The waypoints of the last query (any-angle checks: line of sight of every segment, length). */
  waypoints?: () => GridPath;
  /**
   * Per-query time (µs) of work the library's API forces but that is not search (PathFinding.js's
   * grid clone); the suite also reports the times with it subtracted (`*_without_clone` rows).
   */
  overheadUs?: number;
}

function checkKind(def: SolverDef): CheckKind {
  return def.check ?? (def.optimal ? "optimal" : "bounded");
}

function tactica(grid: Grid, run: (s: GridSearch, out: GridPath, sx: number, sy: number, gx: number, gy: number) => void, extraBytes = 0): Prepared {
  const search = createGridSearch(grid);
  const out = createGridPath(grid);
  const query: Query = (sx, sy, gx, gy) => {
    run(search, out, sx, sy, gx, gy);
    return out.cost;
  };
  const exec = (sx: number, sy: number, gx: number, gy: number): void => run(search, out, sx, sy, gx, gy);
  return { query, exec, bytes: gridSearchMemoryBytes(search) + out.path.byteLength + extraBytes };
}

const SOLVERS: SolverDef[] = [
  {
    solver: "jps-plus",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    prepare: (g) => {
      const jp = createJpsPlus(g);
      return tactica(g, (s, o, a, b, c, d) => findPathJpsPlus(o, s, jp, a, b, c, d), jpsPlusMemoryBytes(jp));
    },
  },
  {
    solver: "jps-plus-bucket-0.1",
    library: "tactica",
    connectivity: 8,
    optimal: false,
    peer: false,
    prepare: (g) => {
      const jp = createJpsPlus(g);
      const search = createGridSearch(g);
      const open = createBucketedJpsPlus(search, { bucketWidth: 0.1 });
      const out = createGridPath(g);
      return {
        query: (a, b, c, d) => findPathJpsPlusBucketed(out, search, jp, open, a, b, c, d).cost,
        exec: (a, b, c, d) => void findPathJpsPlusBucketed(out, search, jp, open, a, b, c, d),
        bytes: gridSearchMemoryBytes(search) + out.path.byteLength + jpsPlusMemoryBytes(jp) + open.expandedG.byteLength,
      };
    },
  },
  {
    solver: "subgoal",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    prepare: (g) => {
      const sg = createSubgoalGraph(g);
      const out = createGridPath(g);
      return {
        query: (a, b, c, d) => findPathSubgoal(out, sg, a, b, c, d).cost,
        exec: (a, b, c, d) => void findPathSubgoal(out, sg, a, b, c, d),
        bytes: subgoalGraphMemoryBytes(sg) + out.path.byteLength,
      };
    },
  },
  {
    solver: "jps",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathJps(o, s, a, b, c, d)),
  },
  {
    solver: "astar",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathAStar(o, s, a, b, c, d)),
  },
  {
    solver: "astar-w1.5",
    library: "tactica",
    connectivity: 8,
    optimal: false,
    peer: false,
    prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathAStar(o, s, a, b, c, d, { weight: 1.5 })),
  },
  {
    solver: "hpa-16",
    library: "tactica",
    connectivity: 8,
    optimal: false,
    peer: false,
    prepare: (g) => {
      const search = createGridSearch(g);
      const hpa = createHpa(search, { clusterSize: 16 });
      const out = createGridPath(g);
      return {
        query: (a, b, c, d) => findPathHpa(out, hpa, search, a, b, c, d).cost,
        exec: (a, b, c, d) => void findPathHpa(out, hpa, search, a, b, c, d),
        bytes: gridSearchMemoryBytes(search) + out.path.byteLength + hpaMemoryBytes(hpa),
      };
    },
  },
  // D* Lite's first plan (a backward A* on its own typed arrays, O(cells) reset per query).
  {
    solver: "dstar-lite",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    prepare: (g) => {
      const d = createDStarLite(g);
      const out = createGridPath(g);
      return {
        query: (a, b, c, e) => {
          setDStarLiteEndpoints(d, a, b, c, e);
          return computeDStarLitePath(out, d).cost;
        },
        exec: (a, b, c, e) => {
          setDStarLiteEndpoints(d, a, b, c, e);
          computeDStarLitePath(out, d);
        },
        bytes: dStarLiteBytes(d) + out.path.byteLength,
      };
    },
  },
  {
    solver: "dijkstra",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: true,
    prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathDijkstra(o, s, a, b, c, d)),
  },
  ...COVERAGE_SOLVERS,
  {
    solver: "pf-astar",
    library: "pathfinding",
    connectivity: 8,
    optimal: true,
    peer: true,
    prepare: (g) => ({ query: preparePathfinding(g, "astar", 8), overheadUs: pathfindingCloneUs(g) }),
  },
  {
    solver: "pf-jps",
    library: "pathfinding",
    connectivity: 8,
    optimal: true,
    peer: true,
    prepare: (g) => ({ query: preparePathfinding(g, "jps", 8), overheadUs: pathfindingCloneUs(g) }),
  },
  {
    solver: "jps-plus-4",
    library: "tactica",
    connectivity: 4,
    optimal: true,
    peer: false,
    prepare: (g) => {
      const jp = createJpsPlus(g);
      return tactica(g, (s, o, a, b, c, d) => findPathJpsPlus(o, s, jp, a, b, c, d), jpsPlusMemoryBytes(jp));
    },
  },
  {
    solver: "jps-4",
    library: "tactica",
    connectivity: 4,
    optimal: true,
    peer: false,
    prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathJps(o, s, a, b, c, d)),
  },
  {
    solver: "astar-4",
    library: "tactica",
    connectivity: 4,
    optimal: true,
    peer: false,
    prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathAStar(o, s, a, b, c, d)),
  },
  {
    solver: "bfs-4",
    library: "tactica",
    connectivity: 4,
    optimal: true,
    peer: false,
    prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathBfs(o, s, a, b, c, d)),
  },
  { solver: "l1-path-finder", library: "l1-path-finder", connectivity: 4, optimal: true, peer: true, prepare: (g) => ({ query: prepareL1(g) }) },
  { solver: "easystar", library: "easystarjs", connectivity: 4, optimal: true, peer: true, prepare: (g) => ({ query: prepareEasystar(g) }) },
  {
    solver: "ngraph-astar",
    library: "ngraph.path",
    connectivity: 4,
    optimal: true,
    peer: true,
    maxCells: 512 * 512,
    prepare: (g) => ({ query: prepareNgraph(g) }),
  },
];

// Two-level and N-level subgoal graphs (chapter 15).
SOLVERS.push(
  {
    solver: "subgoal-2",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    prepare: (g) => {
      const sg = createTwoLevelSubgoalGraph(g);
      const out = createGridPath(g);
      return {
        query: (a, b, c, d) => findPathTwoLevelSubgoal(out, sg, a, b, c, d).cost,
        exec: (a, b, c, d) => void findPathTwoLevelSubgoal(out, sg, a, b, c, d),
        bytes: twoLevelSubgoalGraphMemoryBytes(sg) + out.path.byteLength,
      };
    },
  },
  {
    solver: "subgoal-n",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    prepare: (g) => {
      const sg = createNLevelSubgoalGraph(g);
      const out = createGridPath(g);
      return {
        query: (a, b, c, d) => findPathNLevelSubgoal(out, sg, a, b, c, d).cost,
        exec: (a, b, c, d) => void findPathNLevelSubgoal(out, sg, a, b, c, d),
        bytes: nLevelSubgoalGraphMemoryBytes(sg) + out.path.byteLength,
      };
    },
  },
);

interface Args {
  maps: string;
  sets: string[] | null;
  limit: number;
  peerLimit: number;
  only: string[] | null;
  maxMaps: number;
}

function parseArgs(ctx: SuiteContext): Args {
  const a = ctx.args;
  const get = (name: string): string | undefined => {
    const i = a.indexOf(name);
    return i >= 0 ? a[i + 1] : undefined;
  };
  const limit = Number(get("--limit") ?? (ctx.quick ? 3 : 20));
  return {
    maps: get("--maps") ?? join(sharedBenchDir(), "movingai"),
    sets: get("--sets")?.split(",") ?? (ctx.quick ? ["dao"] : null),
    limit,
    peerLimit: Math.min(limit, Number(get("--peer-limit") ?? Math.min(limit, 5))),
    only: get("--solvers")?.split(",") ?? null,
    maxMaps: Number(get("--max-maps") ?? (ctx.quick ? 8 : Infinity)),
  };
}

function findScenarioFiles(dir: string, sets: string[] | null): string[] {
  const out: string[] = [];
  const walk = (d: string, depth: number): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (depth === 0 && sets !== null && !sets.includes(name)) continue;
        walk(p, depth + 1);
      } else if (name.endsWith(".map.scen")) out.push(p);
    }
  };
  walk(dir, 0);
  return out;
}

/** At most `count` scenarios spread evenly over the file (files are sorted by bucket). */
function spread(items: readonly MovingAiScenario[], count: number): MovingAiScenario[] {
  if (items.length <= count) return items.slice();
  const out: MovingAiScenario[] = [];
  for (let i = 0; i < count; i++) out.push(items[Math.floor(((i + 0.5) * items.length) / count)]!);
  return out;
}

/** Time of one query in µs: repeats fast queries until ≥ 1 ms has passed. */
function timeQuery(q: Query, c: MovingAiScenario): { us: number; cost: number } {
  let t0 = performance.now();
  const cost = q(c.startX, c.startY, c.goalX, c.goalY);
  let dt = performance.now() - t0;
  if (dt < 1) {
    const reps = Math.min(2000, Math.max(2, Math.ceil(1 / Math.max(dt, 0.0005))));
    t0 = performance.now();
    for (let i = 0; i < reps; i++) consume(q(c.startX, c.startY, c.goalX, c.goalY));
    dt = (performance.now() - t0) / reps;
  }
  return { us: dt * 1000, cost };
}

function heapBytes(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

interface Acc {
  def: SolverDef;
  times: number[];
  /** Times of the queries that the peers also ran (the --peer-limit subset), for fair ratios. */
  peerTimes: number[];
  mismatches: number;
  maps: number;
  preprocessMs: number[];
  memory: number[];
  /** Bytes allocated per query (Tactica only; -1 = not measured). */
  allocBytes: number;
  /** Per map file: all query times and the peer-subset times (for ratios on identical maps). */
  byMap?: Map<string, { all: number[]; peer: number[]; peerBare: number[] }>;
  /** Queries without a path (no path, budget exhausted, a walk that stopped short). */
  failed: number;
  /** Signed deviations from the optimum (%), found paths only (bounded and field rows). */
  excess: number[];
  /** Shortening versus the optimum (%), found paths only (any-angle rows and fields with waypoints). */
  shortening: number[];
  /** Any-angle paths longer than the optimum. */
  longer: number;
  /** Waypoint segments without line of sight. */
  losFailures: number;
  /** Per benchmark set: queries and mismatches, so a length-convention difference shows as one set. */
  bySet: Record<string, { queries: number; mismatches: number }>;
}

/** Number of consecutive waypoints of `path` that do not see each other on `grid`. */
function segmentsWithoutSight(grid: Grid, path: GridPath): number {
  const w = grid.width;
  let bad = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path.path[i - 1]!;
    const b = path.path[i]!;
    if (!hasGridLineOfSight(grid, a % w, (a / w) | 0, b % w, (b / w) | 0)) bad++;
  }
  return bad;
}

/** Checks one query's cost (and waypoints) by the solver's {@link CheckKind}; updates `acc`. */
function checkQuery(acc: Acc, grid: Grid, c: MovingAiScenario, cost: number, prepared: Prepared, ref4: number | undefined): void {
  const def = acc.def;
  if (def.connectivity === 4) {
    if (!(Math.abs(cost - ref4!) <= 1e-6)) acc.mismatches++;
    return;
  }
  const kind = checkKind(def);
  const opt = c.optimalLength;
  const found = Number.isFinite(cost);
  if (!found) acc.failed++;
  const matches = matchesScenarioLength(c, cost);
  if (kind === "optimal" || kind === "bounded") {
    if (!matches) acc.mismatches++;
    if (kind === "bounded" && found && opt > 0) acc.excess.push(((cost - opt) / opt) * 100);
    return;
  }
  if (kind === "field") {
    if (!found || (def.optimal && !matches)) acc.mismatches++;
    if (found && opt > 0) acc.excess.push(((cost - opt) / opt) * 100);
  }
  const path = prepared.waypoints?.();
  if (kind === "field" && path === undefined) return;
  const len = path === undefined ? cost : path.cost;
  const longer = Number.isFinite(len) && len > opt && !matchesScenarioLength(c, len);
  if (longer) acc.longer++;
  if (kind === "any-angle" && (!found || longer)) acc.mismatches++;
  if (Number.isFinite(len) && opt > 0) acc.shortening.push(((opt - len) / opt) * 100);
  if (path !== undefined && (path.flags & PathFlags.Found) !== 0) acc.losFailures += segmentsWithoutSight(grid, path);
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

async function run(ctx: SuiteContext): Promise<void> {
  const args = parseArgs(ctx);
  if (!existsSync(args.maps)) throw new Error(`bench grid: --maps ${args.maps} does not exist`);
  const files = findScenarioFiles(args.maps, args.sets).slice(0, args.maxMaps);
  if (files.length === 0) throw new Error(`bench grid: no *.map.scen under ${args.maps}`);
  const defs = SOLVERS.filter((d) => args.only === null || args.only.includes(d.solver));
  const accs = defs.map((def): Acc => ({
    def,
    times: [],
    peerTimes: [],
    mismatches: 0,
    maps: 0,
    preprocessMs: [],
    memory: [],
    allocBytes: -1,
    failed: 0,
    excess: [],
    shortening: [],
    longer: 0,
    losFailures: 0,
    bySet: {},
  }));
  const memorySets = new Set<string>();
  ctx.log(`${files.length} maps, ≤ ${args.limit} queries per map (peers ≤ ${args.peerLimit})`);
  ctx.record({ case: "settings", library: "tactica", metric: "limit", value: args.limit, unit: "count" });
  ctx.record({ case: "settings", library: "tactica", metric: "peer_limit", value: args.peerLimit, unit: "count" });
  let done = 0;
  for (const file of files) {
    const mapPath = file.slice(0, -".scen".length);
    const set = basename(join(file, ".."));
    const parsed = parseMovingAiMap(readFileSync(mapPath, "utf8"));
    const all = parseMovingAiScenarios(readFileSync(file, "utf8"));
    const queries = spread(all, args.limit);
    const peerQueries = spread(queries, args.peerLimit);
    const inPeerSet = new Set(peerQueries);
    const grid8 = parsed.grid;
    const grid4 = withGridRules(grid8, { connectivity: 4 });
    // 4-connected reference costs from our Dijkstra.
    let ref4: Map<MovingAiScenario, number> | null = null;
    const measureMemory = !memorySets.has(set);
    memorySets.add(set);
    for (const acc of accs) {
      const def = acc.def;
      const grid = def.connectivity === 8 ? grid8 : grid4;
      if (def.maxCells !== undefined && grid.width * grid.height > def.maxCells) continue;
      if (def.connectivity === 4 && ref4 === null) {
        ref4 = new Map();
        const s = createGridSearch(grid4);
        const o = createGridPath(grid4);
        for (const c of queries) ref4.set(c, findPathDijkstra(o, s, c.startX, c.startY, c.goalX, c.goalY).cost);
      }
      const measureHeap = measureMemory && def.library !== "tactica";
      const before = measureHeap ? heapBytes() : 0;
      const t0 = performance.now();
      const prepared = def.prepare(grid);
      acc.preprocessMs.push(performance.now() - t0);
      if (prepared.bytes !== undefined) acc.memory.push(prepared.bytes);
      else if (measureHeap) acc.memory.push(Math.max(0, heapBytes() - before));
      const q = prepared.query;
      const qs = def.peer ? peerQueries : queries;
      for (let i = 0; i < Math.min(3, qs.length); i++) q(qs[i]!.startX, qs[i]!.startY, qs[i]!.goalX, qs[i]!.goalY); // warm-up
      const exec = prepared.exec;
      if (exec !== undefined && acc.allocBytes < 0 && qs.length > 0) {
        // Bytes allocated per query (heap growth over repeated queries after warm-up), on the
        // first map where they take at most 2 ms, on the 5 queries around its median length: long
        // enough that the search loop runs optimized (V8 boxes the fractions of a loop that
        // exceeds its inlining budget only there; the shortest queries hid a 1 kB per query
        // allocation of Theta*), short enough for many repetitions.
        const byLength = qs.slice().sort((a, b) => a.optimalLength - b.optimalLength);
        const mid = Math.max(0, Math.min(byLength.length - 5, (byLength.length >> 1) - 2));
        const short = byLength.slice(mid, mid + 5);
        let k = 0;
        const once = (): void => {
          const c = short[k++ % short.length]!;
          exec(c.startX, c.startY, c.goalX, c.goalY);
        };
        // Twice, keeping the smaller: the first pass also pays for JIT compilation. Slow queries
        // get fewer repetitions: about 1 s per pass, at least 30.
        const t0q = performance.now();
        for (let i = 0; i < short.length; i++) once();
        const perCall = (performance.now() - t0q) / short.length;
        // Queries slower than 2 ms (whole fields on big maps) wait for a smaller map, where enough
        // repetitions fit in the time.
        if (perCall <= 2 || ctx.quick) {
          const n = Math.max(30, Math.min(ctx.quick ? 200 : 3000, Math.round(1000 / Math.max(perCall, 1e-3))));
          acc.allocBytes = Math.min(allocationPerCall(once, n), allocationPerCall(once, n));
        }
      }
      for (const c of qs) {
        const { us, cost } = timeQuery(q, c);
        acc.times.push(us);
        if (inPeerSet.has(c)) acc.peerTimes.push(us);
        const mt = (acc.byMap ??= new Map()).get(file) ?? { all: [], peer: [], peerBare: [] };
        acc.byMap.set(file, mt);
        mt.all.push(us);
        if (inPeerSet.has(c)) {
          mt.peer.push(us);
          mt.peerBare.push(Math.max(0, us - (prepared.overheadUs ?? 0)));
        }
        const before = acc.mismatches;
        checkQuery(acc, grid, c, cost, prepared, ref4?.get(c));
        const tally = (acc.bySet[set] ??= { queries: 0, mismatches: 0 });
        tally.queries++;
        tally.mismatches += acc.mismatches - before;
      }
      acc.maps++;
    }
    done++;
    if (done % 10 === 0 || done === files.length) ctx.log(`${done}/${files.length} maps`);
    await Promise.resolve();
  }
  const median: Record<string, number> = {};
  for (const acc of accs) {
    if (acc.times.length === 0) continue;
    const t = acc.times.slice().sort((a, b) => a - b);
    const c = acc.def.solver;
    const lib = acc.def.library;
    const rec = (metric: string, value: number, unit: string): void => ctx.record({ case: c, library: lib, metric, value, unit });
    median[c] = quantile(t, 0.5);
    rec("median_us", quantile(t, 0.5), "us");
    rec("p95_us", quantile(t, 0.95), "us");
    rec("queries", t.length, "count");
    rec("maps", acc.maps, "count");
    rec("mismatches", acc.mismatches, "count");
    rec("preprocess_ms", acc.preprocessMs.reduce((a, b) => a + b, 0) / acc.preprocessMs.length, "ms");
    rec("memory_bytes", acc.memory.length ? acc.memory.reduce((a, b) => a + b, 0) / acc.memory.length : 0, "bytes");
    if (acc.allocBytes >= 0) rec("alloc_bytes_per_query", acc.allocBytes, "bytes");
    rec("connectivity", acc.def.connectivity, "count");
    rec("optimal", acc.def.optimal ? 1 : 0, "count");
    rec("failed", acc.failed, "count");
    if (acc.def.peer && lib === "tactica") rec("peer_subset", 1, "count");
    if (acc.def.maxCells !== undefined) rec("max_cells", acc.def.maxCells, "count");
    rec(`check_${checkKind(acc.def)}`, 1, "count");
    if (acc.def.optimal && acc.def.connectivity === 8 && checkKind(acc.def) === "optimal") {
      for (const [set, t] of Object.entries(acc.bySet)) {
        ctx.record({ case: `set:${set}`, library: `${lib}/${c}`, metric: "set_queries", value: t.queries, unit: "count" });
        ctx.record({ case: `set:${set}`, library: `${lib}/${c}`, metric: "set_mismatches", value: t.mismatches, unit: "count" });
      }
    }
    const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    if (acc.excess.length > 0) {
      rec("mean_excess_pct", mean(acc.excess), "%");
      rec("max_excess_pct", Math.max(...acc.excess), "%");
    }
    if (acc.shortening.length > 0) {
      rec("mean_shortening_pct", mean(acc.shortening), "%");
      rec("longer_than_optimal", acc.longer, "count");
      rec("segments_without_los", acc.losFailures, "count");
    }
  }
  // Ratios on identical query sets: medians over the --peer-limit subset, on the maps BOTH solvers
  // ran (a peer capped by maxCells skips the big maps; its ratio must not compare other maps).
  // PathFinding.js also gets a ratio without its per-query grid clone, printed beside the headline.
  const med = (xs: number[]): number =>
    quantile(
      xs.sort((a, b) => a - b),
      0.5,
    );
  const ratio = (ours: string, theirs: string, lib: string): void => {
    const A = accs.find((x) => x.def.solver === ours)?.byMap;
    const B = accs.find((x) => x.def.solver === theirs)?.byMap;
    if (A === undefined || B === undefined) return;
    const maps = [...A.keys()].filter((m) => B.has(m));
    const a = med(maps.flatMap((m) => A.get(m)!.peer));
    const b = med(maps.flatMap((m) => B.get(m)!.peer));
    if (!(a > 0) || !Number.isFinite(b)) return;
    ctx.record({ case: ours, library: "tactica", metric: `ratio_vs_${lib}`, value: b / a, unit: "x" });
    ctx.record({ case: ours, library: "tactica", metric: `ratio_maps_vs_${lib}`, value: maps.length, unit: "count" });
    if (theirs.startsWith("pf-")) {
      const bare = med(maps.flatMap((m) => B.get(m)!.peerBare));
      ctx.record({ case: ours, library: "tactica", metric: `ratio_vs_${lib}_without_clone`, value: bare / a, unit: "x" });
    }
  };
  for (const s of ["jps-plus", "subgoal", "jps", "astar"]) {
    ratio(s, "pf-astar", "pathfinding-astar");
    ratio(s, "pf-jps", "pathfinding-jps");
  }
  ratio("jps-plus", "astar", "tactica-astar");
  ratio("subgoal", "astar", "tactica-astar");
  ratio("jps", "astar", "tactica-astar");
  for (const s of ["subgoal-2", "subgoal-n"]) {
    ratio(s, "pf-astar", "pathfinding-astar");
    ratio(s, "pf-jps", "pathfinding-jps");
    ratio(s, "astar", "tactica-astar");
  }
  for (const s of ["jps-plus-4", "jps-4", "astar-4", "bfs-4"]) {
    ratio(s, "l1-path-finder", "l1-path-finder");
    ratio(s, "easystar", "easystarjs");
    ratio(s, "ngraph-astar", "ngraph.path");
  }
  // Replanning on a changing map (D* Lite vs LPA* vs A* from scratch), see grid-replan.ts.
  if (args.only === null || args.only.includes("dstar-lite")) await runGridReplan(ctx, files);
  recordGoalBoundRatios(ctx, accs);
}

interface GridRow {
  solver: string;
  library: string;
  connectivity: number;
  optimal: boolean;
  maps: number;
  queries: number;
  mismatches: number;
  medianUs: number;
  p95Us: number;
  preprocessMs: number;
  memoryBytes: number;
  /** Correctness semantics of `mismatches` and of the fields below (see {@link CheckKind}). */
  check: CheckKind;
  /** Queries without a path (no path, budget exhausted, a field walk that stopped short). */
  failed: number;
  /** Mean / max signed excess of the path (or field walk) over the optimum, % (bounded and field rows; null otherwise). */
  meanExcessPct: number | null;
  maxExcessPct: number | null;
  /** Mean shortening of any-angle paths versus the 8-connected optimum, % (null for other rows). */
  meanShorteningPct: number | null;
  /** Any-angle paths longer than the 8-connected optimum (null for other rows). */
  longerThanOptimal: number | null;
  /** Waypoint segments without line of sight, by the package's hasGridLineOfSight (null for other rows). */
  segmentsWithoutLos: number | null;
}

const CHECK_KINDS: readonly CheckKind[] = ["optimal", "bounded", "any-angle", "field"];

function gridRows(rows: readonly BenchRow[]): GridRow[] {
  const out: GridRow[] = [];
  const keys = [...new Set(rows.filter((r) => r.metric === "median_us").map((r) => `${r.case}\u0000${r.library}`))];
  for (const key of keys) {
    const [solver, library] = key.split("\u0000") as [string, string];
    const find = (metric: string): number | null => rows.find((r) => r.case === solver && r.library === library && r.metric === metric)?.value ?? null;
    const v = (metric: string): number => find(metric) ?? 0;
    out.push({
      solver,
      library,
      connectivity: v("connectivity"),
      optimal: v("optimal") === 1,
      maps: v("maps"),
      queries: v("queries"),
      mismatches: v("mismatches"),
      medianUs: v("median_us"),
      p95Us: v("p95_us"),
      preprocessMs: v("preprocess_ms"),
      memoryBytes: v("memory_bytes"),
      check: CHECK_KINDS.find((k) => find(`check_${k}`) !== null) ?? (v("optimal") === 1 ? "optimal" : "bounded"),
      failed: v("failed"),
      meanExcessPct: find("mean_excess_pct"),
      maxExcessPct: find("max_excess_pct"),
      meanShorteningPct: find("mean_shortening_pct"),
      longerThanOptimal: find("longer_than_optimal"),
      segmentsWithoutLos: find("segments_without_los"),
    });
  }
  return out;
}

function fmt(n: number, digits = 1): string {
  if (n >= 1000) return Math.round(n).toLocaleString("en-US");
  if (n >= 10) return n.toFixed(digits);
  return n.toPrecision(3);
}

function markdown(rows: readonly BenchRow[]): string {
  const g = gridRows(rows);
  const setting = (m: string): number => rows.find((r) => r.case === "settings" && r.metric === m)?.value ?? 0;
  const slow = rows.filter((r) => r.metric === "peer_subset").map((r) => `\`${r.case}\``);
  const capped = rows.filter((r) => r.metric === "max_cells").map((r) => `\`${r.case}\` only on maps of at most ${r.value.toLocaleString("en-US")} cells`);
  const lines = [
    `Up to ${setting("limit")} scenarios per map, spread over the buckets; the slow solvers (the peers${slow.length > 0 ? ` and Tactica's ${slow.join(", ")}` : ""}) run up to ${setting("peer_limit")} of them${capped.length > 0 ? `; ${capped.join("; ")}` : ""}.`,
    "",
    "| solver | library | conn. | optimal | maps | queries | mismatches | median µs | p95 µs | preprocess ms / map | memory / map | allocated / query |",
    "|---|---|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of g) {
    const mem = r.memoryBytes >= 1e6 ? `${(r.memoryBytes / 1e6).toFixed(1)} MB` : `${Math.round(r.memoryBytes / 1e3)} kB`;
    const alloc = rows.find((x) => x.case === r.solver && x.library === r.library && x.metric === "alloc_bytes_per_query");
    const allocText = alloc === undefined ? "—" : `${Math.round(alloc.value)} B`;
    lines.push(
      `| ${r.solver} | ${r.library} | ${r.connectivity} | ${r.optimal ? "yes" : "no"} | ${r.maps} | ${r.queries} | ${r.mismatches} | ${fmt(r.medianUs)} | ${fmt(r.p95Us)} | ${fmt(r.preprocessMs, 2)} | ${mem} | ${allocText} |`,
    );
  }
  const quality = g.filter((r) => r.check !== "optimal" || r.failed > 0);
  if (quality.length > 0) {
    const pct = (x: number | null): string => (x === null ? "—" : x.toFixed(2));
    const count = (x: number | null): string => (x === null ? "—" : String(x));
    lines.push(
      "",
      "Path quality of the rows that are not plain optimal searches (and of any row with failed queries), against the scenario's optimal 8-connected length:",
      "",
      "| solver | check | failed | mean excess % | max excess % | mean shortening % | longer than optimum | segments without line of sight |",
      "|---|---|---:|---:|---:|---:|---:|---:|",
    );
    for (const r of quality)
      lines.push(
        `| ${r.solver} | ${r.check} | ${r.failed} | ${pct(r.meanExcessPct)} | ${pct(r.maxExcessPct)} | ${pct(r.meanShorteningPct)} | ${count(r.longerThanOptimal)} | ${count(r.segmentsWithoutLos)} |`,
      );
  }
  const ratios = rows.filter((r) => r.metric.startsWith("ratio_vs_") && !r.metric.endsWith("_without_clone"));
  if (ratios.length > 0) {
    const extra = (r: BenchRow, metric: string): BenchRow | undefined => rows.find((x) => x.case === r.case && x.metric === metric);
    lines.push(
      "",
      "Speed-up of the median query (peer median / Tactica median, same run, over the queries both solvers ran on the maps both ran; PathFinding.js also without its per-query `grid.clone()`, which it needs but which is not search):",
      "",
      "| Tactica solver | vs | speed-up | without clone | maps |",
      "|---|---|---:|---:|---:|",
    );
    for (const r of ratios) {
      const lib = r.metric.slice("ratio_vs_".length);
      const bare = extra(r, `${r.metric}_without_clone`);
      const maps = extra(r, `ratio_maps_vs_${lib}`);
      lines.push(`| ${r.case} | ${lib} | ${fmt(r.value)}× | ${bare === undefined ? "" : `${fmt(bare.value)}×`} | ${maps === undefined ? "" : maps.value} |`);
    }
  }
  lines.push(...perSetMarkdown(rows));
  lines.push(
    "",
    "Mismatches: 8-connected solvers are compared with the scenario's optimal length by `matchesScenarioLength` (half a unit in the last printed digit plus min(1e-7 × length, a tenth of that unit) plus 5e-10 × length, whatever the map field); 4-connected ones with Tactica's 4-connected Dijkstra. Query times include everything the library needs per query (PathFinding.js: `grid.clone()`). Memory per map: for Tactica, the exact bytes of the typed arrays (search state + result buffer + JPS+ table), averaged over all maps; for the peers, the heap growth while preparing the first map of each set (after GC), averaged — PathFinding.js additionally allocates a full grid clone per query. Allocated / query: heap growth per query over up to 3,000 repetitions of the 5 median-length queries of the first map where they take at most 2 ms (for whole fields: the first small map), after warm-up (the smaller of two passes; slower queries get fewer repetitions, about 1 s per pass but at least 30) (Tactica solvers only; the bench runs Node with --expose-gc).",
    "",
    "Check kinds: `optimal` — mismatches are queries whose cost differs from the optimum; `bounded` (suboptimal by design) — mismatches as for optimal rows, plus the mean and max excess over the optimum; `any-angle` — paths through cell centres in any direction, so shorter than the grid optimum: mismatches are queries without a path or with a path longer than the optimum, and every waypoint segment is checked with `hasGridLineOfSight`; `field` — each query builds a field towards the goal (the time columns are build + walk) and walks an agent from the start along the field's direction function: the excess is the walked length over the optimum, mismatches are walks that do not reach the goal (and, for the 8-connected flow field, walks of another length); the Theta*-based field's own parent chain from the start is also checked like an any-angle path. Failed: no path, IDA* budget exhausted, or a walk that stopped short. `distance-field` is a whole Dijkstra field from the goal, checked by its value at the start; `lpa-first` is LPA*'s first plan (endpoints set, O(cells) reset included); `astar-sliced-1k` runs time-sliced A* in slices of 1,000 expansions until done.",
  );
  lines.push(...replanMarkdown(rows));
  lines.push(...goalBoundNote(rows));
  return lines.join("\n");
}

/**
 * Mismatches of the optimal 8-connected solvers per benchmark set: a set whose printed lengths follow
 * another convention (precision, diagonal cost, corner rule) shows up as one row where every solver
 * mismatches, not as scattered solver errors.
 */
function perSetMarkdown(rows: readonly BenchRow[]): string[] {
  const sets = [...new Set(rows.filter((r) => r.metric === "set_queries").map((r) => r.case))].sort();
  if (sets.length === 0) return [];
  const lines = [
    "",
    "Mismatches per benchmark set, optimal 8-connected solvers (queries checked → mismatches); a convention difference in a set's files would show as one row with mismatches in every column:",
    "",
    "| set | queries per solver | solvers | mismatches (solver: count) |",
    "|---|---:|---:|---|",
  ];
  for (const set of sets) {
    const q = rows.filter((r) => r.case === set && r.metric === "set_queries");
    const m = rows.filter((r) => r.case === set && r.metric === "set_mismatches");
    const bad = m.filter((r) => r.value > 0).map((r) => `${r.library}: ${r.value}`);
    const most = Math.max(...q.map((r) => r.value));
    lines.push(`| ${set.slice("set:".length)} | ${most} | ${q.length} | ${bad.length === 0 ? "0" : bad.join(", ")} |`);
  }
  return lines;
}

const suite: Suite = {
  name: "grid",
  description: "Grid pathfinding on the Moving AI benchmarks: Tactica's solvers vs PathFinding.js, l1-path-finder, EasyStar and ngraph.path",
  markdown,
  json: (rows) => gridRows(rows),
  run,
};
export default suite;

// ---- Goal bounding (JPS+ with goal bounding, A* with goal bounding) ----
// O(n²) preprocessing (one Dijkstra per covered cell), so these solvers skip large maps:
// jps-plus-gb (bounds at JPS+ jump points only) up to GB_JP_MAX_CELLS cells, astar-gb and
// jps-plus-gb-all (bounds at every cell, as in Rabin's talk) up to GB_ALL_MAX_CELLS. Their ratios
// are computed on the maps they ran.
const GB_JP_MAX_CELLS = 180 * 180;
const GB_ALL_MAX_CELLS = 128 * 128;
/** Covered cells (rows) per goal-bound solver, summed over maps, for the per-node preprocessing time. */
const gbRows: Record<string, number> = {};

SOLVERS.push(
  {
    solver: "jps-plus-gb",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    maxCells: GB_JP_MAX_CELLS,
    prepare: (g) => {
      const jp = createJpsPlus(g);
      const gb = createGoalBounds(g, { coverage: GoalBoundsCoverage.JumpPoints });
      gbRows["jps-plus-gb"] = (gbRows["jps-plus-gb"] ?? 0) + gb.rows;
      return tactica(g, (s, o, a, b, c, d) => findPathJpsPlusGoalBounded(o, s, jp, gb, a, b, c, d), jpsPlusMemoryBytes(jp) + goalBoundsMemoryBytes(gb));
    },
  },
  {
    solver: "jps-plus-gb-all",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    maxCells: GB_ALL_MAX_CELLS,
    prepare: (g) => {
      const jp = createJpsPlus(g);
      const gb = createGoalBounds(g);
      gbRows["jps-plus-gb-all"] = (gbRows["jps-plus-gb-all"] ?? 0) + gb.rows;
      return tactica(g, (s, o, a, b, c, d) => findPathJpsPlusGoalBounded(o, s, jp, gb, a, b, c, d), jpsPlusMemoryBytes(jp) + goalBoundsMemoryBytes(gb));
    },
  },
  {
    solver: "astar-gb",
    library: "tactica",
    connectivity: 8,
    optimal: true,
    peer: false,
    maxCells: GB_ALL_MAX_CELLS,
    prepare: (g) => {
      const gb = createGoalBounds(g);
      gbRows["astar-gb"] = (gbRows["astar-gb"] ?? 0) + gb.rows;
      return tactica(g, (s, o, a, b, c, d) => findPathAStarGoalBounded(o, s, gb, a, b, c, d), goalBoundsMemoryBytes(gb));
    },
  },
);

function recordGoalBoundRatios(ctx: SuiteContext, accs: readonly Acc[]): void {
  const find = (solver: string): Acc | undefined => accs.find((a) => a.def.solver === solver && a.times.length > 0);
  const med = (xs: number[]): number =>
    quantile(
      xs.sort((a, b) => a - b),
      0.5,
    );
  for (const ours of ["jps-plus-gb", "jps-plus-gb-all", "astar-gb"]) {
    const acc = find(ours);
    if (acc?.byMap === undefined) continue;
    const rows = gbRows[ours] ?? 0;
    const ms = acc.preprocessMs.reduce((a, b) => a + b, 0);
    if (rows > 0) ctx.record({ case: ours, library: "tactica", metric: "preprocess_us_per_node", value: (ms * 1000) / rows, unit: "us" });
    const maps = [...acc.byMap.keys()];
    const oursAll = med(maps.flatMap((m) => acc.byMap!.get(m)!.all));
    const oursPeer = med(maps.flatMap((m) => acc.byMap!.get(m)!.peer));
    // Same maps, same queries: all queries for Tactica solvers, the --peer-limit subset for peers.
    for (const [theirs, lib, peer] of [
      ["astar", "tactica-astar", false],
      ["jps-plus", "jps-plus", false],
      ["pf-astar", "pathfinding-astar", true],
    ] as const) {
      const other = find(theirs);
      if (other?.byMap === undefined) continue;
      const t = maps.flatMap((m) => (peer ? other.byMap!.get(m)?.peer : other.byMap!.get(m)?.all) ?? []);
      const o = peer ? oursPeer : oursAll;
      if (t.length > 0 && o > 0) ctx.record({ case: ours, library: "tactica", metric: `ratio_vs_${lib}`, value: med(t) / o, unit: "x" });
    }
  }
}

function goalBoundNote(rows: readonly BenchRow[]): string[] {
  if (!rows.some((r) => r.case.includes("-gb"))) return [];
  return [
    "",
    `Goal bounding: preprocessing is O(n²) (one Dijkstra per covered cell), so jps-plus-gb (bounds at the JPS+ jump points) runs only on maps of at most ${GB_JP_MAX_CELLS.toLocaleString("en-US")} cells (≤ 180²), astar-gb and jps-plus-gb-all (bounds at every passable cell) on maps of at most ${GB_ALL_MAX_CELLS.toLocaleString("en-US")} cells (≤ 128²): in the default run that is part of dao, and every bg512 and sc1 map is skipped; larger maps are skipped to keep the run within minutes (studios bake the bounds offline). Their speed-ups are medians over the maps they ran, against the other solvers' times on those same maps.`,
  ];
}
