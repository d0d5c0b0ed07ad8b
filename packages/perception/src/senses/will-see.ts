import { checkNumber } from "../errors";
import { canSee, type CanSeeOptions, type VisionCone } from "./vision";

/** Options for {@link predictSighting}. */
export interface PredictSightingOptions extends CanSeeOptions {
  /** Seconds ahead to look, ≥ 0 (default 2). */
  readonly horizon?: number;
  /** Samples over the horizon, integer ≥ 1 (default 8). */
  readonly samples?: number;
}

/**
 * "Will see" (*The Last of Us*, *Game AI Pro 2* ch. 35): the first time in `(0, horizon]` at which
 * an observer at `(ox, oy)` looking along `heading` sees a target that starts at `(tx, ty)` and moves
 * with velocity `(vx, vy)` (straight-line prediction, `samples` checks with {@link canSee}), or −1
 * when it does not within the horizon. Use it to throw before an enemy spots the player, or, from
 * the player's camera, for "can the player see it" checks before a callout or damage.
 *
 * @param cone - View range (world units) and full field of view (radians).
 * @param ox - Observer's eye x, world units.
 * @param oy - Observer's eye y, world units.
 * @param heading - Direction the observer faces (kept over the horizon), radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide;
 *   `vec2Angle(forward)` of `@tactica/core` turns a facing or velocity vector into it).
 * @param tx - Target's current x, world units.
 * @param ty - Target's current y, world units.
 * @param vx - Target's velocity x, world units per second.
 * @param vy - Target's velocity y, world units per second.
 * @param options - Horizon (seconds), samples and the line-of-sight ray test.
 */
export function predictSighting(
  cone: VisionCone,
  ox: number,
  oy: number,
  heading: number,
  tx: number,
  ty: number,
  vx: number,
  vy: number,
  options?: PredictSightingOptions,
): number {
  const horizon = checkNumber("predictSighting", "horizon", options?.horizon ?? 2, 0);
  const samples = options?.samples ?? 8;
  if (!Number.isInteger(samples) || samples < 1) checkNumber("predictSighting", "samples", Number.NaN);
  for (let k = 1; k <= samples; k++) {
    const t = (horizon * k) / samples;
    if (canSee(cone, ox, oy, heading, tx + vx * t, ty + vy * t, options)) return t;
  }
  return -1;
}
