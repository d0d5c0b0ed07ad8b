import { MessageChannel, type MessagePort } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import {
  TacticaError,
  WorkerTaskStatus,
  closeWorkerPool,
  createInlineWorkerChannel,
  createWorkerPool,
  endpointFromNodeWorker,
  endpointFromWebWorker,
  getWorkerResourceVersion,
  isTacticaError,
  runWorkerTask,
  serveWorker,
  shareWorkerResource,
  type WorkerEndpoint,
  type WorkerHandler,
} from "../../src/index";

const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports) p.close();
  ports.length = 0;
});

/** A pool side and a worker side joined by a real MessageChannel (structured clone, transfer lists, async delivery). */
function channel(): { main: WorkerEndpoint; worker: WorkerEndpoint } {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  return { main: endpointFromNodeWorker(port1), worker: endpointFromNodeWorker(port2) };
}

function workers(n: number, handlers: Record<string, WorkerHandler>, resources?: Record<string, (p: unknown) => unknown>): WorkerEndpoint[] {
  return Array.from({ length: n }, () => {
    const c = channel();
    serveWorker(c.worker, handlers, resources ? { resources } : {});
    return c.main;
  });
}

const sum: WorkerHandler = (p) => (p as Float64Array).reduce((a, b) => a + b, 0);

