import { rngNextFloat, type Rng } from "@tactica/core";
import { fail, isFiniteNumber } from "../internal/fail.js";

/** Largest queue length the samplers accept as an observed count (their work and memory grow with it). @internal */
export const MAX_QUEUE_LENGTH = 1_000_000;

function checkRates(fn: string, addRate: number, removeRate: number): number {
  if (!isFiniteNumber(addRate) || addRate < 0) fail("INVALID_ARGUMENT", fn, `addRate must be a finite number ≥ 0, got ${addRate}.`, "addRate");
  if (!isFiniteNumber(removeRate) || removeRate <= 0) fail("INVALID_ARGUMENT", fn, `removeRate must be a finite number > 0, got ${removeRate}.`, "removeRate");
  const rho = addRate / removeRate;
  if (rho >= 1)
    fail(
      "NARRATIVE_QUEUE",
      fn,
      `rate ratio ρ = addRate / removeRate = ${rho} must be < 1 for the queue to have a finite length; lower addRate or raise removeRate.`,
      "addRate",
    );
  return rho;
}

/**
 * Fills `out[n]` with the M/M/1 stationary probability p(n) = (1 − ρ)ρⁿ (Eq. 37.1–37.2) for
 * n < out.length and returns `out`. ρ = addRate / removeRate ≥ 1 throws `NARRATIVE_QUEUE`. The mean
 * queue length is ρ/(1 − ρ) (the chapter's "1/(1 − ρ)" is an erratum).
 * @param out - Receives p(n) for n = 0 … `out.length − 1`; written in place and returned.
 * @param addRate - Arrivals per time unit (finite, >= 0).
 * @param removeRate - Departures per time unit (finite, > 0); `addRate / removeRate` must be < 1.
 */
export function mm1Stationary<T extends number[] | Float64Array>(out: T, addRate: number, removeRate: number): T {
  const rho = checkRates("mm1Stationary", addRate, removeRate);
  let p = 1 - rho;
  for (let n = 0; n < out.length; n++, p *= rho) out[n] = p;
  return out;
}

/** Fills `out[0..nMax]` with e^(−x)·I_k(x), modified Bessel functions of the first kind, by Miller's backward recurrence normalised with e^(−x)(I₀ + 2ΣI_k) = 1. @internal */
export function besselIScaled(out: Float64Array, x: number): Float64Array {
  const nMax = out.length - 1;
  out.fill(0);
  if (x === 0) {
    out[0] = 1;
    return out;
  }
  const big = Math.max(nMax, x);
  const top = Math.ceil(big + 20 + 12 * Math.sqrt(big));
  let next = 0; // I_{k+1}
  let cur = 1e-300; // I_k at k = top
  let sum = 0;
  for (let k = top; k >= 1; k--) {
    const prev = next + ((2 * k) / x) * cur; // I_{k-1}
    next = cur;
    cur = prev;
    sum += 2 * next;
    if (k - 1 <= nMax) out[k - 1] = cur;
    if (k <= nMax) out[k] = next;
    if (cur > 1e250) {
      cur *= 1e-250;
      next *= 1e-250;
      sum *= 1e-250;
      for (let i = k - 1; i <= nMax; i++) out[i]! *= 1e-250;
    }
  }
  sum += cur; // + I_0
  for (let i = 0; i <= nMax; i++) out[i]! /= sum;
  return out;
}

let bessel = new Float64Array(64);
let tail = new Float64Array(64);

/**
 * Fills `out[n]` with the M/M/1 transient probability p(n | dt, m): the queue held `m` items `dt`
 * time units ago (Eq. 37.3–37.7 with the erratum fixed: the tail sum uses I_j(at), not
 * I_{n+m+1}(at)). Exponentially scaled Bessel values keep large `a·dt` finite. Returns `out`.
 *
 * @param out - Receives p(n | t, m) for n = 0 … `out.length − 1`; written in place and returned.
 * @param addRate - Arrivals per time unit (finite, >= 0).
 * @param removeRate - Departures per time unit (finite, > 0); `addRate / removeRate` must be < 1.
 * @param m - Queue length observed `t` time units ago, an integer >= 0.
 * @param dt - Elapsed time since that observation, finite and >= 0, in the rates' time unit.
 * @example
 * ```ts
 * const p = mm1Transient(new Float64Array(9), 0.5, 1, 6, 10); // Table 37.1, dt = 10
 * p[3].toFixed(3); // → "0.103"
 * ```
 */
