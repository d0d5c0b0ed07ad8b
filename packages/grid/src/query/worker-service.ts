import {
  getWorkerResourceVersion,
  invalidArgument,
  runWorkerTask,
  shareWorkerResource,
  type AbortSignalLike,
  type WorkerHandler,
  type WorkerPool,
  type WorkerTaskResult,
} from "@tactica/core";
import { gridFromJson, gridToJson } from "../io/serialize";
import type { Grid } from "../model/grid";
import { findGridPathBatch, gridPathBatchBuffers, type GridBatchSolver, type GridPathBatch } from "./path-batch";

/** Handler names a pool needs for a {@link GridPathService}: pass them to `createWorkerPool({ handlers })`. */
export const GRID_WORKER_HANDLERS: readonly string[] = ["grid.findPaths"];

interface FindPathsPayload {
  key: string;
  version: number;
  queries: Int32Array;
  solver: GridBatchSolver;
}

/**
 * The worker side of a {@link GridPathService}: handlers for core's `serveWorker`, used with
 * {@link gridWorkerResources}.
 *
 * @example
 * ```ts
 * // In grid-worker.ts: serveWorker(endpointFromWebWorker(self), gridWorkerHandlers(), { resources: gridWorkerResources() }).
 * // Here the worker runs inline:
 * const { main, worker } = createInlineWorkerChannel();
 * serveWorker(worker, gridWorkerHandlers(), { resources: gridWorkerResources() });
 * const pool = createWorkerPool({ endpoints: [main], handlers: GRID_WORKER_HANDLERS });
 * const service = createGridPathService(pool, createGrid(8, 8));
 * findGridPathsInWorker(service, new Int32Array([0, 0, 7, 7])).then((r) => {
 *   console.log(r.value?.cellStart[1]); // 8 cells on the diagonal
 *   closeWorkerPool(pool);
 * });
 * ```
 */
export function gridWorkerHandlers(): Record<string, WorkerHandler> {
  return {
    "grid.findPaths": (payload, context) => {
      const p = payload as FindPathsPayload;
      const where = "@tactica/grid: grid.findPaths";
      if (typeof p !== "object" || p === null || typeof p.key !== "string" || !(p.queries instanceof Int32Array))
        invalidArgument(where, "payload", "must be { key, version, queries: Int32Array, solver }", "Send requests with findGridPathsInWorker.");
      const held = context.getResourceVersion(p.key);
      if (held !== p.version)
        invalidArgument(where, "payload.version", `is ${p.version} but the worker holds version ${held}`, "Send requests with findGridPathsInWorker.");
      const batch = findGridPathBatch(context.getResource<Grid>(p.key), p.queries, { solver: p.solver });
      context.transfer(gridPathBatchBuffers(batch));
      return batch;
    },
  };
}

/** Resource decoders for the worker side: every key starting with `grid` is read with `gridFromJson`. */
export function gridWorkerResources(): Record<string, (payload: unknown) => unknown> {
  return { grid: (payload) => gridFromJson(payload) };
}

/**
 * A grid shared with a worker pool: sent once (as `gridToJson`), again only after edits (its
 * `version` changed); queries travel in batches. Create with {@link createGridPathService}.
 */
export interface GridPathService {
  /** The pool the service uses. */
  readonly pool: WorkerPool;
  /** The grid answered on. */
  readonly grid: Grid;
  /** The resource key (`"grid"` or `"grid:<name>"`). */
  readonly key: string;
  /** The grid version last sent. */
  sentVersion: number;
}

/** Options of {@link createGridPathService}. */
export interface CreateGridPathServiceOptions {
  /** A name when one pool serves several grids: the key becomes `grid:<name>`. */
  readonly name?: string;
}

/**
 * Shares `grid` with every worker of `pool` (created with {@link GRID_WORKER_HANDLERS}) and returns the service.
 *
 * @param pool - a core `WorkerPool` created with {@link GRID_WORKER_HANDLERS} (its workers receive the grid as a shared resource)
 * @param grid - the grid to answer on (kept by reference; sent now as {@link gridToJson}, and again when its {@link Grid.version} changes)
 * @param options - `name`: sets the resource key to `grid:<name>` when one pool serves several grids (default: key `"grid"`)
 */
export function createGridPathService(pool: WorkerPool, grid: Grid, options: CreateGridPathServiceOptions = {}): GridPathService {
  if (!pool.handlers.has("grid.findPaths"))
    invalidArgument("@tactica/grid: createGridPathService", "pool", 'does not declare "grid.findPaths"', "Create it with handlers: GRID_WORKER_HANDLERS.");
  const key = options.name === undefined ? "grid" : `grid:${options.name}`;
  shareWorkerResource(pool, key, gridToJson(grid));
  return { pool, grid, key, sentVersion: grid.version };
}

/** Options of {@link findGridPathsInWorker}. */
export interface FindGridPathsInWorkerOptions {
  /** As in `findGridPathBatch` (default `"astar"`). */
  readonly solver?: GridBatchSolver;
  /** Cancels the batch. */
  readonly signal?: AbortSignalLike;
  /** Move `queries`' buffer to the worker instead of copying it. Default false. */
  readonly transfer?: boolean;
}

/**
 * Answers a batch `(sx, sy, gx, gy)·n` on a worker; equal to `findGridPathBatch(service.grid, queries)`
 * on the main thread. An edited grid is re-sent first. Never rejects (see core's `runWorkerTask`).
 *
 * @param service - the service of the grid (from {@link createGridPathService}); its `sentVersion` is updated when an edited grid is re-sent
 * @param queries - flat `(sx, sy, gx, gy)` quadruples in cells, 4 entries per query (read; moved to the worker with `transfer: true`, copied otherwise)
 * @param options - `solver` (a {@link GridBatchSolver}, default `"astar"`), `signal` (cancels the batch) and `transfer` (default `false`: copy `queries`)
 */
export function findGridPathsInWorker(
  service: GridPathService,
  queries: Int32Array,
  options: FindGridPathsInWorkerOptions = {},
): Promise<WorkerTaskResult<GridPathBatch>> {
  if (!(queries instanceof Int32Array) || queries.length % 4 !== 0)
    invalidArgument("@tactica/grid: findGridPathsInWorker", "queries", "must be an Int32Array of 4 numbers per query", "Pack (sx, sy, gx, gy) per query.");
  if (service.grid.version !== service.sentVersion) {
    shareWorkerResource(service.pool, service.key, gridToJson(service.grid));
    service.sentVersion = service.grid.version;
  }
  const payload: FindPathsPayload = {
    key: service.key,
    version: getWorkerResourceVersion(service.pool, service.key),
    queries,
    solver: options.solver ?? "astar",
  };
  return runWorkerTask<GridPathBatch>(service.pool, "grid.findPaths", payload, {
    ...(options.transfer === true ? { transfer: [queries.buffer] } : {}),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
}
