// The hostile input classes of issue 32 / 35: huge, deep, wrongly typed and extreme values planted
// anywhere in a loader's seed (or replacing its whole input), built from a small recipe so that each
// input is deterministic from the run's seed and cheap to describe in a report.
import fc from "fast-check";

/** The hostile input classes, each a generator of its own (`--classes` selects them). */
export const HOSTILE_CLASSES = [
  "huge",
  "big-array",
  "sparse",
  "deep",
  "cyclic",
  "bigint",
  "typed",
  "hostile-object",
  "proto",
  "coords",
  "options",
  "wrong-type",
] as const;

/** One hostile input class. */
export type HostileClass = (typeof HOSTILE_CLASSES)[number];

/**
 * Parses a comma-separated class list (`huge,deep`); throws on an unknown name.
 * @param list - the names, comma-separated (blanks ignored)
 */
export function parseClasses(list: string): HostileClass[] {
  const out: HostileClass[] = [];
  for (const raw of list.split(",")) {
    const name = raw.trim();
    if (name === "") continue;
    if (!(HOSTILE_CLASSES as readonly string[]).includes(name)) throw new Error(`unknown hostile class "${name}"; known: ${HOSTILE_CLASSES.join(", ")}`);
    out.push(name as HostileClass);
  }
  return out;
}

/** What the kit needs to know of a case to build hostile inputs for it. */
export interface HostileTarget {
  readonly kind: "json" | "text" | "bytes";
  readonly seeds: readonly unknown[];
  /** Present when the case can be called with a hostile options object. */
  readonly options?: { readonly base: Readonly<Record<string, unknown>> };
}

/** How one hostile input is built: a class, a seed, a place in it and a variant. */
export interface HostileRecipe {
  readonly cls: HostileClass;
  readonly seed: number;
  readonly at: number;
  readonly pick: number;
}

/** A built hostile input: the value, a short description, and whether it is an options object. */
export interface HostileInput {
  readonly input: unknown;
  readonly desc: string;
  /** The input is an options object for the case's `options.call` with seed `seed`. */
  readonly asOptions?: { readonly seed: unknown };
}

/** Elements of the "big-array" class (the issue's 10^6-element arrays). */
export const BIG_ARRAY_LENGTH = 1_000_000;
/** Declared length of the "sparse" class (2^26). */
export const SPARSE_LENGTH = 2 ** 26;
/** Nesting of the "deep" class (100,000 levels, built iteratively). */
export const DEEP_LEVELS = 100_000;

const HUGE_NUMBERS = [2 ** 31 - 1, 2 ** 31, 2 ** 32, 1e9, 2 ** 53, 1e12, 1e15, 2 ** 26, 1_000_000];
const COORDS = [1e9, -1e9, 1e300, -1e300, Number.NaN, -0, 5e-324, -5e-324, Infinity, -Infinity];
const HUGE_TOKENS = ["1000000000", "4294967295", "2147483648", "99999999999999999999", "1e15", "67108864", "1000000"];
const COORD_TOKENS = ["1e9", "-1e9", "1e300", "-1e300", "NaN", "-0", "5e-324", "Infinity", "1e309", "-1e309"];

/** Classes whose inputs take milliseconds to build. */
const EXPENSIVE: readonly HostileClass[] = ["big-array", "deep", "sparse"];

/**
 * Classes that apply to a case (the options class needs the case's `options`).
 * @param t - the case
 * @param enabled - the classes the run draws from
 */
export function classesFor(t: HostileTarget, enabled: readonly HostileClass[]): HostileClass[] {
  return enabled.filter((c) => c !== "options" || t.options !== undefined);
}

/**
 * Recipes for a case; `classes` must not be empty (callers skip the generator then).
 * @param t - the case (its seeds are counted)
 * @param classes - the classes to draw, the costly ones a quarter as often
 */
export function hostileRecipes(t: HostileTarget, classes: readonly HostileClass[]): fc.Arbitrary<HostileRecipe> {
  // The classes that build 10^5–10^6-element values cost milliseconds each: drawn a quarter as often.
  const weighted = classes.map((c) => ({ arbitrary: fc.constant(c), weight: EXPENSIVE.includes(c) ? 1 : 4 }));
  return fc.record({
    cls: fc.oneof(...weighted),
    seed: fc.nat({ max: Math.max(0, t.seeds.length - 1) }),
    at: fc.nat({ max: 1 << 20 }),
    pick: fc.nat({ max: 1 << 20 }),
  });
}

