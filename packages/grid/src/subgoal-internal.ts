import type { SubgoalGraph } from "./subgoal-graph";
import { SQRT2_MINUS_1 } from "./heuristics";

// Helpers of the subgoal graphs (Uras & Koenig), shared by the simple and two-level graphs; not exported from the index.

export const DX = [0, 1, 1, 1, 0, -1, -1, -1];
export const DY = [-1, -1, 0, 1, 1, 1, 0, -1];

export function legalStep(open: Uint8Array, p: number, d: number, pw: number): boolean {
  const q = p + DX[d]! + DY[d]! * pw;
  if (open[q] !== 1) return false;
  if ((d & 1) === 0) return true;
  return open[p + DX[d]!] === 1 && open[p + DY[d]! * pw] === 1;
}

// Moves from p in direction d before reaching a subgoal or being blocked.
export function clearance(sg: SubgoalGraph, p: number, d: number): number {
  if ((d & 1) === 0) return sg.clear[(d >> 1) * sg.open.length + p]!;
  const { open, isSubgoal, pw } = sg;
  const step = DX[d]! + DY[d]! * pw;
  let k = 0;
  while (legalStep(open, p, d, pw) && isSubgoal[p + step] !== 1) {
    p += step;
    k++;
  }
  return k;
}

// The subgoal right after the clearance run from p in direction d, or -1.
export function subgoalAfter(sg: SubgoalGraph, p: number, d: number, k: number): number {
  const step = DX[d]! + DY[d]! * sg.pw;
  const last = p + k * step;
  if (!legalStep(sg.open, last, d, sg.pw)) return -1;
  const q = last + step;
  return sg.isSubgoal[q] === 1 ? q : -1;
}

// Appends the node of subgoal cell `cell` to `reach[0..n)` unless present; returns the new n.
export function addReach(sg: SubgoalGraph, reach: Int32Array, n: number, cell: number): number {
  const node = sg.nodeOf[cell]!;
  for (let i = 0; i < n; i++) if (reach[i] === node) return n;
  reach[n] = node;
  return n + 1;
}

// Direct-h-reachable subgoals of padded cell s (Listing 15.1); writes node ids into `reach`.
export function directHReachable(sg: SubgoalGraph, s: number, reach: Int32Array = sg.reach): number {
  let n = 0;
  for (let d = 0; d < 8; d++) {
    const q = subgoalAfter(sg, s, d, clearance(sg, s, d));
    if (q >= 0) n = addReach(sg, reach, n, q);
  }
  const pw = sg.pw;
  for (let d = 1; d < 8; d += 2) {
    const dstep = DX[d]! + DY[d]! * pw;
    const nDiag = clearance(sg, s, d);
    for (let side = 0; side < 2; side++) {
      const c = side === 0 ? (d + 7) & 7 : (d + 1) & 7;
      let maxLine = clearance(sg, s, c);
      let cur = s;
      for (let i = 1; i <= nDiag; i++) {
        cur += dstep;
        const l = clearance(sg, cur, c);
        if (l < maxLine) {
          maxLine = l;
          const q = subgoalAfter(sg, cur, c, l);
          if (q >= 0) n = addReach(sg, reach, n, q);
        }
      }
    }
  }
  return n;
}

// Octile distance written into out[0] (a typed-array slot: a returned fraction could be boxed).
export function oct(out: Float64Array, pw: number, a: number, b: number): void {
  const ay = (a / pw) | 0;
  const by = (b / pw) | 0;
  let dx = a - ay * pw - (b - by * pw);
  let dy = ay - by;
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  out[0] = dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx;
}

export function octile(pw: number, a: number, b: number): number {
  const ay = (a / pw) | 0;
  const by = (b / pw) | 0;
  let dx = a - ay * pw - (b - by * pw);
  let dy = ay - by;
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  return dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx;
}

// True when the diagonal-first path from a to b is unblocked.
export function directPathFree(sg: SubgoalGraph, a: number, b: number): boolean {
  const { pw, open } = sg;
  const ay = (a / pw) | 0;
  const by = (b / pw) | 0;
  const dx = b - by * pw - (a - ay * pw);
  const dy = by - ay;
  const sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  const adx = dx * sx;
  const ady = dy * sy;
  const nDiag = adx < ady ? adx : ady;
  let p = a;
  if (nDiag > 0) {
    const hs = sx;
    const vs = sy * pw;
    const ds = hs + vs;
    for (let i = 0; i < nDiag; i++) {
      if (open[p + ds] !== 1 || open[p + hs] !== 1 || open[p + vs] !== 1) return false;
      p += ds;
    }
  }
  const step = adx > ady ? sx : sy * pw;
  const nCard = adx > ady ? adx - ady : ady - adx;
  for (let i = 0; i < nCard; i++) {
    p += step;
    if (open[p] !== 1) return false;
  }
  return true;
}
