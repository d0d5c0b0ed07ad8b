import { describe, expect, it } from "vitest";
import {
  GameScore,
  addToMoveSetKey,
  hashUnitMove,
  removeFromMoveSetKey,
  createAlphaBeta,
  createAlphaBetaResult,
  interestCost,
  searchBestMove,
  searchInterest,
  type Game,
} from "../src";
import { chessMoveToUci, createChess, createConnectFour, createTicTacToe } from "../src/games/index";

describe("interest search (chapter 24)", () => {
  it("the move cost K / interest lies in (0, K] for interest >= 1", () => {
    for (const i of [1, 2, 10, 1000, 1e9]) {
      const c = interestCost(i, { costScale: 1 });
      expect(c).toBeGreaterThan(0);
      expect(c).toBeLessThanOrEqual(1);
    }
    expect(() => interestCost(0)).toThrow(/interest/);
  });

  it("with a generous limit it searches tic-tac-toe to the end: a draw", () => {
    const engine = createAlphaBeta({ ttSizeLog2: 10, maxMoves: 9 });
    const res = createAlphaBetaResult();
    searchInterest(res, engine, createTicTacToe(), { limitStep: 0.5, iterations: 2 });
    expect(res.score).toBe(0);
    searchInterest(res, engine, createTicTacToe({ cells: [0, 0, -1, 1, 1, -1, -1, -1, -1] }), { limitStep: 0.5, iterations: 2 });
    expect(res.bestMove).toBe(2);
    expect(res.score).toBe(GameScore.Win - 1);
  });

  it("the tree grows more smoothly than with fixed-depth iterations", () => {
    const res = createAlphaBetaResult();
    const g = createConnectFour({ moves: [3, 3] });
    const nodes: number[] = [];
    for (let i = 1; i <= 40; i++) {
      searchInterest(res, createAlphaBeta({ ttSizeLog2: 14, maxMoves: 7 }), g, { limitStep: 0.001 * i, iterations: 1 });
      nodes.push(res.counters.nodes);
    }
    const depthNodes: number[] = [];
    for (let d = 1; d <= 7; d++) {
      searchBestMove(res, createAlphaBeta({ ttSizeLog2: 14, maxMoves: 7 }), g, d);
      depthNodes.push(res.counters.nodes);
    }
    const maxJump = (xs: number[]) => Math.max(...xs.slice(1).map((x, i) => (xs[i]! >= 10 ? x / xs[i]! : 1)));
    expect(nodes[nodes.length - 1]!).toBeGreaterThan(depthNodes[3]!);
    expect(maxJump(nodes), `${nodes.join(",")} vs ${depthNodes.join(",")}`).toBeLessThan(maxJump(depthNodes));
  });

  it("separate tallies: a side's dull moves do not end the opponent's line", () => {
    // A game where side 0 has one forced move and side 1 has 50 (each dull, 1000/50 = 20 interest):
    // side 1's costs must not cut side 0's line and vice versa.
    let ply = 0;
    const game: Game = {
      playerCount: 2,
      maxMoves: 50,
      currentPlayer: () => ply & 1,
      generateMoves(out, offset) {
        if (ply >= 6) return 0;
        const n = ply & 1 ? 50 : 1;
        for (let i = 0; i < n; i++) out[offset + i] = i;
        return n;
      },
      makeMove: () => void ply++,
      undoMove: () => void ply--,
      isTerminal: () => ply >= 6,
      terminalValue: () => 0.5,
      evaluate: () => ply,
      hashLo: () => ply,
      hashHi: () => 0,
    };
    const engine = createAlphaBeta({ ttSizeLog2: 0, maxMoves: 50 });
    const res = createAlphaBetaResult();
    // Side 0's forced move costs 1/1000; side 1's first move costs 1/20 = 0.05 > 0.004, so side 1
    // is a leaf: two nodes. Side 0's own tally does not charge side 1 and vice versa.
    searchInterest(res, engine, game, { limitStep: 0.004, iterations: 1, useQuiescence: false });
    expect(res.counters.nodes).toBe(2);
    // Raising the limit past side 1's cost lets both sides continue.
    searchInterest(res, engine, game, { limitStep: 0.06, iterations: 1, useQuiescence: false });
    expect(res.counters.nodes).toBeGreaterThan(2);
  });

  it("chess: finds the mate in one and agrees with alpha-beta on a hanging queen", () => {
    const engine = createAlphaBeta({ ttSizeLog2: 16 });
    const res = createAlphaBetaResult();
    const m1 = createChess({ fen: "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4" });
    searchInterest(res, engine, m1, { limitStep: 0.02, iterations: 4 });
    expect(chessMoveToUci(res.bestMove)).toBe("f3f7");
    expect(res.score).toBe(GameScore.Win - 1);
    const hang = createChess({ fen: "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1" });
    searchInterest(res, engine, hang, { limitStep: 0.02, iterations: 3 });
    const ab = createAlphaBetaResult();
    searchBestMove(ab, engine, createChess({ fen: "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1" }), 3);
    expect(chessMoveToUci(res.bestMove)).toBe(chessMoveToUci(ab.bestMove));
  });
});

describe("order-independent move-set keys (chapter 23)", () => {
  it("every permutation gives the same key; equal hashes do not cancel; removal undoes", () => {
    const moves = [hashUnitMove(1, 10), hashUnitMove(2, 11), hashUnitMove(3, 12)];
    const perms = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    const keys = perms.map((p) => p.reduce((k, i) => addToMoveSetKey(k, moves[i]!), 0));
    expect(new Set(keys).size).toBe(1);
    // Two units with equal hashes moving to the same space: XOR would give 0, addition does not.
    const h = hashUnitMove(5, 7);
    expect(h ^ h).toBe(0);
    expect(addToMoveSetKey(addToMoveSetKey(0, h), h)).not.toBe(0);
    expect(removeFromMoveSetKey(keys[0]!, moves[1]!)).toBe(addToMoveSetKey(moves[0]!, moves[2]!));
    expect(hashUnitMove(1, 2)).not.toBe(hashUnitMove(2, 1));
  });
});
