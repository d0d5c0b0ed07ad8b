import { checkNumber, configError } from "../errors";
import type { Occlusion } from "../line-of-sight/types";

/** A sound event: where it happened, how far it carries and how loud it is at its source. */
export interface SoundEvent {
  /** Source position x, world units. */
  readonly x: number;
  /** Source position y, world units. */
  readonly y: number;
  /** Distance beyond which the sound is inaudible, > 0. */
  readonly radius: number;
  /** Intensity at the source, in [0, 1] (default 1). */
  readonly loudness?: number;
  /**
   * Priority (ch. 28: "each audio event has a radius and a priority"): of the sounds a listener
   * hears, {@link selectSound} picks the highest priority (default 0; any finite number).
   */
  readonly priority?: number;
}

/** Options for {@link hearingIntensity}. */
export interface HearingOptions {
  /** Listener multiplier (by sound type or listener state: asleep 0.5, alert 1.5); default 1. */
  readonly sensitivity?: number | undefined;
  /** Occlusion between source and listener in [0, 1]: 1 clear, 0 fully blocked. Default: clear. */
  readonly occlusion?: Occlusion | undefined;
  /**
   * Falloff exponent: intensity is `loudness · (1 − d / radius)^falloff` (default 1, linear).
   * 2 is a softer edge, 0.5 a louder one.
   */
  readonly falloff?: number;
  /**
   * Scale of the event's radius for this listener (default 1). *The Last of Us* (ch. 33) hears when
   * distance ≤ radius × multiplier(character type, current behaviour): pass that multiplier here.
   * *Splinter Cell Blacklist* used ½ for off-screen listeners far enough away to plausibly miss the
   * sound (ch. 28), so unseen NPCs do not detect the player unfairly (multiply the two).
   */
  readonly radiusScale?: number;
}

/**
 * Validates a sound event (throws `PERCEPTION_CONFIG` for a non-positive radius or a loudness outside [0, 1]).
 *
 * @param event - The sound to check: finite `x`, `y` (world units), `radius` > 0 (world units), `loudness` in [0, 1] and a finite `priority` when given; returned unchanged.
 */
export function validateSoundEvent(event: SoundEvent): SoundEvent {
  const input: unknown = event;
  if (typeof input !== "object" || input === null) configError("validateSoundEvent", "the event is not an object; pass { x, y, radius, loudness? }.", "$");
  checkNumber("validateSoundEvent", "x", event.x);
  checkNumber("validateSoundEvent", "y", event.y);
  checkNumber("validateSoundEvent", "radius", event.radius, Number.MIN_VALUE);
  if (event.loudness !== undefined) checkNumber("validateSoundEvent", "loudness", event.loudness, 0, 1);
  if (event.priority !== undefined) checkNumber("validateSoundEvent", "priority", event.priority);
  return event;
}

/**
 * How strongly a listener at `(lx, ly)` hears `event`, clamped to [0, 1]:
 * `loudness · (1 − d / radius)^falloff · sensitivity · occlusion`. 0 at or beyond the radius.
 * Never increases with distance. Allocation-free.
 *
 * @param event - The sound: source `x`, `y` and `radius` (world units), `loudness` (default 1); not validated here (see {@link validateSoundEvent}).
 * @param lx - Listener x, world units.
 * @param ly - Listener y, world units.
 * @param options - `sensitivity` (listener multiplier, default 1), `occlusion` (default clear), `falloff` exponent (default 1, linear) and `radiusScale` (default 1).
 *
 * @example
 * ```ts
 * const shot = { x: 0, y: 0, radius: 20 };
 * hearingIntensity(shot, 5, 0);                           // 0.75
 * hearingIntensity(shot, 5, 0, { occlusion: () => 0.5 }); // 0.375, through a door
 * hearingIntensity(shot, 25, 0);                          // 0, out of range
 * ```
 */
