// Distance field, after Recast's RecastRegion.cpp (Recast © Mikko Mononen, zlib licence).
import { chamfer } from "./erode";
import { NOT_CONNECTED as NOT_CONNECTED_, type CompactHeightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const NOT_CONNECTED = NOT_CONNECTED_;

/**
 * Computes each span's distance to the nearest region boundary (an unconnected side or a
 * different area id), as a chamfer distance (2 per straight step) blurred over 3×3, into
 * `chf.dist` and `chf.maxDistance` (Recast's `rcBuildDistanceField`). Returns `chf`.
 *
 * @param chf - The compact heightfield; `dist` and `maxDistance` are written in place, and it is returned.
 */
export function buildDistanceField(chf: CompactHeightfield): CompactHeightfield {
  const { width: w, depth: h, areas, cellIndex, cellCount, con } = chf;
  const src = new Uint16Array(chf.spanCount).fill(0xffff);
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = cellIndex[c]!, end = i + cellCount[c]!; i < end; i++) {
        // A boundary span: a side not connected, or a neighbor with another area id.
        const ci = con[i]!,
          area = areas[i]!;
        const c0 = ci & 0x3f,
          c1 = (ci >>> 6) & 0x3f,
          c2 = (ci >>> 12) & 0x3f,
          c3 = (ci >>> 18) & 0x3f;
        if (
          c0 === NOT_CONNECTED ||
          c1 === NOT_CONNECTED ||
          c2 === NOT_CONNECTED ||
          c3 === NOT_CONNECTED ||
          areas[cellIndex[c - 1]! + c0] !== area ||
          areas[cellIndex[c + w]! + c1] !== area ||
          areas[cellIndex[c + 1]! + c2] !== area ||
          areas[cellIndex[c - w]! + c3] !== area
        )
          src[i] = 0;
      }
    }
  }
  chamfer(chf, src, 0xffff);
  let maxDist = 0;
  for (let i = 0; i < chf.spanCount; i++) if (src[i]! > maxDist) maxDist = src[i]!;
  // 3×3 box blur (thr 1 → 2). Cell offsets of directions 0..3 (-x, +z, +x, -z).
  const o0 = -1,
    o1 = w,
    o2 = 1,
    o3 = -w;
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
        const ci = con[i]!;
        let d = cd;
        // Direction 0, then its diagonal through direction 1.
        let k = ci & 0x3f;
        if (k !== NOT_CONNECTED) {
          const ai = cellIndex[c + o0]! + k;
          d += src[ai]!;
          const k2 = (con[ai]! >>> 6) & 0x3f;
          d += k2 !== NOT_CONNECTED ? src[cellIndex[c + o0 + o1]! + k2]! : cd;
        } else d += cd * 2;
        k = (ci >>> 6) & 0x3f;
        if (k !== NOT_CONNECTED) {
          const ai = cellIndex[c + o1]! + k;
          d += src[ai]!;
          const k2 = (con[ai]! >>> 12) & 0x3f;
          d += k2 !== NOT_CONNECTED ? src[cellIndex[c + o1 + o2]! + k2]! : cd;
        } else d += cd * 2;
        k = (ci >>> 12) & 0x3f;
        if (k !== NOT_CONNECTED) {
          const ai = cellIndex[c + o2]! + k;
          d += src[ai]!;
          const k2 = (con[ai]! >>> 18) & 0x3f;
          d += k2 !== NOT_CONNECTED ? src[cellIndex[c + o2 + o3]! + k2]! : cd;
        } else d += cd * 2;
        k = (ci >>> 18) & 0x3f;
        if (k !== NOT_CONNECTED) {
          const ai = cellIndex[c + o3]! + k;
          d += src[ai]!;
          const k2 = con[ai]! & 0x3f;
          d += k2 !== NOT_CONNECTED ? src[cellIndex[c + o3 + o0]! + k2]! : cd;
        } else d += cd * 2;
        dst[i] = Math.floor((d + 5) / 9);
      }
    }
  }
  chf.dist = dst;
  chf.maxDistance = maxDist;
  return chf;
}
