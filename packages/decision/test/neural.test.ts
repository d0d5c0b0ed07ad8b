import { createRng } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  activate,
  classifyHebb,
  createMlp,
  mlpFromJson,
  mcCullochPitts,
  recallHopfield,
  runMlp,
  mlpToJson,
  trainHebb,
  trainHopfield,
  trainMlp,
} from "../src/index";

describe("McCulloch–Pitts and activations (Neural Netware)", () => {
  it("AND (θ = 2), OR (θ = 1) and two-layer XOR (θ = 1 everywhere)", () => {
    const pairs = [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ];
    expect(pairs.map((p) => mcCullochPitts([1, 1], 2, p))).toEqual([0, 0, 0, 1]);
    expect(pairs.map((p) => mcCullochPitts([1, 1], 1, p))).toEqual([0, 1, 1, 1]);
    const xor = (p: number[]) => {
      const z1 = mcCullochPitts([1, -1], 1, p); // w1 = 1, w2 = −1
      const z2 = mcCullochPitts([-1, 1], 1, p); // w3 = −1... w4 = 1 (X1 ∧ ¬X2 and ¬X1 ∧ X2)
      return mcCullochPitts([1, 1], 1, [z1, z2]); // w5 = w6 = 1
    };
    expect(pairs.map(xor)).toEqual([0, 1, 1, 0]);
    expect(activate({ type: "step", theta: 1 }, 1)).toBe(1);
    expect(activate({ type: "bipolarStep" }, -0.1)).toBe(-1);
    expect(activate({ type: "sigmoid", sigma: 2 }, 0)).toBe(0.5);
  });
});

describe("Hebb net", () => {
  it("bipolar AND gives w = (2, 2), b = −2 and classifies all four patterns", () => {
    const X = [
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
    ];
    const Y = [1, -1, -1, -1];
    const net = trainHebb(X, Y);
    expect(net).toEqual({ weights: [2, 2], bias: -2 });
    expect(X.map((x) => classifyHebb(net, x))).toEqual(Y);
  });
});

describe("Hopfield net (worked example, errata applied)", () => {
  const I1 = [0, 0, 1, 0];
  const I2 = [1, 0, 0, 0];
  const I3 = [0, 1, 0, 1];
  const net = trainHopfield([I1, I2, I3]);
  it("trains W with a zero diagonal", () => {
    expect(net.weights).toEqual([0, -1, -1, -1, -1, 0, -1, 3, -1, -1, 0, -1, -1, 3, -1, 0]);
  });
  it("recalls each exemplar and the noisy (0,1,1,1) as I3, using fh(x) = x ≥ 0", () => {
    const out = [0, 0, 0, 0];
    for (const I of [I1, I2, I3]) {
      expect(recallHopfield(out, net, I)).toBeGreaterThan(0);
      expect(out).toEqual(I);
    }
    recallHopfield(out, net, [0, 1, 1, 1]);
    expect(out).toEqual(I3);
  });
});

describe("MLP with back-propagation: vehicle control (3-8-8-2, Table 2)", () => {
  // (L, C, R) → (acceleration, turn); 21 rows (the text says 22: erratum).
  const table = [
    [1.0, 1.0, 1.0, 1.0, 0.5],
    [0.5, 1.0, 1.0, 0.6, 0.7],
    [1.0, 1.0, 0.5, 0.6, 0.3],
    [1.0, 0.5, 1.0, 0.3, 0.4],
    [0.5, 1.0, 0.5, 0.7, 0.5],
    [0.0, 0.0, 0.0, 0.2, 0.2],
    [0.5, 0.5, 0.5, 0.5, 0.4],
    [0.0, 1.0, 1.0, 0.4, 0.9],
    [1.0, 1.0, 0.0, 0.4, 0.1],
    [1.0, 0.0, 1.0, 0.2, 0.2],
    [0.0, 1.0, 0.0, 1.0, 0.5],
    [0.0, 0.0, 1.0, 0.3, 0.8],
    [1.0, 0.0, 0.0, 0.3, 0.2],
    [0.3, 0.4, 0.1, 0.5, 0.3],
    [0.1, 0.4, 0.3, 0.5, 0.7],
    [0.0, 0.1, 0.2, 0.3, 0.9],
    [0.2, 0.1, 0.0, 0.3, 0.1],
    [0.0, 0.3, 0.6, 0.5, 0.8],
    [0.6, 0.3, 0.0, 0.5, 0.2],
    [0.2, 0.3, 0.4, 0.5, 0.9],
    [0.4, 0.3, 0.2, 0.4, 0.1],
  ];
  it("learns the 21-row training table to MSE < 0.01 and round-trips its weights", () => {
    expect(table.length).toBe(21);
    const inputs = table.map((r) => r.slice(0, 3));
    const targets = table.map((r) => r.slice(3));
    const net = createMlp([3, 8, 8, 2], createRng(2003));
    const mse = trainMlp(net, inputs, targets, { epochs: 20000, rate: 0.5, momentum: 0.9, targetMse: 0.0005 });
    expect(mse).toBeLessThan(0.01);
    const out = [0, 0];
    for (let k = 0; k < table.length; k++) {
      runMlp(out, net, inputs[k]!);
      expect(Math.abs(out[0]! - targets[k]![0]!)).toBeLessThan(0.1);
      expect(Math.abs(out[1]! - targets[k]![1]!)).toBeLessThan(0.1);
    }
    const copy = mlpFromJson(JSON.parse(JSON.stringify(mlpToJson(net))) as ReturnType<typeof mlpToJson>);
    const a = [0, 0];
    const b = [0, 0];
    runMlp(a, net, [0.3, 0.7, 0.1]);
    runMlp(b, copy, [0.3, 0.7, 0.1]);
    expect(b).toEqual(a);
  });
});
