import { assertInteger, assertNonNegative, invalidArgument } from "@tactica/core";
import { copyCounters, resetCounters } from "./counters";
import { checkedEvaluate, GameScore, terminalScore, type Game } from "./game";
import { HISTORY_SIZE, historyIndex, orderMoves, pickMove, quiesce } from "./move-ordering";

/** Bound type of a transposition-table entry (the articles omit it; it is required for correctness). */
export const BoundFlags = {
  /** Empty slot. */
  None: 0,
  /** The stored value is exact (it was inside the window). */
  Exact: 1,
  /** The stored value is a lower bound (the search failed high: value >= beta). */
  Lower: 2,
  /** The stored value is an upper bound (the search failed low: value <= alpha). */
  Upper: 3,
} as const;

/** Status bits of an {@link AlphaBetaResult}. */
export const AlphaBetaFlags = {
  /** No search has run. */
  None: 0,
  /** Every requested depth was searched. */
  Completed: 1,
  /** The node budget ran out; the result comes from the last completed iteration. */
  BudgetExhausted: 2,
  /** The root has no legal move (terminal); `bestMove` is -1. */
  NoMove: 4,
  /** The score is a forced win or loss (`|score| > GameScore.WinThreshold`). */
  ForcedResult: 8,
} as const;

/** Options of {@link createAlphaBeta} (capacities) — fixed for the engine's life. */
export interface AlphaBetaConfig {
  /** log2 of the transposition-table slot count (integer in [0, 26], default 18 = 262,144 slots, 25 bytes each). 0 disables the table. */
  readonly ttSizeLog2?: number;
  /** Deepest ply the search can reach, quiescence included (integer in [1, 256], default 64). */
  readonly maxPly?: number;
  /** Largest legal-move count of the games searched (default 256). */
  readonly maxMoves?: number;
}

/** Per-search options of {@link searchBestMove}. Every feature can be switched off to compare. */
export interface AlphaBetaOptions {
  /** Iterative deepening up to this depth in plies (integer ≥ 1). */
  readonly maxDepth: number;
  /** Node budget (default unlimited). The best move of the last completed depth is returned when it runs out. */
  readonly maxNodes?: number;
  /** Use the transposition table (default true). */
  readonly useTT?: boolean;
  /** Principal variation search: null-window search of later moves (default true). */
  readonly usePVS?: boolean;
  /** Aspiration window half-width around the previous depth's score; 0 disables (default 0). */
  readonly aspirationWindow?: number;
  /** Quiescence search over noisy moves at the horizon (default true). */
  readonly useQuiescence?: boolean;
  /** Killer-move ordering, 2 per ply (default true). */
  readonly useKillers?: boolean;
  /** History-heuristic ordering (default true). */
  readonly useHistory?: boolean;
  /** Null-move pruning (needs `game.makeNullMove`; default true when the game supports it). */
  readonly useNullMove?: boolean;
  /** Null-move depth reduction R (default 2). */
  readonly nullMoveReduction?: number;
  /**
   * Forward pruning ("move chopping", chapter 23): search only the best `n` moves after ordering
   * at every node below the root (default: all). Unsafe — it can miss the best move — but cuts the
   * tree to `n^depth`.
   */
  readonly moveChop?: number;
  /** Use MTD(f) (null-window searches converging on the value, needs the TT) instead of alpha-beta windows (default false). */
  readonly useMtdf?: boolean;
}

/** Counters of a search, cumulative over its iterations. */
export interface AlphaBetaCounters {
  /** Nodes visited in the main search (calls of the negamax function). */
  nodes: number;
  /** Nodes visited in quiescence search. */
  qnodes: number;
  /** Beta cut-offs. */
  cutoffs: number;
  /** Cut-offs on the first move searched (a move-ordering quality figure). */
  firstMoveCutoffs: number;
  /** Transposition-table probes. */
  ttProbes: number;
  /** Probes that found an entry for the position. */
  ttHits: number;
  /** Probes whose stored bound cut the search off. */
  ttCutoffs: number;
  /** Null-move searches that pruned. */
  nullCutoffs: number;
  /** Re-searches after an aspiration or PVS null window failed. */
  researches: number;
}

/** The caller-owned result of {@link searchBestMove}. Create with {@link createAlphaBetaResult}. */
export interface AlphaBetaResult {
  /** {@link AlphaBetaFlags} bits. */
  flags: number;
  /** Best move found, or -1 when the root has none. */
  bestMove: number;
  /** Its negamax score for the player to move. */
  score: number;
  /** Deepest fully searched depth. */
  depth: number;
  /** Principal variation, `pv[0..pvLength)`. */
  readonly pv: Int32Array;
  /** Length of the principal variation. */
  pvLength: number;
  /** Work counters. */
  readonly counters: AlphaBetaCounters;
}

