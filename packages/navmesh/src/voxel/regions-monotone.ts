// Monotone regions, after Recast's rcBuildRegionsMonotone (RecastRegion.cpp, Recast © Mikko
// Mononen, zlib licence): one sweep per row, no distance field.
import { getCon as getCon_ } from "./compact";
import { NavMeshErrorCodes } from "../errors";
import { voxelError } from "./errors";
import { mergeAndFilterRegions, paintRect, type RegionStats } from "./regions";
import { BORDER_REG as BORDER_REG_, NOT_CONNECTED as NOT_CONNECTED_, NULL_AREA as NULL_AREA_, type CompactHeightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const getCon = getCon_;
const BORDER_REG = BORDER_REG_;
const NOT_CONNECTED = NOT_CONNECTED_;
const NULL_AREA = NULL_AREA_;

const NULL_NEI = 0xffff;
/** Largest region id before the border flag. */
const MAX_REGION_ID = 0x7fff;

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/**
 * @internal The row sweep shared by monotone and layer partitioning: every run of connected spans
 * along +x becomes a sweep; a sweep continues the region of the row below (−z) when it is that
 * region's only continuation, else it starts a new region. Fills `srcReg` (border regions first
 * when `chf.borderSize > 0`) and returns the next free region id.
 */
export function sweepRegions(chf: CompactHeightfield, srcReg: Uint16Array, fn: string): number {
  const { width: w, depth: h, borderSize, cellIndex, cellCount, areas } = chf;
  let id = 1;
  if (borderSize > 0) {
    const bw = Math.min(w, borderSize),
      bh = Math.min(h, borderSize);
    paintRect(chf, 0, bw, 0, h, id++ | BORDER_REG, srcReg);
    paintRect(chf, w - bw, w, 0, h, id++ | BORDER_REG, srcReg);
    paintRect(chf, 0, w, 0, bh, id++ | BORDER_REG, srcReg);
    paintRect(chf, 0, w, h - bh, h, id++ | BORDER_REG, srcReg);
  }
  // Per sweep of the current row: its final id, the region below it, and how many of its spans touch that region.
  let sweepId = new Int32Array(Math.max(16, w + 1));
  let sweepNei = new Int32Array(sweepId.length);
  let sweepNs = new Int32Array(sweepId.length);
  // Per region id: how many spans of the current row continue it.
  let prev = new Int32Array(256);
  for (let z = borderSize; z < h - borderSize; z++) {
    if (prev.length < id + 1) prev = new Int32Array(Math.max(id + 1, prev.length * 2));
    else prev.fill(0, 0, id + 1);
    let rid = 1;
    for (let x = borderSize; x < w - borderSize; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        const area = areas[i]!;
        if (area === NULL_AREA) continue;
        let previd = 0;
        const c0 = getCon(chf, i, 0);
        if (c0 !== NOT_CONNECTED) {
          const ai = cellIndex[c - 1]! + c0;
          if ((srcReg[ai]! & BORDER_REG) === 0 && areas[ai] === area) previd = srcReg[ai]!;
        }
        if (!previd) {
          previd = rid++;
          if (rid > sweepId.length) {
            sweepId = grow(sweepId);
            sweepNei = grow(sweepNei);
            sweepNs = grow(sweepNs);
          }
          sweepNs[previd] = 0;
          sweepNei[previd] = 0;
        }
        const c3 = getCon(chf, i, 3);
        if (c3 !== NOT_CONNECTED) {
          const ai = cellIndex[c - w]! + c3;
          const nr = srcReg[ai]!;
          if (nr && (nr & BORDER_REG) === 0 && areas[ai] === area) {
            if (!sweepNei[previd] || sweepNei[previd] === nr) {
              sweepNei[previd] = nr;
              sweepNs[previd]!++;
              prev[nr]!++;
            } else sweepNei[previd] = NULL_NEI;
          }
        }
        srcReg[i] = previd;
      }
    }
    for (let s = 1; s < rid; s++) {
      const nei = sweepNei[s]!;
      if (nei !== NULL_NEI && nei !== 0 && prev[nei] === sweepNs[s]) sweepId[s] = nei;
      else {
        if (id >= MAX_REGION_ID)
          throw voxelError(NavMeshErrorCodes.Config, fn, "more than 32,766 regions; raise cellSize or minRegionArea, or build in tiles.", "cellSize");
        sweepId[s] = id++;
      }
    }
    for (let x = borderSize; x < w - borderSize; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        const r = srcReg[i]!;
        if (r > 0 && r < rid) srcReg[i] = sweepId[r]!;
      }
    }
  }
  return id;
}

/**
 * Partitions the walkable spans into regions by monotone sweeps (Recast's
 * `rcBuildRegionsMonotone`): no distance field is needed, regions never have holes or
 * overlaps, and it is the fastest partition, at the price of long thin regions and so more,
 * thinner polygons. Then, as {@link buildRegions}, drops isolated groups under `minRegionArea`
 * cells and merges regions under `mergeRegionArea` cells. Writes `chf.regions` and `chf.maxRegions`.
 *
 * @param chf - The compact heightfield, changed in place (`regions`, `maxRegions`).
 * @param minRegionArea - Cells: isolated groups of regions smaller than this are dropped (integer ≥ 0).
 * @param mergeRegionArea - Cells: regions smaller than this are merged into a neighbour when possible (integer ≥ 0).
 */
export function buildRegionsMonotone(chf: CompactHeightfield, minRegionArea: number, mergeRegionArea: number): RegionStats {
  const srcReg = new Uint16Array(chf.spanCount);
  const id = sweepRegions(chf, srcReg, "buildRegionsMonotone");
  const stats: RegionStats = { regionCount: 0, removedRegions: 0, mergedRegions: 0 };
  const [maxId, count] = mergeAndFilterRegions(minRegionArea, mergeRegionArea, id, chf, srcReg, stats);
  stats.regionCount = count;
  chf.maxRegions = maxId + 1;
  chf.regions = srcReg;
  return stats;
}
