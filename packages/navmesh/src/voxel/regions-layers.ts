// Layer regions, after Recast's rcBuildLayerRegions (RecastRegion.cpp, Recast © Mikko Mononen,
// zlib licence): monotone sweeps merged into connected, non-overlapping 2D layers.
import { DIR_X as DIR_X_, DIR_Z as DIR_Z_, getCon as getCon_ } from "./compact";
import { NavMeshErrorCodes } from "../errors";
import { voxelError } from "./errors";
import type { RegionStats } from "./regions";
import { sweepRegions } from "./regions-monotone";
import { BORDER_REG as BORDER_REG_, NOT_CONNECTED as NOT_CONNECTED_, type CompactHeightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const DIR_X = DIR_X_;
const DIR_Z = DIR_Z_;
const getCon = getCon_;
const BORDER_REG = BORDER_REG_;
const NOT_CONNECTED = NOT_CONNECTED_;

interface LayerRegion {
  spanCount: number;
  id: number;
  areaType: number;
  connectsToBorder: boolean;
  ymin: number;
  ymax: number;
  connections: number[];
  floors: number[];
}

function addUnique(a: number[], v: number): void {
  if (!a.includes(v)) a.push(v);
}

/**
 * Partitions the walkable spans into layer regions (Recast's `rcBuildLayerRegions`): monotone
 * sweeps, then connected sweeps of one area id are merged while they never overlap one another
 * in a column, so each region is one non-overlapping 2D layer (a floor, a bridge deck, a
 * balcony), as large as possible; layers under `minRegionArea` cells that do not touch the tile
 * border are dropped. No distance field is needed. Use it for tiles with stacked floors (see
 * {@link assignRegionLayers}). Writes `chf.regions` and `chf.maxRegions`.
 *
 * @param chf - The compact heightfield, changed in place (`regions`, `maxRegions`).
 * @param minRegionArea - Cells: a layer smaller than this that does not touch the tile border is dropped (integer ≥ 0).
 */
export function buildLayerRegions(chf: CompactHeightfield, minRegionArea: number): RegionStats {
  const { width: w, depth: h, cellIndex, cellCount, areas } = chf;
  const srcReg = new Uint16Array(chf.spanCount);
  const nreg = sweepRegions(chf, srcReg, "buildLayerRegions") + 1;
  const regions: LayerRegion[] = [];
  for (let i = 0; i < nreg; i++)
    regions.push({ spanCount: 0, id: i, areaType: 0, connectsToBorder: false, ymin: 0xffff, ymax: 0, connections: [], floors: [] });
  const lregs: number[] = [];
  for (let z = 0; z < h; z++)
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      lregs.length = 0;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        const ri = srcReg[i]!;
        if (ri === 0 || ri >= nreg) continue;
        const reg = regions[ri]!;
        reg.spanCount++;
        reg.areaType = areas[i]!;
        reg.ymin = Math.min(reg.ymin, chf.y[i]!);
        reg.ymax = Math.max(reg.ymax, chf.y[i]!);
        lregs.push(ri);
        for (let dir = 0; dir < 4; dir++) {
          const cn = getCon(chf, i, dir);
          if (cn === NOT_CONNECTED) continue;
          const ai = cellIndex[x + DIR_X[dir]! + (z + DIR_Z[dir]!) * w]! + cn;
          const rai = srcReg[ai]!;
          if (rai > 0 && rai < nreg && rai !== ri) addUnique(reg.connections, rai);
          if (rai & BORDER_REG) reg.connectsToBorder = true;
        }
      }
      for (let a = 0; a + 1 < lregs.length; a++)
        for (let b = a + 1; b < lregs.length; b++)
          if (lregs[a] !== lregs[b]) {
            addUnique(regions[lregs[a]!]!.floors, lregs[b]!);
            addUnique(regions[lregs[b]!]!.floors, lregs[a]!);
          }
    }
  // Merge connected sweeps into layers that never overlap themselves (breadth first from each root).
  for (const r of regions) r.id = 0;
  let layerId = 1;
  const queue: number[] = [];
  for (let i = 1; i < nreg; i++) {
    const root = regions[i]!;
    if (root.id !== 0) continue;
    if (layerId >= 0x7fff)
      throw voxelError(NavMeshErrorCodes.Config, "buildLayerRegions", "more than 32,766 layer regions; raise cellSize or build in tiles.", "cellSize");
    root.id = layerId;
    queue.length = 0;
    queue.push(i);
    for (let head = 0; head < queue.length; head++) {
      const reg = regions[queue[head]!]!;
      for (const nei of reg.connections) {
        const regn = regions[nei]!;
        if (regn.id !== 0 || reg.areaType !== regn.areaType || root.floors.includes(nei)) continue;
        queue.push(nei);
        regn.id = layerId;
        for (const f of regn.floors) addUnique(root.floors, f);
        root.ymin = Math.min(root.ymin, regn.ymin);
        root.ymax = Math.max(root.ymax, regn.ymax);
        root.spanCount += regn.spanCount;
        regn.spanCount = 0;
        root.connectsToBorder = root.connectsToBorder || regn.connectsToBorder;
      }
    }
    layerId++;
  }
  const stats: RegionStats = { regionCount: 0, removedRegions: 0, mergedRegions: 0 };
  for (let i = 0; i < nreg; i++) {
    const r = regions[i]!;
    if (r.spanCount > 0 && r.spanCount < minRegionArea && !r.connectsToBorder) {
      const lid = r.id;
      stats.removedRegions++;
      for (const q of regions) if (q.id === lid) q.id = 0;
    }
  }
  // Compress ids (first seen first).
  const remap = new Int32Array(layerId + 1);
  let gen = 0;
  for (let i = 1; i < nreg; i++) {
    const lid = regions[i]!.id;
    if (lid === 0) continue;
    if (remap[lid] === 0) remap[lid] = ++gen;
    else stats.mergedRegions++;
    regions[i]!.id = remap[lid]!;
  }
  for (let i = 0; i < chf.spanCount; i++) if ((srcReg[i]! & BORDER_REG) === 0) srcReg[i] = regions[srcReg[i]!]!.id;
  const used = new Uint8Array(gen + 1);
  for (let i = 0; i < chf.spanCount; i++) {
    const r = srcReg[i]!;
    if (r !== 0 && (r & BORDER_REG) === 0 && !used[r]) {
      used[r] = 1;
      stats.regionCount++;
    }
  }
  chf.maxRegions = gen + 1;
  chf.regions = srcReg;
  return stats;
}

