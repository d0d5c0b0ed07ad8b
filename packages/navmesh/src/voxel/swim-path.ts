// Swim paths (Game AI Pro 3, chapter 32): the swim layer is generated on the sea floor, then the
// path vertices in swim space are raised to the water surface.
import { PathFlags } from "@tactica/search";
import { NavMeshErrorCodes } from "../errors";
import type { StraightPath } from "../funnel";
import { portalEdge } from "../funnel";
import { heightOnPolygonIndex } from "../locate";
import type { NavMesh } from "../navmesh";
import { polyIndexOfRef } from "../tiles/poly-ref";
import { showValue, voxelError } from "./errors";
import { cornerCorridorIndices } from "./stance-path";
import { findWaterVolume, validateWaterVolumes, type WaterVolume } from "./water";

/** A path with heights: the corners of a straight path plus the points where it enters or leaves swim space. */
export interface SwimPath {
  /** `PathFlags.Found`, plus `PathTruncated` when the points did not fit. */
  flags: number;
  /** Number of points of the full path (may exceed the buffer when truncated). */
  count: number;
  /** Points as planar `x, y` pairs (the navmesh plane: world x, z). */
  readonly points: Float64Array;
  /** Height of each point: the water surface while swimming, else the navmesh floor. */
  readonly heights: Float64Array;
  /** 1 where the agent swims at this point (in swim space, or entering or leaving it), else 0. */
  readonly swim: Uint8Array;
}

/** Options of {@link createSwimPath}. */
export interface SwimPathOptions {
  /** Most points kept (integer ≥ 2, default 256); a longer path is truncated. */
  readonly maxPoints?: number;
}

/**
 * Creates a {@link SwimPath} holding up to `maxPoints` points (default 256).
 * @param options - `maxPoints`: most points kept (integer ≥ 2, default 256)
 */
export function createSwimPath(options: SwimPathOptions = {}): SwimPath {
  const maxPoints = options.maxPoints ?? 256;
  if (!Number.isInteger(maxPoints) || maxPoints < 2)
    throw voxelError(
      NavMeshErrorCodes.BadInput,
      "createSwimPath",
      `"options.maxPoints" must be an integer ≥ 2, got ${showValue(maxPoints)}.`,
      "options.maxPoints",
    );
  return { flags: 0, count: 0, points: new Float64Array(2 * maxPoints), heights: new Float64Array(maxPoints), swim: new Uint8Array(maxPoints) };
}

function centroid(mesh: NavMesh, p: number, out: Float64Array): void {
  const n = mesh.polyVertCount[p]!;
  out[0] = 0;
  out[1] = 0;
  for (let i = 0; i < n; i++) {
    const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!;
    out[0] += mesh.vertices[2 * v]! / n;
    out[1] += mesh.vertices[2 * v + 1]! / n;
  }
}

/**
 * Lifts a string-pulled path onto the water (chapter 32: "generate on the sea floor, then raise
 * the path vertices to the water surface"): copies the corners of `straight` into `out`, inserts
 * the points where a segment crosses from non-swim into swim polygons (area id in `swimAreas`)
 * or back, and gives every point in or at the edge of swim space the surface height of its
 * water volume (`swim[k] = 1`); other points get the navmesh floor height. `corridor` holds the
 * polygon refs of the path (`corridor[0 .. corridorLength)`), as for {@link markStancePath}.
 * A too-small `out` sets `PathTruncated` (never throws); bad water volumes throw `NAVMESH_CONFIG`.
 *
 * @param out - Written in place and returned: `points` (x, y pairs in the navmesh plane), `heights` (world units), `swim` flags, `count`, `flags`.
 * @param mesh - The navmesh the corridor belongs to (a corridor ref that is not one of its polygons throws `NAVMESH_BAD_INPUT`).
 * @param corridor - Polygon refs of the path from `findPolygonPath` (`NavPath.path`).
 * @param corridorLength - Number of refs of `corridor` to use (`NavPath.length`).
 * @param straight - The string-pulled corners of that corridor (`findStraightPath`), read only.
 * @param water - The water volumes (outline in x, z and `surface` height, world units), validated; swim points get the surface of the volume holding them.
 * @param swimAreas - Navmesh area ids (0..63) of the swim polygons (the swim pass's area); other values are ignored.
 */
