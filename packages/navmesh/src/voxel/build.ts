// The whole voxel pipeline: triangle soup → NavMesh (part 1's format).
import { createNavMesh, type NavMesh } from "../navmesh";
import { buildCompactHeightfield } from "./compact";
import { validateVoxelConfig, VoxelConfigPresets, type VoxelConfig } from "./config";
import { BUILD_STAGES, checkCancelled, createStageTimer, endStage, type BuildContext, type StageTimer } from "./context";
import { buildContours } from "./contours";
import { buildPolyMeshDetail } from "./detail-mesh";
import { buildDistanceField } from "./distance-field";
import { erodeWalkableArea, medianFilterWalkableArea } from "./erode";
import { NavMeshErrorCodes } from "../errors";
import { showValue, voxelError } from "./errors";
import { filterLedgeSpans, filterLowHangingObstacles, filterLowHeightSpans } from "./filters";
import { countSpans, createHeightfield, markWalkableTriangles, rasterizeTriangles } from "./heightfield";
import { buildPolyMesh } from "./poly-mesh";
import { buildRegions } from "./regions";
import { buildLayerRegions } from "./regions-layers";
import { buildRegionsMonotone } from "./regions-monotone";
import { decodeTaggedAreas, encodeTaggedAreas, type TagTable } from "./tags";
import { WALKABLE_AREA as WALKABLE_AREA_, type CompactHeightfield, type ContourSet, type Heightfield, type PolyMesh, type PolyMeshDetail } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const WALKABLE_AREA = WALKABLE_AREA_;

/** Flags of a {@link VoxelBuildReport} (single bits). */
export const VoxelBuildFlags = {
  None: 0,
  /** Nothing is walkable: the result has no polygons (not an error). */
  Empty: 1,
  /** Some input triangles were degenerate (zero area or a repeated index) and were skipped. */
  DegenerateTriangles: 2,
  /** Some contours could not be fully triangulated (overlapping simplified edges); their polygons are partial. */
  TriangulationFailed: 4,
  /** Warnings were logged (see the context's `log`). */
  Warnings: 8,
} as const;

/** What a voxel build did: counts per stage, flags, stage timings (from the context's clock). */
export interface VoxelBuildReport {
  /** {@link VoxelBuildFlags} bits. */
  flags: number;
  /** Input triangles. */
  triangleCount: number;
  /** Triangles skipped as degenerate. */
  degenerateTriangles: number;
  /** Triangles within the walkable slope. */
  walkableTriangles: number;
  /** Heightfield grid `width × depth`. */
  gridWidth: number;
  gridDepth: number;
  /** Live spans after rasterisation. */
  spanCount: number;
  /** Walkable spans in the compact heightfield. */
  compactSpanCount: number;
  /** Regions after filtering and merging. */
  regionCount: number;
  /** Contours traced. */
  contourCount: number;
  /** Polygons of the polygon mesh. */
  polyCount: number;
  /** Vertices of the polygon mesh. */
  vertexCount: number;
  /** Detail triangles. */
  detailTriangleCount: number;
  /** Contours whose triangulation gave up. */
  failedContours: number;
  /** Milliseconds per stage (0 without a clock in the context). */
  timings: Record<string, number>;
}

/** Options of {@link buildVoxelNavMesh}. */
export interface BuildVoxelNavMeshOptions {
  /** Progress, cancellation, logging and clock (Recast's `rcContext`). */
  readonly context?: BuildContext;
  /** Build bounds `minX, minY, minZ, maxX, maxY, maxZ` (default: the input's bounds). [Units: wu] */
  readonly bounds?: ArrayLike<number>;
  /** Area id per triangle (0..63; 0 = not walkable) instead of slope marking. */
  readonly triangleAreas?: ArrayLike<number>;
  /** Edits applied to the compact heightfield after erosion (area marking), e.g. `markBoxArea`; tagged markings give polygon tags. */
  readonly markAreas?: (chf: CompactHeightfield) => void;
  /** Keep the intermediate stages in the result (`heightfield`, `compact`, `contours`). Default false. */
  readonly keepIntermediates?: boolean;
}

