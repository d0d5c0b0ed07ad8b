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
export * from "./grid";
export * from "./movingai";
export * from "./serialize";
export * from "./tiled";
export * from "./heuristics";
export * from "./grid-search";
export * from "./astar";
export * from "./bfs";
export * from "./distance-field";
export * from "./path-utils";
export * from "./jps";
export * from "./jps-plus";
export * from "./line-of-sight";
export * from "./theta-star";
export * from "./flow-field";
export * from "./theta-flow-field";
export * from "./time-sliced";
export * from "./ida-star";
export * from "./lpa-star";
export * from "./hpa-star";
export * from "./local-navigation";
export * from "./next-hop-table";
export * from "./breadcrumbs";
export * from "./subgoal-graph";
export * from "./two-level-subgoal-graph";
export * from "./region-astar";
export * from "./explorer";
export * from "./jps-plus-bucketed";
export * from "./d-star-lite";
export * from "./segment-penalty";
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
} from "./goal-bounds";
export * from "./goal-bounded-search";
export * from "./goal-bounds-serialize";
export * from "./n-level-subgoal-graph";
