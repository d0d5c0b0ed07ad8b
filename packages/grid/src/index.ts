/**
 * `@tactica/grid`: tile-grid pathfinding on typed arrays.
 *
 * - Model: {@link Grid} (passability + optional terrain cost, 4/8-connected, corner-cutting rule;
 *   Moving AI convention by default), Moving AI `.map`/`.scen` I/O, Tiled JSON layers, JSON form.
 * - Solvers sharing one reusable {@link GridSearch} and writing into a caller-owned
 *   {@link GridPath} (no allocation per query): BFS, Dijkstra (and multi-source distance fields),
 *   A* (Manhattan / octile / Euclidean, weighted), JPS and JPS+ (preprocessed jump distances),
 *   simple and two-level subgoal graphs, HPA*, region-based A* (rectangular rooms; complete,
 *   not optimal), IDA*, time-sliced A* with partial paths, LPA* incremental replanning, Theta*
 *   and Lazy Theta*, flow fields (8-connected and Theta*-based any-angle).
 * - Local methods (crash and turn, tracing, random moves, the human-like explorer), breadcrumb
 *   trails and precalculated next-hop tables over waypoints.
 * - Line of sight (Bresenham and exact supercover), post-smoothing, path cost, expansion of
 *   waypoint paths, step-by-step legality check.
 *
 * @packageDocumentation
 */
export * from "./model/grid";
export * from "./io/movingai";
export * from "./io/serialize";
export * from "./io/tiled";
export * from "./model/heuristics";
export * from "./query/grid-search";
export * from "./solvers/astar";
export * from "./solvers/bfs";
export * from "./fields/distance-field";
export * from "./model/path-utils";
export * from "./jump-point/jps";
export * from "./jump-point/jps-plus";
export * from "./model/line-of-sight";
export * from "./solvers/theta-star";
export * from "./fields/flow-field";
export * from "./fields/theta-flow-field";
export * from "./solvers/time-sliced";
export * from "./solvers/ida-star";
export * from "./incremental/lpa-star";
export * from "./hierarchical/hpa-star";
export * from "./local/local-navigation";
export * from "./waypoints/next-hop-table";
export * from "./local/breadcrumbs";
export * from "./subgoal/subgoal-graph";
export * from "./subgoal/two-level-subgoal-graph";
export * from "./solvers/region-astar";
export * from "./local/explorer";
export * from "./jump-point/jps-plus-bucketed";
export * from "./incremental/d-star-lite";
export * from "./model/segment-penalty";
export {
  GoalBoundsCoverage,
  buildGoalBoundsStep,
  createGoalBounds,
  goalBoundsMemoryBytes,
  isGoalBoundsComplete,
  rebuildGoalBounds,
  type GoalBounds,
  type GoalBoundsCoverageValue,
  type GoalBoundsOptions,
  type GoalBoundsScratch,
} from "./goal-bounding/goal-bounds";
export * from "./goal-bounding/goal-bounded-search";
export * from "./goal-bounding/goal-bounds-serialize";
export * from "./subgoal/n-level-subgoal-graph";
