/**
 * `@tactica/search`: search algorithms for game AI.
 *
 * - Graph search over an implicit {@link SearchDomain} or a compact {@link CsrGraph}: BFS,
 *   depth-limited DFS, Dijkstra (single/multi-source, full tree), A* and weighted A*, IDA*,
 *   bidirectional A* (NBA*), time-sliced A*, route (next-hop) tables, N-level graphs. Reusable
 *   contexts, results with {@link PathFlags}, no allocation per query. One-off queries:
 *   {@link findGraphPath}.
 * - Adversarial search: alpha-beta ({@link searchBestMove}, one-off {@link findBestMove}),
 *   interest search, perft; Monte Carlo: UCT ({@link runMcts}, one-off {@link findMctsMove}),
 *   1-ply Monte Carlo.
 * - Constraint solving (forward checking) and evolutionary search (GA, GP).
 *
 * The example games (tic-tac-toe, Connect Four, chess with a perft-verified move generator) live in
 * the separate entry point `@tactica/search/games`, so a game that brings its own rules never
 * bundles them.
 *
 * @packageDocumentation
 */
export { type SearchDomain } from "./graph/domain";
export { PathFlags, type PathFlag } from "./graph/flags";
export { createPathResult, pathToArray, resetPathResult, type PathArray, type PathResult } from "./graph/path-result";
export { beginSearchContextQuery, createSearchContext, extractPath, searchDistance, searchParent, type SearchContext } from "./graph/search-context";
export { createCsrGraph, csrDomain, reverseCsrGraph, type CsrDomainOptions, type CsrGraph, type CsrGraphOptions } from "./graph/csr-graph";
export { bfs } from "./graph/bfs";
export { dijkstra, type DijkstraOptions } from "./graph/dijkstra";
export { astar, type AStarOptions } from "./graph/astar";
export { createDepthFirstContext, depthLimitedDfs, idaStar, type DepthFirstContext, type DepthFirstOptions } from "./graph/depth-first";
export { bidirectionalAStar, type BidirectionalOptions } from "./graph/bidirectional-astar";
export {
  createTimeSlicedAStar,
  finishTimeSlicedAStar,
  startTimeSlicedAStar,
  stepTimeSlicedAStar,
  type TimeSlicedAStar,
  type TimeSlicedAStarOptions,
} from "./graph/time-sliced-astar";
export { createTimeSlicedAStarTask, type TimeSlicedAStarTask } from "./graph/sliced-task";
export {
  computeRouteTable,
  createLazyRouteTable,
  lazyRouteDistance,
  lazyRouteNextHop,
  routeDistance,
  routeNextHop,
  type LazyRouteTable,
  type RouteTable,
} from "./graph/route-table";
export {
  beginNLevelQuery,
  createNLevelGraph,
  createNLevelQuery,
  findPathNLevel,
  identifyConnectingVertices,
  nLevelGraphMemoryBytes,
  unpackNLevelEdge,
  type NLevelEdgeProperty,
  type NLevelGraph,
  type NLevelGraphOptions,
  type NLevelPathOptions,
  type NLevelQuery,
  type NLevelQueryOptions,
} from "./graph/n-level-graph";
export { findGraphPath, type FindGraphPathOptions, type FoundPath } from "./graph/find-graph-path";
export { checkedEvaluate, GameScore, terminalScore, type Game } from "./adversarial/game";
export {
  AlphaBetaFlags,
  BoundFlags,
  type AlphaBetaConfig,
  type AlphaBetaCounters,
  type AlphaBetaEngine,
  type AlphaBetaOptions,
  type AlphaBetaResult,
  type AlphaBetaRunState,
} from "./adversarial/types";
export { clearTranspositionTable, createAlphaBeta, createAlphaBetaResult, searchBestMove, type AlphaBetaResultOptions } from "./adversarial/alpha-beta";
export { findBestMove, type BestMove, type FindBestMoveOptions } from "./adversarial/find-best-move";
export { createPerftBuffers, perft, type PerftBuffers } from "./adversarial/perft";
export { interestCost, searchInterest, type InterestCostOptions, type InterestSearchOptions } from "./adversarial/interest-search";
export { addToMoveSetKey, hashUnitMove, removeFromMoveSetKey } from "./adversarial/move-set-key";
export {
  createMonteCarloUcb1,
  monteCarloUcb1Mean,
  monteCarloUcb1Value,
  resetMonteCarloUcb1,
  selectMonteCarloUcb1,
  updateMonteCarloUcb1,
  type MonteCarloUcb1,
  type MonteCarloUcb1Options,
} from "./monte-carlo/ucb1";
export {
  createMcts,
  createMctsResult,
  FinalMovePolicy,
  getMctsRootStats,
  MctsFlags,
  runMcts,
  type FinalMovePolicyValue,
  type MctsConfig,
  type MctsOptions,
  type MctsResult,
  type MctsTree,
} from "./monte-carlo/mcts";
export { findMctsMove, type FindMctsMoveOptions, type MctsMove } from "./monte-carlo/find-mcts-move";
export {
  createOnePlyMonteCarlo,
  monteCarloOnePly,
  type OnePlyMonteCarlo,
  type OnePlyMonteCarloConfig,
  type OnePlyMonteCarloOptions,
} from "./monte-carlo/one-ply";
export { ConstraintKind, CspFlags, type Csp, type CspConstraint, type CspSolver, type CustomPropagator } from "./csp/types";
export {
  addAllDifferent,
  addAtLeast,
  addAtMost,
  addCspVariable,
  type AddCspVariableOptions,
  addCustomConstraint,
  addEqual,
  addFixed,
  addForbidden,
  addNotEqual,
  createCsp,
} from "./csp/model";
export { isSingleton, lowestValue } from "./csp/bits";
export {
  createCspSolver,
  domainHas,
  domainMin,
  domainSize,
  fixValue,
  markTrail,
  removeValue,
  restrictDomain,
  restrictDomainWords,
  type RestrictDomainWordsOptions,
  rollbackTo,
} from "./csp/domains";
export { assignValue, propagate, resetCspSolver } from "./csp/propagation";
export { countCspSolutions, solveCsp, type CspCountOptions, type CspSolveOptions } from "./csp/solve";
export { createLevelColoringCsp, LevelColor } from "./csp/level-coloring";
export {
  createGeneticAlgorithm,
  evaluatePopulation,
  mutateGenome,
  stepCascadingElitism,
  stepGeneration,
  type FitnessFunction,
  type GeneticAlgorithm,
  type GeneticAlgorithmConfig,
} from "./evolution/genetic-algorithm";
export {
  createGeneticProgramming,
  createGpPrimitiveSet,
  evaluateGp,
  formatGpProgram,
  gpSubtreeCrossover,
  gpSubtreeEnd,
  rampedHalfAndHalf,
  randomGpProgram,
  stepGp,
  type GeneticProgramming,
  type GpCrossoverOptions,
  type RandomGpProgramOptions,
  type GeneticProgrammingConfig,
  type GpPrimitiveSet,
} from "./evolution/genetic-programming";
export {
  createSnakeGame,
  createSnakePrimitives,
  playSnake,
  playSnakeAverage,
  runSnakeProgram,
  SNAKE_HEIGHT,
  SNAKE_MAX_FOOD,
  SNAKE_MOVE_LIMIT,
  SNAKE_WIDTH,
  SnakeAction,
  snakeCell,
  snakeDangerAt,
  snakeFoodAhead,
  snakeHead,
  stepSnake,
  type SnakeGame,
} from "./evolution/snake";
