// Polygon mesh from contours, after Recast's RecastMesh.cpp (Recast © Mikko Mononen, zlib licence).
import { intersect as intersect_, intersectProper as intersectProper_, left as left_, leftOn as leftOn_, vequal as vequal_ } from "./geometry2d";
// Local bindings: hot loops must not go through module live-binding getters.
const intersect = intersect_;
const intersectProper = intersectProper_;
const left = left_;
const leftOn = leftOn_;
const vequal = vequal_;
import type { ContourSet, PolyMesh } from "./types";

const FLAG = 1 << 28;
const MASK = FLAG - 1;
/** Contours with more vertices than this are ear-clipped by {@link triangulateLarge}. */
const TRIANGULATE_GRID_MIN = 64;

function inConeTri(i: number, j: number, n: number, v: Int32Array, ind: Int32Array, loose: boolean): boolean {
  const pi = (ind[i]! & MASK) * 4,
    pj = (ind[j]! & MASK) * 4;
  const pi1 = (ind[(i + 1) % n]! & MASK) * 4,
    pin1 = (ind[(i + n - 1) % n]! & MASK) * 4;
  if (leftOn(v, pin1, v, pi, v, pi1)) {
    return loose ? leftOn(v, pi, v, pj, v, pin1) && leftOn(v, pj, v, pi, v, pi1) : left(v, pi, v, pj, v, pin1) && left(v, pj, v, pi, v, pi1);
  }
  return !(leftOn(v, pi, v, pj, v, pi1) && leftOn(v, pj, v, pi, v, pin1));
}

function diagonalie(i: number, j: number, n: number, v: Int32Array, ind: Int32Array, loose: boolean): boolean {
  const d0 = (ind[i]! & MASK) * 4,
    d1 = (ind[j]! & MASK) * 4;
  for (let k = 0; k < n; k++) {
    const k1 = (k + 1) % n;
    if (k === i || k1 === i || k === j || k1 === j) continue;
    const p0 = (ind[k]! & MASK) * 4,
      p1 = (ind[k1]! & MASK) * 4;
    if (vequal(v, d0, v, p0) || vequal(v, d1, v, p0) || vequal(v, d0, v, p1) || vequal(v, d1, v, p1)) continue;
    if (loose ? intersectProper(v, d0, v, d1, v, p0, v, p1) : intersect(v, d0, v, d1, v, p0, v, p1)) return false;
  }
  return true;
}

function diagonal(i: number, j: number, n: number, v: Int32Array, ind: Int32Array, loose = false): boolean {
  return inConeTri(i, j, n, v, ind, loose) && diagonalie(i, j, n, v, ind, loose);
}

/** Ear-clips a contour (`v` holds x,y,z,flags per vertex); writes local indices to `tris`; returns the count (negative when it gave up). @internal */
export function triangulate(n: number, v: Int32Array, ind: Int32Array, tris: number[]): number {
  let ntris = 0;
  for (let i = 0; i < n; i++) {
    const i1 = (i + 1) % n,
      i2 = (i1 + 1) % n;
    if (diagonal(i, i2, n, v, ind)) ind[i1] = ind[i1]! | FLAG;
  }
  while (n > 3) {
    let minLen = -1,
      mini = -1;
    for (let i = 0; i < n; i++) {
      const i1 = (i + 1) % n;
      if (ind[i1]! & FLAG) {
        const p0 = (ind[i]! & MASK) * 4,
          p2 = (ind[(i1 + 1) % n]! & MASK) * 4;
        const dx = v[p2]! - v[p0]!,
          dz = v[p2 + 2]! - v[p0 + 2]!;
        const len = dx * dx + dz * dz;
        if (minLen < 0 || len < minLen) {
          minLen = len;
          mini = i;
        }
      }
    }
    if (mini === -1) {
      minLen = -1;
      for (let i = 0; i < n; i++) {
        const i1 = (i + 1) % n,
          i2 = (i1 + 1) % n;
        if (diagonal(i, i2, n, v, ind, true)) {
          const p0 = (ind[i]! & MASK) * 4,
            p2 = (ind[(i2 + 1) % n]! & MASK) * 4;
          const dx = v[p2]! - v[p0]!,
            dz = v[p2 + 2]! - v[p0 + 2]!;
          const len = dx * dx + dz * dz;
          if (minLen < 0 || len < minLen) {
            minLen = len;
            mini = i;
          }
        }
      }
      if (mini === -1) return -ntris;
    }
    let i = mini;
    let i1 = (i + 1) % n;
    const i2 = (i1 + 1) % n;
    tris.push(ind[i]! & MASK, ind[i1]! & MASK, ind[i2]! & MASK);
    ntris++;
    n--;
    for (let k = i1; k < n; k++) ind[k] = ind[k + 1]!;
    if (i1 >= n) i1 = 0;
    i = (i1 + n - 1) % n;
    if (diagonal((i + n - 1) % n, i1, n, v, ind)) ind[i] = ind[i]! | FLAG;
    else ind[i] = ind[i]! & MASK;
    if (diagonal(i, (i1 + 1) % n, n, v, ind)) ind[i1] = ind[i1]! | FLAG;
    else ind[i1] = ind[i1]! & MASK;
  }
  tris.push(ind[0]! & MASK, ind[1]! & MASK, ind[2]! & MASK);
  return ntris + 1;
}

