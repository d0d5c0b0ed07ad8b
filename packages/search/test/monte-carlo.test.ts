import { createRng, rngInt } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  FinalMovePolicy,
  MctsFlags,
  createMcts,
  createMctsResult,
  createOnePlyMonteCarlo,
  createMonteCarloUcb1,
  getMctsRootStats,
  monteCarloOnePly,
  runMcts,
  selectMonteCarloUcb1,
  updateMonteCarloUcb1,
  monteCarloUcb1Value,
  type Game,
} from "../src";
import { createConnectFour, createTicTacToe } from "../src/games/index";

describe("UCB1", () => {
  it("reproduces chapter 25's Table 25.1 (k = 2, against an always-rock opponent)", () => {
    // Arms: 0 rock, 1 paper, 2 scissors. Utility against rock: draw 0, win +1, loss -1.
    const utility = [0, 1, -1];
    const bandit = createMonteCarloUcb1(3);
    const chosen: number[] = [];
    for (let t = 0; t < 8; t++) {
      const arm = selectMonteCarloUcb1(bandit, { exploration: 2 });
      if (t === 3) expect(monteCarloUcb1Value(bandit, 1, { exploration: 2 })).toBeCloseTo(2.48, 2); // "1 + sqrt(2 ln 3 / 1) = 2.48"
      if (t === 7) {
        expect(monteCarloUcb1Value(bandit, 0, { exploration: 2 })).toBeCloseTo(1.97, 2);
        expect(monteCarloUcb1Value(bandit, 1, { exploration: 2 })).toBeCloseTo(1.88, 2);
      }
      chosen.push(arm);
      updateMonteCarloUcb1(bandit, arm, utility[arm]!);
    }
    // Each arm once, paper while it leads, then at t = 7 rock's bonus (1.97) beats paper (1.88).
    expect(chosen).toEqual([0, 1, 2, 1, 1, 1, 1, 0]);
  });
});

function randomMove(game: Game, rng: ReturnType<typeof createRng>, buf: Int32Array): number {
  const n = game.generateMoves(buf, 0, false);
  return buf[rngInt(rng, 0, n - 1)]!;
}

