import { invalidArgument } from "@tactica/core";
import type { Game } from "../adversarial/game";
import { createZobristTable } from "./zobrist";

/** Board width of {@link createConnectFour} (columns). */
export const CONNECT_FOUR_COLUMNS = 7;
/** Board height of {@link createConnectFour} (rows). */
export const CONNECT_FOUR_ROWS = 6;

const W = CONNECT_FOUR_COLUMNS;
const H = CONNECT_FOUR_ROWS;

/** The 69 four-cell windows of the board, 4 cell indices each. */
const WINDOWS: Int8Array = (() => {
  const out: number[] = [];
  const dirs = [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ];
  for (let c = 0; c < W; c++)
    for (let r = 0; r < H; r++)
      for (const [dc, dr] of dirs) {
        const ec = c + 3 * dc!;
        const er = r + 3 * dr!;
        if (ec < 0 || ec >= W || er < 0 || er >= H) continue;
        for (let k = 0; k < 4; k++) out.push((c + k * dc!) * H + (r + k * dr!));
      }
  return Int8Array.from(out);
})();

/** Window score by number of own pieces in an otherwise empty window. */
const WINDOW_SCORE = [0, 1, 4, 32, 0];

/**
 * Connect Four (7 columns × 6 rows) as a {@link Game}: a move is a column `0..6`; player 0
 * moves first. Cells are stored column-major (`column * 6 + row`, row 0 at the bottom). The
 * evaluation sums, over the 69 four-cell windows, a score for windows holding only one player's
 * pieces (1, 4, 32 for 1, 2, 3 pieces) — player to move minus opponent.
 */
export interface ConnectFour extends Game {
  /** Cell contents: -1 empty, 0 or 1 the player's disc. Index `column * 6 + row`. */
  readonly cells: Int8Array;
  /** Discs per column. */
  readonly heights: Int8Array;
  /** Number of moves played. */
  readonly moveCount: number;
  /** Winner (0 or 1), -1 while none. */
  readonly winner: number;
}

let zobrist: Int32Array | undefined;

function fourFrom(cells: Int8Array, col: number, row: number, p: number): boolean {
  const dirs = [1, 0, 0, 1, 1, 1, 1, -1];
  for (let d = 0; d < 8; d += 2) {
    const dc = dirs[d]!;
    const dr = dirs[d + 1]!;
    let n = 1;
    for (let k = 1; k < 4; k++) {
      const c = col + k * dc;
      const r = row + k * dr;
      if (c < 0 || c >= W || r < 0 || r >= H || cells[c * H + r] !== p) break;
      n++;
    }
    for (let k = 1; k < 4; k++) {
      const c = col - k * dc;
      const r = row - k * dr;
      if (c < 0 || c >= W || r < 0 || r >= H || cells[c * H + r] !== p) break;
      n++;
    }
    if (n >= 4) return true;
  }
  return false;
}

/** Options of {@link createConnectFour}. */
export interface ConnectFourOptions {
  /** Columns to play from the empty board (default none). */
  readonly moves?: ArrayLike<number>;
}

/** Creates a Connect Four game at the empty board, then plays `options.moves` (columns) if given. */
export function createConnectFour(options: ConnectFourOptions = {}): ConnectFour {
  const moves = options.moves ?? [];
  zobrist ??= createZobristTable(2 * W * H + 1, 0xc4);
  const z = zobrist;
  const side = 2 * W * H;
  const cells = new Int8Array(W * H).fill(-1);
  const heights = new Int8Array(W);
  let count = 0;
  let winner = -1;
  let lo = 0;
  let hi = 0;
  const game: ConnectFour = {
    playerCount: 2,
    maxMoves: W,
    cells,
    heights,
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
      // Centre columns first: a good static order for alpha-beta.
      for (let i = 0; i < W; i++) {
        const c = 3 + (i & 1 ? (i + 1) >> 1 : -(i >> 1));
        if (heights[c]! < H) out[offset + k++] = c;
      }
      return k;
    },
    makeMove(col) {
      const p = count & 1;
      const row = heights[col]!;
      const cell = col * H + row;
      cells[cell] = p;
      heights[col] = row + 1;
      lo ^= z[(p * W * H + cell) * 2]! ^ z[side * 2]!;
      hi ^= z[(p * W * H + cell) * 2 + 1]! ^ z[side * 2 + 1]!;
      count++;
      if (fourFrom(cells, col, row, p)) winner = p;
    },
    undoMove(col) {
      count--;
      const p = count & 1;
      const row = heights[col]! - 1;
      const cell = col * H + row;
      cells[cell] = -1;
      heights[col] = row;
      lo ^= z[(p * W * H + cell) * 2]! ^ z[side * 2]!;
      hi ^= z[(p * W * H + cell) * 2 + 1]! ^ z[side * 2 + 1]!;
      winner = -1;
    },
    isTerminal: () => winner !== -1 || count === W * H,
    terminalValue: (player) => (winner === -1 ? 0.5 : winner === player ? 1 : 0),
    evaluate() {
      const me = count & 1;
      let score = 0;
      for (let i = 0; i < WINDOWS.length; i += 4) {
        let mine = 0;
        let theirs = 0;
        for (let k = 0; k < 4; k++) {
          const v = cells[WINDOWS[i + k]!]!;
          if (v === me) mine++;
          else if (v !== -1) theirs++;
        }
        if (theirs === 0) score += WINDOW_SCORE[mine]!;
        else if (mine === 0) score -= WINDOW_SCORE[theirs]!;
      }
      return score;
    },
    hashLo: () => lo,
    hashHi: () => hi,
  };
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i]!;
    if (!Number.isInteger(m) || m < 0 || m >= W || heights[m]! >= H || winner !== -1) {
      invalidArgument(
        "@tactica/search: createConnectFour",
        `moves[${i}]`,
        `(${m}) is not a legal move here`,
        "Pass columns 0..6 that are not full, before the game ends.",
      );
    }
    game.makeMove(m);
  }
  return game;
}
