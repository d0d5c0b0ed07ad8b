import { NavMeshErrorCodes } from "../errors";
import { showValue, voxelError } from "./errors";

/** Largest walkable slope the generator accepts, degrees (a slope must stay below 90°). */
export const MAX_WALKABLE_SLOPE_DEGREES = 89.9;

/**
 * Parameters of the voxel pipeline, with Recast's names, units and limits. `vx` is a voxel
 * count (horizontal cells for radius/edge lengths/areas, vertical cells for height and climb),
 * `wu` a world unit, `deg` degrees. Make one from world units with {@link voxelConfigFromWorld}
 * or start from {@link VoxelConfigPresets}; {@link validateVoxelConfig} checks every limit.
 */
export interface VoxelConfig {
  /** Horizontal (xz) size of a voxel cell. [Limit: > 0] [Units: wu] */
  readonly cellSize: number;
  /** Vertical (y) size of a voxel cell. [Limit: > 0] [Units: wu] */
  readonly cellHeight: number;
  /** Steepest slope still walkable. [Limit: 0 <= value <= 89.9] [Units: deg] */
  readonly walkableSlopeAngle: number;
  /** Smallest floor-to-ceiling height an agent fits under. [Limit: 3..255] [Units: vx] */
  readonly walkableHeight: number;
  /** Highest ledge an agent can step up or down. [Limit: 0..8191] [Units: vx] */
  readonly walkableClimb: number;
  /** Agent radius: walkable area is eroded this far from walls and ledges. [Limit: 0..255] [Units: vx] */
  readonly walkableRadius: number;
  /** Longest contour edge along the mesh border (0 = no limit). [Limit: >= 0] [Units: vx] */
  readonly maxEdgeLen: number;
  /** Largest distance a simplified contour may deviate from the raw one. [Limit: >= 0] [Units: vx] */
  readonly maxSimplificationError: number;
  /** Isolated regions smaller than this are removed. [Limit: >= 0] [Units: vx (cells)] */
  readonly minRegionArea: number;
  /** Regions smaller than this are merged into a neighbor when possible. [Limit: >= 0] [Units: vx (cells)] */
  readonly mergeRegionArea: number;
  /** Most vertices of a polygon of the polygon mesh. [Limit: 3..6] */
  readonly maxVertsPerPoly: number;
  /** Detail mesh sample spacing (0 = no interior or edge samples). [Limit: 0 or >= 0.9] [Units: wu] */
  readonly detailSampleDist: number;
  /** Largest height error of the detail mesh against the voxel surface. [Limit: >= 0] [Units: wu] */
  readonly detailSampleMaxError: number;
  /** Non-navigable border around the heightfield, for tiles (0 for a solo build). [Limit: >= 0] [Units: vx] */
  readonly borderSize: number;
  /** How walkable spans are split into regions (default `"watershed"`; see {@link VoxelPartition}). */
  readonly partition?: VoxelPartition;
}

/**
 * Region partitioning of the voxel pipeline (Recast's three): `"watershed"` (default; best
 * polygons, slowest, needs the distance field), `"monotone"` (fastest, no distance field, long
 * thin polygons) and `"layers"` (non-overlapping 2D layers, for tiles with stacked floors).
 */
export type VoxelPartition = "watershed" | "monotone" | "layers";

/** The accepted {@link VoxelPartition} values. */
export const VOXEL_PARTITIONS: readonly VoxelPartition[] = Object.freeze(["watershed", "monotone", "layers"] as const);

/** World-unit inputs of {@link voxelConfigFromWorld} (the RecastDemo sliders). */
export interface WorldVoxelConfig {
  /** Cell size. [Limit: > 0] [Units: wu] */
  readonly cellSize: number;
  /** Cell height. [Limit: > 0] [Units: wu] */
  readonly cellHeight: number;
  /** Agent height. [Limit: > 0] [Units: wu] */
  readonly agentHeight: number;
  /** Agent radius. [Limit: >= 0] [Units: wu] */
  readonly agentRadius: number;
  /** Highest step. [Limit: >= 0] [Units: wu] */
  readonly agentMaxClimb: number;
  /** Steepest walkable slope. [Limit: 0..89.9] [Units: deg] */
  readonly agentMaxSlope: number;
  /** Side of the smallest kept region (squared into an area). [Limit: >= 0] [Units: vx] (default 8) */
  readonly regionMinSize?: number;
  /** Side under which regions merge (squared). [Limit: >= 0] [Units: vx] (default 20) */
  readonly regionMergeSize?: number;
  /** Longest border edge. [Limit: >= 0] [Units: wu] (default 12 cells) */
  readonly edgeMaxLen?: number;
  /** Contour simplification error. [Limit: >= 0] [Units: vx] (default 1.3) */
  readonly edgeMaxError?: number;
  /** Vertices per polygon. [Limit: 3..6] (default 6) */
  readonly vertsPerPoly?: number;
  /** Detail sample spacing in cells (< 0.9 disables sampling). [Limit: >= 0] [Units: cells] (default 6) */
  readonly detailSampleDist?: number;
  /** Detail error in cell heights. [Limit: >= 0] [Units: cell heights] (default 1) */
  readonly detailSampleMaxError?: number;
  /** Border for tiled builds. [Limit: >= 0] [Units: vx] (default 0) */
  readonly borderSize?: number;
  /** Region partitioning (default `"watershed"`). */
  readonly partition?: VoxelPartition;
}

