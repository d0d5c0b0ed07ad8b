// Save and restore of which tile sits in which slot of a navmesh, with the slot generations (so
// polygon refs saved elsewhere, e.g. in path corridors, name the same polygons after a restore), and
// its snapshot-envelope codec.
import { createStateHash, hashStateBytes, hashStateNumber, hashStateString, readStateHash, type SnapshotCodec } from "@tactica/core";
import { navMeshError, NavMeshErrorCodes, show } from "./errors";
import { rebuildFlatView } from "./tiles/assemble";
import { POLY_REF_GENERATION_BITS, POLY_REF_TILE_BITS } from "./tiles/poly-ref";
import type { NavMesh, NavMeshTile } from "./types";
import { isRecord, own } from "./plain-data";

/** Format tag of a {@link NavMeshTilesSnapshot}. */
export const NAVMESH_TILES_SNAPSHOT_FORMAT = "tactica.navmesh-tiles";

/** One tile of a {@link NavMeshTilesSnapshot}. */
export interface NavMeshTilesSnapshotTile {
  /** The tile's record key `"x,y,layer"`. */
  readonly key: string;
  /** Its slot (the tile field of its polygon refs). */
  readonly slot: number;
  /** 32-bit FNV-1a hash of the tile's data (geometry, areas, flags, tags, detail mesh): a restore into a different tile is refused. */
  readonly hash: number;
}

/**
 * Which tile sits in which slot of a navmesh and every slot's generation, as JSON-safe plain data
 * (made by {@link saveNavMeshTiles}). The tiles' data is not in it, only a hash per tile: restore
 * into a mesh holding the same tiles (built again from the same tile data or bytes, in any order),
 * which then hands out the same polygon refs as the saved mesh: refs saved with it (path
 * corridors, cached refs) are valid again, and refs that were stale stay stale.
 */
export interface NavMeshTilesSnapshot {
  /** Always {@link NAVMESH_TILES_SNAPSHOT_FORMAT}. */
  readonly format: typeof NAVMESH_TILES_SNAPSHOT_FORMAT;
  /** Layout version (1). */
  readonly version: 1;
  /** Generation of every slot (free slots too), `0 .. 65535`. */
  readonly generations: number[];
  /** The tiles, in slot order. */
  readonly tiles: NavMeshTilesSnapshotTile[];
}

/**
 * 32-bit FNV-1a hash (core's state hash, over the bytes of the typed arrays) of a tile's key and
 * data: vertices, heights, polygons, areas, flags, tags and detail mesh. Links, the BV tree and the
 * slot are derived or assigned, so they are not part of it. @internal
 */
export function hashNavMeshTile(key: string, tile: NavMeshTile): number {
  const h = createStateHash();
  hashStateString(h, key);
  hashStateNumber(h, tile.maxVertsPerPoly);
  hashStateNumber(h, tile.vertexCount);
  hashStateNumber(h, tile.polyCount);
  for (const a of [
    tile.vertices,
    tile.heights,
    tile.polyVerts,
    tile.polyVertCount,
    tile.areas,
    tile.flags,
    tile.tags,
    tile.detailMeshes,
    tile.detailVertices,
    tile.detailTriangles,
  ]) {
    hashStateNumber(h, a.length);
    hashStateBytes(h, a);
  }
  return readStateHash(h);
}

/**
 * Saves the tile layout of `mesh` (each tile's slot, every slot's generation, a hash per tile) as a
 * JSON-safe {@link NavMeshTilesSnapshot}. Allocates; O(mesh size) for the hashes.
 *
 * @param mesh - the navmesh whose tile layout is saved (read only): each tile's key, slot and data hash, and every slot generation
 *
 * @example
 * ```ts
 * const square = (x: number) => ({ vertices: [x, 0, x + 1, 0, x + 1, 1, x, 1], polygons: [[0, 1, 2, 3]] });
 * const mesh = createNavMesh(square(0));
 * addNavMeshTile(mesh, 1, 0, 0, square(1));
 * const ref = replaceNavMeshTile(mesh, 1, 0, 0, square(1)); // generation 1 of slot 1
 * const saved = JSON.parse(JSON.stringify(saveNavMeshTiles(mesh)));
 * // Later: the same tiles again (generation 0 everywhere), then the saved layout.
 * const again = createNavMesh(square(0));
 * addNavMeshTile(again, 1, 0, 0, square(1));
 * restoreNavMeshTiles(again, saved);
 * isValidPolyRef(again, ref); // → true
 * ```
 */
