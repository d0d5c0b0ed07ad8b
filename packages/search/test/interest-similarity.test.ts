import { describe, expect, it } from "vitest";
import { createAlphaBeta, createAlphaBetaResult, searchInterest, type Game } from "../src";

const ROOK_DROP = 1;
const PAWN_PUSH = 2;

/**
 * One-ply game: at the root, moves 0–3 are rook drops (interest 100, 99, 98, 97) and move 4 a
 * pawn push (interest 90); every child is a draw. Records the order the root moves are tried.
 */
function dropGame(order: number[]): Game {
  let depth = 0;
  const interest = [100, 99, 98, 97, 90];
  return {
    playerCount: 2,
    maxMoves: 5,
    currentPlayer: () => depth & 1,
    generateMoves: (out, offset) => {
      if (depth > 0) return 0;
      for (let i = 0; i < 5; i++) out[offset + i] = i;
      return 5;
    },
    makeMove: (m) => {
      if (depth === 0) order.push(m);
      depth++;
    },
    undoMove: () => {
      depth--;
    },
    isTerminal: () => depth > 0,
    terminalValue: () => 0.5,
    evaluate: () => 0,
    hashLo: () => depth + 1,
    hashHi: () => 7,
    moveInterest: (m) => interest[m]!,
    moveClasses: (m) => (m < 4 ? ROOK_DROP : PAWN_PUSH),
  };
}

describe("interest search: similarity penalties (chapter 24)", () => {
  it("after a rook drop is searched, the other drops fall below the pawn push (order changes)", () => {
    const res = createAlphaBetaResult();
    const plain: number[] = [];
    searchInterest(res, createAlphaBeta({ ttSizeLog2: 4, maxMoves: 5 }), dropGame(plain), { limitStep: 1, iterations: 1 });
    expect(plain).toEqual([0, 1, 2, 3, 4]);
    const penalised: number[] = [];
    searchInterest(res, createAlphaBeta({ ttSizeLog2: 4, maxMoves: 5 }), dropGame(penalised), { limitStep: 1, iterations: 1, similarityPenalty: 0.5 });
    expect(penalised).toEqual([0, 4, 1, 2, 3]);
  });

  it("penalised moves cost more, so the sibling tally reaches the limit sooner (interest changes)", () => {
    // Costs without penalty: 1/100 + 1/99 + 1/98 + 1/97 + 1/90 ≈ 0.0517 < 0.06: all five fit.
    // With penalty 0.5: 1/100 + 1/90 + 1/49.5 ≈ 0.0413, and + 1/49 ≈ 0.0617 > 0.06: three fit.
    const res = createAlphaBetaResult();
    const plain: number[] = [];
    searchInterest(res, createAlphaBeta({ ttSizeLog2: 4, maxMoves: 5 }), dropGame(plain), { limitStep: 0.06, iterations: 1 });
    expect(plain.length).toBe(5);
    const penalised: number[] = [];
    searchInterest(res, createAlphaBeta({ ttSizeLog2: 4, maxMoves: 5 }), dropGame(penalised), { limitStep: 0.06, iterations: 1, similarityPenalty: 0.5 });
    expect(penalised).toEqual([0, 4, 1]);
  });

  it("rejects a penalty outside [0, 1)", () => {
    const engine = createAlphaBeta({ ttSizeLog2: 4, maxMoves: 5 });
    expect(() => searchInterest(createAlphaBetaResult(), engine, dropGame([]), { limitStep: 1, iterations: 1, similarityPenalty: 1 })).toThrow(
      /similarityPenalty/,
    );
  });
});