export function hearingIntensity(event: SoundEvent, lx: number, ly: number, options?: HearingOptions): number {
  const dx = lx - event.x;
  const dy = ly - event.y;
  const d2 = dx * dx + dy * dy;
  const r = event.radius * (options?.radiusScale ?? 1);
  if (!(d2 < r * r)) return 0;
  const t = 1 - Math.sqrt(d2) / r;
  const falloff = options?.falloff ?? 1;
  let v = (event.loudness ?? 1) * (falloff === 1 ? t : Math.pow(t, falloff)) * (options?.sensitivity ?? 1);
  const occ = options?.occlusion;
  if (occ !== undefined && v > 0) {
    const o = occ(event.x, event.y, lx, ly);
    v *= o > 1 ? 1 : o > 0 ? o : 0;
  }
  return v > 1 ? 1 : v > 0 ? v : 0;
}

/**
 * Of the `events` a listener at `(lx, ly)` hears ({@link hearingIntensity} > 0 with `options`), the
 * one it reacts to: the highest `priority`, then the loudest, then the first. Returns its index, or
 * -1 when it hears none. Allocation-free; O(events).
 *
 * @param events - The sounds of this frame, read only; the index returned points into it.
 * @param lx - Listener x, world units.
 * @param ly - Listener y, world units.
 * @param options - Passed to {@link hearingIntensity} for every event: `sensitivity`, `occlusion`, `falloff`, `radiusScale`.
 *
 * @example
 * ```ts
 * const events = [
 *   { x: 0, y: 0, radius: 30, priority: 0 },  // footsteps, close
 *   { x: 20, y: 0, radius: 40, priority: 2 }, // a body falling, farther but more important
 *   { x: 90, y: 0, radius: 10, priority: 5 }, // a shot out of earshot
 * ];
 * selectSound(events, 2, 0); // 1
 * ```
 */
export function selectSound(events: readonly SoundEvent[], lx: number, ly: number, options?: HearingOptions): number {
  let best = -1;
  let bestPriority = -Infinity;
  let bestIntensity = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const v = hearingIntensity(e, lx, ly, options);
    if (!(v > 0)) continue;
    const p = e.priority ?? 0;
    if (best < 0 || p > bestPriority || (p === bestPriority && v > bestIntensity)) {
      best = i;
      bestPriority = p;
      bestIntensity = v;
    }
  }
  return best;
}

/** Options for {@link computeMovementNoiseRadius}. */
export interface MovementNoiseOptions {
  /** Radius when standing still, ≥ 0 (ch. 33's silent "breathing" sound, very short; default 0). */
  readonly baseRadius?: number;
  /** Radius added per unit of speed, ≥ 0 (default 1). */
  readonly radiusPerSpeed?: number;
  /** Largest radius, ≥ 0 (default: no cap). */
  readonly maxRadius?: number;
}

/**
 * Radius of a movement sound (*The Last of Us*, ch. 33: it "scales with the mover's speed", so
 * crouch-sneaking is quieter than running but never silent): `min(baseRadius + radiusPerSpeed ·
 * speed, maxRadius)`. Never decreases as the speed rises. Throws `PERCEPTION_CONFIG` for a negative
 * or non-finite speed or option.
 *
 * @param speed - The mover's speed, world units per second, finite and ≥ 0 (else `PERCEPTION_CONFIG`).
 * @param options - `baseRadius` (world units, default 0), `radiusPerSpeed` (world units per unit of speed, default 1) and `maxRadius` (world units, default no cap), each finite and ≥ 0.
 *
 * @example
 * ```ts
 * const walk = computeMovementNoiseRadius(1.5, { baseRadius: 1, radiusPerSpeed: 4 });  // 7
 * const run = computeMovementNoiseRadius(5, { baseRadius: 1, radiusPerSpeed: 4, maxRadius: 15 }); // 15
 * ```
 */
export function computeMovementNoiseRadius(speed: number, options?: MovementNoiseOptions): number {
  checkNumber("computeMovementNoiseRadius", "speed", speed, 0);
  const base = options?.baseRadius === undefined ? 0 : checkNumber("computeMovementNoiseRadius", "baseRadius", options.baseRadius, 0);
  const per = options?.radiusPerSpeed === undefined ? 1 : checkNumber("computeMovementNoiseRadius", "radiusPerSpeed", options.radiusPerSpeed, 0);
  const cap = options?.maxRadius === undefined ? Infinity : checkNumber("computeMovementNoiseRadius", "maxRadius", options.maxRadius, 0);
  const r = base + per * speed;
  return r < cap ? r : cap;
}
