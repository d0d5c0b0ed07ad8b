// An independent reference for shortest paths inside a polygon with holes: Dijkstra over the
// visibility graph of every ring vertex, with visibility decided from the rings (no mesh).

export interface Domain {
  outer: number[];
  holes: number[][];
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

function properCross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy),
    o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay),
    o4 = orient(cx, cy, dx, dy, bx, by);
  return ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0));
}

function inRing(ring: number[], x: number, y: number): boolean {
  let inside = false;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[2 * i]!,
      yi = ring[2 * i + 1]!,
      xj = ring[2 * j]!,
      yj = ring[2 * j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onRing(ring: number[], x: number, y: number, eps: number): boolean {
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = ring[2 * i]!,
      ay = ring[2 * i + 1]!,
      bx = ring[2 * j]!,
      by = ring[2 * j + 1]!;
    const l2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / l2));
    if (Math.hypot(ax + t * (bx - ax) - x, ay + t * (by - ay) - y) <= eps) return true;
  }
  return false;
}

/** True when (x, y) is in the closed free space. */
export function insideDomain(d: Domain, x: number, y: number, eps = 1e-9): boolean {
  for (const r of [d.outer, ...d.holes]) if (onRing(r, x, y, eps)) return true;
  if (!inRing(d.outer, x, y)) return false;
  for (const h of d.holes) if (inRing(h, x, y)) return false;
  return true;
}

/** True when the segment stays in the free space (touching the boundary allowed). */
export function segmentFree(d: Domain, ax: number, ay: number, bx: number, by: number): boolean {
  for (const r of [d.outer, ...d.holes]) {
    const n = r.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      if (properCross(ax, ay, bx, by, r[2 * i]!, r[2 * i + 1]!, r[2 * j]!, r[2 * j + 1]!)) return false;
    }
  }
  for (const t of [0.5, 0.25, 0.75, 0.125, 0.875]) if (!insideDomain(d, ax + t * (bx - ax), ay + t * (by - ay))) return false;
  return true;
}

/** Length of the Euclidean shortest path from s to g inside the domain (Infinity if none). */
export function referenceShortest(d: Domain, sx: number, sy: number, gx: number, gy: number): number {
  const pts: number[] = [sx, sy, gx, gy];
  for (const r of [d.outer, ...d.holes]) pts.push(...r);
  const n = pts.length / 2;
  const dist = new Float64Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  dist[0] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0) return Infinity;
    if (u === 1) return dist[1]!;
    done[u] = 1;
    for (let w = 0; w < n; w++) {
      if (done[w]) continue;
      const nd = dist[u]! + Math.hypot(pts[2 * w]! - pts[2 * u]!, pts[2 * w + 1]! - pts[2 * u + 1]!);
      if (nd < dist[w]! && segmentFree(d, pts[2 * u]!, pts[2 * u + 1]!, pts[2 * w]!, pts[2 * w + 1]!)) dist[w] = nd;
    }
  }
}
