import { NavMeshErrorCodes } from "../errors";
import { TacticaError } from "@tactica/core";
import { incircle, orient2d } from "./predicates";

/**
 * Working state of the incremental constrained Delaunay triangulator (Lawson insertion with exact
 * predicates, Sloan's flip-based constraint recovery, crossing constraints split at their
 * intersection). Triangle `t` has vertices `tv[3t .. 3t+3)` counter-clockwise; edge `i` runs from
 * vertex `i` to vertex `i + 1`, `tn[3t+i]` is the triangle across it (-1 none) and `tc[3t+i]` is 1
 * when the edge is a constraint. Vertices 0..2 are the enclosing super triangle.
 * @internal
 */
export interface Cdt {
  readonly xs: number[];
  readonly ys: number[];
  readonly tv: number[];
  readonly tn: number[];
  readonly tc: number[];
  readonly vt: number[];
  last: number;
  /** Distance under which a computed intersection point snaps to an existing vertex. */
  readonly snap: number;
  /** Remaining work units before the triangulator gives up (guards against runaway inputs). */
  budget: number;
}

const FN = "triangulatePolygonsCdt";

function giveUp(): never {
  throw new TacticaError(NavMeshErrorCodes.BadPolygon, `@tactica/navmesh: ${FN}: the constraint set is too degenerate to triangulate; simplify the rings.`, {
    path: "$",
  });
}

/**
 * A triangulation of one big triangle enclosing the box `minX..maxX × minY..maxY`.
 * @internal
 */
export function createCdt(minX: number, minY: number, maxX: number, maxY: number, snap: number, budget: number): Cdt {
  const cx = (minX + maxX) / 2,
    cy = (minY + maxY) / 2;
  const m = Math.max(maxX - minX, maxY - minY, 1e-300) * 64;
  const s: Cdt = {
    xs: [cx - m, cx + m, cx],
    ys: [cy - m, cy - m, cy + m],
    tv: [0, 1, 2],
    tn: [-1, -1, -1],
    tc: [0, 0, 0],
    vt: [0, 0, 0],
    last: 0,
    snap,
    budget,
  };
  return s;
}

function orientV(s: Cdt, a: number, b: number, c: number): number {
  return orient2d(s.xs[a]!, s.ys[a]!, s.xs[b]!, s.ys[b]!, s.xs[c]!, s.ys[c]!);
}

function orientP(s: Cdt, a: number, b: number, x: number, y: number): number {
  return orient2d(s.xs[a]!, s.ys[a]!, s.xs[b]!, s.ys[b]!, x, y);
}

/** Number of live triangles. @internal */
export function cdtTriangleCount(s: Cdt): number {
  return s.tv.length / 3;
}

function setTri(s: Cdt, t: number, a: number, b: number, c: number, n0: number, n1: number, n2: number, c0: number, c1: number, c2: number): void {
  const o = 3 * t;
  s.tv[o] = a;
  s.tv[o + 1] = b;
  s.tv[o + 2] = c;
  s.tn[o] = n0;
  s.tn[o + 1] = n1;
  s.tn[o + 2] = n2;
  s.tc[o] = c0;
  s.tc[o + 1] = c1;
  s.tc[o + 2] = c2;
}

/** In triangle `n`, the edge q → p (the twin of p → q) now borders `t`. */
function relink(s: Cdt, n: number, p: number, q: number, t: number): void {
  if (n < 0) return;
  for (let i = 0; i < 3; i++) {
    if (s.tv[3 * n + i] === q && s.tv[3 * n + ((i + 1) % 3)] === p) {
      s.tn[3 * n + i] = t;
      return;
    }
  }
}

function newTri(s: Cdt): number {
  const t = s.tv.length / 3;
  s.tv.push(0, 0, 0);
  s.tn.push(-1, -1, -1);
  s.tc.push(0, 0, 0);
  return t;
}

