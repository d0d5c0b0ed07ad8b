import { isCornerBlocked, octileDelta } from "../internal/hot-path";

// Internal mechanism shared by the incremental planners (LPA*, D* Lite); not exported from the
// index. Both keep a binary heap ordered by the lexicographic key pair [k1; k2] with a position
// per node (so keys can be changed and nodes removed), and both need the cost of a single move
// on a padded grid copy.

/**
 * The two-key open list of LPA* / D* Lite (fields live directly on the planner state). The key
 * of the next insert or update is written to `heapNext[0]` (k1) and `heapNext[1]` (k2) first, so
 * no double crosses a call boundary (V8 would box it when the call is not inlined).
 */
export interface KeyHeap {
  /** Node ids in heap order. */
  readonly heapIds: Int32Array;
  /** Primary keys in heap order. */
  readonly heapK1: Float64Array;
  /** Secondary keys in heap order. */
  readonly heapK2: Float64Array;
  /** Heap slot per node, -1 when absent. */
  readonly heapPos: Int32Array;
  /** Key `[k1, k2]` of the next insert or update. */
  readonly heapNext: Float64Array;
  /** Number of queued nodes. */
  heapSize: number;
}

/** Lexicographic `[a1; a2] < [b1; b2]`. */
export function keyLess(a1: number, a2: number, b1: number, b2: number): boolean {
  return a1 < b1 || (a1 === b1 && a2 < b2);
}

function siftUp(l: KeyHeap, i: number, id: number): void {
  const k1 = l.heapNext[0]!;
  const k2 = l.heapNext[1]!;
  const { heapIds, heapK1, heapK2, heapPos } = l;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const p1 = heapK1[p]!;
    if (!(k1 < p1 || (k1 === p1 && k2 < heapK2[p]!))) break;
    const pid = heapIds[p]!;
    heapIds[i] = pid;
    heapK1[i] = p1;
    heapK2[i] = heapK2[p]!;
    heapPos[pid] = i;
    i = p;
  }
  heapIds[i] = id;
  heapK1[i] = k1;
  heapK2[i] = k2;
  heapPos[id] = i;
}

/** Moves the entry for `id` with key `heapNext` down from slot `i`. */
export function keyHeapSiftDown(l: KeyHeap, i: number, id: number): void {
  const k1 = l.heapNext[0]!;
  const k2 = l.heapNext[1]!;
  const { heapIds, heapK1, heapK2, heapPos } = l;
  const n = l.heapSize;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && keyLess(heapK1[c + 1]!, heapK2[c + 1]!, heapK1[c]!, heapK2[c]!)) c++;
    const c1 = heapK1[c]!;
    if (!(c1 < k1 || (c1 === k1 && heapK2[c]! < k2))) break;
    const cid = heapIds[c]!;
    heapIds[i] = cid;
    heapK1[i] = c1;
    heapK2[i] = heapK2[c]!;
    heapPos[cid] = i;
    i = c;
  }
  heapIds[i] = id;
  heapK1[i] = k1;
  heapK2[i] = k2;
  heapPos[id] = i;
}

/** Inserts `id` (not queued) with key `heapNext`. O(log n). */
export function keyHeapPush(l: KeyHeap, id: number): void {
  siftUp(l, l.heapSize++, id);
}

/** Gives the queued node at slot `i` the key `heapNext`. O(log n). */
export function keyHeapUpdateAt(l: KeyHeap, i: number): void {
  const id = l.heapIds[i]!;
  const p = (i - 1) >> 1;
  if (i > 0 && keyLess(l.heapNext[0]!, l.heapNext[1]!, l.heapK1[p]!, l.heapK2[p]!)) siftUp(l, i, id);
  else keyHeapSiftDown(l, i, id);
}

/** Removes `id` if queued. O(log n). */
export function keyHeapRemove(l: KeyHeap, id: number): void {
  const i = l.heapPos[id]!;
  if (i < 0) return;
  l.heapPos[id] = -1;
  const last = --l.heapSize;
  if (i === last) return;
  const lid = l.heapIds[last]!;
  l.heapNext[0] = l.heapK1[last]!;
  l.heapNext[1] = l.heapK2[last]!;
  const p = (i - 1) >> 1;
  if (i > 0 && keyLess(l.heapNext[0], l.heapNext[1], l.heapK1[p]!, l.heapK2[p]!)) siftUp(l, i, lid);
  else keyHeapSiftDown(l, i, lid);
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
  return octileDelta(dx, dy);
}

/**
 * Kind of the move `p → p + offsets[d]` on a padded passability copy: 0 when illegal (blocked
 * cell, diagonal on a 4-connected grid, corner rule), 1 for a straight step, 2 for a diagonal
 * one. An integer, so the caller multiplies the step length (1 or √2) by the terrain cost itself
 * and no fraction is returned across the call (V8 would box it when the call is not inlined).
 */
export function paddedMoveKind(open: Uint8Array, offsets: Int32Array, eight: boolean, corner: number, p: number, d: number): number {
  const q = p + offsets[d]!;
  if (open[p] !== 1 || open[q] !== 1) return 0;
  if ((d & 1) === 0) return 1;
  if (!eight) return 0;
  const a = open[p + offsets[(d + 7) & 7]!]!;
  const b = open[p + offsets[(d + 1) & 7]!]!;
  if (isCornerBlocked(corner, a, b)) return 0;
  return 2;
}
