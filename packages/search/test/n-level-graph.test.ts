import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PathFlags,
  beginNLevelQuery,
  createCsrGraph,
  createNLevelGraph,
  createNLevelQuery,
  createPathResult,
  findPathNLevel,
  identifyConnectingVertices,
  type CsrGraph,
  type NLevelEdgeProperty,
  type NLevelGraph,
} from "../src";

/** Floyd–Warshall over an undirected edge list (min weight per pair). */
function allPairs(n: number, from: number[], to: number[], w: number[]): number[][] {
  const d = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : Infinity)));
  for (let i = 0; i < from.length; i++) {
    const a = from[i]!;
    const b = to[i]!;
    if (a === b) continue;
    if (w[i]! < d[a]![b]!) d[a]![b] = d[b]![a] = w[i]!;
  }
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (d[i]![k]! + d[k]![j]! < d[i]![j]!) d[i]![j] = d[i]![k]! + d[k]![j]!;
  return d;
}

/** Shortest distances inside the sub-graph of `nl` induced by `keep` (Dijkstra by Floyd–Warshall). */
function inducedDistance(nl: NLevelGraph, keep: (v: number) => boolean, a: number, b: number): number {
  const n = nl.nodeCount;
  const d = new Array<number>(n).fill(Infinity);
  const done = new Array<boolean>(n).fill(false);
  d[a] = 0;
  for (;;) {
    let u = -1;
    for (let v = 0; v < n; v++) if (!done[v] && d[v]! < Infinity && (u < 0 || d[v]! < d[u]!)) u = v;
    if (u < 0) break;
    done[u] = true;
    for (let e = nl.offsets[u]!; e < nl.offsets[u + 1]!; e++) {
      const v = nl.targets[e]!;
      if (!keep(v) && v !== b) continue;
      if (d[u]! + nl.weights[e]! < d[v]!) d[v] = d[u]! + nl.weights[e]!;
    }
  }
  return d[b]!;
}

const graphArb = fc.integer({ min: 2, max: 22 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 1, max: 9 })), {
      minLength: n,
      maxLength: 3 * n,
      size: "max",
    }),
    rule: fc.constantFrom("none", "all", "parity", "short"),
  }),
);

function property(rule: string): NLevelEdgeProperty {
  if (rule === "all") return () => true;
  if (rule === "parity") return (p, q) => ((p + q) & 1) === 0;
  if (rule === "short") return (_p, _q, len) => len <= 6;
  return () => false;
}

function build(n: number, edges: [number, number, number][]): { g: CsrGraph; from: number[]; to: number[]; w: number[] } {
  const from = edges.map((e) => e[0]);
  const to = edges.map((e) => e[1]);
  const w = edges.map((e) => e[2]);
  return { g: createCsrGraph(n, from, to, { weights: w }), from, to, w };
}

