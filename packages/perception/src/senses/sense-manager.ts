import { checkNumber, configError, describeValue } from "../errors";
import { hearingIntensity, type SoundEvent } from "./hearing";
import type { LineOfSight, Occlusion } from "../line-of-sight/types";
import { canSee, checkVisionCone, type VisionCone } from "./vision";

/**
 * Every sensing agent (sensor) in structure-of-arrays form: plain data, `structuredClone`-able and
 * JSON-friendly through its typed arrays. Slot `i` is valid for `i < count`; sensors are never
 * removed (reuse a slot with {@link setSensorPose}), so a sensor index needs no generation.
 */
export interface SenseManager {
  /** Maximum number of sensors. */
  readonly capacity: number;
  /** Sensors in use; slots `0 .. count − 1`. */
  count: number;
  /** Eye position x per sensor. */
  readonly x: Float64Array;
  /** Eye position y per sensor. */
  readonly y: Float64Array;
  /** Heading per sensor, radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide). */
  readonly heading: Float64Array;
  /** View range per sensor, world units ({@link VisionCone.viewRange}). */
  readonly viewRange: Float64Array;
  /** Full field of view per sensor (not the half angle), radians ({@link VisionCone.fieldOfView}). */
  readonly fieldOfView: Float64Array;
  /** Hearing sensitivity multiplier per sensor (0 = deaf), the `sensitivity` option of {@link hearingIntensity}. */
  readonly hearingSensitivity: Float64Array;
}

/**
 * A new sensor for {@link addSensor} (and the observer of {@link senseTargets}): a {@link VisionCone}
 * (`viewRange`, `fieldOfView`) placed at an eye position and heading, with a hearing sensitivity.
 */
export interface SensorDefinition extends VisionCone {
  /** Eye position x, world units. */
  readonly x: number;
  /** Eye position y, world units. */
  readonly y: number;
  /** Heading, radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide). */
  readonly heading: number;
  /** Hearing sensitivity multiplier, ≥ 0 (default 1): the `sensitivity` option of {@link hearingIntensity}. */
  readonly hearingSensitivity?: number;
}

/** Result buffer of {@link senseInto}: the indices of the targets seen and of the sounds heard. */
export interface SenseResult {
  /** Indices (into the target list) of the targets seen, in target order, `seen[0 .. seenCount)`. */
  readonly seen: Int32Array;
  /** Number of targets seen (may exceed `seen.length`; then {@link SenseResultFlags.Truncated} is set). */
  seenCount: number;
  /** Indices (into the sound list) of the sounds heard, `heard[0 .. heardCount)`. */
  readonly heard: Int32Array;
  /** Intensity of each heard sound, in (0, 1], parallel to `heard`. */
  readonly heardIntensity: Float64Array;
  /** Number of sounds heard (may exceed the buffer; then `Truncated` is set). */
  heardCount: number;
  /** {@link SenseResultFlags} bits. */
  flags: number;
}

/** Bits of {@link SenseResult.flags}. */
export const SenseResultFlags = {
  /** Nothing to report. */
  None: 0,
  /** A buffer was too short: the counts are the full counts, the arrays hold the first entries. */
  Truncated: 1,
} as const;

/** Options for {@link senseInto}. */
export interface SenseOptions {
  /** Sounds to listen for this frame (default: none). Each is checked with {@link hearingIntensity}. */
  readonly sounds?: readonly SoundEvent[];
  /** Ray test for vision. Without it nothing occludes. */
  readonly lineOfSight?: LineOfSight;
  /** Occlusion for sounds. Without it sounds pass freely. */
  readonly occlusion?: Occlusion;
  /** Minimum intensity for a sound to count as heard (default: anything above 0). */
  readonly hearingThreshold?: number;
  /** Omniscient sensor (scripted moments, debugging): every target not ignored is seen, without cone or ray. */
  readonly omniscient?: boolean;
  /**
   * Per-target ignore rules (*The Last of Us*' stealth cheat, ch. 35: buddies are invisible to
   * enemies while the player sneaks): target `t` is never seen while `ignored[t]` is 1.
   */
  readonly ignored?: ArrayLike<number>;
}

