// Runs a package's loader cases under the fuzz contract in the unit suite (a few thousand inputs each).
import { expect, it } from "vitest";
import { DEFAULT_CI_RUNS, runFuzz, type LoaderCase } from "../src/fuzz/kit";

/** One test per loader: every seed accepted, some mutations rejected, nothing else thrown, nothing slow. */
export function fuzzSuite(cases: readonly LoaderCase<unknown>[]): void {
  for (const c of cases) {
    it(`${c.pkg}/${c.name} accepts its seeds and rejects hostile input only with located TacticaErrors`, () => {
      const runs = Number(process.env["FUZZ_RUNS"] ?? c.ciRuns ?? DEFAULT_CI_RUNS);
      const s = runFuzz(c, runs);
      const detail = s.failures.map((f) => `  ${f.reason}\n    input: ${f.input}`).join("\n");
      expect(s.other, `${s.other} inputs broke the contract:\n${detail}`).toBe(0);
      expect(s.slow, `slow inputs (> 1 s):\n${detail}`).toBe(0);
      expect(s.rejected, "no mutated input was rejected: the mutations do not reach the loader").toBeGreaterThan(0);
      expect(s.inputs).toBe(runs + c.seeds.length);
    });
  }
}
