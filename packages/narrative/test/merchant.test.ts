import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyMerchantEvent,
  createMerchantItem,
  getMerchantStock,
  restoreMerchantItem,
  mm1Stationary,
  mm1Transient,
  sampleStationaryQueue,
  sampleTransientQueue,
  tradeMerchantItem,
  visitMerchantItem,
} from "../src/index.js";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : `other: ${String(e)}`;
  }
  return undefined;
}

const TABLE_37_1: [number, number[]][] = [
  [0.01, [0.0, 0.0, 0.0, 0.0, 0.0, 0.01, 0.985, 0.005, 0.0]],
  [0.1, [0.0, 0.0, 0.0, 0.0, 0.004, 0.086, 0.865, 0.043, 0.001]], // n = 5: 0.0863 (the book prints 0.087)
  [1, [0.0, 0.002, 0.01, 0.042, 0.131, 0.284, 0.349, 0.142, 0.033]],
  [10, [0.315, 0.186, 0.131, 0.103, 0.082, 0.063, 0.046, 0.031, 0.02]],
  [100, [0.5, 0.25, 0.125, 0.063, 0.031, 0.016, 0.008, 0.004, 0.002]],
];

describe("M/M/1 queues (chapter 37)", () => {
  it("Table 37.1 within ±0.001 in every cell (corrected Eq. 37.6)", () => {
    for (const [t, row] of TABLE_37_1) {
      const p = mm1Transient(new Float64Array(9), 0.5, 1, 6, t);
      row.forEach((v, n) => expect(Math.abs(p[n]! - v), `t=${t} n=${n}`).toBeLessThanOrEqual(0.001 + 1e-12));
    }
    expect(mm1Transient(new Float64Array(9), 0.5, 1, 6, 0.1)[5]!.toFixed(4)).toBe("0.0863");
    const s = mm1Stationary(new Float64Array(9), 0.5, 1);
    TABLE_37_1[4]![1].forEach((v, n) => expect(Math.abs(s[n]! - v)).toBeLessThanOrEqual(0.001));
  });

  it("rows sum to 1; t = 0 is δ_m; t → ∞ is stationary", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 0.95, noNaN: true }),
        fc.integer({ min: 0, max: 8 }),
        fc.double({ min: 0.01, max: 30, noNaN: true }),
        (rho, m, t) => {
          const p = mm1Transient(new Float64Array(1200), rho, 1, m, t);
          const sum = p.reduce((a, b) => a + b, 0);
          return Math.abs(sum - 1) < 1e-6;
        },
      ),
      { numRuns: 40 },
    );
    expect(Array.from(mm1Transient(new Float64Array(5), 0.5, 1, 3, 0))).toEqual([0, 0, 0, 1, 0]);
    // Table 37.2's rates (truffles ρ = 0.001, arrows ρ = 0.98, swords ρ = 0.5) over its visit times
    for (const [add, remove, m] of [
      [0.001, 1, 5],
      [1, 1 / 0.98, 33],
      [1 / 200, 1 / 100, 1],
    ] as const) {
      for (const t of [1, 47, 52, 100, 200, 5000]) {
        const p = mm1Transient(new Float64Array(4000), add, remove, m, t);
        expect(Math.abs(p.reduce((a, b) => a + b, 0) - 1), `ρ=${add / remove} t=${t}`).toBeLessThan(1e-6);
      }
    }
    // not cut to the stationary distribution too early: at (√μ − √λ)²·t = 7 it still differs
    const t7 = 7 / (1 - Math.sqrt(0.5)) ** 2;
    const near = mm1Transient(new Float64Array(20), 0.5, 1, 6, t7);
    const st7 = mm1Stationary(new Float64Array(20), 0.5, 1);
    expect(Math.max(...near.map((v, n) => Math.abs(v - st7[n]!)))).toBeGreaterThan(1e-9);
    const far = mm1Transient(new Float64Array(10), 0.3, 1, 5, 500);
    const st = mm1Stationary(new Float64Array(10), 0.3, 1);
    far.forEach((v, n) => expect(v).toBeCloseTo(st[n]!, 9));
    // no arrivals: Poisson departures clamped at 0
    const death = mm1Transient(new Float64Array(4), 0, 1, 2, 1);
    expect(death[2]).toBeCloseTo(Math.exp(-1), 12);
    expect(death[1]).toBeCloseTo(Math.exp(-1), 12);
    expect(death[0]).toBeCloseTo(1 - 2 * Math.exp(-1), 12);
  });

  it("ρ ≥ 1 throws NARRATIVE_QUEUE", () => {
    for (const fn of [
      () => mm1Stationary([], 1, 1),
      () => mm1Transient([], 2, 1, 0, 1),
      () => sampleStationaryQueue(1, 0.5, createRng(1)),
      () => createMerchantItem(1, 0.98),
    ]) {
      try {
        fn();
        expect.unreachable();
      } catch (e) {
        expect(isTacticaError(e, "NARRATIVE_QUEUE")).toBe(true);
      }
    }
  });

  it("stationary samples pass χ² with mean ρ/(1 − ρ)", () => {
    for (const rho of [0.5, 0.9]) {
      const rng = createRng(17);
      const n = 20000;
      const bins = 12;
      const counts = new Array<number>(bins).fill(0);
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = sampleStationaryQueue(rho, 1, rng);
        sum += k;
        counts[Math.min(k, bins - 1)]!++;
      }
      const p = mm1Stationary(new Array<number>(bins - 1).fill(0), rho, 1);
      const expected = [...p, 1 - p.reduce((a, b) => a + b, 0)].map((q) => q * n);
      const chi2 = counts.reduce((s, c, i) => s + (c - expected[i]!) ** 2 / expected[i]!, 0);
      expect(chi2).toBeLessThan(31.26); // 11 degrees of freedom, p = 0.001
      const mean = rho / (1 - rho);
      expect(Math.abs(sum / n - mean)).toBeLessThan(4 * Math.sqrt(rho / (1 - rho) ** 2 / n));
    }
  });

  it("transient samples follow the distribution (χ², Table 37.1 at t = 1)", () => {
    const rng = createRng(23);
    const n = 10000;
    const counts = new Array<number>(12).fill(0);
    for (let i = 0; i < n; i++) counts[Math.min(sampleTransientQueue(0.5, 1, 6, 1, rng), 11)]!++;
    const p = Array.from(mm1Transient(new Float64Array(11), 0.5, 1, 6, 1));
    const expected = [...p, 1 - p.reduce((a, b) => a + b, 0)].map((q) => q * n);
    let chi2 = 0;
    let dof = -1;
    counts.forEach((c, i) => {
      if (expected[i]! < 5) return;
      chi2 += (c - expected[i]!) ** 2 / expected[i]!;
      dof++;
    });
    expect(dof).toBeGreaterThanOrEqual(6);
    expect(chi2).toBeLessThan(27.88); // ≤ 9 degrees of freedom, p = 0.001
  });

  it("merchant items: first visit stationary, trades are observations, same seed same stock; arrows recover faster than swords", () => {
    const run = (seed: number): number[] => {
      const rng = createRng(seed);
      const arrows = createMerchantItem(1, 1 / 0.98);
      const out = [visitMerchantItem(arrows, 0, rng)];
      tradeMerchantItem(arrows, -Math.min(50, arrows.count));
      for (const t of [1, 48, 100, 200]) out.push(visitMerchantItem(arrows, t, rng));
      return out;
    };
    expect(run(5)).toEqual(run(5));
    // recovery toward the stationary mean after a buy-out: compare mean stock 5 h later
    const mean = (add: number, remove: number): number => {
      const rng = createRng(1);
      let s = 0;
      for (let i = 0; i < 400; i++) s += sampleTransientQueue(add, remove, 0, 5, rng);
      return s / 400 / (add / remove / (1 - add / remove));
    };
    expect(mean(1, 2)).toBeGreaterThan(mean(1 / 200, 1 / 100) * 5);
    // a visit right after a buy-out sees (almost) the bought-out stock, not a fresh stationary draw
    const rng = createRng(8);
    for (let i = 0; i < 50; i++) {
      const arrows = createMerchantItem(1, 1 / 0.98);
      visitMerchantItem(arrows, 0, rng);
      tradeMerchantItem(arrows, -arrows.count);
      expect(visitMerchantItem(arrows, 0.001, rng)).toBeLessThanOrEqual(1);
    }
    const item = createMerchantItem(0.5, 1);
    expect(() => tradeMerchantItem(item, 1)).toThrow(/visit the merchant/);
    visitMerchantItem(item, 10, createRng(2));
    expect(() => visitMerchantItem(item, 5, createRng(2))).toThrow(/before the last observation/);
    expect(() => tradeMerchantItem(item, -(item.count + 1))).toThrow(/stock ≥ 0/);
  });

  it("the createMerchantItem example holds", () => {
    const swords = createMerchantItem(1 / 200, 1 / 100);
    const rng = createRng(3);
    const first = visitMerchantItem(swords, 0, rng);
    tradeMerchantItem(swords, -Math.min(first, 1));
    expect(visitMerchantItem(swords, 48, rng)).toBeGreaterThanOrEqual(0);
  });
});

