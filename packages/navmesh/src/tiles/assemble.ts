import type { NavMesh, NavMeshTile } from "../types";
import type { TileData } from "./tile-input";
import { buildTileBvTree } from "./bv-tree";
import { linkNeighbors } from "./link-neighbors";
import { splitTJunctions } from "./t-junctions";
import { encodePolyRef } from "./poly-ref";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A tile at a placement with its BV tree, links not yet computed. @internal */
export function makeTile(data: TileData, x: number, y: number, layer: number, slot: number, generation: number): NavMeshTile {
  const bv = buildTileBvTree(data.vertices, data.polyVerts, data.polyVertCount, data.maxVertsPerPoly);
  return {
    x,
    y,
    layer,
    slot,
    generation,
    maxVertsPerPoly: data.maxVertsPerPoly,
    vertexCount: data.vertexCount,
    vertices: data.vertices,
    heights: data.heights,
    polyCount: data.polyCount,
    polyVerts: data.polyVerts,
    polyVertCount: data.polyVertCount,
    links: new Float64Array(data.polyCount * data.maxVertsPerPoly).fill(-1),
    areas: data.areas,
    flags: data.flags,
    tags: data.tags,
    detailMeshes: data.detailMeshes,
    detailVertices: data.detailVertices,
    detailTriangles: data.detailTriangles,
    bvNodes: bv.bvNodes,
    bvData: bv.bvData,
    bvBounds: bv.bvBounds,
    borderLinks: new Float64Array(0),
  };
}

/** An empty tiled mesh (no tiles, empty flat view). @internal */
export function createEmptyNavMesh(): NavMesh {
  const mesh: Mutable<NavMesh> = {
    version: 2,
    tiles: {},
    tileGenerations: [],
    tileKeys: [],
    revision: 0,
    maxVertsPerPoly: 3,
    vertexCount: 0,
    vertices: new Float64Array(0),
    heights: new Float64Array(0),
    polyCount: 0,
    polyVerts: new Int32Array(0),
    polyVertCount: new Uint8Array(0),
    neighbors: new Int32Array(0),
    areas: new Uint8Array(0),
    flags: new Uint16Array(0),
    tags: new Int32Array(0),
    bounds: new Float64Array(4),
    tileBounds: new Float64Array([Infinity, Infinity, -Infinity, -Infinity]),
    polyTile: new Int32Array(0),
    tilePolyBase: new Int32Array(1).fill(-1),
    tilePolyCount: new Int32Array(1),
    tileRefBase: new Float64Array(1).fill(-1),
  };
  return mesh;
}

/**
 * Rebuilds the flat view of `mesh` from its tiles (slot order; vertices of different tiles at the
 * same position welded), links neighbors, rewrites every tile's `links` as refs and bumps
 * `revision`. Linear in the mesh size. @internal
 */
