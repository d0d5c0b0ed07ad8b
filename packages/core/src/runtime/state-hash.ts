import { invalidArgument } from "../errors/validate";

/**
 * A running 32-bit hash over the *bytes* of a simulation's state — typed-array views, numbers as
 * their 8 IEEE-754 bytes, strings as UTF-16 code units — never over JSON text, so it is cheap,
 * exact (−0, NaN payloads and the last bit of a float all count) and independent of key order or
 * number formatting. Use one per tick to compare two runs (replays, lockstep peers, a restored save
 * against an uninterrupted run).
 *
 * The bytes are read as little-endian 32-bit words and mixed into four independent lanes (word `k`
 * of a call goes to lane `k mod 4`: `lane = imul(rotl(lane, 13) ^ word, 0x9e3779b1)`), so a tick's
 * hash runs at several words per multiply latency instead of one byte. Every step is a bijection,
 * so changing any one bit of the input always changes the hash. Integer operations only, and every
 * JavaScript engine on x86 and ARM is little-endian, so hashes agree across Node and browsers.
 *
 * @example
 * ```ts
 * const h = createStateHash();
 * hashStateBytes(h, new Float64Array([1, 2, 3]));
 * hashStateRange(h, new Int32Array([7, 8, 9, 10]), 1, 3); // elements 1 and 2, no subarray allocated
 * hashStateNumber(h, 42);
 * hashStateString(h, "idle");
 * readStateHash(h); // → a uint32, the same in every run with the same state
 * ```
 */
export interface StateHash {
  /** @internal The four lane accumulators. */
  readonly lanes: Int32Array;
  /** @internal Scratch for float64 numbers. */
  readonly scratch: Float64Array;
  /** @internal Word view of `scratch`. */
  readonly scratchWords: Int32Array;
}

const M = 0x9e3779b1 | 0;
const SEED0 = 0x811c9dc5 | 0;
const SEED1 = 0x9e3779b9 | 0;
const SEED2 = 0x85ebca6b | 0;
const SEED3 = 0xc2b2ae35 | 0;

/** One lane step: bijective in both `x` and `w`. */
function mix(x: number, w: number): number {
  return Math.imul(((x << 13) | (x >>> 19)) ^ w, M);
}

/**
 * Creates a hash at its starting state. Allocates once; hashing then allocates nothing, except a
 * word view per buffer the first time a long array of it is hashed (kept in a `WeakMap`), and a
 * temporary byte view per call for a `DataView` or a BigInt/Float16 array.
 */
export function createStateHash(): StateHash {
  const scratch = new Float64Array(1);
  const lanes = new Int32Array(4);
  const hash: StateHash = { lanes, scratch, scratchWords: new Int32Array(scratch.buffer) };
  resetStateHash(hash);
  return hash;
}

/**
 * Starts `hash` over (back to its starting state).
 * @param hash - The hash to reset in place.
 */
export function resetStateHash(hash: StateHash): void {
  const L = hash.lanes;
  L[0] = SEED0;
  L[1] = SEED1;
  L[2] = SEED2;
  L[3] = SEED3;
}

// One loop per element type keeps every loop monomorphic. Each takes elements [from, to) and mixes
// word k of that range into lane k & 3; the caller then mixes the byte length into lane 0.

function words32(L: Int32Array, a: Int32Array, from: number, to: number): void {
  let x0 = L[0]!,
    x1 = L[1]!,
    x2 = L[2]!,
    x3 = L[3]!;
  let i = from;
  // Unrolled by eight (two words per lane): the loop's own overhead is a large part of a word's cost.
  for (const end = from + ((to - from) & ~7); i < end; i += 8) {
    x0 = mix(x0, a[i]!);
    x1 = mix(x1, a[i + 1]!);
    x2 = mix(x2, a[i + 2]!);
    x3 = mix(x3, a[i + 3]!);
    x0 = mix(x0, a[i + 4]!);
    x1 = mix(x1, a[i + 5]!);
    x2 = mix(x2, a[i + 6]!);
    x3 = mix(x3, a[i + 7]!);
  }
  if (i + 3 < to) {
    x0 = mix(x0, a[i]!);
    x1 = mix(x1, a[i + 1]!);
    x2 = mix(x2, a[i + 2]!);
    x3 = mix(x3, a[i + 3]!);
    i += 4;
  }
  if (i < to) x0 = mix(x0, a[i]!);
  if (i + 1 < to) x1 = mix(x1, a[i + 1]!);
  if (i + 2 < to) x2 = mix(x2, a[i + 2]!);
  L[0] = x0;
  L[1] = x1;
  L[2] = x2;
  L[3] = x3;
}