describe("merchant virtual observations", () => {
  it("restock, rate change and batches", async () => {
    const { countBatchItems, restockMerchantItem, setMerchantRates } = await import("../src/index.js");
    const rng = createRng(4);
    const arrows = createMerchantItem(1, 1 / 0.98);
    visitMerchantItem(arrows, 0, rng);
    tradeMerchantItem(arrows, -arrows.count);
    expect(restockMerchantItem(arrows, 0.001, { below: 50, amount: 50 }, rng)).toBeGreaterThanOrEqual(50);
    expect(arrows.time).toBe(0.001);
    // not restocked when the stock is already high
    const before = restockMerchantItem(arrows, 0.002, { below: 10, amount: 50 }, rng);
    expect(before).toBeLessThan(60);
    expect(() => restockMerchantItem(arrows, 0, { below: 1, amount: 1 }, rng)).toThrow(/time order/);
    // a rate change validates first and leaves the item alone on ρ ≥ 1
    const snapshot = { ...arrows };
    try {
      setMerchantRates(arrows, 1, 2, 1, rng);
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, "NARRATIVE_QUEUE")).toBe(true);
    }
    expect(arrows).toEqual(snapshot);
    setMerchantRates(arrows, 1, 0.1, 1, rng);
    expect(arrows.addRate).toBe(0.1);
    expect(arrows.time).toBe(1);
    // batches of 25: two batches are 26..50 arrows
    for (let i = 0; i < 200; i++) {
      const n = countBatchItems(2, 25, rng);
      expect(n).toBeGreaterThanOrEqual(26);
      expect(n).toBeLessThanOrEqual(50);
    }
    expect(countBatchItems(0, 25, rng)).toBe(0);
  });
});

