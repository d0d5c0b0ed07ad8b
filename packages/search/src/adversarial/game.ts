import { invalidArgument } from "@tactica/core";

/**
 * The contract a turn-based game implements to be searched by {@link searchBestMove} (alpha-beta),
 * {@link perft} and Monte Carlo ({@link runMcts}, {@link monteCarloOnePly}).
 *
 * The game object is the one mutable state the search walks with apply/undo — no state copies.
 * Moves are integers the game encodes as it likes (a column, `from | to << 7`, an action id).
 * Every method is called with `this` set to the game and must not allocate in its hot paths
 * (`generateMoves`, `makeMove`, `undoMove`, `evaluate`), so a search allocates nothing after
 * warm-up.
 *
 * Scores for alpha-beta are from the point of view of the player to move (negamax convention).
 */
export interface Game {
  /** Number of players (2 for alpha-beta; MCTS handles any number ≥ 1). */
  readonly playerCount: number;
  /** Upper bound on the number of legal moves in any position: the size of move buffers. */
  readonly maxMoves: number;
  /** The player to move, in `[0, playerCount)`. */
  currentPlayer(): number;
  /**
   * Writes the legal moves of the current position into `out[offset .. offset + k)` and returns
   * `k` (searches keep one buffer with a slice per ply, so no views are allocated). With
   * `noisyOnly` true, writes only the "noisy" moves quiescence search should follow (captures,
   * promotions, immediate wins) — a game without such a notion returns 0. Must write at most
   * {@link Game.maxMoves} moves.
   */
  generateMoves(out: Int32Array, offset: number, noisyOnly: boolean): number;
  /** Plays `move` (one returned by {@link Game.generateMoves} in this position). */
  makeMove(move: number): void;
  /** Takes back `move`, the last move played; the position and key are exactly restored. */
  undoMove(move: number): void;
  /** True when the game is over (win, loss or draw, including "no legal moves"). */
  isTerminal(): boolean;
  /**
   * At a terminal position: the result for `player` in `[0, 1]` (1 win, 0.5 draw, 0 loss; other
   * values for graded outcomes in n-player games).
   */
  terminalValue(player: number): number;
  /**
   * Heuristic value of a non-terminal position for the player to move, a finite number strictly
   * between `-GameScore.Win` and `GameScore.Win` (keep it within ±`GameScore.MaxEval`).
   */
  evaluate(): number;
  /** Low 32 bits of the position's Zobrist key (side to move included). */
  hashLo(): number;
  /** High 32 bits of the position's Zobrist key, used as the transposition-table lock. */
  hashHi(): number;
  /**
   * Optional static ordering score of `move` in the current position (higher is searched
   * first), e.g. MVV-LVA for captures. Used after the TT move and killers.
   */
  orderMove?(move: number): number;
  /**
   * Optional "interest" of `move` for interest search (chapter 24), a finite number > 0: higher
   * means more worth searching (checks, captures, threats). When absent,
   * {@link searchInterest} derives it from the move count and {@link Game.orderMove}.
   */
  moveInterest?(move: number): number;
  /**
   * Optional similarity classes of `move` in the current position for interest search's
   * similarity penalties (chapter 24): a bit mask of up to 31 traits (bit i set = the move has
   * trait i, e.g. "rook drop", "check", "vacates square"). Two moves are similar when their masks
   * share bits. Only read when `similarityPenalty` is set.
   */
  moveClasses?(move: number): number;
  /** Optional: true when the player to move is in check (null move is skipped then). */
  inCheck?(): boolean;
  /**
   * Optional: true when passing might be better than every legal move here (zugzwang risk, e.g.
   * few pieces besides kings and pawns). Null-move pruning is skipped where it returns true, since
   * its assumption "passing is never best" fails there and would prune the only good line.
   */
  hasZugzwangRisk?(): boolean;
  /** Optional: passes the turn (for null-move pruning). Must flip the side in the key. */
  makeNullMove?(): void;
  /** Optional: takes back {@link Game.makeNullMove}. */
  undoNullMove?(): void;
}

/** Score constants of game-tree search. */
export const GameScore = {
  /** Score of a won terminal position at the root; a win found `p` plies deep scores `Win - p`. */
  Win: 1_000_000,
  /** Scores with magnitude above this are forced wins or losses ("mate scores"). */
  WinThreshold: 999_000,
  /** Largest magnitude {@link Game.evaluate} should return. */
  MaxEval: 900_000,
} as const;

/**
 * Calls `game.evaluate()` and checks the value is a finite number within ±`GameScore.MaxEval`
 * (one comparison pair): a NaN or a win-sized score from an evaluation would silently corrupt the
 * search, so it throws instead.
 *
 * @param game - The game at the position to evaluate; its `evaluate()` is called once.
 * @returns The score for the player to move, within ±`GameScore.MaxEval`.
 * @throws TacticaError `INVALID_ARGUMENT` naming the value.
 */
export function checkedEvaluate(game: Game): number {
  const v = game.evaluate();
  if (!(v >= -GameScore.MaxEval && v <= GameScore.MaxEval)) {
    invalidArgument("@tactica/search: evaluate", "game.evaluate()", `returned ${v}`, `Return a finite score within ±${GameScore.MaxEval}.`);
  }
  return v;
}

/**
 * Negamax value of a terminal position for the player to move, `ply` plies from the root: faster wins score higher.
 * @param game - The game at a terminal position; its `terminalValue` for the player to move
 *   decides (above 0.5 a win, below a loss, 0.5 a draw).
 * @param ply - Distance from the search root in plies (≥ 0): subtracted from a win's magnitude.
 * @returns `GameScore.Win − ply`, `−GameScore.Win + ply` or 0.
 */
export function terminalScore(game: Game, ply: number): number {
  const v = game.terminalValue(game.currentPlayer());
  if (v > 0.5) return GameScore.Win - ply;
  if (v < 0.5) return -GameScore.Win + ply;
  return 0;
}