const FN_WORLD = "voxelConfigFromWorld";

function worldNumber(fn: string, src: Record<string, unknown>, name: string, min: number, exclusiveMin: boolean, fallback?: number): number {
  const v = src[name] === undefined ? fallback : src[name];
  if (typeof v !== "number" || !Number.isFinite(v) || (exclusiveMin ? !(v > min) : !(v >= min))) {
    throw voxelError(NavMeshErrorCodes.Config, fn, `"${name}" must be a finite number ${exclusiveMin ? ">" : ">="} ${min}, got ${showValue(v)}.`, name);
  }
  return v;
}

/**
 * Converts world-unit agent and quality settings into a voxel {@link VoxelConfig} the way
 * RecastDemo does: height up to whole cells (`ceil`), climb down (`floor`), radius up (`ceil`),
 * areas as squared sides, edge length in cells; then validates it.
 *
 * @param world - Settings in world units: `cellSize`, `cellHeight`, the agent's `agentHeight`, `agentRadius`, `agentMaxClimb` and `agentMaxSlope` (degrees), and the optional quality settings (`regionMinSize`, `edgeMaxLen`, `vertsPerPoly`, `detailSampleDist`, `partition`, …) with their documented defaults.
 *
 * @example
 * ```ts
 * const config = voxelConfigFromWorld({ cellSize: 0.3, cellHeight: 0.2, agentHeight: 2, agentRadius: 0.6, agentMaxClimb: 0.9, agentMaxSlope: 45 });
 * config.walkableHeight; // 10 voxels
 * config.walkableRadius; // 2 cells
 * ```
 */
export function voxelConfigFromWorld(world: WorldVoxelConfig): VoxelConfig {
  if (world === null || typeof world !== "object") throw voxelError(NavMeshErrorCodes.Config, FN_WORLD, "expected a settings object.", "settings");
  const w = world as unknown as Record<string, unknown>;
  const cs = worldNumber(FN_WORLD, w, "cellSize", 0, true);
  const ch = worldNumber(FN_WORLD, w, "cellHeight", 0, true);
  const agentHeight = worldNumber(FN_WORLD, w, "agentHeight", 0, true);
  const agentRadius = worldNumber(FN_WORLD, w, "agentRadius", 0, false);
  const agentMaxClimb = worldNumber(FN_WORLD, w, "agentMaxClimb", 0, false);
  const slope = worldNumber(FN_WORLD, w, "agentMaxSlope", 0, false);
  const regionMin = worldNumber(FN_WORLD, w, "regionMinSize", 0, false, 8);
  const regionMerge = worldNumber(FN_WORLD, w, "regionMergeSize", 0, false, 20);
  const edgeMaxLen = worldNumber(FN_WORLD, w, "edgeMaxLen", 0, false, 12 * cs);
  const edgeMaxError = worldNumber(FN_WORLD, w, "edgeMaxError", 0, false, 1.3);
  const verts = worldNumber(FN_WORLD, w, "vertsPerPoly", 3, false, 6);
  const sampleDist = worldNumber(FN_WORLD, w, "detailSampleDist", 0, false, 6);
  const sampleErr = worldNumber(FN_WORLD, w, "detailSampleMaxError", 0, false, 1);
  const border = worldNumber(FN_WORLD, w, "borderSize", 0, false, 0);
  return validateVoxelConfig(
    {
      cellSize: cs,
      cellHeight: ch,
      walkableSlopeAngle: Math.min(slope, MAX_WALKABLE_SLOPE_DEGREES),
      walkableHeight: Math.max(3, Math.ceil(agentHeight / ch)),
      walkableClimb: Math.floor(agentMaxClimb / ch),
      walkableRadius: Math.ceil(agentRadius / cs),
      maxEdgeLen: Math.floor(edgeMaxLen / cs),
      maxSimplificationError: edgeMaxError,
      minRegionArea: Math.round(regionMin * regionMin),
      mergeRegionArea: Math.round(regionMerge * regionMerge),
      maxVertsPerPoly: verts,
      detailSampleDist: sampleDist < 0.9 ? 0 : cs * sampleDist,
      detailSampleMaxError: ch * sampleErr,
      borderSize: border,
      ...(w["partition"] === undefined ? {} : { partition: w["partition"] as VoxelPartition }),
    },
    { caller: FN_WORLD },
  );
}

