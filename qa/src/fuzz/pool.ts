// Runs fuzz cases in long-lived worker threads with a time limit per input: an input still running
// after the limit is a "hang" (the worker is terminated and replaced, and the run resumes at the next
// input); a worker that dies (out of memory, a native stack overflow) is an "other" failure.
import { Worker } from "node:worker_threads";
import { caseLabel, emptyStats, fuzzItems, record, showItem, type FuzzSettings, type FuzzStats, type LoaderCase } from "./kit";
import type { WorkerJob, WorkerMessage } from "./worker";

/** An input still running after this long is a hang (the 10 s). */
export const HANG_MS = 10_000;
/** Time allowed for a worker to start and import a case module. */
const LOAD_MS = 120_000;

/** Options of {@link createFuzzPool}. */
export interface FuzzPoolOptions {
  /** Worker threads (default 1). */
  readonly size?: number;
  /** The time limit per input in ms (default {@link HANG_MS}). */
  readonly timeoutMs?: number;
  /** Heap limit per worker in MB (default 4,096). */
  readonly heapMb?: number;
}

/** A pool of fuzz workers. */
export interface FuzzPool {
  /** Runs `runs` inputs (after the seeds) of case `c`, exported as `cases` by module `file`. */
  run(c: LoaderCase<unknown>, file: string, runs: number, seed: number, settings: FuzzSettings): Promise<FuzzStats>;
  /** Terminates the workers. */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker | undefined;
}

/**
 * A pool of `size` long-lived workers, replaced only when one hangs or dies.
 * @param options - worker count, time limit per input (ms) and heap limit per worker (MB)
 */
export function createFuzzPool(options: FuzzPoolOptions = {}): FuzzPool {
  const size = options.size ?? 1;
  const timeoutMs = options.timeoutMs ?? HANG_MS;
  const heapMb = options.heapMb ?? 4096;
  const free: Slot[] = Array.from({ length: size }, () => ({ worker: undefined }));
  const waiting: ((s: Slot) => void)[] = [];
  const all = [...free];

  const spawn = (): Worker => {
    const w = new Worker(new URL("./worker-entry.mjs", import.meta.url), {
      execArgv: ["--conditions=@tactica/source"],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      stdout: false,
      stderr: false,
    });
    w.unref();
    return w;
  };
  const acquire = (): Promise<Slot> => {
    const s = free.pop();
    return s ? Promise.resolve(s) : new Promise((resolve) => waiting.push(resolve));
  };
  const release = (s: Slot): void => {
    const next = waiting.shift();
    if (next) next(s);
    else free.push(s);
  };

  const runOn = (slot: Slot, c: LoaderCase<unknown>, file: string, runs: number, seed: number, settings: FuzzSettings): Promise<FuzzStats> =>
    new Promise((resolve, reject) => {
      const stats = emptyStats(caseLabel(c));
      const total = c.seeds.length + runs;
      let next = 0;
      const describe = (i: number): string => {
        const first = fuzzItems(c, runs, seed, settings, i).next();
        return first.done === true ? `input #${i}` : showItem(first.value[1]);
      };
      const failAt = (i: number, kind: "hang" | "crash", why: string): void => {
        const first = fuzzItems(c, runs, seed, settings, i).next();
        const item = first.done === true ? undefined : first.value[1];
        if (kind === "hang") stats.hangs++;
        else stats.other++;
        stats.inputs++;
        if (stats.failures.filter((f) => f.cls === (item?.cls ?? "?")).length < 5)
          stats.failures.push({ input: describe(i), reason: why, cls: item?.cls ?? "?" });
      };
      const start = (): void => {
        const w = slot.worker ?? (slot.worker = spawn());
        let timer: NodeJS.Timeout | undefined;
        const arm = (ms: number, onTime: () => void): void => {
          clearTimeout(timer);
          timer = setTimeout(onTime, ms);
        };
        const cleanup = (): void => {
          clearTimeout(timer);
          w.off("message", onMessage);
          w.off("error", onError);
          w.off("exit", onExit);
        };
        const replace = (kind: "hang" | "crash", why: string): void => {
          cleanup();
          slot.worker = undefined;
          failAt(next, kind, why);
          next++;
          // Wait for the old thread to end (a native loop may take a while to notice) so that it never
          // competes with its replacement for the CPU.
          void w.terminate().finally(() => {
            if (next < total) start();
            else resolve(stats);
          });
        };
        const onHang = (): void => replace("hang", `hang: still running after ${timeoutMs} ms`);
        const onMessage = (m: WorkerMessage): void => {
          switch (m.type) {
            case "loaded":
              arm(timeoutMs, onHang);
              break;
            case "r":
              record(
                stats,
                { outcome: m.o, ms: m.ms, mustAccept: m.a, cls: m.cls, ...(m.reason !== undefined ? { reason: m.reason } : {}) },
                () => m.input ?? `input #${m.i}`,
              );
              next = m.i + 1;
              arm(timeoutMs, onHang);
              break;
            case "done":
              cleanup();
              resolve(stats);
              break;
            case "fail":
              cleanup();
              reject(new Error(`fuzz worker failed on ${stats.loader}: ${m.message}`));
          }
        };
        const onError = (e: Error): void => replace("crash", `worker died: ${e.name}: ${e.message}`);
        const onExit = (code: number): void => replace("crash", `worker exited with code ${code}`);
        w.on("message", onMessage);
        w.on("error", onError);
        w.on("exit", onExit);
        arm(LOAD_MS, () => replace("crash", `worker did not load ${file} within ${LOAD_MS} ms`));
        w.postMessage({ type: "run", file, name: stats.loader, runs, seed, settings, from: next } satisfies WorkerJob);
      };
      start();
    });

  return {
    async run(c, file, runs, seed, settings) {
      const slot = await acquire();
      try {
        return await runOn(slot, c, file, runs, seed, settings);
      } finally {
        release(slot);
      }
    },
    async close() {
      await Promise.all(
        all.map(async (s) => {
          const w = s.worker;
          s.worker = undefined;
          if (w) await w.terminate();
        }),
      );
    },
  };
}
