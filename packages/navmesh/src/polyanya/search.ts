import { corruptState } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { assertFiniteNumber, navMeshError, NavMeshErrorCodes } from "../errors";
import type { StraightPath } from "../funnel";
import { findPolygonIndex, requirePolyIndex } from "../locate";
import type { NavMesh } from "../types";
import { getPolyanyaMeshData, type PolyanyaMeshData } from "./mesh-data";
import { clearPolyanyaNodes, createPolyanyaNodes, NodeFlags, popOpen, allocPolyanyaNode, ROOT_START, type PolyanyaNodes } from "./nodes";
import { expandPolyanyaNode, polyanyaScratch, pushEdge } from "./successors";

/** Options of {@link findPathAnyAngle}. */
export interface FindPathAnyAngleOptions {
  /** Ref of the polygon holding the start (default: located with `findPolygon`; pass it on multi-level meshes). */
  readonly startPoly?: number;
  /** Ref of the polygon holding the goal (default: located with `findPolygon`; pass it on multi-level meshes). */
  readonly goalPoly?: number;
  /** Stop after this many node expansions (`BudgetExhausted`, no path). Default: unlimited. */
  readonly maxExpansions?: number;
}

const nodes: PolyanyaNodes = createPolyanyaNodes();
/** Polygons holding the start (the start polygon and those sharing the edge or vertex it lies on). */
const startPolys = new Int32Array(256);
const stack = new Int32Array(256);

/**
 * Polyanya (Cui, Harabor, Grastien 2017) for `findPathAnyAngle`: the Euclidean shortest path for a
 * point agent from the start `(T[9], T[10])` to the target `(T[0], T[1])` (scratch
 * {@link polyanyaScratch}), written into `out` as corners. Validates the inputs, locates the end
 * points (or takes `options.startPoly` / `goalPoly`), and returns `out` with `Found` (and
 * `PathTruncated` when the corners do not fit), `NoPath`, or `BudgetExhausted` after
 * `options.maxExpansions` node expansions. No allocation once the node pool has grown to the
 * largest search. @internal
 */
