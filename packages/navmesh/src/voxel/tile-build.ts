// Tiled voxel builds (Recast's tiled sample): the world is cut into square tiles of `tileSize`
// cells; each tile rasterises the triangles overlapping its bounds padded by `borderSize` cells
// (walkableRadius + 3), runs the pipeline and keeps the part inside the tile. Tiles are pure
// functions of their input, so a worker pool can build them; they become part 1 tiles "x,y,0"
// (with partition "layers", one tile "x,y,k" per stacked layer k of overlapping floors).
import { navMeshError, NavMeshErrorCodes, show } from "../errors";
import { getNavMeshTileKey } from "../tiles/tiles";
import { makeTile, navMeshFromPlacedTiles, type PlacedTileData } from "../tiles/assemble";
import { patchFlatView } from "../tiles/flat-view";
import { encodePolyRef, POLY_REF_GENERATION_BITS, POLY_REF_TILE_BITS } from "../tiles/poly-ref";
import { validateNavMeshInput } from "../tiles/tile-input";
import type { NavMesh, NavMeshInput } from "../types";
import { soupBounds, validateTriangleSoup } from "./triangle-soup";
import { buildCompactHeightfield } from "./compact";
import { validateVoxelConfig, VoxelConfigPresets, type VoxelConfig } from "./config";
import type { BuildContext } from "./context";
import { buildContours } from "./contours";
import { buildPolyMeshDetail } from "./detail-mesh";
import { buildDistanceField } from "./distance-field";
import { erodeWalkableArea, medianFilterWalkableArea } from "./erode";
import { showValue, voxelError } from "./errors";
import { filterLedgeSpans, filterLowHangingObstacles, filterLowHeightSpans } from "./filters";
import { createHeightfield, markWalkableTriangles, rasterizeTriangle } from "./heightfield";
import { buildPolyMesh } from "./poly-mesh";
import { buildRegions } from "./regions";
import { assignRegionLayers, buildLayerRegions } from "./regions-layers";
import { buildRegionsMonotone } from "./regions-monotone";
import { removeTileBorderVertices } from "./tile-border";
import { WALKABLE_AREA, type CompactHeightfield, type PolyMesh, type PolyMeshDetail } from "./types";

/** A {@link VoxelConfig} plus the tile size; `borderSize` is ignored (tiles use `walkableRadius + 3`). */
export interface TiledVoxelConfig extends VoxelConfig {
  /** Side of a square tile. [Limit: 8..4096] [Units: vx (cells)] */
  readonly tileSize: number;
}

/**
 * A triangle soup prepared for tiled builds (plain data, made by {@link createTiledNavMeshInput}):
 * validated geometry, per-triangle areas, the tile grid and, per tile, the triangles overlapping
 * its padded bounds. Reused by every tile build, rebuild and tile cache over the same geometry.
 */
export interface TiledNavMeshInput {
  /** Vertex positions `x, y, z` (a copy of the input). [Units: wu] */
  readonly positions: Float64Array;
  /** Triangle vertex indices (a copy). */
  readonly triangles: Int32Array;
  /** Area id per triangle (63 walkable, 0 not; or the caller's `triangleAreas`). */
  readonly triangleAreas: Uint8Array;
  /** The validated configuration; `borderSize` is `walkableRadius + 3`. */
  readonly config: TiledVoxelConfig;
  /** Build bounds `minX, minY, minZ, maxX, maxY, maxZ`; tile (0, 0) starts at the minimum corner. [Units: wu] */
  readonly bounds: Float64Array;
  /** Tiles along x (columns). */
  readonly tilesX: number;
  /** Tiles along z (rows). */
  readonly tilesY: number;
  /** Tile `t = tx + ty·tilesX` overlaps triangles `tileTriangles[tileTriangleStart[t] .. tileTriangleStart[t+1])`. */
  readonly tileTriangleStart: Int32Array;
  /** Triangle ids per tile, ascending (see `tileTriangleStart`). */
  readonly tileTriangles: Int32Array;
  /** Triangles skipped as degenerate. */
  readonly degenerateTriangles: number;
}

/** Options of {@link createTiledNavMeshInput}. */
export interface CreateTiledNavMeshInputOptions {
  /** Build bounds `minX, minY, minZ, maxX, maxY, maxZ` (default: the soup's bounds). [Units: wu] */
  readonly bounds?: ArrayLike<number>;
  /** Area id per triangle (0..63; 0 = not walkable) instead of slope marking. */
  readonly triangleAreas?: ArrayLike<number>;
}

/** Options of {@link buildNavMeshTile} and {@link rebuildNavMeshTile}. */
export interface BuildNavMeshTileOptions {
  /**
   * Area edits on the tile's compact heightfield after erosion (e.g. `markBoxArea`), followed by
   * the median filter. Called with the padded tile heightfield (world coordinates) and the tile.
   */
  readonly markAreas?: (chf: CompactHeightfield, tx: number, ty: number) => void;
  /** Keep the tile's compact heightfield (before erosion) in the result. Default false. */
  readonly keepLayer?: boolean;
}

