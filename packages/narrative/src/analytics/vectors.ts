import { fail, isFiniteNumber } from "../internal/fail.js";

/** @internal Checks a non-empty matrix of equal-length finite rows; returns the row length. */
export function checkRows(fn: string, data: readonly ArrayLike<number>[], name = "data"): number {
  if (data.length === 0) fail("INVALID_ARGUMENT", fn, `${name} must have at least one row.`, name);
  const d = data[0]!.length;
  data.forEach((row, i) => {
    if (row.length !== d) fail("INVALID_ARGUMENT", fn, `${name}[${i}] has ${row.length} values, row 0 has ${d}.`, `${name}[${i}]`);
    for (let j = 0; j < d; j++)
      if (!isFiniteNumber(row[j])) fail("INVALID_ARGUMENT", fn, `${name}[${i}][${j}] must be a finite number.`, `${name}[${i}][${j}]`);
  });
  return d;
}

/**
 * Cosine similarity of two equal-length vectors: 1 for the same direction, 0 for orthogonal, and 0
 * when either is all zeros.
 *
 * @param a - First vector; read only.
 * @param b - Second vector, the same length as `a`.
 * @example
 * ```ts
 * cosineSimilarity([1, 2], [2, 4]); // → 1
 * cosineSimilarity([1, 0], [0, 3]); // → 0
 * ```
 */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) fail("INVALID_ARGUMENT", "cosineSimilarity", `vectors differ in length (${a.length} vs ${b.length}).`, "b");
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/** Result of {@link normalizeVariance}. */
export interface VarianceNormalization {
  /** Each column shifted to mean 0 and scaled to variance 1 (a constant column becomes 0). */
  rows: number[][];
  /** Column means. */
  means: number[];
  /** Column standard deviations (population). */
  deviations: number[];
}

/**
 * Variance normalisation of telemetry metrics before clustering (chapter 39: unnormalised metrics
 * "may skew the results of clustering").
 * @param data - Metric matrix: one row per player, one column per metric, at least one row, all rows the same length and finite. Not changed.
 */
export function normalizeVariance(data: readonly ArrayLike<number>[]): VarianceNormalization {
  const d = checkRows("normalizeVariance", data);
  const n = data.length;
  const means = new Array<number>(d).fill(0);
  const deviations = new Array<number>(d).fill(0);
  for (const row of data) for (let j = 0; j < d; j++) means[j]! += row[j]! / n;
  for (const row of data) for (let j = 0; j < d; j++) deviations[j]! += (row[j]! - means[j]!) ** 2 / n;
  for (let j = 0; j < d; j++) deviations[j] = Math.sqrt(deviations[j]!);
  const rows = data.map((row) => Array.from({ length: d }, (_, j) => (deviations[j]! === 0 ? 0 : (row[j]! - means[j]!) / deviations[j]!)));
  return { rows, means, deviations };
}

/** @internal */
export function distanceSq(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return s;
}
