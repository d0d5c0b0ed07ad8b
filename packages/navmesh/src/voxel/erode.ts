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
 */
export function erodeWalkableArea(chf: CompactHeightfield, radius: number): void {
  const { width: w, depth: h, areas, cellIndex, cellCount } = chf;
  const dist = new Uint8Array(chf.spanCount).fill(0xff);
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        if (areas[i] === NULL_AREA) {
          dist[i] = 0;
          continue;
        }
        let nc = 0;
        for (let dir = 0; dir < 4; dir++) {
          if (getCon(chf, i, dir) === NOT_CONNECTED) continue;
          if (areas[neighborSpan(chf, x, z, i, dir)] !== NULL_AREA) nc++;
        }
        if (nc !== 4) dist[i] = 0;
      }
    }
  }
  chamfer(chf, dist, 255);
  const thr = radius * 2;
  for (let i = 0; i < chf.spanCount; i++) if (dist[i]! < thr) areas[i] = NULL_AREA;
}

/** @internal Two-pass chamfer distance (in place) over compact spans; values capped at `cap`. */
export function chamfer(chf: CompactHeightfield, dist: Uint8Array | Uint16Array, cap: number): void {
  const { width: w, depth: h, cellIndex, cellCount } = chf;
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        if (getCon(chf, i, 0) !== NOT_CONNECTED) {
          const ai = neighborSpan(chf, x, z, i, 0);
          let nd = Math.min(dist[ai]! + 2, cap);
          if (nd < dist[i]!) dist[i] = nd;
          if (getCon(chf, ai, 3) !== NOT_CONNECTED) {
            const aai = neighborSpan(chf, x - 1, z, ai, 3);
            nd = Math.min(dist[aai]! + 3, cap);
            if (nd < dist[i]!) dist[i] = nd;
          }
        }
        if (getCon(chf, i, 3) !== NOT_CONNECTED) {
          const ai = neighborSpan(chf, x, z, i, 3);
          let nd = Math.min(dist[ai]! + 2, cap);
          if (nd < dist[i]!) dist[i] = nd;
          if (getCon(chf, ai, 2) !== NOT_CONNECTED) {
            const aai = neighborSpan(chf, x, z - 1, ai, 2);
            nd = Math.min(dist[aai]! + 3, cap);
            if (nd < dist[i]!) dist[i] = nd;
          }
        }
      }
    }
  }
  for (let z = h - 1; z >= 0; z--) {
    for (let x = w - 1; x >= 0; x--) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        if (getCon(chf, i, 2) !== NOT_CONNECTED) {
          const ai = neighborSpan(chf, x, z, i, 2);
          let nd = Math.min(dist[ai]! + 2, cap);
          if (nd < dist[i]!) dist[i] = nd;
          if (getCon(chf, ai, 1) !== NOT_CONNECTED) {
            const aai = neighborSpan(chf, x + 1, z, ai, 1);
            nd = Math.min(dist[aai]! + 3, cap);
            if (nd < dist[i]!) dist[i] = nd;
          }
        }
        if (getCon(chf, i, 1) !== NOT_CONNECTED) {
          const ai = neighborSpan(chf, x, z, i, 1);
          let nd = Math.min(dist[ai]! + 2, cap);
          if (nd < dist[i]!) dist[i] = nd;
          if (getCon(chf, ai, 0) !== NOT_CONNECTED) {
            const aai = neighborSpan(chf, x, z + 1, ai, 0);
            nd = Math.min(dist[aai]! + 3, cap);
            if (nd < dist[i]!) dist[i] = nd;
          }
        }
      }
    }
  }
}

/**
 * Replaces each walkable span's area id by the median of its 3×3 neighborhood (Recast's
 * `rcMedianFilterWalkableArea`), removing speckles left by area marking.
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