/**
 * Creates an empty sense manager for up to `capacity` sensors (integer ≥ 1).
 *
 * @param capacity - Most sensors the manager holds, an integer ≥ 1 (else `PERCEPTION_CONFIG`).
 */
export function createSenseManager(capacity: number): SenseManager {
  if (!Number.isInteger(capacity) || capacity < 1)
    configError("createSenseManager", `"capacity" is ${describeValue(capacity)}; pass an integer ≥ 1.`, "capacity");
  return {
    capacity,
    count: 0,
    x: new Float64Array(capacity),
    y: new Float64Array(capacity),
    heading: new Float64Array(capacity),
    viewRange: new Float64Array(capacity),
    fieldOfView: new Float64Array(capacity),
    hearingSensitivity: new Float64Array(capacity),
  };
}

/**
 * Adds a sensor and returns its index, or `-1` when the manager is full (no throw mid-frame).
 * Throws `PERCEPTION_CONFIG` for a bad definition (set-up misuse).
 *
 * @param manager - The sensors; the new one is written into slot `count` and `count` grows.
 * @param sensor - Eye position `x`, `y` (world units), `heading` (radians, 0 = +x, counter-clockwise), `viewRange` (world units, ≥ 0), `fieldOfView` (full angle, radians, 0..2π) and `hearingSensitivity` (≥ 0, default 1); copied, validated.
 */
export function addSensor(manager: SenseManager, sensor: SensorDefinition): number {
  const input: unknown = sensor;
  if (typeof input !== "object" || input === null)
    configError("addSensor", "the sensor is not an object; pass { x, y, heading, viewRange, fieldOfView, hearingSensitivity? }.", "sensor");
  checkVisionCone("addSensor", { viewRange: sensor.viewRange, fieldOfView: sensor.fieldOfView });
  checkNumber("addSensor", "x", sensor.x);
  checkNumber("addSensor", "y", sensor.y);
  checkNumber("addSensor", "heading", sensor.heading);
  const hearing = sensor.hearingSensitivity === undefined ? 1 : checkNumber("addSensor", "hearingSensitivity", sensor.hearingSensitivity, 0);
  if (manager.count >= manager.capacity) return -1;
  const i = manager.count++;
  manager.x[i] = sensor.x;
  manager.y[i] = sensor.y;
  manager.heading[i] = sensor.heading;
  manager.viewRange[i] = sensor.viewRange;
  manager.fieldOfView[i] = sensor.fieldOfView;
  manager.hearingSensitivity[i] = hearing;
  return i;
}

/**
 * Moves and turns sensor `index` (its eye frame). O(1).
 *
 * @param manager - The sensors.
 * @param index - Sensor index from {@link addSensor}, in `[0, manager.count)`; anything else throws `PERCEPTION_CONFIG`.
 * @param x - New eye x, world units.
 * @param y - New eye y, world units.
 * @param heading - New facing, radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide;
 *   `vec2Angle(forward)` of `@tactica/core` turns a facing or velocity vector into it).
 */
export function setSensorPose(manager: SenseManager, index: number, x: number, y: number, heading: number): void {
  if (!(index >= 0 && index < manager.count && Number.isInteger(index)))
    configError("setSensorPose", `sensor ${index} does not exist (count ${manager.count}).`, "index");
  manager.x[index] = x;
  manager.y[index] = y;
  manager.heading[index] = heading;
}

/** Options for {@link createSenseResult}. */
export interface SenseResultOptions {
  /** Room for this many heard sounds, integer ≥ 0 (default: `maxSeen`). */
  readonly maxHeard?: number;
}

/**
 * Allocates a {@link SenseResult} holding up to `maxSeen` targets and `options.maxHeard` sounds (default `maxSeen`).
 *
 * @param maxSeen - Room for this many seen targets, an integer ≥ 0; more are counted but not listed (`Truncated`).
 * @param options - `maxHeard`: room for heard sounds, an integer ≥ 0 (default `maxSeen`).
 */
