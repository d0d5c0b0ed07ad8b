import { PathFlags } from "@tactica/search";
import { parseDomain } from "./domain/parse-domain";
import type { PlanningDomain, PlanningLiteral } from "./domain/types";
import { planForwardAStar } from "./forward/plan-astar";
import { planBfs } from "./forward/plan-bfs";
import { createPlanResult } from "./forward/plan-result";
import { planGoap } from "./goap/plan-goap";
import { compileGoal, compileProblem, stateFromFacts, type PlanningProblem } from "./ground/problem";

/** Options of {@link findPlan}. */
export interface FindPlanOptions {
  /**
   * `"bfs"` (default when every action costs 1): fewest actions; `"astar"`: cheapest, forward;
   * `"goap"`: cheapest, regressive A* from the goal (default when costs differ).
   */
  readonly solver?: "bfs" | "astar" | "goap";
  /** Facts that hold at the start (`"at(hall)"`); default: the domain's initial state. */
  readonly start?: readonly string[];
  /** Goal literals (`"has(key)"`, `"not alarm"`); default: the domain's goal. */
  readonly goal?: readonly (string | PlanningLiteral)[];
  /** Expansion budget (default 1 000 000). */
  readonly maxExpansions?: number;
}

/** Plain result of {@link findPlan}. */
export interface FindPlanResult {
  /** True when a plan was found. */
  readonly found: boolean;
  /** `PathFlags` (`@tactica/search`) bits. */
  readonly flags: number;
  /** Sum of action costs. */
  readonly cost: number;
  /** Ground action signatures, in order (`"Take(loc1, c1, o1)"`). */
  readonly plan: string[];
  /** States (or regression nodes) expanded. */
  readonly expanded: number;
}

const problems = new WeakMap<object, PlanningProblem>();
const texts = new Map<string, PlanningProblem>();

function problemOf(domain: PlanningDomain | string): PlanningProblem {
  if (typeof domain === "string") {
    let p = texts.get(domain);
    if (!p) {
      p = compileProblem(parseDomain(domain));
      if (texts.size > 32) texts.clear();
      texts.set(domain, p);
    }
    return p;
  }
  let p = problems.get(domain);
  if (!p) {
    p = compileProblem(domain);
    problems.set(domain, p);
  }
  return p;
}

/**
 * Level-2 planning: plain inputs, plain result. `domain` is a {@link PlanningDomain} or its text;
 * `options.start` lists the facts that hold (default: the domain's initial state); `options.goal`
 * lists literals (default: the domain's goal). The grounded problem is cached per domain object. In a frame loop,
 * use {@link compileProblem} once and {@link planBfs} / {@link planGoap} with a reused result.
 *
 * @example
 * ```ts
 * const domain = parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`);
 * const result = findPlan(domain, { goal: ["has(key)", "at(hall)"] });
 * result.plan; // → ["go(hall, kitchen)", "take(kitchen, key)", "go(kitchen, hall)"]
 * ```
 * @param domain - The domain, parsed or as text.
 * @param options - Start facts, goal, solver and budget; all optional.
 */
export function findPlan(domain: PlanningDomain | string, options: FindPlanOptions = {}): FindPlanResult {
  const { start, goal } = options;
  const problem = problemOf(domain);
  const s = start === undefined ? problem.initial : stateFromFacts(problem, start);
  const g = goal === undefined ? problem.goal : compileGoal(problem, goal);
  let unit = true;
  for (let a = 0; a < problem.actionCount; a++) if (problem.actionCost[a] !== 1) unit = false;
  const solver = options.solver ?? (unit ? "bfs" : "goap");
  const out = createPlanResult({ capacity: 64 });
  const opts = options.maxExpansions === undefined ? {} : { maxExpansions: options.maxExpansions };
  if (solver === "bfs") planBfs(out, problem, s, g, opts);
  else if (solver === "astar") planForwardAStar(out, problem, s, g, opts);
  else planGoap(out, problem, s, g, opts);
  const found = (out.flags & PathFlags.Found) !== 0;
  const plan: string[] = [];
  if (found) for (let i = 0; i < Math.min(out.length, out.path.length); i++) plan.push(problem.actionNames[out.path[i]!]!);
  return { found, flags: out.flags, cost: found ? out.cost : 0, plan, expanded: out.expanded };
}
