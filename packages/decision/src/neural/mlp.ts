import { assertInteger, assertPositive, assertRange, invalidArgument, rngFloat, type Rng } from "@tactica/core";

/**
 * A multi-layer perceptron with sigmoid units, trained by back-propagation. `layers` lists the
 * sizes from input to output (e.g. `[3, 8, 8, 2]` for the vehicle controller). Weights and
 * biases are flat `Float64Array`s; {@link mlpToJson} / {@link mlpFromJson} give plain number arrays.
 */
export interface Mlp {
  /** Layer sizes, input first. */
  readonly layers: readonly number[];
  /** All weights: for each layer l ≥ 1, `layers[l] × layers[l−1]` row-major (row = neuron). */
  readonly weights: Float64Array;
  /** All biases: for each layer l ≥ 1, `layers[l]` values. */
  readonly biases: Float64Array;
  /** Activations per neuron of every layer (scratch, input layer included). */
  readonly activations: Float64Array;
  /** Back-propagated deltas (scratch). */
  readonly deltas: Float64Array;
  /** Previous weight changes (momentum). */
  readonly weightMomentum: Float64Array;
  /** Previous bias changes (momentum). */
  readonly biasMomentum: Float64Array;
}

/** Plain-data weights of an {@link Mlp} (JSON-safe, round-trips exactly). */
export interface MlpWeights {
  /** Layer sizes. */
  layers: number[];
  /** Weights. */
  weights: number[];
  /** Biases. */
  biases: number[];
}

/** Most weights one network may hold (2^24: 128 MB of weights plus momentum). */
const MAX_WEIGHTS = 1 << 24;

/**
 * Creates an MLP with weights drawn uniformly in `[−scale, scale]` (`options.scale`, default 0.5) from `rng`.
 *
 * @param layers - Layer sizes from input to output (at least two), each an integer in [1, 65536]; at most 2^24 weights in all.
 * @param rng - Generator; draws one float per weight and bias.
 * @param options - `scale`: weights and biases are drawn uniformly in `[−scale, scale]`, > 0. Left out: 0.5.
 * @throws TacticaError `INVALID_ARGUMENT` for fewer than two layers, a layer size outside [1, 65536] or more than 2^24 weights.
 */
export function createMlp(layers: readonly number[], rng: Rng, options?: { scale?: number }): Mlp {
  const scale = options?.scale ?? 0.5;
  const where = "@tactica/decision: createMlp";
  if (layers.length < 2) invalidArgument(where, "layers", "needs at least an input and an output layer", "Pass sizes like [3, 8, 2].");
  layers.forEach((n, i) => assertInteger(where, `layers[${i}]`, n, 1, 1 << 16));
  assertPositive(where, "scale", scale);
  let nw = 0;
  let nb = 0;
  let na = 0;
  for (let l = 0; l < layers.length; l++) {
    na += layers[l]!;
    if (l > 0) {
      nw += layers[l]! * layers[l - 1]!;
      nb += layers[l]!;
    }
  }
  if (nw > MAX_WEIGHTS)
    invalidArgument(where, "layers", `needs ${nw} weights; at most ${MAX_WEIGHTS} are allowed`, "Use smaller layers (this is a small-network module).");
  const net: Mlp = {
    layers: layers.slice(),
    weights: new Float64Array(nw),
    biases: new Float64Array(nb),
    activations: new Float64Array(na),
    deltas: new Float64Array(na),
    weightMomentum: new Float64Array(nw),
    biasMomentum: new Float64Array(nb),
  };
  for (let i = 0; i < nw; i++) net.weights[i] = rngFloat(rng, -scale, scale);
  for (let i = 0; i < nb; i++) net.biases[i] = rngFloat(rng, -scale, scale);
  return net;
}

/** Forward pass into `net.activations` (and the output layer into `out` when given). */
function forwardMlp(net: Mlp, input: ArrayLike<number>, out: { [i: number]: number; length: number } | undefined): void {
  const L = net.layers;
  const a = net.activations;
  for (let i = 0; i < L[0]!; i++) a[i] = input[i]!;
  let w = 0;
  let b = 0;
  let prev = 0;
  let cur = L[0]!;
  for (let l = 1; l < L.length; l++) {
    const nIn = L[l - 1]!;
    const nOut = L[l]!;
    for (let j = 0; j < nOut; j++) {
      let s = net.biases[b + j]!;
      for (let i = 0; i < nIn; i++) s += net.weights[w + j * nIn + i]! * a[prev + i]!;
      a[cur + j] = 1 / (1 + Math.exp(-s));
    }
    w += nIn * nOut;
    b += nOut;
    prev = cur;
    cur += nOut;
  }
  if (out) {
    const nOut = L[L.length - 1]!;
    for (let j = 0; j < nOut; j++) out[j] = a[prev + j]!;
  }
}

