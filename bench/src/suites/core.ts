import {
  createIndexedHeap,
  createKdTree,
  createNumericHeap,
  createRng,
  createSpatialHash,
  indexedHeapPop,
  indexedHeapPush,
  kdNearest,
  kdRadius,
  numericHeapPop,
  numericHeapPush,
  rngFloat,
  spatialHashInsert,
  spatialHashQueryRadius,
  spatialHashUpdate,
} from "@tactica/core";
import { allocationPerCall, consume, measure, type Timing } from "../measure";
import type { Suite, SuiteContext } from "../suite";

// core's data structures against the naive code a game would otherwise write: a sorted array as a
// priority queue, and brute-force scans for neighbour queries.

function report(ctx: SuiteContext, name: string, lib: string, t: Timing): void {
  ctx.record({ case: name, library: lib, metric: "ops_per_s", value: t.opsPerSec, unit: "ops/s" });
  ctx.record({ case: name, library: lib, metric: "median_us", value: t.medianUs, unit: "us" });
}

function ratio(ctx: SuiteContext, name: string, baseline: string, ours: Timing, theirs: Timing): void {
  ctx.record({ case: name, library: "tactica", metric: `ratio_vs_${baseline}`, value: theirs.medianUs / ours.medianUs, unit: "x" });
}

