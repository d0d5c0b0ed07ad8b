/**
 * A running 32-bit FNV-1a hash over the *bytes* of a simulation's state — typed-array views,
 * numbers as their 8 IEEE-754 bytes, strings as UTF-16 code units — never over JSON text, so it is
 * cheap, exact (−0, NaN payloads and the last bit of a float all count) and independent of key
 * order or number formatting. Use one per tick to compare two runs (replays, lockstep peers, a
 * restored save against an uninterrupted run). Byte order is the platform's: every JavaScript engine
 * on x86 and ARM is little-endian, so hashes agree across Node and browsers.
 *
 * @example
 * ```ts
 * const h = createStateHash();
 * hashStateBytes(h, new Float64Array([1, 2, 3]));
 * hashStateNumber(h, 42);
 * hashStateString(h, "idle");
 * readStateHash(h); // → a uint32, the same in every run with the same state
 * ```
 */
export interface StateHash {
  /** The hash so far (a uint32). */
  value: number;
  /** @internal Scratch for numbers. */
  readonly scratch: Float64Array;
  /** @internal Byte view of `scratch`. */
  readonly scratchBytes: Uint8Array;
}

const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

/** Creates a hash at the FNV-1a offset basis. */
export function createStateHash(): StateHash {
  const scratch = new Float64Array(1);
  return { value: OFFSET, scratch, scratchBytes: new Uint8Array(scratch.buffer) };
}

/** Starts `hash` over (back to the offset basis). */
export function resetStateHash(hash: StateHash): void {
  hash.value = OFFSET;
}

function mixBytes(hash: StateHash, bytes: Uint8Array): void {
  let h = hash.value;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, PRIME);
  hash.value = h >>> 0;
}

/** Adds the bytes of a typed array or DataView (its viewed range only). O(bytes). */
export function hashStateBytes(hash: StateHash, view: ArrayBufferView): void {
  mixBytes(hash, view instanceof Uint8Array ? view : new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
}

/** Adds a number as its 8 float64 bytes. No allocation. */
export function hashStateNumber(hash: StateHash, x: number): void {
  hash.scratch[0] = x;
  mixBytes(hash, hash.scratchBytes);
}

/** Adds a string: its length, then its UTF-16 code units (2 bytes each, low byte first). No allocation. */
export function hashStateString(hash: StateHash, text: string): void {
  hashStateNumber(hash, text.length);
  let h = hash.value;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h = Math.imul(h ^ (c & 0xff), PRIME);
    h = Math.imul(h ^ (c >>> 8), PRIME);
  }
  hash.value = h >>> 0;
}

/** The hash so far, a uint32. */
export function readStateHash(hash: StateHash): number {
  return hash.value >>> 0;
}
