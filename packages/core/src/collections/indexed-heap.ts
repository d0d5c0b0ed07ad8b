import { ErrorCodes, TacticaError } from "../errors/errors";
import { assertInteger, invalidArgument } from "../errors/validate";

/**
 * An indexed binary min-heap over the integer ids `0 .. capacity - 1`: each id is in the heap at
 * most once, with one priority that can move in both directions. It is the open list for
 * Dijkstra and A* on graphs and grids with millions of nodes.
 *
 * Layout (all typed arrays, allocated once by {@link createIndexedHeap}):
 * - `ids` and `priorities` hold the heap in level order, side by side, so sifting compares
 *   contiguous `float64`s instead of chasing `priority[id]` through memory;
 * - `positions[id]` is the id's slot in the heap, or `-1` when it is not in the heap.
 *
 * Memory is 16 bytes per id. Creation is O(capacity); everything else is O(log size) or better,
 * and {@link indexedHeapClear} is O(size), so a search can reuse one heap for many queries.
 *
 * Ties: the heap is not stable; ids with equal priority come out in an unspecified but
 * deterministic order. To break ties (A* usually prefers the larger `g`), fold the secondary key
 * into the priority, e.g. `f + h * 1e-9` or `f * (1 + 1e-9) - g * 1e-9`, keeping the nudge
 * below the smallest real difference between priorities.
 *
 * Ids are checked on every call (one comparison): an id outside `[0, capacity)` or a NaN
 * priority throws `INVALID_ARGUMENT` instead of silently corrupting the typed arrays.
 */
export interface IndexedHeap {
  /** Number of ids the heap can hold; valid ids are `0 .. capacity - 1`. */
  readonly capacity: number;
  /** Number of ids currently in the heap. */
  size: number;
  /** Ids in heap order; entries `[0, size)` are live. Read-only for callers. */
  readonly ids: Int32Array;
  /** Priorities in heap order, parallel to {@link IndexedHeap.ids}. Read-only for callers. */
  readonly priorities: Float64Array;
  /** `positions[id]` is the id's index in {@link IndexedHeap.ids}, or -1 if absent. Read-only for callers. */
  readonly positions: Int32Array;
  /**
   * One-slot scratch holding the priority for {@link indexedHeapPushNext}: write `next[0]`, then
   * push. Hot loops use it because V8 boxes a fractional number passed as an argument to a call
   * it does not inline (16 bytes each); a typed-array slot is never boxed.
   */
  readonly next: Float64Array;
}

/**
 * Creates an empty {@link IndexedHeap} for ids `0 .. capacity - 1` (capacity an integer in
 * `[1, 2^30]`). O(capacity) time and 16 × capacity bytes; nothing is allocated afterwards.
 * @param capacity - Number of ids (`0 .. capacity − 1`), an integer in [1, 2^30]: the node or cell count.
 */
export function createIndexedHeap(capacity: number): IndexedHeap {
  assertInteger("@tactica/core: createIndexedHeap", "capacity", capacity, 1, 0x40000000);
  const positions = new Int32Array(capacity);
  positions.fill(-1);
  return {
    capacity,
    size: 0,
    ids: new Int32Array(capacity),
    priorities: new Float64Array(capacity),
    positions,
    next: new Float64Array(1),
  };
}

function badId(fn: string, heap: IndexedHeap, id: number): never {
  invalidArgument(
    `@tactica/core: ${fn}`,
    "id",
    `must be an integer in [0, ${heap.capacity - 1}] but is ${id}`,
    "Create the heap with a capacity larger than every id.",
  );
}

function badPriority(fn: string): never {
  invalidArgument(`@tactica/core: ${fn}`, "priority", "must not be NaN", "Check the cost or heuristic that produced it.");
}

// The sift helpers take the moving priority from `heap.next[0]`, never as an argument: V8 boxes
// a fractional argument of a call it does not inline (16 bytes per call).

function siftUp(heap: IndexedHeap, index: number, id: number): void {
  const priority = heap.next[0]!;
  const ids = heap.ids;
  const keys = heap.priorities;
  const pos = heap.positions;
  let i = index;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const pk = keys[parent]!;
    if (pk <= priority) break;
    const pid = ids[parent]!;
    keys[i] = pk;
    ids[i] = pid;
    pos[pid] = i;
    i = parent;
  }
  keys[i] = priority;
  ids[i] = id;
  pos[id] = i;
}