/**
 * Forward pass: writes the output layer into `out` (one entry per output unit, in [0, 1]) and
 * every activation into `net.activations`. O(weights), no allocation.
 * @param out - Output buffer, length ≥ the output layer's size.
 * @param net - The network.
 * @param input - Input activations, one per input unit.
 */
export function runMlp(out: { [i: number]: number; length: number }, net: Mlp, input: ArrayLike<number>): void {
  forwardMlp(net, input, out);
}

/** Options of {@link trainMlpSample}. */
export interface TrainMlpSampleOptions {
  /** Fraction of the previous weight change added to this one, in [0, 1). Default 0. */
  momentum?: number;
}

/**
 * One back-propagation step on a single sample (online gradient descent with momentum):
 * forward, output deltas `(t − y)·y·(1 − y)`, hidden deltas back through the weights, then
 * `Δw = rate·δ·x + momentum·Δw_prev`. Returns the sample's squared error `Σ (t − y)²`. No allocation.
 * @param net - The network; weights, biases, momentum and scratch activations are updated in place.
 * @param input - Input vector of `layers[0]` values.
 * @param target - Target output vector of `layers[last]` values, in [0, 1] (sigmoid outputs).
 * @param rate - Learning rate (step size) of the gradient step, > 0 (not checked).
 * @param options - `momentum`: fraction of the previous weight change added, in [0, 1). Left out: 0.
 */
export function trainMlpSample(net: Mlp, input: ArrayLike<number>, target: ArrayLike<number>, rate: number, options: TrainMlpSampleOptions = {}): number {
  const momentum = options.momentum ?? 0;
  forwardMlp(net, input, undefined);
  const L = net.layers;
  const a = net.activations;
  const d = net.deltas;
  // Offsets of each layer in activations / weights / biases.
  let aOff = 0;
  for (let l = 0; l < L.length - 1; l++) aOff += L[l]!;
  const nOut = L[L.length - 1]!;
  let err = 0;
  for (let j = 0; j < nOut; j++) {
    const y = a[aOff + j]!;
    const e = target[j]! - y;
    err += e * e;
    d[aOff + j] = e * y * (1 - y);
  }
  let wEnd = net.weights.length;
  let bEnd = net.biases.length;
  let curOff = aOff;
  for (let l = L.length - 1; l >= 1; l--) {
    const nI = L[l - 1]!;
    const nO = L[l]!;
    const wOff = wEnd - nI * nO;
    const bOff = bEnd - nO;
    const prevOff = curOff - nI;
    if (l > 1) {
      for (let i = 0; i < nI; i++) {
        let s = 0;
        for (let j = 0; j < nO; j++) s += net.weights[wOff + j * nI + i]! * d[curOff + j]!;
        const y = a[prevOff + i]!;
        d[prevOff + i] = s * y * (1 - y);
      }
    }
    for (let j = 0; j < nO; j++) {
      const dj = d[curOff + j]!;
      for (let i = 0; i < nI; i++) {
        const k = wOff + j * nI + i;
        const dw = rate * dj * a[prevOff + i]! + momentum * net.weightMomentum[k]!;
        net.weights[k]! += dw;
        net.weightMomentum[k] = dw;
      }
      const db = rate * dj + momentum * net.biasMomentum[bOff + j]!;
      net.biases[bOff + j]! += db;
      net.biasMomentum[bOff + j] = db;
    }
    wEnd = wOff;
    bEnd = bOff;
    curOff = prevOff;
  }
  return err;
}

/** Options for {@link trainMlp}. */
export interface TrainMlpOptions {
  /** Maximum epochs (default 10,000). */
  epochs?: number;
  /** Learning rate (default 0.5). */
  rate?: number;
  /** Momentum in [0, 1) (default 0.9). */
  momentum?: number;
  /** Stop when the mean squared error per output falls below this (default 0). */
  targetMse?: number;
}

