// Solid shapes as spans: boxes, cylinders and convex volumes (extruded convex polygons).
import { addSpan as addSpan_ } from "./heightfield";
import { SPAN_MAX_HEIGHT as SPAN_MAX_HEIGHT_, type Heightfield } from "./types";
import { NavMeshErrorCodes } from "../errors";
import { showValue, voxelError } from "./errors";
// Local bindings: hot loops must not go through module live-binding getters.
const addSpan = addSpan_;
const SPAN_MAX_HEIGHT = SPAN_MAX_HEIGHT_;

function checkArea(fn: string, area: number): void {
  if (!(area >= 0 && area <= 63 && (area | 0) === area))
    throw voxelError(NavMeshErrorCodes.Config, fn, `"area" must be an area id, an integer in 0..63 (0 = obstacle), but is ${showValue(area)}.`, "area");
}

function checkFinite(fn: string, name: string, v: unknown): void {
  if (!(typeof v === "number" && v - v === 0))
    throw voxelError(NavMeshErrorCodes.BadInput, fn, `"${name}" must be a finite number (world units) but is ${showValue(v)}.`, name);
}

function checkNonNegative(fn: string, name: string, v: number): void {
  if (!(v >= 0 && v - v === 0))
    throw voxelError(NavMeshErrorCodes.BadInput, fn, `"${name}" must be a finite number ≥ 0 (world units) but is ${showValue(v)}.`, name);
}

function checkPoint(fn: string, name: string, p: ArrayLike<number>): void {
  if (p === null || typeof p !== "object" || !(p.length >= 3))
    throw voxelError(NavMeshErrorCodes.BadInput, fn, `"${name}" must be an x, y, z point but is ${showValue(p)}.`, name);
  for (let i = 0; i < 3; i++) if (!(p[i]! - p[i]! === 0)) checkFinite(fn, `${name}[${i}]`, p[i]);
}

function spanRange(hf: Heightfield, ymin: number, ymax: number): [number, number] | undefined {
  const by = hf.bmax[1]! - hf.bmin[1]!;
  let lo = ymin - hf.bmin[1]!,
    hi = ymax - hf.bmin[1]!;
  if (hi < 0 || lo > by) return undefined;
  lo = Math.max(lo, 0);
  hi = Math.min(hi, by);
  const a = Math.min(Math.max(Math.floor(lo / hf.cellHeight), 0), SPAN_MAX_HEIGHT);
  const b = Math.min(Math.max(Math.ceil(hi / hf.cellHeight), a + 1), SPAN_MAX_HEIGHT);
  return [a, b];
}

function columns(
  hf: Heightfield,
  minX: number,
  minZ: number,
  maxX: number,
  maxZ: number,
  inside: (x: number, z: number) => boolean,
  lo: number,
  hi: number,
  area: number,
): number {
  const cs = hf.cellSize;
  const x0 = Math.max(0, Math.floor((minX - hf.bmin[0]!) / cs)),
    x1 = Math.min(hf.width - 1, Math.floor((maxX - hf.bmin[0]!) / cs));
  const z0 = Math.max(0, Math.floor((minZ - hf.bmin[2]!) / cs)),
    z1 = Math.min(hf.depth - 1, Math.floor((maxZ - hf.bmin[2]!) / cs));
  let n = 0;
  for (let z = z0; z <= z1; z++) {
    for (let x = x0; x <= x1; x++) {
      const px = hf.bmin[0]! + (x + 0.5) * cs,
        pz = hf.bmin[2]! + (z + 0.5) * cs;
      if (!inside(px, pz)) continue;
      addSpan(hf, x, z, lo, hi, area, 1);
      n++;
    }
  }
  return n;
}

/**
 * Adds a solid axis-aligned box (world units) to the heightfield in every column whose centre
 * it covers; its top gets area id `area` (0 for an obstacle, 63 for a walkable crate). Returns
 * the number of columns touched.
 *
 * @param hf - The heightfield, changed in place (spans added).
 * @param bmin - Box minimum corner `x, y, z` (world units, y up).
 * @param bmax - Box maximum corner `x, y, z` (world units).
 * @param area - Area id of the box's top, an integer in 0..63: 0 for an obstacle, 63 for a walkable crate.
 * @throws TacticaError `NAVMESH_CONFIG` for an `area` outside 0..63; `NAVMESH_BAD_INPUT` for a corner that is not three finite numbers.
 */
