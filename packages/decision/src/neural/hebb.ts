import { invalidArgument } from "@tactica/core";

/** A single-neurode classifier trained by the Hebb rule: weights and bias, plain data. */
export interface HebbNet {
  /** Weight per input. */
  weights: number[];
  /** Bias weight (bias input B = 1). */
  bias: number;
}

/**
 * Hebb learning ("Neural Netware"): start from `w = 0, b = 0`; for each training pair add
 * `y·x` to the weights and `y` to the bias. Use bipolar inputs and targets (−1/1). For bipolar
 * AND the result is `w = (2, 2), b = −2`. Perfect for orthogonal inputs; it "falls apart" for
 * non-orthogonal ones.
 *
 * @param inputs - Training input vectors, bipolar (−1/1), all of the same length; read only.
 * @param targets - Bipolar target (−1/1) per input vector.
 * @throws TacticaError when inputs and targets differ in count or inputs differ in length.
 */
export function trainHebb(inputs: readonly ArrayLike<number>[], targets: ArrayLike<number>): HebbNet {
  const where = "@tactica/decision: trainHebb";
  if (inputs.length === 0 || inputs.length !== targets.length)
    invalidArgument(where, "targets", "must have one target per input vector", "Pass matching arrays.");
  const n = inputs[0]!.length;
  const net: HebbNet = { weights: new Array<number>(n).fill(0), bias: 0 };
  inputs.forEach((x, k) => {
    if (x.length !== n) invalidArgument(where, `inputs[${k}]`, `has ${x.length} values, not ${n}`, "Give every input vector the same length.");
    const y = targets[k]!;
    for (let i = 0; i < n; i++) net.weights[i]! += x[i]! * y;
    net.bias += y;
  });
  return net;
}

/**
 * Classifies with a bipolar step at threshold 0: `1` when `b + Σ wᵢxᵢ ≥ 0`, else `−1`.
 * @param net - The trained classifier from {@link trainHebb}.
 * @param input - Bipolar input vector, at least `net.weights.length` values.
 */
export function classifyHebb(net: HebbNet, input: ArrayLike<number>): number {
  let s = net.bias;
  for (let i = 0; i < net.weights.length; i++) s += net.weights[i]! * input[i]!;
  return s >= 0 ? 1 : -1;
}
