import { assertInteger, describeValue, invalidArgument } from "../errors/validate";

/**
 * Binary min-heaps, in two flavours.
 *
 * - {@link NumericHeap}: the one search algorithms use. Integer values (node ids, handles) keyed by
 *   `float64` priorities, stored in parallel typed arrays. No per-element objects, no comparator
 *   calls; `push`/`pop` are O(log n) and allocate nothing unless the heap has to grow.
 * - {@link BinaryHeap}: any item type ordered by a comparator, for the odd case where priorities
 *   are not plain numbers.
 *
 * Like every core collection, a heap is plain state (`createX()`) plus free functions that take
 * it as their first argument; the state is `structuredClone`-safe (the generic heap excepted: it
 * holds its comparator). Neither heap is stable: items with equal priority come out in an
 * unspecified but deterministic order. Break ties by folding a secondary key into the priority.
 */

const WHERE_NUMERIC = "@tactica/core: createNumericHeap";

/**
 * A min-heap of `int32` values keyed by `float64` priorities. Create with
 * {@link createNumericHeap}; operate with {@link numericHeapPush}, {@link numericHeapPop},
 * {@link numericHeapPeek}, {@link numericHeapPeekPriority} and {@link numericHeapClear}.
 *
 * Duplicate values are allowed (the heap does not know about ids), which suits "lazy deletion"
 * searches that push a node again when its cost improves and skip stale pops. Use
 * {@link IndexedHeap} instead when each id must appear at most once with a changeable priority.
 *
 * Fields are public so inner loops can read them; treat them as read-only.
 */
export interface NumericHeap {
  /** Priorities in heap order; entries `[0, size)` are live. Replaced when the heap grows. */
  priorities: Float64Array;
  /** Values in heap order, parallel to {@link NumericHeap.priorities}. Replaced when the heap grows. */
  values: Int32Array;
  /** Number of entries currently in the heap, in `[0, priorities.length]`. */
  size: number;
}

/**
 * Creates an empty {@link NumericHeap} with room for `capacity` entries (integer ≥ 1).
 *
 * The heap grows by doubling when a push finds it full (amortised O(1) per push, and the only time
 * it allocates), so `capacity` is a size hint: pass the expected peak to keep pushes
 * allocation-free. O(capacity) memory: 12 bytes per slot.
 * @param capacity - Initial room in entries, an integer in [1, 2^30 − 1]; the heap doubles when full.
 */
export function createNumericHeap(capacity: number): NumericHeap {
  assertInteger(WHERE_NUMERIC, "capacity", capacity, 1, 0x3fffffff);
  return { priorities: new Float64Array(capacity), values: new Int32Array(capacity), size: 0 };
}

function growNumericHeap(heap: NumericHeap): void {
  const n = heap.priorities.length * 2;
  const priorities = new Float64Array(n);
  const values = new Int32Array(n);
  priorities.set(heap.priorities);
  values.set(heap.values);
  heap.priorities = priorities;
  heap.values = values;
}

/**
 * Inserts `value` (an `int32`) with `priority` (any number except NaN; ±Infinity allowed).
 * O(log n); allocates only when the heap is full and doubles.
 *
 * @param heap - The heap, changed in place (grown when full).
 * @param value - The value to store (node id, handle), an `int32` (an integer in [−2^31, 2^31 − 1]).
 * @param priority - Its key, smaller first: any number but NaN (±Infinity allowed), e.g. a path cost.
 * @throws TacticaError `INVALID_ARGUMENT` if `priority` is NaN (it would corrupt the ordering) or `value` is not an `int32` (it would be stored truncated).
 */
export function numericHeapPush(heap: NumericHeap, value: number, priority: number): void {
  if ((value | 0) !== value) {
    invalidArgument(
      "@tactica/core: numericHeapPush",
      "value",
      `must be an int32 but is ${describeValue(value)}`,
      "Pass an integer in [-2147483648, 2147483647] (a node id or handle); other numbers would be stored truncated.",
    );
  }
  if (priority !== priority) {
    invalidArgument("@tactica/core: numericHeapPush", "priority", "must not be NaN", "Check the cost or heuristic that produced it.");
  }
  if (heap.size === heap.priorities.length) growNumericHeap(heap);
  const keys = heap.priorities;
  const vals = heap.values;
  // Sift up with a hole: move parents down until the new entry's place is found.
  let i = heap.size++;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const pk = keys[parent]!;
    if (pk <= priority) break;
    keys[i] = pk;
    vals[i] = vals[parent]!;
    i = parent;
  }
  keys[i] = priority;
  vals[i] = value;
}

/**
 * Removes and returns the value with the smallest priority, or `-1` when the heap is empty
 * (check `heap.size` first if `-1` is a legitimate value). Read its priority with
 * {@link numericHeapPeekPriority} before popping. O(log n), no allocation.
 * @param heap - The heap, changed in place.
 */
