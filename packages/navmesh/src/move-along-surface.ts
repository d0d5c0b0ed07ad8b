import { navMeshError, NavMeshErrorCodes } from "./errors";
import { pointInPolygonAt, requirePolyIndex } from "./locate";
import { refOfPolyIndex } from "./tiles/poly-ref";
import type { NavMesh } from "./types";

/** Caller-owned result of {@link moveAlongSurface}. Create with {@link createMoveResult}. */
export interface MoveResult {
  /** Where the move ends (the target, or the nearest reachable point to it). */
  x: number;
  /** Where the move ends (y). */
  y: number;
  /** Ref of the polygon holding the end point. */
  poly: number;
  /** Polygons visited by the search (the first `visited.length` are in `visited`). */
  visitedCount: number;
  /** Refs of the visited polygons, in search order. */
  readonly visited: Float64Array;
}

/** Options of {@link createMoveResult}. */
export interface MoveResultOptions {
  /** Most visited polygons recorded (integer ≥ 1, default 64); further ones are counted in `visitedCount` only. */
  readonly maxVisited?: number;
}

/**
 * Creates a {@link MoveResult} recording up to `maxVisited` polygons (default 64).
 * @param options - `maxVisited`: most visited polygons recorded (integer ≥ 1, default 64)
 */
export function createMoveResult(options: MoveResultOptions = {}): MoveResult {
  const maxVisited = options.maxVisited ?? 64;
  if (!Number.isInteger(maxVisited) || maxVisited < 1)
    throw navMeshError(NavMeshErrorCodes.BadInput, "createMoveResult", `"options.maxVisited" must be a positive integer.`, { path: "options.maxVisited" });
  return { x: 0, y: 0, poly: -1, visitedCount: 0, visited: new Float64Array(maxVisited) };
}

interface Scratch {
  stamp: Uint32Array;
  queue: Int32Array;
  parent: Int32Array;
  epoch: number;
}
const scratches = new WeakMap<NavMesh, Scratch>();

/**
 * Moves from `(sx, sy)` on polygon `startPoly` towards `(tx, ty)` constrained to the mesh
 * (Detour's `moveAlongSurface`): a breadth-first search over the polygons within half the move
 * distance of the segment's midpoint; if the target is on one of them the move ends there,
 * otherwise at the point of the nearest boundary edge closest to the target (the agent slides along
 * walls and never leaves the mesh). Meant for small per-frame moves. Returns `out`; the per-mesh
 * scratch is created on first use, later calls allocate nothing.
 *
 * @param out - written in place and returned: the end point `x`, `y` (world units), its polygon `poly`, and the polygons searched (`visited`, `visitedCount`)
 * @param mesh - the navmesh to move on
 * @param startPoly - ref of the polygon containing `(sx, sy)`; a stale ref throws `NAVMESH_BAD_INPUT`
 * @param sx - current position, x (world units, mesh plane), finite
 * @param sy - current position, y (world units; z of a y-up 3D level), finite
 * @param tx - desired position, x (world units), finite, usually position + velocity × dt; kept small (the search covers only polygons near the move)
 * @param ty - desired position, y (world units), finite
 */
export function moveAlongSurface(out: MoveResult, mesh: NavMesh, startPoly: number, sx: number, sy: number, tx: number, ty: number): MoveResult {
  const start = requirePolyIndex("moveAlongSurface", "startPoly", mesh, startPoly);
  if (!Number.isFinite(sx + sy + tx + ty)) throw navMeshError(NavMeshErrorCodes.BadInput, "moveAlongSurface", "coordinates must be finite.");
  moveAlongSurfaceIndex(out, mesh, start, sx, sy, tx, ty);
  out.poly = refOfPolyIndex(mesh, out.poly);
  const n = Math.min(out.visitedCount, out.visited.length);
  for (let i = 0; i < n; i++) out.visited[i] = refOfPolyIndex(mesh, out.visited[i]!);
  return out;
}

/** {@link moveAlongSurface} on flat indices (`poly` and `visited` hold indices; inputs checked). @internal */
export function moveAlongSurfaceIndex(out: MoveResult, mesh: NavMesh, startPoly: number, sx: number, sy: number, tx: number, ty: number): MoveResult {
  moveSegment[0] = sx;
  moveSegment[1] = sy;
  moveSegment[2] = tx;
  moveSegment[3] = ty;
  return moveAlongSurfaceAt(out, mesh, startPoly);
}