export function saveNavMeshTiles(mesh: NavMesh): NavMeshTilesSnapshot {
  const tiles: NavMeshTilesSnapshotTile[] = [];
  for (let slot = 0; slot < mesh.tileKeys.length; slot++) {
    const key = mesh.tileKeys[slot]!;
    if (key === "") continue;
    tiles.push({ key, slot, hash: hashNavMeshTile(key, mesh.tiles[key]!) });
  }
  return { format: NAVMESH_TILES_SNAPSHOT_FORMAT, version: 1, generations: mesh.tileGenerations.slice(), tiles };
}

const FN = "restoreNavMeshTiles";
const MAX_SLOTS = 2 ** POLY_REF_TILE_BITS;
const MAX_GENERATION = 2 ** POLY_REF_GENERATION_BITS - 1;

function bad(path: string, problem: string): never {
  throw navMeshError(NavMeshErrorCodes.Format, FN, `${path} ${problem}`, { path });
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Puts a {@link saveNavMeshTiles} layout back into `mesh`: every tile moves to its saved slot, every
 * slot gets its saved generation, and the mesh's flat view is rebuilt (its `revision` changes, so
 * caches and sliced searches over it start again). Afterwards `mesh` hands out exactly the saved
 * mesh's polygon refs. `mesh` must hold the same tiles (same keys, same data by hash; added in any
 * order, with any generations). The whole snapshot is checked before anything changes: on error
 * the mesh is untouched.
 *
 * @param mesh - the navmesh to re-lay in place (tiles moved to their saved slots, generations set, flat view rebuilt, `revision` bumped); it must hold exactly the saved tiles, and is untouched when the snapshot is rejected
 * @param snapshot - parsed JSON from `saveNavMeshTiles` (version 1); anything else throws `NAVMESH_FORMAT` naming the JSON path
 *
 * @throws TacticaError `NAVMESH_FORMAT` naming the JSON path (`$.tiles[1].hash`) of the first problem: a bad layout, a tile the mesh lacks or has in addition, a tile whose data differs.
 */
