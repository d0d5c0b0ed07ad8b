import { createRng } from "@tactica/core";
import {
  createAlphaBeta,
  createAlphaBetaResult,
  createCspSolver,
  createLevelColoringCsp,
  createMcts,
  createMctsResult,
  createPathResult,
  createPerftBuffers,
  createSearchContext,
  csrDomain,
  astar,
  bidirectionalAStar,
  perft,
  runMcts,
  searchBestMove,
  searchInterest,
  solveCsp,
  PathFlags,
  type SearchDomain,
} from "@tactica/search";
import { CHESS_START_FEN, createChess, createConnectFour } from "@tactica/search/games";
import ngraphPath from "ngraph.path";
import { allocationPerCall, consume, measure, type Timing } from "../measure";
import { markdownTable } from "../report";
import type { Suite, SuiteContext } from "../suite";
import { geometricGraph, gridGraph, queryPairs, toNgraph, type BenchGraph } from "./search-graphs";

// Graph search against ngraph.path (A* and NBA*) on the same graphs; chess perft; alpha-beta,
// MCTS and CSP throughput. Every figure comes from this process run.

const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

function record(ctx: SuiteContext, name: string, library: string, metric: string, value: number, unit: string): void {
  ctx.record({ case: name, library, metric, value, unit });
}

function timing(ctx: SuiteContext, name: string, library: string, t: Timing, perOp: string): void {
  record(ctx, name, library, "median_ms", t.medianUs / 1000, "ms");
  record(ctx, name, library, "ops_per_s", t.opsPerSec, `${perOp}/s`);
}

function graphBench(ctx: SuiteContext, g: BenchGraph, queries: number): void {
  ctx.log(`${g.name}: ${g.csr.nodeCount} nodes, ${g.csr.edgeCount / 2} edges`);
  const { xs, ys } = g;
  const h = g.manhattan
    ? (a: number, b: number) => Math.abs(xs[a]! - xs[b]!) + Math.abs(ys[a]! - ys[b]!)
    : (a: number, b: number) => Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!);
  const domain: SearchDomain = csrDomain(g.csr, { heuristic: h });
  const n = g.csr.nodeCount;
  const ctxA = createSearchContext(n, domain.maxDegree);
  const ctxB = createSearchContext(n, domain.maxDegree);
  const res = createPathResult(n);
  // Keep only connected pairs (the geometric graph may have small islands).
  const pairs = queryPairs(n, queries * 3, 77)
    .filter(([s, t]) => (astar(res, domain, ctxA, s, t).flags & PathFlags.Found) !== 0)
    .slice(0, queries);
  const costs = pairs.map(([s, t]) => astar(res, domain, ctxA, s, t).cost);
  const ng = toNgraph(g);
  const nh = g.manhattan
    ? (a: { data: { x: number; y: number } }, b: { data: { x: number; y: number } }) => Math.abs(a.data.x - b.data.x) + Math.abs(a.data.y - b.data.y)
    : (a: { data: { x: number; y: number } }, b: { data: { x: number; y: number } }) => Math.hypot(a.data.x - b.data.x, a.data.y - b.data.y);
  const distance = (_a: unknown, _b: unknown, link: { data: number }) => link.data;
  const ngA = ngraphPath.aStar(ng, { heuristic: nh, distance });
  const ngN = ngraphPath.nba(ng, { heuristic: nh, distance });
  // Check both libraries agree on the optimal costs before timing anything.
  const pathCost = (nodes: Array<{ id: string | number }>): number => {
    let c = 0;
    for (let i = 0; i + 1 < nodes.length; i++) c += ng.getLink(nodes[i]!.id, nodes[i + 1]!.id)?.data ?? ng.getLink(nodes[i + 1]!.id, nodes[i]!.id)!.data;
    return c;
  };
  pairs.forEach(([s, t], i) => {
    const a = pathCost(ngA.find(s, t));
    const b = pathCost(ngN.find(s, t));
    const c = bidirectionalAStar(res, domain, ctxA, ctxB, s, t).cost;
    if (Math.abs(a - costs[i]!) > 1e-6 * (1 + a) || Math.abs(b - costs[i]!) > 1e-6 * (1 + b) || Math.abs(c - costs[i]!) > 1e-6 * (1 + c)) {
      throw new Error(`search bench: cost mismatch on ${g.name} query ${s}->${t}: tactica ${costs[i]} / ${c}, ngraph ${a} / ${b}`);
    }
  });
  // The machine is shared: measure the four variants in alternating rounds (1 s each) and report
  // the median time per variant and the median of the per-round ratios, so a load change during
  // the run does not land on one library only.
  const rounds = ctx.quick ? 1 : 5;
  const opts = { timeMs: ctx.quick ? 50 : 1000, sampleMs: 1, minSamples: 3 };
  const label = `${g.name}-${pairs.length}q`;
  const runOurs = () => {
    let s = 0;
    for (const [a, b] of pairs) s += astar(res, domain, ctxA, a, b).expanded;
    consume(s);
  };
  const runTheirs = () => {
    let s = 0;
    for (const [a, b] of pairs) s += ngA.find(a, b).length;
    consume(s);
  };
  const runOursBi = () => {
    let s = 0;
    for (const [a, b] of pairs) s += bidirectionalAStar(res, domain, ctxA, ctxB, a, b).expanded;
    consume(s);
  };
  const runTheirsBi = () => {
    let s = 0;
    for (const [a, b] of pairs) s += ngN.find(a, b).length;
    consume(s);
  };
  const samples: Timing[][] = [[], [], [], []];
  for (let r = 0; r < rounds; r++) {
    samples[0]!.push(measure(runOurs, opts));
    samples[1]!.push(measure(runTheirs, opts));
    samples[2]!.push(measure(runOursBi, opts));
    samples[3]!.push(measure(runTheirsBi, opts));
  }
  const med = (xs: number[]) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const pick = (ts: Timing[]): Timing => {
    const m = med(ts.map((t) => t.medianUs));
    return ts.find((t) => t.medianUs === m)!;
  };
  const ratio = (theirs: Timing[], ours: Timing[]) => med(theirs.map((t, i) => t.medianUs / ours[i]!.medianUs));
  timing(ctx, `astar-${label}`, "tactica", pick(samples[0]!), "query-sets");
  timing(ctx, `astar-${label}`, "ngraph.path", pick(samples[1]!), "query-sets");
  record(ctx, `astar-${label}`, "tactica", "ratio_vs_ngraph.path", ratio(samples[1]!, samples[0]!), "x");
  timing(ctx, `bidirectional-${label}`, "tactica", pick(samples[2]!), "query-sets");
  timing(ctx, `bidirectional-${label}`, "ngraph.path", pick(samples[3]!), "query-sets");
  record(ctx, `bidirectional-${label}`, "tactica", "ratio_vs_ngraph.path", ratio(samples[3]!, samples[2]!), "x");
  // Heap growth per query after warm-up (Tactica's contexts are reused; ngraph allocates per query).
  const [qa, qb] = pairs[0]!;
  record(ctx, `astar-${label}`, "tactica", "expansions_alloc_query", astar(res, domain, ctxA, qa, qb).expanded, "count");
  record(
    ctx,
    `astar-${label}`,
    "tactica",
    "bytes_per_query",
    allocationPerCall(() => astar(res, domain, ctxA, qa, qb), ctx.quick ? 20 : 400),
    "bytes",
  );
  record(
    ctx,
    `astar-${label}`,
    "ngraph.path",
    "bytes_per_query",
    allocationPerCall(() => ngA.find(qa, qb), ctx.quick ? 5 : 10),
    "bytes",
  );
  record(
    ctx,
    `bidirectional-${label}`,
    "tactica",
    "bytes_per_query",
    allocationPerCall(() => bidirectionalAStar(res, domain, ctxA, ctxB, qa, qb), ctx.quick ? 20 : 400),
    "bytes",
  );
}