function wordsU32(L: Int32Array, a: Uint32Array, from: number, to: number): void {
  let x0 = L[0]!,
    x1 = L[1]!,
    x2 = L[2]!,
    x3 = L[3]!;
  let i = from;
  // Unrolled by eight (two words per lane): the loop's own overhead is a large part of a word's cost.
  for (const end = from + ((to - from) & ~7); i < end; i += 8) {
    x0 = mix(x0, a[i]! | 0);
    x1 = mix(x1, a[i + 1]! | 0);
    x2 = mix(x2, a[i + 2]! | 0);
    x3 = mix(x3, a[i + 3]! | 0);
    x0 = mix(x0, a[i + 4]! | 0);
    x1 = mix(x1, a[i + 5]! | 0);
    x2 = mix(x2, a[i + 6]! | 0);
    x3 = mix(x3, a[i + 7]! | 0);
  }
  if (i + 3 < to) {
    x0 = mix(x0, a[i]! | 0);
    x1 = mix(x1, a[i + 1]! | 0);
    x2 = mix(x2, a[i + 2]! | 0);
    x3 = mix(x3, a[i + 3]! | 0);
    i += 4;
  }
  if (i < to) x0 = mix(x0, a[i]! | 0);
  if (i + 1 < to) x1 = mix(x1, a[i + 1]! | 0);
  if (i + 2 < to) x2 = mix(x2, a[i + 2]! | 0);
  L[0] = x0;
  L[1] = x1;
  L[2] = x2;
  L[3] = x3;
}

function wordsF64(hash: StateHash, a: Float64Array, from: number, to: number): void {
  const L = hash.lanes,
    s = hash.scratch,
    w = hash.scratchWords;
  let x0 = L[0]!,
    x1 = L[1]!,
    x2 = L[2]!,
    x3 = L[3]!;
  let i = from;
  for (const end = from + ((to - from) & ~1); i < end; i += 2) {
    s[0] = a[i]!;
    x0 = mix(x0, w[0]!);
    x1 = mix(x1, w[1]!);
    s[0] = a[i + 1]!;
    x2 = mix(x2, w[0]!);
    x3 = mix(x3, w[1]!);
  }
  if (i < to) {
    s[0] = a[i]!;
    x0 = mix(x0, w[0]!);
    x1 = mix(x1, w[1]!);
  }
  L[0] = x0;
  L[1] = x1;
  L[2] = x2;
  L[3] = x3;
}

/**
 * Bytes (Uint8Array, Int8Array, Uint8ClampedArray), four to a word, the last word zero-padded;
 * `k` is the index of the first word in the call (the lane it goes to is `k & 3`).
 */
function words8(L: Int32Array, a: Uint8Array | Int8Array | Uint8ClampedArray, from: number, to: number, k: number): void {
  let i = from;
  for (const end = from + ((to - from) & ~3); i < end; i += 4, k++) {
    const word = (a[i]! & 255) | ((a[i + 1]! & 255) << 8) | ((a[i + 2]! & 255) << 16) | (a[i + 3]! << 24);
    L[k & 3] = mix(L[k & 3]!, word);
  }
  if (i < to) {
    let word = 0;
    for (let b = 0; i < to; i++, b += 8) word |= (a[i]! & 255) << b;
    L[k & 3] = mix(L[k & 3]!, word);
  }
}

