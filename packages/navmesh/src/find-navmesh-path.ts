import { PathFlags } from "@tactica/search";
import { assertFiniteNumber } from "./errors";
import { findPathAnyAngle, uniformAreaCost } from "./any-angle";
import { createStraightPath, findStraightPath, type StraightPath } from "./funnel";
import { findNearestPoint } from "./locate";
import type { NavMesh } from "./types";
import { createNavMeshQuery, createNavPath, findPolygonPath, type NavMeshQuery, type NavPath, type NavQueryFilter } from "./query";

/** Options of {@link findNavMeshPath}. */
export interface FindNavMeshPathOptions extends NavQueryFilter {
  /**
   * `"optimal"` (default): the exact shortest path ({@link findPathAnyAngle}) when every cost is
   * uniform (no area costs or all 64 equal; no flags, links or cost callback), else A* + funnel
   * (and `result.algorithm` says so). `"funnel"`: always A* + funnel.
   */
  readonly algorithm?: "optimal" | "funnel";
}

/** The plain result of {@link findNavMeshPath}. */
export interface FindNavMeshPathResult {
  /** True when the path reaches the goal. */
  readonly found: boolean;
  /** `PathFlags` bits (`Found`, `Partial`, `NoPath`, …). */
  readonly flags: number;
  /** Path cost (the length, or with area costs the weighted cost of the polygon search). */
  readonly cost: number;
  /** Euclidean length of `path` in world units (`path.length` is the number of corners); `Infinity` when no start polygon was found. */
  readonly distance: number;
  /** Corners from the start (snapped onto the mesh) to the goal (or the nearest reachable point). */
  readonly path: { x: number; y: number }[];
  /** Nodes expanded. */
  readonly expanded: number;
  /** Which search produced the path: `"any-angle"` (exact) or `"funnel"` (A* + string pulling). */
  readonly algorithm: "any-angle" | "funnel";
}

interface Cache {
  revision: number;
  query: NavMeshQuery;
  corridor: NavPath;
  straight: StraightPath;
}

const caches = new WeakMap<NavMesh, Cache>();
const snap = { x: 0, y: 0 };

/**
 * Level 2: the path from `start` to `goal` on `mesh` as plain objects. Both points are snapped to
 * the nearest point on the mesh. Search state is cached per mesh in a `WeakMap`. In a frame loop
 * use the level-1 functions instead: {@link findPolygonPath} + {@link findStraightPath}, or
 * {@link findPathAnyAngle}, with results created once.
 *
 * @param mesh - the navmesh to search (read only; its query and result buffers are cached per mesh and regrown after a tile change)
 * @param start - start point `{ x, y }` on the mesh plane (world units; y is z of a y-up 3D level), finite; snapped to the nearest point on the mesh first (an empty mesh: no path, `distance` `Infinity`)
 * @param goal - goal point `{ x, y }` (world units), finite; snapped to the nearest point on the mesh
 * @param options - `algorithm` (`"optimal"` by default: the exact any-angle path when costs are uniform, else A* + funnel; `"funnel"`: always A* + funnel) and the query filter of {@link findPolygonPath} (`areaCosts`, `includeFlags` / `excludeFlags`, `links`, `polyCost`); any filter field forces A* + funnel
 *
 * @example
 * ```ts
 * const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
 * const r = findNavMeshPath(mesh, { x: 1, y: 5 }, { x: 9, y: 5 });
 * r.found;     // true
 * r.path;      // [{x:1,y:5}, {x:4,y:6}, {x:6,y:6}, {x:9,y:5}] (or the mirror image below the pillar)
 * r.algorithm; // "any-angle"
 * ```
 */
export function findNavMeshPath(
  mesh: NavMesh,
  start: { readonly x: number; readonly y: number },
  goal: { readonly x: number; readonly y: number },
  options: FindNavMeshPathOptions = {},
): FindNavMeshPathResult {
  assertFiniteNumber("findNavMeshPath", "start.x", start.x);
  assertFiniteNumber("findNavMeshPath", "start.y", start.y);
  assertFiniteNumber("findNavMeshPath", "goal.x", goal.x);
  assertFiniteNumber("findNavMeshPath", "goal.y", goal.y);
  const ps = findNearestPoint(snap, mesh, start.x, start.y);
  if (ps < 0) return { found: false, flags: PathFlags.NoPath, cost: Infinity, distance: Infinity, path: [], expanded: 0, algorithm: "funnel" };
  const sx = snap.x,
    sy = snap.y;
  const pg = findNearestPoint(snap, mesh, goal.x, goal.y);
  const gx = snap.x,
    gy = snap.y;
  let cache = caches.get(mesh);
  if (!cache) {
    cache = {
      revision: mesh.revision,
      query: createNavMeshQuery(mesh),
      corridor: createNavPath({ maxLength: Math.max(1, mesh.polyCount) }),
      straight: createStraightPath({ maxPoints: 2 * mesh.vertexCount + 16 }),
    };
    caches.set(mesh, cache);
  } else if (cache.revision !== mesh.revision) {
    // Tiles changed: the query grows itself; the result buffers are replaced only when too small.
    cache.revision = mesh.revision;
    if (cache.corridor.path.length < mesh.polyCount) cache.corridor = createNavPath({ maxLength: mesh.polyCount });
    if (cache.straight.points.length < 2 * (2 * mesh.vertexCount + 16)) cache.straight = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 16 });
  }
  // Uniform: no area costs, or all 64 equal (the exact path then costs its length times that).
  const areaCost = options.areaCosts === undefined ? 1 : uniformAreaCost(options.areaCosts);
  const uniform =
    areaCost === areaCost &&
    options.polyCost === undefined &&
    options.links === undefined &&
    options.includeFlags === undefined &&
    options.excludeFlags === undefined;
  const sp = cache.straight;
  if ((options.algorithm ?? "optimal") === "optimal" && uniform) {
    findPathAnyAngle(sp, mesh, sx, sy, gx, gy, { startPoly: ps, goalPoly: pg });
    return {
      found: (sp.flags & PathFlags.Found) !== 0,
      flags: sp.flags,
      cost: sp.distance * areaCost,
      distance: sp.distance,
      path: points(sp),
      expanded: sp.expanded,
      algorithm: "any-angle",
    };
  }
  const corridor = findPolygonPath(cache.corridor, cache.query, ps, sx, sy, pg, gx, gy, options);
  findStraightPath(sp, mesh, corridor.path, corridor.length, sx, sy, gx, gy, options);
  return {
    found: (corridor.flags & PathFlags.Found) !== 0,
    flags: corridor.flags,
    cost: corridor.cost,
    distance: sp.distance,
    path: points(sp),
    expanded: corridor.expanded,
    algorithm: "funnel",
  };
}

function points(sp: StraightPath): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  const n = Math.min(sp.count, sp.pointFlags.length);
  for (let i = 0; i < n; i++) out.push({ x: sp.points[2 * i]!, y: sp.points[2 * i + 1]! });
  return out;
}
