import { meshEpsilon } from "../locate";
import { getFlatViewChangesSince } from "../tiles/flat-view";
import type { NavMesh } from "../types";

/**
 * What Polyanya precomputes per mesh (cached in a `WeakMap` keyed on the mesh): the fan of every
 * polygon corner, which fans are turning points, the edge slot back across every link, and the
 * per-search scratch sized to the mesh. After a tile change it is updated for the polygons the
 * change touched (and the fans through them) only, when the flat view was patched. @internal
 */
export interface PolyanyaMeshData {
  /** The mesh revision this data was built for. */
  revision: number;
  /** The mesh's stride (`maxVertsPerPoly`) this data was built for. */
  stride: number;
  /**
   * Fan id of each polygon corner (`poly * maxVertsPerPoly + slot`): the polygons around a vertex
   * joined by shared edges form one fan, named by its smallest corner index. A vertex where
   * separate fans touch (a pinch) has one fan per side, so no path slips from one to the other.
   */
  cornerFan: Int32Array;
  /** 1 when a fan is a turning point: it has a boundary edge and its polygons span more than π (by fan id). */
  fanTurning: Uint8Array;
  /** Size of the fan-id range (corner indices: `polyCount · maxVertsPerPoly`). */
  fanCount: number;
  /** Slot of the edge of the neighbor across `(poly, slot)` that leads back, or -1. */
  backSlot: Int8Array;
  /** Number of linked edges of each polygon (a polygon with one is a dead end). */
  neighborCount: Uint8Array;
  /** Distance tolerance (mesh units, scaled by the extent). */
  eps: number;
  /** Best g of each fan used as a root in the current search (root-level pruning). */
  rootG: Float64Array;
  /** Search stamp of `rootG`. */
  rootStamp: Uint32Array;
  /** Search stamp marking the polygons that contain the target. */
  goalStamp: Uint32Array;
  /** Search stamp marking the polygons that contain the start. */
  startStamp: Uint32Array;
  /** Current search stamp. */
  epoch: number;
}

const cache = new WeakMap<NavMesh, PolyanyaMeshData>();

/** The Polyanya data of `mesh`, built on first use and updated (or rebuilt) after tile changes. @internal */
export function getPolyanyaMeshData(mesh: NavMesh): PolyanyaMeshData {
  const cached = cache.get(mesh);
  if (cached && cached.revision === mesh.revision) return cached;
  if (cached && cached.stride === mesh.maxVertsPerPoly) {
    const changes = getFlatViewChangesSince(mesh, cached.revision);
    if (changes) {
      updateMeshData(cached, mesh, changes);
      return cached;
    }
  }
  const md = buildMeshData(mesh);
  cache.set(mesh, md);
  return md;
}

function grow<T extends Int32Array | Int8Array | Uint8Array | Uint32Array | Float64Array>(a: T, n: number, make: (n: number) => T, fill: number): T {
  if (a.length >= n) return a;
  const b = make(Math.max(n, 2 * a.length));
  if (fill !== 0) b.fill(fill);
  b.set(a);
  return b;
}

/** Updates `md` for the polygons in `changes` (and every fan through them). */
function updateMeshData(md: PolyanyaMeshData, mesh: NavMesh, changes: readonly Int32Array[]): void {
  const stride = mesh.maxVertsPerPoly;
  const np = mesh.polyCount,
    size = np * stride;
  md.cornerFan = grow(md.cornerFan, size, (n) => new Int32Array(n), -1);
  md.backSlot = grow(md.backSlot, size, (n) => new Int8Array(n), -1);
  md.fanTurning = grow(md.fanTurning, size, (n) => new Uint8Array(n), 0);
  md.rootG = grow(md.rootG, size, (n) => new Float64Array(n), 0);
  md.rootStamp = grow(md.rootStamp, size, (n) => new Uint32Array(n), 0);
  md.neighborCount = grow(md.neighborCount, np, (n) => new Uint8Array(n), 0);
  md.goalStamp = grow(md.goalStamp, np, (n) => new Uint32Array(n), 0);
  md.startStamp = grow(md.startStamp, np, (n) => new Uint32Array(n), 0);
  md.fanCount = Math.max(md.fanCount, size);
  const polys: number[] = [];
  for (const list of changes) for (const p of list) if (p < np) polys.push(p);
  for (const p of polys) {
    md.cornerFan.fill(-1, p * stride, p * stride + stride);
    md.backSlot.fill(-1, p * stride, p * stride + stride);
    md.neighborCount[p] = 0;
  }
  for (const p of polys) linkData(mesh, md, p);
  // A touched polygon's edge slots may have moved (cut points): its neighbours' slots back change too.
  for (const p of polys)
    for (let i = 0; i < mesh.polyVertCount[p]!; i++) {
      const q = mesh.neighbors[p * stride + i]!;
      if (q >= 0) linkData(mesh, md, q);
    }
  const queue: number[] = [];
  for (const p of polys) for (let i = 0; i < mesh.polyVertCount[p]!; i++) if (md.cornerFan[p * stride + i] === -1) walkFan(mesh, md, p * stride + i, queue);
  md.eps = meshEpsilon(mesh);
  md.revision = mesh.revision;
  md.stride = stride;
}

