import { hypot2 } from "./math";
import { navMeshError, NavMeshErrorCodes, show } from "./errors";
import { findPolygon } from "./locate";
import type { NavMesh } from "./types";

/** Bits of a link index inside an {@link OffMeshLinks} handle: `handle = generation · 2^16 + index`. */
export const OFF_MESH_LINK_INDEX_BITS = 16;

/**
 * Off-mesh links (jumps, ladders, teleports) of one mesh, as plain data: a fixed-capacity pool of
 * slots. A link joins a point on polygon `startPoly` to a point on polygon `endPoly` with a
 * caller-given cost, one-way or both ways, also across tiles. Links store polygon refs: after a
 * tile under an end is removed or replaced the link is skipped by searches until it is re-added. Handles carry a generation (`handle = generation ·
 * 2^16 + index`), so a removed link's handle fails {@link isValidOffMeshLink}.
 */
export interface OffMeshLinks {
  /** Number of slots. */
  readonly capacity: number;
  /** Slots in use so far (high-water mark). */
  count: number;
  /** Start point x of each slot. */
  readonly startX: Float64Array;
  /** Start point y. */
  readonly startY: Float64Array;
  /** End point x. */
  readonly endX: Float64Array;
  /** End point y. */
  readonly endY: Float64Array;
  /** Ref of the polygon under the start point (a link whose ref went stale after a tile change is skipped). */
  readonly startPoly: Float64Array;
  /** Ref of the polygon under the end point. */
  readonly endPoly: Float64Array;
  /** Traversal cost (added to the path cost, instead of a distance). */
  readonly cost: Float64Array;
  /** 1 when the link can be taken from end to start too. */
  readonly bidirectional: Uint8Array;
  /** 1 when the slot holds a live link. */
  readonly alive: Uint8Array;
  /** Generation of each slot, bumped on removal. */
  readonly generation: Uint16Array;
}

/**
 * Creates an empty pool of up to `capacity` off-mesh links (1..65536).
 *
 * @param capacity - number of link slots, an integer in 1..65536; removed links' slots are reused
 */
export function createOffMeshLinks(capacity: number): OffMeshLinks {
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > 1 << OFF_MESH_LINK_INDEX_BITS) {
    throw navMeshError(NavMeshErrorCodes.BadInput, "createOffMeshLinks", `"capacity" must be an integer in 1..65536, got ${show(capacity)}.`, {
      path: "capacity",
    });
  }
  return {
    capacity,
    count: 0,
    startX: new Float64Array(capacity),
    startY: new Float64Array(capacity),
    endX: new Float64Array(capacity),
    endY: new Float64Array(capacity),
    startPoly: new Float64Array(capacity).fill(-1),
    endPoly: new Float64Array(capacity).fill(-1),
    cost: new Float64Array(capacity),
    bidirectional: new Uint8Array(capacity),
    alive: new Uint8Array(capacity),
    generation: new Uint16Array(capacity),
  };
}

/** Options of {@link addOffMeshLink}. */
export interface AddOffMeshLinkOptions {
  /** Traversal cost (default: the straight distance between the end points). */
  readonly cost?: number;
  /** Usable in both directions (default true). */
  readonly bidirectional?: boolean;
}

/**
 * Adds a link from `(sx, sy)` to `(ex, ey)`, both on `mesh`. Returns its handle, or `-1` when the
 * pool is full or an end point is off the mesh (no throw at run time). Non-finite input throws.
 *
 * @param links - the link pool, changed in place (a free slot is filled)
 * @param mesh - the navmesh both end points must lie on (their polygons are located with `findPolygon` and stored as refs)
 * @param sx - start point, x (world units, mesh plane), finite
 * @param sy - start point, y (world units; z of a y-up 3D level), finite
 * @param ex - end point, x (world units), finite
 * @param ey - end point, y (world units), finite
 * @param options - `cost` (finite, ≥ 0; default the straight distance between the end points) and `bidirectional` (default `true`)
 */
export function addOffMeshLink(
  links: OffMeshLinks,
  mesh: NavMesh,
  sx: number,
  sy: number,
  ex: number,
  ey: number,
  options: AddOffMeshLinkOptions = {},
): number {
  const cost = options.cost ?? hypot2(ex - sx, ey - sy);
  if (!Number.isFinite(cost) || cost < 0)
    throw navMeshError(NavMeshErrorCodes.BadInput, "addOffMeshLink", `"cost" must be a finite number ≥ 0, got ${show(cost)}.`, { path: "cost" });
  const a = findPolygon(mesh, sx, sy),
    b = findPolygon(mesh, ex, ey);
  if (a < 0 || b < 0) return -1;
  let slot = -1;
  for (let i = 0; i < links.count; i++) {
    if (!links.alive[i]) {
      slot = i;
      break;
    }
  }
  if (slot < 0) {
    if (links.count >= links.capacity) return -1;
    slot = links.count++;
  }
  links.startX[slot] = sx;
  links.startY[slot] = sy;
  links.endX[slot] = ex;
  links.endY[slot] = ey;
  links.startPoly[slot] = a;
  links.endPoly[slot] = b;
  links.cost[slot] = cost;
  links.bidirectional[slot] = options.bidirectional === false ? 0 : 1;
  links.alive[slot] = 1;
  return links.generation[slot]! * (1 << OFF_MESH_LINK_INDEX_BITS) + slot;
}

/**
 * True when `handle` names a live link of `links`.
 *
 * @param links - the link pool, read only
 * @param handle - link handle from `addOffMeshLink` (`generation · 2^16 + index`); any other number gives `false`
 */
export function isValidOffMeshLink(links: OffMeshLinks, handle: number): boolean {
  if (!Number.isInteger(handle) || handle < 0) return false;
  const slot = handle % (1 << OFF_MESH_LINK_INDEX_BITS);
  const gen = Math.floor(handle / (1 << OFF_MESH_LINK_INDEX_BITS));
  return slot < links.count && links.alive[slot] === 1 && links.generation[slot] === gen;
}

/**
 * Removes the link `handle`; returns false (and changes nothing) for a stale or unknown handle.
 *
 * @param links - the link pool, changed in place (the slot is freed and its generation bumped, so the handle goes stale)
 * @param handle - link handle from `addOffMeshLink`; a stale or unknown one changes nothing
 */
export function removeOffMeshLink(links: OffMeshLinks, handle: number): boolean {
  if (!isValidOffMeshLink(links, handle)) return false;
  const slot = handle % (1 << OFF_MESH_LINK_INDEX_BITS);
  links.alive[slot] = 0;
  links.generation[slot] = (links.generation[slot]! + 1) & 0xffff;
  return true;
}