/**
 * {@link triangulate} for long contours, with the same triangles in the same order: the polygon
 * is a linked list over the contour's positions, its edges sit in a uniform grid so a diagonal is
 * tested only against the edges whose bounds meet its own (the scan tests every edge: O(n) per
 * diagonal, O(n²) per contour), and the ears wait in a heap ordered like the scan picks them
 * (shortest diagonal, then the smallest position of the vertex before the tip). Zero-length edges
 * and diagonals, whose collinearity test is not local, are checked against everything as before.
 * `ind` is left in an unspecified state. @internal
 */
export function triangulateLarge(n0: number, v: Int32Array, ind: Int32Array, tris: number[]): number {
  const val = new Int32Array(n0),
    next = new Int32Array(n0),
    prev = new Int32Array(n0);
  for (let p = 0; p < n0; p++) {
    val[p] = ind[p]! & MASK;
    next[p] = p + 1 === n0 ? 0 : p + 1;
    prev[p] = p === 0 ? n0 - 1 : p - 1;
  }
  let n = n0,
    head = 0;
  // Grid of edges (by start position) over the contour's bounds, about one edge per cell.
  let minX = Infinity,
    minZ = Infinity,
    maxX = -Infinity,
    maxZ = -Infinity;
  for (let p = 0; p < n0; p++) {
    const o = val[p]! * 4;
    minX = Math.min(minX, v[o]!);
    maxX = Math.max(maxX, v[o]!);
    minZ = Math.min(minZ, v[o + 2]!);
    maxZ = Math.max(maxZ, v[o + 2]!);
  }
  const cs = Math.max(1, Math.sqrt(((maxX - minX + 1) * (maxZ - minZ + 1)) / n0));
  const cols = Math.floor((maxX - minX) / cs) + 1,
    rows = Math.floor((maxZ - minZ) / cs) + 1;
  const cells: number[][] = [];
  for (let c = 0; c < cols * rows; c++) cells.push([]);
  const zeroEdges: number[] = []; // start positions of zero-length edges
  const stamp = new Int32Array(n0);
  let epoch = 0;
  const cellRange = (ax: number, az: number, bx: number, bz: number, out: Int32Array): void => {
    out[0] = Math.floor((Math.min(ax, bx) - minX) / cs);
    out[1] = Math.floor((Math.max(ax, bx) - minX) / cs);
    out[2] = Math.floor((Math.min(az, bz) - minZ) / cs);
    out[3] = Math.floor((Math.max(az, bz) - minZ) / cs);
  };
  const range = new Int32Array(4);
  const editEdge = (u: number, add: boolean): void => {
    const a = val[u]! * 4,
      b = val[next[u]!]! * 4;
    if (v[a] === v[b] && v[a + 2] === v[b + 2]) {
      if (add) zeroEdges.push(u);
      else zeroEdges.splice(zeroEdges.indexOf(u), 1);
      return;
    }
    cellRange(v[a]!, v[a + 2]!, v[b]!, v[b + 2]!, range);
    for (let z = range[2]!; z <= range[3]!; z++)
      for (let x = range[0]!; x <= range[1]!; x++) {
        const list = cells[x + z * cols]!;
        if (add) list.push(u);
        else {
          const i = list.indexOf(u);
          list[i] = list[list.length - 1]!;
          list.pop();
        }
      }
  };
  for (let p = 0; p < n0; p++) editEdge(p, true);
  // Whether edge (k, next[k]) blocks diagonal (i, j); mirrors diagonalie's per-edge test.
  const blocks = (k: number, i: number, j: number, d0: number, d1: number, loose: boolean): boolean => {
    const k1 = next[k]!;
    if (k === i || k1 === i || k === j || k1 === j) return false;
    const p0 = val[k]! * 4,
      p1 = val[k1]! * 4;
    if (vequal(v, d0, v, p0) || vequal(v, d1, v, p0) || vequal(v, d0, v, p1) || vequal(v, d1, v, p1)) return false;
    return loose ? intersectProper(v, d0, v, d1, v, p0, v, p1) : intersect(v, d0, v, d1, v, p0, v, p1);
  };
  const diagonalieL = (i: number, j: number, loose: boolean): boolean => {
    const d0 = val[i]! * 4,
      d1 = val[j]! * 4;
    if (v[d0] === v[d1] && v[d0 + 2] === v[d1 + 2]) {
      // A zero-length diagonal: "between" accepts points off its bounds; test every edge.
      let k = head;
      for (let c = 0; c < n; c++, k = next[k]!) if (blocks(k, i, j, d0, d1, loose)) return false;
      return true;
    }
    for (const k of zeroEdges) if (blocks(k, i, j, d0, d1, loose)) return false;
    epoch++;
    cellRange(v[d0]!, v[d0 + 2]!, v[d1]!, v[d1 + 2]!, range);
    const x0 = range[0]!,
      x1 = range[1]!,
      z0 = range[2]!,
      z1 = range[3]!;
    for (let z = z0; z <= z1; z++)
      for (let x = x0; x <= x1; x++) {
        const list = cells[x + z * cols]!;
        for (let e = 0; e < list.length; e++) {
          const k = list[e]!;
          if (stamp[k] === epoch) continue;
          stamp[k] = epoch;
          if (blocks(k, i, j, d0, d1, loose)) return false;
        }
      }
    return true;
  };
  const inCone = (i: number, j: number, loose: boolean): boolean => {
    const pi = val[i]! * 4,
      pj = val[j]! * 4,
      pi1 = val[next[i]!]! * 4,
      pin1 = val[prev[i]!]! * 4;
    if (leftOn(v, pin1, v, pi, v, pi1)) {
      return loose ? leftOn(v, pi, v, pj, v, pin1) && leftOn(v, pj, v, pi, v, pi1) : left(v, pi, v, pj, v, pin1) && left(v, pj, v, pi, v, pi1);
    }
    return !(leftOn(v, pi, v, pj, v, pi1) && leftOn(v, pj, v, pi, v, pin1));
  };
  const diagonalL = (i: number, j: number, loose = false): boolean => inCone(i, j, loose) && diagonalieL(i, j, loose);
  const lenOf = (i: number): number => {
    const p0 = val[i]! * 4,
      p2 = val[next[next[i]!]!]! * 4;
    const dx = v[p2]! - v[p0]!,
      dz = v[p2 + 2]! - v[p0 + 2]!;
    return dx * dx + dz * dz;
  };
  // Ears: tip t is an ear when diagonal(prev[t], next[t]); heap of (length, position of prev[t]).
  const ear = new Uint8Array(n0);
  const version = new Int32Array(n0);
  const hl: number[] = [],
    hp: number[] = [],
    ht: number[] = [],
    hv: number[] = [];
  const before = (a: number, b: number): boolean => hl[a]! < hl[b]! || (hl[a] === hl[b] && hp[a]! < hp[b]!);
  const swap = (a: number, b: number): void => {
    for (const arr of [hl, hp, ht, hv]) {
      const t = arr[a]!;
      arr[a] = arr[b]!;
      arr[b] = t;
    }
  };
  const setEar = (t: number, isEar: boolean): void => {
    version[t]!++;
    ear[t] = isEar ? 1 : 0;
    if (!isEar) return;
    let i = hl.length;
    hl.push(lenOf(prev[t]!));
    hp.push(prev[t]!);
    ht.push(t);
    hv.push(version[t]!);
    while (i > 0) {
      const q = (i - 1) >> 1;
      if (!before(i, q)) break;
      swap(i, q);
      i = q;
    }
  };
  const popTop = (): void => {
    const last = hl.length - 1;
    swap(0, last);
    for (const arr of [hl, hp, ht, hv]) arr.pop();
    const m = hl.length;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1,
        r = l + 1;
      let b = i;
      if (l < m && before(l, b)) b = l;
      if (r < m && before(r, b)) b = r;
      if (b === i) break;
      swap(i, b);
      i = b;
    }
  };
  for (let p = 0; p < n0; p++) {
    const t = next[p]!;
    setEar(t, diagonalL(p, next[t]!));
  }
  let ntris = 0;
  while (n > 3) {
    let mini = -1;
    while (hl.length > 0) {
      const t = ht[0]!;
      if (hv[0] === version[t] && ear[t] === 1) {
        mini = prev[t]!;
        break;
      }
      popTop();
    }
    if (mini === -1) {
      // No ear: the loosest diagonal, shortest first, in position order (the scan's fallback).
      let minLen = -1;
      let i = head;
      for (let c = 0; c < n; c++, i = next[i]!) {
        const i2 = next[next[i]!]!;
        if (diagonalL(i, i2, true)) {
          // As in Recast, the fallback measures from i to the vertex after i2.
          const p0 = val[i]! * 4,
            p2 = val[next[i2]!]! * 4;
          const dx = v[p2]! - v[p0]!,
            dz = v[p2 + 2]! - v[p0 + 2]!;
          const len = dx * dx + dz * dz;
          if (minLen < 0 || len < minLen) {
            minLen = len;
            mini = i;
          }
        }
      }
      if (mini === -1) return -ntris;
    }
    const a = mini,
      t = next[a]!,
      b = next[t]!;
    tris.push(val[a]!, val[t]!, val[b]!);
    ntris++;
    // Remove the tip: edges (a, t) and (t, b) leave, (a, b) comes.
    editEdge(a, false);
    editEdge(t, false);
    next[a] = b;
    prev[b] = a;
    editEdge(a, true);
    version[t]!++;
    ear[t] = 0;
    if (t === head) head = b;
    n--;
    setEar(a, diagonalL(prev[a]!, b));
    setEar(b, diagonalL(a, next[b]!));
  }
  tris.push(val[head]!, val[next[head]!]!, val[next[next[head]!]!]!);
  return ntris + 1;
}

