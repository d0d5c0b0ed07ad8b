import { createRng, type Rng } from "@tactica/core";
import { createGeneticProgramming, createSnakePrimitives, evaluateGp, playSnake, stepGp, type GeneticProgramming, type GpPrimitiveSet } from "@tactica/search";

// The Snake evolution the page shows, kept apart from the DOM so it runs in a web worker
// (snake-worker.ts) and in a node test (test/snake-evolution.test.ts) alike.

/** Settings of one evolution run; the page's defaults are {@link SNAKE_DEFAULTS}. */
export interface SnakeEvolutionSettings {
  /** Seed of the run (population and breeding). */
  readonly seed: number;
  /** Programs per generation. */
  readonly population: number;
  /** Probability of subtree mutation per child. */
  readonly mutation: number;
}

/**
 * The page's defaults: 300 programs, 10 % subtree mutation, two elites. With the article's own
 * setting (no mutation, one elite) the seed-1 run sits at fitness 3 until generation 55 (the
 * population converges on "go to the first food and circle"); with these it reaches 9 by
 * generation 15 and 49 by 60 (test/snake-evolution.test.ts).
 */
export const SNAKE_DEFAULTS: SnakeEvolutionSettings = { seed: 1, population: 300, mutation: 0.1 };

/** The food-placement seed every program is scored on (and the replay uses). */
export const SNAKE_GAME_SEED = 7;

/** One run: the GP state, its generator, and the best fitness after every generation. */
export interface SnakeEvolution {
  readonly set: GpPrimitiveSet;
  readonly gp: GeneticProgramming;
  readonly rng: Rng;
  /** Best fitness so far after generation 0, 1, 2, … */
  readonly history: number[];
}

const fitness = (program: Int16Array): number => playSnake(program, createRng(SNAKE_GAME_SEED));

/** Creates and scores generation 0. */
export function createSnakeEvolution(settings: SnakeEvolutionSettings = SNAKE_DEFAULTS): SnakeEvolution {
  const set = createSnakePrimitives();
  const rng = createRng(settings.seed);
  const gp = createGeneticProgramming(set, { populationSize: settings.population, initialDepth: [2, 5], mutationRate: settings.mutation, elitism: 2 }, rng);
  evaluateGp(gp, fitness);
  return { set, gp, rng, history: [gp.bestFitness] };
}

/** Breeds and scores one generation; returns the best fitness so far. */
export function evolveSnakeGeneration(run: SnakeEvolution): number {
  stepGp(run.gp, run.rng);
  evaluateGp(run.gp, fitness);
  run.history.push(run.gp.bestFitness);
  return run.gp.bestFitness;
}

/** A program as an indented tree (one node per line, box-drawing branches), for display. */
export function formatProgramTree(set: GpPrimitiveSet, program: ArrayLike<number>): string {
  const lines: string[] = [];
  let i = 0;
  const walk = (prefix: string, last: boolean, root: boolean): void => {
    const p = program[i++]!;
    lines.push(root ? set.names[p]! : `${prefix}${last ? "└─ " : "├─ "}${set.names[p]}`);
    const childPrefix = root ? "" : prefix + (last ? "   " : "│  ");
    const arity = set.arities[p]!;
    for (let k = 0; k < arity; k++) walk(childPrefix, k === arity - 1, false);
  };
  walk("", true, true);
  return lines.join("\n");
}
