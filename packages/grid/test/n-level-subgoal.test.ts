import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NLevelGraph } from "@tactica/search";
import {
  createGrid,
  createGridPath,
  createNLevelSubgoalGraph,
  createSubgoalGraph,
  createTwoLevelSubgoalGraph,
  CornerCutting,
  findPathNLevelSubgoal,
  findPathSubgoal,
  findPathTwoLevelSubgoal,
  matchesScenarioLength,
  nLevelSubgoalGraphMemoryBytes,
  PathFlags,
  setCellPassable,
} from "../src";
import { loadMovingAi, sample } from "./movingai-data";
import { checkRandomSubgoalMap, countBadScenarios } from "./subgoal-check";

/** Dijkstra on the N-level edge set restricted to `keep` (plus the target). */
function restrictedDistance(nl: NLevelGraph, keep: (v: number) => boolean, a: number, b: number): number {
  const n = nl.nodeCount;
  const d = new Float64Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  d[a] = 0;
  for (;;) {
    let u = -1;
    for (let v = 0; v < n; v++) if (done[v] === 0 && d[v]! < Infinity && (u < 0 || d[v]! < d[u]!)) u = v;
    if (u < 0 || u === b) break;
    done[u] = 1;
    for (let e = nl.offsets[u]!; e < nl.offsets[u + 1]!; e++) {
      const v = nl.targets[e]!;
      if (v !== b && !keep(v)) continue;
      if (d[u]! + nl.weights[e]! < d[v]!) d[v] = d[u]! + nl.weights[e]!;
    }
  }
  return d[b]!;
}

