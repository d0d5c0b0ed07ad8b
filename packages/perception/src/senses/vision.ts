import { checkNumber, configError, describeValue } from "../errors";
import type { LineOfSight } from "../line-of-sight/types";

/**
 * A vision cone: view range and full field-of-view angle, looking along a heading. The same two
 * fields, with the same names and meaning, are part of {@link SensorDefinition} and {@link Observer}.
 */
export interface VisionCone {
  /** Maximum distance at which anything is seen, in world units, ≥ 0. */
  readonly viewRange: number;
  /** Full opening angle of the cone (not the half angle) in radians, in [0, 2π]. `2π` sees all around. */
  readonly fieldOfView: number;
}

/** Options for {@link canSee}. */
export interface CanSeeOptions {
  /** Ray test run last, only for targets inside range and cone. Without it nothing occludes. */
  readonly lineOfSight?: LineOfSight;
}

/**
 * Validates a vision cone, throwing `PERCEPTION_CONFIG` for a negative or non-finite view range or a
 * field of view outside [0, 2π].
 * @internal
 */
export function checkVisionCone(fn: string, cone: VisionCone): void {
  checkNumber(fn, "viewRange", cone.viewRange, 0);
  checkNumber(fn, "fieldOfView", cone.fieldOfView, 0, 2 * Math.PI);
}

/**
 * The Boolean vision check in the cheap-first order of *Game AI Pro* ch. 4: distance, then field of
 * view, then the line-of-sight ray (the only costly step, run last). The observer at `(ox, oy)` looks
 * along `heading`. A target at the observer's own position is seen. Allocation-free; O(1) plus one ray.
 *
 * @param cone - View range (world units) and full field of view (radians).
 * @param ox - Observer's eye x, world units.
 * @param oy - Observer's eye y, world units.
 * @param heading - Direction the observer faces, radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide;
 *   `vec2Angle(forward)` of `@tactica/core` turns a facing or velocity vector into it).
 * @param tx - Target x, world units.
 * @param ty - Target y, world units.
 * @param options - The line-of-sight ray test (none: nothing occludes).
 *
 * @example
 * ```ts
 * const cone = { viewRange: 10, fieldOfView: Math.PI / 2 };
 * canSee(cone, 0, 0, 0, 5, 1);   // true: 5.1 away, 11° off the heading
 * canSee(cone, 0, 0, 0, -5, 0);  // false: behind
 * ```
 */
export function canSee(cone: VisionCone, ox: number, oy: number, heading: number, tx: number, ty: number, options?: CanSeeOptions): boolean {
  const dx = tx - ox;
  const dy = ty - oy;
  const d2 = dx * dx + dy * dy;
  if (d2 > cone.viewRange * cone.viewRange) return false;
  if (d2 > 0 && cone.fieldOfView < 2 * Math.PI) {
    // cos of the angle between heading and the target direction, compared with cos(half FOV).
    const dot = (dx * Math.cos(heading) + dy * Math.sin(heading)) / Math.sqrt(d2);
    if (dot < Math.cos(cone.fieldOfView / 2)) return false;
  }
  // Plain checks, not `options?.lineOfSight`: with optional chaining V8 (Node 20) boxes a number
  // on every inlined ray call, the allocation `pnpm bench:perception` caught in the vision frame.
  if (options === undefined) return true;
  const los = options.lineOfSight;
  if (los === undefined) return true;
  return los(ox, oy, tx, ty);
}

/** Shapes of a {@link VisionZone}, in the eye's frame (forward along the heading). */
export const VisionShape = {
  /** Distance ≤ `viewRange` and angle off the heading ≤ `halfAngle`. */
  Cone: 0,
  /** Forward distance in [0, `viewRange`] and lateral offset ≤ `halfWidth` (*Splinter Cell Conviction*'s distance boxes). */
  Box: 1,
  /**
   * Widens like a cone of `halfAngle` up to forward distance `widestAt`, then narrows linearly to
   * `endHalfWidth` at `viewRange` (*Splinter Cell Blacklist*'s coffin, ch. 28): far away it is narrower
   * than the cone, so the guard does not notice things far off to the side.
   */
  Coffin: 2,
} as const;

