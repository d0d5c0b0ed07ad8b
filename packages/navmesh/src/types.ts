/**
 * Largest number of vertices a navmesh polygon may have: 6, as in Detour (every tile's
 * `maxVertsPerPoly` is 3 .. 6). Builders and importers split larger convex polygons into pieces of
 * at most 6 vertices; serialized data with more is rejected (`NAVMESH_FORMAT`).
 */
export const NAVMESH_MAX_VERTS_PER_POLY = 6;

/** Number of area ids (`0 .. NAVMESH_AREA_COUNT - 1`); area costs are a table of this size. */
export const NAVMESH_AREA_COUNT = 64;

/**
 * One tile of a {@link NavMesh}: its own vertices and convex polygons, in world coordinates, as
 * typed arrays. Polygon `p` of the tile is addressed from outside by its polygon ref
 * (`encodePolyRef(tile.generation, tile.slot, p)`, see {@link NavMesh}).
 *
 * Layout as in the solo mesh: polygon `p` uses `polyVertCount[p]` entries of
 * `polyVerts[p * maxVertsPerPoly ...]` (indices into this tile's vertices; the rest `-1`), edge `i`
 * runs from vertex `i` to vertex `i + 1`, and `links[p * maxVertsPerPoly + i]` is the polygon ref
 * across it (in this tile or in a neighboring tile), or `-1` on the mesh boundary. A border edge
 * facing several polygons of another tile (a T-junction: the tiles' vertices along the border
 * differ) holds the neighbor across its first overlap; the flat view cuts it at the other tile's
 * end points, so each overlap sub-interval is an edge, a link and a portal of its own (Detour's
 * portal-overlap links).
 *
 * The optional detail mesh refines heights (Detour's `dtPolyDetail` layout): polygon `p` has
 * `detailMeshes[4p + 3]` triangles from triangle `detailMeshes[4p + 1]` of `detailTriangles` (3
 * local indices each: index `< polyVertCount[p]` is the polygon's vertex, otherwise detail vertex
 * `detailMeshes[4p] + index - polyVertCount[p]` of `detailVertices`, stored as `x, y, height`;
 * `detailMeshes[4p + 2]` is the polygon's detail vertex count).
 *
 * Each tile has its own BV tree (Detour's `dtBVNode` layout in 2D), built when the tile is added
 * and rebuilt when a mesh is loaded (it is not serialized): node `i` has the quantised box
 * `bvNodes[4i .. 4i + 4)` (min x, min y, max x, max y as 16-bit integers, `q = (v - bvBounds[0|1]) ·
 * bvBounds[4]`, min rounded down, max up) and `bvData[i]`, the tile polygon index of a leaf or
 * `-(nodes in its subtree)` for an inner node (skip that many nodes to leave it). Nodes are stored
 * depth-first from the root. Point location, nearest polygon and the circle and box queries walk
 * the BV trees of the tiles the query overlaps; adding or removing a tile does not touch the
 * others' trees.
 */
