import { assertInteger, createRng } from "@tactica/core";
import type { Game } from "../adversarial/game";
import { createMcts, createMctsResult, runMcts, type MctsOptions, type MctsTree } from "./mcts";

/** Options of {@link findMctsMove}: the iteration count and seed plus any {@link MctsOptions}. */
export interface FindMctsMoveOptions extends MctsOptions {
  /** Number of iterations (integer ≥ 1). */
  readonly iterations: number;
  /** Seed of the playouts' random generator (default 1): equal seeds give equal moves. */
  readonly seed?: number | string;
}

/** The plain result of {@link findMctsMove}. */
export interface MctsMove {
  /** The chosen move, or -1 when the game is over. */
  readonly move: number;
  /** Visits of the chosen move. */
  readonly visits: number;
  /** Mean playout result of the chosen move for the player to move, in [0, 1]. */
  readonly mean: number;
  /** Iterations run. */
  readonly iterations: number;
  /** `MctsFlags` bits. */
  readonly flags: number;
}

const trees = new WeakMap<Game, MctsTree>();

/**
 * Level 2: a move for the player to move in `game` by UCT Monte Carlo tree search with seeded
 * random playouts. The node pool is cached per game object in a private `WeakMap` (grown when a
 * call needs more). The game is restored afterwards. In a hot loop use the level-1 {@link runMcts}
 * with your own {@link createMcts}, {@link createMctsResult} and `Rng`.
 *
 * @param game - The game at the position to move from (a {@link Game}); changed during the
 *   search and restored before returning. Its node pool is cached under this object.
 * @param options - `iterations` (required, an integer ≥ 1), `seed` of the playouts (default 1;
 *   equal seeds give equal moves) and the {@link MctsOptions} `exploration`, `expandThreshold`
 *   and `finalMove`.
 * @returns A new plain result; `move` is -1 when the game is over.
 * @throws TacticaError `INVALID_ARGUMENT` when `iterations` is not an integer ≥ 1 or an option is out of range.
 * @example
 * ```ts
 * const game = createConnectFour({ moves: [0, 6, 0, 6, 0] }); // three in column 0; O to move
 * const choice = findMctsMove(game, { iterations: 3000, seed: 7 });
 * // choice.move === 0: O blocks the column
 * ```
 */
export function findMctsMove(game: Game, options: FindMctsMoveOptions): MctsMove {
  const iterations = assertInteger("@tactica/search: findMctsMove", "options.iterations", options.iterations, 1, Number.MAX_SAFE_INTEGER);
  const need = Math.min(1 << 22, Math.max(1024, (iterations + 1) * game.maxMoves));
  let tree = trees.get(game);
  if (tree === undefined || tree.maxNodes < need || tree.maxMoves < game.maxMoves || tree.playerCount < game.playerCount) {
    tree = createMcts({ maxNodes: need, maxMoves: game.maxMoves, playerCount: game.playerCount });
    trees.set(game, tree);
  }
  const r = runMcts(createMctsResult(), tree, game, iterations, createRng(options.seed ?? 1), options);
  return { move: r.bestMove, visits: r.bestVisits, mean: r.bestMean, iterations: r.iterations, flags: r.flags };
}
