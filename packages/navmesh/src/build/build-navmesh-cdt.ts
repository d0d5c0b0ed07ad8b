import { TacticaError } from "@tactica/core";
import type { PolygonWithHoles } from "./types";
import { NavMeshErrorCodes } from "../errors";
import { createNavMesh, type NavMesh, type NavMeshInput } from "../navmesh";
import { mergeTrianglesToConvex } from "./merge-convex";
import { checkRegions } from "./validate-rings";
import { triangulatePolygonsCdt } from "./triangulate-cdt";

/** Options of {@link buildNavMeshCdt} and {@link buildNavMeshInputCdt}. */
export interface BuildNavMeshCdtOptions {
  /** Largest polygon after Hertel–Mehlhorn merging, 3..6 (default 6; 3 keeps the triangles). */
  readonly maxVertsPerPoly?: number;
  /** Agent radius: the walkable area is eroded by it (Minkowski, C.1.3; default 0). */
  readonly agentRadius?: number;
  /** Largest overshoot of the rounded erosion corners (default `agentRadius / 100`). */
  readonly tolerance?: number;
}

/**
 * The input of `createNavMesh` for walkable polygons with holes: constrained Delaunay
 * triangulation ({@link triangulatePolygonsCdt}), optional agent-radius erosion, then
 * Hertel–Mehlhorn merging ({@link mergeTrianglesToConvex}). Each polygon takes its region's
 * `area`, `flags` and `tag`. Throws `NAVMESH_BAD_POLYGON` naming region, ring and vertex.
 *
 * @param regions - Walkable polygons with holes: `outer` and `holes` rings as `x, y` pairs (world units, either winding, not closed), and each region's optional `area`, `flags` and `tag` for its polygons.
 * @param options - `maxVertsPerPoly` (3..6, default 6), `agentRadius` (world units, default 0: no erosion) and `tolerance` of the erosion's rounded corners (world units, default `agentRadius / 100`).
 */
export function buildNavMeshInputCdt(regions: ArrayLike<PolygonWithHoles>, options?: BuildNavMeshCdtOptions): NavMeshInput {
  const checked = checkRegions("buildNavMeshInputCdt", regions);
  const triOptions: { agentRadius?: number; tolerance?: number } = {};
  if (options?.agentRadius !== undefined) triOptions.agentRadius = options.agentRadius;
  if (options?.tolerance !== undefined) triOptions.tolerance = options.tolerance;
  const tri = triangulatePolygonsCdt(regions, triOptions);
  const mergeOptions = options?.maxVertsPerPoly === undefined ? {} : { maxVertsPerPoly: options.maxVertsPerPoly };
  const { polygons, regions: polyRegion } = mergeTrianglesToConvex(tri, mergeOptions);
  return {
    vertices: Array.from(tri.vertices),
    polygons,
    areas: polyRegion.map((r) => checked[r]!.area),
    flags: polyRegion.map((r) => checked[r]!.flags),
    tags: polyRegion.map((r) => checked[r]!.tag),
  };
}

/**
 * Builds a navmesh from walkable polygons with holes through the constrained Delaunay
 * triangulation: `createNavMesh(buildNavMeshInputCdt(regions, options))`. Compared with
 * `buildNavMeshFromPolygons` (ear clipping), the triangles maximise the minimum angle and the
 * walkable area can be eroded by the agent radius so queries treat the agent as a point.
 *
 * @param regions - Walkable polygons with holes: `outer` and `holes` rings as `x, y` pairs (world units, either winding, not closed), and each region's optional `area`, `flags` and `tag` for its polygons.
 * @param options - `maxVertsPerPoly` (3..6, default 6), `agentRadius` (world units, default 0: no erosion; eroding everything away throws `NAVMESH_BAD_POLYGON`) and `tolerance` (world units, default `agentRadius / 100`).
 *
 * @example
 * ```ts
 * // A 10 × 10 room with a 2 × 2 pillar, for an agent of radius 0.5.
 * const mesh = buildNavMeshCdt([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }], { agentRadius: 0.5, tolerance: 0.05 });
 * findPolygon(mesh, 0.2, 0.2); // -1: too close to the wall for the agent's centre
 * ```
 */
export function buildNavMeshCdt(regions: ArrayLike<PolygonWithHoles>, options?: BuildNavMeshCdtOptions): NavMesh {
  const input = buildNavMeshInputCdt(regions, options);
  if (input.polygons.length === 0)
    throw new TacticaError(
      NavMeshErrorCodes.BadPolygon,
      "@tactica/navmesh: buildNavMeshCdt: nothing is walkable (the agent radius erodes every region away).",
      {
        path: "options.agentRadius",
      },
    );
  return createNavMesh(input, { maxVertsPerPoly: options?.maxVertsPerPoly ?? 6 });
}
