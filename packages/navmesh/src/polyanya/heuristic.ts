import { NodeFlags, type PolyanyaNodes } from "./nodes";

/**
 * Sets `f = g + h` of node `id` for the target `(t[0], t[1])`: `h` is the length of the shortest
 * path from the root through a point of the interval to the target, ignoring obstacles beyond the
 * interval. When the target lies on the root's side of the interval's line it is mirrored across
 * that line first (every path through the interval crosses the line, so the mirrored distance is
 * still a lower bound, and a much better one). A root on the interval's edge (collinear node)
 * sees the whole polygon beyond: `h` is the straight distance. @internal
 */
export function setNodeF(s: PolyanyaNodes, id: number, t: Float64Array): void {
  const rx = s.rootX[id]!,
    ry = s.rootY[id]!;
  let tx = t[0]!,
    ty = t[1]!;
  let h: number;
  if ((s.flags[id]! & NodeFlags.Collinear) !== 0) {
    h = Math.sqrt((tx - rx) * (tx - rx) + (ty - ry) * (ty - ry));
  } else {
    const ax = s.ax[id]!,
      ay = s.ay[id]!,
      bx = s.bx[id]!,
      by = s.by[id]!;
    const ex = bx - ax,
      ey = by - ay;
    const sideRoot = ex * (ry - ay) - ey * (rx - ax);
    const sideT = ex * (ty - ay) - ey * (tx - ax);
    if ((sideRoot > 0 && sideT > 0) || (sideRoot < 0 && sideT < 0)) {
      // Mirror the target across the interval's line.
      const l2 = ex * ex + ey * ey;
      const k = (2 * sideT) / l2;
      tx += k * ey;
      ty -= k * ex;
    }
    // Right of the ray root→right end: through the right end; left of root→left end: through the left end.
    if ((ax - rx) * (ty - ry) - (ay - ry) * (tx - rx) < 0) {
      h = Math.sqrt((ax - rx) * (ax - rx) + (ay - ry) * (ay - ry)) + Math.sqrt((tx - ax) * (tx - ax) + (ty - ay) * (ty - ay));
    } else if ((bx - rx) * (ty - ry) - (by - ry) * (tx - rx) > 0) {
      h = Math.sqrt((bx - rx) * (bx - rx) + (by - ry) * (by - ry)) + Math.sqrt((tx - bx) * (tx - bx) + (ty - by) * (ty - by));
    } else {
      h = Math.sqrt((tx - rx) * (tx - rx) + (ty - ry) * (ty - ry));
    }
  }
  s.f[id] = s.g[id]! + h;
}
