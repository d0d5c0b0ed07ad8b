import { checkNumber, configError } from "../errors";
import type { LineOfSight } from "../line-of-sight/types";

/**
 * How many of a target's bones the eye at `(ox, oy)` sees (*Splinter Cell Blacklist*, *Game AI Pro 2*
 * ch. 28: "we raycast to eight different bones"): `bones` holds `x, y` pairs (8 bones = 16 numbers),
 * each tested with `lineOfSight`. One ray per bone; no allocation.
 *
 * @param ox - Eye x, world units.
 * @param oy - Eye y, world units.
 * @param bones - The target's bone positions as `x, y` pairs in world units (an even count, else `PERCEPTION_CONFIG`).
 * @param lineOfSight - Ray test `(x0, y0, x1, y1) => boolean`, called once per bone from the eye.
 */
export function countVisibleBones(ox: number, oy: number, bones: ArrayLike<number>, lineOfSight: LineOfSight): number {
  if (bones.length % 2 !== 0) configError("countVisibleBones", `"bones" has ${bones.length} numbers; pass x, y pairs.`, "bones");
  let n = 0;
  for (let i = 0; i < bones.length; i += 2) if (lineOfSight(ox, oy, bones[i]!, bones[i + 1]!)) n++;
  return n;
}

/** Options for {@link canStartDetection}. */
export interface DetectionGateOptions {
  /** The target is in cover (default false): then more than `coverMinBones − 1` bones must show. */
  readonly inCover?: boolean;
  /** Visible bones needed in the open (default 1). */
  readonly minBones?: number;
  /** Visible bones needed in cover (default 3: "in cover" requires more than two). */
  readonly coverMinBones?: number;
}

/**
 * The stance gate of ch. 28: detection starts only when enough bones are visible — at least
 * `minBones` in the open, more than two (`coverMinBones`, default 3) in cover — so a player peeking
 * out of cover with two bones showing is not detected.
 *
 * @param visibleBones - Number of the target's bones the eye sees (e.g. from {@link countVisibleBones}).
 * @param options - `inCover` (default false), `minBones` needed in the open (default 1) and `coverMinBones` needed in cover (default 3).
 */
export function canStartDetection(visibleBones: number, options?: DetectionGateOptions): boolean {
  const need = options?.inCover === true ? (options.coverMinBones ?? 3) : (options?.minBones ?? 1);
  return visibleBones >= need;
}

/** Options for {@link detectionTimeScale}. */
export interface DetectionTimeScaleOptions {
  /** Extra time factor in full darkness (default 2: a target in the dark takes 3× as long). */
  readonly darknessPenalty?: number;
  /** NPC state factor (default 1; e.g. 0.5 alert, 1.5 busy). */
  readonly state?: number;
}

/**
 * The ch. 28 timer scale for the target's lightness and the NPC's state: `state · (1 +
 * darknessPenalty · (1 − light))`, `light` in [0, 1] (1 fully lit). Pass it as the `scale` of
 * {@link detectionTime}: lower light always means a longer time. Throws `PERCEPTION_CONFIG` for a
 * light outside [0, 1] or a negative penalty or state.
 *
 * @param light - How lit the target is, in [0, 1] (0 dark, 1 fully lit).
 * @param options - `darknessPenalty` (extra time factor in full darkness, ≥ 0, default 2) and the NPC `state` factor (≥ 0, default 1).
 */
export function detectionTimeScale(light: number, options?: DetectionTimeScaleOptions): number {
  checkNumber("detectionTimeScale", "light", light, 0, 1);
  const penalty = checkNumber("detectionTimeScale", "darknessPenalty", options?.darknessPenalty ?? 2, 0);
  const state = checkNumber("detectionTimeScale", "state", options?.state ?? 1, 0);
  return state * (1 + penalty * (1 - light));
}