/** Index (0..2) of the edge of `u` running b → a, or -1. */
function twinIndex(s: Cdt, u: number, a: number, b: number): number {
  for (let j = 0; j < 3; j++) if (s.tv[3 * u + j] === b && s.tv[3 * u + ((j + 1) % 3)] === a) return j;
  return -1;
}

/**
 * Flips edge `i` of `t` (a → b, apex c) with the neighbor's apex d: afterwards `t = (a, d, c)`
 * and its neighbor `u = (b, c, d)`. @internal
 */
export function flipEdge(s: Cdt, t: number, i: number): number {
  const o = 3 * t;
  const a = s.tv[o + i]!,
    b = s.tv[o + ((i + 1) % 3)]!,
    c = s.tv[o + ((i + 2) % 3)]!;
  const u = s.tn[o + i]!;
  const j = twinIndex(s, u, a, b);
  const q = 3 * u;
  const d = s.tv[q + ((j + 2) % 3)]!;
  const nBc = s.tn[o + ((i + 1) % 3)]!,
    cBc = s.tc[o + ((i + 1) % 3)]!;
  const nCa = s.tn[o + ((i + 2) % 3)]!,
    cCa = s.tc[o + ((i + 2) % 3)]!;
  const nAd = s.tn[q + ((j + 1) % 3)]!,
    cAd = s.tc[q + ((j + 1) % 3)]!;
  const nDb = s.tn[q + ((j + 2) % 3)]!,
    cDb = s.tc[q + ((j + 2) % 3)]!;
  setTri(s, t, a, d, c, nAd, u, nCa, cAd, 0, cCa);
  setTri(s, u, b, c, d, nBc, t, nDb, cBc, 0, cDb);
  relink(s, nAd, a, d, t);
  relink(s, nBc, b, c, u);
  s.vt[a] = t;
  s.vt[c] = t;
  s.vt[d] = t;
  s.vt[b] = u;
  return u;
}

function legalize(s: Cdt, stack: number[]): void {
  while (stack.length > 0) {
    const i = stack.pop()!;
    const t = stack.pop()!;
    if (--s.budget < 0) giveUp();
    const o = 3 * t;
    if (s.tc[o + i]) continue;
    const u = s.tn[o + i]!;
    if (u < 0) continue;
    const a = s.tv[o + i]!,
      b = s.tv[o + ((i + 1) % 3)]!,
      c = s.tv[o + ((i + 2) % 3)]!;
    const j = twinIndex(s, u, a, b);
    const d = s.tv[3 * u + ((j + 2) % 3)]!;
    if (incircle(s.xs[a]!, s.ys[a]!, s.xs[b]!, s.ys[b]!, s.xs[c]!, s.ys[c]!, s.xs[d]!, s.ys[d]!) > 0) {
      const u2 = flipEdge(s, t, i);
      // t = (a, d, c): edge a–d (0) is opposite c; u = (b, c, d): edge d–b (2) is opposite c.
      stack.push(t, 0, u2, 2);
    }
  }
}

/** Location of a point: triangle, and 0 inside / 1 on edge `index` / 2 on vertex `index`. */
interface Location {
  t: number;
  kind: number;
  index: number;
}

function classify(s: Cdt, t: number, x: number, y: number, out: Location): boolean {
  const o = 3 * t;
  let zero = -1,
    zeros = 0;
  for (let i = 0; i < 3; i++) {
    const a = s.tv[o + i]!;
    if (s.xs[a] === x && s.ys[a] === y) {
      out.t = t;
      out.kind = 2;
      out.index = i;
      return true;
    }
  }
  for (let i = 0; i < 3; i++) {
    const v = orientP(s, s.tv[o + i]!, s.tv[o + ((i + 1) % 3)]!, x, y);
    if (v < 0) return false;
    if (v === 0) {
      zeros++;
      zero = i;
    }
  }
  out.t = t;
  out.kind = zeros === 0 ? 0 : 1;
  out.index = zero;
  return true;
}

