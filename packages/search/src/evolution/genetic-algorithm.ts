import { assertInteger, assertRange, describeValue, invalidArgument, rngFloat, rngInt, rngNextFloat, rngNormal, type Rng } from "@tactica/core";

/** Configuration of {@link createGeneticAlgorithm}. */
export interface GeneticAlgorithmConfig {
  /** Individuals per generation (integer ≥ 2). */
  readonly populationSize: number;
  /** Genes per individual (integer ≥ 1); genes are real numbers. */
  readonly genomeLength: number;
  /** Lower bound of every gene, or one bound per gene. */
  readonly min: number | readonly number[];
  /** Upper bound of every gene, or one bound per gene (≥ min). */
  readonly max: number | readonly number[];
  /** Probability that two parents are recombined (uniform crossover) rather than copied, in [0, 1] (default 0.9). */
  readonly crossoverRate?: number;
  /** Probability per gene of a mutation, in [0, 1] (default 1 / genomeLength). */
  readonly mutationRate?: number;
  /**
   * Mutation *perturbs* a gene by a normal step of this standard deviation, as a fraction of the
   * gene's range (default 0.1), then clamps it to [min, max] (chapter 23's tuner).
   */
  readonly mutationScale?: number;
  /** Best individuals copied unchanged into the next generation (default 1). */
  readonly elitism?: number;
  /** Tournament size for parent selection (integer ≥ 1, default 3). */
  readonly tournamentSize?: number;
}

/**
 * A real-valued genetic algorithm's state: the population as one flat `Float64Array`
 * (`genes[i * genomeLength + g]`), fitness per individual (higher is better), and the settings.
 * Plain data (JSON/structuredClone-safe apart from typed arrays). Create with
 * {@link createGeneticAlgorithm}, then loop {@link evaluatePopulation} / {@link stepGeneration}.
 */
export interface GeneticAlgorithm {
  /** Individuals per generation. */
  readonly populationSize: number;
  /** Genes per individual. */
  readonly genomeLength: number;
  /** Per-gene lower bounds. */
  readonly min: Float64Array;
  /** Per-gene upper bounds. */
  readonly max: Float64Array;
  /** Crossover probability. */
  readonly crossoverRate: number;
  /** Per-gene mutation probability. */
  readonly mutationRate: number;
  /** Mutation step as a fraction of the range. */
  readonly mutationScale: number;
  /** Elite count. */
  readonly elitism: number;
  /** Tournament size. */
  readonly tournamentSize: number;
  /** Current population. */
  genes: Float64Array;
  /** Fitness of the current population (valid after {@link evaluatePopulation}). */
  readonly fitness: Float64Array;
  /** Scratch for the next generation (swapped with `genes`). */
  next: Float64Array;
  /** Scratch: individual indices sorted by fitness, best first. */
  readonly order: Int32Array;
  /** Generations stepped so far. */
  generation: number;
  /** Best fitness ever seen. */
  bestFitness: number;
  /** Genes of the best individual ever seen. */
  readonly bestGenes: Float64Array;
}

function bounds(where: string, name: string, v: number | readonly number[], n: number): Float64Array {
  if (typeof v === "number") return new Float64Array(n).fill(assertRange(where, name, v, -Number.MAX_VALUE, Number.MAX_VALUE));
  if (v.length !== n) invalidArgument(where, name, `has ${v.length} entries`, `Pass one number or ${n}.`);
  return Float64Array.from(v, (x, i) => assertRange(where, `${name}[${i}]`, x, -Number.MAX_VALUE, Number.MAX_VALUE));
}

/**
 * Creates a {@link GeneticAlgorithm} with a uniformly random initial population drawn from `rng`.
 * @param config - `populationSize` (integer in [2, 2^22]), `genomeLength` (integer in [1, 2^20]),
 *   gene bounds `min` and `max` (one number or one per gene, finite, max ≥ min) and optional
 *   `crossoverRate`, `mutationRate`, `mutationScale`, `elitism` and `tournamentSize`.
 * @param rng - Seeded generator; draws `populationSize × genomeLength` uniform genes in [min, max).
 * @returns A new GA at generation 0, fitness unset (`-Infinity`): call {@link evaluatePopulation} next.
 * @throws TacticaError `INVALID_ARGUMENT` for a setting out of range or bounds of the wrong length.
 */
