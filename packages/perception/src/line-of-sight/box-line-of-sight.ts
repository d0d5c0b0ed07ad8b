import type { ReadonlyAabb } from "@tactica/core";
import { checkNumber, configError } from "../errors";
import type { LineOfSight } from "./types";

/** Options for {@link boxLineOfSight}. */
export interface BoxLineOfSightOptions {
  /**
   * Side of the bucket cells in world units, > 0. Default: about one box per cell
   * (`sqrt(boundsArea / boxCount)`), at most 2^20 cells.
   */
  readonly cellSize?: number;
}

/** Most bucket cells {@link boxLineOfSight} builds. */
const MAX_CELLS = 1 << 20;

/**
 * A {@link LineOfSight} over a fixed set of axis-aligned boxes (walls, crates), with a uniform bucket
 * grid as broad phase: the ray walks the cells it crosses (Amanatides–Woo) and tests each box in them
 * once with the slab test of core's `aabbIntersectsSegment` (same arithmetic), so it answers exactly
 * like testing every box (a ray that touches a box is blocked) at a fraction of the cost. The boxes
 * are copied; build it once, not per frame. Each call is allocation-free inside (coordinates stay in
 * a typed-array scratch, so no number is boxed). Throws `PERCEPTION_CONFIG` for a box with a non-finite or
 * inverted extent (naming `boxes[i]`) or a bad `cellSize`.
 *
 * @param boxes - The blocking boxes `{ minX, minY, maxX, maxY }` in world units (finite, `max ≥ min`), copied; `[]` gives a test that never blocks.
 * @param options - `cellSize`: side of the bucket cells, world units, > 0 (default about one box per cell, at most 2^20 cells).
 *
 * @example
 * ```ts
 * const los = boxLineOfSight([{ minX: 4, minY: -1, maxX: 5, maxY: 1 }]);
 * canSee({ viewRange: 10, fieldOfView: Math.PI }, 0, 0, 0, 8, 0, { lineOfSight: los }); // false: the box is in the way
 * los(0, 2, 8, 2);                                                                    // true: passes above it
 * ```
 */
