import { invalidArgument } from "@tactica/core";
import { runAStar } from "../solvers/astar";
import { assertGoalBoundsCurrent, type GoalBounds } from "./goal-bounds";
import { checkEndpoints, type GridPath, type GridSearch } from "../query/grid-search";
import { Heuristics } from "../model/heuristics";
import { runJpsPlus, type JpsPlus } from "../jump-point/jps-plus";

function checkBounds(where: string, search: GridSearch, gb: GoalBounds): void {
  if (gb.grid !== search.grid) invalidArgument(where, "gb", "was built for another grid than search", "Create both from the same Grid object.");
  assertGoalBoundsCurrent(where, gb);
}

/**
 * JPS+ with goal bounding (Rabin, GDC 2015): {@link findPathJpsPlus} that, at every expanded node
 * with bounds in `gb`, skips each direction whose {@link GoalBounds} box does not contain the
 * goal. Nodes without bounds (target jump points, the start unless it is covered, rows not built
 * yet) are expanded as in plain JPS+. Optimal (the boxes hold every goal of every tied optimal
 * first move), same result, waypoints and flags as {@link findPathJpsPlus}; never expands more
 * nodes in practice. No allocation per query.
 *
 * @param out - the caller-owned result, written and returned; `path` holds the waypoints (jump points, cell indices `y * width + x`) as {@link findPathJpsPlus} writes them
 * @param search - the reusable search state of the grid (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` is the grid searched
 * @param jp - the JPS+ jump-distance table of the same grid (from {@link createJpsPlus}); rebuilt in place first when the grid changed
 * @param gb - the goal bounds of the same grid (from {@link createGoalBounds}, any coverage; read); must be current for the grid's version, rows not built yet just prune nothing
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid or objects built for
 *   another grid; `INVALID_STATE` when the grid was edited after `gb` was built (the jump table
 *   `jp` is rebuilt automatically as in JPS+, the O(n²) bounds are not: call {@link rebuildGoalBounds}).
 */
export function findPathJpsPlusGoalBounded(
  out: GridPath,
  search: GridSearch,
  jp: JpsPlus,
  gb: GoalBounds,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
): GridPath {
  const where = "@tactica/grid: findPathJpsPlusGoalBounded";
  checkBounds(where, search, gb);
  return runJpsPlus(where, search, jp, sx, sy, gx, gy, out, gb.rowOf, gb.boxes);
}

/**
 * A* with goal bounding ("goal bounding alone" in Rabin's talk): octile (8-connected) or
 * Manhattan (4-connected) A* on a uniform-cost grid that, at every node with bounds in `gb`
 * (all of them with {@link GoalBoundsCoverage.AllCells}), skips the moves whose box does not
 * contain the goal. Optimal, writes the cell-by-cell path like {@link findPathAStar}, honours
 * the grid's connectivity and corner rule. No allocation per query.
 *
 * @param out - the caller-owned result, written and returned: the cell-by-cell path (cell indices `y * width + x`) as {@link findPathAStar} writes it
 * @param search - the reusable search state (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` (uniform cost) is the grid searched
 * @param gb - the goal bounds of the same grid (from {@link createGoalBounds}; read); must be current for the grid's version; only cells with built rows are pruned
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for endpoints outside the grid or a `gb` of another
 *   grid; `INVALID_STATE` when the grid was edited after `gb` was built.
 */
export function findPathAStarGoalBounded(out: GridPath, search: GridSearch, gb: GoalBounds, sx: number, sy: number, gx: number, gy: number): GridPath {
  const where = "@tactica/grid: findPathAStarGoalBounded";
  checkBounds(where, search, gb);
  checkEndpoints(where, search.grid, sx, sy, gx, gy);
  const h = search.grid.connectivity === 4 ? Heuristics.Manhattan : Heuristics.Octile;
  return runAStar(out, search, sx, sy, gx, gy, h, 1, Infinity, gb.rowOf, gb.boxes);
}
