import { Worker } from "node:worker_threads";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import {
  createRng,
  rngFloat,
  WorkerTaskStatus,
  closeWorkerPool,
  createWorkerPool,
  endpointFromNodeWorker,
  serveWorker,
  type WorkerEndpoint,
} from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { afterAll, describe, expect, it } from "vitest";
import {
  NAVMESH_WORKER_HANDLERS,
  VoxelConfigPresets,
  addNavMeshTile,
  assembleNavMeshTiles,
  buildNavMeshTilesInWorkers,
  buildTiledNavMesh,
  createNavMeshTileBuildService,
  createTiledNavMeshInput,
  navMeshToBytes,
  parseObj,
  buildNavMeshFromPolygons,
  createNavMeshPathService,
  findNavMeshPathBatch,
  findNavMeshPathsInWorker,
  findNavMeshPath,
  navMeshWorkerHandlers,
  navMeshWorkerResources,
  type NavMeshPathBatch,
} from "../src/index";

const room = buildNavMeshFromPolygons([
  {
    outer: [0, 0, 40, 0, 40, 30, 0, 30],
    holes: [
      [5, 5, 12, 5, 12, 12, 5, 12],
      [20, 3, 26, 3, 26, 20, 20, 20],
      [30, 18, 36, 18, 33, 26],
    ],
  },
]);

function randomQueries(seed: number, n: number): Float64Array {
  const rng = createRng(seed);
  const q = new Float64Array(4 * n);
  for (let i = 0; i < q.length; i += 2) {
    q[i] = rngFloat(rng, -2, 42);
    q[i + 1] = rngFloat(rng, -2, 32);
  }
  return q;
}

function corners(b: NavMeshPathBatch, i: number): number[] {
  return Array.from(b.corners.subarray(2 * b.cornerStart[i]!, 2 * b.cornerStart[i + 1]!));
}

const ports: MessagePort[] = [];
const threads: Worker[] = [];
afterAll(async () => {
  for (const p of ports) p.close();
  await Promise.all(threads.map((t) => t.terminate()));
});

function inProcessWorker(): WorkerEndpoint {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  serveWorker(endpointFromNodeWorker(port2), navMeshWorkerHandlers(), { resources: navMeshWorkerResources() });
  return endpointFromNodeWorker(port1);
}

describe("findNavMeshPathBatch", () => {
  it("answers each query exactly as level 2's findNavMeshPath (optimal and funnel)", () => {
    const q = randomQueries(7, 60);
    for (const algorithm of ["optimal", "funnel"] as const) {
      const b = findNavMeshPathBatch(room, q, { algorithm });
      expect(b.count).toBe(60);
      expect(b.cornerStart[60]).toBe(b.corners.length / 2);
      for (let i = 0; i < 60; i++) {
        const r = findNavMeshPath(room, { x: q[4 * i]!, y: q[4 * i + 1]! }, { x: q[4 * i + 2]!, y: q[4 * i + 3]! }, { algorithm });
        expect(b.flags[i]).toBe(r.flags);
        expect(b.distances[i]).toBe(r.distance);
        expect(corners(b, i)).toEqual(r.path.flatMap((p) => [p.x, p.y]));
      }
    }
  });

  it("the @example: two queries, one round the pillar", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
    const batch = findNavMeshPathBatch(mesh, new Float64Array([1, 5, 9, 5, 1, 1, 9, 1]));
    expect(batch.count).toBe(2);
    expect(batch.cornerStart[1]! - batch.cornerStart[0]!).toBe(4);
    expect(batch.distances[1]).toBeCloseTo(8, 12);
    expect(batch.flags[0]! & PathFlags.Found).toBeTruthy();
  });

  it("rejects malformed queries with NAVMESH_BAD_INPUT naming the index", () => {
    expect(() => findNavMeshPathBatch(room, new Float64Array(3))).toThrow(/4 numbers per query/);
    expect(() => findNavMeshPathBatch(room, [1, 2, NaN, 4])).toThrow(/queries\[2\]/);
    expect(() => findNavMeshPathBatch(room, [1, 2, 3, 4], { algorithm: "fast" as never })).toThrow(/algorithm/);
  });
});

