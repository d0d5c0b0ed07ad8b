// The fuzz contract for every loader (issues 18, 32, 35): for each input, either a valid result or a
// TacticaError with a code and a location (JSON path or line); never another exception, never slower
// than the limit, never a hang, Object.prototype untouched, and after a rejected restore the target's
// full state (a deep structural dump, typed arrays included) unchanged.
import { isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { dumpState } from "./dump";
import { buildHostile, classesFor, HOSTILE_CLASSES, HostileError, hostileRecipes, type HostileClass, type HostileRecipe } from "./hostile";

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
  /**
   * The target's saved form. When given, an accepted input must leave a target whose own saved form
   * (through JSON text) restores into a fresh target: accepting what the loader cannot save again
   * (inherited fields, `-0`, 5e-324 masses) is a failure found later, not at the border.
   */
  save?(target: unknown): unknown;
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
  /**
   * For loaders that take an options object: the options the seeds are read with, and the call with
   * other options. The "options" hostile class calls it with null, a string, inherited fields…
   */
  readonly options?: {
    readonly base: Readonly<Record<string, unknown>>;
    call(input: I, options: unknown): unknown;
  };
  /**
   * The documented untrusted-data functions this case covers, when its `name` does not say it
   * (the default reads `name`: `a/b`, `a+b`, `a(variant)` and `obj.fn` name `a`, `b` and `fn`).
   */
  readonly covers?: readonly string[];
}

/** Which inputs a run draws: the mutations and `wrong` always, the hostile classes when `hostile`. */
export interface FuzzSettings {
  /** The hostile classes of issue 32 (default on). */
  readonly hostile: boolean;
  /** The hostile classes to draw from (default all). */
  readonly classes: readonly HostileClass[];
  /** Only hostile inputs (no mutations, no `wrong`): for chasing one class. */
  readonly classesOnly: boolean;
}

/** All hostile classes on, mixed with the mutations. */
export const DEFAULT_SETTINGS: FuzzSettings = { hostile: true, classes: HOSTILE_CLASSES, classesOnly: false };

/** Inputs per loader in the unit suite. */
export const DEFAULT_CI_RUNS = 2000;
/** An input slower than this is a failure (the issue's "never more than 1 s"). */
export const SLOW_MS = 1000;

/** A run's base seed when none is given. */
export const DEFAULT_SEED = 20261125;

/**
 * The outcome of one input: a valid result, a located TacticaError, anything else ("other"), or a
 * rejection that changed its target ("changed"). Hangs are decided by the worker pool.
 */
export type FuzzOutcome = "accepted" | "rejected" | "other" | "changed";

/** Counts for one loader. */
export interface FuzzStats {
  readonly loader: string;
  inputs: number;
  accepted: number;
  rejected: number;
  other: number;
  /** Inputs slower than {@link SLOW_MS} (counted besides their outcome). */
  slow: number;
  /** Inputs still running after the pool's time limit (the worker was replaced). */
  hangs: number;
  /** Rejected restores that left their target different. */
  changed: number;
  slowestMs: number;
  /** The first failing inputs with their reason (at most 5 per hostile class or kind). */
  readonly failures: { input: string; reason: string; cls: string }[];
}

/** Empty counts for a loader. */
export function emptyStats(loader: string): FuzzStats {
  return { loader, inputs: 0, accepted: 0, rejected: 0, other: 0, slow: 0, hangs: 0, changed: 0, slowestMs: 0, failures: [] };
}

/** The `pkg/name` label of a case. */
export function caseLabel(c: LoaderCase<unknown>): string {
  return `${c.pkg}/${c.name}`;
}

/**
 * The documented function names a case covers (see {@link LoaderCase.covers}).
 * @param c - the case
 */
export function caseCovers(c: LoaderCase<unknown>): string[] {
  if (c.covers) return [...c.covers];
  return c.name
    .replace(/\([^)]*\)/g, "")
    .split(/[/+]/)
    .map((n) => n.trim().split(".").pop()!)
    .filter((n) => n !== "");
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

// ----------------------------------------------------------------------------------------------------
// Inputs

/** One input of a run: a value, how to describe it, and how to call the case with it. */
export interface FuzzItem {
  readonly input: unknown;
  /** A valid seed: it must be accepted. */
  readonly mustAccept: boolean;
  /** The hostile class it belongs to, or "seed", "mutation" or "wrong". */
  readonly cls: string;
  /** A short description (hostile inputs); otherwise the input is shown. */
  readonly desc?: string;
  /** For the options class: the seed input to call `options.call` with. */
  readonly asOptions?: { readonly seed: unknown };
}

