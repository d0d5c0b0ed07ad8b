import { createRng } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CspFlags,
  addAllDifferent,
  addAtLeast,
  addAtMost,
  addCspVariable,
  addCustomConstraint,
  addEqual,
  addFixed,
  addForbidden,
  addNotEqual,
  assignValue,
  countCspSolutions,
  createCsp,
  createCspSolver,
  domainHas,
  domainMin,
  domainSize,
  markTrail,
  removeValue,
  resetCspSolver,
  restrictDomain,
  rollbackTo,
  solveCsp,
} from "../src";

describe("CSP domains of more than 32 values (multi-word bitsets)", () => {
  it("AllDifferent over 40 variables with 100 values plus Equal / NotEqual / Fixed / Forbidden / AtMost / AtLeast", () => {
    const csp = createCsp(100);
    expect(csp.words).toBe(4);
    const main = Array.from({ length: 40 }, (_, i) => addCspVariable(csp, { name: `m${i}` }));
    const extra = [0, 1, 2, 3, 4].map((i) => addCspVariable(csp, { name: `x${i}` }));
    addAllDifferent(csp, main);
    for (let i = 0; i < 40; i++) {
      addForbidden(csp, i, i);
      addForbidden(csp, i, i + 50);
      addForbidden(csp, i, 99 - i);
    }
    addFixed(csp, 3, 77);
    addEqual(csp, [extra[0]!, 5]);
    addEqual(csp, [extra[1]!, extra[2]!]);
    addNotEqual(csp, extra[1]!, 0);
    addAtLeast(csp, 99, 2, extra);
    addAtMost(csp, 64, 0, main);
    const check = (a: ArrayLike<number>): void => {
      const m = Array.from(a).slice(0, 40);
      expect(new Set(m).size).toBe(40);
      m.forEach((x, i) => {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(100);
        expect([i, i + 50, 99 - i]).not.toContain(x);
        expect(x).not.toBe(64);
      });
      expect(a[3]).toBe(77);
      expect(a[40]).toBe(a[5]);
      expect(a[41]).toBe(a[42]);
      expect(a[41]).not.toBe(a[0]);
      expect([41, 42, 43, 44].filter((v) => a[v] === 99).length).toBeGreaterThanOrEqual(2);
    };
    const s = createCspSolver(csp);
    const out = new Int32Array(45);
    expect(solveCsp(out, s)).toBe(CspFlags.Solved);
    check(out);
    const seen = new Set<string>();
    for (const seed of [1, 2, 3, 4]) {
      expect(solveCsp(out, s, { rng: createRng(seed) })).toBe(CspFlags.Solved);
      check(out);
      const again = new Int32Array(45);
      solveCsp(again, s, { rng: createRng(seed) });
      expect(Array.from(again)).toEqual(Array.from(out));
      seen.add(out.join(","));
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it("pigeonhole: 101 variables all different over 100 values is unsatisfiable; 100 are solvable", () => {
    for (const n of [100, 101]) {
      const csp = createCsp(100);
      const vars = Array.from({ length: n }, () => addCspVariable(csp));
      addAllDifferent(csp, vars);
      const out = new Int32Array(n);
      const flags = solveCsp(out, createCspSolver(csp));
      expect(flags).toBe(n === 100 ? CspFlags.Solved : CspFlags.Unsatisfiable);
      if (n === 100) expect(new Set(out).size).toBe(100);
    }
  });

  it("domain helpers, custom constraints and the one-word-only restrictDomain", () => {
    const csp = createCsp(70);
    const a = addCspVariable(csp, { name: "a", values: [1, 33, 64, 69] });
    const b = addCspVariable(csp);
    // b = a + 1 (a custom propagator on wide domains).
    addCustomConstraint(csp, [a, b], (s, [x, y]) => {
      for (let v = 0; v < 70; v++) {
        if (domainHas(s, y!, v) && !(v > 0 && domainHas(s, x!, v - 1)) && !removeValue(s, y!, v)) return false;
        if (domainHas(s, x!, v) && !(v < 69 && domainHas(s, y!, v + 1)) && !removeValue(s, x!, v)) return false;
      }
      return true;
    });
    const s = createCspSolver(csp);
    expect(resetCspSolver(s)).toBe(true);
    expect(domainSize(s, a)).toBe(3); // 69 has no successor
    expect(domainSize(s, b)).toBe(3);
    expect(domainMin(s, b)).toBe(2);
    expect(countCspSolutions(s)).toBe(3);
    resetCspSolver(s);
    const mark = markTrail(s);
    expect(assignValue(s, a, 64)).toBe(true);
    expect(domainMin(s, b)).toBe(65);
    expect(domainSize(s, b)).toBe(1);
    rollbackTo(s, mark);
    expect(domainSize(s, b)).toBe(3);
    expect(() => restrictDomain(s, a, 1)).toThrow(/restrictDomainWords/);
  });

  it("property: counts equal brute force over 3 variables with 33–60 values; rollback restores domains", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 33, max: 60 }),
        fc.array(fc.tuple(fc.nat(2), fc.nat(2)), { maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(2), fc.nat(59)), { minLength: 5, maxLength: 30, size: "max" }),
        fc.option(fc.tuple(fc.nat(2), fc.nat(2))),
        fc.tuple(fc.nat(59), fc.nat(2), fc.boolean()),
        fc.nat(),
        (k, neq, forbid, eq, [cv, climit, most], seed) => {
          const csp = createCsp(k);
          for (let i = 0; i < 3; i++) addCspVariable(csp);
          for (const [a, b] of neq) if (a !== b) addNotEqual(csp, a, b);
          for (const [v, x] of forbid) addForbidden(csp, v, x % k);
          if (eq !== null && eq[0] !== eq[1]) addEqual(csp, [eq[0], eq[1]]);
          const value = cv % k;
          if (most) addAtMost(csp, value, climit, [0, 1, 2]);
          else addAtLeast(csp, value, climit, [0, 1, 2]);
          let brute = 0;
          for (let x = 0; x < k; x++)
            for (let y = 0; y < k; y++)
              for (let z = 0; z < k; z++) {
                const vals = [x, y, z];
                if (forbid.some(([v, f]) => vals[v] === f % k)) continue;
                if (neq.some(([a, b]) => a !== b && vals[a] === vals[b])) continue;
                if (eq !== null && eq[0] !== eq[1] && vals[eq[0]] !== vals[eq[1]]) continue;
                const c = vals.filter((t) => t === value).length;
                if (most ? c > climit : c < climit) continue;
                brute++;
              }
          const s = createCspSolver(csp);
          expect(countCspSolutions(s)).toBe(brute);
          const out = new Int32Array(3);
          expect(solveCsp(out, s, { rng: createRng(seed) })).toBe(brute > 0 ? CspFlags.Solved : CspFlags.Unsatisfiable);
          if (resetCspSolver(s)) {
            const start = Array.from(s.domains);
            const mark = markTrail(s);
            if (assignValue(s, 0, seed % k)) assignValue(s, 1, (seed >>> 3) % k);
            rollbackTo(s, mark);
            expect(Array.from(s.domains)).toEqual(start);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
