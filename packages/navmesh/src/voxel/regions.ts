// Watershed regions, after Recast's rcBuildRegions (RecastRegion.cpp, Recast © Mikko Mononen,
// zlib licence). Stacks are growable Int32Arrays of (cell, span) pairs; a span of -1 marks an
// entry already taken.
import { DIR_X as DIR_X_, DIR_Z as DIR_Z_, getCon as getCon_ } from "./compact";
import { neighborSpan as neighborSpan_ } from "./erode";
import { NavMeshErrorCodes } from "../errors";
import { voxelError } from "./errors";
import { BORDER_REG as BORDER_REG_, NOT_CONNECTED as NOT_CONNECTED_, NULL_AREA as NULL_AREA_, type CompactHeightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const DIR_X = DIR_X_;
const DIR_Z = DIR_Z_;
const getCon = getCon_;
const neighborSpan = neighborSpan_;
const BORDER_REG = BORDER_REG_;
const NOT_CONNECTED = NOT_CONNECTED_;
const NULL_AREA = NULL_AREA_;

const NB_STACKS = 8;

/** What {@link buildRegions} reports. */
export interface RegionStats {
  /** Regions left after filtering and merging. */
  regionCount: number;
  /** Regions dropped as smaller than `minRegionArea`. */
  removedRegions: number;
  /** Regions merged into a neighbor. */
  mergedRegions: number;
}

/** @internal Paints region `reg` on the walkable spans of the cell rectangle (tile borders). */
export function paintRect(chf: CompactHeightfield, minx: number, maxx: number, minz: number, maxz: number, reg: number, srcReg: Uint16Array): void {
  for (let z = minz; z < maxz; z++)
    for (let x = minx; x < maxx; x++) {
      const c = x + z * chf.width;
      for (let i = chf.cellIndex[c]!, end = i + chf.cellCount[c]!; i < end; i++) if (chf.areas[i] !== NULL_AREA) srcReg[i] = reg;
    }
}

/** A growable stack of int32 values (pairs or triples pushed at once). */
class IntStack {
  d: Int32Array;
  n = 0;
  constructor(capacity: number) {
    this.d = new Int32Array(Math.max(16, capacity));
  }
  private grow(): void {
    const g = new Int32Array(this.d.length * 2);
    g.set(this.d);
    this.d = g;
  }
  push2(a: number, b: number): void {
    if (this.n + 2 > this.d.length) this.grow();
    this.d[this.n] = a;
    this.d[this.n + 1] = b;
    this.n += 2;
  }
  push3(a: number, b: number, c: number): void {
    if (this.n + 3 > this.d.length) this.grow();
    this.d[this.n] = a;
    this.d[this.n + 1] = b;
    this.d[this.n + 2] = c;
    this.n += 3;
  }
}

function sortCellsByLevel(startLevel: number, chf: CompactHeightfield, srcReg: Uint16Array, stacks: IntStack[]): void {
  const start = startLevel >> 1;
  for (const s of stacks) s.n = 0;
  const { cellIndex, cellCount, areas, dist } = chf;
  const ncells = chf.width * chf.depth;
  for (let c = 0; c < ncells; c++) {
    for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
      if (areas[i] === NULL_AREA || srcReg[i] !== 0) continue;
      let sId = start - (dist[i]! >> 1);
      if (sId >= NB_STACKS) continue;
      if (sId < 0) sId = 0;
      stacks[sId]!.push2(c, i);
    }
  }
}

function appendStacks(src: IntStack, dst: IntStack, srcReg: Uint16Array): void {
  const d = src.d;
  for (let j = 0; j < src.n; j += 2) {
    const i = d[j + 1]!;
    if (i < 0 || srcReg[i] !== 0) continue;
    dst.push2(d[j]!, i);
  }
}

