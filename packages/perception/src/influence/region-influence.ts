import { checkIndex, checkNumber, configError } from "../errors";
import type { TerrainRegions } from "../terrain/terrain-merge";

/**
 * Eq. 31.1 (*Game AI Pro 2* ch. 31): influence falling linearly with distance,
 * `max(I₀ − distance · k, 0)`; on tiles the distance is Manhattan (an infantry of 5 gives 5, 4, 3, …).
 *
 * @param strength - The unit's influence at distance 0 (`I₀`), e.g. 5 for infantry.
 * @param distance - Distance from the unit: tiles (Manhattan on a tile map) or your distance unit, ≥ 0.
 * @param k - Influence lost per unit of distance, ≥ 0.
 */
export function linearInfluence(strength: number, distance: number, k: number): number {
  const v = strength - distance * k;
  return v > 0 ? v : 0;
}

/**
 * Eq. 31.2: influence by travel time, `max(I₀ · (maxTime − travelTime) / maxTime, 0)` (maxTime > 0,
 * e.g. 60 s).
 *
 * @param strength - The unit's influence with no travel needed (`I₀`).
 * @param travelTime - Seconds the unit needs to get there, ≥ 0.
 * @param maxTime - Travel time at which the influence reaches 0, seconds, > 0 (e.g. 60).
 */
export function travelTimeInfluence(strength: number, travelTime: number, maxTime: number): number {
  if (!(maxTime > 0)) configError("travelTimeInfluence", `"maxTime" is ${maxTime}; pass a time > 0.`, "maxTime");
  const v = (strength * (maxTime - travelTime)) / maxTime;
  return v > 0 ? v : 0;
}

/**
 * Eq. 31.3, artillery (discontinuous): the full `I₀` within firing range; beyond it the unit must
 * pack, move into range and unpack first, `max(I₀ · (maxTime − (pack + getInRange + unpack)) / maxTime, 0)`.
 *
 * @param strength - The unit's influence within firing range (`I₀`).
 * @param distance - Distance from the unit to the place, world units.
 * @param firingRange - The unit's firing range, world units (same unit as `distance`).
 * @param packTime - Seconds to pack before moving.
 * @param getInRangeTime - Seconds to move into firing range.
 * @param unpackTime - Seconds to unpack before firing.
 * @param maxTime - Total time at which the influence reaches 0, seconds, > 0.
 */
export function artilleryInfluence(
  strength: number,
  distance: number,
  firingRange: number,
  packTime: number,
  getInRangeTime: number,
  unpackTime: number,
  maxTime: number,
): number {
  if (distance <= firingRange) return strength;
  return travelTimeInfluence(strength, packTime + getInRangeTime + unpackTime, maxTime);
}

/**
 * Eq. 31.4, a commander's influence: `max(I₀ − distance^k, 0)`.
 *
 * @param strength - The commander's influence at distance 0 (`I₀`).
 * @param distance - Distance from the commander, ≥ 0 (tiles or world units).
 * @param k - Exponent of the distance, ≥ 0: influence falls as `distance^k`.
 */
export function commanderInfluence(strength: number, distance: number, k: number): number {
  const v = strength - Math.pow(distance, k);
  return v > 0 ? v : 0;
}

/** Options for {@link addTileInfluence}. */
export interface TileInfluenceOptions {
  /** Influence lost per tile of Manhattan distance, > 0 (default 1). */
  readonly k?: number;
}

/**
 * Adds the tile influence of one unit at tile `(ux, uy)` to `out` (`width · height` values,
 * row-major): Eq. 31.1 with Manhattan distance, `max(strength − k · (|dx| + |dy|), 0)`, only within
 * the diamond where it is positive (`k` is `options.k`, default 1, > 0). Returns `out`.
 *
 * @param out - Tile influence map, `width · height` values row-major, added to in place and returned.
 * @param width - Tiles per row of `out`.
 * @param height - Rows of `out`.
 * @param ux - The unit's tile column, an integer (outside the map allowed: the diamond is clipped).
 * @param uy - The unit's tile row, an integer.
 * @param strength - The unit's influence on its own tile, finite.
 * @param options - `k`: influence lost per tile of Manhattan distance, > 0 (default 1).
 */
