import { type Rng, rngFloat, rngShuffle } from "@tactica/core";
import { checkIndex, checkNumber, checkPosition, configError, describeValue } from "../errors";
import type { LineOfSight } from "../line-of-sight/types";
import { canSee, type VisionCone } from "../senses/vision";

/** State of a search spot. */
export const SpotState = {
  /** Not searched yet and not assigned. */
  Unsearched: 0,
  /** Assigned to a searcher who is on the way. */
  InProgress: 1,
  /** Searched (visited or seen); never handed out again. */
  Searched: 2,
} as const;

/** One of the {@link SpotState} values. */
export type SpotStateValue = (typeof SpotState)[keyof typeof SpotState];

/** Search modes of *Game AI Pro 2* ch. 27 (Welsh). */
export const SearchMode = {
  /** Alerted by a distraction, source unknown: one investigator, phase 1 only. */
  Cautious: 0,
  /** The target is known to be hostile: up to 3 investigators in phase 1, then the coordinator. */
  Aggressive: 1,
} as const;

/** One of the {@link SearchMode} values. */
export type SearchModeValue = (typeof SearchMode)[keyof typeof SearchMode];

/**
 * How many NPCs may investigate the last known position at once: 1 cautious, 3 aggressive (ch. 27: "2 or 3 works well").
 *
 * @param mode - The search mode: `SearchMode.Cautious` gives 1, any other value 3.
 */
export function investigatorLimit(mode: SearchModeValue): number {
  return mode === SearchMode.Cautious ? 1 : 3;
}

/**
 * The phase-2 search coordinator of *Game AI Pro 2* ch. 27 as plain data: a pool of spots (cover
 * and hidden points around the target's estimated position), each unsearched, in progress (with its
 * searcher's id) or searched. A spot is never given to two searchers at once and never handed out
 * again once searched; after `timeLimit` seconds every request returns −1.
 */
export interface SearchCoordinator {
  /** Most spots. */
  readonly capacity: number;
  /** Spots in the current search. */
  count: number;
  /** Spot x. */
  readonly x: Float64Array;
  /** Spot y. */
  readonly y: Float64Array;
  /** {@link SpotState} per spot. */
  readonly state: Uint8Array;
  /** Searcher id holding each in-progress spot, −1 otherwise. */
  readonly owner: Int32Array;
  /** The target's estimated (last known) position x. */
  estimatedX: number;
  /** The target's estimated (last known) position y. */
  estimatedY: number;
  /** The target's actual position x (for the subtle "intuition" weight). */
  actualX: number;
  /** The target's actual position y. */
  actualY: number;
  /** Seconds since the search started. */
  elapsed: number;
  /** Seconds after which requests return −1. */
  timeLimit: number;
  /** Score weight of the distance to the estimated position. */
  estimatedWeight: number;
  /** Score weight of the distance to the requesting searcher. */
  searcherWeight: number;
  /** Score weight of the distance to the actual position (keep it small, or NPCs flock to the target). */
  actualWeight: number;
  /** Next spot the time-sliced {@link clearVisibleSpots} looks at. */
  cursor: number;
}

/** Options for {@link createSearchCoordinator}. */
export interface SearchCoordinatorOptions {
  /** Seconds until the search is called off (default 30). */
  readonly timeLimit?: number;
  /** Weight of the distance to the estimated position (default 1). */
  readonly estimatedWeight?: number;
  /** Weight of the distance to the searcher (default 1). */
  readonly searcherWeight?: number;
  /** Weight of the distance to the actual position (default 0.1). */
  readonly actualWeight?: number;
}

/**
 * Creates an idle coordinator for up to `capacity` spots (integer ≥ 1).
 *
 * @param capacity - Most spots per search, an integer ≥ 1.
 * @param options - `timeLimit` (seconds until requests return −1, default 30) and the score weights `estimatedWeight` (default 1), `searcherWeight` (default 1) and `actualWeight` (default 0.1), each ≥ 0.
 */
export function createSearchCoordinator(capacity: number, options: SearchCoordinatorOptions = {}): SearchCoordinator {
  if (!Number.isInteger(capacity) || capacity < 1)
    configError("createSearchCoordinator", `"capacity" is ${describeValue(capacity)}; pass an integer ≥ 1.`, "capacity");
  return {
    capacity,
    count: 0,
    x: new Float64Array(capacity),
    y: new Float64Array(capacity),
    state: new Uint8Array(capacity),
    owner: new Int32Array(capacity).fill(-1),
    estimatedX: 0,
    estimatedY: 0,
    actualX: 0,
    actualY: 0,
    elapsed: 0,
    timeLimit: checkNumber("createSearchCoordinator", "timeLimit", options.timeLimit ?? 30, 0),
    estimatedWeight: checkNumber("createSearchCoordinator", "estimatedWeight", options.estimatedWeight ?? 1, 0),
    searcherWeight: checkNumber("createSearchCoordinator", "searcherWeight", options.searcherWeight ?? 1, 0),
    actualWeight: checkNumber("createSearchCoordinator", "actualWeight", options.actualWeight ?? 0.1, 0),
    cursor: 0,
  };
}

