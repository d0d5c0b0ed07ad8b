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
import { checkLength, checkOptions, resolveLimits, type NavMeshInputLimits } from "../input-limits";
import { POLY_REF_TILE_BITS } from "../tiles/poly-ref";
import { showValue, voxelError } from "./errors";
import { createTiledNavMeshInput, buildTiledNavMesh, DEFAULT_TILE_SIZE, type TiledNavMeshInput } from "./tile-build";
import { soupBounds, validateTriangleSoup } from "./triangle-soup";
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
 *
 * @param positions - Vertex positions `x, y, z` of the level (world units, y up), validated.
 * @param triangles - Vertex indices, three per triangle, validated (an index out of range throws `NAVMESH_BAD_GEOMETRY`).
 * @param config - The voxel configuration (e.g. `VoxelConfigPresets.default` or `voxelConfigFromWorld(…)`), validated.
 * @param options - `context` (progress, cancellation, log, clock), `bounds` (world units, default the input's), `triangleAreas` (area id per triangle instead of slope marking), `markAreas(chf)` and `keepIntermediates` (default false).
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
  const cfg = validateVoxelConfig(config, { caller: FN });
  const degenerate = validateTriangleSoup(positions, triangles, { caller: FN });
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
  const chf = buildCompactHeightfield(hf, cfg.walkableHeight, cfg.walkableClimb, { borderSize: cfg.borderSize, onWarn: warn });
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
  const cset = buildContours(chf, cfg.maxSimplificationError, cfg.maxEdgeLen, { onWarn: warn });
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
 *
 * @param mesh - The polygon mesh in voxel coordinates (from {@link buildPolyMesh}), read only.
 * @param options - `tags`: a tag per polygon (default its region id).
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

/**
 * Grid side (cells, border included) above which {@link buildNavMeshFromTriangles3d} builds in
 * tiles unless told otherwise: a solo build of a very long region is superlinear in its length
 * (ear clipping of its one contour), a tiled build is linear in the area.
 */
export const AUTO_TILE_GRID_CELLS = 2048;

/** Options of {@link buildNavMeshFromTriangles3d}. */
export interface BuildNavMeshFromTriangles3dOptions {
  /** Parameters (default {@link VoxelConfigPresets}`.default`); a partial object overrides the preset's fields. */
  readonly config?: Partial<VoxelConfig>;
  /** Progress, cancellation, logging and clock (a tiled build polls `isCancelled` between tiles and has no stage progress). */
  readonly context?: BuildContext;
  /**
   * `true`: always build in tiles; `false`: always one solo build. Default: automatic, tiles when
   * either grid side exceeds {@link AUTO_TILE_GRID_CELLS} cells or `tileSize` is above 0.
   */
  readonly tiled?: boolean;
  /**
   * Tile side for a tiled build (default {@link DEFAULT_TILE_SIZE}); `0` means a solo build (like
   * `tiled: false`), a value above 0 asks for tiles. [Limit: 0 or 8..4096] [Units: vx (cells)]
   */
  readonly tileSize?: number;
  /** Size caps (default {@link NAVMESH_INPUT_LIMITS}): `maxVertices` positions / 3, `maxTriangles` triangles / 3. */
  readonly limits?: Partial<NavMeshInputLimits>;
}

/** Result of {@link buildNavMeshFromTriangles3d}. */
export interface BuildNavMeshFromTriangles3dResult {
  /** The navmesh (empty when nothing is walkable); tiles `"x,y,0"` when `tiled`. */
  readonly navMesh: NavMesh;
  /** True when nothing was walkable. */
  readonly empty: boolean;
  /**
   * What the build did. For a tiled build the counts are sums over the tiles (`spanCount` and
   * `compactSpanCount` are the padded tiles' walkable spans, `contourCount` is 0: tiles keep no
   * contours) and `timings` has one entry, `tiles`.
   */
  readonly report: VoxelBuildReport;
  /** True when the build was tiled (see `options.tiled`). */
  readonly tiled: boolean;
  /** Tiles with polygons (a solo build: 1, or 0 when empty). */
  readonly tileCount: number;
  /** The prepared tiled input (tiled builds only): for {@link rebuildNavMeshTile} and tile caches. */
  readonly input?: TiledNavMeshInput;
}

/**
 * Level 2: builds a navmesh from a 3D triangle soup (y up, e.g. {@link parseObj}'s output) by
 * voxelisation, with {@link VoxelConfigPresets}`.default` (a human-sized agent, 2 m tall with a
 * 0.3 m radius, on 0.15 m cells: levels in metres) unless `config` overrides some fields; the
 * presets' TSDoc says which to start from for another agent size or level scale. Every
 * part 1 query works on the result. For the stages, their intermediates, area marking and
 * triangle areas use the level-1 {@link buildVoxelNavMesh}. Nothing is cached: a build is a
 * one-off.
 *
 * Long or large levels are built in tiles ({@link buildTiledNavMesh}, `tileSize` cells, default
 * {@link DEFAULT_TILE_SIZE}) when either side of the voxel grid exceeds
 * {@link AUTO_TILE_GRID_CELLS} cells: the result is then a tiled navmesh (`tiled: true`, tiles
 * linked across their edges) that every query handles the same way. `tiled: false` (or
 * `tileSize: 0`) forces one solo build, `tiled: true` (or a `tileSize` above 0) forces tiles.
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
 * const { navMesh, empty, report, tiled } = buildNavMeshFromTriangles3d(obj.positions, obj.triangles, { config: { cellSize: 0.2 } });
 * empty; // false
 * tiled; // false: 52 cells a side (cellSize 0.2 here) is far below AUTO_TILE_GRID_CELLS
 * report.regionCount > 0; // true
 * findPolygon(navMesh, 1, 1) >= 0; // true: the floor is walkable
 * // A 1 km × 4 m strip (6,667 cells long at 0.15 m) is built in 64-cell tiles.
 * const strip = buildNavMeshFromTriangles3d([0, 0, 0, 1000, 0, 0, 1000, 0, 4, 0, 0, 4], [0, 2, 1, 0, 3, 2]);
 * strip.tiled; // true
 * strip.tileCount; // 105
 * ```
 */
export function buildNavMeshFromTriangles3d(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  options: BuildNavMeshFromTriangles3dOptions = {},
): BuildNavMeshFromTriangles3dResult {
  const fn = "buildNavMeshFromTriangles3d";
  options = checkOptions(fn, options);
  const limits = resolveLimits(fn, options.limits);
  checkLength(fn, NavMeshErrorCodes.BadGeometry, positions, "positions", "maxVertices", limits.maxVertices, 3);
  checkLength(fn, NavMeshErrorCodes.BadGeometry, triangles, "triangles", "maxTriangles", limits.maxTriangles, 3);
  const config = { ...VoxelConfigPresets.default, ...checkOptions(fn, options.config, "config", NavMeshErrorCodes.Config) };
  validateTriangleSoup(positions, triangles, { caller: fn });
  const ts: unknown = options.tileSize;
  if (ts !== undefined && (typeof ts !== "number" || !Number.isInteger(ts) || (ts !== 0 && (ts < 8 || ts > 4096))))
    throw voxelError(NavMeshErrorCodes.Config, fn, `"tileSize" must be 0 (solo build) or an integer in 8..4096 (vx), got ${showValue(ts)}.`, "tileSize");
  const tiledOpt: unknown = options.tiled;
  if (tiledOpt !== undefined && typeof tiledOpt !== "boolean")
    throw voxelError(NavMeshErrorCodes.Config, fn, `"tiled" must be true, false or left out (automatic), got ${showValue(tiledOpt)}.`, "tiled");
  const grid = ts === undefined || ts === 0 ? soloGridSize(positions, triangles, validateVoxelConfig(config, { caller: FN })) : undefined;
  const tiled = tiledOpt ?? (ts !== undefined ? ts > 0 : grid !== undefined && Math.max(grid[0], grid[1]) > AUTO_TILE_GRID_CELLS);
  if (!tiled) {
    const r = buildVoxelNavMesh(positions, triangles, config, options.context ? { context: options.context } : {});
    const empty = (r.report.flags & VoxelBuildFlags.Empty) !== 0;
    return { navMesh: r.navMesh, empty, report: r.report, tiled: false, tileCount: empty ? 0 : 1 };
  }
  const tileSize = ts !== undefined && ts !== 0 ? ts : grid !== undefined ? automaticTileSize(grid[0], grid[1]) : DEFAULT_TILE_SIZE;
  return buildTiledLevel2(positions, triangles, config, tileSize, options.context);
}

/**
 * The tile side an automatic tiled build uses: {@link DEFAULT_TILE_SIZE}, doubled while the grid
 * would need more tiles than a polygon ref can address (2^16), up to 4096 cells. A grid too big
 * even then keeps 4096 and the tiled build reports it (`NAVMESH_CONFIG`, raise `cellSize`).
 */
function automaticTileSize(w: number, d: number): number {
  let size = DEFAULT_TILE_SIZE;
  while (size < 4096 && Math.ceil(w / size) * Math.ceil(d / size) > 1 << POLY_REF_TILE_BITS) size *= 2;
  return size;
}

/** The solo voxel grid's width and depth in cells (with the border), or undefined for malformed input (the solo build reports it). */
function soloGridSize(positions: ArrayLike<number>, triangles: ArrayLike<number>, cfg: VoxelConfig): [number, number] | undefined {
  if (positions === null || typeof positions !== "object" || triangles === null || typeof triangles !== "object") return undefined;
  if (typeof positions.length !== "number" || typeof triangles.length !== "number") return undefined;
  const b = soupBounds(positions, triangles);
  const w = (b[3]! - b[0]!) / cfg.cellSize + 2 * cfg.borderSize,
    d = (b[5]! - b[2]!) / cfg.cellSize + 2 * cfg.borderSize;
  return Number.isFinite(w) && Number.isFinite(d) ? [w, d] : undefined;
}

/** The tiled branch of {@link buildNavMeshFromTriangles3d}, with a report summed over the tiles. */
function buildTiledLevel2(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  config: VoxelConfig,
  tileSize: number,
  context: BuildContext | undefined,
): BuildNavMeshFromTriangles3dResult {
  const t0 = context?.now ? context.now() : 0;
  const input = createTiledNavMeshInput(positions, triangles, { ...config, tileSize });
  let spans = 0,
    regions = 0,
    verts = 0,
    detailTris = 0;
  const r = buildTiledNavMesh(input, {
    ...(context ? { context } : {}),
    onTile: (t) => {
      spans += t.spanCount;
      regions += t.regionCount;
      verts += t.polyMesh.vertCount;
      detailTris += t.detail.tris.length / 3;
    },
  });
  let walkable = 0;
  for (let t = 0; t < input.triangleAreas.length; t++) if (input.triangleAreas[t] !== 0) walkable++;
  const cs = input.config.cellSize;
  let flags = 0;
  if (r.tileCount === 0) flags |= VoxelBuildFlags.Empty;
  if (input.degenerateTriangles > 0) flags |= VoxelBuildFlags.DegenerateTriangles;
  if (r.failedContours > 0) flags |= VoxelBuildFlags.TriangulationFailed;
  const report: VoxelBuildReport = {
    flags,
    triangleCount: input.triangles.length / 3,
    degenerateTriangles: input.degenerateTriangles,
    walkableTriangles: walkable,
    gridWidth: Math.max(1, Math.ceil((input.bounds[3]! - input.bounds[0]!) / cs)),
    gridDepth: Math.max(1, Math.ceil((input.bounds[5]! - input.bounds[2]!) / cs)),
    spanCount: spans,
    compactSpanCount: spans,
    regionCount: regions,
    contourCount: 0,
    polyCount: r.polyCount,
    vertexCount: verts,
    detailTriangleCount: detailTris,
    failedContours: r.failedContours,
    timings: { tiles: context?.now ? context.now() - t0 : 0 },
  };
  return { navMesh: r.navMesh, empty: r.tileCount === 0, report, tiled: true, tileCount: r.tileCount, input };
}