const SECTIONS: Array<[string, string, (c: string) => boolean]> = [
  [
    "Graph search vs ngraph.path",
    "Median time for the whole query set; `ratio_vs_ngraph.path` = ngraph time / Tactica time.",
    (c) => c.startsWith("astar-") || c.startsWith("bidirectional-"),
  ],
  ["Chess perft", "Legal-move tree leaf counts (verified against the published values) and speed.", (c) => c.startsWith("perft-")],
  ["Game-tree search, Monte Carlo and constraints", "", (c) => !(c.startsWith("astar-") || c.startsWith("bidirectional-") || c.startsWith("perft-"))],
];

const suite: Suite = {
  name: "search",
  markdown(rows) {
    return SECTIONS.map(([title, note, keep]) => {
      const part = rows.filter((r) => keep(r.case));
      return part.length === 0 ? "" : `### ${title}\n\n${note ? `${note}\n\n` : ""}${markdownTable(part)}\n`;
    }).join("\n");
  },
  description: "A* and bidirectional A* vs ngraph.path (grid and random geometric graphs), chess perft, alpha-beta, MCTS and CSP throughput",
  run(ctx) {
    // 1. Graph search vs ngraph.path.
    graphBench(ctx, gridGraph(ctx.quick ? 60 : 1000), ctx.quick ? 3 : 10);
    graphBench(ctx, geometricGraph(ctx.quick ? 5000 : 250_000, 2026), ctx.quick ? 3 : 10);

    // 2. Perft.
    const buffers = createPerftBuffers(8, 256);
    const perftCases: Array<[string, string, number, number]> = ctx.quick
      ? [["perft-start-d3", CHESS_START_FEN, 3, 8902]]
      : [
          ["perft-start-d5", CHESS_START_FEN, 5, 4865609],
          ["perft-kiwipete-d4", KIWIPETE, 4, 4085603],
        ];
    for (const [name, fen, depth, expected] of perftCases) {
      const game = createChess({ fen });
      const t0 = performance.now();
      const nodes = perft(game, depth, buffers);
      const ms = performance.now() - t0;
      if (nodes !== expected) throw new Error(`search bench: ${name} counted ${nodes}, expected ${expected}`);
      record(ctx, name, "tactica", "nodes", nodes, "count");
      record(ctx, name, "tactica", "time_ms", ms, "ms");
      record(ctx, name, "tactica", "nodes_per_s", (nodes / ms) * 1000, "nodes/s");
    }

    // 3. Alpha-beta nodes per second on a fixed position set.
    const positions = [
      CHESS_START_FEN,
      KIWIPETE,
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    const engine = createAlphaBeta({ ttSizeLog2: 20 });
    const abRes = createAlphaBetaResult();
    const depth = ctx.quick ? 3 : 6;
    let nodes = 0;
    const t0 = performance.now();
    for (const fen of positions) {
      searchBestMove(abRes, engine, createChess({ fen }), depth, { aspirationWindow: 50 });
      nodes += abRes.counters.nodes + abRes.counters.qnodes;
    }
    const abMs = performance.now() - t0;
    record(ctx, `alphabeta-chess-4pos-d${depth}`, "tactica", "nodes", nodes, "count");
    record(ctx, `alphabeta-chess-4pos-d${depth}`, "tactica", "nodes_per_s", (nodes / abMs) * 1000, "nodes/s");
    const c4 = createConnectFour({ moves: [3, 3, 2] });
    const c4Engine = createAlphaBeta({ ttSizeLog2: 20, maxMoves: 7 });
    const c4Depth = ctx.quick ? 6 : 12;
    const t1 = performance.now();
    searchBestMove(abRes, c4Engine, c4, c4Depth);
    const c4Ms = performance.now() - t1;
    record(ctx, `alphabeta-connect4-d${c4Depth}`, "tactica", "nodes_per_s", ((abRes.counters.nodes + abRes.counters.qnodes) / c4Ms) * 1000, "nodes/s");
    record(
      ctx,
      `alphabeta-connect4-d6`,
      "tactica",
      "bytes_per_search",
      allocationPerCall(() => searchBestMove(abRes, c4Engine, c4, 6), ctx.quick ? 20 : 200),
      "bytes",
    );

    // 3b. Interest search vs fixed-depth alpha-beta at an equal node budget per move (the shape of
    // chapter 24's Table 24.1 on Connect Four; the game gives no interest hints, so interest comes
    // from move counts, ordering, the table move and killers).
    {
      const games = ctx.quick ? 4 : 40;
      const budget = ctx.quick ? 2000 : 20_000;
      const e1 = createAlphaBeta({ ttSizeLog2: 18, maxMoves: 7 });
      const e2 = createAlphaBeta({ ttSizeLog2: 18, maxMoves: 7 });
      let wins = 0;
      let draws = 0;
      for (let n = 0; n < games; n++) {
        // Two seeded opening moves per game for variety; colours alternate.
        const g = createConnectFour({ moves: [n % 7, Math.floor(n / 7) % 7] });
        const interestSide = n & 1;
        while (!g.isTerminal()) {
          if (g.currentPlayer() === interestSide) searchInterest(abRes, e1, g, { limitStep: 0.002, iterations: 400, maxNodes: budget });
          else searchBestMove(abRes, e2, g, 42, { maxNodes: budget });
          g.makeMove(abRes.bestMove);
        }
        if (g.winner === interestSide) wins++;
        else if (g.winner === -1) draws++;
      }
      record(ctx, `interest-vs-alphabeta-connect4-${budget}nodes`, "tactica", "interest_win_rate", wins / games, "share");
      record(ctx, `interest-vs-alphabeta-connect4-${budget}nodes`, "tactica", "draw_rate", draws / games, "share");
    }

    // 4. MCTS playouts per second on Connect Four (empty board).
    const tree = createMcts({ maxNodes: 200_000, maxMoves: 7 });
    const createConnectFourOnce = createConnectFour();
    const mres = createMctsResult();
    const iters = ctx.quick ? 2000 : 50_000;
    const t2 = performance.now();
    runMcts(mres, tree, createConnectFour(), iters, createRng(1));
    const mMs = performance.now() - t2;
    record(ctx, `mcts-connect4-${iters}it`, "tactica", "playouts_per_s", (mres.playouts / mMs) * 1000, "playouts/s");
    const mctsRng = createRng(2);
    record(
      ctx,
      "mcts-connect4-1000it",
      "tactica",
      "bytes_per_search",
      allocationPerCall(() => runMcts(mres, tree, createConnectFourOnce, 1000, mctsRng), ctx.quick ? 5 : 300),
      "bytes",
    );

    // 5. CSP: chapter 26's 16-tile, 6-colour level.
    const csp = createLevelColoringCsp();
    const solver = createCspSolver(csp);
    const out = new Int32Array(16);
    let seed = 0;
    const cspT = measure(
      () => {
        consume(solveCsp(out, solver, { rng: createRng(seed++) }));
      },
      { timeMs: ctx.quick ? 30 : 1000 },
    );
    record(ctx, "csp-level-16x6", "tactica", "median_us", cspT.medianUs, "us");
    record(ctx, "csp-level-16x6", "tactica", "solves_per_s", cspT.opsPerSec, "solves/s");
  },
};

export default suite;