/** Vertex count of the polygon at offset `o` (slots up to the first -1). @internal */
export function countVerts(p: Int32Array, o: number, nvp: number): number {
  for (let i = 0; i < nvp; i++) if (p[o + i] === -1) return i;
  return nvp;
}

function uleft(v: number[], a: number, b: number, c: number): boolean {
  return (v[b * 3]! - v[a * 3]!) * (v[c * 3 + 2]! - v[a * 3 + 2]!) - (v[c * 3]! - v[a * 3]!) * (v[b * 3 + 2]! - v[a * 3 + 2]!) < 0;
}

/** Returns the squared length of the shared edge when polygons pa and pb merge into a convex polygon of ≤ nvp vertices, else -1. @internal */
export function mergeValue(polys: Int32Array, pa: number, pb: number, verts: number[], nvp: number, out: number[]): number {
  const na = countVerts(polys, pa, nvp),
    nb = countVerts(polys, pb, nvp);
  if (na + nb - 2 > nvp) return -1;
  let ea = -1,
    eb = -1;
  for (let i = 0; i < na && ea === -1; i++) {
    let va0 = polys[pa + i]!,
      va1 = polys[pa + ((i + 1) % na)]!;
    if (va0 > va1) [va0, va1] = [va1, va0];
    for (let j = 0; j < nb; j++) {
      let vb0 = polys[pb + j]!,
        vb1 = polys[pb + ((j + 1) % nb)]!;
      if (vb0 > vb1) [vb0, vb1] = [vb1, vb0];
      if (va0 === vb0 && va1 === vb1) {
        ea = i;
        eb = j;
        break;
      }
    }
  }
  if (ea === -1 || eb === -1) return -1;
  if (!uleft(verts, polys[pa + ((ea + na - 1) % na)]!, polys[pa + ea]!, polys[pb + ((eb + 2) % nb)]!)) return -1;
  if (!uleft(verts, polys[pb + ((eb + nb - 1) % nb)]!, polys[pb + eb]!, polys[pa + ((ea + 2) % na)]!)) return -1;
  const va = polys[pa + ea]!,
    vb = polys[pa + ((ea + 1) % na)]!;
  const dx = verts[va * 3]! - verts[vb * 3]!,
    dz = verts[va * 3 + 2]! - verts[vb * 3 + 2]!;
  out[0] = ea;
  out[1] = eb;
  return dx * dx + dz * dz;
}

