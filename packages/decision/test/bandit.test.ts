import { createRng, rngInt } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  computeAverageRegretStrategy,
  computeRegretStrategy,
  createRegretMatching,
  createUcb1,
  selectRegretMatching,
  selectUcb1,
  getUcb1Value,
  updateRegretMatching,
  updateUcb1,
} from "../src/index";

// Rock-paper-scissors: +1 win, 0 draw, −1 loss. Actions 0 = rock, 1 = paper, 2 = scissors.
const payoff = (a: number, b: number) => (a === b ? 0 : (a - b + 3) % 3 === 1 ? 1 : -1);

describe("UCB1 (chapter 25, Table 25.1)", () => {
  it("k = 2 against always-rock reproduces the table", () => {
    const b = createUcb1(3, { k: 2 });
    const played: number[] = [];
    for (let t = 0; t < 7; t++) {
      const arm = selectUcb1(b);
      played.push(arm);
      updateUcb1(b, arm, payoff(arm, 0));
      if (t === 2) expect(getUcb1Value(b, 1)).toBeCloseTo(2.48, 2); // "1 + √(2·ln 3/1) = 2.48"
    }
    expect(played).toEqual([0, 1, 2, 1, 1, 1, 1]);
    expect(getUcb1Value(b, 0)).toBeCloseTo(1.97, 2);
    expect(getUcb1Value(b, 1)).toBeCloseTo(1.88, 2);
    expect(selectUcb1(b)).toBe(0); // at t = 7 rock (1.97) beats paper (1.88): UCB1 explores rock
  });

  it("strategy arms beat a repeating opponent", () => {
    // arms: 0 random, 1 copy the opponent's last action, 2 play what would have lost to it
    const b = createUcb1(3, { k: 2 });
    const rng = createRng(3);
    const seq = [1, 2, 0]; // the opponent cycles P, S, R
    let last = 0;
    let total = 0;
    for (let t = 0; t < 600; t++) {
      const opp = seq[t % 3]!;
      const arm = selectUcb1(b);
      const action = arm === 0 ? rngInt(rng, 0, 2) : arm === 1 ? last : (last + 2) % 3;
      const u = payoff(action, opp);
      updateUcb1(b, arm, (u + 1) / 2);
      total += u;
      last = opp;
    }
    expect(total / 600).toBeGreaterThan(0.5);
  });

  it("decay discounts old statistics", () => {
    const b = createUcb1(2, { decay: 0.5 });
    updateUcb1(b, 0, 1);
    updateUcb1(b, 1, 1);
    updateUcb1(b, 1, 1);
    expect(b.counts[0]).toBeCloseTo(0.25);
    expect(b.total).toBeCloseTo(0.25 + 1.5);
  });
});

describe("regret matching (chapter 25)", () => {
  it("reproduces the walk-through probabilities", () => {
    const rm = createRegretMatching(3);
    // We played rock, the opponent paper.
    updateRegretMatching(rm, 0, [payoff(0, 1), payoff(1, 1), payoff(2, 1)]);
    expect(Array.from(rm.regret)).toEqual([0, 1, 2]);
    const s = computeRegretStrategy(new Float64Array(3), rm);
    expect(s[2]).toBeCloseTo(2 / 3);
    expect(s[1]).toBeCloseTo(1 / 3);
    // Scissors against scissors.
    updateRegretMatching(rm, 2, [payoff(0, 2), payoff(1, 2), payoff(2, 2)]);
    expect(Array.from(rm.regret)).toEqual([1, 0, 2]);
    const s2 = computeRegretStrategy(new Float64Array(3), rm);
    expect(s2[0]).toBeCloseTo(1 / 3);
    expect(s2[2]).toBeCloseTo(2 / 3);
  });

  it("self-play average strategy tends to (1/3, 1/3, 1/3); samples follow the strategy", () => {
    const a = createRegretMatching(3);
    const b = createRegretMatching(3);
    const rng = createRng(11);
    for (let t = 0; t < 20000; t++) {
      const x = selectRegretMatching(a, rng);
      const y = selectRegretMatching(b, rng);
      updateRegretMatching(a, x, [payoff(0, y), payoff(1, y), payoff(2, y)]);
      updateRegretMatching(b, y, [payoff(0, x), payoff(1, x), payoff(2, x)]);
    }
    const avg = computeAverageRegretStrategy(new Float64Array(3), a);
    for (const p of avg) expect(Math.abs(p - 1 / 3)).toBeLessThan(0.03);
    const fixed = createRegretMatching(3, { initialRegret: 0 });
    fixed.regret.set([0, 1, 3]);
    const counts = [0, 0, 0];
    for (let i = 0; i < 8000; i++) counts[selectRegretMatching(fixed, rng)]!++;
    expect(counts[0]).toBe(0);
    expect(counts[2]! / 8000).toBeCloseTo(0.75, 1);
  });

  it("floor bounds negative regret", () => {
    const rm = createRegretMatching(2, { floor: -1 });
    updateRegretMatching(rm, 1, [-10, 0]);
    expect(rm.regret[0]).toBe(-1);
  });
});
