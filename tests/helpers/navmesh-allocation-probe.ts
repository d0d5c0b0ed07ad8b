// Run by tests/navmesh-allocation.test.ts in a plain Node process (`node --import tsx`), the way an
// application calls the library: each navmesh query runs in batches of 10,000 after a warm-up,
// between full collections, and the smallest heap growth per query over a few batches is printed
// as JSON. (Inside vitest every import goes through a module object, which keeps V8 from inlining
// the small public wrappers and boxes every double argument at the caller's side; that would
// measure the test runner, not the library.) The "path" and "funnel" rows call the library exactly
// as `pnpm bench:navmesh` does: fractional coordinates read from plain JS arrays, written into a
// Float64Array, one `findPathPoints` call (the documented 0-byte form).
import v8 from "node:v8";
import vm from "node:vm";
import { createRng } from "@tactica/core";
import {
  addNavMeshTile,
  buildNavMeshFromPolygons,
  closestPointOnPolygon,
  createNavMesh,
  createNavMeshQuery,
  createNavPath,
  createRaycastResult,
  createStraightPath,
  findNearestPoint,
  findPathPoints,
  findPolygon,
  findRandomPoint,
  getHeightOnPolygon,
  raycast,
  type NavMesh,
} from "../../packages/navmesh/src/index";

function collector(): () => void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}
const gc = collector();

/** Calls `fn(i)` for `i` in `0 .. n`. Its call site is made megamorphic below, so V8 compiles each query loop body on its own. */
function run(fn: (i: number) => void, n: number): void {
  for (let i = 0; i < n; i++) fn(i);
}

// Six different closures through `run` first: otherwise V8 inlines the first measured closure into
// `run`'s on-stack-replaced loop, and that combined code boxes doubles the closure alone does not
// (a frame loop calling many different queries is the realistic case).
const warmSink = new Float64Array(1);
for (const f of [
  (i: number) => (warmSink[0] = i),
  (i: number) => (warmSink[0] = i + 1),
  (i: number) => (warmSink[0] = i * 2),
  (i: number) => (warmSink[0] = i - 1),
  (i: number) => (warmSink[0] = i / 2),
  (i: number) => (warmSink[0] = -i),
])
  run(f, 20_000);

/**
 * Heap growth per call of `fn(i)`: the smallest average over batches of `n` calls after at least
 * `warmMs` of warm-up calls (on a loaded machine V8's optimizing compiler takes up to ~100 ms per
 * function, and until its code is installed the unoptimized code boxes doubles). Batches repeat (at
 * most `maxBatches`, then once more after a three times longer warm-up) until one stays under 1
 * byte per call: code installed during a batch shows up once, whereas a query that allocates grows
 * the heap in every batch. V8's own background work
 * adds about 2–7 KB per batch whatever runs (measured with an empty harness and with batch sizes
 * from 1,000 to 16,000: constant per batch), hence 10,000 calls per batch.
 */
function bytesPerCall(fn: (i: number) => void, n = 10_000, warmMs = 100, maxBatches = 3): number {
  let best = Infinity;
  // A second round (longer warm-up) for a query that missed: cheaper than a fresh process.
  for (let round = 0; round < 2 && best >= 1; round++) {
    const t0 = performance.now();
    do run(fn, 500);
    while (performance.now() - t0 < warmMs * (1 + 2 * round));
    for (let b = 0; b < maxBatches && best >= 1; b++) {
      gc();
      const before = process.memoryUsage().heapUsed;
      run(fn, n);
      const after = process.memoryUsage().heapUsed;
      best = Math.min(best, Math.max(0, (after - before) / n));
    }
  }
  return best;
}

