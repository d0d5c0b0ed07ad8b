import { meshEpsilon } from "../locate";
import type { NavMesh } from "../types";

/**
 * What Polyanya precomputes once per mesh revision (cached in a `WeakMap` keyed on the mesh):
 * the fan of every polygon corner, which fans are turning points, the edge slot back across every
 * link, and the per-search scratch sized to the mesh. @internal
 */
export interface PolyanyaMeshData {
  /** The mesh revision this data was built for. */
  readonly revision: number;
  /**
   * Fan id of each polygon corner (`poly * maxVertsPerPoly + slot`): the polygons around a vertex
   * joined by shared edges form one fan. A vertex where separate fans touch (a pinch) has one fan
   * per side, so no path slips from one to the other.
   */
  readonly cornerFan: Int32Array;
  /** 1 when a fan is a turning point: it has a boundary edge and its polygons span more than π. */
  readonly fanTurning: Uint8Array;
  /** Number of fans. */
  readonly fanCount: number;
  /** Slot of the edge of the neighbor across `(poly, slot)` that leads back, or -1. */
  readonly backSlot: Int8Array;
  /** Number of linked edges of each polygon (a polygon with one is a dead end). */
  readonly neighborCount: Uint8Array;
  /** Distance tolerance (mesh units, scaled by the extent). */
  readonly eps: number;
  /** Best g of each fan used as a root in the current search (root-level pruning). */
  readonly rootG: Float64Array;
  /** Search stamp of `rootG`. */
  readonly rootStamp: Uint32Array;
  /** Search stamp marking the polygons that contain the target. */
  readonly goalStamp: Uint32Array;
  /** Search stamp marking the polygons that contain the start. */
  readonly startStamp: Uint32Array;
  /** Current search stamp. */
  epoch: number;
}

const cache = new WeakMap<NavMesh, PolyanyaMeshData>();

/** The Polyanya data of `mesh`, built on first use and after every tile change. @internal */
export function getPolyanyaMeshData(mesh: NavMesh): PolyanyaMeshData {
  const cached = cache.get(mesh);
  if (cached && cached.revision === mesh.revision) return cached;
  const md = buildMeshData(mesh);
  cache.set(mesh, md);
  return md;
}

function buildMeshData(mesh: NavMesh): PolyanyaMeshData {
  const stride = mesh.maxVertsPerPoly;
  const np = mesh.polyCount;
  const pv = mesh.polyVerts;
  const nb = mesh.neighbors;
  const size = np * stride;
  const parent = new Int32Array(size);
  for (let i = 0; i < size; i++) parent[i] = i;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a),
      rb = find(b);
    if (ra !== rb) parent[ra] = rb;
  };
  const slotOf = (q: number, u: number): number => {
    const n = mesh.polyVertCount[q]!;
    for (let k = 0; k < n; k++) if (pv[q * stride + k] === u) return k;
    return -1;
  };
  const backSlot = new Int8Array(size).fill(-1);
  const neighborCount = new Uint8Array(np);
  for (let p = 0; p < np; p++) {
    const n = mesh.polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const q = nb[p * stride + i]!;
      if (q < 0) continue;
      neighborCount[p]!++;
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
      backSlot[p * stride + i] = back;
      const ka = slotOf(q, a),
        kb = slotOf(q, b);
      if (ka >= 0) union(p * stride + i, q * stride + ka);
      if (kb >= 0) union(p * stride + (i + 1 === n ? 0 : i + 1), q * stride + kb);
    }
  }
  const cornerFan = new Int32Array(size).fill(-1);
  const rootId = new Int32Array(size).fill(-1);
  let fanCount = 0;
  for (let p = 0; p < np; p++) {
    const n = mesh.polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const r = find(p * stride + i);
      if (rootId[r]! < 0) rootId[r] = fanCount++;
      cornerFan[p * stride + i] = rootId[r]!;
    }
  }
  const angle = new Float64Array(fanCount);
  const open = new Uint8Array(fanCount);
  const v = mesh.vertices;
  for (let p = 0; p < np; p++) {
    const n = mesh.polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const f = cornerFan[p * stride + i]!;
      const ip = i === 0 ? n - 1 : i - 1,
        inx = i + 1 === n ? 0 : i + 1;
      if (nb[p * stride + i]! < 0 || nb[p * stride + ip]! < 0) open[f] = 1;
      const u = pv[p * stride + i]!,
        a = pv[p * stride + ip]!,
        b = pv[p * stride + inx]!;
      const ax = v[2 * a]! - v[2 * u]!,
        ay = v[2 * a + 1]! - v[2 * u + 1]!,
        bx = v[2 * b]! - v[2 * u]!,
        by = v[2 * b + 1]! - v[2 * u + 1]!;
      angle[f]! += Math.atan2(bx * ay - by * ax, bx * ax + by * ay);
    }
  }
  const fanTurning = new Uint8Array(fanCount);
  for (let f = 0; f < fanCount; f++) fanTurning[f] = open[f] === 1 && angle[f]! > Math.PI + 1e-9 ? 1 : 0;
  return {
    revision: mesh.revision,
    cornerFan,
    fanTurning,
    fanCount,
    backSlot,
    neighborCount,
    eps: meshEpsilon(mesh),
    rootG: new Float64Array(fanCount),
    rootStamp: new Uint32Array(fanCount),
    goalStamp: new Uint32Array(np),
    startStamp: new Uint32Array(np),
    epoch: 0,
  };
}
