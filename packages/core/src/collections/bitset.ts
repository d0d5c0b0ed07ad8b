import { assertInteger, describeValue, invalidArgument } from "../errors/validate";

/**
 * A fixed-size set of the integers `0 .. size - 1`, one bit each in a `Uint32Array` (bit `i` is
 * bit `i & 31` of word `i >>> 5`). Used for CSP domains, GOAP world states, visited sets.
 *
 * Plain state ({@link createBitset}) plus free functions; all operations are allocation-free
 * except the ones that say they allocate ({@link bitsetClone}, the serialisers). Bits past `size`
 * in the last word are always zero (every operation keeps that invariant), so word-wise
 * comparisons and counts are exact. Single-bit operations check the index (one comparison) and
 * throw `INVALID_ARGUMENT` when it is outside `[0, size)`; set operations throw when the sizes
 * differ. `structuredClone` copies a bitset; for JSON use {@link formatBitset} or
 * {@link bitsetToIndices}.
 */
export interface Bitset {
  /** Number of bits, `>= 0`. */
  readonly size: number;
  /** `ceil(size / 32)` words, little-endian bit order within each word. */
  readonly words: Uint32Array;
}

/**
 * Creates an empty bitset of `size` bits (integer in `[0, 2^31 - 1]`). O(size / 32).
 * @param size - Number of bits (the set holds `0 .. size − 1`), an integer in [0, 2^31 − 1].
 */
export function createBitset(size: number): Bitset {
  assertInteger("@tactica/core: createBitset", "size", size, 0, 0x7fffffff);
  return { size, words: new Uint32Array((size + 31) >>> 5) };
}

function badIndex(fn: string, set: Bitset, index: number): never {
  invalidArgument(
    `@tactica/core: ${fn}`,
    "index",
    `must be an integer in [0, ${set.size - 1}] but is ${describeValue(index)}`,
    "Create the bitset with a larger size.",
  );
}

function checkSizes(fn: string, a: Bitset, b: Bitset): void {
  if (a.size !== b.size) {
    invalidArgument(`@tactica/core: ${fn}`, "b", `has size ${b.size} but a has size ${a.size}`, "Combine bitsets of equal size.");
  }
}

/** Mask of the valid bits in the last word (all ones when `size` is a multiple of 32). */
function lastMask(size: number): number {
  const r = size & 31;
  return r === 0 ? 0xffffffff : 0xffffffff >>> (32 - r);
}

/** Number of set bits in a 32-bit word (SWAR popcount). */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero word. */
function lowestBit(word: number): number {
  return 31 - Math.clz32(word & -word);
}

/**
 * Sets bit `index` (adds it to the set). O(1).
 * @param set - The bitset, changed in place.
 * @param index - Bit index, an integer in `[0, set.size)`; anything else throws `INVALID_ARGUMENT`.
 */
export function bitsetSet(set: Bitset, index: number): void {
  if (index >>> 0 !== index || index >= set.size) badIndex("bitsetSet", set, index);
  set.words[index >>> 5]! |= 1 << (index & 31);
}

/**
 * Clears bit `index` (removes it from the set). O(1).
 * @param set - The bitset, changed in place.
 * @param index - Bit index, an integer in `[0, set.size)`; anything else throws `INVALID_ARGUMENT`.
 */
export function bitsetClear(set: Bitset, index: number): void {
  if (index >>> 0 !== index || index >= set.size) badIndex("bitsetClear", set, index);
  set.words[index >>> 5]! &= ~(1 << (index & 31));
}

/**
 * Flips bit `index`; returns its new value. O(1).
 * @param set - The bitset, changed in place.
 * @param index - Bit index, an integer in `[0, set.size)`; anything else throws `INVALID_ARGUMENT`.
 */
export function bitsetToggle(set: Bitset, index: number): boolean {
  if (index >>> 0 !== index || index >= set.size) badIndex("bitsetToggle", set, index);
  const w = index >>> 5;
  const bit = 1 << (index & 31);
  const v = (set.words[w]! ^= bit);
  return (v & bit) !== 0;
}

/**
 * True when bit `index` is set. O(1).
 * @param set - The bitset to read.
 * @param index - Bit index, an integer in `[0, set.size)`; anything else throws `INVALID_ARGUMENT`.
 */
export function bitsetHas(set: Bitset, index: number): boolean {
  if (index >>> 0 !== index || index >= set.size) badIndex("bitsetHas", set, index);
  return (set.words[index >>> 5]! & (1 << (index & 31))) !== 0;
}

/**
 * Sets every bit `0 .. size - 1`. O(size / 32).
 * @param set - The bitset, changed in place (bits past `size` stay clear).
 */
export function bitsetFill(set: Bitset): void {
  const words = set.words;
  const n = words.length;
  if (n === 0) return;
  words.fill(0xffffffff);
  words[n - 1] = lastMask(set.size);
}

