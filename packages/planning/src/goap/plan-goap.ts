import { corruptState, describeValue } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { checkPlanArgs } from "../forward/plan-bfs";
import { popcount } from "../forward/plan-astar";
import type { PlanResult } from "../forward/plan-result";
import type { PlanningGoal, PlanningProblem } from "../ground/problem";
import { createStateStore, resetStateStore, storeInsert, type StateStore } from "../ground/state-store";
import { createIdHeap, heapPop, heapPush, type IdHeap } from "../internal/heap";
import { planningError, PlanningErrorCodes } from "../internal/errors";

/** Options of the GOAP planner ({@link planGoap}, {@link startGoapSearch}). */
export interface GoapOptions<C = unknown> {
  /** Total expansion budget of one search (default 1 000 000): beyond it, `BudgetExhausted`. */
  readonly maxExpansions?: number;
  /** Context handed to `cost` and `check` (the agent, the world…). */
  readonly context?: C;
  /** Dynamic cost of ground action `action` (default: its static cost). Must be ≥ `minCost`. */
  readonly cost?: (action: number, context: C) => number;
  /** Procedural check (F.E.A.R.'s context preconditions): `false` removes the action from this search. */
  readonly check?: (action: number, context: C) => boolean;
  /** Lower bound of every action cost, used by the heuristic (default: the problem's cheapest static cost). */
  readonly minCost?: number;
  /** Heuristic weight (default 1, optimal; larger values search less and may return costlier plans). */
  readonly weight?: number;
}

/**
 * A regressive (goal-to-start) A* search in progress, F.E.A.R. style: a node is the set of
 * conditions still to satisfy (facts that must hold, facts that must not), the heuristic counts the
 * conditions the start state does not meet (divided by the most conditions one action can meet,
 * times the cheapest cost, so it stays admissible), and an action regresses a node when it achieves
 * one of its conditions without contradicting another. Advance it with {@link stepGoapSearch}
 * under a node budget per frame (time slicing).
 */
export interface GoapSearch {
  /** The problem searched. */
  readonly problem: PlanningProblem;
  /** `PathFlags` (`@tactica/search`): `InProgress` while running, then `Found`, `NoPath` or `BudgetExhausted`. */
  flags: number;
  /** Nodes expanded so far. */
  expanded: number;
  /** @internal */
  store: StateStore;
  /** @internal */
  heap: IdHeap;
  /** @internal */
  start: Uint32Array;
  /** @internal */
  scratch: Uint32Array;
  /** @internal */
  found: number;
  /** @internal */
  options: GoapOptions<unknown>;
  /** @internal */
  budget: number;
  /** @internal */
  hScale: number;
  /** @internal The heuristic's cost bound: every dynamic action cost must be at least this. */
  minCost: number;
}

/**
 * Creates a reusable GOAP search for a problem (its store and heap are kept between searches).
 * @param problem - The compiled problem to search ({@link compileProblem}); kept by reference, read only.
 * @returns A new idle search (`flags` `None`); start it with {@link startGoapSearch}.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const search = createGoapSearch(problem);
 * startGoapSearch(search, problem.initial, problem.goal);
 * while (stepGoapSearch(search, 64) & PathFlags.InProgress) {} // 64 nodes per frame
 * const out = readGoapPlan(createPlanResult(), search);
 * Array.from(out.path.subarray(0, out.length), (a) => problem.actionNames[a]); // → ["go(hall, kitchen)", "take(kitchen, key)"]
 * ```
 */
export function createGoapSearch(problem: PlanningProblem): GoapSearch {
  const W = problem.words;
  return {
    problem,
    flags: PathFlags.None,
    expanded: 0,
    store: createStateStore(2 * W),
    heap: createIdHeap(),
    start: new Uint32Array(W),
    scratch: new Uint32Array(2 * W),
    found: -1,
    options: {},
    budget: 0,
    hScale: 0,
    minCost: 0,
  };
}

const NO_OPTIONS: GoapOptions<unknown> = {};

function h(search: GoapSearch, id: number): number {
  if (search.hScale === 0) return 0;
  const W = search.problem.words;
  const d = search.store.data;
  const o = id * 2 * W;
  let n = 0;
  for (let w = 0; w < W; w++) {
    const s = search.start[w]!;
    n += popcount(d[o + w]! & ~s) + popcount(d[o + W + w]! & s);
  }
  return Math.ceil(n / Math.max(1, search.problem.maxChanged)) * search.hScale;
}

