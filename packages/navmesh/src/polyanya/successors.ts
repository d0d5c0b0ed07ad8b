import type { NavMesh } from "../types";
import { setNodeF } from "./heuristic";
import type { PolyanyaMeshData } from "./mesh-data";
import { allocPolyanyaNode, NodeFlags, pushOpen, ROOT_POINT, ROOT_START, type PolyanyaNodes } from "./nodes";

/**
 * Scratch shared by the search and successor generation (doubles travel through it rather than as
 * arguments, which V8 would box when a call is not inlined):
 * `[0, 1]` target, `[2, 3]` root, `[4]` g, `[5, 6]` right end, `[7, 8]` left end, `[9, 10]` start,
 * `[11]` the g offered to {@link admitRoot}.
 * @internal
 */
export const polyanyaScratch = new Float64Array(12);

/**
 * Root-level pruning: true when a path reaching root fan `key` with cost `g` (read from
 * `polyanyaScratch[11]`) may go on: `g` is within the mesh tolerance of the best g of this search
 * for that fan, and is recorded when it is the best. @internal
 */
export function admitRoot(md: PolyanyaMeshData, key: number): boolean {
  const g = polyanyaScratch[11]!;
  if (key < 0) return true;
  if (md.rootStamp[key] !== md.epoch) {
    md.rootStamp[key] = md.epoch;
    md.rootG[key] = g;
    return true;
  }
  const best = md.rootG[key]!;
  if (g > best + md.eps) return false;
  if (g < best) md.rootG[key] = g;
  return true;
}

/**
 * Pushes the successor node through edge slot `k` of polygon `q` (into the polygon across it) for
 * the root, g and interval in {@link polyanyaScratch} (`[2..8]`), with root fan `rootKey` and
 * end-point flags `vflags`. Drops intervals into dead ends (a polygon with no other link, unless it
 * holds the target), zero-length intervals and, when the root lies on the edge's line, either
 * makes a collinear node (root on the edge: all of the next polygon is visible) or turns at the
 * edge's end nearest the root when that vertex is a turning corner. @internal
 */
export function pushEdge(s: PolyanyaNodes, md: PolyanyaMeshData, mesh: NavMesh, parent: number, q: number, k: number, rootKey: number, vflags: number): void {
  const T = polyanyaScratch;
  const stride = mesh.maxVertsPerPoly;
  const q2 = mesh.neighbors[q * stride + k]!;
  if (q2 < 0) return;
  const epoch = md.epoch;
  if (md.goalStamp[q2] !== epoch && md.neighborCount[q2]! <= 1) return; // dead end
  if (rootKey === ROOT_START && md.startStamp[q2] === epoch) return; // the start's own nodes cover it
  let rx = T[2]!,
    ry = T[3]!,
    g = T[4]!,
    ax = T[5]!,
    ay = T[6]!,
    bx = T[7]!,
    by = T[8]!;
  const eps = md.eps;
  let ex = bx - ax,
    ey = by - ay;
  const len = Math.sqrt(ex * ex + ey * ey);
  if (len <= eps) return;
  const cr = ex * (ry - ay) - ey * (rx - ax); // > 0: the root sees the interval from the right side
  let flags = vflags;
  let key = rootKey;
  if (!(cr > eps * len)) {
    if (cr < -eps * len) return; // numerically on the far side: nothing visible through it
    // Collinear: use the whole edge.
    const n = mesh.polyVertCount[q]!;
    const k1 = k + 1 === n ? 0 : k + 1;
    const va = mesh.polyVerts[q * stride + k]!,
      vb = mesh.polyVerts[q * stride + k1]!;
    const V = mesh.vertices;
    ax = V[2 * va]!;
    ay = V[2 * va + 1]!;
    bx = V[2 * vb]!;
    by = V[2 * vb + 1]!;
    ex = bx - ax;
    ey = by - ay;
    const l2 = ex * ex + ey * ey;
    const u = ((rx - ax) * ex + (ry - ay) * ey) / l2;
    const ue = eps / Math.sqrt(l2);
    flags = NodeFlags.Collinear | NodeFlags.RightIsVertex | NodeFlags.LeftIsVertex;
    if (u < -ue || u > 1 + ue) {
      // The root is on the line beyond one end: go straight to that end and turn there.
      const toA = u < 0;
      const fan = md.cornerFan[q * stride + (toA ? k : k1)]!;
      if (md.fanTurning[fan] !== 1) return;
      const vx = toA ? ax : bx,
        vy = toA ? ay : by;
      g += Math.sqrt((vx - rx) * (vx - rx) + (vy - ry) * (vy - ry));
      T[11] = g;
      if (!admitRoot(md, fan)) return;
      rx = vx;
      ry = vy;
      key = fan;
    } else if (rootKey === ROOT_START) {
      return; // the start on this edge: the polygon beyond is a start polygon
    }
  }
  const id = allocPolyanyaNode(s);
  s.rootX[id] = rx;
  s.rootY[id] = ry;
  s.rootKey[id] = key;
  s.ax[id] = ax;
  s.ay[id] = ay;
  s.bx[id] = bx;
  s.by[id] = by;
  s.poly[id] = q2;
  s.slot[id] = md.backSlot[q * stride + k]!;
  s.flags[id] = flags;
  s.g[id] = g;
  s.parent[id] = parent;
  setNodeF(s, id, T);
  pushOpen(s, id);
}