function locate(s: Cdt, x: number, y: number, out: Location): void {
  let t = s.last;
  const limit = 4 * cdtTriangleCount(s) + 16;
  walk: for (let step = 0; step < limit; step++) {
    const o = 3 * t;
    for (let k = 0; k < 3; k++) {
      const i = (k + step) % 3;
      if (orientP(s, s.tv[o + i]!, s.tv[o + ((i + 1) % 3)]!, x, y) < 0) {
        const n = s.tn[o + i]!;
        if (n < 0) break walk;
        t = n;
        continue walk;
      }
    }
    if (classify(s, t, x, y, out)) return;
    break;
  }
  for (let u = 0; u < cdtTriangleCount(s); u++) if (classify(s, u, x, y, out)) return;
  giveUp();
}

const loc: Location = { t: 0, kind: 0, index: 0 };

/**
 * Inserts the point `(x, y)` (inside the super triangle) and restores the Delaunay property
 * around it; returns its vertex index (an existing vertex when the point coincides with one, or
 * lies within `s.snap` of one when `snap` is true). @internal
 */
export function insertPoint(s: Cdt, x: number, y: number, snap: boolean): number {
  locate(s, x, y, loc);
  const t = loc.t;
  const o = 3 * t;
  if (loc.kind === 2) return s.tv[o + loc.index]!;
  if (snap) {
    let best = -1,
      bestD = s.snap;
    for (let i = 0; i < 3; i++) {
      const v = s.tv[o + i]!;
      const d = Math.hypot(s.xs[v]! - x, s.ys[v]! - y);
      if (d <= bestD) {
        bestD = d;
        best = v;
      }
    }
    if (best >= 0 && best > 2) return best;
  }
  const v = s.xs.length;
  s.xs.push(x);
  s.ys.push(y);
  s.vt.push(t);
  s.last = t;
  const stack: number[] = [];
  if (loc.kind === 0) {
    const a = s.tv[o]!,
      b = s.tv[o + 1]!,
      c = s.tv[o + 2]!;
    const na = s.tn[o]!,
      nb = s.tn[o + 1]!,
      nc = s.tn[o + 2]!;
    const ca = s.tc[o]!,
      cb = s.tc[o + 1]!,
      cc = s.tc[o + 2]!;
    const t1 = newTri(s),
      t2 = newTri(s);
    setTri(s, t, a, b, v, na, t1, t2, ca, 0, 0);
    setTri(s, t1, b, c, v, nb, t2, t, cb, 0, 0);
    setTri(s, t2, c, a, v, nc, t, t1, cc, 0, 0);
    relink(s, nb, b, c, t1);
    relink(s, nc, c, a, t2);
    s.vt[a] = t;
    s.vt[b] = t;
    s.vt[c] = t1;
    s.vt[v] = t;
    stack.push(t, 0, t1, 0, t2, 0);
  } else {
    const i = loc.index;
    const a = s.tv[o + i]!,
      b = s.tv[o + ((i + 1) % 3)]!,
      c = s.tv[o + ((i + 2) % 3)]!;
    const cf = s.tc[o + i]!;
    const u = s.tn[o + i]!;
    const nBc = s.tn[o + ((i + 1) % 3)]!,
      cBc = s.tc[o + ((i + 1) % 3)]!;
    const nCa = s.tn[o + ((i + 2) % 3)]!,
      cCa = s.tc[o + ((i + 2) % 3)]!;
    if (u < 0) giveUp();
    const j = twinIndex(s, u, a, b);
    const q = 3 * u;
    const d = s.tv[q + ((j + 2) % 3)]!;
    const nAd = s.tn[q + ((j + 1) % 3)]!,
      cAd = s.tc[q + ((j + 1) % 3)]!;
    const nDb = s.tn[q + ((j + 2) % 3)]!,
      cDb = s.tc[q + ((j + 2) % 3)]!;
    const t1 = newTri(s),
      u1 = newTri(s);
    setTri(s, t, a, v, c, u1, t1, nCa, cf, 0, cCa);
    setTri(s, t1, v, b, c, u, nBc, t, cf, cBc, 0);
    setTri(s, u, b, v, d, t1, u1, nDb, cf, 0, cDb);
    setTri(s, u1, v, a, d, t, nAd, u, cf, cAd, 0);
    relink(s, nBc, b, c, t1);
    relink(s, nAd, a, d, u1);
    s.vt[a] = t;
    s.vt[c] = t;
    s.vt[v] = t;
    s.vt[b] = t1;
    s.vt[d] = u;
    stack.push(t, 2, t1, 1, u, 2, u1, 1);
  }
  legalize(s, stack);
  return v;
}

