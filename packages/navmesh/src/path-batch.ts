import { PathFlags } from "@tactica/search";
import { findPathAnyAngle } from "./any-angle";
import { navMeshError, NavMeshErrorCodes } from "./errors";
import { createStraightPath, findStraightPath, type StraightPath } from "./funnel";
import { findNearestPoint } from "./locate";
import { createNavMeshQuery, createNavPath, findPolygonPath, type NavMeshQuery, type NavPath } from "./query";
import type { NavMesh } from "./types";

/**
 * The answers to a batch of path queries in flat typed arrays, so a worker can hand them back as
 * transferable buffers. Query `i`'s corners are `corners[2·cornerStart[i] .. 2·cornerStart[i+1])`
 * as `x, y` pairs.
 */
export interface NavMeshPathBatch {
  /** Number of queries answered. */
  readonly count: number;
  /** `PathFlags` of each query (`Found`, `Partial`, `NoPath`, …). */
  readonly flags: Int32Array;
  /** Euclidean length of each path in world units (`Infinity` when there is none). */
  readonly distances: Float64Array;
  /** `count + 1` corner offsets: query `i` owns corners `cornerStart[i] .. cornerStart[i+1])`. */
  readonly cornerStart: Uint32Array;
  /** All corners, `x, y` pairs, query after query. */
  readonly corners: Float64Array;
}

/** Options of {@link findNavMeshPathBatch}. */
export interface FindNavMeshPathBatchOptions {
  /**
   * `"optimal"` (default): the exact shortest path (`findPathAnyAngle`); `"funnel"`: A* over polygons
   * plus string pulling (`findPolygonPath` + `findStraightPath`). Same choice as level 2's `findNavMeshPath`
   * without filters.
   */
  readonly algorithm?: "optimal" | "funnel";
}

interface BatchCache {
  revision: number;
  query: NavMeshQuery;
  corridor: NavPath;
  straight: StraightPath;
  scratch: Float64Array;
}

const caches = new WeakMap<NavMesh, BatchCache>();
const snap = { x: 0, y: 0 };

function cacheOf(mesh: NavMesh): BatchCache {
  let c = caches.get(mesh);
  if (c === undefined) {
    c = {
      revision: mesh.revision,
      query: createNavMeshQuery(mesh),
      corridor: createNavPath({ maxLength: Math.max(1, mesh.polyCount) }),
      straight: createStraightPath({ maxPoints: 2 * mesh.vertexCount + 16 }),
      scratch: new Float64Array(1024),
    };
    caches.set(mesh, c);
  } else if (c.revision !== mesh.revision) {
    // Tiles changed: the query grows itself; the result buffers are replaced only when too small.
    c.revision = mesh.revision;
    if (c.corridor.path.length < mesh.polyCount) c.corridor = createNavPath({ maxLength: mesh.polyCount });
    if (c.straight.points.length < 2 * (2 * mesh.vertexCount + 16)) c.straight = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 16 });
  }
  return c;
}

/**
 * Answers `queries.length / 4` path queries `(sx, sy, gx, gy)` on `mesh` (both points snapped to
 * the nearest point on the mesh, as level 2's `findNavMeshPath` does) and packs the results into one
 * {@link NavMeshPathBatch}. The same function runs on the main thread and inside a worker
 * ({@link navMeshWorkerHandlers}), so both give identical answers. Search state is cached per mesh;
 * only the result arrays are allocated.
 *
 * @param mesh - the navmesh to search (its search state is cached per mesh)
 * @param queries - 4 finite numbers per query, `sx, sy, gx, gy` in world units on the mesh plane; both points are snapped to the nearest point on the mesh
 * @param options - `algorithm`: `"optimal"` (default, the exact any-angle path) or `"funnel"` (A* + string pulling)
 *
 * @throws TacticaError `NAVMESH_BAD_INPUT` when `queries` is not a list of 4·n finite numbers.
 *
 * @example
 * ```ts
 * const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
 * const batch = findNavMeshPathBatch(mesh, new Float64Array([1, 5, 9, 5, 1, 1, 9, 1]));
 * batch.count;                                  // 2
 * batch.cornerStart[1] - batch.cornerStart[0];  // 4 corners round the pillar
 * batch.distances[1];                             // 8: a straight line below it
 * ```
 */
