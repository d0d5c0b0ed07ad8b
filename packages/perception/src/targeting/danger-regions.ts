import { checkIndex, checkNumber, checkPosition, configError, describeValue } from "../errors";

/**
 * Regions where an agent saw comrades take fire or die (*FEAR*, *Game AI Pro 2* ch. 2), refused or
 * penalised for a while, as plain data: circle `i < count` at `(x[i], y[i])` with radius `radius[i]`
 * and `remaining[i]` seconds left. Expired regions are dropped by {@link advanceDangerRegions}.
 */
export interface DangerRegions {
  /** Most regions. */
  readonly capacity: number;
  /** Regions in use. */
  count: number;
  /** Centre x. */
  readonly x: Float64Array;
  /** Centre y. */
  readonly y: Float64Array;
  /** Radius. */
  readonly radius: Float64Array;
  /** Seconds until the region is forgotten. */
  readonly remaining: Float64Array;
  /** Seconds each region lasted when added (for the decaying penalty). */
  readonly duration: Float64Array;
}

/**
 * Creates an empty set of danger regions (capacity an integer ≥ 1).
 *
 * @param capacity - Most regions remembered at once, an integer ≥ 1; when full, the region closest to expiry is replaced.
 */
export function createDangerRegions(capacity: number): DangerRegions {
  if (!Number.isInteger(capacity) || capacity < 1)
    configError("createDangerRegions", `"capacity" is ${describeValue(capacity)}; pass an integer ≥ 1.`, "capacity");
  return {
    capacity,
    count: 0,
    x: new Float64Array(capacity),
    y: new Float64Array(capacity),
    radius: new Float64Array(capacity),
    remaining: new Float64Array(capacity),
    duration: new Float64Array(capacity),
  };
}

/**
 * Remembers a danger circle for `duration` seconds (> 0). When full, the region closest to expiry
 * is replaced, so the newest danger is always kept. Returns the slot.
 *
 * @param regions - The set, changed in place (a region appended, or the one closest to expiry replaced).
 * @param x - Centre x, world units, finite (else `PERCEPTION_CONFIG`).
 * @param y - Centre y, world units, finite (else `PERCEPTION_CONFIG`).
 * @param radius - Radius, world units, finite and ≥ 0.
 * @param duration - Seconds the region is remembered, finite and > 0.
 */
export function addDangerRegion(regions: DangerRegions, x: number, y: number, radius: number, duration: number): number {
  checkPosition("addDangerRegion", x, y);
  checkNumber("addDangerRegion", "radius", radius, 0);
  checkNumber("addDangerRegion", "duration", duration, Number.MIN_VALUE);
  let i = regions.count;
  if (i >= regions.capacity) {
    i = 0;
    for (let k = 1; k < regions.count; k++) if (regions.remaining[k]! < regions.remaining[i]!) i = k;
  } else regions.count++;
  regions.x[i] = x;
  regions.y[i] = y;
  regions.radius[i] = radius;
  regions.remaining[i] = duration;
  regions.duration[i] = duration;
  return i;
}

/**
 * Ages every region by `dt` seconds and forgets the expired ones. Returns how many were forgotten.
 *
 * @param regions - The set, changed in place: regions aged, expired ones removed (the last region moves into a freed slot).
 * @param dt - Time step in seconds, finite and ≥ 0.
 */
export function advanceDangerRegions(regions: DangerRegions, dt: number): number {
  if (!(dt >= 0) || dt === Infinity) configError("advanceDangerRegions", `"dt" is ${describeValue(dt)}; pass a finite time step ≥ 0 in seconds.`, "dt");
  let forgotten = 0;
  let i = 0;
  while (i < regions.count) {
    const left = regions.remaining[i]! - dt;
    if (left > 0) {
      regions.remaining[i] = left;
      i++;
      continue;
    }
    const last = --regions.count;
    regions.x[i] = regions.x[last]!;
    regions.y[i] = regions.y[last]!;
    regions.radius[i] = regions.radius[last]!;
    regions.remaining[i] = regions.remaining[last]!;
    regions.duration[i] = regions.duration[last]!;
    forgotten++;
    // The moved region has not been aged yet: visit slot i again.
  }
  return forgotten;
}

/**
 * Danger at `(x, y)` in [0, 1]: the largest `remaining / duration` of the regions containing the
 * point (1 when just added, fading linearly to 0 at expiry), 0 outside every region. Multiply it
 * into your path cost (grid cell costs, a navmesh area cost callback), or refuse destinations
 * where it is above 0.
 *
 * @param regions - The set, read only.
 * @param x - Query point x, world units.
 * @param y - Query point y, world units.
 */
export function dangerAt(regions: DangerRegions, x: number, y: number): number {
  let best = 0;
  for (let i = 0; i < regions.count; i++) {
    const dx = x - regions.x[i]!;
    const dy = y - regions.y[i]!;
    const r = regions.radius[i]!;
    if (dx * dx + dy * dy > r * r) continue;
    const v = regions.remaining[i]! / regions.duration[i]!;
    if (v > best) best = v;
  }
  return best;
}

/** Options for {@link selectTarget}. */
export interface SelectTargetOptions {
  /** A challenger must beat the current target's score by more than this to take over (default 0.1). */
  readonly hysteresis?: number;
}

/**
 * Target selection with hysteresis: the index of the highest score in `scores` (scores from your
 * response curves: distance, threat, visibility), except that the `current` target (−1 for none)
 * is kept unless another beats it by more than `hysteresis`, so the choice does not flicker between
 * two close targets. A negative or NaN score means "not a candidate". Returns −1 when no index qualifies.
 * Throws `PERCEPTION_CONFIG` when `current` is not −1 or an index into `scores` (`undefined`, a
 * fraction, or a stale index past the end of a shorter list).
 *
 * @param scores - One score per candidate (higher is better); negative or NaN excludes it.
 * @param current - Index of the current target in `scores`, or −1 for none.
 * @param options - `hysteresis`: how much a challenger must beat the current target's score by (default 0.1).
 */
export function selectTarget(scores: ArrayLike<number>, current: number, options?: SelectTargetOptions): number {
  checkIndex("selectTarget", "current", current, -1, scores.length - 1);
  const hysteresis = options?.hysteresis ?? 0.1;
  let best = -1;
  let bestScore = -Infinity;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i]!;
    if (!(s >= 0)) continue;
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  if (current >= 0) {
    const c = scores[current]!;
    if (c >= 0 && !(bestScore > c + hysteresis)) return current;
  }
  return best;
}