interface Limit {
  readonly name: keyof VoxelConfig;
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
  readonly exclusiveMin?: boolean;
  readonly unit: string;
}

const LIMITS: readonly Limit[] = [
  { name: "cellSize", min: 0, max: Infinity, integer: false, exclusiveMin: true, unit: "wu" },
  { name: "cellHeight", min: 0, max: Infinity, integer: false, exclusiveMin: true, unit: "wu" },
  { name: "walkableSlopeAngle", min: 0, max: MAX_WALKABLE_SLOPE_DEGREES, integer: false, unit: "deg" },
  { name: "walkableHeight", min: 3, max: 255, integer: true, unit: "vx" },
  { name: "walkableClimb", min: 0, max: 0x1fff, integer: true, unit: "vx" },
  { name: "walkableRadius", min: 0, max: 255, integer: true, unit: "vx" },
  { name: "maxEdgeLen", min: 0, max: 1 << 16, integer: true, unit: "vx" },
  { name: "maxSimplificationError", min: 0, max: 1 << 16, integer: false, unit: "vx" },
  { name: "minRegionArea", min: 0, max: 1 << 26, integer: true, unit: "vx" },
  { name: "mergeRegionArea", min: 0, max: 1 << 26, integer: true, unit: "vx" },
  { name: "maxVertsPerPoly", min: 3, max: 6, integer: true, unit: "vertices" },
  { name: "detailSampleDist", min: 0, max: Infinity, integer: false, unit: "wu" },
  { name: "detailSampleMaxError", min: 0, max: Infinity, integer: false, unit: "wu" },
  { name: "borderSize", min: 0, max: 255, integer: true, unit: "vx" },
];

/** Options of {@link validateVoxelConfig}. */
export interface ValidateVoxelConfigOptions {
  /** Name of the function the error messages start with, for a builder that validates its config; default `"validateVoxelConfig"`. */
  readonly caller?: string;
}

/**
 * Checks every parameter of a {@link VoxelConfig} against its limit and returns a frozen copy.
 * Throws `NAVMESH_CONFIG` whose `path` is the parameter name (e.g. `cellSize` for a cell size ≤ 0,
 * `walkableSlopeAngle` for a slope ≥ 90°).
 *
 * @param config - The config to check (not changed).
 * @param options - `caller`: the function name the error messages start with (default `"validateVoxelConfig"`).
 */
export function validateVoxelConfig(config: VoxelConfig, options: ValidateVoxelConfigOptions = {}): VoxelConfig {
  const fn = options.caller ?? "validateVoxelConfig";
  if (config === null || typeof config !== "object")
    throw voxelError(NavMeshErrorCodes.Config, fn, "the config must be an object (see VoxelConfigPresets).", "config");
  const c = config as unknown as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const l of LIMITS) {
    const v = c[l.name];
    const inRange =
      typeof v === "number" && Number.isFinite(v) && (l.exclusiveMin ? v > l.min : v >= l.min) && v <= l.max && (!l.integer || Number.isInteger(v));
    if (!inRange) {
      const range = `${l.exclusiveMin ? "> " : ""}${l.exclusiveMin ? l.min : `${l.min}..${l.max === Infinity ? "∞" : l.max}`}`;
      throw voxelError(
        NavMeshErrorCodes.Config,
        fn,
        `"${l.name}" must be ${l.integer ? "an integer" : "a finite number"} in ${range} (${l.unit}), got ${showValue(v)}.`,
        l.name,
      );
    }
    out[l.name] = v;
  }
  if (out["detailSampleDist"]! > 0 && out["detailSampleDist"]! < 0.9 * out["cellSize"]!) {
    throw voxelError(
      NavMeshErrorCodes.Config,
      fn,
      `"detailSampleDist" must be 0 or at least 0.9 × cellSize (${0.9 * out["cellSize"]!}), got ${out["detailSampleDist"]}.`,
      "detailSampleDist",
    );
  }
  const partition = c["partition"];
  if (partition !== undefined) {
    if (typeof partition !== "string" || !(VOXEL_PARTITIONS as readonly string[]).includes(partition))
      throw voxelError(NavMeshErrorCodes.Config, fn, `"partition" must be "watershed", "monotone" or "layers", got ${showValue(partition)}.`, "partition");
    (out as Record<string, unknown>)["partition"] = partition;
  }
  return Object.freeze(out as unknown as VoxelConfig);
}

