import {
  convexHullIndicesCoords,
  createKdTree,
  createRng,
  createSpatialHash,
  kdNearest,
  kdRadius,
  rngFloat,
  rngNormal,
  spatialHashInsert,
  spatialHashQueryRadius,
  type KdTree,
  type SpatialHash,
} from "@tactica/core";
import type { DemoPage } from "../../demo";
import { button, demoLayout, select, slider } from "../../ui";

type Index = "k-d tree" | "spatial hash";
type Query = "radius" | "k nearest";

const W = 800;
const H = 600;

const page: DemoPage = {
  id: "core-spatial",
  title: "Spatial indexes and convex hull",
  package: "core",
  order: 1,
  description:
    "Thousands of seeded random points in a k-d tree and a spatial hash. Move the mouse or click to query a radius or the k nearest; the convex hull of the points is outlined.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let count = 5000;
    let radius = 60;
    let k = 12;
    let seed = 1;
    let index: Index = "k-d tree";
    let query: Query = "radius";
    let coords = new Float64Array(0);
    let tree: KdTree | undefined;
    let hash: SpatialHash | undefined;
    let hull = new Int32Array(0);
    let hullCount = 0;
    const found = new Int32Array(20000);
    const probe = { x: W / 2, y: H / 2 };
    let buildMs = 0;
    let queryUs = 0;

    function rebuild(): void {
      const rng = createRng(seed);
      coords = new Float64Array(count * 2);
      // Clustered points: half uniform, half in gaussian blobs, so the indexes see uneven density.
      for (let i = 0; i < count; i++) {
        if (i % 2 === 0) {
          coords[i * 2] = rngFloat(rng, 10, W - 10);
          coords[i * 2 + 1] = rngFloat(rng, 10, H - 10);
        } else {
          const cx = 150 + ((i >> 1) % 3) * 250;
          coords[i * 2] = Math.min(W - 2, Math.max(2, rngNormal(rng, { mean: cx, sd: 45 })));
          coords[i * 2 + 1] = Math.min(H - 2, Math.max(2, rngNormal(rng, { mean: H / 2, sd: 70 })));
        }
      }
      const t0 = performance.now();
      tree = createKdTree(coords, { dimension: 2 });
      hash = createSpatialHash({ cellSize: 40, capacity: count });
      for (let i = 0; i < count; i++) spatialHashInsert(hash, i, coords[i * 2]!, coords[i * 2 + 1]!);
      buildMs = performance.now() - t0;
      hull = new Int32Array(count);
      hullCount = convexHullIndicesCoords(hull, coords);
      render();
    }

    function runQuery(): number {
      const t0 = performance.now();
      let n = 0;
      const reps = 20;
      for (let r = 0; r < reps; r++) {
        if (query === "k nearest") n = kdNearest(found, tree!, probe, k);
        else if (index === "k-d tree") n = kdRadius(found, tree!, probe, radius);
        else n = spatialHashQueryRadius(found, hash!, probe.x, probe.y, radius);
      }
      queryUs = ((performance.now() - t0) * 1000) / reps;
      return Math.min(n, found.length);
    }

    function render(): void {
      if (!tree) return;
      draw.clear();
      for (let i = 0; i < count; i++) draw.point(coords[i * 2]!, coords[i * 2 + 1]!, 2, { color: "#3b4a63" });
      const hullPts = Array.from(hull.subarray(0, hullCount), (id) => ({ x: coords[id * 2]!, y: coords[id * 2 + 1]! }));
      draw.polyline(hullPts, true, { color: "#9ece6a", width: 1.5 });
      const n = runQuery();
      for (let i = 0; i < n; i++) {
        const id = found[i]!;
        draw.point(coords[id * 2]!, coords[id * 2 + 1]!, 4, { color: "#e0af68" });
        if (query === "k nearest") draw.line(probe.x, probe.y, coords[id * 2]!, coords[id * 2 + 1]!, { color: "#e0af68", alpha: 0.5 });
      }
      if (query === "radius") draw.circle(probe.x, probe.y, radius, { color: "#7aa2f7", width: 1.5 });
      draw.point(probe.x, probe.y, 6, { color: "#f7768e" });
      stats.textContent =
        `points: ${count}\nhull vertices: ${hullCount}\nbuild (k-d tree + hash): ${buildMs.toFixed(1)} ms\n` +
        `query: ${query === "k nearest" ? `k nearest (k-d tree), k = ${k}` : `radius ${radius} (${index})`}\n` +
        `found: ${n}\nquery time: ${queryUs.toFixed(1)} µs`;
    }

    select(panel, "query", ["radius", "k nearest"] as const, query, (v) => {
      query = v;
      render();
    });
    select(panel, "index", ["k-d tree", "spatial hash"] as const, index, (v) => {
      index = v;
      render();
    });
    slider(panel, "points", 100, 20000, 100, count, (v) => {
      count = v;
      if (tree) rebuild();
    });
    slider(panel, "radius", 5, 200, 1, radius, (v) => {
      radius = v;
      render();
    });
    slider(panel, "k", 1, 100, 1, k, (v) => {
      k = v;
      render();
    });
    button(panel, "new seed", () => {
      seed++;
      rebuild();
    });

    const move = (e: MouseEvent) => {
      const rect = canvas.getBoundingClientRect();
      probe.x = ((e.clientX - rect.left) * W) / rect.width;
      probe.y = ((e.clientY - rect.top) * H) / rect.height;
      render();
    };
    canvas.addEventListener("mousemove", move);
    canvas.addEventListener("click", move);
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    rebuild();
    return () => canvas.removeEventListener("mousemove", move);
  },
};

export default page;
