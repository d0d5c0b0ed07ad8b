// Integer 2D predicates on (x, z) used by contours and polygon meshes (after Recast's
// RecastContour.cpp / RecastMesh.cpp, Recast © Mikko Mononen, zlib licence). Points are given
// by array and offset; x at +0, z at +2.

/** @internal */
export function area2(a: Int32Array | number[], ai: number, b: Int32Array | number[], bi: number, c: Int32Array | number[], ci: number): number {
  return (b[bi]! - a[ai]!) * (c[ci + 2]! - a[ai + 2]!) - (c[ci]! - a[ai]!) * (b[bi + 2]! - a[ai + 2]!);
}

type Arr = Int32Array | number[];

/** @internal */
export function left(a: Arr, ai: number, b: Arr, bi: number, c: Arr, ci: number): boolean {
  return area2(a, ai, b, bi, c, ci) < 0;
}
/** @internal */
export function leftOn(a: Arr, ai: number, b: Arr, bi: number, c: Arr, ci: number): boolean {
  return area2(a, ai, b, bi, c, ci) <= 0;
}
/** @internal */
export function collinear(a: Arr, ai: number, b: Arr, bi: number, c: Arr, ci: number): boolean {
  return area2(a, ai, b, bi, c, ci) === 0;
}
/** @internal */
export function vequal(a: Arr, ai: number, b: Arr, bi: number): boolean {
  return a[ai] === b[bi] && a[ai + 2] === b[bi + 2];
}

function intersectProp(a: Arr, ai: number, b: Arr, bi: number, c: Arr, ci: number, d: Arr, di: number): boolean {
  if (collinear(a, ai, b, bi, c, ci) || collinear(a, ai, b, bi, d, di) || collinear(c, ci, d, di, a, ai) || collinear(c, ci, d, di, b, bi)) return false;
  return left(a, ai, b, bi, c, ci) !== left(a, ai, b, bi, d, di) && left(c, ci, d, di, a, ai) !== left(c, ci, d, di, b, bi);
}

function between(a: Arr, ai: number, b: Arr, bi: number, c: Arr, ci: number): boolean {
  if (!collinear(a, ai, b, bi, c, ci)) return false;
  if (a[ai] !== b[bi]) return (a[ai]! <= c[ci]! && c[ci]! <= b[bi]!) || (a[ai]! >= c[ci]! && c[ci]! >= b[bi]!);
  return (a[ai + 2]! <= c[ci + 2]! && c[ci + 2]! <= b[bi + 2]!) || (a[ai + 2]! >= c[ci + 2]! && c[ci + 2]! >= b[bi + 2]!);
}

/** Segments ab and cd intersect properly or improperly. @internal */
export function intersect(a: Arr, ai: number, b: Arr, bi: number, c: Arr, ci: number, d: Arr, di: number): boolean {
  if (intersectProp(a, ai, b, bi, c, ci, d, di)) return true;
  return between(a, ai, b, bi, c, ci) || between(a, ai, b, bi, d, di) || between(c, ci, d, di, a, ai) || between(c, ci, d, di, b, bi);
}

/** @internal */
export function intersectProper(a: Arr, ai: number, b: Arr, bi: number, c: Arr, ci: number, d: Arr, di: number): boolean {
  return intersectProp(a, ai, b, bi, c, ci, d, di);
}
