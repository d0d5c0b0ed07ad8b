import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PathFlags } from "@tactica/search";
import {
  applyAction,
  compileGoal,
  compileProblem,
  createGoapSearch,
  createPlanResult,
  findAlternativePlans,
  findPlan,
  findUnreachableGoals,
  isActionApplicable,
  isGoalSatisfied,
  parseDomain,
  planBfs,
  planForwardAStar,
  planGoap,
  readGoapPlan,
  readGoapNodes,
  startGoapSearch,
  stepGoapSearch,
  stateFromFacts,
  type PlanningProblem,
  type PlanResult,
} from "../src/index";
import { arbDomain, bruteForce, RED, TAKE } from "./fixtures";

/** Applies the plan from the start, checking each precondition; true when the goal holds at the end. */
function valid(p: PlanningProblem, out: PlanResult, start = p.initial, goal = p.goal): boolean {
  const s = start.slice();
  let cost = 0;
  for (let i = 0; i < out.length; i++) {
    const a = out.path[i]!;
    if (!isActionApplicable(p, s, a)) return false;
    applyAction(s, p, s, a);
    cost += p.actionCost[a]!;
  }
  return isGoalSatisfied(goal, s) && Math.abs(cost - out.cost) < 1e-9;
}

describe("forward BFS", () => {
  it("plans Take: two actions", () => {
    const p = compileProblem(parseDomain(TAKE));
    const out = planBfs(createPlanResult({ capacity: 4 }), p, p.initial, p.goal);
    expect(out.flags).toBe(PathFlags.Found);
    expect(out.length).toBe(2);
    expect(valid(p, out)).toBe(true);
  });

  it("returns shortest plans (brute force on random domains) that reach the goal", () => {
    fc.assert(
      fc.property(arbDomain(5, 6), (d) => {
        const p = compileProblem(d);
        const ref = bruteForce(d);
        const out = planBfs(createPlanResult({ capacity: 64 }), p, p.initial, p.goal);
        if (ref.steps === Infinity) {
          expect(out.flags).toBe(PathFlags.NoPath);
          return;
        }
        expect(out.flags & PathFlags.Found).toBeTruthy();
        expect(out.length).toBe(ref.steps);
        // Visited states are never expanded twice: at most one expansion per state of the space.
        expect(out.expanded).toBeLessThanOrEqual(2 ** d.predicates.length);
        expect(out.generated).toBeLessThanOrEqual(2 ** d.predicates.length);
        expect(valid(p, out)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("never expands a state twice (expanded ≤ reachable states)", () => {
    const p = compileProblem(
      parseDomain(
        "(:action a :preconditions () :effects (x)) (:action b :preconditions () :effects (not x)) (:action c :preconditions (x) :effects (y)) (:goal (z))",
      ),
    );
    const out = planBfs(createPlanResult(), p, p.initial, compileGoal(p, ["not x()", "y()"]));
    expect(out.flags).toBe(PathFlags.Found);
    const none = planBfs(createPlanResult(), p, p.initial, p.goal);
    expect(none.flags).toBe(PathFlags.NoPath);
    expect(none.expanded).toBe(0); // z is produced by nobody: impossible goal, no search
    const all = planBfs(createPlanResult(), p, p.initial, compileGoal(p, ["x()", "not x()"]));
    expect(all.flags).toBe(PathFlags.NoPath);
  });

  it("a state reached again keeps its first (shallowest) parent", () => {
    // root → P and root → Q; Q → P again; P → R → G. The plan must stay root → P → R → G.
    const p = compileProblem(
      parseDomain(`
      (:action a-p :preconditions (not p and not q and not r) :effects (p))
      (:action a-q :preconditions (not p and not q and not r) :effects (q))
      (:action q2p :preconditions (q) :effects (p and not q))
      (:action p2r :preconditions (p) :effects (r and not p))
      (:action r2g :preconditions (r) :effects (g))
      (:goal (g))`),
    );
    const out = planBfs(createPlanResult(), p, p.initial, p.goal);
    expect(Array.from(out.path.subarray(0, out.length), (a) => p.actionNames[a])).toEqual(["a-p()", "p2r()", "r2g()"]);
  });

  it("a short buffer sets PathTruncated and keeps length and cost", () => {
    const p = compileProblem(parseDomain(TAKE));
    const out = planBfs(createPlanResult({ capacity: 1 }), p, p.initial, p.goal);
    expect(out.flags).toBe(PathFlags.Found | PathFlags.PathTruncated);
    expect(out.length).toBe(2);
    expect(out.cost).toBe(2);
  });

  it("an exhausted budget is a flag", () => {
    const p = compileProblem(parseDomain(TAKE));
    expect(planBfs(createPlanResult(), p, p.initial, p.goal, { maxExpansions: 1 }).flags).toBe(PathFlags.BudgetExhausted);
  });

  it("rejects a start state of the wrong size", () => {
    const p = compileProblem(parseDomain(TAKE));
    expect(() => planBfs(createPlanResult(), p, new Uint32Array(p.words + 1), p.goal)).toThrow(/PLANNING|Uint32Array/);
  });
});

describe("states wider than one word", () => {
  it("bit 31 and later words work in every planner (40-fact chain with a negative precondition)", () => {
    const n = 40;
    const acts = Array.from({ length: n - 1 }, (_, i) => `(:action a${i} :preconditions (p${i}${i === 31 ? " and not block" : ""}) :effects (p${i + 1}))`).join(
      "\n",
    );
    const p = compileProblem(
      parseDomain(`(:predicates ${Array.from({ length: n }, (_, i) => `p${i}`).join(", ")}, block)\n${acts}\n(:initial (p0))\n(:goal (p${n - 1}))`),
    );
    expect(p.words).toBe(2);
    for (const out of [
      planBfs(createPlanResult({ capacity: 64 }), p, p.initial, p.goal),
      planForwardAStar(createPlanResult({ capacity: 64 }), p, p.initial, p.goal),
      planGoap(createPlanResult({ capacity: 64 }), p, p.initial, p.goal),
    ]) {
      expect(out.flags).toBe(PathFlags.Found);
      expect(out.length).toBe(n - 1);
      expect(valid(p, out)).toBe(true);
    }
    const blocked = stateFromFacts(p, ["p0", "block"]);
    expect(planBfs(createPlanResult({ capacity: 64 }), p, blocked, p.goal).flags).toBe(PathFlags.NoPath);
    expect(planGoap(createPlanResult({ capacity: 64 }), p, blocked, p.goal).flags).toBe(PathFlags.NoPath);
  });
});

describe("cost-optimal planners", () => {
  it("forward A*, Dijkstra and regressive A* (GOAP) all find the brute-force cheapest cost", () => {
    fc.assert(
      fc.property(arbDomain(5, 7), (d) => {
        const p = compileProblem(d);
        const ref = bruteForce(d);
        const outs = [
          planForwardAStar(createPlanResult({ capacity: 64 }), p, p.initial, p.goal),
          planForwardAStar(createPlanResult({ capacity: 64 }), p, p.initial, p.goal, { heuristic: "none" }),
          planGoap(createPlanResult({ capacity: 64 }), p, p.initial, p.goal),
        ];
        for (const out of outs) {
          if (ref.cost === Infinity) expect(out.flags).toBe(PathFlags.NoPath);
          else {
            expect(out.flags & PathFlags.Found).toBeTruthy();
            expect(out.cost).toBe(ref.cost);
            expect(valid(p, out)).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("GOAP's heuristic stays admissible when one action meets many conditions", () => {
    // g via G1 (cost 1, needs a b c d) + X (cost 1, gives a b c d) = 2 beats G2 = 2.5.
    const p = compileProblem(
      parseDomain(`
      (:action g1 :preconditions (a and b and c and d) :effects (g))
      (:action x :preconditions () :effects (a and b and c and d))
      (:action g2 :cost 2.5 :preconditions () :effects (g))
      (:goal (g))`),
    );
    const out = planGoap(createPlanResult(), p, p.initial, p.goal);
    expect(out.cost).toBe(2);
    expect(Array.from(out.path.subarray(0, out.length), (a) => p.actionNames[a])).toEqual(["x()", "g1()"]);
  });

  it("GOAP regression honours delete-then-add (an action deleting and adding x achieves x)", () => {
    const p = compileProblem(parseDomain("(:action t :preconditions () :effects (not x and x)) (:goal (x))"));
    const out = planGoap(createPlanResult(), p, p.initial, p.goal);
    expect(out.flags).toBe(PathFlags.Found);
    expect(out.length).toBe(1);
  });

  it("GOAP dynamic costs and procedural checks", () => {
    const p = compileProblem(
      parseDomain(
        "(:action walk :preconditions () :effects (there)) (:action drive :preconditions (car) :effects (there)) (:action getcar :preconditions () :effects (car)) (:goal (there))",
      ),
    );
    const out = createPlanResult();
    const ctx = { walkCost: 10 };
    planGoap(out, p, p.initial, p.goal, { context: ctx, cost: (a, c) => (p.actionNames[a] === "walk()" ? c.walkCost : 1), minCost: 1 });
    expect(Array.from(out.path.subarray(0, out.length), (a) => p.actionNames[a])).toEqual(["getcar()", "drive()"]);
    planGoap(out, p, p.initial, p.goal, { check: (a) => p.actionNames[a] === "walk()" });
    expect(Array.from(out.path.subarray(0, out.length), (a) => p.actionNames[a])).toEqual(["walk()"]);
  });

  it("time-sliced GOAP gives the same plan as one shot, across many slices", () => {
    fc.assert(
      fc.property(arbDomain(5, 7), fc.integer({ min: 1, max: 3 }), (d, slice) => {
        const p = compileProblem(d);
        const one = planGoap(createPlanResult({ capacity: 64 }), p, p.initial, p.goal);
        const s = createGoapSearch(p);
        startGoapSearch(s, p.initial, p.goal);
        let frames = 0;
        while (stepGoapSearch(s, slice) & PathFlags.InProgress) frames++;
        const sliced = readGoapPlan(createPlanResult({ capacity: 64 }), s);
        expect(sliced.flags).toBe(one.flags);
        expect(sliced.cost).toBe(one.cost);
        expect(frames).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 80 },
    );
  });

  it("readGoapNodes shows the regression: goal first, then the nodes behind each action", () => {
    const p = compileProblem(parseDomain(TAKE));
    const s = createGoapSearch(p);
    startGoapSearch(s, p.initial, p.goal);
    while (stepGoapSearch(s, 8) & PathFlags.InProgress);
    const nodes = readGoapNodes(s, { max: 100 });
    expect(nodes[0]).toEqual({ mustHold: ["holding(c1, o1)", "holding(c2, o3)"], mustNotHold: [], cost: 0, action: "", parent: -1, expanded: true });
    const plan = readGoapPlan(createPlanResult(), s);
    const first = nodes.find(
      (n) => n.action === p.actionNames[plan.path[0]!] && n.mustHold.every((f) => p.factNames.includes(f)) && n.parent >= 0 && nodes[n.parent]!.action !== "",
    )!;
    expect(first.mustNotHold).toContain("holding(c1, o1)");
    expect(first.mustHold).toContain("at-o(o1, loc1)");
  });

  it("GOAP budget exhaustion is a status", () => {
    const p = compileProblem(parseDomain(TAKE));
    expect(planGoap(createPlanResult(), p, p.initial, p.goal, { maxExpansions: 1 }).flags).toBe(PathFlags.BudgetExhausted);
  });
});

describe("findPlan (level 2)", () => {
  it("runs its @example", () => {
    const domain = parseDomain(`
      (:objects (room hall, kitchen) (item key))
      (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
      (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
      (:initial (at(hall) and in(key, kitchen)))
      (:goal (has(key)))`);
    const result = findPlan(domain, { goal: ["has(key)", "at(hall)"] });
    expect(result.plan).toEqual(["go(hall, kitchen)", "take(kitchen, key)", "go(kitchen, hall)"]);
    expect(result.found).toBe(true);
    expect(findPlan(domain).plan).toEqual(["go(hall, kitchen)", "take(kitchen, key)"]);
    expect(findPlan(domain, { start: ["at(kitchen)", "in(key, kitchen)"], solver: "goap" }).plan).toEqual(["take(kitchen, key)"]);
    expect(findPlan(TAKE, { solver: "astar" }).cost).toBe(2);
    expect(findPlan(domain, { start: ["at(hall)"] }).found).toBe(false);
  });
});

describe("chapter 42: alternatives after the wolf dies", () => {
  it("flags the goal unreachable without the new templates and returns both continuations", () => {
    const p = compileProblem(parseDomain(RED));
    const s = p.initial.slice();
    applyAction(s, p, s, p.actionIndex["kill(red, wolf)"]!);
    const goal = compileGoal(p, ["eaten(granny)"]);
    const noNew = new Uint8Array(p.actionCount);
    p.actionNames.forEach((n, a) => (noNew[a] = n.startsWith("introduce") || n.startsWith("resurrect") ? 1 : 0));
    expect(findUnreachableGoals(p, s, [goal], { forbidden: noNew })).toEqual([0]);
    expect(findUnreachableGoals(p, p.initial, [goal], { forbidden: noNew })).toEqual([]);
    const alts = findAlternativePlans(p, s, goal, 3).map((x) => x.actions.map((a) => p.actionNames[a]).join(" > "));
    expect(alts).toHaveLength(2);
    expect(alts).toContain("introduce-predator(grendel) > eat(grendel, granny)");
    expect(alts).toContain("resurrect(fairy, wolf) > eat(wolf, granny)");
    expect(stateFromFacts(p, ["alive(red)"]).length).toBe(p.words);
  });
});

describe("plan cache and compact states", () => {
  it("a repeated query is answered from the cache with the same plan", async () => {
    const { createGoapPlanCache, planGoapCached } = await import("../src/index");
    const p = compileProblem(parseDomain(TAKE));
    const cache = createGoapPlanCache({ capacity: 2 });
    const a = planGoapCached(createPlanResult(), cache, p, p.initial, p.goal);
    const b = planGoapCached(createPlanResult(), cache, p, p.initial, p.goal);
    expect(b.expanded).toBe(0);
    expect(Array.from(b.path.subarray(0, b.length))).toEqual(Array.from(a.path.subarray(0, a.length)));
    expect(b.cost).toBe(a.cost);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
    const other = compileGoal(p, ["holding(c4, o4)"]);
    planGoapCached(createPlanResult(), cache, p, p.initial, other);
    planGoapCached(createPlanResult(), cache, p, p.initial, compileGoal(p, ["holding(c1, o3)"]));
    planGoapCached(createPlanResult(), cache, p, p.initial, p.goal); // evicted (capacity 2)
    expect(cache.misses).toBe(4);
    expect(() => createGoapPlanCache({ capacity: 0 })).toThrow(/capacity/);
  });

  it("compact id arrays round-trip to bitsets", async () => {
    const { stateToIds, stateFromIds } = await import("../src/index");
    const p = compileProblem(parseDomain(TAKE));
    const ids = stateToIds(p, p.initial);
    expect(ids).toBeInstanceOf(Uint8Array);
    expect(ids.length).toBe(9);
    expect(Array.from(stateFromIds(new Uint32Array(p.words), ids))).toEqual(Array.from(p.initial));
  });
});
