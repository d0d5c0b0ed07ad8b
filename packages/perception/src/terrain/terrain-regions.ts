import { configError } from "../errors";

/**
 * Homogeneous rectangles covering a tile map (*Game AI Pro 2* ch. 31, *Kohan II*'s first level),
 * as plain data. Rectangle `r < count` spans tiles `x0[r] ≤ x ≤ x1[r]`, `y0[r] ≤ y ≤ y1[r]`
 * (inclusive), all of terrain `terrain[r]`; `tileRectangle[y · width + x]` is the rectangle of each tile.
 */
export interface TerrainRectangles {
  /** Map width in tiles. */
  readonly width: number;
  /** Map height in tiles. */
  readonly height: number;
  /** Number of rectangles. */
  readonly count: number;
  /** Left column per rectangle. */
  readonly x0: Int32Array;
  /** First row per rectangle. */
  readonly y0: Int32Array;
  /** Right column (inclusive) per rectangle. */
  readonly x1: Int32Array;
  /** Last row (inclusive) per rectangle. */
  readonly y1: Int32Array;
  /** Terrain type per rectangle. */
  readonly terrain: Int32Array;
  /** Rectangle index per tile. */
  readonly tileRectangle: Int32Array;
}

/** Options for {@link decomposeTerrain}. */
export interface DecomposeTerrainOptions {
  /** Largest rectangle side in tiles, integer ≥ 1 (default 16, *Kohan II*). */
  readonly maxSize?: number;
}

/**
 * Splits a tile map into homogeneous rectangles: seed at the first unassigned tile in row-major
 * order (row 0 is the "bottom"), grow the rectangle alternately one column to the right and one
 * row further while every new tile is unassigned and of the same terrain, then cut a rectangle
 * wider or taller than `maxSize` into even pieces (20 × 45 with the default 16 gives six 10 × 15).
 * Every tile ends up in exactly one rectangle. `terrain` holds one integer type per tile
 * (`y · width + x`); use one type for blocked tiles. O(tiles · maxSize).
 *
 * @param terrain - One integer terrain type per tile, `width · height` entries row-major (row 0 is the bottom).
 * @param width - Map width in tiles, an integer ≥ 1.
 * @param height - Map height in tiles, an integer ≥ 1.
 * @param options - `maxSize`: largest rectangle side in tiles, an integer ≥ 1 (default 16).
 *
 * @example
 * ```ts
 * const field = decomposeTerrain(new Int32Array(20 * 45), 20, 45);
 * // field.count = 6, every rectangle 10 × 15
 * ```
 */
export function decomposeTerrain(terrain: ArrayLike<number>, width: number, height: number, options?: DecomposeTerrainOptions): TerrainRectangles {
  if (!Number.isInteger(width) || width < 1) configError("decomposeTerrain", `"width" is ${width}; pass an integer ≥ 1.`, "width");
  if (!Number.isInteger(height) || height < 1) configError("decomposeTerrain", `"height" is ${height}; pass an integer ≥ 1.`, "height");
  if (terrain.length !== width * height)
    configError("decomposeTerrain", `"terrain" has ${terrain.length} tiles, not ${width}×${height} = ${width * height}.`, "terrain");
  const maxSize = options?.maxSize ?? 16;
  if (!Number.isInteger(maxSize) || maxSize < 1) configError("decomposeTerrain", `"maxSize" is ${maxSize}; pass an integer ≥ 1.`, "maxSize");
  const owner = new Int32Array(width * height).fill(-1);
  const x0: number[] = [];
  const y0: number[] = [];
  const x1: number[] = [];
  const y1: number[] = [];
  const types: number[] = [];
  const free = (x: number, y: number, t: number): boolean => owner[y * width + x] === -1 && terrain[y * width + x] === t;
  for (let sy = 0; sy < height; sy++) {
    for (let sx = 0; sx < width; sx++) {
      if (owner[sy * width + sx] !== -1) continue;
      const t = terrain[sy * width + sx]!;
      let ex = sx;
      let ey = sy;
      let growX = true;
      let growY = true;
      while (growX || growY) {
        if (growX) {
          let ok = ex + 1 < width;
          for (let y = sy; ok && y <= ey; y++) ok = free(ex + 1, y, t);
          if (ok) ex++;
          else growX = false;
        }
        if (growY) {
          let ok = ey + 1 < height;
          for (let x = sx; ok && x <= ex; x++) ok = free(x, ey + 1, t);
          if (ok) ey++;
          else growY = false;
        }
      }
      // Split into even pieces no larger than maxSize on either side.
      const w = ex - sx + 1;
      const h = ey - sy + 1;
      const nx = Math.ceil(w / maxSize);
      const ny = Math.ceil(h / maxSize);
      for (let j = 0; j < ny; j++) {
        const ya = sy + Math.floor((j * h) / ny);
        const yb = sy + Math.floor(((j + 1) * h) / ny) - 1;
        for (let i = 0; i < nx; i++) {
          const xa = sx + Math.floor((i * w) / nx);
          const xb = sx + Math.floor(((i + 1) * w) / nx) - 1;
          const r = types.length;
          x0.push(xa);
          y0.push(ya);
          x1.push(xb);
          y1.push(yb);
          types.push(t);
          for (let y = ya; y <= yb; y++) for (let x = xa; x <= xb; x++) owner[y * width + x] = r;
        }
      }
    }
  }
  return {
    width,
    height,
    count: types.length,
    x0: Int32Array.from(x0),
    y0: Int32Array.from(y0),
    x1: Int32Array.from(x1),
    y1: Int32Array.from(y1),
    terrain: Int32Array.from(types),
    tileRectangle: owner,
  };
}

