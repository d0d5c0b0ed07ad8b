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
  jpsPlusMemoryBytes,
  matchesScenarioLength,
  parseMovingAiMap,
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
import { prepareEasystar, prepareL1, prepareNgraph, preparePathfinding, type Query } from "./grid-peers";

interface SolverDef {
  readonly solver: string;
  readonly library: string;
  readonly connectivity: 4 | 8;
  readonly optimal: boolean;
  /** Skip maps with more cells (peers whose memory explodes on 1024² maps). */
  readonly maxCells?: number;
  /** Peers run on at most --peer-limit queries per map. */
  readonly peer: boolean;
  prepare(grid: Grid): Prepared;
}

/** A prepared solver: the query function and, for Tactica, the exact bytes of its typed arrays. */
interface Prepared {
  query: Query;
  bytes?: number;
  /** The query without a return value, for the allocation measurement (a returned fraction is boxed by V8). */
  exec?: (sx: number, sy: number, gx: number, gy: number) => void;
}

function tactica(grid: Grid, run: (s: GridSearch, out: GridPath, sx: number, sy: number, gx: number, gy: number) => void, extraBytes = 0): Prepared {
  const search = createGridSearch(grid);
  const out = createGridPath(grid);
  const query: Query = (sx, sy, gx, gy) => {
    run(search, out, sx, sy, gx, gy);
    return out.cost;
  };
  const exec = (sx: number, sy: number, gx: number, gy: number): void => run(search, out, sx, sy, gx, gy);
  return { query, exec, bytes: gridSearchMemoryBytes(search) + out.cells.byteLength + extraBytes };
}

const SOLVERS: SolverDef[] = [
  { solver: "jps-plus", library: "tactica", connectivity: 8, optimal: true, peer: false, prepare: (g) => { const jp = createJpsPlus(g); return tactica(g, (s, o, a, b, c, d) => findPathJpsPlus(s, jp, a, b, c, d, o), jpsPlusMemoryBytes(jp)); } },
  { solver: "jps-plus-bucket-0.1", library: "tactica", connectivity: 8, optimal: false, peer: false, prepare: (g) => { const jp = createJpsPlus(g); const search = createGridSearch(g); const open = createBucketedJpsPlus(search, 0.1); const out = createGridPath(g); return { query: (a, b, c, d) => findPathJpsPlusBucketed(search, jp, open, a, b, c, d, out).cost, exec: (a, b, c, d) => void findPathJpsPlusBucketed(search, jp, open, a, b, c, d, out), bytes: gridSearchMemoryBytes(search) + out.cells.byteLength + jpsPlusMemoryBytes(jp) + open.expandedG.byteLength }; } },
  { solver: "subgoal", library: "tactica", connectivity: 8, optimal: true, peer: false, prepare: (g) => { const sg = createSubgoalGraph(g); const out = createGridPath(g); return { query: (a, b, c, d) => findPathSubgoal(sg, a, b, c, d, out).cost, exec: (a, b, c, d) => void findPathSubgoal(sg, a, b, c, d, out), bytes: subgoalGraphMemoryBytes(sg) + out.cells.byteLength }; } },
  { solver: "jps", library: "tactica", connectivity: 8, optimal: true, peer: false, prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathJps(s, a, b, c, d, o)) },
  { solver: "astar", library: "tactica", connectivity: 8, optimal: true, peer: false, prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathAStar(s, a, b, c, d, o)) },
  { solver: "astar-w1.5", library: "tactica", connectivity: 8, optimal: false, peer: false, prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathAStar(s, a, b, c, d, o, undefined, 1.5)) },
  { solver: "hpa-16", library: "tactica", connectivity: 8, optimal: false, peer: false, prepare: (g) => { const search = createGridSearch(g); const hpa = createHpa(search, 16); const out = createGridPath(g); return { query: (a, b, c, d) => findPathHpa(hpa, search, a, b, c, d, out).cost, exec: (a, b, c, d) => void findPathHpa(hpa, search, a, b, c, d, out), bytes: gridSearchMemoryBytes(search) + out.cells.byteLength + hpaMemoryBytes(hpa) }; } },
  { solver: "dijkstra", library: "tactica", connectivity: 8, optimal: true, peer: true, prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathDijkstra(s, a, b, c, d, o)) },
  { solver: "pf-astar", library: "pathfinding", connectivity: 8, optimal: true, peer: true, prepare: (g) => ({ query: preparePathfinding(g, "astar", 8) }) },
  { solver: "pf-jps", library: "pathfinding", connectivity: 8, optimal: true, peer: true, prepare: (g) => ({ query: preparePathfinding(g, "jps", 8) }) },
  { solver: "jps-plus-4", library: "tactica", connectivity: 4, optimal: true, peer: false, prepare: (g) => { const jp = createJpsPlus(g); return tactica(g, (s, o, a, b, c, d) => findPathJpsPlus(s, jp, a, b, c, d, o), jpsPlusMemoryBytes(jp)); } },
  { solver: "jps-4", library: "tactica", connectivity: 4, optimal: true, peer: false, prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathJps(s, a, b, c, d, o)) },
  { solver: "astar-4", library: "tactica", connectivity: 4, optimal: true, peer: false, prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathAStar(s, a, b, c, d, o)) },
  { solver: "bfs-4", library: "tactica", connectivity: 4, optimal: true, peer: false, prepare: (g) => tactica(g, (s, o, a, b, c, d) => findPathBfs(s, a, b, c, d, o)) },
  { solver: "l1-path-finder", library: "l1-path-finder", connectivity: 4, optimal: true, peer: true, prepare: (g) => ({ query: prepareL1(g) }) },
  { solver: "easystar", library: "easystarjs", connectivity: 4, optimal: true, peer: true, prepare: (g) => ({ query: prepareEasystar(g) }) },
  { solver: "ngraph-astar", library: "ngraph.path", connectivity: 4, optimal: true, peer: true, maxCells: 512 * 512, prepare: (g) => ({ query: prepareNgraph(g) }) },
];