/**
 * Starts (or restarts) a search from `start` towards `goal`; the search's previous content is
 * discarded. Sets `flags` to `InProgress`.
 * @param search - The search to (re)start ({@link createGoapSearch}); changed in place and returned.
 * @param start - Start state bitset, a `Uint32Array` of `problem.words` words; copied.
 * @param goal - The goal to regress from, compiled for the search's problem. An impossible goal
 *   sets `NoPath` at once.
 * @param options - `maxExpansions` for the whole search (default 1 000 000), dynamic `cost` and
 *   `check` callbacks with their `context`, `minCost` (heuristic bound, default the problem's
 *   cheapest static cost, must be ≥ 0) and `weight` (default 1). Kept by reference until the
 *   search ends. Omitted: static costs, optimal search.
 * @returns `search`.
 * @throws TacticaError `PLANNING_ARGUMENT` when `start` or `goal` does not fit the problem or
 *   `minCost` is negative or NaN.
 */
export function startGoapSearch<C>(search: GoapSearch, start: Uint32Array, goal: PlanningGoal, options?: GoapOptions<C>): GoapSearch {
  const p = search.problem;
  checkPlanArgs("startGoapSearch", p, start, goal);
  const opts = (options ?? NO_OPTIONS) as GoapOptions<unknown>;
  const W = p.words;
  search.options = opts;
  search.budget = opts.maxExpansions ?? 1_000_000;
  const minCost = opts.minCost ?? p.minCost;
  if (!(minCost >= 0))
    throw planningError(PlanningErrorCodes.Argument, "startGoapSearch", `minCost must be >= 0, got ${describeValue(minCost)}.`, { path: "options.minCost" });
  search.minCost = minCost;
  search.hScale = minCost * (opts.weight ?? 1);
  search.start.set(start);
  search.expanded = 0;
  search.found = -1;
  resetStateStore(search.store, 2 * W);
  search.heap.size = 0;
  if (goal.impossible) {
    search.flags = PathFlags.NoPath;
    return search;
  }
  const sc = search.scratch;
  for (let w = 0; w < W; w++) {
    sc[w] = goal.pos[w]!;
    sc[W + w] = goal.neg[w]!;
  }
  const root = storeInsert(search.store, sc, 0);
  search.store.g[root] = 0;
  heapPush(search.heap, h(search, root), 0, root);
  search.flags = PathFlags.InProgress;
  return search;
}

/**
 * Expands up to `maxNodes` nodes of a started search; returns its flags (`InProgress` when the
 * slice ended before an answer).
 * @param search - A search started with {@link startGoapSearch}; advanced in place. A finished
 *   search is left as is and its flags returned.
 * @param maxNodes - Most nodes to expand in this call (the per-frame slice), a number ≥ 0;
 *   `Infinity` runs the search to its end (or to `maxExpansions`, which gives `BudgetExhausted`).
 * @returns The search's `PathFlags`: `InProgress`, `Found`, `NoPath` or `BudgetExhausted`.
 * @throws TacticaError `PLANNING_ARGUMENT` when `maxNodes` is negative or NaN, or when
 *   `options.cost` returns a value below the search's `minCost` or NaN (the plan would not be
 *   cheapest); the search then ends with `NoPath`.
 */