export function boxLineOfSight(boxes: readonly ReadonlyAabb[], options?: BoxLineOfSightOptions): LineOfSight {
  const input: unknown = boxes;
  if (!Array.isArray(input)) configError("boxLineOfSight", "boxes must be an array of { minX, minY, maxX, maxY }.", "boxes");
  const n = boxes.length;
  const own = new Float64Array(4 * n);
  let bx0 = Infinity;
  let by0 = Infinity;
  let bx1 = -Infinity;
  let by1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const b = boxes[i] as unknown;
    if (typeof b !== "object" || b === null) configError("boxLineOfSight", `boxes[${i}] is not an object; pass { minX, minY, maxX, maxY }.`, `boxes[${i}]`);
    const fn = `boxLineOfSight: boxes[${i}]`;
    const r = b as ReadonlyAabb;
    const minX = checkNumber(fn, "minX", r.minX);
    const minY = checkNumber(fn, "minY", r.minY);
    const maxX = checkNumber(fn, "maxX", r.maxX, minX);
    const maxY = checkNumber(fn, "maxY", r.maxY, minY);
    own[4 * i] = minX;
    own[4 * i + 1] = minY;
    own[4 * i + 2] = maxX;
    own[4 * i + 3] = maxY;
    if (minX < bx0) bx0 = minX;
    if (minY < by0) by0 = minY;
    if (maxX > bx1) bx1 = maxX;
    if (maxY > by1) by1 = maxY;
  }
  if (n === 0) return () => true;
  const width = Math.max(bx1 - bx0, 1e-9);
  const height = Math.max(by1 - by0, 1e-9);
  let cs = options?.cellSize === undefined ? Math.sqrt((width * height) / n) : checkNumber("boxLineOfSight", "cellSize", options.cellSize, Number.MIN_VALUE);
  // Never more than MAX_CELLS cells (and never a 0-sized cell for a degenerate bound).
  cs = Math.max(cs, Math.sqrt((width * height) / MAX_CELLS), width / 1024, height / 1024);
  const nx = Math.min(Math.ceil(width / cs) + 1, 1 << 15);
  const ny = Math.min(Math.ceil(height / cs) + 1, 1 << 15);
  const cellX = (x: number): number => Math.min(nx - 1, Math.max(0, Math.floor((x - bx0) / cs)));
  const cellY = (y: number): number => Math.min(ny - 1, Math.max(0, Math.floor((y - by0) / cs)));
  // CSR buckets: every box in every cell whose closed square it touches (one cell of slack each side).
  const start = new Int32Array(nx * ny + 1);
  const each = (i: number, visit: (c: number) => void): void => {
    const x0 = cellX(own[4 * i]! - 1e-9 * cs) - 1;
    const y0 = cellY(own[4 * i + 1]! - 1e-9 * cs) - 1;
    const x1 = cellX(own[4 * i + 2]! + 1e-9 * cs);
    const y1 = cellY(own[4 * i + 3]! + 1e-9 * cs);
    for (let y = Math.max(0, y0); y <= y1; y++) for (let x = Math.max(0, x0); x <= x1; x++) visit(y * nx + x);
  };
  for (let i = 0; i < n; i++) each(i, (c) => start[c + 1]!++);
  for (let c = 0; c < nx * ny; c++) start[c + 1]! += start[c]!;
  const items = new Int32Array(start[nx * ny]!);
  const fill = start.slice(0, nx * ny);
  for (let i = 0; i < n; i++) each(i, (c) => (items[fill[c]!++] = i));
  const stamp = new Uint32Array(n);
  let query = 0;
  // Segment p → q as origin + t · direction, t ∈ [0, 1]; kept in a typed array so nothing is boxed.
  const seg = new Float64Array(4);
  const testCell = (c: number): boolean => {
    const ox = seg[0]!;
    const oy = seg[1]!;
    const dx = seg[2]!;
    const dy = seg[3]!;
    for (let k = start[c]!; k < start[c + 1]!; k++) {
      const i = items[k]!;
      if (stamp[i] === query) continue;
      stamp[i] = query;
      // core's clipLineToBox (slab test), inlined.
      let lo = 0;
      let hi = 1;
      if (dx === 0) {
        if (ox < own[4 * i]! || ox > own[4 * i + 2]!) continue;
      } else {
        const t1 = (own[4 * i]! - ox) / dx;
        const t2 = (own[4 * i + 2]! - ox) / dx;
        lo = Math.max(lo, Math.min(t1, t2));
        hi = Math.min(hi, Math.max(t1, t2));
        if (lo > hi) continue;
      }
      if (dy === 0) {
        if (oy < own[4 * i + 1]! || oy > own[4 * i + 3]!) continue;
      } else {
        const t1 = (own[4 * i + 1]! - oy) / dy;
        const t2 = (own[4 * i + 3]! - oy) / dy;
        lo = Math.max(lo, Math.min(t1, t2));
        hi = Math.min(hi, Math.max(t1, t2));
        if (lo > hi) continue;
      }
      return true;
    }
    return false;
  };
  const gx1 = bx0 + nx * cs;
  const gy1 = by0 + ny * cs;
  // The ray walk reads the segment from `seg`: the returned function is tiny, so V8 inlines it into
  // its caller and no coordinate is boxed to cross a call.
  const walk = (): boolean => {
    const x0 = seg[0]!;
    const y0 = seg[1]!;
    const dx = seg[2]!;
    const dy = seg[3]!;
    // Clip the segment to the grid's bounds (no box lies outside them).
    let t0 = 0;
    let t1 = 1;
    if (dx === 0) {
      if (x0 < bx0 || x0 > gx1) return true;
    } else {
      let a = (bx0 - x0) / dx;
      let b = (gx1 - x0) / dx;
      if (a > b) {
        const t = a;
        a = b;
        b = t;
      }
      if (a > t0) t0 = a;
      if (b < t1) t1 = b;
    }
    if (dy === 0) {
      if (y0 < by0 || y0 > gy1) return true;
    } else {
      let a = (by0 - y0) / dy;
      let b = (gy1 - y0) / dy;
      if (a > b) {
        const t = a;
        a = b;
        b = t;
      }
      if (a > t0) t0 = a;
      if (b < t1) t1 = b;
    }
    if (!(t0 <= t1)) return true;
    // Stays a small integer (no boxed number in the closure's context).
    query = query + 1;
    if (query > 0x3fffffff) {
      stamp.fill(0);
      query = 1;
    }
    let cx = Math.min(nx - 1, Math.max(0, Math.floor((x0 + t0 * dx - bx0) / cs)));
    let cy = Math.min(ny - 1, Math.max(0, Math.floor((y0 + t0 * dy - by0) / cs)));
    const ex = Math.min(nx - 1, Math.max(0, Math.floor((x0 + t1 * dx - bx0) / cs)));
    const ey = Math.min(ny - 1, Math.max(0, Math.floor((y0 + t1 * dy - by0) / cs)));
    const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0;
    const stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    const tdx = stepX === 0 ? 1e300 : cs / Math.abs(dx);
    const tdy = stepY === 0 ? 1e300 : cs / Math.abs(dy);
    let tmx = stepX === 0 ? 1e300 : ((stepX > 0 ? bx0 + (cx + 1) * cs : bx0 + cx * cs) - x0) / dx;
    let tmy = stepY === 0 ? 1e300 : ((stepY > 0 ? by0 + (cy + 1) * cs : by0 + cy * cs) - y0) / dy;
    // (1e300, not Infinity, for an axis never stepped: an Infinity here made V8 box the doubles of the
    // loop, allocating on every ray.) At most one cell per column and row crossed, plus the first;
    // bounded, so no float quirk can hang.
    for (let guard = nx + ny + 2; guard > 0; guard--) {
      if (testCell(cy * nx + cx)) return false;
      if (cx !== ex && (cy === ey || tmx < tmy)) {
        cx += stepX;
        tmx += tdx;
      } else if (cy !== ey) {
        cy += stepY;
        tmy += tdy;
      } else break;
    }
    return true;
  };
  return (x0, y0, x1, y1) => {
    seg[0] = x0;
    seg[1] = y0;
    seg[2] = x1 - x0;
    seg[3] = y1 - y0;
    return walk();
  };
}