// ----------------------------------------------------------------------------------------------------
// Building blocks

type Path = readonly (string | number)[];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

function clone(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clone);
  if (ArrayBuffer.isView(v)) return (v as unknown as { slice(): unknown }).slice();
  if (isRecord(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: clone(v[k]), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

/** Every path of a JSON-like value (breadth first, at most 20,000, depth ≤ 12). */
function paths(root: unknown): Path[] {
  const out: Path[] = [];
  const queue: { v: unknown; p: Path }[] = [{ v: root, p: [] }];
  for (let i = 0; i < queue.length && out.length < 20_000; i++) {
    const { v, p } = queue[i]!;
    out.push(p);
    if (p.length > 12) continue;
    if (Array.isArray(v)) v.forEach((c, k) => queue.push({ v: c, p: [...p, k] }));
    else if (isRecord(v)) for (const k of Object.keys(v)) queue.push({ v: v[k], p: [...p, k] });
  }
  return out;
}

function getAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const k of path) v = (v as Record<string | number, unknown>)[k];
  return v;
}

function pathText(path: Path): string {
  return `$${path.map((k) => (typeof k === "number" ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`)).join("")}`;
}

function pickOf<T>(xs: readonly T[], n: number): T {
  return xs[n % xs.length]!;
}

/** A path whose value satisfies `want`, else any path. */
function choosePath(all: readonly Path[], root: unknown, at: number, want: (v: unknown) => boolean): Path {
  const fit = all.filter((p) => want(getAt(root, p)));
  return pickOf(fit.length ? fit : all, at);
}

/**
 * What a hostile input's own code throws. A getter or proxy trap that throws while the loader reads a
 * field may propagate unchanged (`propagates`: the caller's own exception, like a throwing callback);
 * `toString`/`valueOf`/`Symbol.toPrimitive` must never be called by a loader (messages use
 * `describeValue`), so reaching one is a failure.
 */
export class HostileError extends Error {
  /** The loader may let this error through unchanged (a field read, not a conversion). */
  readonly propagates: boolean;
  constructor(what: string, propagates: boolean) {
    super(`hostile ${what} called`);
    this.name = "HostileError";
    this.propagates = propagates;
  }
}

function thrower(what: string, propagates = false): () => never {
  return () => {
    throw new HostileError(what, propagates);
  };
}

/** Objects whose conversion or field access throws. */
function hostileObject(pick: number, like: unknown): { value: unknown; what: string } {
  switch (pick % 6) {
    case 0:
      return { value: { toString: thrower("toString"), valueOf: thrower("valueOf") }, what: "toString/valueOf that throw" };
    case 1:
      return { value: { toString: 1, valueOf: 1 }, what: "toString/valueOf not callable" };
    case 2:
      return { value: { [Symbol.toPrimitive]: thrower("Symbol.toPrimitive") }, what: "Symbol.toPrimitive that throws" };
    case 3: {
      // The same fields as the value it replaces, each a getter that throws.
      const keys = isRecord(like) ? Object.keys(like) : ["length", "0", "x", "id", "version"];
      const o: Record<string, unknown> = Array.isArray(like) ? ([] as unknown as Record<string, unknown>) : {};
      for (const k of Array.isArray(like) ? ["0", "1", "length"].filter((k) => k !== "length") : keys) {
        Object.defineProperty(o, k, { get: thrower(`getter ${k}`, true), enumerable: true, configurable: true });
      }
      return { value: o, what: `${Array.isArray(like) ? "array" : "object"} whose fields are getters that throw` };
    }
    case 4: {
      const trap = thrower("proxy trap", true);
      return {
        value: new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap }),
        what: "proxy whose every trap throws",
      };
    }
    default:
      return { value: Object.assign(Object.create(null) as object, { toString: undefined }), what: "null-prototype object without toString" };
  }
}

const TYPED_KINDS: readonly { name: string; make(xs: readonly number[]): unknown }[] = [
  { name: "Float64Array", make: (xs) => Float64Array.from(xs) },
  { name: "Float32Array", make: (xs) => Float32Array.from(xs) },
  { name: "Int8Array", make: (xs) => Int8Array.from(xs) },
  { name: "Uint8ClampedArray", make: (xs) => Uint8ClampedArray.from(xs) },
  { name: "Int32Array", make: (xs) => Int32Array.from(xs) },
  { name: "Uint16Array", make: (xs) => Uint16Array.from(xs) },
  { name: "BigInt64Array", make: (xs) => BigInt64Array.from(xs.map((x) => BigInt(Number.isFinite(x) ? Math.trunc(x) : 0))) },
  { name: "DataView", make: (xs) => new DataView(Float64Array.from(xs).buffer) },
];

function numbersOf(v: unknown): number[] {
  if (Array.isArray(v)) return v.map((x) => (typeof x === "number" ? x : Number.NaN));
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return Array.from(v as unknown as ArrayLike<number | bigint>, Number);
  return [0, 1, 2];
}

function deep(v: unknown, pick: number, key: string): unknown {
  let out = v;
  const mode = pick % 3;
  for (let i = 0; i < DEEP_LEVELS; i++) {
    if (mode === 0 || (mode === 2 && i % 2 === 0)) out = [out];
    else {
      const o: Record<string, unknown> = {};
      o[key] = out;
      out = o;
    }
  }
  return out;
}

/** A whole-input replacement: values of the wrong type, including huge and hostile ones. */
function wrongType(pick: number, seed: unknown): { value: unknown; what: string } {
  const sparse: unknown[] = [];
  sparse.length = SPARSE_LENGTH;
  const all: (() => { value: unknown; what: string })[] = [
    () => ({ value: null, what: "null" }),
    () => ({ value: undefined, what: "undefined" }),
    () => ({ value: Number.NaN, what: "NaN" }),
    () => ({ value: 1e300, what: "1e300" }),
    () => ({ value: "", what: "empty string" }),
    () => ({ value: "x".repeat(BIG_ARRAY_LENGTH), what: "a 10^6-character string" }),
    () => ({ value: 12n, what: "BigInt 12n" }),
    () => ({ value: Symbol("hostile"), what: "a symbol" }),
    () => ({ value: () => seed, what: "a function" }),
    () => ({ value: sparse, what: "a sparse array of length 2^26" }),
    () => ({ value: new Array<number>(BIG_ARRAY_LENGTH).fill(0), what: "10^6 zeros" }),
    () => ({ value: new Map([["version", 1]]), what: "a Map" }),
    () => ({ value: new Date(Number.NaN), what: "an invalid Date" }),
    () => ({ value: new Uint8Array(8), what: "a Uint8Array" }),
    () => ({ value: Object.create(null) as unknown, what: "an empty null-prototype object" }),
    () => hostileObject(pick >> 4, seed),
  ];
  return pickOf(all, pick)();
}

// ----------------------------------------------------------------------------------------------------
// Per kind

function jsonHostile(t: HostileTarget, r: HostileRecipe): HostileInput {
  const seed = t.seeds[r.seed];
  if (r.cls === "options") return optionsHostile(t, r);
  if (r.cls === "wrong-type") {
    const w = wrongType(r.pick, clone(seed));
    return { input: w.value, desc: `wrong-type: the whole input is ${w.what}` };
  }
  const root = clone(seed);
  const all = paths(root);
  const isNum = (v: unknown): boolean => typeof v === "number";
  const isArr = (v: unknown): boolean => Array.isArray(v);
  const isObj = (v: unknown): boolean => isRecord(v) || Array.isArray(v);
  const want: Record<Exclude<HostileClass, "options" | "wrong-type">, (v: unknown) => boolean> = {
    huge: isNum,
    coords: isNum,
    bigint: isNum,
    "big-array": isArr,
    sparse: isArr,
    typed: (v) => (Array.isArray(v) && v.every(isNum)) || ArrayBuffer.isView(v),
    deep: () => true,
    cyclic: isObj,
    "hostile-object": () => true,
    proto: isRecord,
  };
  const path = choosePath(all, root, r.at, want[r.cls]);
  const here = getAt(root, path);
  let value: unknown;
  let what: string;
  switch (r.cls) {
    case "huge":
      value = pickOf(HUGE_NUMBERS, r.pick);
      what = String(value);
      break;
    case "coords":
      value = pickOf(COORDS, r.pick);
      what = Object.is(value, -0) ? "-0" : String(value);
      break;
    case "bigint":
      value = r.pick % 2 ? 2n ** 64n : BigInt(typeof here === "number" && Number.isFinite(here) ? Math.trunc(here) : 1);
      what = `BigInt ${String(value)}n`;
      break;
    case "big-array": {
      const first: unknown = Array.isArray(here) && here.length ? (here as unknown[])[r.pick % here.length] : 0;
      value = new Array<unknown>(BIG_ARRAY_LENGTH).fill(first);
      what = `a 10^6-element array (each element the same ${Array.isArray(first) ? "array" : typeof first})`;
      break;
    }
    case "sparse": {
      const a = Array.isArray(here) ? here.slice() : [here];
      a.length = SPARSE_LENGTH;
      value = a;
      what = `a sparse array of length 2^26 holding the first ${Array.isArray(here) ? here.length : 1} elements`;
      break;
    }
    case "typed": {
      const kinds = TYPED_KINDS.filter((k) => !(here !== null && typeof here === "object" && here.constructor.name === k.name));
      const k = pickOf(kinds, r.pick);
      value = k.make(numbersOf(here));
      what = `a ${k.name} of the same numbers`;
      break;
    }
    case "deep": {
      const key = typeof path[path.length - 1] === "string" ? (path[path.length - 1] as string) : "child";
      value = deep(here, r.pick, key);
      what = `the value nested ${DEEP_LEVELS} levels deep (${["arrays", "objects", "arrays and objects"][r.pick % 3]})`;
      break;
    }
    case "cyclic": {
      if (here === null || typeof here !== "object") {
        const a: unknown[] = [here];
        a.push(a);
        value = a;
        what = "an array holding the value and itself";
        break;
      }
      const c = here as Record<string | number, unknown>;
      const keys = Array.isArray(c) ? c.map((_, i) => i) : Object.keys(c);
      const k = keys.length ? pickOf<string | number>(keys, r.pick >> 1) : Array.isArray(c) ? 0 : "self";
      if (r.pick % 2 === 0) {
        c[k] = c;
        what = `${pathText([...path, k])} set to its own parent`;
      } else {
        c[k] = root;
        what = `${pathText([...path, k])} set to the root`;
      }
      return { input: root, desc: `cyclic: ${what} of seed #${r.seed}` };
    }
    case "hostile-object": {
      const h = hostileObject(r.pick, here);
      value = h.value;
      what = `an object with ${h.what}`;
      break;
    }
    case "proto": {
      const src = here as Record<string, unknown>;
      const mode = r.pick % 3;
      if (Array.isArray(here)) {
        value = Object.create(here) as unknown;
        what = "an object inheriting the array (its elements and length inherited)";
      } else if (!isRecord(here)) {
        value = Object.create({ value: here }) as unknown;
        what = "an object with an inherited field";
      } else if (mode === 0) {
        value = Object.assign(Object.create(null) as Record<string, unknown>, src);
        what = "a null-prototype copy";
      } else if (mode === 1) {
        value = Object.create(src) as unknown;
        what = "an object whose fields are all inherited from its prototype";
      } else {
        const keys = Object.keys(src);
        const k = keys.length ? pickOf(keys, r.pick >> 2) : "x";
        const own = { ...src };
        delete own[k];
        value = Object.setPrototypeOf(own, { [k]: src[k] }) as unknown;
        what = `a copy whose field "${k}" is inherited from its prototype`;
      }
      break;
    }
  }
  if (path.length === 0) return { input: value, desc: `${r.cls}: the whole seed #${r.seed} replaced by ${what}` };
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(parent)) parent[last as number] = value;
  else Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
  return { input: root, desc: `${r.cls}: ${pathText(path)} of seed #${r.seed} replaced by ${what}` };
}

