// The level-2 entry points, running the exact code of their TSDoc @example blocks.
import { describe, expect, it } from "vitest";
import { createCsrGraph, findBestMove, findMctsMove, findGraphPath, PathFlags, type SearchDomain } from "../src";
import { createConnectFour, createTicTacToe } from "../src/games/index";

describe("level 2", () => {
  it("findGraphPath @example", () => {
    const graph = createCsrGraph(4, [0, 1, 2, 0], [1, 2, 3, 3], { weights: [1, 1, 1, 10], directed: false });
    const route = findGraphPath(graph, 0, 3);
    // route.found === true, route.path = [0, 1, 2, 3], route.cost === 3
    expect(route.found).toBe(true);
    expect(route.path).toEqual([0, 1, 2, 3]);
    expect(route.cost).toBe(3);
    expect(route.length).toBe(4);
    expect(route.flags).toBe(PathFlags.Found);
  });

  it("findGraphPath: every algorithm, a domain with an overriding heuristic, no path, the cache", () => {
    const graph = createCsrGraph(5, [0, 1, 2, 0], [1, 2, 3, 3], { weights: [1, 1, 1, 10], directed: false });
    for (const algorithm of ["astar", "dijkstra", "bidirectional"] as const) {
      expect(findGraphPath(graph, 0, 3, { algorithm }).cost).toBe(3);
    }
    expect(findGraphPath(graph, 0, 3, { algorithm: "bfs" }).path).toEqual([0, 3]);
    const none = findGraphPath(graph, 0, 4);
    expect(none.found).toBe(false);
    expect(none.flags).toBe(PathFlags.NoPath);
    expect(none.path).toEqual([]);
    const W = 6;
    const grid: SearchDomain = {
      nodeCount: W * W,
      maxDegree: 4,
      neighbors(n, outNodes, outCosts) {
        const x = n % W;
        const y = (n / W) | 0;
        let k = 0;
        const add = (m: number): void => {
          outNodes[k] = m;
          outCosts[k++] = 1;
        };
        if (x > 0) add(n - 1);
        if (x < W - 1) add(n + 1);
        if (y > 0) add(n - W);
        if (y < W - 1) add(n + W);
        return k;
      },
    };
    const manhattan = (a: number, b: number): number => Math.abs((a % W) - (b % W)) + Math.abs(((a / W) | 0) - ((b / W) | 0));
    const plain = findGraphPath(grid, 0, W * W - 1);
    const guided = findGraphPath(grid, 0, W * W - 1, { heuristic: manhattan });
    expect(guided.cost).toBe(2 * (W - 1));
    expect(plain.cost).toBe(guided.cost);
    expect(guided.expanded).toBeLessThan(plain.expanded);
    // Results are fresh objects: a later call does not change an earlier result.
    expect(plain.path.length).toBe(2 * W - 1);
    expect(() => findGraphPath(grid, 0, W * W)).toThrow(/@tactica\/search: astar:/);
  });

  it("findBestMove @example", () => {
    const game = createTicTacToe({ cells: [0, 0, -1, 1, 1, -1, -1, -1, -1] }); // X to move, X X _ / O O _
    const best = findBestMove(game, { depth: 4 });
    // best.move === 2: X completes the top row
    expect(best.move).toBe(2);
    expect(best.pv[0]).toBe(2);
    expect(best.score).toBeGreaterThan(900_000);
  });

  it("findMctsMove @example", () => {
    const game = createConnectFour({ moves: [0, 6, 0, 6, 0] }); // three in column 0; O to move
    const choice = findMctsMove(game, { iterations: 3000, seed: 7 });
    // choice.move === 0: O blocks the column
    expect(choice.move).toBe(0);
    expect(choice.iterations).toBe(3000);
    // Same seed, same game: same answer (the cached tree is rebuilt per call).
    expect(findMctsMove(game, { iterations: 3000, seed: 7 })).toEqual(choice);
  });
});
