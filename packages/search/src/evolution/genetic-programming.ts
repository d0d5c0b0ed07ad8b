import { assertInteger, assertRange, invalidArgument, rngInt, rngNextFloat, type Rng } from "@tactica/core";
import { checkIndex } from "../internal/check-index";

/**
 * The primitives of a genetic-programming problem: functions (arity ≥ 1) and terminals
 * (arity 0), by index. A program is the prefix (Polish) sequence of primitive indices of a tree,
 * stored in an `Int16Array` — plain data that serialises as a list of numbers.
 */
export interface GpPrimitiveSet {
  /** Primitive names (for printing). */
  readonly names: readonly string[];
  /** Arity per primitive. */
  readonly arities: Int8Array;
  /** Indices of the terminals. */
  readonly terminals: Int16Array;
  /** Indices of the functions. */
  readonly functions: Int16Array;
}

/**
 * Creates a {@link GpPrimitiveSet} from `[name, arity]` pairs (arity integer 0..8; at least one
 * terminal and one function).
 * @param primitives - `[name, arity]` per primitive; its index in this list is the primitive's
 *   id in programs. Arity 0 makes a terminal, 1..8 a function.
 * @returns A new primitive set.
 * @throws TacticaError `INVALID_ARGUMENT` for an arity outside 0..8 or a set without a terminal or without a function.
 */
export function createGpPrimitiveSet(primitives: ReadonlyArray<readonly [string, number]>): GpPrimitiveSet {
  const where = "@tactica/search: createGpPrimitiveSet";
  const arities = new Int8Array(primitives.length);
  const t: number[] = [];
  const f: number[] = [];
  primitives.forEach(([, a], i) => {
    arities[i] = assertInteger(where, `primitives[${i}][1]`, a, 0, 8);
    (a === 0 ? t : f).push(i);
  });
  if (t.length === 0 || f.length === 0) invalidArgument(where, "primitives", "needs at least one terminal and one function", "Add both kinds.");
  return { names: primitives.map((p) => p[0]), arities, terminals: Int16Array.from(t), functions: Int16Array.from(f) };
}

/**
 * Index just past the subtree that starts at `start` in `program`. O(subtree size).
 * @param set - The primitive set the program uses (its arities shape the tree).
 * @param program - A well-formed prefix program (primitive ids); read only.
 * @param start - Position of the subtree's root in `program`, an integer in `0 .. program.length − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` when `start` is not a position of the program.
 */
export function gpSubtreeEnd(set: GpPrimitiveSet, program: ArrayLike<number>, start: number): number {
  checkIndex("@tactica/search: gpSubtreeEnd", "start", start, program.length, "a node position of the program");
  let need = 1;
  let i = start;
  while (need > 0) {
    need += set.arities[program[i]!]! - 1;
    i++;
  }
  return i;
}

function grow(set: GpPrimitiveSet, rng: Rng, depth: number, maxDepth: number, full: boolean, out: number[]): void {
  const leafOnly = depth >= maxDepth;
  const pickFunction = !leafOnly && (full || rngInt(rng, 0, set.terminals.length + set.functions.length - 1) >= set.terminals.length);
  if (!pickFunction) {
    out.push(set.terminals[rngInt(rng, 0, set.terminals.length - 1)]!);
    return;
  }
  const f = set.functions[rngInt(rng, 0, set.functions.length - 1)]!;
  out.push(f);
  for (let k = 0; k < set.arities[f]!; k++) grow(set, rng, depth + 1, maxDepth, full, out);
}

/** Options of {@link randomGpProgram}. */
export interface RandomGpProgramOptions {
  /** `true`: Koza's "full" method (every branch reaches `maxDepth`); `false` (default): "grow". */
  readonly full?: boolean;
}

/**
 * A random program of depth ≤ `maxDepth` (0 = a single terminal) by the "full" or "grow" method. Allocates.
 *
 * @param set - the primitives (definition)
 * @param maxDepth - the deepest level, integer 0..32 (0 = a single terminal)
 * @param rng - core `Rng` the choices are drawn from
 * @param options - `full` selects Koza's "full" method
 */