export function rebuildFlatView(mesh: NavMesh): void {
  const m = mesh as Mutable<NavMesh>;
  // Slot keys as the record's own (internalized) key strings: a key built by a template literal is
  // a different string object, and looking it up in the record on every query allocates.
  for (const key of Object.keys(mesh.tiles)) {
    const slot = mesh.tiles[key]!.slot;
    if (mesh.tileKeys[slot] === key) mesh.tileKeys[slot] = key;
  }
  const slots = mesh.tileKeys.length;
  const tiles: (NavMeshTile | undefined)[] = [];
  let stride = 3,
    polyCount = 0,
    rawVerts = 0;
  for (let s = 0; s < slots; s++) {
    const key = mesh.tileKeys[s]!;
    const t = key === "" ? undefined : mesh.tiles[key];
    tiles.push(t);
    if (!t) continue;
    stride = Math.max(stride, t.maxVertsPerPoly);
    polyCount += t.polyCount;
    rawVerts += t.vertexCount;
  }
  const n = Math.max(1, slots);
  const tilePolyBase = new Int32Array(n).fill(-1);
  const tilePolyCount = new Int32Array(n);
  const tileRefBase = new Float64Array(n).fill(-1);
  const polyTile = new Int32Array(polyCount);
  let polyVerts: Int32Array = new Int32Array(polyCount * stride).fill(-1);
  let polyVertCount: Uint8Array = new Uint8Array(polyCount);
  const areas = new Uint8Array(polyCount);
  const flags = new Uint16Array(polyCount);
  const tags = new Int32Array(polyCount);
  let vertices: Float64Array, heights: Float64Array;
  const live = tiles.filter((t) => t !== undefined);
  const vertMaps: Int32Array[] = [];
  if (live.length === 1) {
    // One tile: its vertices as they are (no welding), so a builder's mesh keeps its vertex ids.
    vertices = live[0]!.vertices;
    heights = live[0]!.heights;
  } else {
    const xs = new Float64Array(2 * rawVerts),
      hs = new Float64Array(rawVerts);
    const weld = new Map<string, number>();
    const owner: number[] = [];
    let nv = 0;
    for (const t of tiles) {
      if (!t) continue;
      const map = new Int32Array(t.vertexCount);
      for (let i = 0; i < t.vertexCount; i++) {
        const x = t.vertices[2 * i]!,
          y = t.vertices[2 * i + 1]!,
          h = t.heights[i]!;
        const key = `${x},${y},${h}`;
        const f = weld.get(key);
        if (f !== undefined && owner[f] !== t.slot) {
          map[i] = f;
          continue;
        }
        xs[2 * nv] = x;
        xs[2 * nv + 1] = y;
        hs[nv] = h;
        owner[nv] = t.slot;
        if (f === undefined) weld.set(key, nv);
        map[i] = nv++;
      }
      vertMaps[t.slot] = map;
    }
    vertices = xs.slice(0, 2 * nv);
    heights = hs.slice(0, nv);
  }
  let base = 0;
  for (let s = 0; s < slots; s++) {
    const t = tiles[s];
    if (!t) continue;
    tilePolyBase[s] = base;
    tilePolyCount[s] = t.polyCount;
    tileRefBase[s] = encodePolyRef(mesh.tileGenerations[s]!, s, 0);
    const map = vertMaps[s];
    for (let p = 0; p < t.polyCount; p++) {
      const g = base + p;
      polyTile[g] = s;
      const c = t.polyVertCount[p]!;
      polyVertCount[g] = c;
      for (let i = 0; i < c; i++) {
        const v = t.polyVerts[p * t.maxVertsPerPoly + i]!;
        polyVerts[g * stride + i] = map ? map[v]! : v;
      }
      areas[g] = t.areas[p]!;
      flags[g] = t.flags[p]!;
      tags[g] = t.tags[p]!;
    }
    base += t.polyCount;
  }
  const vertexCount = heights.length;
  // Border edges of different tiles that overlap without shared end points (T-junctions): cut
  // them at each other's end points, so every overlap sub-interval is an edge and a portal.
  const split = live.length > 1 ? splitTJunctions(vertices, polyVerts, polyVertCount, stride, polyTile, heights) : undefined;
  if (split) {
    stride = split.stride;
    polyVerts = split.polyVerts;
    polyVertCount = split.polyVertCount;
  }
  const neighbors = linkNeighbors(polyVerts, polyVertCount, stride, vertexCount);
  // Tile links as refs (symmetric because the flat neighbors are). A tile edge split into several
  // portals links to the polygon across its first sub-interval that has one.
  for (let s = 0; s < slots; s++) {
    const t = tiles[s];
    if (!t) continue;
    const links = t.links;
    links.fill(-1);
    const border: number[] = [];
    for (let p = 0; p < t.polyCount; p++) {
      const g = tilePolyBase[s]! + p;
      const n = polyVertCount[g]!;
      for (let k = 0; k < n; k++) {
        const nb = neighbors[g * stride + k]!;
        if (nb < 0) continue;
        const i = split ? split.edgeOrigin[g * stride + k]! : k;
        const ns = polyTile[nb]!;
        const ref = tileRefBase[ns]! + (nb - tilePolyBase[ns]!);
        if (links[p * t.maxVertsPerPoly + i] === -1) links[p * t.maxVertsPerPoly + i] = ref;
        if (ns === s) continue;
        // A link into another tile: the part of tile edge i it covers, as fractions along the edge.
        const tn = t.polyVertCount[p]!;
        const a = t.polyVerts[p * t.maxVertsPerPoly + i]!,
          b = t.polyVerts[p * t.maxVertsPerPoly + (i + 1 === tn ? 0 : i + 1)]!;
        const ax = t.vertices[2 * a]!,
          ay = t.vertices[2 * a + 1]!,
          dx = t.vertices[2 * b]! - ax,
          dy = t.vertices[2 * b + 1]! - ay;
        const len2 = dx * dx + dy * dy;
        const u = polyVerts[g * stride + k]!,
          w = polyVerts[g * stride + (k + 1 === n ? 0 : k + 1)]!;
        const tu = ((vertices[2 * u]! - ax) * dx + (vertices[2 * u + 1]! - ay) * dy) / len2,
          tw = ((vertices[2 * w]! - ax) * dx + (vertices[2 * w + 1]! - ay) * dy) / len2;
        border.push(p, i, ref, Math.max(0, Math.min(1, tu)), Math.max(0, Math.min(1, tw)));
      }
    }
    (t as Mutable<NavMeshTile>).borderLinks = new Float64Array(border);
  }
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
  const tileBounds = new Float64Array(4 * n);
  for (let s = 0; s < n; s++) {
    const t = tiles[s];
    tileBounds[4 * s] = t ? t.bvBounds[0]! : Infinity;
    tileBounds[4 * s + 1] = t ? t.bvBounds[1]! : Infinity;
    tileBounds[4 * s + 2] = t ? t.bvBounds[2]! : -Infinity;
    tileBounds[4 * s + 3] = t ? t.bvBounds[3]! : -Infinity;
  }
  m.maxVertsPerPoly = stride;
  m.vertexCount = vertexCount;
  m.vertices = vertices;
  m.heights = heights;
  m.polyCount = polyCount;
  m.polyVerts = polyVerts;
  m.polyVertCount = polyVertCount;
  m.neighbors = neighbors;
  m.areas = areas;
  m.flags = flags;
  m.tags = tags;
  m.bounds = bounds;
  m.tileBounds = tileBounds;
  m.polyTile = polyTile;
  m.tilePolyBase = tilePolyBase;
  m.tilePolyCount = tilePolyCount;
  m.tileRefBase = tileRefBase;
  m.revision = mesh.revision + 1;
}

