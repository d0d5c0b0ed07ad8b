import { checkNumber, configError, describeValue } from "../errors";

/**
 * One NPC's watch over another for *Splinter Cell Blacklist*'s disappearing-NPC rule (*Game AI Pro
 * 2* ch. 28): "If NPC A has been in earshot of NPC B for 10 seconds and then for 5 more seconds
 * after he stops making noise (i.e., once he's dead), then we generate an investigation event",
 * with a long cooldown. Plain data; one per watched pair.
 */
export interface DisappearanceWatch {
  /** Seconds B has been heard, continuously in earshot. */
  heard: number;
  /** Seconds B has been silent (still in earshot) after being heard long enough. */
  silent: number;
  /** Seconds before the rule may fire again. */
  cooldown: number;
}

/** Options for {@link stepDisappearanceWatch}. */
export interface DisappearanceWatchOptions {
  /** Seconds of hearing B first (default 10). */
  readonly hearTime?: number;
  /** Seconds of silence after that (default 5). */
  readonly silenceTime?: number;
  /** Seconds before the rule can fire again (default 120, "pretty long"). */
  readonly cooldown?: number;
}

/** A fresh watch. */
export function createDisappearanceWatch(): DisappearanceWatch {
  return { heard: 0, silent: 0, cooldown: 0 };
}

/**
 * Advances the watch by `dt` seconds: `inEarshot` says whether B is within sound distance of A
 * (use {@link soundPathDistance}), `makingNoise` whether B makes noise this frame. Leaving earshot
 * resets the watch. Returns `true` on the frame the investigation event should be raised (at most
 * once per cooldown).
 *
 * @param watch - The watch of one pair, changed in place (`heard`, `silent`, `cooldown` seconds).
 * @param inEarshot - Whether B is within sound distance of A this frame; `false` resets the watch.
 * @param makingNoise - Whether B makes noise this frame.
 * @param dt - Time step in seconds, finite and ≥ 0.
 * @param options - `hearTime` (seconds of hearing B first, default 10), `silenceTime` (seconds of silence after, default 5) and `cooldown` (seconds before it can fire again, default 120).
 */
export function stepDisappearanceWatch(
  watch: DisappearanceWatch,
  inEarshot: boolean,
  makingNoise: boolean,
  dt: number,
  options?: DisappearanceWatchOptions,
): boolean {
  if (!(dt >= 0) || dt === Infinity) configError("stepDisappearanceWatch", `"dt" is ${describeValue(dt)}; pass a finite time step ≥ 0 in seconds.`, "dt");
  const hearTime = checkNumber("stepDisappearanceWatch", "hearTime", options?.hearTime ?? 10, 0);
  const silenceTime = checkNumber("stepDisappearanceWatch", "silenceTime", options?.silenceTime ?? 5, 0);
  watch.cooldown = watch.cooldown > dt ? watch.cooldown - dt : 0;
  if (!inEarshot) {
    watch.heard = 0;
    watch.silent = 0;
    return false;
  }
  if (makingNoise) {
    watch.heard += dt;
    watch.silent = 0;
    return false;
  }
  if (watch.heard < hearTime) {
    watch.heard = 0;
    return false;
  }
  watch.silent += dt;
  if (watch.silent < silenceTime || watch.cooldown > 0) return false;
  watch.cooldown = options?.cooldown ?? 120;
  watch.heard = 0;
  watch.silent = 0;
  return true;
}
