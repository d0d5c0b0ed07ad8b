import { ErrorCodes, TacticaError } from "@tactica/core";
import type { Game } from "../adversarial/game";
import { createZobristTable } from "./zobrist";

/**
 * Chess piece codes on a {@link Chess} board: colour bit 8 (black) plus the type
 * (`Pawn` 1 … `King` 6); 0 is an empty square.
 */
export const ChessPiece = {
  /** Empty square. */
  Empty: 0,
  /** Pawn type. */
  Pawn: 1,
  /** Knight type. */
  Knight: 2,
  /** Bishop type. */
  Bishop: 3,
  /** Rook type. */
  Rook: 4,
  /** Queen type. */
  Queen: 5,
  /** King type. */
  King: 6,
  /** Colour bit of black pieces. */
  Black: 8,
} as const;

/** FEN of the standard starting position. */
export const CHESS_START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const MAX_HISTORY = 2048;
const FLAG_EP = 1;
const FLAG_CASTLE = 2;
const FLAG_DOUBLE = 4;
const KNIGHT = [14, 18, 31, 33, -14, -18, -31, -33];
const KING = [1, 15, 16, 17, -1, -15, -16, -17];
const DIAG = [15, 17, -15, -17];
const ORTHO = [1, 16, -1, -16];
const VALUE = [0, 100, 320, 330, 500, 900, 0];

// Zobrist layout: piece code (0..15) × 128 squares, then 16 castling states, 8 ep files, 1 side.
const Z_CASTLE = 16 * 128;
const Z_EP = Z_CASTLE + 16;
const Z_SIDE = Z_EP + 8;
let zobrist: Int32Array | undefined;

const CASTLE_MASK = new Int8Array(128).fill(15);
CASTLE_MASK[0] = 15 & ~2;
CASTLE_MASK[4] = 15 & ~3;
CASTLE_MASK[7] = 15 & ~1;
CASTLE_MASK[112] = 15 & ~8;
CASTLE_MASK[116] = 15 & ~12;
CASTLE_MASK[119] = 15 & ~4;

/** Centralisation bonus per 0x88 square (0 on the rim, up to 30 in the centre). */
const CENTRE = new Int8Array(128);
for (let s = 0; s < 128; s++) {
  if (s & 0x88) continue;
  const f = s & 7;
  const r = s >> 4;
  CENTRE[s] = (10 * (Math.min(f, 7 - f) + Math.min(r, 7 - r))) / 2;
}

/**
 * Chess as a {@link Game}, after the board representation of Laramée's "Chess Programming"
 * articles: a 0x88 mailbox (`square = rank * 16 + file`, rank 0 = White's first rank, so
 * `square & 0x88` detects off-board steps), incremental Zobrist keys, and a legal move generator
 * (pseudo-legal generation filtered by "does my king stand in check after the move") with
 * castling, en passant and promotion. Verified by perft against the published counts.
 *
 * Moves are integers: `from | to << 7 | promotion << 14 | flags << 17` (promotion a piece type
 * 2..5; flags 1 en passant, 2 castle, 4 double pawn push); convert with {@link chessMoveToUci}
 * and {@link findChessMove}. Player 0 is White. The game ends on checkmate, stalemate, the
 * fifty-move rule or bare kings (repetition is not tracked). The evaluation is material plus a
 * small centralisation term, in centipawns for the side to move.
 */
export interface Chess extends Game {
  /** 128 squares of piece codes ({@link ChessPiece}); squares with `sq & 0x88` are unused. */
  readonly board: Int8Array;
  /** 0 when White is to move, 1 when Black is. */
  readonly side: number;
  /** Castling rights: bit 1 White O-O, 2 White O-O-O, 4 Black O-O, 8 Black O-O-O. */
  readonly castling: number;
  /** En passant target square (0x88), or -1. */
  readonly epSquare: number;
  /** Half-moves since the last capture or pawn move. */
  readonly halfmoveClock: number;
  /** True when the given side's king (0 White, 1 Black) is attacked. */
  kingAttacked(side: number): boolean;
  /** Resets the game to the position of a FEN string. @throws TacticaError `PARSE_ERROR` on a malformed FEN. */
  setFen(fen: string): void;
  /** The current position as FEN. Allocates. */
  getFen(): string;
}