// Two-level and N-level subgoal graphs (chapter 15).
SOLVERS.push(
  { solver: "subgoal-2", library: "tactica", connectivity: 8, optimal: true, peer: false, prepare: (g) => { const sg = createTwoLevelSubgoalGraph(g); const out = createGridPath(g); return { query: (a, b, c, d) => findPathTwoLevelSubgoal(sg, a, b, c, d, out).cost, exec: (a, b, c, d) => void findPathTwoLevelSubgoal(sg, a, b, c, d, out), bytes: twoLevelSubgoalGraphMemoryBytes(sg) + out.cells.byteLength }; } },
  { solver: "subgoal-n", library: "tactica", connectivity: 8, optimal: true, peer: false, prepare: (g) => { const sg = createNLevelSubgoalGraph(g); const out = createGridPath(g); return { query: (a, b, c, d) => findPathNLevelSubgoal(sg, a, b, c, d, out).cost, exec: (a, b, c, d) => void findPathNLevelSubgoal(sg, a, b, c, d, out), bytes: nLevelSubgoalGraphMemoryBytes(sg) + out.cells.byteLength }; } },
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
  const accs = defs.map((def): Acc => ({ def, times: [], peerTimes: [], mismatches: 0, maps: 0, preprocessMs: [], memory: [], allocBytes: -1 }));
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
    const grid4 = withGridRules(grid8, 4);
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
        for (const c of queries) ref4.set(c, findPathDijkstra(s, c.startX, c.startY, c.goalX, c.goalY, o).cost);
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
        // Bytes allocated per query (heap growth over repeated queries after warm-up), first map only.
        let k = 0;
        const once = (): void => {
          const c = qs[k++ % qs.length]!;
          exec(c.startX, c.startY, c.goalX, c.goalY);
        };
        // Twice, keeping the smaller: the first pass also pays for JIT compilation.
        const n = ctx.quick ? 200 : 3000;
        acc.allocBytes = Math.min(allocationPerCall(once, n), allocationPerCall(once, n));
      }
      for (const c of qs) {
        const { us, cost } = timeQuery(q, c);
        acc.times.push(us);
        if (inPeerSet.has(c)) acc.peerTimes.push(us);
        const ok = def.connectivity === 8 ? matchesScenarioLength(c, cost) : Math.abs(cost - ref4!.get(c)!) <= 1e-6;
        if (!ok) acc.mismatches++;
      }
      acc.maps++;
    }
    done++;
    if (done % 10 === 0 || done === files.length) ctx.log(`${done}/${files.length} maps`);
    await Promise.resolve();
  }
  const median: Record<string, number> = {};
  const peerMedian: Record<string, number> = {};
  for (const acc of accs) {
    if (acc.times.length === 0) continue;
    const t = acc.times.slice().sort((a, b) => a - b);
    const c = acc.def.solver;
    const lib = acc.def.library;
    const rec = (metric: string, value: number, unit: string): void => ctx.record({ case: c, library: lib, metric, value, unit });
    median[c] = quantile(t, 0.5);
    peerMedian[c] = quantile(acc.peerTimes.slice().sort((a, b) => a - b), 0.5);
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
  }
  // Ratios on identical query sets: medians over the --peer-limit subset that every solver ran.
  const ratio = (ours: string, theirs: string, lib: string): void => {
    const a = peerMedian[ours];
    const b = peerMedian[theirs];
    if (a !== undefined && b !== undefined && a > 0) ctx.record({ case: ours, library: "tactica", metric: `ratio_vs_${lib}`, value: b / a, unit: "x" });
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
}