/** Result of {@link buildVoxelNavMesh}. */
export interface VoxelNavMeshBuild {
  /** The navmesh in part 1's format: (x, z) plane, y as height; region ids as polygon tags. */
  readonly navMesh: NavMesh;
  /** The polygon mesh in voxel coordinates. */
  readonly polyMesh: PolyMesh;
  /** Height detail per polygon (world units). */
  readonly detail: PolyMeshDetail;
  /** What the build did. */
  readonly report: VoxelBuildReport;
  /** Present with `keepIntermediates`. */
  readonly heightfield?: Heightfield;
  /** Present with `keepIntermediates`. */
  readonly compact?: CompactHeightfield;
  /** Present with `keepIntermediates`. */
  readonly contours?: ContourSet;
}

const FN = "buildVoxelNavMesh";

/**
 * Checks a triangle soup: `positions` are x,y,z triples of finite numbers, `triangles` index
 * triples of integers in range. Throws `NAVMESH_BAD_GEOMETRY` whose `path` names the first bad
 * index (`positions[7]`, `triangles[12]`). Returns the number of degenerate triangles (repeated
 * index or zero area), which builds skip.
 */
export function validateTriangleSoup(positions: ArrayLike<number>, triangles: ArrayLike<number>, fn = "validateTriangleSoup"): number {
  if (positions === null || typeof positions !== "object" || typeof positions.length !== "number")
    throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `"positions" must be an array of x,y,z numbers.`, "positions");
  if (triangles === null || typeof triangles !== "object" || typeof triangles.length !== "number")
    throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `"triangles" must be an array of vertex indices.`, "triangles");
  if (positions.length % 3 !== 0)
    throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `"positions" holds ${positions.length} numbers, not a multiple of 3 (x,y,z per vertex).`, "positions");
  if (triangles.length % 3 !== 0)
    throw voxelError(
      NavMeshErrorCodes.BadGeometry,
      fn,
      `"triangles" holds ${triangles.length} indices, not a multiple of 3 (one triple per triangle).`,
      "triangles",
    );
  for (let i = 0; i < positions.length; i++) {
    const v = positions[i];
    if (typeof v !== "number" || !Number.isFinite(v))
      throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `vertex ${Math.floor(i / 3)} has a non-finite coordinate (${showValue(v)}).`, `positions[${i}]`);
  }
  const nv = positions.length / 3;
  let degenerate = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const i = triangles[t + k];
      if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i >= nv)
        throw voxelError(
          NavMeshErrorCodes.BadGeometry,
          fn,
          `triangle ${t / 3} uses vertex ${showValue(i)}, not an index in 0..${nv - 1}.`,
          `triangles[${t + k}]`,
        );
    }
    const a = triangles[t]! * 3,
      b = triangles[t + 1]! * 3,
      c = triangles[t + 2]! * 3;
    const e0x = positions[b]! - positions[a]!,
      e0y = positions[b + 1]! - positions[a + 1]!,
      e0z = positions[b + 2]! - positions[a + 2]!;
    const e1x = positions[c]! - positions[a]!,
      e1y = positions[c + 1]! - positions[a + 1]!,
      e1z = positions[c + 2]! - positions[a + 2]!;
    const nx = e0y * e1z - e0z * e1y,
      ny = e0z * e1x - e0x * e1z,
      nz = e0x * e1y - e0y * e1x;
    if (a === b || b === c || a === c || !(nx * nx + ny * ny + nz * nz > 0)) degenerate++;
  }
  return degenerate;
}

/** Bounds `minX, minY, minZ, maxX, maxY, maxZ` of the vertices used by the triangles. @internal */
export function soupBounds(positions: ArrayLike<number>, triangles: ArrayLike<number>): Float64Array {
  const b = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let t = 0; t < triangles.length; t++) {
    const i = triangles[t]! * 3;
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < b[k]!) b[k] = v;
      if (v > b[k + 3]!) b[k + 3] = v;
    }
  }
  if (triangles.length === 0) b.fill(0);
  return b;
}

/**
 * The voxel pipeline in one call (level 1: every stage is also exported on its own):
 * validate → mark slopes → rasterise → filter (low-hanging obstacles, ledges, low height) →
 * compact heightfield → erode by the agent radius → area marking → median filter → distance
 * field and regions (watershed, or monotone / layers per `config.partition`) → contours →
 * polygon mesh → detail mesh → {@link createNavMesh}.
 *
 * Throws `NAVMESH_CONFIG` (bad parameter, named in `path`), `NAVMESH_BAD_GEOMETRY` (bad input
 * index, named in `path`), `NAVMESH_CANCELLED`. Degenerate triangles are skipped and counted;
 * no walkable area gives an empty navmesh and the `Empty` flag. Recast's walkable area id 63
 * becomes area 0 of the navmesh (the default cost); other marked area ids are kept.
 */