/** 16-bit elements, two to a word, the last word zero-padded. */
function words16(L: Int32Array, a: Uint16Array | Int16Array, from: number, to: number): void {
  let k = 0;
  let i = from;
  for (const end = from + ((to - from) & ~1); i < end; i += 2, k++) L[k & 3] = mix(L[k & 3]!, (a[i]! & 0xffff) | (a[i + 1]! << 16));
  if (i < to) L[k & 3] = mix(L[k & 3]!, a[i]! & 0xffff);
}

/**
 * Mixes elements [from, to) of `view` (`to` < 0: to its end) and then their byte count. One
 * `instanceof` branch per element type, each with its own (monomorphic) property loads: a load of
 * `length` or `BYTES_PER_ELEMENT` shared by every type would go megamorphic and cost more than
 * hashing a small array. Returns false when [from, to) is not a range of the view.
 */
/** Arrays at least this long are read through a cached Int32Array view of their buffer. */
const LONG = 32;

/** A whole-buffer Int32Array view per buffer, made the first time a long array of it is hashed. */
const wordViews = new WeakMap<ArrayBufferLike, Int32Array>();

function wordsOf(buffer: ArrayBufferLike): Int32Array {
  let v = wordViews.get(buffer);
  if (v === undefined || v.length !== buffer.byteLength >> 2) {
    v = new Int32Array(buffer, 0, buffer.byteLength >> 2);
    wordViews.set(buffer, v);
  }
  return v;
}