describe("N-level subgoal graphs", () => {
  it("equal Dijkstra on random maps for 2, 3 and unlimited levels (paths legal, refined cost = abstract cost)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 18 }),
        fc.integer({ min: 2, max: 18 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 324, maxLength: 324 }),
        fc.double({ min: 0, max: 0.45, noNaN: true }),
        fc.constantFrom(2, 3, 255),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 6, maxLength: 6 }),
        (w, h, bits, density, maxLevels, queries) => {
          checkRandomSubgoalMap([w, h, bits, density, queries], (grid) => {
            const graph = createNLevelSubgoalGraph(grid, { maxLevels });
            expect(graph.nl.levelCount).toBeLessThanOrEqual(maxLevels);
            return (sx, sy, gx, gy, out) => findPathNLevelSubgoal(out, graph, sx, sy, gx, gy);
          });
        },
      ),
      { numRuns: 250 },
    );
  });

  it("builds several levels on a game map; every level keeps the distances of the one below on sampled pairs", () => {
    const { map } = loadMovingAi("dao", "lak110d.map");
    const graph = createNLevelSubgoalGraph(map.grid);
    const nl = graph.nl;
    const ssg = graph.ssg;
    expect(nl.levelCount).toBeGreaterThan(2);
    expect(nl.coreCount).toBeLessThan(ssg.count / 2);
    expect(nl.extraEdgeCount).toBeGreaterThan(0);
    const ssgGraph = { ...nl, offsets: ssg.edgeStart, targets: ssg.edgeTo, weights: ssg.edgeCost };
    for (let v = 0; v < nl.nodeCount; v++) {
      expect(nl.level[v]).toBeGreaterThanOrEqual(1);
      expect(nl.level[v]).toBeLessThanOrEqual(nl.levelCount);
    }
    // Extra edges are h-reachable: their length is the octile distance.
    for (let u = 0; u < nl.nodeCount; u++) {
      for (let e = nl.offsets[u]!; e < nl.offsets[u + 1]!; e++) {
        if (nl.mid[e]! < 0) continue;
        const a = ssg.nodeCell[u]!;
        const b = ssg.nodeCell[nl.targets[e]!]!;
        const dx = Math.abs((a % ssg.pw) - (b % ssg.pw));
        const dy = Math.abs(Math.floor(a / ssg.pw) - Math.floor(b / ssg.pw));
        expect(nl.weights[e]!).toBeCloseTo(Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy), 9);
      }
    }
    let checked = 0;
    for (let L = 1; L < nl.levelCount; L++) {
      const members: number[] = [];
      for (let v = 0; v < nl.nodeCount; v++) if (nl.level[v]! >= L) members.push(v);
      for (let k = 0; k < 6 && members.length >= 2; k++) {
        const x = members[(k * 7919) % members.length]!;
        const y = members[(k * 104729 + 13) % members.length]!;
        if (x === y) continue;
        const full = restrictedDistance(ssgGraph, () => true, x, y);
        expect(restrictedDistance(nl, (v) => nl.level[v]! > L || v === x, x, y)).toBeCloseTo(full, 9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(6);
  });

  it("expands fewer nodes than the two-level and simple graphs on a game map, optimal there", () => {
    const { map, scenarios } = loadMovingAi("dao", "arena2.map");
    const grid = map.grid;
    const graph = createNLevelSubgoalGraph(grid);
    const tsg = createTwoLevelSubgoalGraph(grid);
    const ssg = createSubgoalGraph(grid);
    expect(nLevelSubgoalGraphMemoryBytes(graph)).toBeGreaterThan(0);
    const out = createGridPath(grid);
    let en = 0;
    let et = 0;
    let es = 0;
    for (const c of sample(scenarios, 60)) {
      findPathNLevelSubgoal(out, graph, c.startX, c.startY, c.goalX, c.goalY);
      expect(matchesScenarioLength(c, out.cost)).toBe(true);
      en += graph.expanded;
      findPathTwoLevelSubgoal(out, tsg, c.startX, c.startY, c.goalX, c.goalY);
      et += tsg.expanded;
      findPathSubgoal(out, ssg, c.startX, c.startY, c.goalX, c.goalY);
      es += ssg.expanded;
    }
    expect(en).toBeLessThan(es);
    expect(en).toBeLessThanOrEqual(et);
  });

  for (const name of ["lak110d.map", "lak105d.map"]) {
    it(`matches every optimal length on dao/${name}`, () => {
      const { map, scenarios } = loadMovingAi("dao", name);
      const grid = map.grid;
      const graph = createNLevelSubgoalGraph(grid);
      const bad = countBadScenarios(grid, scenarios, (sx, sy, gx, gy, out) => findPathNLevelSubgoal(out, graph, sx, sy, gx, gy));
      expect(bad).toBe(0);
    });
  }

  it("returns the direct path without a graph search when it is free (the pre-check)", () => {
    const grid = createGrid(12, 8);
    for (let y = 2; y < 6; y++) setCellPassable(grid, 8, y, false);
    const graph = createNLevelSubgoalGraph(grid);
    const out = createGridPath(grid);
    findPathNLevelSubgoal(out, graph, 0, 0, 6, 3);
    expect(out.flags).toBe(PathFlags.Found);
    expect(out.length).toBe(2);
    expect(graph.expanded).toBe(0);
    expect(out.cost).toBeCloseTo(3 + 3 * Math.SQRT2, 9);
    // Behind the wall the direct path is blocked: a search runs.
    findPathNLevelSubgoal(out, graph, 6, 4, 10, 4);
    expect(out.flags).toBe(PathFlags.Found);
    expect(graph.expanded).toBeGreaterThan(0);
  });

  it("follows edits (rebuilt on the next query) and rejects unsupported grids", () => {
    const grid = createGrid(7, 5);
    for (let y = 0; y < 4; y++) setCellPassable(grid, 3, y, false);
    const graph = createNLevelSubgoalGraph(grid);
    const out = createGridPath(grid);
    findPathNLevelSubgoal(out, graph, 0, 0, 6, 0);
    expect(out.flags).toBe(PathFlags.Found);
    expect(out.cost).toBeCloseTo(2 * (2 + 2 * Math.SQRT2) + 2, 9);
    setCellPassable(grid, 3, 4, false);
    findPathNLevelSubgoal(out, graph, 0, 0, 6, 0);
    expect(out.flags).toBe(PathFlags.NoPath);
    expect(() => createNLevelSubgoalGraph(createGrid(3, 3, { cornerCutting: CornerCutting.Always }))).toThrow(/createSubgoalGraph/);
    expect(() => createNLevelSubgoalGraph(createGrid(3, 3), { maxLevels: 0 })).toThrow(/maxLevels/);
    expect(() => findPathNLevelSubgoal(out, graph, 0, 0, 7, 0)).toThrow(/^@tactica\/grid: findPathNLevelSubgoal:/);
  });
});