/** One tile of a tiled build: its place, its part 1 input (absent when nothing is walkable) and counts. */
export interface NavMeshTileBuild {
  /** Tile column. */
  readonly x: number;
  /** Tile row. */
  readonly y: number;
  /** Tile layer of `input` (always 0: further layers are in `layerInputs`). */
  readonly layer: number;
  /** The tile's polygons of layer 0 in world coordinates (x, z as the plane, y as height), or undefined when empty. */
  readonly input: NavMeshInput | undefined;
  /**
   * Part 1 input per tile layer `k` (`layerInputs[0] === input`): with `partition: "layers"` the
   * tile's polygons split by {@link assignRegionLayers} (overlapping floors, lowest first), each
   * becoming tile `"x,y,k"`; otherwise one entry. An entry is undefined when that layer is empty.
   */
  readonly layerInputs: readonly (NavMeshInput | undefined)[];
  /** The tile's polygon mesh (voxel coordinates relative to the tile's corner). */
  readonly polyMesh: PolyMesh;
  /** Height detail of the tile's polygons. */
  readonly detail: PolyMeshDetail;
  /** Walkable spans of the padded tile. */
  readonly spanCount: number;
  /** Regions of the tile (after filtering). */
  readonly regionCount: number;
  /** Contours whose triangulation gave up. */
  readonly failedContours: number;
  /** The compact heightfield before erosion, with `keepLayer`. */
  readonly layer0?: CompactHeightfield;
}

const MIN_TILE = 8,
  MAX_TILE = 4096;

/**
 * Validates a triangle soup and a {@link TiledVoxelConfig} and prepares the tile grid (level 1):
 * triangle areas by slope (or `triangleAreas`), and per tile the triangles overlapping its padded
 * bounds. Throws `NAVMESH_CONFIG` (parameter named in `path`, `tileSize` out of 8..4096) and
 * `NAVMESH_BAD_GEOMETRY` like {@link buildVoxelNavMesh}.
 *
 * @param positions - Vertex positions `x, y, z` of the level (world units, y up), validated.
 * @param triangles - Vertex indices, three per triangle, validated.
 * @param config - The voxel configuration plus `tileSize` (cells per tile side, an integer in 8..4096); its `borderSize` is replaced by `walkableRadius + 3`.
 * @param options - `bounds` (`minX, minY, minZ, maxX, maxY, maxZ`, world units; default the soup's bounds) and `triangleAreas` (area id per triangle, 0..63, instead of slope marking).
 */
export function createTiledNavMeshInput(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  config: TiledVoxelConfig,
  options: CreateTiledNavMeshInputOptions = {},
): TiledNavMeshInput {
  const fn = "createTiledNavMeshInput";
  if (config === null || typeof config !== "object") throw voxelError(NavMeshErrorCodes.Config, fn, "the config must be an object.", "config");
  const ts = (config as { tileSize?: unknown }).tileSize;
  if (typeof ts !== "number" || !Number.isInteger(ts) || ts < MIN_TILE || ts > MAX_TILE)
    throw voxelError(NavMeshErrorCodes.Config, fn, `"tileSize" must be an integer in ${MIN_TILE}..${MAX_TILE} (vx), got ${showValue(ts)}.`, "tileSize");
  const base = validateVoxelConfig({ ...config, borderSize: 0 }, { caller: fn });
  const cfg: TiledVoxelConfig = Object.freeze({ ...base, borderSize: base.walkableRadius + 3, tileSize: ts });
  const degenerate = validateTriangleSoup(positions, triangles, { caller: fn });
  const pos = Float64Array.from(positions);
  const tris = Int32Array.from(triangles);
  const nt = tris.length / 3;
  const areas = new Uint8Array(nt);
  if (options.triangleAreas !== undefined) {
    const ta = options.triangleAreas;
    if (ta === null || typeof ta !== "object" || ta.length !== nt)
      throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `"triangleAreas" must have one entry per triangle (${nt}).`, "triangleAreas");
    for (let t = 0; t < nt; t++) {
      const a = ta[t];
      if (typeof a !== "number" || !Number.isInteger(a) || a < 0 || a > 63)
        throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `triangleAreas[${t}] is ${showValue(a)}; it must be an integer in 0..63.`, `triangleAreas[${t}]`);
      areas[t] = a;
    }
  } else markWalkableTriangles(areas, pos, tris, cfg.walkableSlopeAngle);
  const bounds = options.bounds !== undefined ? Float64Array.from(options.bounds) : soupBounds(pos, tris);
  if (bounds.length !== 6 || !bounds.every(Number.isFinite) || bounds[3]! < bounds[0]! || bounds[4]! < bounds[1]! || bounds[5]! < bounds[2]!)
    throw voxelError(NavMeshErrorCodes.BadGeometry, fn, `"bounds" must be 6 finite numbers (minX, minY, minZ, maxX, maxY, maxZ), min ≤ max.`, "bounds");
  const cs = cfg.cellSize;
  const gw = Math.max(1, Math.ceil((bounds[3]! - bounds[0]!) / cs)),
    gd = Math.max(1, Math.ceil((bounds[5]! - bounds[2]!) / cs));
  const tilesX = Math.ceil(gw / ts),
    tilesY = Math.ceil(gd / ts);
  if (tilesX * tilesY > 1 << POLY_REF_TILE_BITS)
    throw voxelError(
      NavMeshErrorCodes.Config,
      fn,
      `the grid would be ${tilesX} × ${tilesY} tiles, more than ${1 << POLY_REF_TILE_BITS}; raise tileSize or cellSize.`,
      "tileSize",
    );
  // Bucket triangles by the tiles whose padded bounds they overlap (two passes: count, fill).
  const border = cfg.borderSize;
  const ox = bounds[0]!,
    oz = bounds[2]!;
  const range = new Int32Array(nt * 4);
  const counts = new Int32Array(tilesX * tilesY + 1);
  for (let t = 0; t < nt; t++) {
    let minX = Infinity,
      maxX = -Infinity,
      minZ = Infinity,
      maxZ = -Infinity;
    for (let k = 0; k < 3; k++) {
      const v = tris[t * 3 + k]! * 3;
      const x = pos[v]!,
        z = pos[v + 2]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
    }
    const x0 = Math.max(0, Math.floor(((minX - ox) / cs - border - 1) / ts)),
      x1 = Math.min(tilesX - 1, Math.floor(((maxX - ox) / cs + border + 1) / ts));
    const z0 = Math.max(0, Math.floor(((minZ - oz) / cs - border - 1) / ts)),
      z1 = Math.min(tilesY - 1, Math.floor(((maxZ - oz) / cs + border + 1) / ts));
    range[t * 4] = x0;
    range[t * 4 + 1] = x1;
    range[t * 4 + 2] = z0;
    range[t * 4 + 3] = z1;
    for (let z = z0; z <= z1; z++) for (let x = x0; x <= x1; x++) counts[x + z * tilesX + 1]!++;
  }
  for (let i = 0; i < tilesX * tilesY; i++) counts[i + 1]! += counts[i]!;
  const start = counts.slice();
  const list = new Int32Array(counts[tilesX * tilesY]!);
  for (let t = 0; t < nt; t++) {
    for (let z = range[t * 4 + 2]!; z <= range[t * 4 + 3]!; z++) for (let x = range[t * 4]!; x <= range[t * 4 + 1]!; x++) list[counts[x + z * tilesX]!++] = t;
  }
  return {
    positions: pos,
    triangles: tris,
    triangleAreas: areas,
    config: cfg,
    bounds,
    tilesX,
    tilesY,
    tileTriangleStart: start,
    tileTriangles: list,
    degenerateTriangles: degenerate,
  };
}

