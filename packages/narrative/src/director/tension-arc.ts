import { fail, isFiniteNumber } from "../internal/fail.js";

/**
 * An author's target tension over time, shared by the director and the experience manager
 * (chapters 39 and 42): an Aristotelian arc (rises to a climax, then resolves) or a periodic
 * sinusoid like Left 4 Dead's waves.
 */
export type TensionArc =
  | {
      /** Rising tension: linear from `start` to `peak` at `climax`·`duration`, then down to `end` at `duration`. */
      kind: "aristotelian";
      /** Tension at t = 0. */
      start: number;
      /** Tension at the climax. */
      peak: number;
      /** Tension at t ≥ duration. */
      end: number;
      /** Where the climax falls, as a fraction of `duration` in (0, 1]. */
      climax: number;
      /** Length of the arc (> 0). */
      duration: number;
    }
  | {
      /** Periodic: `min + (max − min)·(1 − cos(2πt/period))/2`, starting at `min`. */
      kind: "sinusoidal";
      /** Lowest tension. */
      min: number;
      /** Highest tension, reached at half a period. */
      max: number;
      /** Period (> 0). */
      period: number;
    };

/**
 * The target tension of `arc` at time `now` (≥ 0).
 *
 * @param arc - The arc: `aristotelian` (start, peak, end, `climax` fraction in (0, 1], `duration` > 0) or `sinusoidal` (min, max, `period` > 0),
 *   times in the caller's unit (usually seconds).
 * @param now - Time since the arc began, finite and >= 0, in the unit of `duration` / `period`; past `duration` an aristotelian arc stays at
 *   `end`.
 * @example
 * ```ts
 * evaluateTensionArc({ kind: "sinusoidal", min: 0.2, max: 1, period: 60 }, 30);                        // → 1
 * evaluateTensionArc({ kind: "aristotelian", start: 0, peak: 1, end: 0.2, climax: 0.8, duration: 100 }, 40); // → 0.5
 * ```
 */
export function evaluateTensionArc(arc: TensionArc, now: number): number {
  if (!isFiniteNumber(now) || now < 0) fail("INVALID_ARGUMENT", "evaluateTensionArc", `now must be a finite number ≥ 0, got ${now}.`, "now");
  if (arc.kind === "sinusoidal") {
    if (!(arc.period > 0)) fail("INVALID_ARGUMENT", "evaluateTensionArc", "arc.period must be > 0.", "arc.period");
    return arc.min + ((arc.max - arc.min) * (1 - Math.cos((2 * Math.PI * now) / arc.period))) / 2;
  }
  if (arc.kind !== "aristotelian") fail("INVALID_ARGUMENT", "evaluateTensionArc", `arc.kind must be "aristotelian" or "sinusoidal".`, "arc.kind");
  if (!(arc.duration > 0) || !(arc.climax > 0 && arc.climax <= 1))
    fail("INVALID_ARGUMENT", "evaluateTensionArc", "arc.duration must be > 0 and arc.climax in (0, 1].", "arc");
  const tc = arc.climax * arc.duration;
  if (now <= tc) return arc.start + ((arc.peak - arc.start) * now) / tc;
  if (now >= arc.duration) return arc.end;
  return arc.peak + ((arc.end - arc.peak) * (now - tc)) / (arc.duration - tc);
}