export function restoreNavMeshTiles(mesh: NavMesh, snapshot: unknown): void {
  if (!isRecord(snapshot)) bad("$", `must be a navmesh tiles snapshot object but is ${show(snapshot)}.`);
  if (own(snapshot, "format") !== NAVMESH_TILES_SNAPSHOT_FORMAT)
    bad("$.format", `must be "${NAVMESH_TILES_SNAPSHOT_FORMAT}" but is ${show(own(snapshot, "format"))}.`);
  if (own(snapshot, "version") !== 1) bad("$.version", `must be 1 (this build reads version 1) but is ${show(own(snapshot, "version"))}.`);
  const generations = own(snapshot, "generations");
  if (!Array.isArray(generations)) bad("$.generations", `must be an array of slot generations but is ${show(generations)}.`);
  if (generations.length > MAX_SLOTS) bad("$.generations", `holds ${generations.length} slots; a mesh has at most ${MAX_SLOTS}.`);
  for (let i = 0; i < generations.length; i++) {
    const g: unknown = generations[i];
    if (typeof g !== "number" || !Number.isInteger(g) || g < 0 || g > MAX_GENERATION)
      bad(`$.generations[${i}]`, `must be an integer in 0..${MAX_GENERATION} but is ${show(g)}.`);
  }
  const tiles = own(snapshot, "tiles");
  if (!Array.isArray(tiles)) bad("$.tiles", `must be an array of {key, slot, hash} but is ${show(tiles)}.`);
  if (tiles.length > generations.length) bad("$.tiles", `holds ${tiles.length} tiles but only ${generations.length} slots are listed in $.generations.`);
  const keys: string[] = new Array<string>(generations.length).fill("");
  const seen = new Set<string>();
  for (let i = 0; i < tiles.length; i++) {
    const p = `$.tiles[${i}]`;
    const t: unknown = tiles[i];
    if (!isRecord(t)) bad(p, `must be {key, slot, hash} but is ${show(t)}.`);
    const key = own(t, "key"),
      slot = own(t, "slot"),
      hash = own(t, "hash");
    if (typeof key !== "string") bad(`${p}.key`, `must be a tile key "x,y,layer" but is ${show(key)}.`);
    if (typeof slot !== "number" || !Number.isInteger(slot) || slot < 0 || slot >= generations.length)
      bad(`${p}.slot`, `must be an integer in 0..${generations.length - 1} (a slot of $.generations) but is ${show(slot)}.`);
    if (typeof hash !== "number" || !Number.isInteger(hash) || hash < 0 || hash > 0xffffffff) bad(`${p}.hash`, `must be a uint32 but is ${show(hash)}.`);
    if (keys[slot] !== "") bad(`${p}.slot`, `${slot} is already used by tile ${show(keys[slot])}.`);
    if (seen.has(key)) bad(`${p}.key`, `${show(key)} is listed twice.`);
    if (!Object.prototype.hasOwnProperty.call(mesh.tiles, key))
      bad(`${p}.key`, `${show(key)} is not a tile of this mesh; restore into a mesh holding the saved tiles.`);
    if (hashNavMeshTile(key, mesh.tiles[key]!) !== hash)
      bad(`${p}.hash`, `does not match the mesh's tile ${show(key)}: its data differs from the saved tile's; rebuild the mesh from the same tile data.`);
    keys[slot] = key;
    seen.add(key);
  }
  for (const key of Object.keys(mesh.tiles))
    if (!seen.has(key)) bad("$.tiles", `lacks the mesh's tile ${show(key)}; restore into a mesh holding exactly the saved tiles.`);
  // Checked: apply. Tiles are re-made with their new slot and generation; links are rebuilt.
  const m = mesh as Mutable<NavMesh>;
  m.tileGenerations.length = 0;
  m.tileKeys.length = 0;
  for (let s = 0; s < generations.length; s++) {
    m.tileGenerations.push(generations[s] as number);
    m.tileKeys.push(keys[s]!);
    if (keys[s] !== "") m.tiles[keys[s]!] = { ...mesh.tiles[keys[s]!]!, slot: s, generation: generations[s] as number };
  }
  rebuildFlatView(mesh);
}

/**
 * The snapshot-envelope codec of a {@link NavMesh}'s tile layout (section version 1):
 * {@link saveNavMeshTiles} and {@link restoreNavMeshTiles}. Save it with the path corridors whose
 * refs point into the mesh, and restore both into a mesh built again from the same tiles: the
 * corridors' refs then name the same polygons.
 *
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "level.navmesh", navMeshTilesSnapshotCodec);
 * const square = (x: number) => ({ vertices: [x, 0, x + 1, 0, x + 1, 1, x, 1], polygons: [[0, 1, 2, 3]] });
 * const mesh = createNavMesh(square(0));
 * addNavMeshTile(mesh, 1, 0, 0, square(1));
 * replaceNavMeshTile(mesh, 0, 0, 0, square(0));
 * const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { "level.navmesh": mesh }, { tick: 9 })));
 * const again = createNavMesh(square(0)); // the same tiles again, generation 0 everywhere
 * addNavMeshTile(again, 1, 0, 0, square(1));
 * restoreSnapshot(codecs, { "level.navmesh": again }, snap);
 * again.tileGenerations; // → [1, 0], as in mesh
 * ```
 */
export const navMeshTilesSnapshotCodec: SnapshotCodec<NavMesh> = { version: 1, save: saveNavMeshTiles, restore: restoreNavMeshTiles };
