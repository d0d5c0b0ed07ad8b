// @ts-check
// One allocation measurement in a plain Node process, the way an application calls the library:
// `node bench/src/allocation/child.mjs <case> [--calls N] [--interval BYTES]` imports the case's
// packages by name (`@tactica/steering` …), which resolves to the built `packages/*/dist` (no
// source condition, no loader), warms the case up until V8's optimizing compiler has had its turn,
// then runs N calls under the inspector's sampling heap profiler with the objects that minor and
// major collections freed included, so short-lived garbage counts however large the young
// generation is. Prints one JSON line: bytes per call (all frames and the library's own frames) and
// the allocating call sites (function, dist file:line) of the best of a few rounds.
//
// Plain JavaScript on purpose: a TypeScript loader would change what is measured.
import { Session } from "node:inspector";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { cases } from "./cases.mjs";

/** @typedef {{ callFrame: { functionName: string, url: string, lineNumber: number, columnNumber: number }, selfSize: number, id: number, children: ProfileNode[] }} ProfileNode */

const argv = process.argv.slice(2);
const name = argv[0];
/** @param {string} flag @param {number} fallback */
function numberArg(flag, fallback) {
  const i = argv.indexOf(flag);
  if (i < 0) return fallback;
  const v = Number(argv[i + 1]);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bench:alloc: ${flag} needs a positive number`);
  return v;
}
const def = cases.find((c) => c.name === name);
if (!def) {
  console.error(`bench:alloc: unknown case ${JSON.stringify(name)}; cases: ${cases.map((c) => c.name).join(", ")}`);
  process.exit(2);
}
const calls = numberArg("--calls", def.calls ?? 20_000);
// Sampling interval in bytes: an allocation of s bytes is sampled with probability 1 − e^(−s/interval)
// and weighted by its inverse, so small intervals give near-exact totals (at some speed cost).
const interval = numberArg("--interval", 64);
const rounds = numberArg("--rounds", 3);
const warmMs = numberArg("--warm-ms", 400);
// Stop after the first round at or under this many bytes per unit (the regression test's budget;
// by default every round runs).
const target = argv.includes("--target") ? numberArg("--target", 0) : -1;

const session = new Session();
session.connect();
/**
 * @param {string} method
 * @param {object} [params]
 * @returns {any}
 */
function post(method, params) {
  /** @type {any} */
  let result;
  /** @type {Error | null} */
  let error = null;
  session.post(method, params ?? {}, (err, res) => {
    error = err;
    result = res;
  });
  // node:inspector's in-process session answers synchronously.
  if (error) throw error;
  return result;
}

const fn = await def.setup();
const packageOf = /\/packages\/([a-z0-9-]+)\/dist\//;
const selfUrl = import.meta.url;

/** Calls `fn(i)` for i in 0 .. n: the application's frame loop. */
function run(/** @type {(i: number) => unknown} */ f, /** @type {number} */ n, /** @type {number} */ offset) {
  for (let i = 0; i < n; i++) f(offset + i);
}

// Warm-up: enough calls and enough time for V8 to optimize (up to ~100 ms per function on a loaded machine).
const warmCalls = def.warmCalls ?? 5000;
const chunk = Math.min(500, warmCalls);
let offset = 0;
const t0 = performance.now();
do {
  run(fn, chunk, offset);
  offset += chunk;
} while (performance.now() - t0 < warmMs || offset < warmCalls);

post("HeapProfiler.enable");
/** @type {{ bytes: number, library: number, outside: number, sites: Map<string, { fn: string, at: string, bytes: number, library: boolean }> } | null} */
let best = null;
for (let round = 0; round < rounds; round++) {
  post("HeapProfiler.startSampling", { samplingInterval: interval, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  run(fn, calls, offset);
  offset += calls;
  const { profile } = post("HeapProfiler.stopSampling");
  const sites = new Map();
  let bytes = 0;
  let library = 0;
  let outside = 0;
  // Only what is allocated under the measuring loop counts (`run` and what it calls, inlined or
  // not); the profiler's own traffic (the inspector session, the profile) happens outside it.
  /** @param {ProfileNode} node @param {boolean} inLibrary @param {boolean} inRun */
  const walk = (node, inLibrary, inRun) => {
    const cf = node.callFrame;
    const measured = inRun || (cf.functionName === "run" && cf.url === selfUrl);
    const here = inLibrary || packageOf.test(cf.url);
    if (node.selfSize > 0 && !measured) outside += node.selfSize;
    if (node.selfSize > 0 && measured) {
      bytes += node.selfSize;
      if (here) library += node.selfSize;
      const file = cf.url ? cf.url.replace(/^file:\/\//, "") : "";
      const m = packageOf.exec(file);
      const at = m
        ? `${m[1]}/dist/${file.slice(file.indexOf("/dist/") + 6)}:${cf.lineNumber + 1}`
        : file
          ? `${file.split("/").slice(-2).join("/")}:${cf.lineNumber + 1}`
          : "(V8)";
      const key = `${cf.functionName}@${at}`;
      const s = sites.get(key) ?? { fn: cf.functionName || "(anonymous)", at, bytes: 0, library: here };
      s.bytes += node.selfSize;
      sites.set(key, s);
    }
    for (const c of node.children) walk(c, here, measured);
  };
  walk(profile.head, false, false);
  if (!best || bytes < best.bytes || (bytes === best.bytes && library < best.library)) best = { bytes, library, outside, sites };
  if (best.bytes / calls / (def.perCall ?? 1) <= target) break;
}
post("HeapProfiler.disable");
session.disconnect();
if (!best) throw new Error("unreachable");
const per = def.perCall ?? 1;
const top = [...best.sites.values()]
  .sort((a, b) => b.bytes - a.bytes)
  .slice(0, 8)
  .map((s) => ({ fn: s.fn, at: s.at, library: s.library, bytesPerCall: s.bytes / calls / per }));
const here = fileURLToPath(import.meta.url);
process.stdout.write(
  `${JSON.stringify({
    case: def.name,
    unit: def.unit ?? "call",
    calls,
    interval,
    bytesPerCall: best.bytes / calls / per,
    libraryBytesPerCall: best.library / calls / per,
    profilerBytes: best.outside,
    top,
    node: process.version,
    child: here,
  })}\n`,
);
