import { assertInteger, assertNonNegative, invalidArgument, rngInt, type Rng } from "@tactica/core";
import type { Game } from "../adversarial/game";

/** How {@link runMcts} picks the move to play once the iterations are done (never by UCB). */
export const FinalMovePolicy = {
  /** The root child with the most visits (robust; the usual choice). */
  MostVisited: 0,
  /** The root child with the highest mean value for the player to move. */
  HighestMean: 1,
} as const;

/** One of the values of {@link FinalMovePolicy}. */
export type FinalMovePolicyValue = (typeof FinalMovePolicy)[keyof typeof FinalMovePolicy];

/** Status bits of an {@link MctsResult}. */
export const MctsFlags = {
  /** No search yet. */
  None: 0,
  /** All iterations ran. */
  Completed: 1,
  /** The node pool filled up; the tree stopped growing (iterations continued with playouts). */
  PoolFull: 2,
  /** The root position is terminal: there is no move. */
  NoMove: 4,
} as const;

/** Capacities of {@link createMcts}. */
export interface MctsConfig {
  /** Node pool size (integer ≥ 2); the tree never allocates beyond it. */
  readonly maxNodes: number;
  /** Largest legal-move count of the games searched. */
  readonly maxMoves: number;
  /** Number of players whose values are kept (≥ 1; default 2). */
  readonly playerCount?: number;
  /** Longest playout in plies (default 1000); a playout cut off there scores every player `1 / playerCount`. */
  readonly maxPlayoutDepth?: number;
  /** Deepest tree path (default 512). */
  readonly maxTreeDepth?: number;
}

/** Per-search options of {@link runMcts}. */
export interface MctsOptions {
  /** UCB1 exploration constant `C` in `mean + C · sqrt(ln N / n)` (default √2 for values in [0, 1]). */
  readonly exploration?: number;
  /** A leaf is expanded once it has been visited this many times (default 1: expand on the second visit). */
  readonly expandThreshold?: number;
  /** Final-move policy (default {@link FinalMovePolicy.MostVisited}). */
  readonly finalMove?: FinalMovePolicyValue;
}

/**
 * A UCT / Monte Carlo tree search over a preallocated node pool (structure of arrays; node 0 is
 * the root; children of a node are a contiguous block). Create once with {@link createMcts};
 * {@link runMcts} rebuilds the tree for the current position and allocates nothing.
 *
 * Values are kept per player (`values[node * playerCount + p]` = sum of player p's results in
 * the playouts through the node), so n-player games work: selection at a node maximises the value
 * of the player to move there.
 */
export interface MctsTree {
  /** Pool size. */
  readonly maxNodes: number;
  /** Number of players. */
  readonly playerCount: number;
  /** Move buffer width. */
  readonly maxMoves: number;
  /** Longest playout. */
  readonly maxPlayoutDepth: number;
  /** Deepest tree path. */
  readonly maxTreeDepth: number;
  /** Nodes in use. */
  nodeCount: number;
  /** Move leading into each node (-1 for the root). */
  readonly move: Int32Array;
  /** First child per node (-1 until expanded). */
  readonly firstChild: Int32Array;
  /** Child count per node. */
  readonly childCount: Int32Array;
  /** Player to move at each node. */
  readonly toMove: Int8Array;
  /** Visit count per node. */
  readonly visits: Float64Array;
  /** Value sums per node and player. */
  readonly values: Float64Array;
  /** Scratch: path of nodes of the current iteration. */
  readonly path: Int32Array;
  /** Scratch: moves of the current playout. */
  readonly playoutMoves: Int32Array;
  /** Scratch: move generation buffer. */
  readonly moveBuffer: Int32Array;
  /** Scratch: utility vector of a playout. */
  readonly utility: Float64Array;
}

