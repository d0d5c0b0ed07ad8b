import { checkOptions, fail, isFiniteNumber } from "../internal/fail.js";

/**
 * Robin's Laws play styles in the order of a {@link PlayerModel}'s `style` vector (chapter 42):
 * Fighter, Method actor, Storyteller, Tactician, Power gamer.
 */
export const PlayStyles = ["fighter", "methodActor", "storyteller", "tactician", "powerGamer"] as const;

/** A play-style model: one weight per {@link PlayStyles} entry, decaying toward `neutral`. Plain data. */
export interface PlayerModel {
  /** Current weights, in {@link PlayStyles} order. */
  style: number[];
  /** Values the weights decay toward. */
  neutral: number[];
  /** Exponential decay rate per second (0 = no decay). */
  decayPerSecond: number;
}

function checkVector(fn: string, v: ArrayLike<number>, n: number, name: string): void {
  if (v.length !== n) fail("INVALID_ARGUMENT", fn, `${name} must have ${n} entries (one per play style), got ${v.length}.`, name);
  for (let i = 0; i < n; i++) if (!isFiniteNumber(v[i])) fail("INVALID_ARGUMENT", fn, `${name}[${i}] must be a finite number.`, `${name}[${i}]`);
}

/**
 * Makes a play-style model. `style` and `neutral` default to zeros; `decayPerSecond` to 0.
 *
 * @param options - `style` and `neutral` (one finite weight per {@link PlayStyles} entry; default zeros) and `decayPerSecond` (exponential rate
 *   toward `neutral`, >= 0; default 0, no decay).
 * @example
 * ```ts
 * const model = createPlayerModel({ style: [0.9, 0.2, 0.1, 0.4, 0.3] });
 * addPlayerAction(model, [0.3, 0, 0, 0, 0]); // any kill: Fighter +0.3
 * model.style[0].toFixed(2);               // → "1.20"
 * ```
 */
export function createPlayerModel(options: { style?: ArrayLike<number>; neutral?: ArrayLike<number>; decayPerSecond?: number } = {}): PlayerModel {
  checkOptions("createPlayerModel", options);
  const n = PlayStyles.length;
  const style = options.style ?? new Array<number>(n).fill(0);
  const neutral = options.neutral ?? new Array<number>(n).fill(0);
  checkVector("createPlayerModel", style, n, "options.style");
  checkVector("createPlayerModel", neutral, n, "options.neutral");
  const rate = options.decayPerSecond ?? 0;
  if (!isFiniteNumber(rate) || rate < 0)
    fail("INVALID_ARGUMENT", "createPlayerModel", `options.decayPerSecond must be a finite number ≥ 0, got ${rate}.`, "options.decayPerSecond");
  return { style: Array.from(style), neutral: Array.from(neutral), decayPerSecond: rate };
}

/**
 * Adds an action's increment vector (its designer annotation, e.g. a kill = Fighter +0.3) to the model.
 * @param model - The player model; its style weights grow in place; returned.
 * @param increments - The action's designer annotation: one finite increment per play style (e.g. a kill = Fighter +0.3).
 */
export function addPlayerAction(model: PlayerModel, increments: ArrayLike<number>): PlayerModel {
  checkVector("addPlayerAction", increments, model.style.length, "increments");
  for (let i = 0; i < model.style.length; i++) model.style[i]! += increments[i]!;
  return model;
}

/**
 * Decays every weight toward neutral: `w = neutral + (w − neutral)·e^(−rate·dt)`.
 * @param model - The player model; its weights move toward `neutral` in place; returned.
 * @param dt - Elapsed seconds, finite and >= 0; weights keep `e^(−decayPerSecond·dt)` of their distance to neutral.
 */
export function decayPlayerModel(model: PlayerModel, dt: number): PlayerModel {
  if (!isFiniteNumber(dt) || dt < 0) fail("INVALID_ARGUMENT", "decayPlayerModel", `dt must be a finite number ≥ 0, got ${dt}.`, "dt");
  const k = Math.exp(-model.decayPerSecond * dt);
  for (let i = 0; i < model.style.length; i++) model.style[i] = model.neutral[i]! + (model.style[i]! - model.neutral[i]!) * k;
  return model;
}

/** Result of {@link inferGoals}. */
export interface GoalInference {
  /** `correlation · style`, one entry per goal. */
  raw: number[];
  /** `raw` divided by its sum (all zeros when the sum is 0). */
  normalized: number[];
}

/**
 * Goal inference (Eq. 42.1): intentions = correlation (goals × styles) · style, normalised to
 * sum to 1.
 *
 * @param correlation - Goals × styles matrix: one row per goal, each with one finite weight per entry of `style`.
 * @param style - The player model's style vector (finite numbers).
 * @example
 * ```ts
 * const r = inferGoals([[0.9, 0.7, 0.2, 0.4, 0.6], [0.1, 0.3, 0.6, 0.8, 0.1]], [0.9, 0.2, 0.1, 0.4, 0.3]);
 * r.raw.map((x) => x.toFixed(2));        // → ["1.31", "0.56"]
 * r.normalized.map((x) => x.toFixed(2)); // → ["0.70", "0.30"]
 * ```
 */
export function inferGoals(correlation: readonly ArrayLike<number>[], style: ArrayLike<number>): GoalInference {
  const raw = correlation.map((row, g) => {
    checkVector("inferGoals", row, style.length, `correlation[${g}]`);
    let s = 0;
    for (let i = 0; i < style.length; i++) s += row[i]! * style[i]!;
    return s;
  });
  checkVector("inferGoals", style, style.length, "style");
  const sum = raw.reduce((a, b) => a + b, 0);
  return { raw, normalized: raw.map((x) => (sum === 0 ? 0 : x / sum)) };
}
