import { PathFlags } from "@tactica/search";
import { navMeshError, NavMeshErrorCodes } from "./errors";
import type { OffMeshLinks } from "./links";
import { closestPointOnPolygonAt, pointInPolygonAt } from "./locate";
import type { NavMesh } from "./types";

/** Flags of each corner of a {@link StraightPath}. */
export const StraightPathFlags = {
  /** The start point. */
  Start: 1,
  /** The end point. */
  End: 2,
  /** The corner is the start of an off-mesh link (the next corner is its end). */
  OffMeshLink: 4,
} as const;

/** Caller-owned result of {@link findStraightPath}: the corners of the string-pulled path. */
export interface StraightPath {
  /** `PathFlags.Found`, or `PathFlags.PathTruncated` when the corners did not fit. */
  flags: number;
  /** Number of corners of the full path (may exceed the buffer when truncated). */
  count: number;
  /** Euclidean length of the full path in world units (link hops count their straight length); `count` is the number of corners. */
  distance: number;
  /** Corners as `x, y` pairs. */
  readonly points: Float64Array;
  /** {@link StraightPathFlags} of each corner. */
  readonly pointFlags: Uint8Array;
  /** Nodes expanded by the search that produced the path (0 for plain string pulling). */
  expanded: number;
}

/** Options of {@link createStraightPath}. */
export interface StraightPathOptions {
  /** Most corners kept (integer ≥ 2, default 256); a longer path is truncated (`PathFlags.PathTruncated`). */
  readonly maxPoints?: number;
}

/**
 * Creates a {@link StraightPath} holding up to `maxPoints` corners (default 256).
 * @param options - `maxPoints`: most corners kept (integer ≥ 2, default 256); a longer path is truncated (`PathFlags.PathTruncated`)
 */
export function createStraightPath(options: StraightPathOptions = {}): StraightPath {
  const maxPoints = options.maxPoints ?? 256;
  if (!Number.isInteger(maxPoints) || maxPoints < 2)
    throw navMeshError(NavMeshErrorCodes.BadInput, "createStraightPath", `"options.maxPoints" must be an integer ≥ 2.`, { path: "options.maxPoints" });
  return { flags: 0, count: 0, distance: 0, points: new Float64Array(2 * maxPoints), pointFlags: new Uint8Array(maxPoints), expanded: 0 };
}

/** Options of {@link findStraightPath}. */
export interface FindStraightPathOptions {
  /** The links the corridor may use between consecutive polygons that share no edge. */
  readonly links?: OffMeshLinks;
}

/**
 * String pulling (the simple stupid funnel algorithm): the shortest path from `(sx, sy)` to
 * `(gx, gy)` inside the polygon corridor `corridor[0 .. corridorLength)` (polygon refs, from
 * `findPolygonPath`).
 * When the goal is not in the last polygon (a partial corridor) the path ends at the nearest point
 * of that polygon. Consecutive polygons that share no edge must be joined by one of
 * `options.links`; the path goes straight to the link, hops, and continues. Returns `out`.
 * @param out - corners written in place and returned (`points` as x, y pairs in world units, `pointFlags`, `count`, `flags`): corner 0 is the start, the last the goal
 * @param mesh - the navmesh the polygon refs belong to
 * @param corridor - polygon refs from the start polygon to the goal polygon (`NavPath.path` from `findPolygonPath`)
 * @param corridorLength - number of refs of `corridor` to use (`NavPath.length`)
 * @param sx - start point, x (world units), inside the corridor's first polygon
 * @param sy - start point, y (world units)
 * @param gx - goal point, x (world units), inside the corridor's last polygon
 * @param gy - goal point, y (world units)
 * @param options - `links`: the off-mesh links the corridor may cross (as passed to the search)
 */
export function findStraightPath(
  out: StraightPath,
  mesh: NavMesh,
  corridor: ArrayLike<number>,
  corridorLength: number,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  options?: FindStraightPathOptions,
): StraightPath {
  // Doubles go through a typed array: this wrapper is inlined, the body is not (boxed arguments).
  pt[8] = sx;
  pt[9] = sy;
  pt[10] = gx;
  pt[11] = gy;
  return straightPath(out, mesh, corridor, corridorLength, options);
}

/**
 * {@link findStraightPath} with the start and goal read from `points[0..4)` (`sx, sy, gx, gy`): no
 * double crosses the call. @internal
 */
export function findStraightPathFromPoints(
  out: StraightPath,
  mesh: NavMesh,
  corridor: ArrayLike<number>,
  corridorLength: number,
  points: Float64Array,
  options?: FindStraightPathOptions,
): StraightPath {
  pt[8] = points[0]!;
  pt[9] = points[1]!;
  pt[10] = points[2]!;
  pt[11] = points[3]!;
  return straightPath(out, mesh, corridor, corridorLength, options);
}

/**
 * {@link findStraightPath} from `(ends.x, ends.y)` to `(ends.targetX, ends.targetY)` (a path
 * corridor's agent and target): no double crosses the call. @internal
 */
