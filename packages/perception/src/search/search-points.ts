import { configError } from "../errors";
import type { LineOfSight } from "../line-of-sight/types";

/** Options for {@link placeSearchPoints}. */
export interface PlaceSearchPointsOptions {
  /** Most points (default 32); the walk stops when it is reached. */
  readonly maxPoints?: number;
  /** Most graph steps from the start (default unlimited): the search area. */
  readonly maxDepth?: number;
}

/**
 * Hiding-place search points (*The Last of Us*, *Game AI Pro 2* ch. 33): a point at the centre of
 * the `start` polygon (the last known position), then a breadth-first walk over neighbouring
 * polygons; when a polygon's centre is not visible from any point so far, a new point is added at
 * the centre of its parent polygon (or at its own centre if the parent's does not see it either).
 * `centers` holds each polygon's centre as `x, y` pairs; `neighbors` is the polygon graph (navmesh
 * polygons, grid regions). Every polygon within `maxDepth` is visible from at least one returned
 * point unless `maxPoints` was hit. Returns the polygons holding the points, in order.
 *
 * @param neighbors - Adjacency lists of the polygon graph (navmesh polygons, grid regions), read only; out-of-range entries are skipped.
 * @param centers - Each polygon's centre as `x, y` pairs, world units (`2 · neighbors.length` numbers).
 * @param start - The polygon holding the last known position, an integer in `[0, neighbors.length)`.
 * @param lineOfSight - Ray test between polygon centres `(x0, y0, x1, y1) => boolean`.
 * @param options - `maxPoints` (default 32) and `maxDepth` (graph steps from `start`, default unlimited).
 */
export function placeSearchPoints(
  neighbors: readonly (readonly number[])[],
  centers: ArrayLike<number>,
  start: number,
  lineOfSight: LineOfSight,
  options?: PlaceSearchPointsOptions,
): number[] {
  const n = neighbors.length;
  if (centers.length !== 2 * n) configError("placeSearchPoints", `"centers" has ${centers.length} numbers for ${n} polygons; pass x, y pairs.`, "centers");
  if (!(Number.isInteger(start) && start >= 0 && start < n)) configError("placeSearchPoints", `polygon ${start} does not exist (${n} polygons).`, "start");
  const maxPoints = options?.maxPoints ?? 32;
  const maxDepth = options?.maxDepth ?? Infinity;
  const points = [start];
  const isPoint = new Uint8Array(n);
  isPoint[start] = 1;
  const seesAny = (q: number): boolean => {
    for (const p of points) if (p === q || lineOfSight(centers[2 * p]!, centers[2 * p + 1]!, centers[2 * q]!, centers[2 * q + 1]!)) return true;
    return false;
  };
  const depth = new Int32Array(n).fill(-1);
  depth[start] = 0;
  const queue = [start];
  for (let head = 0; head < queue.length && points.length < maxPoints; head++) {
    const p = queue[head]!;
    if (depth[p]! >= maxDepth) continue;
    for (const q of neighbors[p]!) {
      if (!(q >= 0 && q < n) || depth[q] !== -1) continue;
      depth[q] = depth[p]! + 1;
      queue.push(q);
      if (seesAny(q)) continue;
      if (points.length >= maxPoints) break;
      const at = isPoint[p] === 1 || !lineOfSight(centers[2 * p]!, centers[2 * p + 1]!, centers[2 * q]!, centers[2 * q + 1]!) ? q : p;
      points.push(at);
      isPoint[at] = 1;
    }
  }
  return points;
}
