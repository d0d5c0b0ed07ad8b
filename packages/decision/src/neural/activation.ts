/**
 * Activation functions of "Neural Netware" (LaMothe): step with threshold θ (1 if x ≥ θ, else
 * 0), bipolar step (1 if x ≥ θ, else −1), linear (x) and the exponential sigmoid
 * `1 / (1 + e^(−σx))`.
 */
export type Activation =
  | {
      /** Binary step. */
      type: "step";
      /** Threshold θ (default 0). */
      theta?: number;
    }
  | {
      /** Bipolar step. */
      type: "bipolarStep";
      /** Threshold θ (default 0). */
      theta?: number;
    }
  | {
      /** Identity. */
      type: "linear";
    }
  | {
      /** Logistic sigmoid. */
      type: "sigmoid";
      /** Steepness σ (default 1). */
      sigma?: number;
    };

/**
 * Applies `f` to `x`. O(1).
 * @param f - The activation function and its parameter (`theta` threshold for the steps, `sigma` steepness for the sigmoid).
 * @param x - The neurode's net input.
 */
export function activate(f: Activation, x: number): number {
  switch (f.type) {
    case "step":
      return x >= (f.theta ?? 0) ? 1 : 0;
    case "bipolarStep":
      return x >= (f.theta ?? 0) ? 1 : -1;
    case "linear":
      return x;
    default:
      return 1 / (1 + Math.exp(-(f.sigma ?? 1) * x));
  }
}

/**
 * A McCulloch–Pitts neurode: `1` when `Σ wᵢxᵢ ≥ θ`, else `0` (no bias). AND is `w = (1, 1), θ = 2`;
 * OR is `w = (1, 1), θ = 1`.
 * @param weights - Weight per input; its length is the number of inputs read.
 * @param theta - Firing threshold: the output is 1 when the weighted sum is >= `theta`.
 * @param inputs - Input values, at least `weights.length`; read only.
 */
export function mcCullochPitts(weights: ArrayLike<number>, theta: number, inputs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < weights.length; i++) s += weights[i]! * inputs[i]!;
  return s >= theta ? 1 : 0;
}

/**
 * A neurode with bias: `y = f(B·b + Σ wᵢxᵢ)` with bias input `B = 1`.
 * @param weights - Weight per input; its length is the number of inputs read.
 * @param bias - Bias weight (the bias input is 1), added to the weighted sum.
 * @param inputs - Input values, at least `weights.length`; read only.
 * @param f - Activation applied to the sum (see {@link activate}).
 */
export function neurode(weights: ArrayLike<number>, bias: number, inputs: ArrayLike<number>, f: Activation): number {
  let s = bias;
  for (let i = 0; i < weights.length; i++) s += weights[i]! * inputs[i]!;
  return activate(f, s);
}