function expandRegions(
  maxIter: number,
  level: number,
  chf: CompactHeightfield,
  srcReg: Uint16Array,
  srcDist: Uint16Array,
  stack: IntStack,
  fillStack: boolean,
  dirty: IntStack,
): void {
  const { cellIndex, cellCount, areas, dist, con } = chf;
  const w = chf.width;
  if (fillStack) {
    stack.n = 0;
    const ncells = w * chf.depth;
    for (let c = 0; c < ncells; c++) {
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        if (dist[i]! >= level && srcReg[i] === 0 && areas[i] !== NULL_AREA) stack.push2(c, i);
      }
    }
  } else {
    const d = stack.d;
    for (let j = 0; j < stack.n; j += 2) if (srcReg[d[j + 1]!] !== 0) d[j + 1] = -1;
  }
  // Each pass drops the entries already taken (and those it assigns) and keeps the rest in order, so later
  // passes and the caller see the same entries as Recast's stack with its -1 marks, without rescanning them.
  let iter = 0;
  while (stack.n > 0) {
    dirty.n = 0;
    const sd = stack.d,
      sn = stack.n;
    let kept = 0;
    for (let j = 0; j < sn; j += 2) {
      const c = sd[j]!,
        i = sd[j + 1]!;
      if (i < 0) continue;
      let r = srcReg[i]!;
      let d2 = 0xffff;
      const area = areas[i]!;
      const ci = con[i]!;
      for (let dir = 0; dir < 4; dir++) {
        const k = (ci >>> (dir * 6)) & 0x3f;
        if (k === NOT_CONNECTED) continue;
        const ai = cellIndex[dir === 0 ? c - 1 : dir === 1 ? c + w : dir === 2 ? c + 1 : c - w]! + k;
        if (areas[ai] !== area) continue;
        const ar = srcReg[ai]!;
        if (ar > 0 && (ar & BORDER_REG) === 0) {
          if (srcDist[ai]! + 2 < d2) {
            r = ar;
            d2 = srcDist[ai]! + 2;
          }
        }
      }
      if (r) dirty.push3(i, r, d2);
      else {
        sd[kept] = c;
        sd[kept + 1] = i;
        kept += 2;
      }
    }
    stack.n = kept;
    const dd = dirty.d;
    for (let k = 0; k < dirty.n; k += 3) {
      srcReg[dd[k]!] = dd[k + 1]!;
      srcDist[dd[k]!] = dd[k + 2]!;
    }
    if (dirty.n === 0) break;
    if (level > 0) {
      iter++;
      if (iter >= maxIter) break;
    }
  }
}

function floodRegion(
  c0: number,
  i0: number,
  level: number,
  r: number,
  chf: CompactHeightfield,
  srcReg: Uint16Array,
  srcDist: Uint16Array,
  stack: IntStack,
): boolean {
  const { cellIndex, areas, dist, con } = chf;
  const w = chf.width;
  const area = areas[i0]!;
  stack.n = 0;
  stack.push2(c0, i0);
  srcReg[i0] = r;
  srcDist[i0] = 0;
  const lev = level >= 2 ? level - 2 : 0;
  let count = 0;
  while (stack.n > 0) {
    stack.n -= 2;
    const c = stack.d[stack.n]!,
      ci = stack.d[stack.n + 1]!;
    const cc = con[ci]!;
    let ar = 0;
    for (let dir = 0; dir < 4; dir++) {
      const k = (cc >>> (dir * 6)) & 0x3f;
      if (k === NOT_CONNECTED) continue;
      const ac = dir === 0 ? c - 1 : dir === 1 ? c + w : dir === 2 ? c + 1 : c - w;
      const ai = cellIndex[ac]! + k;
      if (areas[ai] !== area) continue;
      const nr = srcReg[ai]!;
      if (nr & BORDER_REG) continue;
      if (nr !== 0 && nr !== r) {
        ar = nr;
        break;
      }
      const dir2 = (dir + 1) & 3;
      const k2 = (con[ai]! >>> (dir2 * 6)) & 0x3f;
      if (k2 !== NOT_CONNECTED) {
        const ai2 = cellIndex[dir2 === 0 ? ac - 1 : dir2 === 1 ? ac + w : dir2 === 2 ? ac + 1 : ac - w]! + k2;
        if (areas[ai2] !== area) continue;
        const nr2 = srcReg[ai2]!;
        if (nr2 !== 0 && nr2 !== r) {
          ar = nr2;
          break;
        }
      }
    }
    if (ar !== 0) {
      srcReg[ci] = 0;
      continue;
    }
    count++;
    for (let dir = 0; dir < 4; dir++) {
      const k = (cc >>> (dir * 6)) & 0x3f;
      if (k === NOT_CONNECTED) continue;
      const ac = dir === 0 ? c - 1 : dir === 1 ? c + w : dir === 2 ? c + 1 : c - w;
      const ai = cellIndex[ac]! + k;
      if (areas[ai] !== area) continue;
      if (dist[ai]! >= lev && srcReg[ai] === 0) {
        srcReg[ai] = r;
        srcDist[ai] = 0;
        stack.push2(ac, ai);
      }
    }
  }
  return count > 0;
}