/**
 * Ready-made configurations, in world units of metres (1 wu = 1 m), y up. Each one is for an agent
 * size and a level scale; for another agent start from {@link voxelConfigFromWorld} or override
 * fields (`{ ...VoxelConfigPresets.default, walkableRadius: 3 }`).
 *
 * - `default` (what {@link buildNavMeshFromTriangles3d} uses): a human-sized agent, 2 m tall, 0.3 m
 *   radius, 0.6 m step, 45° slopes, on levels of a few metres to a few hundred metres: 0.15 m cells
 *   (half the radius, so 0.6 m doorways stay open), 0.2 m layers; islands under 64 cells (1.44 m²,
 *   e.g. table tops) are removed and regions under 400 cells (9 m²) merged into a neighbour.
 *   Builds every shared bench mesh (RecastDemo's, recast4j's and DotRecast's test levels) in about a
 *   second with the largest connected part covering ≥ 95 % of what the fine `bench` preset finds.
 *   Long levels (over {@link AUTO_TILE_GRID_CELLS} cells a side, ≈ 300 m at 0.15 m) are built in tiles.
 * - `recast`: RecastDemo's defaults (0.3 m cells, 0.2 m layers, agent 2 m tall, 0.6 m radius,
 *   0.8 m step, regions under 64 cells removed, merged under 400; the default before 0.1): a broad
 *   0.6 m agent on large open levels. Passages under ≈ 1.2 m close and small regions drop out: on
 *   the shared `house.obj` it gives 10 polygons, and on `annotation_test.obj` its largest connected
 *   part covers 38 % of the `bench` preset's.
 * - `bench`: the configuration the benchmarks share with navcat and recast-navigation (0.15 m
 *   cells, 0.25 m layers, agent 2 m tall, 0.3 m radius, 0.5 m step, tiny regions kept): the finest
 *   and slowest, for comparisons and for levels with narrow detail.
 * - `coarse`: 0.5 m cells and 0.25 m layers, agent 2 m tall, 0.5 m radius, 0.5 m step: quick
 *   previews of large levels (several times faster than `default`, polygons follow walls loosely).
 */
export const VoxelConfigPresets: {
  readonly default: VoxelConfig;
  readonly recast: VoxelConfig;
  readonly bench: VoxelConfig;
  readonly coarse: VoxelConfig;
} = Object.freeze({
  default: Object.freeze<VoxelConfig>({
    cellSize: 0.15,
    cellHeight: 0.2,
    walkableSlopeAngle: 45,
    walkableHeight: 10,
    walkableClimb: 3,
    walkableRadius: 2,
    maxEdgeLen: 40,
    maxSimplificationError: 1.3,
    minRegionArea: 64,
    mergeRegionArea: 400,
    maxVertsPerPoly: 6,
    detailSampleDist: 0.9,
    detailSampleMaxError: 0.2,
    borderSize: 0,
  }),
  recast: Object.freeze<VoxelConfig>({
    cellSize: 0.3,
    cellHeight: 0.2,
    walkableSlopeAngle: 45,
    walkableHeight: 10,
    walkableClimb: 4,
    walkableRadius: 2,
    maxEdgeLen: 40,
    maxSimplificationError: 1.3,
    minRegionArea: 64,
    mergeRegionArea: 400,
    maxVertsPerPoly: 6,
    detailSampleDist: 1.8,
    detailSampleMaxError: 0.2,
    borderSize: 0,
  }),
  bench: Object.freeze<VoxelConfig>({
    cellSize: 0.15,
    cellHeight: 0.25,
    walkableSlopeAngle: 45,
    walkableHeight: 8,
    walkableClimb: 2,
    walkableRadius: 2,
    maxEdgeLen: 12,
    maxSimplificationError: 1.3,
    minRegionArea: 8,
    mergeRegionArea: 20,
    maxVertsPerPoly: 6,
    detailSampleDist: 0.9,
    detailSampleMaxError: 0.25,
    borderSize: 0,
  }),
  coarse: Object.freeze<VoxelConfig>({
    cellSize: 0.5,
    cellHeight: 0.25,
    walkableSlopeAngle: 45,
    walkableHeight: 8,
    walkableClimb: 2,
    walkableRadius: 1,
    maxEdgeLen: 24,
    maxSimplificationError: 1.3,
    minRegionArea: 8,
    mergeRegionArea: 20,
    maxVertsPerPoly: 6,
    detailSampleDist: 3,
    detailSampleMaxError: 0.25,
    borderSize: 0,
  }),
});