/**
 * Builds convex polygons of at most `maxVertsPerPoly` vertices from the contours (Recast's
 * `rcBuildPolyMesh`): each contour is ear-clipped in voxel coordinates, vertices are welded
 * (same x, z and heights within 2 voxels), triangles are greedily merged along their longest
 * shared edge while the result stays convex, and neighbor links are found across shared edges.
 * Returns the mesh and the number of contours whose triangulation failed (`failedContours`).
 *
 * @param cset - The region contours from `buildContours`, read only.
 * @param maxVertsPerPoly - Most vertices per polygon, an integer ≥ 3 (not validated here; a navmesh keeps at most 6).
 */
export function buildPolyMesh(cset: ContourSet, maxVertsPerPoly: number): { mesh: PolyMesh; failedContours: number } {
  const nvp = maxVertsPerPoly;
  const verts: number[] = [];
  const bucket = new Map<number, number[]>();
  const addVertex = (x: number, y: number, z: number): number => {
    const key = x * 0x10000 + z;
    let list = bucket.get(key);
    if (list) {
      for (let k = list.length - 1; k >= 0; k--) {
        const i = list[k]!;
        if (Math.abs(verts[i * 3 + 1]! - y) <= 2) return i;
      }
    } else {
      list = [];
      bucket.set(key, list);
    }
    const i = verts.length / 3;
    verts.push(x, y, z);
    list.push(i);
    return i;
  };
  const outPolys: number[] = [];
  const outRegs: number[] = [];
  const outAreas: number[] = [];
  let failed = 0;
  let maxPerCont = 3;
  for (let c = 0; c < cset.count; c++) maxPerCont = Math.max(maxPerCont, cset.vertCount[c]!);
  const polys = new Int32Array((maxPerCont + 1) * nvp);
  const tmp = new Int32Array(nvp);
  const ind = new Int32Array(maxPerCont);
  const tris: number[] = [];
  const ev = [0, 0];
  for (let c = 0; c < cset.count; c++) {
    const n = cset.vertCount[c]!;
    if (n < 3) continue;
    const cv = cset.verts.subarray(cset.vertStart[c]! * 4, (cset.vertStart[c]! + n) * 4);
    for (let j = 0; j < n; j++) ind[j] = j;
    tris.length = 0;
    let ntris = n > TRIANGULATE_GRID_MIN ? triangulateLarge(n, cv, ind, tris) : triangulate(n, cv, ind, tris);
    if (ntris <= 0) {
      failed++;
      ntris = -ntris;
    }
    for (let j = 0; j < n; j++) {
      ind[j] = addVertex(cv[j * 4]!, cv[j * 4 + 1]!, cv[j * 4 + 2]!);
    }
    polys.fill(-1);
    let np = 0;
    for (let j = 0; j < ntris; j++) {
      const a = tris[j * 3]!,
        b = tris[j * 3 + 1]!,
        d = tris[j * 3 + 2]!;
      if (a !== b && a !== d && b !== d) {
        polys[np * nvp] = ind[a]!;
        polys[np * nvp + 1] = ind[b]!;
        polys[np * nvp + 2] = ind[d]!;
        np++;
      }
    }
    if (!np) continue;
    if (nvp > 3 && np > 32) np = mergePolygonsLarge(polys, tmp, verts, nvp, np, ev);
    else if (nvp > 3) {
      for (;;) {
        let best = 0,
          bestA = 0,
          bestB = 0,
          bestEa = 0,
          bestEb = 0;
        for (let j = 0; j < np - 1; j++)
          for (let k = j + 1; k < np; k++) {
            const v = mergeValue(polys, j * nvp, k * nvp, verts, nvp, ev);
            if (v > best) {
              best = v;
              bestA = j;
              bestB = k;
              bestEa = ev[0]!;
              bestEb = ev[1]!;
            }
          }
        if (best <= 0) break;
        joinPolygons(polys, tmp, nvp, bestA, bestB, bestEa, bestEb, np);
        np--;
      }
    }
    for (let j = 0; j < np; j++) {
      for (let k = 0; k < nvp; k++) outPolys.push(polys[j * nvp + k]!);
      outRegs.push(cset.region[c]!);
      outAreas.push(cset.area[c]!);
    }
  }
  const polyCount = outRegs.length;
  const polyArr = Int32Array.from(outPolys);
  return {
    mesh: {
      vertCount: verts.length / 3,
      verts: Int32Array.from(verts),
      polyCount,
      maxVertsPerPoly: nvp,
      polys: polyArr,
      neighbors: buildMeshAdjacency(polyArr, polyCount, nvp),
      regions: Uint16Array.from(outRegs),
      areas: Uint8Array.from(outAreas),
      bmin: Float64Array.from(cset.bmin),
      cellSize: cset.cellSize,
      cellHeight: cset.cellHeight,
      borderSize: cset.borderSize,
    },
    failedContours: failed,
  };
}

