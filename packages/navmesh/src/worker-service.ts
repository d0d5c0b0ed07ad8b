import {
  WorkerTaskStatus,
  getWorkerResourceVersion,
  runWorkerTask,
  shareWorkerResource,
  type AbortSignalLike,
  type WorkerHandler,
  type WorkerPool,
  type WorkerTaskResult,
} from "@tactica/core";
import { navMeshFromBytes, navMeshToBytes } from "./bytes";
import { navMeshError, NavMeshErrorCodes } from "./errors";
import { findNavMeshPathBatch, navMeshPathBatchBuffers, type NavMeshPathBatch } from "./path-batch";
import type { NavMesh } from "./types";
import { buildNavMeshTile, type NavMeshTileBuild, type TiledNavMeshInput } from "./voxel/tile-build";

/**
 * Handler names a pool needs for a {@link NavMeshPathService} and a {@link NavMeshTileBuildService}:
 * pass them to `createWorkerPool({ handlers })`; {@link navMeshWorkerHandlers} serves them all.
 */
export const NAVMESH_WORKER_HANDLERS: readonly string[] = ["navmesh.findPaths", "navmesh.buildTiles"];

interface BuildTilesPayload {
  key: string;
  version: number;
  /** Tile coordinates as x, y pairs. */
  tiles: Int32Array;
}

interface FindPathsPayload {
  key: string;
  version: number;
  queries: Float64Array;
  algorithm: "optimal" | "funnel";
}

/**
 * The worker side of a {@link NavMeshPathService}: handlers for core's `serveWorker`. Pair them with
 * {@link navMeshWorkerResources}, which decodes the mesh the service sends once per version.
 *
 * @example
 * ```ts
 * // In navmesh-worker.ts: serveWorker(endpointFromWebWorker(self), navMeshWorkerHandlers(), { resources: navMeshWorkerResources() })
 * // and on the page: endpointFromWebWorker(new Worker(new URL("./navmesh-worker.ts", import.meta.url), { type: "module" })).
 * // Here the worker runs inline:
 * const { main, worker } = createInlineWorkerChannel();
 * serveWorker(worker, navMeshWorkerHandlers(), { resources: navMeshWorkerResources() });
 * const pool = createWorkerPool({ endpoints: [main], handlers: NAVMESH_WORKER_HANDLERS });
 * const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
 * const service = createNavMeshPathService(pool, mesh);
 * findNavMeshPathsInWorker(service, new Float64Array([1, 5, 9, 5])).then((r) => {
 *   console.log(r.status === WorkerTaskStatus.Done, r.value?.distances[0]); // true 8.47…
 *   closeWorkerPool(pool);
 * });
 * ```
 */
export function navMeshWorkerHandlers(): Record<string, WorkerHandler> {
  return {
    "navmesh.findPaths": (payload, context) => {
      const p = payload as FindPathsPayload;
      if (typeof p !== "object" || p === null || typeof p.key !== "string" || !(p.queries instanceof Float64Array))
        throw navMeshError(NavMeshErrorCodes.BadInput, "navmesh.findPaths", "the payload must be { key, version, queries: Float64Array, algorithm }.", {
          path: "payload",
        });
      const held = context.getResourceVersion(p.key);
      if (held !== p.version)
        throw navMeshError(NavMeshErrorCodes.BadInput, "navmesh.findPaths", `the worker holds version ${held} of "${p.key}", the request wants ${p.version}.`, {
          path: "payload.version",
        });
      const mesh = context.getResource<NavMesh>(p.key);
      const batch = findNavMeshPathBatch(mesh, p.queries, { algorithm: p.algorithm });
      context.transfer(navMeshPathBatchBuffers(batch));
      return batch;
    },
    "navmesh.buildTiles": (payload, context) => {
      const p = payload as BuildTilesPayload;
      if (typeof p !== "object" || p === null || typeof p.key !== "string" || !(p.tiles instanceof Int32Array) || p.tiles.length % 2 !== 0)
        throw navMeshError(NavMeshErrorCodes.BadInput, "navmesh.buildTiles", "the payload must be { key, version, tiles: Int32Array of x, y pairs }.", {
          path: "payload",
        });
      const held = context.getResourceVersion(p.key);
      if (held !== p.version)
        throw navMeshError(
          NavMeshErrorCodes.BadInput,
          "navmesh.buildTiles",
          `the worker holds version ${held} of "${p.key}", the request wants ${p.version}.`,
          { path: "payload.version" },
        );
      const input = context.getResource<TiledNavMeshInput>(p.key);
      const builds: NavMeshTileBuild[] = [];
      for (let i = 0; i < p.tiles.length; i += 2) {
        if (context.isCancelled()) break;
        builds.push(buildNavMeshTile(input, p.tiles[i]!, p.tiles[i + 1]!));
      }
      return builds;
    },
  };
}

