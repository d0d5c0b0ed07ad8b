import type { Grid } from "@tactica/grid";
import { configError } from "../errors";
import { gridLineOfSight } from "../line-of-sight/grid-line-of-sight";
import { hearingIntensity, type SoundEvent } from "./hearing";
import type { LineOfSight, Occlusion } from "../line-of-sight/types";
import type { SensorDefinition } from "./sense-manager";
import { canSee, checkVisionCone } from "./vision";

/**
 * The observer of {@link senseTargets}: the same shape as a {@link SensorDefinition} (a
 * {@link VisionCone} at an eye position and heading, with a hearing sensitivity).
 */
export type Observer = SensorDefinition;

/** Options for {@link senseTargets}. */
export interface SenseTargetsOptions {
  /** Sounds to listen for. */
  readonly sounds?: readonly SoundEvent[];
  /** A grid whose blocked cells block sight (cells 1 world unit wide); see {@link gridLineOfSight}. */
  readonly grid?: Grid;
  /** A custom ray test; takes precedence over `grid`. */
  readonly lineOfSight?: LineOfSight;
  /** Occlusion for sounds. */
  readonly occlusion?: Occlusion;
}

/** What {@link senseTargets} found: fresh plain data. */
export interface SenseTargetsResult {
  /** Indices of the targets seen, ascending. */
  readonly seen: number[];
  /** Sounds heard: index into `sounds` and intensity in (0, 1]. */
  readonly heard: { readonly index: number; readonly intensity: number }[];
}

/**
 * Level 2: which of `targets` an observer sees and which sounds it hears, as plain arrays. Checks
 * the observer once, then runs {@link canSee} and {@link hearingIntensity} per target and sound. For
 * many agents every frame use the level-1 {@link createSenseManager} and {@link senseInto}, which
 * allocate nothing.
 *
 * @param observer - The eye: position `x`, `y` (world units), `heading` (radians, 0 = +x, counter-clockwise), `viewRange` (world units), `fieldOfView` (full angle, radians) and `hearingSensitivity` (multiplier ≥ 0, default 1); the cone is validated.
 * @param targets - Target positions `{ x, y }` in world units, read only; their indices are what `seen` lists.
 * @param options - `sounds` to listen for (default none), `lineOfSight` ray test or a `grid` whose blocked cells block sight (default: nothing occludes), and `occlusion` for sounds (default: clear).
 *
 * @example
 * ```ts
 * const guard = { x: 0, y: 0, heading: 0, viewRange: 10, fieldOfView: Math.PI / 2 };
 * const grid = createGrid(12, 12);
 * setCellPassable(grid, 3, 0, false);                    // a pillar due east
 * const r = senseTargets(guard, [{ x: 6.5, y: 0.5 }, { x: 6.5, y: 3.5 }, { x: -4, y: 0 }], {
 *   grid,
 *   sounds: [{ x: -4, y: 0, radius: 8 }],
 * });
 * // r.seen = [1]: the first is behind the pillar, the third is behind the guard
 * // r.heard = [{ index: 0, intensity: 0.5 }]
 * ```
 */
export function senseTargets(
  observer: Observer,
  targets: readonly { readonly x: number; readonly y: number }[],
  options: SenseTargetsOptions = {},
): SenseTargetsResult {
  checkVisionCone("senseTargets", { viewRange: observer.viewRange, fieldOfView: observer.fieldOfView });
  const input: unknown = targets;
  if (!Array.isArray(input)) configError("senseTargets", "targets must be an array of { x, y }.", "targets");
  const lineOfSight = options.lineOfSight ?? (options.grid === undefined ? undefined : gridLineOfSight(options.grid));
  const cone = { viewRange: observer.viewRange, fieldOfView: observer.fieldOfView };
  const seen: number[] = [];
  targets.forEach((t, i) => {
    if (canSee(cone, observer.x, observer.y, observer.heading, t.x, t.y, lineOfSight === undefined ? {} : { lineOfSight })) seen.push(i);
  });
  const heard: { index: number; intensity: number }[] = [];
  const sensitivity = observer.hearingSensitivity ?? 1;
  (options.sounds ?? []).forEach((s, index) => {
    const intensity = hearingIntensity(s, observer.x, observer.y, { sensitivity, occlusion: options.occlusion });
    if (intensity > 0) heard.push({ index, intensity });
  });
  return { seen, heard };
}
