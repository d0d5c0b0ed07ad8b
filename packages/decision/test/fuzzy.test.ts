import { describe, expect, it } from "vitest";
import {
  createFuzzyState,
  createFuzzySystem,
  defuzzify,
  evaluateFuzzy,
  fuzzify,
  getFuzzyMembership,
  inferFuzzy,
  validateFuzzySystem,
  type FuzzySystemDefinition,
} from "../src/index";
import { weaponDesirability } from "./fuzzy-weapon";

describe("fuzzy sets and operators", () => {
  const def: FuzzySystemDefinition = {
    version: 1,
    variables: {
      x: {
        sets: {
          tri: { type: "triangle", points: [0, 5, 10] },
          trap: { type: "trapezoid", points: [0, 2, 4, 6] },
          ls: { type: "leftShoulder", points: [0, 2, 6] },
          rs: { type: "rightShoulder", points: [4, 8, 10] },
          one: { type: "singleton", points: [3] },
        },
      },
      y: { sets: { lo: { type: "leftShoulder", points: [0, 0, 10] }, hi: { type: "rightShoulder", points: [0, 10, 10] } } },
    },
    rules: [
      {
        if: {
          and: [
            { var: "x", is: "tri" },
            { var: "x", is: "trap" },
          ],
        },
        then: { var: "y", is: "lo" },
      },
      { if: { or: [{ very: { var: "x", is: "ls" } }, { fairly: { var: "x", is: "rs" } }] }, then: { var: "y", is: "hi" } },
      { if: { not: { var: "x", is: "one" } }, then: { var: "y", is: "hi" }, weight: 0.5 },
    ],
  };
  const sys = createFuzzySystem(def);
  const st = createFuzzyState(sys);
  it("memberships of every shape", () => {
    const m = (set: number, x: number) => getFuzzyMembership(sys, set, x);
    expect([m(0, 2.5), m(0, 5), m(0, 7.5), m(0, 10)]).toEqual([0.5, 1, 0.5, 0]);
    expect([m(1, 1), m(1, 3), m(1, 5), m(1, 7)]).toEqual([0.5, 1, 0.5, 0]);
    expect([m(2, 1), m(2, 4), m(2, 6)]).toEqual([1, 0.5, 0]);
    expect([m(3, 4), m(3, 6), m(3, 9)]).toEqual([0, 0.5, 1]);
    expect([m(4, 3), m(4, 3.1)]).toEqual([1, 0]);
  });
  it("AND = min, OR = max, NOT, very, fairly, weights", () => {
    fuzzify(st, sys, "x", 5); // tri 1, trap 0.5, ls 0.25, rs 0.25, one 0
    inferFuzzy(st, sys);
    expect(st.ruleStrength[0]).toBe(0.5);
    expect(st.ruleStrength[1]).toBe(0.5); // max(0.25², √0.25)
    expect(st.ruleStrength[2]).toBe(0.5); // (1 − 0) × 0.5
    expect(st.dom[5]).toBe(0.5);
    expect(st.dom[6]).toBe(0.5);
    // symmetric output: centroid and mean of maximum in the middle
    expect(defuzzify(st, sys, "y", { method: "centroid" })).toBeCloseTo(5, 9);
    expect(defuzzify(st, sys, "y", { method: "meanOfMaximum" })).toBeCloseTo(5, 9);
    expect(defuzzify(st, sys, "y", { method: "maxAverage" })).toBeCloseTo(5, 9);
  });
  it("clamps inputs into the range and returns 0 when nothing fires", () => {
    fuzzify(st, sys, "x", 1e9);
    expect(st.dom[3]).toBe(1);
    const quiet = createFuzzySystem({
      version: 1,
      variables: { a: { sets: { s: { type: "triangle", points: [0, 1, 2] } } }, b: { sets: { t: { type: "triangle", points: [0, 1, 2] } } } },
      rules: [{ if: { var: "a", is: "s" }, then: { var: "b", is: "t" } }],
    });
    expect(evaluateFuzzy(quiet, { a: 5 }, "b")).toBe(0);
  });
  it("validates by JSON path", () => {
    const paths = validateFuzzySystem({
      version: 1,
      variables: { a: { sets: { s: { type: "triangle", points: [0, 2, 1] } } }, b: { sets: { t: { type: "blob", points: [] } } } },
      rules: [
        { if: { var: "a", is: "zz" }, then: { var: "b", is: "t" } },
        { if: { and: [] }, then: { var: "q", is: "t" } },
      ],
      fams: [{ inputs: ["a", "b"], output: "b", table: [["x"]] }],
    }).map((i) => i.path);
    expect(paths).toEqual([
      "$.variables.a.sets.s.points[2]",
      "$.variables.b.sets.t.type",
      "$.rules[0].if.is",
      "$.rules[1].if.and",
      "$.rules[1].then.var",
      "$.fams[0].table[0][0]",
      "$.variables.b",
    ]);
  });
});

