import { createRng } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  CspFlags,
  addCspVariable,
  addCustomConstraint,
  addNotEqual,
  countCspSolutions,
  createAlphaBeta,
  createAlphaBetaResult,
  createCsp,
  createCspSolver,
  createCsrGraph,
  createDepthFirstContext,
  createLevelColoringCsp,
  createPathResult,
  csrDomain,
  idaStar,
  type SearchDomain,
  searchBestMove,
  searchInterest,
  solveCsp,
  type AlphaBetaResult,
  type Csp,
  type Game,
} from "../src";
import { createConnectFour, createTicTacToe } from "../src/games/index";

/** Delegates every call to `g`, running `hook` inside each `evaluate` call. */
function withEvaluateHook(g: Game, hook: () => void): Game {
  const w: Game = {
    playerCount: g.playerCount,
    maxMoves: g.maxMoves,
    currentPlayer: () => g.currentPlayer(),
    generateMoves: (out, offset, noisy) => g.generateMoves(out, offset, noisy),
    makeMove: (m) => g.makeMove(m),
    undoMove: (m) => g.undoMove(m),
    isTerminal: () => g.isTerminal(),
    terminalValue: (p) => g.terminalValue(p),
    evaluate: () => {
      hook();
      return g.evaluate();
    },
    hashLo: () => g.hashLo(),
    hashHi: () => g.hashHi(),
  };
  return g.orderMove === undefined ? w : { ...w, orderMove: (m: number) => g.orderMove!(m) };
}

function snapshot(r: AlphaBetaResult): unknown {
  return { flags: r.flags, bestMove: r.bestMove, score: r.score, depth: r.depth, pv: Array.from(r.pv.subarray(0, r.pvLength)), counters: { ...r.counters } };
}

describe("re-entrancy: engine and solver state is per object", () => {
  it("alpha-beta: a search run inside another engine's evaluate callback leaves both results unchanged", () => {
    const opts = { aspirationWindow: 20 };

    // Separately.
    const outerAlone = createAlphaBetaResult();
    searchBestMove(outerAlone, createAlphaBeta({ ttSizeLog2: 12, maxMoves: 7 }), createConnectFour({ moves: [3, 3, 2] }), 5, opts);
    const innerAlone = createAlphaBetaResult();
    searchBestMove(innerAlone, createAlphaBeta({ ttSizeLog2: 10, maxMoves: 9 }), createTicTacToe({ cells: [0, -1, -1, -1, 1, -1, -1, -1, -1] }), 4);
    // Nested: every 50th evaluation of the outer search runs a whole inner search on a second engine.
    const innerEngine = createAlphaBeta({ ttSizeLog2: 10, maxMoves: 9 });
    const innerGame = createTicTacToe({ cells: [0, -1, -1, -1, 1, -1, -1, -1, -1] });
    const innerRes = createAlphaBetaResult();
    let calls = 0;
    let nested = 0;
    const outerGame = withEvaluateHook(createConnectFour({ moves: [3, 3, 2] }), () => {
      if (++calls % 50 !== 0) return;
      nested++;
      searchBestMove(innerRes, innerEngine, innerGame, 4);
      // The inner engine's TT persists between its searches: compare what does not depend on it.
      expect(innerRes.bestMove).toBe(innerAlone.bestMove);
      expect(innerRes.score).toBe(innerAlone.score);
      expect(innerRes.depth).toBe(innerAlone.depth);
    });
    const outerNested = createAlphaBetaResult();
    searchBestMove(outerNested, createAlphaBeta({ ttSizeLog2: 12, maxMoves: 7 }), outerGame, 5, opts);
    expect(nested).toBeGreaterThan(2);
    expect(snapshot(outerNested)).toEqual(snapshot(outerAlone));
  });

  it("alpha-beta and interest search: interleaving two engines between iterative-deepening calls equals running them apart", () => {
    const run = (interleave: boolean): unknown[] => {
      const a = createAlphaBeta({ ttSizeLog2: 12, maxMoves: 7 });
      const b = createAlphaBeta({ ttSizeLog2: 12, maxMoves: 7 });
      const ga = createConnectFour({ moves: [3] });
      const gb = createConnectFour({ moves: [2, 4, 3] });
      const ra = createAlphaBetaResult();
      const rb = createAlphaBetaResult();
      const outA: unknown[] = [];
      const outB: unknown[] = [];
      const stepA = (d: number): void => {
        searchBestMove(ra, a, ga, d, { maxNodes: 3000 });
        outA.push(snapshot(ra));
      };
      const stepB = (d: number): void => {
        searchInterest(rb, b, gb, { limitStep: 0.005 * d, iterations: 2 });
        outB.push(snapshot(rb));
      };
      if (interleave)
        for (let d = 1; d <= 6; d++) {
          stepA(d);
          stepB(d);
        }
      else {
        for (let d = 1; d <= 6; d++) stepA(d);
        for (let d = 1; d <= 6; d++) stepB(d);
      }
      return [outA, outB];
    };
    expect(run(true)).toEqual(run(false));
  });

  it("interest search inside an alpha-beta evaluate callback (and vice versa) gives the separate results", () => {
    const alone = createAlphaBetaResult();
    searchInterest(alone, createAlphaBeta({ ttSizeLog2: 10, maxMoves: 7 }), createConnectFour({ moves: [3, 2] }), { limitStep: 0.008, iterations: 4 });
    const nestedRes = createAlphaBetaResult();
    const innerEngine = createAlphaBeta({ ttSizeLog2: 10, maxMoves: 9 });
    const innerRes = createAlphaBetaResult();
    let hits = 0;
    const g = withEvaluateHook(createConnectFour({ moves: [3, 2] }), () => {
      if (++hits % 40 === 0) searchBestMove(innerRes, innerEngine, createTicTacToe(), 3);
    });
    searchInterest(nestedRes, createAlphaBeta({ ttSizeLog2: 10, maxMoves: 7 }), g, { limitStep: 0.008, iterations: 4 });
    expect(hits).toBeGreaterThan(40);
    expect(snapshot(nestedRes)).toEqual(snapshot(alone));
  });

  it("CSP: a solver run from inside another solver's custom propagator leaves both results unchanged", () => {
    const withHook = (hook: () => void): Csp => {
      const csp = createLevelColoringCsp();
      addCustomConstraint(csp, [0, 7, 15], () => {
        hook();
        return true;
      });
      return csp;
    };
    const small = (): Csp => {
      const c = createCsp(3);
      for (let i = 0; i < 4; i++) addCspVariable(c);
      for (let i = 0; i < 3; i++) addNotEqual(c, i, i + 1);
      return c;
    };
    const expectedCount = countCspSolutions(createCspSolver(small())); // 3 · 2^3 = 24
    expect(expectedCount).toBe(24);
    const innerAlone = new Int32Array(16);
    expect(solveCsp(innerAlone, createCspSolver(createLevelColoringCsp()), { rng: createRng(99) })).toBe(CspFlags.Solved);
    for (const seed of [1, 2, 3]) {
      const aloneOut = new Int32Array(16);
      const alone = createCspSolver(withHook(() => {}));
      expect(solveCsp(aloneOut, alone, { rng: createRng(seed) })).toBe(CspFlags.Solved);

      const inner = createCspSolver(createLevelColoringCsp());
      const counter = createCspSolver(small());
      const innerOut = new Int32Array(16);
      let calls = 0;
      const nested = createCspSolver(
        withHook(() => {
          calls++;
          expect(solveCsp(innerOut, inner, { rng: createRng(99) })).toBe(CspFlags.Solved);
          expect(Array.from(innerOut)).toEqual(Array.from(innerAlone));
          expect(countCspSolutions(counter)).toBe(expectedCount);
        }),
      );
      const nestedOut = new Int32Array(16);
      expect(solveCsp(nestedOut, nested, { rng: createRng(seed) })).toBe(CspFlags.Solved);
      expect(calls).toBeGreaterThan(0);
      expect(Array.from(nestedOut)).toEqual(Array.from(aloneOut));
      expect([nested.assignments, nested.backtracks]).toEqual([alone.assignments, alone.backtracks]);
      // Counting from a visit callback while another solver counts.
      let visits = 0;
      expect(
        countCspSolutions(createCspSolver(small()), {
          limit: Infinity,
          visit: () => {
            visits++;
            expect(countCspSolutions(counter)).toBe(expectedCount);
          },
        }),
      ).toBe(expectedCount);
      expect(visits).toBe(expectedCount);
    }
  });
});

