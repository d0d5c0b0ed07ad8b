import { createRng, rngFloat } from "@tactica/core";
import {
  PathFlags,
  astar,
  bfs,
  bidirectionalAStar,
  createCsrGraph,
  createPathResult,
  createSearchContext,
  csrDomain,
  dijkstra,
  type CsrGraph,
  type PathResult,
  type SearchContext,
  type SearchDomain,
} from "@tactica/search";
import type { DemoPage } from "../../demo";
import { button, demoLayout, select, slider } from "../../ui";

type Algo = "A*" | "weighted A* (w=2)" | "bidirectional A* (NBA*)" | "Dijkstra" | "BFS";

const W = 800;
const H = 600;

const page: DemoPage = {
  id: "search-graph",
  title: "Graph search on a compact graph",
  package: "search",
  order: 2,
  description:
    "A random geometric graph in CSR form. Left-click sets the start, right-click the goal; compare the nodes each algorithm expands (orange forward, blue backward) and the path it returns.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let count = 3000;
    let seed = 1;
    let algo: Algo = "A*";
    let xs = new Float64Array(0);
    let ys = new Float64Array(0);
    let graph: CsrGraph | undefined;
    let domain: SearchDomain | undefined;
    let fwd: SearchContext | undefined;
    let bwd: SearchContext | undefined;
    let result: PathResult = createPathResult(1);
    let start = 0;
    let goal = 1;
    let us = 0;

    function build(): void {
      const rng = createRng(seed);
      xs = new Float64Array(count);
      ys = new Float64Array(count);
      for (let i = 0; i < count; i++) {
        xs[i] = rngFloat(rng, 10, W - 10);
        ys[i] = rngFloat(rng, 10, H - 10);
      }
      const r = Math.sqrt((7 * W * H) / (Math.PI * count));
      const from: number[] = [];
      const to: number[] = [];
      const w: number[] = [];
      for (let i = 0; i < count; i++)
        for (let j = i + 1; j < count; j++) {
          const d = Math.hypot(xs[i]! - xs[j]!, ys[i]! - ys[j]!);
          if (d < r) {
            from.push(i);
            to.push(j);
            w.push(d);
          }
        }
      graph = createCsrGraph(count, from, to, { weights: w, directed: false });
      domain = csrDomain(graph, { heuristic: (a, b) => Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!) });
      fwd = createSearchContext(count, graph.maxDegree);
      bwd = createSearchContext(count, graph.maxDegree);
      result = createPathResult(count);
      start = nearest(60, 60);
      goal = nearest(W - 60, H - 60);
      run();
    }

    function nearest(x: number, y: number): number {
      let best = 0;
      for (let i = 1; i < xs.length; i++) if (Math.hypot(xs[i]! - x, ys[i]! - y) < Math.hypot(xs[best]! - x, ys[best]! - y)) best = i;
      return best;
    }

    function run(): void {
      if (!domain || !fwd || !bwd) return;
      const t0 = performance.now();
      if (algo === "A*") astar(result, domain, fwd, start, goal);
      else if (algo === "weighted A* (w=2)") astar(result, domain, fwd, start, goal, { weight: 2 });
      else if (algo === "bidirectional A* (NBA*)") bidirectionalAStar(result, domain, fwd, bwd, start, goal);
      else if (algo === "Dijkstra") dijkstra(result, domain, fwd, start, { goal });
      else bfs(result, domain, fwd, start, goal);
      us = (performance.now() - t0) * 1000;
      render();
    }

    function render(): void {
      if (!graph || !fwd || !bwd) return;
      draw.clear();
      const { offsets, targets } = graph;
      for (let a = 0; a < count; a++)
        for (let e = offsets[a]!; e < offsets[a + 1]!; e++) {
          const b = targets[e]!;
          if (b > a) draw.line(xs[a]!, ys[a]!, xs[b]!, ys[b]!, { color: "#2a3347" });
        }
      const both = algo === "bidirectional A* (NBA*)";
      for (let n = 0; n < count; n++) {
        if (fwd.seen[n] === fwd.generation) draw.point(xs[n]!, ys[n]!, 3, { color: "#e0af68", alpha: 0.8 });
        if (both && bwd.seen[n] === bwd.generation) draw.point(xs[n]!, ys[n]!, 3, { color: "#7aa2f7", alpha: 0.8 });
      }
      const len = Math.min(result.length, result.path.length);
      const pts = Array.from(result.path.subarray(0, len), (n) => ({ x: xs[n]!, y: ys[n]! }));
      if (pts.length > 1) draw.polyline(pts, false, { color: "#9ece6a", width: 3 });
      draw.point(xs[start]!, ys[start]!, 10, { color: "#9ece6a" });
      draw.point(xs[goal]!, ys[goal]!, 10, { color: "#f7768e" });
      const found = (result.flags & PathFlags.Found) !== 0;
      stats.textContent =
        `${algo}: ${found ? `cost ${result.cost.toFixed(1)}, ${result.length} nodes` : "no path"}\n` +
        `expanded ${result.expanded} of ${count} nodes in ${us.toFixed(0)} µs\n` +
        `graph: ${count} nodes, ${graph.edgeCount / 2} edges (CSR)`;
    }

    select(panel, "algorithm", ["A*", "weighted A* (w=2)", "bidirectional A* (NBA*)", "Dijkstra", "BFS"] as const, algo, (v) => {
      algo = v;
      run();
    });
    slider(panel, "nodes", 200, 6000, 100, count, (v) => {
      count = v;
      if (graph) build();
    });
    button(panel, "new graph", () => {
      seed++;
      build();
    });
    const pick = (e: MouseEvent) => {
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const n = nearest(((e.clientX - rect.left) * W) / rect.width, ((e.clientY - rect.top) * H) / rect.height);
      if (e.button === 2) goal = n;
      else start = n;
      run();
    };
    canvas.addEventListener("click", pick);
    canvas.addEventListener("contextmenu", pick);
    build();
    return () => {
      canvas.removeEventListener("click", pick);
      canvas.removeEventListener("contextmenu", pick);
    };
  },
};

export default page;