/**
 * Clears every bit. O(size / 32).
 * @param set - The bitset, emptied in place.
 */
export function bitsetClearAll(set: Bitset): void {
  set.words.fill(0);
}

/**
 * Number of set bits (population count). O(size / 32).
 * @param set - The bitset to read.
 */
export function bitsetCount(set: Bitset): number {
  const words = set.words;
  let count = 0;
  for (let i = 0; i < words.length; i++) count += popcount(words[i]!);
  return count;
}

/**
 * True when no bit is set. O(size / 32).
 * @param set - The bitset to read.
 */
export function bitsetIsEmpty(set: Bitset): boolean {
  const words = set.words;
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  return true;
}

/**
 * `out = a ∩ b`. All three must have the same size; `out` may alias an input. O(size / 32).
 * @param out - Receives the result in place and is returned; same size as the inputs, may be one of them.
 * @param a - First operand; read only.
 * @param b - Second operand, same size; read only.
 */
export function bitsetAnd(out: Bitset, a: Bitset, b: Bitset): Bitset {
  checkSizes("bitsetAnd", a, b);
  checkSizes("bitsetAnd", a, out);
  const o = out.words;
  const x = a.words;
  const y = b.words;
  for (let i = 0; i < o.length; i++) o[i] = x[i]! & y[i]!;
  return out;
}

/**
 * `out = a ∪ b`. All three must have the same size; `out` may alias an input. O(size / 32).
 * @param out - Receives the result in place and is returned; same size as the inputs, may be one of them.
 * @param a - First operand; read only.
 * @param b - Second operand, same size; read only.
 */
export function bitsetOr(out: Bitset, a: Bitset, b: Bitset): Bitset {
  checkSizes("bitsetOr", a, b);
  checkSizes("bitsetOr", a, out);
  const o = out.words;
  const x = a.words;
  const y = b.words;
  for (let i = 0; i < o.length; i++) o[i] = x[i]! | y[i]!;
  return out;
}

/**
 * `out = a △ b` (symmetric difference). Same sizes; `out` may alias an input. O(size / 32).
 * @param out - Receives the result in place and is returned; same size as the inputs, may be one of them.
 * @param a - First operand; read only.
 * @param b - Second operand, same size; read only.
 */
export function bitsetXor(out: Bitset, a: Bitset, b: Bitset): Bitset {
  checkSizes("bitsetXor", a, b);
  checkSizes("bitsetXor", a, out);
  const o = out.words;
  const x = a.words;
  const y = b.words;
  for (let i = 0; i < o.length; i++) o[i] = x[i]! ^ y[i]!;
  return out;
}

/**
 * `out = a \ b` (bits of `a` not in `b`). Same sizes; `out` may alias an input. O(size / 32).
 * @param out - Receives the result in place and is returned; same size as the inputs, may be one of them.
 * @param a - The set to take bits from; read only.
 * @param b - The bits to remove, same size; read only.
 */
export function bitsetAndNot(out: Bitset, a: Bitset, b: Bitset): Bitset {
  checkSizes("bitsetAndNot", a, b);
  checkSizes("bitsetAndNot", a, out);
  const o = out.words;
  const x = a.words;
  const y = b.words;
  for (let i = 0; i < o.length; i++) o[i] = x[i]! & ~y[i]!;
  return out;
}

/**
 * `out = complement of a` within `0 .. size - 1`. Same sizes; `out` may be `a`. O(size / 32).
 * @param out - Receives the result in place and is returned; same size as the inputs, may be one of them.
 * @param a - The set to complement; read only.
 */
export function bitsetNot(out: Bitset, a: Bitset): Bitset {
  checkSizes("bitsetNot", a, out);
  const o = out.words;
  const x = a.words;
  const n = o.length;
  if (n === 0) return out;
  for (let i = 0; i < n; i++) o[i] = ~x[i]!;
  o[n - 1]! &= lastMask(a.size);
  return out;
}

/**
 * Copies `a` into `out` (same size). O(size / 32).
 * @param out - Receives `a`'s bits in place and is returned; same size as `a`.
 * @param a - The bitset to copy; read only.
 */
export function bitsetCopy(out: Bitset, a: Bitset): Bitset {
  checkSizes("bitsetCopy", a, out);
  out.words.set(a.words);
  return out;
}

/**
 * Allocates a copy of `a`.
 * @param a - The bitset to copy; read only.
 */
export function bitsetClone(a: Bitset): Bitset {
  return { size: a.size, words: a.words.slice() };
}

/**
 * True when `a` and `b` have the same size and the same bits. O(size / 32).
 * @param a - First bitset; read only.
 * @param b - Second bitset (any size: different sizes are unequal); read only.
 */
