import { assertInteger, assertPositive, assertRange, invalidArgument } from "@tactica/core";
import { AlphaBetaFlags, type AlphaBetaEngine, type AlphaBetaResult } from "./types";
import { copyCounters, resetCounters } from "./counters";
import { checkedEvaluate, GameScore, terminalScore, type Game } from "./game";
import { quiesce } from "./move-ordering";

/** Options of {@link searchInterest}. */
export interface InterestSearchOptions {
  /** Amount the interest limit rises per iteration (> 0). Small steps grow the tree smoothly. */
  readonly limitStep: number;
  /** Number of iterations (integer ≥ 1); the last one searches with limit `limitStep × iterations`. */
  readonly iterations: number;
  /** Constant `K` of the move cost `K / interest` (default 1). */
  readonly costScale?: number;
  /** Node budget (default unlimited); the last completed iteration's move is kept when it runs out. */
  readonly maxNodes?: number;
  /** Quiescence at the cut-off (default true). */
  readonly useQuiescence?: boolean;
  /**
   * Dynamic similarity penalty in [0, 1) (default 0 = off; needs `game.moveClasses`). After each
   * move at a node is searched, every unsearched sibling that shares similarity classes with it
   * has its interest multiplied by `(1 - similarityPenalty)` per shared class bit, so both its
   * order and its cost change: the second rook drop falls below a move of another kind.
   */
  readonly similarityPenalty?: number;
}

/**
 * Interest of a move when the game gives none: a share of 1000 split over the legal moves (rule 1
 * of Treebeard's table) plus bonuses for tactical moves (`orderMove > 0`: +100), the table move
 * (+25) and killers (+100).
 */
function interestOf(g: Game, move: number, n: number, ttMove: number, k0: number, k1: number): number {
  if (g.moveInterest !== undefined) {
    const v = g.moveInterest(move);
    if (!(v > 0) || v === Infinity) invalidArgument("@tactica/search: searchInterest", "game.moveInterest", `returned ${v}`, "Return a finite interest > 0.");
    return v;
  }
  let v = 1000 / n;
  if (g.orderMove !== undefined && g.orderMove(move) > 0) v += 100;
  if (move === ttMove) v += 25;
  if (move === k0 || move === k1) v += 100;
  return v;
}

