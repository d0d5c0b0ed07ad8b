import { ErrorCodes, TacticaError } from "../errors/errors";
import { invalidArgument } from "../errors/validate";
import type { ReadonlyVec2, Vec2 } from "../math/vec2";

// Andrew's monotone chain over module-level scratch buffers that grow on demand, so repeated calls
// allocate nothing once warmed up. Single-threaded per module instance (each worker has its own).
let xs = new Float64Array(0);
let ys = new Float64Array(0);
let order = new Int32Array(0);
let stack = new Int32Array(0);

function ensureScratch(n: number): void {
  if (xs.length < n) {
    const cap = Math.max(n, xs.length * 2, 16);
    xs = new Float64Array(cap);
    ys = new Float64Array(cap);
    order = new Int32Array(cap);
    stack = new Int32Array(2 * cap + 1);
  }
}

function less(i: number, j: number): boolean {
  const dx = (xs[i] as number) - (xs[j] as number);
  if (dx !== 0) return dx < 0;
  const dy = (ys[i] as number) - (ys[j] as number);
  if (dy !== 0) return dy < 0;
  return i < j;
}

function siftDown(start: number, end: number): void {
  let root = start;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= end) return;
    if (child + 1 < end && less(order[child] as number, order[child + 1] as number)) child++;
    if (!less(order[root] as number, order[child] as number)) return;
    const tmp = order[root] as number;
    order[root] = order[child] as number;
    order[child] = tmp;
    root = child;
  }
}

// In-place heapsort of order[0..n) by (x, y, index): O(n log n) worst case, no allocation.
function sortOrder(n: number): void {
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(i, n);
  for (let end = n - 1; end > 0; end--) {
    const tmp = order[0] as number;
    order[0] = order[end] as number;
    order[end] = tmp;
    siftDown(0, end);
  }
}

function cross(o: number, a: number, b: number): number {
  const ox = xs[o] as number;
  const oy = ys[o] as number;
  return ((xs[a] as number) - ox) * ((ys[b] as number) - oy) - ((ys[a] as number) - oy) * ((xs[b] as number) - ox);
}

// Hull of the n points loaded into xs/ys; writes indices into `out`, returns the count.
function hull(where: string, n: number, out: number[] | Int32Array | Uint32Array): number {
  for (let i = 0; i < n; i++) order[i] = i;
  sortOrder(n);
  // Drop duplicates, keeping the lowest index of each group (the sort puts it first).
  let m = 0;
  for (let i = 0; i < n; i++) {
    const idx = order[i] as number;
    if (m > 0) {
      const last = order[m - 1] as number;
      if (xs[last] === xs[idx] && ys[last] === ys[idx]) continue;
    }
    order[m++] = idx;
  }
  let k = 0;
  if (m < 3) {
    for (let i = 0; i < m; i++) stack[k++] = order[i] as number;
  } else {
    for (let i = 0; i < m; i++) {
      const p = order[i] as number;
      while (k >= 2 && cross(stack[k - 2] as number, stack[k - 1] as number, p) <= 0) k--;
      stack[k++] = p;
    }
    const lower = k + 1;
    for (let i = m - 2; i >= 0; i--) {
      const p = order[i] as number;
      while (k >= lower && cross(stack[k - 2] as number, stack[k - 1] as number, p) <= 0) k--;
      stack[k++] = p;
    }
    k--; // the last point repeats the first
  }
  if (!Array.isArray(out) && out.length < k) {
    throw new TacticaError(
      ErrorCodes.CapacityExceeded,
      `${where}: "out" has length ${out.length} but the hull has ${k} vertices. ` +
        "Pass an out array with at least as many entries as there are points, or a plain number[].",
      { path: "out" },
    );
  }
  for (let i = 0; i < k; i++) out[i] = stack[i] as number;
  if (Array.isArray(out)) out.length = k;
  return k;
}

/**
 * Convex hull of `points` by Andrew's monotone chain, O(n log n). Writes the indices (into
 * `points`) of the hull vertices into `out` in **counter-clockwise order (y-up)**, starting from the
 * vertex with the smallest x (smallest y among ties), and returns their count.
 *
 * The hull is strict: vertices in the middle of a hull edge (collinear points) are left out.
 * Duplicated points appear once, by their lowest index. Degenerate input: no points gives 0, all
 * points equal give 1 index, all collinear give the 2 extreme points.
 *
 * A plain `number[]` `out` is overwritten and its `length` set to the count; a typed array must
 * have room for the hull (`points.length` entries always suffice) or a {@link TacticaError} with
 * code `CAPACITY_EXCEEDED` is thrown. Non-finite coordinates throw `INVALID_ARGUMENT`. Uses
 * internal scratch buffers that grow on demand: no allocation once warmed up.
 * @param out - Receives the hull's point indices in place: a `number[]` (resized) or a typed array with room for the hull.
 * @param points - The points, finite world units; read only.
 */
export function convexHullIndices(out: number[] | Int32Array | Uint32Array, points: ArrayLike<ReadonlyVec2>): number {
  const where = "@tactica/core: convexHullIndices";
  const n = points.length;
  ensureScratch(n);
  for (let i = 0; i < n; i++) {
    const p = points[i] as ReadonlyVec2;
    const x = p.x;
    const y = p.y;
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      invalidArgument(where, `points[${i}]`, `has a non-finite coordinate (${x}, ${y})`, "Remove or fix the point.");
    }
    xs[i] = x;
    ys[i] = y;
  }
  return hull(where, n, out);
}

/**
 * {@link convexHullIndices} for points given as flat coordinates `[x0, y0, x1, y1, …]`: writes point
 * indices (pair numbers, not array offsets) into `out` and returns the count. An odd length throws
 * `INVALID_ARGUMENT`.
 * @param out - Receives the hull's point indices (pair numbers) in place: a `number[]` (resized) or a typed array with room for
 *   the hull.
 * @param coords - Flat finite coordinates `[x0, y0, x1, y1, …]`, world units, even length; read only.
 */
export function convexHullIndicesCoords(out: number[] | Int32Array | Uint32Array, coords: ArrayLike<number>): number {
  const where = "@tactica/core: convexHullIndicesCoords";
  if (coords.length % 2 !== 0) {
    invalidArgument(where, "coords", `has ${coords.length} numbers, not a multiple of 2`, "Pass x,y pairs.");
  }
  const n = coords.length >> 1;
  ensureScratch(n);
  for (let i = 0; i < n; i++) {
    const x = coords[2 * i] as number;
    const y = coords[2 * i + 1] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      invalidArgument(where, `coords[${2 * i}]`, `has a non-finite coordinate (${x}, ${y})`, "Remove or fix the point.");
    }
    xs[i] = x;
    ys[i] = y;
  }
  return hull(where, n, out);
}

/**
 * Allocating convenience over {@link convexHullIndices}: returns new `{x, y}` copies of the hull
 * vertices, counter-clockwise (y-up) without collinear points.
 * @param points - The points, finite world units; read only.
 */
export function convexHull(points: ArrayLike<ReadonlyVec2>): Vec2[] {
  const idx: number[] = [];
  const k = convexHullIndices(idx, points);
  const result: Vec2[] = new Array<Vec2>(k);
  for (let i = 0; i < k; i++) {
    const p = points[idx[i] as number] as ReadonlyVec2;
    result[i] = { x: p.x, y: p.y };
  }
  return result;
}
