import { assertFiniteArray, invalidArgument } from "../errors/validate";

/**
 * A query point for a {@link KdTree}: `{x, y}` for a 2D tree, `{x, y, z}` for a 3D tree (a missing
 * `z` reads as 0). {@link Vec2}, {@link Vec3} and engine vectors fit as they are.
 */
export interface KdPoint {
  /** X coordinate. */
  readonly x: number;
  /** Y coordinate. */
  readonly y: number;
  /** Z coordinate; read only by 3D trees. */
  readonly z?: number;
}

/**
 * A static, balanced k-d tree over 2D or 3D points, built once by {@link createKdTree} and queried
 * with {@link kdRadius}, {@link kdNearest} and {@link kdNearestOne}.
 *
 * Implicit array layout, no node objects: the points are reordered so that the subtree over
 * positions `[lo, hi)` has its splitting point at `mid = (lo + hi) >> 1`, with the left subtree in
 * `[lo, mid)` (coordinates `<=` the split along `axes[mid]`) and the right one in `[mid + 1, hi)`
 * (`>=`). Ranges of at most 8 points are leaves, scanned linearly. The split axis is the one with the
 * largest spread in the range. Everything is typed arrays, so a tree is `structuredClone`-safe.
 *
 * Ids are the original point indices (point `i` is `points[i·dim … i·dim + dim - 1]`). Queries use
 * the scratch stack and heap stored in the tree: they allocate nothing (the k-nearest heap grows
 * once when a larger `k` is first used) and are not re-entrant across threads sharing one tree
 * object. Treat the fields as read-only.
 */
export interface KdTree {
  /** 2 or 3. */
  readonly dimension: 2 | 3;
  /** Number of points. */
  readonly size: number;
  /** Coordinates in tree order, `size · dimension` numbers. */
  readonly coords: Float64Array;
  /** Original index of the point at each tree position. */
  readonly ids: Int32Array;
  /** Split axis (0 = x, 1 = y, 2 = z) of the node whose splitting point is at each position. */
  readonly axes: Uint8Array;
  /** Scratch: pending subtree starts. */
  readonly stackLo: Int32Array;
  /** Scratch: pending subtree ends. */
  readonly stackHi: Int32Array;
  /** Scratch: lower bound on the squared distance to each pending subtree. */
  readonly stackDist: Float64Array;
  /** Scratch max-heap of ids for {@link kdNearest}; grows on demand. */
  heapIds: Int32Array;
  /** Scratch max-heap of squared distances for {@link kdNearest}; grows on demand. */
  heapDist: Float64Array;
}

/** Options of {@link createKdTree}. */
export interface KdTreeOptions {
  /** 2 for `[x, y, …]` points (the default) or 3 for `[x, y, z, …]` points. */
  readonly dimension?: 2 | 3;
}

const LEAF_SIZE = 8;
const STACK_SIZE = 128; // depth of a balanced tree over < 2^31 points is < 32

/**
 * Builds a balanced {@link KdTree} over `points`, flat coordinates `[x0, y0, x1, y1, …]` for
 * `options.dimension` 2 (the default) or `[x0, y0, z0, …]` for `dimension` 3. Median splits by quickselect: O(n log n)
 * expected time, O(n) memory; the input is copied, not kept. Zero points make an empty tree.
 *
 * Throws a {@link TacticaError} (`INVALID_ARGUMENT`) when `dimension` is not 2 or 3, the length is
 * not a multiple of `dimension`, or any coordinate is not finite (the message names the index).
 *
 * @param points - Flat finite coordinates (world units), `dimension` numbers per point; point `i`
 *   gets id `i`. Copied.
 * @param options - `dimension`: 2 (default) or 3.
 * @returns A new tree.
 * @example
 * ```ts
 * const tree = createKdTree([0, 0, 10, 0, 5, 5], { dimension: 2 });
 * const ids: number[] = [];
 * kdNearest(ids, tree, { x: 4, y: 4 }, 2); // ids = [2, 0]
 * kdRadius(ids, tree, { x: 0, y: 0 }, 10); // ids = [0, 1, 2] in some order
 * ```
 */
