import { navMeshError, NavMeshErrorCodes } from "./errors";
import { findStraightPath, type FindStraightPathOptions, type StraightPath } from "./funnel";
import { createMoveResult, moveAlongSurface, type MoveResult } from "./move-along-surface";
import { polyIndexOfRef } from "./tiles/poly-ref";
import type { NavMesh } from "./types";
import type { NavPath } from "./query";

/**
 * An agent's corridor (Detour's `dtPathCorridor`) as plain data: its position, its target and the
 * polygons between them (`polys[0]` holds the position, `polys[length - 1]` the target). Moving the
 * position slides along the mesh and trims or extends the corridor's start, so corners can be
 * recomputed every frame without a new search.
 */
export interface PathCorridor {
  /** Agent position. */
  x: number;
  /** Agent position (y). */
  y: number;
  /** Target position. */
  targetX: number;
  /** Target position (y). */
  targetY: number;
  /** Number of polygons in the corridor. */
  length: number;
  /** Polygon refs, `polys[0 .. length)`. */
  readonly polys: Float64Array;
  /** @internal */ readonly move: MoveResult;
}

/** Creates an empty corridor holding up to `capacity` polygons (default 256). */
export function createPathCorridor(capacity = 256): PathCorridor {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw navMeshError(NavMeshErrorCodes.BadInput, "createPathCorridor", `"capacity" must be a positive integer.`, { path: "capacity" });
  return { x: 0, y: 0, targetX: 0, targetY: 0, length: 0, polys: new Float64Array(capacity), move: createMoveResult(64) };
}

/** Puts the corridor at `(x, y)` on polygon `poly` with the target there too (a one-polygon corridor). */
export function resetPathCorridor(corridor: PathCorridor, poly: number, x: number, y: number): void {
  corridor.x = corridor.targetX = x;
  corridor.y = corridor.targetY = y;
  corridor.polys[0] = poly;
  corridor.length = 1;
}

/**
 * Sets the corridor to a polygon path from `findPolygonPath` (which should start at the corridor's
 * first polygon) and the target `(tx, ty)`. Returns false when the path was longer than the
 * corridor's capacity (the corridor then holds its first part; re-plan closer to the target).
 */
export function setPathCorridor(corridor: PathCorridor, path: NavPath, tx: number, ty: number): boolean {
  const n = Math.min(path.length, path.path.length, corridor.polys.length);
  if (n === 0) return false;
  for (let i = 0; i < n; i++) corridor.polys[i] = path.path[i]!;
  corridor.length = n;
  corridor.targetX = tx;
  corridor.targetY = ty;
  return n === path.length;
}

/**
 * Writes the next corners of the corridor (string pulling from the position to the target) into
 * `out` and returns it.
 */
export function findCorridorCorners(out: StraightPath, corridor: PathCorridor, mesh: NavMesh, options?: FindStraightPathOptions): StraightPath {
  return findStraightPath(out, mesh, corridor.polys, corridor.length, corridor.x, corridor.y, corridor.targetX, corridor.targetY, options);
}

/**
 * Moves the agent towards `(x, y)` along the mesh ({@link moveAlongSurface} from the corridor's
 * first polygon) and fixes the corridor's start: polygons the agent left are dropped, polygons it
 * entered outside the corridor are prepended. Returns false, leaving the corridor (position included)
 * unchanged, when the move left the corridor in a way it cannot merge; re-plan then.
 */
export function moveCorridorPosition(corridor: PathCorridor, mesh: NavMesh, x: number, y: number): boolean {
  if (corridor.length === 0) throw navMeshError(NavMeshErrorCodes.BadInput, "moveCorridorPosition", "the corridor is empty; call resetPathCorridor first.");
  const m = moveAlongSurface(corridor.move, mesh, corridor.polys[0]!, corridor.x, corridor.y, x, y);
  const end = m.poly;
  // Furthest corridor polygon equal to the end polygon: drop everything before it.
  for (let i = corridor.length - 1; i >= 0; i--) {
    if (corridor.polys[i] === end) {
      corridor.polys.copyWithin(0, i, corridor.length);
      corridor.length -= i;
      corridor.x = m.x;
      corridor.y = m.y;
      return true;
    }
  }
  // The end polygon is outside the corridor: it must neighbor the corridor's first polygon to prepend it.
  const first = polyIndexOfRef(mesh, corridor.polys[0]!);
  const endIndex = polyIndexOfRef(mesh, end);
  const n = mesh.polyVertCount[endIndex]!;
  for (let k = 0; k < n; k++) {
    if (mesh.neighbors[endIndex * mesh.maxVertsPerPoly + k] === first) {
      if (corridor.length >= corridor.polys.length) return false;
      corridor.polys.copyWithin(1, 0, corridor.length);
      corridor.polys[0] = end;
      corridor.length++;
      corridor.x = m.x;
      corridor.y = m.y;
      return true;
    }
  }
  return false;
}