/** Triangles around vertex `v` (a full fan for interior vertices). */
function around(s: Cdt, v: number, out: number[]): void {
  out.length = 0;
  const t0 = s.vt[v]!;
  let t = t0;
  for (let guard = 0; guard < 100000; guard++) {
    out.push(t);
    const o = 3 * t;
    const k = s.tv[o] === v ? 0 : s.tv[o + 1] === v ? 1 : 2;
    t = s.tn[o + ((k + 2) % 3)]!;
    if (t < 0 || t === t0) return;
  }
  giveUp();
}

const fan: number[] = [];

/** The triangle and edge index of the directed edge `a → b` or `b → a`, as `3t + i`, or -1. @internal */
export function findEdge(s: Cdt, a: number, b: number): number {
  around(s, a, fan);
  for (const t of fan) {
    for (let i = 0; i < 3; i++) {
      const p = s.tv[3 * t + i]!,
        q = s.tv[3 * t + ((i + 1) % 3)]!;
      if ((p === a && q === b) || (p === b && q === a)) return 3 * t + i;
    }
  }
  return -1;
}

function markConstraint(s: Cdt, e: number, value: number): void {
  if (value !== 0) value = Math.max(value, s.tc[e]!);
  s.tc[e] = value;
  const t = (e / 3) | 0,
    i = e % 3;
  const u = s.tn[e]!;
  if (u >= 0) {
    const j = twinIndex(s, u, s.tv[3 * t + i]!, s.tv[3 * t + ((i + 1) % 3)]!);
    if (j >= 0) s.tc[3 * u + j] = value;
  }
}

function properCross(s: Cdt, a: number, b: number, c: number, d: number): boolean {
  const o1 = orientV(s, a, b, c),
    o2 = orientV(s, a, b, d);
  if (!((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0))) return false;
  const o3 = orientV(s, c, d, a),
    o4 = orientV(s, c, d, b);
  return (o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0);
}

/**
 * Makes the segment `a – b` an edge of the triangulation and marks it constrained. A vertex on the
 * segment splits it; a crossing constraint is split at the intersection point (snapped to a vertex
 * within `s.snap`). @internal
 */