export function randomGpProgram(set: GpPrimitiveSet, maxDepth: number, rng: Rng, options: RandomGpProgramOptions = {}): Int16Array {
  const full = options.full ?? false;
  assertInteger("@tactica/search: randomGpProgram", "maxDepth", maxDepth, 0, 32);
  const out: number[] = [];
  grow(set, rng, 0, maxDepth, full, out);
  return Int16Array.from(out);
}

/**
 * Ramped half-and-half initialisation (Koza): depths spread evenly over `minDepth..maxDepth`,
 * half of each depth built "full", half "grow". Allocates the programs.
 *
 * @param set - the primitives (definition)
 * @param count - number of programs, integer ≥ 1
 * @param minDepth - shallowest depth, integer 1..32
 * @param maxDepth - deepest depth, integer minDepth..32
 * @param rng - core `Rng` the choices are drawn from
 */
export function rampedHalfAndHalf(set: GpPrimitiveSet, count: number, minDepth: number, maxDepth: number, rng: Rng): Int16Array[] {
  const where = "@tactica/search: rampedHalfAndHalf";
  assertInteger(where, "count", count, 1, Number.MAX_SAFE_INTEGER);
  assertInteger(where, "minDepth", minDepth, 1, 32);
  assertInteger(where, "maxDepth", maxDepth, minDepth, 32);
  const span = maxDepth - minDepth + 1;
  const out: Int16Array[] = [];
  for (let i = 0; i < count; i++) out.push(randomGpProgram(set, minDepth + (i % span), rng, { full: Math.floor(i / span) % 2 === 0 }));
  return out;
}

function pickPoint(set: GpPrimitiveSet, program: Int16Array, rng: Rng, internal: boolean): number {
  let count = 0;
  for (let i = 0; i < program.length; i++) if (set.arities[program[i]!]! > 0 === internal) count++;
  if (count === 0) return rngInt(rng, 0, program.length - 1);
  let k = rngInt(rng, 0, count - 1);
  for (let i = 0; i < program.length; i++) if (set.arities[program[i]!]! > 0 === internal && k-- === 0) return i;
  return 0;
}

const INTERNAL: GpCrossoverOptions = { internalProbability: 1 };
const LEAF: GpCrossoverOptions = { internalProbability: 0 };
const EITHER: GpCrossoverOptions = { internalProbability: 0.5 };

/** Options of {@link gpSubtreeCrossover}. */
export interface GpCrossoverOptions {
  /** Probability that each crossover point is an internal node rather than a leaf (default 0.9). */
  readonly internalProbability?: number;
}

/**
 * Subtree crossover: replaces a subtree of `a` with a subtree of `b`. Each crossover point is an
 * internal node with probability `options.internalProbability` (default Koza's 0.9; the Snake article's 0.8 : 0.1
 * split is 8/9), else a leaf. If the child would exceed `maxSize` nodes, a copy of `a` is
 * returned. Allocates the child.
 *
 * @param set - the primitives (definition)
 * @param a - the parent whose subtree is replaced (prefix-order program)
 * @param b - the parent the new subtree comes from
 * @param maxSize - the largest child, in nodes
 * @param rng - core `Rng` the crossover points are drawn from
 * @param options - `internalProbability` of each crossover point
 */
export function gpSubtreeCrossover(set: GpPrimitiveSet, a: Int16Array, b: Int16Array, maxSize: number, rng: Rng, options: GpCrossoverOptions = {}): Int16Array {
  const internalProbability = options.internalProbability ?? 0.9;
  const pa = pickPoint(set, a, rng, rngNextFloat(rng) < internalProbability);
  const pb = pickPoint(set, b, rng, rngNextFloat(rng) < internalProbability);
  const ea = gpSubtreeEnd(set, a, pa);
  const eb = gpSubtreeEnd(set, b, pb);
  const size = a.length - (ea - pa) + (eb - pb);
  if (size > maxSize) return a.slice();
  const child = new Int16Array(size);
  child.set(a.subarray(0, pa), 0);
  child.set(b.subarray(pb, eb), pa);
  child.set(a.subarray(ea), pa + (eb - pb));
  return child;
}