export function findStraightPathBetween(
  out: StraightPath,
  mesh: NavMesh,
  corridor: ArrayLike<number>,
  corridorLength: number,
  ends: { readonly x: number; readonly y: number; readonly targetX: number; readonly targetY: number },
  options?: FindStraightPathOptions,
): StraightPath {
  pt[8] = ends.x;
  pt[9] = ends.y;
  pt[10] = ends.targetX;
  pt[11] = ends.targetY;
  return straightPath(out, mesh, corridor, corridorLength, options);
}

function straightPath(out: StraightPath, mesh: NavMesh, corridor: ArrayLike<number>, corridorLength: number, options?: FindStraightPathOptions): StraightPath {
  const fn = "findStraightPath";
  const sx = pt[8]!,
    sy = pt[9]!;
  let gx = pt[10]!,
    gy = pt[11]!;
  if (!Number.isInteger(corridorLength) || corridorLength < 1 || corridorLength > corridor.length) {
    throw navMeshError(
      NavMeshErrorCodes.BadInput,
      fn,
      `"corridorLength" ${corridorLength} must be in 1..${corridor.length} (a truncated corridor cannot be string-pulled; use a larger NavPath).`,
      { path: "corridorLength" },
    );
  }
  if (!Number.isFinite(sx + sy + gx + gy)) throw navMeshError(NavMeshErrorCodes.BadInput, fn, "start and goal coordinates must be finite.");
  if (idx.length < corridorLength) idx = new Int32Array(Math.max(corridorLength, 2 * idx.length));
  const tileBase = mesh.tilePolyBase,
    tileCount = mesh.tilePolyCount,
    refBase = mesh.tileRefBase;
  for (let i = 0; i < corridorLength; i++) {
    // polyIndexOfRef, inlined (a double passed to a call is boxed).
    const r = corridor[i]!;
    let p = -1;
    if (r >= 0 && r < 4503599627370496 && r === Math.floor(r)) {
      const poly = r % 1048576;
      const slot = ((r - poly) / 1048576) % 65536;
      if (slot < tileBase.length && refBase[slot] === r - poly && poly < tileCount[slot]!) p = tileBase[slot]! + poly;
    }
    if (p < 0)
      throw navMeshError(
        NavMeshErrorCodes.BadInput,
        fn,
        `corridor[${i}] is ${corridor[i]}, not a valid polygon ref of this mesh (stale after a tile change?).`,
        {
          path: `corridor[${i}]`,
        },
      );
    idx[i] = p;
  }
  out.count = 0;
  out.distance = 0;
  out.expanded = 0;
  out.flags = PathFlags.Found;
  const last = idx[corridorLength - 1]!;
  pt[6] = gx;
  pt[7] = gy;
  if (!pointInPolygonAt(mesh, last, pt, 6)) {
    closestPointOnPolygonAt(goalScratch, mesh, last, pt, 6);
    gx = goalScratch.x;
    gy = goalScratch.y;
  }
  pt[2] = sx;
  pt[3] = sy;
  pushPoint(out, StraightPathFlags.Start);
  let i0 = 0;
  // A start on a portal (an edge shared with the next polygon) makes a zero-width first portal that
  // the funnel turns on; start from the last corridor polygon that still holds the start point.
  while (i0 + 1 < corridorLength && portalEdge(mesh, idx[i0]!, idx[i0 + 1]!) >= 0 && pointInPolygonAt(mesh, idx[i0 + 1]!, pt, 2)) i0++;
  let cx = sx,
    cy = sy;
  while (i0 < corridorLength) {
    let i1 = i0;
    while (i1 + 1 < corridorLength && portalEdge(mesh, idx[i1]!, idx[i1 + 1]!) >= 0) i1++;
    if (i1 === corridorLength - 1) {
      pt[4] = cx;
      pt[5] = cy;
      pt[6] = gx;
      pt[7] = gy;
      pull(out, mesh, idx, i0, i1);
      break;
    }
    const link = findLink(options?.links, corridor[i1]!, corridor[i1 + 1]!);
    if (link < 0)
      throw navMeshError(
        NavMeshErrorCodes.BadInput,
        fn,
        `corridor polygons ${corridor[i1]} and ${corridor[i1 + 1]} (positions ${i1}, ${i1 + 1}) share no edge and no off-mesh link joins them.`,
        { path: `corridor[${i1 + 1}]` },
      );
    const links = options!.links!;
    const forward = links.startPoly[link] === corridor[i1];
    const lx0 = forward ? links.startX[link]! : links.endX[link]!,
      ly0 = forward ? links.startY[link]! : links.endY[link]!;
    const lx1 = forward ? links.endX[link]! : links.startX[link]!,
      ly1 = forward ? links.endY[link]! : links.startY[link]!;
    pt[4] = cx;
    pt[5] = cy;
    pt[6] = lx0;
    pt[7] = ly0;
    pull(out, mesh, idx, i0, i1);
    if (out.count <= out.pointFlags.length) out.pointFlags[out.count - 1] = out.pointFlags[out.count - 1]! | StraightPathFlags.OffMeshLink;
    pt[2] = lx1;
    pt[3] = ly1;
    pushPoint(out, 0);
    cx = lx1;
    cy = ly1;
    i0 = i1 + 1;
  }
  if (out.count <= out.pointFlags.length) out.pointFlags[out.count - 1] = out.pointFlags[out.count - 1]! | StraightPathFlags.End;
  else out.flags |= PathFlags.PathTruncated;
  return out;
}