export function createGeneticAlgorithm(config: GeneticAlgorithmConfig, rng: Rng): GeneticAlgorithm {
  const where = "@tactica/search: createGeneticAlgorithm";
  const P = assertInteger(where, "config.populationSize", config.populationSize, 2, 1 << 22);
  const L = assertInteger(where, "config.genomeLength", config.genomeLength, 1, 1 << 20);
  const min = bounds(where, "config.min", config.min, L);
  const max = bounds(where, "config.max", config.max, L);
  for (let g = 0; g < L; g++) if (max[g]! < min[g]!) invalidArgument(where, `config.max[${g}]`, `is below min (${max[g]} < ${min[g]})`, "Swap the bounds.");
  const elitism = assertInteger(where, "config.elitism", config.elitism ?? 1, 0, P);
  const genes = new Float64Array(P * L);
  for (let i = 0; i < P; i++) for (let g = 0; g < L; g++) genes[i * L + g] = rngFloat(rng, min[g]!, max[g]!);
  return {
    populationSize: P,
    genomeLength: L,
    min,
    max,
    crossoverRate: assertRange(where, "config.crossoverRate", config.crossoverRate ?? 0.9, 0, 1),
    mutationRate: assertRange(where, "config.mutationRate", config.mutationRate ?? 1 / L, 0, 1),
    mutationScale: assertRange(where, "config.mutationScale", config.mutationScale ?? 0.1, 0, 1e9),
    elitism,
    tournamentSize: assertInteger(where, "config.tournamentSize", config.tournamentSize ?? 3, 1, P),
    genes,
    fitness: new Float64Array(P).fill(-Infinity),
    next: new Float64Array(P * L),
    order: new Int32Array(P),
    generation: 0,
    bestFitness: -Infinity,
    bestGenes: new Float64Array(L),
  };
}

/**
 * Fitness of one individual: read its genes at `genes[offset .. offset + genomeLength)`.
 * Higher is better; must be finite.
 */
export type FitnessFunction = (genes: Float64Array, offset: number) => number;

/**
 * Evaluates every individual with `fitness`, sorts {@link GeneticAlgorithm.order} best first, and tracks the best ever.
 * @param ga - The GA; its `fitness`, `order`, `bestFitness` and `bestGenes` are written in place.
 * @param fitness - Called once per individual with the population and the individual's first
 *   gene index; returns a finite score, higher is better.
 * @throws TacticaError `INVALID_ARGUMENT` when `fitness` returns a non-finite value.
 */
export function evaluatePopulation(ga: GeneticAlgorithm, fitness: FitnessFunction): void {
  const P = ga.populationSize;
  const L = ga.genomeLength;
  for (let i = 0; i < P; i++) {
    const f = fitness(ga.genes, i * L);
    if (!Number.isFinite(f)) invalidArgument("@tactica/search: evaluatePopulation", "fitness", `returned ${f} for individual ${i}`, "Return a finite number.");
    ga.fitness[i] = f;
    ga.order[i] = i;
  }
  sortOrder(ga);
  const best = ga.order[0]!;
  if (ga.fitness[best]! > ga.bestFitness) {
    ga.bestFitness = ga.fitness[best]!;
    ga.bestGenes.set(ga.genes.subarray(best * L, best * L + L));
  }
}

function sortOrder(ga: GeneticAlgorithm): void {
  // Insertion sort by fitness (descending), stable: populations are small.
  const o = ga.order;
  const f = ga.fitness;
  for (let i = 1; i < o.length; i++) {
    const x = o[i]!;
    const fx = f[x]!;
    let j = i - 1;
    while (j >= 0 && f[o[j]!]! < fx) {
      o[j + 1] = o[j]!;
      j--;
    }
    o[j + 1] = x;
  }
}

function tournament(ga: GeneticAlgorithm, rng: Rng): number {
  let best = rngInt(rng, 0, ga.populationSize - 1);
  for (let k = 1; k < ga.tournamentSize; k++) {
    const c = rngInt(rng, 0, ga.populationSize - 1);
    if (ga.fitness[c]! > ga.fitness[best]!) best = c;
  }
  return best;
}

/**
 * Mutates genes `[offset, offset + genomeLength)` of `genes` in place: each with probability `mutationRate`, a clamped normal perturbation.
 * @param ga - The GA whose `mutationRate`, `mutationScale` and per-gene bounds apply; not changed.
 * @param genes - Buffer holding the genome, changed in place (a GA's `genes`, or your own).
 * @param offset - Index in `genes` of the genome's first gene (`individual × genomeLength`; not checked).
 * @param rng - Seeded generator; one uniform draw per gene plus one normal draw per mutated gene.
 */
export function mutateGenome(ga: GeneticAlgorithm, genes: Float64Array, offset: number, rng: Rng): void {
  for (let g = 0; g < ga.genomeLength; g++) {
    if (rngNextFloat(rng) >= ga.mutationRate) continue;
    const lo = ga.min[g]!;
    const hi = ga.max[g]!;
    const v = genes[offset + g]! + rngNormal(rng, { sd: ga.mutationScale * (hi - lo) });
    genes[offset + g] = v < lo ? lo : v > hi ? hi : v;
  }
}

