// Stance passes (Game AI Pro 3, chapter 32): one rasterisation, one pass per stance in a
// configurable order; each pass takes the voxels no earlier pass took, and every pass ends up in
// ONE compact heightfield under its own area id, so stance polygons border each other exactly
// (shared edges, linked neighbors) and a query's area costs scale the effort of each stance.
import type { NavMesh } from "../navmesh";
import { buildCompactHeightfield as buildCompactHeightfield_ } from "./compact";
import { BUILD_STAGES, checkCancelled, createStageTimer, endStage, type BuildContext } from "./context";
import { buildContours } from "./contours";
import { buildPolyMeshDetail } from "./detail-mesh";
import { buildDistanceField } from "./distance-field";
import { erodeWalkableArea } from "./erode";
import { NavMeshErrorCodes } from "../errors";
import { showValue, voxelError } from "./errors";
import { filterLedgeSpans, filterLowHangingObstacles, filterLowHeightSpans } from "./filters";
import { createHeightfield, markWalkableTriangles, rasterizeTriangles } from "./heightfield";
import { buildPolyMesh } from "./poly-mesh";
import { buildRegions } from "./regions";
import { buildLayerRegions } from "./regions-layers";
import { buildRegionsMonotone } from "./regions-monotone";
import { voxelConfigFromAgent, type AgentParameterSet, type VoxelQuality } from "./stances";
import { NULL_AREA, WALKABLE_AREA, type PolyMesh, type PolyMeshDetail } from "./types";
import { filterWaterDepth, validateWaterVolumes, type WaterVolume } from "./water";
import { cloneHeightfield } from "./clone";
import { polyMeshToNavMesh } from "./build";
import { soupBounds, validateTriangleSoup } from "./triangle-soup";
// Local bindings: hot loops must not go through module live-binding getters.
const buildCompactHeightfield = buildCompactHeightfield_;

/** One pass of {@link buildStanceNavMesh}. */
export interface StancePass {
  /** Name reported back (`"stand"`, `"crouch"`…). */
  readonly name: string;
  /** The stance's agent parameters (see `StancePresets`). */
  readonly agent: AgentParameterSet;
  /** Area id of the pass's polygons in the compact heightfield, 1..63 (63 becomes navmesh area 0). */
  readonly area: number;
}

/** Options of {@link buildStanceNavMesh}. */
export interface BuildStanceNavMeshOptions {
  /** Progress, cancellation, logging and clock. */
  readonly context?: BuildContext;
  /**
   * Water volumes (default none): each pass keeps only floors whose water depth (surface −
   * floor, 0 on dry ground) lies between its agent's `minWaterDepth` and `maxWaterDepth`, so a
   * swim pass (`StancePresets.swim`, 1.5 .. 50 m) takes only the sea floor of deep water and
   * standing stops at 1.5 m. Raise swim path vertices to the surface with {@link raiseSwimPath}.
   */
  readonly water?: readonly WaterVolume[];
}

/** Result of {@link buildStanceNavMesh}. */
export interface StanceNavMeshBuild {
  /** One navmesh for every stance; `areas[p]` tells the pass of polygon `p` (63 → 0). */
  readonly navMesh: NavMesh;
  readonly polyMesh: PolyMesh;
  readonly detail: PolyMeshDetail;
  /** Walkable spans each pass took, in pass order. */
  readonly passSpans: readonly number[];
  /** Navmesh area id of each pass, in pass order. */
  readonly passAreas: readonly number[];
}

const FN = "buildStanceNavMesh";

/**
 * Builds one navmesh holding several stances (chapter 32's recycling passes): the triangles are
 * rasterised once (each span remembers the gentlest pass slope it meets, so every pass keeps
 * only the slopes its agent walks); then, in the given order, each pass
 * filters and erodes a copy with its own agent (height, step, radius) and claims the walkable
 * voxels no earlier pass claimed. Regions, contours and polygons are built once over all claimed
 * voxels, each pass under its own area id, so the stances share polygon edges exactly and
 * neighbor links cross between them. Later passes only get what earlier ones left: the order
 * matters (stand → prone → crouch leaves less to crouch than stand → crouch → prone).
 *
 * Give a query area costs per pass area to make crawling under a table cost more than walking
 * around it. Throws `NAVMESH_CONFIG` for a pass area outside 1..63 or a duplicated one.
 *
 * @param positions - Vertex positions `x, y, z` of the level (world units, y up).
 * @param triangles - Vertex indices, three per triangle.
 * @param passes - The stances in claiming order, each with its `agent` parameters and its own navmesh `area` id in 1..63; earlier passes claim first.
 * @param quality - The world settings without the agent (`cellSize`, `cellHeight`, …), shared by every pass.
 * @param options - `context` (progress, cancellation) and `water` volumes (default none) for each pass's water-depth band.
 */
