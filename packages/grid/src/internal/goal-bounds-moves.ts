/**
 * @internal
 * Bit mask of the first moves whose goal-bounding box (`boxes[base + d * 4 ..]`: minX, minY,
 * maxX, maxY) contains goal cell `(gx, gy)`. O(8), no allocation. Used by the goal-bounded searches.
 */
export function goalBoundsMoves(boxes: Int16Array, base: number, gx: number, gy: number): number {
  let m = 0;
  for (let d = 0, k = base; d < 8; d++, k += 4) {
    if (gx >= boxes[k]! && gx <= boxes[k + 2]! && gy >= boxes[k + 1]! && gy <= boxes[k + 3]!) m |= 1 << d;
  }
  return m;
}
