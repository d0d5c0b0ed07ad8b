import type { StraightPath } from "./funnel";
import { searchPolyanya, type FindPathAnyAngleOptions } from "./polyanya/search";
import { polyanyaScratch } from "./polyanya/successors";
import { minCost } from "./query";
import { NAVMESH_AREA_COUNT, type NavMesh } from "./types";

export type { FindPathAnyAngleOptions };

/**
 * The exact Euclidean shortest path from `(sx, sy)` to `(gx, gy)` on the mesh for a point agent,
 * by Polyanya (Cui, Harabor & Grastien 2017): a search over *intervals* of polygon edges, each
 * seen from a *root* (the start or a turning corner of the mesh), expanded polygon by polygon
 * (observable successors keep the root, non-observable ones turn at a corner), with the admissible
 * distance through the interval (target mirrored across it) as heuristic and one best cost kept
 * per corner. Unlike A* + funnel, whose corridor is fixed before the string is pulled, the result
 * is optimal; unlike a visibility graph, nothing is precomputed but corner fans (once per mesh
 * revision).
 *
 * Writes the corners into `out` (`PathFlags.Found`, with `PathTruncated` when they do not fit:
 * `count` and `distance` still describe the full path) and returns it; `NoPath` when an end point
 * is off the mesh or unreachable, `BudgetExhausted` after `options.maxExpansions` expansions
 * (`out.expanded` counts them). Uniform cost only: area costs, flags, links and cost callbacks do
 * not apply (the level-2 `findNavMeshPath` falls back to A* + funnel when they differ from uniform and
 * says so in its `algorithm`). Throws `NAVMESH_BAD_INPUT` for non-finite coordinates, a stale or
 * invalid polygon ref, or a negative `maxExpansions`. The mesh is planar in `(x, y)`; on multi-level meshes the path follows the
 * polygon links (pass `startPoly` / `goalPoly`), so it is the shortest path of the XZ projection
 * along the walkable surface. Allocation-free once its node pool has grown to the largest search.
 *
 * @example
 * ```ts
 * const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
 * const out = createStraightPath({ maxPoints: 16 });
 * findPathAnyAngle(out, mesh, 1, 5, 9, 5);
 * out.flags;  // PathFlags.Found
 * out.count;  // 4: (1, 5), a corner of the pillar, the next corner, (9, 5)
 * out.length; // 2·√10 + 2 ≈ 8.32
 * ```
 * @param out - corners of the exact shortest path written in place and returned (`points` as x, y pairs in world units, `count`, `flags`): corner 0 is the start, the last the goal
 * @param mesh - the navmesh to search
 * @param sx - start point, x (world units; on the mesh plane)
 * @param sy - start point, y (world units; z of a y-up 3D level)
 * @param gx - goal point, x (world units)
 * @param gy - goal point, y (world units)
 * @param options - `startPoly` / `goalPoly`: the polygon refs when the points are ambiguous (overlapping levels); `maxExpansions`: the search limit
 */
export function findPathAnyAngle(
  out: StraightPath,
  mesh: NavMesh,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  options?: FindPathAnyAngleOptions,
): StraightPath {
  // Doubles go through a typed array: this wrapper is inlined, the body is not (boxed arguments).
  const T = polyanyaScratch;
  T[0] = gx;
  T[1] = gy;
  T[9] = sx;
  T[10] = sy;
  return searchPolyanya(out, mesh, options);
}

/**
 * The common cost of an area cost table whose 64 entries are all equal (then every path costs its
 * length times that, and the exact search applies), or NaN when they differ. Throws
 * `NAVMESH_BAD_INPUT` for a malformed table, like the polygon search. @internal
 */
export function uniformAreaCost(areaCosts: ArrayLike<number>): number {
  minCost({ areaCosts });
  const c = areaCosts[0]!;
  for (let i = 1; i < NAVMESH_AREA_COUNT; i++) if (areaCosts[i] !== c) return NaN;
  return c;
}
