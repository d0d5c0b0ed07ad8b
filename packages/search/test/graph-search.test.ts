import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PathFlags,
  astar,
  bfs,
  bidirectionalAStar,
  computeRouteTable,
  createCsrGraph,
  createDepthFirstContext,
  createLazyRouteTable,
  createPathResult,
  createSearchContext,
  createNLevelGraph,
  createNLevelQuery,
  createTimeSlicedAStar,
  csrDomain,
  depthLimitedDfs,
  dijkstra,
  extractPath,
  findGraphPath,
  findPathNLevel,
  idaStar,
  lazyRouteNextHop,
  lazyRouteDistance,
  routeNextHop,
  routeDistance,
  pathToArray,
  reverseCsrGraph,
  searchDistance,
  finishTimeSlicedAStar,
  startTimeSlicedAStar,
  stepTimeSlicedAStar,
  type CsrGraph,
  type PathResult,
  type SearchDomain,
} from "../src";

/** O(n²) reference Dijkstra over an adjacency matrix built from the CSR arrays. */
function referenceDistances(g: CsrGraph, source: number): number[] {
  const n = g.nodeCount;
  const dist = new Array<number>(n).fill(Infinity);
  const done = new Array<boolean>(n).fill(false);
  dist[source] = 0;
  for (let it = 0; it < n; it++) {
    let u = -1;
    for (let v = 0; v < n; v++) if (!done[v] && (u === -1 || dist[v]! < dist[u]!)) u = v;
    if (u === -1 || dist[u] === Infinity) break;
    done[u] = true;
    for (let e = g.offsets[u]!; e < g.offsets[u + 1]!; e++) {
      const v = g.targets[e]!;
      const d = dist[u]! + g.weights[e]!;
      if (d < dist[v]!) dist[v] = d;
    }
  }
  return dist;
}

/** Checks that `result` is a valid path start → goal whose edges exist and sum to `result.cost`. */
function expectValidPath(g: CsrGraph, result: PathResult, start: number, goal: number): void {
  const p = pathToArray(result);
  expect(p[0]).toBe(start);
  expect(p[p.length - 1]).toBe(goal);
  let cost = 0;
  for (let i = 0; i + 1 < p.length; i++) {
    let best = Infinity;
    for (let e = g.offsets[p[i]!]!; e < g.offsets[p[i]! + 1]!; e++) if (g.targets[e] === p[i + 1]) best = Math.min(best, g.weights[e]!);
    expect(best).toBeLessThan(Infinity);
    cost += best;
  }
  expect(cost).toBeCloseTo(result.cost, 6);
}

interface GeoGraph {
  graph: CsrGraph;
  xs: number[];
  ys: number[];
}

const geoGraph = (directed: boolean) =>
  fc
    .record({
      n: fc.integer({ min: 2, max: 40 }),
      pts: fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })), { minLength: 40, maxLength: 40 }),
      edges: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.double({ min: 1, max: 3, noNaN: true })), { minLength: 10, maxLength: 120, size: "max" }),
    })
    .map(({ n, pts, edges }): GeoGraph => {
      const xs = pts.slice(0, n).map((p) => p[0]);
      const ys = pts.slice(0, n).map((p) => p[1]);
      const from: number[] = [];
      const to: number[] = [];
      const w: number[] = [];
      for (const [a, b, f] of edges) {
        const i = a % n;
        const j = b % n;
        from.push(i);
        to.push(j);
        // Weight >= Euclidean distance, so the Euclidean heuristic is consistent.
        w.push(Math.hypot(xs[i]! - xs[j]!, ys[i]! - ys[j]!) * f + (f - 1));
      }
      return { graph: createCsrGraph(n, from, to, { weights: w, directed }), xs, ys };
    });

function geoDomain({ graph, xs, ys }: GeoGraph, withReverse: boolean): SearchDomain {
  const h = (a: number, b: number) => Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!);
  return csrDomain(graph, { heuristic: h, reverse: withReverse ? reverseCsrGraph(graph) : undefined });
}

