import { TacticaError } from "@tactica/core";
import { NavMeshErrorCodes } from "../errors";
import { edgeOwners, mergeAlongDiagonals, type MergeDiagonal } from "../merge";
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
 * @param triangulation - A triangulation from `triangulatePolygonsCdt` (vertices, triangles, boundary edges and the region of each triangle), read only.
 * @param options - `maxVertsPerPoly`: largest merged polygon, an integer in 3..6 (default 6; 3 keeps the triangles).
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
  const owner = edgeOwners(polys, vertexCount);
  const diagonals: MergeDiagonal[] = [];
  for (let t = 0; t < triCount; t++) {
    for (let i = 0; i < 3; i++) {
      if (boundary[3 * t + i]) continue;
      const a = triangles[3 * t + i]!,
        b = triangles[3 * t + ((i + 1) % 3)]!;
      const other = owner.get(b * vertexCount + a);
      if (a < b && other !== undefined && regionOf[other] === regionOf[t])
        diagonals.push({ a, b, len: Math.hypot(coords[2 * b]! - coords[2 * a]!, coords[2 * b + 1]! - coords[2 * a + 1]!) });
    }
  }
  mergeAlongDiagonals(coords, polys, owner, diagonals, maxVerts);
  const polygons: number[][] = [];
  const outRegions: number[] = [];
  for (let p = 0; p < polys.length; p++) {
    if (polys[p] === null) continue;
    polygons.push(polys[p]!);
    outRegions.push(regionOf[p]!);
  }
  return { polygons, regions: outRegions };
}