function gridRows(rows: readonly BenchRow[]): GridRow[] {
  const out: GridRow[] = [];
  const keys = [...new Set(rows.filter((r) => r.metric === "median_us").map((r) => `${r.case}\u0000${r.library}`))];
  for (const key of keys) {
    const [solver, library] = key.split("\u0000") as [string, string];
    const v = (metric: string): number => rows.find((r) => r.case === solver && r.library === library && r.metric === metric)?.value ?? 0;
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
  const lines = [
    `Up to ${setting("limit")} scenarios per map, spread over the buckets; the slow solvers (the peers and Tactica's Dijkstra) run up to ${setting("peer_limit")} of them.`,
    "",
    "| solver | library | conn. | optimal | maps | queries | mismatches | median µs | p95 µs | preprocess ms / map | memory / map | allocated / query |",
    "|---|---|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of g) {
    const mem = r.memoryBytes >= 1e6 ? `${(r.memoryBytes / 1e6).toFixed(1)} MB` : `${Math.round(r.memoryBytes / 1e3)} kB`;
    const alloc = rows.find((x) => x.case === r.solver && x.library === r.library && x.metric === "alloc_bytes_per_query");
    const allocText = alloc === undefined ? "—" : `${Math.round(alloc.value)} B`;
    lines.push(`| ${r.solver} | ${r.library} | ${r.connectivity} | ${r.optimal ? "yes" : "no"} | ${r.maps} | ${r.queries} | ${r.mismatches} | ${fmt(r.medianUs)} | ${fmt(r.p95Us)} | ${fmt(r.preprocessMs, 2)} | ${mem} | ${allocText} |`);
  }
  const ratios = rows.filter((r) => r.metric.startsWith("ratio_vs_"));
  if (ratios.length > 0) {
    lines.push("", "Speed-up of the median query (peer median / Tactica median, same run, over the queries every solver ran):", "", "| Tactica solver | vs | speed-up |", "|---|---|---:|");
    for (const r of ratios) lines.push(`| ${r.case} | ${r.metric.slice("ratio_vs_".length)} | ${fmt(r.value)}× |`);
  }
  lines.push(
    "",
    "Mismatches: 8-connected solvers are compared with the scenario's optimal length (tolerance 1e-4, or max(1e-5 × length, 0.005) for 6-digit files); 4-connected ones with Tactica's 4-connected Dijkstra. Query times include everything the library needs per query (PathFinding.js: `grid.clone()`). Memory per map: for Tactica, the exact bytes of the typed arrays (search state + result buffer + JPS+ table), averaged over all maps; for the peers, the heap growth while preparing the first map of each set (after GC), averaged — PathFinding.js additionally allocates a full grid clone per query. Allocated / query: heap growth per query over 3,000 repeated queries on the first map after warm-up (the smaller of two passes) (Tactica solvers only; the bench runs Node with --expose-gc).",
  );
  return lines.join("\n");
}

const suite: Suite = {
  name: "grid",
  description: "Grid pathfinding on the Moving AI benchmarks: Tactica's solvers vs PathFinding.js, l1-path-finder, EasyStar and ngraph.path",
  markdown,
  json: (rows) => gridRows(rows),
  run,
};
export default suite;
