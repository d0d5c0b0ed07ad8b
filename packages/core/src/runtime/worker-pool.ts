import { TacticaError, isTacticaError } from "../errors/errors";

/**
 * A message channel seen from one side, reduced to the two things the pool needs. Core imports
 * neither the DOM nor Node built-ins: {@link endpointFromWebWorker} and
 * {@link endpointFromNodeWorker} wrap an already-created Web Worker (or a worker's `self`) or a
 * `worker_threads` Worker (or `parentPort`), and tests may pass any object of this shape.
 */
export interface WorkerEndpoint {
  /** Sends `message`; the objects in `transfer` (ArrayBuffers, ports) change owner with it. */
  post(message: unknown, transfer?: readonly unknown[]): void;
  /** Calls `listener` with every message received; returns the function that stops listening. */
  listen(listener: (message: unknown) => void): () => void;
}

/** The part of a Web `Worker` (or a dedicated worker's global `self`) that {@link endpointFromWebWorker} uses. */
export interface WebWorkerLike {
  /** `Worker.postMessage(message, transfer)`. */
  postMessage(message: unknown, transfer: unknown[]): void;
  /** `addEventListener("message", …)`. */
  addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void;
  /** `removeEventListener("message", …)`. */
  removeEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void;
}

/** The part of a Node `worker_threads` `Worker` (or `parentPort`, a `MessagePort`) that {@link endpointFromNodeWorker} uses. */
export interface NodeWorkerLike {
  /** `worker.postMessage(value, transferList)`. */
  postMessage(message: unknown, transferList?: readonly unknown[]): void;
  /** `worker.on("message", …)`. */
  on(event: "message", listener: (message: unknown) => void): unknown;
  /** `worker.off("message", …)`. */
  off(event: "message", listener: (message: unknown) => void): unknown;
}

/**
 * Wraps a Web Worker, a dedicated worker's `self` or a `MessagePort` of the DOM as a {@link WorkerEndpoint}.
 * @param worker - A `Worker`, a worker's `self` or a DOM `MessagePort`; kept by reference (the endpoint adds and removes a
 *   `message` listener on it).
 */
export function endpointFromWebWorker(worker: WebWorkerLike): WorkerEndpoint {
  return {
    post(message, transfer) {
      worker.postMessage(message, transfer === undefined ? [] : (transfer as unknown[]));
    },
    listen(listener) {
      const onMessage = (event: { readonly data: unknown }): void => listener(event.data);
      worker.addEventListener("message", onMessage);
      return () => worker.removeEventListener("message", onMessage);
    },
  };
}

/**
 * Wraps a Node `worker_threads` `Worker`, `parentPort` or `MessagePort` as a {@link WorkerEndpoint}.
 * @param worker - A `worker_threads` `Worker`, `parentPort` or `MessagePort`; kept by reference (the endpoint adds and removes a
 *   `message` listener on it).
 */
export function endpointFromNodeWorker(worker: NodeWorkerLike): WorkerEndpoint {
  return {
    post(message, transfer) {
      if (transfer === undefined || transfer.length === 0) worker.postMessage(message);
      else worker.postMessage(message, transfer);
    },
    listen(listener) {
      const onMessage = (message: unknown): void => listener(message);
      worker.on("message", onMessage);
      return () => {
        worker.off("message", onMessage);
      };
    },
  };
}

/** The host functions the inline channel needs (in every browser and in Node ≥ 17; core's lib has no DOM types). */
interface HostGlobals {
  structuredClone(value: unknown, options?: { transfer?: unknown[] }): unknown;
  queueMicrotask(callback: () => void): void;
}

/** The two ends of {@link createInlineWorkerChannel}. */
export interface InlineWorkerChannel {
  /** The end a pool uses. */
  readonly main: WorkerEndpoint;
  /** The end {@link serveWorker} uses. */
  readonly worker: WorkerEndpoint;
}