export function addTileInfluence(
  out: Float64Array,
  width: number,
  height: number,
  ux: number,
  uy: number,
  strength: number,
  options?: TileInfluenceOptions,
): Float64Array {
  const k = options === undefined ? 1 : (options.k ?? 1);
  if (!(Number.isInteger(ux) && Number.isInteger(uy))) configError("addTileInfluence", `tile (${ux}, ${uy}) is not a pair of integers.`, "ux");
  if (out.length !== width * height) configError("addTileInfluence", `"out" has ${out.length} values, not ${width}×${height}.`, "out");
  checkNumber("addTileInfluence", "strength", strength);
  checkNumber("addTileInfluence", "k", k, Number.MIN_VALUE);
  const reach = Math.ceil(strength / k);
  for (let y = Math.max(0, uy - reach); y <= Math.min(height - 1, uy + reach); y++) {
    for (let x = Math.max(0, ux - reach); x <= Math.min(width - 1, ux + reach); x++) {
      const v = linearInfluence(strength, Math.abs(x - ux) + Math.abs(y - uy), k);
      if (v > 0) out[y * width + x] = out[y * width + x]! + v;
    }
  }
  return out;
}

/**
 * Listing 31.1's `GetDist` for regions from {@link mergeTerrainRegions}: the Manhattan distance in
 * tiles between the centre tiles `(⌊(x0 + x1) / 2⌋, ⌊(y0 + y1) / 2⌋)` of two regions (the centre the
 * merge keeps inside each region). As {@link addRegionInfluence}'s `cost`, a unit's influence falls
 * per tile travelled, as on the tile map (Eq. 31.1), so regions reproduce Figure 31.4: three
 * infantry (5) in one region give it their full 15 (13 at best on tiles), while two cavalry (8) in
 * adjacent regions whose centres are 3 tiles apart give each region 8 + 5 = 13, "rather than 16"
 * (the default cost of 1 per region step would give 15). Throws `PERCEPTION_CONFIG` for regions
 * whose bounding boxes are not integer arrays of `count` entries.
 *
 * @param regions - Regions from {@link mergeTerrainRegions} (their bounding boxes `x0`, `y0`, `x1`, `y1` in tiles, copied into centre tiles).
 *
 * @example
 * ```ts
 * // Two regions side by side: columns 0–3 and 4–5 of a 6 × 1 map (centres at x = 1 and x = 4).
 * const regions = mergeTerrainRegions(decomposeTerrain(Int32Array.from([0, 0, 0, 0, 1, 1]), 6, 1));
 * const cavalry = new Float64Array(regions.count);
 * const cost = createRegionCenterCost(regions);
 * addRegionInfluence(cavalry, regionNeighbors(regions), 0, 8, { cost });
 * addRegionInfluence(cavalry, regionNeighbors(regions), 1, 8, { cost }); // [8 + 5, 8 + 5] = [13, 13]
 * ```
 */
export function createRegionCenterCost(regions: TerrainRegions): (from: number, to: number) => number {
  const n = regions.count;
  if (!Number.isInteger(n) || n < 0) configError("createRegionCenterCost", `"count" is ${n}; pass regions from mergeTerrainRegions.`, "regions.count");
  for (const key of ["x0", "y0", "x1", "y1"] as const) {
    const a = regions[key] as unknown;
    if (!(a instanceof Int32Array) || a.length < n)
      configError("createRegionCenterCost", `"${key}" must be an Int32Array of ${n} bounding-box tiles.`, `regions.${key}`);
  }
  const cx = new Int32Array(n);
  const cy = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    cx[r] = Math.floor((regions.x0[r]! + regions.x1[r]!) / 2);
    cy[r] = Math.floor((regions.y0[r]! + regions.y1[r]!) / 2);
  }
  return (from, to) => Math.abs(cx[from]! - cx[to]!) + Math.abs(cy[from]! - cy[to]!);
}

/** Options for {@link addRegionInfluence}. */
export interface RegionInfluenceOptions {
  /**
   * Cost of entering region `to` from `from` (default 1 per step); return `Infinity` for regions
   * this unit cannot enter. {@link createRegionCenterCost} gives the book's distance between region centres.
   */
  readonly cost?: (from: number, to: number) => number;
  /** Influence at a distance (default Eq. 31.1 with k = 1: `strength − distance`). Propagation stops where it is ≤ 0. */
  readonly influence?: (strength: number, distance: number) => number;
}

