// Water volumes (Game AI Pro 3, chapter 32): each stance accepts only floors under a water depth
// between its minWaterDepth and maxWaterDepth; swim is generated on the sea floor.
import { NavMeshErrorCodes } from "../errors";
import { showValue, voxelError } from "./errors";
import { pointInPolygonXZ } from "./rasterize-shapes";
import { NULL_AREA, type CompactHeightfield } from "./types";

/** A body of water: an extruded polygon in the (x, z) plane with a flat surface. World units. */
export interface WaterVolume {
  /** Outline `x0, z0, x1, z1, …` as an array or typed array (at least 3 points; convex or not). [Units: wu] */
  readonly xz: ArrayLike<number>;
  /** Height of the water surface. [Units: wu] */
  readonly surface: number;
}

/** @internal Checks water volumes; throws `NAVMESH_CONFIG` naming `water[i].field`. */
export function validateWaterVolumes(fn: string, water: readonly WaterVolume[], at = "water"): void {
  const list: unknown = water;
  if (!Array.isArray(list)) throw voxelError(NavMeshErrorCodes.Config, fn, `"${at}" must be an array of water volumes { xz, surface }.`, at);
  for (let i = 0; i < list.length; i++) {
    const w: unknown = list[i];
    if (w === null || typeof w !== "object") throw voxelError(NavMeshErrorCodes.Config, fn, `${at}[${i}] must be { xz, surface }.`, `${at}[${i}]`);
    const { xz, surface } = w as { xz?: unknown; surface?: unknown };
    if (typeof surface !== "number" || !Number.isFinite(surface))
      throw voxelError(NavMeshErrorCodes.Config, fn, `${at}[${i}].surface must be a finite height, got ${showValue(surface)}.`, `${at}[${i}].surface`);
    if (!(Array.isArray(xz) || ArrayBuffer.isView(xz)))
      throw voxelError(NavMeshErrorCodes.Config, fn, `${at}[${i}].xz must be an array of x, z pairs.`, `${at}[${i}].xz`);
    const pts = xz as ArrayLike<unknown>;
    if (pts.length < 6 || pts.length % 2 !== 0)
      throw voxelError(NavMeshErrorCodes.Config, fn, `${at}[${i}].xz must hold at least 3 points as x, z pairs.`, `${at}[${i}].xz`);
    for (let k = 0; k < pts.length; k++) {
      const v = pts[k];
      if (typeof v !== "number" || !Number.isFinite(v))
        throw voxelError(NavMeshErrorCodes.Config, fn, `${at}[${i}].xz[${k}] is ${showValue(v)}; give finite numbers.`, `${at}[${i}].xz[${k}]`);
    }
  }
}

/** Options of {@link findWaterVolume}. */
export interface FindWaterVolumeOptions {
  /** Only volumes whose surface is above this height count (world units, y up); default `-Infinity`, any. */
  readonly y?: number;
}

/**
 * Index of the first water volume whose outline holds `(x, z)` with its surface above `y`, or -1.
 *
 * @param water - The water volumes (outlines in the x, z plane, surface heights), read only.
 * @param x - World x of the point.
 * @param z - World z of the point.
 * @param options - `y`: only volumes whose surface is above this height count (default any).
 */
export function findWaterVolume(water: readonly WaterVolume[], x: number, z: number, options: FindWaterVolumeOptions = {}): number {
  const y = options.y ?? -Infinity;
  for (let i = 0; i < water.length; i++) if (water[i]!.surface > y && pointInPolygonXZ(water[i]!.xz, x, z)) return i;
  return -1;
}

/**
 * Keeps only the walkable spans whose water depth (surface − floor, 0 outside every volume) lies
 * in `minDepth .. maxDepth` (a stance's `minWaterDepth`/`maxWaterDepth`); the others become not
 * walkable. Returns the number of spans cleared. World units.
 *
 * @param chf - The compact heightfield, changed in place: walkable spans outside the depth band get area 0.
 * @param water - The water volumes (outline in x, z and `surface` height, world units), validated.
 * @param minDepth - Least water depth kept, world units (0 keeps dry floors).
 * @param maxDepth - Most water depth kept, world units.
 */
export function filterWaterDepth(chf: CompactHeightfield, water: readonly WaterVolume[], minDepth: number, maxDepth: number): number {
  validateWaterVolumes("filterWaterDepth", water);
  const cs = chf.cellSize,
    ch = chf.cellHeight;
  let n = 0;
  for (let z = 0; z < chf.depth; z++)
    for (let x = 0; x < chf.width; x++) {
      const c = x + z * chf.width;
      const wx = chf.bmin[0]! + (x + 0.5) * cs,
        wz = chf.bmin[2]! + (z + 0.5) * cs;
      for (let i = chf.cellIndex[c]!, end = i + chf.cellCount[c]!; i < end; i++) {
        if (chf.areas[i] === NULL_AREA) continue;
        const y = chf.bmin[1]! + chf.y[i]! * ch;
        const w = findWaterVolume(water, wx, wz, { y });
        const depth = w < 0 ? 0 : water[w]!.surface - y;
        if (depth < minDepth || depth > maxDepth) {
          chf.areas[i] = NULL_AREA;
          n++;
        }
      }
    }
  return n;
}
