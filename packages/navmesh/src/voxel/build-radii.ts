// Several agent radii from one rasterisation (issue 12; Recast builds one mesh per radius).
import { cloneCompactHeightfield } from "./clone";
import { BUILD_STAGES, type StageTimer } from "./context";
import { NavMeshErrorCodes } from "../errors";
import { showValue, voxelError } from "./errors";
import { finishVoxelBuild, prepareVoxelBuild, type BuildVoxelNavMeshOptions, type VoxelNavMeshBuild } from "./build";
import type { VoxelConfig } from "./config";

const FN = "buildVoxelNavMeshes";
/** Stages run once (rasterize, filter, compact) and per radius (the rest). */
const SHARED_STAGES = 3;

/**
 * Builds one navmesh per agent radius from ONE rasterisation: the triangles are validated,
 * rasterised, filtered and compacted once under `baseConfig` (whose `walkableRadius` is
 * ignored); the compact heightfield is then copied per radius, eroded by that radius and taken
 * through areas, regions, contours, polygons and detail. Every result is byte-identical to
 * {@link buildVoxelNavMesh} with `walkableRadius` set to that radius (the other parameters must
 * match, which is what sharing the rasterisation needs). Progress counts `3 + 8 × radii` stages.
 *
 * `radii` are voxel counts (`Math.ceil(radius / cellSize)`), integers in 0..255. Throws
 * `NAVMESH_CONFIG` (`radii[i]`) for a bad radius or an empty list, and what
 * {@link buildVoxelNavMesh} throws.
 *
 * @param positions - Vertex positions `x, y, z` of the level (world units, y up), validated.
 * @param triangles - Vertex indices, three per triangle, validated.
 * @param baseConfig - The voxel configuration shared by every build; its `walkableRadius` is ignored.
 * @param radii - Agent radii in voxels (`Math.ceil(radius / cellSize)`), integers in 0..255, at least one; one navmesh each, in order.
 * @param options - As {@link buildVoxelNavMesh}: `context`, `bounds`, `triangleAreas`, `markAreas`, `keepIntermediates`.
 *
 * @example
 * ```ts
 * const floor = { positions: [0, 0, 0, 0, 0, 10, 10, 0, 10, 10, 0, 0], triangles: [0, 1, 2, 0, 2, 3] };
 * const [small, large] = buildVoxelNavMeshes(floor.positions, floor.triangles, VoxelConfigPresets.default, [1, 4]);
 * getPolygonArea(small!.navMesh, 0) > getPolygonArea(large!.navMesh, 0); // true: the larger radius keeps less
 * ```
 */
export function buildVoxelNavMeshes(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  baseConfig: VoxelConfig,
  radii: ArrayLike<number>,
  options: BuildVoxelNavMeshOptions = {},
): VoxelNavMeshBuild[] {
  if (radii === null || typeof radii !== "object" || typeof radii.length !== "number" || radii.length === 0)
    throw voxelError(NavMeshErrorCodes.Config, FN, `"radii" must list at least one agent radius in voxels.`, "radii");
  for (let i = 0; i < radii.length; i++) {
    const r = radii[i];
    if (typeof r !== "number" || !Number.isInteger(r) || r < 0 || r > 255)
      throw voxelError(NavMeshErrorCodes.Config, FN, `radii[${i}] is ${showValue(r)}; it must be an integer in 0..255 (vx).`, `radii[${i}]`);
  }
  const per = BUILD_STAGES.length - SHARED_STAGES;
  const prep = prepareVoxelBuild(positions, triangles, baseConfig, options, SHARED_STAGES + per * radii.length, FN);
  const out: VoxelNavMeshBuild[] = [];
  for (let k = 0; k < radii.length; k++) {
    const last = k === radii.length - 1;
    const chf = last ? prep.chf : cloneCompactHeightfield(prep.chf);
    // Each build reports the shared stages' timings plus its own.
    const t = prep.timer;
    const timer: StageTimer = {
      ctx: t.ctx,
      timings: { ...sharedTimings(t) },
      last: t.ctx.now ? t.ctx.now() : 0,
      done: SHARED_STAGES + per * k,
      total: t.total,
    };
    out.push(finishVoxelBuild(prep, chf, { ...prep.cfg, walkableRadius: radii[k]! }, timer, options, FN));
  }
  return out;
}

function sharedTimings(t: StageTimer): Record<string, number> {
  const r: Record<string, number> = {};
  for (let i = 0; i < SHARED_STAGES; i++) {
    const s = BUILD_STAGES[i]!;
    r[s] = t.timings[s] ?? 0;
  }
  return r;
}
