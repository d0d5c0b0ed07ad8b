// Replanning on a changing map (called at the end of the grid suite's run): an agent walks a
// Moving AI scenario while k random cells near its path toggle every few steps. The walk and the
// edits are generated once (driven by D* Lite's plan), then replayed identically for D* Lite
// (incremental repair), LPA* (must reset when its start moved: a from-scratch LPA*) and A* from
// scratch; each replay checks its costs against the others. Records total replan time, nodes
// expanded and the ratios vs A*. Options: --replan-maps N (default 10, quick 2), --replan-limit
// M scenarios per map (the longest ones; default 3, quick 1), --replan-k K cells per edit
// (default 6), --replan-every S steps between edits (default 4).
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { createRng, rngInt } from "@tactica/core";
import {
  cloneGrid,
  computeDStarLite,
  computeLpaStarPath,
  createDStarLite,
  createGridPath,
  createGridSearch,
  createLpaStar,
  dStarLiteNextCell,
  findPathAStar,
  moveDStarLiteStart,
  notifyDStarLiteCellChanged,
  notifyLpaStarCellChanged,
  parseMovingAiMap,
  parseMovingAiScenarios,
  PathFlags,
  setCellPassable,
  setDStarLiteEndpoints,
  setLpaStarEndpoints,
  writeDStarLitePath,
  type DStarLite,
  type Grid,
} from "@tactica/grid";
import type { BenchRow } from "../row";

export { computeDStarLitePath, createDStarLite, setDStarLiteEndpoints } from "@tactica/grid";

/** Bytes held by the typed arrays of a D* Lite state. */
export function dStarLiteBytes(d: DStarLite): number {
  return (
    d.open.byteLength +
    d.cost.byteLength +
    d.g.byteLength +
    d.rhs.byteLength +
    d.heapIds.byteLength +
    d.heapK1.byteLength +
    d.heapK2.byteLength +
    d.heapPos.byteLength +
    d.touched.byteLength
  );
}
import type { SuiteContext } from "../suite";

/** One replan event: the agent's cell and the cells toggled just before the replan. */
interface ReplanEvent {
  agent: number;
  toggles: number[];
}

interface Walk {
  grid: Grid;
  start: number;
  goal: number;
  events: ReplanEvent[];
}

interface Totals {
  ms: number;
  expanded: number;
  replans: number;
  costs: number[];
}

