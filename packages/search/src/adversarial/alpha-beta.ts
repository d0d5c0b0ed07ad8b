import { assertInteger, assertNonNegative, invalidArgument } from "@tactica/core";
import { copyCounters, resetCounters } from "./counters";
import { AlphaBetaFlags, BoundFlags, type AlphaBetaConfig, type AlphaBetaEngine, type AlphaBetaOptions, type AlphaBetaResult } from "./types";
import { checkedEvaluate, GameScore, terminalScore, type Game } from "./game";
import { HISTORY_SIZE, historyIndex, orderMoves, pickMove, quiesce } from "./move-ordering";

/** Options of {@link createAlphaBetaResult}. */
export interface AlphaBetaResultOptions {
  /** Room for a principal variation of this many moves (integer in [1, 256], default 64). */
  readonly maxPly?: number;
}

/**
 * Creates an {@link AlphaBetaResult} for {@link searchBestMove} and {@link searchInterest}.
 * @param options - `maxPly`: principal-variation capacity in moves, an integer in [1, 256]
 *   (default 64); a longer variation is cut.
 * @throws TacticaError `INVALID_ARGUMENT` when `maxPly` is not an integer in range.
 */
export function createAlphaBetaResult(options: AlphaBetaResultOptions = {}): AlphaBetaResult {
  const maxPly = options.maxPly ?? 64;
  assertInteger("@tactica/search: createAlphaBetaResult", "maxPly", maxPly, 1, 256);
  return {
    flags: AlphaBetaFlags.None,
    bestMove: -1,
    score: 0,
    depth: 0,
    pv: new Int32Array(maxPly),
    pvLength: 0,
    counters: { nodes: 0, qnodes: 0, cutoffs: 0, firstMoveCutoffs: 0, ttProbes: 0, ttHits: 0, ttCutoffs: 0, nullCutoffs: 0, researches: 0 },
  };
}

/**
 * Creates an {@link AlphaBetaEngine}. Memory: 25 bytes × TT slots + about 12 × maxPly × maxMoves bytes.
 * @param config - `ttSizeLog2`: log2 of the transposition-table slots, an integer in [0, 26]
 *   (default 18; 0 disables the table); `maxPly`: deepest ply, quiescence included, [1, 256]
 *   (default 64); `maxMoves`: largest legal-move count of the games, [1, 2^16] (default 256).
 * @returns A new engine with an empty table, reusable across searches and games.
 * @throws TacticaError `INVALID_ARGUMENT` when a field is not an integer in range.
 */
export function createAlphaBeta(config: AlphaBetaConfig = {}): AlphaBetaEngine {
  const where = "@tactica/search: createAlphaBeta";
  const log2 = assertInteger(where, "config.ttSizeLog2", config.ttSizeLog2 ?? 18, 0, 26);
  const maxPly = assertInteger(where, "config.maxPly", config.maxPly ?? 64, 1, 256);
  const maxMoves = assertInteger(where, "config.maxMoves", config.maxMoves ?? 256, 1, 1 << 16);
  const slots = log2 === 0 ? 0 : 1 << log2;
  return {
    ttMask: slots === 0 ? -1 : slots - 1,
    ttLock: new Int32Array(slots),
    ttKey: new Int32Array(slots),
    ttValue: new Float64Array(slots),
    ttDepth: new Int16Array(slots),
    ttBound: new Uint8Array(slots),
    ttMove: new Int32Array(slots).fill(-1),
    maxPly,
    maxMoves,
    moves: new Int32Array(maxPly * maxMoves),
    moveScores: new Float64Array(maxPly * maxMoves),
    killers: new Int32Array(maxPly * 2).fill(-1),
    history: new Float64Array(HISTORY_SIZE),
    pvTable: new Int32Array(maxPly * maxPly),
    pvLength: new Int32Array(maxPly),
    run: {
      maxNodes: Infinity,
      aborted: false,
      useTT: true,
      usePVS: true,
      useQuiescence: true,
      useKillers: true,
      useHistory: true,
      useNullMove: true,
      nullMoveReduction: 2,
      moveChop: Infinity,
      interestLimit: 0,
      costScale: 1,
      similarityPenalty: 0,
      counters: { nodes: 0, qnodes: 0, cutoffs: 0, firstMoveCutoffs: 0, ttProbes: 0, ttHits: 0, ttCutoffs: 0, nullCutoffs: 0, researches: 0 },
    },
  };
}