/** Pushes a final node: the target reached from node `parent` straight, or by turning at an end of its interval. @internal */
function pushFinal(s: PolyanyaNodes, parent: number): void {
  const T = polyanyaScratch;
  const tx = T[0]!,
    ty = T[1]!;
  let rx = s.rootX[parent]!,
    ry = s.rootY[parent]!;
  let g = s.g[parent]!;
  let key = s.rootKey[parent]!;
  if ((s.flags[parent]! & NodeFlags.Collinear) === 0) {
    const ax = s.ax[parent]!,
      ay = s.ay[parent]!,
      bx = s.bx[parent]!,
      by = s.by[parent]!;
    if ((ax - rx) * (ty - ry) - (ay - ry) * (tx - rx) < 0) {
      g += Math.sqrt((ax - rx) * (ax - rx) + (ay - ry) * (ay - ry));
      rx = ax;
      ry = ay;
      key = ROOT_POINT;
    } else if ((bx - rx) * (ty - ry) - (by - ry) * (tx - rx) > 0) {
      g += Math.sqrt((bx - rx) * (bx - rx) + (by - ry) * (by - ry));
      rx = bx;
      ry = by;
      key = ROOT_POINT;
    }
  }
  const id = allocPolyanyaNode(s);
  s.rootX[id] = rx;
  s.rootY[id] = ry;
  s.rootKey[id] = key;
  s.poly[id] = -1;
  s.slot[id] = -1;
  s.flags[id] = 0;
  s.g[id] = g;
  s.f[id] = g + Math.sqrt((tx - rx) * (tx - rx) + (ty - ry) * (ty - ry));
  s.parent[id] = parent;
  pushOpen(s, id);
}

/**
 * Expands node `id`: in the polygon holding the target, the final node only; from a collinear
 * root, every other edge of the polygon; otherwise the *observable* successors (the far edges cut
 * by the rays from the root through the interval's ends, same root) and the *non-observable* ones
 * (past a ray, visible only by turning at the interval's end, when that end is the edge's vertex
 * and a turning corner; the new root's cost is pruned against the best known for it). @internal
 */
