import { checkNumber, describeValue, configError } from "../errors";

/** Options for {@link stepDetection}. */
export interface DetectionOptions {
  /** Seconds to fill the meter from 0 to 1 at certainty 1, > 0 (default 1.5: *The Last of Us*' 1–2 s). */
  readonly timeToDetect?: number;
  /** Meter lost per second while the certainty is 0, ≥ 0 (default 0.25). */
  readonly decayPerSecond?: number;
}

/**
 * One step of a detection meter (a stealth meter a UI can show; *Game AI Pro 2* ch. 4, "certainty
 * over time"): while the target is perceived with `certainty` in (0, 1] the meter rises by
 * `dt · certainty / timeToDetect` (higher certainty, faster identification); at certainty 0 it falls
 * by `decayPerSecond · dt`. The result is clamped to [0, 1]; the target is identified when it reaches 1.
 * A target at certainty 0 is never identified. Throws `PERCEPTION_CONFIG` for a certainty outside [0, 1].
 *
 * @param meter - The meter's current value, in [0, 1] (0 unaware, 1 identified; else `PERCEPTION_CONFIG`).
 * @param certainty - How well the target is perceived this step, in [0, 1] (e.g. from `visionCertainty`); 0 makes the meter decay.
 * @param dt - Time step in seconds, finite and ≥ 0 (else `PERCEPTION_CONFIG`).
 * @param options - `timeToDetect` (seconds from 0 to 1 at certainty 1, > 0, default 1.5) and `decayPerSecond` (meter lost per second at certainty 0, finite ≥ 0, default 0.25).
 *
 * @example
 * ```ts
 * let meter = 0;
 * for (let frame = 0; frame < 60; frame++) meter = stepDetection(meter, 1, 1 / 60);   // one second in full view
 * // meter ≈ 0.667 of the way to detection
 * for (let frame = 0; frame < 60; frame++) meter = stepDetection(meter, 0, 1 / 60);   // hidden for a second
 * // meter ≈ 0.417
 * ```
 */