/**
 * Listing 31.1: spreads one unit's influence from its `region` over the region graph (`neighbors`,
 * e.g. from {@link rectangleNeighbors}) with a Dijkstra walk, adding `influence(strength, d)` to
 * `out[r]` for every region reached at its shortest distance `d`, and stopping where the influence is
 * ≤ 0. Erratum fixed: the listing marks a region traversed when it is popped but never skips a region
 * popped before, so a region pushed twice received influence twice; here every region receives a
 * unit's influence exactly once. Keep one `out` per player and mix them at query time
 * ({@link mixPlayerInfluence}). Returns `out`.
 *
 * @param out - One value per region, added to in place and returned (`out.length` must equal `neighbors.length`).
 * @param neighbors - Adjacency lists of the region graph (e.g. from {@link rectangleNeighbors}), read only.
 * @param region - The unit's region, an integer in `[0, neighbors.length)`.
 * @param strength - The unit's influence in its own region, finite.
 * @param options - `cost(from, to)` of entering a region (default 1 per step; `Infinity` or a negative value: not entered) and `influence(strength, distance)` (default `strength − distance`).
 *
 * @example
 * ```ts
 * const neighbors = [[1], [0, 2], [1]];          // three regions in a row
 * const ours = new Float64Array(3);
 * addRegionInfluence(ours, neighbors, 0, 5);    // infantry 5 in region 0
 * addRegionInfluence(ours, neighbors, 0, 5);
 * addRegionInfluence(ours, neighbors, 0, 5);    // three in one region: 15 there, 12 next door
 * ```
 */
export function addRegionInfluence(
  out: Float64Array,
  neighbors: readonly (readonly number[])[],
  region: number,
  strength: number,
  options?: RegionInfluenceOptions,
): Float64Array {
  const n = neighbors.length;
  if (out.length !== n) configError("addRegionInfluence", `"out" has ${out.length} values but there are ${n} regions.`, "out");
  if (!Number.isInteger(region) || region < 0 || region >= n) configError("addRegionInfluence", `region ${region} does not exist (${n} regions).`, "region");
  checkNumber("addRegionInfluence", "strength", strength);
  const cost = options?.cost;
  const influence = options?.influence ?? ((s: number, d: number) => s - d);
  const dist = new Float64Array(n).fill(Infinity);
  const traversed = new Uint8Array(n);
  // Binary heap of (distance, region) pairs; a region may be pushed more than once (lazy decrease-key).
  const heapD: number[] = [];
  const heapR: number[] = [];
  const push = (d: number, r: number): void => {
    let i = heapD.length;
    heapD.push(d);
    heapR.push(r);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heapD[p]! <= d) break;
      heapD[i] = heapD[p]!;
      heapR[i] = heapR[p]!;
      i = p;
    }
    heapD[i] = d;
    heapR[i] = r;
  };
  const pop = (): number => {
    const r = heapR[0]!;
    const lastD = heapD.pop()!;
    const lastR = heapR.pop()!;
    const len = heapD.length;
    if (len > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= len) break;
        const c = l + 1 < len && heapD[l + 1]! < heapD[l]! ? l + 1 : l;
        if (heapD[c]! >= lastD) break;
        heapD[i] = heapD[c]!;
        heapR[i] = heapR[c]!;
        i = c;
      }
      heapD[i] = lastD;
      heapR[i] = lastR;
    }
    return r;
  };
  dist[region] = 0;
  push(0, region);
  while (heapD.length > 0) {
    const r = pop();
    if (traversed[r] === 1) continue; // the erratum: a region popped before is skipped
    traversed[r] = 1;
    const v = influence(strength, dist[r]!);
    if (!(v > 0)) continue; // no influence here, so none further along this way
    out[r] = out[r]! + v;
    const nb = neighbors[r]!;
    for (let k = 0; k < nb.length; k++) {
      const to = nb[k]!;
      if (traversed[to] === 1) continue;
      const c = cost === undefined ? 1 : cost(r, to);
      if (!(c >= 0) || c === Infinity) continue;
      const d = dist[r]! + c;
      if (d < dist[to]!) {
        dist[to] = d;
        push(d, to);
      }
    }
  }
  return out;
}

/**
 * Mixes per-player influence maps at query time (ch. 31: keep one map per player, never only the
 * difference): `Σ weights[p] · maps[p][i]` for cell or region `i`, e.g. weights
 * `[1, 0.25, −1]` for self, an ally at 25 % and an enemy. `index` must be an integer in
 * `[0, maps[0].length)` (every map the same length), else `PERCEPTION_CONFIG`.
 *
 * @param maps - One influence map per player (cells or regions), all of the same length, read only.
 * @param weights - One weight per player (e.g. 1 self, 0.25 ally, −1 enemy); same count as `maps`.
 * @param index - The cell or region to mix, an integer in `[0, maps[0].length)`.
 */
export function mixPlayerInfluence(maps: readonly ArrayLike<number>[], weights: ArrayLike<number>, index: number): number {
  if (maps.length !== weights.length)
    configError("mixPlayerInfluence", `${maps.length} maps but ${weights.length} weights; pass one weight per player.`, "weights");
  if (maps.length > 0) checkIndex("mixPlayerInfluence", "index", index, 0, maps[0]!.length - 1);
  let v = 0;
  for (let p = 0; p < maps.length; p++) {
    const w = weights[p]!;
    if (w !== 0) v += w * (maps[p]![index] ?? 0);
  }
  return v;
}
