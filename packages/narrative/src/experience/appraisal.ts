import { fail, isFiniteNumber } from "../internal/fail.js";

/** CEMA's four emotions. */
export interface Emotions {
  /** Certain and desirable outcomes. */
  joy: number;
  /** Uncertain and desirable outcomes. */
  hope: number;
  /** Uncertain and undesirable outcomes. */
  fear: number;
  /** Certain and undesirable outcomes. */
  distress: number;
}

/** One goal appraised by {@link appraiseEmotions}. */
export interface AppraisedGoal {
  /**
   * How much the character wants the outcome, in [−1, 1]. **Sign convention: negative means an
   * undesirable outcome** (the chapter writes "(0.7, −0.3)" for "kill Grendel, avoid dying").
   */
  desirability: number;
  /** Likelihood in [0, 1]; 1 means certain. */
  likelihood: number;
}

/**
 * CEMA appraisal (chapter 42): for each goal, uncertain (p < 1) and desirable adds p·d to hope,
 * uncertain and undesirable adds p·|d| to fear; certain (p = 1) goals add |d| to joy or distress.
 *
 * @param goals - The character's goals: `desirability` in [−1, 1] (negative = an undesirable outcome) and `likelihood` in [0, 1] (1 = certain).
 * @example
 * ```ts
 * const e = appraiseEmotions([{ desirability: 0.7, likelihood: 0.5 }, { desirability: -0.3, likelihood: 0.1 }]);
 * [e.joy, e.hope, e.fear, e.distress].map((x) => +x.toFixed(2)); // → [0, 0.35, 0.03, 0]
 * ```
 */
export function appraiseEmotions(goals: readonly AppraisedGoal[]): Emotions {
  const e: Emotions = { joy: 0, hope: 0, fear: 0, distress: 0 };
  goals.forEach((g, i) => {
    if (!isFiniteNumber(g.desirability) || g.desirability < -1 || g.desirability > 1)
      fail("INVALID_ARGUMENT", "appraiseEmotions", `goals[${i}].desirability must be in [−1, 1] (negative = undesirable).`, `goals[${i}].desirability`);
    if (!isFiniteNumber(g.likelihood) || g.likelihood < 0 || g.likelihood > 1)
      fail("INVALID_ARGUMENT", "appraiseEmotions", `goals[${i}].likelihood must be in [0, 1].`, `goals[${i}].likelihood`);
    const d = g.desirability;
    const p = g.likelihood;
    if (p === 1) {
      if (d > 0) e.joy += d;
      else e.distress += -d;
    } else if (d > 0) e.hope += p * d;
    else e.fear += p * -d;
  });
  return e;
}

/** Result of {@link selectByStyle} and {@link selectByEmotion}: the chosen index and every score. */
export interface NarrativeChoice {
  /** Index of the chosen alternative (-1 when there are none). */
  index: number;
  /** One score per alternative: a dot product (higher wins) or a distance (lower wins). */
  scores: number[];
}

/**
 * Simple objective (Eq. 42.2–42.3): the alternative whose style annotation has the largest dot
 * product with the player model. Ties keep the first.
 * @param annotations - One style annotation per alternative, each with one weight per {@link PlayStyles} entry (same length as `style`); read
 *   only.
 * @param style - The player model's style vector (e.g. `model.style`), in {@link PlayStyles} order.
 */
export function selectByStyle(annotations: readonly ArrayLike<number>[], style: ArrayLike<number>): NarrativeChoice {
  const scores = annotations.map((a, k) => {
    if (a.length !== style.length)
      fail("INVALID_ARGUMENT", "selectByStyle", `annotations[${k}] has ${a.length} entries, the model ${style.length}.`, `annotations[${k}]`);
    let s = 0;
    for (let i = 0; i < style.length; i++) s += a[i]! * style[i]!;
    return s;
  });
  let index = -1;
  for (let i = 0; i < scores.length; i++) if (index < 0 || scores[i]! > scores[index]!) index = i;
  return { index, scores };
}

/**
 * Euclidean distance between two emotional states.
 * @param a - One emotional state (joy, hope, fear, distress).
 * @param b - The other emotional state.
 */
export function emotionDistance(a: Emotions, b: Emotions): number {
  return Math.hypot(a.joy - b.joy, a.hope - b.hope, a.fear - b.fear, a.distress - b.distress);
}

/**
 * Advanced objective (Eq. 42.4): the alternative whose predicted emotional state is nearest the
 * author's target. Ties keep the first.
 *
 * @param predicted - The predicted emotional state after each alternative.
 * @param target - The author's target emotional state.
 * @example
 * ```ts
 * const target = { joy: 0, hope: 0.4, fear: 0.03, distress: 0 };
 * const grendel = { joy: 0.8, hope: 0.6, fear: 0.2, distress: 0 };
 * const fairy = { joy: 0, hope: 0.35, fear: 0.03, distress: 0 };
 * const c = selectByEmotion([grendel, fairy], target);
 * c.index;                              // → 1 (the fairy)
 * c.scores.map((d) => d.toFixed(3));    // → ["0.842", "0.050"] (the book prints 0.83)
 * ```
 */
export function selectByEmotion(predicted: readonly Emotions[], target: Emotions): NarrativeChoice {
  const scores = predicted.map((p) => emotionDistance(p, target));
  let index = -1;
  for (let i = 0; i < scores.length; i++) if (index < 0 || scores[i]! < scores[index]!) index = i;
  return { index, scores };
}