/** The result of {@link runMcts}: caller-owned, reused. */
export interface MctsResult {
  /** {@link MctsFlags} bits. */
  flags: number;
  /** Chosen move, -1 when the root is terminal. */
  bestMove: number;
  /** Visits of the chosen root child. */
  bestVisits: number;
  /** Mean value of the chosen root child for the player to move at the root, in [0, 1]. */
  bestMean: number;
  /** Iterations run. */
  iterations: number;
  /** Playouts run (iterations that did not end inside the tree at a terminal node). */
  playouts: number;
  /** Nodes in the tree at the end. */
  nodes: number;
}

/** Creates an {@link MctsResult}. */
export function createMctsResult(): MctsResult {
  return { flags: MctsFlags.None, bestMove: -1, bestVisits: 0, bestMean: 0, iterations: 0, playouts: 0, nodes: 0 };
}

/**
 * Creates an {@link MctsTree}. Memory: about (29 + 8 × players) bytes per node.
 * @param config - Capacities: `maxNodes` (pool size, integer in [2, 2^26]), `maxMoves` (largest
 *   legal-move count, [1, 2^16]), `playerCount` ([1, 64], default 2), `maxPlayoutDepth` in plies
 *   ([1, 2^20], default 1000) and `maxTreeDepth` ([1, 2^16], default 512).
 * @returns A new empty tree, reusable for every {@link runMcts} call on games that fit it.
 * @throws TacticaError `INVALID_ARGUMENT` when a capacity is not an integer in range.
 */
export function createMcts(config: MctsConfig): MctsTree {
  const where = "@tactica/search: createMcts";
  const maxNodes = assertInteger(where, "config.maxNodes", config.maxNodes, 2, 1 << 26);
  const maxMoves = assertInteger(where, "config.maxMoves", config.maxMoves, 1, 1 << 16);
  const playerCount = assertInteger(where, "config.playerCount", config.playerCount ?? 2, 1, 64);
  const maxPlayoutDepth = assertInteger(where, "config.maxPlayoutDepth", config.maxPlayoutDepth ?? 1000, 1, 1 << 20);
  const maxTreeDepth = assertInteger(where, "config.maxTreeDepth", config.maxTreeDepth ?? 512, 1, 1 << 16);
  return {
    maxNodes,
    playerCount,
    maxMoves,
    maxPlayoutDepth,
    maxTreeDepth,
    nodeCount: 0,
    move: new Int32Array(maxNodes),
    firstChild: new Int32Array(maxNodes),
    childCount: new Int32Array(maxNodes),
    toMove: new Int8Array(maxNodes),
    visits: new Float64Array(maxNodes),
    values: new Float64Array(maxNodes * playerCount),
    path: new Int32Array(maxTreeDepth + 1),
    playoutMoves: new Int32Array(maxPlayoutDepth),
    moveBuffer: new Int32Array(maxMoves),
    utility: new Float64Array(playerCount),
  };
}

function initNode(tree: MctsTree, node: number, move: number, toMove: number): void {
  tree.move[node] = move;
  tree.firstChild[node] = -1;
  tree.childCount[node] = 0;
  tree.toMove[node] = toMove;
  tree.visits[node] = 0;
  const P = tree.playerCount;
  for (let p = 0; p < P; p++) tree.values[node * P + p] = 0;
}

const EMPTY: MctsOptions = {};

/** Expands `node` (the game is at its position); returns false when the pool is full. */
function expand(tree: MctsTree, game: Game, node: number): boolean {
  const n = game.generateMoves(tree.moveBuffer, 0, false);
  if (tree.nodeCount + n > tree.maxNodes) return false;
  const first = tree.nodeCount;
  tree.nodeCount += n;
  // Children's `toMove` is filled lazily (set when first entered) — here: the mover is unknown until played.
  for (let i = 0; i < n; i++) initNode(tree, first + i, tree.moveBuffer[i]!, -1);
  tree.firstChild[node] = first;
  tree.childCount[node] = n;
  return true;
}

