// Heightfield filters, after Recast's RecastFilter.cpp (Recast © Mikko Mononen, zlib licence).
import { MAX_HEIGHTFIELD_HEIGHT as MAX_HEIGHTFIELD_HEIGHT_, NULL_AREA as NULL_AREA_, type Heightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const MAX_HEIGHTFIELD_HEIGHT = MAX_HEIGHTFIELD_HEIGHT_;
const NULL_AREA = NULL_AREA_;

/**
 * Lets an agent step onto low obstacles (curbs, stair edges): a non-walkable span whose top is
 * within `walkableClimb` voxels of the walkable span below it in the same column becomes walkable
 * (Recast's `rcFilterLowHangingWalkableObstacles`).
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
 */
export function filterLedgeSpans(hf: Heightfield, walkableHeight: number, walkableClimb: number): void {
  const { width: w, depth: h, head, spanNext, spanMin, spanMax, spanArea } = hf;
  const MAXH = MAX_HEIGHTFIELD_HEIGHT;
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      for (let s = head[x + z * w]!; s !== -1; s = spanNext[s]!) {
        if (spanArea[s] === NULL_AREA) continue;
        const floor = spanMax[s]!;
        const nx = spanNext[s]!;
        const ceiling = nx !== -1 ? spanMin[nx]! : MAXH;
        let lowestDiff = MAXH;
        let lowestTrav = floor,
          highestTrav = floor;
        for (let dir = 0; dir < 4; dir++) {
          const dx = x + (dir === 0 ? -1 : dir === 2 ? 1 : 0);
          const dz = z + (dir === 1 ? 1 : dir === 3 ? -1 : 0);
          if (dx < 0 || dz < 0 || dx >= w || dz >= h) {
            lowestDiff = -walkableClimb - 1;
            break;
          }
          let ns = head[dx + dz * w]!;
          let nCeil = ns !== -1 ? spanMin[ns]! : MAXH;
          if (Math.min(ceiling, nCeil) - floor >= walkableHeight) {
            lowestDiff = -walkableClimb - 1;
            break;
          }
          for (; ns !== -1; ns = spanNext[ns]!) {
            const nFloor = spanMax[ns]!;
            const nn = spanNext[ns]!;
            nCeil = nn !== -1 ? spanMin[nn]! : MAXH;
            if (Math.min(ceiling, nCeil) - Math.max(floor, nFloor) < walkableHeight) continue;
            const diff = nFloor - floor;
            if (diff < lowestDiff) lowestDiff = diff;
            if (Math.abs(diff) <= walkableClimb) {
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