function checkTile(fn: string, input: TiledNavMeshInput, tx: number, ty: number): void {
  if (typeof tx !== "number" || !Number.isInteger(tx) || tx < 0 || tx >= input.tilesX)
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `tile x ${showValue(tx)} is not in 0..${input.tilesX - 1}.`, { path: "tx" });
  if (typeof ty !== "number" || !Number.isInteger(ty) || ty < 0 || ty >= input.tilesY)
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `tile y ${showValue(ty)} is not in 0..${input.tilesY - 1}.`, { path: "ty" });
}

/**
 * The compact heightfield of tile `(tx, ty)` over its padded bounds, before erosion: rasterise the
 * tile's triangles, filter, compact (a tile cache keeps it eroded: {@link erodeTileLayer}). @internal
 */
export function buildTileLayer(input: TiledNavMeshInput, tx: number, ty: number): CompactHeightfield {
  const cfg = input.config;
  const cs = cfg.cellSize,
    ts = cfg.tileSize,
    border = cfg.borderSize;
  const b = input.bounds;
  const x0 = tx * ts - border,
    z0 = ty * ts - border,
    size = ts + 2 * border;
  const hf = createHeightfield([b[0]! + x0 * cs, b[1]!, b[2]! + z0 * cs], [b[0]! + (x0 + size) * cs, b[4]!, b[2]! + (z0 + size) * cs], cs, cfg.cellHeight);
  const pos = input.positions,
    tris = input.triangles,
    areas = input.triangleAreas;
  const t0 = input.tileTriangleStart[tx + ty * input.tilesX]!,
    t1 = input.tileTriangleStart[tx + ty * input.tilesX + 1]!;
  for (let i = t0; i < t1; i++) {
    const t = input.tileTriangles[i]!;
    const a = tris[t * 3]! * 3,
      bb = tris[t * 3 + 1]! * 3,
      c = tris[t * 3 + 2]! * 3;
    rasterizeTriangle(
      hf,
      pos[a]!,
      pos[a + 1]!,
      pos[a + 2]!,
      pos[bb]!,
      pos[bb + 1]!,
      pos[bb + 2]!,
      pos[c]!,
      pos[c + 1]!,
      pos[c + 2]!,
      areas[t]!,
      cfg.walkableClimb,
    );
  }
  filterLowHangingObstacles(hf, cfg.walkableClimb);
  filterLedgeSpans(hf, cfg.walkableHeight, cfg.walkableClimb);
  filterLowHeightSpans(hf, cfg.walkableHeight);
  return buildCompactHeightfield(hf, cfg.walkableHeight, cfg.walkableClimb, { borderSize: border });
}