describe("defuzzification against hand-computed values", () => {
  // Output z on [0, 10]: lo = left shoulder (1 at 0 → 0 at 10), hi = right shoulder (0 at 0 → 1 at 10).
  // Inputs a, b each have one triangle [0, 1, 2]; a = 0.2 gives degree 0.2, b = 0.5 gives 0.5.
  // Rules: a is s → z is lo (strength 0.2); b is s → z is hi (strength 0.5).
  const sys = createFuzzySystem({
    version: 1,
    variables: {
      a: { sets: { s: { type: "triangle", points: [0, 1, 2] } } },
      b: { sets: { s: { type: "triangle", points: [0, 1, 2] } } },
      z: { sets: { lo: { type: "leftShoulder", points: [0, 0, 10] }, hi: { type: "rightShoulder", points: [0, 10, 10] } } },
    },
    rules: [
      { if: { var: "a", is: "s" }, then: { var: "z", is: "lo" } },
      { if: { var: "b", is: "s" }, then: { var: "z", is: "hi" } },
    ],
  });
  const st = createFuzzyState(sys);
  fuzzify(st, sys, "a", 0.2);
  fuzzify(st, sys, "b", 0.5);
  inferFuzzy(st, sys);

  it("centroid clips each set at its strength (min), then takes the max", () => {
    // 11 samples x = 0..10: μ(x) = max(min(0.2, 1 − x/10), min(0.5, x/10))
    //   = 0.2, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5
    // Σμ = 4.3, Σxμ = 0 + 0.2 + 0.4 + 0.9 + 1.6 + 0.5·(5+6+7+8+9+10) = 25.6 → 25.6 / 4.3.
    // (Scaling each set by its strength instead of clipping gives 6.2102; one set alone, 6.375 vs 7.)
    expect(defuzzify(st, sys, "z", { method: "centroid", samples: 11 })).toBeCloseTo(25.6 / 4.3, 12);
  });

  it("mean of maximum averages the sample points at the top plateau", () => {
    // μ = 0.5 at x = 5, 6, …, 10 → 7.5.
    expect(defuzzify(st, sys, "z", { method: "meanOfMaximum", samples: 11 })).toBeCloseTo(7.5, 12);
  });

  it("one clipped set: 6.375, not the 7 a product (scaled) set gives", () => {
    const one = createFuzzySystem({
      version: 1,
      variables: { b: { sets: { s: { type: "triangle", points: [0, 1, 2] } } }, z: { sets: { hi: { type: "rightShoulder", points: [0, 10, 10] } } } },
      rules: [{ if: { var: "b", is: "s" }, then: { var: "z", is: "hi" } }],
    });
    // μ = 0, 0.1, 0.2, 0.3, 0.4, 0.5 × 6: Σμ = 4, Σxμ = 3 + 22.5 = 25.5 → 6.375.
    expect(evaluateFuzzy(one, { b: 0.5 }, "z", { method: "centroid", samples: 11 })).toBeCloseTo(6.375, 12);
  });

  it("rejects a bad method or sample count with a TacticaError", () => {
    expect(() => defuzzify(st, sys, "z", { method: "middle" as never })).toThrow(/options\.method/);
    expect(() => defuzzify(st, sys, "z", { samples: 1 })).toThrow(/options\.samples/);
  });
});

describe("weapon desirability (Buckland) through a FAM", () => {
  const sys = createFuzzySystem(weaponDesirability);
  it("close targets are undesirable, medium with ammo very desirable", () => {
    expect(evaluateFuzzy(sys, { distance: 10, ammo: 50 }, "desirability", { method: "maxAverage" })).toBeCloseTo(12.5, 9);
    expect(evaluateFuzzy(sys, { distance: 150, ammo: 50 }, "desirability", { method: "maxAverage" })).toBeCloseTo(87.5, 9);
    const c = evaluateFuzzy(sys, { distance: 200, ammo: 8 }, "desirability", { method: "centroid" });
    expect(c).toBeGreaterThan(25);
    expect(c).toBeLessThan(75);
  });
});