/**
 * Starts a search around the estimated position `(ex, ey)` with the given spots (`x, y` pairs:
 * cover positions hidden from the estimated position, topped up with random hidden points from
 * your navmesh or grid). Spots beyond the capacity are dropped. Every spot starts unsearched, the
 * clock at 0, the actual position at the estimate. Returns the number of spots taken.
 *
 * @param coordinator - The coordinator, reset in place: spots copied, all unsearched, clock 0, the actual position set to the estimate.
 * @param ex - The target's estimated (last known) position x, world units, finite (else `PERCEPTION_CONFIG`).
 * @param ey - The target's estimated (last known) position y, world units, finite (else `PERCEPTION_CONFIG`).
 * @param spots - Candidate spots as `x, y` pairs in world units, finite (an even count); those beyond `capacity` are dropped.
 */
export function startSearch(coordinator: SearchCoordinator, ex: number, ey: number, spots: ArrayLike<number>): number {
  checkPosition("startSearch", ex, ey, "ex", "ey");
  if (spots.length % 2 !== 0) configError("startSearch", `"spots" has ${spots.length} numbers; pass x, y pairs.`, "spots");
  const n = Math.min(coordinator.capacity, spots.length >> 1);
  for (let i = 0; i < n; i++) {
    const sx = spots[2 * i]!,
      sy = spots[2 * i + 1]!;
    if (!(sx - sx === 0 && sy - sy === 0)) checkPosition("startSearch", sx, sy, `spots[${2 * i}]`, `spots[${2 * i + 1}]`);
  }
  for (let i = 0; i < n; i++) {
    coordinator.x[i] = spots[2 * i]!;
    coordinator.y[i] = spots[2 * i + 1]!;
  }
  coordinator.state.fill(SpotState.Unsearched);
  coordinator.owner.fill(-1);
  coordinator.count = n;
  coordinator.estimatedX = coordinator.actualX = ex;
  coordinator.estimatedY = coordinator.actualY = ey;
  coordinator.elapsed = 0;
  coordinator.cursor = 0;
  return n;
}

/**
 * Tells the coordinator where the target really is (used only by the small `actualWeight` term).
 *
 * @param coordinator - The coordinator, changed in place (its actual target position).
 * @param x - The target's true position x, world units.
 * @param y - The target's true position y, world units.
 */
export function setSearchTarget(coordinator: SearchCoordinator, x: number, y: number): void {
  coordinator.actualX = x;
  coordinator.actualY = y;
}

/**
 * Advances the search clock by `dt` seconds.
 *
 * @param coordinator - The coordinator, its clock advanced in place.
 * @param dt - Time step in seconds, finite and ≥ 0.
 */
export function advanceSearch(coordinator: SearchCoordinator, dt: number): void {
  if (!(dt >= 0) || dt === Infinity) configError("advanceSearch", `"dt" is ${describeValue(dt)}; pass a finite time step ≥ 0 in seconds.`, "dt");
  coordinator.elapsed += dt;
}

/**
 * Whether the search is over: the time limit has passed or no spot is left unsearched or in progress.
 *
 * @param coordinator - The coordinator, read only.
 */
export function isSearchOver(coordinator: SearchCoordinator): boolean {
  if (coordinator.elapsed >= coordinator.timeLimit) return true;
  for (let i = 0; i < coordinator.count; i++) if (coordinator.state[i] !== SpotState.Searched) return false;
  return true;
}

/**
 * A searcher (integer `searcher` id, at `(sx, sy)`) asks for a spot: any spot it already holds is
 * marked searched (it has finished with it), then the best unsearched spot — lowest
 * `estimatedWeight · d(spot, estimate) + searcherWeight · d(spot, searcher) + actualWeight ·
 * d(spot, actual)` — is marked in progress for it and returned. Returns −1 when none is left or the
 * time limit has passed; the NPC then returns to its regular behaviour. Throws `PERCEPTION_CONFIG`
 * for a `searcher` that is not an integer id ≥ 0 (it is stored in `owner`, where −1 means "none").
 *
 * @param coordinator - The coordinator, changed in place: the searcher's held spot becomes searched, the chosen one in progress.
 * @param searcher - Your id of the asking NPC, an integer ≥ 0.
 * @param sx - The searcher's position x, world units.
 * @param sy - The searcher's position y, world units.
 */
