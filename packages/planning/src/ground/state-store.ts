import { hashStateWords } from "./state";

/**
 * A visited-state store: states of `words` words packed in one `Uint32Array`, an open-addressing
 * hash table of ids, and per-state parent, action, cost and closed flag. Grows by doubling; reused
 * across searches so that a warmed-up search allocates nothing.
 * @internal
 */
export interface StateStore {
  words: number;
  count: number;
  capacity: number;
  data: Uint32Array;
  hash: Int32Array;
  parent: Int32Array;
  action: Int32Array;
  g: Float64Array;
  closed: Uint8Array;
  table: Int32Array;
  mask: number;
  /** Set by storeInsert: true when the last insert added a new state. */
  added: boolean;
}

/** @internal */
export function createStateStore(words: number, capacity = 256): StateStore {
  const cap = Math.max(16, capacity);
  let t = 32;
  while (t < cap * 2) t *= 2;
  return {
    words,
    count: 0,
    capacity: cap,
    data: new Uint32Array(cap * words),
    hash: new Int32Array(cap),
    parent: new Int32Array(cap),
    action: new Int32Array(cap),
    g: new Float64Array(cap),
    closed: new Uint8Array(cap),
    table: new Int32Array(t).fill(-1),
    mask: t - 1,
    added: false,
  };
}

/** Empties the store for a search over states of `words` words. @internal */
export function resetStateStore(store: StateStore, words: number): void {
  if (words !== store.words) {
    store.words = words;
    store.data = new Uint32Array(store.capacity * words);
  }
  if (store.count > 0) store.table.fill(-1);
  store.count = 0;
}

function grow(store: StateStore): void {
  const cap = store.capacity * 2;
  const W = store.words;
  const data = new Uint32Array(cap * W);
  data.set(store.data);
  store.data = data;
  const copyI = (a: Int32Array) => {
    const b = new Int32Array(cap);
    b.set(a);
    return b;
  };
  store.hash = copyI(store.hash);
  store.parent = copyI(store.parent);
  store.action = copyI(store.action);
  const g = new Float64Array(cap);
  g.set(store.g);
  store.g = g;
  const c = new Uint8Array(cap);
  c.set(store.closed);
  store.closed = c;
  store.capacity = cap;
  const t = store.table.length * 2;
  store.table = new Int32Array(t).fill(-1);
  store.mask = t - 1;
  for (let id = 0; id < store.count; id++) {
    let slot = store.hash[id]! & store.mask;
    while (store.table[slot] !== -1) slot = (slot + 1) & store.mask;
    store.table[slot] = id;
  }
}

/**
 * Finds `src[offset .. offset + words)` in the store or appends it; returns its id and sets
 * `store.added`. A new state gets parent -1, action -1, g = Infinity, closed = 0.
 * @internal
 */
export function storeInsert(store: StateStore, src: Uint32Array, offset: number): number {
  const W = store.words;
  const h = hashStateWords(src, offset, W);
  const mask = store.mask;
  const table = store.table;
  let slot = h & mask;
  const data = store.data;
  for (;;) {
    const id = table[slot]!;
    if (id === -1) break;
    if (store.hash[id] === h) {
      const o = id * W;
      let same = true;
      for (let w = 0; w < W; w++) {
        if (data[o + w] !== src[offset + w]) {
          same = false;
          break;
        }
      }
      if (same) {
        store.added = false;
        return id;
      }
    }
    slot = (slot + 1) & mask;
  }
  if (store.count === store.capacity) {
    grow(store);
    return storeInsert(store, src, offset);
  }
  const id = store.count++;
  const dst = store.data;
  const o = id * W;
  for (let w = 0; w < W; w++) dst[o + w] = src[offset + w]!;
  store.hash[id] = h;
  store.parent[id] = -1;
  store.action[id] = -1;
  store.g[id] = Infinity;
  store.closed[id] = 0;
  store.table[slot] = id;
  store.added = true;
  return id;
}