interface Region {
  spanCount: number;
  id: number;
  areaType: number;
  remap: boolean;
  visited: boolean;
  overlap: boolean;
  connections: number[];
  floors: number[];
}

function isSolidEdge(chf: CompactHeightfield, srcReg: Uint16Array, x: number, z: number, i: number, dir: number): boolean {
  let r = 0;
  if (getCon(chf, i, dir) !== NOT_CONNECTED) r = srcReg[neighborSpan(chf, x, z, i, dir)]!;
  return r !== srcReg[i];
}

function removeAdjacentDuplicates(a: number[]): void {
  for (let i = 0; i < a.length && a.length > 1;) {
    const ni = (i + 1) % a.length;
    if (a[i] === a[ni]) a.splice(i, 1);
    else i++;
  }
}

function walkRegionContour(x: number, z: number, i: number, dir: number, chf: CompactHeightfield, srcReg: Uint16Array, cont: number[]): void {
  const startDir = dir,
    starti = i;
  let curReg = 0;
  if (getCon(chf, i, dir) !== NOT_CONNECTED) curReg = srcReg[neighborSpan(chf, x, z, i, dir)]!;
  cont.push(curReg);
  let iter = 0;
  const maxIter = 4 * chf.spanCount + 16; // Recast: 40,000, too few for long regions
  while (++iter < maxIter) {
    if (isSolidEdge(chf, srcReg, x, z, i, dir)) {
      let r = 0;
      if (getCon(chf, i, dir) !== NOT_CONNECTED) r = srcReg[neighborSpan(chf, x, z, i, dir)]!;
      if (r !== curReg) {
        curReg = r;
        cont.push(curReg);
      }
      dir = (dir + 1) & 3;
    } else {
      if (getCon(chf, i, dir) === NOT_CONNECTED) return;
      const ni = neighborSpan(chf, x, z, i, dir);
      x += DIR_X[dir]!;
      z += DIR_Z[dir]!;
      i = ni;
      dir = (dir + 3) & 3;
    }
    if (starti === i && startDir === dir) break;
  }
  if (cont.length > 1) removeAdjacentDuplicates(cont);
}

function addUnique(a: number[], v: number): void {
  if (!a.includes(v)) a.push(v);
}

function canMerge(a: Region, b: Region): boolean {
  if (a.areaType !== b.areaType) return false;
  let n = 0;
  for (const c of a.connections) if (c === b.id) n++;
  if (n > 1) return false;
  if (a.floors.includes(b.id)) return false;
  return true;
}

function mergeRegions(a: Region, b: Region): boolean {
  const aid = a.id,
    bid = b.id;
  const acon = a.connections.slice();
  const bcon = b.connections;
  const insa = acon.indexOf(bid);
  if (insa === -1) return false;
  const insb = bcon.indexOf(aid);
  if (insb === -1) return false;
  a.connections = [];
  for (let i = 0, ni = acon.length; i < ni - 1; i++) a.connections.push(acon[(insa + 1 + i) % ni]!);
  for (let i = 0, ni = bcon.length; i < ni - 1; i++) a.connections.push(bcon[(insb + 1 + i) % ni]!);
  removeAdjacentDuplicates(a.connections);
  for (const f of b.floors) addUnique(a.floors, f);
  a.spanCount += b.spanCount;
  b.spanCount = 0;
  b.connections = [];
  return true;
}

function replaceNeighbor(reg: Region, oldId: number, newId: number): void {
  let changed = false;
  for (let i = 0; i < reg.connections.length; i++)
    if (reg.connections[i] === oldId) {
      reg.connections[i] = newId;
      changed = true;
    }
  for (let i = 0; i < reg.floors.length; i++) if (reg.floors[i] === oldId) reg.floors[i] = newId;
  if (changed) removeAdjacentDuplicates(reg.connections);
}