export function numericHeapPop(heap: NumericHeap): number {
  const size = heap.size;
  if (size === 0) return -1;
  const keys = heap.priorities;
  const vals = heap.values;
  const top = vals[0]!;
  const n = size - 1;
  heap.size = n;
  if (n > 0) {
    const key = keys[n]!;
    const value = vals[n]!;
    // Sift down with a hole from the root.
    let i = 0;
    const half = n >> 1;
    while (i < half) {
      let child = 2 * i + 1;
      let ck = keys[child]!;
      const right = child + 1;
      if (right < n) {
        const rk = keys[right]!;
        if (rk < ck) {
          child = right;
          ck = rk;
        }
      }
      if (key <= ck) break;
      keys[i] = ck;
      vals[i] = vals[child]!;
      i = child;
    }
    keys[i] = key;
    vals[i] = value;
  }
  return top;
}

/**
 * The value with the smallest priority without removing it, or `-1` when empty. O(1).
 * @param heap - The heap to read.
 */
export function numericHeapPeek(heap: NumericHeap): number {
  return heap.size === 0 ? -1 : heap.values[0]!;
}

/**
 * The smallest priority in the heap, or `Infinity` when empty. O(1).
 * @param heap - The heap to read.
 */
export function numericHeapPeekPriority(heap: NumericHeap): number {
  return heap.size === 0 ? Infinity : heap.priorities[0]!;
}

/**
 * Empties the heap in O(1); capacity is kept.
 * @param heap - The heap to empty in place.
 */
export function numericHeapClear(heap: NumericHeap): void {
  heap.size = 0;
}

/**
 * Orders two items for a {@link BinaryHeap}: negative when `a` should come out before `b`,
 * positive when after, 0 when either order is fine (the same contract as `Array.prototype.sort`).
 */
export type HeapComparator<T> = (a: T, b: T) => number;

/**
 * A min-heap of arbitrary items ordered by a {@link HeapComparator}. Create with
 * {@link createBinaryHeap}; operate with {@link binaryHeapPush}, {@link binaryHeapPop},
 * {@link binaryHeapPeek} and {@link binaryHeapClear}. Backed by a JS array that grows as needed
 * (amortised O(1)). Prefer {@link NumericHeap} in hot loops: it makes no comparator calls.
 */
export interface BinaryHeap<T> {
  /** Items in heap order; `items.length === size`. Treat as read-only. */
  readonly items: T[];
  /** Number of items in the heap. */
  size: number;
  /** The ordering; smallest item first. */
  readonly compare: HeapComparator<T>;
}

/**
 * Creates an empty {@link BinaryHeap} ordered by `compare` (smallest first). For a max-heap, pass
 * a reversed comparator: `(a, b) => b.score - a.score`.
 * @param compare - The ordering: negative when its first argument should come out first.
 */
export function createBinaryHeap<T>(compare: HeapComparator<T>): BinaryHeap<T> {
  if (typeof compare !== "function") {
    invalidArgument("@tactica/core: createBinaryHeap", "compare", "must be a function", "Pass (a, b) => number.");
  }
  return { items: [], size: 0, compare };
}

/**
 * Inserts `item`. O(log n) comparator calls; amortised O(1) array growth.
 * @param heap - The heap, changed in place.
 * @param item - The item to insert (kept by reference).
 */
export function binaryHeapPush<T>(heap: BinaryHeap<T>, item: T): void {
  const items = heap.items;
  const compare = heap.compare;
  items.push(item);
  let i = items.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const p = items[parent] as T;
    if (compare(p, item) <= 0) break;
    items[i] = p;
    i = parent;
  }
  items[i] = item;
  heap.size = items.length;
}

/**
 * Removes and returns the smallest item, or `undefined` when the heap is empty. O(log n).
 * @param heap - The heap, changed in place.
 */
export function binaryHeapPop<T>(heap: BinaryHeap<T>): T | undefined {
  const items = heap.items;
  if (items.length === 0) return undefined;
  const top = items[0] as T;
  const last = items.pop() as T;
  const n = items.length;
  heap.size = n;
  if (n > 0) {
    const compare = heap.compare;
    let i = 0;
    const half = n >> 1;
    while (i < half) {
      let child = 2 * i + 1;
      let c = items[child] as T;
      const right = child + 1;
      if (right < n) {
        const r = items[right] as T;
        if (compare(r, c) < 0) {
          child = right;
          c = r;
        }
      }
      if (compare(last, c) <= 0) break;
      items[i] = c;
      i = child;
    }
    items[i] = last;
  }
  return top;
}

/**
 * The smallest item without removing it, or `undefined` when empty. O(1).
 * @param heap - The heap to read.
 */
export function binaryHeapPeek<T>(heap: BinaryHeap<T>): T | undefined {
  return heap.items[0];
}

/**
 * Removes every item in O(1) (the references are released).
 * @param heap - The heap to empty in place.
 */
export function binaryHeapClear<T>(heap: BinaryHeap<T>): void {
  heap.items.length = 0;
  heap.size = 0;
}
