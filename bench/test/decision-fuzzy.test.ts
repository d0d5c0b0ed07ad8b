// Cross-check of @tactica/decision's fuzzy logic against Yuka's FuzzyModule (Buckland's design):
// the same rocket-launcher desirability, max-average defuzzification, over a grid of inputs.
import { createFuzzySystem, evaluateFuzzy } from "@tactica/decision";
import { describe, expect, it } from "vitest";
import * as yuka from "yuka";
import { weaponDesirability } from "../../packages/decision/test/fuzzy-weapon";

// Yuka ships no types for its fuzzy module: the few members used here.
interface YSet {
  readonly degreeOfMembership: number;
}
interface YVar {
  add(s: YSet): YVar;
}
interface YModule {
  addFLV(name: string, v: YVar): YModule;
  addRule(r: object): YModule;
  fuzzify(name: string, value: number): YModule;
  defuzzify(name: string, type: number): number;
}
interface YukaFuzzy {
  FuzzyModule: (new () => YModule) & { DEFUZ_TYPE: { MAXAV: number } };
  FuzzyVariable: new () => YVar;
  FuzzyRule: new (antecedent: object, consequence: YSet) => object;
  FuzzyAND: new (...terms: YSet[]) => object;
  LeftShoulderFuzzySet: new (l: number, m: number, r: number) => YSet;
  RightShoulderFuzzySet: new (l: number, m: number, r: number) => YSet;
  TriangularFuzzySet: new (l: number, m: number, r: number) => YSet;
}
const { FuzzyAND, FuzzyModule, FuzzyRule, FuzzyVariable, LeftShoulderFuzzySet, RightShoulderFuzzySet, TriangularFuzzySet } = yuka as unknown as YukaFuzzy;

function yukaModule(): YModule {
  const m = new FuzzyModule();
  const distance = new FuzzyVariable();
  const close = new LeftShoulderFuzzySet(0, 25, 150);
  const medium = new TriangularFuzzySet(25, 150, 300);
  const far = new RightShoulderFuzzySet(150, 300, 1000);
  distance.add(close).add(medium).add(far);
  const ammo = new FuzzyVariable();
  const low = new TriangularFuzzySet(0, 0, 10);
  const okay = new TriangularFuzzySet(0, 10, 30);
  const loads = new RightShoulderFuzzySet(10, 30, 100);
  ammo.add(low).add(okay).add(loads);
  const des = new FuzzyVariable();
  const un = new LeftShoulderFuzzySet(0, 25, 50);
  const d = new TriangularFuzzySet(25, 50, 75);
  const vd = new RightShoulderFuzzySet(50, 75, 100);
  des.add(un).add(d).add(vd);
  m.addFLV("distance", distance).addFLV("ammo", ammo).addFLV("desirability", des);
  const table = [
    [un, un, un],
    [d, vd, vd],
    [un, un, d],
  ];
  [close, medium, far].forEach((ds, i) => [low, okay, loads].forEach((as, j) => m.addRule(new FuzzyRule(new FuzzyAND(ds, as), table[i]![j]!))));
  return m;
}

describe("fuzzy logic vs Yuka", () => {
  it("max-average desirability agrees on a grid of distances and ammo counts", () => {
    const sys = createFuzzySystem(weaponDesirability);
    const yuka = yukaModule();
    let compared = 0;
    for (let dist = 5; dist <= 995; dist += 35) {
      for (let ammo = 1; ammo <= 99; ammo += 7) {
        yuka.fuzzify("distance", dist);
        yuka.fuzzify("ammo", ammo);
        const expected = yuka.defuzzify("desirability", FuzzyModule.DEFUZ_TYPE.MAXAV);
        expect(evaluateFuzzy(sys, { distance: dist, ammo }, "desirability", { method: "maxAverage" })).toBeCloseTo(expected, 9);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