export function expandPolyanyaNode(s: PolyanyaNodes, md: PolyanyaMeshData, mesh: NavMesh, id: number): void {
  const T = polyanyaScratch;
  const q = s.poly[id]!;
  if (md.goalStamp[q] === md.epoch) {
    pushFinal(s, id);
    return;
  }
  const e = s.slot[id]!;
  const stride = mesh.maxVertsPerPoly;
  const base = q * stride;
  const n = mesh.polyVertCount[q]!;
  const PV = mesh.polyVerts;
  const V = mesh.vertices;
  const eps = md.eps;
  const key = s.rootKey[id]!;
  const flags = s.flags[id]!;
  const rx = s.rootX[id]!,
    ry = s.rootY[id]!,
    g = s.g[id]!;
  const ax = s.ax[id]!,
    ay = s.ay[id]!,
    bx = s.bx[id]!,
    by = s.by[id]!;
  const dRx = ax - rx,
    dRy = ay - ry,
    dLx = bx - rx,
    dLy = by - ry;
  const lenR = Math.sqrt(dRx * dRx + dRy * dRy),
    lenL = Math.sqrt(dLx * dLx + dLy * dLy);
  // Chain vertex j (0 .. n-1) is polygon slot (e + 1 + j) mod n: 0 the entry edge's right vertex, n-1 its left.
  if ((flags & NodeFlags.Collinear) !== 0 || lenR <= eps || lenL <= eps) {
    T[2] = rx;
    T[3] = ry;
    T[4] = g;
    for (let j = 0; j < n - 1; j++) {
      const k = (e + 1 + j) % n,
        k1 = k + 1 === n ? 0 : k + 1;
      const va = PV[base + k]!,
        vb = PV[base + k1]!;
      T[5] = V[2 * va]!;
      T[6] = V[2 * va + 1]!;
      T[7] = V[2 * vb]!;
      T[8] = V[2 * vb + 1]!;
      pushEdge(s, md, mesh, id, q, k, key, NodeFlags.RightIsVertex | NodeFlags.LeftIsVertex);
    }
    return;
  }
  const tolR = eps * lenR,
    tolL = eps * lenL;
  // Right ray: the first far edge whose left vertex is strictly left of it.
  let jR = n - 1;
  for (let j = 0; j < n - 1; j++) {
    const c = PV[base + ((e + 2 + j) % n)]!;
    if (dRx * (V[2 * c + 1]! - ry) - dRy * (V[2 * c]! - rx) > tolR) {
      jR = j;
      break;
    }
  }
  // Left ray: the last far edge whose right vertex is strictly right of it.
  let jL = -1;
  for (let j = n - 2; j >= 0; j--) {
    const c = PV[base + ((e + 1 + j) % n)]!;
    if (dLx * (V[2 * c + 1]! - ry) - dLy * (V[2 * c]! - rx) < -tolL) {
      jL = j;
      break;
    }
  }
  let irx = 0,
    iry = 0,
    irVertex = false;
  if (jR < n - 1) {
    const c0 = PV[base + ((e + 1 + jR) % n)]!,
      c1 = PV[base + ((e + 2 + jR) % n)]!;
    const x0 = V[2 * c0]!,
      y0 = V[2 * c0 + 1]!,
      x1 = V[2 * c1]!,
      y1 = V[2 * c1 + 1]!;
    const s0 = dRx * (y0 - ry) - dRy * (x0 - rx),
      s1 = dRx * (y1 - ry) - dRy * (x1 - rx);
    if (s0 >= -tolR) {
      irx = x0;
      iry = y0;
      irVertex = true;
    } else {
      const t = s0 / (s0 - s1);
      irx = x0 + t * (x1 - x0);
      iry = y0 + t * (y1 - y0);
    }
  }
  let ilx = 0,
    ily = 0,
    ilVertex = false;
  if (jL >= 0) {
    const c0 = PV[base + ((e + 1 + jL) % n)]!,
      c1 = PV[base + ((e + 2 + jL) % n)]!;
    const x0 = V[2 * c0]!,
      y0 = V[2 * c0 + 1]!,
      x1 = V[2 * c1]!,
      y1 = V[2 * c1 + 1]!;
    const s0 = dLx * (y0 - ry) - dLy * (x0 - rx),
      s1 = dLx * (y1 - ry) - dLy * (x1 - rx);
    if (s1 <= tolL) {
      ilx = x1;
      ily = y1;
      ilVertex = true;
    } else {
      const t = s0 / (s0 - s1);
      ilx = x0 + t * (x1 - x0);
      ily = y0 + t * (y1 - y0);
    }
  }
  // Observable successors: far edges jR .. jL, cut by the two rays.
  T[2] = rx;
  T[3] = ry;
  T[4] = g;
  for (let j = jR; j <= jL; j++) {
    const k = (e + 1 + j) % n,
      k1 = k + 1 === n ? 0 : k + 1;
    let vf = 0;
    if (j === jR) {
      T[5] = irx;
      T[6] = iry;
      if (irVertex) vf |= NodeFlags.RightIsVertex;
    } else {
      const c = PV[base + k]!;
      T[5] = V[2 * c]!;
      T[6] = V[2 * c + 1]!;
      vf |= NodeFlags.RightIsVertex;
    }
    if (j === jL) {
      T[7] = ilx;
      T[8] = ily;
      if (ilVertex) vf |= NodeFlags.LeftIsVertex;
    } else {
      const c = PV[base + k1]!;
      T[7] = V[2 * c]!;
      T[8] = V[2 * c + 1]!;
      vf |= NodeFlags.LeftIsVertex;
    }
    pushEdge(s, md, mesh, id, q, k, key, vf);
  }
  // Right non-observable successors: far edges 0 .. jR right of the right ray, seen from the right vertex.
  if ((flags & NodeFlags.RightIsVertex) !== 0) {
    const k0 = (e + 1) % n;
    const fan = md.cornerFan[base + k0]!;
    if (md.fanTurning[fan] === 1) {
      const ng = g + lenR;
      T[11] = ng;
      if (admitRoot(md, fan)) {
        const last = jR < n - 2 ? jR : n - 2;
        for (let j = 0; j <= last; j++) {
          if (j === jR && irVertex) break; // the ray leaves through vertex j: nothing of edge j is right of it
          const k = (e + 1 + j) % n,
            k1 = k + 1 === n ? 0 : k + 1;
          T[2] = ax;
          T[3] = ay;
          T[4] = ng;
          const c = PV[base + k]!;
          T[5] = V[2 * c]!;
          T[6] = V[2 * c + 1]!;
          let vf = NodeFlags.RightIsVertex;
          if (j === jR) {
            T[7] = irx;
            T[8] = iry;
          } else {
            const c1 = PV[base + k1]!;
            T[7] = V[2 * c1]!;
            T[8] = V[2 * c1 + 1]!;
            vf |= NodeFlags.LeftIsVertex;
          }
          pushEdge(s, md, mesh, id, q, k, fan, vf);
        }
      }
    }
  }
  // Left non-observable successors: far edges jL .. n-2 left of the left ray, seen from the left vertex.
  if ((flags & NodeFlags.LeftIsVertex) !== 0) {
    const fan = md.cornerFan[base + e]!;
    if (md.fanTurning[fan] === 1) {
      const ng = g + lenL;
      T[11] = ng;
      if (admitRoot(md, fan)) {
        const first = jL > 0 ? jL : 0;
        for (let j = first; j <= n - 2; j++) {
          if (j === jL && ilVertex) continue; // the ray leaves through vertex j + 1
          const k = (e + 1 + j) % n,
            k1 = k + 1 === n ? 0 : k + 1;
          T[2] = bx;
          T[3] = by;
          T[4] = ng;
          let vf = NodeFlags.LeftIsVertex;
          if (j === jL) {
            T[5] = ilx;
            T[6] = ily;
          } else {
            const c = PV[base + k]!;
            T[5] = V[2 * c]!;
            T[6] = V[2 * c + 1]!;
            vf |= NodeFlags.RightIsVertex;
          }
          const c1 = PV[base + k1]!;
          T[7] = V[2 * c1]!;
          T[8] = V[2 * c1 + 1]!;
          pushEdge(s, md, mesh, id, q, k, fan, vf);
        }
      }
    }
  }
}
