// Distance field, after Recast's RecastRegion.cpp (Recast © Mikko Mononen, zlib licence).
import { getCon as getCon_ } from "./compact";
import { chamfer, neighborSpan as neighborSpan_ } from "./erode";
import { NOT_CONNECTED as NOT_CONNECTED_, type CompactHeightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const getCon = getCon_;
const neighborSpan = neighborSpan_;
const NOT_CONNECTED = NOT_CONNECTED_;

/**
 * Computes each span's distance to the nearest region boundary (an unconnected side or a
 * different area id), as a chamfer distance (2 per straight step) blurred over 3×3, into
 * `chf.dist` and `chf.maxDistance` (Recast's `rcBuildDistanceField`). Returns `chf`.
 */
export function buildDistanceField(chf: CompactHeightfield): CompactHeightfield {
  const { width: w, depth: h, areas, cellIndex, cellCount } = chf;
  const src = new Uint16Array(chf.spanCount).fill(0xffff);
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        let nc = 0;
        for (let dir = 0; dir < 4; dir++) {
          if (getCon(chf, i, dir) === NOT_CONNECTED) continue;
          if (areas[neighborSpan(chf, x, z, i, dir)] === areas[i]) nc++;
        }
        if (nc !== 4) src[i] = 0;
      }
    }
  }
  chamfer(chf, src, 0xffff);
  let maxDist = 0;
  for (let i = 0; i < chf.spanCount; i++) if (src[i]! > maxDist) maxDist = src[i]!;
  // 3×3 box blur (thr 1 → 2).
  const dst = new Uint16Array(chf.spanCount);
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        const cd = src[i]!;
        if (cd <= 2) {
          dst[i] = cd;
          continue;
        }
        let d = cd;
        for (let dir = 0; dir < 4; dir++) {
          if (getCon(chf, i, dir) !== NOT_CONNECTED) {
            const ai = neighborSpan(chf, x, z, i, dir);
            d += src[ai]!;
            const dir2 = (dir + 1) & 3;
            if (getCon(chf, ai, dir2) !== NOT_CONNECTED) {
              const ai2 = neighborSpan(chf, x + (dir === 0 ? -1 : dir === 2 ? 1 : 0), z + (dir === 1 ? 1 : dir === 3 ? -1 : 0), ai, dir2);
              d += src[ai2]!;
            } else d += cd;
          } else d += cd * 2;
        }
        dst[i] = Math.floor((d + 5) / 9);
      }
    }
  }
  chf.dist = dst;
  chf.maxDistance = maxDist;
  return chf;
}
