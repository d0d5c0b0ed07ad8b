import { addScheduledTask, createRng, createScheduler, getScheduledTaskStats, runSchedulerFrame, setSchedulerBudget } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseUtilityBatch, createUtilityBatchTask, createUtilitySet, createUtilityState, type UtilityDefinition } from "../src/index";

const def: UtilityDefinition = {
  version: 1,
  inputs: ["health", "enemyDistance", "ammo"],
  options: [
    { name: "heal", considerations: [{ input: "health", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 100 } } }] },
    {
      name: "attack",
      considerations: [
        { input: "ammo", curve: { type: "linear", input: { min: 0, max: 30 } } },
        { input: "enemyDistance", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 50 } } },
      ],
    },
    { name: "idle", weight: 0.1, considerations: [{ input: "health", curve: { type: "step", threshold: 0, low: 1, high: 1 } }] },
  ],
};

describe("createUtilityBatchTask", () => {
  it("property: any slicing of a job ends with chooseUtilityBatch's choices (all selection modes, same rng draws)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom("absolute" as const, "relative" as const, "dual" as const),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 7 }),
        fc.nat(),
        (agents, mode, budgets, slice, seed) => {
          const set = createUtilitySet({ ...def, selection: { mode, momentum: 0.2, cutoff: 0.5 } });
          const inputs = Float64Array.from({ length: agents * 3 }, (_, i) => ((i + 1) * 37 + seed) % 100);
          const want = new Int32Array(agents).fill(-1);
          const rngA = createRng(seed);
          // Two jobs: the second starts from the first's choices (momentum).
          chooseUtilityBatch(want, createUtilityState(set), set, inputs, { rng: rngA });
          chooseUtilityBatch(want, createUtilityState(set), set, inputs, { rng: rngA });

          const got = new Int32Array(agents).fill(-1);
          const rngB = createRng(seed);
          const scheduler = createScheduler({ frameBudget: budgets[0]! });
          const h = addScheduledTask(scheduler, createUtilityBatchTask(got, createUtilityState(set), set, inputs, { rng: rngB }), { sliceUnits: slice }); // rate 0: a new job the frame after one ends
          for (let f = 0; getScheduledTaskStats(scheduler, h).completions < 2; f++) {
            setSchedulerBudget(scheduler, budgets[f % budgets.length]!);
            runSchedulerFrame(scheduler, 1 / 60);
            expect(f).toBeLessThan(200);
          }
          expect(Array.from(got)).toEqual(Array.from(want));
          expect(rngB).toEqual(rngA);
          expect(scheduler.units[h % 65536]).toBe(2 * agents);
        },
      ),
      { numRuns: 60 },
    );
  });
});