/**
 * Resource decoders for the worker side: every key starting with `navmesh` (the service's default
 * key and `navmesh:<name>` keys) is read with `navMeshFromBytes`.
 */
export function navMeshWorkerResources(): Record<string, (payload: unknown) => unknown> {
  return { navmesh: (payload) => navMeshFromBytes(payload as Uint8Array) };
}

/**
 * A navmesh shared with a worker pool: the mesh goes to every worker once (as `navMeshToBytes`),
 * again only when its `revision` changes (tiles added or replaced), and queries travel in batches.
 * Plain data; create with {@link createNavMeshPathService}.
 */
export interface NavMeshPathService {
  /** The pool the service uses. */
  readonly pool: WorkerPool;
  /** The mesh answered on (the service re-sends it when `mesh.revision` changes). */
  readonly mesh: NavMesh;
  /** The resource key (`"navmesh"` or `"navmesh:<name>"`). */
  readonly key: string;
  /** Whether the mesh travels in a `SharedArrayBuffer`. */
  readonly shared: boolean;
  /** The mesh revision last sent. */
  sentRevision: number;
}

/** Options of {@link createNavMeshPathService}. */
export interface CreateNavMeshPathServiceOptions {
  /** A name when one pool serves several meshes: the resource key becomes `navmesh:<name>`. */
  readonly name?: string;
  /**
   * Put the mesh bytes in one `SharedArrayBuffer` for all workers instead of a copy per worker
   * (default false; ignored where `SharedArrayBuffer` does not exist, e.g. pages that are not
   * cross-origin isolated).
   */
  readonly shared?: boolean;
}

function meshBytes(mesh: NavMesh, shared: boolean): Uint8Array {
  const bytes = navMeshToBytes(mesh);
  if (!shared || typeof SharedArrayBuffer === "undefined") return bytes;
  const view = new Uint8Array(new SharedArrayBuffer(bytes.length));
  view.set(bytes);
  return view;
}

/**
 * Shares `mesh` with every worker of `pool` (created with {@link NAVMESH_WORKER_HANDLERS}) and
 * returns the service to query it. The workers must serve {@link navMeshWorkerHandlers} with
 * {@link navMeshWorkerResources}.
 *
 * @param pool - a core worker pool created with `handlers: NAVMESH_WORKER_HANDLERS` (else `NAVMESH_BAD_INPUT`); the mesh is shared with each of its workers
 * @param mesh - the navmesh to answer on; kept by the service, which re-sends it when its `revision` changes
 * @param options - `name` (the resource key becomes `navmesh:<name>`, for several meshes on one pool) and `shared` (send one `SharedArrayBuffer` instead of a copy per worker; default false)
 */
export function createNavMeshPathService(pool: WorkerPool, mesh: NavMesh, options: CreateNavMeshPathServiceOptions = {}): NavMeshPathService {
  if (!pool.handlers.has("navmesh.findPaths"))
    throw navMeshError(
      NavMeshErrorCodes.BadInput,
      "createNavMeshPathService",
      'the pool does not declare "navmesh.findPaths"; create it with handlers: NAVMESH_WORKER_HANDLERS.',
      {
        path: "pool",
      },
    );
  const key = options.name === undefined ? "navmesh" : `navmesh:${options.name}`;
  const shared = options.shared === true;
  shareWorkerResource(pool, key, meshBytes(mesh, shared));
  return { pool, mesh, key, shared, sentRevision: mesh.revision };
}