function siftDown(heap: IndexedHeap, index: number, id: number): void {
  const priority = heap.next[0]!;
  const ids = heap.ids;
  const keys = heap.priorities;
  const pos = heap.positions;
  const n = heap.size;
  const half = n >> 1;
  let i = index;
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
    if (priority <= ck) break;
    const cid = ids[child]!;
    keys[i] = ck;
    ids[i] = cid;
    pos[cid] = i;
    i = child;
  }
  keys[i] = priority;
  ids[i] = id;
  pos[id] = i;
}

/**
 * Inserts `id` with `priority`, or, if it is already in the heap, changes its priority (up or
 * down). O(log size), no allocation.
 *
 * @param heap - The heap, changed in place.
 * @param id - The id, an integer in `[0, heap.capacity)` (e.g. a node or cell index).
 * @param priority - Its key, smaller first: any number but NaN (±Infinity allowed), e.g. `g + h` for A*.
 * @throws TacticaError `INVALID_ARGUMENT` for an id outside `[0, capacity)` or a NaN priority.
 */
export function indexedHeapPush(heap: IndexedHeap, id: number, priority: number): void {
  if (id >>> 0 !== id || id >= heap.capacity) badId("indexedHeapPush", heap, id);
  if (priority !== priority) badPriority("indexedHeapPush");
  heap.next[0] = priority;
  moveTo(heap, id);
}

/** Inserts or moves `id` to the priority in `heap.next[0]` (checked by the caller). */
function moveTo(heap: IndexedHeap, id: number): void {
  const at = heap.positions[id]!;
  if (at < 0) siftUp(heap, heap.size++, id);
  else if (heap.next[0]! < heap.priorities[at]!) siftUp(heap, at, id);
  else siftDown(heap, at, id);
}

/**
 * {@link indexedHeapPush} with the priority taken from `heap.next[0]` instead of an argument:
 * inserts `id`, or moves it (either direction) if already queued. The priority never travels as
 * a call argument inside the heap either, so a search loop that calls this allocates nothing even
 * where V8 does not inline the call (a fractional argument would be boxed). O(log size), no
 * allocation.
 *
 * @param heap - The heap, changed in place; its `next[0]` holds the priority (not NaN).
 * @param id - The id, an integer in `[0, heap.capacity)` (e.g. a node or cell index).
 * @example
 * ```ts
 * heap.next[0] = g + h;
 * indexedHeapPushNext(heap, cell);
 * ```
 * @throws TacticaError `INVALID_ARGUMENT` for an id outside `[0, capacity)` or a NaN `next[0]`.
 */
export function indexedHeapPushNext(heap: IndexedHeap, id: number): void {
  if (id >>> 0 !== id || id >= heap.capacity) badId("indexedHeapPushNext", heap, id);
  if (heap.next[0] !== heap.next[0]) badPriority("indexedHeapPushNext");
  moveTo(heap, id);
}

/**
 * Changes the priority of an `id` that is in the heap, in either direction. O(log size).
 *
 * @param heap - The heap, changed in place.
 * @param id - An id already in the heap.
 * @param priority - Its key, smaller first: any number but NaN (±Infinity allowed), e.g. `g + h` for A*.
 * @throws TacticaError `INVALID_HANDLE` if `id` is not in the heap (use {@link indexedHeapPush}
 * to insert-or-update), `INVALID_ARGUMENT` for a bad id or NaN priority.
 */
export function indexedHeapUpdate(heap: IndexedHeap, id: number, priority: number): void {
  if (id >>> 0 !== id || id >= heap.capacity) badId("indexedHeapUpdate", heap, id);
  if (heap.positions[id]! < 0) {
    throw new TacticaError(ErrorCodes.InvalidHandle, `@tactica/core: indexedHeapUpdate: "id" ${id} is not in the heap. Use indexedHeapPush to insert it.`, {
      path: "id",
    });
  }
  indexedHeapPush(heap, id, priority);
}

/**
 * The relaxation step of Dijkstra/A*: inserts `id` if absent, or lowers its priority if
 * `priority` is strictly smaller than the current one. Returns `true` if the heap changed
 * (inserted or lowered), `false` if the id was already there with a priority `<= priority`.
 * O(log size), no allocation.
 *
 * @param heap - The heap, changed in place.
 * @param id - The id, an integer in `[0, heap.capacity)` (e.g. a node or cell index).
 * @param priority - The candidate key (not NaN): applied only when smaller than the current one.
 * @throws TacticaError `INVALID_ARGUMENT` for an id outside `[0, capacity)` or a NaN priority.
 */
