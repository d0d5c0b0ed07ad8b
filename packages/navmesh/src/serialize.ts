import { navMeshError, NavMeshErrorCodes, show } from "./errors";
import { navMeshFromTileData } from "./navmesh";
import { navMeshFromPlacedTiles, type PlacedTileData } from "./tiles/assemble";
import { POLY_REF_GENERATION_BITS, POLY_REF_TILE_BITS } from "./tiles/poly-ref";
import { MAX_TILE_ITEMS, validateNavMeshInput } from "./tiles/tile-input";
import { checkLength, checkOptions, resolveLimits, type NavMeshInputLimits } from "./input-limits";
import { NAVMESH_MAX_VERTS_PER_POLY, type NavMesh, type NavMeshTile } from "./types";
import { isRecord } from "./plain-data";

/** One tile in {@link NavMeshJson}. */
export interface NavMeshTileJson {
  /** Tile column. */
  readonly x: number;
  /** Tile row. */
  readonly y: number;
  /** Tile layer. */
  readonly layer: number;
  /** Tile slot (the tile field of its polygon refs). */
  readonly slot: number;
  /** Vertex slots per polygon. */
  readonly maxVertsPerPoly: number;
  /** Planar vertex positions `x0, y0, x1, y1, …`. */
  readonly vertices: number[];
  /** One height per vertex. */
  readonly heights: number[];
  /** Counter-clockwise vertex index lists. */
  readonly polygons: number[][];
  /** Area id per polygon. */
  readonly areas: number[];
  /** Flags per polygon. */
  readonly flags: number[];
  /** Tag per polygon. */
  readonly tags: number[];
  /** Detail sub-meshes (present when the tile has a detail mesh). */
  readonly detailMeshes?: number[];
  /** Detail vertices `x, y, height`. */
  readonly detailVertices?: number[];
  /** Detail triangles. */
  readonly detailTriangles?: number[];
}

/** The JSON form of a {@link NavMesh} written by {@link navMeshToJson} (format version 2). */
export interface NavMeshJson {
  /** Always `"tactica-navmesh"`. */
  readonly format: "tactica-navmesh";
  /** Format version (2; version 1, the one-tile form, is still read). */
  readonly version: 2;
  /** Generation of every tile slot (free slots included), so refs stay valid or stale across a round trip. */
  readonly tileGenerations: number[];
  /** The tiles. */
  readonly tiles: NavMeshTileJson[];
}

/** Serialization format version written by this build. @internal */
export const NAVMESH_FORMAT_VERSION = 2;

function tileToJson(t: NavMeshTile): NavMeshTileJson {
  const polygons: number[][] = [];
  for (let p = 0; p < t.polyCount; p++) polygons.push(Array.from(t.polyVerts.subarray(p * t.maxVertsPerPoly, p * t.maxVertsPerPoly + t.polyVertCount[p]!)));
  const json: NavMeshTileJson = {
    x: t.x,
    y: t.y,
    layer: t.layer,
    slot: t.slot,
    maxVertsPerPoly: t.maxVertsPerPoly,
    vertices: Array.from(t.vertices),
    heights: Array.from(t.heights),
    polygons,
    areas: Array.from(t.areas),
    flags: Array.from(t.flags),
    tags: Array.from(t.tags),
  };
  if (t.detailMeshes.length === 0) return json;
  return { ...json, detailMeshes: Array.from(t.detailMeshes), detailVertices: Array.from(t.detailVertices), detailTriangles: Array.from(t.detailTriangles) };
}

/**
 * The JSON-safe plain form of `mesh` (a plain object, not a string): every tile with its place,
 * slot, geometry, areas, flags, tags and detail mesh, and the generation of every slot. Links, the
 * flat view and the index are derived and rebuilt by {@link navMeshFromJson}, which round-trips
 * exactly (refs valid before are valid after, stale ones stay stale).
 *
 * @param mesh - the navmesh to convert (read only; the result copies its arrays into plain number arrays)
 */
export function navMeshToJson(mesh: NavMesh): NavMeshJson {
  const tiles: NavMeshTileJson[] = [];
  for (const key of Object.keys(mesh.tiles)) tiles.push(tileToJson(mesh.tiles[key]!));
  return { format: "tactica-navmesh", version: 2, tileGenerations: mesh.tileGenerations.slice(), tiles };
}

function int(v: unknown, min: number, max: number): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
}

const M = NAVMESH_MAX_VERTS_PER_POLY;

function checkStride(fmt: (msg: string, path: string) => Error, stride: unknown, at: string): void {
  if (!int(stride, 3, M))
    throw fmt(
      `"maxVertsPerPoly" is ${show(stride)}; it must be an integer in 3..${M} (polygons have at most ${M} vertices; import larger ones with navMeshFromPolygonMesh, which splits them).`,
      `${at}maxVertsPerPoly`,
    );
}

function checkPolygonSizes(fmt: (msg: string, path: string) => Error, polygons: unknown[], at: string): void {
  for (let p = 0; p < polygons.length; p++) {
    const n = (polygons[p] as unknown[]).length;
    if (n > M) throw fmt(`polygon ${p} has ${n} vertices; polygons have at most ${M} (split larger ones with navMeshFromPolygonMesh).`, `${at}polygons[${p}]`);
  }
}

/** Options of {@link navMeshFromJson}. */
export interface NavMeshFromJsonOptions {
  /** Size caps (default {@link NAVMESH_INPUT_LIMITS}; `maxTiles` applies, checked from the tile list's length). */
  readonly limits?: Partial<NavMeshInputLimits>;
}