/**
 * Breeds the next generation from the evaluated one: the `elitism` best are copied unchanged;
 * the rest are children of two tournament-selected parents (uniform crossover with probability
 * `crossoverRate`, else a copy of the first) followed by mutation. Call
 * {@link evaluatePopulation} before each step. No allocation.
 * @param ga - An evaluated GA; its population is replaced in place, fitness reset to `-Infinity`
 *   and `generation` incremented.
 * @param rng - Seeded generator for tournaments, crossover and mutation.
 */
export function stepGeneration(ga: GeneticAlgorithm, rng: Rng): void {
  const P = ga.populationSize;
  const L = ga.genomeLength;
  const src = ga.genes;
  const dst = ga.next;
  for (let e = 0; e < ga.elitism; e++) {
    const i = ga.order[e]!;
    for (let g = 0; g < L; g++) dst[e * L + g] = src[i * L + g]!;
  }
  for (let c = ga.elitism; c < P; c++) {
    const a = tournament(ga, rng);
    const cross = rngNextFloat(rng) < ga.crossoverRate;
    const b = cross ? tournament(ga, rng) : a;
    for (let g = 0; g < L; g++) dst[c * L + g] = src[(rngNextFloat(rng) < 0.5 ? a : b) * L + g]!;
    mutateGenome(ga, dst, c * L, rng);
  }
  ga.genes = dst;
  ga.next = src;
  ga.fitness.fill(-Infinity);
  ga.generation++;
}

/**
 * Cascading elitism (chapters 39–40): filters the population through several objectives in turn
 * — the best `keep[0]` on `objectives[0]`, of those the best `keep[1]` on `objectives[1]`, … —
 * then refills the population with copies of the final survivors, every copy but the first
 * mutated. E.g. 100 → 50 → 30 → 20, each copied 5 times. Like {@link stepGeneration}, it
 * leaves every `fitness` entry at `-Infinity` (the new population is not evaluated yet; the
 * survivors moved to new slots). No allocation beyond the GA's buffers.
 *
 * @param ga - The GA; its population is replaced in place and `generation` incremented.
 * @param objectives - Fitness functions applied in turn (higher is better; each must return a finite value, else `INVALID_ARGUMENT`).
 * @param keep - Survivors after each objective, one integer per objective, each in [1, the
 *   previous count] (the first at most `populationSize`).
 * @param rng - Seeded generator for the copies' mutations.
 * @throws TacticaError `INVALID_ARGUMENT` unless `keep` is non-increasing, within the population, and as long as `objectives`, or when an objective returns a non-finite value (NaN would scramble the sort).
 */
export function stepCascadingElitism(ga: GeneticAlgorithm, objectives: readonly FitnessFunction[], keep: readonly number[], rng: Rng): void {
  const where = "@tactica/search: stepCascadingElitism";
  if (objectives.length === 0 || objectives.length !== keep.length) {
    invalidArgument(where, "objectives/keep", `have lengths ${objectives.length} and ${keep.length}`, "Pass one keep count per objective.");
  }
  const P = ga.populationSize;
  const L = ga.genomeLength;
  let alive = P;
  for (let i = 0; i < P; i++) ga.order[i] = i;
  for (let k = 0; k < objectives.length; k++) {
    const n = assertInteger(where, `keep[${k}]`, keep[k], 1, alive);
    for (let j = 0; j < alive; j++) {
      const i = ga.order[j]!;
      const f = objectives[k]!(ga.genes, i * L);
      if (!(f - f === 0))
        invalidArgument(where, `objectives[${k}]`, `returned ${describeValue(f)} for individual ${i}`, "Return a finite number (higher is better).");
      ga.fitness[i] = f;
    }
    // Sort the alive prefix by this objective.
    const o = ga.order;
    for (let a = 1; a < alive; a++) {
      const x = o[a]!;
      const fx = ga.fitness[x]!;
      let b = a - 1;
      while (b >= 0 && ga.fitness[o[b]!]! < fx) {
        o[b + 1] = o[b]!;
        b--;
      }
      o[b + 1] = x;
    }
    alive = n;
  }
  const src = ga.genes;
  const dst = ga.next;
  for (let c = 0; c < P; c++) {
    const parent = ga.order[c % alive]!;
    for (let g = 0; g < L; g++) dst[c * L + g] = src[parent * L + g]!;
    if (c >= alive) mutateGenome(ga, dst, c * L, rng);
  }
  ga.genes = dst;
  ga.next = src;
  ga.fitness.fill(-Infinity);
  ga.generation++;
}