export function indexedHeapDecreaseKey(heap: IndexedHeap, id: number, priority: number): boolean {
  if (id >>> 0 !== id || id >= heap.capacity) badId("indexedHeapDecreaseKey", heap, id);
  if (priority !== priority) badPriority("indexedHeapDecreaseKey");
  const at = heap.positions[id]!;
  if (at >= 0 && !(priority < heap.priorities[at]!)) return false;
  heap.next[0] = priority;
  siftUp(heap, at < 0 ? heap.size++ : at, id);
  return true;
}

/**
 * True when `id` is in the heap. Ids outside `[0, capacity)` are never in it. O(1).
 *
 * @param heap - The heap to read.
 * @param id - Any integer; ids outside `[0, capacity)` are simply absent.
 * @throws TacticaError `INVALID_ARGUMENT` when `id` is not an integer (`undefined`, `NaN`, `1.5`).
 */
export function indexedHeapContains(heap: IndexedHeap, id: number): boolean {
  if (!Number.isInteger(id)) badId("indexedHeapContains", heap, id);
  const at = heap.positions[id];
  return at !== undefined && at >= 0;
}

/**
 * The priority of `id`, or `Infinity` when `id` is not in the heap (or outside `[0, capacity)`). O(1).
 *
 * @param heap - The heap to read.
 * @param id - Any integer; ids outside `[0, capacity)` read `Infinity`.
 * @throws TacticaError `INVALID_ARGUMENT` when `id` is not an integer (`undefined`, `NaN`, `1.5`).
 */
export function indexedHeapGetPriority(heap: IndexedHeap, id: number): number {
  if (!Number.isInteger(id)) badId("indexedHeapGetPriority", heap, id);
  const at = heap.positions[id];
  return at === undefined || at < 0 ? Infinity : heap.priorities[at]!;
}

/**
 * Removes and returns the id with the smallest priority, or `-1` when the heap is empty. Read
 * its priority first with {@link indexedHeapPeekPriority} if needed. O(log size), no allocation.
 * @param heap - The heap, changed in place.
 */
export function indexedHeapPop(heap: IndexedHeap): number {
  const n = heap.size - 1;
  if (n < 0) return -1;
  const ids = heap.ids;
  const top = ids[0]!;
  heap.positions[top] = -1;
  heap.size = n;
  if (n > 0) {
    heap.next[0] = heap.priorities[n]!;
    siftDown(heap, 0, ids[n]!);
  }
  return top;
}

/**
 * The id with the smallest priority without removing it, or `-1` when empty. O(1).
 * @param heap - The heap to read.
 */
export function indexedHeapPeek(heap: IndexedHeap): number {
  return heap.size === 0 ? -1 : heap.ids[0]!;
}

/**
 * The smallest priority in the heap, or `Infinity` when empty. O(1).
 * @param heap - The heap to read.
 */
export function indexedHeapPeekPriority(heap: IndexedHeap): number {
  return heap.size === 0 ? Infinity : heap.priorities[0]!;
}

/**
 * Removes `id` from the heap. Returns `true` if it was there, `false` otherwise (including ids
 * outside `[0, capacity)`). O(log size).
 * @param heap - The heap, changed in place.
 * @param id - Any integer; an absent id (or one outside `[0, capacity)`) changes nothing.
 */
export function indexedHeapRemove(heap: IndexedHeap, id: number): boolean {
  if (!Number.isInteger(id)) badId("indexedHeapRemove", heap, id);
  const pos = heap.positions;
  const at = pos[id];
  if (at === undefined || at < 0) return false;
  pos[id] = -1;
  const n = heap.size - 1;
  heap.size = n;
  if (at === n) return true;
  const lastId = heap.ids[n]!;
  const lastKey = heap.priorities[n]!;
  // The last entry fills the hole; it may need to move either way.
  heap.next[0] = lastKey;
  if (at > 0 && lastKey < heap.priorities[(at - 1) >> 1]!) siftUp(heap, at, lastId);
  else siftDown(heap, at, lastId);
  return true;
}

/**
 * Empties the heap in O(size) (not O(capacity)): only the live ids' positions are reset.
 * @param heap - The heap to empty in place; capacity is kept.
 */
export function indexedHeapClear(heap: IndexedHeap): void {
  const ids = heap.ids;
  const pos = heap.positions;
  for (let i = 0, n = heap.size; i < n; i++) pos[ids[i]!] = -1;
  heap.size = 0;
}
