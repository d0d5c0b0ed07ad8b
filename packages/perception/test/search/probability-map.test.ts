import { createRng, isTacticaError, type TacticaErrorCode } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProbabilityMap, decideInstantiation, observeProbabilityState, priorProbability, stepProbabilityMap } from "../../src/index";

function throwsCode(f: () => unknown, code: TacticaErrorCode, path?: string): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(isTacticaError(caught, code), String(caught)).toBe(true);
  if (path !== undefined) expect((caught as { path?: string }).path).toBe(path);
}

// Game AI Pro 2, ch. 7, Table 7.1: A→B, B→A, sleeping, eating, solitaire.
const TABLE_7_1 = [
  [0, 1, 0, 0, 0],
  [0.95, 0, 0, 0.05, 0],
  [0.04, 0, 0.95, 0.01, 0],
  [0.18, 0, 0.01, 0.8, 0.01],
  [0.5, 0, 0.5, 0, 0],
];

// Table 7.2, t1 … t6.
const TABLE_7_2 = [
  [0, 1, 0, 0, 0],
  [0.95, 0, 0, 0.05, 0],
  [0.009, 0.95, 0.001, 0.04, 0.0],
  [0.91, 0.009, 0.001, 0.08, 0.0],
  [0.023, 0.91, 0.002, 0.064, 0.001],
  [0.877, 0.023, 0.003, 0.097, 0.0],
];

describe("probability maps (ch. 7)", () => {
  it("reproduces Table 7.2 within ±0.001 and its observed row", () => {
    const map = createProbabilityMap(TABLE_7_1, TABLE_7_2[0]!);
    for (let t = 1; t < 6; t++) {
      stepProbabilityMap(map);
      TABLE_7_2[t]!.forEach((v, s) => expect(Math.abs(map.probabilities[s]! - v), `t${t + 1} state ${s}`).toBeLessThanOrEqual(0.001));
    }
    observeProbabilityState(map, 3, false);
    [0.97, 0.026, 0.003, 0, 0.001].forEach((v, s) => expect(Math.abs(map.probabilities[s]! - v), `observed state ${s}`).toBeLessThanOrEqual(0.001));
  });

  it("gives the mealtime example 0.010 / (1 − 0.970) = 0.333", () => {
    const mealtimes = [0.01, 0.01, 0, 0.97, 0.01];
    expect(priorProbability(mealtimes, [true, true, true, false, true], 4)).toBeCloseTo(1 / 3, 3);
    expect(priorProbability(mealtimes, [true, true, true, false, true], 3)).toBe(0);
    expect(priorProbability(mealtimes, [0, 0, 0, 0, 0], 1)).toBe(0);
  });

  it("stays a distribution through random steps and observations (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.boolean()), { minLength: 1, maxLength: 30 }), (ops) => {
        const map = createProbabilityMap(TABLE_7_1, [0, 1, 0, 0, 0]);
        for (const [state, present] of ops) {
          stepProbabilityMap(map);
          const observed = present || map.probabilities[state]! < 1 - 1e-12;
          if (observed) observeProbabilityState(map, state, present);
          const sum = map.probabilities.reduce((a, b) => a + b, 0);
          expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
          if (observed) expect(map.probabilities[state]).toBe(present ? 1 : 0);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("collapses on a sighting and decides instantiation reproducibly", () => {
    const map = createProbabilityMap(TABLE_7_1, [0.2, 0.2, 0.2, 0.2, 0.2]);
    observeProbabilityState(map, 2, true);
    expect([...map.probabilities]).toEqual([0, 0, 1, 0, 0]);
    throwsCode(() => observeProbabilityState(map, 2, false), "INVALID_STATE");
    const draws = (seed: number): boolean[] => {
      const rng = createRng(seed);
      const m = createProbabilityMap(TABLE_7_1, [0.5, 0.5, 0, 0, 0]);
      return Array.from({ length: 200 }, () => decideInstantiation(m, 0, rng));
    };
    expect(draws(7)).toEqual(draws(7));
    const yes = draws(7).filter(Boolean).length;
    expect(yes).toBeGreaterThan(70);
    expect(yes).toBeLessThan(130);
    const sure = createProbabilityMap(TABLE_7_1, [0, 0, 1, 0, 0]);
    const rng = createRng(1);
    for (let i = 0; i < 20; i++) {
      expect(decideInstantiation(sure, 2, rng)).toBe(true);
      expect(decideInstantiation(sure, 0, rng)).toBe(false);
    }
  });

  it("rejects rows that do not sum to 1, bad sizes and bad probabilities", () => {
    const bad = TABLE_7_1.map((r) => [...r]);
    bad[3]![3] = 0.7;
    throwsCode(() => createProbabilityMap(bad, [0, 1, 0, 0, 0]), "PERCEPTION_CONFIG", "transitions[3]");
    throwsCode(() => createProbabilityMap([[1, 0]], [1]), "PERCEPTION_CONFIG", "transitions[0]");
    throwsCode(
      () =>
        createProbabilityMap(
          [
            [1.5, -0.5],
            [0, 1],
          ],
          [1, 0],
        ),
      "PERCEPTION_CONFIG",
      "transitions[0][0]",
    );
    throwsCode(() => createProbabilityMap(TABLE_7_1, [0.5, 0.6, 0, 0, 0]), "PERCEPTION_CONFIG", "initial");
    throwsCode(() => createProbabilityMap(TABLE_7_1, [1, 0]), "PERCEPTION_CONFIG", "initial");
    throwsCode(() => createProbabilityMap([], []), "PERCEPTION_CONFIG", "transitions");
    throwsCode(() => priorProbability([0.5, 2], [true, true], 0), "PERCEPTION_CONFIG", "priors[1]");
    throwsCode(() => priorProbability([0.5], [true, true], 0), "PERCEPTION_CONFIG", "possible");
    throwsCode(() => observeProbabilityState(createProbabilityMap([[1]], [1]), 1, true), "PERCEPTION_CONFIG", "state");
  });
});