function mixRange(hash: StateHash, view: ArrayBufferView, from: number, to: number): boolean {
  const L = hash.lanes;
  let n: number, size: number;
  if (view instanceof Float64Array) {
    n = view.length;
    size = 8;
    if (to < 0) to = n;
    if (!(from <= to && to <= n)) return false;
    // A float64 is two words: read long runs straight from a word view (byteOffset is a multiple of 8).
    if (to - from >= LONG) {
      const base = (view.byteOffset >> 2) + 2 * from;
      words32(L, wordsOf(view.buffer), base, base + 2 * (to - from));
    } else wordsF64(hash, view, from, to);
  } else if (view instanceof Int32Array) {
    n = view.length;
    size = 4;
    if (to < 0) to = n;
    if (!(from <= to && to <= n)) return false;
    words32(L, view, from, to);
  } else if (view instanceof Uint8Array) {
    n = view.length;
    size = 1;
    if (to < 0) to = n;
    if (!(from <= to && to <= n)) return false;
    const at = view.byteOffset + from;
    if (to - from >= 4 * LONG && (at & 3) === 0) {
      // Whole words from a word view, then the last bytes.
      const words = (to - from) >> 2;
      words32(L, wordsOf(view.buffer), at >> 2, (at >> 2) + words);
      words8(L, view, from + 4 * words, to, words);
    } else words8(L, view, from, to, 0);
  } else if (view instanceof Uint32Array) {
    n = view.length;
    size = 4;
    if (to < 0) to = n;
    if (!(from <= to && to <= n)) return false;
    wordsU32(L, view, from, to);
  } else if (view instanceof Int8Array || view instanceof Uint8ClampedArray) {
    n = view.length;
    size = 1;
    if (to < 0) to = n;
    if (!(from <= to && to <= n)) return false;
    words8(L, view, from, to, 0);
  } else if (view instanceof Float32Array) {
    n = view.length;
    size = 4;
    if (to < 0) to = n;
    if (!(from <= to && to <= n)) return false;
    // Through the word view, never a float32 → float64 → float32 round trip (it sets a signalling NaN's quiet bit).
    const base = (view.byteOffset >> 2) + from;
    words32(L, wordsOf(view.buffer), base, base + (to - from));
  } else if (view instanceof Uint16Array || view instanceof Int16Array) {
    n = view.length;
    size = 2;
    if (to < 0) to = n;
    if (!(from <= to && to <= n)) return false;
    words16(L, view, from, to);
  } else {
    // DataView (bytes), BigInt64/BigUint64 and Float16 arrays: through a temporary byte view.
    size = (view as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
    n = view.byteLength / size;
    if (to < 0) to = n;
    if (!(from <= to && to <= n)) return false;
    words8(L, new Uint8Array(view.buffer, view.byteOffset + from * size, (to - from) * size), 0, (to - from) * size, 0);
  }
  L[0] = mix(L[0]!, (to - from) * size);
  return true;
}

/**
 * Adds the bytes of a typed array or DataView (its viewed range only), then their count. O(bytes).
 * The result depends on the bytes only, not on the view's type: a `Float64Array` and a `Uint8Array`
 * over the same bytes hash alike.
 * @param hash - The running hash ({@link createStateHash}), updated in place.
 * @param view - A typed array or DataView whose viewed bytes are added; read only.
 */
export function hashStateBytes(hash: StateHash, view: ArrayBufferView): void {
  mixRange(hash, view, 0, -1);
}

/**
 * Adds elements `[start, end)` of a typed array (bytes, for a DataView) exactly as
 * {@link hashStateBytes} would add `view.subarray(start, end)`, without allocating the subarray:
 * for the live part of a fixed-capacity array (agents `0 … count`) on a per-tick path.
 *
 * @param hash - The running hash ({@link createStateHash}), updated in place.
 * @param view - A typed array (or DataView, indexed in bytes); read only.
 * @param start - First element to add, an integer ≥ 0.
 * @param end - Element after the last one to add, an integer in [start, length].
 * @throws TacticaError `INVALID_ARGUMENT` unless `start` and `end` are integers with `0 ≤ start ≤ end ≤ length`.
 */
export function hashStateRange(hash: StateHash, view: ArrayBufferView, start: number, end: number): void {
  if (!(start >= 0 && end >= 0 && (start | 0) === start && (end | 0) === end) || !mixRange(hash, view, start, end)) {
    invalidArgument(
      "@tactica/core: hashStateRange",
      "start/end",
      `must be integers with 0 <= start <= end <= the view's length, got ${start}, ${end}`,
      "Pass element indices inside the view, as for subarray(start, end).",
    );
  }
}

/**
 * Adds a number as its 8 float64 bytes (the same as `hashStateBytes(hash, Float64Array.of(x))`). No allocation.
 * @param hash - The running hash ({@link createStateHash}), updated in place.
 * @param x - The number to add (its exact float64 bits: `0` and `-0` differ, every NaN hashes alike only if its bits do).
 */
export function hashStateNumber(hash: StateHash, x: number): void {
  const L = hash.lanes;
  hash.scratch[0] = x;
  L[0] = mix(L[0]!, hash.scratchWords[0]!);
  L[1] = mix(L[1]!, hash.scratchWords[1]!);
  L[0] = mix(L[0], 8);
}

/**
 * Adds a string: its length (as {@link hashStateNumber}), then its UTF-16 code units as the bytes
 * of a `Uint16Array` (two to a word, low unit first). No allocation.
 * @param hash - The running hash ({@link createStateHash}), updated in place.
 * @param text - The string to add (UTF-16 code units, no normalisation).
 */
export function hashStateString(hash: StateHash, text: string): void {
  hashStateNumber(hash, text.length);
  const L = hash.lanes;
  const n = text.length;
  let k = 0;
  let i = 0;
  for (; i + 1 < n; i += 2, k++) L[k & 3] = mix(L[k & 3]!, text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16));
  if (i < n) L[k & 3] = mix(L[k & 3]!, text.charCodeAt(i));
  L[0] = mix(L[0]!, 2 * n);
}

/**
 * The hash so far, a uint32: the four lanes folded in order, then murmur3's finalizer. Does not change `hash`.
 * @param hash - The hash to read; not changed (keep adding afterwards if you like).
 */
export function readStateHash(hash: StateHash): number {
  const L = hash.lanes;
  let h = mix(mix(mix(L[0]!, L[1]!), L[2]!), L[3]!);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