function selectChild(tree: MctsTree, node: number, c: number): number {
  const first = tree.firstChild[node]!;
  const count = tree.childCount[node]!;
  const P = tree.playerCount;
  const mover = tree.toMove[node]!;
  const logN = Math.log(tree.visits[node]!);
  let best = first;
  let bestV = -Infinity;
  for (let i = 0; i < count; i++) {
    const ch = first + i;
    const v = tree.visits[ch]!;
    if (v === 0) return ch;
    const u = tree.values[ch * P + mover]! / v + c * Math.sqrt(logN / v);
    if (u > bestV) {
      bestV = u;
      best = ch;
    }
  }
  return best;
}

function playout(tree: MctsTree, game: Game, rng: Rng): void {
  const P = tree.playerCount;
  const buf = tree.moveBuffer;
  const moves = tree.playoutMoves;
  let depth = 0;
  while (!game.isTerminal() && depth < tree.maxPlayoutDepth) {
    const n = game.generateMoves(buf, 0, false);
    if (n === 0) break;
    const m = buf[n === 1 ? 0 : rngInt(rng, 0, n - 1)]!;
    game.makeMove(m);
    moves[depth++] = m;
  }
  if (game.isTerminal()) {
    for (let p = 0; p < P; p++) {
      const v = game.terminalValue(p);
      if (!(v >= 0 && v <= 1))
        invalidArgument("@tactica/search: runMcts", "game.terminalValue()", `returned ${v} for player ${p}`, "Return a result in [0, 1].");
      tree.utility[p] = v;
    }
  } else for (let p = 0; p < P; p++) tree.utility[p] = 1 / P;
  while (depth > 0) game.undoMove(moves[--depth]!);
}

/**
 * Runs UCT (chapter 25, Listing 25.4 with its erratum fixed: a leaf is expanded, one child is
 * chosen and the playout starts from that child, so no node is updated twice) on `game` from its
 * current position for `iterations` iterations (selection, expansion, playout, backpropagation;
 * integer ≥ 1), then writes the chosen move into `out`
 * by the final-move policy. Playouts pick uniformly random legal moves from `rng` and are played
 * with apply/undo; the game is restored afterwards. Deterministic for a given `rng` state. No
 * allocation.
 *
 * Selection uses UCB1 (`mean + C·sqrt(ln N / n)`, unvisited children first, in move order); a
 * leaf is expanded (all children at once, from the pool) once visited `expandThreshold` times.
 * When the pool is full, the tree stops growing and `PoolFull` is set.
 *
 * For a one-off search without managing a tree see {@link findMctsMove}.
 *
 * @param out - the caller-owned result ({@link createMctsResult}), overwritten (returned).
 * @param tree - the search tree ({@link createMcts}), reset and grown from the current position
 * @param game - the game, at the position to search from; restored afterwards
 * @param iterations - number of iterations, integer ≥ 1
 * @param rng - core `Rng` the playouts draw their moves from
 * @param options - exploration constant, expansion threshold and final-move policy
 */
