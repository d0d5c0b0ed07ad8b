import { assertInteger } from "@tactica/core";
import { PathFlags } from "./flags";

/**
 * The writable array type a {@link PathResult} stores its path in: `Int32Array` for node ids and
 * grid cells, `Float64Array` for navmesh polygon refs (which exceed 32 bits).
 */
export interface PathArray {
  /** Capacity of the buffer (entries past it are counted in {@link PathResult.length}, not written). */
  readonly length: number;
  /** Entry `i` of the path. */
  [index: number]: number;
}

/**
 * The caller-owned result of every path query of Tactica (search, grid, navmesh): create once and
 * pass it to every query; searches overwrite it and never allocate. `P` is the path array type
 * (`Int32Array` here: node ids).
 *
 * A path that does not fit sets {@link PathFlags.PathTruncated}: `length` and `cost` still
 * describe the full path, and `path` holds its first `path.length` entries. No path, a partial
 * path and an exhausted budget are flags, never exceptions.
 */
export interface PathResult<P extends PathArray = Int32Array> {
  /** Bit set of {@link PathFlags}: `Found`, `Partial`, `NoPath`, `BudgetExhausted`, `PathTruncated`, `InProgress`. */
  flags: number;
  /** Cost of the returned path (sum of step costs), or `Infinity` when there is none. */
  cost: number;
  /** Number of nodes in the path, start and end included (0 when there is none). May exceed `path.length` when truncated. */
  length: number;
  /** The path from start to end in `path[0 .. min(length, path.length))`. */
  readonly path: P;
  /** Number of node expansions the query performed (a work counter, not a time). */
  expanded: number;
}

/**
 * Creates a {@link PathResult} whose path buffer holds up to `maxPathLength` nodes (integer ≥ 1).
 * Longer paths set {@link PathFlags.PathTruncated}.
 * @param maxPathLength - Capacity of the `path` buffer in nodes (start and end included), an
 *   integer in [1, 2^30]; size it for the longest path you need whole.
 * @returns A new result with flags `None`, cost `Infinity` and length 0.
 * @throws TacticaError `INVALID_ARGUMENT` when `maxPathLength` is not an integer in range.
 */
export function createPathResult(maxPathLength: number): PathResult {
  assertInteger("@tactica/search: createPathResult", "maxPathLength", maxPathLength, 1, 0x40000000);
  return { flags: PathFlags.None, cost: Infinity, length: 0, path: new Int32Array(maxPathLength), expanded: 0 };
}

/**
 * Resets `result` to "no result yet" (flags `None`, cost `Infinity`, length and expanded 0). O(1).
 * @param result - The result to reset in place; its `path` buffer is left as is.
 */
export function resetPathResult(result: PathResult<PathArray>): void {
  result.flags = PathFlags.None;
  result.cost = Infinity;
  result.length = 0;
  result.expanded = 0;
}

/**
 * Allocating convenience: the stored part of `result.path` as a plain array (level 2 over {@link PathResult.path}).
 * @param result - A query's result; read only. A truncated path gives its first `path.length`
 *   entries, no path gives `[]`.
 * @returns A new array of the path's node ids (or cells, or polygon refs), start first.
 */
export function pathToArray(result: PathResult<PathArray>): number[] {
  const n = Math.min(result.length, result.path.length);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = result.path[i]!;
  return out;
}

/**
 * Writes a one-node path (`start === goal`) into `out`: `Found`, cost 0, length 1.
 *
 * @internal
 */
export function writeSingleNodePath(out: PathResult, node: number): PathResult {
  if (out.path.length > 0) out.path[0] = node;
  out.length = 1;
  out.cost = 0;
  out.flags = PathFlags.Found | (out.path.length < 1 ? PathFlags.PathTruncated : 0);
  return out;
}
