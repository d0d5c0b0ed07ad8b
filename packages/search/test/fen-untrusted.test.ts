import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createPerftBuffers, perft } from "../src";
import { CHESS_START_FEN, createChess, parseChessFen } from "../src/games";

// Regressions found by the qa fuzz suite (issue 18): setFen reads the whole FEN before touching
// the game, and rejects positions the move generator cannot play.

function rejects(fen: string): boolean {
  try {
    parseChessFen(fen);
  } catch (e) {
    if (isTacticaError(e, "PARSE_ERROR") && e.path === "fen") return true;
    throw e;
  }
  return false;
}

describe("FEN on hostile input", () => {
  it("a rejected setFen leaves the running game unchanged", () => {
    const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const game = createChess({ fen: kiwipete });
    const before = [game.getFen(), game.hashLo(), game.hashHi()];
    for (const bad of ["rnbqkbnr/pppppppp/8/8/8/8/P9PPPPPP/RNBQKBNR w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 1e309 2", "4k3/8/8/8/8/8/8/4K3 b - >}"]) {
      expect(() => game.setFen(bad)).toThrow(/FEN/);
      expect([game.getFen(), game.hashLo(), game.hashHi()]).toEqual(before);
    }
    expect(perft(game, 2, createPerftBuffers(2, 256))).toBe(2039);
  });
  it("rejects two kings, pawns on a back rank, castling without king and rook, wrong en passant rank, bad counters", () => {
    expect(rejects("4kk2/8/8/8/8/8/8/4K3 w - - 0 1")).toBe(true);
    expect(rejects("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")).toBe(true);
    expect(rejects("4k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1")).toBe(true);
    expect(rejects("4k3/8/8/8/8/8/8/4K3 w - e3 0 1")).toBe(true);
    expect(rejects("4k3/8/8/8/8/8/8/4K3 w - - -1 1")).toBe(true);
    expect(rejects("4k3/8/8/8/8/8/8/4K3 w - - 0 0")).toBe(true);
    expect(rejects(`${CHESS_START_FEN} extra`)).toBe(true);
    expect(rejects("x".repeat(10_000))).toBe(true);
    expect(rejects(CHESS_START_FEN)).toBe(false);
    expect(rejects("4k3/8/8/8/8/8/8/4K3 b - -")).toBe(false);
  });
});