/**
 * Prints a program as nested calls, e.g. `ifFoodAhead(forward, right)`. Allocates.
 * @param set - The primitive set whose `names` label the primitives.
 * @param program - A well-formed prefix program (primitive ids); read only.
 */
export function formatGpProgram(set: GpPrimitiveSet, program: ArrayLike<number>): string {
  let i = 0;
  const walk = (): string => {
    const p = program[i++]!;
    const a = set.arities[p]!;
    if (a === 0) return set.names[p]!;
    const args: string[] = [];
    for (let k = 0; k < a; k++) args.push(walk());
    return `${set.names[p]}(${args.join(", ")})`;
  };
  return walk();
}

/** Configuration of {@link createGeneticProgramming}. */
export interface GeneticProgrammingConfig {
  /** Programs per generation (integer ≥ 2). */
  readonly populationSize: number;
  /** Largest program in nodes (default 150, the Snake article's cap). */
  readonly maxSize?: number;
  /** Depth range of ramped half-and-half initialisation (default [2, 6]). */
  readonly initialDepth?: readonly [number, number];
  /** Probability of crossover at an internal point (default 0.8). */
  readonly internalCrossover?: number;
  /** Probability of crossover at a leaf (default 0.1); the rest (default 0.1) is reproduction. */
  readonly leafCrossover?: number;
  /** Probability of subtree mutation of a child (default 0, as in the article). */
  readonly mutationRate?: number;
  /** Tournament size (default 7). */
  readonly tournamentSize?: number;
  /** Best programs copied unchanged (default 1). */
  readonly elitism?: number;
  /** Programs to seed the first generation with ("priming" from an earlier run's best). */
  readonly seeds?: readonly Int16Array[];
}

/** State of a genetic-programming run. Create with {@link createGeneticProgramming}. */
export interface GeneticProgramming {
  /** The primitive set. */
  readonly set: GpPrimitiveSet;
  /** The current programs. */
  programs: Int16Array[];
  /** Fitness per program (higher is better), valid after {@link evaluateGp}. */
  readonly fitness: Float64Array;
  /** Largest program size. */
  readonly maxSize: number;
  /** Internal-point crossover probability. */
  readonly internalCrossover: number;
  /** Leaf crossover probability. */
  readonly leafCrossover: number;
  /** Mutation probability. */
  readonly mutationRate: number;
  /** Tournament size. */
  readonly tournamentSize: number;
  /** Elite count. */
  readonly elitism: number;
  /** Generations stepped. */
  generation: number;
  /** Best fitness ever seen. */
  bestFitness: number;
  /** Best program ever seen. */
  bestProgram: Int16Array;
}

/**
 * Creates a {@link GeneticProgramming} run with a ramped half-and-half population (plus `seeds`).
 * @param set - The primitive set ({@link createGpPrimitiveSet}); kept by reference.
 * @param config - `populationSize` (integer in [2, 2^20]) and optional `maxSize` in nodes
 *   (default 150), `initialDepth` range (default [2, 6]), crossover, mutation, tournament and
 *   elitism settings, and `seeds` copied over the first programs.
 * @param rng - Seeded generator drawing the initial programs.
 * @returns A new run at generation 0, fitness unset: call {@link evaluateGp} next.
 * @throws TacticaError `INVALID_ARGUMENT` for a setting out of range.
 */