export function searchPolyanya(out: StraightPath, mesh: NavMesh, options: FindPathAnyAngleOptions | undefined): StraightPath {
  const fn = "findPathAnyAngle";
  {
    const T = polyanyaScratch;
    const sx = T[9]!,
      sy = T[10]!,
      gx = T[0]!,
      gy = T[1]!;
    if (!Number.isFinite(sx + sy + gx + gy)) checkCoordinates(sx, sy, gx, gy); // throws for a non-finite one (a finite sum may overflow)
  }
  const maxExpansions = options?.maxExpansions ?? Infinity;
  if (!(maxExpansions >= 0))
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"maxExpansions" must be a number ≥ 0, got ${String(maxExpansions)}.`, { path: "maxExpansions" });
  out.count = 0;
  out.distance = 0;
  out.expanded = 0;
  const sp = options?.startPoly,
    gp = options?.goalPoly;
  const ps = sp !== undefined && sp !== -1 ? requirePolyIndex(fn, "startPoly", mesh, sp) : sp === -1 ? -1 : locate(mesh, 9);
  const pg = gp !== undefined && gp !== -1 ? requirePolyIndex(fn, "goalPoly", mesh, gp) : gp === -1 ? -1 : locate(mesh, 0);
  if (ps < 0 || pg < 0) {
    out.flags = PathFlags.NoPath;
    out.distance = Infinity;
    return out;
  }
  const T = polyanyaScratch;
  const md = getPolyanyaMeshData(mesh);
  md.epoch = (md.epoch + 1) >>> 0;
  if (md.epoch === 0) {
    md.rootStamp.fill(0);
    md.goalStamp.fill(0);
    md.startStamp.fill(0);
    md.epoch = 1;
  }
  const epoch = md.epoch;
  markContaining(mesh, md, md.goalStamp, pg, 0, -1);
  const nStart = markContaining(mesh, md, md.startStamp, ps, 9, 0);
  const s = nodes;
  clearPolyanyaNodes(s);
  out.expanded = 0;
  const sx = T[9]!,
    sy = T[10]!;
  const stride = mesh.maxVertsPerPoly;
  const V = mesh.vertices;
  let direct = false;
  for (let i = 0; i < nStart; i++) if (md.goalStamp[startPolys[i]!] === epoch) direct = true;
  if (direct) {
    const id = allocPolyanyaNode(s);
    s.rootX[id] = sx;
    s.rootY[id] = sy;
    s.rootKey[id] = ROOT_START;
    s.poly[id] = -1;
    s.parent[id] = -1;
    s.g[id] = 0;
    writePath(out, s, id);
    return out;
  }
  for (let i = 0; i < nStart; i++) {
    const p = startPolys[i]!;
    const n = mesh.polyVertCount[p]!;
    for (let k = 0; k < n; k++) {
      const va = mesh.polyVerts[p * stride + k]!,
        vb = mesh.polyVerts[p * stride + (k + 1 === n ? 0 : k + 1)]!;
      T[2] = sx;
      T[3] = sy;
      T[4] = 0;
      T[5] = V[2 * va]!;
      T[6] = V[2 * va + 1]!;
      T[7] = V[2 * vb]!;
      T[8] = V[2 * vb + 1]!;
      pushEdge(s, md, mesh, -1, p, k, ROOT_START, NodeFlags.RightIsVertex | NodeFlags.LeftIsVertex);
    }
  }
  let expanded = 0;
  for (;;) {
    const id = popOpen(s);
    if (id < 0) {
      out.expanded = expanded;
      out.flags = PathFlags.NoPath;
      out.count = 0;
      out.distance = Infinity;
      return out;
    }
    if (s.poly[id] === -1) {
      out.expanded = expanded;
      writePath(out, s, id);
      return out;
    }
    const key = s.rootKey[id]!;
    if (key >= 0 && s.g[id]! > md.rootG[key]! + md.eps) continue; // a cheaper way to this root was found since
    if (expanded >= maxExpansions) {
      out.expanded = expanded;
      out.flags = PathFlags.BudgetExhausted;
      out.count = 0;
      out.distance = Infinity;
      return out;
    }
    expanded++;
    expandPolyanyaNode(s, md, mesh, id);
  }
}

/** The polygon holding the point `polyanyaScratch[at], [at + 1]`, or -1. */
function locate(mesh: NavMesh, at: number): number {
  return findPolygonIndex(mesh, polyanyaScratch[at]!, polyanyaScratch[at + 1]!);
}

function checkCoordinates(sx: number, sy: number, gx: number, gy: number): void {
  assertFiniteNumber("findPathAnyAngle", "sx", sx);
  assertFiniteNumber("findPathAnyAngle", "sy", sy);
  assertFiniteNumber("findPathAnyAngle", "gx", gx);
  assertFiniteNumber("findPathAnyAngle", "gy", gy);
}

/**
 * Marks with the current epoch, in `stamp`, polygon `p` and every polygon joined to it by a shared
 * edge that holds the point `polyanyaScratch[at], [at + 1]` (a point on an edge or at a vertex
 * belongs to all of them); when
 * `list` is 0 also records them in `startPolys`. Returns how many were marked.
 */
function markContaining(mesh: NavMesh, md: PolyanyaMeshData, stamp: Uint32Array, p: number, at: number, list: number): number {
  const x = polyanyaScratch[at]!,
    y = polyanyaScratch[at + 1]!;
  const epoch = md.epoch;
  const stride = mesh.maxVertsPerPoly;
  const V = mesh.vertices;
  const eps = md.eps;
  let count = 0,
    top = 0;
  stamp[p] = epoch;
  stack[top++] = p;
  while (top > 0) {
    const cur = stack[--top]!;
    if (list === 0 && count < startPolys.length) startPolys[count] = cur;
    count++;
    const n = mesh.polyVertCount[cur]!;
    for (let k = 0; k < n; k++) {
      const q = mesh.neighbors[cur * stride + k]!;
      if (q < 0 || stamp[q] === epoch) continue;
      const va = mesh.polyVerts[cur * stride + k]!,
        vb = mesh.polyVerts[cur * stride + (k + 1 === n ? 0 : k + 1)]!;
      const ax = V[2 * va]!,
        ay = V[2 * va + 1]!;
      const ex = V[2 * vb]! - ax,
        ey = V[2 * vb + 1]! - ay;
      const l2 = ex * ex + ey * ey;
      let u = ((x - ax) * ex + (y - ay) * ey) / l2;
      u = u < 0 ? 0 : u > 1 ? 1 : u;
      const dx = ax + u * ex - x,
        dy = ay + u * ey - y;
      if (dx * dx + dy * dy > eps * eps) continue;
      if (top === stack.length) continue;
      stamp[q] = epoch;
      stack[top++] = q;
    }
  }
  return count < startPolys.length ? count : startPolys.length;
}

/** Writes the corners of the path ending with final node `id` (start, turns, target) into `out`. */
function writePath(out: StraightPath, s: PolyanyaNodes, id: number): void {
  const T = polyanyaScratch;
  const tx = T[0]!,
    ty = T[1]!,
    sx = T[9]!,
    sy = T[10]!;
  // Count the turning points: distinct roots other than the start.
  let count = 2;
  let px = tx,
    py = ty;
  let steps = 0;
  for (let x = id; x >= 0 && s.rootKey[x] !== ROOT_START; x = s.parent[x]!) {
    if (++steps > s.parent.length) corruptState("@tactica/navmesh: findPathPolyanya", "the search node parent chain loops");
    const rx = s.rootX[x]!,
      ry = s.rootY[x]!;
    if (rx === px && ry === py) continue;
    count++;
    px = rx;
    py = ry;
  }
  out.flags = PathFlags.Found;
  out.count = count;
  const cap = out.pointFlags.length;
  if (count > cap) out.flags |= PathFlags.PathTruncated;
  const P = out.points;
  if (count - 1 < cap) {
    P[2 * (count - 1)] = tx;
    P[2 * (count - 1) + 1] = ty;
    out.pointFlags[count - 1] = 2;
  }
  P[0] = sx;
  P[1] = sy;
  out.pointFlags[0] = 1;
  let length = 0;
  let i = count - 2;
  px = tx;
  py = ty;
  for (let x = id; x >= 0 && s.rootKey[x] !== ROOT_START; x = s.parent[x]!) {
    const rx = s.rootX[x]!,
      ry = s.rootY[x]!;
    if (rx === px && ry === py) continue;
    if (i < cap) {
      P[2 * i] = rx;
      P[2 * i + 1] = ry;
      out.pointFlags[i] = 0;
    }
    length += Math.sqrt((px - rx) * (px - rx) + (py - ry) * (py - ry));
    px = rx;
    py = ry;
    i--;
  }
  out.distance = length + Math.sqrt((px - sx) * (px - sx) + (py - sy) * (py - sy));
}
