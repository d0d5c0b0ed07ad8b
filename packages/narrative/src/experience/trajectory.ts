import { fail, isFiniteNumber, isRecord } from "../internal/fail.js";
import { emotionDistance, type Emotions, type NarrativeChoice } from "./appraisal.js";

/** One keyframe of an {@link EmotionTrajectory}: the author's target emotions at `time`. */
export interface EmotionKeyframe extends Emotions {
  /** Time of the keyframe (seconds, turns or story beats: the unit the caller uses). */
  time: number;
}

/**
 * An author's target emotional trajectory (PACE, chapter 42): keyframes in increasing time,
 * linearly interpolated, held constant before the first and after the last. Plain data.
 */
export interface EmotionTrajectory {
  /** Keyframes, strictly increasing in time (at least one). */
  keys: EmotionKeyframe[];
}

const EMOTIONS = ["joy", "hope", "fear", "distress"] as const;

/**
 * Validates a trajectory written as JSON: `{ keys: [{ time, joy, hope, fear, distress }, …] }`
 * (missing emotions read as 0; times strictly increasing; at most 100,000 keys). Throws
 * `NARRATIVE_BAD_INPUT` naming the JSON path.
 *
 * @param json - Parsed JSON `{ keys: [{ time, joy?, hope?, fear?, distress? }, …] }`: 1 to 100,000 keys with strictly increasing finite times.
 *   Validated in full.
 * @example
 * ```ts
 * const arc = emotionTrajectoryFromJson({ keys: [{ time: 0, hope: 0.2 }, { time: 10, fear: 0.8 }] });
 * evaluateEmotionTrajectory(arc, 5); // → { joy: 0, hope: 0.1, fear: 0.4, distress: 0 }
 * ```
 */
export function emotionTrajectoryFromJson(json: unknown): EmotionTrajectory {
  const FN = "emotionTrajectoryFromJson";
  if (!isRecord(json) || !Array.isArray(json.keys) || json.keys.length === 0)
    fail("NARRATIVE_BAD_INPUT", FN, "expected { keys: [{ time, joy?, hope?, fear?, distress? }, …] } with at least one key.", "$.keys");
  if (json.keys.length > 100_000) fail("NARRATIVE_BAD_INPUT", FN, `at most 100,000 keys, got ${json.keys.length}.`, "$.keys");
  let last = -Infinity;
  const keys = json.keys.map((k: unknown, i): EmotionKeyframe => {
    const p = `$.keys[${i}]`;
    if (!isRecord(k)) fail("NARRATIVE_BAD_INPUT", FN, `${p} must be an object.`, p);
    if (!isFiniteNumber(k.time) || k.time <= last)
      fail("NARRATIVE_BAD_INPUT", FN, `${p}.time must be a finite number greater than the previous key's.`, `${p}.time`);
    last = k.time;
    const out: EmotionKeyframe = { time: k.time, joy: 0, hope: 0, fear: 0, distress: 0 };
    for (const e of EMOTIONS) {
      const v = k[e];
      if (v === undefined) continue;
      if (!isFiniteNumber(v)) fail("NARRATIVE_BAD_INPUT", FN, `${p}.${e} must be a finite number.`, `${p}.${e}`);
      out[e] = v;
    }
    return out;
  });
  return { keys };
}

/** The target emotions at time `now` (linear between keyframes, clamped at the ends). O(log keys). */
export function evaluateEmotionTrajectory(trajectory: EmotionTrajectory, now: number): Emotions {
  const keys = trajectory.keys;
  if (keys.length === 0) fail("INVALID_ARGUMENT", "evaluateEmotionTrajectory", "the trajectory has no keys.", "trajectory.keys");
  if (!isFiniteNumber(now)) fail("INVALID_ARGUMENT", "evaluateEmotionTrajectory", `now must be a finite number, got ${String(now)}.`, "now");
  const first = keys[0]!;
  const lastKey = keys[keys.length - 1]!;
  if (now <= first.time) return { joy: first.joy, hope: first.hope, fear: first.fear, distress: first.distress };
  if (now >= lastKey.time) return { joy: lastKey.joy, hope: lastKey.hope, fear: lastKey.fear, distress: lastKey.distress };
  let lo = 0;
  let hi = keys.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]!.time <= now) lo = mid;
    else hi = mid;
  }
  const a = keys[lo]!;
  const b = keys[hi]!;
  const u = (now - a.time) / (b.time - a.time);
  const mix = (x: number, y: number): number => x + (y - x) * u;
  return { joy: mix(a.joy, b.joy), hope: mix(a.hope, b.hope), fear: mix(a.fear, b.fear), distress: mix(a.distress, b.distress) };
}

/**
 * PACE's objective (chapter 42): each alternative comes with its predicted emotional states at
 * times `now`, `now + dt`, …; the alternative whose predicted trajectory is nearest the
 * author's target trajectory (the sum of the Euclidean distances at those times) wins. Ties keep
 * the first. With one predicted state per alternative this is {@link selectByEmotion} against the
 * target at `now`.
 *
 * @param predicted - Per alternative, its predicted emotional states at times `start`, `start + step`, …; alternatives with fewer states sum
 *   fewer distances.
 * @param target - The author's target trajectory.
 * @param now - Time of each alternative's first predicted state, in the trajectory's time unit.
 * @param dt - Time between consecutive predicted states, finite and > 0, in the trajectory's time unit.
 * @example
 * ```ts
 * const target = emotionTrajectoryFromJson({ keys: [{ time: 0, fear: 0.1 }, { time: 2, fear: 0.9 }] }); // rising dread
 * const calm = [{ joy: 0.5, hope: 0, fear: 0.1, distress: 0 }, { joy: 0.5, hope: 0, fear: 0.1, distress: 0 }, { joy: 0.5, hope: 0, fear: 0.1, distress: 0 }];
 * const stalker = [{ joy: 0, hope: 0, fear: 0.1, distress: 0 }, { joy: 0, hope: 0, fear: 0.4, distress: 0 }, { joy: 0, hope: 0, fear: 0.8, distress: 0 }];
 * selectByTrajectory([calm, stalker], target, 0, 1).index; // → 1
 * ```
 */
export function selectByTrajectory(predicted: readonly (readonly Emotions[])[], target: EmotionTrajectory, now: number, dt: number): NarrativeChoice {
  if (!isFiniteNumber(dt) || dt <= 0) fail("INVALID_ARGUMENT", "selectByTrajectory", `dt must be a finite number > 0, got ${String(dt)}.`, "dt");
  const scores = predicted.map((states) => {
    let sum = 0;
    for (let i = 0; i < states.length; i++) sum += emotionDistance(states[i]!, evaluateEmotionTrajectory(target, now + i * dt));
    return sum;
  });
  let index = -1;
  for (let i = 0; i < scores.length; i++) if (index < 0 || scores[i]! < scores[index]!) index = i;
  return { index, scores };
}
