// Stance flags on path corners (Game AI Pro 3, chapter 32, Listing 32.2): an agent crouches
// (crawls, …) from the corner before a stretch through stance-only polygons and stays in that
// stance until the corner after it, "the safest way to know it has cleared the crouch-only space".
import type { StraightPath } from "../funnel";
import type { NavMesh } from "../navmesh";
import { NavMeshErrorCodes } from "../errors";
import { polyIndexOfRef } from "../tiles/poly-ref";
import { voxelError } from "./errors";

function insidePolygon(mesh: NavMesh, p: number, x: number, y: number, eps: number): boolean {
  const n = mesh.polyVertCount[p]!;
  for (let i = 0; i < n; i++) {
    const a = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!,
      b = mesh.polyVerts[p * mesh.maxVertsPerPoly + ((i + 1) % n)]!;
    const ax = mesh.vertices[2 * a]!,
      ay = mesh.vertices[2 * a + 1]!;
    const ex = mesh.vertices[2 * b]! - ax,
      ey = mesh.vertices[2 * b + 1]! - ay;
    // Counter-clockwise polygons: inside is left of every edge.
    if (ex * (y - ay) - ey * (x - ax) < -eps * Math.hypot(ex, ey)) return false;
  }
  return true;
}

/**
 * @internal Corridor index of each corner of `straight`: the first corridor polygon at or after
 * the previous corner's one that holds it (the last corner: the last polygon).
 */
export function cornerCorridorIndices(mesh: NavMesh, corridor: ArrayLike<number>, nc: number, straight: StraightPath, count: number): Int32Array {
  const idx = new Int32Array(count);
  let j = 0;
  for (let k = 0; k < count; k++) {
    const x = straight.points[2 * k]!,
      y = straight.points[2 * k + 1]!;
    let found = -1;
    for (let c = j; c < nc; c++)
      if (insidePolygon(mesh, corridor[c]!, x, y, 1e-6)) {
        found = c;
        break;
      }
    if (found >= 0) j = found;
    idx[k] = k === count - 1 ? Math.max(j, nc - 1) : j;
  }
  return idx;
}

/** Samples per path segment when testing it against the stance polygons of the corridor. */
const SEGMENT_SAMPLES = 16;

/**
 * Marks the corners of a string-pulled path where the agent must be in a stance (crouched,
 * prone…): `out[k] = 1` when the segment leaving corner `k` or the one arriving at it crosses a
 * corridor polygon whose area id is in `stanceAreas`, else 0 (Listing 32.2:
 * `vertex.crouch = node.crouchOnly || prevNode.crouchOnly`). So the agent takes the stance at the
 * corner before the stance space and keeps it until the corner after. `corridor` holds the
 * polygon refs of the path (`path[0 .. corridorLength)`), `straight` its corners. Returns `out`.
 *
 * @param out - One flag per corner of `straight`, written in place (1 = be in the stance at this corner) and returned; needs at least `straight.count` entries (else `NAVMESH_CONFIG`).
 * @param mesh - The navmesh the corridor belongs to, whose polygon `areas` are read (a corridor ref that is not one of its polygons throws `NAVMESH_BAD_INPUT`).
 * @param corridor - Polygon refs of the path from `findPolygonPath` (`NavPath.path`).
 * @param corridorLength - Number of refs of `corridor` to use (`NavPath.length`).
 * @param straight - The string-pulled corners of that corridor (`findStraightPath`), read only.
 * @param stanceAreas - Navmesh area ids (0..63) of the stance-only polygons, e.g. the crouch pass's `passAreas` entry; other values are ignored.
 */
export function markStancePath(
  out: Uint8Array,
  mesh: NavMesh,
  corridor: ArrayLike<number>,
  corridorLength: number,
  straight: StraightPath,
  stanceAreas: ArrayLike<number>,
): Uint8Array {
  const count = Math.min(straight.count, straight.pointFlags.length);
  if (out.length < count)
    throw voxelError(NavMeshErrorCodes.Config, "markStancePath", `"out" holds ${out.length} flags; the path has ${count} corners.`, "out");
  const isStance = new Uint8Array(64);
  for (let i = 0; i < stanceAreas.length; i++) {
    const a = stanceAreas[i]!;
    if (Number.isInteger(a) && a >= 0 && a < 64) isStance[a] = 1;
  }
  const nc = Math.min(corridorLength, corridor.length);
  // Corridor entries are polygon refs; the flat view (areas, polyVerts) is indexed by flat index.
  const polys = new Int32Array(Math.max(nc, 0));
  for (let c = 0; c < nc; c++) {
    const p = polyIndexOfRef(mesh, corridor[c]!);
    if (p < 0) throw voxelError(NavMeshErrorCodes.BadInput, "markStancePath", `corridor[${c}] is not a polygon of the mesh.`, `corridor[${c}]`);
    polys[c] = p;
  }
  const eps = 1e-7;
  const idx = cornerCorridorIndices(mesh, polys, nc, straight, count);
  out.fill(0, 0, count);
  for (let k = 0; k + 1 < count; k++) {
    const x0 = straight.points[2 * k]!,
      y0 = straight.points[2 * k + 1]!;
    const x1 = straight.points[2 * k + 2]!,
      y1 = straight.points[2 * k + 3]!;
    let crosses = false;
    for (let c = idx[k]!; c <= idx[k + 1]! && c < nc && !crosses; c++) {
      const p = polys[c]!;
      if (!isStance[mesh.areas[p]!]) continue;
      for (let s = 1; s < SEGMENT_SAMPLES && !crosses; s++) {
        const t = s / SEGMENT_SAMPLES;
        if (insidePolygon(mesh, p, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, -eps)) crosses = true;
      }
    }
    if (crosses) {
      out[k] = 1;
      out[k + 1] = 1;
    }
  }
  return out;
}
