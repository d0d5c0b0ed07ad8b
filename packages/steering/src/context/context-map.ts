import { assertInteger, invalidArgument, type ReadonlyVec2, type Vec2 } from "@tactica/core";
import type { CircleObstacle } from "../behaviors/obstacle-avoidance";

/**
 * A context map (Fray, chapter 18): `slots` candidate headings spread evenly around the agent —
 * slot `i` points at world angle `2π·i / slots` (radians, counter-clockwise from +x) — with an
 * **interest** and a **danger** value per slot. Behaviors write into it (stateless, one loop
 * each), {@link resolveContextMap} turns it into a direction. Plain typed arrays, allocated once.
 */
export interface ContextMap {
  /** Number of slots (the map's resolution, ≥ 3). */
  readonly slots: number;
  /** Interest per slot (≥ 0): how much the agent wants to go that way. */
  readonly interest: Float64Array;
  /** Danger per slot (≥ 0): how much it must not. */
  readonly danger: Float64Array;
  /** Last frame's interest, for {@link blendContextMap}. */
  readonly previousInterest: Float64Array;
  /** Last frame's danger, for {@link blendContextMap}. */
  readonly previousDanger: Float64Array;
  /** Scratch for {@link blurContextValues}. */
  readonly scratch: Float64Array;
  /** Mask of the last resolve: 1 where the slot was allowed (danger at the minimum). */
  readonly allowed: Uint8Array;
}

/**
 * Creates a {@link ContextMap} with `slots` slots (integer in [3, 4096]; 8 to 32 is typical).
 *
 * @param slots - Number of candidate headings (integer in [3, 4096]); slot i faces `2π·i / slots`
 *   radians (0 = +x, counter-clockwise).
 * @returns A map with every value zero.
 */
export function createContextMap(slots: number): ContextMap {
  assertInteger("@tactica/steering: createContextMap", "slots", slots, 3, 4096);
  return {
    slots,
    interest: new Float64Array(slots),
    danger: new Float64Array(slots),
    previousInterest: new Float64Array(slots),
    previousDanger: new Float64Array(slots),
    scratch: new Float64Array(slots),
    allowed: new Uint8Array(slots),
  };
}

/**
 * Zeroes interest and danger (start of a frame). O(slots).
 *
 * @param map - The map; `interest` and `danger` are zeroed in place (the previous-frame arrays used
 *   by {@link blendContextMap} are kept).
 */
export function clearContextMap(map: ContextMap): void {
  map.interest.fill(0);
  map.danger.fill(0);
}

/**
 * Writes the unit direction of (possibly fractional) slot `slot` into `out`: world angle
 * `2π·slot / slots` (counter-clockwise from +x). Throws `INVALID_ARGUMENT` for a non-finite slot
 * (`undefined`, `NaN`). O(1).
 *
 * @param out - Receives the unit direction (world space); written in place and returned.
 * @param map - The map, read for its slot count.
 * @param slot - Slot index, may be fractional (e.g. {@link ContextDecision.subSlot}) or outside
 *   `[0, slots)` (it wraps around); must be finite.
 */
export function getContextSlotDirection(out: Vec2, map: ContextMap, slot: number): Vec2 {
  if (!(slot - slot === 0))
    invalidArgument("@tactica/steering: getContextSlotDirection", "slot", `must be a finite number but is ${slot}`, "Pass a slot index.");
  const a = (slot * 2 * Math.PI) / map.slots;
  out.x = Math.cos(a);
  out.y = Math.sin(a);
  return out;
}

/**
 * Writes `strength` towards the world direction `(dx, dy)` into `values` (an interest or danger
 * array of a map with `values.length` slots), with a linear **falloff to zero** over `width`
 * radians either side, and merges by slot-wise **maximum** (never sums: a second obstacle behind
 * the first adds nothing). O(slots), no allocation.
 *
 * @param values - A map's `interest` or `danger` array; raised in place to the written value where
 *   that is larger (slot i faces `2π·i / values.length`).
 * @param dx - World direction x to write towards (any length; a zero vector writes nothing).
 * @param dy - World direction y to write towards.
 * @param strength - Value at the exact direction (> 0; ≤ 0 or NaN writes nothing); interest and
 *   danger are usually in [0, 1].
 * @param width - Half-width of the falloff in radians (> 0); ≤ 0 writes `strength` only into the
 *   slot(s) within half a slot of the direction.
 */
export function writeContextDirection(values: Float64Array, dx: number, dy: number, strength: number, width: number): void {
  const n = values.length;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (!(len > 0) || !(strength > 0)) return;
  const target = Math.atan2(dy, dx);
  const step = (2 * Math.PI) / n;
  for (let i = 0; i < n; i++) {
    let d = i * step - target;
    d = Math.abs(Math.atan2(Math.sin(d), Math.cos(d)));
    let v: number;
    if (width > 0) v = d >= width ? 0 : strength * (1 - d / width);
    else v = d <= step * 0.5 ? strength : 0;
    if (v > (values[i] as number)) values[i] = v;
  }
}

