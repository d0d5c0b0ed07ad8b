import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PathFlags } from "@tactica/search";
import { compileGoal, compileProblem, createLiftedPlanner, createPlanResult, parseDomain, planBfs, planLiftedBfs } from "../src/index";
import { arbDomain, RED, TAKE } from "./fixtures";

const BOXES = (n: number, goal: number) => {
  const names = Array.from({ length: n }, (_, i) => `box-${i + 1}`);
  return `(:objects (room r1, r2) (box ${names.join(", ")}))
(:action move :parameters (room ?a, room ?b) :preconditions (robot(?a)) :effects (not robot(?a) and robot(?b)))
(:action pick :parameters (box ?x, room ?r) :preconditions (robot(?r) and in(?x, ?r) and free) :effects (not in(?x, ?r) and not free and holding(?x)))
(:action drop :parameters (box ?x, room ?r) :preconditions (robot(?r) and holding(?x)) :effects (in(?x, ?r) and free and not holding(?x)))
(:initial (robot(r1) and free and ${names.map((x) => `in(${x}, r1)`).join(" and ")}))
(:goal (${names
    .slice(0, goal)
    .map((x) => `in(${x}, r2)`)
    .join(" and ")}))`;
};

describe("lifted BFS (chapter 13)", () => {
  it("agrees with the grounded BFS on Take, the box suites and random domains", () => {
    for (const text of [TAKE, BOXES(4, 1), BOXES(3, 3)]) {
      const p = compileProblem(parseDomain(text));
      const a = planBfs(createPlanResult({ capacity: 64 }), p, p.initial, p.goal);
      const b = planLiftedBfs(createPlanResult({ capacity: 64 }), createLiftedPlanner(p), p.initial, p.goal);
      expect(b.flags).toBe(a.flags);
      expect(b.length).toBe(a.length);
      expect(b.expanded).toBe(a.expanded);
    }
    fc.assert(
      fc.property(arbDomain(5, 6), (d) => {
        const p = compileProblem(d);
        const a = planBfs(createPlanResult({ capacity: 64 }), p, p.initial, p.goal);
        const b = planLiftedBfs(createPlanResult({ capacity: 64 }), createLiftedPlanner(p), p.initial, p.goal);
        expect(b.flags).toBe(a.flags);
        expect(b.length).toBe(a.length);
      }),
      { numRuns: 100 },
    );
  });

  it("respects types, forbidden actions and budgets", () => {
    const p = compileProblem(parseDomain(TAKE));
    const lifted = createLiftedPlanner(p);
    const goal = compileGoal(p, ["holding(c4, o4)"]);
    const forbidden = new Uint8Array(p.actionCount);
    forbidden[p.actionIndex["Take(loc3, c4, o4)"]!] = 1;
    expect(planLiftedBfs(createPlanResult(), lifted, p.initial, goal).length).toBe(1);
    expect(planLiftedBfs(createPlanResult(), lifted, p.initial, goal, { forbidden }).flags).toBe(PathFlags.NoPath);
    expect(planLiftedBfs(createPlanResult(), lifted, p.initial, p.goal, { maxExpansions: 1 }).flags).toBe(PathFlags.BudgetExhausted);
  });

  it("binds parameters that occur in no positive precondition from their type (chapter 42's domain)", () => {
    const p = compileProblem(parseDomain(RED));
    const a = planBfs(createPlanResult(), p, p.initial, p.goal);
    const b = planLiftedBfs(createPlanResult(), createLiftedPlanner(p), p.initial, p.goal);
    expect(b.length).toBe(a.length);
    expect(b.expanded).toBe(a.expanded);
  });

  it("refuses actions with constants (the layout holds parameter indices)", () => {
    const p = compileProblem(parseDomain("(:objects (room a)) (:action go :preconditions (at(a)) :effects (not at(a)))"));
    expect(() => createLiftedPlanner(p)).toThrow(/not a parameter/);
  });
});
