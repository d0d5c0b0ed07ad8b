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
export {
  createGrid,
  isInsideGrid,
  isCellPassable,
  cellIndex,
  setCellPassable,
  setCellCost,
  markGridChanged,
  isMoveLegal,
  cloneGrid,
  withGridRules,
  Connectivity,
  type ConnectivityValue,
  CornerCutting,
  type CornerCuttingValue,
  type Grid,
  type GridOptions,
  type GridRulesOptions,
} from "./model/grid";
export {
  parseMovingAiMap,
  formatMovingAiMap,
  parseMovingAiScenarios,
  formatMovingAiScenarios,
  scenarioMapName,
  scenarioLengthTolerance,
  matchesScenarioLength,
  MovingAiTerrain,
  type MovingAiMap,
  type MovingAiScenario,
  type ParseMovingAiMapOptions,
  type FormatMovingAiMapOptions,
} from "./io/movingai";
export { gridToJson, gridFromJson, type GridJson } from "./io/serialize";
export { gridFromTiled, type TiledGridOptions } from "./io/tiled";
export { octileDistance, heuristicDistance, Heuristics, type HeuristicValue } from "./model/heuristics";
export { findGridPath, type FindGridPathOptions, type FindGridPathResult, type GridPoint, type GridSolver } from "./query/find-grid-path";
export { findGridPathBatch, gridPathBatchBuffers, type GridPathBatch, type GridBatchSolver, type FindGridPathBatchOptions } from "./query/path-batch";
export {
  GRID_WORKER_HANDLERS,
  gridWorkerHandlers,
  gridWorkerResources,
  createGridPathService,
  findGridPathsInWorker,
  type GridPathService,
  type CreateGridPathServiceOptions,
  type FindGridPathsInWorkerOptions,
} from "./query/worker-service";
export {
  createGridPath,
  createGridSearch,
  gridSearchMemoryBytes,
  PathFlags,
  type PathResult,
  type GridPath,
  type GridPathOptions,
  DirX,
  DirY,
  type GridSearch,
} from "./query/grid-search";
export { findPathAStar, findPathDijkstra, type GridAStarOptions, type GridDijkstraOptions } from "./solvers/astar";
export { findPathBfs } from "./solvers/bfs";
export { computeDistanceField, type DistanceFieldOptions } from "./fields/distance-field";
export { pathCost, expandPath, isPathLegal } from "./model/path-utils";
export { findPathJps } from "./jump-point/jps";
export { createJpsPlus, rebuildJpsPlus, findPathJpsPlus, jpsPlusMemoryBytes, type JpsPlus } from "./jump-point/jps-plus";
export { bresenhamLine, hasBresenhamLineOfSight, hasGridLineOfSight, smoothPath } from "./model/line-of-sight";
export { findPathThetaStar, type ThetaStarOptions } from "./solvers/theta-star";
export { createFlowField, computeFlowField, flowFieldDirectionAt, type FlowField, type FlowFieldOptions } from "./fields/flow-field";
export { createThetaFlowField, computeThetaFlowField, thetaFlowFieldDirectionAt, type ThetaFlowField } from "./fields/theta-flow-field";
export { createSlicedAStar, startSlicedAStar, stepSlicedAStar, type SlicedAStar, type SlicedAStarOptions } from "./solvers/time-sliced";
export { createSlicedAStarTask, type SlicedAStarTask } from "./solvers/sliced-task";
export { createIdaStar, findPathIdaStar, type IdaStar, type IdaStarOptions } from "./solvers/ida-star";
export { createLpaStar, setLpaStarEndpoints, notifyLpaStarCellChanged, computeLpaStarPath, type LpaStar } from "./incremental/lpa-star";
export { createHpa, rebuildHpa, findPathHpa, hpaMemoryBytes, type Hpa, type HpaOptions } from "./hierarchical/hpa-star";
export {
  createLocalAgent,
  resetLocalAgent,
  stepLocalAgent,
  LocalMethod,
  type LocalMethodValue,
  WallSide,
  type WallSideValue,
  LocalStatus,
  type LocalAgent,
  type LocalAgentOptions,
  type StepLocalAgentOptions,
} from "./local/local-navigation";
export {
  createWaypointRoutes,
  nextWaypoint,
  waypointRouteDistance,
  updateWaypointRoutes,
  type WaypointRoutes,
  type WaypointRoutesOptions,
} from "./waypoints/waypoint-routes";
export { createBreadcrumbTrail, dropBreadcrumb, breadcrumbAt, followBreadcrumbs, type BreadcrumbTrail } from "./local/breadcrumbs";
export { createSubgoalGraph, rebuildSubgoalGraph, findPathSubgoal, subgoalGraphMemoryBytes, type SubgoalGraph } from "./subgoal/subgoal-graph";
export {
  createTwoLevelSubgoalGraph,
  rebuildTwoLevelSubgoalGraph,
  findPathTwoLevelSubgoal,
  twoLevelSubgoalGraphMemoryBytes,
  type TwoLevelSubgoalGraph,
} from "./subgoal/two-level-subgoal-graph";
export { createRegionMap, rebuildRegionMap, regionMapMemoryBytes, findPathRegionAStar, type RegionMap } from "./solvers/region-astar";
export { createExplorer, startExplorerTrip, stepExplorer, type Explorer } from "./local/explorer";
export { createBucketedJpsPlus, findPathJpsPlusBucketed, type BucketedJpsPlus, type BucketedJpsPlusOptions } from "./jump-point/jps-plus-bucketed";
export {
  createDStarLite,
  setDStarLiteEndpoints,
  moveDStarLiteStart,
  notifyDStarLiteCellChanged,
  computeDStarLite,
  dStarLiteNextCell,
  writeDStarLitePath,
  computeDStarLitePath,
  wasDStarLiteCellExpanded,
  type DStarLite,
} from "./incremental/d-star-lite";
export { lineOfSightPenalty } from "./model/segment-penalty";
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
  type RebuildGoalBoundsOptions,
} from "./goal-bounding/goal-bounds";
export { findPathJpsPlusGoalBounded, findPathAStarGoalBounded } from "./goal-bounding/goal-bounded-search";
export {
  passabilityHash,
  goalBoundsToJson,
  goalBoundsToBytes,
  goalBoundsFromJson,
  goalBoundsFromBytes,
  GOAL_BOUNDS_FORMAT,
  GOAL_BOUNDS_VERSION,
  type GoalBoundsJson,
} from "./goal-bounding/goal-bounds-serialize";
export {
  createNLevelSubgoalGraph,
  rebuildNLevelSubgoalGraph,
  findPathNLevelSubgoal,
  nLevelSubgoalGraphMemoryBytes,
  type NLevelSubgoalGraph,
  type NLevelSubgoalGraphOptions,
} from "./subgoal/n-level-subgoal-graph";