// `tallyMe` is the accumulated interest cost of the side to move's moves along the path;
// `tallyOther` the opponent's (separate tallies per parity, chapter 24).
function search(e: AlphaBetaEngine, g: Game, ply: number, alpha: number, beta: number, tallyMe: number, tallyOther: number): number {
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
  if (ply >= e.maxPly - 1) return checkedEvaluate(g);
  const base = ply * e.maxMoves;
  const n = g.generateMoves(e.moves, base, false);
  if (n === 0) return terminalScore(g, ply);
  const slot = (g.hashLo() | 0) & e.ttMask;
  const ttMove = e.ttMask >= 0 && e.ttLock[slot] === (g.hashHi() | 0) && e.ttKey[slot] === (g.hashLo() | 0) ? e.ttMove[slot]! : -1;
  const k0 = e.killers[ply * 2]!;
  const k1 = e.killers[ply * 2 + 1]!;
  // Order by interest, most interesting first; the ordering score doubles as the interest.
  for (let i = 0; i < n; i++) e.moveScores[base + i] = interestOf(g, e.moves[base + i]!, n, ttMove, k0, k1);
  const penalty = g.moveClasses !== undefined ? r.similarityPenalty : 0;
  let plyTally = 0;
  let best = -Infinity;
  let bestMove = -1;
  for (let i = 0; i < n; i++) {
    // Selection sort step.
    let bi = i;
    for (let j = i + 1; j < n; j++) if (e.moveScores[base + j]! > e.moveScores[base + bi]!) bi = j;
    const m = e.moves[base + bi]!;
    const interest = e.moveScores[base + bi]!;
    e.moves[base + bi] = e.moves[base + i]!;
    e.moveScores[base + bi] = e.moveScores[base + i]!;
    e.moves[base + i] = m;
    e.moveScores[base + i] = interest;
    const cost = r.costScale / interest;
    const net = tallyMe + plyTally + cost;
    if (net > r.interestLimit) {
      // Cut-off: no further moves at this node. With none searched, the node is a leaf.
      if (i === 0) return r.useQuiescence ? quiesce(e, g, ply, alpha, beta) : checkedEvaluate(g);
      break;
    }
    plyTally += cost;
    const cls = penalty > 0 ? g.moveClasses!(m) | 0 : 0;
    g.makeMove(m);
    const score = -search(e, g, ply + 1, -beta, -alpha, tallyOther, net);
    g.undoMove(m);
    if (r.aborted) return 0;
    if (cls !== 0) {
      // Similarity penalties: demote the unsearched moves that resemble the one just searched.
      for (let j = i + 1; j < n; j++) {
        const shared = cls & g.moveClasses!(e.moves[base + j]!);
        if (shared !== 0) e.moveScores[base + j] = e.moveScores[base + j]! * Math.pow(1 - penalty, popcount(shared));
      }
    }
    if (score > best) {
      best = score;
      bestMove = m;
      if (score > alpha) {
        alpha = score;
        const row = ply * e.maxPly;
        const childRow = (ply + 1) * e.maxPly;
        e.pvTable[row] = m;
        const cl = ply + 1 < e.maxPly ? e.pvLength[ply + 1]! : 0;
        for (let j = 0; j < cl && j + 1 < e.maxPly; j++) e.pvTable[row + j + 1] = e.pvTable[childRow + j]!;
        e.pvLength[ply] = Math.min(cl + 1, e.maxPly);
        if (alpha >= beta) {
          c.cutoffs++;
          if (i === 0) c.firstMoveCutoffs++;
          if (e.killers[ply * 2] !== m) {
            e.killers[ply * 2 + 1] = e.killers[ply * 2]!;
            e.killers[ply * 2] = m;
          }
          break;
        }
      }
    }
  }
  if (e.ttMask >= 0 && bestMove >= 0) {
    // Remember the best move for ordering only (depth -1: never used for a value cut-off).
    e.ttLock[slot] = g.hashHi() | 0;
    e.ttKey[slot] = g.hashLo() | 0;
    e.ttMove[slot] = bestMove;
    e.ttDepth[slot] = -1;
    e.ttBound[slot] = 1;
  }
  return best;
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Options of {@link interestCost}. */
export interface InterestCostOptions {
  /** The constant `K` of the cost `K / interest`, finite > 0 (default 1). */
  readonly costScale?: number;
}

/**
 * The interest cost of a move, `costScale / interest`: in (0, costScale] for interest ≥ 1, tending to 0 for very interesting moves.
 * @param interest - How interesting the move is, > 0 (1 = dull; larger values cost less).
 * @param options - `costScale`: the constant `K`, a finite number > 0 (default 1).
 * @throws TacticaError `INVALID_ARGUMENT` when `interest` or `options.costScale` is not a finite number > 0.
 */
export function interestCost(interest: number, options: InterestCostOptions = {}): number {
  const costScale = options.costScale ?? 1;
  assertPositive("@tactica/search: interestCost", "interest", interest);
  assertPositive("@tactica/search: interestCost", "options.costScale", costScale);
  return costScale / interest;
}

/**
 * Interest search (Rollason, chapter 24): iterative alpha-beta where a line ends not at a fixed
 * depth but when its accumulated *interest cost* exceeds the iteration's limit. Each move costs
 * `K / interest`; the costs of a node's earlier siblings add to later ones (so dull late moves are
 * cut sooner), and the two sides keep separate tallies so one side cannot end the line early by
 * playing dull moves. When the first move at a node is already over the limit, the node is a leaf
 * (quiescence). The limit rises by `limitStep` per iteration — small steps grow the tree smoothly
 * instead of by a branching factor per iteration.
 *
 * Interest comes from `game.moveInterest`, else from the move count, `orderMove`, the table move
 * and killers. With `similarityPenalty` and `game.moveClasses`, unsearched siblings similar to a
 * searched move lose interest (chapter 24's dynamic similarity penalties). Writes into `result` like {@link searchBestMove} (`depth` = iterations completed).
 * The table is used for move ordering only. No allocation. Its state lives in the engine, so it is re-entrant across engines like
 * {@link searchBestMove} (one search per engine at a time).
 *
 * @param out - The caller-owned result ({@link createAlphaBetaResult}), overwritten and returned;
 *   `depth` counts the iterations completed.
 * @param engine - The engine ({@link createAlphaBeta}) whose buffers and table (move ordering
 *   only) the search uses; its `maxMoves` must be ≥ `game.maxMoves`.
 * @param game - The game at the position to search; moved during the search and restored.
 * @param options - `limitStep` (> 0, interest-cost limit added per iteration) and `iterations`
 *   (integer ≥ 1) are required; `costScale` `K` (> 0, default 1), `maxNodes` (default
 *   unlimited), `useQuiescence` (default true) and `similarityPenalty` in [0, 1) (default 0).
 * @returns `out`.
 * @throws TacticaError `INVALID_ARGUMENT` for an option out of range or a game whose `maxMoves` exceeds the engine's.
 */
export function searchInterest(out: AlphaBetaResult, engine: AlphaBetaEngine, game: Game, options: InterestSearchOptions): AlphaBetaResult {
  const result = out;
  const where = "@tactica/search: searchInterest";
  const step = assertPositive(where, "options.limitStep", options.limitStep);
  const iterations = assertInteger(where, "options.iterations", options.iterations, 1, Number.MAX_SAFE_INTEGER);
  const K = assertPositive(where, "options.costScale", options.costScale ?? 1);
  if (game.maxMoves > engine.maxMoves) {
    invalidArgument(
      where,
      "game.maxMoves",
      `is ${game.maxMoves} but the engine holds ${engine.maxMoves}`,
      "Create the engine with createAlphaBeta({ maxMoves: game.maxMoves }).",
    );
  }
  const run = engine.run;
  resetCounters(run.counters);
  run.costScale = K;
  run.similarityPenalty = assertRange(where, "options.similarityPenalty", options.similarityPenalty ?? 0, 0, 0.999999);
  run.maxNodes = options.maxNodes ?? Infinity;
  run.useQuiescence = options.useQuiescence ?? true;
  // Quiescence orders captures by the game's own orderMove only: killer and history tables belong
  // to alpha-beta and may hold another search's state.
  run.useKillers = false;
  run.useHistory = false;
  run.aborted = false;
  engine.killers.fill(-1);
  result.flags = AlphaBetaFlags.None;
  result.bestMove = -1;
  result.score = 0;
  result.depth = 0;
  result.pvLength = 0;
  if (game.isTerminal()) {
    result.flags = AlphaBetaFlags.NoMove | AlphaBetaFlags.Completed;
    result.score = terminalScore(game, 0);
    copyCounters(run.counters, result.counters);
    return result;
  }
  for (let it = 1; it <= iterations; it++) {
    run.interestLimit = step * it;
    const score = search(engine, game, 0, -Infinity, Infinity, 0, 0);
    if (run.aborted) break;
    result.score = score === 0 ? 0 : score;
    result.depth = it;
    const len = Math.min(engine.pvLength[0]!, result.pv.length);
    for (let i = 0; i < len; i++) result.pv[i] = engine.pvTable[i]!;
    result.pvLength = len;
    if (len > 0) result.bestMove = result.pv[0]!;
  }
  if (result.bestMove === -1) {
    const n = game.generateMoves(engine.moves, 0, false);
    if (n > 0) result.bestMove = engine.moves[0]!;
  }
  copyCounters(run.counters, result.counters);
  result.flags =
    (run.aborted ? AlphaBetaFlags.BudgetExhausted : AlphaBetaFlags.Completed) |
    (Math.abs(result.score) > GameScore.WinThreshold ? AlphaBetaFlags.ForcedResult : 0);
  return result;
}
