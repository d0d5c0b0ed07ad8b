import { navMeshError, NavMeshErrorCodes } from "./errors";
import { buildPolygonIndex } from "./spatial-index";

/** Largest number of vertices a navmesh polygon may have ({@link NavMesh.maxVertsPerPoly} ≤ this). */
export const NAVMESH_MAX_VERTS_PER_POLY = 12;

/** Number of area ids (`0 .. NAVMESH_AREA_COUNT - 1`); area costs are a table of this size. */
export const NAVMESH_AREA_COUNT = 64;

/**
 * A navigation mesh: convex polygons over shared vertices, as plain data (typed arrays and
 * numbers, no classes), so `structuredClone` and workers work on it.
 *
 * Geometry is planar in `(x, y)`; each vertex also carries a height (`heights`, 0 for 2D builds;
 * the OBJ import puts the up axis there), so queries run in the plane and report heights.
 * Polygons are counter-clockwise (y up) and convex. A polygon ref is its index
 * `0 .. polyCount - 1`.
 *
 * Layout: polygon `p` uses `polyVertCount[p]` entries of `polyVerts[p * maxVertsPerPoly ...]`
 * (the rest are `-1`); edge `i` of `p` runs from its vertex `i` to vertex `i + 1` and
 * `neighbors[p * maxVertsPerPoly + i]` is the polygon across it, or `-1` on the mesh boundary.
 * `cellStart`/`cellPolys` are a uniform-grid index over polygon bounding boxes for point location.
 */
export interface NavMesh {
  /** Format version of this layout (1). */
  readonly version: 1;
  /** Vertices per polygon slot (3 .. {@link NAVMESH_MAX_VERTS_PER_POLY}). */
  readonly maxVertsPerPoly: number;
  /** Number of vertices. */
  readonly vertexCount: number;
  /** Vertex positions `x0, y0, x1, y1, …` (planar). */
  readonly vertices: Float64Array;
  /** Vertex heights (elevation along the up axis), one per vertex. */
  readonly heights: Float64Array;
  /** Number of polygons. */
  readonly polyCount: number;
  /** Vertex indices, `maxVertsPerPoly` slots per polygon, unused slots `-1`. */
  readonly polyVerts: Int32Array;
  /** Vertex count of each polygon (3 .. maxVertsPerPoly). */
  readonly polyVertCount: Uint8Array;
  /** Neighbor polygon across each edge slot, or `-1` (boundary / unused slot). */
  readonly neighbors: Int32Array;
  /** Area id of each polygon (0 .. 63); a query's area cost table multiplies distances in that area. */
  readonly areas: Uint8Array;
  /** 16-bit user flags of each polygon (query filters include/exclude by them). */
  readonly flags: Uint16Array;
  /** Optional tag of each polygon (0 = none), e.g. a region id reported by `getTagAt`. */
  readonly tags: Int32Array;
  /** Bounds of all vertices: `minX, minY, maxX, maxY`. */
  readonly bounds: Float64Array;
  /** Grid index: cell size. */
  readonly cellSize: number;
  /** Grid index: columns. */
  readonly gridWidth: number;
  /** Grid index: rows. */
  readonly gridHeight: number;
  /** Grid index: polygons of cell `c` are `cellPolys[cellStart[c] .. cellStart[c + 1])`. */
  readonly cellStart: Int32Array;
  /** Grid index: polygon ids by cell. */
  readonly cellPolys: Int32Array;
  /** Polygons around vertex `v` are `vertPolys[vertPolyStart[v] .. vertPolyStart[v + 1])` (derived). */
  readonly vertPolyStart: Int32Array;
  /** Polygon ids by vertex. */
  readonly vertPolys: Int32Array;
}

/** Plain input of {@link createNavMesh}. */
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
}

/** Options of {@link createNavMesh}. */
export interface CreateNavMeshOptions {
  /** Vertex slots per polygon (default: the largest polygon, at least 3). */
  readonly maxVertsPerPoly?: number;
}

const FN = "createNavMesh";