/** Options of {@link findNavMeshPathsInWorker}. */
export interface FindNavMeshPathsInWorkerOptions {
  /** As in `findNavMeshPathBatch` (default `"optimal"`). */
  readonly algorithm?: "optimal" | "funnel";
  /** Cancels the batch (the promise resolves `Cancelled`). */
  readonly signal?: AbortSignalLike;
  /** Move `queries`' buffer to the worker instead of copying it (it becomes empty here). Default false. */
  readonly transfer?: boolean;
}

/**
 * Answers a batch of queries `(sx, sy, gx, gy)·n` on a worker; the result equals
 * `findNavMeshPathBatch(service.mesh, queries)` on the main thread. If the mesh changed since it
 * was sent, the new revision is sent first. The promise never rejects: a full queue resolves
 * `Rejected`, cancellation `Cancelled`, bad queries `Failed` with the worker's error.
 *
 * @param service - from `createNavMeshPathService`; its `sentRevision` is updated when the mesh is re-sent
 * @param queries - 4 numbers per query, `sx, sy, gx, gy` (world units, mesh plane); a non-finite one makes the result `Failed`
 * @param options - `algorithm` (`"optimal"` by default, or `"funnel"`), `signal` to cancel, `transfer` (move the buffer of `queries` to the worker, leaving it empty here; default false)
 */