/**
 * A working copy of a tile layer: its own `areas` (and tags), fresh regions, the layer's other
 * arrays shared. One object literal for every tile layer, fresh or cached, so the stages after it
 * see one object shape (a spread copy of a copy would give them another and slow them down).
 */
function tileHeightfield(layer: CompactHeightfield): CompactHeightfield {
  const chf: CompactHeightfield = {
    width: layer.width,
    depth: layer.depth,
    spanCount: layer.spanCount,
    walkableHeight: layer.walkableHeight,
    walkableClimb: layer.walkableClimb,
    borderSize: layer.borderSize,
    bmin: layer.bmin,
    bmax: layer.bmax,
    cellSize: layer.cellSize,
    cellHeight: layer.cellHeight,
    cellIndex: layer.cellIndex,
    cellCount: layer.cellCount,
    y: layer.y,
    h: layer.h,
    con: layer.con,
    areas: layer.areas.slice(),
    regions: new Uint16Array(layer.spanCount),
    dist: new Uint16Array(0),
    maxDistance: 0,
    maxRegions: 0,
  };
  if (layer.tags) chf.tags = layer.tags.slice();
  return chf;
}

/** A copy of a tile layer with its areas eroded by the agent radius (what a tile cache keeps). @internal */
export function erodeTileLayer(input: TiledNavMeshInput, layer: CompactHeightfield): CompactHeightfield {
  const chf = tileHeightfield(layer);
  if (input.config.walkableRadius > 0) erodeWalkableArea(chf, input.config.walkableRadius);
  return chf;
}

/**
 * Runs the rest of the pipeline on a tile layer (a copy of its areas: the layer is not changed):
 * erosion (skipped when the layer is `eroded` already, as a tile cache keeps it), `mark`
 * (obstacles, after erosion; when it returns true the median filter follows, as after
 * `markAreas`), `markAreas`, distance field, regions, contours, polygon mesh, tile-border vertex
 * removal, detail mesh, part 1 input. @internal
 */
export function buildTileFromLayer(
  input: TiledNavMeshInput,
  layer: CompactHeightfield,
  tx: number,
  ty: number,
  mark: ((chf: CompactHeightfield) => boolean) | undefined,
  options: BuildNavMeshTileOptions,
  eroded = false,
): NavMeshTileBuild {
  const cfg = input.config;
  const chf = tileHeightfield(layer);
  if (!eroded && cfg.walkableRadius > 0) erodeWalkableArea(chf, cfg.walkableRadius);
  if (mark && mark(chf)) medianFilterWalkableArea(chf);
  if (options.markAreas) {
    options.markAreas(chf, tx, ty);
    medianFilterWalkableArea(chf);
  }
  const partition = cfg.partition ?? "watershed";
  if (partition === "watershed") buildDistanceField(chf);
  const rs =
    partition === "monotone"
      ? buildRegionsMonotone(chf, cfg.minRegionArea, cfg.mergeRegionArea)
      : partition === "layers"
        ? buildLayerRegions(chf, cfg.minRegionArea)
        : buildRegions(chf, cfg.minRegionArea, cfg.mergeRegionArea);
  const cset = buildContours(chf, cfg.maxSimplificationError, cfg.maxEdgeLen);
  const built = buildPolyMesh(cset, cfg.maxVertsPerPoly);
  const ts = cfg.tileSize;
  const b = input.bounds;
  // The tile's corner computed from integer cell indices, so both sides of a tile edge agree exactly.
  const corner = Float64Array.from([b[0]! + tx * ts * cfg.cellSize, b[1]!, b[2]! + ty * ts * cfg.cellSize]);
  const mesh0 = removeTileBorderVertices(built.mesh, cset);
  const mesh: PolyMesh = { ...mesh0, bmin: corner };
  const detail = buildPolyMeshDetail(mesh, chf, cfg.detailSampleDist, cfg.detailSampleMaxError);
  const layerInputs: (NavMeshInput | undefined)[] = [];
  if (partition === "layers") {
    // One part 1 tile per stacked layer: a polygon's layer is its region's (lowest floor first).
    const { layerOfRegion, layerCount } = assignRegionLayers(chf);
    const layerOf = (p: number): number => Math.max(0, layerOfRegion[mesh.regions[p]!] ?? 0);
    for (let k = 0; k < Math.max(1, layerCount); k++) layerInputs.push(tileInputFromPolyMesh(input, mesh, tx, ty, (p) => layerOf(p) === k));
    // Trailing empty layers are dropped (layer 0 always has an entry).
    while (layerInputs.length > 1 && layerInputs[layerInputs.length - 1] === undefined) layerInputs.pop();
  } else layerInputs.push(tileInputFromPolyMesh(input, mesh, tx, ty));
  const out: NavMeshTileBuild = {
    x: tx,
    y: ty,
    layer: 0,
    input: layerInputs[0],
    layerInputs,
    polyMesh: mesh,
    detail,
    spanCount: layer.spanCount,
    regionCount: rs.regionCount,
    failedContours: built.failedContours,
  };
  return options.keepLayer ? { ...out, layer0: layer } : out;
}

