// Issue 32: bad arguments that gave silent wrong results now throw PLANNING_ARGUMENT.
import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  compileProblem,
  createGoapPlanCache,
  createGoapSearch,
  createLiftedPlanner,
  createPlanResult,
  parseDomain,
  planGoap,
  planGoapCached,
  planLiftedBfs,
  startGoapSearch,
  stateFromIds,
  stateToIds,
  stepGoapSearch,
} from "../src";

const DOMAIN = `
  (:objects (room hall, kitchen, cellar) (item key))
  (:action go :parameters (room ?a, room ?b) :preconditions (at(?a) and door(?a, ?b)) :effects (not at(?a) and at(?b)))
  (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
  (:initial (at(hall) and in(key, kitchen) and door(hall, kitchen) and door(kitchen, hall)))
  (:goal (has(key)))`;

function pathOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return isTacticaError(e, "PLANNING_ARGUMENT") ? e.path : e;
  }
  return "no throw";
}

describe("argument checks (issue 32)", () => {
  const problem = compileProblem(parseDomain(DOMAIN));

  it("stepGoapSearch checks maxNodes and the dynamic costs against minCost", () => {
    const search = createGoapSearch(problem);
    startGoapSearch(search, problem.initial, problem.goal);
    expect(pathOf(() => stepGoapSearch(search, Number.NaN))).toBe("maxNodes");
    expect(pathOf(() => stepGoapSearch(search, -1))).toBe("maxNodes");
    startGoapSearch(search, problem.initial, problem.goal, { cost: () => 0.5 });
    expect(pathOf(() => stepGoapSearch(search, Infinity))).toBe("options.cost");
    startGoapSearch(search, problem.initial, problem.goal, { cost: () => Number.NaN, minCost: 0 });
    expect(pathOf(() => stepGoapSearch(search, Infinity))).toBe("options.cost");
    expect(planGoap(createPlanResult(), problem, problem.initial, problem.goal, { cost: () => 0.5, minCost: 0.5 }).cost).toBe(1);
  });

  it("planGoapCached keys on options.minCost", () => {
    const cache = createGoapPlanCache();
    const out = createPlanResult();
    planGoapCached(out, cache, problem, problem.initial, problem.goal);
    planGoapCached(out, cache, problem, problem.initial, problem.goal, { minCost: 0 });
    expect([cache.hits, cache.misses]).toEqual([0, 2]);
    planGoapCached(out, cache, problem, problem.initial, problem.goal, { minCost: 0 });
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it("stateFromIds refuses ids that do not fit the state instead of dropping them", () => {
    const s = new Uint32Array(problem.words);
    const ids = Array.from(stateToIds(problem, problem.initial));
    expect(Array.from(stateFromIds(s, ids))).toEqual(Array.from(problem.initial));
    for (const bad of [-1, 1.5, Number.NaN, 32 * problem.words]) expect(pathOf(() => stateFromIds(s, [0, bad]))).toBe("ids[1]");
  });

  it("createLiftedPlanner refuses a problem compiled with pruneStatic", () => {
    const pruned = compileProblem(parseDomain(DOMAIN), { pruneStatic: true });
    expect(pathOf(() => createLiftedPlanner(pruned))).toBe("problem");
    expect(planLiftedBfs(createPlanResult(), createLiftedPlanner(problem), problem.initial, problem.goal).length).toBe(2);
  });
});