/**
 * Builds a {@link NavMesh} from vertices and convex polygons: validates everything, orients
 * polygons counter-clockwise, links neighbors across shared edges (an edge shared by exactly two
 * polygons in opposite directions) and builds the point-location index.
 *
 * Throws `NAVMESH_BAD_MESH` naming the polygon and vertex for an index out of range, a repeated
 * vertex, a degenerate or non-convex polygon, an area outside 0..63, or a non-finite coordinate.
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
  if (input === null || typeof input !== "object") throw navMeshError(NavMeshErrorCodes.BadMesh, FN, "input must be an object { vertices, polygons }.");
  const { vertices: vin, polygons: pin } = input;
  if (!vin || typeof vin.length !== "number" || vin.length % 2 !== 0) {
    throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `"vertices" must hold x,y pairs (got ${vin ? vin.length : String(vin)} numbers).`, { path: "vertices" });
  }
  const vertexCount = vin.length / 2;
  const vertices = new Float64Array(vin.length);
  for (let i = 0; i < vin.length; i++) {
    const v = vin[i];
    if (typeof v !== "number" || !Number.isFinite(v))
      throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `vertex ${i >> 1} has a non-finite coordinate (${String(v)}).`, { path: `vertices[${i}]` });
    vertices[i] = v;
  }
  const heights = new Float64Array(vertexCount);
  if (input.heights !== undefined) {
    if (input.heights.length !== vertexCount)
      throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `"heights" has ${input.heights.length} entries; expected one per vertex (${vertexCount}).`, {
        path: "heights",
      });
    for (let i = 0; i < vertexCount; i++) {
      const h = input.heights[i];
      if (typeof h !== "number" || !Number.isFinite(h))
        throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `height of vertex ${i} is not finite.`, { path: `heights[${i}]` });
      heights[i] = h;
    }
  }
  if (!pin || typeof pin.length !== "number")
    throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `"polygons" must be an array of vertex index lists.`, { path: "polygons" });
  const polyCount = pin.length;
  let largest = 3;
  for (let p = 0; p < polyCount; p++) {
    const poly = pin[p];
    if (!poly || typeof poly.length !== "number")
      throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `polygon ${p} is not an array of vertex indices.`, { path: `polygons[${p}]` });
    largest = Math.max(largest, poly.length);
  }
  const stride = options.maxVertsPerPoly ?? largest;
  if (!Number.isInteger(stride) || stride < 3 || stride > NAVMESH_MAX_VERTS_PER_POLY) {
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `"maxVertsPerPoly" must be an integer in 3..${NAVMESH_MAX_VERTS_PER_POLY}, got ${String(stride)}.`, {
      path: "maxVertsPerPoly",
    });
  }
  const polyVerts = new Int32Array(polyCount * stride).fill(-1);
  const polyVertCount = new Uint8Array(polyCount);
  for (let p = 0; p < polyCount; p++) {
    const poly = pin[p]!;
    const n = poly.length;
    if (n < 3 || n > stride)
      throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `polygon ${p} has ${n} vertices; it needs 3..${stride}.`, { path: `polygons[${p}]` });
    for (let i = 0; i < n; i++) {
      const v = poly[i];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= vertexCount) {
        throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `polygon ${p} vertex ${i} is ${String(v)}, not a vertex index in 0..${vertexCount - 1}.`, {
          path: `polygons[${p}][${i}]`,
        });
      }
      for (let j = 0; j < i; j++) {
        if (poly[j] === v)
          throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `polygon ${p} uses vertex ${v} twice (positions ${j} and ${i}).`, { path: `polygons[${p}][${i}]` });
      }
    }
    // Orientation: store counter-clockwise.
    let area2 = 0;
    for (let i = 0; i < n; i++) {
      const a = poly[i]!,
        b = poly[(i + 1) % n]!;
      area2 += vertices[2 * a]! * vertices[2 * b + 1]! - vertices[2 * b]! * vertices[2 * a + 1]!;
    }
    if (!(Math.abs(area2) > 0))
      throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `polygon ${p} has zero area; drop degenerate polygons before building.`, { path: `polygons[${p}]` });
    const base = p * stride;
    for (let i = 0; i < n; i++) polyVerts[base + i] = area2 > 0 ? poly[i]! : poly[n - 1 - i]!;
    polyVertCount[p] = n;
    // Convexity (collinear vertices allowed, within a relative tolerance).
    for (let i = 0; i < n; i++) {
      const a = polyVerts[base + i]!,
        b = polyVerts[base + ((i + 1) % n)]!,
        c = polyVerts[base + ((i + 2) % n)]!;
      const abx = vertices[2 * b]! - vertices[2 * a]!,
        aby = vertices[2 * b + 1]! - vertices[2 * a + 1]!;
      const bcx = vertices[2 * c]! - vertices[2 * b]!,
        bcy = vertices[2 * c + 1]! - vertices[2 * b + 1]!;
      const cross = abx * bcy - aby * bcx;
      const scale = Math.hypot(abx, aby) * Math.hypot(bcx, bcy);
      if (cross < -1e-9 * scale) {
        throw navMeshError(
          NavMeshErrorCodes.BadMesh,
          FN,
          `polygon ${p} is not convex at vertex ${b} (position ${(i + 1) % n}); split it into convex parts (buildNavMeshFromPolygons does).`,
          { path: `polygons[${p}]` },
        );
      }
    }
  }
  const areas = new Uint8Array(polyCount);
  const flags = new Uint16Array(polyCount).fill(1);
  const tags = new Int32Array(polyCount);
  copyPerPoly("areas", input.areas, polyCount, areas, 0, 63);
  copyPerPoly("flags", input.flags, polyCount, flags, 0, 0xffff);
  copyPerPoly("tags", input.tags, polyCount, tags, -0x80000000, 0x7fffffff);
  const neighbors = linkNeighbors(polyVerts, polyVertCount, stride, vertexCount);
  return assembleNavMesh(stride, vertices, heights, polyVerts, polyVertCount, neighbors, areas, flags, tags);
}

function copyPerPoly(
  name: string,
  src: ArrayLike<number> | undefined,
  count: number,
  dst: Uint8Array | Uint16Array | Int32Array,
  min: number,
  max: number,
): void {
  if (src === undefined) return;
  if (src.length !== count)
    throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `"${name}" has ${src.length} entries; expected one per polygon (${count}).`, { path: name });
  for (let i = 0; i < count; i++) {
    const v = src[i];
    if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
      throw navMeshError(NavMeshErrorCodes.BadMesh, FN, `${name}[${i}] is ${String(v)}; it must be an integer in ${min}..${max}.`, { path: `${name}[${i}]` });
    }
    dst[i] = v;
  }
}

/** Links polygon edges shared by exactly two polygons in opposite directions. @internal */
export function linkNeighbors(polyVerts: Int32Array, polyVertCount: Uint8Array, stride: number, vertexCount: number): Int32Array {
  const polyCount = polyVertCount.length;
  const neighbors = new Int32Array(polyCount * stride).fill(-1);
  // Edges keyed by (min, max) vertex in a hash of number keys (vertexCount² fits in 2^53).
  const first = new Map<number, number>();
  const count = new Map<number, number>();
  for (let p = 0; p < polyCount; p++) {
    const n = polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const a = polyVerts[p * stride + i]!,
        b = polyVerts[p * stride + ((i + 1) % n)]!;
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      count.set(key, (count.get(key) ?? 0) + 1);
      if (!first.has(key)) first.set(key, p * stride + i);
    }
  }
  for (let p = 0; p < polyCount; p++) {
    const n = polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const a = polyVerts[p * stride + i]!,
        b = polyVerts[p * stride + ((i + 1) % n)]!;
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      if (count.get(key) !== 2) continue;
      const slot = first.get(key)!;
      if (slot === p * stride + i) continue;
      const q = Math.floor(slot / stride),
        j = slot - q * stride;
      const qa = polyVerts[slot]!;
      if (qa !== b || q === p) continue; // same direction: inconsistent winding, leave as boundary
      neighbors[p * stride + i] = q;
      neighbors[q * stride + j] = p;
    }
  }
  return neighbors;
}