/**
 * The greedy merge of a large contour's triangles (more than 32), in O(n log n) instead of a
 * scan of every pair per merge (O(n²) merges × pairs on one long region): the mergeable pairs
 * (polygons sharing an edge, value from {@link mergeValue}) sit in a max-heap ordered like the
 * exhaustive scan picks them (largest value, then smallest first slot, then smallest second
 * slot); a merge changes slot `a`, moves the last polygon into slot `b` and drops the last slot,
 * so entries of those slots go stale (per-slot versions) and the pairs of the two changed slots
 * are pushed again. Picks exactly the pairs the exhaustive scan picks. Returns the new count. @internal
 */
export function mergePolygonsLarge(polys: Int32Array, tmp: Int32Array, verts: number[], nvp: number, np0: number, ev: number[]): number {
  let np = np0;
  const version = new Int32Array(np);
  // Edge (min, max vertex) → slots of the polygons with that edge.
  const owners = new Map<number, number[]>();
  const edgeKey = (a: number, b: number): number => (a < b ? a * 0x4000000 + b : b * 0x4000000 + a);
  const addEdges = (s: number): void => {
    const o = s * nvp,
      n = countVerts(polys, o, nvp);
    for (let e = 0; e < n; e++) {
      const k = edgeKey(polys[o + e]!, polys[o + (e + 1 === n ? 0 : e + 1)]!);
      const list = owners.get(k);
      if (list) list.push(s);
      else owners.set(k, [s]);
    }
  };
  const removeEdges = (s: number): void => {
    const o = s * nvp,
      n = countVerts(polys, o, nvp);
    for (let e = 0; e < n; e++) {
      const k = edgeKey(polys[o + e]!, polys[o + (e + 1 === n ? 0 : e + 1)]!);
      const list = owners.get(k);
      if (!list) continue;
      const i = list.indexOf(s);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) owners.delete(k);
    }
  };
  // Max-heap of pairs in parallel arrays.
  const hv: number[] = [],
    ha: number[] = [],
    hb: number[] = [],
    hva: number[] = [],
    hvb: number[] = [],
    hea: number[] = [],
    heb: number[] = [];
  const before = (i: number, j: number): boolean => hv[i]! > hv[j]! || (hv[i] === hv[j] && (ha[i]! < ha[j]! || (ha[i] === ha[j] && hb[i]! < hb[j]!)));
  const swap = (i: number, j: number): void => {
    for (const arr of [hv, ha, hb, hva, hvb, hea, heb]) {
      const t = arr[i]!;
      arr[i] = arr[j]!;
      arr[j] = t;
    }
  };
  const push = (lo: number, hi: number): void => {
    const v = mergeValue(polys, lo * nvp, hi * nvp, verts, nvp, ev);
    if (!(v > 0)) return;
    let i = hv.length;
    hv.push(v);
    ha.push(lo);
    hb.push(hi);
    hva.push(version[lo]!);
    hvb.push(version[hi]!);
    hea.push(ev[0]!);
    heb.push(ev[1]!);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(i, p)) break;
      swap(i, p);
      i = p;
    }
  };
  const pop = (): void => {
    const last = hv.length - 1;
    swap(0, last);
    for (const arr of [hv, ha, hb, hva, hvb, hea, heb]) arr.pop();
    const n = hv.length;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1,
        r = l + 1;
      let m = i;
      if (l < n && before(l, m)) m = l;
      if (r < n && before(r, m)) m = r;
      if (m === i) break;
      swap(i, m);
      i = m;
    }
  };
  const pushPairsOf = (s: number): void => {
    const o = s * nvp,
      n = countVerts(polys, o, nvp);
    for (let e = 0; e < n; e++) {
      const list = owners.get(edgeKey(polys[o + e]!, polys[o + (e + 1 === n ? 0 : e + 1)]!));
      if (!list) continue;
      for (const t of list) if (t !== s) push(Math.min(s, t), Math.max(s, t));
    }
  };
  for (let s = 0; s < np; s++) addEdges(s);
  for (let s = 0; s < np; s++) {
    const o = s * nvp,
      n = countVerts(polys, o, nvp);
    for (let e = 0; e < n; e++) {
      const list = owners.get(edgeKey(polys[o + e]!, polys[o + (e + 1 === n ? 0 : e + 1)]!))!;
      for (const t of list) if (t > s) push(s, t);
    }
  }
  while (hv.length > 0) {
    const a = ha[0]!,
      b = hb[0]!;
    if (b >= np || hva[0] !== version[a] || hvb[0] !== version[b]) {
      pop();
      continue;
    }
    const ea = hea[0]!,
      eb = heb[0]!;
    pop();
    const last = np - 1;
    removeEdges(a);
    removeEdges(b);
    if (last !== b) removeEdges(last);
    joinPolygons(polys, tmp, nvp, a, b, ea, eb, np);
    np--;
    version[a]!++;
    version[b]!++;
    if (last !== b) version[last]!++;
    addEdges(a);
    if (last !== b) addEdges(b);
    pushPairsOf(a);
    if (last !== b) pushPairsOf(b);
  }
  return np;
}

