import { createRng } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  SNAKE_HEIGHT,
  SNAKE_MAX_FOOD,
  SNAKE_WIDTH,
  SnakeAction,
  createGeneticAlgorithm,
  createGeneticProgramming,
  createGpPrimitiveSet,
  createSnakeGame,
  createSnakePrimitives,
  evaluateGp,
  evaluatePopulation,
  formatGpProgram,
  gpSubtreeCrossover,
  gpSubtreeEnd,
  playSnake,
  playSnakeAverage,
  rampedHalfAndHalf,
  runSnakeProgram,
  snakeCell,
  snakeHead,
  stepCascadingElitism,
  stepGeneration,
  stepGp,
  stepSnake,
} from "../src";

describe("genetic algorithm", () => {
  it("maximises a concave function; genes stay within bounds; elitism keeps the best", () => {
    const rng = createRng(5);
    const target = [0.3, -2, 4, 1.5];
    const ga = createGeneticAlgorithm({ populationSize: 60, genomeLength: 4, min: -5, max: 5, mutationRate: 0.3, elitism: 2 }, rng);
    const fitness = (g: Float64Array, o: number) => -target.reduce((s, t, i) => s + (g[o + i]! - t) ** 2, 0);
    evaluatePopulation(ga, fitness);
    const first = ga.bestFitness;
    let prevBest = first;
    for (let gen = 0; gen < 60; gen++) {
      stepGeneration(ga, rng);
      evaluatePopulation(ga, fitness);
      expect(ga.fitness[ga.order[0]!]!).toBeGreaterThanOrEqual(prevBest - 1e-12); // the elite survives
      prevBest = ga.fitness[ga.order[0]!]!;
      for (const v of ga.genes) expect(Math.abs(v)).toBeLessThanOrEqual(5);
    }
    expect(ga.bestFitness).toBeGreaterThan(first);
    expect(ga.bestFitness).toBeGreaterThan(-0.05);
    expect(ga.generation).toBe(60);
  });

  it("cascading elitism: 100 → 50 → 30 → 20, each survivor copied 5 times", () => {
    const rng = createRng(9);
    const ga = createGeneticAlgorithm({ populationSize: 100, genomeLength: 3, min: 0, max: 1, mutationRate: 1 }, rng);
    const f = (k: number) => (g: Float64Array, o: number) => g[o + k]!;
    const before = Array.from({ length: 100 }, (_, i) => Array.from(ga.genes.subarray(i * 3, i * 3 + 3)));
    // Reference: filter by gene 0 (50), then gene 1 (30), then gene 2 (20).
    const by = (k: number) => (a: number[], b: number[]) => b[k]! - a[k]!;
    const survivors = before.slice().sort(by(0)).slice(0, 50).sort(by(1)).slice(0, 30).sort(by(2)).slice(0, 20);
    stepCascadingElitism(ga, [f(0), f(1), f(2)], [50, 30, 20], rng);
    const after = Array.from({ length: 100 }, (_, i) => Array.from(ga.genes.subarray(i * 3, i * 3 + 3)));
    expect(after.slice(0, 20)).toEqual(survivors);
    expect(after.slice(20, 100).filter((g) => survivors.some((s) => s.join() === g.join())).length).toBeLessThan(80);
    expect(() => stepCascadingElitism(ga, [f(0)], [150], rng)).toThrow(/keep\[0\]/);
  });
});

describe("genetic programming", () => {
  const set = createGpPrimitiveSet([
    ["x", 0],
    ["one", 0],
    ["add", 2],
    ["mul", 2],
  ]);

  it("ramped half-and-half makes well-formed trees; crossover keeps them well formed and under the size cap", () => {
    const rng = createRng(1);
    const programs = rampedHalfAndHalf(set, 50, 2, 5, rng);
    for (const p of programs) expect(gpSubtreeEnd(set, p, 0)).toBe(p.length);
    for (let i = 0; i < 200; i++) {
      const c = gpSubtreeCrossover(set, programs[i % 50]!, programs[(i * 7) % 50]!, 40, rng);
      expect(gpSubtreeEnd(set, c, 0)).toBe(c.length);
      expect(c.length).toBeLessThanOrEqual(Math.max(40, programs[i % 50]!.length));
    }
    expect(formatGpProgram(set, [2, 0, 3, 1, 0])).toBe("add(x, mul(one, x))");
  });
});

