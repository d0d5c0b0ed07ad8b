import { createRng } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CspFlags,
  LevelColor,
  addAllDifferent,
  addAtLeast,
  addAtMost,
  addCspVariable,
  addCustomConstraint,
  addEqual,
  addNotEqual,
  assignValue,
  countCspSolutions,
  createCsp,
  createCspSolver,
  createLevelColoringCsp,
  markTrail,
  propagate,
  resetCspSolver,
  restrictDomain,
  rollbackTo,
  solveCsp,
  type Csp,
} from "../src";
import { popcount32 } from "../src/csp/bits";

const [R, G, B, C, M, Y] = [0, 1, 2, 3, 4, 5];
const mask = (...vals: number[]) => vals.reduce((m, v) => m | (1 << v), 0);

describe("constraint solver (chapter 26)", () => {
  it("forward-checking walk-through (L6239–6285): B, R, G, R", () => {
    const csp = createCsp(6);
    const v = [0, 1, 2, 3].map((i) => addCspVariable(csp, { name: `v${i + 1}` }));
    addAllDifferent(csp, [v[0]!, v[1]!, v[2]!]);
    addEqual(csp, [v[1]!, v[3]!]);
    const s = createCspSolver(csp);
    expect(resetCspSolver(s)).toBe(true);
    expect(assignValue(s, 0, B)).toBe(true);
    for (const i of [1, 2, 3]) expect(s.domains[i]! & mask(B)).toBe(0);
    expect(assignValue(s, 1, R)).toBe(true);
    expect(s.domains[3]).toBe(mask(R));
    expect(s.domains[2]! & mask(R, B)).toBe(0);
    expect(s.domains[2]).toBe(mask(G, C, M, Y));
    expect(assignValue(s, 2, G)).toBe(true);
    expect(Array.from(s.domains)).toEqual([mask(B), mask(R), mask(G), mask(R)]);
  });

  it("inconsistency walk-through (L6289–6338): rollback restores domains exactly; the solver finds v4 = v1", () => {
    const csp = createCsp(3);
    for (let i = 0; i < 4; i++) addCspVariable(csp);
    for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) if (!(a === 0 && b === 3)) addNotEqual(csp, a, b);
    const s = createCspSolver(csp);
    resetCspSolver(s);
    expect(assignValue(s, 0, B)).toBe(true);
    const mark = markTrail(s);
    const before = Array.from(s.domains);
    expect(assignValue(s, 3, R)).toBe(false); // v2 and v3 both need the last colour
    rollbackTo(s, mark);
    expect(Array.from(s.domains)).toEqual(before);
    const out = new Int32Array(4);
    expect(solveCsp(out, s)).toBe(CspFlags.Solved);
    expect(out[3]).toBe(out[0]);
  });

  it("AtMost and AtLeast at limit - 1, limit and limit + 1", () => {
    const build = (kind: "most" | "least", limit: number): Csp => {
      const csp = createCsp(2);
      const vars = [0, 1, 2, 3].map(() => addCspVariable(csp));
      if (kind === "most") addAtMost(csp, 1, limit, vars);
      else addAtLeast(csp, 1, limit, vars);
      return csp;
    };
    // Exactly 4 variables over {0,1}: count solutions with at most / at least L ones.
    const binom = [1, 4, 6, 4, 1];
    for (const L of [1, 2, 3]) {
      for (const limit of [L - 1, L, L + 1]) {
        const most = binom.slice(0, limit + 1).reduce((a, b) => a + b, 0);
        const least = binom.slice(limit).reduce((a, b) => a + b, 0);
        expect(countCspSolutions(createCspSolver(build("most", limit)))).toBe(most);
        expect(countCspSolutions(createCspSolver(build("least", limit)))).toBe(least);
      }
    }
    // Propagation: with the limit reached, AtMost removes the value from the rest; AtLeast forces it.
    const s = createCspSolver(build("most", 1));
    resetCspSolver(s);
    expect(assignValue(s, 0, 1)).toBe(true);
    expect(Array.from(s.domains.slice(1))).toEqual([1, 1, 1]);
    const t = createCspSolver(build("least", 4));
    expect(resetCspSolver(t)).toBe(true);
    expect(Array.from(t.domains)).toEqual([2, 2, 2, 2]);
  });

  it("the level example: seeded solutions are valid, reproducible and vary with the seed", () => {
    const csp = createLevelColoringCsp();
    const s = createCspSolver(csp);
    const out = new Int32Array(16);
    const levels = new Set<string>();
    for (let seed = 0; seed < 10; seed++) {
      expect(solveCsp(out, s, { rng: createRng(seed) })).toBe(CspFlags.Solved);
      const lvl = Array.from(out);
      expect(lvl[0]).toBe(lvl[1]);
      expect(new Set([lvl[2], lvl[3], lvl[4]]).size).toBe(3);
      expect(lvl[5]).toBe(LevelColor.Blue);
      expect(lvl[6]).not.toBe(LevelColor.Green);
      for (let y = 0; y < 3; y++)
        for (let x = 0; x < 4; x++) {
          if (x < 3) expect(lvl[y * 4 + x]).not.toBe(lvl[(y + 1) * 4 + x + 1]);
          if (x > 0) expect(lvl[y * 4 + x]).not.toBe(lvl[(y + 1) * 4 + x - 1]);
        }
      for (let c = 0; c < 6; c++) expect(lvl.filter((v) => v === c).length).toBeLessThanOrEqual(4);
      expect(lvl.filter((v) => v === R).length).toBeGreaterThanOrEqual(3);
      levels.add(lvl.join(","));
      const again = new Int32Array(16);
      solveCsp(again, s, { rng: createRng(seed) });
      expect(Array.from(again)).toEqual(lvl);
    }
    expect(levels.size).toBeGreaterThan(5);
  });

  it("unsatisfiable problems return a clear result; budgets stop hard ones", () => {
    // Pigeonhole: 7 variables all different over 6 values.
    const csp = createCsp(6);
    const vars = Array.from({ length: 7 }, () => addCspVariable(csp));
    addAllDifferent(csp, vars);
    const out = new Int32Array(7);
    expect(solveCsp(out, createCspSolver(csp))).toBe(CspFlags.Unsatisfiable);
    // Pairwise NotEqual hides the pigeonhole from propagation: the search must prove it, or hit the budget.
    const hard = createCsp(6);
    const hv = Array.from({ length: 9 }, () => addCspVariable(hard));
    for (let a = 0; a < 9; a++) for (let b = a + 1; b < 9; b++) addNotEqual(hard, a, b);
    const hs = createCspSolver(hard);
    expect(solveCsp(new Int32Array(9), hs, { maxAssignments: 500 })).toBe(CspFlags.BudgetExhausted);
    expect(hv.length).toBe(9);
  });

  it("custom constraints: sum of two variables is even", () => {
    const csp = createCsp(4);
    const a = addCspVariable(csp);
    const b = addCspVariable(csp, { name: "b", values: [1, 2] });
    addCustomConstraint(csp, [a, b], (s, [x, y]) => {
      const dx = s.domains[x!]!;
      const dy = s.domains[y!]!;
      // Values of each parity still possible.
      const evens = 0b0101;
      const odds = 0b1010;
      const allowX = (dy & evens ? evens : 0) | (dy & odds ? odds : 0);
      const allowY = (dx & evens ? evens : 0) | (dx & odds ? odds : 0);
      return restrictDomain(s, x!, allowX) && restrictDomain(s, y!, allowY);
    });
    expect(countCspSolutions(createCspSolver(csp))).toBe(4);
    const s = createCspSolver(csp);
    resetCspSolver(s);
    expect(assignValue(s, b, 1)).toBe(true);
    expect(s.domains[a]).toBe(0b1010);
    expect(propagate(s)).toBe(true);
  });

  it("property: rollback restores every domain; solution counts do not depend on the value order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(5), fc.nat(3)), { maxLength: 6 }),
        fc.nat(),
        (k, pairs, assigns, seed) => {
          const csp = createCsp(k);
          for (let i = 0; i < 6; i++) addCspVariable(csp);
          for (const [a, b] of pairs) if (a !== b) addNotEqual(csp, a, b);
          const s = createCspSolver(csp);
          if (!resetCspSolver(s)) return;
          const start = Array.from(s.domains);
          const mark = markTrail(s);
          for (const [v, val] of assigns) if (!assignValue(s, v, val % k)) break;
          rollbackTo(s, mark);
          expect(Array.from(s.domains)).toEqual(start);
          const total = countCspSolutions(s);
          // Brute force over k^6.
          let brute = 0;
          for (let x = 0; x < k ** 6; x++) {
            const vals = Array.from({ length: 6 }, (_, i) => Math.floor(x / k ** i) % k);
            if (pairs.every(([a, b]) => a === b || vals[a] !== vals[b])) brute++;
          }
          expect(total).toBe(brute);
          const out = new Int32Array(6);
          const flags = solveCsp(out, s, { rng: createRng(seed) });
          expect(flags).toBe(brute > 0 ? CspFlags.Solved : CspFlags.Unsatisfiable);
          expect(popcount32(0xffffffff)).toBe(32);
        },
      ),
      { numRuns: 80 },
    );
  });
});
