/**
 * One measured figure. Every suite writes rows of this shape; `--json FILE` writes them all, and
 * the Markdown tables for the docs site are made from them.
 */
export interface BenchRow {
  /** Suite name: `core`, `search`, `grid`, … */
  suite: string;
  /** What was measured, e.g. `kd-radius-10k` or `perft-start-d5`. */
  case: string;
  /** `tactica`, a baseline (`naive-…`) or the peer's npm package name. */
  library: string;
  /** Name of the figure: `ops_per_s`, `median_us`, `p95_us`, `bytes_per_op`, `ratio_vs_<lib>`, … */
  metric: string;
  /** The value. Finite numbers only. */
  value: number;
  /** Unit of `value`: `ops/s`, `us`, `ms`, `bytes`, `x`, `count`. */
  unit: string;
}

/** Checks a row is well formed; throws with the row printed when it is not. */
export function validateRow(row: BenchRow): BenchRow {
  const strings = [row.suite, row.case, row.library, row.metric, row.unit];
  if (strings.some((s) => typeof s !== "string" || s.length === 0) || typeof row.value !== "number" || !Number.isFinite(row.value)) {
    throw new Error(`bench: malformed row ${JSON.stringify(row)}: every field is a non-empty string and value a finite number`);
  }
  return row;
}