export function buildVoxelNavMesh(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  config: VoxelConfig,
  options: BuildVoxelNavMeshOptions = {},
): VoxelNavMeshBuild {
  const prep = prepareVoxelBuild(positions, triangles, config, options, BUILD_STAGES.length, FN);
  return finishVoxelBuild(prep, prep.chf, prep.cfg, prep.timer, options, FN);
}

/** @internal What {@link prepareVoxelBuild} hands to {@link finishVoxelBuild}. */
export interface PreparedVoxelBuild {
  readonly cfg: VoxelConfig;
  readonly timer: StageTimer;
  readonly hf: Heightfield;
  readonly chf: CompactHeightfield;
  readonly degenerate: number;
  readonly ntris: number;
  readonly walkable: number;
  /** Warnings so far (rasterisation and compaction). */
  readonly warned: boolean;
}

/**
 * @internal The radius-independent half of the pipeline: validate, rasterise, filter, compact
 * (`total` stages are announced to the context's progress callback).
 */
export function prepareVoxelBuild(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  config: VoxelConfig,
  options: BuildVoxelNavMeshOptions,
  total: number,
  FN: string,
): PreparedVoxelBuild {
  const cfg = validateVoxelConfig(config, FN);
  const degenerate = validateTriangleSoup(positions, triangles, FN);
  const ctx = options.context;
  const timer = createStageTimer(ctx, total);
  let warned = false;
  const warn = (m: string): void => {
    warned = true;
    if (ctx?.log) ctx.log("warn", m);
  };
  checkCancelled(timer, FN);
  const ntris = triangles.length / 3;
  const bounds = options.bounds ? Float64Array.from(options.bounds) : soupBounds(positions, triangles);
  if (bounds.length !== 6 || !bounds.every(Number.isFinite))
    throw voxelError(NavMeshErrorCodes.BadGeometry, FN, `"bounds" must be 6 finite numbers (minX, minY, minZ, maxX, maxY, maxZ).`, "bounds");
  const bmin = bounds.subarray(0, 3),
    bmax = bounds.subarray(3, 6);
  const border = cfg.borderSize * cfg.cellSize;
  const hf = createHeightfield(
    [bmin[0]! - border, bmin[1]!, bmin[2]! - border],
    [bmax[0]! + border, bmax[1]!, bmax[2]! + border],
    cfg.cellSize,
    cfg.cellHeight,
  );
  const areas = new Uint8Array(ntris);
  if (options.triangleAreas) {
    if (options.triangleAreas.length !== ntris)
      throw voxelError(
        NavMeshErrorCodes.BadGeometry,
        FN,
        `"triangleAreas" has ${options.triangleAreas.length} entries; expected one per triangle (${ntris}).`,
        "triangleAreas",
      );
    for (let t = 0; t < ntris; t++) {
      const a = options.triangleAreas[t];
      if (typeof a !== "number" || !Number.isInteger(a) || a < 0 || a > 63)
        throw voxelError(NavMeshErrorCodes.BadGeometry, FN, `triangleAreas[${t}] is ${showValue(a)}; it must be an integer in 0..63.`, `triangleAreas[${t}]`);
      areas[t] = a;
    }
  } else markWalkableTriangles(areas, positions, triangles, cfg.walkableSlopeAngle);
  let walkable = 0;
  for (let t = 0; t < ntris; t++) if (areas[t] !== 0) walkable++;
  rasterizeTriangles(hf, positions, triangles, areas, cfg.walkableClimb);
  endStage(timer, "rasterize", FN);
  filterLowHangingObstacles(hf, cfg.walkableClimb);
  filterLedgeSpans(hf, cfg.walkableHeight, cfg.walkableClimb);
  filterLowHeightSpans(hf, cfg.walkableHeight);
  endStage(timer, "filter", FN);
  const chf = buildCompactHeightfield(hf, cfg.walkableHeight, cfg.walkableClimb, cfg.borderSize, warn);
  endStage(timer, "compact", FN);
  return { cfg, timer, hf, chf, degenerate, ntris, walkable, warned };
}

