import { assertInteger, invalidArgument } from "@tactica/core";

/** A Hopfield autoassociative net: `n × n` weights (row-major), zero diagonal. Plain data. */
export interface HopfieldNet {
  /** Number of neurodes. */
  size: number;
  /** Weights, `size × size`, row-major. */
  weights: number[];
}

/**
 * Trains a Hopfield net ("Neural Netware"): exemplars are given in binary (0/1), converted to
 * bipolar (−1/1), and `W = Σ Iᵀ I` with the diagonal set to 0. No bias. Capacity is not limited
 * to 16 neurodes.
 * @param exemplars - Patterns to store, binary (0/1) vectors of one length (the net size); read only.
 */
export function trainHopfield(exemplars: readonly ArrayLike<number>[]): HopfieldNet {
  const where = "@tactica/decision: trainHopfield";
  if (exemplars.length === 0) invalidArgument(where, "exemplars", "is empty", "Pass at least one binary vector.");
  const n = exemplars[0]!.length;
  const w = new Array<number>(n * n).fill(0);
  exemplars.forEach((e, k) => {
    if (e.length !== n) invalidArgument(where, `exemplars[${k}]`, `has ${e.length} values, not ${n}`, "Give every exemplar the same length.");
    for (let i = 0; i < n; i++) {
      if (e[i] !== 0 && e[i] !== 1)
        invalidArgument(where, `exemplars[${k}][${i}]`, "must be 0 or 1", "Exemplars are binary; they are made bipolar internally.");
      for (let j = 0; j < n; j++) if (i !== j) w[i * n + j]! += (2 * e[i]! - 1) * (2 * e[j]! - 1);
    }
  });
  return { size: n, weights: w };
}

/**
 * Recalls from a binary input ("train bipolar, recall binary"): repeats `y = fh(x·W)` with
 * `fh(s) = 1 if s ≥ 0 else 0` (note `≥`: with `>` the worked example fails), feeding the output
 * back synchronously until it stops changing or `options.maxIterations` (default 100) is reached (allocates
 * two n-vectors of scratch). Writes
 * the result to `out` and returns the number of iterations used (or -1 when it did not settle).
 * @param out - Receives the recalled binary pattern (length >= the net size); written in place.
 * @param net - The trained net from {@link trainHopfield}.
 * @param input - Binary (0/1) starting pattern of exactly the net size.
 * @param options - `maxIterations`: most synchronous updates, an integer >= 1. Left out: 100.
 */
export function recallHopfield(
  out: { [i: number]: number; length: number },
  net: HopfieldNet,
  input: ArrayLike<number>,
  options?: { maxIterations?: number },
): number {
  const maxIterations = options?.maxIterations ?? 100;
  assertInteger("@tactica/decision: recallHopfield", "maxIterations", maxIterations, 1, Number.MAX_SAFE_INTEGER);
  const n = net.size;
  if (input.length !== n || out.length < n)
    invalidArgument("@tactica/decision: recallHopfield", "input", `must have ${n} values (and out room for them)`, "Pass vectors of the net's size.");
  const cur = new Float64Array(n);
  const next = new Float64Array(n);
  for (let i = 0; i < n; i++) cur[i] = input[i]!;
  for (let it = 1; it <= maxIterations; it++) {
    let changed = false;
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += cur[i]! * net.weights[i * n + j]!;
      next[j] = s >= 0 ? 1 : 0;
      if (next[j] !== cur[j]) changed = true;
    }
    cur.set(next);
    if (!changed) {
      for (let i = 0; i < n; i++) out[i] = cur[i]!;
      return it;
    }
  }
  for (let i = 0; i < n; i++) out[i] = cur[i]!;
  return -1;
}