/**
 * Trains on `samples` (input, target pairs) for up to `epochs` passes in the given order
 * (deterministic), stopping early at `targetMse`. Returns the final mean squared error per
 * output value.
 * @param net - The network, trained in place.
 * @param inputs - Training input vectors, each of `layers[0]` values; visited in order every epoch.
 * @param targets - One target vector per input, each of `layers[last]` values in [0, 1].
 * @param options - `epochs` (default 10,000), `rate` (default 0.5), `momentum` in [0, 0.999] (default 0.9) and `targetMse` (stop below this mean
 *   squared error; default 0).
 */
export function trainMlp(net: Mlp, inputs: readonly ArrayLike<number>[], targets: readonly ArrayLike<number>[], options: TrainMlpOptions = {}): number {
  const where = "@tactica/decision: trainMlp";
  if (inputs.length === 0 || inputs.length !== targets.length) invalidArgument(where, "targets", "must have one target per input", "Pass matching arrays.");
  const epochs = assertInteger(where, "options.epochs", options.epochs ?? 10_000, 1, Number.MAX_SAFE_INTEGER);
  const rate = assertPositive(where, "options.rate", options.rate ?? 0.5);
  const momentum = assertRange(where, "options.momentum", options.momentum ?? 0.9, 0, 0.999);
  const target = options.targetMse ?? 0;
  const nOut = net.layers[net.layers.length - 1]!;
  const sampleOptions: TrainMlpSampleOptions = { momentum };
  let mse = Infinity;
  for (let e = 0; e < epochs; e++) {
    let sum = 0;
    for (let k = 0; k < inputs.length; k++) sum += trainMlpSample(net, inputs[k]!, targets[k]!, rate, sampleOptions);
    mse = sum / (inputs.length * nOut);
    if (mse < target) break;
  }
  return mse;
}

/**
 * Copies the weights into plain arrays (JSON-safe data, see {@link mlpFromJson}).
 * @param net - The network to copy; read only.
 */
export function mlpToJson(net: Mlp): MlpWeights {
  return { layers: net.layers.slice(), weights: Array.from(net.weights), biases: Array.from(net.biases) };
}

/**
 * Rebuilds an MLP from {@link mlpToJson} output (validated: any JSON value is accepted as input);
 * inference gives bit-identical results.
 *
 * @param json - Parsed JSON of any shape, normally {@link mlpToJson} output; validated in full.
 * @throws TacticaError `INVALID_ARGUMENT` naming the JSON path when the data is malformed or the array lengths do not fit the layer sizes.
 */
export function mlpFromJson(json: unknown): Mlp {
  const where = "@tactica/decision: mlpFromJson";
  const fix = "Pass what mlpToJson produced.";
  if (json === null || typeof json !== "object") invalidArgument(where, "json", "must be an object { layers, weights, biases }", fix);
  const data = json as Record<string, unknown>;
  for (const f of ["layers", "weights", "biases"]) {
    const a = data[f];
    if (!Array.isArray(a)) invalidArgument(where, `json.${f}`, "must be an array of numbers", fix);
    a.forEach((v: unknown, i) => {
      if (typeof v !== "number" || !Number.isFinite(v)) invalidArgument(where, `json.${f}[${i}]`, "must be a finite number", fix);
    });
  }
  const layers = data["layers"] as number[];
  const weights = data["weights"] as number[];
  const biases = data["biases"] as number[];
  if (layers.length < 2) invalidArgument(where, "json.layers", "needs at least an input and an output layer", fix);
  // Sizes are checked against the arrays actually given before anything is allocated.
  let nw = 0;
  let nb = 0;
  layers.forEach((n, i) => {
    if (!Number.isInteger(n) || n < 1 || n > 1 << 16) invalidArgument(where, `json.layers[${i}]`, "must be an integer in [1, 65536]", fix);
    if (i > 0) {
      nw += n * layers[i - 1]!;
      nb += n;
    }
  });
  if (weights.length !== nw) invalidArgument(where, "json.weights", `must hold ${nw} numbers for these layer sizes (holds ${weights.length})`, fix);
  if (biases.length !== nb) invalidArgument(where, "json.biases", `must hold ${nb} numbers for these layer sizes (holds ${biases.length})`, fix);
  const net = createMlp(layers, { s0: 1, s1: 2, s2: 3, s3: 4 });
  net.weights.set(weights);
  net.biases.set(biases);
  return net;
}