/**
 * @internal The radius-dependent half: erode `chf` (consumed) by `cfg.walkableRadius`, mark
 * areas, partition, contours, polygons, detail, navmesh, report.
 */
export function finishVoxelBuild(
  prep: PreparedVoxelBuild,
  chf: CompactHeightfield,
  cfg: VoxelConfig,
  timer: StageTimer,
  options: BuildVoxelNavMeshOptions,
  FN: string,
): VoxelNavMeshBuild {
  const { hf, degenerate, ntris, walkable } = prep;
  const ctx = options.context;
  let warned = prep.warned;
  const warn = (m: string): void => {
    warned = true;
    if (ctx?.log) ctx.log("warn", m);
  };
  if (cfg.walkableRadius > 0) erodeWalkableArea(chf, cfg.walkableRadius);
  endStage(timer, "erode", FN);
  let tagTable: TagTable | undefined;
  if (options.markAreas) {
    options.markAreas(chf);
    tagTable = encodeTaggedAreas(chf, FN);
    medianFilterWalkableArea(chf);
  }
  endStage(timer, "areas", FN);
  const partition = cfg.partition ?? "watershed";
  if (partition === "watershed") buildDistanceField(chf);
  endStage(timer, "distance", FN);
  const rs =
    partition === "monotone"
      ? buildRegionsMonotone(chf, cfg.minRegionArea, cfg.mergeRegionArea)
      : partition === "layers"
        ? buildLayerRegions(chf, cfg.minRegionArea)
        : buildRegions(chf, cfg.minRegionArea, cfg.mergeRegionArea);
  endStage(timer, "regions", FN);
  const cset = buildContours(chf, cfg.maxSimplificationError, cfg.maxEdgeLen, warn);
  endStage(timer, "contours", FN);
  const { mesh, failedContours } = buildPolyMesh(cset, cfg.maxVertsPerPoly);
  if (failedContours > 0) warn(`buildPolyMesh: ${failedContours} contours could not be fully triangulated.`);
  endStage(timer, "polymesh", FN);
  const detail = buildPolyMeshDetail(mesh, chf, cfg.detailSampleDist, cfg.detailSampleMaxError);
  endStage(timer, "detail", FN);
  const navMesh = tagTable ? polyMeshToNavMesh(mesh, { tags: decodeTaggedAreas(mesh, chf, tagTable) }) : polyMeshToNavMesh(mesh);
  endStage(timer, "navmesh", FN);
  let flags = 0;
  if (mesh.polyCount === 0) flags |= VoxelBuildFlags.Empty;
  if (degenerate > 0) flags |= VoxelBuildFlags.DegenerateTriangles;
  if (failedContours > 0) flags |= VoxelBuildFlags.TriangulationFailed;
  if (warned) flags |= VoxelBuildFlags.Warnings;
  const report: VoxelBuildReport = {
    flags,
    triangleCount: ntris,
    degenerateTriangles: degenerate,
    walkableTriangles: walkable,
    gridWidth: hf.width,
    gridDepth: hf.depth,
    spanCount: countSpans(hf),
    compactSpanCount: chf.spanCount,
    regionCount: rs.regionCount,
    contourCount: cset.count,
    polyCount: mesh.polyCount,
    vertexCount: mesh.vertCount,
    detailTriangleCount: detail.tris.length / 3,
    failedContours,
    timings: timer.timings,
  };
  const out: VoxelNavMeshBuild = { navMesh, polyMesh: mesh, detail, report };
  return options.keepIntermediates ? { ...out, heightfield: hf, compact: chf, contours: cset } : out;
}

/** Options of {@link polyMeshToNavMesh}. */
export interface PolyMeshToNavMeshOptions {
  /** Tag of each polygon of the polygon mesh (default: its region id). */
  readonly tags?: ArrayLike<number>;
}

/**
 * Converts a polygon mesh (voxel coordinates) into part 1's {@link NavMesh}: vertices to world
 * `(x, z)` with `y` as height, area 63 → 0, region ids as tags (or `options.tags`: a build whose
 * area marking gave custom tags puts those there instead, 0 for untagged polygons). Polygons
 * with no area in the plane (none in practice) are dropped.
 */
