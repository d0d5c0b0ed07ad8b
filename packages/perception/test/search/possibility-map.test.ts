import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createPossibilityForks,
  createPossibilityMap,
  decidePossibleInstantiation,
  forkPossibility,
  observePossibility,
  propagatePossibility,
} from "../../src/index";

/** A corridor of n cells: 0 – 1 – … – n−1. */
const corridor = (n: number): number[][] => Array.from({ length: n }, (_, i) => [i - 1, i + 1].filter((j) => j >= 0 && j < n));
const on = (m: { possible: Uint8Array }): number[] => [...m.possible].flatMap((v, i) => (v === 1 ? [i] : []));

describe("possibility maps (ch. 7)", () => {
  it("the frontier expands k states per update along the movement graph", () => {
    const m = createPossibilityMap(9, 4);
    propagatePossibility(m, corridor(9));
    expect(on(m)).toEqual([3, 4, 5]);
    propagatePossibility(m, corridor(9), { steps: 2 });
    expect(on(m)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("a player-visible state is never marked possible and is reported; noisy states block the frontier", () => {
    const m = createPossibilityMap(9, 4);
    const visible = [0, 0, 0, 0, 0, 0, 1, 0, 0];
    let reached = 0;
    for (let k = 0; k < 6; k++) reached += propagatePossibility(m, corridor(9), { visible });
    expect(m.possible[6]).toBe(0);
    expect(m.possible[7]).toBe(0); // the corridor is cut by what the player sees
    expect(reached).toBeGreaterThan(0);
    const noisy = createPossibilityMap(9, 4);
    for (let k = 0; k < 6; k++) propagatePossibility(noisy, corridor(9), { isBlocked: (s) => s === 2 });
    expect(on(noisy)).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it("collapse on instantiation; a declined observation stays impossible until propagation re-reaches it; the last state cannot be declined", () => {
    const m = createPossibilityMap(5, 2);
    propagatePossibility(m, corridor(5), { steps: 2 });
    expect(observePossibility(m, 0, false)).toBe(4);
    expect(m.possible[0]).toBe(0);
    propagatePossibility(m, corridor(5));
    expect(m.possible[0]).toBe(1); // re-reached from 1
    expect(observePossibility(m, 3, true)).toBe(1);
    expect(on(m)).toEqual([3]);
    let caught: unknown;
    try {
      observePossibility(m, 3, false);
    } catch (e) {
      caught = e;
    }
    expect(isTacticaError(caught, "PERCEPTION_CONFIG")).toBe(true);
  });

  it("priors × possibility mask: the mealtime games room at 0.333, seeded and reproducible", () => {
    const mealtimes = [0.01, 0.01, 0.0, 0.97, 0.01]; // Table 7.3: A→B, B→A, sleeping, eating, solitaire
    const trials = 3000;
    const run = (seed: number): number => {
      const rng = createRng(seed);
      let hits = 0;
      for (let t = 0; t < trials; t++) {
        const m = createPossibilityMap(5, 0);
        m.possible.fill(1);
        observePossibility(m, 3, false); // the dining hall is seen empty
        if (decidePossibleInstantiation(m, mealtimes, 4, rng)) hits++;
      }
      return hits;
    };
    expect(Math.abs(run(7) / trials - 0.01 / 0.03)).toBeLessThan(0.03);
    expect(run(7)).toBe(run(7));
    const only = createPossibilityMap(5, 1);
    expect(decidePossibleInstantiation(only, mealtimes, 1, createRng(1))).toBe(true); // no choice left
    expect(decidePossibleInstantiation(only, mealtimes, 2, createRng(1))).toBe(false); // not possible there
  });

  it("forks: 'with' a resource and 'without', never more than the cap (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.array(fc.nat(6), { minLength: 0, maxLength: 20 }), (cap, resources) => {
        const base = createPossibilityMap(7, 3);
        propagatePossibility(base, corridor(7), { steps: 3 });
        const forks = createPossibilityForks(base, cap);
        for (const r of resources) {
          const i = forkPossibility(forks, 0, r);
          if (i >= 0) expect(on(forks.maps[i]!)).toEqual([r]);
        }
        expect(forks.maps.length - 1).toBeLessThanOrEqual(cap);
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});