export function insertConstraint(s: Cdt, a0: number, b0: number, kind = 1): void {
  const work = [a0, b0, kind];
  const cross: number[] = [];
  while (work.length > 0) {
    const k = work.pop()!;
    const b = work.pop()!;
    const a = work.pop()!;
    if (a === b) continue;
    if (--s.budget < 0) giveUp();
    const e = findEdge(s, a, b);
    if (e >= 0) {
      markConstraint(s, e, k);
      continue;
    }
    // Find the triangle at a whose opposite edge the segment crosses.
    around(s, a, fan);
    let t = -1,
      right = -1,
      left = -1,
      collinear = -1;
    const ax = s.xs[a]!,
      ay = s.ys[a]!,
      bx = s.xs[b]!,
      by = s.ys[b]!;
    for (const f of fan) {
      const o = 3 * f;
      const k = s.tv[o] === a ? 0 : s.tv[o + 1] === a ? 1 : 2;
      const v1 = s.tv[o + ((k + 1) % 3)]!,
        v2 = s.tv[o + ((k + 2) % 3)]!;
      const o1 = orientV(s, a, v1, b),
        o2 = orientV(s, a, v2, b);
      if (o1 === 0 && (s.xs[v1]! - ax) * (bx - ax) + (s.ys[v1]! - ay) * (by - ay) > 0) {
        collinear = v1;
        break;
      }
      if (o2 === 0 && (s.xs[v2]! - ax) * (bx - ax) + (s.ys[v2]! - ay) * (by - ay) > 0) {
        collinear = v2;
        break;
      }
      if (o1 > 0 && o2 < 0) {
        t = f;
        right = v1;
        left = v2;
        break;
      }
    }
    if (collinear >= 0) {
      work.push(collinear, b, k, a, collinear, k);
      continue;
    }
    if (t < 0) giveUp();
    cross.length = 0;
    let split = -1; // the vertex the segment is split at, when a collinear vertex or a crossing constraint is met
    for (let guard = 0; ; guard++) {
      if (guard > 4 * cdtTriangleCount(s) + 16) giveUp();
      const o = 3 * t;
      let i = 0;
      while (!(s.tv[o + i] === right && s.tv[o + ((i + 1) % 3)] === left)) i++;
      if (s.tc[o + i]) {
        split = splitAtCrossing(s, a, b, k, right, left, s.tc[o + i]!, work);
        break;
      }
      cross.push(right, left);
      const u = s.tn[o + i]!;
      if (u < 0) giveUp();
      const j = twinIndex(s, u, right, left);
      const w = s.tv[3 * u + ((j + 2) % 3)]!;
      if (w === b) break;
      const ow = orientV(s, a, b, w);
      if (ow === 0) {
        split = w;
        work.push(w, b, k, a, w, k);
        break;
      }
      if (ow > 0) left = w;
      else right = w;
      t = u;
    }
    if (split >= 0) continue;
    // Sloan: flip crossing edges until none is left.
    let head = 0;
    const q = cross;
    let guard = 0;
    while (head < q.length) {
      if (++guard > 64 * (q.length + 16)) giveUp();
      if (--s.budget < 0) giveUp();
      const p = q[head++]!,
        r = q[head++]!;
      const ee = findEdge(s, p, r);
      if (ee < 0) continue;
      const et = (ee / 3) | 0,
        ei = ee % 3;
      const c = s.tv[3 * et + ((ei + 2) % 3)]!;
      const u = s.tn[ee]!;
      const d = s.tv[3 * u + ((twinIndex(s, u, s.tv[ee]!, s.tv[3 * et + ((ei + 1) % 3)]!) + 2) % 3)]!;
      if (properCross(s, c, d, p, r)) {
        flipEdge(s, et, ei);
        if (properCross(s, a, b, c, d)) q.push(c, d);
      } else q.push(p, r);
      if (head > 4096 && head * 2 > q.length) {
        q.splice(0, head);
        head = 0;
      }
    }
    const fe = findEdge(s, a, b);
    if (fe < 0) giveUp();
    markConstraint(s, fe, k);
  }
}

/**
 * The segment a–b crosses the constraint c–d: split both at their intersection (or at a vertex
 * within snapping distance) and queue the pieces. Returns the split vertex.
 */