function optionsHostile(t: HostileTarget, r: HostileRecipe): HostileInput {
  const base = t.options?.base ?? {};
  const seed = t.seeds[r.seed];
  const keys = Object.keys(base);
  const variants: (() => { value: unknown; what: string })[] = [
    () => ({ value: null, what: "null" }),
    () => ({ value: undefined, what: "missing (undefined)" }),
    () => ({ value: "x", what: 'the string "x"' }),
    () => ({ value: "x".repeat(BIG_ARRAY_LENGTH), what: "a 10^6-character string" }),
    () => ({ value: 42, what: "42" }),
    () => ({ value: [], what: "an empty array" }),
    () => ({ value: Object.create(clone(base) as object) as unknown, what: "an object whose fields are inherited" }),
    () => ({ value: Object.assign(Object.create(null) as object, clone(base)), what: "a null-prototype copy" }),
    () => {
      const h = hostileObject(r.pick >> 4, base);
      return { value: h.value, what: `an object with ${h.what}` };
    },
    () => {
      const k = keys.length ? pickOf(keys, r.at) : "config";
      const bad: readonly [unknown, string][] = [
        [null, "null"],
        ["x".repeat(10 * BIG_ARRAY_LENGTH), "a 10 MB string"],
        [Number.NaN, "NaN"],
        [-1, "-1"],
        [1e300, "1e300"],
        [5e-324, "5e-324"],
        ["1", 'the string "1"'],
        [[], "an empty array"],
        [12n, "BigInt 12n"],
        [hostileObject(r.at >> 3, {}).value, "a hostile object"],
      ];
      const [v, what] = pickOf(bad, r.at >> 1);
      return { value: { ...(clone(base) as object), [k]: v }, what: `the base options with ${k} = ${what}` };
    },
  ];
  const v = pickOf(variants, r.pick)();
  return { input: v.value, desc: `options: ${v.what} (with seed #${r.seed})`, asOptions: { seed } };
}