/** Result of {@link assignRegionLayers}. */
export interface RegionLayers {
  /** Layer index (0 = lowest) of each region id `0 .. chf.maxRegions - 1` (`-1` for unused ids and 0). */
  readonly layerOfRegion: Int32Array;
  /** Number of layers. */
  readonly layerCount: number;
}

/**
 * Groups regions into stacked layers: regions that share a column (one above the other) get
 * different layers, lowest floor first, each region the lowest layer free of every region it
 * overlaps. With {@link buildLayerRegions} (`partition: "layers"`) every region is one
 * non-overlapping layer, so the polygons of layer `k` (`layerOfRegion[polyMesh.regions[p]]`)
 * form a flat navmesh tile `"x,y,k"`. Throws `NAVMESH_CONFIG` when a region overlaps itself
 * (watershed or monotone regions on stacked floors can): build with `partition: "layers"`.
 *
 * @param chf - The compact heightfield after a region stage (its `regions` and `maxRegions`), read only.
 */
export function assignRegionLayers(chf: CompactHeightfield): RegionLayers {
  const nreg = Math.max(1, chf.maxRegions);
  const { width: w, depth: h, cellIndex, cellCount } = chf;
  const floors: number[][] = [];
  const ymin = new Int32Array(nreg).fill(0x7fffffff);
  const present = new Uint8Array(nreg);
  for (let i = 0; i < nreg; i++) floors.push([]);
  const col: number[] = [];
  for (let c = 0; c < w * h; c++) {
    col.length = 0;
    for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
      const r = chf.regions[i]!;
      if (r === 0 || r & BORDER_REG || r >= nreg) continue;
      present[r] = 1;
      if (chf.y[i]! < ymin[r]!) ymin[r] = chf.y[i]!;
      for (const o of col) {
        if (o === r)
          throw voxelError(
            NavMeshErrorCodes.Config,
            "assignRegionLayers",
            `region ${r} overlaps itself at cell ${c % w},${Math.floor(c / w)}; build with partition "layers".`,
            "partition",
          );
        addUnique(floors[r]!, o);
        addUnique(floors[o]!, r);
      }
      col.push(r);
    }
  }
  const order: number[] = [];
  for (let r = 1; r < nreg; r++) if (present[r]) order.push(r);
  order.sort((a, b) => ymin[a]! - ymin[b]! || a - b);
  const layerOfRegion = new Int32Array(nreg).fill(-1);
  let layerCount = 0;
  for (const r of order) {
    let k = 0;
    for (;;) {
      let taken = false;
      for (const o of floors[r]!)
        if (layerOfRegion[o] === k) {
          taken = true;
          break;
        }
      if (!taken) break;
      k++;
    }
    layerOfRegion[r] = k;
    layerCount = Math.max(layerCount, k + 1);
  }
  return { layerOfRegion, layerCount };
}