export function createSenseResult(maxSeen: number, options?: SenseResultOptions): SenseResult {
  const maxHeard = options === undefined ? maxSeen : (options.maxHeard ?? maxSeen);
  checkNumber("createSenseResult", "maxSeen", maxSeen, 0);
  checkNumber("createSenseResult", "maxHeard", maxHeard, 0);
  return { seen: new Int32Array(maxSeen), seenCount: 0, heard: new Int32Array(maxHeard), heardIntensity: new Float64Array(maxHeard), heardCount: 0, flags: 0 };
}

// Scratch objects reused by senseInto so a frame loop allocates nothing.
const cone = { viewRange: 0, fieldOfView: 0 };
const hearingOptions: { sensitivity: number; occlusion: Occlusion | undefined } = { sensitivity: 1, occlusion: undefined };

/**
 * Level 1: what sensor `index` perceives this frame. `targets` holds target positions as `x, y`
 * pairs; each is checked with {@link canSee} (distance, cone, then ray), except targets marked in
 * `options.ignored` (never seen) and, with `options.omniscient`, every other target is seen. Each sound of `options.sounds` (none when omitted) is checked with
 * {@link hearingIntensity} scaled by the sensor's hearing multiplier. Writes into `out` and returns
 * it; a short buffer sets {@link SenseResultFlags.Truncated}, never throws. No allocation.
 *
 * @param out - Written in place and returned: `seen[0 .. seenCount)` target indices, `heard` / `heardIntensity` for sounds, `flags` (`Truncated` when a buffer was short).
 * @param manager - The sensors, read only.
 * @param index - Sensor index from {@link addSensor}, in `[0, manager.count)`; anything else throws `PERCEPTION_CONFIG`.
 * @param targets - Target positions as `x, y` pairs in world units (an even count, else `PERCEPTION_CONFIG`); target `t` is `targets[2t], targets[2t + 1]`.
 * @param options - `sounds` (default none), `lineOfSight` (default: nothing occludes), `occlusion`, `hearingThreshold` (default: any intensity above 0), `omniscient` and the per-target `ignored` flags.
 */
export function senseInto(out: SenseResult, manager: SenseManager, index: number, targets: ArrayLike<number>, options?: SenseOptions): SenseResult {
  if (!(index >= 0 && index < manager.count && Number.isInteger(index)))
    configError("senseInto", `sensor ${index} does not exist (count ${manager.count}).`, "index");
  if (targets.length % 2 !== 0) configError("senseInto", `"targets" has ${targets.length} numbers; pass x, y pairs.`, "targets");
  const ox = manager.x[index]!;
  const oy = manager.y[index]!;
  const heading = manager.heading[index]!;
  cone.viewRange = manager.viewRange[index]!;
  cone.fieldOfView = manager.fieldOfView[index]!;
  let flags = 0;
  let seen = 0;
  const n = targets.length >> 1;
  const ignored = options?.ignored;
  const omniscient = options?.omniscient === true;
  for (let t = 0; t < n; t++) {
    if (ignored !== undefined && ignored[t] === 1) continue;
    if (omniscient || canSee(cone, ox, oy, heading, targets[2 * t]!, targets[2 * t + 1]!, options)) {
      if (seen < out.seen.length) out.seen[seen] = t;
      else flags |= SenseResultFlags.Truncated;
      seen++;
    }
  }
  let heard = 0;
  const sensitivity = manager.hearingSensitivity[index]!;
  const threshold = options?.hearingThreshold ?? 0;
  hearingOptions.sensitivity = sensitivity;
  hearingOptions.occlusion = options?.occlusion;
  const sounds = options === undefined ? undefined : options.sounds;
  if (sensitivity > 0 && sounds !== undefined) {
    for (let s = 0; s < sounds.length; s++) {
      const v = hearingIntensity(sounds[s]!, ox, oy, hearingOptions);
      if (v > 0 && v >= threshold) {
        if (heard < out.heard.length) {
          out.heard[heard] = s;
          out.heardIntensity[heard] = v;
        } else flags |= SenseResultFlags.Truncated;
        heard++;
      }
    }
  }
  out.seenCount = seen;
  out.heardCount = heard;
  out.flags = flags;
  return out;
}