export interface NavMeshTile {
  /** Tile column. */
  readonly x: number;
  /** Tile row. */
  readonly y: number;
  /** Tile layer (stacked levels at the same column and row). */
  readonly layer: number;
  /** Slot of the tile in its mesh (the tile field of its polygon refs). */
  readonly slot: number;
  /** Generation of the slot when the tile was added (the generation field of its polygon refs). */
  readonly generation: number;
  /** Vertex slots per polygon. */
  readonly maxVertsPerPoly: number;
  /** Number of vertices. */
  readonly vertexCount: number;
  /** Vertex positions `x0, y0, x1, y1, …` (planar, world coordinates). */
  readonly vertices: Float64Array;
  /** Vertex heights, one per vertex. */
  readonly heights: Float64Array;
  /** Number of polygons. */
  readonly polyCount: number;
  /** Vertex indices (into this tile's vertices), `maxVertsPerPoly` slots per polygon, unused `-1`. */
  readonly polyVerts: Int32Array;
  /** Vertex count of each polygon. */
  readonly polyVertCount: Uint8Array;
  /** Polygon ref across each edge slot (also across tile borders), or `-1`. Derived; rewritten when tiles change. */
  readonly links: Float64Array;
  /** Area id of each polygon (0 .. 63). */
  readonly areas: Uint8Array;
  /** 16-bit flags of each polygon. */
  readonly flags: Uint16Array;
  /** Tag of each polygon (0 = none). */
  readonly tags: Int32Array;
  /** Detail sub-meshes, 4 numbers per polygon: vertex base, triangle base, vertex count, triangle count (empty: no detail). */
  readonly detailMeshes: Uint32Array;
  /** Detail vertices `x, y, height`. */
  readonly detailVertices: Float64Array;
  /** Detail triangles, 3 local indices each (see the interface comment). */
  readonly detailTriangles: Uint8Array;
  /** BV tree boxes, 4 quantised coordinates per node (see the interface comment). */
  readonly bvNodes: Uint16Array;
  /** BV tree node data: polygon index (leaf) or minus the subtree's node count (inner node). */
  readonly bvData: Int32Array;
  /** Tile bounds and quantisation: `minX, minY, maxX, maxY, factor`. */
  readonly bvBounds: Float64Array;
  /**
   * Links into other tiles with the part of the edge each covers (Detour's portal-overlap links),
   * 5 numbers per link: polygon, edge, neighbor ref, `tmin`, `tmax` (fractions along the edge from
   * its vertex `i` to `i + 1`; `0, 1` when the edges match, a sub-interval at a T-junction). Derived;
   * rewritten when tiles change.
   */
  readonly borderLinks: Float64Array;
}

/**
 * A navigation mesh: tiles of convex polygons, as plain data (typed arrays, numbers, strings and
 * string-keyed records; no classes), so `structuredClone` and workers work on it.
 *
 * **Tiles.** `tiles` maps `"x,y,layer"` to a {@link NavMeshTile}. Meshes made by `createNavMesh`
 * and every builder are one tile `"0,0,0"`; `addNavMeshTile`, `removeNavMeshTile` and
 * `replaceNavMeshTile` change tiles at run time and re-link neighbors across tile borders: edges
 * whose end points coincide, and collinear border edges that overlap without shared end points
 * (T-junctions; end points closer than 1e-9 of the mesh extent count as one).
 *
 * **Polygon refs.** Every query takes and returns polygon refs: numbers packing
 * `ref = generation · 2^36 + slot · 2^20 + poly` (20 bits polygon index within its tile, 16 bits
 * tile slot, 16 bits slot generation: 52 bits, exact in a double; use `encodePolyRef` /
 * `decodePolyRef`). Removing or replacing a tile bumps its slot's generation, so refs into the old
 * tile fail `isValidPolyRef`. In a one-tile mesh made by a builder (slot 0, generation 0) a
 * polygon's ref equals its index.
 *
 * **Flat view.** The remaining fields are derived from the tiles and used by the queries: all
 * polygons of all tiles over shared vertices (tile border vertices welded), with neighbor indices.
 * A mesh as built or loaded has them in slot order with nothing unused. A tile change patches the
 * view instead of rebuilding it (cost: the tile plus its neighbours' border polygons): each slot's
 * polygons are a range `tilePolyBase[slot] .. + tilePolyCount[slot]`, a replaced tile reuses its
 * range when it fits or gets a new one at the end, so the view may hold **unused polygons** (0
 * vertices, `polyTile` −1, never a neighbor, never found by a query) and unused vertices; when more
 * than half is unused it is laid out afresh. Loops over `0 .. polyCount` skip polygons with
 * `polyVertCount` 0. Spatial queries use each tile's BV tree. Geometry is planar in `(x, y)`;
 * each vertex also carries a height (`heights`). Polygons are counter-clockwise (y up) and convex.
 * Flat polygon `i` belongs to tile slot `polyTile[i]` and has ref `tileRefBase[slot] + i - tilePolyBase[slot]`.
 */