/** `backSlot` and `neighborCount` of polygon `p`. */
function linkData(mesh: NavMesh, md: PolyanyaMeshData, p: number): void {
  const stride = mesh.maxVertsPerPoly,
    pv = mesh.polyVerts,
    nb = mesh.neighbors;
  const n = mesh.polyVertCount[p]!;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const q = nb[p * stride + i]!;
    if (q < 0) continue;
    count++;
    const a = pv[p * stride + i]!,
      b = pv[p * stride + (i + 1 === n ? 0 : i + 1)]!;
    const m = mesh.polyVertCount[q]!;
    // The edge back: from b to a in q (the usual case), else any edge of q linking to p.
    let back = -1;
    for (let k = 0; k < m; k++) {
      if (nb[q * stride + k] !== p) continue;
      if (back < 0) back = k;
      if (pv[q * stride + k] === b && pv[q * stride + (k + 1 === m ? 0 : k + 1)] === a) {
        back = k;
        break;
      }
    }
    md.backSlot[p * stride + i] = back;
  }
  md.neighborCount[p] = count;
}

/** Slot of vertex `u` in polygon `q`, or -1. */
function slotOf(mesh: NavMesh, q: number, u: number): number {
  const stride = mesh.maxVertsPerPoly,
    n = mesh.polyVertCount[q]!;
  for (let k = 0; k < n; k++) if (mesh.polyVerts[q * stride + k] === u) return k;
  return -1;
}

/**
 * Collects the fan of `corner` (corners at its vertex joined across linked edges), names it by its
 * smallest corner and sets `cornerFan` and `fanTurning`.
 */
function walkFan(mesh: NavMesh, md: PolyanyaMeshData, corner: number, queue: number[]): void {
  const stride = mesh.maxVertsPerPoly,
    pv = mesh.polyVerts,
    nb = mesh.neighbors,
    v = mesh.vertices;
  queue.length = 0;
  queue.push(corner);
  md.cornerFan[corner] = -2; // in this walk
  let id = corner,
    open = false,
    angle = 0;
  for (let h = 0; h < queue.length; h++) {
    const c = queue[h]!;
    if (c < id) id = c;
    const q = Math.floor(c / stride),
      k = c - q * stride,
      n = mesh.polyVertCount[q]!;
    const kp = k === 0 ? n - 1 : k - 1,
      kn = k + 1 === n ? 0 : k + 1;
    const u = pv[c]!;
    const e1 = nb[q * stride + k]!,
      e0 = nb[q * stride + kp]!;
    if (e1 < 0 || e0 < 0) open = true;
    const a = pv[q * stride + kp]!,
      b = pv[q * stride + kn]!;
    const ax = v[2 * a]! - v[2 * u]!,
      ay = v[2 * a + 1]! - v[2 * u + 1]!,
      bx = v[2 * b]! - v[2 * u]!,
      by = v[2 * b + 1]! - v[2 * u + 1]!;
    angle += Math.atan2(bx * ay - by * ax, bx * ax + by * ay);
    for (const r of [e1, e0]) {
      if (r < 0) continue;
      const j = slotOf(mesh, r, u);
      if (j < 0 || md.cornerFan[r * stride + j] === -2) continue;
      md.cornerFan[r * stride + j] = -2;
      queue.push(r * stride + j);
    }
  }
  for (const c of queue) md.cornerFan[c] = id;
  md.fanTurning[id] = open && angle > Math.PI + 1e-9 ? 1 : 0;
}

/** Polyanya's data of `mesh` built from scratch (tests compare the updated data with it). @internal */
export function buildMeshData(mesh: NavMesh): PolyanyaMeshData {
  const stride = mesh.maxVertsPerPoly;
  const np = mesh.polyCount;
  const size = np * stride;
  const md: PolyanyaMeshData = {
    revision: mesh.revision,
    stride,
    cornerFan: new Int32Array(size).fill(-1),
    fanTurning: new Uint8Array(size),
    fanCount: size,
    backSlot: new Int8Array(size).fill(-1),
    neighborCount: new Uint8Array(np),
    eps: meshEpsilon(mesh),
    rootG: new Float64Array(size),
    rootStamp: new Uint32Array(size),
    goalStamp: new Uint32Array(np),
    startStamp: new Uint32Array(np),
    epoch: 0,
  };
  for (let p = 0; p < np; p++) linkData(mesh, md, p);
  const queue: number[] = [];
  for (let p = 0; p < np; p++)
    for (let i = 0; i < mesh.polyVertCount[p]!; i++) if (md.cornerFan[p * stride + i] === -1) walkFan(mesh, md, p * stride + i, queue);
  return md;
}