/**
 * The neighbour lists of the rectangles (sharing an edge of at least one tile), each sorted
 * ascending: the region graph for {@link findCulDeSacs} and {@link isChokepoint}. O(tiles).
 *
 * @param rectangles - Rectangles from {@link decomposeTerrain}, read only.
 */
export function rectangleNeighbors(rectangles: TerrainRectangles): number[][] {
  return tileNeighbors(rectangles.tileRectangle, rectangles.width, rectangles.height, rectangles.count);
}

/**
 * Neighbour lists of the parts of a tile labelling (`owner[tile]` in `0 .. count − 1`), sorted.
 * @internal
 */
export function tileNeighbors(owner: Int32Array, width: number, height: number, count: number): number[][] {
  const sets: Set<number>[] = Array.from({ length: count }, () => new Set<number>());
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = owner[y * width + x]!;
      if (x + 1 < width) {
        const b = owner[y * width + x + 1]!;
        if (a !== b) {
          sets[a]!.add(b);
          sets[b]!.add(a);
        }
      }
      if (y + 1 < height) {
        const b = owner[(y + 1) * width + x]!;
        if (a !== b) {
          sets[a]!.add(b);
          sets[b]!.add(a);
        }
      }
    }
  }
  return sets.map((s) => [...s].sort((p, q) => p - q));
}

/** Options for {@link findCulDeSacs} and {@link isChokepoint}. */
export interface RegionPassabilityOptions {
  /** Per region, truthy when units may enter it (default: every region). */
  readonly passable?: ArrayLike<boolean | number>;
}

/**
 * Cul-de-sacs (ch. 31): passable regions with exactly one passable neighbour. `neighbors[r]` lists
 * region `r`'s neighbours; `options.passable[r]` (default all true) says which regions units may enter.
 * Returns the region indices, ascending.
 *
 * @param neighbors - Adjacency lists of the region graph (e.g. from {@link rectangleNeighbors} or `regionNeighbors`).
 * @param options - `passable`: per region, truthy when units may enter it (default every region).
 */
export function findCulDeSacs(neighbors: readonly (readonly number[])[], options?: RegionPassabilityOptions): number[] {
  const passable = options === undefined ? undefined : options.passable;
  const open = (r: number): boolean => passable === undefined || Boolean(passable[r]);
  const out: number[] = [];
  neighbors.forEach((list, r) => {
    if (!open(r)) return;
    let n = 0;
    for (const q of list) if (open(q)) n++;
    if (n === 1) out.push(r);
  });
  return out;
}

/**
 * Whether passable region `region` is a chokepoint (ch. 31): a breadth-first search from some passable
 * neighbour, which may not enter `region` and stops after `maxDepth` steps (5–10 in the chapter),
 * fails to reach another of its passable neighbours. With a small depth, a long detour
 * makes a region a chokepoint; with an unlimited depth only a true cut does. `options.passable` as in
 * {@link findCulDeSacs}.
 *
 * @param neighbors - Adjacency lists of the region graph (e.g. from {@link rectangleNeighbors} or `regionNeighbors`).
 * @param region - The region tested, an integer in `[0, neighbors.length)`.
 * @param maxDepth - Most breadth-first steps of the detour search, ≥ 1 (`Infinity`: only a true cut counts).
 * @param options - `passable`: per region, truthy when units may enter it (default every region).
 */
export function isChokepoint(neighbors: readonly (readonly number[])[], region: number, maxDepth: number, options?: RegionPassabilityOptions): boolean {
  const passable = options === undefined ? undefined : options.passable;
  if (!Number.isInteger(region) || region < 0 || region >= neighbors.length)
    configError("isChokepoint", `region ${region} does not exist (${neighbors.length} regions).`, "region");
  if (!(maxDepth >= 1)) configError("isChokepoint", `"maxDepth" is ${maxDepth}; pass a depth ≥ 1 (or Infinity).`, "maxDepth");
  const open = (r: number): boolean => passable === undefined || Boolean(passable[r]);
  const around = neighbors[region]!.filter(open);
  if (around.length < 2) return false;
  const depth = new Int32Array(neighbors.length);
  const queue: number[] = [];
  for (const start of around) {
    depth.fill(-1);
    depth[region] = -2; // excluded
    depth[start] = 0;
    queue.length = 0;
    queue.push(start);
    for (let head = 0; head < queue.length; head++) {
      const r = queue[head]!;
      if (depth[r]! >= maxDepth) continue;
      for (const q of neighbors[r]!) {
        if (depth[q] !== -1 || !open(q)) continue;
        depth[q] = depth[r]! + 1;
        queue.push(q);
      }
    }
    if (around.some((q) => depth[q]! < 0)) return true;
  }
  return false;
}