/**
 * Two connected endpoints in the same thread: messages are structured-cloned (transfer lists are
 * honoured) and delivered asynchronously, in order, like a real worker's. For platforms without
 * workers (the same code path runs inline), for tests, and for debugging a handler with the
 * ordinary debugger.
 */
export function createInlineWorkerChannel(): InlineWorkerChannel {
  const listeners: [((m: unknown) => void)[], ((m: unknown) => void)[]] = [[], []];
  const side = (i: 0 | 1): WorkerEndpoint => ({
    post(message, transfer) {
      const host = globalThis as unknown as HostGlobals;
      const copy =
        transfer === undefined || transfer.length === 0 ? host.structuredClone(message) : host.structuredClone(message, { transfer: transfer as unknown[] });
      host.queueMicrotask(() => {
        for (const l of listeners[1 - i]!) l(copy);
      });
    },
    listen(listener) {
      listeners[i].push(listener);
      return () => {
        const k = listeners[i].indexOf(listener);
        if (k >= 0) listeners[i].splice(k, 1);
      };
    },
  });
  return { main: side(0), worker: side(1) };
}

/**
 * Outcome bits of a worker task. Cancellation, a full queue and a failing handler are results,
 * not exceptions, so a frame loop can `await` without try/catch.
 */
export const WorkerTaskStatus = {
  /** The handler returned; `value` holds its result. */
  Done: 1,
  /** The handler threw (or the worker has no such handler); `error` says what happened. */
  Failed: 2,
  /** Cancelled through `options.signal` before the result arrived (a late result is dropped). */
  Cancelled: 4,
  /** Not queued: the pool's queue was full (backpressure) or the pool is closed. */
  Rejected: 8,
} as const;

/** An error reported by a worker: the `code`, `message` and `path` of the `TacticaError` it threw (`CORE_WORKER` for any other error). */
export interface WorkerTaskError {
  /** `TacticaError.code`, or `CORE_WORKER`. */
  readonly code: string;
  /** The error message. */
  readonly message: string;
  /** `TacticaError.path`, when the error had one. */
  readonly path?: string;
}

/** What a {@link runWorkerTask} promise resolves to (it never rejects). */
export interface WorkerTaskResult<T = unknown> {
  /** One {@link WorkerTaskStatus} bit. */
  readonly status: number;
  /** The handler's result when `status` is `Done`. */
  readonly value: T | undefined;
  /** What went wrong when `status` is `Failed`. */
  readonly error: WorkerTaskError | undefined;
  /** Index of the endpoint that ran the task (-1 if none did). */
  readonly worker: number;
}

/** Something that can be aborted: the standard `AbortSignal` fits. */
export interface AbortSignalLike {
  /** True once aborted. */
  readonly aborted: boolean;
  /** Registers the abort listener. */
  addEventListener(type: "abort", listener: () => void): void;
  /** Removes it again. */
  removeEventListener(type: "abort", listener: () => void): void;
}

/** Options of {@link createWorkerPool}. */
export interface CreateWorkerPoolOptions {
  /** One endpoint per worker (at least one). The pool listens to each until {@link closeWorkerPool}. */
  readonly endpoints: readonly WorkerEndpoint[];
  /** Names of the handlers the workers serve; calling any other name throws `CORE_WORKER`. */
  readonly handlers: readonly string[];
  /**
   * Tasks sent to one worker before its earlier ones have answered (default 2: the next batch is
   * already there when a worker finishes). 1 gives strict one-at-a-time dispatch.
   */
  readonly maxInFlightPerWorker?: number;
  /** Tasks waiting for a free worker before {@link runWorkerTask} answers `Rejected` (default 1024). */
  readonly maxQueued?: number;
}

/** Counters of a {@link WorkerPool}, for profiling and backpressure decisions. */
export interface WorkerPoolStats {
  /** Tasks handed to workers. */
  sent: number;
  /** Tasks that finished `Done`. */
  done: number;
  /** Tasks that finished `Failed`. */
  failed: number;
  /** Tasks cancelled. */
  cancelled: number;
  /** Tasks refused because the queue was full or the pool closed. */
  rejected: number;
  /** Tasks waiting for a worker now. */
  queued: number;
  /** Tasks sent and not yet answered now. */
  inFlight: number;
}