function splitAtCrossing(s: Cdt, a: number, b: number, kind: number, c: number, d: number, crossedKind: number, work: number[]): number {
  const ax = s.xs[a]!,
    ay = s.ys[a]!,
    bx = s.xs[b]!,
    by = s.ys[b]!;
  const cx = s.xs[c]!,
    cy = s.ys[c]!,
    dx = s.xs[d]!,
    dy = s.ys[d]!;
  const den = (bx - ax) * (dy - cy) - (by - ay) * (dx - cx);
  let tt = den === 0 ? 0.5 : ((cx - ax) * (dy - cy) - (cy - ay) * (dx - cx)) / den;
  tt = Math.min(1, Math.max(0, tt));
  const x = ax + tt * (bx - ax),
    y = ay + tt * (by - ay);
  const near = (v: number): boolean => Math.hypot(s.xs[v]! - x, s.ys[v]! - y) <= s.snap;
  let v: number;
  if (near(c)) v = c;
  else if (near(d)) v = d;
  else {
    const e = findEdge(s, c, d);
    if (e >= 0) {
      markConstraint(s, e, 0);
      s.last = (e / 3) | 0; // start the point location next to the crossing
    }
    v = near(a) ? a : near(b) ? b : insertPoint(s, x, y, true);
    if (v !== c && v !== d) {
      // c–d is split at v: re-add its two halves.
      work.push(a, b, kind);
      work.push(v, d, crossedKind, c, v, crossedKind);
      return v;
    }
  }
  // The segment a–b passes through v (a vertex of c–d).
  work.push(v, b, kind, a, v, kind);
  return v;
}

/**
 * Flips every unconstrained edge between two kept triangles that is not locally Delaunay, until
 * none is left (the result is the constrained Delaunay triangulation of the kept region).
 * @internal
 */
export function restoreDelaunay(s: Cdt, keep: Uint8Array): void {
  const stack: number[] = [];
  const n = cdtTriangleCount(s);
  for (let t = 0; t < n; t++) if (keep[t]) for (let i = 0; i < 3; i++) stack.push(t, i);
  while (stack.length > 0) {
    const i = stack.pop()!;
    const t = stack.pop()!;
    if (--s.budget < 0) giveUp();
    const o = 3 * t;
    if (s.tc[o + i]) continue;
    const u = s.tn[o + i]!;
    if (u < 0 || !keep[u]) continue;
    const a = s.tv[o + i]!,
      b = s.tv[o + ((i + 1) % 3)]!,
      c = s.tv[o + ((i + 2) % 3)]!;
    const j = twinIndex(s, u, a, b);
    const d = s.tv[3 * u + ((j + 2) % 3)]!;
    if (incircle(s.xs[a]!, s.ys[a]!, s.xs[b]!, s.ys[b]!, s.xs[c]!, s.ys[c]!, s.xs[d]!, s.ys[d]!) > 0) {
      const u2 = flipEdge(s, t, i);
      stack.push(t, 0, t, 2, u2, 0, u2, 2);
    }
  }
}

/**
 * Marks the triangles enclosed by an odd number of constraint rings (flood fill from the super
 * triangle, crossing a constraint flips inside/outside).
 * @internal
 */
export function classifyByParity(s: Cdt, kind = 1): Uint8Array {
  const n = cdtTriangleCount(s);
  const depth = new Int32Array(n).fill(-1);
  let frontier: number[] = [];
  for (let t = 0; t < n; t++) {
    const o = 3 * t;
    if (s.tv[o]! < 3 || s.tv[o + 1]! < 3 || s.tv[o + 2]! < 3) {
      depth[t] = 0;
      frontier.push(t);
    }
  }
  let level = 0;
  while (frontier.length > 0) {
    const next: number[] = [];
    for (let k = 0; k < frontier.length; k++) {
      const t = frontier[k]!;
      for (let i = 0; i < 3; i++) {
        const u = s.tn[3 * t + i]!;
        if (u < 0 || depth[u] !== -1) continue;
        if (s.tc[3 * t + i] === kind) {
          depth[u] = level + 1;
          next.push(u);
        } else {
          depth[u] = level;
          frontier.push(u);
        }
      }
    }
    frontier = next;
    level++;
  }
  const keep = new Uint8Array(n);
  for (let t = 0; t < n; t++) keep[t] = depth[t]! % 2 === 1 ? 1 : 0;
  return keep;
}
