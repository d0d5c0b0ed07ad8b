// Copies of the voxel stages, so one rasterisation can feed several builds.
import type { CompactHeightfield, Heightfield } from "./types";

/**
 * A deep copy of a span {@link Heightfield} (every typed array copied).
 *
 * @param hf - The heightfield to copy, read only.
 */
export function cloneHeightfield(hf: Heightfield): Heightfield {
  return {
    ...hf,
    bmin: hf.bmin.slice(),
    bmax: hf.bmax.slice(),
    head: hf.head.slice(),
    spanMin: hf.spanMin.slice(),
    spanMax: hf.spanMax.slice(),
    spanArea: hf.spanArea.slice(),
    spanNext: hf.spanNext.slice(),
  };
}

/**
 * A deep copy of a {@link CompactHeightfield} (every typed array copied, including the optional
 * span tags), e.g. to erode it by several agent radii: erosion, area marking and the region
 * stages write into the heightfield.
 *
 * @param chf - The compact heightfield to copy, read only.
 */
export function cloneCompactHeightfield(chf: CompactHeightfield): CompactHeightfield {
  const out: CompactHeightfield = {
    ...chf,
    bmin: chf.bmin.slice(),
    bmax: chf.bmax.slice(),
    cellIndex: chf.cellIndex.slice(),
    cellCount: chf.cellCount.slice(),
    y: chf.y.slice(),
    h: chf.h.slice(),
    con: chf.con.slice(),
    areas: chf.areas.slice(),
    regions: chf.regions.slice(),
    dist: chf.dist.slice(),
  };
  if (chf.tags) out.tags = chf.tags.slice();
  return out;
}
