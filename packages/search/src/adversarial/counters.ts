// Internal helpers (not re-exported from the package index).
import type { AlphaBetaCounters } from "./types";

/** Zeroes a counters record. */
export function resetCounters(c: AlphaBetaCounters): void {
  c.nodes = c.qnodes = c.cutoffs = c.firstMoveCutoffs = c.ttProbes = c.ttHits = c.ttCutoffs = c.nullCutoffs = c.researches = 0;
}

/** Copies counters `from` into `to`. */
export function copyCounters(from: AlphaBetaCounters, to: AlphaBetaCounters): void {
  to.nodes = from.nodes;
  to.qnodes = from.qnodes;
  to.cutoffs = from.cutoffs;
  to.firstMoveCutoffs = from.firstMoveCutoffs;
  to.ttProbes = from.ttProbes;
  to.ttHits = from.ttHits;
  to.ttCutoffs = from.ttCutoffs;
  to.nullCutoffs = from.nullCutoffs;
  to.researches = from.researches;
}