function fenError(fen: string, why: string): never {
  throw new TacticaError(ErrorCodes.ParseError, `@tactica/search: createChess: FEN "${fen}" ${why}. Pass a standard six-field FEN.`, { path: "fen" });
}

const PIECE_CHARS = ".pnbrqk";

/** Square name (`"e4"`) of a 0x88 square. */
export function chessSquareName(sq: number): string {
  return String.fromCharCode(97 + (sq & 7)) + String(1 + (sq >> 4));
}

/** UCI text of a move (`"e2e4"`, `"e7e8q"`). Allocates. */
export function chessMoveToUci(move: number): string {
  const promo = (move >> 14) & 7;
  return chessSquareName(move & 127) + chessSquareName((move >> 7) & 127) + (promo ? PIECE_CHARS[promo]! : "");
}

/** The legal move of `game` whose UCI text is `uci`, or -1 when there is none. Allocates a move buffer. */
export function findChessMove(game: Chess, uci: string): number {
  const buf = new Int32Array(game.maxMoves);
  const n = game.generateMoves(buf, 0, false);
  for (let i = 0; i < n; i++) if (chessMoveToUci(buf[i]!) === uci) return buf[i]!;
  return -1;
}

/** Options of {@link createChess}. */
export interface ChessOptions {
  /** Starting position as FEN (default {@link CHESS_START_FEN}). */
  readonly fen?: string;
}

/**
 * Reads a FEN position into a new chess game (the text-format reader; same as
 * `createChess({ fen })`). Allocates.
 *
 * @throws TacticaError `PARSE_ERROR` on a malformed FEN, naming what is wrong.
 */
export function parseChessFen(fen: string): Chess {
  return createChess({ fen });
}

/** The current position of `game` as FEN text (the text-format writer). Allocates. */
export function formatChessFen(game: Chess): string {
  return game.getFen();
}

/**
 * Creates a chess game at the position `options.fen` (default: the starting position).
 *
 * @throws TacticaError `PARSE_ERROR` on a malformed FEN.
 */
