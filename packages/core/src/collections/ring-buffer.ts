import { ErrorCodes, TacticaError } from "../errors/errors";
import { assertInteger } from "../errors/validate";

/**
 * A fixed-capacity ring buffer: a FIFO queue with deque operations at both ends and O(1) random
 * access from the front. Two variants share one set of functions:
 *
 * - {@link createNumberRingBuffer}: numbers in a `Float64Array` (samples, histories, BFS queues);
 * - {@link createRingBuffer}: any values in a plain array (events, messages).
 *
 * Full buffer: with `overwrite: false` (the default) adding to a full buffer throws
 * `CAPACITY_EXCEEDED`; with `overwrite: true` {@link ringBufferPush} drops the oldest (front)
 * element and {@link ringBufferUnshift} drops the newest (back) one — a sliding window.
 * Reading from an empty buffer returns `undefined`. All operations are O(1) and allocation-free.
 */
export interface RingBuffer<T> {
  /** Backing storage of length {@link RingBuffer.capacity}: a `Float64Array` or a plain array. */
  readonly data: RingBufferStorage<T>;
  /** Maximum number of elements. */
  readonly capacity: number;
  /** Index in `data` of the front (oldest) element. */
  head: number;
  /** Number of elements, in `[0, capacity]`. */
  size: number;
  /** Whether adding to a full buffer overwrites instead of throwing. */
  readonly overwrite: boolean;
  /** Whether removed slots are reset to `undefined` to release references (plain-array variant). */
  readonly releaseSlots: boolean;
}

/** The storage of a {@link RingBuffer}: indexable and writable, like an array or typed array. */
export interface RingBufferStorage<T> {
  [index: number]: T | undefined;
  /** Number of slots. */
  readonly length: number;
}

/** Options for {@link createRingBuffer} and {@link createNumberRingBuffer}. */
export interface RingBufferOptions {
  /** When true, adding to a full buffer overwrites the element at the other end (default false). */
  readonly overwrite?: boolean;
}

/**
 * Creates an empty ring buffer of numbers backed by a `Float64Array` of `capacity` slots
 * (integer in `[1, 2^30]`). `structuredClone`-safe.
 * @param capacity - Most numbers held, an integer in [1, 2^30].
 * @param options - `overwrite`: when true, adding to a full buffer drops the element at the other end instead of throwing
 *   (default false).
 */
export function createNumberRingBuffer(capacity: number, options: RingBufferOptions = {}): RingBuffer<number> {
  assertInteger("@tactica/core: createNumberRingBuffer", "capacity", capacity, 1, 0x40000000);
  return {
    data: new Float64Array(capacity),
    capacity,
    head: 0,
    size: 0,
    overwrite: options.overwrite === true,
    releaseSlots: false,
  };
}

/**
 * Creates an empty ring buffer of any values backed by a plain array of `capacity` slots
 * (integer in `[1, 2^30]`). Removed slots are reset to `undefined` so the buffer holds no stale
 * references. JSON-safe when the values are.
 * @param capacity - Most values held, an integer in [1, 2^30].
 * @param options - `overwrite`: when true, adding to a full buffer drops the element at the other end instead of throwing
 *   (default false).
 */
export function createRingBuffer<T>(capacity: number, options: RingBufferOptions = {}): RingBuffer<T> {
  assertInteger("@tactica/core: createRingBuffer", "capacity", capacity, 1, 0x40000000);
  const data: (T | undefined)[] = new Array<T | undefined>(capacity).fill(undefined);
  return { data, capacity, head: 0, size: 0, overwrite: options.overwrite === true, releaseSlots: true };
}

function full(fn: string, buffer: RingBuffer<unknown>): never {
  throw new TacticaError(
    ErrorCodes.CapacityExceeded,
    `@tactica/core: ${fn}: the ring buffer is full (capacity ${buffer.capacity}). ` +
      "Create it with a larger capacity, pass { overwrite: true }, or remove elements first.",
  );
}

/**
 * Appends `value` at the back. On a full buffer: drops the front element when `overwrite`,
 * otherwise throws `CAPACITY_EXCEEDED`. O(1).
 * @param buffer - The ring buffer, changed in place.
 * @param value - The value to append (kept by reference; a number buffer stores it as a float64).
 */
export function ringBufferPush<T>(buffer: RingBuffer<T>, value: T): void {
  const cap = buffer.capacity;
  if (buffer.size === cap) {
    if (!buffer.overwrite) full("ringBufferPush", buffer);
    buffer.data[buffer.head] = value;
    buffer.head = buffer.head + 1 === cap ? 0 : buffer.head + 1;
    return;
  }
  let i = buffer.head + buffer.size;
  if (i >= cap) i -= cap;
  buffer.data[i] = value;
  buffer.size++;
}

