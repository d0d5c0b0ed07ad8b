import { checkNumber, configError, describeValue } from "../errors";

/**
 * A squad's shared belief about the player (*The Last of Us*, *Game AI Pro 2* ch. 34): when any NPC
 * perceives the player it records where, and every NPC reads the same belief; otherwise the belief
 * is not updated and only ages. Plain data.
 */
export interface SharedBelief {
  /** Whether anyone has perceived the player yet. */
  known: boolean;
  /** Believed position x. */
  x: number;
  /** Believed position y. */
  y: number;
  /** Seconds since the belief was last refreshed by a perception. */
  age: number;
}

/** Options for {@link shouldApproach}. */
export interface ApproachOptions {
  /** Seconds without a sighting after which one NPC approaches (default 10). */
  readonly unseenTime?: number;
  /** Distance between the player's true position and the belief that forces an approach (default 5). */
  readonly driftDistance?: number;
}

/** An empty belief (nobody has perceived the player). */
export function createSharedBelief(): SharedBelief {
  return { known: false, x: 0, y: 0, age: 0 };
}

/**
 * Any NPC perceived the player at `(x, y)`: the belief moves there and its age resets.
 *
 * @param belief - The squad's belief, changed in place (becomes known, moves, age 0).
 * @param x - Where the player was perceived, x, world units, finite.
 * @param y - Where the player was perceived, y, world units, finite.
 */
export function reportSighting(belief: SharedBelief, x: number, y: number): void {
  checkNumber("reportSighting", "x", x);
  checkNumber("reportSighting", "y", y);
  belief.known = true;
  belief.x = x;
  belief.y = y;
  belief.age = 0;
}

/**
 * Ages the belief by `dt` seconds.
 *
 * @param belief - The squad's belief, aged in place.
 * @param dt - Time step in seconds, finite and ≥ 0.
 */
export function advanceSharedBelief(belief: SharedBelief, dt: number): void {
  if (!(dt >= 0) || dt === Infinity) configError("advanceSharedBelief", `"dt" is ${describeValue(dt)}; pass a finite time step ≥ 0 in seconds.`, "dt");
  belief.age += dt;
}

/**
 * The ch. 34 combat-pacing rule: one NPC should approach the believed position when the player has
 * not been seen for `unseenTime` seconds (10), or at once when the player's true position `(px, py)`
 * is more than `driftDistance` (5 m) from the belief — then a search follows. `false` while the
 * belief is unknown.
 *
 * @param belief - The squad's belief, read only.
 * @param px - The player's true position x, world units.
 * @param py - The player's true position y, world units.
 * @param options - `unseenTime` (seconds without a sighting, default 10) and `driftDistance` (world units between the true position and the belief, default 5).
 */
export function shouldApproach(belief: SharedBelief, px: number, py: number, options?: ApproachOptions): boolean {
  if (!belief.known) return false;
  if (belief.age >= (options?.unseenTime ?? 10)) return true;
  const drift = options?.driftDistance ?? 5;
  const dx = px - belief.x;
  const dy = py - belief.y;
  return dx * dx + dy * dy > drift * drift;
}