/** Index of the edge of `a` that borders `b`, or -1. @internal */
export function portalEdge(mesh: NavMesh, a: number, b: number): number {
  const n = mesh.polyVertCount[a]!;
  for (let i = 0; i < n; i++) if (mesh.neighbors[a * mesh.maxVertsPerPoly + i] === b) return i;
  return -1;
}

function findLink(links: OffMeshLinks | undefined, a: number, b: number): number {
  if (!links) return -1;
  let best = -1;
  for (let k = 0; k < links.count; k++) {
    if (!links.alive[k]) continue;
    const ok = (links.startPoly[k] === a && links.endPoly[k] === b) || (links.bidirectional[k] === 1 && links.endPoly[k] === a && links.startPoly[k] === b);
    if (ok && (best < 0 || links.cost[k]! < links.cost[best]!)) best = k;
  }
  return best;
}

function pushPoint(out: StraightPath, flags: number): void {
  const x = pt[2]!,
    y = pt[3]!;
  const n = out.count;
  if (n > 0 && pt[0] === x && pt[1] === y) return;
  // The previous point may be past the buffer; the length still needs it, so keep a running last point.
  if (n > 0) {
    const dx = x - pt[0]!,
      dy = y - pt[1]!;
    out.distance += Math.sqrt(dx * dx + dy * dy); // not hypot2: a returned double is boxed when not inlined
  }
  if (n < out.pointFlags.length) {
    out.points[2 * n] = x;
    out.points[2 * n + 1] = y;
    out.pointFlags[n] = flags;
  }
  pt[0] = x;
  pt[1] = y;
  out.count = n + 1;
}

// The last point pushed (x, y), kept in a typed array: module-level number variables would box every write.
const pt = new Float64Array(12); // [4..7]: pull's start and end // [2], [3]: the point being pushed (doubles passed to a non-inlined call are boxed)
const goalScratch = { x: 0, y: 0 };
// The corridor as flat polygon indices (grown on demand, reused).
let idx = new Int32Array(256);

/** Funnel over corridor[i0..i1] from (sx,sy) to (ex,ey); appends corners after the start, the end included. */
function pull(out: StraightPath, mesh: NavMesh, corridor: Int32Array, i0: number, i1: number): void {
  const sx = pt[4]!,
    sy = pt[5]!,
    ex = pt[6]!,
    ey = pt[7]!;
  const nPortals = i1 - i0 + 2; // start, the shared edges, end
  let apexX = sx,
    apexY = sy,
    leftX = sx,
    leftY = sy,
    rightX = sx,
    rightY = sy;
  let leftIndex = 0,
    rightIndex = 0;
  for (let i = 1; i < nPortals; i++) {
    let lx: number, ly: number, rx: number, ry: number;
    if (i === nPortals - 1) {
      lx = rx = ex;
      ly = ry = ey;
    } else {
      const a = corridor[i0 + i - 1]!,
        b = corridor[i0 + i]!;
      const e = portalEdge(mesh, a, b);
      const n = mesh.polyVertCount[a]!;
      const va = mesh.polyVerts[a * mesh.maxVertsPerPoly + e]!,
        vb = mesh.polyVerts[a * mesh.maxVertsPerPoly + (e + 1 === n ? 0 : e + 1)]!;
      rx = mesh.vertices[2 * va]!;
      ry = mesh.vertices[2 * va + 1]!;
      lx = mesh.vertices[2 * vb]!;
      ly = mesh.vertices[2 * vb + 1]!;
    }
    // Update right.
    if ((rx - apexX) * (rightY - apexY) - (rightX - apexX) * (ry - apexY) <= 0) {
      if ((apexX === rightX && apexY === rightY) || (rx - apexX) * (leftY - apexY) - (leftX - apexX) * (ry - apexY) > 0) {
        rightX = rx;
        rightY = ry;
        rightIndex = i;
      } else {
        pt[2] = leftX;
        pt[3] = leftY;
        pushPoint(out, 0);
        apexX = rightX = leftX;
        apexY = rightY = leftY;
        rightIndex = leftIndex;
        i = leftIndex; // restart the scan after the new apex
        continue;
      }
    }
    // Update left.
    if ((lx - apexX) * (leftY - apexY) - (leftX - apexX) * (ly - apexY) >= 0) {
      if ((apexX === leftX && apexY === leftY) || (lx - apexX) * (rightY - apexY) - (rightX - apexX) * (ly - apexY) < 0) {
        leftX = lx;
        leftY = ly;
        leftIndex = i;
      } else {
        pt[2] = rightX;
        pt[3] = rightY;
        pushPoint(out, 0);
        apexX = leftX = rightX;
        apexY = leftY = rightY;
        leftIndex = rightIndex;
        i = rightIndex; // restart the scan after the new apex
        continue;
      }
    }
  }
  pt[2] = ex;
  pt[3] = ey;
  pushPoint(out, 0);
}
