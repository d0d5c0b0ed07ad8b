import { rngNextFloat, rngInt, type Rng } from "@tactica/core";
import { checkOptions, fail } from "../internal/fail.js";
import { checkRows, distanceSq } from "./vectors.js";

/** Result of {@link clusterKMeans} and {@link clusterKMedoids}. */
export interface Clustering {
  /** The k centres (for k-medoids, copies of data rows). */
  centers: number[][];
  /** For k-medoids, the row index of each centre; for k-means, empty. */
  medoids: number[];
  /** Row index → cluster index. */
  assignment: number[];
  /** Sum of squared distances of rows to their centre. */
  cost: number;
  /** Iterations run. */
  iterations: number;
}

/** k-means++ seeding with a seeded Rng: returns k distinct row indices. */
function seedCenters(data: readonly ArrayLike<number>[], k: number, rng: Rng): number[] {
  const chosen = [rngInt(rng, 0, data.length - 1)];
  const d2 = data.map((row) => distanceSq(row, data[chosen[0]!]!));
  while (chosen.length < k) {
    const total = d2.reduce((a, b) => a + b, 0);
    let pick = -1;
    if (total > 0) {
      let u = rngNextFloat(rng) * total;
      for (let i = 0; i < data.length; i++) {
        u -= d2[i]!;
        if (u < 0 && d2[i]! > 0) {
          pick = i;
          break;
        }
      }
    }
    if (pick < 0) pick = data.findIndex((_, i) => !chosen.includes(i)); // all remaining rows coincide with centres
    chosen.push(pick);
    for (let i = 0; i < data.length; i++) d2[i] = Math.min(d2[i]!, distanceSq(data[i]!, data[pick]!));
  }
  return chosen;
}

function assign(data: readonly ArrayLike<number>[], centers: readonly ArrayLike<number>[], assignment: number[]): number {
  let cost = 0;
  data.forEach((row, i) => {
    let best = 0;
    let bestD = Infinity;
    centers.forEach((c, j) => {
      const d = distanceSq(row, c);
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    });
    assignment[i] = best;
    cost += bestD;
  });
  return cost;
}

function checkK(fn: string, data: readonly ArrayLike<number>[], k: number): void {
  if (!Number.isInteger(k) || k < 1 || k > data.length)
    fail("INVALID_ARGUMENT", fn, `k must be an integer in [1, ${data.length}] (the number of rows), got ${k}.`, "k");
}

/**
 * Seeded k-means (Lloyd's algorithm with k-means++ seeding): the same data, k and seed give the
 * same clustering. Normalise the columns first ({@link normalizeVariance}).
 *
 * @param data - Rows to cluster (e.g. variance-normalised player metrics), at least one row, equal lengths, finite values.
 * @param k - Number of clusters, an integer in [1, rows].
 * @param rng - Generator for the k-means++ seeding; the same seed gives the same clustering.
 * @param options - `maxIterations`: most assignment/update rounds. Left out: 100.
 * @example
 * ```ts
 * const c = clusterKMeans([[0, 0], [0, 1], [10, 10], [10, 11]], 2, createRng(1));
 * c.assignment[0] === c.assignment[1] && c.assignment[2] === c.assignment[3]; // → true
 * ```
 */
export function clusterKMeans(data: readonly ArrayLike<number>[], k: number, rng: Rng, options: { maxIterations?: number } = {}): Clustering {
  checkOptions("clusterKMeans", options);
  const dim = checkRows("clusterKMeans", data);
  checkK("clusterKMeans", data, k);
  const maxIterations = options.maxIterations ?? 100;
  const centers = seedCenters(data, k, rng).map((i) => Array.from(data[i]!));
  const assignment = new Array<number>(data.length).fill(-1);
  let cost = assign(data, centers, assignment);
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations++;
    const sums = centers.map(() => new Array<number>(dim).fill(0));
    const counts = new Array<number>(k).fill(0);
    data.forEach((row, i) => {
      const a = assignment[i]!;
      counts[a]!++;
      for (let j = 0; j < dim; j++) sums[a]![j]! += row[j]!;
    });
    centers.forEach((c, a) => {
      if (counts[a]! > 0) for (let j = 0; j < dim; j++) c[j] = sums[a]![j]! / counts[a]!;
    });
    const before = assignment.slice();
    cost = assign(data, centers, assignment);
    if (assignment.every((a, i) => a === before[i])) break;
  }
  return { centers, medoids: [], assignment, cost, iterations };
}

/**
 * Seeded k-medoids (the chapter's "C-means": centres restricted to data points), by alternating
 * assignment and, per cluster, the member with the least total squared distance to the others.
 * @param data - Rows to cluster, at least one row, equal lengths, finite values.
 * @param k - Number of clusters, an integer in [1, rows].
 * @param rng - Generator for the k-means++ seeding of the medoids.
 * @param options - `maxIterations`: most assignment/update rounds. Left out: 100.
 */
export function clusterKMedoids(data: readonly ArrayLike<number>[], k: number, rng: Rng, options: { maxIterations?: number } = {}): Clustering {
  checkOptions("clusterKMedoids", options);
  checkRows("clusterKMedoids", data);
  checkK("clusterKMedoids", data, k);
  const maxIterations = options.maxIterations ?? 100;
  const medoids = seedCenters(data, k, rng);
  const assignment = new Array<number>(data.length).fill(-1);
  let cost = assign(
    data,
    medoids.map((i) => data[i]!),
    assignment,
  );
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations++;
    let changed = false;
    for (let a = 0; a < k; a++) {
      const members: number[] = [];
      assignment.forEach((x, i) => x === a && members.push(i));
      let best = medoids[a]!;
      let bestCost = Infinity;
      for (const m of members) {
        let s = 0;
        for (const o of members) s += distanceSq(data[m]!, data[o]!);
        if (s < bestCost - 1e-12 || (s <= bestCost + 1e-12 && m === medoids[a])) {
          bestCost = s;
          best = m;
        }
      }
      if (best !== medoids[a]) {
        medoids[a] = best;
        changed = true;
      }
    }
    cost = assign(
      data,
      medoids.map((i) => data[i]!),
      assignment,
    );
    if (!changed) break;
  }
  return { centers: medoids.map((i) => Array.from(data[i]!)), medoids, assignment, cost, iterations };
}