export function bitsetEquals(a: Bitset, b: Bitset): boolean {
  if (a.size !== b.size) return false;
  const x = a.words;
  const y = b.words;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * True when every bit of `a` is also set in `b` (`a ⊆ b`). Same sizes. O(size / 32).
 * @param a - The candidate subset; read only.
 * @param b - The candidate superset, same size; read only.
 */
export function bitsetIsSubset(a: Bitset, b: Bitset): boolean {
  checkSizes("bitsetIsSubset", a, b);
  const x = a.words;
  const y = b.words;
  for (let i = 0; i < x.length; i++) if ((x[i]! & ~y[i]!) !== 0) return false;
  return true;
}

/**
 * True when `a` and `b` share at least one set bit. Same sizes. O(size / 32).
 * @param a - First bitset; read only.
 * @param b - Second bitset, same size; read only.
 */
export function bitsetIntersects(a: Bitset, b: Bitset): boolean {
  checkSizes("bitsetIntersects", a, b);
  const x = a.words;
  const y = b.words;
  for (let i = 0; i < x.length; i++) if ((x[i]! & y[i]!) !== 0) return true;
  return false;
}

/**
 * Index of the lowest set bit, or -1 when empty. O(size / 32).
 * @param set - The bitset to read.
 */
export function bitsetFirst(set: Bitset): number {
  return bitsetNext(set, 0);
}

/**
 * Index of the lowest set bit `>= from`, or -1 if there is none (also for `from >= size`;
 * negative `from` counts as 0; `undefined` or `NaN` throws `INVALID_ARGUMENT`). Iterate the set bits without allocating:
 * `for (let i = bitsetFirst(s); i >= 0; i = bitsetNext(s, i + 1)) …`. O(words scanned).
 * @param set - The bitset to read.
 * @param from - First index to look at (fractions round down); usually the previous result + 1.
 */
export function bitsetNext(set: Bitset, from: number): number {
  if (!(from >= -Infinity)) badIndex("bitsetNext", set, from);
  const start = from > 0 ? Math.floor(from) : 0;
  if (!(start < set.size)) return -1;
  const words = set.words;
  let wi = start >>> 5;
  let w = words[wi]! & (0xffffffff << (start & 31));
  for (;;) {
    if (w !== 0) return (wi << 5) + lowestBit(w);
    if (++wi >= words.length) return -1;
    w = words[wi]!;
  }
}

/**
 * Allocates the sorted array of set-bit indices (a JSON-friendly form). O(size / 32 + count).
 * @param set - The bitset to read.
 */
export function bitsetToIndices(set: Bitset): number[] {
  const out: number[] = [];
  for (let i = bitsetNext(set, 0); i >= 0; i = bitsetNext(set, i + 1)) out.push(i);
  return out;
}

/**
 * Creates a bitset of `size` bits with the given indices set (any order, duplicates allowed).
 * The inverse of {@link bitsetToIndices}.
 *
 * @param size - Number of bits, an integer in [0, 2^31 − 1].
 * @param indices - Bits to set, each an integer in `[0, size)`; read only.
 * @throws TacticaError `INVALID_ARGUMENT` naming the first index outside `[0, size)`.
 */
export function createBitsetFromIndices(size: number, indices: ArrayLike<number>): Bitset {
  const set = createBitset(size);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    if (i >>> 0 !== i || i >= size) {
      invalidArgument(
        "@tactica/core: createBitsetFromIndices",
        `indices[${k}]`,
        `must be an integer in [0, ${size - 1}] but is ${i}`,
        "Remove the out-of-range index or pass a larger size.",
      );
    }
    set.words[i >>> 5]! |= 1 << (i & 31);
  }
  return set;
}

/**
 * Allocates a string of `size` characters, `"1"` for a set bit and `"0"` otherwise, bit 0 first
 * (so `"0010"` is the set `{2}` of size 4). The inverse of {@link parseBitset}.
 * @param set - The bitset to print.
 */
export function formatBitset(set: Bitset): string {
  let s = "";
  for (let i = 0; i < set.size; i++) s += (set.words[i >>> 5]! & (1 << (i & 31))) !== 0 ? "1" : "0";
  return s;
}

/**
 * Parses a string of `"0"`/`"1"` characters, bit 0 first, into a bitset of `text.length` bits.
 *
 * @throws TacticaError `INVALID_ARGUMENT` naming the first character that is not `0` or `1`.
 */
export function parseBitset(text: string): Bitset {
  if (typeof text !== "string")
    invalidArgument("@tactica/core: parseBitset", "text", `must be a string of 0s and 1s but is ${describeValue(text)}`, "Pass the text of a saved bitset.");
  const set = createBitset(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 49) set.words[i >>> 5]! |= 1 << (i & 31);
    else if (c !== 48) {
      invalidArgument("@tactica/core: parseBitset", `text[${i}]`, `must be "0" or "1" but is ${describeValue(text[i])}`, "Use only the characters 0 and 1.");
    }
  }
  return set;
}