interface Pending {
  id: number;
  name: string;
  payload: unknown;
  transfer: readonly unknown[] | undefined;
  worker: number;
  settled: boolean;
  resolve: (result: WorkerTaskResult) => void;
  signal: AbortSignalLike | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * A pool of workers answering named tasks. Create it with {@link createWorkerPool}; the fields
 * are read-only for callers (use the functions).
 */
export interface WorkerPool {
  /** The endpoints, one per worker. */
  readonly endpoints: readonly WorkerEndpoint[];
  /** The declared handler names. */
  readonly handlers: ReadonlySet<string>;
  /** Live counters. */
  readonly stats: WorkerPoolStats;
  /** Most tasks in flight per worker. */
  readonly maxInFlightPerWorker: number;
  /** Most tasks waiting. */
  readonly maxQueued: number;
  /** @internal */ readonly inFlight: number[];
  /** @internal */ readonly pending: Map<number, Pending>;
  /** @internal */ readonly queue: Pending[];
  /** @internal */ queueHead: number;
  /** @internal */ nextId: number;
  /** @internal */ closed: boolean;
  /** @internal */ readonly unlisten: (() => void)[];
  /** @internal */ readonly resourceVersions: Map<string, number>;
}

/** Messages of the pool protocol carry this marker, so a worker can share its channel with other traffic. */
const TAG = "tactica.worker";

interface CallMessage {
  tag: typeof TAG;
  kind: "call";
  id: number;
  name: string;
  payload: unknown;
}
interface CancelMessage {
  tag: typeof TAG;
  kind: "cancel";
  id: number;
}
interface ResourceMessage {
  tag: typeof TAG;
  kind: "resource";
  key: string;
  version: number;
  payload: unknown;
}
interface ResultMessage {
  tag: typeof TAG;
  kind: "result";
  id: number;
  status: number;
  value: unknown;
  error: WorkerTaskError | undefined;
}

function workerError(fn: string, message: string, path?: string): TacticaError {
  return new TacticaError("CORE_WORKER", `@tactica/core: ${fn}: ${message}`, path === undefined ? {} : { path });
}

function isProtocolMessage(m: unknown): m is { tag: typeof TAG; kind: string } {
  return typeof m === "object" && m !== null && (m as { tag?: unknown }).tag === TAG;
}

function positiveInteger(fn: string, name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw workerError(fn, `"${name}" must be a positive integer, got ${String(value)}.`, name);
  return value;
}

/**
 * Creates a pool over already-created workers. Each worker runs {@link serveWorker} with handlers
 * of the names declared here. Tasks go to the worker with the fewest tasks in flight (lowest index
 * on ties); when every worker has `maxInFlightPerWorker` tasks, they wait in a FIFO queue of at most
 * `maxQueued`, and beyond that {@link runWorkerTask} answers `Rejected` at once (backpressure).
 *
 * @param options - `endpoints` (one {@link WorkerEndpoint} per worker, at least one), `handlers` (the handler names the workers
 *   serve), and the in-flight and queue limits (`maxInFlightPerWorker`, `maxQueued`).
 * @returns A new open pool listening to every endpoint.
 * @example
 * ```ts
 * // A real page: endpointFromWebWorker(new Worker(new URL("./ai-worker.ts", import.meta.url), { type: "module" }))
 * // and in ai-worker.ts: serveWorker(endpointFromWebWorker(self), { sum }). Here both ends run inline.
 * const { main, worker } = createInlineWorkerChannel();
 * serveWorker(worker, { sum: (p) => (p as number[]).reduce((a, b) => a + b, 0) });
 * const pool = createWorkerPool({ endpoints: [main], handlers: ["sum"] });
 * runWorkerTask<number>(pool, "sum", [1, 2, 3]).then((r) => {
 *   console.log(r.status === WorkerTaskStatus.Done, r.value); // true 6
 *   closeWorkerPool(pool);
 * });
 * ```
 */
export function createWorkerPool(options: CreateWorkerPoolOptions): WorkerPool {
  const fn = "createWorkerPool";
  if (typeof options !== "object" || options === null) throw workerError(fn, `"options" must be an object with "endpoints" and "handlers".`, "options");
  const { endpoints, handlers } = options;
  if (!Array.isArray(endpoints) || endpoints.length === 0)
    throw workerError(fn, `"endpoints" must be a non-empty array of WorkerEndpoint (one per worker).`, "endpoints");
  endpoints.forEach((e: unknown, i) => {
    if (typeof e !== "object" || e === null || typeof (e as WorkerEndpoint).post !== "function" || typeof (e as WorkerEndpoint).listen !== "function")
      throw workerError(fn, `endpoints[${i}] is not a WorkerEndpoint; wrap a worker with endpointFromWebWorker or endpointFromNodeWorker.`, `endpoints[${i}]`);
  });
  if (!Array.isArray(handlers) || handlers.length === 0) throw workerError(fn, `"handlers" must list the handler names the workers serve.`, "handlers");
  const names = new Set<string>();
  handlers.forEach((h: unknown, i) => {
    if (typeof h !== "string" || h.length === 0) throw workerError(fn, `handlers[${i}] must be a non-empty string.`, `handlers[${i}]`);
    if (names.has(h)) throw workerError(fn, `handler "${h}" is declared twice.`, `handlers[${i}]`);
    names.add(h);
  });
  const maxInFlightPerWorker = positiveInteger(fn, "maxInFlightPerWorker", options.maxInFlightPerWorker ?? 2);
  const maxQueued = options.maxQueued === undefined ? 1024 : options.maxQueued;
  if (!Number.isInteger(maxQueued) || maxQueued < 0) throw workerError(fn, `"maxQueued" must be an integer ≥ 0, got ${String(maxQueued)}.`, "maxQueued");
  const pool: WorkerPool = {
    endpoints: endpoints.slice(),
    handlers: names,
    stats: { sent: 0, done: 0, failed: 0, cancelled: 0, rejected: 0, queued: 0, inFlight: 0 },
    maxInFlightPerWorker,
    maxQueued,
    inFlight: endpoints.map(() => 0),
    pending: new Map(),
    queue: [],
    queueHead: 0,
    nextId: 1,
    closed: false,
    unlisten: [],
    resourceVersions: new Map(),
  };
  pool.endpoints.forEach((endpoint, w) => {
    pool.unlisten.push(endpoint.listen((message) => onResult(pool, w, message)));
  });
  return pool;
}

function settle(pool: WorkerPool, p: Pending, result: WorkerTaskResult): void {
  if (p.settled) return;
  p.settled = true;
  if (p.signal !== undefined && p.onAbort !== undefined) p.signal.removeEventListener("abort", p.onAbort);
  const s = pool.stats;
  if (result.status === WorkerTaskStatus.Done) s.done++;
  else if (result.status === WorkerTaskStatus.Failed) s.failed++;
  else if (result.status === WorkerTaskStatus.Cancelled) s.cancelled++;
  else s.rejected++;
  p.resolve(result);
}

function onResult(pool: WorkerPool, worker: number, message: unknown): void {
  if (!isProtocolMessage(message) || message.kind !== "result") return;
  const m = message as ResultMessage;
  const p = pool.pending.get(m.id);
  if (p === undefined || p.worker !== worker) return;
  pool.pending.delete(m.id);
  pool.inFlight[worker]!--;
  pool.stats.inFlight--;
  if (m.status === WorkerTaskStatus.Done) settle(pool, p, { status: WorkerTaskStatus.Done, value: m.value, error: undefined, worker });
  else if (m.status === WorkerTaskStatus.Cancelled) settle(pool, p, { status: WorkerTaskStatus.Cancelled, value: undefined, error: undefined, worker });
  else {
    const e = m.error;
    const error: WorkerTaskError =
      typeof e === "object" && e !== null && typeof e.code === "string" && typeof e.message === "string"
        ? e
        : { code: "CORE_WORKER", message: "@tactica/core: the worker answered with a malformed error." };
    settle(pool, p, { status: WorkerTaskStatus.Failed, value: undefined, error, worker });
  }
  dispatch(pool);
}

function pickWorker(pool: WorkerPool): number {
  let best = -1;
  let bestLoad = pool.maxInFlightPerWorker;
  for (let w = 0; w < pool.inFlight.length; w++) {
    const load = pool.inFlight[w]!;
    if (load < bestLoad) {
      best = w;
      bestLoad = load;
    }
  }
  return best;
}

function send(pool: WorkerPool, p: Pending, worker: number): void {
  p.worker = worker;
  pool.inFlight[worker]!++;
  pool.stats.inFlight++;
  pool.stats.sent++;
  pool.pending.set(p.id, p);
  const message: CallMessage = { tag: TAG, kind: "call", id: p.id, name: p.name, payload: p.payload };
  p.payload = undefined; // the pool keeps no reference to (possibly transferred) input
  try {
    pool.endpoints[worker]!.post(message, p.transfer);
  } catch (e) {
    pool.pending.delete(p.id);
    pool.inFlight[worker]!--;
    pool.stats.inFlight--;
    settle(pool, p, { status: WorkerTaskStatus.Failed, value: undefined, error: toTaskError(e), worker });
  }
  p.transfer = undefined;
}

function dispatch(pool: WorkerPool): void {
  const q = pool.queue;
  while (pool.queueHead < q.length) {
    const p = q[pool.queueHead]!;
    if (p.settled) {
      pool.queueHead++;
      continue;
    }
    const w = pickWorker(pool);
    if (w < 0) break;
    pool.queueHead++;
    pool.stats.queued--;
    send(pool, p, w);
  }
  if (pool.queueHead > 64 && pool.queueHead * 2 > q.length) {
    q.splice(0, pool.queueHead);
    pool.queueHead = 0;
  }
}

/** Options of {@link runWorkerTask}. */
export interface RunWorkerTaskOptions {
  /** Objects (ArrayBuffers) whose ownership moves to the worker with the payload. */
  readonly transfer?: readonly unknown[];
  /** Cancels the task: waiting tasks never run; running ones are told to stop and their result is dropped. */
  readonly signal?: AbortSignalLike;
}

/**
 * Runs the handler `name` on a worker with `payload` and resolves with its result. The promise
 * never rejects: a handler error, cancellation or a full queue come back as a
 * {@link WorkerTaskResult} status. Throws `CORE_WORKER` only for a programming error: a handler
 * name not declared at {@link createWorkerPool}.
 * @param pool - The pool; the task joins a worker or the queue.
 * @param name - A handler name declared in {@link createWorkerPool}'s `handlers`.
 * @param payload - The task's input, structured-cloned to the worker (ArrayBuffers listed in `options.transfer` are moved
 *   instead).
 * @param options - `transfer`: buffers to move with the payload; `signal`: an abort signal that cancels the task. Left out: copy
 *   everything, no cancellation.
 */
export function runWorkerTask<T = unknown>(pool: WorkerPool, name: string, payload: unknown, options: RunWorkerTaskOptions = {}): Promise<WorkerTaskResult<T>> {
  if (!pool.handlers.has(name))
    throw workerError(
      "runWorkerTask",
      `no handler "${String(name)}"; the pool declares ${[...pool.handlers].map((h) => `"${h}"`).join(", ")}. Declare it in createWorkerPool({ handlers }).`,
      "name",
    );
  return new Promise<WorkerTaskResult<T>>((resolve) => {
    const p: Pending = {
      id: pool.nextId++,
      name,
      payload,
      transfer: options.transfer,
      worker: -1,
      settled: false,
      resolve: resolve as (r: WorkerTaskResult) => void,
      signal: options.signal,
      onAbort: undefined,
    };
    if (pool.closed) {
      settle(pool, p, { status: WorkerTaskStatus.Rejected, value: undefined, error: undefined, worker: -1 });
      return;
    }
    const signal = options.signal;
    if (signal !== undefined) {
      if (signal.aborted) {
        settle(pool, p, { status: WorkerTaskStatus.Cancelled, value: undefined, error: undefined, worker: -1 });
        return;
      }
      p.onAbort = () => cancel(pool, p);
      signal.addEventListener("abort", p.onAbort);
    }
    const w = pickWorker(pool);
    if (w >= 0 && pool.queueHead === pool.queue.length) {
      send(pool, p, w);
      return;
    }
    if (pool.stats.queued >= pool.maxQueued) {
      settle(pool, p, { status: WorkerTaskStatus.Rejected, value: undefined, error: undefined, worker: -1 });
      return;
    }
    pool.queue.push(p);
    pool.stats.queued++;
  });
}

function cancel(pool: WorkerPool, p: Pending): void {
  if (p.settled) return;
  if (p.worker < 0) {
    // Still queued: dispatch skips settled entries.
    pool.stats.queued--;
    p.payload = undefined;
    settle(pool, p, { status: WorkerTaskStatus.Cancelled, value: undefined, error: undefined, worker: -1 });
    return;
  }
  const message: CancelMessage = { tag: TAG, kind: "cancel", id: p.id };
  try {
    pool.endpoints[p.worker]!.post(message);
  } catch {
    // The worker is gone; the task is cancelled either way.
  }
  // The worker stays busy until it answers, so its slot is freed by that answer (onResult).
  settle(pool, p, { status: WorkerTaskStatus.Cancelled, value: undefined, error: undefined, worker: p.worker });
}

/**
 * Sends a named resource (a navmesh, a grid) to every worker once, so later tasks refer to it by
 * `key` instead of carrying it. Returns the new version (1, 2, … per key); a worker decodes the
 * payload with the decoder registered for `key` in {@link serveWorker} and hands the result to
 * handlers through {@link WorkerCallContext.getResource}. Messages on one channel arrive in order, so
 * a task run after this call sees the new version. The payload is cloned for each worker (no
 * transfer list: one buffer cannot move to several workers); put a `SharedArrayBuffer` in it to
 * share memory instead where the page allows it.
 * @param pool - An open pool; the resource is posted to every worker.
 * @param key - Non-empty resource name (`"navmesh"`, or `"navmesh:level2"` to reuse the `"navmesh"` decoder).
 * @param payload - The resource's data, structured-cloned once per worker (not transferred).
 */
export function shareWorkerResource(pool: WorkerPool, key: string, payload: unknown): number {
  if (typeof key !== "string" || key.length === 0) throw workerError("shareWorkerResource", `"key" must be a non-empty string.`, "key");
  if (pool.closed) throw workerError("shareWorkerResource", "the pool is closed.", "pool");
  const version = (pool.resourceVersions.get(key) ?? 0) + 1;
  pool.resourceVersions.set(key, version);
  const message: ResourceMessage = { tag: TAG, kind: "resource", key, version, payload };
  for (const endpoint of pool.endpoints) endpoint.post(message);
  return version;
}

/**
 * The version of `key` last sent by {@link shareWorkerResource} (0 if never).
 * @param pool - The pool to read.
 * @param key - The resource name.
 */
export function getWorkerResourceVersion(pool: WorkerPool, key: string): number {
  return pool.resourceVersions.get(key) ?? 0;
}

/**
 * Stops listening to the workers and resolves every waiting or running task as `Cancelled`; later
 * calls to {@link runWorkerTask} resolve `Rejected`. The workers themselves belong to the caller
 * (terminate them yourself).
 * @param pool - The pool to close in place; closing twice does nothing.
 */
export function closeWorkerPool(pool: WorkerPool): void {
  if (pool.closed) return;
  pool.closed = true;
  for (const stop of pool.unlisten) stop();
  pool.unlisten.length = 0;
  for (let i = pool.queueHead; i < pool.queue.length; i++) {
    const p = pool.queue[i]!;
    if (!p.settled) settle(pool, p, { status: WorkerTaskStatus.Cancelled, value: undefined, error: undefined, worker: -1 });
  }
  pool.queue.length = 0;
  pool.queueHead = 0;
  pool.stats.queued = 0;
  for (const p of pool.pending.values()) settle(pool, p, { status: WorkerTaskStatus.Cancelled, value: undefined, error: undefined, worker: p.worker });
  pool.pending.clear();
  pool.inFlight.fill(0);
  pool.stats.inFlight = 0;
}

// ---------------------------------------------------------------------------------------------
// Worker side

/** What a handler receives besides its payload. */
export interface WorkerCallContext {
  /** True once the caller cancelled this task; a long handler checks it between chunks and returns early. */
  isCancelled(): boolean;
  /** The decoded resource `key` (see {@link shareWorkerResource}); throws `CORE_WORKER` if none arrived or decoding failed. */
  getResource<T = unknown>(key: string): T;
  /** The version of resource `key` this worker holds (0 if none). */
  getResourceVersion(key: string): number;
  /** Marks objects of the result (ArrayBuffers) to transfer back instead of copying them. */
  transfer(list: readonly unknown[]): void;
}

/** A task handler run in a worker. It may return a value or a promise of one; throwing fails the task. */
export type WorkerHandler = (payload: unknown, context: WorkerCallContext) => unknown;

/** Options of {@link serveWorker}. */
export interface ServeWorkerOptions {
  /**
   * A decoder per resource key, run once per {@link shareWorkerResource} call (e.g. bytes → navmesh).
   * A key `"name:rest"` without its own decoder uses the decoder of `"name"`; a key without any
   * decoder is stored as it arrived.
   */
  readonly resources?: Readonly<Record<string, (payload: unknown) => unknown>>;
}

function toTaskError(e: unknown): WorkerTaskError {
  if (isTacticaError(e)) return e.path === undefined ? { code: e.code, message: e.message } : { code: e.code, message: e.message, path: e.path };
  const message = e instanceof Error ? e.message : String(e);
  return { code: "CORE_WORKER", message: `@tactica/core: a worker handler threw: ${message}` };
}

/**
 * Serves tasks on the worker side of `endpoint` with `handlers` (name → function). Tasks run in
 * arrival order; an async handler's result is sent when it settles. Returns a function that stops
 * serving. Handler names that the worker does not have fail the task with `CORE_WORKER`.
 *
 * In a Node worker file: `serveWorker(endpointFromNodeWorker(parentPort!), handlers)`; in a Web
 * Worker: `serveWorker(endpointFromWebWorker(self), handlers)`. See {@link createWorkerPool}'s example.
 * @param endpoint - The worker side of the channel (`endpointFromWebWorker(self)`, `endpointFromNodeWorker(parentPort)`).
 * @param handlers - Task handlers by name; each gets the payload and a {@link WorkerCallContext} and returns a value or a
 *   promise.
 * @param options - `resources`: a decoder per resource key, run once per shared version (default none: resources are stored as
 *   they arrive).
 */
export function serveWorker(endpoint: WorkerEndpoint, handlers: Readonly<Record<string, WorkerHandler>>, options: ServeWorkerOptions = {}): () => void {
  const fn = "serveWorker";
  if (typeof endpoint !== "object" || endpoint === null || typeof endpoint.post !== "function" || typeof endpoint.listen !== "function")
    throw workerError(fn, `"endpoint" is not a WorkerEndpoint; wrap it with endpointFromWebWorker or endpointFromNodeWorker.`, "endpoint");
  if (typeof handlers !== "object" || handlers === null) throw workerError(fn, `"handlers" must be an object of functions.`, "handlers");
  const table = new Map<string, WorkerHandler>();
  for (const name of Object.keys(handlers)) {
    const h = handlers[name];
    if (typeof h !== "function") throw workerError(fn, `handlers.${name} is not a function.`, `handlers.${name}`);
    table.set(name, h);
  }
  const decoders = new Map<string, (payload: unknown) => unknown>();
  for (const key of Object.keys(options.resources ?? {})) {
    const d = options.resources![key];
    if (typeof d !== "function") throw workerError(fn, `resources.${key} is not a function.`, `resources.${key}`);
    decoders.set(key, d);
  }
  const resources = new Map<string, { version: number; value: unknown; error: WorkerTaskError | undefined }>();
  const cancelled = new Set<number>();
  const running = new Set<number>();
  const reply = (id: number, status: number, value: unknown, error: WorkerTaskError | undefined, transfer: readonly unknown[] | undefined): void => {
    running.delete(id);
    cancelled.delete(id);
    const message: ResultMessage = { tag: TAG, kind: "result", id, status, value, error };
    try {
      endpoint.post(message, transfer);
    } catch (e) {
      endpoint.post({ tag: TAG, kind: "result", id, status: WorkerTaskStatus.Failed, value: undefined, error: toTaskError(e) } satisfies ResultMessage);
    }
  };
  const onMessage = (message: unknown): void => {
    if (!isProtocolMessage(message)) return;
    if (message.kind === "cancel") {
      const id = (message as CancelMessage).id;
      if (running.has(id)) cancelled.add(id);
      return;
    }
    if (message.kind === "resource") {
      const m = message as ResourceMessage;
      const decode = decoders.get(m.key) ?? decoders.get(m.key.split(":", 1)[0]!);
      try {
        resources.set(m.key, { version: m.version, value: decode === undefined ? m.payload : decode(m.payload), error: undefined });
      } catch (e) {
        resources.set(m.key, { version: m.version, value: undefined, error: toTaskError(e) });
      }
      return;
    }
    if (message.kind !== "call") return;
    const m = message as CallMessage;
    const id = m.id;
    const handler = table.get(m.name);
    if (handler === undefined) {
      reply(
        id,
        WorkerTaskStatus.Failed,
        undefined,
        { code: "CORE_WORKER", message: `@tactica/core: serveWorker: this worker has no handler "${String(m.name)}".`, path: "name" },
        undefined,
      );
      return;
    }
    running.add(id);
    let transfer: readonly unknown[] | undefined;
    const context: WorkerCallContext = {
      isCancelled: () => cancelled.has(id),
      getResource<T>(key: string): T {
        const r = resources.get(key);
        if (r === undefined) throw workerError("getResource", `no resource "${key}" has been shared with this worker; call shareWorkerResource first.`, key);
        if (r.error !== undefined) throw new TacticaError("CORE_WORKER", `${r.error.message} (while decoding resource "${key}")`, { path: key });
        return r.value as T;
      },
      getResourceVersion: (key) => resources.get(key)?.version ?? 0,
      transfer(list) {
        transfer = list;
      },
    };
    let result: unknown;
    try {
      result = handler(m.payload, context);
    } catch (e) {
      reply(id, WorkerTaskStatus.Failed, undefined, toTaskError(e), undefined);
      return;
    }
    if (typeof result === "object" && result !== null && typeof (result as PromiseLike<unknown>).then === "function") {
      (result as PromiseLike<unknown>).then(
        (value) => {
          if (cancelled.has(id)) reply(id, WorkerTaskStatus.Cancelled, undefined, undefined, undefined);
          else reply(id, WorkerTaskStatus.Done, value, undefined, transfer);
        },
        (e: unknown) => reply(id, WorkerTaskStatus.Failed, undefined, toTaskError(e), undefined),
      );
      return;
    }
    if (cancelled.has(id)) reply(id, WorkerTaskStatus.Cancelled, undefined, undefined, undefined);
    else reply(id, WorkerTaskStatus.Done, result, undefined, transfer);
  };
  return endpoint.listen(onMessage);
}