export function raiseSwimPath(
  out: SwimPath,
  mesh: NavMesh,
  corridor: ArrayLike<number>,
  corridorLength: number,
  straight: StraightPath,
  water: readonly WaterVolume[],
  swimAreas: ArrayLike<number>,
): SwimPath {
  validateWaterVolumes("raiseSwimPath", water);
  const isSwim = new Uint8Array(64);
  for (let i = 0; i < swimAreas.length; i++) {
    const a = swimAreas[i]!;
    if (Number.isInteger(a) && a >= 0 && a < 64) isSwim[a] = 1;
  }
  const nc = Math.min(corridorLength, corridor.length);
  const polys = new Int32Array(nc);
  for (let c = 0; c < nc; c++) polys[c] = polyIndexOfRef(mesh, corridor[c]!);
  const count = Math.min(straight.count, straight.pointFlags.length);
  out.count = 0;
  out.flags = straight.flags & PathFlags.Found;
  if (count === 0 || nc === 0) return out;
  for (let c = 0; c < nc; c++)
    if (polys[c]! < 0) throw voxelError(NavMeshErrorCodes.BadInput, "raiseSwimPath", `corridor[${c}] is not a polygon of the mesh.`, `corridor[${c}]`);
  const idx = cornerCorridorIndices(mesh, polys, nc, straight, count);
  const swimPoly = (c: number): boolean => isSwim[mesh.areas[polys[c]!]!] === 1;
  const cap = out.heights.length;
  const tmp = new Float64Array(2);
  const push = (x: number, y: number, poly: number, swim: boolean): void => {
    let h: number;
    if (swim) {
      let w = findWaterVolume(water, x, y);
      if (w < 0) {
        centroid(mesh, poly, tmp);
        w = findWaterVolume(water, tmp[0]!, tmp[1]!);
      }
      h = w >= 0 ? water[w]!.surface : heightOnPolygonIndex(mesh, poly, x, y);
    } else h = heightOnPolygonIndex(mesh, poly, x, y);
    const n = out.count;
    if (n > 0 && n <= cap && out.points[2 * n - 2] === x && out.points[2 * n - 1] === y) {
      // The same point again (a crossing at a corner): swimming wins.
      if (swim && out.swim[n - 1] === 0) {
        out.swim[n - 1] = 1;
        out.heights[n - 1] = h;
      }
      return;
    }
    if (n < cap) {
      out.points[2 * n] = x;
      out.points[2 * n + 1] = y;
      out.heights[n] = h;
      out.swim[n] = swim ? 1 : 0;
    } else out.flags |= PathFlags.PathTruncated;
    out.count = n + 1;
  };
  push(straight.points[0]!, straight.points[1]!, polys[idx[0]!]!, swimPoly(idx[0]!));
  for (let k = 0; k + 1 < count; k++) {
    const x0 = straight.points[2 * k]!,
      y0 = straight.points[2 * k + 1]!;
    const x1 = straight.points[2 * k + 2]!,
      y1 = straight.points[2 * k + 3]!;
    const dx = x1 - x0,
      dy = y1 - y0;
    for (let c = idx[k]!; c < idx[k + 1]! && c + 1 < nc; c++) {
      const a = polys[c]!,
        b = polys[c + 1]!;
      if (swimPoly(c) === swimPoly(c + 1)) continue;
      const e = portalEdge(mesh, a, b);
      if (e < 0) continue;
      const n = mesh.polyVertCount[a]!;
      const va = mesh.polyVerts[a * mesh.maxVertsPerPoly + e]!,
        vb = mesh.polyVerts[a * mesh.maxVertsPerPoly + ((e + 1) % n)]!;
      const ax = mesh.vertices[2 * va]!,
        ay = mesh.vertices[2 * va + 1]!;
      const ex = mesh.vertices[2 * vb]! - ax,
        ey = mesh.vertices[2 * vb + 1]! - ay;
      const den = dx * ey - dy * ex;
      if (den === 0) continue;
      const t = Math.min(1, Math.max(0, ((ax - x0) * ey - (ay - y0) * ex) / den));
      push(x0 + dx * t, y0 + dy * t, swimPoly(c) ? a : b, true);
    }
    push(x1, y1, polys[idx[k + 1]!]!, swimPoly(idx[k + 1]!));
  }
  return out;
}
