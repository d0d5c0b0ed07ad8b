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
    let ntris = triangulate(n, cv, ind, tris);
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