/**
 * The move of {@link moveAlongSurfaceAt}: `sx, sy, tx, ty`. Doubles go through this typed array
 * because passed as arguments to a call V8 does not inline they would be boxed (16 bytes each). @internal
 */
export const moveSegment = new Float64Array(4);

/**
 * {@link moveAlongSurfaceIndex} with the move in {@link moveSegment}: no double crosses a call in
 * here (no helper taking or returning a fractional number), so it allocates nothing whatever V8
 * inlines. @internal
 */
export function moveAlongSurfaceAt(out: MoveResult, mesh: NavMesh, startPoly: number): MoveResult {
  const sx = moveSegment[0]!,
    sy = moveSegment[1]!,
    tx = moveSegment[2]!,
    ty = moveSegment[3]!;
  let sc = scratches.get(mesh);
  if (!sc || sc.stamp.length < mesh.polyCount) {
    sc = { stamp: new Uint32Array(mesh.polyCount), queue: new Int32Array(mesh.polyCount), parent: new Int32Array(mesh.polyCount), epoch: 0 };
    scratches.set(mesh, sc);
  }
  sc.epoch = (sc.epoch + 1) >>> 0;
  if (sc.epoch === 0) {
    sc.stamp.fill(0);
    sc.epoch = 1;
  }
  const epoch = sc.epoch;
  const bb = mesh.bounds;
  const bw = bb[2]! - bb[0]!,
    bh = bb[3]! - bb[1]!;
  const eps = 1e-9 * (bw > bh ? (bw > 1 ? bw : 1) : bh > 1 ? bh : 1); // the mesh epsilon, written out
  const stride = mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  const cx = (sx + tx) / 2,
    cy = (sy + ty) / 2;
  const mx = tx - sx,
    my = ty - sy;
  const r = Math.sqrt(mx * mx + my * my) / 2 + eps;
  let head = 0,
    tail = 0;
  sc.queue[tail++] = startPoly;
  sc.stamp[startPoly] = epoch;
  sc.parent[startPoly] = -1;
  out.x = sx;
  out.y = sy;
  out.poly = startPoly;
  out.visitedCount = 0;
  let bestD = Infinity;
  while (head < tail) {
    const cur = sc.queue[head++]!;
    if (out.visitedCount < out.visited.length) out.visited[out.visitedCount] = cur;
    out.visitedCount++;
    if (pointInPolygonAt(mesh, cur, moveSegment, 2)) {
      out.x = tx;
      out.y = ty;
      out.poly = cur;
      return out;
    }
    const n = mesh.polyVertCount[cur]!;
    for (let i = 0; i < n; i++) {
      const a = mesh.polyVerts[cur * stride + i]!,
        b = mesh.polyVerts[cur * stride + (i + 1 === n ? 0 : i + 1)]!;
      const ax = v[2 * a]!,
        ay = v[2 * a + 1]!,
        dx = v[2 * b]! - ax,
        dy = v[2 * b + 1]! - ay;
      const len2 = dx * dx + dy * dy;
      const nb = mesh.neighbors[cur * stride + i]!;
      if (nb >= 0) {
        if (sc.stamp[nb] === epoch) continue;
        // Expand only through portals that touch the search circle.
        let t = len2 > 0 ? ((cx - ax) * dx + (cy - ay) * dy) / len2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = ax + t * dx - cx,
          ey = ay + t * dy - cy;
        if (Math.sqrt(ex * ex + ey * ey) > r) continue;
        sc.stamp[nb] = epoch;
        sc.parent[nb] = cur;
        sc.queue[tail++] = nb;
        continue;
      }
      // A wall: the point on it nearest to the target.
      let t = len2 > 0 ? ((tx - ax) * dx + (ty - ay) * dy) / len2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const px = ax + t * dx,
        py = ay + t * dy;
      const d = Math.sqrt((px - tx) * (px - tx) + (py - ty) * (py - ty));
      if (d < bestD) {
        bestD = d;
        out.x = px;
        out.y = py;
        out.poly = cur;
      }
    }
  }
  return out;
}

/**
 * The search tree of the last {@link moveAlongSurfaceIndex} on `mesh`: `parent[p]` is the polygon
 * (flat index) `p` was reached from (`-1` for the start). Valid until the next move on the mesh. @internal
 */
export function getMoveParents(mesh: NavMesh): Int32Array {
  return scratches.get(mesh)!.parent;
}
