import { SQRT2_MINUS_1 } from "./heuristics";

// Internal mechanism shared by the incremental planners (LPA*, D* Lite); not exported from the
// index. Both keep a binary heap ordered by the lexicographic key pair [k1; k2] with a position
// per node (so keys can be changed and nodes removed), and both need the cost of a single move
// on a padded grid copy.

/** The two-key open list of LPA* / D* Lite (fields live directly on the planner state). */
export interface KeyHeap {
  /** Node ids in heap order. */
  readonly heapIds: Int32Array;
  /** Primary keys in heap order. */
  readonly heapK1: Float64Array;
  /** Secondary keys in heap order. */
  readonly heapK2: Float64Array;
  /** Heap slot per node, -1 when absent. */
  readonly heapPos: Int32Array;
  /** Number of queued nodes. */
  heapSize: number;
}

/** Lexicographic `[a1; a2] < [b1; b2]`. */
export function keyLess(a1: number, a2: number, b1: number, b2: number): boolean {
  return a1 < b1 || (a1 === b1 && a2 < b2);
}

function place(l: KeyHeap, i: number, id: number, k1: number, k2: number): void {
  l.heapIds[i] = id;
  l.heapK1[i] = k1;
  l.heapK2[i] = k2;
  l.heapPos[id] = i;
}

/** Moves the entry for `id` with key `[k1; k2]` up from slot `i`. */
export function keyHeapSiftUp(l: KeyHeap, i: number, id: number, k1: number, k2: number): void {
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!keyLess(k1, k2, l.heapK1[p]!, l.heapK2[p]!)) break;
    place(l, i, l.heapIds[p]!, l.heapK1[p]!, l.heapK2[p]!);
    i = p;
  }
  place(l, i, id, k1, k2);
}

/** Moves the entry for `id` with key `[k1; k2]` down from slot `i`. */
export function keyHeapSiftDown(l: KeyHeap, i: number, id: number, k1: number, k2: number): void {
  const n = l.heapSize;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && keyLess(l.heapK1[c + 1]!, l.heapK2[c + 1]!, l.heapK1[c]!, l.heapK2[c]!)) c++;
    if (!keyLess(l.heapK1[c]!, l.heapK2[c]!, k1, k2)) break;
    place(l, i, l.heapIds[c]!, l.heapK1[c]!, l.heapK2[c]!);
    i = c;
  }
  place(l, i, id, k1, k2);
}

/** Inserts `id` (not queued) with key `[k1; k2]`. O(log n). */
export function keyHeapPush(l: KeyHeap, id: number, k1: number, k2: number): void {
  keyHeapSiftUp(l, l.heapSize++, id, k1, k2);
}

/** Gives the queued node at slot `i` the key `[k1; k2]`. O(log n). */
export function keyHeapUpdateAt(l: KeyHeap, i: number, k1: number, k2: number): void {
  const id = l.heapIds[i]!;
  if (i > 0 && keyLess(k1, k2, l.heapK1[(i - 1) >> 1]!, l.heapK2[(i - 1) >> 1]!)) keyHeapSiftUp(l, i, id, k1, k2);
  else keyHeapSiftDown(l, i, id, k1, k2);
}

/** Removes `id` if queued. O(log n). */
export function keyHeapRemove(l: KeyHeap, id: number): void {
  const i = l.heapPos[id]!;
  if (i < 0) return;
  l.heapPos[id] = -1;
  const last = --l.heapSize;
  if (i === last) return;
  const lid = l.heapIds[last]!;
  const k1 = l.heapK1[last]!;
  const k2 = l.heapK2[last]!;
  if (i > 0 && keyLess(k1, k2, l.heapK1[(i - 1) >> 1]!, l.heapK2[(i - 1) >> 1]!)) keyHeapSiftUp(l, i, lid, k1, k2);
  else keyHeapSiftDown(l, i, lid, k1, k2);
}

/** Empties the heap (O(queued)). */
export function keyHeapClear(l: KeyHeap): void {
  for (let i = 0; i < l.heapSize; i++) l.heapPos[l.heapIds[i]!] = -1;
  l.heapSize = 0;
}

/**
 * Grid distance without obstacles between padded nodes `a` and `b`: octile on 8-connected grids,
 * Manhattan on 4-connected ones.
 */
export function paddedGridDistance(pw: number, eight: boolean, a: number, b: number): number {
  const ay = (a / pw) | 0;
  const by = (b / pw) | 0;
  let dx = a - ay * pw - (b - by * pw);
  let dy = ay - by;
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  if (!eight) return dx + dy;
  return dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx;
}

/**
 * Cost of the move `p → p + offsets[d]` on a padded passability copy, or `Infinity` when the
 * move is illegal (blocked cell, diagonal on a 4-connected grid, corner rule). The step length
 * (1 or √2) is multiplied by `cost[target]` when `cost` is given (terrain paid on entering).
 */
export function paddedMoveCost(
  open: Uint8Array,
  offsets: Int32Array,
  eight: boolean,
  corner: number,
  cost: Float64Array | null,
  p: number,
  d: number,
): number {
  const q = p + offsets[d]!;
  if (open[p] !== 1 || open[q] !== 1) return Infinity;
  if ((d & 1) === 0) return cost === null ? 1 : cost[q]!;
  if (!eight) return Infinity;
  const a = open[p + offsets[(d + 7) & 7]!]!;
  const b = open[p + offsets[(d + 1) & 7]!]!;
  if (corner === 0 ? (a & b) === 0 : corner === 1 ? (a | b) === 0 : false) return Infinity;
  return cost === null ? Math.SQRT2 : Math.SQRT2 * cost[q]!;
}
