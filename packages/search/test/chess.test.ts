import { describe, expect, it } from "vitest";
import { createPerftBuffers, perft } from "../src";
import { CHESS_START_FEN, chessMoveToUci, createChess, findChessMove } from "../src/games/index";

const buffers = createPerftBuffers(6, 256);

// Published perft counts (chessprogramming.org "Perft Results").
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

describe("chess move generator (perft)", () => {
  it("start position to depth 4: 20 / 400 / 8,902 / 197,281", () => {
    const g = createChess();
    expect([1, 2, 3, 4].map((d) => perft(g, d, buffers))).toEqual([20, 400, 8902, 197281]);
    expect(g.getFen()).toBe(CHESS_START_FEN);
  });

  it("Kiwipete to depth 3: 48 / 2,039 / 97,862", () => {
    const g = createChess({ fen: KIWIPETE });
    expect([1, 2, 3].map((d) => perft(g, d, buffers))).toEqual([48, 2039, 97862]);
  });

  it("other standard positions at shallow depth", () => {
    expect([1, 2, 3, 4].map((d) => perft(createChess({ fen: POSITION_3 }), d, buffers))).toEqual([14, 191, 2812, 43238]);
    expect([1, 2, 3].map((d) => perft(createChess({ fen: POSITION_4 }), d, buffers))).toEqual([6, 264, 9467]);
    expect([1, 2, 3].map((d) => perft(createChess({ fen: POSITION_5 }), d, buffers))).toEqual([44, 1486, 62379]);
    expect([1, 2].map((d) => perft(createChess({ fen: POSITION_6 }), d, buffers))).toEqual([46, 2079]);
  });

  it("make/undo restores the position and its Zobrist key; keys are path-independent", () => {
    const g = createChess({ fen: KIWIPETE });
    const lo = g.hashLo();
    const hi = g.hashHi();
    const buf = new Int32Array(256);
    const n = g.generateMoves(buf, 0, false);
    for (let i = 0; i < n; i++) {
      g.makeMove(buf[i]!);
      const after = createChess({ fen: g.getFen() });
      expect([g.hashLo(), g.hashHi()]).toEqual([after.hashLo(), after.hashHi()]);
      g.undoMove(buf[i]!);
      expect([g.hashLo(), g.hashHi()]).toEqual([lo, hi]);
    }
    expect(g.getFen()).toBe(KIWIPETE);
  });

  it("special moves: castling, en passant, promotion, UCI round trip", () => {
    const g = createChess({ fen: "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1" });
    expect(findChessMove(g, "e1g1")).toBeGreaterThan(0);
    expect(findChessMove(g, "e1c1")).toBeGreaterThan(0);
    const ep = findChessMove(g, "e5d6");
    expect(ep).toBeGreaterThan(0);
    g.makeMove(ep);
    expect(g.getFen()).toBe("r3k2r/8/3P4/8/8/8/8/R3K2R b KQkq - 0 1");
    // A pawn attacking f1 forbids O-O (the king may not cross an attacked square).
    expect(findChessMove(createChess({ fen: "r3k2r/8/8/8/8/8/6p1/R3K2R w KQkq - 0 1" }), "e1g1")).toBe(-1);
    const p = createChess({ fen: "8/8/8/8/8/8/6p1/4K2k b - - 0 1" });
    const promo = findChessMove(p, "g2g1q");
    expect(chessMoveToUci(promo)).toBe("g2g1q");
    p.makeMove(promo);
    expect(p.inCheck!()).toBe(true);
    expect(p.getFen().split(" ")[0]).toBe("8/8/8/8/8/8/8/4K1qk");
  });

  it("terminal states: checkmate, stalemate, FEN errors", () => {
    const mate = createChess({ fen: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" });
    expect(mate.isTerminal()).toBe(true);
    expect(mate.terminalValue(0)).toBe(0);
    expect(mate.terminalValue(1)).toBe(1);
    const stale = createChess({ fen: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" });
    expect(stale.isTerminal()).toBe(true);
    expect(stale.terminalValue(1)).toBe(0.5);
    expect(() => createChess({ fen: "8/8/8 w - -" })).toThrow(/@tactica\/search: createChess: FEN/);
  });
});