export function createChess(options: ChessOptions = {}): Chess {
  const fen = options.fen ?? CHESS_START_FEN;
  zobrist ??= createZobristTable(Z_SIDE + 1, 0xc4e55);
  const z = zobrist;
  const board = new Int8Array(128);
  const kingSq = new Int32Array(2);
  let side = 0;
  let castling = 0;
  let ep = -1;
  let halfmove = 0;
  let fullmove = 1;
  let lo = 0;
  let hi = 0;
  let ply = 0;
  // Undo stack.
  const uCaptured = new Int8Array(MAX_HISTORY);
  const uCastling = new Int8Array(MAX_HISTORY);
  const uEp = new Int16Array(MAX_HISTORY);
  const uHalf = new Int32Array(MAX_HISTORY);
  const uLo = new Int32Array(MAX_HISTORY);
  const uHi = new Int32Array(MAX_HISTORY);
  const scratch = new Int32Array(256);
  // Legal-move cache: isTerminal() generates the list; generateMoves() reuses it for the same key.
  const cache = new Int32Array(256);
  let cacheN = -1;
  let cacheLo = 0;
  let cacheHi = 0;

  const toggle = (piece: number, sq: number): void => {
    lo ^= z[(piece * 128 + sq) * 2]!;
    hi ^= z[(piece * 128 + sq) * 2 + 1]!;
  };
  const toggleKey = (index: number): void => {
    lo ^= z[index * 2]!;
    hi ^= z[index * 2 + 1]!;
  };

  const attacked = (sq: number, by: number): boolean => {
    const color = by << 3;
    // Pawns: a White pawn on s attacks s+15 and s+17.
    const pawn = color | 1;
    if (by === 0) {
      if (((sq - 15) & 0x88) === 0 && board[sq - 15] === pawn) return true;
      if (((sq - 17) & 0x88) === 0 && board[sq - 17] === pawn) return true;
    } else {
      if (((sq + 15) & 0x88) === 0 && board[sq + 15] === pawn) return true;
      if (((sq + 17) & 0x88) === 0 && board[sq + 17] === pawn) return true;
    }
    for (let i = 0; i < 8; i++) {
      const t = sq + KNIGHT[i]!;
      if ((t & 0x88) === 0 && board[t] === (color | 2)) return true;
      const k = sq + KING[i]!;
      if ((k & 0x88) === 0 && board[k] === (color | 6)) return true;
    }
    for (let i = 0; i < 4; i++) {
      const d = DIAG[i]!;
      for (let t = sq + d; (t & 0x88) === 0; t += d) {
        const p = board[t]!;
        if (p === 0) continue;
        if (p === (color | 3) || p === (color | 5)) return true;
        break;
      }
      const o = ORTHO[i]!;
      for (let t = sq + o; (t & 0x88) === 0; t += o) {
        const p = board[t]!;
        if (p === 0) continue;
        if (p === (color | 4) || p === (color | 5)) return true;
        break;
      }
    }
    return false;
  };

  const pseudo = (out: Int32Array, noisy: boolean): number => {
    let n = 0;
    const me = side << 3;
    const them = 8 - me;
    const add = (from: number, to: number, promo: number, flags: number): void => {
      out[n++] = from | (to << 7) | (promo << 14) | (flags << 17);
    };
    const addPawn = (from: number, to: number): void => {
      const r = to >> 4;
      if (r === 7 || r === 0) {
        add(from, to, 5, 0);
        add(from, to, 2, 0);
        add(from, to, 4, 0);
        add(from, to, 3, 0);
      } else add(from, to, 0, 0);
    };
    const fwd = side === 0 ? 16 : -16;
    const startRank = side === 0 ? 1 : 6;
    const promoRank = side === 0 ? 6 : 1;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const p = board[sq]!;
      if (p === 0 || (p & 8) !== me) continue;
      const type = p & 7;
      if (type === 1) {
        const one = sq + fwd;
        if (board[one] === 0 && (!noisy || sq >> 4 === promoRank)) {
          addPawn(sq, one);
          const two = one + fwd;
          if (!noisy && sq >> 4 === startRank && board[two] === 0) add(sq, two, 0, FLAG_DOUBLE);
        }
        for (let c = fwd - 1; c <= fwd + 1; c += 2) {
          const t = sq + c;
          if (t & 0x88) continue;
          const q = board[t]!;
          if (q !== 0 && (q & 8) === them) addPawn(sq, t);
          else if (t === ep) add(sq, t, 0, FLAG_EP);
        }
      } else if (type === 2 || type === 6) {
        const offs = type === 2 ? KNIGHT : KING;
        for (let i = 0; i < 8; i++) {
          const t = sq + offs[i]!;
          if (t & 0x88) continue;
          const q = board[t]!;
          if (q === 0 ? !noisy : (q & 8) === them) add(sq, t, 0, 0);
        }
        if (type === 6 && !noisy) {
          const home = side === 0 ? 4 : 116;
          const by = side ^ 1;
          if (sq === home && !attacked(home, by)) {
            const kBit = side === 0 ? 1 : 4;
            const qBit = side === 0 ? 2 : 8;
            if (castling & kBit && board[home + 1] === 0 && board[home + 2] === 0 && !attacked(home + 1, by) && !attacked(home + 2, by)) {
              add(home, home + 2, 0, FLAG_CASTLE);
            }
            if (
              castling & qBit &&
              board[home - 1] === 0 &&
              board[home - 2] === 0 &&
              board[home - 3] === 0 &&
              !attacked(home - 1, by) &&
              !attacked(home - 2, by)
            ) {
              add(home, home - 2, 0, FLAG_CASTLE);
            }
          }
        }
      } else {
        const start = type === 4 ? 4 : 0;
        const end = type === 3 ? 4 : 8;
        for (let i = start; i < end; i++) {
          const d = i < 4 ? DIAG[i]! : ORTHO[i - 4]!;
          for (let t = sq + d; (t & 0x88) === 0; t += d) {
            const q = board[t]!;
            if (q === 0) {
              if (!noisy) add(sq, t, 0, 0);
              continue;
            }
            if ((q & 8) === them) add(sq, t, 0, 0);
            break;
          }
        }
      }
    }
    return n;
  };

  const make = (move: number): void => {
    const from = move & 127;
    const to = (move >> 7) & 127;
    const promo = (move >> 14) & 7;
    const flags = move >> 17;
    if (ply >= MAX_HISTORY) {
      throw new TacticaError(
        ErrorCodes.InvalidState,
        `@tactica/search: chess makeMove: more than ${MAX_HISTORY} moves since the position was set. Call setFen(getFen()) to start a new history.`,
      );
    }
    const piece = board[from]!;
    const capSq = flags & FLAG_EP ? to - (side === 0 ? 16 : -16) : to;
    const captured = board[capSq]!;
    uCaptured[ply] = captured;
    uCastling[ply] = castling;
    uEp[ply] = ep;
    uHalf[ply] = halfmove;
    uLo[ply] = lo;
    uHi[ply] = hi;
    ply++;
    toggle(piece, from);
    board[from] = 0;
    if (captured !== 0) {
      toggle(captured, capSq);
      board[capSq] = 0;
    }
    const placed = promo ? (piece & 8) | promo : piece;
    board[to] = placed;
    toggle(placed, to);
    if (flags & FLAG_CASTLE) {
      const rookFrom = to > from ? to + 1 : to - 2;
      const rookTo = to > from ? to - 1 : to + 1;
      const rook = board[rookFrom]!;
      board[rookFrom] = 0;
      board[rookTo] = rook;
      toggle(rook, rookFrom);
      toggle(rook, rookTo);
    }
    if ((piece & 7) === 6) kingSq[side] = to;
    if (ep !== -1) toggleKey(Z_EP + (ep & 7));
    ep = flags & FLAG_DOUBLE ? (from + to) >> 1 : -1;
    if (ep !== -1) toggleKey(Z_EP + (ep & 7));
    const nc = castling & CASTLE_MASK[from]! & CASTLE_MASK[to]!;
    if (nc !== castling) {
      toggleKey(Z_CASTLE + castling);
      toggleKey(Z_CASTLE + nc);
      castling = nc;
    }
    halfmove = (piece & 7) === 1 || captured !== 0 ? 0 : halfmove + 1;
    side ^= 1;
    toggleKey(Z_SIDE);
  };

  const unmake = (move: number): void => {
    const from = move & 127;
    const to = (move >> 7) & 127;
    const promo = (move >> 14) & 7;
    const flags = move >> 17;
    side ^= 1;
    ply--;
    const placed = board[to]!;
    const piece = promo ? (placed & 8) | 1 : placed;
    board[from] = piece;
    board[to] = 0;
    const captured = uCaptured[ply]!;
    if (captured !== 0) board[flags & FLAG_EP ? to - (side === 0 ? 16 : -16) : to] = captured;
    if (flags & FLAG_CASTLE) {
      const rookFrom = to > from ? to + 1 : to - 2;
      const rookTo = to > from ? to - 1 : to + 1;
      board[rookFrom] = board[rookTo]!;
      board[rookTo] = 0;
    }
    if ((piece & 7) === 6) kingSq[side] = from;
    castling = uCastling[ply]!;
    ep = uEp[ply]!;
    halfmove = uHalf[ply]!;
    lo = uLo[ply]!;
    hi = uHi[ply]!;
  };

  const legal = (out: Int32Array, offset: number, noisy: boolean, stopAtOne: boolean): number => {
    const n = pseudo(scratch, noisy);
    let k = 0;
    const me = side;
    for (let i = 0; i < n; i++) {
      const m = scratch[i]!;
      make(m);
      const ok = !attacked(kingSq[me]!, me ^ 1);
      unmake(m);
      if (ok) {
        out[offset + k++] = m;
        if (stopAtOne) return k;
      }
    }
    return k;
  };

  const bareKings = (): boolean => {
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const p = board[sq]! & 7;
      if (p !== 0 && p !== 6) return false;
    }
    return true;
  };

  // The position is read into these first and copied into the game only when the whole FEN is
  // valid, so a rejected setFen leaves the running game exactly as it was.
  const nextBoard = new Int8Array(128);
  const setFen = (fen: string): void => {
    if (typeof fen !== "string") fenError(String(typeof fen), "is not a string");
    if (fen.length > 200) fenError(`${fen.slice(0, 40)}…`, `is ${fen.length} characters long (a FEN has at most ~90)`);
    const parts = fen.trim().split(/\s+/);
    if (parts.length < 4 || parts.length > 6) fenError(fen, `has ${parts.length} fields, not 4 to 6`);
    const rows = parts[0]!.split("/");
    if (rows.length !== 8) fenError(fen, "does not have 8 ranks");
    nextBoard.fill(0);
    let kings0 = 0;
    let kings1 = 0;
    let k0 = -1;
    let k1 = -1;
    for (let r = 0; r < 8; r++) {
      let f = 0;
      for (const ch of rows[r]!) {
        if (ch >= "1" && ch <= "8") {
          f += Number(ch);
          if (f > 8) fenError(fen, `has more than 8 files in rank ${8 - r}`);
          continue;
        }
        const t = PIECE_CHARS.indexOf(ch.toLowerCase());
        if (t <= 0 || f > 7) fenError(fen, `has a bad piece "${ch}" in rank ${8 - r}`);
        if (t === 1 && (r === 0 || r === 7)) fenError(fen, `has a pawn on rank ${8 - r}`);
        const sq = (7 - r) * 16 + f;
        const black = ch === ch.toLowerCase();
        nextBoard[sq] = (black ? 8 : 0) | t;
        if (t === 6) {
          if (black) {
            kings1++;
            k1 = sq;
          } else {
            kings0++;
            k0 = sq;
          }
        }
        f++;
      }
      if (f !== 8) fenError(fen, `has ${f} files in rank ${8 - r}`);
    }
    if (kings0 !== 1 || kings1 !== 1) fenError(fen, `has ${kings0} white and ${kings1} black kings, not one each`);
    if (parts[1] !== "w" && parts[1] !== "b") fenError(fen, `has side "${parts[1]}"`);
    const nextSide = parts[1] === "w" ? 0 : 1;
    let nextCastling = 0;
    for (const ch of parts[2]!) {
      const bit = "KQkq".indexOf(ch);
      if (bit >= 0) nextCastling |= 1 << bit;
      else if (ch !== "-" || parts[2]!.length !== 1) fenError(fen, `has castling "${parts[2]}"`);
    }
    // A castling right needs the king and the rook on their home squares (0x04 e1, 0x00 a1, 0x07 h1).
    const home = [
      [0x04, 6, 0x07, 4],
      [0x04, 6, 0x00, 4],
      [0x74, 14, 0x77, 12],
      [0x74, 14, 0x70, 12],
    ] as const;
    for (let b = 0; b < 4; b++) {
      const [ks, kp, rs, rp] = home[b]!;
      if (nextCastling & (1 << b) && (nextBoard[ks] !== kp || nextBoard[rs] !== rp))
        fenError(fen, `has castling right "${"KQkq"[b]}" without the king and rook at home`);
    }
    let nextEp = -1;
    if (parts[3] !== "-") {
      const m = /^([a-h])([36])$/.exec(parts[3]!);
      if (m === null) fenError(fen, `has en passant square "${parts[3]}"`);
      if ((m[2] === "6") !== (nextSide === 0)) fenError(fen, `has en passant square "${parts[3]}" on the wrong rank for the side to move`);
      nextEp = (Number(m[2]) - 1) * 16 + (m[1]!.charCodeAt(0) - 97);
    }
    const nextHalf = parts[4] === undefined ? 0 : Number(parts[4]);
    const nextFull = parts[5] === undefined ? 1 : Number(parts[5]);
    if (!Number.isInteger(nextHalf) || !Number.isInteger(nextFull) || !/^\d+$/.test(parts[4] ?? "0") || !/^\d+$/.test(parts[5] ?? "1"))
      fenError(fen, "has non-integer move counters");
    if (nextHalf < 0 || nextHalf > 0xffff || nextFull < 1 || nextFull > 0xffff)
      fenError(fen, "has move counters out of range (halfmove 0..65535, fullmove 1..65535)");
    // Valid: write the game.
    board.set(nextBoard);
    kingSq[0] = k0;
    kingSq[1] = k1;
    side = nextSide;
    castling = nextCastling;
    ep = nextEp;
    halfmove = nextHalf;
    fullmove = nextFull;
    ply = 0;
    lo = 0;
    hi = 0;
    for (let sq = 0; sq < 128; sq++) if ((sq & 0x88) === 0 && board[sq] !== 0) toggle(board[sq]!, sq);
    toggleKey(Z_CASTLE + castling);
    if (ep !== -1) toggleKey(Z_EP + (ep & 7));
    if (side === 1) toggleKey(Z_SIDE);
    cacheN = -1;
  };

  const getFen = (): string => {
    let s = "";
    for (let r = 7; r >= 0; r--) {
      let empty = 0;
      for (let f = 0; f < 8; f++) {
        const p = board[r * 16 + f]!;
        if (p === 0) {
          empty++;
          continue;
        }
        if (empty) s += String(empty);
        empty = 0;
        const ch = PIECE_CHARS[p & 7]!;
        s += p & 8 ? ch : ch.toUpperCase();
      }
      if (empty) s += String(empty);
      if (r) s += "/";
    }
    let c = "";
    for (let b = 0; b < 4; b++) if (castling & (1 << b)) c += "KQkq"[b];
    return `${s} ${side === 0 ? "w" : "b"} ${c || "-"} ${ep === -1 ? "-" : chessSquareName(ep)} ${halfmove} ${fullmove + (ply >> 1)}`;
  };

  const refreshCache = (): void => {
    if (cacheN >= 0 && cacheLo === lo && cacheHi === hi) return;
    cacheN = legal(cache, 0, false, false);
    cacheLo = lo;
    cacheHi = hi;
  };

  setFen(fen);

  const game: Chess = {
    playerCount: 2,
    maxMoves: 256,
    board,
    get side() {
      return side;
    },
    get castling() {
      return castling;
    },
    get epSquare() {
      return ep;
    },
    get halfmoveClock() {
      return halfmove;
    },
    kingAttacked: (s) => attacked(kingSq[s]!, s ^ 1),
    setFen,
    getFen,
    currentPlayer: () => side,
    generateMoves(out, offset, noisyOnly) {
      if (noisyOnly) return legal(out, offset, true, false);
      refreshCache();
      for (let i = 0; i < cacheN; i++) out[offset + i] = cache[i]!;
      return cacheN;
    },
    makeMove: make,
    undoMove: unmake,
    isTerminal() {
      if (halfmove >= 100 || bareKings()) return true;
      refreshCache();
      return cacheN === 0;
    },
    terminalValue(player) {
      refreshCache();
      if (cacheN === 0 && attacked(kingSq[side]!, side ^ 1)) return player === side ? 0 : 1;
      return 0.5;
    },
    evaluate() {
      let score = 0;
      for (let sq = 0; sq < 128; sq++) {
        if (sq & 0x88) {
          sq += 7;
          continue;
        }
        const p = board[sq]!;
        if (p === 0) continue;
        const t = p & 7;
        let v = VALUE[t]!;
        if (t === 2 || t === 3) v += CENTRE[sq]!;
        else if (t === 1) v += 4 * ((p & 8 ? 7 - (sq >> 4) : sq >> 4) - 1);
        score += p & 8 ? -v : v;
      }
      return side === 0 ? score : -score;
    },
    orderMove(move) {
      const to = (move >> 7) & 127;
      const flags = move >> 17;
      const victim = flags & FLAG_EP ? 1 : board[to]! & 7;
      const promo = (move >> 14) & 7;
      if (victim === 0 && promo === 0) return 0;
      return 10 * VALUE[victim]! + (promo ? VALUE[promo]! : 0) - VALUE[board[move & 127]! & 7]! / 100 + 1;
    },
    inCheck: () => attacked(kingSq[side]!, side ^ 1),
    hasZugzwangRisk() {
      // Only king and pawns for the side to move: passing may beat every move. Scans from the
      // mover's back rank, where its pieces usually are, so it stops after a few squares.
      const own = side === 0 ? 0 : 8;
      const step = side === 0 ? 1 : -1;
      for (let sq = side === 0 ? 0 : 119; sq >= 0 && sq < 128; sq += step) {
        if (sq & 0x88) {
          sq += 7 * step;
          continue;
        }
        const p = board[sq]!;
        const t = p & 7;
        if (p !== 0 && (p & 8) === own && t >= 2 && t <= 5) return false;
      }
      return true;
    },
    makeNullMove() {
      if (ply >= MAX_HISTORY) throw new TacticaError(ErrorCodes.InvalidState, `@tactica/search: chess makeNullMove: history full. Call setFen(getFen()).`);
      uEp[ply] = ep;
      uLo[ply] = lo;
      uHi[ply] = hi;
      ply++;
      if (ep !== -1) toggleKey(Z_EP + (ep & 7));
      ep = -1;
      side ^= 1;
      toggleKey(Z_SIDE);
    },
    undoNullMove() {
      ply--;
      side ^= 1;
      ep = uEp[ply]!;
      lo = uLo[ply]!;
      hi = uHi[ply]!;
    },
    hashLo: () => lo,
    hashHi: () => hi,
  };
  return game;
}
