import { configError } from "../errors";
import type { InfluenceLayer } from "./influence-layer";

/** Options for {@link climbInfluence}. */
export interface ClimbInfluenceOptions {
  /** Climb down to a local minimum instead of up to a maximum (default false). */
  readonly descend?: boolean;
  /** Most steps (default: width + height). */
  readonly maxSteps?: number;
  /** Passability per cell (1 open); blocked cells are never entered. */
  readonly passable?: Uint8Array;
}

/**
 * Greedy gradient search on a layer (*Game AI Pro 2* ch. 29): from cell `start` (`y · width + x`),
 * repeatedly moves to the 8-neighbour with the highest value (lowest with `descend`) while that
 * strictly improves, and returns the cell where it stops — a local extreme, or the cell reached after
 * `maxSteps`. Ties go to the first neighbour in row-major order, so the walk is deterministic. Values
 * along the walk strictly improve, so it always ends. O(steps).
 *
 * @param layer - The layer climbed, read only.
 * @param start - Start cell index `y · width + x`, an integer in `[0, width · height)`.
 * @param options - `descend` (walk down to a minimum; default false: up to a maximum), `maxSteps` (default width + height) and `passable` (one byte per cell, 1 open; default every cell open).
 */
export function climbInfluence(layer: InfluenceLayer, start: number, options?: ClimbInfluenceOptions): number {
  const { width: w, height: h, values } = layer;
  if (!Number.isInteger(start) || start < 0 || start >= w * h) configError("climbInfluence", `cell ${start} is outside the ${w}×${h} layer.`, "start");
  const sign = options?.descend === true ? -1 : 1;
  const maxSteps = options?.maxSteps ?? w + h;
  const passable = options?.passable;
  let cell = start;
  for (let step = 0; step < maxSteps; step++) {
    const x = cell % w;
    const y = (cell - x) / w;
    let best = cell;
    let bestValue = sign * values[cell]!;
    for (let dy = -1; dy <= 1; dy++) {
      const ny = y + dy;
      if (ny < 0 || ny >= h) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        if ((dx === 0 && dy === 0) || nx < 0 || nx >= w) continue;
        const j = ny * w + nx;
        if (passable !== undefined && passable[j] !== 1) continue;
        const v = sign * values[j]!;
        if (v > bestValue) {
          bestValue = v;
          best = j;
        }
      }
    }
    if (best === cell) break;
    cell = best;
  }
  return cell;
}

/**
 * The gradient of a layer at cell `(x, y)` by central differences (one-sided at the edges), in
 * value per cell, written into `out`. Returns `out`.
 *
 * @param out - Written with the gradient `x`, `y` in value per cell and returned.
 * @param layer - The layer, read only.
 * @param x - Cell column, an integer in `[0, width)`.
 * @param y - Cell row, an integer in `[0, height)`.
 */
export function influenceGradient(out: { x: number; y: number }, layer: InfluenceLayer, x: number, y: number): { x: number; y: number } {
  const { width: w, height: h, values } = layer;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= w || y >= h)
    configError("influenceGradient", `cell (${x}, ${y}) is outside the ${w}×${h} layer.`, "x");
  const xl = x > 0 ? x - 1 : x;
  const xr = x < w - 1 ? x + 1 : x;
  const yu = y > 0 ? y - 1 : y;
  const yd = y < h - 1 ? y + 1 : y;
  out.x = xr === xl ? 0 : (values[y * w + xr]! - values[y * w + xl]!) / (xr - xl);
  out.y = yd === yu ? 0 : (values[yd * w + x]! - values[yu * w + x]!) / (yd - yu);
  return out;
}