describe("worker pool", () => {
  it("runs a task and resolves Done with the value (the @example)", async () => {
    const pool = createWorkerPool({ endpoints: workers(1, { sum }), handlers: ["sum"] });
    const r = await runWorkerTask<number>(pool, "sum", new Float64Array([1, 2, 3]));
    expect(r.status).toBe(WorkerTaskStatus.Done);
    expect(r.value).toBe(6);
    expect(r.worker).toBe(0);
    expect(pool.stats).toMatchObject({ sent: 1, done: 1, inFlight: 0, queued: 0 });
    closeWorkerPool(pool);
  });

  it("throws CORE_WORKER for a handler name not declared", () => {
    const pool = createWorkerPool({ endpoints: workers(1, { sum }), handlers: ["sum"] });
    let err: unknown;
    try {
      void runWorkerTask(pool, "product", 1);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "CORE_WORKER")).toBe(true);
    expect((err as TacticaError).message).toContain('"sum"');
    closeWorkerPool(pool);
  });

  it("rejects bad pool options with CORE_WORKER and a path", () => {
    const bad: [unknown, string][] = [
      [{ endpoints: [], handlers: ["a"] }, "endpoints"],
      [{ endpoints: [{}], handlers: ["a"] }, "endpoints[0]"],
      [{ endpoints: workers(1, { sum }), handlers: [] }, "handlers"],
      [{ endpoints: workers(1, { sum }), handlers: ["a", "a"] }, "handlers[1]"],
      [{ endpoints: workers(1, { sum }), handlers: ["a"], maxInFlightPerWorker: 0 }, "maxInFlightPerWorker"],
      [{ endpoints: workers(1, { sum }), handlers: ["a"], maxQueued: -1 }, "maxQueued"],
    ];
    for (const [options, path] of bad) {
      try {
        createWorkerPool(options as never);
        expect.unreachable(path);
      } catch (e) {
        expect(isTacticaError(e, "CORE_WORKER")).toBe(true);
        expect((e as TacticaError).path).toBe(path);
      }
    }
    expect(() => serveWorker(channel().worker, { x: 3 as never })).toThrow(/handlers\.x is not a function/);
  });

  it("a handler error is a Failed result carrying the TacticaError's code and path", async () => {
    const pool = createWorkerPool({
      endpoints: workers(1, {
        bad: () => {
          throw new TacticaError("GRID_BAD_INPUT", "@tactica/grid: x is wrong", { path: "$.x" });
        },
        plain: () => {
          throw new Error("boom");
        },
        async: () => Promise.reject(new Error("later")),
      }),
      handlers: ["bad", "plain", "async", "missing"],
    });
    const a = await runWorkerTask(pool, "bad", null);
    expect(a.status).toBe(WorkerTaskStatus.Failed);
    expect(a.error).toEqual({ code: "GRID_BAD_INPUT", message: "@tactica/grid: x is wrong", path: "$.x" });
    const b = await runWorkerTask(pool, "plain", null);
    expect(b.error?.code).toBe("CORE_WORKER");
    expect(b.error?.message).toContain("boom");
    const c = await runWorkerTask(pool, "async", null);
    expect(c.error?.message).toContain("later");
    // Declared in the pool but the worker has no such handler.
    const d = await runWorkerTask(pool, "missing", null);
    expect(d.status).toBe(WorkerTaskStatus.Failed);
    expect(d.error?.code).toBe("CORE_WORKER");
    expect(pool.stats.failed).toBe(4);
    closeWorkerPool(pool);
  });

  it("spreads tasks over workers, keeps at most maxInFlightPerWorker each, and queues the rest in order", async () => {
    const seen: number[][] = [[], []];
    const make =
      (w: number): WorkerHandler =>
      async (p) => {
        seen[w]!.push(p as number);
        await new Promise((r) => setTimeout(r, 1));
        return (p as number) * 10;
      };
    const c0 = channel();
    const c1 = channel();
    serveWorker(c0.worker, { job: make(0) });
    serveWorker(c1.worker, { job: make(1) });
    const pool = createWorkerPool({ endpoints: [c0.main, c1.main], handlers: ["job"], maxInFlightPerWorker: 1 });
    const promises = Array.from({ length: 10 }, (_, i) => runWorkerTask<number>(pool, "job", i));
    expect(pool.stats.inFlight).toBe(2);
    expect(pool.stats.queued).toBe(8);
    const results = await Promise.all(promises);
    expect(results.map((r) => r.value)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(seen[0]!.length + seen[1]!.length).toBe(10);
    expect(seen[0]!.length).toBeGreaterThan(0);
    expect(seen[1]!.length).toBeGreaterThan(0);
    // FIFO: each worker received its tasks in increasing order.
    for (const s of seen) expect(s).toEqual([...s].sort((a, b) => a - b));
    expect(pool.stats).toMatchObject({ sent: 10, done: 10, inFlight: 0, queued: 0 });
    closeWorkerPool(pool);
  });

  it("answers Rejected at once when the queue is full (backpressure) and after close", async () => {
    const pool = createWorkerPool({ endpoints: workers(1, { sum }), handlers: ["sum"], maxInFlightPerWorker: 1, maxQueued: 2 });
    const ps = Array.from({ length: 5 }, () => runWorkerTask<number>(pool, "sum", new Float64Array([1])));
    const rs = await Promise.all(ps);
    expect(rs.map((r) => r.status)).toEqual([1, 1, 1, 8, 8].map((s) => s));
    expect(pool.stats.rejected).toBe(2);
    closeWorkerPool(pool);
    expect((await runWorkerTask(pool, "sum", new Float64Array([1]))).status).toBe(WorkerTaskStatus.Rejected);
  });

  it("cancels a queued task without running it and a running one by telling the handler", async () => {
    const ran: number[] = [];
    let sawCancel = false;
    const pool = createWorkerPool({
      endpoints: workers(1, {
        slow: async (p, ctx) => {
          ran.push(p as number);
          for (let i = 0; i < 50 && !ctx.isCancelled(); i++) await new Promise((r) => setTimeout(r, 1));
          sawCancel ||= ctx.isCancelled();
          return p;
        },
      }),
      handlers: ["slow"],
      maxInFlightPerWorker: 1,
    });
    const running = new AbortController();
    const queued = new AbortController();
    const p0 = runWorkerTask(pool, "slow", 0, { signal: running.signal });
    const p1 = runWorkerTask(pool, "slow", 1, { signal: queued.signal });
    const p2 = runWorkerTask(pool, "slow", 2);
    queued.abort();
    expect((await p1).status).toBe(WorkerTaskStatus.Cancelled);
    await new Promise((r) => setTimeout(r, 5));
    running.abort();
    expect((await p0).status).toBe(WorkerTaskStatus.Cancelled);
    const r2 = await p2;
    expect(r2.status).toBe(WorkerTaskStatus.Done);
    expect(r2.value).toBe(2);
    expect(ran).toEqual([0, 2]); // task 1 never ran
    expect(sawCancel).toBe(true);
    const already = new AbortController();
    already.abort();
    expect((await runWorkerTask(pool, "slow", 3, { signal: already.signal })).status).toBe(WorkerTaskStatus.Cancelled);
    expect(pool.stats.cancelled).toBe(3);
    closeWorkerPool(pool);
  });

  it("close resolves waiting and running tasks as Cancelled", async () => {
    const pool = createWorkerPool({ endpoints: workers(1, { never: () => new Promise(() => {}) }), handlers: ["never"], maxInFlightPerWorker: 1 });
    const a = runWorkerTask(pool, "never", 0);
    const b = runWorkerTask(pool, "never", 1);
    closeWorkerPool(pool);
    expect((await a).status).toBe(WorkerTaskStatus.Cancelled);
    expect((await b).status).toBe(WorkerTaskStatus.Cancelled);
    expect(pool.stats).toMatchObject({ inFlight: 0, queued: 0, cancelled: 2 });
  });

  it("transfers buffers both ways when asked", async () => {
    const pool = createWorkerPool({
      endpoints: workers(1, {
        double: (p, ctx) => {
          const a = p as Float64Array;
          const out = new Float64Array(a.length);
          for (let i = 0; i < a.length; i++) out[i] = 2 * a[i]!;
          ctx.transfer([out.buffer]);
          return out;
        },
      }),
      handlers: ["double"],
    });
    const input = new Float64Array([1, 2, 3]);
    const r = await runWorkerTask<Float64Array>(pool, "double", input, { transfer: [input.buffer] });
    expect(input.byteLength).toBe(0); // moved to the worker
    expect(Array.from(r.value!)).toEqual([2, 4, 6]);
    closeWorkerPool(pool);
  });

  it("shares a versioned resource once; later tasks see the newest version in order", async () => {
    let decodes = 0;
    const pool = createWorkerPool({
      endpoints: workers(
        2,
        { read: (p, ctx) => ({ v: ctx.getResourceVersion("table"), x: ctx.getResource<number[]>("table")[p as number] }) },
        {
          table: (p) => {
            decodes++;
            if (!Array.isArray(p)) throw new TacticaError("CORE_BAD_INPUT", "@tactica/core: not a table");
            return p as unknown;
          },
        },
      ),
      handlers: ["read"],
    });
    const before = await runWorkerTask(pool, "read", 0);
    expect(before.status).toBe(WorkerTaskStatus.Failed);
    expect(before.error?.message).toContain("shareWorkerResource");
    expect(shareWorkerResource(pool, "table", [5, 6, 7])).toBe(1);
    const a = await Promise.all([0, 1, 2, 1].map((i) => runWorkerTask<{ v: number; x: number }>(pool, "read", i)));
    expect(a.map((r) => r.value)).toEqual([
      { v: 1, x: 5 },
      { v: 1, x: 6 },
      { v: 1, x: 7 },
      { v: 1, x: 6 },
    ]);
    expect(shareWorkerResource(pool, "table", [8, 9])).toBe(2);
    expect(getWorkerResourceVersion(pool, "table")).toBe(2);
    const b = await runWorkerTask<{ v: number; x: number }>(pool, "read", 1);
    expect(b.value).toEqual({ v: 2, x: 9 });
    expect(decodes).toBe(4); // once per worker per version
    shareWorkerResource(pool, "table", "broken");
    const c = await runWorkerTask(pool, "read", 0);
    expect(c.status).toBe(WorkerTaskStatus.Failed);
    expect(c.error?.message).toContain("not a table");
    closeWorkerPool(pool);
  });

  it("ignores foreign messages on a shared channel and a late answer after cancellation", async () => {
    const c = channel();
    serveWorker(c.worker, { sum });
    const pool = createWorkerPool({ endpoints: [c.main], handlers: ["sum"] });
    c.worker.post({ hello: "not ours" });
    c.main.post("noise");
    const r = await runWorkerTask<number>(pool, "sum", new Float64Array([4, 5]));
    expect(r.value).toBe(9);
    closeWorkerPool(pool);
  });

  it("an inline channel clones messages, honours transfer lists and delivers in order", async () => {
    const { main, worker } = createInlineWorkerChannel();
    serveWorker(worker, { sum, echo: (p) => p });
    const pool = createWorkerPool({ endpoints: [main], handlers: ["sum", "echo"] });
    const obj = { a: [1, 2] };
    const input = new Float64Array([1, 2]);
    const [a, b, c] = await Promise.all([
      runWorkerTask<number>(pool, "sum", input, { transfer: [input.buffer] }),
      runWorkerTask<typeof obj>(pool, "echo", obj),
      runWorkerTask<number>(pool, "sum", new Float64Array([5])),
    ]);
    expect(input.byteLength).toBe(0);
    expect(a.value).toBe(3);
    expect(b.value).toEqual(obj);
    expect(b.value).not.toBe(obj); // a copy, as across threads
    expect(c.value).toBe(5);
    closeWorkerPool(pool);
  });

  it("endpointFromWebWorker maps postMessage/addEventListener to the endpoint shape", () => {
    const listeners = new Set<(e: { data: unknown }) => void>();
    const posted: unknown[] = [];
    const fake = {
      postMessage: (m: unknown, t: unknown[]) => posted.push([m, t.length]),
      addEventListener: (_: "message", l: (e: { data: unknown }) => void) => listeners.add(l),
      removeEventListener: (_: "message", l: (e: { data: unknown }) => void) => listeners.delete(l),
    };
    const e = endpointFromWebWorker(fake);
    const got: unknown[] = [];
    const stop = e.listen((m) => got.push(m));
    for (const l of listeners) l({ data: 42 });
    e.post("x");
    e.post("y", [new ArrayBuffer(1)]);
    stop();
    expect(listeners.size).toBe(0);
    expect(got).toEqual([42]);
    expect(posted).toEqual([
      ["x", 0],
      ["y", 1],
    ]);
  });
});