/**
 * Empties the transposition table and the history table (e.g. for a new game). O(slots).
 * @param engine - The engine to clear in place; its capacities are kept.
 */
export function clearTranspositionTable(engine: AlphaBetaEngine): void {
  engine.ttBound.fill(0);
  engine.ttMove.fill(-1);
  engine.history.fill(0);
}

const EMPTY: AlphaBetaOptions = {};

function toTT(score: number, ply: number): number {
  if (score > GameScore.WinThreshold) return score + ply;
  if (score < -GameScore.WinThreshold) return score - ply;
  return score;
}

function fromTT(score: number, ply: number): number {
  if (score > GameScore.WinThreshold) return score - ply;
  if (score < -GameScore.WinThreshold) return score + ply;
  return score;
}

function ttStore(e: AlphaBetaEngine, lo: number, hi: number, depth: number, ply: number, value: number, bound: number, move: number): void {
  const slot = lo & e.ttMask;
  // Depth-preferred replacement, but always replace entries of other positions from a shallower search.
  if (e.ttBound[slot] !== 0 && e.ttDepth[slot]! > depth && (e.ttLock[slot] !== (hi | 0) || e.ttKey[slot] !== (lo | 0))) return;
  e.ttLock[slot] = hi;
  e.ttKey[slot] = lo;
  e.ttValue[slot] = toTT(value, ply);
  e.ttDepth[slot] = depth;
  e.ttBound[slot] = bound;
  e.ttMove[slot] = move;
}

function negamax(e: AlphaBetaEngine, g: Game, depth: number, ply: number, alpha: number, beta: number, allowNull: boolean): number {
  const r = e.run;
  const c = r.counters;
  e.pvLength[ply] = 0;
  if (ply > 0 && g.isTerminal()) {
    c.nodes++;
    return terminalScore(g, ply);
  }
  if (c.nodes >= r.maxNodes) {
    r.aborted = true;
    return 0;
  }
  c.nodes++;
  if (depth <= 0 || ply >= e.maxPly - 1) {
    return r.useQuiescence ? quiesce(e, g, ply, alpha, beta) : checkedEvaluate(g);
  }
  const origAlpha = alpha;
  const lo = g.hashLo() | 0;
  const hi = g.hashHi() | 0;
  let ttMove = -1;
  const useTT = r.useTT;
  if (useTT) {
    c.ttProbes++;
    const slot = lo & e.ttMask;
    if (e.ttBound[slot] !== 0 && e.ttLock[slot] === hi && e.ttKey[slot] === lo) {
      c.ttHits++;
      ttMove = e.ttMove[slot]!;
      if (ply > 0 && e.ttDepth[slot]! >= depth) {
        const v = fromTT(e.ttValue[slot]!, ply);
        const b = e.ttBound[slot]!;
        if (b === BoundFlags.Exact || (b === BoundFlags.Lower && v >= beta) || (b === BoundFlags.Upper && v <= alpha)) {
          c.ttCutoffs++;
          return v;
        }
      }
    }
  }
  const nullR = r.nullMoveReduction;
  if (
    r.useNullMove &&
    allowNull &&
    ply > 0 &&
    depth >= nullR + 1 &&
    beta < GameScore.WinThreshold &&
    !(g.inCheck?.() ?? false) &&
    !(g.hasZugzwangRisk?.() ?? false)
  ) {
    g.makeNullMove!();
    const v = -negamax(e, g, depth - 1 - nullR, ply + 1, -beta, -beta + 1, false);
    g.undoNullMove!();
    if (r.aborted) return 0;
    if (v >= beta) {
      c.nullCutoffs++;
      return v >= GameScore.WinThreshold ? beta : v;
    }
  }
  const base = ply * e.maxMoves;
  const n = g.generateMoves(e.moves, base, false);
  if (n === 0) return terminalScore(g, ply);
  orderMoves(e, g, base, n, ply, ttMove);
  const limit = ply > 0 ? Math.min(n, r.moveChop) : n;
  const usePVS = r.usePVS;
  let best = -Infinity;
  let bestMove = -1;
  for (let i = 0; i < limit; i++) {
    const m = pickMove(e, base, i, n);
    g.makeMove(m);
    let score: number;
    if (i === 0 || !usePVS) {
      score = -negamax(e, g, depth - 1, ply + 1, -beta, -alpha, true);
    } else {
      score = -negamax(e, g, depth - 1, ply + 1, -alpha - 1, -alpha, true);
      if (score > alpha && score < beta && !r.aborted) {
        c.researches++;
        score = -negamax(e, g, depth - 1, ply + 1, -beta, -alpha, true);
      }
    }
    g.undoMove(m);
    if (r.aborted) return 0;
    if (score > best) {
      best = score;
      bestMove = m;
      if (score > alpha) {
        alpha = score;
        // Update the triangular PV table.
        const row = ply * e.maxPly;
        const childRow = (ply + 1) * e.maxPly;
        e.pvTable[row] = m;
        const cl = ply + 1 < e.maxPly ? e.pvLength[ply + 1]! : 0;
        for (let j = 0; j < cl && j + 1 < e.maxPly; j++) e.pvTable[row + j + 1] = e.pvTable[childRow + j]!;
        e.pvLength[ply] = Math.min(cl + 1, e.maxPly);
        if (alpha >= beta) {
          c.cutoffs++;
          if (i === 0) c.firstMoveCutoffs++;
          if (r.useKillers && e.killers[ply * 2] !== m) {
            e.killers[ply * 2 + 1] = e.killers[ply * 2]!;
            e.killers[ply * 2] = m;
          }
          if (r.useHistory) e.history[historyIndex(m)]! += depth * depth;
          break;
        }
      }
    }
  }
  if (useTT) {
    const bound = best <= origAlpha ? BoundFlags.Upper : best >= beta ? BoundFlags.Lower : BoundFlags.Exact;
    ttStore(e, lo, hi, depth, ply, best, bound, bestMove);
  }
  return best;
}

