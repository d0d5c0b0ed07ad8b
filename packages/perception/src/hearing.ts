import { checkNumber, configError } from "./errors";
import type { Occlusion } from "./types";

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
   * Scale of the event's radius for this listener (default 1). *Splinter Cell Blacklist* used ½ for
   * off-screen listeners far enough away to plausibly miss the sound (ch. 28), so unseen NPCs do not
   * detect the player unfairly.
   */
  readonly radiusScale?: number;
}

/**
 * Validates a sound event (throws `PERCEPTION_CONFIG` for a non-positive radius or a loudness outside [0, 1]).
 */
export function validateSoundEvent(event: SoundEvent): SoundEvent {
  const input: unknown = event;
  if (typeof input !== "object" || input === null) configError("validateSoundEvent", "the event is not an object; pass { x, y, radius, loudness? }.", "$");
  checkNumber("validateSoundEvent", "x", event.x);
  checkNumber("validateSoundEvent", "y", event.y);
  checkNumber("validateSoundEvent", "radius", event.radius, Number.MIN_VALUE);
  if (event.loudness !== undefined) checkNumber("validateSoundEvent", "loudness", event.loudness, 0, 1);
  return event;
}

/**
 * How strongly a listener at `(lx, ly)` hears `event`, clamped to [0, 1]:
 * `loudness · (1 − d / radius)^falloff · sensitivity · occlusion`. 0 at or beyond the radius.
 * Never increases with distance. Allocation-free.
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