type Drawn<I> = { readonly m: I; readonly w: boolean } | { readonly r: HostileRecipe };

/**
 * The generator of a case's non-seed inputs under `settings`.
 * @param c - the case
 * @param settings - which hostile classes, and whether only those
 */
export function drawsFor<I>(c: LoaderCase<I>, settings: FuzzSettings): fc.Arbitrary<Drawn<I>> {
  const mutated =
    c.kind === "json"
      ? mutateJson(c.seeds)
      : c.kind === "text"
        ? (mutateText(c.seeds as unknown as readonly string[]) as unknown as fc.Arbitrary<I>)
        : (mutateBytes(c.seeds as unknown as readonly Uint8Array[]) as unknown as fc.Arbitrary<I>);
  const parts: fc.WeightedArbitrary<Drawn<I>>[] = [];
  const classes = settings.hostile ? classesFor(c, settings.classes) : [];
  if (!(settings.classesOnly && classes.length)) {
    parts.push({ arbitrary: mutated.map((m) => ({ m, w: false })), weight: 12 });
    if (c.wrong) parts.push({ arbitrary: c.wrong.map((m) => ({ m, w: true })), weight: 4 });
  }
  // About one input in seven is hostile (one in nine with a `wrong` generator): 2,000 inputs in CI
  // give each class about 20 per loader (the costly ones 6), 100,000 about 1,000.
  if (classes.length) parts.push({ arbitrary: hostileRecipes(c, classes).map((r) => ({ r })), weight: 2 });
  return fc.oneof(...parts);
}

/** Inputs are drawn in batches of this many, each batch from its own seed (`seed + k`). */
const BATCH = 1000;

/**
 * The inputs of a run from index `from` on: the seeds, then `runs` drawn inputs. Deterministic from
 * `seed`, so a worker restarted after a hang resumes at the next input.
 * @param c - the case
 * @param runs - drawn inputs after the seeds
 * @param seed - the run's base seed (batch k is drawn from `seed + k`)
 * @param settings - which hostile classes
 * @param from - the index of the first input to yield (seeds count from 0)
 */
export function* fuzzItems<I>(c: LoaderCase<I>, runs: number, seed: number, settings: FuzzSettings, from = 0): Generator<[number, FuzzItem]> {
  for (let i = from; i < c.seeds.length; i++) yield [i, { input: c.seeds[i], mustAccept: true, cls: "seed" }];
  const draws = drawsFor(c, settings);
  for (let done = 0, k = 0; done < runs; done += BATCH, k++) {
    const n = Math.min(BATCH, runs - done);
    const base = c.seeds.length + done;
    if (base + n <= from) continue;
    const batch = fc.sample(draws, { numRuns: n, seed: seed + k });
    for (let j = Math.max(0, from - base); j < n; j++) {
      const d = batch[j]!;
      if ("r" in d) {
        const h = buildHostile(c, d.r);
        yield [base + j, { input: h.input, mustAccept: false, cls: d.r.cls, desc: h.desc, ...(h.asOptions ? { asOptions: h.asOptions } : {}) }];
      } else yield [base + j, { input: d.m, mustAccept: false, cls: d.w ? "wrong" : "mutation" }];
    }
  }
}

/** A short text for an input (its description, or the value cut to 300 characters). */
export function showItem(item: FuzzItem): string {
  return item.desc ?? show(item.input);
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
      s =
        JSON.stringify(input, (_k, v: unknown) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : typeof v === "bigint" ? `${v}n` : v)) ??
        String(input);
    } catch {
      try {
        s = String(input);
      } catch {
        s = Object.prototype.toString.call(input);
      }
    }
  }
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

function errorText(e: unknown): string {
  try {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  } catch {
    return Object.prototype.toString.call(e);
  }
}

/** The result of one input. */
export interface InputResult {
  readonly outcome: FuzzOutcome;
  readonly ms: number;
  readonly reason?: string;
}

/**
 * Runs one input against the contract. Stateless loaders run `load` (or `options.call` for the
 * options class); restore-style ones run into a fresh target whose hash and full structural dump
 * must not change when the input is rejected.
 * @param c - the case
 * @param item - the input
 * @param proto - the prototypes' snapshot taken before the run
 */