function rootSearch(e: AlphaBetaEngine, g: Game, depth: number, alpha: number, beta: number): number {
  return negamax(e, g, depth, 0, alpha, beta, false);
}

function mtdf(e: AlphaBetaEngine, game: Game, depth: number, guess: number): number {
  const r = e.run;
  let g = guess;
  let lower = -Infinity;
  let upper = Infinity;
  while (lower < upper && !r.aborted) {
    const beta = g === lower ? g + 1 : g;
    g = rootSearch(e, game, depth, beta - 1, beta);
    if (g < beta) upper = g;
    else lower = g;
    r.counters.researches++;
  }
  return g;
}

/**
 * Searches `game` from its current position with negamax alpha-beta and iterative deepening to
 * `options.maxDepth`, writing the best move, score, principal variation and counters into
 * `result`. Features (transposition table with Zobrist keys and bound types, PVS, aspiration
 * windows, MTD(f), quiescence, killer and history ordering, null-move pruning, move chopping) are
 * individually switchable. The game is restored to its starting position afterwards.
 *
 * Deterministic (no time checks): budget the work with `maxNodes`. With `moveChop` unset and the
 * TT on, the score equals plain minimax to the same depth (with quiescence: of the quiescence-
 * extended tree). No allocation after the engine is created. All search state lives in the engine
 * ({@link AlphaBetaEngine.run}), so searches are re-entrant across engines: a search may run inside
 * another engine's game callback (or between its calls), and engines never interfere. One engine
 * runs one search at a time: do not start a search on the same engine from its own callbacks.
 *
 * Null-move pruning is skipped in check and wherever `game.hasZugzwangRisk()` returns true
 * (positions where passing would be better than any move, e.g. king-and-pawn endings).
 *
 * For a one-off search without managing an engine see {@link findBestMove}.
 *
 * @param out - The caller-owned result ({@link createAlphaBetaResult}), overwritten and returned.
 * @param engine - The engine ({@link createAlphaBeta}) whose table, ordering tables and buffers
 *   the search uses and updates; its `maxMoves` must be ≥ `game.maxMoves`.
 * @param game - The game at the position to search (a {@link Game}); moved during the search
 *   and restored before returning.
 * @param maxDepth - Iterative deepening up to this depth in plies (integer ≥ 1, < the engine's `maxPly`).
 * @param options - Node budget `maxNodes` (default unlimited) and feature switches (`useTT`,
 *   `usePVS`, `aspirationWindow` ≥ 0, `useQuiescence`, `useKillers`, `useHistory`,
 *   `useNullMove`, `nullMoveReduction`, `moveChop` integer ≥ 1, `useMtdf`). Omitted: every
 *   feature on except MTD(f) and aspiration, no move chopping.
 * @returns `out`.
 * @throws TacticaError `INVALID_ARGUMENT` for a bad depth, or a game whose `maxMoves` exceeds the engine's.
 */
