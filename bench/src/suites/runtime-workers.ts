// Navmesh find-path throughput on the main thread vs 1 and 2 worker_threads workers (core's worker
// pool + navmesh's path service), at batch sizes 1, 64 and 256, plus the round trip of one empty
// message. The goal: ≥ 1.5× the main thread with 2 workers at batch 256 on a 2-core machine.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { closeWorkerPool, createRng, createWorkerPool, endpointFromNodeWorker, runWorkerTask, WorkerTaskStatus, type WorkerPool } from "@tactica/core";
import {
  NAVMESH_WORKER_HANDLERS,
  buildNavMeshFromTriangles3d,
  createNavMeshPathService,
  findNavMeshPathBatch,
  findNavMeshPathsInWorker,
  findRandomPoint,
  parseObj,
  type NavMesh,
} from "@tactica/navmesh";
import { sharedBenchDir } from "../shared-data";
import type { SuiteContext } from "../suite";

function arg(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function queriesOn(mesh: NavMesh, n: number, seed: number): Float64Array {
  const rng = createRng(seed);
  const q = new Float64Array(4 * n);
  const p = { x: 0, y: 0 };
  for (let i = 0; i < 2 * n; i++) {
    findRandomPoint(p, mesh, rng);
    q[2 * i] = p.x;
    q[2 * i + 1] = p.y;
  }
  return q;
}

async function spawnPool(count: number): Promise<{ pool: WorkerPool; workers: Worker[] }> {
  const file = new URL("./runtime-workers-worker.mjs", import.meta.url);
  const workers = Array.from({ length: count }, () => new Worker(file, { execArgv: ["--conditions=@tactica/source"] }));
  await Promise.all(workers.map((w) => new Promise<void>((ok, fail) => (w.once("message", () => ok()), w.once("error", fail)))));
  const pool = createWorkerPool({
    endpoints: workers.map((w) => endpointFromNodeWorker(w)),
    handlers: [...NAVMESH_WORKER_HANDLERS, "noop"],
    maxInFlightPerWorker: 2,
    maxQueued: 8192, // batch size 1 queues every query at once
  });
  return { pool, workers };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Runs the worker rows into `ctx` (part of `pnpm bench:runtime`). */
export async function runWorkerBenches(ctx: SuiteContext): Promise<void> {
  const meshName = arg(ctx.args, "--worker-mesh") ?? "nav_test.obj";
  const dir = resolve(arg(ctx.args, "--meshes") ?? join(sharedBenchDir(), "meshes"));
  const obj = parseObj(readFileSync(join(dir, meshName), "utf8"));
  const { navMesh: mesh } = buildNavMeshFromTriangles3d(obj.positions, obj.triangles, { config: { cellSize: 0.15, cellHeight: 0.25 } });
  const total = ctx.quick ? 512 : 4096;
  const reps = ctx.quick ? 3 : 7;
  const queries = queriesOn(mesh, total, 17);
  const algorithm = (arg(ctx.args, "--worker-algorithm") ?? "funnel") as "funnel" | "optimal";
  ctx.log(`workers: ${meshName}, ${mesh.polyCount} polygons, ${total} queries (${algorithm}), ${reps} repetitions`);
  const reference = findNavMeshPathBatch(mesh, queries, { algorithm });
  const c = `navmesh-${meshName.replace(/\.obj$/, "")}-${total}-paths-${algorithm}`;
  for (const batch of [1, 64, 256]) {
    // Main thread: the same batch function, batch after batch.
    findNavMeshPathBatch(mesh, queries.subarray(0, 4 * Math.min(total, 256)), { algorithm }); // warm-up
    const mainTimes: number[] = [];
    for (let r = 0; r < reps; r++) {
      const t0 = performance.now();
      for (let o = 0; o < total; o += batch) findNavMeshPathBatch(mesh, queries.subarray(4 * o, 4 * Math.min(total, o + batch)), { algorithm });
      mainTimes.push(performance.now() - t0);
    }
    const mainMs = median(mainTimes);
    ctx.record({ case: `${c}-batch-${batch}`, library: "tactica-main-thread", metric: "queries_per_s", value: total / (mainMs / 1000), unit: "1/s" });
    for (const count of [1, 2]) {
      const { pool, workers } = await spawnPool(count);
      const service = createNavMeshPathService(pool, mesh);
      const run = async (): Promise<number> => {
        const t0 = performance.now();
        const jobs: Promise<unknown>[] = [];
        for (let o = 0; o < total; o += batch)
          jobs.push(findNavMeshPathsInWorker(service, queries.slice(4 * o, 4 * Math.min(total, o + batch)), { algorithm, transfer: true }));
        const results = (await Promise.all(jobs)) as { status: number; value?: { distances: Float64Array } }[];
        const t = performance.now() - t0;
        // Same answers as the main thread (checked on every run, outside the timing).
        let k = 0;
        for (const r of results) {
          if (r.status !== WorkerTaskStatus.Done) throw new Error(`worker batch failed: status ${r.status}`);
          for (const len of r.value!.distances) if (len !== reference.distances[k++]) throw new Error(`worker answer ${k - 1} differs from the main thread`);
        }
        return t;
      };
      await run(); // warm-up: JIT in the workers
      const times: number[] = [];
      for (let r = 0; r < reps; r++) times.push(await run());
      const ms = median(times);
      ctx.record({
        case: `${c}-batch-${batch}`,
        library: `tactica-${count}-worker${count > 1 ? "s" : ""}`,
        metric: "queries_per_s",
        value: total / (ms / 1000),
        unit: "1/s",
      });
      ctx.record({
        case: `${c}-batch-${batch}`,
        library: `tactica-${count}-worker${count > 1 ? "s" : ""}`,
        metric: "speedup_vs_main_thread",
        value: mainMs / ms,
        unit: "x",
      });
      if (batch === 1 && count === 1) {
        // Round trip of an empty message (the per-message overhead), sequential.
        const n = ctx.quick ? 200 : 2000;
        for (let i = 0; i < 100; i++) await runWorkerTask(pool, "noop", i);
        const t0 = performance.now();
        for (let i = 0; i < n; i++) await runWorkerTask(pool, "noop", i);
        ctx.record({
          case: "worker-message-round-trip",
          library: "tactica-1-worker",
          metric: "median_us",
          value: ((performance.now() - t0) * 1000) / n,
          unit: "us",
        });
      }
      closeWorkerPool(pool);
      await Promise.all(workers.map((w) => w.terminate()));
    }
  }
}