describe("Snake (GP article)", () => {
  it("starts as in the article: 20 × 11, 9 segments on (1,11)–(9,11) heading right, food at (11,6)", () => {
    const g = createSnakeGame(createRng(1));
    expect([SNAKE_WIDTH, SNAKE_HEIGHT, SNAKE_MAX_FOOD]).toEqual([20, 11, 211]);
    expect(g.length).toBe(9);
    expect(snakeHead(g)).toBe(snakeCell(9, 11));
    expect(g.food).toBe(snakeCell(11, 6));
    stepSnake(g, SnakeAction.Forward);
    expect(snakeHead(g)).toBe(snakeCell(10, 11));
    stepSnake(g, SnakeAction.Right); // right of "right" is down: the wall
    expect(g.over && g.died).toBe(true);
  });

  it("a board-covering cycle policy eats all 211 foods on every seed", () => {
    // Cycle: bottom row rightwards, up column 20, then columns 19..1 serpentine in rows 1..10.
    const next = new Int16Array(220);
    const order: number[] = [];
    for (let x = 1; x <= 20; x++) order.push(snakeCell(x, 11));
    for (let y = 10; y >= 1; y--) order.push(snakeCell(20, y));
    for (let x = 19; x >= 1; x--) for (let k = 1; k <= 10; k++) order.push(snakeCell(x, x % 2 === 1 ? k : 11 - k));
    expect(new Set(order).size).toBe(220);
    order.forEach((c, i) => (next[c] = order[(i + 1) % 220]!));
    for (let seed = 0; seed < 3; seed++) {
      const g = createSnakeGame(createRng(seed));
      while (!g.over) {
        const h = snakeHead(g);
        const n = next[h]!;
        const d = n - h;
        const want = d === 1 ? 0 : d === 20 ? 1 : d === -1 ? 2 : 3;
        stepSnake(g, want === g.direction ? SnakeAction.Forward : want === ((g.direction + 1) & 3) ? SnakeAction.Right : SnakeAction.Left);
      }
      expect(g.died).toBe(false);
      expect(g.eaten).toBe(SNAKE_MAX_FOOD);
    }
  });

  it("programs run with macro semantics: only the taken branch moves", () => {
    const set = createSnakePrimitives();
    const g = createSnakeGame(createRng(2));
    // ifDangerAhead(right, forward): no danger ahead at the start → one forward move.
    const end = runSnakeProgram(g, [4, 2, 0]);
    expect(end).toBe(3);
    expect(g.moves).toBe(1);
    expect(snakeHead(g)).toBe(snakeCell(10, 11));
    // progn2(left, left): two moves.
    runSnakeProgram(g, [7, 1, 1]);
    expect(g.moves).toBe(3);
    // Multi-game fitness is the mean of single games.
    const prog = [3, 4, 2, 0, 5, 1, 2];
    expect(playSnakeAverage(prog, [1, 2, 3, 4])).toBeCloseTo([1, 2, 3, 4].reduce((s, k) => s + playSnake(prog, createRng(k)), 0) / 4, 10);
    expect(() => playSnakeAverage(prog, [])).toThrow(/seeds/);
    expect(formatGpProgram(set, [3, 4, 2, 0, 5, 1, 2])).toBe("ifFoodAhead(ifDangerAhead(right, forward), ifDangerRight(left, right))");
  });

  it("GP fitness improves over generations (seeded, small run)", () => {
    const rng = createRng(2026);
    const set = createSnakePrimitives();
    const gp = createGeneticProgramming(set, { populationSize: 150, initialDepth: [2, 5] }, rng);
    const fitness = (p: Int16Array) => playSnake(p, createRng(7));
    evaluateGp(gp, fitness);
    const start = gp.bestFitness;
    for (let gen = 0; gen < 12; gen++) {
      stepGp(gp, rng);
      evaluateGp(gp, fitness);
    }
    expect(gp.bestFitness).toBeGreaterThan(start);
    for (const p of gp.programs) expect(p.length).toBeLessThanOrEqual(150);
  });
});
