// Internal (not re-exported by the package index): move ordering and the quiescence search shared
// by alpha-beta (alpha-beta.ts) and interest search (interest-search.ts).
import type { AlphaBetaEngine } from "./types";
import { checkedEvaluate, terminalScore, type Game } from "./game";

/** Entries in the history-heuristic table (a power of two). */
export const HISTORY_SIZE = 1 << 14;

export function historyIndex(move: number): number {
  return (Math.imul(move, 0x9e3779b1) >>> 18) & (HISTORY_SIZE - 1);
}

export function orderMoves(e: AlphaBetaEngine, g: Game, base: number, n: number, ply: number, ttMove: number): void {
  const useKillers = e.run.useKillers;
  const useHistory = e.run.useHistory;
  const moves = e.moves;
  const scores = e.moveScores;
  const k0 = useKillers ? e.killers[ply * 2]! : -1;
  const k1 = useKillers ? e.killers[ply * 2 + 1]! : -1;
  const hasOrder = g.orderMove !== undefined;
  for (let i = 0; i < n; i++) {
    const m = moves[base + i]!;
    let s = 0;
    if (m === ttMove) s = 1e15;
    else {
      if (hasOrder) s = g.orderMove!(m) * 1e6;
      if (m === k0) s += 2e5;
      else if (m === k1) s += 1e5;
      if (useHistory) s += Math.min(e.history[historyIndex(m)]!, 9e4);
    }
    scores[base + i] = s;
  }
}

/** Swaps the best-scored remaining move into position `i` (incremental selection sort). */
export function pickMove(e: AlphaBetaEngine, base: number, i: number, n: number): number {
  const moves = e.moves;
  const scores = e.moveScores;
  let best = i;
  let bs = scores[base + i]!;
  for (let j = i + 1; j < n; j++) {
    const s = scores[base + j]!;
    if (s > bs) {
      bs = s;
      best = j;
    }
  }
  if (best !== i) {
    const m = moves[base + best]!;
    moves[base + best] = moves[base + i]!;
    moves[base + i] = m;
    scores[base + best] = scores[base + i]!;
    scores[base + i] = bs;
  }
  return moves[base + i]!;
}

export function quiesce(e: AlphaBetaEngine, g: Game, ply: number, alpha: number, beta: number): number {
  e.run.counters.qnodes++;
  if (g.isTerminal()) return terminalScore(g, ply);
  const stand = checkedEvaluate(g);
  if (ply >= e.maxPly - 1) return stand;
  if (stand >= beta) return stand;
  if (stand > alpha) alpha = stand;
  const base = ply * e.maxMoves;
  const n = g.generateMoves(e.moves, base, true);
  if (n === 0) return stand;
  orderMoves(e, g, base, n, ply, -1);
  let best = stand;
  for (let i = 0; i < n; i++) {
    const m = pickMove(e, base, i, n);
    g.makeMove(m);
    const score = -quiesce(e, g, ply + 1, -beta, -alpha);
    g.undoMove(m);
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}
