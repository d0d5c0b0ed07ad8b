import { invalidArgument } from "@tactica/core";
import type { Game } from "../adversarial/game";
import { createZobristTable } from "./zobrist";

const LINES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 3, 6, 1, 4, 7, 2, 5, 8, 0, 4, 8, 2, 4, 6];

/**
 * Tic-tac-toe as a {@link Game}: cells `0..8` row by row, player 0 (X) moves first; a move is
 * the cell index. Solved: perfect play from the empty board is a draw. The evaluation is 0 for
 * every non-terminal position (the game is small enough to search to the end).
 */
export interface TicTacToe extends Game {
  /** Cell contents: -1 empty, 0 X, 1 O. */
  readonly cells: Int8Array;
  /** Number of moves played. */
  readonly moveCount: number;
  /** Winner (0 or 1), -1 while none. */
  readonly winner: number;
}

let zobrist: Int32Array | undefined;

/** Options of {@link createTicTacToe}. */
export interface TicTacToeOptions {
  /** Starting board: 9 values of -1 (empty), 0, 1 with a legal move count (default: empty board). */
  readonly cells?: ArrayLike<number>;
}

/** Creates a tic-tac-toe game at the empty board or at `options.cells`. */
export function createTicTacToe(options: TicTacToeOptions = {}): TicTacToe {
  const cells = options.cells;
  zobrist ??= createZobristTable(19, 0x7177);
  const z = zobrist;
  const board = new Int8Array(9).fill(-1);
  let count = 0;
  let winner = -1;
  let lo = 0;
  let hi = 0;
  const findWinner = (): number => {
    for (let i = 0; i < 24; i += 3) {
      const a = board[LINES[i]!]!;
      if (a !== -1 && a === board[LINES[i + 1]!] && a === board[LINES[i + 2]!]) return a;
    }
    return -1;
  };
  if (cells !== undefined) {
    if (cells.length !== 9) invalidArgument("@tactica/search: createTicTacToe", "cells", `has ${cells.length} entries`, "Pass 9 cells.");
    let xs = 0;
    let os = 0;
    for (let i = 0; i < 9; i++) {
      const v = cells[i]!;
      if (v !== -1 && v !== 0 && v !== 1) invalidArgument("@tactica/search: createTicTacToe", `cells[${i}]`, `is ${v}`, "Use -1 (empty), 0 (X) or 1 (O).");
      if (v === 0) xs++;
      if (v === 1) os++;
      board[i] = v;
      if (v !== -1) {
        count++;
        lo ^= z[(v * 9 + i) * 2]!;
        hi ^= z[(v * 9 + i) * 2 + 1]!;
      }
    }
    if (xs !== os && xs !== os + 1)
      invalidArgument("@tactica/search: createTicTacToe", "cells", `has ${xs} X and ${os} O`, "X moves first: X count equals O count or exceeds it by one.");
    if (count & 1) {
      lo ^= z[36]!;
      hi ^= z[37]!;
    }
    winner = findWinner();
  }
  const game: TicTacToe = {
    playerCount: 2,
    maxMoves: 9,
    cells: board,
    get moveCount() {
      return count;
    },
    get winner() {
      return winner;
    },
    currentPlayer: () => count & 1,
    generateMoves(out, offset, noisyOnly) {
      if (noisyOnly || winner !== -1) return 0;
      let k = 0;
      for (let i = 0; i < 9; i++) if (board[i] === -1) out[offset + k++] = i;
      return k;
    },
    makeMove(move) {
      const p = count & 1;
      board[move] = p;
      lo ^= z[(p * 9 + move) * 2]! ^ z[36]!;
      hi ^= z[(p * 9 + move) * 2 + 1]! ^ z[37]!;
      count++;
      for (let i = 0; i < 24; i += 3) {
        const a = LINES[i]!;
        const b = LINES[i + 1]!;
        const c = LINES[i + 2]!;
        if ((a === move || b === move || c === move) && board[a] === p && board[b] === p && board[c] === p) {
          winner = p;
          break;
        }
      }
    },
    undoMove(move) {
      count--;
      const p = count & 1;
      board[move] = -1;
      lo ^= z[(p * 9 + move) * 2]! ^ z[36]!;
      hi ^= z[(p * 9 + move) * 2 + 1]! ^ z[37]!;
      winner = -1;
    },
    isTerminal: () => winner !== -1 || count === 9,
    terminalValue: (player) => (winner === -1 ? 0.5 : winner === player ? 1 : 0),
    evaluate: () => 0,
    hashLo: () => lo,
    hashHi: () => hi,
  };
  return game;
}
