import { configError } from "../errors";

/** A choke between two areas (a door, a window) through which sound passes; areas are integer ids. */
export interface SoundChoke {
  /** Choke position x. */
  readonly x: number;
  /** Choke position y. */
  readonly y: number;
  /** One area it connects. */
  readonly a: number;
  /** The other area it connects. */
  readonly b: number;
}

/**
 * Sound distance along an area path (*Splinter Cell Blacklist*, *Game AI Pro 2* Eq. 28.1): in the
 * same area it is the straight distance; otherwise it is the distance from the source to the closest
 * choke leading into the next area of `areaPath`, then from that choke to the closest choke leading
 * into the area after, …, then from the last choke to the listener. `areaPath` runs from the source's
 * area to the listener's (get it from your navmesh or region graph). Areas are plain data; no walls
 * are tested here. Returns `Infinity` when two consecutive areas share no choke. Compare the result
 * with a sound's radius instead of the straight distance, so sounds are not heard through walls.
 *
 * @param chokes - Doors and windows between areas, each at `x`, `y` (world units) joining areas `a` and `b`, read only.
 * @param sx - Sound source x, world units (inside `areaPath[0]`).
 * @param sy - Sound source y, world units.
 * @param lx - Listener x, world units (inside the last area of `areaPath`).
 * @param ly - Listener y, world units.
 * @param areaPath - Area ids from the source's area to the listener's, at least one (else `PERCEPTION_CONFIG`); consecutive areas must share a choke, else the distance is `Infinity`.
 */
export function soundPathDistance(chokes: readonly SoundChoke[], sx: number, sy: number, lx: number, ly: number, areaPath: readonly number[]): number {
  const path: unknown = areaPath;
  if (!Array.isArray(path) || areaPath.length === 0) configError("soundPathDistance", "areaPath must list at least the source's area.", "areaPath");
  let x = sx;
  let y = sy;
  let total = 0;
  for (let k = 1; k < areaPath.length; k++) {
    const from = areaPath[k - 1]!;
    const to = areaPath[k]!;
    let best = -1;
    let bestD = Infinity;
    for (let c = 0; c < chokes.length; c++) {
      const ch = chokes[c]!;
      if (!((ch.a === from && ch.b === to) || (ch.a === to && ch.b === from))) continue;
      const d = Math.hypot(ch.x - x, ch.y - y);
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    if (best < 0) return Infinity;
    total += bestD;
    x = chokes[best]!.x;
    y = chokes[best]!.y;
  }
  return total + Math.hypot(lx - x, ly - y);
}
