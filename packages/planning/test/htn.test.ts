import { describe, expect, it } from "vitest";
import { isTacticaError } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import {
  compileHtn,
  compileProblem,
  createHtnResult,
  parseDomain,
  planHtn,
  planHtnInto,
  replanHtn,
  stateFromFacts,
  type HtnMethod,
  type HtnResult,
} from "../src/index";

const TOWN = parseDomain(`
(:objects (place home, shop) (vehicle taxi))
(:action walk :parameters (place ?a, place ?b) :preconditions (at(?a) and near(?a, ?b)) :effects (not at(?a) and at(?b)))
(:action call :parameters (vehicle ?v, place ?a) :preconditions (at(?a) and has-money) :effects (waiting(?v, ?a)))
(:action ride :parameters (vehicle ?v, place ?a, place ?b) :preconditions (at(?a) and waiting(?v, ?a) and has-money) :effects (not at(?a) and at(?b) and not waiting(?v, ?a) and not has-money))
(:action buy-cash :parameters (place ?p) :preconditions (at(?p) and shop(?p) and has-money) :effects (has-goods and not has-money))
(:action buy-card :parameters (place ?p) :preconditions (at(?p) and shop(?p) and has-card) :effects (has-goods))
(:initial (at(home) and near(home, shop) and has-money and shop(shop)))
`);

export const TOWN_METHODS: HtnMethod[] = [
  { name: "errand", task: "errand(?a, ?b)", subtasks: ["travel(?a, ?b)", "pay(?b)"] },
  { name: "by-taxi", task: "travel(?a, ?b)", preconditions: ["has-money"], subtasks: ["call(taxi, ?a)", "ride(taxi, ?a, ?b)"] },
  { name: "by-foot", task: "travel(?a, ?b)", preconditions: ["near(?a, ?b)"], subtasks: ["walk(?a, ?b)"] },
  { name: "cash", task: "pay(?p)", preconditions: ["has-money"], subtasks: ["buy-cash(?p)"] },
  { name: "card", task: "pay(?p)", preconditions: ["has-card"], subtasks: ["buy-card(?p)"] },
];

const p = compileProblem(TOWN);
const htn = compileHtn(p, TOWN_METHODS);
const names = (plan: number[]) => plan.map((a) => p.actionNames[a]);

