// Heightfield filters, after Recast's RecastFilter.cpp (Recast © Mikko Mononen, zlib licence).
import { MAX_HEIGHTFIELD_HEIGHT as MAX_HEIGHTFIELD_HEIGHT_, NULL_AREA as NULL_AREA_, type Heightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const MAX_HEIGHTFIELD_HEIGHT = MAX_HEIGHTFIELD_HEIGHT_;
const NULL_AREA = NULL_AREA_;

/**
 * Lets an agent step onto low obstacles (curbs, stair edges): a non-walkable span whose top is
 * within `walkableClimb` voxels of the walkable span below it in the same column becomes walkable
 * (Recast's `rcFilterLowHangingWalkableObstacles`).
 *
 * @param hf - The heightfield, changed in place (span areas).
 * @param walkableClimb - Highest step an agent climbs, voxels.
 */
export function filterLowHangingObstacles(hf: Heightfield, walkableClimb: number): void {
  const { head, spanNext, spanMax, spanArea } = hf;
  for (let c = 0; c < head.length; c++) {
    let prevWalkable = false;
    let prevArea = NULL_AREA;
    let prevMax = 0;
    for (let s = head[c]!; s !== -1; s = spanNext[s]!) {
      const walkable = spanArea[s] !== NULL_AREA;
      if (!walkable && prevWalkable && Math.abs(spanMax[s]! - prevMax) <= walkableClimb) spanArea[s] = prevArea;
      prevWalkable = walkable;
      prevArea = spanArea[s]!;
      prevMax = spanMax[s]!;
    }
  }
}

/**
 * Removes walkable spans on ledges: a span with a neighbor column dropping more than
 * `walkableClimb` (or off the grid), or whose reachable neighbors differ by more than
 * `walkableClimb` among themselves (Recast's `rcFilterLedgeSpans`).
 *
 * @param hf - The heightfield, changed in place (span areas).
 * @param walkableHeight - Headroom an agent needs, voxels.
 * @param walkableClimb - Highest step an agent climbs, voxels; a larger drop to a neighbour makes a ledge.
 */
export function filterLedgeSpans(hf: Heightfield, walkableHeight: number, walkableClimb: number): void {
  const { width: w, depth: h, head, spanNext, spanMin, spanMax, spanArea } = hf;
  const MAXH = MAX_HEIGHTFIELD_HEIGHT;
  const drop = -walkableClimb - 1;
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      // Spans on the grid edge have a neighbor off the grid: a drop.
      const edge = x === 0 || z === 0 || x === w - 1 || z === h - 1;
      for (let s = head[c]!; s !== -1; s = spanNext[s]!) {
        if (spanArea[s] === NULL_AREA) continue;
        if (edge) {
          spanArea[s] = NULL_AREA;
          continue;
        }
        const floor = spanMax[s]!;
        const nx = spanNext[s]!;
        const ceiling = nx !== -1 ? spanMin[nx]! : MAXH;
        // Less headroom than walkableHeight: no neighbor can pass the tests below, the span stays as it is.
        if (ceiling - floor < walkableHeight) continue;
        let lowestDiff = MAXH;
        let lowestTrav = floor,
          highestTrav = floor;
        // Directions -x, +z, +x, -z; once a drop is found the span is a ledge whatever the rest says.
        for (let dir = 0; dir < 4 && lowestDiff >= -walkableClimb; dir++) {
          let ns = head[dir === 0 ? c - 1 : dir === 1 ? c + w : dir === 2 ? c + 1 : c - w]!;
          let nCeil = ns !== -1 ? spanMin[ns]! : MAXH;
          // Open space below the neighbor's lowest span (Recast: a drop to the heightfield floor).
          if ((ceiling < nCeil ? ceiling : nCeil) - floor >= walkableHeight) {
            lowestDiff = drop;
            break;
          }
          for (; ns !== -1; ns = spanNext[ns]!) {
            const nFloor = spanMax[ns]!;
            const nn = spanNext[ns]!;
            nCeil = nn !== -1 ? spanMin[nn]! : MAXH;
            if ((ceiling < nCeil ? ceiling : nCeil) - (floor > nFloor ? floor : nFloor) < walkableHeight) continue;
            const diff = nFloor - floor;
            if (diff < lowestDiff) lowestDiff = diff;
            if (diff <= walkableClimb && diff >= -walkableClimb) {
              if (nFloor < lowestTrav) lowestTrav = nFloor;
              if (nFloor > highestTrav) highestTrav = nFloor;
            } else if (diff < -walkableClimb) break;
          }
        }
        if (lowestDiff < -walkableClimb) spanArea[s] = NULL_AREA;
        else if (highestTrav - lowestTrav > walkableClimb) spanArea[s] = NULL_AREA;
      }
    }
  }
}

/**
 * Removes walkable spans with less than `walkableHeight` voxels of free space above them
 * (Recast's `rcFilterWalkableLowHeightSpans`).
 *
 * @param hf - The heightfield, changed in place (span areas).
 * @param walkableHeight - Headroom an agent needs, voxels.
 */
export function filterLowHeightSpans(hf: Heightfield, walkableHeight: number): void {
  const { head, spanNext, spanMin, spanMax, spanArea } = hf;
  for (let c = 0; c < head.length; c++) {
    for (let s = head[c]!; s !== -1; s = spanNext[s]!) {
      const nx = spanNext[s]!;
      const top = nx !== -1 ? spanMin[nx]! : MAX_HEIGHTFIELD_HEIGHT;
      if (top - spanMax[s]! < walkableHeight) spanArea[s] = NULL_AREA;
    }
  }
}