/**
 * Validates `json` (the output of {@link navMeshToJson}, format version 2, or the one-tile version
 * 1) and builds the mesh. Throws `NAVMESH_FORMAT` for a wrong format tag, a newer version, a
 * missing or mistyped field, duplicate tiles or slots, and `NAVMESH_BAD_MESH` for inconsistent
 * geometry; every error carries the JSON path (`$.tiles[2].polygons[5]`).
 *
 * @param json - The parsed JSON (untrusted: any value is checked).
 * @param options - `limits` overrides {@link NAVMESH_INPUT_LIMITS} (`maxTiles` is checked from the tile list's length).
 */
export function navMeshFromJson(json: unknown, options: NavMeshFromJsonOptions = {}): NavMesh {
  const fn = "navMeshFromJson";
  options = checkOptions(fn, options);
  const limits = resolveLimits(fn, options.limits);
  const fmt = (msg: string, path: string): Error => navMeshError(NavMeshErrorCodes.Format, fn, msg, { path });
  if (!isRecord(json)) throw fmt("expected an object from navMeshToJson.", "$");
  if (json["format"] !== "tactica-navmesh") throw fmt(`"format" is ${show(json["format"])}, expected "tactica-navmesh".`, "$.format");
  const version = json["version"];
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) throw fmt(`"version" must be a positive integer.`, "$.version");
  if (version > NAVMESH_FORMAT_VERSION)
    throw fmt(`data is format version ${version}; this build reads versions 1..${NAVMESH_FORMAT_VERSION}. Upgrade @tactica/navmesh.`, "$.version");
  if (version === 1) {
    for (const key of ["vertices", "heights", "polygons", "areas", "flags", "tags"]) {
      if (!Array.isArray(json[key])) throw fmt(`"${key}" must be an array.`, `$.${key}`);
    }
    const polygons = json["polygons"] as unknown[];
    if (polygons.length > MAX_TILE_ITEMS) throw fmt(`${polygons.length} polygons is more than one tile holds (${MAX_TILE_ITEMS}).`, "$.polygons");
    for (let i = 0; i < polygons.length; i++)
      if (!Array.isArray(polygons[i])) throw fmt(`polygon ${i} must be an array of vertex indices.`, `$.polygons[${i}]`);
    const stride = json["maxVertsPerPoly"];
    checkStride(fmt, stride, "$.");
    checkPolygonSizes(fmt, polygons, "$.");
    return navMeshFromTileData(validateNavMeshInput(fn, json as never, stride as number, "$."));
  }
  const gens = json["tileGenerations"];
  if (!Array.isArray(gens) || gens.length > 2 ** POLY_REF_TILE_BITS)
    throw fmt(`"tileGenerations" must be an array of at most 65536 generations.`, "$.tileGenerations");
  for (let i = 0; i < gens.length; i++)
    if (!int(gens[i], 0, 2 ** POLY_REF_GENERATION_BITS - 1)) throw fmt(`tileGenerations[${i}] must be an integer in 0..65535.`, `$.tileGenerations[${i}]`);
  const tiles = json["tiles"];
  if (!Array.isArray(tiles)) throw fmt(`"tiles" must be an array.`, "$.tiles");
  checkLength(fn, NavMeshErrorCodes.Format, tiles, "$.tiles", "maxTiles", limits.maxTiles);
  const placed: PlacedTileData[] = [];
  for (let i = 0; i < tiles.length; i++) {
    const t: unknown = tiles[i];
    const at = `$.tiles[${i}]`;
    if (!isRecord(t)) throw fmt("a tile must be an object.", at);
    for (const k of ["x", "y", "layer"]) if (!int(t[k], -0x7fffffff, 0x7fffffff)) throw fmt(`"${k}" must be a 32-bit integer.`, `${at}.${k}`);
    if (!int(t["slot"], 0, 65535)) throw fmt(`"slot" must be an integer in 0..65535.`, `${at}.slot`);
    checkStride(fmt, t["maxVertsPerPoly"], `${at}.`);
    for (const key of ["vertices", "heights", "polygons", "areas", "flags", "tags"])
      if (!Array.isArray(t[key])) throw fmt(`"${key}" must be an array.`, `${at}.${key}`);
    const polygons = t["polygons"] as unknown[];
    if (polygons.length > MAX_TILE_ITEMS) throw fmt(`${polygons.length} polygons is more than one tile holds (${MAX_TILE_ITEMS}).`, `${at}.polygons`);
    for (let p = 0; p < polygons.length; p++)
      if (!Array.isArray(polygons[p])) throw fmt(`polygon ${p} must be an array of vertex indices.`, `${at}.polygons[${p}]`);
    checkPolygonSizes(fmt, polygons, `${at}.`);
    for (const key of ["detailMeshes", "detailVertices", "detailTriangles"])
      if (t[key] !== undefined && !Array.isArray(t[key])) throw fmt(`"${key}" must be an array when present.`, `${at}.${key}`);
    const data = validateNavMeshInput(fn, t as never, t["maxVertsPerPoly"] as number, `${at}.`);
    placed.push({ x: t["x"] as number, y: t["y"] as number, layer: t["layer"] as number, slot: t["slot"] as number, data });
  }
  const mesh = navMeshFromPlacedTiles(gens as number[], placed);
  if ("error" in mesh) throw fmt(mesh.error, `$.tiles[${mesh.tile}]`);
  return mesh;
}