export function createKdTree(points: ArrayLike<number>, options: KdTreeOptions = {}): KdTree {
  const where = "@tactica/core: createKdTree";
  if (typeof options !== "object" || options === null) {
    invalidArgument(where, "options", `must be an object but is ${String(options)}`, "Pass { dimension: 2 } or { dimension: 3 }.");
  }
  const dimension = options.dimension ?? 2;
  if (dimension !== 2 && dimension !== 3) {
    invalidArgument(where, "options.dimension", `must be 2 or 3 but is ${String(dimension)}`, "Pass 2 for x,y points or 3 for x,y,z points.");
  }
  if (points.length % dimension !== 0) {
    invalidArgument(
      where,
      "points",
      `has ${points.length} numbers, not a multiple of dimension ${dimension}`,
      dimension === 2 ? "Pass x,y pairs." : "Pass x,y,z triples.",
    );
  }
  assertFiniteArray(where, "points", points);
  const dim = dimension;
  const n = points.length / dim;
  const src = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) src[i] = points[i] as number;
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  const axes = new Uint8Array(n);
  build(src, dim, idx, axes, 0, n);

  const coords = new Float64Array(n * dim);
  for (let i = 0; i < n; i++) {
    const s = (idx[i] as number) * dim;
    for (let a = 0; a < dim; a++) coords[i * dim + a] = src[s + a] as number;
  }
  return {
    dimension,
    size: n,
    coords,
    ids: idx,
    axes,
    stackLo: new Int32Array(STACK_SIZE),
    stackHi: new Int32Array(STACK_SIZE),
    stackDist: new Float64Array(STACK_SIZE),
    heapIds: new Int32Array(16),
    heapDist: new Float64Array(16),
  };
}