/** Creates an {@link AlphaBetaResult} with room for a principal variation of `maxPly` moves (default 64). */
export function createAlphaBetaResult(maxPly = 64): AlphaBetaResult {
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
 * A reusable alpha-beta engine: transposition table, move and ordering buffers, principal
 * variation table. Plain typed arrays; create once per game type with {@link createAlphaBeta}.
 * The transposition table persists between searches (clear it with {@link clearTranspositionTable}
 * for a new game).
 */
export interface AlphaBetaEngine {
  /** Slot mask of the table (`slots - 1`), or -1 when disabled. */
  readonly ttMask: number;
  /** Lock (high key word) per slot. */
  readonly ttLock: Int32Array;
  /** Low key word per slot (verified too, so both 32-bit halves must match). */
  readonly ttKey: Int32Array;
  /** Stored value per slot (mate scores relative to the slot's node). */
  readonly ttValue: Float64Array;
  /** Remaining depth of the stored search per slot. */
  readonly ttDepth: Int16Array;
  /** {@link BoundFlags} per slot. */
  readonly ttBound: Uint8Array;
  /** Best move per slot (-1 none). */
  readonly ttMove: Int32Array;
  /** Deepest ply. */
  readonly maxPly: number;
  /** Move buffer width per ply. */
  readonly maxMoves: number;
  /** Move buffers, `maxMoves` per ply. */
  readonly moves: Int32Array;
  /** Ordering scores parallel to {@link AlphaBetaEngine.moves}. */
  readonly moveScores: Float64Array;
  /** Two killer moves per ply. */
  readonly killers: Int32Array;
  /** History scores, indexed by a hash of the move. */
  readonly history: Float64Array;
  /** Triangular principal-variation table, `maxPly` × `maxPly`. */
  readonly pvTable: Int32Array;
  /** PV length per ply. */
  readonly pvLength: Int32Array;
  /** Settings and counters of the search in progress (or the last one); plain numbers, reused per search. */
  readonly run: AlphaBetaRunState;
}

/**
 * Per-search state of an {@link AlphaBetaEngine}, owned by the engine (not module-level), so two
 * engines never interfere and a search may run inside another engine's game callbacks. Written by
 * {@link searchBestMove} and `searchInterest` at the start of each search; plain data.
 */
export interface AlphaBetaRunState {
  /** Node budget of the search. */
  maxNodes: number;
  /** True once the budget ran out. */
  aborted: boolean;
  /** Transposition-table cut-offs on. */
  useTT: boolean;
  /** Principal variation search on. */
  usePVS: boolean;
  /** Quiescence search on. */
  useQuiescence: boolean;
  /** Killer ordering on. */
  useKillers: boolean;
  /** History ordering on. */
  useHistory: boolean;
  /** Null-move pruning on. */
  useNullMove: boolean;
  /** Null-move depth reduction R. */
  nullMoveReduction: number;
  /** Moves searched per node below the root (Infinity = all). */
  moveChop: number;
  /** Interest search: the current iteration's interest-cost limit. */
  interestLimit: number;
  /** Interest search: the constant `K` of the move cost `K / interest`. */
  costScale: number;
  /** Interest search: similarity penalty in [0, 1) (0 = off). */
  similarityPenalty: number;
  /** Work counters of the search in progress; copied into the result when it ends. */
  readonly counters: AlphaBetaCounters;
}

/** Creates an {@link AlphaBetaEngine}. Memory: 25 bytes × TT slots + about 12 × maxPly × maxMoves bytes. */
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


/** Empties the transposition table and the history table (e.g. for a new game). O(slots). */
export function clearTranspositionTable(engine: AlphaBetaEngine): void {
  engine.ttBound.fill(0);
  engine.ttMove.fill(-1);
  engine.history.fill(0);
}

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
  if (r.useNullMove && allowNull && ply > 0 && depth >= nullR + 1 && beta < GameScore.WinThreshold && !(g.inCheck?.() ?? false)) {
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
 * @throws TacticaError `INVALID_ARGUMENT` for a bad depth, or a game whose `maxMoves` exceeds the engine's.
 */
export function searchBestMove(engine: AlphaBetaEngine, game: Game, options: AlphaBetaOptions, result: AlphaBetaResult): AlphaBetaResult {
  const where = "@tactica/search: searchBestMove";
  const maxDepth = assertInteger(where, "options.maxDepth", options.maxDepth, 1, engine.maxPly - 1);
  if (game.maxMoves > engine.maxMoves) {
    invalidArgument(where, "game.maxMoves", `is ${game.maxMoves} but the engine holds ${engine.maxMoves}`, "Create the engine with createAlphaBeta({ maxMoves: game.maxMoves }).");
  }
  const chop = options.moveChop ?? Infinity;
  if (chop !== Infinity) assertInteger(where, "options.moveChop", chop, 1);
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
  R.flags = (aborted ? AlphaBetaFlags.BudgetExhausted : AlphaBetaFlags.Completed) | (Math.abs(R.score) > GameScore.WinThreshold ? AlphaBetaFlags.ForcedResult : 0);
  return R;
}
