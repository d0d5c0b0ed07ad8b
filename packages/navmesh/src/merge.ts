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
  const key = (a: number, b: number): number => a * vertexCount + b;
  // Directed edge a→b → polygon holding it.
  const owner = new Map<number, number>();
  for (let p = 0; p < polys.length; p++) {
    const poly = polys[p]!;
    for (let i = 0; i < poly.length; i++) owner.set(key(poly[i]!, poly[(i + 1) % poly.length]!), p);
  }
  const edges: { a: number; b: number; len: number }[] = [];
  for (let p = 0; p < polys.length; p++) {
    const poly = polys[p]!;
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!,
        b = poly[(i + 1) % poly.length]!;
      if (a < b && owner.has(key(b, a))) edges.push({ a, b, len: Math.hypot(coords[2 * b]! - coords[2 * a]!, coords[2 * b + 1]! - coords[2 * a + 1]!) });
    }
  }
  edges.sort((e, f) => f.len - e.len || e.a - f.a || e.b - f.b);
  for (const { a, b } of edges) {
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
    if (!isConvex(coords, merged)) continue;
    polys[pa] = merged;
    polys[pb] = null;
    owner.delete(key(a, b));
    owner.delete(key(b, a));
    for (let i = 0; i < merged.length; i++) owner.set(key(merged[i]!, merged[(i + 1) % merged.length]!), pa);
  }
  return polys.filter((p): p is number[] => p !== null);
}

function isConvex(coords: ArrayLike<number>, poly: readonly number[]): boolean {
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const a = poly[i]!,
      b = poly[(i + 1) % n]!,
      c = poly[(i + 2) % n]!;
    const cross =
      (coords[2 * b]! - coords[2 * a]!) * (coords[2 * c + 1]! - coords[2 * b + 1]!) -
      (coords[2 * b + 1]! - coords[2 * a + 1]!) * (coords[2 * c]! - coords[2 * b]!);
    if (cross <= 0) return false;
  }
  return true;
}
