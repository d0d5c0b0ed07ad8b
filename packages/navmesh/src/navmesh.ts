import { navMeshError, NavMeshErrorCodes, show } from "./errors";
import { createEmptyNavMesh, makeTile, rebuildFlatView } from "./tiles/assemble";
import { polyIndexOfRef } from "./tiles/poly-ref";
import type { TileData } from "./tiles/tile-input";
import { validateNavMeshInput } from "./tiles/tile-input";
import type { NavMesh, NavMeshInput } from "./types";

export { NAVMESH_MAX_VERTS_PER_POLY, NAVMESH_AREA_COUNT, type NavMesh, type NavMeshInput, type NavMeshTile } from "./types";

/** Options of {@link createNavMesh}. */
export interface CreateNavMeshOptions {
  /** Vertex slots per polygon (default: the largest polygon, at least 3). */
  readonly maxVertsPerPoly?: number;
}

const FN = "createNavMesh";

/**
 * Builds a {@link NavMesh} from vertices and convex polygons: validates everything, orients
 * polygons counter-clockwise, links neighbors across shared edges (an edge shared by exactly two
 * polygons in opposite directions) and builds the point-location index. The mesh is one tile
 * `"0,0,0"` (slot 0, generation 0), so a polygon's ref equals its index until tiles are added
 * (`addNavMeshTile`).
 *
 * Throws `NAVMESH_BAD_MESH` naming the polygon and vertex for an index out of range, a repeated
 * vertex, a degenerate or non-convex polygon, an area outside 0..63, or a non-finite coordinate.
 *
 * @param input - vertices `x, y` pairs (world units), optional heights, convex polygons as vertex index lists (either winding), and optional per-polygon areas (0..63), flags, tags and detail meshes; read, not kept
 * @param options - `maxVertsPerPoly`: vertex slots per polygon, an integer in 3..6 (default the largest polygon, capped at 6)
 *
 * @example
 * ```ts
 * // Two unit squares side by side.
 * const mesh = createNavMesh({
 *   vertices: [0, 0, 1, 0, 2, 0, 2, 1, 1, 1, 0, 1],
 *   polygons: [[0, 1, 4, 5], [1, 2, 3, 4]],
 * });
 * mesh.neighbors[1]; // 1: polygon 0's edge 1 (vertex 1 → 4) borders polygon 1
 * ```
 */
export function createNavMesh(input: NavMeshInput, options: CreateNavMeshOptions = {}): NavMesh {
  if (options === null || typeof options !== "object") throw navMeshError(NavMeshErrorCodes.BadInput, FN, "options must be an object.", { path: "options" });
  return navMeshFromTileData(validateNavMeshInput(FN, input, options.maxVertsPerPoly));
}

/** A one-tile mesh `"0,0,0"` from validated data. @internal */
export function navMeshFromTileData(data: TileData): NavMesh {
  const mesh = createEmptyNavMesh();
  mesh.tileKeys.push("0,0,0");
  mesh.tileGenerations.push(0);
  mesh.tiles["0,0,0"] = makeTile(data, 0, 0, 0, 0, 0);
  rebuildFlatView(mesh);
  return mesh;
}

/** Assembles a one-tile mesh from validated arrays (neighbors are re-derived). @internal */
export function assembleNavMesh(
  stride: number,
  vertices: Float64Array,
  heights: Float64Array,
  polyVerts: Int32Array,
  polyVertCount: Uint8Array,
  _neighbors: Int32Array,
  areas: Uint8Array,
  flags: Uint16Array,
  tags: Int32Array,
): NavMesh {
  return navMeshFromTileData({
    maxVertsPerPoly: stride,
    vertexCount: heights.length,
    vertices,
    heights,
    polyCount: polyVertCount.length,
    polyVerts,
    polyVertCount,
    areas,
    flags,
    tags,
    detailMeshes: new Uint32Array(0),
    detailVertices: new Float64Array(0),
    detailTriangles: new Uint8Array(0),
  });
}

function checkRef(fn: string, mesh: NavMesh, ref: number): number {
  const p = polyIndexOfRef(mesh, ref);
  if (p < 0)
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `${show(ref)} is not a valid polygon ref of this mesh (stale after a tile change, or never one).`, {
      path: "ref",
    });
  return p;
}

/**
 * Writes the centroid (vertex average) of polygon `ref` into `out` and returns `out`.
 *
 * @param out - written with the vertex average of the polygon (world units, mesh plane) and returned
 * @param mesh - the navmesh `ref` belongs to
 * @param ref - polygon ref; a stale or invalid ref throws `NAVMESH_BAD_INPUT`
 */
export function getPolygonCenter<T extends { x: number; y: number }>(out: T, mesh: NavMesh, ref: number): T {
  const poly = checkRef("getPolygonCenter", mesh, ref);
  const n = mesh.polyVertCount[poly]!;
  let x = 0,
    y = 0;
  for (let i = 0; i < n; i++) {
    const v = mesh.polyVerts[poly * mesh.maxVertsPerPoly + i]!;
    x += mesh.vertices[2 * v]!;
    y += mesh.vertices[2 * v + 1]!;
  }
  out.x = x / n;
  out.y = y / n;
  return out;
}

/**
 * Area of polygon `ref` (positive); throws `NAVMESH_BAD_INPUT` for an invalid ref.
 *
 * @param mesh - the navmesh `ref` belongs to
 * @param ref - polygon ref; a stale or invalid ref throws `NAVMESH_BAD_INPUT`
 */
export function getPolygonArea(mesh: NavMesh, ref: number): number {
  return polygonAreaAt(mesh, checkRef("getPolygonArea", mesh, ref));
}

/** Area of flat polygon `poly`. @internal */
export function polygonAreaAt(mesh: NavMesh, poly: number): number {
  const n = mesh.polyVertCount[poly]!;
  const base = poly * mesh.maxVertsPerPoly;
  let a = 0;
  for (let i = 0; i < n; i++) {
    const p = mesh.polyVerts[base + i]!,
      q = mesh.polyVerts[base + ((i + 1) % n)]!;
    a += mesh.vertices[2 * p]! * mesh.vertices[2 * q + 1]! - mesh.vertices[2 * q]! * mesh.vertices[2 * p + 1]!;
  }
  return a / 2;
}