export function runMcts(out: MctsResult, tree: MctsTree, game: Game, iterations: number, rng: Rng, options: MctsOptions = EMPTY): MctsResult {
  const where = "@tactica/search: runMcts";
  const result = out;
  assertInteger(where, "iterations", iterations, 1, Number.MAX_SAFE_INTEGER);
  const c = assertNonNegative(where, "options.exploration", options.exploration ?? Math.SQRT2);
  const threshold = assertInteger(where, "options.expandThreshold", options.expandThreshold ?? 1, 0, Number.MAX_SAFE_INTEGER);
  if (game.maxMoves > tree.maxMoves || game.playerCount > tree.playerCount) {
    assertInteger(where, "game.maxMoves", game.maxMoves, 1, tree.maxMoves);
    assertInteger(where, "game.playerCount", game.playerCount, 1, tree.playerCount);
  }
  const P = tree.playerCount;
  result.flags = MctsFlags.None;
  result.bestMove = -1;
  result.bestVisits = 0;
  result.bestMean = 0;
  result.iterations = 0;
  result.playouts = 0;
  tree.nodeCount = 1;
  initNode(tree, 0, -1, game.currentPlayer());
  if (game.isTerminal()) {
    result.flags = MctsFlags.NoMove | MctsFlags.Completed;
    result.nodes = 1;
    return result;
  }
  expand(tree, game, 0);
  let poolFull = false;
  const path = tree.path;
  for (let it = 0; it < iterations; it++) {
    let node = 0;
    let depth = 0;
    path[0] = 0;
    // Selection.
    while (tree.childCount[node]! > 0 && depth < tree.maxTreeDepth) {
      node = selectChild(tree, node, c);
      game.makeMove(tree.move[node]!);
      if (tree.toMove[node] === -1) tree.toMove[node] = game.currentPlayer();
      path[++depth] = node;
    }
    // Expansion: once visited often enough, expand and step into one child.
    if (!game.isTerminal() && tree.visits[node]! >= threshold && depth < tree.maxTreeDepth && tree.firstChild[node] === -1) {
      if (expand(tree, game, node)) {
        node = selectChild(tree, node, c);
        game.makeMove(tree.move[node]!);
        tree.toMove[node] = game.currentPlayer();
        path[++depth] = node;
      } else poolFull = true;
    }
    // Simulation from the leaf.
    playout(tree, game, rng);
    result.playouts++;
    // Backpropagation: each node's values hold the utility of every player.
    const util = tree.utility;
    for (let d = depth; d >= 0; d--) {
      const n = path[d]!;
      tree.visits[n]!++;
      for (let p = 0; p < P; p++) tree.values[n * P + p]! += util[p]!;
    }
    for (let d = depth; d > 0; d--) game.undoMove(tree.move[path[d]!]!);
    result.iterations++;
  }
  // Final move: never by UCB.
  const policy = options.finalMove ?? FinalMovePolicy.MostVisited;
  const first = tree.firstChild[0]!;
  const count = tree.childCount[0]!;
  const mover = tree.toMove[0]!;
  let best = -1;
  let bestKey = -Infinity;
  for (let i = 0; i < count; i++) {
    const ch = first + i;
    const v = tree.visits[ch]!;
    const mean = v === 0 ? -Infinity : tree.values[ch * P + mover]! / v;
    const key = policy === FinalMovePolicy.MostVisited ? v + (mean === -Infinity ? 0 : mean * 1e-6) : mean;
    if (key > bestKey) {
      bestKey = key;
      best = ch;
    }
  }
  if (best === -1) best = first;
  result.bestMove = tree.move[best]!;
  result.bestVisits = tree.visits[best]!;
  result.bestMean = tree.visits[best]! === 0 ? 0 : tree.values[best * P + mover]! / tree.visits[best]!;
  result.nodes = tree.nodeCount;
  result.flags = MctsFlags.Completed | (poolFull ? MctsFlags.PoolFull : 0);
  return result;
}

/**
 * Writes the root's children after {@link runMcts} — move, visits and mean value for the root's
 * player to move — into the output arrays (as many as fit) and returns the child count.
 * For displaying visit counts. No allocation.
 * @param outMoves - Move of each root child, written in place; its length caps how many children are written.
 * @param outVisits - Visits of each root child, written in place (at least `outMoves.length` long).
 * @param outMeans - Mean playout value of each root child for the root's player to move, in
 *   [0, 1] (0 while unvisited), written in place (at least `outMoves.length` long).
 * @param tree - The tree after {@link runMcts}; read only.
 * @returns The root's child count (may exceed what was written).
 */
export function getMctsRootStats(outMoves: Int32Array, outVisits: Float64Array, outMeans: Float64Array, tree: MctsTree): number {
  const first = tree.firstChild[0]!;
  const count = first === -1 || tree.nodeCount === 0 ? 0 : tree.childCount[0]!;
  const P = tree.playerCount;
  const mover = tree.toMove[0]!;
  for (let i = 0; i < count && i < outMoves.length; i++) {
    const ch = first + i;
    outMoves[i] = tree.move[ch]!;
    outVisits[i] = tree.visits[ch]!;
    outMeans[i] = tree.visits[ch]! === 0 ? 0 : tree.values[ch * P + mover]! / tree.visits[ch]!;
  }
  return count;
}