describe("merchant reserve, offset and one-off events (chapter 37)", () => {
  it("a bought-out reserve refills at addRate, then a backdated observation of 0 starts the queue again", () => {
    const item = createMerchantItem(1, 2, { reserve: 5 });
    const rng = createRng(8);
    const first = visitMerchantItem(item, 0, rng);
    expect(first).toBe(item.count + 5);
    tradeMerchantItem(item, -first); // the player buys everything, reserve included
    expect(getMerchantStock(item)).toBe(0);
    expect(visitMerchantItem(item, 2, rng)).toBe(2); // 2 of 5 refilled, the queue still empty
    expect(item.reserveLevel).toBeCloseTo(2);
    // Full again at t = 5 (reserve / addRate after the buy-out); the queue restarts from 0 there.
    let sum = 0;
    const runs = 400;
    for (let k = 0; k < runs; k++) {
      const copy = structuredClone(item);
      visitMerchantItem(copy, 5, rng);
      expect(copy.reserveLevel).toBe(5);
      expect(copy.count).toBe(0);
      visitMerchantItem(copy, 105, rng);
      sum += copy.count;
    }
    expect(sum / runs).toBeGreaterThan(0.6); // stationary mean ρ/(1 − ρ) = 1 after a long time
    expect(sum / runs).toBeLessThan(1.4);
    // The same without a visit at t = 5: the observation is backdated to t = 5 anyway.
    let direct = 0;
    for (let k = 0; k < runs; k++) {
      const copy = structuredClone(item);
      visitMerchantItem(copy, 105, rng);
      expect(copy.reserveLevel).toBe(5);
      direct += copy.count;
    }
    expect(direct / runs).toBeGreaterThan(0.6);
    expect(direct / runs).toBeLessThan(1.4);
  });

  it("sales during a refill drain the queue without new additions", () => {
    const item = createMerchantItem(0.1, 1, { reserve: 10 });
    const rng = createRng(2);
    visitMerchantItem(item, 0, rng);
    tradeMerchantItem(item, 30 - item.count); // the player sells stock: queue 30
    tradeMerchantItem(item, -(30 + 10 - 3)); // then buys all but 3 items of the reserve
    expect(item.count).toBe(0);
    expect(getMerchantStock(item)).toBe(3);
    tradeMerchantItem(item, 20);
    visitMerchantItem(item, 5, rng); // 5 h, removeRate 1: about 5 sold, none added to the queue
    expect(item.count).toBeLessThan(20);
    expect(item.reserveLevel).toBeCloseTo(3.5);
  });

  it("the guaranteed offset applies on the first encounter only", () => {
    const rng = createRng(5);
    for (let k = 0; k < 50; k++) {
      const item = createMerchantItem(0.5, 1, { offset: 3 });
      expect(visitMerchantItem(item, 0, rng)).toBeGreaterThanOrEqual(3);
    }
    const item = createMerchantItem(0.001, 1, { offset: 3 });
    visitMerchantItem(item, 0, rng);
    expect(visitMerchantItem(item, 10_000, rng)).toBeLessThan(3); // relaxed to the stationary law (ρ = 0.001)
  });

  it("one-off events are virtual observations", () => {
    const swords = createMerchantItem(1 / 200, 1 / 100);
    const rng = createRng(4);
    visitMerchantItem(swords, 0, rng);
    expect(applyMerchantEvent(swords, 10, 12, rng)).toBeGreaterThanOrEqual(12);
    expect(swords.time).toBe(10);
    expect(applyMerchantEvent(swords, 11, -1000, rng)).toBe(0);
    expect(code(() => applyMerchantEvent(swords, 5, 1, rng))).toBe("INVALID_ARGUMENT now");
  });

  it("restores from JSON and rejects a bad snapshot without touching the item", () => {
    const item = createMerchantItem(0.5, 1, { reserve: 2 });
    visitMerchantItem(item, 3, createRng(1));
    const saved = JSON.parse(JSON.stringify(item)) as Record<string, unknown>;
    const target = createMerchantItem(0.1, 1);
    expect(restoreMerchantItem(target, saved)).toEqual(item);
    const before = JSON.stringify(target);
    expect(code(() => restoreMerchantItem(target, { ...saved, addRate: 2 }))).toBe("NARRATIVE_QUEUE $.addRate");
    expect(code(() => restoreMerchantItem(target, { ...saved, reserveLevel: 3 }))).toBe("NARRATIVE_BAD_INPUT $.reserveLevel");
    expect(code(() => restoreMerchantItem(target, { ...saved, count: -1 }))).toBe("NARRATIVE_BAD_INPUT $.count");
    expect(JSON.stringify(target)).toBe(before);
  });
});
