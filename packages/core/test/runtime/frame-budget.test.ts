import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createFrameBudget,
  createRoundRobin,
  frameBudgetConsume,
  frameBudgetExhausted,
  frameBudgetRemaining,
  frameBudgetReset,
  frameBudgetSpend,
  frameBudgetTake,
  roundRobinIsActive,
  roundRobinNext,
  roundRobinRun,
  roundRobinSetActive,
} from "../../src/index";

describe("frame budget", () => {
  it("refuses negative or NaN unit counts instead of corrupting remaining (issue 32)", () => {
    const b = createFrameBudget(10);
    for (const bad of [-1, NaN, "3" as unknown as number]) {
      expect(() => frameBudgetConsume(b, { units: bad })).toThrow(/frameBudgetConsume: "options.units" must be a number of work units >= 0 but is /);
      expect(() => frameBudgetTake(b, bad)).toThrow(/frameBudgetTake: "want" must be a number of work units >= 0/);
      expect(() => frameBudgetSpend(b, bad)).toThrow(/frameBudgetSpend: "units" must be a number of work units >= 0/);
    }
    expect(() => frameBudgetSpend(b, Infinity)).toThrow(/frameBudgetSpend: "units" .* Infinity/);
    expect(b.remaining).toBe(10);
    expect(frameBudgetConsume(b, { units: Infinity })).toBe(false);
    expect(frameBudgetTake(b, Infinity)).toBe(10);
  });
  it("consumes whole requests only, and resets each frame", () => {
    const b = createFrameBudget(10);
    let steps = 0;
    while (frameBudgetConsume(b)) steps++;
    expect(steps).toBe(10);
    expect(frameBudgetExhausted(b)).toBe(true);
    frameBudgetReset(b);
    expect(frameBudgetConsume(b, { units: 7 })).toBe(true);
    expect(frameBudgetConsume(b, { units: 4 })).toBe(false); // not partially taken
    expect(frameBudgetRemaining(b)).toBe(3);
    expect(frameBudgetTake(b, 5)).toBe(3);
    expect(frameBudgetTake(b, 5)).toBe(0);
    frameBudgetReset(b);
    expect(frameBudgetRemaining(b)).toBe(10); // unspent units do not carry over
  });

  it("carries overspending over as debt", () => {
    const b = createFrameBudget(10);
    frameBudgetSpend(b, 14);
    expect(frameBudgetRemaining(b)).toBe(0);
    expect(b.remaining).toBe(-4);
    frameBudgetReset(b);
    expect(frameBudgetRemaining(b)).toBe(6);
  });

  it("rejects bad budgets", () => {
    expect(() => createFrameBudget(-1)).toThrow(/createFrameBudget: "unitsPerFrame"/);
    expect(() => createFrameBudget(NaN)).toThrow(/unitsPerFrame/);
  });
});

describe("round robin", () => {
  it("cycles through active jobs with next()", () => {
    const rr = createRoundRobin(5);
    expect(roundRobinNext(rr)).toBe(-1);
    roundRobinSetActive(rr, 1, true);
    roundRobinSetActive(rr, 3, true);
    roundRobinSetActive(rr, 3, true); // idempotent
    expect(rr.activeCount).toBe(2);
    expect([roundRobinNext(rr), roundRobinNext(rr), roundRobinNext(rr)]).toEqual([1, 3, 1]);
    roundRobinSetActive(rr, 1, false);
    expect(roundRobinIsActive(rr, 1)).toBe(false);
    expect([roundRobinNext(rr), roundRobinNext(rr)]).toEqual([3, 3]);
    expect(() => roundRobinSetActive(rr, 5, true)).toThrow(/roundRobinSetActive: "job"/);
    expect(() => createRoundRobin(0)).toThrow(/jobCount/);
  });

  it("splits a frame's budget evenly and passes leftovers on", () => {
    const rr = createRoundRobin(3);
    for (let j = 0; j < 3; j++) roundRobinSetActive(rr, j, true);
    const budget = createFrameBudget(90);
    const offered: number[] = [];
    const used = roundRobinRun(rr, budget, (job, units) => {
      offered.push(units);
      return job === 0 ? 10 : units; // job 0 needs only 10 of its 30
    });
    expect(offered).toEqual([30, 40, 40]);
    expect(used).toBe(90);
    expect(frameBudgetExhausted(budget)).toBe(true);
  });

  it("rotates the starting job so rounding favours no one, and lets jobs finish", () => {
    const rr = createRoundRobin(3);
    for (let j = 0; j < 3; j++) roundRobinSetActive(rr, j, true);
    const budget = createFrameBudget(4);
    const totals = [0, 0, 0];
    for (let frame = 0; frame < 30; frame++) {
      frameBudgetReset(budget);
      roundRobinRun(rr, budget, (job, units) => {
        totals[job]! += units;
        return units;
      });
    }
    expect(totals).toEqual([40, 40, 40]);
    // a job that finishes deactivates itself; the others absorb its share
    const remaining = [5, 100, 100];
    frameBudgetReset(budget);
    const bigBudget = createFrameBudget(60);
    roundRobinRun(rr, bigBudget, (job, units) => {
      const n = Math.min(units, remaining[job]!);
      remaining[job]! -= n;
      if (remaining[job] === 0) roundRobinSetActive(rr, job, false);
      return n;
    });
    expect(roundRobinIsActive(rr, 0)).toBe(false);
    expect(remaining[0]! + remaining[1]! + remaining[2]!).toBe(205 - 60);
  });

  it("never spends more than the budget and offers each active job at most once per run", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.nat(1000),
        fc.array(fc.double({ min: -5, max: 2, noNaN: true }), { minLength: 8, maxLength: 8 }),
        (jobs, actives, units, factors) => {
          const rr = createRoundRobin(jobs);
          for (let j = 0; j < jobs; j++) roundRobinSetActive(rr, j, actives[j]!);
          const budget = createFrameBudget(units);
          const seen = new Set<number>();
          const used = roundRobinRun(rr, budget, (job, offered) => {
            expect(seen.has(job)).toBe(false);
            expect(roundRobinIsActive(rr, job)).toBe(true);
            seen.add(job);
            return offered * factors[job]!;
          });
          expect(used).toBeLessThanOrEqual(units);
          expect(used).toBeGreaterThanOrEqual(0);
          expect(budget.remaining).toBeCloseTo(units - used, 9);
        },
      ),
      { seed: 30, numRuns: 200 },
    );
  });
});