function replaceNumberToken(text: string, n: number, tok: string): string {
  const count = (text.match(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi) ?? []).length;
  if (count === 0) return `${text}\n${tok}`;
  let k = 0;
  const want = n % count;
  return text.replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi, (m) => (k++ === want ? tok : m));
}

function textHostile(t: HostileTarget, r: HostileRecipe): HostileInput {
  const raw = t.seeds[r.seed];
  const seed = typeof raw === "string" ? raw : "";
  const lines = seed.split("\n");
  const s = `seed #${r.seed}`;
  switch (r.cls) {
    case "huge": {
      const tok = pickOf(HUGE_TOKENS, r.pick);
      return { input: replaceNumberToken(seed, r.at, tok), desc: `huge: a number of ${s} replaced by ${tok}` };
    }
    case "coords": {
      const tok = pickOf(COORD_TOKENS, r.pick);
      return { input: replaceNumberToken(seed, r.at, tok), desc: `coords: a number of ${s} replaced by ${tok}` };
    }
    case "big-array": {
      const line = pickOf(lines, r.at);
      const out = new Array<string>(BIG_ARRAY_LENGTH).fill(line);
      return { input: `${seed}\n${out.join("\n")}`, desc: `big-array: ${s} followed by line ${JSON.stringify(line.slice(0, 40))} 10^6 times` };
    }
    case "sparse": {
      const p = r.at % (seed.length + 1);
      return { input: seed.slice(0, p) + "7".repeat(2 ** 22) + seed.slice(p), desc: `sparse: a 2^22-character token inserted at offset ${p} of ${s}` };
    }
    case "deep": {
      const [open, close] = pickOf(
        [
          ["(", ")"],
          ["[", "]"],
          ["{", "}"],
          ["#", "#"],
        ],
        r.pick,
      );
      const p = r.at % (seed.length + 1);
      return {
        input: seed.slice(0, p) + open.repeat(DEEP_LEVELS) + close.repeat(DEEP_LEVELS) + seed.slice(p),
        desc: `deep: ${DEEP_LEVELS} nested "${open}${close}" at offset ${p} of ${s}`,
      };
    }
    case "typed": {
      const bytes = new TextEncoder().encode(seed);
      return r.pick % 2
        ? { input: bytes, desc: `typed: the UTF-8 bytes of ${s} as a Uint8Array` }
        : { input: new String(seed), desc: `typed: ${s} as a String object` };
    }
    case "cyclic": {
      const o: Record<string, unknown> = { text: seed };
      o["self"] = o;
      return { input: o, desc: "cyclic: an object holding itself instead of text" };
    }
    case "bigint":
      return { input: BigInt(seed.length), desc: "bigint: a BigInt instead of text" };
    case "hostile-object": {
      const h = hostileObject(r.pick, seed);
      return { input: h.value, desc: `hostile-object: ${h.what} instead of text` };
    }
    case "proto":
      return { input: Object.create(new String(seed)) as unknown, desc: `proto: an object inheriting from a String object of ${s}` };
    case "options":
      return optionsHostile(t, r);
    case "wrong-type": {
      const w = wrongType(r.pick, seed);
      return { input: w.value, desc: `wrong-type: the whole input is ${w.what}` };
    }
  }
}