describe("navmesh path service over a worker pool", () => {
  it("gives the main thread's answers over MessageChannel workers, in any batch split", async () => {
    const pool = createWorkerPool({ endpoints: [inProcessWorker(), inProcessWorker()], handlers: NAVMESH_WORKER_HANDLERS });
    const service = createNavMeshPathService(pool, room);
    const q = randomQueries(11, 256);
    const main = findNavMeshPathBatch(room, q);
    const parts = await Promise.all([0, 64, 128, 192].map((o) => findNavMeshPathsInWorker(service, q.slice(4 * o, 4 * (o + 64)))));
    parts.forEach((r, k) => {
      expect(r.status).toBe(WorkerTaskStatus.Done);
      const b = r.value!;
      for (let i = 0; i < 64; i++) {
        expect(b.flags[i]).toBe(main.flags[64 * k + i]);
        expect(b.distances[i]).toBe(main.distances[64 * k + i]);
        expect(corners(b, i)).toEqual(corners(main, 64 * k + i));
      }
    });
    closeWorkerPool(pool);
  });

  it("re-sends the mesh when its revision changes, and the workers answer on the new mesh", async () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10] }]);
    const pool = createWorkerPool({ endpoints: [inProcessWorker()], handlers: NAVMESH_WORKER_HANDLERS });
    const service = createNavMeshPathService(pool, mesh, { name: "level" });
    expect(service.key).toBe("navmesh:level");
    const q = new Float64Array([1, 1, 15, 5]);
    const before = await findNavMeshPathsInWorker(service, q);
    expect(before.value!.flags[0]! & PathFlags.Found).toBeTruthy();
    const rev = mesh.revision;
    expect(addNavMeshTile(mesh, 1, 0, 0, { vertices: [10, 0, 20, 0, 20, 10, 10, 10], polygons: [[0, 1, 2, 3]] })).toBeGreaterThanOrEqual(0);
    expect(mesh.revision).not.toBe(rev);
    const after = await findNavMeshPathsInWorker(service, q);
    const main = findNavMeshPathBatch(mesh, q);
    expect(after.value!.distances[0]).toBe(main.distances[0]);
    expect(after.value!.distances[0]).toBeGreaterThan(before.value!.distances[0]! + 4); // the goal moved east onto the new tile
    expect(service.sentRevision).toBe(mesh.revision);
    closeWorkerPool(pool);
  });

  it("a worker's bad-input error comes back as Failed with the navmesh code; transfer empties the input", async () => {
    const pool = createWorkerPool({ endpoints: [inProcessWorker()], handlers: NAVMESH_WORKER_HANDLERS });
    const service = createNavMeshPathService(pool, room);
    const bad = new Float64Array([1, 1, NaN, 3]);
    const r = await findNavMeshPathsInWorker(service, bad, { transfer: true });
    expect(bad.length).toBe(0);
    expect(r.status).toBe(WorkerTaskStatus.Failed);
    expect(r.error?.code).toBe("NAVMESH_BAD_INPUT");
    expect(r.error?.path).toBe("queries[2]");
    expect(() => findNavMeshPathsInWorker(service, new Float64Array(5))).toThrow(/4 numbers per query/);
    const other = createWorkerPool({ endpoints: [inProcessWorker()], handlers: ["x"] });
    expect(() => createNavMeshPathService(other, room)).toThrow(/NAVMESH_WORKER_HANDLERS/);
    closeWorkerPool(pool);
    closeWorkerPool(other);
  });

  it("runs in real worker_threads and matches the main thread", async () => {
    const file = new URL("./fixtures/navmesh-worker.mjs", import.meta.url);
    const spawn = (): Worker => {
      const w = new Worker(file, { execArgv: ["--conditions=@tactica/source"] });
      threads.push(w);
      return w;
    };
    const pool = createWorkerPool({ endpoints: [endpointFromNodeWorker(spawn()), endpointFromNodeWorker(spawn())], handlers: NAVMESH_WORKER_HANDLERS });
    const service = createNavMeshPathService(pool, room, { shared: true });
    const q = randomQueries(3, 128);
    const main = findNavMeshPathBatch(room, q);
    const rs = await Promise.all([findNavMeshPathsInWorker(service, q.slice(0, 256)), findNavMeshPathsInWorker(service, q.slice(256))]);
    expect(rs.map((r) => r.status)).toEqual([WorkerTaskStatus.Done, WorkerTaskStatus.Done]);
    expect(new Set(rs.map((r) => r.worker))).toEqual(new Set([0, 1]));
    const flags = [...rs[0].value!.flags, ...rs[1].value!.flags];
    const lengths = [...rs[0].value!.distances, ...rs[1].value!.distances];
    expect(flags).toEqual([...main.flags]);
    expect(lengths).toEqual([...main.distances]);
    closeWorkerPool(pool);
  }, 30_000);
});

describe("tile builds over a worker pool", () => {
  it("builds every tile on two workers; assembled, the mesh has the bytes of the main thread's tiled build", async () => {
    // A 40 m × 24 m floor with a 4 m pillar: 3 × 2 tiles of 64 cells.
    const obj = parseObj(
      [
        "v 0 0 0",
        "v 40 0 0",
        "v 40 0 24",
        "v 0 0 24",
        "v 18 0 10",
        "v 22 0 10",
        "v 22 0 14",
        "v 18 0 14",
        "v 18 3 10",
        "v 22 3 10",
        "v 22 3 14",
        "v 18 3 14",
        "f 1 3 2",
        "f 1 4 3",
        "f 9 10 11",
        "f 9 11 12",
        "f 5 6 10",
        "f 5 10 9",
        "f 6 7 11",
        "f 6 11 10",
        "f 7 8 12",
        "f 7 12 11",
        "f 8 5 9",
        "f 8 9 12",
      ].join("\n"),
    );
    const input = createTiledNavMeshInput(obj.positions, obj.triangles, { ...VoxelConfigPresets.recast, tileSize: 64 });
    const endpoints = [0, 1].map(() => inProcessWorker());
    const pool = createWorkerPool({ endpoints, handlers: NAVMESH_WORKER_HANDLERS });
    const service = createNavMeshTileBuildService(pool, input);
    const r = await buildNavMeshTilesInWorkers(service);
    expect(r.status).toBe(WorkerTaskStatus.Done);
    expect(r.builds).toHaveLength(input.tilesX * input.tilesY);
    expect(pool.stats.sent).toBe(2); // one batch per worker
    const main = buildTiledNavMesh(input).navMesh;
    expect(Buffer.from(navMeshToBytes(assembleNavMeshTiles(r.builds))).equals(Buffer.from(navMeshToBytes(main)))).toBe(true);
    // A subset, in the order asked.
    const some = await buildNavMeshTilesInWorkers(service, { tiles: [2, 1, 0, 0] });
    expect(some.builds.map((b) => [b.x, b.y])).toEqual([
      [2, 1],
      [0, 0],
    ]);
    // A tile outside the grid fails as a result, with the navmesh error.
    const bad = await buildNavMeshTilesInWorkers(service, { tiles: [9, 9] });
    expect(bad.status).toBe(WorkerTaskStatus.Failed);
    expect(bad.error?.code).toBe("NAVMESH_BAD_INPUT");
    closeWorkerPool(pool);
  });
});
