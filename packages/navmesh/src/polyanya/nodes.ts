/**
 * Polyanya search nodes, pooled in typed arrays (structure of arrays; no object per node).
 *
 * A node is an *interval* `[right, left]` on an edge of the mesh together with a *root*: every
 * point of the interval is visible from the root, and the node stands for the paths that reach the
 * root optimally (cost `g`), go straight to a point of the interval and continue into polygon
 * `poly`, entered through its edge slot `slot` (`poly[slot]` is the left end of that edge,
 * `poly[slot + 1]` the right end, as seen from the root). "Left" is counter-clockwise of "right"
 * seen from the root. A final node (`poly = -1`) is a complete path to the target of cost `f`.
 * @internal
 */
export interface PolyanyaNodes {
  /** Allocated nodes. */
  count: number;
  /** Capacity of the arrays. */
  capacity: number;
  rootX: Float64Array;
  rootY: Float64Array;
  /** Fan id of the root vertex, {@link ROOT_START} for the start point, {@link ROOT_POINT} for a turn at an interval end (final nodes). */
  rootKey: Int32Array;
  /** Right end of the interval. */
  ax: Float64Array;
  ay: Float64Array;
  /** Left end of the interval. */
  bx: Float64Array;
  by: Float64Array;
  /** Polygon the interval leads into, -1 for a final node. */
  poly: Int32Array;
  /** Entry edge slot in `poly`. */
  slot: Int32Array;
  /** {@link NodeFlags}. */
  flags: Uint8Array;
  g: Float64Array;
  f: Float64Array;
  /** Node this one was generated from (-1 for the start nodes). */
  parent: Int32Array;
  /** Open list: a binary min-heap of node ids by `f` (ties: larger `g` first). */
  heap: Int32Array;
  heapSize: number;
}

/** Bits of a node's `flags`. @internal */
export const NodeFlags = {
  /** The right end is the right vertex of the edge (the interval reaches that corner). */
  RightIsVertex: 1,
  /** The left end is the left vertex of the edge. */
  LeftIsVertex: 2,
  /** The root lies on the edge itself (a polygon corner or edge point): all of `poly` is visible from it. */
  Collinear: 4,
} as const;

/** Root key of the start point (never pruned). @internal */
export const ROOT_START = -1;
/** Root key of a turn at an interval end that is not a mesh vertex (final nodes only). @internal */
export const ROOT_POINT = -2;

/** Empty node pool with room for `capacity` nodes (it grows on demand, then stays). @internal */
export function createPolyanyaNodes(capacity = 1024): PolyanyaNodes {
  return {
    count: 0,
    capacity,
    rootX: new Float64Array(capacity),
    rootY: new Float64Array(capacity),
    rootKey: new Int32Array(capacity),
    ax: new Float64Array(capacity),
    ay: new Float64Array(capacity),
    bx: new Float64Array(capacity),
    by: new Float64Array(capacity),
    poly: new Int32Array(capacity),
    slot: new Int32Array(capacity),
    flags: new Uint8Array(capacity),
    g: new Float64Array(capacity),
    f: new Float64Array(capacity),
    parent: new Int32Array(capacity),
    heap: new Int32Array(capacity),
    heapSize: 0,
  };
}

/** Forgets every node (keeps the arrays). @internal */
export function clearPolyanyaNodes(s: PolyanyaNodes): void {
  s.count = 0;
  s.heapSize = 0;
}

function grow<T extends Float64Array | Int32Array | Uint8Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}

/** Allocates a node id (doubling the pool when full) and returns it; fields are unset. @internal */
export function allocPolyanyaNode(s: PolyanyaNodes): number {
  if (s.count === s.capacity) {
    const n = s.capacity * 2;
    s.rootX = grow(s.rootX, n);
    s.rootY = grow(s.rootY, n);
    s.rootKey = grow(s.rootKey, n);
    s.ax = grow(s.ax, n);
    s.ay = grow(s.ay, n);
    s.bx = grow(s.bx, n);
    s.by = grow(s.by, n);
    s.poly = grow(s.poly, n);
    s.slot = grow(s.slot, n);
    s.flags = grow(s.flags, n);
    s.g = grow(s.g, n);
    s.f = grow(s.f, n);
    s.parent = grow(s.parent, n);
    s.heap = grow(s.heap, n);
    s.capacity = n;
  }
  return s.count++;
}

function before(s: PolyanyaNodes, i: number, j: number): boolean {
  const fi = s.f[i]!,
    fj = s.f[j]!;
  return fi < fj || (fi === fj && s.g[i]! > s.g[j]!);
}

/** Adds node `id` (its `f` and `g` set) to the open list. @internal */
export function pushOpen(s: PolyanyaNodes, id: number): void {
  const h = s.heap;
  let i = s.heapSize++;
  while (i > 0) {
    const up = (i - 1) >> 1;
    const p = h[up]!;
    if (!before(s, id, p)) break;
    h[i] = p;
    i = up;
  }
  h[i] = id;
}

/** Removes and returns the open node with the smallest `f`, or -1 when the list is empty. @internal */
export function popOpen(s: PolyanyaNodes): number {
  if (s.heapSize === 0) return -1;
  const h = s.heap;
  const top = h[0]!;
  const last = h[--s.heapSize]!;
  const n = s.heapSize;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    const c = r < n && before(s, h[r]!, h[l]!) ? r : l;
    if (!before(s, h[c]!, last)) break;
    h[i] = h[c]!;
    i = c;
  }
  if (n > 0) h[i] = last;
  return top;
}