/**
 * Chase behavior → interest (chapter 18): writes **every** target (no target selection) with an
 * intensity that falls linearly with distance, `1 − d / range` (targets beyond `range` are
 * skipped), spread over `width` radians either side. `targets` is a flat x,y array of `count`
 * points. Stateless; O(count · slots), no allocation.
 *
 * @param map - The map; its `interest` is raised in place.
 * @param position - The agent's position (world units), read.
 * @param targets - Target positions as a flat `[x0, y0, x1, y1, …]` array (world units), read.
 * @param count - Number of targets to read from `targets`.
 * @param range - Distance (world units, > 0) at which a target's interest falls to 0; farther ones
 *   are skipped.
 * @param width - Half-width of each target's falloff in radians, as in {@link writeContextDirection}.
 */
export function writeContextChase(map: ContextMap, position: ReadonlyVec2, targets: ArrayLike<number>, count: number, range: number, width: number): void {
  for (let i = 0; i < count; i++) {
    const dx = (targets[2 * i] as number) - position.x;
    const dy = (targets[2 * i + 1] as number) - position.y;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > range) continue;
    writeContextDirection(map.interest, dx, dy, 1 - d / range, width);
  }
}

/**
 * Avoid behavior → danger (chapter 18): each circle whose edge is within `minDistance` of the
 * agent's edge writes danger `1 − gap / minDistance` (closer is more dangerous), spread over the
 * half-angle needed to pass it without re-entering the exclusion zone, `asin((r + agentRadius +
 * minDistance·0.25) / distance)` (π/2 when already inside). Obstacles beyond `minDistance` are
 * ignored. Stateless; O(obstacles · slots), no allocation.
 *
 * @param map - The map; its `danger` is raised in place.
 * @param position - The agent's position (world units), read.
 * @param agentRadius - The agent's radius (world units, ≥ 0), added to each obstacle's.
 * @param obstacles - Circles to avoid (world units), read.
 * @param minDistance - Edge-to-edge distance (world units, > 0) within which an obstacle is
 *   dangerous: danger 1 when touching, falling to 0 at this gap.
 */
export function writeContextAvoid(
  map: ContextMap,
  position: ReadonlyVec2,
  agentRadius: number,
  obstacles: ArrayLike<CircleObstacle>,
  minDistance: number,
): void {
  for (let i = 0; i < obstacles.length; i++) {
    const o = obstacles[i]!;
    const dx = o.x - position.x;
    const dy = o.y - position.y;
    const d = Math.sqrt(dx * dx + dy * dy);
    const R = o.radius + agentRadius;
    const gap = d - R;
    if (gap > minDistance) continue;
    const strength = gap <= 0 ? 1 : 1 - gap / minDistance;
    const s = (R + minDistance * 0.25) / Math.max(d, 1e-9);
    const half = s >= 1 ? Math.PI / 2 : Math.asin(s);
    // the slot pointing exactly at the obstacle gets `strength`; the falloff reaches 0 at 2·half
    writeContextDirection(map.danger, dx, dy, strength, 2 * half);
  }
}

/**
 * Slot-wise maximum of two maps into `out` (may alias either): the chapter's merge of behaviors. O(slots).
 *
 * @param out - Receives the slot-wise maximum of interest and danger; written in place. Must have
 *   the same slot count as `a` and `b`.
 * @param a - First map, read.
 * @param b - Second map, read.
 */
export function mergeContextMaps(out: ContextMap, a: ContextMap, b: ContextMap): void {
  for (let i = 0; i < out.slots; i++) {
    const ai = a.interest[i] as number;
    const bi = b.interest[i] as number;
    out.interest[i] = ai > bi ? ai : bi;
    const ad = a.danger[i] as number;
    const bd = b.danger[i] as number;
    out.danger[i] = ad > bd ? ad : bd;
  }
}

/** Options for {@link blurContextValues}. */
export interface BlurContextOptions {
  /** Number of blur passes (default 1). */
  readonly passes?: number;
}

/**
 * Circular blur of `values` with the kernel [¼, ½, ¼] applied `options.passes` times (default 1) (removes spikes and
 * troughs, chapter 18's post-processing). Uses `scratch` (same length). O(passes · slots).
 *
 * @param values - A map's `interest` or `danger` array (or any circular array), blurred in place.
 * @param scratch - Work array of the same length (e.g. the map's `scratch`), overwritten.
 * @param options - `passes`: how many times the kernel is applied (integer ≥ 0; omitted means 1).
 */
export function blurContextValues(values: Float64Array, scratch: Float64Array, options?: BlurContextOptions): void {
  const passes = options?.passes ?? 1;
  const n = values.length;
  for (let p = 0; p < passes; p++) {
    for (let i = 0; i < n; i++) {
      const l = values[i === 0 ? n - 1 : i - 1] as number;
      const r = values[i === n - 1 ? 0 : i + 1] as number;
      scratch[i] = 0.25 * l + 0.5 * (values[i] as number) + 0.25 * r;
    }
    values.set(scratch);
  }
}