/** Links polygons across shared edges (one edge shared by two polygons in opposite directions). @internal */
export function buildMeshAdjacency(polys: Int32Array, polyCount: number, nvp: number): Int32Array {
  const neighbors = new Int32Array(polyCount * nvp).fill(-1);
  const open = new Map<number, number>();
  const keyOf = (a: number, b: number): number => a * 0x4000000 + b;
  for (let p = 0; p < polyCount; p++) {
    const n = countVerts(polys, p * nvp, nvp);
    for (let j = 0; j < n; j++) {
      const v0 = polys[p * nvp + j]!,
        v1 = polys[p * nvp + ((j + 1) % n)]!;
      if (v0 < v1 && !open.has(keyOf(v0, v1))) open.set(keyOf(v0, v1), p * nvp + j);
    }
  }
  for (let p = 0; p < polyCount; p++) {
    const n = countVerts(polys, p * nvp, nvp);
    for (let j = 0; j < n; j++) {
      const v0 = polys[p * nvp + j]!,
        v1 = polys[p * nvp + ((j + 1) % n)]!;
      if (v0 <= v1) continue;
      const k = keyOf(v1, v0);
      const slot = open.get(k);
      if (slot === undefined) continue;
      open.delete(k);
      neighbors[slot] = p;
      neighbors[p * nvp + j] = Math.floor(slot / nvp);
    }
  }
  return neighbors;
}

/**
 * @internal Merges polygon `b` into polygon `a` across their shared edge (`ea` of a, `eb` of b: the
 * vertices of a after the edge, then those of b), then moves the last of the `np` polygons into b's
 * slot (the caller decrements its count). `tmp` holds `nvp` entries. Shared by the solo polygon
 * mesh and the tile-border vertex removal.
 */
export function joinPolygons(polys: Int32Array, tmp: Int32Array, nvp: number, a: number, b: number, ea: number, eb: number, np: number): void {
  const pa = a * nvp,
    pb = b * nvp;
  const na = countVerts(polys, pa, nvp),
    nb = countVerts(polys, pb, nvp);
  tmp.fill(-1);
  let m = 0;
  for (let i = 0; i < na - 1; i++) tmp[m++] = polys[pa + ((ea + 1 + i) % na)]!;
  for (let i = 0; i < nb - 1; i++) tmp[m++] = polys[pb + ((eb + 1 + i) % nb)]!;
  polys.set(tmp, pa);
  const last = (np - 1) * nvp;
  if (pb !== last) polys.copyWithin(pb, last, last + nvp);
}
