// Graph builders for the search suite: the same graphs as CSR arrays (Tactica) and as ngraph.graph.
import { createRng, rngFloat, rngInt } from "@tactica/core";
import { createCsrGraph, type CsrGraph } from "@tactica/search";
import createGraph, { type Graph } from "ngraph.graph";

export interface BenchGraph {
  name: string;
  csr: CsrGraph;
  xs: Float64Array;
  ys: Float64Array;
  from: Int32Array;
  to: Int32Array;
  weights: Float64Array;
  /** true when the heuristic is Manhattan (grid), else Euclidean. */
  manhattan: boolean;
}

/** A `side × side` 4-connected grid graph with unit weights. */
export function gridGraph(side: number): BenchGraph {
  const n = side * side;
  const from: number[] = [];
  const to: number[] = [];
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const v = y * side + x;
      if (x + 1 < side) {
        from.push(v);
        to.push(v + 1);
      }
      if (y + 1 < side) {
        from.push(v);
        to.push(v + side);
      }
    }
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    xs[v] = v % side;
    ys[v] = Math.floor(v / side);
  }
  const weights = new Float64Array(from.length).fill(1);
  const f = Int32Array.from(from);
  const t = Int32Array.from(to);
  return { name: `grid-${side}x${side}`, csr: createCsrGraph(n, f, t, { weights, directed: false }), xs, ys, from: f, to: t, weights, manhattan: true };
}

/** A random geometric graph: `n` points in the unit square joined when closer than `radius` (Euclidean weights). */
export function geometricGraph(n: number, seed: number): BenchGraph {
  const rng = createRng(seed);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = rngFloat(rng, 0, 1);
    ys[i] = rngFloat(rng, 0, 1);
  }
  // Average degree ≈ n·π·r² ≈ 7.
  const radius = Math.sqrt(7 / (Math.PI * n));
  const cells = Math.max(1, Math.floor(1 / radius));
  const buckets: number[][] = Array.from({ length: cells * cells }, () => []);
  const cell = (v: number) => Math.min(cells - 1, Math.floor(v * cells));
  for (let i = 0; i < n; i++) buckets[cell(ys[i]!) * cells + cell(xs[i]!)]!.push(i);
  const from: number[] = [];
  const to: number[] = [];
  const w: number[] = [];
  for (let i = 0; i < n; i++) {
    const cx = cell(xs[i]!);
    const cy = cell(ys[i]!);
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const bx = cx + dx;
        const by = cy + dy;
        if (bx < 0 || by < 0 || bx >= cells || by >= cells) continue;
        for (const j of buckets[by * cells + bx]!) {
          if (j <= i) continue;
          const d = Math.hypot(xs[i]! - xs[j]!, ys[i]! - ys[j]!);
          if (d < radius) {
            from.push(i);
            to.push(j);
            w.push(d);
          }
        }
      }
  }
  const f = Int32Array.from(from);
  const t = Int32Array.from(to);
  const weights = Float64Array.from(w);
  return {
    name: `geometric-${Math.round(n / 1000)}k`,
    csr: createCsrGraph(n, f, t, { weights, directed: false }),
    xs,
    ys,
    from: f,
    to: t,
    weights,
    manhattan: false,
  };
}

export interface NodeData {
  x: number;
  y: number;
}

/** The same graph in ngraph.graph (node ids are the integer ids; link data is the weight). */
export function toNgraph(g: BenchGraph): Graph<NodeData, number> {
  const graph = createGraph<NodeData, number>();
  for (let i = 0; i < g.csr.nodeCount; i++) graph.addNode(i, { x: g.xs[i]!, y: g.ys[i]! });
  for (let e = 0; e < g.from.length; e++) graph.addLink(g.from[e]!, g.to[e]!, g.weights[e]);
  return graph;
}

/** Seeded query pairs whose endpoints are connected (checked by the caller's search). */
export function queryPairs(n: number, count: number, seed: number): Array<[number, number]> {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => [rngInt(rng, 0, n - 1), rngInt(rng, 0, n - 1)]);
}
