import type { NavMesh } from "../types";
import { navMeshError, NavMeshErrorCodes, show } from "../errors";

/** Bits of the polygon index inside a polygon ref (up to 1,048,576 polygons per tile). */
export const POLY_REF_POLY_BITS = 20;
/** Bits of the tile slot inside a polygon ref (up to 65,536 tiles). */
export const POLY_REF_TILE_BITS = 16;
/** Bits of the slot generation inside a polygon ref (wraps after 65,536 changes of one slot). */
export const POLY_REF_GENERATION_BITS = 16;

const POLY_SPAN = 2 ** POLY_REF_POLY_BITS;
const TILE_SPAN = 2 ** POLY_REF_TILE_BITS;
const GEN_SPAN = 2 ** POLY_REF_GENERATION_BITS;
const TILE_SHIFT = POLY_SPAN;
const GEN_SHIFT = POLY_SPAN * TILE_SPAN; // 2^36

/**
 * Packs a polygon ref: `generation · 2^36 + slot · 2^20 + poly` (52 bits, an exact integer in a
 * double). Arguments are taken modulo their field size.
 *
 * @param generation - the tile slot's generation (a non-negative integer, taken modulo 2^16)
 * @param slot - the tile slot (a non-negative integer, taken modulo 2^16)
 * @param poly - the polygon's index inside its tile (a non-negative integer, taken modulo 2^20)
 *
 * @example
 * ```ts
 * const ref = encodePolyRef(3, 2, 17); // 3·2^36 + 2·2^20 + 17
 * decodePolyRef(ref); // { generation: 3, slot: 2, poly: 17 }
 * ```
 */
export function encodePolyRef(generation: number, slot: number, poly: number): number {
  return (generation % GEN_SPAN) * GEN_SHIFT + (slot % TILE_SPAN) * TILE_SHIFT + (poly % POLY_SPAN);
}

/**
 * Unpacks a polygon ref made by {@link encodePolyRef}. Whether the ref names a polygon of a given
 * mesh is not checked (see {@link isValidPolyRef}).
 *
 * @param ref - a polygon ref: a non-negative integer below 2^52; anything else throws `NAVMESH_BAD_INPUT`
 *
 * @throws TacticaError `NAVMESH_BAD_INPUT` when `ref` is not a non-negative integer below 2^52 (`undefined`, `NaN`, -1, …).
 */
export function decodePolyRef(ref: number): { generation: number; slot: number; poly: number } {
  if (!(ref >= 0 && ref < 2 ** 52 && ref === Math.floor(ref)))
    throw navMeshError(NavMeshErrorCodes.BadInput, "decodePolyRef", `"ref" must be a polygon ref (a non-negative integer below 2^52), got ${show(ref)}.`, {
      path: "ref",
    });
  const poly = ref % POLY_SPAN;
  const rest = (ref - poly) / POLY_SPAN;
  const slot = rest % TILE_SPAN;
  return { generation: (rest - slot) / TILE_SPAN, slot, poly };
}

/**
 * Flat index of the polygon `ref` names in `mesh`, or `-1` when the ref is not a non-negative
 * integer, names a free slot, a polygon past the tile's count, or an older generation of the slot
 * (a removed or replaced tile). Allocation-free. @internal
 */
export function polyIndexOfRef(mesh: NavMesh, ref: number): number {
  if (!(ref >= 0) || ref >= 2 ** 52 || ref !== Math.floor(ref)) return -1;
  if (ref < mesh.tilePolyCount[0]! && mesh.tileRefBase[0] === 0) return ref; // one-tile fast path
  const poly = ref % POLY_SPAN;
  const rest = (ref - poly) / POLY_SPAN;
  const slot = rest % TILE_SPAN;
  if (slot >= mesh.tilePolyBase.length) return -1;
  if (mesh.tileRefBase[slot] !== ref - poly) return -1; // generation check (free slots hold -1)
  if (poly >= mesh.tilePolyCount[slot]!) return -1;
  return mesh.tilePolyBase[slot]! + poly;
}

/** Ref of flat polygon `index` of `mesh`. @internal */
export function refOfPolyIndex(mesh: NavMesh, index: number): number {
  const slot = mesh.polyTile[index]!;
  return mesh.tileRefBase[slot]! + (index - mesh.tilePolyBase[slot]!);
}

/**
 * True when `ref` names a polygon of a tile currently in `mesh` (false for `-1`, garbage, refs of
 * removed or replaced tiles, and refs of another generation of the slot).
 *
 * @param mesh - the navmesh whose current tiles and slot generations are checked
 * @param ref - any number; `-1`, non-integers and refs of removed or replaced tiles give `false`
 */
export function isValidPolyRef(mesh: NavMesh, ref: number): boolean {
  return polyIndexOfRef(mesh, ref) >= 0;
}