function build(src: Float64Array, dim: number, idx: Int32Array, axes: Uint8Array, lo: number, hi: number): void {
  if (hi - lo <= LEAF_SIZE) return;
  // Axis of largest spread.
  let axis = 0;
  let best = -1;
  for (let a = 0; a < dim; a++) {
    let min = Infinity;
    let max = -Infinity;
    for (let i = lo; i < hi; i++) {
      const v = src[(idx[i] as number) * dim + a] as number;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (max - min > best) {
      best = max - min;
      axis = a;
    }
  }
  const mid = (lo + hi) >> 1;
  select(src, dim, axis, idx, lo, hi - 1, mid);
  axes[mid] = axis;
  build(src, dim, idx, axes, lo, mid);
  build(src, dim, idx, axes, mid + 1, hi);
}

// Hoare/Wirth selection: afterwards idx[k] holds the k-th smallest along `axis` in [left, right],
// with everything before it <= and everything after it >=.
function select(src: Float64Array, dim: number, axis: number, idx: Int32Array, left: number, right: number, k: number): void {
  while (right > left) {
    const a = src[(idx[left] as number) * dim + axis] as number;
    const b = src[(idx[(left + right) >> 1] as number) * dim + axis] as number;
    const c = src[(idx[right] as number) * dim + axis] as number;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((src[(idx[i] as number) * dim + axis] as number) < pivot) i++;
      while ((src[(idx[j] as number) * dim + axis] as number) > pivot) j--;
      if (i <= j) {
        const t = idx[i] as number;
        idx[i] = idx[j] as number;
        idx[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

function isNaNPoint(tree: KdTree, p: KdPoint): boolean {
  return Number.isNaN(p.x) || Number.isNaN(p.y) || (tree.dimension === 3 && Number.isNaN(p.z));
}

function distSq(coords: Float64Array, dim: number, pos: number, qx: number, qy: number, qz: number): number {
  const o = pos * dim;
  const dx = (coords[o] as number) - qx;
  const dy = (coords[o + 1] as number) - qy;
  if (dim === 2) return dx * dx + dy * dy;
  const dz = (coords[o + 2] as number) - qz;
  return dx * dx + dy * dy + dz * dz;
}

/**
 * Writes into `out` the ids of the points within distance `r` of `point` (inclusive: squared
 * distance `<= r·r`, computed as a brute-force scan would, so tiny radii and tiny coordinates give
 * the same answer) and returns how many there are. Order is unspecified. A negative or NaN `r`, or a NaN coordinate
 * in `point`, finds nothing.
 *
 * Output: a plain `number[]` is overwritten and its `length` set to the count; a typed array
 * receives at most `out.length` ids, and a return value larger than `out.length` tells you it was
 * truncated. O(log n + matches) for small radii; allocation-free.
 * @param out - Receives the ids in place: a `number[]` (resized to the count) or a typed array
 *   (filled up to its length).
 * @param tree - The tree to query (its scratch stack is used).
 * @param point - Query centre, same units as the points (`z` read by 3D trees only, missing = 0).
 * @param r - Query radius, ≥ 0 (inclusive), same units.
 * @returns The number of points found (may exceed a typed `out`'s length).
 */
export function kdRadius(out: number[] | Int32Array | Uint32Array, tree: KdTree, point: KdPoint, r: number): number {
  const isArray = Array.isArray(out);
  const cap = isArray ? Infinity : out.length;
  let count = 0;
  if (!(r >= 0) || tree.size === 0 || isNaNPoint(tree, point)) {
    if (isArray) out.length = 0;
    return 0;
  }
  const dim = tree.dimension;
  const coords = tree.coords;
  const ids = tree.ids;
  const axes = tree.axes;
  const qx = point.x;
  const qy = point.y;
  const qz = point.z ?? 0;
  const rSq = r * r;
  const stackLo = tree.stackLo;
  const stackHi = tree.stackHi;
  stackLo[0] = 0;
  stackHi[0] = tree.size;
  let sp = 1;
  while (sp > 0) {
    sp--;
    const lo = stackLo[sp] as number;
    const hi = stackHi[sp] as number;
    if (hi - lo <= LEAF_SIZE) {
      for (let i = lo; i < hi; i++) {
        if (distSq(coords, dim, i, qx, qy, qz) <= rSq) {
          if (count < cap) out[count] = ids[i] as number;
          count++;
        }
      }
      continue;
    }
    const mid = (lo + hi) >> 1;
    if (distSq(coords, dim, mid, qx, qy, qz) <= rSq) {
      if (count < cap) out[count] = ids[mid] as number;
      count++;
    }
    const axis = axes[mid] as number;
    const q = axis === 0 ? qx : axis === 1 ? qy : qz;
    const diff = q - (coords[mid * dim + axis] as number);
    // Far side only when the plane is within r. Compare squares, as the point test does: a point
    // beyond the plane has a rounded squared distance >= diff·diff, so this prunes nothing the
    // point test would accept (comparing diff with r would, when r·r underflows).
    const far = diff * diff <= rSq;
    if ((diff <= 0 || far) && lo < mid) {
      stackLo[sp] = lo;
      stackHi[sp] = mid;
      sp++;
    }
    if ((diff >= 0 || far) && mid + 1 < hi) {
      stackLo[sp] = mid + 1;
      stackHi[sp] = hi;
      sp++;
    }
  }
  if (isArray) out.length = count;
  return count;
}

// Max-heap on (dist, id): the root is the worst of the current k best.
function worse(dA: number, iA: number, dB: number, iB: number): boolean {
  return dA > dB || (dA === dB && iA > iB);
}

function heapSiftDown(hd: Float64Array, hi: Int32Array, size: number, start: number): void {
  let root = start;
  const d = hd[root] as number;
  const id = hi[root] as number;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= size) break;
    const right = child + 1;
    if (right < size && worse(hd[right] as number, hi[right] as number, hd[child] as number, hi[child] as number)) {
      child = right;
    }
    if (!worse(hd[child] as number, hi[child] as number, d, id)) break;
    hd[root] = hd[child] as number;
    hi[root] = hi[child] as number;
    root = child;
  }
  hd[root] = d;
  hi[root] = id;
}

function heapSiftUp(hd: Float64Array, hi: Int32Array, pos: number): void {
  let i = pos;
  const d = hd[i] as number;
  const id = hi[i] as number;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!worse(d, id, hd[parent] as number, hi[parent] as number)) break;
    hd[i] = hd[parent] as number;
    hi[i] = hi[parent] as number;
    i = parent;
  }
  hd[i] = d;
  hi[i] = id;
}

/**
 * The nearest-neighbour walk's descent step, shared by {@link kdNearest} and {@link kdNearestOne}:
 * pushes the children of the inner node at `mid` of range [lo, hi) onto the tree's stack, far side
 * first (so the near side is explored first), the far side with the lower bound max(bound, plane²).
 * Returns the new stack size.
 */
function pushNearestChildren(tree: KdTree, sp: number, lo: number, hi: number, mid: number, bound: number, qx: number, qy: number, qz: number): number {
  const axis = tree.axes[mid] as number;
  const q = axis === 0 ? qx : axis === 1 ? qy : qz;
  const diff = q - (tree.coords[mid * tree.dimension + axis] as number);
  const farLo = diff <= 0 ? mid + 1 : lo;
  const farHi = diff <= 0 ? hi : mid;
  const nearLo = diff <= 0 ? lo : mid + 1;
  const nearHi = diff <= 0 ? mid : hi;
  if (farLo < farHi) {
    const planeSq = diff * diff;
    tree.stackLo[sp] = farLo;
    tree.stackHi[sp] = farHi;
    tree.stackDist[sp] = planeSq > bound ? planeSq : bound;
    sp++;
  }
  if (nearLo < nearHi) {
    tree.stackLo[sp] = nearLo;
    tree.stackHi[sp] = nearHi;
    tree.stackDist[sp] = bound;
    sp++;
  }
  return sp;
}

/** Options of {@link kdNearest}. */
export interface KdNearestOptions {
  /** Second output, written in place: the squared distance (world units²) of each id written to `outIds`. */
  readonly outDistSq?: number[] | Float64Array | Float32Array;
}

/**
 * Finds the `k` points nearest to `point`: writes their ids into `outIds` sorted by increasing
 * distance (ties by increasing id, so results are deterministic) and, when given, their squared
 * distances into `options.outDistSq`; returns the count, `min(k, size)` (0 for `k <= 0` or an empty tree;
 * a fractional `k` is floored; 0 as well for a NaN coordinate in `point`).
 *
 * A plain-array output is overwritten and its `length` set to the count. A typed-array output must
 * hold `min(k, size)` entries, otherwise a {@link TacticaError} (`INVALID_ARGUMENT`) is thrown.
 * Allocation-free except that the tree's internal heap grows the first time a larger `k` is used.
 *
 * @param outIds - Written in place: the ids of the nearest points, nearest first.
 * @param tree - The tree to query (read only, except its internal heap).
 * @param point - The query point, one coordinate per dimension of the tree.
 * @param k - How many neighbours to find (a count; floored).
 * @param options - `outDistSq`: when given, written in place with the squared distances matching `outIds`.
 */
export function kdNearest(outIds: number[] | Int32Array | Uint32Array, tree: KdTree, point: KdPoint, k: number, options: KdNearestOptions = {}): number {
  const outDistSq = options.outDistSq;
  const nan = isNaNPoint(tree, point);
  const kk = k > 0 && !nan ? Math.min(Math.floor(k), tree.size) : 0;
  if (!Array.isArray(outIds) && outIds.length < kk) {
    invalidArgument(
      "@tactica/core: kdNearest",
      "outIds",
      `has length ${outIds.length} but ${kk} results are needed`,
      "Pass an output with at least k entries, or a plain number[].",
    );
  }
  if (outDistSq !== undefined && !Array.isArray(outDistSq) && outDistSq.length < kk) {
    invalidArgument(
      "@tactica/core: kdNearest",
      "options.outDistSq",
      `has length ${outDistSq.length} but ${kk} results are needed`,
      "Pass an output with at least k entries, or a plain number[].",
    );
  }
  if (kk === 0) {
    if (Array.isArray(outIds)) outIds.length = 0;
    if (Array.isArray(outDistSq)) outDistSq.length = 0;
    return 0;
  }
  if (tree.heapIds.length < kk) {
    const cap = Math.max(kk, tree.heapIds.length * 2);
    tree.heapIds = new Int32Array(cap);
    tree.heapDist = new Float64Array(cap);
  }
  const hd = tree.heapDist;
  const hi = tree.heapIds;
  let size = 0;
  const dim = tree.dimension;
  const coords = tree.coords;
  const ids = tree.ids;
  const qx = point.x;
  const qy = point.y;
  const qz = point.z ?? 0;
  const stackLo = tree.stackLo;
  const stackHi = tree.stackHi;
  const stackDist = tree.stackDist;
  stackLo[0] = 0;
  stackHi[0] = tree.size;
  stackDist[0] = 0;
  let sp = 1;
  while (sp > 0) {
    sp--;
    const lo = stackLo[sp] as number;
    const hiPos = stackHi[sp] as number;
    const bound = stackDist[sp] as number;
    if (size === kk && bound > (hd[0] as number)) continue;
    const mid = hiPos - lo <= LEAF_SIZE ? -1 : (lo + hiPos) >> 1;
    const from = mid < 0 ? lo : mid;
    const to = mid < 0 ? hiPos : mid + 1;
    for (let i = from; i < to; i++) {
      const d = distSq(coords, dim, i, qx, qy, qz);
      const id = ids[i] as number;
      if (size < kk) {
        hd[size] = d;
        hi[size] = id;
        heapSiftUp(hd, hi, size);
        size++;
      } else if (worse(hd[0] as number, hi[0] as number, d, id)) {
        hd[0] = d;
        hi[0] = id;
        heapSiftDown(hd, hi, size, 0);
      }
    }
    if (mid < 0) continue;
    sp = pushNearestChildren(tree, sp, lo, hiPos, mid, bound, qx, qy, qz);
  }
  // Pop the max-heap from the back: ascending order.
  const count = size;
  for (let i = count - 1; i >= 0; i--) {
    outIds[i] = hi[0] as number;
    if (outDistSq !== undefined) outDistSq[i] = hd[0] as number;
    size--;
    if (size > 0) {
      hd[0] = hd[size] as number;
      hi[0] = hi[size] as number;
      heapSiftDown(hd, hi, size, 0);
    }
  }
  if (Array.isArray(outIds)) outIds.length = count;
  if (Array.isArray(outDistSq)) outDistSq.length = count;
  return count;
}

/**
 * Id of the point nearest to `point` (ties: the smallest id), or -1 for an empty tree or a NaN
 * coordinate in `point`. Equivalent to {@link kdNearest} with `k = 1`, without the heap;
 * allocation-free.
 * @param tree - The tree to query (its scratch stack is used).
 * @param point - Query point, same units as the points (`z` read by 3D trees only).
 */
export function kdNearestOne(tree: KdTree, point: KdPoint): number {
  if (tree.size === 0 || isNaNPoint(tree, point)) return -1;
  const dim = tree.dimension;
  const coords = tree.coords;
  const ids = tree.ids;
  const qx = point.x;
  const qy = point.y;
  const qz = point.z ?? 0;
  const stackLo = tree.stackLo;
  const stackHi = tree.stackHi;
  const stackDist = tree.stackDist;
  let bestD = Infinity;
  let bestId = -1;
  stackLo[0] = 0;
  stackHi[0] = tree.size;
  stackDist[0] = 0;
  let sp = 1;
  while (sp > 0) {
    sp--;
    const lo = stackLo[sp] as number;
    const hiPos = stackHi[sp] as number;
    const bound = stackDist[sp] as number;
    if (bound > bestD) continue;
    const mid = hiPos - lo <= LEAF_SIZE ? -1 : (lo + hiPos) >> 1;
    const from = mid < 0 ? lo : mid;
    const to = mid < 0 ? hiPos : mid + 1;
    for (let i = from; i < to; i++) {
      const d = distSq(coords, dim, i, qx, qy, qz);
      const id = ids[i] as number;
      if (d < bestD || (d === bestD && id < bestId)) {
        bestD = d;
        bestId = id;
      }
    }
    if (mid < 0) continue;
    sp = pushNearestChildren(tree, sp, lo, hiPos, mid, bound, qx, qy, qz);
  }
  return bestId;
}
