import { navMeshError, NavMeshErrorCodes, show } from "../errors";
import { checkOptions } from "../input-limits";
import type { NavMesh, NavMeshInput, NavMeshTile } from "../types";
import { makeTile } from "./assemble";
import { patchFlatView } from "./flat-view";
import { encodePolyRef, POLY_REF_GENERATION_BITS, POLY_REF_TILE_BITS } from "./poly-ref";
import { validateNavMeshInput } from "./tile-input";

/** Options of {@link addNavMeshTile} and {@link replaceNavMeshTile}. */
export interface NavMeshTileOptions {
  /** Vertex slots per polygon of the tile (default: its largest polygon). */
  readonly maxVertsPerPoly?: number;
}

const MAX_SLOTS = 2 ** POLY_REF_TILE_BITS;
const GEN_SPAN = 2 ** POLY_REF_GENERATION_BITS;

/**
 * The record key of the tile at column `x`, row `y`, layer `layer`: `"x,y,layer"`.
 *
 * @param x - Tile column (an integer, as given when the tile was added; not validated).
 * @param y - Tile row (an integer).
 * @param layer - Tile layer (an integer; 0 for a single-layer mesh).
 */
export function getNavMeshTileKey(x: number, y: number, layer: number): string {
  return `${x},${y},${layer}`;
}

/**
 * The tile at `(x, y, layer)`, or `undefined`.
 *
 * @param mesh - The tiled navmesh (read only).
 * @param x - Tile column (integer).
 * @param y - Tile row (integer).
 * @param layer - Tile layer (integer; 0 for a single-layer mesh), as given to {@link addNavMeshTile}.
 */
export function getNavMeshTile(mesh: NavMesh, x: number, y: number, layer: number): NavMeshTile | undefined {
  const key = getNavMeshTileKey(x, y, layer);
  return Object.prototype.hasOwnProperty.call(mesh.tiles, key) ? mesh.tiles[key] : undefined;
}

function checkCoords(fn: string, x: number, y: number, layer: number): void {
  for (const [name, v] of [
    ["x", x],
    ["y", y],
    ["layer", layer],
  ] as const) {
    if (typeof v !== "number" || !Number.isInteger(v) || Math.abs(v) > 0x7fffffff)
      throw navMeshError(NavMeshErrorCodes.BadInput, fn, `tile "${name}" must be a 32-bit integer, got ${show(v)}.`, { path: name });
  }
}

/**
 * Adds a tile at column `x`, row `y`, layer `layer` (vertices in world coordinates, validated like
 * `createNavMesh` input) and links its border edges to neighboring tiles (edges whose end points
 * coincide). Returns the ref of the tile's polygon 0 (its polygons are that ref `+ 0 .. polyCount-1`),
 * or `-1` when all 65,536 tile slots are in use. Throws `NAVMESH_BAD_MESH` (naming the field) for
 * bad geometry and `NAVMESH_BAD_INPUT` when a tile is already at that place (use
 * {@link replaceNavMeshTile}); nothing changes on a throw. Patches the mesh's flat view: the cost is
 * the size of the tile plus its neighbours' border polygons (the first change after a mesh is made
 * or loaded lays the view out once, linear in the mesh).
 *
 * @example
 * ```ts
 * const mesh = createNavMesh({ vertices: [0, 0, 1, 0, 1, 1, 0, 1], polygons: [[0, 1, 2, 3]] });
 * const base = addNavMeshTile(mesh, 1, 0, 0, { vertices: [1, 0, 2, 0, 2, 1, 1, 1], polygons: [[0, 1, 2, 3]] });
 * mesh.tiles["1,0,0"].links[3]; // 0: the new square's edge 3 (x = 1) links to polygon 0 of tile "0,0,0"
 * isValidPolyRef(mesh, base);    // true
 * ```
 */
export function addNavMeshTile(mesh: NavMesh, x: number, y: number, layer: number, input: NavMeshInput, options: NavMeshTileOptions = {}): number {
  const fn = "addNavMeshTile";
  options = checkOptions(fn, options);
  checkCoords(fn, x, y, layer);
  const key = getNavMeshTileKey(x, y, layer);
  if (Object.prototype.hasOwnProperty.call(mesh.tiles, key))
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `a tile is already at "${key}"; remove it first or call replaceNavMeshTile.`, { path: "key" });
  const data = validateNavMeshInput(fn, input, options.maxVertsPerPoly);
  let slot = mesh.tileKeys.indexOf("");
  if (slot < 0) {
    if (mesh.tileKeys.length >= MAX_SLOTS) return -1;
    slot = mesh.tileKeys.length;
    mesh.tileKeys.push("");
    mesh.tileGenerations.push(0);
  }
  const gen = mesh.tileGenerations[slot]!;
  mesh.tileKeys[slot] = key;
  mesh.tiles[key] = makeTile(data, x, y, layer, slot, gen);
  patchFlatView(mesh, [slot]);
  return encodePolyRef(gen, slot, 0);
}

/**
 * Removes the tile at `(x, y, layer)`: its slot's generation is bumped, so its polygon refs fail
 * `isValidPolyRef`, and neighboring tiles lose their links to it. Returns false when no tile is
 * there.
 *
 * @param mesh - The tiled navmesh; changed in place.
 * @param x - Tile column (integer).
 * @param y - Tile row (integer).
 * @param layer - Tile layer (integer; 0 for a single-layer mesh), as given to {@link addNavMeshTile}.
 */
export function removeNavMeshTile(mesh: NavMesh, x: number, y: number, layer: number): boolean {
  checkCoords("removeNavMeshTile", x, y, layer);
  const key = getNavMeshTileKey(x, y, layer);
  if (!Object.prototype.hasOwnProperty.call(mesh.tiles, key)) return false;
  const slot = mesh.tiles[key]!.slot;
  delete mesh.tiles[key];
  mesh.tileKeys[slot] = "";
  mesh.tileGenerations[slot] = (mesh.tileGenerations[slot]! + 1) % GEN_SPAN;
  patchFlatView(mesh, [slot]);
  return true;
}

/**
 * Replaces the tile at `(x, y, layer)` (or adds it when there is none) with `input`, in the same
 * slot with the next generation: refs into the old tile become stale (`isValidPolyRef` false; a
 * path corridor repairs them with `repairPathCorridor`). Validates `input` before changing
 * anything. Returns the ref of the new tile's polygon 0, or `-1` when no slot is free.
 */
export function replaceNavMeshTile(mesh: NavMesh, x: number, y: number, layer: number, input: NavMeshInput, options: NavMeshTileOptions = {}): number {
  const fn = "replaceNavMeshTile";
  options = checkOptions(fn, options);
  checkCoords(fn, x, y, layer);
  const key = getNavMeshTileKey(x, y, layer);
  if (!Object.prototype.hasOwnProperty.call(mesh.tiles, key)) return addNavMeshTile(mesh, x, y, layer, input, options);
  const data = validateNavMeshInput(fn, input, options.maxVertsPerPoly);
  const slot = mesh.tiles[key]!.slot;
  const gen = (mesh.tileGenerations[slot]! + 1) % GEN_SPAN;
  mesh.tileGenerations[slot] = gen;
  mesh.tiles[key] = makeTile(data, x, y, layer, slot, gen);
  patchFlatView(mesh, [slot]);
  return encodePolyRef(gen, slot, 0);
}