describe("depth-first searches are re-entrant across contexts", () => {
  it("an IDA* run inside another IDA*'s neighbors callback leaves both results unchanged", () => {
    // A 4 × 4 grid with unit weights (many IDA* passes) and a 6-node line.
    const from: number[] = [];
    const to: number[] = [];
    for (let y = 0; y < 4; y++)
      for (let x = 0; x < 4; x++) {
        if (x < 3) {
          from.push(y * 4 + x);
          to.push(y * 4 + x + 1);
        }
        if (y < 3) {
          from.push(y * 4 + x);
          to.push(y * 4 + x + 4);
        }
      }
    // No heuristic: IDA* then needs a pass per cost bound 0 … 6, with many expansions.
    const grid = csrDomain(createCsrGraph(16, from, to, { directed: false }));
    const line = csrDomain(createCsrGraph(6, [0, 1, 2, 3, 4], [1, 2, 3, 4, 5], { directed: false }));
    const innerCtx = createDepthFirstContext(6, 8, line.maxDegree);
    const inner = createPathResult(8);
    const alone = idaStar(createPathResult(8), line, innerCtx, 0, 5);
    const innerAlone = { flags: alone.flags, cost: alone.cost, expanded: alone.expanded };
    const outerCtx = createDepthFirstContext(16, 16, grid.maxDegree);
    const outerAlone = idaStar(createPathResult(16), grid, outerCtx, 0, 15);
    const expectedOuter = { flags: outerAlone.flags, cost: outerAlone.cost, expanded: outerAlone.expanded };
    let calls = 0;
    const hooked: SearchDomain = {
      nodeCount: grid.nodeCount,
      maxDegree: grid.maxDegree,
      neighbors(n, nodes, costs) {
        if (++calls % 5 === 0) {
          idaStar(inner, line, innerCtx, 0, 5);
          expect({ flags: inner.flags, cost: inner.cost, expanded: inner.expanded }).toEqual(innerAlone);
        }
        return grid.neighbors(n, nodes, costs);
      },
    };
    const outer = idaStar(createPathResult(16), hooked, outerCtx, 0, 15);
    expect(calls).toBeGreaterThan(10);
    expect({ flags: outer.flags, cost: outer.cost, expanded: outer.expanded }).toEqual(expectedOuter);
  });
});