/** @internal Recast's mergeAndFilterRegions: drops small isolated groups, merges small regions, compresses ids; returns [last id, used count]. */
export function mergeAndFilterRegions(
  minRegionArea: number,
  mergeRegionSize: number,
  maxRegionId: number,
  chf: CompactHeightfield,
  srcReg: Uint16Array,
  stats: RegionStats,
): [number, number] {
  const nreg = maxRegionId + 1;
  const regions: Region[] = [];
  for (let i = 0; i < nreg; i++) regions.push({ spanCount: 0, id: i, areaType: 0, remap: false, visited: false, overlap: false, connections: [], floors: [] });
  for (let z = 0; z < chf.depth; z++)
    for (let x = 0; x < chf.width; x++) {
      const c = x + z * chf.width;
      const s0 = chf.cellIndex[c]!,
        s1 = s0 + chf.cellCount[c]!;
      for (let i = s0; i < s1; i++) {
        const r = srcReg[i]!;
        if (r === 0 || r >= nreg) continue;
        const reg = regions[r]!;
        reg.spanCount++;
        for (let j = s0; j < s1; j++) {
          if (i === j) continue;
          const f = srcReg[j]!;
          if (f === 0 || f >= nreg) continue;
          if (f === r) reg.overlap = true;
          addUnique(reg.floors, f);
        }
        if (reg.connections.length > 0) continue;
        reg.areaType = chf.areas[i]!;
        let ndir = -1;
        for (let dir = 0; dir < 4; dir++)
          if (isSolidEdge(chf, srcReg, x, z, i, dir)) {
            ndir = dir;
            break;
          }
        if (ndir !== -1) walkRegionContour(x, z, i, ndir, chf, srcReg, reg.connections);
      }
    }
  // Remove too small regions.
  const stack: number[] = [];
  const trace: number[] = [];
  for (let i = 0; i < nreg; i++) {
    const reg = regions[i]!;
    if (reg.id === 0 || reg.id & BORDER_REG || reg.spanCount === 0 || reg.visited) continue;
    let connectsToBorder = false;
    let spanCount = 0;
    stack.length = 0;
    trace.length = 0;
    reg.visited = true;
    stack.push(i);
    while (stack.length) {
      const ri = stack.pop()!;
      const creg = regions[ri]!;
      spanCount += creg.spanCount;
      trace.push(ri);
      for (const cn of creg.connections) {
        if (cn & BORDER_REG) {
          connectsToBorder = true;
          continue;
        }
        const nei = regions[cn]!;
        if (nei.visited || nei.id === 0 || nei.id & BORDER_REG) continue;
        stack.push(nei.id);
        nei.visited = true;
      }
    }
    if (spanCount < minRegionArea && !connectsToBorder) {
      for (const t of trace) {
        regions[t]!.spanCount = 0;
        regions[t]!.id = 0;
        stats.removedRegions++;
      }
    }
  }
  // Merge too small regions into neighbors.
  let mergeCount: number;
  do {
    mergeCount = 0;
    for (let i = 0; i < nreg; i++) {
      const reg = regions[i]!;
      if (reg.id === 0 || reg.id & BORDER_REG || reg.overlap || reg.spanCount === 0) continue;
      if (reg.spanCount > mergeRegionSize && reg.connections.includes(0)) continue;
      let smallest = 0xfffffff;
      let mergeId = reg.id;
      for (const cn of reg.connections) {
        if (cn & BORDER_REG) continue;
        const m = regions[cn]!;
        if (m.id === 0 || m.id & BORDER_REG || m.overlap) continue;
        if (m.spanCount < smallest && canMerge(reg, m) && canMerge(m, reg)) {
          smallest = m.spanCount;
          mergeId = m.id;
        }
      }
      if (mergeId !== reg.id) {
        const oldId = reg.id;
        const target = regions[mergeId]!;
        if (mergeRegions(target, reg)) {
          for (let j = 0; j < nreg; j++) {
            const rj = regions[j]!;
            if (rj.id === 0 || rj.id & BORDER_REG) continue;
            if (rj.id === oldId) rj.id = mergeId;
            replaceNeighbor(rj, oldId, mergeId);
          }
          mergeCount++;
          stats.mergedRegions++;
        }
      }
    }
  } while (mergeCount > 0);
  // Compress ids.
  for (const r of regions) r.remap = r.id !== 0 && (r.id & BORDER_REG) === 0;
  let gen = 0;
  for (let i = 0; i < nreg; i++) {
    if (!regions[i]!.remap) continue;
    const oldId = regions[i]!.id;
    const newId = ++gen;
    for (let j = i; j < nreg; j++)
      if (regions[j]!.id === oldId) {
        regions[j]!.id = newId;
        regions[j]!.remap = false;
      }
  }
  for (let i = 0; i < chf.spanCount; i++) if ((srcReg[i]! & BORDER_REG) === 0) srcReg[i] = regions[srcReg[i]!]!.id;
  // Ids are compact, but the last id may have no spans (Recast reserves it): count the used ones.
  const used = new Uint8Array(gen + 1);
  let count = 0;
  for (let i = 0; i < chf.spanCount; i++) {
    const r = srcReg[i]!;
    if (r !== 0 && (r & BORDER_REG) === 0 && !used[r]) {
      used[r] = 1;
      count++;
    }
  }
  return [gen, count];
}