/** Part 1 input of a tile's polygon mesh: world coordinates from global cell indices, unused vertices dropped. */
function tileInputFromPolyMesh(input: TiledNavMeshInput, mesh: PolyMesh, tx: number, ty: number, keep?: (p: number) => boolean): NavMeshInput | undefined {
  const cfg = input.config;
  const cs = cfg.cellSize,
    ch = cfg.cellHeight,
    ts = cfg.tileSize;
  const b = input.bounds;
  const nvp = mesh.maxVertsPerPoly;
  const remap = new Int32Array(mesh.vertCount).fill(-1);
  const vertices: number[] = [],
    heights: number[] = [];
  const polygons: number[][] = [],
    areas: number[] = [],
    tags: number[] = [];
  for (let p = 0; p < mesh.polyCount; p++) {
    if (keep && !keep(p)) continue;
    let n = 0;
    while (n < nvp && mesh.polys[p * nvp + n] !== -1) n++;
    let a2 = 0;
    for (let k = 0; k < n; k++) {
      const u = mesh.polys[p * nvp + k]!,
        v = mesh.polys[p * nvp + ((k + 1) % n)]!;
      a2 += mesh.verts[u * 3]! * mesh.verts[v * 3 + 2]! - mesh.verts[v * 3]! * mesh.verts[u * 3 + 2]!;
    }
    if (a2 === 0) continue;
    const poly: number[] = [];
    for (let k = 0; k < n; k++) {
      const v = mesh.polys[p * nvp + k]!;
      if (remap[v] === -1) {
        remap[v] = heights.length;
        vertices.push(b[0]! + (tx * ts + mesh.verts[v * 3]!) * cs, b[2]! + (ty * ts + mesh.verts[v * 3 + 2]!) * cs);
        heights.push(b[1]! + mesh.verts[v * 3 + 1]! * ch);
      }
      poly.push(remap[v]!);
    }
    polygons.push(poly);
    const area = mesh.areas[p]!;
    areas.push(area === WALKABLE_AREA ? 0 : area);
    tags.push(mesh.regions[p]!);
  }
  if (polygons.length === 0) return undefined;
  return { vertices, heights, polygons, areas, tags };
}

/**
 * Builds one tile (level 1, pure: the same input gives byte-identical output, so tiles can be
 * built in any order or on workers): the tile's triangles rasterised over its bounds padded by
 * `walkableRadius + 3` cells, the pipeline, and the polygons inside the tile in world
 * coordinates, their vertices on the tile edges exact and shared with the neighbouring tiles.
 * Add the result with `addNavMeshTile(mesh, t.x, t.y, t.layer, t.input)` or use
 * {@link rebuildNavMeshTile}. Throws `NAVMESH_BAD_INPUT` for a tile outside the grid.
 *
 * @param input - The tiled input from {@link createTiledNavMeshInput}, read only.
 * @param tx - Tile column, an integer in `[0, input.tilesX)` (else `NAVMESH_BAD_INPUT`).
 * @param ty - Tile row, an integer in `[0, input.tilesY)`.
 * @param options - `markAreas(chf, tx, ty)` (area edits on the padded tile heightfield) and `keepLayer` (keep the compact heightfield in `layer0`; default false).
 */
export function buildNavMeshTile(input: TiledNavMeshInput, tx: number, ty: number, options: BuildNavMeshTileOptions = {}): NavMeshTileBuild {
  checkTile("buildNavMeshTile", input, tx, ty);
  return buildTileFromLayer(input, buildTileLayer(input, tx, ty), tx, ty, undefined, options);
}

/** Options of {@link buildTiledNavMesh}. */
export interface BuildTiledNavMeshOptions extends BuildNavMeshTileOptions {
  /** Cancellation (`isCancelled`, polled between tiles) and `log`. */
  readonly context?: BuildContext;
  /** Called after each built tile with the tile and how many of how many tiles are done (tiles no triangle touches are skipped and only counted). */
  readonly onTile?: (tile: NavMeshTileBuild, done: number, total: number) => void;
}

/** Result of {@link buildTiledNavMesh}. */
export interface TiledNavMeshBuild {
  /**
   * The navmesh: one part 1 tile `"x,y,0"` per non-empty tile (with `partition: "layers"`, one
   * `"x,y,k"` per non-empty layer `k` of the tile), linked across tile edges and between layers.
   */
  readonly navMesh: NavMesh;
  /** Tiles with polygons. */
  readonly tileCount: number;
  /** Polygons over all tiles. */
  readonly polyCount: number;
  /** Contours whose triangulation gave up, over all tiles. */
  readonly failedContours: number;
}

/** The part 1 inputs of a build per layer (a build made before `layerInputs` existed: `[input]`). */
function buildLayerInputs(t: NavMeshTileBuild): readonly (NavMeshInput | undefined)[] {
  const li: unknown = t.layerInputs;
  return Array.isArray(li) ? (li as readonly (NavMeshInput | undefined)[]) : [t.input];
}