const suite: Suite = {
  name: "core",
  description: "core's heaps, k-d tree and spatial hash against naive baselines (sorted array, brute-force scans)",
  run(ctx) {
    const timeMs = ctx.quick ? 40 : 800;
    const rng = createRng(2026);

    // Priority queue: n pushes then n pops with random priorities.
    for (const n of ctx.quick ? [1000] : [1000, 10_000]) {
      const prios = Float64Array.from({ length: n }, () => rngFloat(rng, 0, 1e6));
      const heap = createNumericHeap(n);
      const indexed = createIndexedHeap(n);
      const ours = measure(
        () => {
          for (let i = 0; i < n; i++) numericHeapPush(heap, i, prios[i]!);
          let s = 0;
          for (let i = 0; i < n; i++) s += numericHeapPop(heap);
          consume(s);
        },
        { timeMs },
      );
      const idx = measure(
        () => {
          for (let i = 0; i < n; i++) indexedHeapPush(indexed, i, prios[i]!);
          let s = 0;
          for (let i = 0; i < n; i++) s += indexedHeapPop(indexed);
          consume(s);
        },
        { timeMs },
      );
      const sortedQueue: number[] = [];
      const naive = measure(
        () => {
          // Binary-search insertion into a sorted array (descending), pop from the end: O(n) per push.
          for (let i = 0; i < n; i++) {
            const p = prios[i]!;
            let lo = 0;
            let hi = sortedQueue.length;
            while (lo < hi) {
              const mid = (lo + hi) >> 1;
              if (prios[sortedQueue[mid]!]! > p) lo = mid + 1;
              else hi = mid;
            }
            sortedQueue.splice(lo, 0, i);
          }
          let s = 0;
          while (sortedQueue.length) s += sortedQueue.pop()!;
          consume(s);
        },
        { timeMs },
      );
      const name = `heap-push-pop-${n / 1000}k`;
      report(ctx, name, "tactica", ours);
      report(ctx, `${name}-indexed`, "tactica", idx);
      report(ctx, name, "naive-sorted-array", naive);
      ratio(ctx, name, "naive-sorted-array", ours, naive);
      ctx.record({
        case: name,
        library: "tactica",
        metric: "bytes_per_op",
        value: allocationPerCall(
          () => {
            for (let i = 0; i < n; i++) numericHeapPush(heap, i, prios[i]!);
            for (let i = 0; i < n; i++) numericHeapPop(heap);
          },
          ctx.quick ? 50 : 500,
        ),
        unit: "bytes",
      });
    }

    // Neighbour queries over N points in a 1000 × 1000 world.
    for (const n of ctx.quick ? [2000] : [10_000, 100_000]) {
      const coords = Float64Array.from({ length: n * 2 }, () => rngFloat(rng, 0, 1000));
      const probes = Float64Array.from({ length: 256 * 2 }, () => rngFloat(rng, 0, 1000));
      const tree = createKdTree(coords, { dimension: 2 });
      const hash = createSpatialHash({ cellSize: 20, capacity: n });
      for (let i = 0; i < n; i++) spatialHashInsert(hash, i, coords[i * 2]!, coords[i * 2 + 1]!);
      const out = new Int32Array(n);
      const p = { x: 0, y: 0 };
      let q = 0;
      const next = () => {
        q = (q + 1) & 255;
        p.x = probes[q * 2]!;
        p.y = probes[q * 2 + 1]!;
      };
      const r = 20;
      const brute = (): number => {
        let c = 0;
        for (let i = 0; i < n; i++) {
          const dx = coords[i * 2]! - p.x;
          const dy = coords[i * 2 + 1]! - p.y;
          if (dx * dx + dy * dy <= r * r) out[c++] = i;
        }
        return c;
      };
      const kdR = measure(() => (next(), consume(kdRadius(out, tree, p, r))), { timeMs });
      const hashR = measure(() => (next(), consume(spatialHashQueryRadius(out, hash, p.x, p.y, r))), { timeMs });
      const bruteR = measure(() => (next(), consume(brute())), { timeMs });
      const nk = `${n / 1000}k`;
      report(ctx, `radius-${nk}`, "tactica-kd-tree", kdR);
      report(ctx, `radius-${nk}`, "tactica-spatial-hash", hashR);
      report(ctx, `radius-${nk}`, "naive-brute-force", bruteR);
      ctx.record({ case: `radius-${nk}`, library: "tactica-kd-tree", metric: "ratio_vs_naive-brute-force", value: bruteR.medianUs / kdR.medianUs, unit: "x" });
      ctx.record({
        case: `radius-${nk}`,
        library: "tactica-spatial-hash",
        metric: "ratio_vs_naive-brute-force",
        value: bruteR.medianUs / hashR.medianUs,
        unit: "x",
      });
      ctx.record({
        case: `radius-${nk}`,
        library: "tactica-kd-tree",
        metric: "bytes_per_op",
        value: allocationPerCall(() => (next(), kdRadius(out, tree, p, r))),
        unit: "bytes",
      });
      ctx.record({
        case: `radius-${nk}`,
        library: "tactica-spatial-hash",
        metric: "bytes_per_op",
        value: allocationPerCall(() => (next(), spatialHashQueryRadius(out, hash, p.x, p.y, r))),
        unit: "bytes",
      });

      const k = 8;
      const ids = new Int32Array(k);
      const bestD = new Float64Array(k);
      const bestI = new Int32Array(k);
      const bruteK = (): number => {
        bestD.fill(Infinity);
        for (let i = 0; i < n; i++) {
          const dx = coords[i * 2]! - p.x;
          const dy = coords[i * 2 + 1]! - p.y;
          const d = dx * dx + dy * dy;
          if (d >= bestD[k - 1]!) continue;
          let j = k - 1;
          while (j > 0 && bestD[j - 1]! > d) {
            bestD[j] = bestD[j - 1]!;
            bestI[j] = bestI[j - 1]!;
            j--;
          }
          bestD[j] = d;
          bestI[j] = i;
        }
        return bestI[0]!;
      };
      const kdK = measure(() => (next(), consume(kdNearest(ids, tree, p, k))), { timeMs });
      const bruteKT = measure(() => (next(), consume(bruteK())), { timeMs });
      report(ctx, `knn8-${nk}`, "tactica-kd-tree", kdK);
      report(ctx, `knn8-${nk}`, "naive-brute-force", bruteKT);
      ctx.record({ case: `knn8-${nk}`, library: "tactica-kd-tree", metric: "ratio_vs_naive-brute-force", value: bruteKT.medianUs / kdK.medianUs, unit: "x" });

      // Moving agents: update every position by a small step, per frame.
      const moveAll = measure(
        () => {
          for (let i = 0; i < n; i++) {
            const x = coords[i * 2]! + ((i & 1) * 2 - 1) * 0.5;
            coords[i * 2] = x < 0 ? 999 : x > 1000 ? 1 : x;
            spatialHashUpdate(hash, i, coords[i * 2]!, coords[i * 2 + 1]!);
          }
        },
        { timeMs },
      );
      report(ctx, `hash-update-all-${nk}`, "tactica-spatial-hash", moveAll);
      const build = measure(() => consume(createKdTree(coords, { dimension: 2 }).size), { timeMs });
      report(ctx, `kd-build-${nk}`, "tactica-kd-tree", build);
    }
  },
};

export default suite;
