// Timing and allocation measurement for the suites. Wall time is noisy on shared machines, so
// suites measure Tactica and its baseline or peer in the same process run and report ratios.
import { Session } from "node:inspector";

/** Summary of a timed function. */
export interface Timing {
  /** Operations per second, from the median sample. */
  opsPerSec: number;
  /** Median time per operation, microseconds. */
  medianUs: number;
  /** 95th-percentile time per operation over samples, microseconds. */
  p95Us: number;
  /** Number of samples taken. */
  samples: number;
  /** Operations per sample (the calibrated batch size). */
  batch: number;
}

/** Options for {@link measure}. */
export interface MeasureOptions {
  /** Total time to spend sampling, ms (default 600). */
  timeMs?: number;
  /** Minimum time per sample, ms (default 10); the batch size is calibrated to reach it. */
  sampleMs?: number;
  /** Minimum number of samples (default 5). */
  minSamples?: number;
}

/** Value at quantile `q` (0..1) of an ascending-sorted array. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error("quantile of no values");
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[i]!;
}

let sink = 0;
/** Keeps a value alive so the optimiser cannot drop the work that produced it. */
export function consume(value: number | boolean | object | undefined): void {
  sink ^= typeof value === "number" ? value | 0 : value ? 1 : 0;
}
/** Read the sink (so `consume` has an observable effect). */
export function sinkValue(): number {
  return sink;
}

/**
 * Times `fn` (one operation per call): warms up, calibrates a batch that takes at least
 * `sampleMs`, then takes samples for `timeMs`. Reports median and p95 per operation.
 */
export function measure(fn: () => unknown, options: MeasureOptions = {}): Timing {
  const timeMs = options.timeMs ?? 600;
  const sampleMs = options.sampleMs ?? 10;
  const minSamples = options.minSamples ?? 5;
  // Warm-up and calibration.
  let batch = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    const dt = performance.now() - t0;
    if (dt >= sampleMs || batch >= 1 << 24) break;
    batch = dt <= 0.01 ? batch * 16 : Math.max(batch + 1, Math.ceil((batch * sampleMs) / dt));
  }
  const perOp: number[] = [];
  const start = performance.now();
  while (perOp.length < minSamples || performance.now() - start < timeMs) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    perOp.push(((performance.now() - t0) * 1000) / batch);
    if (perOp.length > 10_000) break;
  }
  perOp.sort((a, b) => a - b);
  const medianUs = quantile(perOp, 0.5);
  return { opsPerSec: 1e6 / medianUs, medianUs, p95Us: quantile(perOp, 0.95), samples: perOp.length, batch };
}

/** One synchronous request to the in-process inspector (its session answers before `post` returns). */
function inspectorPost<T>(method: string, params: object = {}): T {
  session ??= (() => {
    const s = new Session();
    s.connect();
    return s;
  })();
  const answer: { error: Error | null; result?: T } = { error: null };
  session.post(method, params, (err, res) => {
    answer.error = err;
    answer.result = res as T;
  });
  if (answer.error) throw answer.error;
  return answer.result as T;
}
let session: Session | undefined;

interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
}

/**
 * Bytes allocated per call of `fn` in this process, averaged over `iterations` calls after a
 * warm-up of up to 1,000 calls: every object the calls allocate, including the ones a scavenge or
 * a full collection already freed, estimated by the inspector's sampling heap profiler
 * (`HeapProfiler.startSampling`, 128-byte interval, `includeObjectsCollectedByMinorGC` and
 * `includeObjectsCollectedByMajorGC`). It never clamps: a real allocation always shows, however
 * large the young generation. It includes what the harness's own closure allocates (a boxed
 * fractional argument or result) and a few hundred bytes of inspector traffic per measurement
 * (divided by `iterations`). The suites run the TypeScript sources through tsx; the figures the
 * READMEs quote for the built packages come from `pnpm bench:alloc` (a plain Node process per
 * function, importing `dist`).
 */
export function allocationPerCall(fn: () => unknown, iterations = 10_000): number {
  for (let i = 0; i < Math.min(1000, iterations); i++) fn(); // warm-up: fill caches and pools
  inspectorPost("HeapProfiler.enable");
  inspectorPost("HeapProfiler.startSampling", { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let i = 0; i < iterations; i++) fn();
  const { profile } = inspectorPost<{ profile: { head: SamplingNode } }>("HeapProfiler.stopSampling");
  let bytes = 0;
  const stack = [profile.head];
  while (stack.length) {
    const node = stack.pop()!;
    bytes += node.selfSize;
    stack.push(...node.children);
  }
  return bytes / iterations;
}