describe("HTN", () => {
  it("decomposes depth first and backtracks when a later primitive fails", () => {
    const r = planHtn(htn, p.initial, ["errand(home, shop)"]);
    expect(r.flags).toBe(PathFlags.Found);
    // The taxi spends the money, so paying fails; the planner backtracks to walking.
    expect(names(r.plan)).toEqual(["walk(home, shop)", "buy-cash(shop)"]);
    expect(r.trace.map((n) => `${"  ".repeat(n.depth)}${n.task}${n.method ? ` [${n.method}]` : ""}`)).toEqual([
      "errand(home, shop) [errand]",
      "  travel(home, shop) [by-foot]",
      "    walk(home, shop)",
      "  pay(shop) [cash]",
      "    buy-cash(shop)",
    ]);
    expect(r.trace[2]!.parent).toBe(1);
    expect(r.trace[2]!.step).toBe(0);
  });

  it("replans from the failed task only", () => {
    const first = planHtn(htn, stateFromFacts(p, ["at(home)", "near(home, shop)", "has-money", "has-card", "shop(shop)"]), ["errand(home, shop)"]);
    expect(names(first.plan)).toEqual(["call(taxi, home)", "ride(taxi, home, shop)", "buy-card(shop)"]);
    // The taxi never comes (step 1 fails) and the money is gone: re-decompose travel(home, shop).
    const now = stateFromFacts(p, ["at(home)", "near(home, shop)", "has-card", "shop(shop)"]);
    const again = replanHtn(htn, now, first, 1);
    expect(again.flags).toBe(PathFlags.Found);
    expect(again.replannedTask).toBe("travel(home, shop)");
    expect(names(again.plan)).toEqual(["walk(home, shop)", "buy-card(shop)"]);
    const stuck = replanHtn(htn, stateFromFacts(p, ["at(home)", "shop(shop)"]), first, 1);
    expect(stuck.flags).toBe(PathFlags.NoPath);
  });

  it("a replan's trace is self-contained: parents index the same trace and every step's chain reaches its root", () => {
    const first = planHtn(htn, stateFromFacts(p, ["at(home)", "near(home, shop)", "has-money", "has-card", "shop(shop)"]), ["errand(home, shop)"]);
    const now = stateFromFacts(p, ["at(home)", "near(home, shop)", "has-card", "shop(shop)"]);
    const again = replanHtn(htn, now, first, 1);
    expect(again.replannedTask).toBe("travel(home, shop)");
    const check = (r: typeof again) => {
      r.trace.forEach((n, i) => {
        expect(n.parent === -1 || (Number.isInteger(n.parent) && n.parent >= 0 && n.parent < i), `trace[${i}].parent ${n.parent}`).toBe(true);
        expect(n.depth, `trace[${i}].depth`).toBe(n.parent === -1 ? 0 : r.trace[n.parent]!.depth + 1);
      });
      const chains = r.plan.map((_, s) => {
        const at = r.trace.findIndex((n) => n.step === s);
        expect(at, `step ${s} in the trace`).toBeGreaterThanOrEqual(0);
        const chain: string[] = [];
        for (let k = at, hops = 0; k !== -1; k = r.trace[k]!.parent, hops++) {
          expect(hops).toBeLessThan(r.trace.length);
          chain.push(r.trace[k]!.task);
        }
        return chain.reverse().join(" > ");
      });
      return chains;
    };
    expect(check(again)).toEqual(["errand(home, shop) > travel(home, shop) > walk(home, shop)", "errand(home, shop) > pay(shop) > buy-card(shop)"]);
    expect(again.trace.map((n) => `${"  ".repeat(n.depth)}${n.task}${n.method ? ` [${n.method}]` : ""}`)).toEqual([
      "errand(home, shop) [errand]",
      "  travel(home, shop) [by-foot]",
      "    walk(home, shop)",
      "  pay(shop) [card]",
      "    buy-card(shop)",
    ]);
    // A replan of the replan stays consistent too (its continuations point into its own trace).
    const twice = replanHtn(htn, stateFromFacts(p, ["at(home)", "near(home, shop)", "has-card", "shop(shop)"]), again, 0);
    expect(twice.flags).toBe(PathFlags.Found);
    expect(twice.replannedTask).toBe("travel(home, shop)");
    expect(check(twice)).toEqual(["errand(home, shop) > travel(home, shop) > walk(home, shop)", "errand(home, shop) > pay(shop) > buy-card(shop)"]);
    // Two roots: the replanned task's ancestor sits at index 6 of the previous trace but 0 of the new one.
    const two = ["errand(home, shop)", "errand(shop, home)"];
    const all = ["at(home)", "near(home, shop)", "near(shop, home)", "has-money", "has-card", "shop(shop)", "shop(home)"];
    const long = planHtn(htn, stateFromFacts(p, all), two);
    expect(names(long.plan)).toEqual(["call(taxi, home)", "ride(taxi, home, shop)", "buy-card(shop)", "walk(shop, home)", "buy-card(home)"]);
    // The path back is closed (step 3 fails), but money turned up: take a taxi.
    const late = replanHtn(htn, stateFromFacts(p, ["at(shop)", "has-money", "has-card", "shop(home)"]), long, 3);
    expect(late.replannedTask).toBe("travel(shop, home)");
    expect(check(late)).toEqual([
      "errand(shop, home) > travel(shop, home) > call(taxi, shop)",
      "errand(shop, home) > travel(shop, home) > ride(taxi, shop, home)",
      "errand(shop, home) > pay(home) > buy-card(home)",
    ]);
  });

  it("reports no plan and budgets with flags", () => {
    expect(planHtn(htn, stateFromFacts(p, ["at(home)"]), ["errand(home, shop)"]).flags).toBe(PathFlags.NoPath);
    const b = planHtn(htn, p.initial, ["errand(home, shop)"], { maxNodes: 3 });
    expect(b.flags).toBe(PathFlags.BudgetExhausted | PathFlags.Partial);
    const deep = compileHtn(p, [{ name: "loop", task: "forever(?a)", subtasks: ["forever(?a)"] }]);
    const d = planHtn(deep, p.initial, ["forever(home)"], { maxDepth: 10 });
    expect(d.flags).toBe(PathFlags.NoPath | PathFlags.Partial);
  });

  it("partial-order methods (experimental) try other subtask orders", () => {
    const methods: HtnMethod[] = [...TOWN_METHODS, { name: "any-order", task: "shop-and-go(?a, ?b)", ordered: false, subtasks: ["pay(?b)", "travel(?a, ?b)"] }];
    const h = compileHtn(p, methods);
    expect(planHtn(h, p.initial, ["shop-and-go(home, shop)"]).flags).toBe(PathFlags.NoPath);
    const r = planHtn(h, p.initial, ["shop-and-go(home, shop)"], { partialOrder: true });
    expect(names(r.plan)).toEqual(["walk(home, shop)", "buy-cash(shop)"]);
  });

  it("rejects unknown tasks, parameters, arity mismatches and methods without subtasks", () => {
    const err = (m: HtnMethod[]) => {
      try {
        compileHtn(p, m);
      } catch (e) {
        if (isTacticaError(e)) return `${e.code} ${e.path} ${e.message}`;
      }
      return "no error";
    };
    expect(err([{ name: "x", task: "t(?a)", subtasks: ["fly(?a)"] }])).toMatch(/PLANNING_DOMAIN methods\[0\]\.subtasks\[0\] .*unknown task "fly"/);
    expect(err([{ name: "x", task: "t(?a)", subtasks: ["walk(?a, ?z)"] }])).toMatch(/unknown parameter "\?z"/);
    expect(err([{ name: "x", task: "t(?a)", subtasks: ["walk(?a)"] }])).toMatch(/arity mismatch/);
    expect(err([{ name: "x", task: "t(?a)", subtasks: [] }])).toMatch(/no subtasks/);
    expect(err([{ name: "x", task: "t(?a)", preconditions: ["flying(?a)"], subtasks: ["t(?a)"] }])).toMatch(/unknown predicate/);
    expect(() => planHtn(htn, p.initial, ["nothing()"])).toThrow(/unknown task/);
  });
});

