import { checkNumber, configError } from "../errors";

/**
 * A search map (*The Last of Us*, *Game AI Pro 2* ch. 34) as plain data: a grid of probabilities of
 * where a lost player is (summing to 1, or all 0 once every candidate cell has been seen). While the
 * player's cell is known only that cell is active ({@link setSearchMapKnown}); once lost, the
 * probability bleeds into neighbouring cells over time ({@link diffuseSearchMap}) and every cell an
 * NPC can see is cleared ({@link clearSearchMapVisible}, fed by an {@link ExposureMap}).
 */
export interface SearchMap {
  /** Columns. */
  readonly width: number;
  /** Rows. */
  readonly height: number;
  /** Probability per cell. */
  values: Float64Array;
  /** Double-buffer scratch. */
  scratch: Float64Array;
  /** Passability per cell (1 open), or `null` when all are open; blocked cells stay 0. */
  readonly passable: Uint8Array | null;
}

/** Options for {@link createSearchMap}. */
export interface SearchMapOptions {
  /** 1 where a cell is open, 0 for a wall, `width · height` entries row-major; keeps probability out of walls (default: every cell open). */
  readonly passable?: Uint8Array;
}

/**
 * Creates an all-zero search map of `width × height` cells (integers ≥ 1, at most 2^24 cells).
 *
 * @param width - Columns (cells), an integer ≥ 1.
 * @param height - Rows (cells), an integer ≥ 1; `width · height` at most 2^24.
 * @param options - `passable`: one byte per cell row-major, 1 open, 0 wall (default every cell open); kept by reference.
 */
export function createSearchMap(width: number, height: number, options?: SearchMapOptions): SearchMap {
  const passable = options === undefined ? undefined : options.passable;
  if (!Number.isInteger(width) || width < 1 || !Number.isInteger(height) || height < 1 || width * height > 1 << 24) {
    configError("createSearchMap", `the map is ${width}×${height}; pass integers ≥ 1 with at most 2^24 cells.`, "width");
  }
  if (passable !== undefined && passable.length !== width * height)
    configError("createSearchMap", `"passable" must have ${width * height} entries.`, "passable");
  return { width, height, values: new Float64Array(width * height), scratch: new Float64Array(width * height), passable: passable ?? null };
}

/**
 * The player is seen at cell `(x, y)`: all probability there. Returns `map`.
 *
 * @param map - The map, overwritten in place (all 0, then 1 at the cell) and returned.
 * @param x - The player's cell column, an integer in `[0, width)`.
 * @param y - The player's cell row, an integer in `[0, height)`.
 */
export function setSearchMapKnown(map: SearchMap, x: number, y: number): SearchMap {
  if (!(Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < map.width && y < map.height)) {
    configError("setSearchMapKnown", `cell (${x}, ${y}) is outside the ${map.width}×${map.height} map.`, "x");
  }
  map.values.fill(0);
  map.values[y * map.width + x] = 1;
  return map;
}

/**
 * One diffusion step: every cell keeps `1 − rate` of its probability and hands `rate` out in equal
 * parts to its open 8-neighbours (a cell with none keeps it all). Double-buffered and
 * mass-conserving: the total never changes. `rate` in [0, 1]. Returns `map`.
 *
 * @param map - The map, advanced one step in place (buffers swapped) and returned.
 * @param rate - Fraction of each cell's probability handed to its open neighbours this step, in [0, 1].
 */
export function diffuseSearchMap(map: SearchMap, rate: number): SearchMap {
  checkNumber("diffuseSearchMap", "rate", rate, 0, 1);
  const { width: w, height: h, values: v, passable } = map;
  const next = map.scratch;
  next.fill(0);
  const open = (i: number): boolean => passable === null || passable[i] === 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const p = v[i]!;
      if (p === 0) continue;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) if ((dx !== 0 || dy !== 0) && x + dx >= 0 && y + dy >= 0 && x + dx < w && y + dy < h && open(i + dy * w + dx)) n++;
      if (n === 0) {
        next[i] = next[i]! + p;
        continue;
      }
      next[i] = next[i]! + p * (1 - rate);
      const share = (p * rate) / n;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || x + dx < 0 || y + dy < 0 || x + dx >= w || y + dy >= h) continue;
          const j = i + dy * w + dx;
          if (open(j)) next[j] = next[j]! + share;
        }
      }
    }
  }
  map.scratch = v;
  map.values = next;
  return map;
}

/**
 * Clears every cell marked 1 in `visible` (an {@link ExposureMap}'s `visible`, or the union of
 * several NPCs') and renormalises the rest to sum 1; when nothing is left the map is all 0 (the
 * search is exhausted). Returns the probability mass that was removed, in [0, 1].
 *
 * @param map - The map, changed in place: visible cells set to 0, the rest renormalised to sum 1 (all 0 when nothing is left).
 * @param visible - One byte per cell (1 seen), same cell count as the map, e.g. an {@link ExposureMap}'s `visible`.
 */
export function clearSearchMapVisible(map: SearchMap, visible: Uint8Array): number {
  if (visible.length !== map.values.length) configError("clearSearchMapVisible", `"visible" has ${visible.length} cells, not ${map.values.length}.`, "visible");
  const v = map.values;
  let total = 0;
  let removed = 0;
  for (let i = 0; i < v.length; i++) {
    total += v[i]!;
    if (visible[i] === 1) {
      removed += v[i]!;
      v[i] = 0;
    }
  }
  const left = total - removed;
  if (left > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / left;
  else v.fill(0);
  return total > 0 ? removed / total : 0;
}
