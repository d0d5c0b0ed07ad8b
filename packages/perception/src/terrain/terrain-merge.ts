import { configError } from "../errors";
import { tileNeighbors, type TerrainRectangles } from "./terrain-regions";

/**
 * Regions built from {@link TerrainRectangles} (*Kohan II*'s third level, ch. 31), as plain data:
 * region `g < count` is the union of the rectangles `r` with `rectangleRegion[r] === g`; its bounding
 * box is `x0[g] .. x1[g]`, `y0[g] .. y1[g]` (inclusive tiles) and `tileRegion[y · width + x]` gives
 * each tile's region.
 */
export interface TerrainRegions {
  /** Map width in tiles. */
  readonly width: number;
  /** Map height in tiles. */
  readonly height: number;
  /** Number of regions. */
  readonly count: number;
  /** Region per rectangle. */
  readonly rectangleRegion: Int32Array;
  /** Region per tile. */
  readonly tileRegion: Int32Array;
  /** Bounding box left column per region. */
  readonly x0: Int32Array;
  /** Bounding box first row per region. */
  readonly y0: Int32Array;
  /** Bounding box right column (inclusive) per region. */
  readonly x1: Int32Array;
  /** Bounding box last row (inclusive) per region. */
  readonly y1: Int32Array;
  /** Terrain type per region. */
  readonly terrain: Int32Array;
  /** Tiles per region. */
  readonly tiles: Int32Array;
}

/** Options for {@link mergeTerrainRegions}. */
export interface MergeTerrainRegionsOptions {
  /** Largest region bounding-box side in tiles after a merge, integer ≥ 1 (default 16). */
  readonly maxSize?: number;
}

/**
 * The second pass of the *Kohan II* algorithm (ch. 31): a rectangle less than two tiles wide in one
 * direction or the other and with less than ten tiles is merged into an adjacent region of the same
 * terrain, but only if the merged bounding box stays within `maxSize` on both sides and its centre
 * tile `(⌊(x0 + x1) / 2⌋, ⌊(y0 + y1) / 2⌋)` stays inside the merged region ("if the center of a region
 * is not inside the region then the region is too concave"). Neighbours are tried in ascending
 * order; a sliver with no valid neighbour stays a region of its own. Every region's centre tile lies
 * inside it whenever it did before the merge. O(tiles + rectangles²) worst case.
 *
 * @param rectangles - Rectangles from {@link decomposeTerrain}, read only.
 * @param options - `maxSize`: largest merged bounding-box side in tiles, an integer ≥ 1 (default 16).
 *
 * @example
 * ```ts
 * // Grass (0) with one water tile (1) in the top-right corner (row 0 is the bottom).
 * const terrain = Int32Array.from([0, 0, 0, 0, 0, 0, 0, 0, 1]);
 * const rects = decomposeTerrain(terrain, 3, 3);  // a 3 × 2 grass block, a 2 × 1 grass sliver, the water
 * const regions = mergeTerrainRegions(rects);     // regions.count = 2: the sliver joined the block
 * ```
 */
export function mergeTerrainRegions(rectangles: TerrainRectangles, options?: MergeTerrainRegionsOptions): TerrainRegions {
  const maxSize = options?.maxSize ?? 16;
  if (!Number.isInteger(maxSize) || maxSize < 1) configError("mergeTerrainRegions", `"maxSize" is ${maxSize}; pass an integer ≥ 1.`, "maxSize");
  const { width, height, count } = rectangles;
  // Union–find over rectangles; the root holds the region's box, terrain and tile count.
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const bx0 = Int32Array.from(rectangles.x0);
  const by0 = Int32Array.from(rectangles.y0);
  const bx1 = Int32Array.from(rectangles.x1);
  const by1 = Int32Array.from(rectangles.y1);
  const tiles = new Int32Array(count);
  for (let r = 0; r < count; r++) tiles[r] = (bx1[r]! - bx0[r]! + 1) * (by1[r]! - by0[r]! + 1);
  const find = (r: number): number => {
    while (parent[r] !== r) {
      parent[r] = parent[parent[r]!]!;
      r = parent[r]!;
    }
    return r;
  };
  const neighbors = tileNeighbors(rectangles.tileRectangle, width, height, count);
  for (let r = 0; r < count; r++) {
    const w = rectangles.x1[r]! - rectangles.x0[r]! + 1;
    const h = rectangles.y1[r]! - rectangles.y0[r]! + 1;
    if (!((w < 2 || h < 2) && w * h < 10)) continue;
    const a = find(r);
    if (a !== r || tiles[a] !== w * h) continue; // already part of a larger region
    for (const q of neighbors[r]!) {
      const b = find(q);
      if (b === a || rectangles.terrain[q] !== rectangles.terrain[r]) continue;
      const x0 = Math.min(bx0[a]!, bx0[b]!);
      const y0 = Math.min(by0[a]!, by0[b]!);
      const x1 = Math.max(bx1[a]!, bx1[b]!);
      const y1 = Math.max(by1[a]!, by1[b]!);
      if (x1 - x0 + 1 > maxSize || y1 - y0 + 1 > maxSize) continue;
      const centre = find(rectangles.tileRectangle[((y0 + y1) >> 1) * width + ((x0 + x1) >> 1)]!);
      if (centre !== a && centre !== b) continue;
      parent[a] = b;
      bx0[b] = x0;
      by0[b] = y0;
      bx1[b] = x1;
      by1[b] = y1;
      tiles[b] = tiles[b]! + tiles[a];
      break;
    }
  }
  // Number the regions by their first rectangle.
  const id = new Int32Array(count).fill(-1);
  const rectangleRegion = new Int32Array(count);
  let n = 0;
  for (let r = 0; r < count; r++) {
    const root = find(r);
    if (id[root] === -1) id[root] = n++;
    rectangleRegion[r] = id[root]!;
  }
  const out = {
    x0: new Int32Array(n),
    y0: new Int32Array(n),
    x1: new Int32Array(n),
    y1: new Int32Array(n),
    terrain: new Int32Array(n),
    tiles: new Int32Array(n),
  };
  for (let r = 0; r < count; r++) {
    if (find(r) !== r) continue;
    const g = id[r]!;
    out.x0[g] = bx0[r]!;
    out.y0[g] = by0[r]!;
    out.x1[g] = bx1[r]!;
    out.y1[g] = by1[r]!;
    out.terrain[g] = rectangles.terrain[r]!;
    out.tiles[g] = tiles[r]!;
  }
  const tileRegion = new Int32Array(width * height);
  for (let t = 0; t < tileRegion.length; t++) tileRegion[t] = rectangleRegion[rectangles.tileRectangle[t]!]!;
  return { width, height, count: n, rectangleRegion, tileRegion, ...out };
}

/**
 * The neighbour lists of the regions (sharing a tile edge), each sorted ascending: the graph for {@link addRegionInfluence}, {@link findCulDeSacs} and {@link isChokepoint}.
 *
 * @param regions - Regions from {@link mergeTerrainRegions}, read only.
 */
export function regionNeighbors(regions: TerrainRegions): number[][] {
  return tileNeighbors(regions.tileRegion, regions.width, regions.height, regions.count);
}
