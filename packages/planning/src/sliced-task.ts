import { SliceFlags, type SliceCounters, type SlicedTask } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { stepGoapSearch, type GoapSearch } from "./goap/plan-goap";
import { planHtnInto, type HtnOptions, type HtnProblem, type HtnResult } from "./htn/htn";

/**
 * A GOAP search ({@link startGoapSearch}) as a core `SlicedTask`, for the core frame-budget
 * scheduler. Resumable: one unit = one regression node expanded (also counted in
 * `counters.nodes`). `Done` when a plan is found (read it with {@link readGoapPlan}), `Failed` on
 * `NoPath` or the search's own `maxExpansions`.
 */
export interface GoapSearchTask extends SlicedTask {
  /** The search it drives. */
  readonly search: GoapSearch;
}

/**
 * Wraps a started GOAP search as a `SlicedTask`: each slice runs {@link stepGoapSearch} with the
 * slice's budget. Any sequence of budgets gives {@link planGoap}'s plan. No allocation per slice
 * beyond the search's own node store.
 *
 * @param search - A GOAP search already started with {@link startGoapSearch}; kept by reference
 *   and advanced by each slice (the slice budget is its node count).
 * @returns A new task whose `search` is `search`.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const search = startGoapSearch(createGoapSearch(problem), problem.initial, problem.goal);
 * const scheduler = createScheduler({ frameBudget: 1 }); // one node per frame
 * addScheduledTask(scheduler, createGoapSearchTask(search), { module: "planning", once: true });
 * for (let frame = 0; frame < 5; frame++) runSchedulerFrame(scheduler, 1 / 60);
 * readGoapPlan(createPlanResult(), search).length; // → 2
 * ```
 */
export function createGoapSearchTask(search: GoapSearch): GoapSearchTask {
  return {
    search,
    step(budget: number, counters: SliceCounters): number {
      const before = search.expanded;
      const flags = stepGoapSearch(search, budget);
      const used = search.expanded - before;
      counters.units += used;
      counters.nodes += used;
      return (flags & PathFlags.InProgress) !== 0 ? SliceFlags.Partial : (flags & PathFlags.Found) !== 0 ? SliceFlags.Done : SliceFlags.Failed;
    },
  };
}

/**
 * An HTN planning call as a core `SlicedTask`. **Indivisible:** the HTN planner is not resumable,
 * so one slice runs the whole {@link planHtnInto} call whatever the budget and charges the task
 * nodes it expanded (at least 1). The scheduler lets such a slice overspend and then closes the
 * frame, so bound it with `options.maxNodes` (the overspend is at most that many units) and give
 * the task a low priority class. `Done` when a plan was found, `Failed` otherwise.
 */
export interface HtnPlanTask extends SlicedTask {
  /** Receives the plan (reused buffer, see {@link createHtnResult}). */
  readonly out: HtnResult;
  /** The world state planned from; update it in place between jobs. */
  readonly state: Uint32Array;
}

/**
 * Wraps one {@link planHtnInto} call per job as an (indivisible) `SlicedTask`; see
 * {@link HtnPlanTask}.
 *
 * @param out - Result buffer from {@link createHtnResult}, overwritten by every run; kept by reference.
 * @param htn - The compiled HTN ({@link compileHtn}); read only.
 * @param state - Start state bitset (`htn.problem.words` words), kept by reference and read when
 *   the slice runs: change it in place between jobs.
 * @param tasks - Root tasks (ground heads such as `"deliver(pkg, b)"`), kept by reference.
 * @param options - HTN budgets (`maxNodes` bounds the slice's overspend; `maxDepth`,
 *   `partialOrder`), as for {@link planHtnInto}. Omitted: defaults (100 000 nodes).
 * @returns A new task; arguments are checked when it first runs, not here.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:initial (at(hall)))
 *   (:goal (at(kitchen)))`));
 * const htn = compileHtn(problem, [{ name: "by-foot", task: "travel(?a, ?b)", preconditions: ["at(?a)"], subtasks: ["go(?a, ?b)"] }]);
 * const out = createHtnResult();
 * const scheduler = createScheduler({ frameBudget: 100 });
 * addScheduledTask(scheduler, createHtnPlanTask(out, htn, problem.initial, ["travel(hall, kitchen)"], { maxNodes: 100 }), { once: true });
 * runSchedulerFrame(scheduler, 1 / 60);
 * out.plan.map((a) => problem.actionNames[a]); // → ["go(hall, kitchen)"]
 * ```
 */
export function createHtnPlanTask(out: HtnResult, htn: HtnProblem, state: Uint32Array, tasks: readonly string[], options?: HtnOptions): HtnPlanTask {
  return {
    out,
    state,
    step(_budget: number, counters: SliceCounters): number {
      planHtnInto(out, htn, state, tasks, options);
      counters.units += out.expanded > 1 ? out.expanded : 1;
      counters.nodes += out.expanded;
      return (out.flags & PathFlags.Found) !== 0 ? SliceFlags.Done : SliceFlags.Failed;
    },
  };
}
