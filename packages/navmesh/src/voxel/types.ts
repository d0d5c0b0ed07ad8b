/** Area id of a span nobody can walk on. */
export const NULL_AREA = 0;
/** Default area id of walkable spans (Recast's `RC_WALKABLE_AREA`). */
export const WALKABLE_AREA = 63;
/** Largest span height in a {@link Heightfield} (13 bits, as Recast). [Units: vx] */
export const SPAN_MAX_HEIGHT = 0x1fff;
/** "No ceiling" height used when a span has nothing above it. [Units: vx] */
export const MAX_HEIGHTFIELD_HEIGHT = 0xffff;
/** Connection value meaning "no neighbor in this direction" in a {@link CompactHeightfield}. */
export const NOT_CONNECTED = 0x3f;
/** Region id flag: the region touches the tile border. */
export const BORDER_REG = 0x8000;

/**
 * A span heightfield: per column of the `width × depth` grid (x, z), a linked list of solid spans
 * `[min, max)` in voxels, lowest first, each with an area id (0 = not walkable). Plain typed
 * arrays; the span arrays grow as spans are added (`spanCapacity`), freed spans are reused.
 */
export interface Heightfield {
  /** Columns along x. */
  readonly width: number;
  /** Rows along z. */
  readonly depth: number;
  /** Lower corner `x, y, z` of the grid. [Units: wu] */
  readonly bmin: Float64Array;
  /** Upper corner. [Units: wu] */
  readonly bmax: Float64Array;
  /** Horizontal cell size. [Units: wu] */
  readonly cellSize: number;
  /** Vertical cell size. [Units: wu] */
  readonly cellHeight: number;
  /** First span of column `x + z·width`, or -1. */
  readonly head: Int32Array;
  /** Span bottoms. [Units: vx] */
  spanMin: Int32Array;
  /** Span tops. [Units: vx] */
  spanMax: Int32Array;
  /** Span area ids (0 = not walkable, 63 = walkable, other values from area marking). */
  spanArea: Uint8Array;
  /** Next span up in the same column, or -1. */
  spanNext: Int32Array;
  /** Span slots used so far (live and freed). */
  spanUsed: number;
  /** First freed slot, or -1. */
  freeHead: number;
}

/**
 * The open space above walkable spans, packed by column (Recast's `rcCompactHeightfield`).
 * Span `i` of cell `c` is `cellIndex[c] .. cellIndex[c] + cellCount[c] - 1`; `con[i]` packs four
 * 6-bit neighbor layer indices (direction 0 = -x, 1 = +z, 2 = +x, 3 = -z; {@link NOT_CONNECTED}).
 */
export interface CompactHeightfield {
  readonly width: number;
  readonly depth: number;
  readonly spanCount: number;
  readonly walkableHeight: number;
  readonly walkableClimb: number;
  readonly borderSize: number;
  readonly bmin: Float64Array;
  readonly bmax: Float64Array;
  readonly cellSize: number;
  readonly cellHeight: number;
  /** First span of each cell. */
  readonly cellIndex: Uint32Array;
  /** Span count of each cell. */
  readonly cellCount: Uint8Array;
  /** Floor height of each span. [Units: vx] */
  readonly y: Uint16Array;
  /** Open height above the floor (clamped to 255). [Units: vx] */
  readonly h: Uint8Array;
  /** Packed neighbor connections. */
  readonly con: Uint32Array;
  /** Area id of each span (0 = not walkable). */
  readonly areas: Uint8Array;
  /** Region id of each span (0 = none), filled by the region stage. */
  regions: Uint16Array;
  /** Distance to the nearest boundary (×2, chamfer), filled by the distance stage. */
  dist: Uint16Array;
  /** Largest value of `dist`. */
  maxDistance: number;
  /** Number of region ids (`1 .. maxRegions - 1` are used). */
  maxRegions: number;
  /** Custom tag of each span (0 = none), present once an area marking gave a `tag` (e.g. "forested" as 1). */
  tags?: Int32Array;
}

/**
 * Region outlines (Recast's `rcContourSet`): contour `c` has `vertCount[c]` simplified vertices
 * at `verts[vertStart[c] * 4 ...]` (`x, y, z, flags` in voxels; the low 16 bits of `flags` hold the
 * neighbor region across the edge that starts at the vertex) and `rawCount[c]` raw vertices at
 * `rawVerts[rawStart[c] * 4 ...]`.
 */
export interface ContourSet {
  readonly count: number;
  readonly region: Uint16Array;
  readonly area: Uint8Array;
  readonly vertStart: Int32Array;
  readonly vertCount: Int32Array;
  readonly verts: Int32Array;
  readonly rawStart: Int32Array;
  readonly rawCount: Int32Array;
  readonly rawVerts: Int32Array;
  readonly bmin: Float64Array;
  readonly cellSize: number;
  readonly cellHeight: number;
  readonly width: number;
  readonly depth: number;
  readonly borderSize: number;
}

/**
 * Convex polygons in voxel coordinates (Recast's `rcPolyMesh`): vertices `x, y, z` (integers),
 * polygon `p` uses `maxVertsPerPoly` slots of `polys` (unused `-1`) and the same slots of
 * `neighbors` (the polygon across each edge, or -1).
 */
export interface PolyMesh {
  readonly vertCount: number;
  readonly verts: Int32Array;
  readonly polyCount: number;
  readonly maxVertsPerPoly: number;
  readonly polys: Int32Array;
  readonly neighbors: Int32Array;
  readonly regions: Uint16Array;
  readonly areas: Uint8Array;
  readonly bmin: Float64Array;
  readonly cellSize: number;
  readonly cellHeight: number;
  readonly borderSize: number;
}

/**
 * Height detail of each polygon (Recast's `rcPolyMeshDetail`): triangles in world units over
 * the polygon's vertices plus extra samples. Polygon `p` owns vertices
 * `meshVertStart[p] .. + meshVertCount[p]` of `verts` (`x, y, z`) and triangles
 * `meshTriStart[p] .. + meshTriCount[p]` of `tris` (three local vertex indices each).
 */
export interface PolyMeshDetail {
  readonly meshVertStart: Int32Array;
  readonly meshVertCount: Int32Array;
  readonly meshTriStart: Int32Array;
  readonly meshTriCount: Int32Array;
  readonly verts: Float64Array;
  readonly tris: Int32Array;
}