/**
 * Partitions the walkable spans into regions by watershed over the distance field (Recast's
 * `rcBuildRegions`; call {@link buildDistanceField} first): flood from the deepest spans level
 * by level, grow regions, then drop isolated groups under `minRegionArea` cells and merge
 * regions under `mergeRegionArea` cells into their smallest neighbor. Writes `chf.regions` and
 * `chf.maxRegions`; `borderSize` cells at the edges get border regions (tiles).
 *
 * @param chf - The compact heightfield with its distance field ({@link buildDistanceField}), changed in place (`regions`, `maxRegions`).
 * @param minRegionArea - Cells: isolated groups of regions smaller than this are dropped (integer ≥ 0).
 * @param mergeRegionArea - Cells: regions smaller than this are merged into their smallest neighbour when possible (integer ≥ 0).
 */
export function buildRegions(chf: CompactHeightfield, minRegionArea: number, mergeRegionArea: number): RegionStats {
  const { width: w, depth: h } = chf;
  const borderSize = chf.borderSize;
  const srcReg = new Uint16Array(chf.spanCount);
  const srcDist = new Uint16Array(chf.spanCount);
  const cap = chf.spanCount >> 3;
  const stacks: IntStack[] = [];
  for (let i = 0; i < NB_STACKS; i++) stacks.push(new IntStack(cap));
  const stack = new IntStack(cap);
  const dirty = new IntStack(cap);
  let regionId = 1;
  let level = (chf.maxDistance + 1) & ~1;
  const expandIters = 8;
  if (borderSize > 0) {
    const bw = Math.min(w, borderSize),
      bh = Math.min(h, borderSize);
    paintRect(chf, 0, bw, 0, h, regionId++ | BORDER_REG, srcReg);
    paintRect(chf, w - bw, w, 0, h, regionId++ | BORDER_REG, srcReg);
    paintRect(chf, 0, w, 0, bh, regionId++ | BORDER_REG, srcReg);
    paintRect(chf, 0, w, h - bh, h, regionId++ | BORDER_REG, srcReg);
  }
  let sId = -1;
  while (level > 0) {
    level = level >= 2 ? level - 2 : 0;
    sId = (sId + 1) & (NB_STACKS - 1);
    if (sId === 0) sortCellsByLevel(level, chf, srcReg, stacks);
    else appendStacks(stacks[sId - 1]!, stacks[sId]!, srcReg);
    const cur = stacks[sId]!;
    expandRegions(expandIters, level, chf, srcReg, srcDist, cur, false, dirty);
    for (let j = 0; j < cur.n; j += 2) {
      const i = cur.d[j + 1]!;
      if (i >= 0 && srcReg[i] === 0) {
        if (floodRegion(cur.d[j]!, i, level, regionId, chf, srcReg, srcDist, stack)) {
          if (regionId === 0x7fff)
            throw voxelError(
              NavMeshErrorCodes.Config,
              "buildRegions",
              "more than 32,766 regions; raise cellSize or minRegionArea, or build in tiles.",
              "cellSize",
            );
          regionId++;
        }
      }
    }
  }
  expandRegions(expandIters * 8, 0, chf, srcReg, srcDist, stack, true, dirty);
  const stats: RegionStats = { regionCount: 0, removedRegions: 0, mergedRegions: 0 };
  const [maxId, count] = mergeAndFilterRegions(minRegionArea, mergeRegionArea, regionId, chf, srcReg, stats);
  stats.regionCount = count;
  chf.maxRegions = maxId + 1;
  chf.regions = srcReg;
  return stats;
}