export function stepGoapSearch(search: GoapSearch, maxNodes: number): number {
  if (!(maxNodes >= 0))
    throw planningError(
      PlanningErrorCodes.Argument,
      "stepGoapSearch",
      `maxNodes must be a number >= 0 (Infinity: run to the end), got ${describeValue(maxNodes)}.`,
      {
        path: "maxNodes",
      },
    );
  if ((search.flags & PathFlags.InProgress) === 0) return search.flags;
  const p = search.problem;
  const W = p.words;
  const W2 = 2 * W;
  const { store, heap, start, scratch, options } = search;
  const { preT, preF, add, del, actionCost } = p;
  const A = p.actionCount;
  const cost = options.cost;
  const check = options.check;
  const ctx = options.context;
  let slice = 0;
  while (heap.size > 0) {
    const n = heapPop(heap);
    if (store.closed[n] === 1) continue;
    const no = n * W2;
    let d = store.data;
    let done = true;
    for (let w = 0; w < W; w++) {
      const s = start[w]!;
      const t = d[no + w]!;
      if ((t & ~s) !== 0 || (s & d[no + W + w]!) !== 0) {
        done = false;
        break;
      }
    }
    if (done) {
      search.found = n;
      search.flags = PathFlags.Found;
      return search.flags;
    }
    if (search.expanded >= search.budget) {
      heapPush(heap, 0, Infinity, n);
      search.flags = PathFlags.BudgetExhausted;
      return search.flags;
    }
    if (slice >= maxNodes) {
      heapPush(heap, 0, Infinity, n);
      return search.flags;
    }
    slice++;
    search.expanded++;
    store.closed[n] = 1;
    const gn = store.g[n]!;
    for (let a = 0; a < A; a++) {
      const ao = a * W;
      d = store.data;
      let relevant = false;
      let ok = true;
      for (let w = 0; w < W; w++) {
        const t = d[no + w]!;
        const f = d[no + W + w]!;
        const ad = add[ao + w]!;
        const de = del[ao + w]!;
        if ((ad & t) !== 0 || (de & f) !== 0) relevant = true;
        if ((de & t) !== 0 || (ad & f) !== 0) {
          ok = false;
          break;
        }
        const nt = (t & ~ad) | preT[ao + w]!;
        const nf = (f & ~de) | preF[ao + w]!;
        if ((nt & nf) !== 0) {
          ok = false;
          break;
        }
        scratch[w] = nt;
        scratch[W + w] = nf;
      }
      if (!ok || !relevant) continue;
      if (check !== undefined && !check(a, ctx)) continue;
      let c: number;
      if (cost !== undefined) {
        c = cost(a, ctx);
        if (!(c >= search.minCost)) badCost(search, a, c);
      } else c = actionCost[a]!;
      const id = storeInsert(store, scratch, 0);
      const g = gn + c;
      if (g < store.g[id]!) {
        store.g[id] = g;
        store.parent[id] = n;
        store.action[id] = a;
        store.closed[id] = 0;
        heapPush(heap, g + h(search, id), g, id);
      }
    }
  }
  search.flags = PathFlags.NoPath;
  return search.flags;
}

function badCost(search: GoapSearch, action: number, c: number): never {
  search.flags = PathFlags.NoPath;
  throw planningError(
    PlanningErrorCodes.Argument,
    "stepGoapSearch",
    `options.cost returned ${describeValue(c)} for action ${describeValue(search.problem.actionNames[action])}, below the search's minCost ${search.minCost} (or NaN). Return costs >= minCost, or pass a lower options.minCost.`,
    { path: "options.cost" },
  );
}

/**
 * Writes the plan of a finished search into `out` (execution order: the first action applies to
 * the start state). When the search has not found a plan, `out` gets its flags and length 0.
 * @param out - Result written in place and returned ({@link createPlanResult}); a plan longer than
 *   `out.path` sets `PathTruncated` with the full `length` and `cost`.
 * @param search - The search to read ({@link stepGoapSearch}); not changed.
 * @returns `out`.
 */
export function readGoapPlan(out: PlanResult, search: GoapSearch): PlanResult {
  out.expanded = search.expanded;
  out.generated = search.store.count;
  if (search.flags !== PathFlags.Found) {
    out.flags = search.flags;
    out.length = 0;
    out.cost = 0;
    return out;
  }
  const store = search.store;
  let n = 0;
  for (let s = search.found; store.parent[s]! >= 0; s = store.parent[s]!) {
    if (n >= store.count) corruptState("@tactica/planning: planGoap", "the plan's parent chain loops");
    if (n < out.path.length) out.path[n] = store.action[s]!;
    n++;
  }
  out.length = n;
  out.cost = store.g[search.found]!;
  out.flags = PathFlags.Found | (n > out.path.length ? PathFlags.PathTruncated : 0);
  return out;
}

const searches = new WeakMap<PlanningProblem, GoapSearch>();

