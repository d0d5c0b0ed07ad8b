/**
 * `@tactica/search`: search algorithms for game AI.
 *
 * - Graph search over an implicit {@link SearchDomain} or a compact {@link CsrGraph}: BFS,
 *   depth-limited DFS, Dijkstra (single/multi-source, full tree), A* and weighted A*, IDA*,
 *   bidirectional A* (NBA*), time-sliced A*, next-hop tables. Reusable contexts, results with
 *   {@link PathFlags}, no allocation per query.
 *
 * The example games (tic-tac-toe, Connect Four, chess with a perft-verified move generator) live in
 * the separate entry point `@tactica/search/games`, so a game that brings its own rules never
 * bundles them.
 *
 * @packageDocumentation
 */
export * from "./graph/domain";
export * from "./graph/flags";
export * from "./graph/path-result";
export * from "./graph/search-context";
export * from "./graph/csr-graph";
export * from "./graph/bfs";
export * from "./graph/dijkstra";
export * from "./graph/astar";
export * from "./graph/depth-first";
export * from "./graph/bidirectional-astar";
export * from "./graph/time-sliced-astar";
export * from "./graph/next-hop";
export * from "./adversarial/game";
export * from "./adversarial/alpha-beta";
export * from "./adversarial/perft";
export * from "./adversarial/interest-search";
export * from "./adversarial/move-set-key";
export * from "./monte-carlo/ucb1";
export * from "./monte-carlo/mcts";
export * from "./monte-carlo/one-ply";
export * from "./csp/csp";
export * from "./csp/level-coloring";
export * from "./evolution/genetic-algorithm";
export * from "./evolution/genetic-programming";
export * from "./evolution/snake";
export * from "./graph/n-level-graph";