/** A validated tile and its place, as read from serialized data. @internal */
export interface PlacedTileData {
  readonly x: number;
  readonly y: number;
  readonly layer: number;
  readonly slot: number;
  readonly data: TileData;
}

/**
 * A mesh from serialized tiles: `generations` per slot, tiles in any order. Returns an error
 * message and the index of the offending tile (the caller throws with its own path format), or
 * the mesh. @internal
 */
export function navMeshFromPlacedTiles(generations: readonly number[], tiles: readonly PlacedTileData[]): NavMesh | { error: string; tile: number } {
  const mesh = createEmptyNavMesh();
  for (const g of generations) {
    mesh.tileGenerations.push(g);
    mesh.tileKeys.push("");
  }
  for (let i = 0; i < tiles.length; i++) {
    const t = tiles[i]!;
    if (t.slot >= generations.length) return { error: `slot ${t.slot} is past the ${generations.length} slots of "tileGenerations".`, tile: i };
    if (mesh.tileKeys[t.slot] !== "") return { error: `slot ${t.slot} is used by two tiles.`, tile: i };
    const key = `${t.x},${t.y},${t.layer}`;
    if (Object.prototype.hasOwnProperty.call(mesh.tiles, key)) return { error: `two tiles are at "${key}".`, tile: i };
    mesh.tileKeys[t.slot] = key;
    mesh.tiles[key] = makeTile(t.data, t.x, t.y, t.layer, t.slot, generations[t.slot]!);
  }
  rebuildFlatView(mesh);
  return mesh;
}