export function requestSearchSpot(coordinator: SearchCoordinator, searcher: number, sx: number, sy: number): number {
  checkIndex("requestSearchSpot", "searcher", searcher, 0, 0x7fffffff);
  const c = coordinator;
  for (let i = 0; i < c.count; i++) {
    if (c.owner[i] === searcher) {
      c.state[i] = SpotState.Searched;
      c.owner[i] = -1;
    }
  }
  if (c.elapsed >= c.timeLimit) return -1;
  let best = -1;
  let bestScore = Infinity;
  for (let i = 0; i < c.count; i++) {
    if (c.state[i] !== SpotState.Unsearched) continue;
    const x = c.x[i]!;
    const y = c.y[i]!;
    const score =
      c.estimatedWeight * Math.hypot(x - c.estimatedX, y - c.estimatedY) +
      c.searcherWeight * Math.hypot(x - sx, y - sy) +
      c.actualWeight * Math.hypot(x - c.actualX, y - c.actualY);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  if (best >= 0) {
    c.state[best] = SpotState.InProgress;
    c.owner[best] = searcher;
  }
  return best;
}

/**
 * Passive clearing while moving (ch. 27), time-sliced: tests up to `maxRays` spots that are not yet
 * searched, round-robin from where the last call stopped, and marks searched every one the searcher
 * at `(sx, sy)` looking along `heading` sees ({@link canSee}: cone, then the ray). A spot in progress
 * that is seen is searched too, and its searcher is released. Run it every 1–2 s per searcher, with
 * `maxRays` sized to your ray budget. Returns the number of spots cleared.
 *
 * @param coordinator - The search state; cleared spots are marked searched.
 * @param cone - The searcher's view range (world units) and full field of view (radians).
 * @param sx - Searcher's eye x, world units.
 * @param sy - Searcher's eye y, world units.
 * @param heading - Direction the searcher faces, radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide;
 *   `vec2Angle(forward)` of `@tactica/core` turns a facing or velocity vector into it).
 * @param lineOfSight - Ray test run for spots inside the cone.
 * @param maxRays - Most spots tested (rays cast) in this call, integer ≥ 0.
 */
export function clearVisibleSpots(
  coordinator: SearchCoordinator,
  cone: VisionCone,
  sx: number,
  sy: number,
  heading: number,
  lineOfSight: LineOfSight,
  maxRays: number,
): number {
  const c = coordinator;
  let cleared = 0;
  let tested = 0;
  for (let k = 0; k < c.count && tested < maxRays; k++) {
    const i = (c.cursor + k) % c.count;
    if (c.state[i] === SpotState.Searched) continue;
    tested++;
    if (canSee(cone, sx, sy, heading, c.x[i]!, c.y[i]!, { lineOfSight })) {
      c.state[i] = SpotState.Searched;
      c.owner[i] = -1;
      cleared++;
    }
    if (tested === maxRays) c.cursor = (i + 1) % c.count;
  }
  return cleared;
}

/**
 * Staggered stand-down (ch. 27: "stopping all NPCs simultaneously looks very strange"): writes one
 * delay per NPC into `out`, all distinct, in `[minDelay, maxDelay)`: the range is cut into
 * `out.length` equal slots, each NPC gets a random point of a different slot (seeded `rng`, shuffled).
 * When `maxDelay === minDelay` the range is empty and every delay is `minDelay` (all NPCs stop
 * together); pass `maxDelay > minDelay` for distinct delays. Returns `out`.
 *
 * @param out - One delay per NPC, in seconds, written in place and returned; its length is the number of NPCs.
 * @param minDelay - Shortest delay, seconds ≥ 0.
 * @param maxDelay - Delays stay below this, seconds ≥ `minDelay` (equal to it: every delay is `minDelay`).
 * @param rng - Core `Rng` the offsets and the shuffle draw from (advanced in place; the same seed gives the same delays).
 */
export function staggerStandDown(out: Float64Array, minDelay: number, maxDelay: number, rng: Rng): Float64Array {
  checkNumber("staggerStandDown", "minDelay", minDelay, 0);
  checkNumber("staggerStandDown", "maxDelay", maxDelay, minDelay);
  const n = out.length;
  const slot = (maxDelay - minDelay) / Math.max(1, n);
  for (let i = 0; i < n; i++) out[i] = minDelay + slot * (i + rngFloat(rng, 0.1, 0.9));
  // Shuffle the slots between NPCs (Fisher–Yates on the typed array through a plain copy).
  const order = rngShuffle(rng, Array.from(out));
  out.set(order);
  return out;
}
