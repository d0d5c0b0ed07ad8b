// Fuzzy inference: Buckland's rocket-launcher desirability (2 inputs × 3 sets, a 3 × 3 FAM, one
// output), fuzzify + infer + defuzzify per call, centroid (101 samples) and max-average.
import { createFuzzyState, createFuzzySystem, defuzzify, fuzzify, inferFuzzy, type FuzzySystemDefinition } from "@tactica/decision";
import { allocationPerCall, consume, measure } from "../measure";
import type { SuiteContext } from "../suite";

const weapon: FuzzySystemDefinition = {
  version: 1,
  variables: {
    distance: {
      sets: {
        close: { type: "leftShoulder", points: [0, 25, 150] },
        medium: { type: "triangle", points: [25, 150, 300] },
        far: { type: "rightShoulder", points: [150, 300, 1000] },
      },
    },
    ammo: {
      sets: {
        low: { type: "triangle", points: [0, 0, 10] },
        okay: { type: "triangle", points: [0, 10, 30] },
        loads: { type: "rightShoulder", points: [10, 30, 100] },
      },
    },
    desirability: {
      sets: {
        undesirable: { type: "leftShoulder", points: [0, 25, 50] },
        desirable: { type: "triangle", points: [25, 50, 75] },
        veryDesirable: { type: "rightShoulder", points: [50, 75, 100] },
      },
    },
  },
  fams: [
    {
      inputs: ["distance", "ammo"],
      output: "desirability",
      table: [
        ["undesirable", "undesirable", "undesirable"],
        ["desirable", "veryDesirable", "veryDesirable"],
        ["undesirable", "undesirable", "desirable"],
      ],
    },
  ],
};

export function runFuzzyBench(ctx: SuiteContext): void {
  const sys = createFuzzySystem(weapon);
  const state = createFuzzyState(sys);
  const timeMs = ctx.quick ? 60 : 1500;
  for (const method of ["centroid", "maxAverage"] as const) {
    const options = { method };
    let i = 0;
    const call = () => {
      i = (i + 7) % 1000;
      fuzzify(state, sys, 0, i);
      fuzzify(state, sys, 1, i % 100);
      inferFuzzy(state, sys);
      return defuzzify(state, sys, 2, options);
    };
    const c = `fuzzy-weapon-${method}`;
    const t = measure(call, { timeMs });
    ctx.record({ case: c, library: "tactica", metric: "median_us_per_eval", value: t.medianUs, unit: "us" });
    ctx.record({ case: c, library: "tactica", metric: "bytes_per_eval", value: allocationPerCall(call, ctx.quick ? 2000 : 100_000), unit: "bytes" });
    consume(call());
    ctx.log(`fuzzy ${method}: ${t.medianUs.toFixed(3)} us/eval`);
  }
}
