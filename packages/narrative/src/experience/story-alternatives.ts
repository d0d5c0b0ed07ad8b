import { compileGoal, compileProblem, findAlternativePlans, findUnreachableGoals, parseDomain, stateFromFacts, type PlanningProblem } from "@tactica/planning";
import { fail } from "../internal/fail.js";

/** One alternative continuation of the story. */
export interface StoryAlternative {
  /** Ground actions in order, e.g. `["appear(grendel)", "eat(grendel, granny)"]`. */
  actions: string[];
  /** Sum of the action costs. */
  cost: number;
  /** The repair actions it uses (the drama manager's interventions), in order. */
  repairs: string[];
}

/** Result of {@link findStoryAlternatives}. */
export interface StoryAlternatives {
  /** True when the goal cannot be reached any more without a repair action (the author's plot broke). */
  unreachable: boolean;
  /** Up to `k` continuations that differ in the actions they use; the first is the cheapest. */
  alternatives: StoryAlternative[];
}

/** Options of {@link findStoryAlternatives}. */
export interface StoryAlternativesOptions {
  /** How many alternatives at most (default 3). */
  k?: number;
  /**
   * Names of the action templates only the drama manager may use (`"appear"`, `"resurrect"`):
   * the goal counts as unreachable when no plan without them exists.
   */
  repairs?: readonly string[];
  /** Expansion budget per search (default 100,000). */
  maxExpansions?: number;
}

const texts = new Map<string, PlanningProblem>();

function problemOf(domain: string | PlanningProblem): PlanningProblem {
  if (typeof domain !== "string") return domain;
  let p = texts.get(domain);
  if (p === undefined) {
    p = compileProblem(parseDomain(domain));
    if (texts.size > 32) texts.clear();
    texts.set(domain, p);
  }
  return p;
}

function templateOf(name: string): string {
  const i = name.indexOf("(");
  return i < 0 ? name : name.slice(0, i);
}

/**
 * Experience management's plan repair (chapter 42): when a player action makes an authorial goal
 * unreachable (the wolf who should eat granny is dead), find up to `k` alternative continuations
 * with `@tactica/planning` (`findAlternativePlans`), e.g. Grendel appears, or a fairy resurrects
 * the wolf. `domain` is a planning domain's text (compiled once and cached) or a compiled
 * `PlanningProblem`; `facts` the facts that hold now; `goal` the author's goal literals. Score the
 * alternatives with {@link selectByStyle} or {@link selectByEmotion}.
 *
 * @param domain - A planning domain's text (parsed, compiled and cached per text) or a compiled `PlanningProblem` of `@tactica/planning`.
 * @param facts - Ground facts that hold now, e.g. `"dead(wolf)"`; every other fact is false.
 * @param goal - The author's goal literals that every alternative reaches, e.g. `"eaten(granny)"`.
 * @param options - `k` (most alternatives, integer >= 1, default 3), `repairs` (action templates only the drama manager may use; default none)
 *   and `maxExpansions` per search (default 100,000).
 * @example
 * ```ts
 * const domain = `
 *   (:objects (character red, wolf, granny, grendel))
 *   (:action eat :parameters (character ?p, character ?v) :preconditions (predator(?p) and alive(?p) and alive(?v)) :effects (eaten(?v) and not alive(?v)))
 *   (:action appear :parameters (character ?m) :preconditions (offstage(?m)) :effects (predator(?m) and alive(?m) and not offstage(?m)))
 *   (:action resurrect :parameters (character ?c) :preconditions (dead(?c)) :effects (alive(?c) and not dead(?c)))`;
 * // The player has killed the wolf.
 * const now = ["predator(wolf)", "dead(wolf)", "alive(red)", "alive(granny)", "offstage(grendel)"];
 * const r = findStoryAlternatives(domain, now, ["eaten(granny)"], { k: 2, repairs: ["appear", "resurrect"] });
 * r.unreachable;                             // → true
 * r.alternatives.map((a) => a.repairs[0]).sort(); // → ["appear(grendel)", "resurrect(wolf)"]
 * ```
 */
export function findStoryAlternatives(
  domain: string | PlanningProblem,
  facts: readonly string[],
  goal: readonly string[],
  options: StoryAlternativesOptions = {},
): StoryAlternatives {
  const FN = "findStoryAlternatives";
  const k = options.k ?? 3;
  if (!Number.isInteger(k) || k < 1) fail("INVALID_ARGUMENT", FN, `options.k must be an integer ≥ 1, got ${k}.`, "options.k");
  const problem = problemOf(domain);
  const state = stateFromFacts(problem, facts);
  const g = compileGoal(problem, goal);
  const repairs = new Set(options.repairs ?? []);
  const forbidden = new Uint8Array(problem.actionCount);
  for (let a = 0; a < problem.actionCount; a++) if (repairs.has(templateOf(problem.actionNames[a]!))) forbidden[a] = 1;
  const maxExpansions = options.maxExpansions ?? 100_000;
  const unreachable = repairs.size > 0 && findUnreachableGoals(problem, state, [g], { forbidden, maxExpansions }).length === 1;
  const alternatives = findAlternativePlans(problem, state, g, k, { maxExpansions }).map((plan): StoryAlternative => {
    const actions = plan.actions.map((a) => problem.actionNames[a]!);
    return { actions, cost: plan.cost, repairs: actions.filter((name) => repairs.has(templateOf(name))) };
  });
  return { unreachable, alternatives };
}
