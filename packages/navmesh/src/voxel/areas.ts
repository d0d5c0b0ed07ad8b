// Area marking on the compact heightfield, after Recast's RecastArea.cpp (Recast © Mikko Mononen, zlib licence).
import { NavMeshErrorCodes } from "../errors";
import { showValue, voxelError } from "./errors";
import { pointInPolygonXZ as pointInPolygonXZ_ } from "./rasterize-shapes";
import { NULL_AREA as NULL_AREA_, type CompactHeightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const pointInPolygonXZ = pointInPolygonXZ_;
const NULL_AREA = NULL_AREA_;

/** Options of the area-marking functions ({@link markBoxArea}, {@link markCylinderArea}, {@link markPolygonArea}). */
export interface MarkAreaOptions {
  /**
   * Custom tag (an integer 1 .. 2^31 − 1, e.g. `FORESTED = 1`) written to the marked spans'
   * `chf.tags`; the build keeps tagged spans in their own regions and the resulting polygons
   * carry the tag in `navMesh.tags` (see {@link createTagCost} to cost or exclude them).
   */
  readonly tag?: number;
}

/** @internal Checks a marking's area id and tag; returns the tag (0 = none). */
export function checkAreaAndTag(fn: string, area: number, options: MarkAreaOptions | undefined): number {
  if (typeof area !== "number" || !Number.isInteger(area) || area < 0 || area > 63)
    throw voxelError(NavMeshErrorCodes.Config, fn, `"area" must be an integer in 0..63, got ${showValue(area)}.`, "area");
  const tag = options?.tag;
  if (tag === undefined) return 0;
  if (typeof tag !== "number" || !Number.isInteger(tag) || tag < 1 || tag > 0x7fffffff)
    throw voxelError(NavMeshErrorCodes.Config, fn, `"tag" must be an integer in 1..2147483647, got ${showValue(tag)}.`, "tag");
  return tag;
}

function markCells(
  chf: CompactHeightfield,
  minX: number,
  minZ: number,
  maxX: number,
  maxZ: number,
  ymin: number,
  ymax: number,
  inside: (x: number, z: number) => boolean,
  area: number,
  tag: number,
): number {
  let tags = chf.tags;
  if (tag !== 0 && !tags) tags = chf.tags = new Int32Array(chf.spanCount);
  const cs = chf.cellSize,
    ch = chf.cellHeight;
  const x0 = Math.max(0, Math.floor((minX - chf.bmin[0]!) / cs)),
    x1 = Math.min(chf.width - 1, Math.floor((maxX - chf.bmin[0]!) / cs));
  const z0 = Math.max(0, Math.floor((minZ - chf.bmin[2]!) / cs)),
    z1 = Math.min(chf.depth - 1, Math.floor((maxZ - chf.bmin[2]!) / cs));
  const y0 = Math.floor((ymin - chf.bmin[1]!) / ch),
    y1 = Math.floor((ymax - chf.bmin[1]!) / ch);
  let n = 0;
  for (let z = z0; z <= z1; z++) {
    for (let x = x0; x <= x1; x++) {
      if (!inside(chf.bmin[0]! + (x + 0.5) * cs, chf.bmin[2]! + (z + 0.5) * cs)) continue;
      const c = x + z * chf.width;
      for (let i = chf.cellIndex[c]!, end = i + chf.cellCount[c]!; i < end; i++) {
        if (chf.areas[i] === NULL_AREA) continue;
        const y = chf.y[i]!;
        if (y >= y0 && y <= y1) {
          chf.areas[i] = area;
          if (tags) tags[i] = tag;
          n++;
        }
      }
    }
  }
  return n;
}

/**
 * Sets area id `area` (0..63) on walkable spans whose floor lies inside the box `bmin .. bmax`
 * (world units), and `options.tag` as their custom tag (a span marked without a tag loses its
 * tag). Returns the number of spans changed. Throws `NAVMESH_CONFIG` for a bad area or tag.
 *
 * @param chf - The compact heightfield, changed in place: `areas` (and `tags`, created on the first tagged marking) of the spans inside.
 * @param bmin - Box minimum corner `x, y, z` (world units, y up).
 * @param bmax - Box maximum corner `x, y, z` (world units); a span counts when its cell overlaps the box in x, z and its floor lies between the two heights.
 * @param area - Area id to write, an integer in 0..63 (0 makes the spans unwalkable).
 * @param options - `tag`: custom tag, an integer in 1..2^31 − 1 (default none: marked spans lose their tag).
 */
export function markBoxArea(chf: CompactHeightfield, bmin: ArrayLike<number>, bmax: ArrayLike<number>, area: number, options?: MarkAreaOptions): number {
  const tag = checkAreaAndTag("markBoxArea", area, options);
  return markCells(chf, bmin[0]!, bmin[2]!, bmax[0]!, bmax[2]!, bmin[1]!, bmax[1]!, () => true, area, tag);
}

/**
 * Sets area id `area` (and `options.tag`) on walkable spans inside the vertical cylinder
 * standing on `base` (`x, y, z`) with `radius` and `height` (world units). Returns the number
 * of spans changed.
 *
 * @param chf - The compact heightfield, changed in place: `areas` (and `tags`) of the spans inside.
 * @param base - Centre of the cylinder's bottom `x, y, z` (world units, y up).
 * @param radius - Cylinder radius, world units (tested at cell centres).
 * @param height - Cylinder height above `base[1]`, world units.
 * @param area - Area id to write, an integer in 0..63.
 * @param options - `tag`: custom tag, an integer in 1..2^31 − 1 (default none: marked spans lose their tag).
 */
export function markCylinderArea(
  chf: CompactHeightfield,
  base: ArrayLike<number>,
  radius: number,
  height: number,
  area: number,
  options?: MarkAreaOptions,
): number {
  const tag = checkAreaAndTag("markCylinderArea", area, options);
  const cx = base[0]!,
    cz = base[2]!,
    r2 = radius * radius;
  return markCells(
    chf,
    cx - radius,
    cz - radius,
    cx + radius,
    cz + radius,
    base[1]!,
    base[1]! + height,
    (x, z) => (x - cx) ** 2 + (z - cz) ** 2 <= r2,
    area,
    tag,
  );
}

/**
 * Sets area id `area` (and `options.tag`) on walkable spans inside the polygon `xz`
 * (`x0, z0, x1, z1, …`, convex or not: an extruded polygon) between heights `ymin` and `ymax`
 * (world units). Returns the number of spans changed.
 *
 * @param chf - The compact heightfield, changed in place: `areas` (and `tags`) of the spans inside.
 * @param xz - The polygon as `x0, z0, x1, z1, …` (world units, at least 3 vertices, else nothing is marked; convex or not).
 * @param ymin - Lowest span floor marked, world units.
 * @param ymax - Highest span floor marked, world units.
 * @param area - Area id to write, an integer in 0..63.
 * @param options - `tag`: custom tag, an integer in 1..2^31 − 1 (default none: marked spans lose their tag).
 */
export function markPolygonArea(chf: CompactHeightfield, xz: ArrayLike<number>, ymin: number, ymax: number, area: number, options?: MarkAreaOptions): number {
  const tag = checkAreaAndTag("markPolygonArea", area, options);
  if (xz.length < 6) return 0;
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
  return markCells(chf, minX, minZ, maxX, maxZ, ymin, ymax, (x, z) => pointInPolygonXZ(xz, x, z), area, tag);
}
