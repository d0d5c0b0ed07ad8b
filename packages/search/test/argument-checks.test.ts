// Issue 32: bad arguments that gave silent wrong results now throw INVALID_ARGUMENT.
import { createRng, isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  addCspVariable,
  countCspSolutions,
  createCsp,
  createCspSolver,
  createCsrGraph,
  createGeneticAlgorithm,
  createMonteCarloUcb1,
  createNLevelGraph,
  createNLevelQuery,
  createPathResult,
  createPerftBuffers,
  findPathNLevel,
  identifyConnectingVertices,
  beginNLevelQuery,
  interestCost,
  monteCarloUcb1Mean,
  monteCarloUcb1Value,
  perft,
  stepCascadingElitism,
  updateMonteCarloUcb1,
} from "../src";
import { createChess } from "../src/games/index";

function pathOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return isTacticaError(e, "INVALID_ARGUMENT") ? e.path : e;
  }
  return "no throw";
}

function line(n: number) {
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i + 1 < n; i++) {
    from.push(i, i + 1);
    to.push(i + 1, i);
  }
  return createNLevelGraph(createCsrGraph(n, from, to, { weights: from.map(() => 1) }));
}

describe("argument checks (issue 32)", () => {
  it("stepCascadingElitism: fitness ends at -Infinity as documented; a NaN objective throws", () => {
    const rng = createRng(3);
    const ga = createGeneticAlgorithm({ populationSize: 10, genomeLength: 2, min: 0, max: 1 }, rng);
    stepCascadingElitism(ga, [(g, o) => g[o]!, (g, o) => g[o + 1]!], [5, 2], rng);
    expect(Array.from(ga.fitness).every((f) => f === -Infinity)).toBe(true);
    const genes = Array.from(ga.genes);
    expect(pathOf(() => stepCascadingElitism(ga, [(g, o) => g[o]!, () => Number.NaN], [5, 2], rng))).toBe("objectives[1]");
    expect(pathOf(() => stepCascadingElitism(ga, [() => Infinity], [5], rng))).toBe("objectives[0]");
    expect(Array.from(ga.genes)).toEqual(genes);
  });

  it("identifyConnectingVertices checks s; findPathNLevel refuses a query made for another graph", () => {
    const nl = line(6);
    const q = createNLevelQuery(nl);
    beginNLevelQuery(q);
    for (const s of [-1, 6, 1.5, Number.NaN]) expect(pathOf(() => identifyConnectingVertices(q, nl, s))).toBe("s");
    const small = createNLevelQuery(line(3));
    beginNLevelQuery(small);
    expect(pathOf(() => identifyConnectingVertices(small, nl, 5))).toBe("query");
    expect(pathOf(() => findPathNLevel(createPathResult(16), nl, small, 0, 2))).toBe("query");
    expect(pathOf(() => findPathNLevel(createPathResult(16), line(3), q, 0, 2))).toBe("query");
    expect(findPathNLevel(createPathResult(16), nl, q, 0, 5).cost).toBe(5);
  });

  it("perft refuses buffers narrower than the game's maxMoves", () => {
    const chess = createChess();
    expect(pathOf(() => perft(chess, 2, createPerftBuffers(2, 8)))).toBe("buffers");
    expect(perft(chess, 2, createPerftBuffers(2, chess.maxMoves))).toBe(400);
  });

  it("UCB1: exploration and reward are checked", () => {
    const bandit = createMonteCarloUcb1(2);
    updateMonteCarloUcb1(bandit, 0, 1);
    expect(pathOf(() => monteCarloUcb1Value(bandit, 0, { exploration: -1 }))).toBe("options.exploration");
    expect(pathOf(() => monteCarloUcb1Value(bandit, 0, { exploration: Number.NaN }))).toBe("options.exploration");
    expect(pathOf(() => updateMonteCarloUcb1(bandit, 0, Number.NaN))).toBe("reward");
    expect(monteCarloUcb1Mean(bandit, 0)).toBe(1);
    expect(bandit.total).toBe(1);
  });

  it("interestCost checks costScale", () => {
    expect(interestCost(2, { costScale: 3 })).toBe(1.5);
    for (const k of [0, -1, Number.NaN]) expect(pathOf(() => interestCost(2, { costScale: k }))).toBe("options.costScale");
  });

  it("countCspSolutions: limit 0 counts none; a bad limit throws", () => {
    const csp = createCsp(3);
    addCspVariable(csp, { name: "a" });
    const s = createCspSolver(csp);
    expect(countCspSolutions(s)).toBe(3);
    expect(countCspSolutions(s, { limit: 0 })).toBe(0);
    expect(countCspSolutions(s, { limit: 2 })).toBe(2);
    for (const limit of [-1, 1.5, Number.NaN]) expect(pathOf(() => countCspSolutions(s, { limit }))).toBe("options.limit");
  });
});
