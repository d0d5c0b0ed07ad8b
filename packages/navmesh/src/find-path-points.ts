import { PathFlags } from "@tactica/search";
import { navMeshError, NavMeshErrorCodes } from "./errors";
import { findStraightPathFromPoints, type StraightPath } from "./funnel";
import { at, findPolygonAt, requirePolyIndex } from "./locate";
import {
  finalizeSlicedPolygonPath,
  initSlicedPolygonPathIndex,
  updateSlicedPolygonPath,
  type FindPolygonPathOptions,
  type NavMeshQuery,
  type NavPath,
} from "./query";

/** Options of {@link findPathPoints}: a query filter, a work limit and optionally the known start and goal polygons. */
export interface FindPathPointsOptions extends FindPolygonPathOptions {
  /** Ref of the polygon holding the start (skips locating it; it must contain the start point). */
  readonly startPoly?: number;
  /** Ref of the polygon holding the goal (skips locating it). */
  readonly goalPoly?: number;
}

/**
 * Level 1, the 0-byte form of "locate + find path + straight path" for a frame loop: locates the
 * start and goal polygons, runs A* over the polygons ({@link findPolygonPath}) into `corridor` and
 * string-pulls it ({@link findStraightPath}) into `out`. Returns `out`.
 *
 * The coordinates come in a caller-owned `Float64Array`, never as number arguments: `points[0..4)`
 * are `sx, sy, gx, gy`; when `points` has 6 or more entries, `points[4]` and `points[5]` are the
 * start and goal heights that pick the level on overlapping meshes (`NaN`: the first polygon
 * found). V8 passes a fractional number to a function it did not inline as a fresh heap object,
 * and whether it inlines a library function depends on the caller; numbers read from a typed
 * array inside the library are never boxed. So this call allocates nothing after warm-up, from any
 * call site, whereas the positional forms allocate up to 16 bytes per coordinate where V8 decides
 * not to inline them.
 *
 * Results: `corridor` is the polygon path (flags `Found`, `Partial`, `NoPath`, …, as
 * {@link findPolygonPath}); `out.flags` copies `corridor.flags` (plus `PathTruncated` when the
 * corners did not fit `out`) and `out.expanded` the nodes expanded. A start or goal off the mesh
 * (inside no polygon) is a result, not an error: `NoPath`, no corners, empty corridor (snap such
 * points first with `findNearestPoint`). `options.startPoly` / `goalPoly` skip locating a point
 * whose polygon the caller knows (refill one options object per query; do not create one per
 * call). The query's mesh is the mesh searched.
 *
 * @param out - corners written in place and returned (`points` as x, y pairs in world units, `count`, `flags`, `distance`, `expanded`); `count` 0 when there is no path
 * @param corridor - polygon path written in place (`path`, `length`, `flags`, `cost`, `expanded`, as {@link findPolygonPath}); empty when the start or goal is off the mesh
 * @param query - search state from `createNavMeshQuery`; its mesh is the mesh searched
 * @param points - caller-owned coordinates, read only: `[sx, sy, gx, gy]` in world units on the mesh plane (finite), optionally followed by the start and goal heights `[4]`, `[5]` that pick the floor on overlapping levels (`NaN`: the first polygon found)
 * @param options - the query filter and `maxExpansions` of {@link findPolygonPath}, plus `startPoly` / `goalPoly` refs that skip locating a point (the polygon must contain it); reuse one object across calls
 *
 * @throws TacticaError `NAVMESH_BAD_INPUT` when `points` has fewer than 4 entries, a coordinate is not finite or a given polygon ref is stale.
 * @example
 * ```ts
 * const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
 * // Once: the search state, the results and the point buffer.
 * const query = createNavMeshQuery(mesh);
 * const corridor = createNavPath({ maxLength: mesh.polyCount });
 * const path = createStraightPath({ maxPoints: 64 });
 * const points = new Float64Array(4);
 * // Per query: write the coordinates, then call (no allocation).
 * points[0] = 1; points[1] = 5.5; points[2] = 9; points[3] = 5.5;
 * findPathPoints(path, corridor, query, points);
 * path.count;                              // 4: start, two corners of the pillar, goal
 * (path.flags & PathFlags.Found) !== 0;    // true
 * ```
 */
export function findPathPoints(out: StraightPath, corridor: NavPath, query: NavMeshQuery, points: Float64Array, options?: FindPathPointsOptions): StraightPath {
  const fn = "findPathPoints";
  if (!(points instanceof Float64Array) || points.length < 4)
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"points" must be a Float64Array of at least 4 entries (sx, sy, gx, gy).`, { path: "points" });
  const mesh = query.mesh;
  const sx = points[0]!,
    sy = points[1]!,
    gx = points[2]!,
    gy = points[3]!;
  if (!Number.isFinite(sx + sy + gx + gy)) {
    for (let i = 0; i < 4; i++)
      if (!Number.isFinite(points[i]!))
        throw navMeshError(NavMeshErrorCodes.BadInput, fn, `points[${i}] is ${points[i]}; coordinates must be finite.`, { path: `points[${i}]` });
  }
  // No `c ? points[4] : NaN`: V8 boxes a loaded double merged with a constant.
  const knownStart = options?.startPoly,
    knownGoal = options?.goalPoly;
  let sp: number, gp: number;
  if (knownStart !== undefined) sp = requirePolyIndex(fn, "options.startPoly", mesh, knownStart);
  else {
    at[0] = sx;
    at[1] = sy;
    at[2] = NaN;
    if (points.length >= 6) at[2] = points[4]!;
    sp = findPolygonAt(mesh);
  }
  if (knownGoal !== undefined) gp = requirePolyIndex(fn, "options.goalPoly", mesh, knownGoal);
  else if (sp < 0) gp = -1;
  else {
    at[0] = gx;
    at[1] = gy;
    at[2] = NaN;
    if (points.length >= 6) at[2] = points[5]!;
    gp = findPolygonAt(mesh);
  }
  if (sp < 0 || gp < 0) {
    corridor.flags = PathFlags.NoPath;
    corridor.length = 0;
    corridor.cost = Infinity;
    corridor.expanded = 0;
    out.flags = PathFlags.NoPath;
    out.count = 0;
    out.distance = 0;
    out.expanded = 0;
    return out;
  }
  const num = query.num;
  num[0] = gx;
  num[1] = gy;
  num[6] = sx;
  num[7] = sy;
  initSlicedPolygonPathIndex(query, sp, gp, options);
  updateSlicedPolygonPath(query, Infinity);
  finalizeSlicedPolygonPath(corridor, query);
  const n = corridor.length < corridor.path.length ? corridor.length : corridor.path.length;
  if (n === 0) {
    out.flags = corridor.flags;
    out.count = 0;
    out.distance = 0;
    out.expanded = corridor.expanded;
    return out;
  }
  findStraightPathFromPoints(out, mesh, corridor.path, n, points, options);
  out.flags = corridor.flags | (out.flags & PathFlags.PathTruncated);
  out.expanded = corridor.expanded;
  return out;
}
