// A fuzz worker thread: runs one case's inputs at a time and reports each result to the pool, which
// enforces the time limit (a hang is reported, and this worker replaced) — see pool.ts.
import { parentPort } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import { runRange, showItem, SLOW_MS, type FuzzOutcome, type FuzzSettings, type LoaderCase } from "./kit";

/** A job: run case `name` of module `file` from input `from` on. */
export interface WorkerJob {
  readonly type: "run";
  readonly file: string;
  readonly name: string;
  readonly runs: number;
  readonly seed: number;
  readonly settings: FuzzSettings;
  readonly from: number;
}

/** What the worker reports. */
export type WorkerMessage =
  | { readonly type: "loaded" }
  | {
      readonly type: "r";
      readonly i: number;
      readonly o: FuzzOutcome;
      readonly ms: number;
      readonly a: boolean;
      readonly cls: string;
      readonly reason?: string;
      readonly input?: string;
    }
  | { readonly type: "done" }
  | { readonly type: "fail"; readonly message: string };

const port = parentPort;
if (!port) throw new Error("qa/src/fuzz/worker.ts runs as a worker thread (see pool.ts)");

const modules = new Map<string, Promise<{ cases?: readonly LoaderCase<unknown>[] }>>();

port.on("message", (job: WorkerJob) => {
  void (async () => {
    try {
      let mod = modules.get(job.file);
      if (!mod) {
        mod = import(pathToFileURL(job.file).href) as Promise<{ cases?: readonly LoaderCase<unknown>[] }>;
        modules.set(job.file, mod);
      }
      const c = (await mod).cases?.find((x) => `${x.pkg}/${x.name}` === job.name);
      if (!c) throw new Error(`no case ${job.name} in ${job.file}`);
      port.postMessage({ type: "loaded" } satisfies WorkerMessage);
      runRange(c, job.runs, job.seed, job.settings, job.from, (i, item, r) => {
        const bad = r.reason !== undefined || r.ms > SLOW_MS || (item.mustAccept && r.outcome !== "accepted");
        const msg: WorkerMessage = {
          type: "r",
          i,
          o: r.outcome,
          ms: r.ms,
          a: item.mustAccept,
          cls: item.cls,
          ...(r.reason !== undefined ? { reason: r.reason } : {}),
          ...(bad ? { input: showItem(item) } : {}),
        };
        port.postMessage(msg);
      });
      port.postMessage({ type: "done" } satisfies WorkerMessage);
    } catch (e) {
      port.postMessage({ type: "fail", message: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies WorkerMessage);
    }
  })();
});
