// The slab test shared by segment–box and ray–box casts.

/**
 * Clips the parametric line `o + d·t`, `t ∈ [0, tMax]`, against the box `[minX, maxX] × [minY, maxY]`
 * (slab method). Returns the entry parameter (0 when `o` is inside or on the boundary) or -1 on a
 * miss. Axis-parallel directions are handled without division by zero.
 *
 * @internal Shared by aabb.ts and ray.ts; not exported from the package.
 */
export function clipLineToBox(minX: number, minY: number, maxX: number, maxY: number, ox: number, oy: number, dx: number, dy: number, tMax: number): number {
  let lo = 0;
  let hi = tMax;
  if (dx === 0) {
    if (ox < minX || ox > maxX) return -1;
  } else {
    const t1 = (minX - ox) / dx;
    const t2 = (maxX - ox) / dx;
    lo = Math.max(lo, Math.min(t1, t2));
    hi = Math.min(hi, Math.max(t1, t2));
    if (lo > hi) return -1;
  }
  if (dy === 0) {
    if (oy < minY || oy > maxY) return -1;
  } else {
    const t1 = (minY - oy) / dy;
    const t2 = (maxY - oy) / dy;
    lo = Math.max(lo, Math.min(t1, t2));
    hi = Math.min(hi, Math.max(t1, t2));
    if (lo > hi) return -1;
  }
  return lo;
}
