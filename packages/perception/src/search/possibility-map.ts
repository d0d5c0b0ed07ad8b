import { type Rng, rngNextFloat } from "@tactica/core";
import { configError } from "../errors";

/**
 * A possibility map (*Game AI Pro 2* ch. 7, Manslow) as plain data: for an NPC the player is not
 * watching, `possible[s]` is 1 where the NPC could be now (a cell, a region, a room), 0 where it
 * cannot. The AI defers deciding where the NPC really is until the player looks, and then stays
 * consistent with everything the player has seen.
 */
export interface PossibilityMap {
  /** Number of states. */
  readonly size: number;
  /** 1 possible, 0 impossible, per state. */
  possible: Uint8Array;
  /** Double-buffer scratch. */
  scratch: Uint8Array;
}

/**
 * Creates a map over `size` states (integer ≥ 1), the NPC known to be in state `start`.
 *
 * @param size - Number of states (cells, regions, rooms), an integer in [1, 2^24].
 * @param start - The state the NPC is known to be in, an integer in `[0, size)`.
 */
export function createPossibilityMap(size: number, start: number): PossibilityMap {
  if (!Number.isInteger(size) || size < 1 || size > 1 << 24) configError("createPossibilityMap", `"size" is ${size}; pass an integer in [1, 2^24].`, "size");
  const map = { size, possible: new Uint8Array(size), scratch: new Uint8Array(size) };
  collapsePossibility(map, start);
  return map;
}

function checkState(fn: string, map: PossibilityMap, state: number): void {
  if (!(Number.isInteger(state) && state >= 0 && state < map.size)) configError(fn, `state ${state} does not exist (${map.size} states).`, "state");
}

/**
 * The NPC is instantiated (or seen) in `state`: only that state stays possible. Returns `map`.
 *
 * @param map - The map, changed in place (only `state` possible) and returned.
 * @param state - The state the NPC is instantiated or seen in, an integer in `[0, size)`.
 */
export function collapsePossibility(map: PossibilityMap, state: number): PossibilityMap {
  checkState("collapsePossibility", map, state);
  map.possible.fill(0);
  map.possible[state] = 1;
  return map;
}

/** Options for {@link propagatePossibility}. */
export interface PropagatePossibilityOptions {
  /** Frontier steps per update (the NPC's speed in states per tick), integer ≥ 0 (default 1). */
  readonly steps?: number;
  /**
   * States the player can see now (1 = visible): never marked possible by propagation ("cells the
   * player can currently see are never possible unless the NPC is actually instantiated there").
   */
  readonly visible?: ArrayLike<number>;
  /**
   * Rule: `true` blocks the frontier at this state (noisy surfaces while the player is in earshot,
   * cells next to the player for a no-stealth NPC); a blocked state becomes possible only if it
   * already was.
   */
  readonly isBlocked?: (state: number) => boolean;
}

/**
 * Spreads "possible" along the NPC's movement graph (`neighbors[s]` lists the states reachable from
 * `s` in one step): each step every possible state makes its neighbours possible, except visible or
 * blocked ones. Possible states stay possible (the NPC may have stayed) unless the player sees them
 * now. Returns how many visible states the frontier reached: the player would observe the NPC there,
 * so the AI must decide now ({@link observePossibility} with your choice, or
 * {@link decidePossibleInstantiation}).
 *
 * @param map - The map, advanced in place (`possible` and `scratch` swapped once per step).
 * @param neighbors - The NPC's movement graph: `neighbors[s]` lists the states reachable from `s` in one step (one list per state; out-of-range entries are skipped).
 * @param options - `steps` per call (integer ≥ 0, default 1), `visible` (one entry per state, 1 = the player sees it now) and `isBlocked(state)` (default nothing blocked).
 */
export function propagatePossibility(map: PossibilityMap, neighbors: readonly (readonly number[])[], options?: PropagatePossibilityOptions): number {
  if (neighbors.length !== map.size) configError("propagatePossibility", `${neighbors.length} neighbour lists for ${map.size} states.`, "neighbors");
  const steps = options?.steps ?? 1;
  if (!Number.isInteger(steps) || steps < 0) configError("propagatePossibility", `"steps" is ${steps}; pass an integer ≥ 0.`, "steps");
  const visible = options?.visible;
  const isBlocked = options?.isBlocked;
  if (visible !== undefined && visible.length !== map.size)
    configError("propagatePossibility", `"visible" has ${visible.length} entries for ${map.size} states.`, "visible");
  let reachedVisible = 0;
  for (let k = 0; k < steps; k++) {
    const cur = map.possible;
    const next = map.scratch;
    next.set(cur);
    for (let s = 0; s < map.size; s++) {
      if (cur[s] !== 1) continue;
      const nb = neighbors[s]!;
      for (let i = 0; i < nb.length; i++) {
        const t = nb[i]!;
        if (!(t >= 0 && t < map.size) || cur[t] === 1 || next[t] === 1) continue;
        if (visible !== undefined && visible[t] === 1) {
          reachedVisible++;
          continue;
        }
        if (isBlocked !== undefined && isBlocked(t)) continue;
        next[t] = 1;
      }
    }
    if (visible !== undefined) for (let s = 0; s < map.size; s++) if (visible[s] === 1 && cur[s] !== 1) next[s] = 0;
    map.possible = next;
    map.scratch = cur;
  }
  return reachedVisible;
}