/**
 * Temporal blending (chapter 18's "global hysteresis"): `current = previous + t · (current −
 * previous)` for interest and danger (`t` in [0, 1]; 1 keeps only this frame), then stores the
 * result as the new previous. Stops flip-flopping between equal targets with no per-behavior
 * state. O(slots).
 *
 * @param map - The map; `interest` and `danger` are replaced by the blend and also stored as
 *   `previousInterest`/`previousDanger` for the next frame.
 * @param t - Weight of this frame's values, in [0, 1]: 1 keeps only this frame, smaller values
 *   respond more slowly. Call it after writing the behaviors and before resolving.
 */
export function blendContextMap(map: ContextMap, t: number): void {
  for (let i = 0; i < map.slots; i++) {
    const pi = map.previousInterest[i] as number;
    const ni = pi + t * ((map.interest[i] as number) - pi);
    map.interest[i] = ni;
    map.previousInterest[i] = ni;
    const pd = map.previousDanger[i] as number;
    const nd = pd + t * ((map.danger[i] as number) - pd);
    map.danger[i] = nd;
    map.previousDanger[i] = nd;
  }
}

/** The outcome of {@link resolveContextMap}. Plain data; reuse one object. */
export interface ContextDecision {
  /** The chosen slot, or -1 when no allowed slot has any interest. */
  slot: number;
  /** The interpolated (fractional) slot, in [slot − ½, slot + ½]. */
  subSlot: number;
  /** Unit direction x of `subSlot` (0 when `slot` is -1). */
  directionX: number;
  /** Unit direction y of `subSlot`. */
  directionY: number;
  /** Interest at the chosen slot: the chapter moves with speed proportional to it. */
  strength: number;
  /** The minimum danger over all slots (the masking level). */
  minDanger: number;
}

/**
 * A fresh {@link ContextDecision}.
 *
 * @returns A decision with `slot` -1 and zero direction, to be filled by {@link resolveContextMap}.
 */
export function createContextDecision(): ContextDecision {
  return { slot: -1, subSlot: -1, directionX: 0, directionY: 0, strength: 0, minDanger: 0 };
}

/** Options for {@link resolveContextMap}. */
export interface ResolveContextOptions {
  /** Slots whose danger is at most the minimum danger plus this stay allowed (default 0). */
  readonly tolerance?: number;
}

/**
 * Processes a context map, free 2D version (chapter 18): (1) find the lowest danger, (2) mask every
 * slot whose danger is above it (`+ options.tolerance`, default 0), (3) zero their interest, (4) pick the
 * highest remaining interest (ties: lowest index), (5) refine it to a sub-slot by fitting a
 * parabola through the chosen slot and its two neighbors (masked neighbors count as 0, so the
 * refinement never leans into a dangerous slot by more than half a slot), and report speed
 * ∝ interest. **Guarantee (tested): the chosen slot never has more than the minimum danger
 * (+ tolerance).** Writes `out` and returns it. O(slots), no allocation.
 *
 * @param out - Receives the decision (slot, sub-slot, unit direction, strength, minimum danger);
 *   written in place and returned.
 * @param map - The map; `interest` and `danger` are read, the `allowed` mask is written.
 * @param options - `tolerance`: slots with danger up to the minimum plus this stay allowed (≥ 0,
 *   same units as danger; omitted means 0).
 */
export function resolveContextMap(out: ContextDecision, map: ContextMap, options?: ResolveContextOptions): ContextDecision {
  const tolerance = options?.tolerance ?? 0;
  const n = map.slots;
  const { interest, danger, allowed } = map;
  let minD = Infinity;
  for (let i = 0; i < n; i++) if ((danger[i] as number) < minD) minD = danger[i] as number;
  out.minDanger = minD;
  let best = -1;
  let bestV = 0;
  for (let i = 0; i < n; i++) {
    const ok = (danger[i] as number) <= minD + tolerance;
    allowed[i] = ok ? 1 : 0;
    if (!ok) continue;
    const v = interest[i] as number;
    if (v > bestV) {
      bestV = v;
      best = i;
    }
  }
  out.slot = best;
  out.strength = bestV;
  if (best < 0) {
    out.subSlot = -1;
    out.directionX = 0;
    out.directionY = 0;
    return out;
  }
  const l = best === 0 ? n - 1 : best - 1;
  const r = best === n - 1 ? 0 : best + 1;
  const yl = allowed[l] === 1 ? (interest[l] as number) : 0;
  const yr = allowed[r] === 1 ? (interest[r] as number) : 0;
  const denom = yl - 2 * bestV + yr;
  let offset = denom < 0 ? (0.5 * (yl - yr)) / denom : 0;
  if (offset > 0.5) offset = 0.5;
  else if (offset < -0.5) offset = -0.5;
  out.subSlot = best + offset;
  const a = (out.subSlot * 2 * Math.PI) / n;
  out.directionX = Math.cos(a);
  out.directionY = Math.sin(a);
  return out;
}