export function stepDetection(meter: number, certainty: number, dt: number, options?: DetectionOptions): number {
  if (!(meter >= 0 && meter <= 1)) checkNumber("stepDetection", "meter", meter, 0, 1);
  if (!(certainty >= 0 && certainty <= 1)) checkNumber("stepDetection", "certainty", certainty, 0, 1);
  if (!(dt >= 0 && dt < Infinity)) checkNumber("stepDetection", "dt", dt, 0);
  const timeToDetect = options?.timeToDetect ?? 1.5;
  if (!(timeToDetect > 0)) checkNumber("stepDetection", "timeToDetect", timeToDetect, Number.MIN_VALUE);
  const decay = options?.decayPerSecond ?? 0.25;
  if (!(decay >= 0 && decay < Infinity)) checkNumber("stepDetection", "options.decayPerSecond", decay, 0);
  const v = certainty > 0 ? meter + (dt * certainty) / timeToDetect : meter - decay * dt;
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/** Options for {@link detectionTime}. */
export interface DetectionTimeOptions {
  /** Multiplier of the time (darkness, NPC state: > 1 slower; see {@link detectionTimeScale}); default 1. */
  readonly scale?: number;
}

/**
 * The detection time of *Splinter Cell Blacklist* (*Game AI Pro 2* ch. 28): `lerp(minTime, maxTime,
 * distance / range)` of the most inclusive vision shape the target is in, multiplied by
 * `options.scale` (darkness, NPC state: > 1 slower). `distance` and `range` (the shape's view range)
 * are in world units, `minTime` and `maxTime` in seconds. `Infinity` when the target is beyond
 * `range` (never detected by this shape). Throws `PERCEPTION_CONFIG` for `range ≤ 0` or
 * `minTime > maxTime`.
 *
 * @param distance - Distance from the eye to the target, world units (≤ 0 counts as 0; NaN throws `PERCEPTION_CONFIG`).
 * @param range - View range of the vision shape the target is in, world units, > 0.
 * @param minTime - Detection time at distance 0, seconds ≥ 0.
 * @param maxTime - Detection time at `range`, seconds ≥ `minTime`.
 * @param options - `scale`: multiplier of the time, finite ≥ 0 (default 1; see {@link detectionTimeScale}).
 */
export function detectionTime(distance: number, range: number, minTime: number, maxTime: number, options?: DetectionTimeOptions): number {
  const scale = options === undefined ? 1 : (options.scale ?? 1);
  if (typeof distance !== "number" || distance !== distance)
    configError("detectionTime", `"distance" is ${describeValue(distance)}; pass a distance in world units (≤ 0 counts as 0).`, "distance");
  if (!(scale >= 0 && scale < Infinity)) checkNumber("detectionTime", "options.scale", scale, 0);
  checkNumber("detectionTime", "range", range, Number.MIN_VALUE);
  checkNumber("detectionTime", "minTime", minTime, 0);
  checkNumber("detectionTime", "maxTime", maxTime, minTime);
  if (distance > range) return Infinity;
  const t = distance <= 0 ? 0 : distance / range;
  return (minTime + (maxTime - minTime) * t) * scale;
}

/** Reaction-time presets of *Game AI Pro 2* ch. 5, in seconds. */
export const ReactionTime = {
  /** Expected stimulus, one response: 0.2 s. */
  Simple: 0.2,
  /** Tell two stimuli apart (friend or foe) before acting: 0.4 s. */
  GoNoGo: 0.4,
} as const;

/** Options for {@link reactionDelay}. */
export interface ReactionDelayOptions {
  /** Certainty of the stimulus in [0, 1] (default 1); a weak stimulus adds up to `weakStimulusPenalty`. */
  readonly certainty?: number;
  /** Extra delay at certainty 0, seconds ≥ 0 (default 0.2). */
  readonly weakStimulusPenalty?: number;
  /** Aiming time after noticing, seconds ≥ 0 (default 0). */
  readonly aimTime?: number;
  /** Lapse of attention: a value in [0, 1) from your seeded Rng (`rngNextFloat`) times `lapseMax` (default 0). */
  readonly lapse?: number;
  /** Longest lapse, seconds ≥ 0 (default 0.1). */
  readonly lapseMax?: number;
}

/**
 * How long an agent waits before acting on a stimulus (*Game AI Pro 2* ch. 5):
 * `base + (1 − certainty) · weakStimulusPenalty + aimTime + lapse · lapseMax`. Never below `base`.
 * Use {@link ReactionTime}`.Simple` (0.2 s) or `.GoNoGo` (0.4 s) as the base; pass the jitter draw
 * from core's seeded Rng so runs are reproducible.
 *
 * @param base - Reaction time before the extras, seconds ≥ 0 (e.g. `ReactionTime.Simple`, 0.2 s).
 * @param options - `certainty` of the stimulus (0..1, default 1), `weakStimulusPenalty` (seconds, default 0.2), `aimTime` (seconds, default 0), `lapse` (a draw in [0, 1] from your seeded Rng, default 0) and `lapseMax` (seconds, default 0.1).
 */
export function reactionDelay(base: number, options?: ReactionDelayOptions): number {
  checkNumber("reactionDelay", "base", base, 0);
  const certainty = checkNumber("reactionDelay", "certainty", options?.certainty ?? 1, 0, 1);
  const weak = checkNumber("reactionDelay", "weakStimulusPenalty", options?.weakStimulusPenalty ?? 0.2, 0);
  const aim = checkNumber("reactionDelay", "aimTime", options?.aimTime ?? 0, 0);
  const lapse = checkNumber("reactionDelay", "lapse", options?.lapse ?? 0, 0, 1);
  const lapseMax = checkNumber("reactionDelay", "lapseMax", options?.lapseMax ?? 0.1, 0);
  return base + (1 - certainty) * weak + aim + lapse * lapseMax;
}

/**
 * Field-of-view half-angle that shrinks with distance (*The Last of Us*, *Game AI Pro 2* ch. 34:
 * "the angle of view is inversely proportional to distance"): `clamp(k / distance, minHalfAngle,
 * maxHalfAngle)`, `maxHalfAngle` at distance 0. A near player at a wide angle is seen, a far
 * player off-axis is not. Angles in radians.
 *
 * @param distance - Distance to the target, world units; ≤ 0 (or NaN) gives `maxHalfAngle`.
 * @param k - Half-angle × distance constant, radians · world units, ≥ 0: the half-angle is `k / distance` before clamping.
 * @param minHalfAngle - Smallest half-angle, radians, in [0, π]: the half-angle far away.
 * @param maxHalfAngle - Largest half-angle, radians, in [minHalfAngle, π]: the half-angle close up.
 */
export function viewHalfAngle(distance: number, k: number, minHalfAngle: number, maxHalfAngle: number): number {
  checkNumber("viewHalfAngle", "k", k, 0);
  checkNumber("viewHalfAngle", "minHalfAngle", minHalfAngle, 0, Math.PI);
  checkNumber("viewHalfAngle", "maxHalfAngle", maxHalfAngle, minHalfAngle, Math.PI);
  if (!(distance > 0)) return maxHalfAngle;
  const a = k / distance;
  return a < minHalfAngle ? minHalfAngle : a > maxHalfAngle ? maxHalfAngle : a;
}

/**
 * Perception-timer thresholds in seconds (ch. 34), for illustration: lower in combat, higher before
 * the NPC has first perceived the player (stealth). Only their order, combat < default < stealth,
 * comes from the chapter.
 */
export const PerceptionThreshold = {
  /** Already fighting: 0.25 s. */
  Combat: 0.25,
  /** Alerted: 0.5 s. */
  Default: 0.5,
  /** Never perceived the player yet: 1 s. */
  Stealth: 1,
} as const;

/**
 * The ch. 34 perception timer: grows by `dt` while the player is seen, shrinks by `dt` while not
 * (never below 0). The player is perceived once it reaches a {@link PerceptionThreshold}. Returns
 * the new timer value.
 *
 * @param timer - The timer's current value, seconds ≥ 0.
 * @param seen - Whether the player is seen this step: the timer grows by `dt`, else shrinks by `dt`.
 * @param dt - Time step in seconds, finite and ≥ 0.
 */
export function stepPerceptionTimer(timer: number, seen: boolean, dt: number): number {
  if (!(dt >= 0) || dt === Infinity) checkNumber("stepPerceptionTimer", "dt", dt, 0);
  const v = seen ? timer + dt : timer - dt;
  return v > 0 ? v : 0;
}
