// `pnpm soak [--steps N] [--seed S] [--runs R]`: runs the soak world (crowds with ORCA and boids,
// behaviour trees, state machines, utility scoring, grid D* Lite replanning) for N steps
// (default 1,000,000), R times (default 2, to compare the state hashes), checking for NaN and
// Infinity every 100 steps and sampling the heap (after a forced GC, `--expose-gc`) every 10,000
// steps of the first run. Prints a table; exits 1 on a NaN, a growing heap or differing hashes.
import { runSoak, type SoakRunResult } from "./world";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const steps = Number(flag("--steps") ?? 1_000_000);
const seed = Number(flag("--seed") ?? 1);
const runs = Number(flag("--runs") ?? 2);
if (!Number.isInteger(steps) || steps < 1) throw new Error(`--steps must be a positive integer, got ${flag("--steps")}`);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${flag("--runs")}`);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.error("note: run with node --expose-gc (pnpm soak does) to measure the heap");

/** Heap samples `[steps, bytes]` after a forced GC, every 10,000 steps of the first run. */
const samples: [number, number][] = [];
const started = performance.now();
const sample = (at: number): void => {
  if (gc) {
    gc();
    samples.push([at, process.memoryUsage().heapUsed]);
  }
  // A progress line every 100,000 steps, so a run cut short still reports its figures.
  if (at % 100_000 === 0) {
    const secs = (performance.now() - started) / 1000;
    const heap = samples.length ? `, heap ${(samples[samples.length - 1]![1] / 2 ** 20).toFixed(2)} MB` : "";
    console.error(`progress: ${at} steps, ${secs.toFixed(0)} s, ${(at / secs).toFixed(0)} steps/s${heap}, no NaN so far`);
  }
};

const results: SoakRunResult[] = [];
for (let r = 0; r < runs; r++) {
  const res = runSoak({ steps, seed, ...(r === 0 ? { onBlock: sample } : {}) });
  results.push(res);
  console.error(`run ${r + 1}: ${res.steps} steps in ${(res.ms / 1000).toFixed(1)} s, hash ${res.hash}${res.nonFinite ? `, ${res.nonFinite}` : ""}`);
}

// Heap slope after warm-up (a tenth of the run, 10,000 to 100,000 steps: JIT and inline caches
// settle), least squares, in bytes per 10k steps.
const warmup = Math.min(100_000, Math.max(10_000, Math.floor(steps / 10)));
const warm = samples.filter(([at]) => at >= warmup);
let slope = Number.NaN;
if (warm.length >= 3) {
  const n = warm.length;
  const mx = warm.reduce((s, [x]) => s + x, 0) / n;
  const my = warm.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of warm) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  slope = (sxy / sxx) * 10_000;
}
const heaps = warm.map(([, y]) => y);
const first = results[0]!;
const sameHash = results.every((r) => r.hash === first.hash);
const mb = (b: number): string => (b / 2 ** 20).toFixed(2);
// A flat heap: a trend under 10,000 bytes per 10k steps (1 byte a step; one leaked object a step
// would be ≥ 160,000). Sampling noise after a forced GC is a few KB either way.
const FLAT = 10_000;
const rows: [string, string][] = [
  ["steps per run", String(first.steps)],
  ["runs", String(results.length)],
  ["time (run 1)", `${(first.ms / 1000).toFixed(1)} s`],
  ["steps/s", (first.steps / (first.ms / 1000)).toFixed(0)],
  [
    "NaN/Infinity checks",
    `${results.reduce((s, r) => s + r.checks, 0)}, ${results.some((r) => r.nonFinite) ? results.find((r) => r.nonFinite)!.nonFinite! : "none found"}`,
  ],
  ["heap after warm-up", warm.length ? `${mb(heaps[0]!)} MB (at step ${warmup})` : "n/a"],
  ["heap at end", warm.length ? `${mb(heaps[heaps.length - 1]!)} MB` : "n/a"],
  ["heap min / max after warm-up", warm.length ? `${mb(Math.min(...heaps))} / ${mb(Math.max(...heaps))} MB` : "n/a"],
  [
    "heap trend (least squares)",
    Number.isNaN(slope) ? "n/a (needs 3 samples after warm-up and --expose-gc)" : `${slope.toFixed(0)} bytes per 10k steps (flat: < ${FLAT})`,
  ],
  ["D* Lite trips / walls moved / crowd churn", `${first.trips} / ${first.wallMoves} / ${first.churn}`],
  ["state hash", results.map((r) => r.hash).join(" ")],
  ["same hash on every run", sameHash ? "yes" : "NO"],
];
const w = Math.max(...rows.map(([k]) => k.length));
console.log(`| ${"check".padEnd(w)} | value |`);
console.log(`|${"-".repeat(w + 2)}|-------|`);
for (const [k, v] of rows) console.log(`| ${k.padEnd(w)} | ${v} |`);
const bad = results.some((r) => r.nonFinite !== null) || !sameHash || (!Number.isNaN(slope) && slope > FLAT);
console.log(`\n${bad ? "FAIL" : "OK"}: soak of ${first.steps} steps (seed ${seed})`);
process.exitCode = bad ? 1 : 0;