export function searchBestMove(
  out: AlphaBetaResult,
  engine: AlphaBetaEngine,
  game: Game,
  maxDepth: number,
  options: AlphaBetaOptions = EMPTY,
): AlphaBetaResult {
  const where = "@tactica/search: searchBestMove";
  assertInteger(where, "maxDepth", maxDepth, 1, engine.maxPly - 1);
  const result = out;
  if (game.maxMoves > engine.maxMoves) {
    invalidArgument(
      where,
      "game.maxMoves",
      `is ${game.maxMoves} but the engine holds ${engine.maxMoves}`,
      "Create the engine with createAlphaBeta({ maxMoves: game.maxMoves }).",
    );
  }
  const chop = options.moveChop ?? Infinity;
  if (chop !== Infinity) assertInteger(where, "options.moveChop", chop, 1, Number.MAX_SAFE_INTEGER);
  const window = assertNonNegative(where, "options.aspirationWindow", options.aspirationWindow ?? 0);
  const run = engine.run;
  const R = result;
  const C = run.counters;
  resetCounters(C);
  run.maxNodes = options.maxNodes ?? Infinity;
  run.aborted = false;
  run.useTT = (options.useTT ?? true) && engine.ttMask >= 0;
  run.usePVS = options.usePVS ?? true;
  run.useQuiescence = options.useQuiescence ?? true;
  run.useKillers = options.useKillers ?? true;
  run.useHistory = options.useHistory ?? true;
  run.useNullMove = (options.useNullMove ?? true) && game.makeNullMove !== undefined && game.undoNullMove !== undefined;
  run.nullMoveReduction = options.nullMoveReduction ?? 2;
  run.moveChop = chop;
  const useTT = run.useTT;
  const useMtdf = (options.useMtdf ?? false) && useTT;
  engine.killers.fill(-1);
  R.flags = AlphaBetaFlags.None;
  R.bestMove = -1;
  R.score = 0;
  R.depth = 0;
  R.pvLength = 0;
  if (game.isTerminal()) {
    R.flags = AlphaBetaFlags.NoMove | AlphaBetaFlags.Completed;
    R.score = terminalScore(game, 0);
    copyCounters(C, R.counters);
    return R;
  }
  let prev = 0;
  for (let depth = 1; depth <= maxDepth; depth++) {
    let score: number;
    if (useMtdf) score = mtdf(engine, game, depth, prev);
    else if (window > 0 && depth > 1) {
      const a = prev - window;
      const b = prev + window;
      score = rootSearch(engine, game, depth, a, b);
      if (!run.aborted && (score <= a || score >= b)) {
        C.researches++;
        score = rootSearch(engine, game, depth, -Infinity, Infinity);
      }
    } else score = rootSearch(engine, game, depth, -Infinity, Infinity);
    if (run.aborted) break;
    prev = score;
    R.score = score === 0 ? 0 : score;
    R.depth = depth;
    const len = Math.min(engine.pvLength[0]!, R.pv.length);
    for (let i = 0; i < len; i++) R.pv[i] = engine.pvTable[i]!;
    R.pvLength = len;
    if (len > 0) R.bestMove = R.pv[0]!;
    else {
      // A null-window (MTD(f)) pass may leave no PV: take the root's move from the table.
      const slot = (game.hashLo() | 0) & engine.ttMask;
      if (useTT && engine.ttLock[slot] === (game.hashHi() | 0) && engine.ttKey[slot] === (game.hashLo() | 0) && engine.ttMove[slot]! >= 0) {
        R.bestMove = engine.ttMove[slot]!;
        R.pv[0] = R.bestMove;
        R.pvLength = 1;
      }
    }
    if (Math.abs(score) > GameScore.WinThreshold && GameScore.Win - Math.abs(score) <= depth) break;
  }
  const aborted = run.aborted;
  if (R.bestMove === -1 && !aborted) {
    // Every move scored -Infinity is impossible; defensive: fall back to the first legal move.
    const n = game.generateMoves(engine.moves, 0, false);
    if (n > 0) R.bestMove = engine.moves[0]!;
  }
  copyCounters(C, R.counters);
  R.flags =
    (aborted ? AlphaBetaFlags.BudgetExhausted : AlphaBetaFlags.Completed) | (Math.abs(R.score) > GameScore.WinThreshold ? AlphaBetaFlags.ForcedResult : 0);
  return R;
}
