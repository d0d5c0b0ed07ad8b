// Runs a package's loader cases under the fuzz contract in the unit suite: 2,000 inputs per loader
// (mutations, `wrong` inputs and the hostile classes of issue 32), each in a worker thread with a time
// limit so a hang fails the test instead of stalling CI.
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { HOSTILE_CLASSES, parseClasses } from "../src/fuzz/hostile";
import { DEFAULT_CI_RUNS, DEFAULT_SEED, type FuzzSettings, type LoaderCase } from "../src/fuzz/kit";
import { createFuzzPool } from "../src/fuzz/pool";
import { PENDING_HOSTILE } from "./pending-hostile";

/** The time limit per input in the unit suite (`FUZZ_TIMEOUT_MS` overrides). */
const TIMEOUT_MS = Number(process.env["FUZZ_TIMEOUT_MS"] ?? 5000);

/**
 * The hostile classes are on unless `FUZZ_HOSTILE=0`; `FUZZ_CLASSES=a,b` picks some. `FUZZ_RUNS=N`
 * overrides the inputs per loader.
 */
const SETTINGS: FuzzSettings = {
  hostile: process.env["FUZZ_HOSTILE"] !== "0",
  classes: process.env["FUZZ_CLASSES"] ? parseClasses(process.env["FUZZ_CLASSES"]) : HOSTILE_CLASSES,
  classesOnly: false,
};

/**
 * One test per loader of `qa/src/fuzz/cases/<file>.ts`: every seed accepted, some inputs rejected,
 * nothing else thrown, nothing slow, no hang, no rejected restore that changed its target.
 */
export function fuzzSuite(file: string, cases: readonly LoaderCase<unknown>[]): void {
  const path = fileURLToPath(new URL(`../src/fuzz/cases/${file}.ts`, import.meta.url));
  const pool = createFuzzPool({ size: 1, timeoutMs: TIMEOUT_MS });
  afterAll(() => pool.close());
  for (const c of cases) {
    it(`${c.pkg}/${c.name} accepts its seeds and rejects hostile input only with located TacticaErrors`, { timeout: 600_000 }, async () => {
      const runs = Number(process.env["FUZZ_RUNS"] ?? c.ciRuns ?? DEFAULT_CI_RUNS);
      const pending = PENDING_HOSTILE[`${c.pkg}/${c.name}`] ?? [];
      const settings: FuzzSettings = pending.length ? { ...SETTINGS, classes: SETTINGS.classes.filter((k) => !pending.includes(k)) } : SETTINGS;
      const s = await pool.run(c, path, runs, DEFAULT_SEED, settings);
      const detail = s.failures.map((f) => `  [${f.cls}] ${f.reason}\n    input: ${f.input}`).join("\n");
      const counts = `other ${s.other}, slow ${s.slow}, hangs ${s.hangs}, changed ${s.changed}`;
      expect(s.other + s.slow + s.hangs + s.changed, `${counts}:\n${detail}`).toBe(0);
      expect(s.rejected, "no mutated input was rejected: the mutations do not reach the loader").toBeGreaterThan(0);
      expect(s.inputs).toBe(runs + c.seeds.length);
    });
  }
}
