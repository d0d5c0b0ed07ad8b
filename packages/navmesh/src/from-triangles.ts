import { navMeshError, NavMeshErrorCodes, show } from "./errors";
import { checkCoordinate, checkLength, checkOptions, resolveLimits, type NavMeshInputLimits } from "./input-limits";
import { mergeConvexPolygons } from "./merge";
import { createNavMesh, NAVMESH_MAX_VERTS_PER_POLY, type NavMesh } from "./navmesh";

/** Options of {@link navMeshFromTriangles}. */
export interface NavMeshFromTrianglesOptions {
  /** Steepest walkable slope in degrees (default 45): steeper triangles (walls, ceilings) are dropped. */
  readonly maxSlopeDegrees?: number;
  /** Largest polygon after merging walkable triangles (3 keeps triangles; default 6). */
  readonly maxVertsPerPoly?: number;
  /** Size caps (default {@link NAVMESH_INPUT_LIMITS}): `maxVertices` positions / 3, `maxTriangles` triangles / 3. */
  readonly limits?: Partial<NavMeshInputLimits>;
}

const FN = "navMeshFromTriangles";

/**
 * Imports a 3D triangle soup (Y up, as Recast and the bench meshes use) as a navmesh: keeps the
 * triangles whose slope is at most `maxSlopeDegrees`, welds vertices with equal positions, maps
 * each vertex to the plane as `(x, z)` with `y` as its height, merges triangles into convex
 * polygons and links neighbors. This is a direct import of walkable surface triangles, not a
 * voxel rebuild (no agent radius or step height).
 *
 * @example
 * ```ts
 * const obj = parseObj("v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1 3 2\nf 1 4 3\n");
 * const mesh = navMeshFromTriangles(obj.positions, obj.triangles);
 * mesh.polyCount; // 1: the two triangles merge into one square
 * ```
 */
export function navMeshFromTriangles(positions: ArrayLike<number>, triangles: ArrayLike<number>, options: NavMeshFromTrianglesOptions = {}): NavMesh {
  options = checkOptions(FN, options);
  const limits = resolveLimits(FN, options.limits);
  checkLength(FN, NavMeshErrorCodes.BadMesh, positions, "positions", "maxVertices", limits.maxVertices, 3);
  checkLength(FN, NavMeshErrorCodes.BadMesh, triangles, "triangles", "maxTriangles", limits.maxTriangles, 3);
  const slope = options.maxSlopeDegrees ?? 45;
  if (typeof slope !== "number" || !(slope >= 0 && slope <= 90))
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `"maxSlopeDegrees" must be in 0..90, got ${show(slope)}.`, { path: "maxSlopeDegrees" });
  const maxVerts = options.maxVertsPerPoly ?? 6;
  if (!Number.isInteger(maxVerts) || maxVerts < 3 || maxVerts > NAVMESH_MAX_VERTS_PER_POLY) {
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `"maxVertsPerPoly" must be an integer in 3..${NAVMESH_MAX_VERTS_PER_POLY}.`, {
      path: "maxVertsPerPoly",
    });
  }
  if (positions.length % 3 !== 0)
    throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `"positions" must hold x,y,z triples (got ${positions.length} numbers).`, { path: "positions" });
  if (triangles.length % 3 !== 0)
    throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `"triangles" must hold index triples (got ${triangles.length} numbers).`, { path: "triangles" });
  const nv = positions.length / 3;
  for (let i = 0; i < positions.length; i++) checkCoordinate(FN, NavMeshErrorCodes.BadMesh, positions[i], `positions[${i}]`);
  const cosMax = Math.cos((slope * Math.PI) / 180);
  const weld = new Map<string, number>();
  const remap = new Int32Array(nv).fill(-1);
  const planar: number[] = [];
  const heights: number[] = [];
  const vertexOf = (i: number): number => {
    let g = remap[i]!;
    if (g >= 0) return g;
    const x = positions[3 * i]!,
      y = positions[3 * i + 1]!,
      z = positions[3 * i + 2]!;
    const k = `${x},${y},${z}`;
    g = weld.get(k) ?? -1;
    if (g < 0) {
      g = heights.length;
      weld.set(k, g);
      planar.push(x, z);
      heights.push(y);
    }
    remap[i] = g;
    return g;
  };
  const tris: number[][] = [];
  const seen = new Set<string>();
  for (let t = 0; t < triangles.length; t += 3) {
    const ia = triangles[t]!,
      ib = triangles[t + 1]!,
      ic = triangles[t + 2]!;
    for (const i of [ia, ib, ic]) {
      if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i >= nv)
        throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `triangle ${t / 3} uses vertex ${show(i)}, not in 0..${nv - 1}.`, { path: `triangles[${t}]` });
    }
    const e1x = positions[3 * ib]! - positions[3 * ia]!,
      e1y = positions[3 * ib + 1]! - positions[3 * ia + 1]!,
      e1z = positions[3 * ib + 2]! - positions[3 * ia + 2]!;
    const e2x = positions[3 * ic]! - positions[3 * ia]!,
      e2y = positions[3 * ic + 1]! - positions[3 * ia + 1]!,
      e2z = positions[3 * ic + 2]! - positions[3 * ia + 2]!;
    const nx = e1y * e2z - e1z * e2y,
      ny = e1z * e2x - e1x * e2z,
      nz = e1x * e2y - e1y * e2x;
    const len = Math.hypot(nx, ny, nz);
    if (!(len > 0) || ny < cosMax * len || ny <= 0) continue;
    const a = vertexOf(ia);
    let b = vertexOf(ib),
      c = vertexOf(ic);
    if (a === b || b === c || a === c) continue;
    const cross =
      (planar[2 * b]! - planar[2 * a]!) * (planar[2 * c + 1]! - planar[2 * a + 1]!) -
      (planar[2 * b + 1]! - planar[2 * a + 1]!) * (planar[2 * c]! - planar[2 * a]!);
    if (cross === 0) continue;
    if (cross < 0) [b, c] = [c, b];
    const key = [a, b, c].sort((p, q) => p - q).join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    tris.push([a, b, c]);
  }
  const polygons = maxVerts > 3 ? mergeConvexPolygons(planar, tris, maxVerts) : tris;
  return createNavMesh({ vertices: planar, heights, polygons }, { maxVertsPerPoly: maxVerts });
}