/**
 * The player observes `state`. If `present`, the NPC is instantiated there and every other state
 * becomes impossible; if not, that state becomes impossible. Returns the number of states still
 * possible. Throws `PERCEPTION_CONFIG` when declining the last possible state (the AI has no choice
 * then: the NPC must be there).
 *
 * @param map - The map, changed in place.
 * @param state - The observed state, an integer in `[0, size)`.
 * @param present - Whether the NPC is seen there: `true` collapses the map onto it, `false` rules it out.
 */
export function observePossibility(map: PossibilityMap, state: number, present: boolean): number {
  checkState("observePossibility", map, state);
  if (present) {
    collapsePossibility(map, state);
    return 1;
  }
  let left = 0;
  for (let s = 0; s < map.size; s++) if (s !== state && map.possible[s] === 1) left++;
  if (left === 0 && map.possible[state] === 1)
    configError("observePossibility", `state ${state} is the only possible one; the NPC must be instantiated there.`, "present");
  map.possible[state] = 0;
  return left;
}

/**
 * Static priors × possibility mask (ch. 7, Table 7.3): when the player looks at `state`, the NPC is
 * there with probability `prior[state] / Σ prior over possible states` (0 when `state` is not
 * possible); draws that with the seeded `rng`, applies the outcome with {@link observePossibility}
 * and returns it. At mealtimes with the dining hall seen empty, the games room gives 0.010 / 0.030 =
 * 0.333.
 *
 * @param map - The map, changed in place by the outcome (as {@link observePossibility}).
 * @param priors - Static prior per state (one per state, not validated here: see {@link priorProbability}).
 * @param state - The state the player is about to observe, an integer in `[0, size)`.
 * @param rng - Core `Rng` the decision draws from (one float, advanced in place).
 */
export function decidePossibleInstantiation(map: PossibilityMap, priors: ArrayLike<number>, state: number, rng: Rng): boolean {
  checkState("decidePossibleInstantiation", map, state);
  if (priors.length !== map.size) configError("decidePossibleInstantiation", `"priors" has ${priors.length} entries for ${map.size} states.`, "priors");
  if (map.possible[state] !== 1) return false;
  let total = 0;
  for (let s = 0; s < map.size; s++) if (map.possible[s] === 1) total += priors[s]!;
  let left = 0;
  for (let s = 0; s < map.size; s++) if (map.possible[s] === 1) left++;
  const p = left === 1 ? 1 : total > 0 ? priors[state]! / total : 0;
  const present = rngNextFloat(rng) < p;
  observePossibility(map, state, present);
  return present;
}

/**
 * Forks for deferred decisions (ch. 7): all the versions of one NPC's map, at most `maxForks` of them
 * beyond the first, so the number of hypotheses cannot explode.
 */
export interface PossibilityForks {
  /** The versions; `maps[0]` is the original. */
  readonly maps: PossibilityMap[];
  /** Most forks beyond the original. */
  readonly maxForks: number;
}

/**
 * Creates a fork set holding `map` and allowing `maxForks` (integer ≥ 0) more versions.
 *
 * @param map - The original version, kept by reference as `maps[0]`.
 * @param maxForks - Most versions beyond the original, an integer ≥ 0.
 */
export function createPossibilityForks(map: PossibilityMap, maxForks: number): PossibilityForks {
  if (!Number.isInteger(maxForks) || maxForks < 0) configError("createPossibilityForks", `"maxForks" is ${maxForks}; pass an integer ≥ 0.`, "maxForks");
  return { maps: [map], maxForks };
}

/**
 * The NPC of version `index` *could* have reached `resource` (a health pack, a key): adds a "with"
 * version whose only possible state is `resource`, and keeps version `index` as the "without"
 * continuation. Returns the new version's index, `-1` when the cap is reached (decide earlier then)
 * or when `resource` is not possible in version `index`.
 *
 * @param forks - The fork set; the new version is appended to `maps`.
 * @param index - The version that could reach the resource, an index into `forks.maps`.
 * @param resource - The resource's state (a health pack, a key), an integer in `[0, size)`.
 */
export function forkPossibility(forks: PossibilityForks, index: number, resource: number): number {
  const base = forks.maps[index];
  if (base === undefined) configError("forkPossibility", `version ${index} does not exist (${forks.maps.length} versions).`, "index");
  checkState("forkPossibility", base, resource);
  if (forks.maps.length - 1 >= forks.maxForks || base.possible[resource] !== 1) return -1;
  forks.maps.push(createPossibilityMap(base.size, resource));
  return forks.maps.length - 1;
}
