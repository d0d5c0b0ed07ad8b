import { assertInteger } from "@tactica/core";

/**
 * The open list of the grid solvers: an indexed binary min-heap over integer node ids, like
 * core's `IndexedHeap`, with one difference that matters for "no allocation per query": the
 * priority of a push is written into {@link OpenList.next} (a one-slot `Float64Array`) instead of
 * being passed as an argument. V8 boxes a fractional number passed to a function it does not
 * inline (16 bytes per call); a typed-array slot is never boxed. Memory: 16 bytes per id.
 */
export interface OpenList {
  /** Valid ids are `0 .. capacity - 1`. */
  readonly capacity: number;
  /** Number of ids in the heap. */
  size: number;
  /** Ids in heap order. */
  readonly ids: Int32Array;
  /** Priorities in heap order. */
  readonly priorities: Float64Array;
  /** Heap slot of each id, or -1 when absent. */
  readonly positions: Int32Array;
  /** Priority of the next {@link openListPush}: write `next[0]`, then push. */
  readonly next: Float64Array;
}

/** Creates an empty {@link OpenList} for ids `0 .. capacity - 1` (integer in [1, 2^30]). O(capacity). */
export function createOpenList(capacity: number): OpenList {
  assertInteger("@tactica/grid: createOpenList", "capacity", capacity, 1, 0x40000000);
  return {
    capacity,
    size: 0,
    ids: new Int32Array(capacity),
    priorities: new Float64Array(capacity),
    positions: new Int32Array(capacity).fill(-1),
    next: new Float64Array(1),
  };
}

/**
 * Inserts `id` with priority `list.next[0]`, or moves it there if already queued (either
 * direction). The id must be in `[0, capacity)` (not checked: solvers pass their own node ids).
 * O(log size), no allocation.
 */
export function openListPush(list: OpenList, id: number): void {
  const ids = list.ids;
  const keys = list.priorities;
  const pos = list.positions;
  const priority = list.next[0]!;
  let i = pos[id]!;
  if (i < 0) i = list.size++;
  else if (priority > keys[i]!) {
    // Increase: sift down.
    const n = list.size;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
      if (keys[c]! >= priority) break;
      ids[i] = ids[c]!;
      keys[i] = keys[c]!;
      pos[ids[i]!] = i;
      i = c;
    }
    ids[i] = id;
    keys[i] = priority;
    pos[id] = i;
    return;
  }
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

/** Removes and returns the id with the smallest priority, or -1 when empty. O(log size), no allocation. */
export function openListPop(list: OpenList): number {
  const n = list.size - 1;
  if (n < 0) return -1;
  const ids = list.ids;
  const keys = list.priorities;
  const pos = list.positions;
  const top = ids[0]!;
  pos[top] = -1;
  list.size = n;
  if (n === 0) return top;
  const id = ids[n]!;
  const priority = keys[n]!;
  let i = 0;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
    if (keys[c]! >= priority) break;
    ids[i] = ids[c]!;
    keys[i] = keys[c]!;
    pos[ids[i]!] = i;
    i = c;
  }
  ids[i] = id;
  keys[i] = priority;
  pos[id] = i;
  return top;
}

/** Empties the list in O(size). */
export function openListClear(list: OpenList): void {
  const ids = list.ids;
  const pos = list.positions;
  for (let i = 0; i < list.size; i++) pos[ids[i]!] = -1;
  list.size = 0;
}