export function mm1Transient<T extends number[] | Float64Array>(out: T, addRate: number, removeRate: number, m: number, dt: number): T {
  const FN = "mm1Transient";
  const rho = checkRates(FN, addRate, removeRate);
  if (!Number.isInteger(m) || m < 0) fail("INVALID_ARGUMENT", FN, `m (the count observed) must be an integer ≥ 0, got ${m}.`, "m");
  if (!isFiniteNumber(dt) || dt < 0) fail("INVALID_ARGUMENT", FN, `dt must be a finite number ≥ 0, got ${dt}.`, "dt");
  const N = out.length;
  if (dt === 0) {
    for (let n = 0; n < N; n++) out[n] = n === m ? 1 : 0;
    return out;
  }
  if (addRate === 0) {
    // pure death process: Poisson departures clamped at 0
    const mu = removeRate * dt;
    let tail = 1;
    for (let n = 0; n < N; n++) out[n] = 0;
    let pk = Math.exp(-mu);
    for (let k = 0; k < m; k++) {
      if (m - k < N) out[m - k] = pk;
      tail -= pk;
      pk *= mu / (k + 1);
    }
    if (N > 0) out[0] = Math.max(0, tail);
    return out;
  }
  // The distance to the stationary distribution decays like e^{-(√μ − √λ)² dt}: past e^{-50} use it.
  if ((Math.sqrt(removeRate) - Math.sqrt(addRate)) ** 2 * dt > 50) return mm1Stationary(out, addRate, removeRate);
  const x = 2 * Math.sqrt(addRate * removeRate) * dt; // a·dt
  const scale = Math.exp(-(addRate + removeRate) * dt + x); // e^{-(λ+μ)dt} / e^{-x}
  const sr = Math.sqrt(rho);
  const lsr = Math.log(sr);
  const jMax = N + m + 2 + Math.ceil(Math.E * removeRate * dt + 10 * Math.sqrt(removeRate * dt + 1) + 40);
  if (bessel.length < jMax + 1) bessel = new Float64Array(jMax + 1);
  const I = besselIScaled(bessel.length === jMax + 1 ? bessel : (bessel = new Float64Array(jMax + 1)), x);
  // p(n) = e^{-(λ+μ)dt} [ρ^{(n-m)/2} I_{n-m} + ρ^{(n-m-1)/2} I_{n+m+1} + (1-ρ) ρ^n Σ_{j ≥ n+m+2} ρ^{-j/2} I_j]
  const term = (power: number, value: number): number => (value > 0 ? Math.exp(power * lsr + Math.log(value)) : 0);
  // U[k] = Σ_{j ≥ k} ρ^{(k-j)/2} I_j, so the tail sum is ρ^{(n-m-2)/2} U[n+m+2]
  if (tail.length < jMax + 2) tail = new Float64Array(jMax + 2);
  tail[jMax + 1] = 0;
  for (let k = jMax; k >= 0; k--) tail[k] = I[k]! + tail[k + 1]! / sr;
  for (let n = 0; n < N; n++) {
    const p = term(n - m, I[Math.abs(n - m)]!) + term(n - m - 1, I[n + m + 1]!) + (1 - rho) * term(n - m - 2, tail[n + m + 2]!);
    out[n] = Math.max(0, scale * p);
  }
  return out;
}

/**
 * Draws a queue length from the stationary distribution (first visit), exactly: ⌊ln(1 − u)/ln ρ⌋.
 * @param addRate - Arrivals per time unit (finite, >= 0); 0 always gives 0.
 * @param removeRate - Departures per time unit (finite, > 0); `addRate / removeRate` must be < 1.
 * @param rng - Generator; one float draw (none when `addRate` is 0).
 */
export function sampleStationaryQueue(addRate: number, removeRate: number, rng: Rng): number {
  const rho = checkRates("sampleStationaryQueue", addRate, removeRate);
  if (rho === 0) return 0;
  return Math.floor(Math.log(1 - rngNextFloat(rng)) / Math.log(rho));
}

let pmf = new Float64Array(64);

/**
 * Draws a queue length `dt` after it held `m` items, by the cumulative sum of
 * {@link mm1Transient} (one uniform draw).
 * @param addRate - Arrivals per time unit (finite, >= 0).
 * @param removeRate - Departures per time unit (finite, > 0); `addRate / removeRate` must be < 1.
 * @param m - Queue length observed `t` time units ago, an integer in [0, 1,000,000].
 * @param dt - Elapsed time, finite and >= 0, in the rates' time unit.
 * @param rng - Generator; one float draw.
 */
export function sampleTransientQueue(addRate: number, removeRate: number, m: number, dt: number, rng: Rng): number {
  const rho = checkRates("sampleTransientQueue", addRate, removeRate);
  if (!Number.isInteger(m) || m < 0 || m > MAX_QUEUE_LENGTH)
    fail("INVALID_ARGUMENT", "sampleTransientQueue", `m must be an integer in [0, ${MAX_QUEUE_LENGTH}], got ${m}.`, "m");
  const lt = addRate * dt;
  const arrivals = Math.ceil(lt + 10 * Math.sqrt(lt + 1) + 20);
  const stationary = rho === 0 ? 1 : Math.ceil(Math.log(1e-12) / Math.log(rho)) + 1;
  const N = m + Math.min(arrivals, stationary + m) + 1;
  if (pmf.length < N) pmf = new Float64Array(N);
  const p = mm1Transient(pmf.length === N ? pmf : (pmf = new Float64Array(N)), addRate, removeRate, m, dt);
  const u = rngNextFloat(rng);
  let acc = 0;
  let last = 0;
  for (let n = 0; n < N; n++) {
    if (p[n]! > 0) last = n;
    acc += p[n]!;
    if (acc > u) return n;
  }
  return last;
}
