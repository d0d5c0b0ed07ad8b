// Erosion and median filter, after Recast's RecastArea.cpp (Recast © Mikko Mononen, zlib licence).
import { DIR_X as DIR_X_, DIR_Z as DIR_Z_, getCon as getCon_ } from "./compact";
import { NOT_CONNECTED as NOT_CONNECTED_, NULL_AREA as NULL_AREA_, type CompactHeightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const DIR_X = DIR_X_;
const DIR_Z = DIR_Z_;
const getCon = getCon_;
const NOT_CONNECTED = NOT_CONNECTED_;
const NULL_AREA = NULL_AREA_;

/** @internal Index of the neighbor span of `i` (in cell x,z) in direction `dir` (connected). */
export function neighborSpan(chf: CompactHeightfield, x: number, z: number, i: number, dir: number): number {
  return chf.cellIndex[x + DIR_X[dir]! + (z + DIR_Z[dir]!) * chf.width]! + getCon(chf, i, dir);
}

/**
 * Shrinks the walkable area by the agent radius (`radius` voxels): a chamfer distance
 * transform (2 per straight, 3 per diagonal step) from every boundary span; spans closer than
 * `radius` to a wall or ledge become not walkable (Recast's `rcErodeWalkableArea`).
 *
 * @param chf - The compact heightfield, changed in place: spans within the radius of a wall or ledge get area 0.
 * @param radius - Agent radius, voxels (cells, ≥ 0; 0 changes nothing).
 */
export function erodeWalkableArea(chf: CompactHeightfield, radius: number): void {
  const { width: w, depth: h, areas, cellIndex, cellCount, con } = chf;
  // Uint16Array (not Uint8Array) so that chamfer sees one array type; values are capped at 255.
  const dist = new Uint16Array(chf.spanCount).fill(0xff);
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        if (areas[i] === NULL_AREA) {
          dist[i] = 0;
          continue;
        }
        // A span keeps 255 only when all four neighbors are connected and walkable.
        const ci = con[i]!;
        const c0 = ci & 0x3f,
          c1 = (ci >>> 6) & 0x3f,
          c2 = (ci >>> 12) & 0x3f,
          c3 = (ci >>> 18) & 0x3f;
        if (
          c0 === NOT_CONNECTED ||
          c1 === NOT_CONNECTED ||
          c2 === NOT_CONNECTED ||
          c3 === NOT_CONNECTED ||
          areas[cellIndex[c - 1]! + c0] === NULL_AREA ||
          areas[cellIndex[c + w]! + c1] === NULL_AREA ||
          areas[cellIndex[c + 1]! + c2] === NULL_AREA ||
          areas[cellIndex[c - w]! + c3] === NULL_AREA
        )
          dist[i] = 0;
      }
    }
  }
  chamfer(chf, dist, 255);
  const thr = radius * 2;
  for (let i = 0; i < chf.spanCount; i++) if (dist[i]! < thr) areas[i] = NULL_AREA;
}

/**
 * @internal Two-pass chamfer distance (in place) over compact spans; values capped at `cap`.
 * Neighbor lookups are unpacked by hand (direction 0 = cell − 1, 1 = + width, 2 = + 1, 3 = − width).
 */
export function chamfer(chf: CompactHeightfield, dist: Uint16Array, cap: number): void {
  const { width: w, depth: h, cellIndex, cellCount, con } = chf;
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        const ci = con[i]!;
        let d = dist[i]!;
        const c0 = ci & 0x3f;
        if (c0 !== NOT_CONNECTED) {
          // (-1, 0), then (-1, -1) through it.
          const ai = cellIndex[c - 1]! + c0;
          let nd = dist[ai]! + 2;
          if (nd > cap) nd = cap;
          if (nd < d) d = nd;
          const a3 = (con[ai]! >>> 18) & 0x3f;
          if (a3 !== NOT_CONNECTED) {
            nd = dist[cellIndex[c - 1 - w]! + a3]! + 3;
            if (nd > cap) nd = cap;
            if (nd < d) d = nd;
          }
        }
        const c3 = (ci >>> 18) & 0x3f;
        if (c3 !== NOT_CONNECTED) {
          // (0, -1), then (1, -1) through it.
          const ai = cellIndex[c - w]! + c3;
          let nd = dist[ai]! + 2;
          if (nd > cap) nd = cap;
          if (nd < d) d = nd;
          const a2 = (con[ai]! >>> 12) & 0x3f;
          if (a2 !== NOT_CONNECTED) {
            nd = dist[cellIndex[c - w + 1]! + a2]! + 3;
            if (nd > cap) nd = cap;
            if (nd < d) d = nd;
          }
        }
        dist[i] = d;
      }
    }
  }
  for (let z = h - 1; z >= 0; z--) {
    for (let x = w - 1; x >= 0; x--) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        const ci = con[i]!;
        let d = dist[i]!;
        const c2 = (ci >>> 12) & 0x3f;
        if (c2 !== NOT_CONNECTED) {
          // (1, 0), then (1, 1) through it.
          const ai = cellIndex[c + 1]! + c2;
          let nd = dist[ai]! + 2;
          if (nd > cap) nd = cap;
          if (nd < d) d = nd;
          const a1 = (con[ai]! >>> 6) & 0x3f;
          if (a1 !== NOT_CONNECTED) {
            nd = dist[cellIndex[c + 1 + w]! + a1]! + 3;
            if (nd > cap) nd = cap;
            if (nd < d) d = nd;
          }
        }
        const c1 = (ci >>> 6) & 0x3f;
        if (c1 !== NOT_CONNECTED) {
          // (0, 1), then (-1, 1) through it.
          const ai = cellIndex[c + w]! + c1;
          let nd = dist[ai]! + 2;
          if (nd > cap) nd = cap;
          if (nd < d) d = nd;
          const a0 = con[ai]! & 0x3f;
          if (a0 !== NOT_CONNECTED) {
            nd = dist[cellIndex[c + w - 1]! + a0]! + 3;
            if (nd > cap) nd = cap;
            if (nd < d) d = nd;
          }
        }
        dist[i] = d;
      }
    }
  }
}

/**
 * Replaces each walkable span's area id by the median of its 3×3 neighborhood (Recast's
 * `rcMedianFilterWalkableArea`), removing speckles left by area marking.
 *
 * @param chf - The compact heightfield, changed in place (walkable spans' `areas`).
 */
export function medianFilterWalkableArea(chf: CompactHeightfield): void {
  const { width: w, depth: h, areas, cellIndex, cellCount } = chf;
  const out = areas.slice();
  const nei = new Uint8Array(9);
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        if (areas[i] === NULL_AREA) continue;
        nei.fill(areas[i]!);
        for (let dir = 0; dir < 4; dir++) {
          if (getCon(chf, i, dir) === NOT_CONNECTED) continue;
          const ai = neighborSpan(chf, x, z, i, dir);
          if (areas[ai] !== NULL_AREA) nei[dir * 2] = areas[ai]!;
          const dir2 = (dir + 1) & 3;
          if (getCon(chf, ai, dir2) !== NOT_CONNECTED) {
            const ai2 = neighborSpan(chf, x + DIR_X[dir]!, z + DIR_Z[dir]!, ai, dir2);
            if (areas[ai2] !== NULL_AREA) nei[dir * 2 + 1] = areas[ai2]!;
          }
        }
        nei.sort();
        out[i] = nei[4]!;
      }
    }
  }
  areas.set(out);
}
