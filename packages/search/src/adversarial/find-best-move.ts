import { createAlphaBeta, createAlphaBetaResult, searchBestMove } from "./alpha-beta";
import type { Game } from "./game";
import type { AlphaBetaEngine, AlphaBetaOptions } from "./types";

/** Options of {@link findBestMove}: the search depth plus any {@link AlphaBetaOptions}. */
export interface FindBestMoveOptions extends AlphaBetaOptions {
  /** Iterative deepening up to this many plies (integer in [1, 63]). */
  readonly depth: number;
}

/** The plain result of {@link findBestMove}. */
export interface BestMove {
  /** The best move found, or -1 when the game is over. */
  readonly move: number;
  /** Its negamax score for the player to move (see `GameScore` for won/lost scores). */
  readonly score: number;
  /** Deepest fully searched depth. */
  readonly depth: number;
  /** `AlphaBetaFlags` bits. */
  readonly flags: number;
  /** Principal variation, best move first. */
  readonly pv: number[];
  /** Nodes visited (main search plus quiescence). */
  readonly nodes: number;
}

const engines = new WeakMap<Game, AlphaBetaEngine>();

/**
 * Level 2: the best move for the player to move in `game`, by alpha-beta with iterative deepening
 * to `options.depth` plies. The engine (transposition table, buffers) is cached per game object in
 * a private `WeakMap`. The game is restored afterwards. In a hot loop use the level-1
 * {@link searchBestMove} with your own {@link createAlphaBeta} and {@link createAlphaBetaResult}.
 *
 * @param game - The game at the position to move from (a {@link Game}); moved during the search
 *   and restored. The engine is cached under this object.
 * @param options - `depth` in plies (required, an integer in [1, 63]) plus any
 *   {@link AlphaBetaOptions} (`maxNodes` budget, feature switches).
 * @returns A new plain result; `move` is -1 when the game is over.
 * @throws TacticaError `INVALID_ARGUMENT` for a bad depth or option.
 * @example
 * ```ts
 * const game = createTicTacToe({ cells: [0, 0, -1, 1, 1, -1, -1, -1, -1] }); // X to move, X X _ / O O _
 * const best = findBestMove(game, { depth: 4 });
 * // best.move === 2: X completes the top row
 * ```
 */
export function findBestMove(game: Game, options: FindBestMoveOptions): BestMove {
  let engine = engines.get(game);
  if (engine === undefined || engine.maxMoves < game.maxMoves) {
    engine = createAlphaBeta({ ttSizeLog2: 16, maxMoves: game.maxMoves });
    engines.set(game, engine);
  }
  const r = searchBestMove(createAlphaBetaResult(), engine, game, options.depth, options);
  return {
    move: r.bestMove,
    score: r.score,
    depth: r.depth,
    flags: r.flags,
    pv: Array.from(r.pv.subarray(0, r.pvLength)),
    nodes: r.counters.nodes + r.counters.qnodes,
  };
}