export interface NavMesh {
  /** Format version of this layout (2: tiles and polygon refs). */
  readonly version: 2;
  /** Tiles by `"x,y,layer"` key. */
  readonly tiles: Record<string, NavMeshTile>;
  /** Generation of each tile slot (bumped when its tile is removed or replaced). */
  readonly tileGenerations: number[];
  /** Key of the tile in each slot, `""` for a free slot. */
  readonly tileKeys: string[];
  /** Incremented whenever tiles change (caches sized to the flat view compare it). */
  readonly revision: number;
  /**
   * Vertex slots per polygon in the flat view: the largest of the tiles (3 .. {@link NAVMESH_MAX_VERTS_PER_POLY}),
   * plus the T-junction cut points inserted into border edges (collinear vertices), if any.
   */
  readonly maxVertsPerPoly: number;
  /** Number of vertices (flat view). */
  readonly vertexCount: number;
  /** Vertex positions `x0, y0, x1, y1, …` (planar). */
  readonly vertices: Float64Array;
  /** Vertex heights (elevation along the up axis), one per vertex. */
  readonly heights: Float64Array;
  /** Number of polygons (flat view, all tiles, plus unused entries after tile changes: see above). */
  readonly polyCount: number;
  /** Vertex indices, `maxVertsPerPoly` slots per polygon, unused slots `-1`. */
  readonly polyVerts: Int32Array;
  /** Vertex count of each polygon (3 .. maxVertsPerPoly; 0 for an unused entry). */
  readonly polyVertCount: Uint8Array;
  /** Neighbor polygon (flat index) across each edge slot, or `-1` (boundary / unused slot). */
  readonly neighbors: Int32Array;
  /** Area id of each polygon (0 .. 63); a query's area cost table multiplies distances in that area. */
  readonly areas: Uint8Array;
  /** 16-bit user flags of each polygon (query filters include/exclude by them). */
  readonly flags: Uint16Array;
  /** Optional tag of each polygon (0 = none), e.g. a region id reported by `getTagAt`. */
  readonly tags: Int32Array;
  /** Bounds of all vertices: `minX, minY, maxX, maxY`. */
  readonly bounds: Float64Array;
  /** Bounds of the tile in each slot (`minX, minY, maxX, maxY`; `+∞, +∞, −∞, −∞` for a free slot). */
  readonly tileBounds: Float64Array;
  /** Tile slot of each flat polygon. */
  readonly polyTile: Int32Array;
  /** Flat index of the first polygon of each slot (`-1` for a free slot). */
  readonly tilePolyBase: Int32Array;
  /** Polygon count of each slot (0 for a free slot). */
  readonly tilePolyCount: Int32Array;
  /** Ref of polygon 0 of each slot (`generation · 2^36 + slot · 2^20`). */
  readonly tileRefBase: Float64Array;
}

/** Plain input of `createNavMesh` and of the tile functions. */
export interface NavMeshInput {
  /** Planar vertex positions `x0, y0, x1, y1, …`. */
  readonly vertices: ArrayLike<number>;
  /** Optional vertex heights (default 0). */
  readonly heights?: ArrayLike<number>;
  /** Convex polygons as vertex index lists (either winding; they are stored counter-clockwise). */
  readonly polygons: ArrayLike<ArrayLike<number>>;
  /** Area id per polygon (0 .. 63, default 0). */
  readonly areas?: ArrayLike<number>;
  /** 16-bit flags per polygon (default 1). */
  readonly flags?: ArrayLike<number>;
  /** Tag per polygon (default 0 = none). */
  readonly tags?: ArrayLike<number>;
  /** Optional detail sub-meshes (4 numbers per polygon, see {@link NavMeshTile}). */
  readonly detailMeshes?: ArrayLike<number>;
  /** Optional detail vertices `x, y, height`. */
  readonly detailVertices?: ArrayLike<number>;
  /** Optional detail triangles, 3 local indices each. */
  readonly detailTriangles?: ArrayLike<number>;
}