/** One of the {@link VisionShape} values. */
export type VisionShapeValue = (typeof VisionShape)[keyof typeof VisionShape];

/**
 * One identification zone in which a target is identified with `certainty` (in [0, 1]): a cone by
 * default, or a box or coffin ({@link VisionShape}). Nested zones model the *Game AI Pro 2* ch. 4
 * sweet spot that widens and then narrows: a narrow far zone and a wide near one can both reach high
 * certainty.
 */
export interface VisionZone {
  /** Shape (default {@link VisionShape.Cone}). */
  readonly shape?: VisionShapeValue;
  /** Maximum (forward, for box and coffin) distance of the zone, in world units, ≥ 0 (the same idea as {@link VisionCone.viewRange}). */
  readonly viewRange: number;
  /** Half of the zone's opening angle (not the full field of view) in radians, in [0, π] (cone, coffin). */
  readonly halfAngle: number;
  /** Identification certainty inside the zone, in [0, 1]. */
  readonly certainty: number;
  /** Box: half of its width, ≥ 0 (default 0). */
  readonly halfWidth?: number;
  /** Coffin: forward distance of its widest point, in (0, viewRange] (default viewRange / 2). */
  readonly widestAt?: number;
  /** Coffin: half-width at `viewRange`, ≥ 0 (default 0). */
  readonly endHalfWidth?: number;
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
 * a negative view range or a half-angle outside [0, π]). Call once when you build the zones, not per frame.
 *
 * @param zones - The zones to check, each with `viewRange` (world units, ≥ 0), `halfAngle` (radians, 0..π), `certainty` (0..1) and the shape's optional widths; returned unchanged.
 */
export function validateVisionZones(zones: readonly VisionZone[]): readonly VisionZone[] {
  const input: unknown = zones;
  if (!Array.isArray(input)) configError("validateVisionZones", "zones must be an array of { viewRange, halfAngle, certainty }.", "zones");
  for (let i = 0; i < zones.length; i++) {
    const z = zones[i]!; // indexed, so a hole in a sparse array is caught too
    const fn = "validateVisionZones";
    const at = `zones[${i}]`;
    if (typeof z !== "object" || (z as unknown) === null) configError("validateVisionZones", `zones[${i}] is not an object.`, `zones[${i}]`);
    checkNumber(fn, `${at}.viewRange`, z.viewRange, 0);
    checkNumber(fn, `${at}.halfAngle`, z.halfAngle, 0, Math.PI);
    checkNumber(fn, `${at}.certainty`, z.certainty, 0, 1);
    const shape = z.shape ?? VisionShape.Cone;
    if (shape !== VisionShape.Cone && shape !== VisionShape.Box && shape !== VisionShape.Coffin) {
      configError("validateVisionZones", `zones[${i}].shape is ${describeValue(shape)}; use VisionShape.Cone, Box or Coffin.`, `zones[${i}].shape`);
    }
    if (z.halfWidth !== undefined) checkNumber(fn, `${at}.halfWidth`, z.halfWidth, 0);
    if (z.widestAt !== undefined) checkNumber(fn, `${at}.widestAt`, z.widestAt, Number.MIN_VALUE, Math.max(z.viewRange, Number.MIN_VALUE));
    if (z.endHalfWidth !== undefined) checkNumber(fn, `${at}.endHalfWidth`, z.endHalfWidth, 0);
    if (shape === VisionShape.Coffin && z.halfAngle >= Math.PI / 2)
      configError("validateVisionZones", `zones[${i}].halfAngle must be below π/2 for a coffin.`, `zones[${i}].halfAngle`);
  }
  return zones;
}