/** A 4000 × 4000 room with a 4 × 4 grid of pillars, split into 2 × 2 tiles (refs with slot bits, cross-tile links). */
function probeMesh(): NavMesh {
  const holes: number[][] = [];
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) {
      const x = 5 + 10 * i,
        y = 5 + 10 * j;
      holes.push([x - 1.5, y - 1, x + 1.5, y - 1.2, x + 1, y + 1.5, x - 1, y + 1].map((c) => 100 * c));
    }
  const solo = buildNavMeshFromPolygons([{ outer: [0, 0, 4000, 0, 4000, 4000, 0, 4000], holes }]);
  const groups = new Map<string, number[]>();
  for (let p = 0; p < solo.polyCount; p++) {
    let cx = 0,
      cy = 0;
    const n = solo.polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const v = solo.polyVerts[p * solo.maxVertsPerPoly + i]!;
      cx += solo.vertices[2 * v]! / n;
      cy += solo.vertices[2 * v + 1]! / n;
    }
    const key = `${cx < 2000 ? 0 : 1},${cy < 2000 ? 0 : 1}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  let tiled: NavMesh | undefined;
  for (const key of [...groups.keys()].sort()) {
    const polys = groups.get(key)!;
    const [tx, ty] = key.split(",").map(Number) as [number, number];
    const map = new Map<number, number>();
    const vertices: number[] = [];
    const polygons = polys.map((p) =>
      Array.from({ length: solo.polyVertCount[p]! }, (_, i) => {
        const v = solo.polyVerts[p * solo.maxVertsPerPoly + i]!;
        if (!map.has(v)) {
          map.set(v, vertices.length / 2);
          vertices.push(solo.vertices[2 * v]!, solo.vertices[2 * v + 1]!);
        }
        return map.get(v)!;
      }),
    );
    // Tile "0,0,0" first (createNavMesh), the others added: slots 0..3, generation 0, so every ref
    // is a small integer. (After a tile is replaced its refs exceed 2^30; V8 then boxes each ref
    // passed to or returned from a call it did not inline, at the caller's side.)
    if (!tiled) tiled = createNavMesh({ vertices, polygons });
    else addNavMeshTile(tiled, tx, ty, 0, { vertices, polygons });
  }
  return tiled!;
}

const mesh = probeMesh();
const rng = createRng(7);
const N = 512;
const pts = new Float64Array(4 * N);
const refs = new Float64Array(2 * N);
// Start and goal points from findRandomPoint, so each measured function is first run hot by its
// measuring loop (a public wrapper that V8 already optimized on its own is no longer inlined into
// a caller, which then boxes the doubles it passes: a property of the caller, not of the library).
const pick = { x: 0, y: 0 };
for (let k = 0; k < N; k++) {
  refs[2 * k] = findRandomPoint(pick, mesh, rng);
  pts[4 * k] = pick.x;
  pts[4 * k + 1] = pick.y;
  refs[2 * k + 1] = findRandomPoint(pick, mesh, rng);
  pts[4 * k + 2] = pick.x;
  pts[4 * k + 3] = pick.y;
}
// Integer points (from an Int32Array) in the same polygons for the path and locate queries: V8
// passes them as small integers, never boxed, so what remains is the library's own allocation.
// (A non-integer double passed to a call V8 did not inline is boxed at the caller's side, whatever
// the callee does; whether V8 inlines a public wrapper depends on the caller. `pnpm bench:navmesh`
// reports bytes per find path with fractional points from its own caller.)
const ipts = new Int32Array(4 * N);
const irefs = new Int32Array(2 * N);
let ni = 0;
for (let k = 0; k < N; k++) {
  const sx = Math.round(pts[4 * k]!),
    sy = Math.round(pts[4 * k + 1]!),
    gx = Math.round(pts[4 * k + 2]!),
    gy = Math.round(pts[4 * k + 3]!);
  const a = findPolygon(mesh, sx, sy),
    b = findPolygon(mesh, gx, gy);
  if (a < 0 || b < 0) continue;
  ipts.set([sx, sy, gx, gy], 4 * ni);
  irefs[2 * ni] = a;
  irefs[2 * ni + 1] = b;
  ni++;
}
const out = { x: 0, y: 0 };
const query = createNavMeshQuery(mesh);
const corridor = createNavPath({ maxLength: mesh.polyCount });
const straight = createStraightPath({ maxPoints: 256 });
const ray = createRaycastResult({ maxVisited: 256 });
const sink = new Float64Array(1); // a captured `let` holding a double would box on every write
const r3 = createRng(3);

const result: Record<string, number> = {};
result["harness"] = bytesPerCall((i) => {
  const k = 4 * (i % N);
  sink[0]! += pts[k]! + pts[k + 1]!;
});
// The bench's pattern: pairs as plain objects holding JS arrays `[x, height, y]` (fractional
// doubles), copied into one Float64Array per query: sx, sy, gx, gy and the two heights.
interface Pair {
  s: number[];
  g: number[];
  sp: number;
  gp: number;
}
const pairs: Pair[] = [];
for (let k = 0; k < N; k++)
  pairs.push({ s: [pts[4 * k]!, 0.25, pts[4 * k + 1]!], g: [pts[4 * k + 2]!, 0.5, pts[4 * k + 3]!], sp: refs[2 * k]!, gp: refs[2 * k + 1]! });
const p6 = new Float64Array(6);
const p4 = new Float64Array(4);
const polys = { startPoly: 0, goalPoly: 0 }; // one options object, refilled per query
result["path"] = bytesPerCall((i) => {
  const p = pairs[i % N]!;
  p6[0] = p.s[0]!;
  p6[1] = p.s[2]!;
  p6[2] = p.g[0]!;
  p6[3] = p.g[2]!;
  p6[4] = p.s[1]!;
  p6[5] = p.g[1]!;
  sink[0]! += findPathPoints(straight, corridor, query, p6).count;
});
result["funnel"] = bytesPerCall((i) => {
  const p = pairs[i % N]!;
  p4[0] = p.s[0]!;
  p4[1] = p.s[2]!;
  p4[2] = p.g[0]!;
  p4[3] = p.g[2]!;
  polys.startPoly = p.sp;
  polys.goalPoly = p.gp;
  sink[0]! += findPathPoints(straight, corridor, query, p4, polys).distance;
});
result["locate"] = bytesPerCall((i) => {
  const k = 4 * (i % ni);
  sink[0]! += findPolygon(mesh, ipts[k]!, ipts[k + 1]!) + findPolygon(mesh, ipts[k + 2]!, ipts[k + 3]!);
});
result["nearest"] = bytesPerCall((i) => {
  const k = 4 * (i % N);
  sink[0]! += findNearestPoint(out, mesh, pts[k]! + (i & 1 ? 330 : 0), pts[k + 1]! - (i & 2 ? 270 : 0));
});
result["raycast"] = bytesPerCall((i) => {
  const k = 4 * (i % N);
  sink[0]! += raycast(ray, mesh, refs[2 * (i % N)]!, pts[k]!, pts[k + 1]!, pts[k + 2]!, pts[k + 3]!).visitedCount;
});
result["closest"] = bytesPerCall((i) => {
  const k = 4 * (i % N);
  sink[0]! += closestPointOnPolygon(out, mesh, refs[2 * (i % N) + 1]!, pts[k]!, pts[k + 1]!);
});
result["height"] = bytesPerCall((i) => {
  const k = 4 * (i % N);
  sink[0]! += getHeightOnPolygon(mesh, refs[2 * (i % N)]!, pts[k]!, pts[k + 1]!);
});
result["random"] = bytesPerCall(() => {
  sink[0]! += findRandomPoint(out, mesh, r3);
});
result["sink"] = Number.isFinite(sink[0]) ? 1 : 0;
process.stdout.write(JSON.stringify(result) + "\n");