export function buildStanceNavMesh(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  passes: readonly StancePass[],
  quality: VoxelQuality,
  options: BuildStanceNavMeshOptions = {},
): StanceNavMeshBuild {
  if (typeof passes !== "object" || passes === null || typeof passes.length !== "number" || passes.length === 0)
    throw voxelError(NavMeshErrorCodes.Config, FN, "give at least one stance pass.", "passes");
  const seen = new Set<number>();
  passes.forEach((p, i) => {
    if (!Number.isInteger(p.area) || p.area < 1 || p.area > 63 || seen.has(p.area))
      throw voxelError(
        NavMeshErrorCodes.Config,
        FN,
        `pass ${i} (${showValue(p.name)}) needs its own area id in 1..63, got ${showValue(p.area)}.`,
        `passes[${i}].area`,
      );
    seen.add(p.area);
  });
  const cfgs = passes.map((p) => voxelConfigFromAgent(p.agent, quality));
  const water = options.water ?? [];
  validateWaterVolumes(FN, water, "water");
  {
    passes.forEach((p, i) => {
      const { minWaterDepth: lo, maxWaterDepth: hi } = p.agent;
      if (typeof lo !== "number" || typeof hi !== "number" || !(lo >= 0) || !(hi >= lo))
        throw voxelError(
          NavMeshErrorCodes.Config,
          FN,
          `pass ${i} (${showValue(p.name)}) needs 0 <= minWaterDepth <= maxWaterDepth.`,
          `passes[${i}].agent.minWaterDepth`,
        );
    });
  }
  validateTriangleSoup(positions, triangles, { caller: FN });
  const base = cfgs[0]!;
  const timer = createStageTimer(options.context, BUILD_STAGES.length);
  checkCancelled(timer, FN);
  const minHeight = Math.min(...cfgs.map((c) => c.walkableHeight));
  const maxClimb = Math.max(...cfgs.map((c) => c.walkableClimb));
  // Slope classes: with the passes' slopes sorted up u_0 < … < u_(m−1), a triangle within u_j
  // (and no gentler one) gets area m − j, so one rasterisation serves every pass's own slope.
  const slopes = [...new Set(cfgs.map((c) => c.walkableSlopeAngle))].sort((x, y) => x - y);
  const b = soupBounds(positions, triangles);
  const hf = createHeightfield([b[0]!, b[1]!, b[2]!], [b[3]!, b[4]!, b[5]!], base.cellSize, base.cellHeight);
  const areas = new Uint8Array(triangles.length / 3);
  const within = new Uint8Array(areas.length);
  for (let j = slopes.length - 1; j >= 0; j--) {
    markWalkableTriangles(within, positions, triangles, slopes[j]!);
    for (let t = 0; t < areas.length; t++) if (within[t] !== NULL_AREA) areas[t] = slopes.length - j;
  }
  rasterizeTriangles(hf, positions, triangles, areas, base.walkableClimb);
  endStage(timer, "rasterize", FN);
  // The carrier: every span any pass could use, linked with the most permissive height and step.
  const carrierHf = cloneHeightfield(hf);
  filterLowHangingObstacles(carrierHf, maxClimb);
  filterLowHeightSpans(carrierHf, minHeight);
  endStage(timer, "filter", FN);
  const chf = buildCompactHeightfield(carrierHf, minHeight, maxClimb);
  endStage(timer, "compact", FN);
  const owner = new Int16Array(chf.spanCount).fill(-1);
  const passSpans: number[] = [];
  for (let k = 0; k < passes.length; k++) {
    const c = cfgs[k]!;
    const h = cloneHeightfield(hf);
    const need = slopes.length - slopes.indexOf(c.walkableSlopeAngle);
    for (let sp = 0; sp < h.spanUsed; sp++) h.spanArea[sp] = h.spanArea[sp]! >= need ? WALKABLE_AREA : NULL_AREA;
    filterLowHangingObstacles(h, c.walkableClimb);
    filterLedgeSpans(h, c.walkableHeight, c.walkableClimb);
    filterLowHeightSpans(h, c.walkableHeight);
    const pc = buildCompactHeightfield(h, c.walkableHeight, c.walkableClimb);
    if (c.walkableRadius > 0) erodeWalkableArea(pc, c.walkableRadius);
    filterWaterDepth(pc, water, passes[k]!.agent.minWaterDepth, passes[k]!.agent.maxWaterDepth);
    let taken = 0;
    for (let col = 0; col < chf.width * chf.depth; col++) {
      const s0 = chf.cellIndex[col]!,
        s1 = s0 + chf.cellCount[col]!;
      for (let j = pc.cellIndex[col]!, e = j + pc.cellCount[col]!; j < e; j++) {
        if (pc.areas[j] === NULL_AREA) continue;
        const y = pc.y[j]!;
        for (let i = s0; i < s1; i++) {
          if (chf.y[i] === y) {
            if (owner[i] === -1) {
              owner[i] = k;
              taken++;
            }
            break;
          }
        }
      }
    }
    passSpans.push(taken);
  }
  for (let i = 0; i < chf.spanCount; i++) chf.areas[i] = owner[i]! >= 0 ? passes[owner[i]!]!.area : NULL_AREA;
  endStage(timer, "erode", FN);
  endStage(timer, "areas", FN);
  const partition = base.partition ?? "watershed";
  if (partition === "watershed") buildDistanceField(chf);
  endStage(timer, "distance", FN);
  if (partition === "monotone") buildRegionsMonotone(chf, base.minRegionArea, base.mergeRegionArea);
  else if (partition === "layers") buildLayerRegions(chf, base.minRegionArea);
  else buildRegions(chf, base.minRegionArea, base.mergeRegionArea);
  endStage(timer, "regions", FN);
  const cset = buildContours(chf, base.maxSimplificationError, base.maxEdgeLen);
  endStage(timer, "contours", FN);
  const { mesh } = buildPolyMesh(cset, base.maxVertsPerPoly);
  endStage(timer, "polymesh", FN);
  const detail = buildPolyMeshDetail(mesh, chf, base.detailSampleDist, base.detailSampleMaxError);
  endStage(timer, "detail", FN);
  const navMesh = polyMeshToNavMesh(mesh);
  endStage(timer, "navmesh", FN);
  return { navMesh, polyMesh: mesh, detail, passSpans, passAreas: passes.map((p) => (p.area === WALKABLE_AREA ? 0 : p.area)) };
}