function option(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

// Generates the walk: the agent follows D* Lite's plan; every `every` steps k cells within 2 of
// the next 30 path cells toggle (never the agent's or the goal's cell).
function generateWalk(grid0: Grid, start: number, goal: number, k: number, every: number, seed: number): Walk {
  const grid = cloneGrid(grid0);
  const w = grid.width;
  const rng = createRng(seed);
  const d = createDStarLite(grid);
  const path = createGridPath(grid);
  setDStarLiteEndpoints(d, start % w, (start / w) | 0, goal % w, (goal / w) | 0);
  computeDStarLite(d);
  const events: ReplanEvent[] = [];
  let agent = start;
  const maxSteps = 4 * (grid.width + grid.height);
  for (let step = 1; step <= maxSteps && agent !== goal; step++) {
    const next = dStarLiteNextCell(d);
    if (next >= 0 && next !== agent) {
      agent = next;
      moveDStarLiteStart(d, agent % w, (agent / w) | 0);
    }
    if (step % every !== 0) continue;
    writeDStarLitePath(path, d);
    const toggles: number[] = [];
    for (let i = 0; i < k; i++) {
      const base = path.length > 0 ? path.path[Math.min(path.length - 1, rngInt(rng, 0, 29))]! : agent;
      const x = Math.min(w - 1, Math.max(0, (base % w) + rngInt(rng, -2, 2)));
      const y = Math.min(grid.height - 1, Math.max(0, ((base / w) | 0) + rngInt(rng, -2, 2)));
      const c = y * w + x;
      if (c === agent || c === goal) continue;
      setCellPassable(grid, x, y, grid.passable[c] !== 1);
      notifyDStarLiteCellChanged(d, x, y);
      toggles.push(c);
    }
    events.push({ agent, toggles });
    computeDStarLite(d);
  }
  return { grid: grid0, start, goal, events };
}

function replayDStarLite(walk: Walk): Totals {
  const grid = cloneGrid(walk.grid);
  const w = grid.width;
  const d = createDStarLite(grid);
  setDStarLiteEndpoints(d, walk.start % w, (walk.start / w) | 0, walk.goal % w, (walk.goal / w) | 0);
  computeDStarLite(d);
  const costs: number[] = [];
  let expanded = 0;
  const t0 = performance.now();
  for (const e of walk.events) {
    moveDStarLiteStart(d, e.agent % w, (e.agent / w) | 0);
    for (const c of e.toggles) {
      setCellPassable(grid, c % w, (c / w) | 0, grid.passable[c] !== 1);
      notifyDStarLiteCellChanged(d, c % w, (c / w) | 0);
    }
    const status = computeDStarLite(d);
    expanded += d.expanded;
    costs.push(status === PathFlags.Found ? d.g[d.start]! : Infinity);
  }
  return { ms: performance.now() - t0, expanded, replans: walk.events.length, costs };
}

function replayLpaStar(walk: Walk): Totals {
  const grid = cloneGrid(walk.grid);
  const w = grid.width;
  const l = createLpaStar(grid);
  const out = createGridPath(grid);
  const costs: number[] = [];
  let expanded = 0;
  const t0 = performance.now();
  for (const e of walk.events) {
    for (const c of e.toggles) {
      setCellPassable(grid, c % w, (c / w) | 0, grid.passable[c] !== 1);
      notifyLpaStarCellChanged(l, c % w, (c / w) | 0);
    }
    // LPA*'s keys depend on its start: a moved agent means a reset (a from-scratch LPA*).
    setLpaStarEndpoints(l, e.agent % w, (e.agent / w) | 0, walk.goal % w, (walk.goal / w) | 0);
    computeLpaStarPath(out, l);
    expanded += l.expanded;
    costs.push(out.cost);
  }
  return { ms: performance.now() - t0, expanded, replans: walk.events.length, costs };
}

function replayAStar(walk: Walk): Totals {
  const grid = cloneGrid(walk.grid);
  const w = grid.width;
  const search = createGridSearch(grid);
  const out = createGridPath(grid);
  const costs: number[] = [];
  let expanded = 0;
  const t0 = performance.now();
  for (const e of walk.events) {
    for (const c of e.toggles) setCellPassable(grid, c % w, (c / w) | 0, grid.passable[c] !== 1);
    findPathAStar(out, search, e.agent % w, (e.agent / w) | 0, walk.goal % w, (walk.goal / w) | 0);
    expanded += out.expanded;
    costs.push(out.cost);
  }
  return { ms: performance.now() - t0, expanded, replans: walk.events.length, costs };
}

/**
 * Runs the replanning measurement on up to `--replan-maps` of the given dao scenario files and
 * records rows under case `replan-dao` (library `tactica`).
 */
export async function runGridReplan(ctx: SuiteContext, scenarioFiles: readonly string[]): Promise<void> {
  const a = ctx.args;
  const maps = option(a, "--replan-maps", ctx.quick ? 2 : 10);
  const perMap = option(a, "--replan-limit", ctx.quick ? 1 : 3);
  const k = option(a, "--replan-k", 6);
  const every = option(a, "--replan-every", 4);
  const files = scenarioFiles.filter((f) => basename(join(f, "..")) === "dao").slice(0, maps);
  if (files.length === 0) return;
  const names = ["dstar-lite", "lpa-star", "astar"] as const;
  const totals = names.map(() => ({ ms: 0, expanded: 0, replans: 0 }));
  let mismatches = 0;
  let firstPlan = 0;
  let walks = 0;
  for (const file of files) {
    const grid = parseMovingAiMap(readFileSync(file.slice(0, -".scen".length), "utf8")).grid;
    const all = parseMovingAiScenarios(readFileSync(file, "utf8"));
    // The longest scenarios (the file is sorted by bucket).
    for (const c of all.slice(Math.max(0, all.length - perMap))) {
      const w = grid.width;
      const walk = generateWalk(grid, c.startY * w + c.startX, c.goalY * w + c.goalX, k, every, 2026 + walks);
      if (walk.events.length === 0) continue;
      const first = createDStarLite(grid);
      setDStarLiteEndpoints(first, c.startX, c.startY, c.goalX, c.goalY);
      computeDStarLite(first);
      firstPlan += first.expanded;
      const runs = [replayDStarLite(walk), replayLpaStar(walk), replayAStar(walk)];
      for (let i = 0; i < runs.length; i++) {
        totals[i]!.ms += runs[i]!.ms;
        totals[i]!.expanded += runs[i]!.expanded;
        totals[i]!.replans += runs[i]!.replans;
        if (i > 0) {
          for (let j = 0; j < runs[0]!.costs.length; j++) {
            const x = runs[0]!.costs[j]!;
            const y = runs[i]!.costs[j]!;
            if (!(x === y || Math.abs(x - y) <= 1e-6)) mismatches++;
          }
        }
      }
      walks++;
    }
    await Promise.resolve();
  }
  const rec = (metric: string, value: number, unit: string): void => ctx.record({ case: "replan-dao", library: "tactica", metric, value, unit });
  rec("maps", files.length, "count");
  rec("walks", walks, "count");
  rec("cells_per_edit", k, "count");
  rec("steps_per_edit", every, "count");
  rec("replans", totals[0]!.replans, "count");
  rec("mismatches", mismatches, "count");
  rec("dstar-lite_first_plan_expanded", firstPlan, "count");
  for (let i = 0; i < names.length; i++) {
    rec(`${names[i]}_total_ms`, totals[i]!.ms, "ms");
    rec(`${names[i]}_expanded`, totals[i]!.expanded, "count");
  }
  const astar = totals[2]!;
  for (let i = 0; i < 2; i++) {
    const t = totals[i]!;
    if (t.ms > 0) rec(`${names[i]}_time_ratio_vs_astar`, astar.ms / t.ms, "x");
    if (t.expanded > 0) rec(`${names[i]}_expanded_ratio_vs_astar`, astar.expanded / t.expanded, "x");
  }
  ctx.log(`replan: ${walks} walks on ${files.length} dao maps, ${totals[0]!.replans} replans, ${mismatches} mismatches`);
}

/** Markdown lines for the replanning rows (empty when the measurement did not run). */
export function replanMarkdown(rows: readonly BenchRow[]): string[] {
  const v = (metric: string): number | undefined => rows.find((r) => r.case === "replan-dao" && r.metric === metric)?.value;
  const replans = v("replans");
  if (replans === undefined) return [];
  const lines = [
    "",
    `Replanning on a changing map (dao): ${v("walks")} walks on ${v("maps")} maps, the agent walks a long scenario while ${v("cells_per_edit")} random cells near its path toggle every ${v("steps_per_edit")} steps; ${replans} replans, ${v("mismatches")} cost mismatches between the three. D* Lite repairs its plan; LPA* has to reset when its start moved; A* plans from scratch (its first query after an edit also refreshes the padded grid copy, O(cells)).`,
    "",
    "| planner | total replan ms | nodes expanded | speed-up vs A* (time) | fewer nodes vs A* |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const name of ["dstar-lite", "lpa-star", "astar"]) {
    const ms = v(`${name}_total_ms`) ?? 0;
    const ex = v(`${name}_expanded`) ?? 0;
    const tr = v(`${name}_time_ratio_vs_astar`);
    const er = v(`${name}_expanded_ratio_vs_astar`);
    lines.push(
      `| ${name} | ${ms.toFixed(1)} | ${Math.round(ex).toLocaleString("en-US")} | ${tr === undefined ? "1" : tr.toFixed(2)}× | ${er === undefined ? "1" : er.toFixed(2)}× |`,
    );
  }
  return lines;
}