export function rasterizeBox(hf: Heightfield, bmin: ArrayLike<number>, bmax: ArrayLike<number>, area: number): number {
  checkArea("rasterizeBox", area);
  checkPoint("rasterizeBox", "bmin", bmin);
  checkPoint("rasterizeBox", "bmax", bmax);
  const r = spanRange(hf, bmin[1]!, bmax[1]!);
  if (!r) return 0;
  return columns(hf, bmin[0]!, bmin[2]!, bmax[0]!, bmax[2]!, () => true, r[0], r[1], area);
}

/**
 * Adds a solid vertical cylinder standing on `base` (`x, y, z`, world units) with `radius` and
 * `height`. Returns the number of columns touched.
 *
 * @param hf - The heightfield, changed in place (spans added).
 * @param base - Centre of the cylinder's bottom `x, y, z` (world units, y up).
 * @param radius - Cylinder radius, world units, finite ≥ 0 (tested at column centres).
 * @param height - Cylinder height above `base[1]`, world units, finite ≥ 0.
 * @param area - Area id of the top, an integer in 0..63: 0 for an obstacle, 63 walkable.
 * @throws TacticaError `NAVMESH_CONFIG` for an `area` outside 0..63; `NAVMESH_BAD_INPUT` for a non-finite `base`, or a `radius` or `height` that is negative or not finite.
 */
export function rasterizeCylinder(hf: Heightfield, base: ArrayLike<number>, radius: number, height: number, area: number): number {
  const FN = "rasterizeCylinder";
  checkArea(FN, area);
  checkPoint(FN, "base", base);
  checkNonNegative(FN, "radius", radius);
  checkNonNegative(FN, "height", height);
  const r = spanRange(hf, base[1]!, base[1]! + height);
  if (!r) return 0;
  const cx = base[0]!,
    cz = base[2]!,
    r2 = radius * radius;
  return columns(hf, cx - radius, cz - radius, cx + radius, cz + radius, (x, z) => (x - cx) * (x - cx) + (z - cz) * (z - cz) <= r2, r[0], r[1], area);
}

/**
 * Adds a convex volume: the convex polygon `xz` (`x0, z0, x1, z1, …`, either winding) extruded
 * from `ymin` to `ymax`. Returns the number of columns touched.
 *
 * @param hf - The heightfield, changed in place (spans added).
 * @param xz - The convex polygon `x0, z0, x1, z1, …` (world units, either winding, at least 3 vertices, else nothing is added).
 * @param ymin - Bottom of the volume, world units, finite.
 * @param ymax - Top of the volume, world units, finite.
 * @param area - Area id of the top, an integer in 0..63: 0 for an obstacle, 63 walkable.
 * @throws TacticaError `NAVMESH_CONFIG` for an `area` outside 0..63; `NAVMESH_BAD_INPUT` for a non-finite `ymin`, `ymax` or `xz` coordinate.
 */
export function rasterizeConvexVolume(hf: Heightfield, xz: ArrayLike<number>, ymin: number, ymax: number, area: number): number {
  const FN = "rasterizeConvexVolume";
  checkArea(FN, area);
  checkFinite(FN, "ymin", ymin);
  checkFinite(FN, "ymax", ymax);
  for (let i = 0; i < xz.length; i++) if (!(xz[i]! - xz[i]! === 0)) checkFinite(FN, `xz[${i}]`, xz[i]);
  const r = spanRange(hf, ymin, ymax);
  if (!r || xz.length < 6) return 0;
  let minX = Infinity,
    minZ = Infinity,
    maxX = -Infinity,
    maxZ = -Infinity;
  for (let i = 0; i + 1 < xz.length; i += 2) {
    minX = Math.min(minX, xz[i]!);
    maxX = Math.max(maxX, xz[i]!);
    minZ = Math.min(minZ, xz[i + 1]!);
    maxZ = Math.max(maxZ, xz[i + 1]!);
  }
  return columns(hf, minX, minZ, maxX, maxZ, (x, z) => pointInPolygonXZ(xz, x, z), r[0], r[1], area);
}

/** Even-odd point-in-polygon test on `x0, z0, x1, z1, …`. @internal */
export function pointInPolygonXZ(xz: ArrayLike<number>, x: number, z: number): boolean {
  const n = xz.length >> 1;
  let c = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = xz[2 * i]!,
      zi = xz[2 * i + 1]!,
      xj = xz[2 * j]!,
      zj = xz[2 * j + 1]!;
    if (zi > z !== zj > z && x < ((xj - xi) * (z - zi)) / (zj - zi) + xi) c = !c;
  }
  return c;
}
