// The fuzz contract for every loader (issue 18): for each input, either a valid result or a
// TacticaError with a code and a location (JSON path or line); never another exception, never slower
// than the limit, Object.prototype untouched, and after a rejected restore the target unchanged.
import { isTacticaError } from "@tactica/core";
import fc from "fast-check";

/** What a loader reads: a JSON-like value (already parsed), a text file, or bytes. */
export type FuzzKind = "json" | "text" | "bytes";

/** A restore-style loader writes into an existing target; a rejected input must leave it unchanged. */
export interface FuzzTarget<I> {
  /** A fresh live target (a running machine, a crowd, an Rng…). */
  create(): unknown;
  /** A string that changes when the target's observable state changes. */
  hash(target: unknown): string;
  /** Loads `input` into `target` (throws on bad input). */
  restore(target: unknown, input: I): void;
}

/** One function that reads outside data, with valid seed inputs to mutate. */
export interface LoaderCase<I = unknown> {
  /** Package short name: `grid`, `decision`… */
  readonly pkg: string;
  /** The loader's exported name, e.g. `parseMovingAiMap`. */
  readonly name: string;
  readonly kind: FuzzKind;
  /** Valid inputs; each must be accepted. Mutations start from these. */
  readonly seeds: readonly I[];
  /**
   * Extra generator of structurally valid but semantically wrong inputs (cycles, dangling ids, sizes that
   * would allocate gigabytes, nesting past any limit). Mixed in with the mutations.
   */
  readonly wrong?: fc.Arbitrary<I>;
  /** Stateless loaders: read `input` and return the result (throw TacticaError on bad input). */
  load?(input: I): unknown;
  /** Restore-style loaders: see {@link FuzzTarget}. Give `load` or `target` (or both). */
  readonly target?: FuzzTarget<I>;
  /** Inputs per run in CI (default {@link DEFAULT_CI_RUNS}); lower it only for loaders that are slow on valid input. */
  readonly ciRuns?: number;
  /**
   * Opt-in stricter contract: a rejection's `path` must be a JSON path starting with `$`
   * (`$.storylets[0].id`); a `line` alone still counts. Off by default.
   */
  readonly jsonPaths?: boolean;
}

/** Inputs per loader in the unit suite. */
export const DEFAULT_CI_RUNS = 2000;
/** An input slower than this is a failure (the issue's "never more than 1 s"). */
export const SLOW_MS = 1000;

/** The outcome of one input. */
export type FuzzOutcome = "accepted" | "rejected" | "other";

/** Counts for one loader. */
export interface FuzzStats {
  readonly loader: string;
  inputs: number;
  accepted: number;
  rejected: number;
  other: number;
  slow: number;
  slowestMs: number;
  /** The first failing inputs with their reason (at most 5). */
  readonly failures: { input: string; reason: string }[];
}

// ----------------------------------------------------------------------------------------------------
// Hostile values and mutations

/** Values a designer's typo, a modder or an old build might put anywhere. */
export const HOSTILE_VALUES: readonly unknown[] = [
  -1,
  0,
  -0,
  1.5,
  Number.NaN,
  Infinity,
  -Infinity,
  Number.POSITIVE_INFINITY * 1, // what "1e309" becomes after JSON.parse
  2 ** 31,
  2 ** 53 + 2,
  1e12,
  null,
  undefined,
  true,
  "",
  "x",
  "-1",
  "NaN",
  "__proto__",
  [],
  [null],
  [-1, Number.NaN],
  {},
  { __proto__: null },
];

/** Keys that probe prototype pollution and confused lookups. */
export const HOSTILE_KEYS: readonly string[] = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "", "0", "length"];

type Path = readonly (string | number)[];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

/** A deep copy of a JSON-like value (typed arrays copied, own `__proto__` keys kept as own keys). */
export function cloneJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(cloneJson);
  if (ArrayBuffer.isView(v)) return (v as unknown as { slice(): unknown }).slice();
  if (isRecord(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) defineOwn(out, k, cloneJson(v[k]));
    return out;
  }
  return v;
}

/** Sets an own property even for `__proto__` (as JSON.parse does). */
function defineOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function collectPaths(v: unknown, path: Path, out: Path[], depth: number): void {
  out.push(path);
  if (depth > 12) return;
  if (Array.isArray(v)) v.forEach((c, i) => collectPaths(c, [...path, i], out, depth + 1));
  else if (isRecord(v)) for (const k of Object.keys(v)) collectPaths(v[k], [...path, k], out, depth + 1);
}

function getAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const k of path) v = (v as Record<string | number, unknown>)[k];
  return v;
}

/** One mutation of a JSON-like value. */
interface JsonOp {
  readonly at: number; // index into the value's paths
  readonly op: number; // which mutation
  readonly value: unknown; // a hostile value
  readonly key: string; // a hostile or random key
  readonly n: number; // a small number (truncation length, nesting depth)
}

const JSON_OPS = 9;

function applyJsonOp(root: unknown, o: JsonOp): unknown {
  const paths: Path[] = [];
  collectPaths(root, [], paths, 0);
  const path = paths[o.at % paths.length] ?? [];
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  const parent = path.length ? getAt(root, parentPath) : undefined;
  const here = getAt(root, path);
  const replace = (v: unknown): unknown => {
    if (parent === undefined || last === undefined) return v;
    if (Array.isArray(parent)) parent[last as number] = v;
    else defineOwn(parent as Record<string, unknown>, String(last), v);
    return root;
  };
  switch (o.op % JSON_OPS) {
    case 0: // replace with a hostile value
      return replace(cloneJson(o.value));
    case 1: // drop a field or an element
      if (parent === undefined || last === undefined) return cloneJson(o.value);
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete (parent as Record<string, unknown>)[String(last)];
      return root;
    case 2: // add an extra field (hostile key) or element
      if (Array.isArray(here)) here.push(cloneJson(o.value));
      else if (isRecord(here)) defineOwn(here, o.key, cloneJson(o.value));
      else return replace({ [o.key]: here });
      return root;
    case 3: // truncate an array or a string
      if (Array.isArray(here)) here.length = Math.min(here.length, o.n % (here.length + 1));
      else if (typeof here === "string") return replace(here.slice(0, o.n % (here.length + 1)));
      else return replace(cloneJson(o.value));
      return root;
    case 4: // duplicate an array element / wrap a value in an array
      if (Array.isArray(here) && here.length) here.push(cloneJson(here[o.n % here.length]));
      else return replace([here]);
      return root;
    case 5: {
      // nest deeply (past any sane limit)
      let v: unknown = here;
      for (let i = 0; i < 50 + o.n * 20; i++) v = i % 2 ? [v] : { [o.key || "child"]: v };
      return replace(v);
    }
    case 6: // change the type: number ↔ string, object ↔ array
      if (typeof here === "number") return replace(String(here));
      if (typeof here === "string") return replace(Number(here) || here.length);
      if (Array.isArray(here)) return replace(Object.fromEntries(here.map((v, i) => [String(i), v])));
      if (isRecord(here)) return replace(Object.values(here));
      return replace(cloneJson(o.value));
    case 7: // a number nudged: off by one, negated, huge, fractional
      if (typeof here === "number") return replace([here + 1, here - 1, -here, here * 1e6 + 7, here + 0.5][o.n % 5]);
      return replace(cloneJson(o.value));
    default: {
      // move a subtree somewhere else (dangling ids, wrong kinds)
      const other = paths[(o.at * 7 + o.n) % paths.length] ?? [];
      return replace(cloneJson(getAt(root, other)));
    }
  }
}

const hostileValue = fc.constantFrom(...HOSTILE_VALUES);
const jsonOp: fc.Arbitrary<JsonOp> = fc.record({
  at: fc.nat({ max: 1 << 20 }),
  op: fc.nat({ max: JSON_OPS * 4 }),
  value: hostileValue,
  key: fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 6 })),
  n: fc.nat({ max: 40 }),
});

