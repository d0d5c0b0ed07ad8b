import { TacticaError } from "@tactica/core";
import { NavMeshErrorCodes } from "../errors";
import type { CdtTriangulation } from "./triangulate-cdt";

/** Options of {@link mergeTrianglesToConvex}. */
export interface MergeConvexOptions {
  /** Largest merged polygon, 3..6 (default 6; 3 keeps the triangles). */
  readonly maxVertsPerPoly?: number;
}

/** Convex polygons over the vertices of a {@link CdtTriangulation}. */
export interface ConvexPolygons {
  /** Counter-clockwise, strictly convex vertex index lists. */
  readonly polygons: number[][];
  /** Input region of each polygon. */
  readonly regions: number[];
}

/**
 * Hertel–Mehlhorn: removes interior (non-boundary) diagonals of a triangulation, longest first,
 * whenever the two polygons on either side merge into a strictly convex polygon of at most
 * `maxVertsPerPoly` vertices. Without the size cap this gives at most 4× the minimum number of
 * convex pieces. Boundary edges and region borders are never removed.
 *
 * @example
 * ```ts
 * const tri = triangulatePolygonsCdt([{ outer: [0, 0, 4, 0, 4, 4, 0, 4] }]);
 * mergeTrianglesToConvex(tri).polygons; // one quad: the two triangles merged
 * ```
 */
export function mergeTrianglesToConvex(triangulation: CdtTriangulation, options?: MergeConvexOptions): ConvexPolygons {
  const maxVerts = options?.maxVertsPerPoly ?? 6;
  if (typeof maxVerts !== "number" || !Number.isInteger(maxVerts) || maxVerts < 3 || maxVerts > 6)
    throw new TacticaError(
      NavMeshErrorCodes.BadInput,
      `@tactica/navmesh: mergeTrianglesToConvex: "maxVertsPerPoly" must be an integer in 3..6, got ${typeof maxVerts === "number" ? maxVerts : typeof maxVerts}.`,
      {
        path: "options.maxVertsPerPoly",
      },
    );
  const { vertices: coords, triangles, boundary, regions } = triangulation;
  const triCount = triangles.length / 3;
  const polys: (number[] | null)[] = [];
  for (let t = 0; t < triCount; t++) polys.push([triangles[3 * t]!, triangles[3 * t + 1]!, triangles[3 * t + 2]!]);
  const regionOf = Array.from(regions);
  if (maxVerts === 3) return { polygons: polys as number[][], regions: regionOf };
  const vertexCount = coords.length / 2;
  const key = (a: number, b: number): number => a * vertexCount + b;
  const owner = new Map<number, number>();
  for (let t = 0; t < triCount; t++) for (let i = 0; i < 3; i++) owner.set(key(triangles[3 * t + i]!, triangles[3 * t + ((i + 1) % 3)]!), t);
  const diagonals: { a: number; b: number; len: number }[] = [];
  for (let t = 0; t < triCount; t++) {
    for (let i = 0; i < 3; i++) {
      if (boundary[3 * t + i]) continue;
      const a = triangles[3 * t + i]!,
        b = triangles[3 * t + ((i + 1) % 3)]!;
      const other = owner.get(key(b, a));
      if (a < b && other !== undefined && regionOf[other] === regionOf[t])
        diagonals.push({ a, b, len: Math.hypot(coords[2 * b]! - coords[2 * a]!, coords[2 * b + 1]! - coords[2 * a + 1]!) });
    }
  }
  diagonals.sort((e, f) => f.len - e.len || e.a - f.a || e.b - f.b);
  for (const { a, b } of diagonals) {
    const pa = owner.get(key(a, b)),
      pb = owner.get(key(b, a));
    if (pa === undefined || pb === undefined || pa === pb) continue;
    const A = polys[pa]!,
      B = polys[pb]!;
    if (A.length + B.length - 2 > maxVerts) continue;
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
  const polygons: number[][] = [];
  const outRegions: number[] = [];
  for (let p = 0; p < polys.length; p++) {
    if (polys[p] === null) continue;
    polygons.push(polys[p]!);
    outRegions.push(regionOf[p]!);
  }
  return { polygons, regions: outRegions };
}

/** Every corner turns strictly left. @internal */
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