/**
 * One-shot GOAP planning: regressive A* from `goal` back to `start` with a per-problem search
 * reused between calls (no allocation once warmed up). Costs equal forward Dijkstra's.
 * @param out - Result written in place and returned ({@link createPlanResult}); a plan longer than
 *   `out.path` sets `PathTruncated` with the full `length` and `cost`.
 * @param problem - The compiled problem ({@link compileProblem}); read only.
 * @param start - Start state bitset, a `Uint32Array` of `problem.words` words; read only.
 * @param goal - The goal to reach, compiled for this problem ({@link compileGoal} or `problem.goal`).
 * @param options - `maxExpansions` (default 1 000 000), dynamic `cost` and `check` callbacks with
 *   their `context`, `minCost` (must not exceed any dynamic cost, or plans may not be cheapest)
 *   and `weight` (default 1, optimal). Omitted: static costs, optimal plan.
 * @returns `out`: `Found`, `NoPath` or `BudgetExhausted`.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * // Dynamic costs: walking costs 2, everything else 1.
 * const walking = (a: number) => problem.actionNames[a]!.startsWith("go(");
 * const out = planGoap(createPlanResult(), problem, problem.initial, problem.goal, { cost: (a) => (walking(a) ? 2 : 1), minCost: 1 });
 * out.cost; // → 3
 * ```
 */
export function planGoap<C>(out: PlanResult, problem: PlanningProblem, start: Uint32Array, goal: PlanningGoal, options?: GoapOptions<C>): PlanResult {
  let s = searches.get(problem);
  if (!s) {
    s = createGoapSearch(problem);
    searches.set(problem, s);
  }
  startGoapSearch(s, start, goal, options);
  stepGoapSearch(s, Infinity);
  return readGoapPlan(out, s);
}

/** One regression node of a GOAP search, for debugging and visualisation ({@link readGoapNodes}). */
export interface GoapNodeView {
  /** Facts still required to hold. */
  readonly mustHold: string[];
  /** Facts still required to be false. */
  readonly mustNotHold: string[];
  /** Cost from the goal (sum of the regressed actions' costs). */
  readonly cost: number;
  /** The action regressed to reach the node (`""` for the goal node). */
  readonly action: string;
  /** Index of the parent node, -1 for the goal node. */
  readonly parent: number;
  /** True when the node was expanded. */
  readonly expanded: boolean;
}

/** Options of {@link readGoapNodes}. */
export interface ReadGoapNodesOptions {
  /** Most nodes listed (a count); default 64. */
  readonly max?: number;
}

/**
 * Lists the first `max` nodes (default 64) a GOAP search generated, in generation order: what the
 * regressive search looked at. Allocates; meant for debug views, not frame loops.
 * @param search - The search to read (not changed), during or after {@link stepGoapSearch}.
 * @param options - `max`: most nodes listed (a count, default 64).
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const search = createGoapSearch(problem);
 * startGoapSearch(search, problem.initial, problem.goal);
 * stepGoapSearch(search, Infinity);
 * const nodes = readGoapNodes(search); // the goal first, then what regressing each action left to achieve
 * nodes.map((n) => n.action || "goal"); // → ["goal", "take(hall, key)", "take(kitchen, key)", "go(kitchen, hall)", "go(hall, kitchen)"]
 * nodes[2]!.mustHold; // → ["in(key, kitchen)", "at(kitchen)"]
 * ```
 */
export function readGoapNodes(search: GoapSearch, options: ReadGoapNodesOptions = {}): GoapNodeView[] {
  const max = options.max ?? 64;
  const p = search.problem;
  const W = p.words;
  const st = search.store;
  const out: GoapNodeView[] = [];
  for (let id = 0; id < Math.min(max, st.count); id++) {
    const o = id * 2 * W;
    const mustHold: string[] = [];
    const mustNotHold: string[] = [];
    for (let f = 0; f < p.factCount; f++) {
      const w = f >>> 5;
      const bit = 1 << (f & 31);
      if ((st.data[o + w]! & bit) !== 0) mustHold.push(p.factNames[f]!);
      if ((st.data[o + W + w]! & bit) !== 0) mustNotHold.push(p.factNames[f]!);
    }
    const a = st.action[id]!;
    out.push({ mustHold, mustNotHold, cost: st.g[id]!, action: a >= 0 ? p.actionNames[a]! : "", parent: st.parent[id]!, expanded: st.closed[id] === 1 });
  }
  return out;
}
