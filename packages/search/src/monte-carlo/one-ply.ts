import { assertInteger, assertNonNegative, rngInt, type Rng } from "@tactica/core";
import type { Game } from "../adversarial/game";
import { createMonteCarloUcb1, monteCarloUcb1Mean, resetMonteCarloUcb1, selectMonteCarloUcb1, updateMonteCarloUcb1, type MonteCarloUcb1 } from "./ucb1";

/**
 * Working memory of {@link monteCarloOnePly}: the bandit over root moves and playout buffers.
 * Create once with {@link createOnePlyMonteCarlo}.
 */
export interface OnePlyMonteCarlo {
  /** One arm per root move. */
  readonly bandit: MonteCarloUcb1;
  /** Root moves (arms). */
  readonly rootMoves: Int32Array;
  /** Number of root moves of the last search. */
  rootCount: number;
  /** Move generation scratch. */
  readonly moveBuffer: Int32Array;
  /** Moves of the current playout. */
  readonly playoutMoves: Int32Array;
}

/** Options of {@link createOnePlyMonteCarlo}. */
export interface OnePlyMonteCarloConfig {
  /** Longest playout in plies (integer ≥ 1, default 1000); a playout cut there scores `1 / playerCount`. */
  readonly maxPlayoutDepth?: number;
}

/** Options of {@link monteCarloOnePly}. */
export interface OnePlyMonteCarloOptions {
  /** UCB1 exploration constant `k` (≥ 0, default 2). */
  readonly exploration?: number;
}

/**
 * Creates a {@link OnePlyMonteCarlo} for games of up to `maxMoves` legal moves.
 * @param maxMoves - Largest legal-move count of the games searched, an integer in [1, 2^16] (one bandit arm per root move).
 * @param config - `maxPlayoutDepth`: longest playout in plies, an integer in [1, 2^20] (default 1000).
 * @returns New working memory, reusable across searches.
 * @throws TacticaError `INVALID_ARGUMENT` when an argument is not an integer in range.
 */
export function createOnePlyMonteCarlo(maxMoves: number, config: OnePlyMonteCarloConfig = {}): OnePlyMonteCarlo {
  const where = "@tactica/search: createOnePlyMonteCarlo";
  const maxPlayoutDepth = config.maxPlayoutDepth ?? 1000;
  assertInteger(where, "maxMoves", maxMoves, 1, 1 << 16);
  assertInteger(where, "config.maxPlayoutDepth", maxPlayoutDepth, 1, 1 << 20);
  return {
    bandit: createMonteCarloUcb1(maxMoves),
    rootMoves: new Int32Array(maxMoves),
    rootCount: 0,
    moveBuffer: new Int32Array(maxMoves),
    playoutMoves: new Int32Array(maxPlayoutDepth),
  };
}

/**
 * 1-ply Monte Carlo with offline UCB1 (chapter 25, Listing 25.3): each iteration picks a root
 * move by UCB1 (`options.exploration`, default 2), plays it, finishes the game with uniformly random moves for all
 * players (apply/undo, seeded `rng`), and scores the result for the player to move at the root
 * (`terminalValue`, in [0, 1]; a playout cut at the depth limit scores `1 / playerCount`). The
 * returned move is the arm with the best *mean*, not the UCB choice. Returns -1 at a terminal
 * position. No allocation; the game is restored.
 *
 * @param mc - the working state ({@link createOnePlyMonteCarlo})
 * @param game - the game, at the root position; restored afterwards
 * @param iterations - number of playouts, integer ≥ 1
 * @param rng - core `Rng` the playouts draw their moves from
 * @param options - the UCB1 exploration constant
 */
export function monteCarloOnePly(mc: OnePlyMonteCarlo, game: Game, iterations: number, rng: Rng, options: OnePlyMonteCarloOptions = {}): number {
  const where = "@tactica/search: monteCarloOnePly";
  const k = options.exploration ?? 2;
  assertInteger(where, "iterations", iterations, 1, Number.MAX_SAFE_INTEGER);
  assertNonNegative(where, "options.exploration", k);
  assertInteger(where, "game.maxMoves", game.maxMoves, 1, mc.rootMoves.length);
  if (game.isTerminal()) return -1;
  const me = game.currentPlayer();
  const arms = game.generateMoves(mc.rootMoves, 0, false);
  mc.rootCount = arms;
  if (arms === 0) return -1;
  resetMonteCarloUcb1(mc.bandit);
  const bandit = mc.bandit;
  const select = { exploration: k, armCount: arms };
  const buf = mc.moveBuffer;
  const moves = mc.playoutMoves;
  for (let it = 0; it < iterations; it++) {
    const arm = selectMonteCarloUcb1(bandit, select);
    game.makeMove(mc.rootMoves[arm]!);
    let depth = 0;
    while (!game.isTerminal() && depth < moves.length) {
      const n = game.generateMoves(buf, 0, false);
      if (n === 0) break;
      const m = buf[rngInt(rng, 0, n - 1)]!;
      game.makeMove(m);
      moves[depth++] = m;
    }
    const reward = game.isTerminal() ? game.terminalValue(me) : 1 / game.playerCount;
    while (depth > 0) game.undoMove(moves[--depth]!);
    game.undoMove(mc.rootMoves[arm]!);
    updateMonteCarloUcb1(bandit, arm, reward);
  }
  let best = 0;
  for (let i = 1; i < arms; i++) if (monteCarloUcb1Mean(bandit, i) > monteCarloUcb1Mean(bandit, best)) best = i;
  return mc.rootMoves[best]!;
}
