/**
 * Hertel–Mehlhorn merging: removes shared edges between convex polygons, longest edge first,
 * whenever the union stays convex and has at most `maxVerts` vertices. At most 4× the minimum
 * number of convex pieces. `polygons` are counter-clockwise (in `coords`, x,y pairs) vertex lists;
 * returns the merged lists (counter-clockwise).
 * @internal
 */
export function mergeConvexPolygons(coords: ArrayLike<number>, polygons: number[][], maxVerts: number): number[][] {
  const polys: (number[] | null)[] = polygons.map((p) => p.slice());
  const vertexCount = coords.length / 2;
  const owner = edgeOwners(polys, vertexCount);
  const edges: MergeDiagonal[] = [];
  for (let p = 0; p < polys.length; p++) {
    const poly = polys[p]!;
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!,
        b = poly[(i + 1) % poly.length]!;
      if (a < b && owner.has(b * vertexCount + a))
        edges.push({ a, b, len: Math.hypot(coords[2 * b]! - coords[2 * a]!, coords[2 * b + 1]! - coords[2 * a + 1]!) });
    }
  }
  mergeAlongDiagonals(coords, polys, owner, edges, maxVerts);
  return polys.filter((p): p is number[] => p !== null);
}

/** A diagonal (edge shared by two polygons) a → b with a < b, and its length. @internal */
export interface MergeDiagonal {
  readonly a: number;
  readonly b: number;
  readonly len: number;
}

/** Directed edge `a * vertexCount + b` → index of the polygon holding it. @internal */
export function edgeOwners(polys: readonly (readonly number[] | null)[], vertexCount: number): Map<number, number> {
  const owner = new Map<number, number>();
  for (let p = 0; p < polys.length; p++) {
    const poly = polys[p];
    if (!poly) continue;
    for (let i = 0; i < poly.length; i++) owner.set(poly[i]! * vertexCount + poly[(i + 1) % poly.length]!, p);
  }
  return owner;
}

/**
 * The Hertel–Mehlhorn loop shared by every builder: visits `diagonals` longest first (ties by
 * vertex ids, so the result is deterministic) and merges the two polygons on either side when the
 * union is strictly convex with at most `maxVerts` vertices. Mutates `polys` (a merged-away polygon
 * becomes null) and `owner` (from {@link edgeOwners}).
 * @internal
 */
export function mergeAlongDiagonals(
  coords: ArrayLike<number>,
  polys: (number[] | null)[],
  owner: Map<number, number>,
  diagonals: MergeDiagonal[],
  maxVerts: number,
): void {
  const vertexCount = coords.length / 2;
  const key = (a: number, b: number): number => a * vertexCount + b;
  diagonals.sort((e, f) => f.len - e.len || e.a - f.a || e.b - f.b);
  for (const { a, b } of diagonals) {
    const pa = owner.get(key(a, b)),
      pb = owner.get(key(b, a));
    if (pa === undefined || pb === undefined || pa === pb) continue;
    const A = polys[pa]!,
      B = polys[pb]!;
    if (A.length + B.length - 2 > maxVerts) continue;
    // A has a→b; B has b→a. Merged: A from b around to a, then B from a around to b (exclusive).
    const ia = A.indexOf(a),
      ib = B.indexOf(b);
    const merged: number[] = [];
    for (let k = 0; k < A.length; k++) merged.push(A[(ia + 1 + k) % A.length]!); // b … a
    for (let k = 2; k < B.length; k++) merged.push(B[(ib + k) % B.length]!); // after a … before b
    if (!isStrictlyConvex(coords, merged)) continue;
    polys[pa] = merged;
    polys[pb] = null;
    owner.delete(key(a, b));
    owner.delete(key(b, a));
    for (let i = 0; i < merged.length; i++) owner.set(key(merged[i]!, merged[(i + 1) % merged.length]!), pa);
  }
}

/** Every corner of the counter-clockwise `poly` turns strictly left (NaN counts as not). @internal */
export function isStrictlyConvex(coords: ArrayLike<number>, poly: readonly number[]): boolean {
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const a = poly[i]!,
      b = poly[(i + 1) % n]!,
      c = poly[(i + 2) % n]!;
    const cross =
      (coords[2 * b]! - coords[2 * a]!) * (coords[2 * c + 1]! - coords[2 * b + 1]!) -
      (coords[2 * b + 1]! - coords[2 * a + 1]!) * (coords[2 * c]! - coords[2 * b]!);
    if (!(cross > 0)) return false;
  }
  return true;
}
