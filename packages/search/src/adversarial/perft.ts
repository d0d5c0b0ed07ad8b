import { assertInteger, describeValue, invalidArgument } from "@tactica/core";
import type { Game } from "./game";

/**
 * Reusable move buffers for {@link perft}: one slice of `maxMoves` per ply. Create once with
 * {@link createPerftBuffers}.
 */
export interface PerftBuffers {
  /** Moves per ply, `maxMoves` each. */
  readonly moves: Int32Array;
  /** Slice width. */
  readonly maxMoves: number;
  /** Deepest supported depth. */
  readonly maxDepth: number;
}

/**
 * Creates {@link PerftBuffers} for depths up to `maxDepth` (1..64) and games of up to `maxMoves` legal moves.
 * @param maxDepth - Deepest perft depth in plies, an integer in [1, 64].
 * @param maxMoves - Largest legal-move count of one position, an integer in [1, 2^16] (≥ the game's `maxMoves`).
 * @throws TacticaError `INVALID_ARGUMENT` when either is not an integer in range.
 */
export function createPerftBuffers(maxDepth: number, maxMoves: number): PerftBuffers {
  const where = "@tactica/search: createPerftBuffers";
  assertInteger(where, "maxDepth", maxDepth, 1, 64);
  assertInteger(where, "maxMoves", maxMoves, 1, 1 << 16);
  return { moves: new Int32Array(maxDepth * maxMoves), maxMoves, maxDepth };
}

function walk(game: Game, depth: number, ply: number, buf: PerftBuffers): number {
  const base = ply * buf.maxMoves;
  const n = game.generateMoves(buf.moves, base, false);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const m = buf.moves[base + i]!;
    game.makeMove(m);
    total += walk(game, depth - 1, ply + 1, buf);
    game.undoMove(m);
  }
  return total;
}

/**
 * Counts the leaf nodes of the legal-move tree `depth` plies deep (moves at depth 1 are counted
 * without being played, "bulk counting"). The standard correctness test for a move generator:
 * compare with published counts (chess start position: 20, 400, 8,902, 197,281, 4,865,609).
 * Positions where the game is over count their (zero) legal moves. No allocation.
 * @param game - The game at the root position; moved during the walk and restored.
 * @param depth - Plies to walk, an integer in [0, buffers.maxDepth] (0 counts the root: 1).
 * @param buffers - Move buffers ({@link createPerftBuffers}) whose `maxMoves` is at least
 *   `game.maxMoves` (else `INVALID_ARGUMENT`: a larger move list would overwrite the next ply's); overwritten.
 * @returns The number of leaf positions.
 * @throws TacticaError `INVALID_ARGUMENT` when `depth` is not an integer in range or `buffers.maxMoves < game.maxMoves`.
 */
export function perft(game: Game, depth: number, buffers: PerftBuffers): number {
  assertInteger("@tactica/search: perft", "depth", depth, 0, buffers.maxDepth);
  if (!(game.maxMoves <= buffers.maxMoves))
    invalidArgument(
      "@tactica/search: perft",
      "buffers",
      `hold ${buffers.maxMoves} moves per ply but the game can generate ${describeValue(game.maxMoves)}`,
      "Create the buffers with createPerftBuffers(maxDepth, game.maxMoves) or larger.",
    );
  if (depth === 0) return 1;
  return walk(game, depth, 0, buffers);
}
