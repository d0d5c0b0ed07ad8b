import { assertInteger, invalidArgument } from "@tactica/core";

/**
 * The 1D racing variant of context steering (chapter 18, *F1*): a **linear** map across the track,
 * slot 0 at one edge and slot `slots − 1` at the other; the behavior layer only picks a lateral
 * offset and whether to brake. Plain typed arrays.
 */
export interface RacingContextMap {
  /** Number of slots across the track (≥ 2). */
  readonly slots: number;
  /** Interest per slot. */
  readonly interest: Float64Array;
  /** Danger per slot. */
  readonly danger: Float64Array;
  /** Reachability mask of the last resolve (1 = reachable). */
  readonly reachable: Uint8Array;
}

/**
 * Creates a {@link RacingContextMap} with `slots` slots (integer in [2, 4096]).
 *
 * @param slots - Number of slots across the track (integer in [2, 4096]); slot 0 is one edge,
 *   `slots − 1` the other.
 * @returns A map with every value zero.
 */
export function createRacingContextMap(slots: number): RacingContextMap {
  assertInteger("@tactica/steering: createRacingContextMap", "slots", slots, 2, 4096);
  return { slots, interest: new Float64Array(slots), danger: new Float64Array(slots), reachable: new Uint8Array(slots) };
}

/**
 * Zeroes interest and danger. O(slots).
 *
 * @param map - The map; `interest` and `danger` are zeroed in place.
 */
export function clearRacingContextMap(map: RacingContextMap): void {
  map.interest.fill(0);
  map.danger.fill(0);
}

/**
 * Racing-line behavior → interest: peaks at `peak` on the (fractional) racing-line slot and falls
 * linearly towards `floor` at the far edge, **never reaching zero** (`floor > 0` keeps a gradient
 * back to the line everywhere); keep `peak` low so other behaviors can outbid it. Max-merged.
 * O(slots).
 *
 * @param map - The map; its `interest` is raised in place.
 * @param lineSlot - Where the racing line crosses the map, in slots (may be fractional, usually in
 *   `[0, slots − 1]`).
 * @param peak - Interest on the line (usually in (0, 1]; keep it low).
 * @param floor - Interest one full track width (`slots − 1` slots) away from the line (> 0 and
 *   < `peak` keeps a gradient).
 */
export function writeRacingLineInterest(map: RacingContextMap, lineSlot: number, peak: number, floor: number): void {
  const span = map.slots - 1;
  for (let i = 0; i < map.slots; i++) {
    const v = peak - ((peak - floor) * Math.abs(i - lineSlot)) / span;
    if (v > (map.interest[i] as number)) map.interest[i] = v;
  }
}

/**
 * Another car → danger: `intensity` over the car's width (slots within `halfWidth` of
 * `centerSlot`) plus a linearly decreasing **skirt** of `skirt` slots on each side (a cautious
 * driver uses a wider skirt). Max-merged. Whether to write a car at all is the caller's rule from
 * the chapter: cars alongside always, slower cars ahead yes, cars ahead at racing speed no. O(slots).
 *
 * @param map - The map; its `danger` is raised in place.
 * @param centerSlot - The other car's lateral position, in slots (may be fractional).
 * @param halfWidth - Half the car's width, in slots (≥ 0): slots this close get full `intensity`.
 * @param intensity - Danger over the car's width (usually in [0, 1]).
 * @param skirt - Width of the falloff beyond `halfWidth` on each side, in slots (≤ 0: none).
 */
export function writeCarDanger(map: RacingContextMap, centerSlot: number, halfWidth: number, intensity: number, skirt: number): void {
  for (let i = 0; i < map.slots; i++) {
    const d = Math.abs(i - centerSlot);
    let v: number;
    if (d <= halfWidth) v = intensity;
    else if (skirt > 0 && d < halfWidth + skirt) v = intensity * (1 - (d - halfWidth) / skirt);
    else continue;
    if (v > (map.danger[i] as number)) map.danger[i] = v;
  }
}

/** The outcome of {@link resolveRacingContextMap}. Plain data. */
export interface RacingDecision {
  /** The chosen (reachable) slot, or -1 when no reachable slot has interest. */
  slot: number;
  /** The largest danger between the current slot and the chosen one. */
  pathDanger: number;
  /** Brake intensity: `pathDanger` when it exceeds the threshold, else 0. */
  brake: number;
}

/**
 * A fresh {@link RacingDecision}.
 *
 * @returns A decision with `slot` -1 and no braking, to be filled by {@link resolveRacingContextMap}.
 */
export function createRacingDecision(): RacingDecision {
  return { slot: -1, pathDanger: 0, brake: 0 };
}

/**
 * Racing processing (chapter 18, Figure 18.10): start at the car's `currentSlot`, flood left and
 * right while the next slot's danger is **not greater** than the current one's (the chapter says
 * "less than"; read strictly, a car on an empty track could never move, so equal danger floods
 * too), mask what cannot be reached (a slot beyond a danger ridge), pick the highest reachable
 * interest (ties: nearest the current slot), and request **emergency braking** with intensity
 * equal to the largest danger on the way when it exceeds `brakeThreshold`. `currentSlot` may be
 * fractional (it is rounded) and must lie in `[0, slots − 1]`; anything else (`undefined`, `NaN`,
 * off the track) throws `INVALID_ARGUMENT`. O(slots), no allocation.
 *
 * @param out - Receives the chosen slot, the largest danger on the way and the brake intensity;
 *   written in place and returned. With no reachable interest `slot` is -1 and there is no brake.
 * @param map - The map; `interest` and `danger` are read, the `reachable` mask is written.
 * @param currentSlot - The car's own lateral position, in slots (in `[0, slots − 1]`, rounded).
 * @param brakeThreshold - Path danger above which `brake` is set (same units as danger, e.g. 0.5).
 */
export function resolveRacingContextMap(out: RacingDecision, map: RacingContextMap, currentSlot: number, brakeThreshold: number): RacingDecision {
  const n = map.slots;
  if (!(currentSlot >= 0 && currentSlot <= n - 1)) {
    invalidArgument(
      "@tactica/steering: resolveRacingContextMap",
      "currentSlot",
      `must be in [0, ${n - 1}] but is ${currentSlot}`,
      "Pass the car's slot on the map.",
    );
  }
  const { danger, interest, reachable } = map;
  const c = Math.min(n - 1, Math.max(0, Math.round(currentSlot)));
  reachable.fill(0);
  reachable[c] = 1;
  for (let i = c + 1; i < n && (danger[i] as number) <= (danger[i - 1] as number); i++) reachable[i] = 1;
  for (let i = c - 1; i >= 0 && (danger[i] as number) <= (danger[i + 1] as number); i--) reachable[i] = 1;
  let best = -1;
  let bestV = 0;
  let bestDist = Infinity;
  for (let i = 0; i < n; i++) {
    if (reachable[i] !== 1) continue;
    const v = interest[i] as number;
    const dist = Math.abs(i - c);
    if (v > bestV || (v === bestV && v > 0 && dist < bestDist)) {
      bestV = v;
      best = i;
      bestDist = dist;
    }
  }
  out.slot = best;
  let pd = 0;
  if (best >= 0) {
    const lo = Math.min(best, c);
    const hi = Math.max(best, c);
    for (let i = lo; i <= hi; i++) if ((danger[i] as number) > pd) pd = danger[i] as number;
  }
  out.pathDanger = pd;
  out.brake = pd > brakeThreshold ? pd : 0;
  return out;
}