describe("createNLevelGraph / findPathNLevel", () => {
  it("keeps every pairwise distance (random graphs, several properties P) and returns legal unpacked paths", () => {
    fc.assert(
      fc.property(graphArb, ({ n, edges, rule }) => {
        const { g, from, to, w } = build(n, edges);
        const ref = allPairs(n, from, to, w);
        const nl = createNLevelGraph(g, { allowExtraEdge: property(rule) });
        const q = createNLevelQuery(nl);
        const res = createPathResult(n + 1);
        for (let a = 0; a < n; a++) {
          for (let b = 0; b < n; b++) {
            findPathNLevel(res, nl, q, a, b);
            const d = ref[a]![b]!;
            if (d === Infinity) {
              expect(res.flags).toBe(PathFlags.NoPath);
              continue;
            }
            expect(res.flags).toBe(PathFlags.Found);
            expect(res.cost).toBeCloseTo(d, 9);
            // The unpacked path walks original edges and its length is the cost.
            expect(res.path[0]).toBe(a);
            expect(res.path[res.length - 1]).toBe(b);
            let sum = 0;
            for (let i = 1; i < res.length; i++) sum += directEdge(from, to, w, res.path[i - 1]!, res.path[i]!);
            expect(sum).toBeCloseTo(d, 9);
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it("levels are well formed and every level keeps the distances of the one below (the N-level property)", () => {
    fc.assert(
      fc.property(graphArb, ({ n, edges, rule }) => {
        const { g, from, to, w } = build(n, edges);
        const ref = allPairs(n, from, to, w);
        const allow = property(rule);
        const nl = createNLevelGraph(g, { allowExtraEdge: allow });
        let max = 0;
        let core = 0;
        for (let v = 0; v < n; v++) {
          expect(nl.level[v]).toBeGreaterThanOrEqual(1);
          max = Math.max(max, nl.level[v]!);
        }
        expect(max).toBeLessThanOrEqual(nl.levelCount);
        expect(max).toBeGreaterThanOrEqual(nl.levelCount - 1);
        for (let v = 0; v < n; v++) if (nl.level[v] === nl.levelCount) core++;
        expect(core).toBe(nl.coreCount);
        // Extra edges satisfy P and are no shorter than the true distance; upward edges come first.
        for (let u = 0; u < n; u++) {
          for (let e = nl.offsets[u]!; e < nl.offsets[u + 1]!; e++) {
            const v = nl.targets[e]!;
            expect(nl.level[v]! > nl.level[u]!).toBe(e < nl.upEnd[u]!);
            expect(nl.weights[e]!).toBeGreaterThanOrEqual(ref[u]![v]! - 1e-9);
            if (nl.mid[e]! >= 0) expect(allow(u, v, nl.weights[e]!) || allow(v, u, nl.weights[e]!)).toBe(true);
          }
        }
        // For x, y at level >= L, the graph of levels > L plus x and y keeps their distance.
        for (let L = 1; L < nl.levelCount; L++) {
          for (let x = 0; x < n; x++) {
            if (nl.level[x]! < L) continue;
            for (let y = 0; y < n; y++) {
              if (nl.level[y]! < L || x === y) continue;
              const d = inducedDistance(nl, (v) => nl.level[v]! > L || v === x || v === y, x, y);
              expect(d).toBeCloseTo(ref[x]![y]!, 9);
            }
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it("a path graph collapses into levels; P = all lowers more vertices than P = none", () => {
    // 0-1-2-…-9, unit weights.
    const n = 10;
    const from = Array.from({ length: n - 1 }, (_, i) => i);
    const to = from.map((i) => i + 1);
    const g = createCsrGraph(n, from, to);
    const none = createNLevelGraph(g);
    const all = createNLevelGraph(g, { allowExtraEdge: () => true });
    // Without extra edges only the two ends can be lowered in the first pass, and so on inwards.
    expect(none.level[0]).toBe(1);
    expect(none.level[9]).toBe(1);
    expect(none.extraEdgeCount).toBe(0);
    expect(none.levelCount).toBeGreaterThan(2);
    expect(all.coreCount).toBeLessThan(none.coreCount + 1);
    expect(all.extraEdgeCount).toBeGreaterThan(0);
    const q = createNLevelQuery(all);
    const res = createPathResult(n);
    findPathNLevel(res, all, q, 0, 9);
    expect(res.cost).toBe(9);
    expect(Array.from(res.path.subarray(0, res.length))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("identifyConnectingVertices marks the start and only strictly upward vertices (Listing 15.3)", () => {
    const n = 12;
    const from = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 3, 6];
    const to = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 9, 11];
    const nl = createNLevelGraph(createCsrGraph(n, from, to), { maxLevels: 4 });
    expect(nl.levelCount).toBeLessThanOrEqual(4);
    const q = createNLevelQuery(nl);
    for (let s = 0; s < n; s++) {
      beginNLevelQuery(q);
      const k = identifyConnectingVertices(q, nl, s);
      expect(k).toBe(q.connectingCount);
      expect(q.connecting[0]).toBe(s);
      for (let i = 1; i < k; i++) expect(nl.level[q.connecting[i]!]!).toBeGreaterThan(nl.level[s]!);
      expect(identifyConnectingVertices(q, nl, s)).toBe(0);
    }
  });

  it("maxLevels 1 keeps every vertex in the core; bad input throws", () => {
    const g = createCsrGraph(3, [0, 1], [1, 2]);
    const nl = createNLevelGraph(g, { maxLevels: 1 });
    expect(nl.levelCount).toBe(1);
    expect(nl.coreCount).toBe(3);
    expect(() => createNLevelGraph(g, { maxLevels: 0 })).toThrow(/maxLevels/);
    expect(() => createNLevelGraph(createCsrGraph(2, [0], [1], { weights: [0] }))).toThrow(/must be > 0/);
    expect(() => findPathNLevel(createPathResult(4), nl, createNLevelQuery(nl), 0, 3)).toThrow(/goal/);
  });

  it("a truncated path buffer reports PathTruncated with the right length and cost", () => {
    const g = createCsrGraph(5, [0, 1, 2, 3], [1, 2, 3, 4]);
    const nl = createNLevelGraph(g, { allowExtraEdge: () => true });
    const res = createPathResult(2);
    findPathNLevel(res, nl, createNLevelQuery(nl), 0, 4);
    expect(res.flags).toBe(PathFlags.Found | PathFlags.PathTruncated);
    expect(res.length).toBe(5);
    expect(res.cost).toBe(4);
  });
});

function directEdge(from: number[], to: number[], w: number[], a: number, b: number): number {
  let best = Infinity;
  for (let i = 0; i < from.length; i++) if ((from[i] === a && to[i] === b) || (from[i] === b && to[i] === a)) best = Math.min(best, w[i]!);
  return best;
}
