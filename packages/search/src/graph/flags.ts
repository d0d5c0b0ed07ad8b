/**
 * Status bits of a graph-search result ({@link PathResult.flags}). Expected outcomes (no path,
 * budget exhausted, partial path) are reported here and never thrown.
 */
export const PathFlags = {
  /** No flag: the search has not produced a result yet. */
  None: 0,
  /** A complete path from start to goal was found; {@link PathResult.cost} is its cost. */
  Found: 1,
  /** The path stops short of the goal (best node so far, by heuristic); its cost is the cost to that node. */
  Partial: 2,
  /** The search space was exhausted: the goal is unreachable (within the depth/cost limits given). */
  NoPath: 4,
  /** The expansion budget or a limit ran out before the search finished. */
  BudgetExhausted: 8,
  /** The path did not fit in the result's path buffer; only {@link PathResult.cost} and the length are valid. */
  PathTruncated: 16,
  /** The search is still running (time-sliced search between steps). */
  InProgress: 32,
} as const;

/** One of the values of {@link PathFlags}. */
export type PathFlag = (typeof PathFlags)[keyof typeof PathFlags];