describe("HTN into a caller-owned result (level 1)", () => {
  const plain = (r: HtnResult) => ({ flags: r.flags, plan: [...r.plan], trace: r.trace.map((n) => ({ ...n })), expanded: r.expanded });
  const states = [
    p.initial,
    stateFromFacts(p, ["at(home)", "near(home, shop)", "has-card", "shop(shop)"]),
    stateFromFacts(p, ["at(home)"]),
    stateFromFacts(p, ["at(home)", "has-money", "has-card", "shop(shop)"]),
  ];

  it("a reused buffer answers exactly like fresh planHtn calls, in any order and size", () => {
    const out = createHtnResult();
    // Two roots with backtracking (the taxi spends the money): the second root's agenda cell must survive it.
    planHtnInto(out, htn, stateFromFacts(p, ["at(home)", "near(home, shop)", "near(shop, home)", "has-money", "shop(shop)"]), [
      "errand(home, shop)",
      "travel(shop, home)",
    ]);
    expect(names(out.plan)).toEqual(["walk(home, shop)", "buy-cash(shop)", "walk(shop, home)"]);
    const tasks = [["errand(home, shop)"], ["errand(home, shop)", "errand(shop, home)"], ["pay(shop)"], ["travel(home, shop)"]];
    for (let round = 0; round < 3; round++) {
      for (const st of states) {
        for (const t of tasks) {
          const fresh = planHtn(htn, st, t, { maxNodes: 50 + round * 20 });
          expect(planHtnInto(out, htn, st, t, { maxNodes: 50 + round * 20 })).toBe(out);
          expect(plain(out)).toEqual(plain(fresh));
        }
      }
    }
  });

  it("replanning a buffered result stays valid after the buffer is reused", () => {
    const out = createHtnResult();
    planHtnInto(out, htn, stateFromFacts(p, ["at(home)", "near(home, shop)", "has-money", "has-card", "shop(shop)"]), ["errand(home, shop)"]);
    const fresh = planHtn(htn, stateFromFacts(p, ["at(home)", "near(home, shop)", "has-money", "has-card", "shop(shop)"]), ["errand(home, shop)"]);
    const now = stateFromFacts(p, ["at(shop)", "has-card", "shop(shop)"]);
    const again = replanHtn(htn, now, out, 1);
    expect(plain(again)).toEqual(plain(replanHtn(htn, now, fresh, 1)));
    const before = plain(again);
    for (const st of states) planHtnInto(out, htn, st, ["errand(home, shop)", "errand(shop, home)"]);
    expect(plain(again)).toEqual(before);
  });

  it("a replan of a buffered plan keeps its own continuations (the buffer's pooled tasks are copied)", () => {
    const rich = ["at(home)", "near(home, shop)", "near(shop, home)", "has-money", "has-card", "shop(shop)", "shop(home)"];
    const tasks = ["errand(home, shop)", "errand(shop, home)"];
    const out = createHtnResult();
    planHtnInto(out, htn, stateFromFacts(p, rich), tasks);
    const fresh = planHtn(htn, stateFromFacts(p, rich), tasks);
    expect(plain(out)).toEqual(plain(fresh));
    // Step 0 failed: the travel is decomposed again; the kept continuation holds pay(shop) and the second errand.
    const now = stateFromFacts(
      p,
      rich.filter((f) => f !== "has-money"),
    );
    const again = replanHtn(htn, now, out, 0);
    const againFresh = replanHtn(htn, now, fresh, 0);
    expect(plain(again)).toEqual(plain(againFresh));
    // Reuse the buffer with other tasks (its pooled tasks are overwritten), then replan from `again`.
    // White box: no task object of the replan's continuations lives in the buffer's task pool.
    const pooled = new Set((out.pool as { tasks: unknown[] }).tasks);
    for (let c of again.continuations as ({ task: unknown; next: unknown } | null)[])
      for (; c !== null; c = c.next as typeof c) expect(pooled.has(c.task)).toBe(false);
    for (const st of states) planHtnInto(out, htn, st, ["travel(shop, home)", "pay(home)", "travel(home, shop)"]);
    for (const step of again.trace.filter((n) => n.step >= 0).map((n) => n.step)) {
      const later = stateFromFacts(p, ["at(shop)", "near(shop, home)", "has-card", "shop(home)", "shop(shop)"]);
      expect(plain(replanHtn(htn, later, again, step))).toEqual(plain(replanHtn(htn, later, againFresh, step)));
    }
  });

  it("rejects a buffer that createHtnResult did not make, and bad tasks, before touching the buffer", () => {
    expect(() => planHtnInto({} as HtnResult, htn, p.initial, ["errand(home, shop)"])).toThrow(/createHtnResult/);
    const out = planHtnInto(createHtnResult(), htn, p.initial, ["errand(home, shop)"]);
    const before = plain(out);
    expect(() => planHtnInto(out, htn, p.initial, ["errand(home, shop)", "nothing()"])).toThrow(/unknown task/);
    expect(plain(out)).toEqual(before);
  });
});
