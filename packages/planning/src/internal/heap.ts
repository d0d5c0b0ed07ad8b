/**
 * A binary min-heap of (key, id) pairs in typed arrays, growing by doubling. Ties break towards
 * the larger `tie` value (deeper nodes first in A*). @internal
 */
export interface IdHeap {
  size: number;
  keys: Float64Array;
  ties: Float64Array;
  ids: Int32Array;
}

/** @internal */
export function createIdHeap(capacity = 256): IdHeap {
  return { size: 0, keys: new Float64Array(capacity), ties: new Float64Array(capacity), ids: new Int32Array(capacity) };
}

function less(h: IdHeap, i: number, j: number): boolean {
  const a = h.keys[i]!;
  const b = h.keys[j]!;
  return a < b || (a === b && h.ties[i]! > h.ties[j]!);
}

function swap(h: IdHeap, i: number, j: number): void {
  const k = h.keys[i]!;
  h.keys[i] = h.keys[j]!;
  h.keys[j] = k;
  const t = h.ties[i]!;
  h.ties[i] = h.ties[j]!;
  h.ties[j] = t;
  const d = h.ids[i]!;
  h.ids[i] = h.ids[j]!;
  h.ids[j] = d;
}

/** @internal */
export function heapPush(h: IdHeap, key: number, tie: number, id: number): void {
  if (h.size === h.keys.length) {
    const n = h.keys.length * 2;
    const k = new Float64Array(n);
    k.set(h.keys);
    const t = new Float64Array(n);
    t.set(h.ties);
    const d = new Int32Array(n);
    d.set(h.ids);
    h.keys = k;
    h.ties = t;
    h.ids = d;
  }
  let i = h.size++;
  h.keys[i] = key;
  h.ties[i] = tie;
  h.ids[i] = id;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!less(h, i, p)) break;
    swap(h, i, p);
    i = p;
  }
}

/** Removes and returns the id with the smallest key (the heap must not be empty). @internal */
export function heapPop(h: IdHeap): number {
  const top = h.ids[0]!;
  const last = --h.size;
  if (last > 0) {
    h.keys[0] = h.keys[last]!;
    h.ties[0] = h.ties[last]!;
    h.ids[0] = h.ids[last]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= last) break;
      const r = l + 1;
      const c = r < last && less(h, r, l) ? r : l;
      if (!less(h, c, i)) break;
      swap(h, c, i);
      i = c;
    }
  }
  return top;
}
