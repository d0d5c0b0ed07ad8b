// Compact heightfield, after Recast's rcBuildCompactHeightfield (Recast © Mikko Mononen, zlib licence).
import {
  MAX_HEIGHTFIELD_HEIGHT as MAX_HEIGHTFIELD_HEIGHT_,
  NOT_CONNECTED as NOT_CONNECTED_,
  NULL_AREA as NULL_AREA_,
  type CompactHeightfield,
  type Heightfield,
} from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const MAX_HEIGHTFIELD_HEIGHT = MAX_HEIGHTFIELD_HEIGHT_;
const NOT_CONNECTED = NOT_CONNECTED_;
const NULL_AREA = NULL_AREA_;

/** Direction offsets: 0 = -x, 1 = +z, 2 = +x, 3 = -z. @internal */
export const DIR_X = [-1, 0, 1, 0] as const;
/** @internal */
export const DIR_Z = [0, 1, 0, -1] as const;

/**
 * Neighbor layer index of a compact span in direction `dir` (or {@link NOT_CONNECTED}).
 *
 * @param chf - The compact heightfield, read only.
 * @param span - Span index, in `[0, spanCount)`.
 * @param dir - Direction 0..3 (0 = −x, 1 = +z, 2 = +x, 3 = −z).
 */
export function getCon(chf: CompactHeightfield, span: number, dir: number): number {
  return (chf.con[span]! >>> (dir * 6)) & 0x3f;
}

/** Most layers a neighbor lookup can address (6 bits minus the "not connected" value). */
const MAX_LAYERS = NOT_CONNECTED - 1;

/** Options of {@link buildCompactHeightfield}. */
export interface BuildCompactHeightfieldOptions {
  /** Width of the border around the heightfield (voxels, integer ≥ 0) that tile builds overlap; default 0. */
  readonly borderSize?: number;
  /** Hears about columns with more than 62 layers or 255 walkable spans; default: silent. */
  readonly onWarn?: (message: string) => void;
}

/**
 * Builds the compact heightfield: the open space above every walkable span, with links to the
 * spans of the four neighbor columns an agent can move to (enough headroom, `walkableHeight`,
 * and a step of at most `walkableClimb`, both in voxels). `onWarn` hears about columns with
 * more than 62 layers (their extra links are dropped, as in Recast).
 *
 * @param hf - The rasterized (and filtered) heightfield, read only.
 * @param walkableHeight - Headroom an agent needs (voxels, integer).
 * @param walkableClimb - Highest step an agent climbs (voxels, integer).
 * @param options - `borderSize` (voxels, default 0) and `onWarn` (default silent).
 */
export function buildCompactHeightfield(
  hf: Heightfield,
  walkableHeight: number,
  walkableClimb: number,
  options: BuildCompactHeightfieldOptions = {},
): CompactHeightfield {
  const borderSize = options.borderSize ?? 0;
  const onWarn = options.onWarn;
  const { width: w, depth: h, head, spanNext, spanMin, spanMax, spanArea } = hf;
  let spanCount = 0;
  for (let c = 0; c < head.length; c++) for (let s = head[c]!; s !== -1; s = spanNext[s]!) if (spanArea[s] !== NULL_AREA) spanCount++;
  const cellIndex = new Uint32Array(w * h);
  const cellCount = new Uint8Array(w * h);
  const y = new Uint16Array(spanCount);
  const hh = new Uint8Array(spanCount);
  const con = new Uint32Array(spanCount);
  const areas = new Uint8Array(spanCount);
  let idx = 0;
  let overflow = 0;
  for (let c = 0; c < w * h; c++) {
    cellIndex[c] = idx;
    let n = 0;
    for (let s = head[c]!; s !== -1; s = spanNext[s]!) {
      if (spanArea[s] === NULL_AREA) continue;
      const bot = spanMax[s]!;
      const nx = spanNext[s]!;
      const top = nx !== -1 ? spanMin[nx]! : MAX_HEIGHTFIELD_HEIGHT;
      y[idx] = Math.min(Math.max(bot, 0), 0xffff);
      hh[idx] = Math.min(Math.max(top - bot, 0), 0xff);
      areas[idx] = spanArea[s]!;
      idx++;
      n++;
    }
    if (n > 255) overflow++;
    cellCount[c] = Math.min(n, 255);
  }
  const all = (NOT_CONNECTED | (NOT_CONNECTED << 6) | (NOT_CONNECTED << 12) | (NOT_CONNECTED << 18)) >>> 0;
  con.fill(all);
  let tooMany = 0;
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      const start = cellIndex[c]!,
        end = start + cellCount[c]!;
      for (let i = start; i < end; i++) {
        const yi = y[i]!,
          topI = yi + hh[i]!;
        let packed = all;
        for (let dir = 0; dir < 4; dir++) {
          // Directions 0..3: -x, +z, +x, -z.
          let nc: number;
          if (dir === 0) {
            if (x === 0) continue;
            nc = c - 1;
          } else if (dir === 1) {
            if (z === h - 1) continue;
            nc = c + w;
          } else if (dir === 2) {
            if (x === w - 1) continue;
            nc = c + 1;
          } else {
            if (z === 0) continue;
            nc = c - w;
          }
          const ns = cellIndex[nc]!,
            ne = ns + cellCount[nc]!;
          for (let k = ns; k < ne; k++) {
            const yk = y[k]!;
            const bot = yi > yk ? yi : yk;
            const topK = yk + hh[k]!;
            const top = topI < topK ? topI : topK;
            if (top - bot >= walkableHeight && Math.abs(yk - yi) <= walkableClimb) {
              const layer = k - ns;
              if (layer > MAX_LAYERS) {
                tooMany = Math.max(tooMany, layer);
                continue;
              }
              packed = (packed & ~(0x3f << (dir * 6))) | (layer << (dir * 6));
              break;
            }
          }
        }
        con[i] = packed >>> 0;
      }
    }
  }
  if (tooMany > 0 && onWarn) onWarn(`buildCompactHeightfield: a column has ${tooMany + 1} layers, more than ${MAX_LAYERS}; the extra links were dropped.`);
  if (overflow > 0 && onWarn) onWarn(`buildCompactHeightfield: ${overflow} columns have more than 255 walkable spans.`);
  const bmax = Float64Array.from(hf.bmax);
  bmax[1] = bmax[1]! + walkableHeight * hf.cellHeight;
  return {
    width: w,
    depth: h,
    spanCount,
    walkableHeight,
    walkableClimb,
    borderSize,
    bmin: Float64Array.from(hf.bmin),
    bmax,
    cellSize: hf.cellSize,
    cellHeight: hf.cellHeight,
    cellIndex,
    cellCount,
    y,
    h: hh,
    con,
    areas,
    regions: new Uint16Array(spanCount),
    dist: new Uint16Array(0),
    maxDistance: 0,
    maxRegions: 0,
  };
}
