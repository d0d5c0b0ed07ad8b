import { checkNumber, configError } from "./errors";
import type { LineOfSight } from "./types";

/** A vision cone: range and full field-of-view angle, looking along a heading. */
export interface VisionCone {
  /** Maximum distance at which anything is seen, in world units, ≥ 0. */
  readonly range: number;
  /** Full opening angle of the cone in radians, in [0, 2π]. `2π` sees all around. */
  readonly fieldOfView: number;
}

/** Options for {@link canSee}. */
export interface CanSeeOptions {
  /** Ray test run last, only for targets inside range and cone. Without it nothing occludes. */
  readonly lineOfSight?: LineOfSight;
}

/**
 * Validates a vision cone, throwing `PERCEPTION_CONFIG` for a negative or non-finite range or a
 * field of view outside [0, 2π].
 * @internal
 */
export function checkVisionCone(fn: string, cone: VisionCone): void {
  checkNumber(fn, "range", cone.range, 0);
  checkNumber(fn, "fieldOfView", cone.fieldOfView, 0, 2 * Math.PI);
}

/**
 * The Boolean vision check in the cheap-first order of *Game AI Pro* ch. 4: distance, then field of
 * view, then the line-of-sight ray (the only costly step, run last). The observer at `(ox, oy)` looks
 * along `heading` (radians, 0 = +x, counter-clockwise). A target at the observer's own position is seen.
 * Allocation-free; O(1) plus one ray.
 *
 * @example
 * ```ts
 * const cone = { range: 10, fieldOfView: Math.PI / 2 };
 * canSee(0, 0, 0, 5, 1, cone);   // true: 5.1 away, 11° off the heading
 * canSee(0, 0, 0, -5, 0, cone);  // false: behind
 * ```
 */
export function canSee(ox: number, oy: number, heading: number, tx: number, ty: number, cone: VisionCone, options?: CanSeeOptions): boolean {
  const dx = tx - ox;
  const dy = ty - oy;
  const d2 = dx * dx + dy * dy;
  if (d2 > cone.range * cone.range) return false;
  if (d2 > 0 && cone.fieldOfView < 2 * Math.PI) {
    // cos of the angle between heading and the target direction, compared with cos(half FOV).
    const dot = (dx * Math.cos(heading) + dy * Math.sin(heading)) / Math.sqrt(d2);
    if (dot < Math.cos(cone.fieldOfView / 2)) return false;
  }
  const los = options?.lineOfSight;
  return los === undefined || los(ox, oy, tx, ty);
}

/**
 * One identification zone: a cone of `range` and half-angle `halfAngle` in which a target is
 * identified with `certainty` (in [0, 1]). Nested zones model the *Game AI Pro* ch. 28 sweet spot:
 * a narrow far cone and a wide near one can both reach high certainty.
 */
export interface VisionZone {
  /** Maximum distance of the zone, ≥ 0. */
  readonly range: number;
  /** Half of the zone's opening angle in radians, in [0, π]. */
  readonly halfAngle: number;
  /** Identification certainty inside the zone, in [0, 1]. */
  readonly certainty: number;
}

/** Options for {@link visionCertainty}. */
export interface VisionCertaintyOptions {
  /** Additive modifier (moving +0.3, camouflage −0.3, light); the result is clamped to [0, 1]. Default 0. */
  readonly modifier?: number;
  /** Ray test; a blocked ray gives certainty 0. */
  readonly lineOfSight?: LineOfSight;
}

/**
 * Checks a list of zones (throws `PERCEPTION_CONFIG` naming the zone for a certainty outside [0, 1],
 * a negative range or a half-angle outside [0, π]). Call once when you build the zones, not per frame.
 */
export function validateVisionZones(zones: readonly VisionZone[]): readonly VisionZone[] {
  const input: unknown = zones;
  if (!Array.isArray(input)) configError("validateVisionZones", "zones must be an array of { range, halfAngle, certainty }.", "zones");
  zones.forEach((z, i) => {
    const fn = `validateVisionZones: zones[${i}]`;
    if (typeof z !== "object" || z === null) configError("validateVisionZones", `zones[${i}] is not an object.`, `zones[${i}]`);
    checkNumber(fn, "range", z.range, 0);
    checkNumber(fn, "halfAngle", z.halfAngle, 0, Math.PI);
    checkNumber(fn, "certainty", z.certainty, 0, 1);
  });
  return zones;
}

/**
 * Deterministic identification certainty in [0, 1] of a target seen from `(ox, oy)` looking along
 * `heading`: the highest certainty among the zones that contain the target (0 when none does or the
 * ray is blocked), plus `options.modifier`, clamped to [0, 1]. A target in no zone stays at 0 whatever
 * the modifier. Certainty never increases with distance or with the angle off the heading.
 * Validate the zones once with {@link validateVisionZones}.
 */
export function visionCertainty(ox: number, oy: number, heading: number, tx: number, ty: number, zones: readonly VisionZone[], options?: VisionCertaintyOptions): number {
  const dx = tx - ox;
  const dy = ty - oy;
  const d = Math.sqrt(dx * dx + dy * dy);
  let angle = 0;
  if (d > 0) {
    const c = (dx * Math.cos(heading) + dy * Math.sin(heading)) / d;
    angle = Math.acos(c > 1 ? 1 : c < -1 ? -1 : c);
  }
  let best = 0;
  let inside = false;
  for (let i = 0; i < zones.length; i++) {
    const z = zones[i]!;
    if (d <= z.range && angle <= z.halfAngle) {
      inside = true;
      if (z.certainty > best) best = z.certainty;
    }
  }
  if (!inside) return 0;
  const los = options?.lineOfSight;
  if (los !== undefined && !los(ox, oy, tx, ty)) return 0;
  const v = best + (options?.modifier ?? 0);
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
