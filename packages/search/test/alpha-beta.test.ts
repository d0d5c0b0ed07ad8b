import { createRng, rngInt } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { AlphaBetaFlags, GameScore, createAlphaBeta, createAlphaBetaResult, searchBestMove, terminalScore, type AlphaBetaOptions, type Game } from "../src";
import { chessMoveToUci, createChess, createConnectFour, createTicTacToe } from "../src/games/index";

/** Plain negamax without pruning: the reference value. */
function minimax(game: Game, depth: number, ply: number): number {
  if (game.isTerminal()) return terminalScore(game, ply);
  if (depth === 0) return game.evaluate();
  const buf = new Int32Array(game.maxMoves);
  const n = game.generateMoves(buf, 0, false);
  let best = -Infinity;
  for (let i = 0; i < n; i++) {
    game.makeMove(buf[i]!);
    best = Math.max(best, -minimax(game, depth - 1, ply + 1));
    game.undoMove(buf[i]!);
  }
  return best;
}

function randomConnectFour(seed: number, plies: number): Game {
  const rng = createRng(seed);
  const g = createConnectFour();
  const buf = new Int32Array(7);
  for (let i = 0; i < plies && !g.isTerminal(); i++) {
    const n = g.generateMoves(buf, 0, false);
    g.makeMove(buf[rngInt(rng, 0, n - 1)]!);
  }
  return g;
}

const VARIANTS: Record<string, Omit<AlphaBetaOptions, "maxDepth">> = {
  plain: { useTT: false, usePVS: false, useKillers: false, useHistory: false },
  tt: { useTT: true, usePVS: false },
  pvs: { useTT: false, usePVS: true },
  all: {},
  aspiration: { aspirationWindow: 10 },
  mtdf: { useMtdf: true },
};