export function checkInput<I>(c: LoaderCase<I>, item: FuzzItem, proto: string): InputResult {
  const t0 = performance.now();
  let outcome: FuzzOutcome = "accepted";
  let reason: string | undefined;
  let changed: string | undefined;
  try {
    if (item.asOptions) c.options?.call(item.asOptions.seed as I, item.input);
    else {
      if (c.load) c.load(item.input as I);
      if (c.target) {
        const target = c.target.create();
        const before = c.target.hash(target);
        const dump = dumpState(target);
        try {
          c.target.restore(target, item.input as I);
        } catch (e) {
          if (c.target.hash(target) !== before) changed = "its saved form";
          else if (dumpState(target) !== dump) changed = "its internal state (the saved form is equal)";
          throw e;
        }
        if (c.target.save) {
          try {
            const again = JSON.parse(JSON.stringify(c.target.save(target))) as I;
            c.target.restore(c.target.create(), again);
          } catch (e) {
            outcome = "other";
            reason = `an accepted input left a target whose own saved form is rejected: ${errorText(e)}`;
          }
        }
      }
    }
  } catch (e) {
    if (isTacticaError(e)) {
      if (e.path === undefined && e.line === undefined) {
        outcome = "other";
        reason = `TacticaError ${e.code} without a path or line: ${e.message}`;
      } else if (c.jsonPaths === true && e.path !== undefined && !e.path.startsWith("$")) {
        outcome = "other";
        reason = `TacticaError ${e.code} with path ${JSON.stringify(e.path)}, which does not start with "$": ${e.message}`;
      } else outcome = "rejected";
    } else if (e instanceof HostileError && e.propagates) {
      outcome = "rejected"; // the input's own getter threw while being read: its exception, unchanged
    } else if (e instanceof HostileError) {
      outcome = "other";
      reason = `the loader converted a hostile object to a primitive (${e.message}); describe values with describeValue`;
    } else {
      outcome = "other";
      reason = `non-TacticaError: ${errorText(e)}`;
    }
    if (changed !== undefined) {
      outcome = "changed";
      reason = `a rejected restore changed ${changed} (${errorText(e)})`;
    }
  }
  const ms = performance.now() - t0;
  if (protoSnapshot() !== proto) {
    outcome = "other";
    reason = "Object/Array/Function prototype changed";
  }
  return reason === undefined ? { outcome, ms } : { outcome, ms, reason };
}

/**
 * Runs the inputs of a run from `from` on in this thread, reporting each result.
 * @param c - the case
 * @param runs - drawn inputs after the seeds
 * @param seed - the run's base seed
 * @param settings - which hostile classes
 * @param from - the first input's index
 * @param report - called with each input's index, the input and its result
 */
export function runRange<I>(
  c: LoaderCase<I>,
  runs: number,
  seed: number,
  settings: FuzzSettings,
  from: number,
  report: (i: number, item: FuzzItem, r: InputResult) => void,
): void {
  const proto = protoSnapshot();
  for (const [i, item] of fuzzItems(c, runs, seed, settings, from)) report(i, item, checkInput(c, item, proto));
}

const FAILURES_PER_CLASS = 5;

/**
 * Adds one input's result to the counts.
 * @param stats - the counts to update
 * @param r - the result, whether the input had to be accepted, and its class
 * @param input - describes the input; called only for a failure
 */
export function record(stats: FuzzStats, r: InputResult & { readonly mustAccept: boolean; readonly cls: string }, input: () => string): void {
  stats.inputs++;
  stats[r.outcome]++;
  if (r.ms > stats.slowestMs) stats.slowestMs = r.ms;
  let reason = r.reason;
  if (r.ms > SLOW_MS) {
    stats.slow++;
    reason = `slow: ${r.ms.toFixed(0)} ms${reason ? `; ${reason}` : ""}`;
  }
  if (r.mustAccept && r.outcome !== "accepted") {
    stats.other++;
    reason = `a valid seed was not accepted: ${reason ?? r.outcome}`;
  }
  if (reason !== undefined && stats.failures.filter((f) => f.cls === r.cls).length < FAILURES_PER_CLASS) {
    stats.failures.push({ input: input(), reason, cls: r.cls });
  }
}

/**
 * Runs a case in this thread (no time limit: a hang hangs). The worker pool is the safe way.
 * @param c - the case
 * @param runs - drawn inputs after the seeds
 * @param seed - the run's base seed
 * @param settings - which hostile classes (default all)
 */
export function runFuzz<I>(c: LoaderCase<I>, runs: number, seed = DEFAULT_SEED, settings: FuzzSettings = DEFAULT_SETTINGS): FuzzStats {
  const stats = emptyStats(`${c.pkg}/${c.name}`);
  runRange(c, runs, seed, settings, 0, (_i, item, r) => record(stats, { ...r, mustAccept: item.mustAccept, cls: item.cls }, () => showItem(item)));
  return stats;
}