function bytesHostile(t: HostileTarget, r: HostileRecipe): HostileInput {
  const seed = (t.seeds[r.seed] as Uint8Array | undefined) ?? new Uint8Array(0);
  const s = `seed #${r.seed}`;
  const b = seed.slice();
  const at = b.length >= 4 ? (r.at % (b.length - 3)) & ~3 : 0;
  switch (r.cls) {
    case "huge": {
      const v = pickOf([0xffffffff, 0x7fffffff, 2 ** 26, 1e9, 0x80000000, 1_000_000], r.pick);
      if (b.length >= at + 4) new DataView(b.buffer).setUint32(at, v, true);
      return { input: b, desc: `huge: the 32-bit word at byte ${at} of ${s} set to ${v}` };
    }
    case "coords": {
      const v = pickOf(COORDS, r.pick);
      const view = new DataView(b.buffer);
      const f64 = r.pick % 2 === 1 && b.length >= at + 8;
      if (f64) view.setFloat64(at, v, true);
      else if (b.length >= at + 4) view.setFloat32(at, v, true);
      return { input: b, desc: `coords: the ${f64 ? "float64" : "float32"} at byte ${at} of ${s} set to ${Object.is(v, -0) ? "-0" : v}` };
    }
    case "big-array": {
      const out = new Uint8Array(seed.length + BIG_ARRAY_LENGTH * (r.pick % 2 ? 16 : 1));
      out.set(seed);
      return { input: out, desc: `big-array: ${s} followed by ${out.length - seed.length} zero bytes` };
    }
    case "sparse": {
      const out = new Uint8Array(SPARSE_LENGTH);
      out.set(seed.subarray(0, Math.min(seed.length, SPARSE_LENGTH)));
      return { input: out, desc: `sparse: ${s} in a 2^26-byte buffer of zeros` };
    }
    case "typed": {
      const views: [string, () => unknown][] = [
        ["Uint16Array", () => new Uint16Array(b.buffer, 0, b.length >> 1)],
        ["Int8Array", () => new Int8Array(b.buffer)],
        ["Uint8ClampedArray", () => new Uint8ClampedArray(b.buffer)],
        ["Float64Array", () => new Float64Array(b.buffer, 0, b.length >> 3)],
        ["DataView", () => new DataView(b.buffer)],
        ["ArrayBuffer", () => b.buffer],
        ["number[]", () => Array.from(b)],
        ["Uint8Array at an odd offset", () => new Uint8Array(new Uint8Array([0, ...b]).buffer, 1)],
      ];
      const [name, make] = pickOf(views, r.pick);
      return { input: make(), desc: `typed: the bytes of ${s} as ${name}` };
    }
    case "deep": {
      const out = new Uint8Array(seed.length + DEEP_LEVELS);
      out.set(seed);
      out.fill(0xff, seed.length);
      return { input: out, desc: `deep: ${s} followed by ${DEEP_LEVELS} 0xff bytes` };
    }
    case "cyclic": {
      const o: Record<string, unknown> = { buffer: b.buffer, length: b.length };
      o["self"] = o;
      return { input: o, desc: "cyclic: a cyclic object instead of bytes" };
    }
    case "bigint":
      return { input: BigInt64Array.from([1n, 2n]), desc: "bigint: a BigInt64Array instead of bytes" };
    case "hostile-object": {
      const h = hostileObject(r.pick, b);
      return { input: h.value, desc: `hostile-object: ${h.what} instead of bytes` };
    }
    case "proto":
      return { input: Object.create(b) as unknown, desc: `proto: an object inheriting from ${s}` };
    case "options":
      return optionsHostile(t, r);
    case "wrong-type": {
      const w = wrongType(r.pick, b);
      return { input: w.value, desc: `wrong-type: the whole input is ${w.what}` };
    }
  }
}

/**
 * Builds the hostile input a recipe describes (seeds are never modified).
 * @param t - the case: its kind, seeds and options
 * @param r - the recipe: class, seed index, place and variant
 */
export function buildHostile(t: HostileTarget, r: HostileRecipe): HostileInput {
  return t.kind === "json" ? jsonHostile(t, r) : t.kind === "text" ? textHostile(t, r) : bytesHostile(t, r);
}