describe("alpha-beta", () => {
  it("tic-tac-toe is a draw under perfect play, with every feature combination", () => {
    const engine = createAlphaBeta({ ttSizeLog2: 12, maxMoves: 9 });
    const res = createAlphaBetaResult();
    for (const [name, opts] of Object.entries(VARIANTS)) {
      const g = createTicTacToe();
      searchBestMove(res, engine, g, 9, { ...opts });
      expect(res.score, name).toBe(0);
      expect(res.flags & AlphaBetaFlags.Completed).toBeTruthy();
      expect(g.moveCount).toBe(0);
    }
  });

  it("tic-tac-toe: finds the immediate win and blocks the threat", () => {
    const engine = createAlphaBeta({ ttSizeLog2: 12, maxMoves: 9 });
    const res = createAlphaBetaResult();
    // X X . / O O . / . . .  — X to move wins at 2.
    const g = createTicTacToe({ cells: [0, 0, -1, 1, 1, -1, -1, -1, -1] });
    searchBestMove(res, engine, g, 9);
    expect(res.bestMove).toBe(2);
    expect(res.score).toBe(GameScore.Win - 1);
    expect(res.flags & AlphaBetaFlags.ForcedResult).toBeTruthy();
    // X . . / . O . / . . X with O to move must not lose: the engine's value is a draw.
    const h = createTicTacToe({ cells: [0, -1, -1, -1, 1, -1, -1, -1, 0] });
    searchBestMove(res, engine, h, 9);
    expect(res.score).toBe(0);
  });

  it("Connect Four: every variant returns the minimax value at depth 4 on random positions", () => {
    const engine = createAlphaBeta({ ttSizeLog2: 14, maxMoves: 7 });
    const res = createAlphaBetaResult();
    for (let seed = 1; seed <= 12; seed++) {
      const g = randomConnectFour(seed, 6 + (seed % 8));
      if (g.isTerminal()) continue;
      const want = minimax(g, 4, 0);
      for (const [name, opts] of Object.entries(VARIANTS)) {
        const before = [g.hashLo(), g.hashHi()];
        searchBestMove(res, engine, g, 4, { ...opts });
        expect(res.score, `${name} seed ${seed}`).toBe(want);
        expect([g.hashLo(), g.hashHi()]).toEqual(before);
        expect(res.pvLength).toBeGreaterThan(0);
        expect(res.pv[0]).toBe(res.bestMove);
      }
    }
  });

  it("ordering and the table reduce the work; counters are consistent", () => {
    const g = randomConnectFour(99, 4);
    const engine = createAlphaBeta({ ttSizeLog2: 16, maxMoves: 7 });
    const res = createAlphaBetaResult();
    searchBestMove(res, engine, g, 7, { ...VARIANTS.plain });
    const plainNodes = res.counters.nodes;
    const plainScore = res.score;
    searchBestMove(res, engine, g, 7);
    expect(res.score).toBe(plainScore);
    expect(res.counters.nodes).toBeLessThan(plainNodes);
    expect(res.counters.ttHits).toBeGreaterThan(0);
    expect(res.counters.ttHits).toBeLessThanOrEqual(res.counters.ttProbes);
    expect(res.counters.cutoffs).toBeGreaterThan(0);
    expect(res.counters.firstMoveCutoffs).toBeLessThanOrEqual(res.counters.cutoffs);
  });

  it("node budgets stop the search deterministically with the last completed depth's move", () => {
    const g = randomConnectFour(5, 2);
    const engine = createAlphaBeta({ ttSizeLog2: 14, maxMoves: 7 });
    const a = createAlphaBetaResult();
    const b = createAlphaBetaResult();
    searchBestMove(a, engine, g, 20, { maxNodes: 3000 });
    expect(a.flags & AlphaBetaFlags.BudgetExhausted).toBeTruthy();
    expect(a.depth).toBeGreaterThan(0);
    expect(a.bestMove).toBeGreaterThanOrEqual(0);
    const engine2 = createAlphaBeta({ ttSizeLog2: 14, maxMoves: 7 });
    searchBestMove(b, engine2, g, 20, { maxNodes: 3000 });
    expect([b.bestMove, b.score, b.depth]).toEqual([a.bestMove, a.score, a.depth]);
  });

  it("move chopping keeps only the best n moves below the root", () => {
    const g = randomConnectFour(7, 3);
    const engine = createAlphaBeta({ ttSizeLog2: 0, maxMoves: 7 });
    const res = createAlphaBetaResult();
    searchBestMove(res, engine, g, 4, { moveChop: 2, ...VARIANTS.plain, useQuiescence: false });
    // Root: 7 moves, then at most 2 per node for 3 more plies: at most 1 + 7 + 14 + 28 + 56 nodes at the final depth.
    expect(res.counters.nodes).toBeLessThanOrEqual(4 * (1 + 7 + 14 + 28 + 56));
  });

  it("chess: solves mate in one and mate in two; quiescence sees a hanging queen", () => {
    const engine = createAlphaBeta({ ttSizeLog2: 16 });
    const res = createAlphaBetaResult();
    // Scholar's-mate pattern: Qxf7#.
    const m1 = createChess({ fen: "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4" });
    searchBestMove(res, engine, m1, 3);
    expect(chessMoveToUci(res.bestMove)).toBe("f3f7");
    expect(res.score).toBe(GameScore.Win - 1);
    // Mate in two: 1. Nf6+ gxf6 2. Bxf7#.
    const m2 = createChess({ fen: "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1" });
    expect(minimax(m2, 1, 0)).toBeLessThan(GameScore.WinThreshold);
    searchBestMove(res, engine, m2, 5);
    expect(res.score).toBe(GameScore.Win - 3);
    expect(chessMoveToUci(res.bestMove)).toBe("d5f6");
    expect(res.pvLength).toBe(3);
    // White to move can take an undefended queen.
    const hang = createChess({ fen: "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1" });
    searchBestMove(res, engine, hang, 1);
    expect(chessMoveToUci(res.bestMove)).toBe("d2d5");
  });

  it("chess: TT + PVS + ordering agree with plain alpha-beta at depth 3 (null move off)", () => {
    const fens = [
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ];
    const engine = createAlphaBeta({ ttSizeLog2: 16 });
    const res = createAlphaBetaResult();
    for (const fen of fens) {
      searchBestMove(res, engine, createChess({ fen }), 3, { ...VARIANTS.plain, useNullMove: false });
      const plain = res.score;
      searchBestMove(res, engine, createChess({ fen }), 3, { useNullMove: false });
      expect(res.score).toBe(plain);
    }
  });

  it("reports terminal roots and rejects bad options", () => {
    const engine = createAlphaBeta({ ttSizeLog2: 8, maxMoves: 9 });
    const res = createAlphaBetaResult();
    const won = createTicTacToe({ cells: [0, 0, 0, 1, 1, -1, -1, -1, -1] });
    searchBestMove(res, engine, won, 3);
    expect(res.flags & AlphaBetaFlags.NoMove).toBeTruthy();
    expect(res.bestMove).toBe(-1);
    expect(() => searchBestMove(res, engine, createTicTacToe(), 0)).toThrow(/"maxDepth"/);
    expect(() => searchBestMove(res, engine, createChess(), 2)).toThrow(/maxMoves/);
    // A NaN evaluation is reported, not propagated.
    const bad = createTicTacToe();
    const nanGame: Game = Object.assign(Object.create(bad) as Game, { evaluate: () => NaN });
    expect(() => searchBestMove(res, engine, nanGame, 2)).toThrow(/evaluate\(\)" returned NaN/);
    expect(() => createConnectFour({ moves: [7] })).toThrow(/moves\[0\]/);
    expect(() => createConnectFour({ moves: [0, 0, 0, 0, 0, 0, 0] })).toThrow(/moves\[6\]/);
    expect(() => createTicTacToe({ cells: [1, -1, -1, -1, -1, -1, -1, -1, -1] })).toThrow(/X moves first/);
  });
});

/**
 * A zugzwang trap for null-move pruning. The root player A has two moves: M1 (value +10 for A
 * forever after) and M0, after which B must move and every B move leaves A at +500 — but if B could
 * pass, A would stand at 0. Null-move pruning lets B "pass" at the node after M0: the reduced
 * search sees 0 ≥ beta (−10 for B), prunes, and A believes M0 is worth 0 < 10, so it plays M1.
 * `hasZugzwangRisk()` switches null moves off there.
 */
function zugzwangGame(withGuard: boolean): Game {
  const hist: number[] = []; // moves 0/1, 2 = a pass
  const valueForA = (): number => {
    if (hist.length === 0) return 0;
    if (hist[0] === 1) return 10;
    if (hist.length >= 2 && hist[1] === 2) return 0;
    return hist.length >= 2 ? 500 : 0;
  };
  const game: Game = {
    playerCount: 2,
    maxMoves: 2,
    currentPlayer: () => hist.length % 2,
    generateMoves(out, offset, noisyOnly) {
      if (noisyOnly) return 0;
      out[offset] = 0;
      out[offset + 1] = 1;
      return 2;
    },
    makeMove: (m) => void hist.push(m),
    undoMove: () => void hist.pop(),
    isTerminal: () => false,
    terminalValue: () => 0.5,
    evaluate: () => (hist.length % 2 === 0 ? valueForA() : -valueForA()),
    orderMove: (m) => m, // M1 first, so M0 is searched with a null window
    hashLo: () => hist.reduce((h, m) => (Math.imul(h, 31) + m + 1) | 0, 7),
    hashHi: () => hist.length,
    makeNullMove: () => void hist.push(2),
    undoNullMove: () => void hist.pop(),
  };
  if (withGuard) game.hasZugzwangRisk = () => hist[0] === 0;
  return game;
}

describe("null-move pruning and zugzwang", () => {
  const options = { useTT: false, useKillers: false, useHistory: false } as const;
  it("without null moves the search finds M0 (+500)", () => {
    const res = createAlphaBetaResult();
    searchBestMove(res, createAlphaBeta({ maxMoves: 2 }), zugzwangGame(false), 4, { ...options, useNullMove: false });
    expect(res.bestMove).toBe(0);
    expect(res.score).toBe(500);
  });
  it("with null moves and the game's hasZugzwangRisk guard it still finds M0", () => {
    const res = createAlphaBetaResult();
    searchBestMove(res, createAlphaBeta({ maxMoves: 2 }), zugzwangGame(true), 4, options);
    expect(res.bestMove).toBe(0);
    expect(res.score).toBe(500);
  });
  it("without the guard null-move pruning falls into the trap (why the guard exists)", () => {
    const res = createAlphaBetaResult();
    searchBestMove(res, createAlphaBeta({ maxMoves: 2 }), zugzwangGame(false), 4, options);
    expect(res.bestMove).toBe(1);
    expect(res.counters.nullCutoffs).toBeGreaterThan(0);
  });
  it("chess reports zugzwang risk with only king and pawns for the side to move", () => {
    expect(createChess().hasZugzwangRisk!()).toBe(false);
    expect(createChess({ fen: "8/8/8/4k3/8/4P3/4K3/8 w - - 0 1" }).hasZugzwangRisk!()).toBe(true);
    expect(createChess({ fen: "8/8/8/4k3/8/4P3/4K3/8 b - - 0 1" }).hasZugzwangRisk!()).toBe(true);
    expect(createChess({ fen: "8/8/8/4k3/8/4P3/4K2N/8 w - - 0 1" }).hasZugzwangRisk!()).toBe(false);
    expect(createChess({ fen: "8/8/8/4k3/8/4P3/4K2N/8 b - - 0 1" }).hasZugzwangRisk!()).toBe(true);
  });
});

/**
 * A game with many transpositions and fine-grained evaluations, where transposition-table bound
 * errors change the root score: each side has 3 counters; a move increments one of the mover's
 * counters, so move orders commute. The evaluation is a hash of the position (in [-100, 100]).
 */
function transpositionGame(salt: number): Game {
  const c = new Int32Array(6);
  let side = 0;
  let plies = 0;
  const mix = (seed: number): number => {
    let h = seed ^ salt;
    for (let i = 0; i < 6; i++) h = Math.imul(h ^ (c[i]! + 17 * i), 0x9e3779b1) ^ (h >>> 15);
    h = Math.imul(h ^ side, 0x85ebca6b);
    return (h ^ (h >>> 13)) | 0;
  };
  return {
    playerCount: 2,
    maxMoves: 3,
    currentPlayer: () => side,
    generateMoves(out, offset, noisyOnly) {
      if (noisyOnly || plies >= 12) return 0;
      out[offset] = 0;
      out[offset + 1] = 1;
      out[offset + 2] = 2;
      return 3;
    },
    makeMove(m) {
      c[side * 3 + m]!++;
      side ^= 1;
      plies++;
    },
    undoMove(m) {
      side ^= 1;
      plies--;
      c[side * 3 + m]!--;
    },
    isTerminal: () => plies >= 12,
    terminalValue: () => 0.5,
    evaluate: () => ((mix(1) >>> 0) % 201) - 100,
    hashLo: () => mix(2),
    hashHi: () => mix(3),
  };
}

function plainNegamax(g: Game, depth: number): number {
  if (depth === 0 || g.isTerminal()) return g.evaluate();
  const moves = new Int32Array(g.maxMoves);
  const n = g.generateMoves(moves, 0, false);
  let best = -Infinity;
  for (let i = 0; i < n; i++) {
    g.makeMove(moves[i]!);
    best = Math.max(best, -plainNegamax(g, depth - 1));
    g.undoMove(moves[i]!);
  }
  return best;
}

describe("transposition-table bounds", () => {
  it("TT with PVS, plain windows, aspiration windows and MTD(f) equals plain negamax where transpositions abound", () => {
    const variants: AlphaBetaOptions[] = [
      { useTT: true },
      { useTT: true, usePVS: false },
      { useTT: true, aspirationWindow: 7 },
      { useTT: true, useMtdf: true },
    ];
    const res = createAlphaBetaResult();
    for (let salt = 1; salt <= 25; salt++) {
      const depth = 4 + (salt % 3);
      const expected = plainNegamax(transpositionGame(salt), depth);
      for (const v of variants) {
        const engine = createAlphaBeta({ ttSizeLog2: 12, maxMoves: 3 });
        searchBestMove(res, engine, transpositionGame(salt), depth, { ...v, useQuiescence: false, useKillers: salt % 2 === 0 });
        expect(res.score, `salt ${salt} depth ${depth} ${JSON.stringify(v)}`).toBe(expected);
      }
    }
  });
});