export function polyMeshToNavMesh(mesh: PolyMesh, options: PolyMeshToNavMeshOptions = {}): NavMesh {
  const { cellSize: cs, cellHeight: ch, bmin } = mesh;
  const vertices = new Float64Array(mesh.vertCount * 2);
  const heights = new Float64Array(mesh.vertCount);
  for (let i = 0; i < mesh.vertCount; i++) {
    vertices[2 * i] = bmin[0]! + mesh.verts[i * 3]! * cs;
    vertices[2 * i + 1] = bmin[2]! + mesh.verts[i * 3 + 2]! * cs;
    heights[i] = bmin[1]! + mesh.verts[i * 3 + 1]! * ch;
  }
  const nvp = mesh.maxVertsPerPoly;
  const polygons: number[][] = [];
  const areas: number[] = [];
  const tags: number[] = [];
  for (let p = 0; p < mesh.polyCount; p++) {
    const poly: number[] = [];
    for (let k = 0; k < nvp; k++) {
      const v = mesh.polys[p * nvp + k]!;
      if (v === -1) break;
      poly.push(v);
    }
    let a2 = 0;
    for (let k = 0; k < poly.length; k++) {
      const a = poly[k]!,
        b = poly[(k + 1) % poly.length]!;
      a2 += mesh.verts[a * 3]! * mesh.verts[b * 3 + 2]! - mesh.verts[b * 3]! * mesh.verts[a * 3 + 2]!;
    }
    if (a2 === 0) continue;
    polygons.push(poly);
    const area = mesh.areas[p]!;
    areas.push(area === WALKABLE_AREA ? 0 : area);
    tags.push(options.tags ? options.tags[p]! : mesh.regions[p]!);
  }
  return createNavMesh({ vertices, heights, polygons, areas, tags }, { maxVertsPerPoly: nvp });
}

/** Options of {@link buildNavMeshFromTriangles3d}. */
export interface BuildNavMeshFromTriangles3dOptions {
  /** Parameters (default {@link VoxelConfigPresets}`.default`); a partial object overrides the preset's fields. */
  readonly config?: Partial<VoxelConfig>;
  /** Progress, cancellation, logging and clock. */
  readonly context?: BuildContext;
}

/** Result of {@link buildNavMeshFromTriangles3d}. */
export interface BuildNavMeshFromTriangles3dResult {
  /** The navmesh (empty when nothing is walkable). */
  readonly navMesh: NavMesh;
  /** True when nothing was walkable. */
  readonly empty: boolean;
  /** What the build did. */
  readonly report: VoxelBuildReport;
}

/**
 * Level 2: builds a navmesh from a 3D triangle soup (y up, e.g. {@link parseObj}'s output) by
 * voxelisation, with RecastDemo's default parameters unless `config` overrides some. Every
 * part 1 query works on the result. For the stages, their intermediates, area marking and
 * triangle areas use the level-1 {@link buildVoxelNavMesh}. Nothing is cached: a build is a
 * one-off.
 *
 * @example
 * ```ts
 * // A 10 m × 10 m floor with a 2 m box in the middle.
 * const obj = parseObj([
 *   "v 0 0 0", "v 10 0 0", "v 10 0 10", "v 0 0 10",
 *   "v 4 0 4", "v 6 0 4", "v 6 2 4", "v 4 2 4", "v 4 0 6", "v 6 0 6", "v 6 2 6", "v 4 2 6",
 *   "f 1 3 2", "f 1 4 3",
 *   "f 7 8 12", "f 7 12 11", "f 5 6 7", "f 5 7 8", "f 9 12 11", "f 9 11 10", "f 5 8 12", "f 5 12 9", "f 6 10 11", "f 6 11 7",
 * ].join("\n"));
 * const { navMesh, empty, report } = buildNavMeshFromTriangles3d(obj.positions, obj.triangles, { config: { cellSize: 0.2 } });
 * empty; // false
 * report.regionCount > 0; // true
 * findPolygon(navMesh, 1, 1) >= 0; // true: the floor is walkable
 * ```
 */
export function buildNavMeshFromTriangles3d(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  options: BuildNavMeshFromTriangles3dOptions = {},
): BuildNavMeshFromTriangles3dResult {
  const config = { ...VoxelConfigPresets.default, ...(options.config ?? {}) };
  const r = buildVoxelNavMesh(positions, triangles, config, options.context ? { context: options.context } : {});
  return { navMesh: r.navMesh, empty: (r.report.flags & VoxelBuildFlags.Empty) !== 0, report: r.report };
}