/**
 * Deterministic identification certainty in [0, 1] of a target seen from `(ox, oy)` looking along
 * `heading`: the highest certainty among the zones that contain the target (0 when none does or the
 * ray is blocked), plus `options.modifier`, clamped to [0, 1]. A target in no zone stays at 0 whatever
 * the modifier. Certainty never increases with distance or with the angle off the heading.
 * Validate the zones once with {@link validateVisionZones}.
 *
 * @param zones - Identification zones (view range in world units, half angle in radians, certainty).
 * @param ox - Observer's eye x, world units.
 * @param oy - Observer's eye y, world units.
 * @param heading - Direction the observer faces, radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide;
 *   `vec2Angle(forward)` of `@tactica/core` turns a facing or velocity vector into it).
 * @param tx - Target x, world units.
 * @param ty - Target y, world units.
 * @param options - Additive certainty modifier and the line-of-sight ray test.
 */
export function visionCertainty(
  zones: readonly VisionZone[],
  ox: number,
  oy: number,
  heading: number,
  tx: number,
  ty: number,
  options?: VisionCertaintyOptions,
): number {
  const dx = tx - ox;
  const dy = ty - oy;
  const d = Math.sqrt(dx * dx + dy * dy);
  const cos = Math.cos(heading);
  const sin = Math.sin(heading);
  const forward = dx * cos + dy * sin;
  let angle = 0;
  if (d > 0) {
    const c = forward / d;
    angle = Math.acos(c > 1 ? 1 : c < -1 ? -1 : c);
  }
  // The zone loop is too big for V8 to inline here, and a number crossing a call that is not
  // inlined is boxed (an allocation per call): the four measures go through a typed-array scratch
  // and the loop returns an index, never a number that needs boxing.
  zoneScratch[0] = d;
  zoneScratch[1] = angle;
  zoneScratch[2] = forward;
  zoneScratch[3] = Math.abs(dy * cos - dx * sin);
  const best = bestZone(zones);
  if (best < 0) return 0;
  // Plain checks rather than optional chaining (see canSee: `?.` before the ray call allocates).
  if (options !== undefined) {
    const los = options.lineOfSight;
    if (los !== undefined && !los(ox, oy, tx, ty)) return 0;
  }
  const v = zones[best]!.certainty + (options === undefined ? 0 : (options.modifier ?? 0));
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/**
 * Distance, angle off the heading, forward and lateral offsets of the target, for {@link bestZone}.
 * @internal
 */
export const zoneScratch = new Float64Array(4);

/**
 * Index of the first zone of highest certainty that contains the target described by
 * `zoneScratch`, or -1 when none does.
 * @internal
 */
export function bestZone(zones: readonly VisionZone[]): number {
  const d = zoneScratch[0]!;
  const angle = zoneScratch[1]!;
  const forward = zoneScratch[2]!;
  const lateral = zoneScratch[3]!;
  let best = -1;
  let bestCertainty = -1;
  for (let i = 0; i < zones.length; i++) {
    const z = zones[i]!;
    const shape = z.shape;
    let contains: boolean;
    if (shape === undefined || shape === VisionShape.Cone) contains = d <= z.viewRange && angle <= z.halfAngle;
    else if (shape === VisionShape.Box) contains = forward >= 0 && forward <= z.viewRange && lateral <= (z.halfWidth ?? 0);
    else {
      const widestAt = z.widestAt ?? z.viewRange / 2;
      const widest = widestAt * Math.tan(z.halfAngle);
      const end = z.endHalfWidth ?? 0;
      const half =
        forward <= widestAt
          ? forward * Math.tan(z.halfAngle)
          : z.viewRange > widestAt
            ? widest + ((end - widest) * (forward - widestAt)) / (z.viewRange - widestAt)
            : end;
      contains = forward >= 0 && forward <= z.viewRange && lateral <= half;
    }
    if (contains && z.certainty > bestCertainty) {
      best = i;
      bestCertainty = z.certainty;
    }
  }
  return best;
}
