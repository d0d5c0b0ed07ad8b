// Triangle-soup checks shared by the solo, tiled and stance builds (own file so build.ts can use
// the tiled build without an import cycle: tile-build.ts needs these too).
import { NavMeshErrorCodes } from "../errors";
import { inWorld, MAX_WORLD_COORDINATE } from "../input-limits";
import { showValue, voxelError } from "./errors";

/** Options of {@link validateTriangleSoup}. */
export interface ValidateTriangleSoupOptions {
  /** Name of the function the error messages start with, for a builder that validates its input; default `"validateTriangleSoup"`. */
  readonly caller?: string;
}

/**
 * Checks a triangle soup: `positions` are x,y,z triples of finite numbers within
 * ±{@link MAX_WORLD_COORDINATE}, `triangles` index
 * triples of integers in range. Throws `NAVMESH_BAD_GEOMETRY` whose `path` names the first bad
 * index (`positions[7]`, `triangles[12]`). Returns the number of degenerate triangles (repeated
 * index or zero area), which builds skip.
 *
 * @param positions - Vertex coordinates as x, y, z triples (world units, y up).
 * @param triangles - Vertex indices, three per triangle.
 * @param options - `caller`: the function name the error messages start with (default `"validateTriangleSoup"`).
 */
export function validateTriangleSoup(positions: ArrayLike<number>, triangles: ArrayLike<number>, options: ValidateTriangleSoupOptions = {}): number {
  const fn = options.caller ?? "validateTriangleSoup";
  if (positions === null || typeof positions !== "object" || typeof positions.length !== "number")
    throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `"positions" must be an array of x,y,z numbers.`, "positions");
  if (triangles === null || typeof triangles !== "object" || typeof triangles.length !== "number")
    throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `"triangles" must be an array of vertex indices.`, "triangles");
  if (positions.length % 3 !== 0)
    throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `"positions" holds ${positions.length} numbers, not a multiple of 3 (x,y,z per vertex).`, "positions");
  if (triangles.length % 3 !== 0)
    throw voxelError(
      NavMeshErrorCodes.BadGeometry,
      fn,
      `"triangles" holds ${triangles.length} indices, not a multiple of 3 (one triple per triangle).`,
      "triangles",
    );
  for (let i = 0; i < positions.length; i++) {
    const v = positions[i];
    if (typeof v !== "number" || !Number.isFinite(v))
      throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `vertex ${Math.floor(i / 3)} has a non-finite coordinate (${showValue(v)}).`, `positions[${i}]`);
    if (!inWorld(v))
      throw voxelError(
        NavMeshErrorCodes.BadGeometry,
        fn,
        `vertex ${Math.floor(i / 3)} has coordinate ${v}, outside the world bounds ±${MAX_WORLD_COORDINATE} (MAX_WORLD_COORDINATE).`,
        `positions[${i}]`,
      );
  }
  const nv = positions.length / 3;
  let degenerate = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const i = triangles[t + k];
      if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i >= nv)
        throw voxelError(
          NavMeshErrorCodes.BadGeometry,
          fn,
          `triangle ${t / 3} uses vertex ${showValue(i)}, not an index in 0..${nv - 1}.`,
          `triangles[${t + k}]`,
        );
    }
    const a = triangles[t]! * 3,
      b = triangles[t + 1]! * 3,
      c = triangles[t + 2]! * 3;
    const e0x = positions[b]! - positions[a]!,
      e0y = positions[b + 1]! - positions[a + 1]!,
      e0z = positions[b + 2]! - positions[a + 2]!;
    const e1x = positions[c]! - positions[a]!,
      e1y = positions[c + 1]! - positions[a + 1]!,
      e1z = positions[c + 2]! - positions[a + 2]!;
    const nx = e0y * e1z - e0z * e1y,
      ny = e0z * e1x - e0x * e1z,
      nz = e0x * e1y - e0y * e1x;
    if (a === b || b === c || a === c || !(nx * nx + ny * ny + nz * nz > 0)) degenerate++;
  }
  return degenerate;
}

/** Bounds `minX, minY, minZ, maxX, maxY, maxZ` of the vertices used by the triangles. @internal */
export function soupBounds(positions: ArrayLike<number>, triangles: ArrayLike<number>): Float64Array {
  const b = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let t = 0; t < triangles.length; t++) {
    const i = triangles[t]! * 3;
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < b[k]!) b[k] = v;
      if (v > b[k + 3]!) b[k + 3] = v;
    }
  }
  if (triangles.length === 0) b.fill(0);
  return b;
}