/**
 * Prepends `value` at the front. On a full buffer: drops the back element when `overwrite`,
 * otherwise throws `CAPACITY_EXCEEDED`. O(1).
 * @param buffer - The ring buffer, changed in place.
 * @param value - The value to prepend (kept by reference; a number buffer stores it as a float64).
 */
export function ringBufferUnshift<T>(buffer: RingBuffer<T>, value: T): void {
  const cap = buffer.capacity;
  if (buffer.size === cap && !buffer.overwrite) full("ringBufferUnshift", buffer);
  const h = buffer.head === 0 ? cap - 1 : buffer.head - 1;
  buffer.head = h;
  buffer.data[h] = value;
  if (buffer.size < cap) buffer.size++;
}

/**
 * Removes and returns the back (newest) element, or `undefined` when empty. O(1).
 * @param buffer - The ring buffer, changed in place.
 */
export function ringBufferPop<T>(buffer: RingBuffer<T>): T | undefined {
  if (buffer.size === 0) return undefined;
  const n = --buffer.size;
  let i = buffer.head + n;
  if (i >= buffer.capacity) i -= buffer.capacity;
  const value = buffer.data[i];
  if (buffer.releaseSlots) buffer.data[i] = undefined;
  return value;
}

/**
 * Removes and returns the front (oldest) element, or `undefined` when empty. O(1).
 * @param buffer - The ring buffer, changed in place.
 */
export function ringBufferShift<T>(buffer: RingBuffer<T>): T | undefined {
  if (buffer.size === 0) return undefined;
  const h = buffer.head;
  const value = buffer.data[h];
  if (buffer.releaseSlots) buffer.data[h] = undefined;
  buffer.head = h + 1 === buffer.capacity ? 0 : h + 1;
  buffer.size--;
  return value;
}

/**
 * The front (oldest) element without removing it, or `undefined` when empty. O(1).
 * @param buffer - The ring buffer to read.
 */
export function ringBufferPeek<T>(buffer: RingBuffer<T>): T | undefined {
  return buffer.size === 0 ? undefined : buffer.data[buffer.head];
}

/**
 * The back (newest) element without removing it, or `undefined` when empty. O(1).
 * @param buffer - The ring buffer to read.
 */
export function ringBufferPeekBack<T>(buffer: RingBuffer<T>): T | undefined {
  if (buffer.size === 0) return undefined;
  let i = buffer.head + buffer.size - 1;
  if (i >= buffer.capacity) i -= buffer.capacity;
  return buffer.data[i];
}

/**
 * The element at position `index` counted from the front (0 = oldest); negative indices count
 * from the back (-1 = newest), like `Array.prototype.at`. `undefined` when out of range. O(1).
 *
 * @param buffer - The ring buffer to read.
 * @param index - Position from the front (0 = oldest), or negative from the back (−1 = newest); an integer.
 * @throws TacticaError `INVALID_ARGUMENT` when `index` is not an integer (`undefined`, `NaN`, `1.5`).
 */
export function ringBufferAt<T>(buffer: RingBuffer<T>, index: number): T | undefined {
  if (!Number.isInteger(index)) {
    throw new TacticaError(
      ErrorCodes.InvalidArgument,
      `@tactica/core: ringBufferAt: "index" must be an integer but is ${String(index)}. Pass a position counted from the front (or negative from the back).`,
      {
        path: "index",
      },
    );
  }
  const size = buffer.size;
  const k = index < 0 ? index + size : index;
  if (!(k >= 0 && k < size) || k !== Math.floor(k)) return undefined;
  let i = buffer.head + k;
  if (i >= buffer.capacity) i -= buffer.capacity;
  return buffer.data[i];
}

/**
 * True when the buffer holds `capacity` elements. O(1).
 * @param buffer - The ring buffer to read.
 */
export function ringBufferIsFull<T>(buffer: RingBuffer<T>): boolean {
  return buffer.size === buffer.capacity;
}

/**
 * Removes every element. O(1) for numbers; O(size) for the plain-array variant (releases references).
 * @param buffer - The ring buffer to empty in place; capacity and `overwrite` are kept.
 */
export function ringBufferClear<T>(buffer: RingBuffer<T>): void {
  if (buffer.releaseSlots) {
    for (let k = 0, i = buffer.head; k < buffer.size; k++) {
      buffer.data[i] = undefined;
      if (++i === buffer.capacity) i = 0;
    }
  }
  buffer.head = 0;
  buffer.size = 0;
}

/**
 * Allocates an array of the elements from front (oldest) to back (newest). O(size).
 * @param buffer - The ring buffer to read.
 */
export function ringBufferToArray<T>(buffer: RingBuffer<T>): T[] {
  const out: T[] = [];
  for (let k = 0, i = buffer.head; k < buffer.size; k++) {
    out.push(buffer.data[i] as T);
    if (++i === buffer.capacity) i = 0;
  }
  return out;
}
