// Shared types of the alpha-beta family (alpha-beta.ts, interest-search.ts, move-ordering.ts,
// counters.ts): kept here so those files import types from one module and never from each other.
/**
 * Bound type of a transposition-table entry (the articles omit it; it is required for correctness).
 * Every member is a distinct bit; a slot holds exactly one of them.
 */
export const BoundFlags = {
  /** Empty slot. */
  None: 0,
  /** The stored value is exact (it was inside the window). */
  Exact: 1,
  /** The stored value is a lower bound (the search failed high: value >= beta). */
  Lower: 2,
  /** The stored value is an upper bound (the search failed low: value <= alpha). */
  Upper: 4,
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

/** Per-search options of {@link searchBestMove} (the depth is its own argument). Every feature can be switched off to compare. */
export interface AlphaBetaOptions {
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