export function findNavMeshPathBatch(mesh: NavMesh, queries: ArrayLike<number>, options: FindNavMeshPathBatchOptions = {}): NavMeshPathBatch {
  const fn = "findNavMeshPathBatch";
  if (typeof queries !== "object" || queries === null || typeof queries.length !== "number" || queries.length % 4 !== 0)
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"queries" must hold 4 numbers per query (sx, sy, gx, gy).`, { path: "queries" });
  const algorithm = options.algorithm ?? "optimal";
  if (algorithm !== "optimal" && algorithm !== "funnel")
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"algorithm" must be "optimal" or "funnel".`, { path: "options.algorithm" });
  const count = queries.length / 4;
  for (let i = 0; i < queries.length; i++) {
    if (!Number.isFinite(queries[i]))
      throw navMeshError(NavMeshErrorCodes.BadInput, fn, `queries[${i}] is not a finite number (query ${(i / 4) | 0}).`, { path: `queries[${i}]` });
  }
  const c = cacheOf(mesh);
  const flags = new Int32Array(count);
  const distances = new Float64Array(count);
  const cornerStart = new Uint32Array(count + 1);
  let scratch = c.scratch;
  let used = 0;
  const sp = c.straight;
  for (let q = 0; q < count; q++) {
    cornerStart[q] = used;
    const ps = findNearestPoint(snap, mesh, queries[4 * q]!, queries[4 * q + 1]!);
    if (ps < 0) {
      flags[q] = PathFlags.NoPath;
      distances[q] = Infinity;
      continue;
    }
    const sx = snap.x,
      sy = snap.y;
    const pg = findNearestPoint(snap, mesh, queries[4 * q + 2]!, queries[4 * q + 3]!);
    if (pg < 0) {
      flags[q] = PathFlags.NoPath;
      distances[q] = Infinity;
      continue;
    }
    if (algorithm === "optimal") {
      findPathAnyAngle(sp, mesh, sx, sy, snap.x, snap.y, { startPoly: ps, goalPoly: pg });
      flags[q] = sp.flags;
    } else {
      const corridor = findPolygonPath(c.corridor, c.query, ps, sx, sy, pg, snap.x, snap.y);
      if (corridor.length === 0) {
        flags[q] = corridor.flags;
        distances[q] = Infinity;
        continue;
      }
      findStraightPath(sp, mesh, corridor.path, corridor.length, sx, sy, snap.x, snap.y);
      flags[q] = corridor.flags | (sp.flags & PathFlags.PathTruncated);
    }
    distances[q] = sp.distance;
    const n = Math.min(sp.count, sp.pointFlags.length);
    if (2 * (used + n) > scratch.length) {
      const grown = new Float64Array(Math.max(2 * scratch.length, 2 * (used + n)));
      grown.set(scratch.subarray(0, 2 * used));
      scratch = grown;
      c.scratch = grown;
    }
    scratch.set(sp.points.subarray(0, 2 * n), 2 * used);
    used += n;
  }
  cornerStart[count] = used;
  return { count, flags, distances, cornerStart, corners: scratch.slice(0, 2 * used) };
}

/**
 * The transferable buffers of a batch (for `context.transfer` in a worker).
 *
 * @param batch - a batch from `findNavMeshPathBatch`; the buffers of its `flags`, `distances`, `cornerStart` and `corners` are listed (not copied)
 */
export function navMeshPathBatchBuffers(batch: NavMeshPathBatch): ArrayBuffer[] {
  return [
    batch.flags.buffer as ArrayBuffer,
    batch.distances.buffer as ArrayBuffer,
    batch.cornerStart.buffer as ArrayBuffer,
    batch.corners.buffer as ArrayBuffer,
  ];
}