export function createGeneticProgramming(set: GpPrimitiveSet, config: GeneticProgrammingConfig, rng: Rng): GeneticProgramming {
  const where = "@tactica/search: createGeneticProgramming";
  const P = assertInteger(where, "config.populationSize", config.populationSize, 2, 1 << 20);
  const [d0, d1] = config.initialDepth ?? [2, 6];
  const programs = rampedHalfAndHalf(set, P, d0, d1, rng);
  (config.seeds ?? []).forEach((s, i) => {
    if (i < P) programs[i] = s.slice();
  });
  const internal = assertRange(where, "config.internalCrossover", config.internalCrossover ?? 0.8, 0, 1);
  const leaf = assertRange(where, "config.leafCrossover", config.leafCrossover ?? 0.1, 0, 1 - internal);
  return {
    set,
    programs,
    fitness: new Float64Array(P).fill(-Infinity),
    maxSize: assertInteger(where, "config.maxSize", config.maxSize ?? 150, 1, Number.MAX_SAFE_INTEGER),
    internalCrossover: internal,
    leafCrossover: leaf,
    mutationRate: assertRange(where, "config.mutationRate", config.mutationRate ?? 0, 0, 1),
    tournamentSize: assertInteger(where, "config.tournamentSize", config.tournamentSize ?? 7, 1, P),
    elitism: assertInteger(where, "config.elitism", config.elitism ?? 1, 0, P),
    generation: 0,
    bestFitness: -Infinity,
    bestProgram: programs[0]!,
  };
}

/**
 * Evaluates every program (higher fitness is better; must be finite) and tracks the best ever.
 * @param gp - The run; its `fitness`, `bestFitness` and `bestProgram` are written in place.
 * @param fitness - Called once per program; returns a finite score, higher is better.
 * @throws TacticaError `INVALID_ARGUMENT` when `fitness` returns a non-finite value.
 */
export function evaluateGp(gp: GeneticProgramming, fitness: (program: Int16Array) => number): void {
  gp.programs.forEach((p, i) => {
    const f = fitness(p);
    if (!Number.isFinite(f)) invalidArgument("@tactica/search: evaluateGp", "fitness", `returned ${f} for program ${i}`, "Return a finite number.");
    gp.fitness[i] = f;
    if (f > gp.bestFitness) {
      gp.bestFitness = f;
      gp.bestProgram = p;
    }
  });
}

function tournament(gp: GeneticProgramming, rng: Rng): number {
  let best = rngInt(rng, 0, gp.programs.length - 1);
  for (let k = 1; k < gp.tournamentSize; k++) {
    const c = rngInt(rng, 0, gp.programs.length - 1);
    if (gp.fitness[c]! > gp.fitness[best]!) best = c;
  }
  return best;
}

/**
 * Breeds the next generation: elites copied; then per child, crossover at an internal point
 * (probability `internalCrossover`), at a leaf (`leafCrossover`), or reproduction (copy), from
 * tournament-selected parents; then subtree mutation with probability `mutationRate`. Allocates
 * the new programs (GP is an offline tool).
 * @param gp - An evaluated run; its programs are replaced, fitness reset to `-Infinity` and
 *   `generation` incremented.
 * @param rng - Seeded generator for tournaments, crossover points and mutation.
 */
export function stepGp(gp: GeneticProgramming, rng: Rng): void {
  const P = gp.programs.length;
  const order = Array.from({ length: P }, (_, i) => i).sort((a, b) => gp.fitness[b]! - gp.fitness[a]! || a - b);
  const next: Int16Array[] = [];
  for (let e = 0; e < gp.elitism; e++) next.push(gp.programs[order[e]!]!);
  while (next.length < P) {
    const a = gp.programs[tournament(gp, rng)]!;
    const r = rngNextFloat(rng);
    let child: Int16Array;
    if (r < gp.internalCrossover) child = gpSubtreeCrossover(gp.set, a, gp.programs[tournament(gp, rng)]!, gp.maxSize, rng, INTERNAL);
    else if (r < gp.internalCrossover + gp.leafCrossover) child = gpSubtreeCrossover(gp.set, a, gp.programs[tournament(gp, rng)]!, gp.maxSize, rng, LEAF);
    else child = a;
    if (gp.mutationRate > 0 && rngNextFloat(rng) < gp.mutationRate) {
      child = gpSubtreeCrossover(gp.set, child, randomGpProgram(gp.set, 4, rng), gp.maxSize, rng, EITHER);
    }
    next.push(child);
  }
  gp.programs = next;
  gp.fitness.fill(-Infinity);
  gp.generation++;
}