describe("graph search optimality (property)", () => {
  it("A*, weighted A* bound, bidirectional, IDA*, Dijkstra and time-sliced A* agree with a reference Dijkstra", () => {
    fc.assert(
      fc.property(geoGraph(true), fc.nat(), fc.nat(), (gg, s0, t0) => {
        const g = gg.graph;
        const n = g.nodeCount;
        const start = s0 % n;
        const goal = t0 % n;
        const domain = geoDomain(gg, true);
        const ref = referenceDistances(g, start)[goal]!;
        const ctx = createSearchContext(n, domain.maxDegree);
        const ctx2 = createSearchContext(n, domain.maxDegree);
        const res = createPathResult(n + 1);
        const check = (r: PathResult, bound = 1) => {
          if (ref === Infinity) {
            expect(r.flags & PathFlags.NoPath).toBeTruthy();
          } else {
            expect(r.flags & PathFlags.Found).toBeTruthy();
            if (bound === 1) expect(r.cost).toBeCloseTo(ref, 6);
            else expect(r.cost).toBeLessThanOrEqual(ref * bound + 1e-6);
            expectValidPath(g, r, start, goal);
          }
        };
        check(astar(res, domain, ctx, start, goal));
        check(astar(res, domain, ctx, start, goal, { weight: 1.5 }), 1.5);
        check(bidirectionalAStar(res, domain, ctx, ctx2, start, goal));
        check(dijkstra(res, domain, ctx, start, { goal }));
        // IDA* is exponential on dense graphs with many distinct costs: check it where a budget lets it finish.
        const dfsCtx = createDepthFirstContext(n, n, domain.maxDegree);
        const ida = idaStar(res, domain, dfsCtx, start, goal, { maxExpansions: 100_000 });
        if ((ida.flags & PathFlags.BudgetExhausted) === 0) check(ida);
        else expect(n).toBeGreaterThan(8);
        const ts = createTimeSlicedAStar(n, domain.maxDegree);
        startTimeSlicedAStar(ts, domain, start, goal);
        let steps = 0;
        while (stepTimeSlicedAStar(ts, 3) === PathFlags.InProgress) steps++;
        expect(steps).toBeLessThanOrEqual(n);
        check(finishTimeSlicedAStar(res, ts));
      }),
      { numRuns: 50 },
    );
  });

  it("undirected graphs: bidirectional search without predecessors is optimal; reusing contexts across queries is safe", () => {
    fc.assert(
      fc.property(geoGraph(false), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }), (gg, pairs) => {
        const g = gg.graph;
        const n = g.nodeCount;
        const domain = geoDomain(gg, false);
        const ctx = createSearchContext(n, domain.maxDegree);
        const ctx2 = createSearchContext(n, domain.maxDegree);
        const res = createPathResult(n + 1);
        for (const [a, b] of pairs) {
          const start = a % n;
          const goal = b % n;
          const ref = referenceDistances(g, start)[goal]!;
          const r = bidirectionalAStar(res, domain, ctx, ctx2, start, goal);
          if (ref === Infinity) expect(r.flags).toBe(PathFlags.NoPath);
          else {
            expect(r.cost).toBeCloseTo(ref, 6);
            expectValidPath(g, r, start, goal);
          }
          const r2 = astar(res, domain, ctx, start, goal);
          expect(r2.cost).toBeCloseTo(ref, 6);
        }
      }),
      { numRuns: 50 },
    );
  });

  it("multi-source Dijkstra gives the distance to the nearest source; next-hop tables walk shortest routes", () => {
    fc.assert(
      fc.property(geoGraph(true), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), (gg, srcs) => {
        const g = gg.graph;
        const n = g.nodeCount;
        const domain = geoDomain(gg, false);
        const sources = srcs.map((s) => s % n);
        const refs = sources.map((s) => referenceDistances(g, s));
        const ctx = createSearchContext(n, domain.maxDegree);
        const res = createPathResult(n + 1);
        dijkstra(res, domain, ctx, sources);
        for (let v = 0; v < n; v++) {
          const want = Math.min(...refs.map((r) => r[v]!));
          expect(searchDistance(ctx, v)).toBeCloseTo(want, 6);
        }
        const full = computeRouteTable(domain);
        const lazy = createLazyRouteTable(domain);
        for (const s of sources) {
          const ref = referenceDistances(g, s);
          for (let t = 0; t < n; t++) {
            expect(routeDistance(full, s, t)).toBeCloseTo(ref[t]!, 6);
            expect(lazyRouteDistance(lazy, s, t)).toBeCloseTo(ref[t]!, 6);
            for (const hop of [(a: number) => routeNextHop(full, a, t), (a: number) => lazyRouteNextHop(lazy, a, t)]) {
              // Walking the hops reaches t with the reference cost.
              if (ref[t] === Infinity) {
                expect(hop(s)).toBe(-1);
                continue;
              }
              let at = s;
              let cost = 0;
              for (let steps = 0; at !== t; steps++) {
                expect(steps).toBeLessThan(n);
                const nx = hop(at);
                let w = Infinity;
                for (let e = g.offsets[at]!; e < g.offsets[at + 1]!; e++) if (g.targets[e] === nx) w = Math.min(w, g.weights[e]!);
                cost += w;
                at = nx;
              }
              expect(cost).toBeCloseTo(ref[t]!, 6);
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe("unit behaviour", () => {
  // 0 - 1 - 2 - 3, plus a long direct edge 0 - 3 of cost 10.
  const line = createCsrGraph(5, [0, 1, 2, 0], [1, 2, 3, 3], { weights: [1, 1, 1, 10], directed: false });
  const domain = csrDomain(line);

  it("BFS finds the fewest-steps path and reports its cost; A* the cheapest", () => {
    const ctx = createSearchContext(5, domain.maxDegree);
    const res = createPathResult(8);
    bfs(res, domain, ctx, 0, 3);
    expect(pathToArray(res)).toEqual([0, 3]);
    expect(res.cost).toBe(10);
    astar(res, domain, ctx, 0, 3);
    expect(pathToArray(res)).toEqual([0, 1, 2, 3]);
    expect(res.cost).toBe(3);
    expect(astar(res, domain, ctx, 0, 4).flags).toBe(PathFlags.NoPath);
    expect(res.length).toBe(0);
  });

  it("depth-limited DFS respects the depth limit and reports the cut", () => {
    const res = createPathResult(8);
    const dctx = createDepthFirstContext(5, 1, domain.maxDegree);
    // Depth 1 reaches 3 only by the direct edge.
    expect(depthLimitedDfs(res, domain, dctx, 0, 3).flags).toBe(PathFlags.Found);
    expect(pathToArray(res)).toEqual([0, 3]);
    expect(depthLimitedDfs(res, domain, dctx, 0, 2).flags).toBe(PathFlags.NoPath | PathFlags.BudgetExhausted);
    const deep = createDepthFirstContext(5, 3, domain.maxDegree);
    expect(depthLimitedDfs(res, domain, deep, 0, 2).flags).toBe(PathFlags.Found);
    // Node 4 is isolated, but the depth limit cut branches, so the search cannot claim "no path at any depth".
    expect(depthLimitedDfs(res, domain, deep, 0, 4).flags).toBe(PathFlags.NoPath | PathFlags.BudgetExhausted);
    expect(depthLimitedDfs(res, domain, createDepthFirstContext(5, 8, domain.maxDegree), 0, 4).flags).toBe(PathFlags.NoPath);
  });

  it("IDA* raises its threshold to the next minimum f and finds the cheapest path", () => {
    const res = createPathResult(8);
    const dctx = createDepthFirstContext(5, 4, domain.maxDegree);
    idaStar(res, domain, dctx, 0, 3);
    expect(res.flags).toBe(PathFlags.Found);
    expect(res.cost).toBe(3);
    expect(pathToArray(res)).toEqual([0, 1, 2, 3]);
    expect(idaStar(res, domain, dctx, 0, 4).flags).toBe(PathFlags.NoPath);
  });

  it("budgets: A* returns a partial path to the node closest to the goal", () => {
    const W = 20;
    const grid: SearchDomain = {
      nodeCount: W * W,
      maxDegree: 4,
      neighbors(n, out, costs) {
        const x = n % W;
        const y = (n / W) | 0;
        let k = 0;
        const add = (m: number) => {
          out[k] = m;
          costs[k++] = 1;
        };
        if (x > 0) add(n - 1);
        if (x < W - 1) add(n + 1);
        if (y > 0) add(n - W);
        if (y < W - 1) add(n + W);
        return k;
      },
      heuristic: (a, b) => Math.abs((a % W) - (b % W)) + Math.abs(((a / W) | 0) - ((b / W) | 0)),
    };
    const ctx = createSearchContext(W * W, 4);
    const res = createPathResult(64);
    astar(res, grid, ctx, 0, W * W - 1, { maxExpansions: 10 });
    expect(res.flags).toBe(PathFlags.Partial | PathFlags.BudgetExhausted);
    expect(res.path[0]).toBe(0);
    expect(res.length).toBeGreaterThan(1);
    const ts = createTimeSlicedAStar(W * W, 4);
    startTimeSlicedAStar(ts, grid, 0, W * W - 1);
    expect(stepTimeSlicedAStar(ts, 5)).toBe(PathFlags.InProgress);
    const partial = finishTimeSlicedAStar(res, ts);
    expect(partial.flags & PathFlags.Partial).toBeTruthy();
    expect(partial.flags & PathFlags.InProgress).toBeTruthy();
    expect(res.path[0]).toBe(0);
    while (stepTimeSlicedAStar(ts, 5) === PathFlags.InProgress);
    expect(finishTimeSlicedAStar(res, ts).flags).toBe(PathFlags.Found);
    expect(res.cost).toBe(2 * (W - 1));
    // A small path buffer truncates but keeps the cost.
    const small = createPathResult(4);
    astar(small, grid, ctx, 0, W * W - 1);
    expect(small.flags).toBe(PathFlags.Found | PathFlags.PathTruncated);
    expect(small.length).toBe(2 * (W - 1) + 1);
    extractPath(small, ctx, 1);
    expect(pathToArray(small)).toEqual([0, 1]);
  });

  it("validates set-up misuse with TacticaError", () => {
    expect(() => createCsrGraph(2, [0], [5])).toThrow(/@tactica\/search: createCsrGraph: "to\[0\]"/);
    expect(() => createCsrGraph(2, [0], [1], { weights: [-1] })).toThrow(/weights\[0\]/);
    const ctx = createSearchContext(2, 1);
    expect(() => astar(createPathResult(4), domain, ctx, 0, 3)).toThrow(/createSearchContext/);
    expect(() => stepTimeSlicedAStar(createTimeSlicedAStar(4, 2), 1)).toThrow(/startTimeSlicedAStar/);
  });
});

describe("a too-short path buffer is a flag (PathTruncated), never a throw", () => {
  // The line 0 – 1 – 2 – 3 – 4 – 5 (unit weights): the path 0 → 5 has 6 nodes and cost 5.
  const line = createCsrGraph(6, [0, 1, 2, 3, 4], [1, 2, 3, 4, 5], { directed: false });
  const domain = csrDomain(line, { heuristic: (a, b) => Math.abs(a - b) });
  const ctx = createSearchContext(6, domain.maxDegree);
  const ctx2 = createSearchContext(6, domain.maxDegree);
  const expectTruncated = (r: PathResult, flags: number = PathFlags.Found): void => {
    expect(r.flags).toBe(flags | PathFlags.PathTruncated);
    expect(r.length).toBe(6);
    expect(r.cost).toBe(5);
    expect(Array.from(r.path)).toEqual([0, 1, 2]);
  };
  it("astar, bfs, dijkstra, bidirectionalAStar, depthLimitedDfs, idaStar", () => {
    expectTruncated(astar(createPathResult(3), domain, ctx, 0, 5));
    expectTruncated(bfs(createPathResult(3), domain, ctx, 0, 5));
    expectTruncated(dijkstra(createPathResult(3), domain, ctx, 0, { goal: 5 }));
    expectTruncated(bidirectionalAStar(createPathResult(3), domain, ctx, ctx2, 0, 5));
    const dctx = createDepthFirstContext(6, 8, domain.maxDegree);
    expectTruncated(depthLimitedDfs(createPathResult(3), domain, dctx, 0, 5));
    expectTruncated(idaStar(createPathResult(3), domain, dctx, 0, 5));
  });
  it("extractPath and finishTimeSlicedAStar", () => {
    dijkstra(createPathResult(1), domain, ctx, 0);
    expectTruncated(extractPath(createPathResult(3), ctx, 5));
    const ts = createTimeSlicedAStar(6, domain.maxDegree);
    startTimeSlicedAStar(ts, domain, 0, 5);
    while (stepTimeSlicedAStar(ts, 2) === PathFlags.InProgress);
    expectTruncated(finishTimeSlicedAStar(createPathResult(3), ts));
  });
  it("findPathNLevel (unpacked extra edges count past the buffer too)", () => {
    const nl = createNLevelGraph(line, { allowExtraEdge: () => true });
    expect(nl.extraEdgeCount).toBeGreaterThan(0);
    expectTruncated(findPathNLevel(createPathResult(3), nl, createNLevelQuery(nl), 0, 5));
  });
  it("the level-2 findGraphPath never truncates", () => {
    const r = findGraphPath(line, 0, 5);
    expect(r.flags).toBe(PathFlags.Found);
    expect(r.path).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("property-test inputs are as large as they claim", () => {
  it("geoGraph generates graphs well past fast-check's default 10-element arrays", () => {
    const sizes = fc.sample(geoGraph(true), { numRuns: 40, seed: 1 }).map((g) => g.graph.edgeCount);
    expect(Math.max(...sizes)).toBeGreaterThan(60);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(10);
  });
});