/** Mutated copies (1–3 mutations) of the JSON-like seeds. Seeds are never modified. */
export function mutateJson<I>(seeds: readonly I[]): fc.Arbitrary<I> {
  return fc.tuple(fc.nat({ max: Math.max(0, seeds.length - 1) }), fc.array(jsonOp, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([s, ops, viaText]) => {
    let v = cloneJson(seeds[s]);
    for (const o of ops) v = applyJsonOp(v, o);
    // Half the inputs go through JSON text as a file would (NaN → null, undefined fields gone).
    if (viaText) {
      const text = JSON.stringify(v);
      v = text === undefined ? v : JSON.parse(text);
    }
    return v as I;
  });
}

const HOSTILE_TOKENS = ["-1", "0", "NaN", "Infinity", "1e309", "99999999999", "-0", "1.5", "abc", "", "__proto__", "\u0000", "ü"];

/** One mutation of a text: truncate, drop/duplicate/swap lines, replace a token, insert junk, CRLF. */
export function mutateText(seeds: readonly string[]): fc.Arbitrary<string> {
  const op = fc.record({
    op: fc.nat({ max: 63 }),
    at: fc.nat({ max: 1 << 20 }),
    n: fc.nat({ max: 1 << 20 }),
    tok: fc.oneof(fc.constantFrom(...HOSTILE_TOKENS), fc.string({ maxLength: 4 })),
  });
  return fc.tuple(fc.nat({ max: Math.max(0, seeds.length - 1) }), fc.array(op, { minLength: 1, maxLength: 3 })).map(([s, ops]) => {
    let t = seeds[s] ?? "";
    for (const o of ops) {
      const lines = t.split("\n");
      const li = o.at % Math.max(1, lines.length);
      switch (o.op % 8) {
        case 0:
          t = t.slice(0, o.at % (t.length + 1));
          break;
        case 1:
          lines.splice(li, 1);
          t = lines.join("\n");
          break;
        case 2:
          lines.splice(li, 0, lines[li] ?? "");
          t = lines.join("\n");
          break;
        case 3: {
          const lj = o.n % Math.max(1, lines.length);
          [lines[li], lines[lj]] = [lines[lj] ?? "", lines[li] ?? ""];
          t = lines.join("\n");
          break;
        }
        case 4: {
          // replace the k-th whitespace-separated token of a line
          const words = (lines[li] ?? "").split(/(\s+)/);
          const idx = (o.n % Math.max(1, Math.ceil(words.length / 2))) * 2;
          words[idx] = o.tok;
          lines[li] = words.join("");
          t = lines.join("\n");
          break;
        }
        case 5: {
          // replace a number anywhere with a hostile token
          let k = 0;
          const want = o.n % 50;
          t = t.replace(/-?\d+(\.\d+)?/g, (m) => (k++ === want ? o.tok : m));
          break;
        }
        case 6: {
          const p = o.at % (t.length + 1);
          t = t.slice(0, p) + o.tok + t.slice(p);
          break;
        }
        default:
          t = t.replace(/\n/g, "\r\n");
      }
    }
    return t;
  });
}

/** One mutation of bytes: truncate, flip, overwrite a 32-bit word with a huge or negative value, insert. */
export function mutateBytes(seeds: readonly Uint8Array[]): fc.Arbitrary<Uint8Array> {
  const op = fc.record({ op: fc.nat({ max: 63 }), at: fc.nat({ max: 1 << 24 }), v: fc.nat({ max: 255 }) });
  return fc.tuple(fc.nat({ max: Math.max(0, seeds.length - 1) }), fc.array(op, { minLength: 1, maxLength: 4 })).map(([s, ops]) => {
    let b = (seeds[s] ?? new Uint8Array(0)).slice();
    for (const o of ops) {
      const p = b.length ? o.at % b.length : 0;
      switch (o.op % 5) {
        case 0:
          b = b.slice(0, o.at % (b.length + 1));
          break;
        case 1:
          if (b.length) b[p] = (b[p] ?? 0) ^ (1 << (o.v % 8));
          break;
        case 2: {
          // a 32-bit field set to 0xffffffff, 0x7fffffff, 0 or 0x80000000 (aligned, as headers are)
          const q = p & ~3;
          const word = [0xffffffff, 0x7fffffff, 0, 0x80000000][o.v % 4] ?? 0;
          for (let i = 0; i < 4 && q + i < b.length; i++) b[q + i] = (word >>> (8 * i)) & 0xff;
          break;
        }
        case 3: {
          const n = new Uint8Array(b.length + 1);
          n.set(b.subarray(0, p));
          n[p] = o.v;
          n.set(b.subarray(p), p + 1);
          b = n;
          break;
        }
        default:
          if (b.length) b[p] = o.v;
      }
    }
    return b;
  });
}

/** The generator of inputs for a case: mutated seeds, mixed with `wrong` when given. */
export function inputsFor<I>(c: LoaderCase<I>): fc.Arbitrary<I> {
  const mutated =
    c.kind === "json"
      ? mutateJson(c.seeds)
      : c.kind === "text"
        ? (mutateText(c.seeds as unknown as readonly string[]) as unknown as fc.Arbitrary<I>)
        : (mutateBytes(c.seeds as unknown as readonly Uint8Array[]) as unknown as fc.Arbitrary<I>);
  return c.wrong ? fc.oneof({ arbitrary: mutated, weight: 3 }, { arbitrary: c.wrong, weight: 1 }) : mutated;
}

// ----------------------------------------------------------------------------------------------------
// Running

function protoSnapshot(): string {
  return [Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join(",")).join("|");
}

function show(input: unknown): string {
  let s: string;
  if (typeof input === "string") s = JSON.stringify(input);
  else if (input instanceof Uint8Array) s = `bytes[${input.length}] ${Array.from(input.subarray(0, 24)).join(",")}`;
  else {
    try {
      s = JSON.stringify(input, (_k, v: unknown) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : v)) ?? String(input);
    } catch {
      s = String(input);
    }
  }
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/**
 * Runs one input against the contract. Returns the outcome, the time taken and, for "other", why.
 * Stateless loaders run `load`; restore-style ones run into a fresh target whose hash must not change
 * when the input is rejected.
 */
export function checkInput<I>(c: LoaderCase<I>, input: I, proto: string): { outcome: FuzzOutcome; ms: number; reason?: string } {
  const t0 = performance.now();
  let outcome: FuzzOutcome = "accepted";
  let reason: string | undefined;
  try {
    if (c.load) c.load(input);
    if (c.target) {
      const target = c.target.create();
      const before = c.target.hash(target);
      try {
        c.target.restore(target, input);
      } catch (e) {
        const after = c.target.hash(target);
        if (after !== before) {
          throw Object.assign(new Error("target changed by a rejected restore"), { changed: true, cause: e });
        }
        throw e;
      }
    }
  } catch (e) {
    if ((e as { changed?: boolean }).changed) {
      outcome = "other";
      reason = `target changed by a rejected restore (${String((e as { cause?: unknown }).cause)})`;
    } else if (isTacticaError(e)) {
      if (e.path === undefined && e.line === undefined) {
        outcome = "other";
        reason = `TacticaError ${e.code} without a path or line: ${e.message}`;
      } else if (c.jsonPaths === true && e.path !== undefined && !e.path.startsWith("$")) {
        outcome = "other";
        reason = `TacticaError ${e.code} with path ${JSON.stringify(e.path)}, which does not start with "$": ${e.message}`;
      } else outcome = "rejected";
    } else {
      outcome = "other";
      reason = `non-TacticaError: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
    }
  }
  const ms = performance.now() - t0;
  if (protoSnapshot() !== proto) {
    outcome = "other";
    reason = "Object/Array/Function prototype changed";
  }
  return reason === undefined ? { outcome, ms } : { outcome, ms, reason };
}

/** Runs `runs` seeded inputs (seeds first, then mutations) and counts the outcomes. */
export function runFuzz<I>(c: LoaderCase<I>, runs: number, seed = 20261125): FuzzStats {
  const stats: FuzzStats = {
    loader: `${c.pkg}/${c.name}`,
    inputs: 0,
    accepted: 0,
    rejected: 0,
    other: 0,
    slow: 0,
    slowestMs: 0,
    failures: [],
  };
  const proto = protoSnapshot();
  const record = (input: I, r: { outcome: FuzzOutcome; ms: number; reason?: string }, mustAccept: boolean): void => {
    stats.inputs++;
    stats[r.outcome]++;
    if (r.ms > stats.slowestMs) stats.slowestMs = r.ms;
    let reason = r.reason;
    if (r.ms > SLOW_MS) {
      stats.slow++;
      reason ??= `slow: ${r.ms.toFixed(0)} ms`;
    }
    if (mustAccept && r.outcome !== "accepted") {
      stats.other++;
      reason = `a valid seed was not accepted: ${reason ?? r.outcome}`;
    }
    if (reason !== undefined && stats.failures.length < 5) stats.failures.push({ input: show(input), reason });
  };
  for (const s of c.seeds) record(s, checkInput(c, s, proto), true);
  const batch = 1000;
  for (let done = 0, k = 0; done < runs; done += batch, k++) {
    const n = Math.min(batch, runs - done);
    for (const input of fc.sample(inputsFor(c), { numRuns: n, seed: seed + k })) record(input, checkInput(c, input, proto), false);
  }
  return stats;
}
