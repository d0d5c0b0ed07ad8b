import { assertInteger } from "@tactica/core";
import { PathFlags } from "./flags";

/**
 * The caller-owned result of a path query. Create once with {@link createPathResult} and pass it
 * to every query: searches overwrite it and never allocate.
 */
export interface PathResult {
  /** Bit set of {@link PathFlags}: `Found`, `Partial`, `NoPath`, `BudgetExhausted`, `PathTruncated`. */
  flags: number;
  /** Cost of the returned path (sum of step costs), or `Infinity` when there is none. */
  cost: number;
  /** Number of nodes in the path, start and end included (0 when there is none). May exceed `path.length` when truncated. */
  length: number;
  /** Node ids of the path from start to end in `path[0 .. min(length, path.length))`. */
  readonly path: Int32Array;
  /** Number of node expansions the query performed (a work counter, not a time). */
  expanded: number;
}

/**
 * Creates a {@link PathResult} whose path buffer holds up to `maxPathLength` nodes (integer ≥ 1).
 * Longer paths set {@link PathFlags.PathTruncated}.
 */
export function createPathResult(maxPathLength: number): PathResult {
  assertInteger("@tactica/search: createPathResult", "maxPathLength", maxPathLength, 1, 0x40000000);
  return { flags: PathFlags.None, cost: Infinity, length: 0, path: new Int32Array(maxPathLength), expanded: 0 };
}

/** Resets `result` to "no result yet". O(1). */
export function resetPathResult(result: PathResult): void {
  result.flags = PathFlags.None;
  result.cost = Infinity;
  result.length = 0;
  result.expanded = 0;
}

/** Allocating convenience: the path of `result` as a plain array (level 2 over {@link PathResult.path}). */
export function pathToArray(result: PathResult): number[] {
  const n = Math.min(result.length, result.path.length);
  return Array.from(result.path.subarray(0, n));
}