describe("MCTS", () => {
  it("beats a random player at Connect Four in at least 95% of 200 seeded games", () => {
    const tree = createMcts({ maxNodes: 20000, maxMoves: 7 });
    const res = createMctsResult();
    const buf = new Int32Array(7);
    let wins = 0;
    for (let gameNo = 0; gameNo < 200; gameNo++) {
      const rng = createRng(1000 + gameNo);
      const g = createConnectFour();
      const mctsPlayer = gameNo & 1;
      while (!g.isTerminal()) {
        if (g.currentPlayer() === mctsPlayer) g.makeMove(runMcts(res, tree, g, 60, rng).bestMove);
        else g.makeMove(randomMove(g, rng, buf));
      }
      if (g.winner === mctsPlayer) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(190);
  });

  it("finds the winning move, restores the game, is deterministic, and respects the pool and threshold", () => {
    const g = createTicTacToe({ cells: [0, 0, -1, 1, 1, -1, -1, -1, -1] });
    const before = [g.hashLo(), g.hashHi()];
    const tree = createMcts({ maxNodes: 5000, maxMoves: 9 });
    const a = createMctsResult();
    runMcts(a, tree, g, 500, createRng(7));
    expect(a.bestMove).toBe(2);
    expect(a.flags).toBe(MctsFlags.Completed);
    expect([g.hashLo(), g.hashHi()]).toEqual(before);
    const b = createMctsResult();
    runMcts(b, tree, g, 500, createRng(7), { finalMove: FinalMovePolicy.HighestMean });
    expect(b.bestMove).toBe(2);
    expect(b.bestMean).toBe(1);
    // Same seed, same tree.
    const c = createMctsResult();
    runMcts(c, tree, g, 500, createRng(7));
    expect([c.bestMove, c.bestVisits, c.nodes]).toEqual([a.bestMove, a.bestVisits, a.nodes]);
    // Root visits sum to the iterations.
    const moves = new Int32Array(9);
    const visits = new Float64Array(9);
    const means = new Float64Array(9);
    const n = getMctsRootStats(moves, visits, means, tree);
    expect(n).toBe(5);
    expect(visits.slice(0, n).reduce((s, v) => s + v, 0)).toBe(500);
    // A huge expansion threshold keeps the tree at the root's children.
    runMcts(c, tree, createTicTacToe(), 200, createRng(1), { expandThreshold: 1e6 });
    expect(c.nodes).toBe(10);
    // A tiny pool fills up and says so.
    const small = createMcts({ maxNodes: 30, maxMoves: 9 });
    runMcts(c, small, createTicTacToe(), 200, createRng(1));
    expect(c.flags & MctsFlags.PoolFull).toBeTruthy();
    expect(c.nodes).toBeLessThanOrEqual(30);
  });

  it("handles n-player games: each node maximises the value of its player to move", () => {
    // Three-player "race to 10": players add 1 or 2 in turn; whoever reaches exactly 10 wins.
    const makeRace = (): Game & { total: number } => {
      let total = 0;
      let turn = 0;
      let winner = -1;
      return {
        playerCount: 3,
        maxMoves: 2,
        get total() {
          return total;
        },
        currentPlayer: () => turn % 3,
        generateMoves(out, offset) {
          if (winner !== -1) return 0;
          let k = 0;
          for (let m = 1; m <= 2; m++) if (total + m <= 10) out[offset + k++] = m;
          return k;
        },
        makeMove(m) {
          total += m;
          if (total === 10) winner = turn % 3;
          turn++;
        },
        undoMove(m) {
          turn--;
          total -= m;
          winner = -1;
        },
        isTerminal: () => winner !== -1,
        terminalValue: (p) => (p === winner ? 1 : 0),
        evaluate: () => 0,
        hashLo: () => total * 3 + (turn % 3),
        hashHi: () => 0,
      };
    };
    // At 8, the player to move wins at once by adding 2.
    const g = makeRace();
    g.makeMove(2);
    g.makeMove(2);
    g.makeMove(2);
    g.makeMove(2);
    const tree = createMcts({ maxNodes: 2000, maxMoves: 2, playerCount: 3 });
    const res = createMctsResult();
    runMcts(res, tree, g, 300, createRng(3));
    expect(res.bestMove).toBe(2);
    expect(res.bestMean).toBe(1);
  });
});

describe("1-ply Monte Carlo", () => {
  it("picks the winning move and the blocking move in tic-tac-toe", () => {
    const mc = createOnePlyMonteCarlo(9);
    const rng = createRng(11);
    const win = createTicTacToe({ cells: [0, 0, -1, 1, 1, -1, -1, -1, -1] });
    expect(monteCarloOnePly(mc, win, 400, rng)).toBe(2);
    // O threatens 3-4-5; X (to move) must block at 5.
    const block = createTicTacToe({ cells: [0, -1, -1, 1, 1, -1, -1, -1, 0] });
    expect(monteCarloOnePly(mc, block, 2000, rng)).toBe(5);
    expect(monteCarloOnePly(mc, createTicTacToe({ cells: [0, 0, 0, 1, 1, -1, -1, -1, -1] }), 10, rng)).toBe(-1);
  });
});

describe("UCT on chapter 25's two-spell example (single player)", () => {
  it("prefers gas cloud followed by fireball over the reverse order", () => {
    // Enemy has 21 HP. Fireball deals 10, or 25 when a gas cloud hangs over the enemy; the cloud
    // deals nothing itself. Two casts: only "gas cloud, then fireball" kills.
    const GAS = 0;
    const FIRE = 1;
    let hp = 21;
    let gas = false;
    let casts = 0;
    const history: Array<[number, boolean]> = [];
    const battle: Game = {
      playerCount: 1,
      maxMoves: 2,
      currentPlayer: () => 0,
      generateMoves(out, offset) {
        if (casts >= 2 || hp <= 0) return 0;
        out[offset] = GAS;
        out[offset + 1] = FIRE;
        return 2;
      },
      makeMove(m) {
        history.push([hp, gas]);
        if (m === GAS) gas = true;
        else hp -= gas ? 25 : 10;
        casts++;
      },
      undoMove() {
        [hp, gas] = history.pop()!;
        casts--;
      },
      isTerminal: () => casts >= 2 || hp <= 0,
      terminalValue: () => (hp <= 0 ? 1 : 0),
      evaluate: () => 0,
      hashLo: () => casts * 64 + (gas ? 32 : 0) + hp,
      hashHi: () => 0,
    };
    const tree = createMcts({ maxNodes: 100, maxMoves: 2, playerCount: 1 });
    const res = createMctsResult();
    runMcts(res, tree, battle, 200, createRng(4));
    expect(res.bestMove).toBe(GAS);
    expect(res.bestMean).toBeGreaterThan(0.5);
    expect([hp, gas, casts]).toEqual([21, false, 0]);
  });
});

/**
 * A 2-ply game where the opponent's best reply decides: the root player picks Left or Right, then
 * the opponent picks a or b. Left: a = root player wins, b = root player loses. Right: both draw.
 * With correct UCT the opponent refutes Left (b), so Right (a sure draw) is best. A search that
 * maximised the root player's value at every node would believe the opponent plays Left-a and
 * pick Left.
 */
function opponentReplyGame(): Game {
  const hist: number[] = [];
  return {
    playerCount: 2,
    maxMoves: 2,
    currentPlayer: () => hist.length % 2,
    generateMoves(out, offset, noisyOnly) {
      if (noisyOnly || hist.length >= 2) return 0;
      out[offset] = 0;
      out[offset + 1] = 1;
      return 2;
    },
    makeMove: (m) => void hist.push(m),
    undoMove: () => void hist.pop(),
    isTerminal: () => hist.length >= 2,
    terminalValue(player) {
      const rootValue = hist[0] === 1 ? 0.5 : hist[1] === 0 ? 1 : 0;
      return player === 0 ? rootValue : 1 - rootValue;
    },
    evaluate: () => 0,
    hashLo: () => hist.reduce((h, m) => h * 3 + m + 1, 0),
    hashHi: () => hist.length,
  };
}

describe("MCTS: the opponent's best reply matters", () => {
  it("picks the move whose worst case is best (Right), for both final-move policies and several seeds", () => {
    const tree = createMcts({ maxNodes: 64, maxMoves: 2 });
    const res = createMctsResult();
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const finalMove of [FinalMovePolicy.MostVisited, FinalMovePolicy.HighestMean]) {
        runMcts(res, tree, opponentReplyGame(), 400, createRng(seed), { finalMove });
        expect(res.bestMove).toBe(1);
        expect(res.bestMean).toBeCloseTo(0.5, 5);
      }
    }
    // The root's view of Left: the opponent refutes it, so its mean falls well below the draw.
    const moves = new Int32Array(2);
    const visits = new Float64Array(2);
    const means = new Float64Array(2);
    expect(getMctsRootStats(moves, visits, means, tree)).toBe(2);
    expect(means[0]).toBeLessThan(0.3);
    expect(visits[1]).toBeGreaterThan(visits[0]!);
  });
});