/** @internal Assembles tile builds (slot = tile index order) into one mesh with one flat-view rebuild. */
export function assembleTiles(fn: string, builds: readonly NavMeshTileBuild[], nvp: number): NavMesh {
  const placed: PlacedTileData[] = [];
  for (const t of builds) {
    const layers = buildLayerInputs(t);
    for (let k = 0; k < layers.length; k++) {
      const li = layers[k];
      if (!li) continue;
      placed.push({ x: t.x, y: t.y, layer: t.layer + k, slot: placed.length, data: validateNavMeshInput(fn, li, nvp) });
    }
  }
  const mesh = navMeshFromPlacedTiles(new Array<number>(placed.length).fill(0), placed);
  if ("error" in mesh) throw navMeshError(NavMeshErrorCodes.BadMesh, fn, mesh.error, { path: `tiles[${mesh.tile}]` });
  return mesh;
}

/**
 * Assembles tile builds (e.g. made by {@link buildNavMeshTile} on a worker pool: the input and the
 * builds are plain data that `structuredClone`/`postMessage` carry) into one navmesh with one
 * re-link; tiles without polygons are skipped, slots follow the array order. The result is
 * byte-identical to {@link buildTiledNavMesh} when the builds come in row order. Throws
 * `NAVMESH_BAD_MESH` for a bad tile and `NAVMESH_BAD_INPUT` for two tiles at one place.
 *
 * @param tiles - Tile builds from {@link buildNavMeshTile} (any order; slots follow the array order, empty tiles are skipped), at most one per tile place.
 */