/** Assembles a mesh from validated arrays and builds its index. @internal */
export function assembleNavMesh(
  stride: number,
  vertices: Float64Array,
  heights: Float64Array,
  polyVerts: Int32Array,
  polyVertCount: Uint8Array,
  neighbors: Int32Array,
  areas: Uint8Array,
  flags: Uint16Array,
  tags: Int32Array,
): NavMesh {
  const vertexCount = heights.length;
  const polyCount = polyVertCount.length;
  const bounds = new Float64Array([Infinity, Infinity, -Infinity, -Infinity]);
  for (let i = 0; i < vertexCount; i++) {
    const x = vertices[2 * i]!,
      y = vertices[2 * i + 1]!;
    if (x < bounds[0]!) bounds[0] = x;
    if (y < bounds[1]!) bounds[1] = y;
    if (x > bounds[2]!) bounds[2] = x;
    if (y > bounds[3]!) bounds[3] = y;
  }
  if (vertexCount === 0) bounds.fill(0);
  const index = buildPolygonIndex(vertices, polyVerts, polyVertCount, stride, bounds);
  const vertPolyStart = new Int32Array(vertexCount + 1);
  for (let p = 0; p < polyCount; p++) for (let i = 0; i < polyVertCount[p]!; i++) vertPolyStart[polyVerts[p * stride + i]! + 1]!++;
  for (let i = 0; i < vertexCount; i++) vertPolyStart[i + 1]! += vertPolyStart[i]!;
  const fill = vertPolyStart.slice(0, vertexCount);
  const vertPolys = new Int32Array(vertPolyStart[vertexCount]!);
  for (let p = 0; p < polyCount; p++) for (let i = 0; i < polyVertCount[p]!; i++) vertPolys[fill[polyVerts[p * stride + i]!]!++] = p;
  return {
    version: 1,
    maxVertsPerPoly: stride,
    vertexCount,
    vertices,
    heights,
    polyCount,
    polyVerts,
    polyVertCount,
    neighbors,
    areas,
    flags,
    tags,
    bounds,
    cellSize: index.cellSize,
    gridWidth: index.gridWidth,
    gridHeight: index.gridHeight,
    cellStart: index.cellStart,
    cellPolys: index.cellPolys,
    vertPolyStart,
    vertPolys,
  };
}

/** Writes the centroid (vertex average) of polygon `poly` into `out` and returns `out`. */
export function getPolygonCenter<T extends { x: number; y: number }>(out: T, mesh: NavMesh, poly: number): T {
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

/** Area of polygon `poly` (positive). */
export function getPolygonArea(mesh: NavMesh, poly: number): number {
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