export function findNavMeshPathsInWorker(
  service: NavMeshPathService,
  queries: Float64Array,
  options: FindNavMeshPathsInWorkerOptions = {},
): Promise<WorkerTaskResult<NavMeshPathBatch>> {
  if (!(queries instanceof Float64Array) || queries.length % 4 !== 0)
    throw navMeshError(NavMeshErrorCodes.BadInput, "findNavMeshPathsInWorker", `"queries" must be a Float64Array of 4 numbers per query.`, { path: "queries" });
  if (service.mesh.revision !== service.sentRevision) {
    shareWorkerResource(service.pool, service.key, meshBytes(service.mesh, service.shared));
    service.sentRevision = service.mesh.revision;
  }
  const payload: FindPathsPayload = {
    key: service.key,
    version: getWorkerResourceVersion(service.pool, service.key),
    queries,
    algorithm: options.algorithm ?? "optimal",
  };
  return runWorkerTask<NavMeshPathBatch>(service.pool, "navmesh.findPaths", payload, {
    ...(options.transfer === true ? { transfer: [queries.buffer] } : {}),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
}

/**
 * A tiled voxel build shared with a worker pool: the {@link TiledNavMeshInput} (plain data) goes to
 * every worker once; tiles are then built where the pool has room. Create with
 * {@link createNavMeshTileBuildService}.
 */
export interface NavMeshTileBuildService {
  /** The pool the service uses. */
  readonly pool: WorkerPool;
  /** The input every worker holds. */
  readonly input: TiledNavMeshInput;
  /** The resource key (`"navmesh-tiles"` or `"navmesh-tiles:<name>"`). */
  readonly key: string;
}

/**
 * Sends `input` (from `createTiledNavMeshInput`) to every worker of `pool` (created with
 * {@link NAVMESH_WORKER_HANDLERS}) and returns the service that builds its tiles there.
 *
 * @param pool - a core worker pool created with `handlers: NAVMESH_WORKER_HANDLERS` (else `NAVMESH_BAD_INPUT`); `input` is shared with each of its workers
 * @param input - tiled build input from `createTiledNavMeshInput`, kept by the service
 * @param options - `name`: the resource key becomes `navmesh-tiles:<name>` (for several inputs on one pool)
 */
export function createNavMeshTileBuildService(pool: WorkerPool, input: TiledNavMeshInput, options: { readonly name?: string } = {}): NavMeshTileBuildService {
  if (!pool.handlers.has("navmesh.buildTiles"))
    throw navMeshError(
      NavMeshErrorCodes.BadInput,
      "createNavMeshTileBuildService",
      'the pool does not declare "navmesh.buildTiles"; create it with handlers: NAVMESH_WORKER_HANDLERS.',
      {
        path: "pool",
      },
    );
  const key = options.name === undefined ? "navmesh-tiles" : `navmesh-tiles:${options.name}`;
  shareWorkerResource(pool, key, input);
  return { pool, input, key };
}

/** What {@link buildNavMeshTilesInWorkers} resolves to. */
export interface NavMeshTileBuildsResult {
  /** `WorkerTaskStatus.Done` when every batch finished, else the first other status. */
  readonly status: number;
  /** The builds in the order of `tiles` (complete only when `status` is Done). */
  readonly builds: NavMeshTileBuild[];
  /** The first worker error, if any. */
  readonly error: WorkerTaskResult["error"];
}

/** Options of {@link buildNavMeshTilesInWorkers}. */
export interface BuildNavMeshTilesInWorkersOptions {
  /** The tiles to build as x, y pairs (tile column, row); default: every tile of the input, row by row. */
  readonly tiles?: ArrayLike<number>;
  /** Aborts the batches not yet run (each batch resolves with the abort error). */
  readonly signal?: AbortSignalLike;
}

/**
 * Builds `options.tiles` (x, y pairs; default: every tile of the input, row by row) on the pool's workers,
 * one batch per worker, and resolves with the builds in the order asked. Each build equals
 * `buildNavMeshTile(service.input, x, y)` on the main thread; `assembleNavMeshTiles(builds)` then
 * gives the same bytes as `buildTiledNavMesh`. Never rejects.
 *
 * @example
 * ```ts
 * const { main, worker } = createInlineWorkerChannel(); // a real page: Web Workers
 * serveWorker(worker, navMeshWorkerHandlers(), { resources: navMeshWorkerResources() });
 * const pool = createWorkerPool({ endpoints: [main], handlers: NAVMESH_WORKER_HANDLERS });
 * const input = createTiledNavMeshInput([0, 0, 0, 40, 0, 0, 40, 0, 10, 0, 0, 10], [0, 2, 1, 0, 3, 2], { ...VoxelConfigPresets.default, tileSize: 64 });
 * buildNavMeshTilesInWorkers(createNavMeshTileBuildService(pool, input)).then((r) => {
 *   const mesh = assembleNavMeshTiles(r.builds); // 3 tiles, as buildTiledNavMesh(input)
 *   console.log(Object.keys(mesh.tiles).length); // 3
 *   closeWorkerPool(pool);
 * });
 * ```
 *
 * @param service - The pool and the tiled input the workers hold (see {@link createNavMeshTileBuildService}).
 * @param options - `tiles`: x, y pairs of the tiles to build (default every tile); `signal`: cancels the queued batches.
 */
export async function buildNavMeshTilesInWorkers(
  service: NavMeshTileBuildService,
  options: BuildNavMeshTilesInWorkersOptions = {},
): Promise<NavMeshTileBuildsResult> {
  const input = service.input;
  const tiles = options.tiles;
  let all: Int32Array;
  if (tiles === undefined) {
    all = new Int32Array(2 * input.tilesX * input.tilesY);
    for (let y = 0, k = 0; y < input.tilesY; y++) {
      for (let x = 0; x < input.tilesX; x++, k += 2) {
        all[k] = x;
        all[k + 1] = y;
      }
    }
  } else {
    if (typeof tiles !== "object" || tiles === null || tiles.length % 2 !== 0)
      throw navMeshError(NavMeshErrorCodes.BadInput, "buildNavMeshTilesInWorkers", `"options.tiles" must hold x, y pairs.`, { path: "options.tiles" });
    all = Int32Array.from(tiles);
  }
  const count = all.length / 2;
  const workers = Math.max(1, Math.min(service.pool.endpoints.length, count));
  const version = getWorkerResourceVersion(service.pool, service.key);
  const jobs: Promise<WorkerTaskResult<NavMeshTileBuild[]>>[] = [];
  for (let w = 0; w < workers; w++) {
    // Contiguous chunks keep the order simple to restore.
    const from = Math.floor((w * count) / workers),
      to = Math.floor(((w + 1) * count) / workers);
    const payload: BuildTilesPayload = { key: service.key, version, tiles: all.slice(2 * from, 2 * to) };
    jobs.push(runWorkerTask<NavMeshTileBuild[]>(service.pool, "navmesh.buildTiles", payload, options.signal === undefined ? {} : { signal: options.signal }));
  }
  const results = await Promise.all(jobs);
  const builds: NavMeshTileBuild[] = [];
  for (const r of results) {
    if (r.status !== WorkerTaskStatus.Done) return { status: r.status, builds, error: r.error };
    builds.push(...r.value!);
  }
  return { status: WorkerTaskStatus.Done, builds, error: undefined };
}