export function assembleNavMeshTiles(tiles: readonly NavMeshTileBuild[]): NavMesh {
  const fn = "assembleNavMeshTiles";
  const given: unknown = tiles; // callers in plain JavaScript may pass anything
  if (!Array.isArray(given)) throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"tiles" must be an array of tile builds.`, { path: "tiles" });
  const nvp = tiles.reduce((m, t) => Math.max(m, t?.polyMesh?.maxVertsPerPoly ?? 3), 3);
  const seen = new Set<string>();
  for (let i = 0; i < tiles.length; i++) {
    const t = tiles[i]!;
    const layers = buildLayerInputs(t);
    for (let k = 0; k < layers.length; k++) {
      const key = getNavMeshTileKey(t.x, t.y, t.layer + k);
      if (layers[k] && seen.has(key)) throw navMeshError(NavMeshErrorCodes.BadInput, fn, `two tiles are at "${key}".`, { path: `tiles[${i}]` });
      seen.add(key);
    }
  }
  return assembleTiles(fn, tiles, nvp);
}

/**
 * Builds every tile of `input` and assembles them into one navmesh (level 1). Tiles are built in
 * row order (slot = order of the non-empty tiles); the result is byte-identical for the same
 * input. Throws `NAVMESH_CANCELLED` when the context asks to stop between tiles.
 *
 * @param input - The tiled input from {@link createTiledNavMeshInput}, read only.
 * @param options - `context` (cancellation between tiles, log), `onTile(tile, done, total)` progress callback, and the per-tile `markAreas` / `keepLayer`.
 */
export function buildTiledNavMesh(input: TiledNavMeshInput, options: BuildTiledNavMeshOptions = {}): TiledNavMeshBuild {
  const fn = "buildTiledNavMesh";
  const builds: NavMeshTileBuild[] = [];
  const total = input.tilesX * input.tilesY;
  let polys = 0,
    failed = 0,
    done = 0;
  for (let ty = 0; ty < input.tilesY; ty++) {
    for (let tx = 0; tx < input.tilesX; tx++) {
      if (options.context?.isCancelled?.()) throw voxelError(NavMeshErrorCodes.Cancelled, fn, `the build was cancelled (after ${done} of ${total} tiles).`);
      done++;
      // A tile no triangle touches has nothing to rasterise: skip it (sparse levels have many).
      const cell = tx + ty * input.tilesX;
      if (input.tileTriangleStart[cell] === input.tileTriangleStart[cell + 1]) continue;
      const t = buildTileFromLayer(input, buildTileLayer(input, tx, ty), tx, ty, undefined, options);
      for (const li of t.layerInputs) polys += li ? li.polygons.length : 0;
      failed += t.failedContours;
      builds.push(t);
      if (options.onTile) options.onTile(t, done, total);
    }
  }
  const navMesh = assembleTiles(fn, builds, input.config.maxVertsPerPoly);
  return { navMesh, tileCount: Object.keys(navMesh.tiles).length, polyCount: polys, failedContours: failed };
}

/** Options of {@link buildTiledNavMeshFromTriangles3d}. */
export interface BuildTiledNavMeshFromTriangles3dOptions {
  /** Parameters (default `VoxelConfigPresets.default` with 64-cell tiles); a partial object overrides fields. */
  readonly config?: Partial<TiledVoxelConfig>;
  /** Cancellation between tiles. */
  readonly context?: BuildContext;
}

/** Result of {@link buildTiledNavMeshFromTriangles3d}. */
export interface BuildTiledNavMeshFromTriangles3dResult {
  /** The tiled navmesh (no tiles when nothing is walkable). */
  readonly navMesh: NavMesh;
  /** True when nothing was walkable. */
  readonly empty: boolean;
  /** The prepared input: pass it to {@link rebuildNavMeshTile} or `createTileCache`. */
  readonly input: TiledNavMeshInput;
  /** Tiles with polygons. */
  readonly tileCount: number;
  /** Polygons over all tiles. */
  readonly polyCount: number;
}

/** Default tile side in cells (RecastDemo's tiled sample uses 32–128; 64 rebuilds in a few ms). */
export const DEFAULT_TILE_SIZE = 64;

/**
 * Level 2: builds a tiled navmesh from a 3D triangle soup (y up) with
 * {@link VoxelConfigPresets}`.default` (a 2 m tall, 0.3 m radius agent on 0.15 m cells) and
 * 64-cell tiles unless `config` overrides them. Each tile becomes a part 1 tile
 * `"x,y,0"`, linked to its neighbours, so every part 1 query works across tiles; keep `input` to
 * rebuild one tile after an edit ({@link rebuildNavMeshTile}) or to make a tile cache for
 * temporary obstacles. For the tile grid and per-tile builds use {@link createTiledNavMeshInput}
 * and {@link buildNavMeshTile}.
 *
 * @param positions - Vertex positions `x, y, z` of the level (world units, y up), validated.
 * @param triangles - Vertex indices, three per triangle, validated.
 * @param options - `config`: fields overriding `VoxelConfigPresets.default` with 64-cell tiles; `context`: cancellation between tiles.
 *
 * @example
 * ```ts
 * // A 40 m × 8 m floor in 64-cell (9.6 m at 0.15 m cells) tiles: 5 × 1 tiles.
 * const positions = [0, 0, 0, 40, 0, 0, 40, 0, 8, 0, 0, 8];
 * const { navMesh, tileCount, input } = buildTiledNavMeshFromTriangles3d(positions, [0, 2, 1, 0, 3, 2], { config: { tileSize: 64 } });
 * tileCount; // 5
 * findPolygon(navMesh, 35, 4) >= 0; // true
 * rebuildNavMeshTile(navMesh, input, 1, 0).ref >= 0; // true: the middle tile again
 * ```
 */
export function buildTiledNavMeshFromTriangles3d(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  options: BuildTiledNavMeshFromTriangles3dOptions = {},
): BuildTiledNavMeshFromTriangles3dResult {
  const config = { ...TILED_DEFAULTS, ...(options.config ?? {}) };
  const input = createTiledNavMeshInput(positions, triangles, config);
  const r = buildTiledNavMesh(input, options.context ? { context: options.context } : {});
  return { navMesh: r.navMesh, empty: r.tileCount === 0, input, tileCount: r.tileCount, polyCount: r.polyCount };
}

/** The default preset with the default tile size (one source for both: a preset change reaches tiled builds). */
const TILED_DEFAULTS: TiledVoxelConfig = { ...VoxelConfigPresets.default, tileSize: DEFAULT_TILE_SIZE };

/** Result of {@link rebuildNavMeshTile}. */
export interface RebuildNavMeshTileResult {
  /** Ref of the new tile's polygon 0 (layer 0); -1 when the tile is now empty (removed) or no tile slot is free. */
  readonly ref: number;
  /** Ref of polygon 0 of each layer `k` of the tile (see `tile.layerInputs`), -1 for an empty layer. */
  readonly layerRefs: number[];
  /** The tile build. */
  readonly tile: NavMeshTileBuild;
}

/**
 * Rebuilds tile `(tx, ty)` of a tiled navmesh from `input` (e.g. a new input after the triangles
 * changed, or with `markAreas` marking a box) and puts it in place of the old tile, re-linking its
 * neighbours; an empty result removes the tile. The tile's old polygon refs become stale (the slot's
 * generation moves on). The new tile is byte-identical to that tile of a full tiled build of
 * `input`. Which tiles an edit touches: {@link getTilesInBox}.
 *
 * @param mesh - The tiled navmesh, changed in place: the tile's layers are replaced, added or removed and the neighbours re-linked (its old refs go stale).
 * @param input - The tiled input to build the tile from (the mesh's own, or a new one after the triangles changed).
 * @param tx - Tile column, an integer in `[0, input.tilesX)` (else `NAVMESH_BAD_INPUT`).
 * @param ty - Tile row, an integer in `[0, input.tilesY)`.
 * @param options - `markAreas(chf, tx, ty)` and `keepLayer`, as {@link buildNavMeshTile}.
 */
export function rebuildNavMeshTile(
  mesh: NavMesh,
  input: TiledNavMeshInput,
  tx: number,
  ty: number,
  options: BuildNavMeshTileOptions = {},
): RebuildNavMeshTileResult {
  const fn = "rebuildNavMeshTile";
  checkTile(fn, input, tx, ty);
  const tile = buildTileFromLayer(input, buildTileLayer(input, tx, ty), tx, ty, undefined, options);
  const refs = setNavMeshTiles(fn, mesh, [tile], input.config.maxVertsPerPoly);
  return { ref: refs[0]![0]!, layerRefs: refs[0]!, tile };
}

const GEN_SPAN = 2 ** POLY_REF_GENERATION_BITS;
const MAX_SLOTS = 2 ** POLY_REF_TILE_BITS;

/**
 * Puts several tile builds in place (replace, add or, for empty builds, remove) and rebuilds the
 * flat view once; a build's layers each go to `"x,y,k"`, and layers the mesh has above the build's
 * last one are removed. Validates every input first (nothing changes on a throw). Returns each
 * build's polygon-0 ref per layer, or -1 (empty layer or no free slot). @internal
 */
export function setNavMeshTiles(fn: string, mesh: NavMesh, builds: readonly NavMeshTileBuild[], nvp: number): number[][] {
  // One entry per tile layer; layers the mesh has above a build's last layer are removed.
  const places: { x: number; y: number; layer: number; input: NavMeshInput | undefined; build: number }[] = [];
  const out: number[][] = [];
  for (let b = 0; b < builds.length; b++) {
    const t = builds[b]!;
    const layers = buildLayerInputs(t);
    out.push([]);
    for (let k = 0; k < layers.length; k++) places.push({ x: t.x, y: t.y, layer: t.layer + k, input: layers[k], build: b });
    const prefix = `${t.x},${t.y},`;
    const stale: number[] = [];
    for (const key of Object.keys(mesh.tiles)) {
      if (!key.startsWith(prefix)) continue;
      const layer = Number(key.slice(prefix.length));
      if (layer >= t.layer + layers.length) stale.push(layer);
    }
    stale.sort((a, b) => a - b);
    for (const layer of stale) places.push({ x: t.x, y: t.y, layer, input: undefined, build: -1 });
  }
  const data = places.map((t) => (t.input ? validateNavMeshInput(fn, t.input, nvp) : undefined));
  const put = (i: number, ref: number): void => {
    const b = places[i]!.build;
    if (b >= 0) out[b]!.push(ref);
  };
  const changed: number[] = [];
  for (let i = 0; i < places.length; i++) {
    const t = places[i]!,
      d = data[i];
    const key = getNavMeshTileKey(t.x, t.y, t.layer);
    const old = Object.prototype.hasOwnProperty.call(mesh.tiles, key) ? mesh.tiles[key] : undefined;
    if (!d) {
      if (old) {
        delete mesh.tiles[key];
        mesh.tileKeys[old.slot] = "";
        mesh.tileGenerations[old.slot] = (mesh.tileGenerations[old.slot]! + 1) % GEN_SPAN;
        changed.push(old.slot);
      }
      put(i, -1);
      continue;
    }
    let slot: number, gen: number;
    if (old) {
      slot = old.slot;
      gen = (mesh.tileGenerations[slot]! + 1) % GEN_SPAN;
      mesh.tileGenerations[slot] = gen;
    } else {
      slot = mesh.tileKeys.indexOf("");
      if (slot < 0) {
        if (mesh.tileKeys.length >= MAX_SLOTS) {
          put(i, -1);
          continue;
        }
        slot = mesh.tileKeys.length;
        mesh.tileKeys.push("");
        mesh.tileGenerations.push(0);
      }
      gen = mesh.tileGenerations[slot]!;
      mesh.tileKeys[slot] = key;
    }
    mesh.tiles[key] = makeTile(d, t.x, t.y, t.layer, slot, gen);
    put(i, encodePolyRef(gen, slot, 0));
    changed.push(slot);
  }
  if (changed.length > 0) patchFlatView(mesh, changed);
  return out;
}

/**
 * The tiles whose padded bounds overlap the box `minX..maxX × minZ..maxZ` (world units): the tiles
 * an edit there can change. Returns `tx, ty` pairs, row by row.
 *
 * @param input - The tiled input whose grid, bounds and border are read.
 * @param minX - Box lower x bound, world units (±Infinity reaches the grid's edge; NaN throws `NAVMESH_BAD_INPUT`).
 * @param minZ - Box lower z bound, world units.
 * @param maxX - Box upper x bound, world units.
 * @param maxZ - Box upper z bound, world units.
 * @throws TacticaError `NAVMESH_BAD_INPUT` when a bound is NaN or not a number (it used to give no tiles, so an edit there was silently lost).
 */
export function getTilesInBox(input: TiledNavMeshInput, minX: number, minZ: number, maxX: number, maxZ: number): number[] {
  const cfg = input.config;
  const cs = cfg.cellSize,
    ts = cfg.tileSize,
    border = cfg.borderSize;
  const b = input.bounds;
  const out: number[] = [];
  if (!(minX === minX && minZ === minZ && maxX === maxX && maxZ === maxZ && typeof (minX + minZ + maxX + maxZ) === "number")) {
    const names = ["minX", "minZ", "maxX", "maxZ"],
      v = [minX, minZ, maxX, maxZ];
    for (let i = 0; i < 4; i++)
      if (typeof v[i] !== "number" || Number.isNaN(v[i]))
        throw navMeshError(NavMeshErrorCodes.BadInput, "getTilesInBox", `"${names[i]!}" must be a number (world units) but is ${show(v[i])}.`, {
          path: names[i]!,
        });
  }
  const x0 = Math.max(0, Math.floor(((minX - b[0]!) / cs - border) / ts)),
    x1 = Math.min(input.tilesX - 1, Math.floor(((maxX - b[0]!) / cs + border) / ts));
  const z0 = Math.max(0, Math.floor(((minZ - b[2]!) / cs - border) / ts)),
    z1 = Math.min(input.tilesY - 1, Math.floor(((maxZ - b[2]!) / cs + border) / ts));
  for (let z = z0; z <= z1; z++) for (let x = x0; x <= x1; x++) out.push(x, z);
  return out;
}
