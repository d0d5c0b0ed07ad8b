import type { ReadonlyAabb } from "../geometry/aabb";
import { ErrorCodes, TacticaError } from "../errors/errors";
import { assertInteger, assertPositive, invalidArgument } from "../errors/validate";
import type { Vec2 } from "../math/vec2";

/** Options for {@link createSpatialHash}. */
export interface SpatialHashOptions {
  /**
   * Side of one square grid cell, in world units (> 0). A good value is about the most common
   * query radius (or twice the agent radius): a radius query then visits 3×3 or 4×4 cells.
   */
  readonly cellSize: number;
  /**
   * Ids are integers in `[0, capacity)`; memory is O(capacity), allocated once. Default 1024,
   * at most 2^24.
   */
  readonly capacity?: number;
}

/**
 * A uniform-grid spatial hash over integer ids with 2D point positions, for neighbour queries
 * among thousands of moving agents updated every frame. Create it with {@link createSpatialHash}.
 *
 * Layout (all plain typed arrays, so it is `structuredClone`-safe and transferable):
 * positions and cell coordinates keyed by id; each occupied cell is a doubly linked list of ids
 * threaded through `next`/`prev`; a power-of-two open-addressing table (linear probing, load
 * <= 1/2, backward-shift deletion) maps cell coordinates to the head id of the cell's list. Only
 * occupied cells have table entries, so the world is unbounded.
 *
 * Complexity (expected): insert, update (move) and remove O(1); a radius or box query
 * O(cells covered + ids in them), falling back to a scan over all ids when the query covers more
 * cells than `capacity`. Nothing allocates after creation. Treat the fields as read-only: change
 * the hash only through the `spatialHash*` functions.
 */
export interface SpatialHash {
  /** Cell side (world units). */
  readonly cellSize: number;
  /** `1 / cellSize`. */
  readonly inverseCellSize: number;
  /** Ids are in `[0, capacity)`. */
  readonly capacity: number;
  /** Number of ids currently in the hash. */
  count: number;
  /** X position of each id (valid where `present[id]` is 1). */
  readonly posX: Float64Array;
  /** Y position of each id. */
  readonly posY: Float64Array;
  /** Cell x coordinate (`floor(x / cellSize)`) of each id. */
  readonly cellX: Int32Array;
  /** Cell y coordinate of each id. */
  readonly cellY: Int32Array;
  /** Next id in the same cell, or -1. */
  readonly next: Int32Array;
  /** Previous id in the same cell, or -1 for the head of the list. */
  readonly prev: Int32Array;
  /** 1 when the id is in the hash, else 0. */
  readonly present: Uint8Array;
  /** `tableHead.length - 1` (the table size is a power of two). */
  readonly tableMask: number;
  /** Cell x coordinate stored in each table slot. */
  readonly tableX: Int32Array;
  /** Cell y coordinate stored in each table slot. */
  readonly tableY: Int32Array;
  /** Head id of the cell's list in each table slot, or -1 for a free slot. */
  readonly tableHead: Int32Array;
}

const MAX_CAPACITY = 1 << 24;
// Cell coordinates must fit in an Int32Array; keep a margin so query ranges can be clamped.
const MAX_CELL = 2 ** 30;

/**
 * Creates an empty {@link SpatialHash}. Throws a {@link TacticaError} (`INVALID_ARGUMENT`) when
 * `cellSize` is not a finite number > 0 or `capacity` is not an integer in `[1, 2^24]`.
 *
 * @param options - `cellSize`: cell side in world units, > 0 (about the usual query radius);
 *   `capacity`: ids are `0 .. capacity − 1`, an integer in [1, 2^24] (default 1024).
 * @returns A new empty hash; all its memory is allocated now.
 * @example
 * ```ts
 * const hash = createSpatialHash({ cellSize: 10, capacity: 100 });
 * spatialHashInsert(hash, 0, 5, 5);
 * spatialHashInsert(hash, 1, 40, 40);
 * const ids = new Int32Array(100);
 * const n = spatialHashQueryRadius(ids, hash, 0, 0, 10); // n = 1, ids[0] = 0
 * ```
 */
export function createSpatialHash(options: SpatialHashOptions): SpatialHash {
  const where = "@tactica/core: createSpatialHash";
  const cellSize = assertPositive(where, "cellSize", options.cellSize);
  const capacity = assertInteger(where, "capacity", options.capacity ?? 1024, 1, MAX_CAPACITY);
  let tableSize = 16;
  while (tableSize < 2 * capacity) tableSize *= 2;
  const hash: SpatialHash = {
    cellSize,
    inverseCellSize: 1 / cellSize,
    capacity,
    count: 0,
    posX: new Float64Array(capacity),
    posY: new Float64Array(capacity),
    cellX: new Int32Array(capacity),
    cellY: new Int32Array(capacity),
    next: new Int32Array(capacity).fill(-1),
    prev: new Int32Array(capacity).fill(-1),
    present: new Uint8Array(capacity),
    tableMask: tableSize - 1,
    tableX: new Int32Array(tableSize),
    tableY: new Int32Array(tableSize),
    tableHead: new Int32Array(tableSize).fill(-1),
  };
  return hash;
}

function slotHash(cx: number, cy: number): number {
  let h = Math.imul(cx, 0x9e3779b1) ^ Math.imul(cy, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

// Slot of cell (cx, cy), or -1 - (free slot where it would go).
function findSlot(h: SpatialHash, cx: number, cy: number): number {
  const mask = h.tableMask;
  const head = h.tableHead;
  let s = slotHash(cx, cy) & mask;
  while ((head[s] as number) !== -1) {
    if (h.tableX[s] === cx && h.tableY[s] === cy) return s;
    s = (s + 1) & mask;
  }
  return -1 - s;
}

// Backward-shift deletion for linear probing: no tombstones, probe chains stay short.
function deleteSlot(h: SpatialHash, slot: number): void {
  const mask = h.tableMask;
  const head = h.tableHead;
  let i = slot;
  let j = slot;
  for (;;) {
    j = (j + 1) & mask;
    if ((head[j] as number) === -1) break;
    const k = slotHash(h.tableX[j] as number, h.tableY[j] as number) & mask;
    const stays = i <= j ? i < k && k <= j : i < k || k <= j;
    if (stays) continue;
    h.tableX[i] = h.tableX[j] as number;
    h.tableY[i] = h.tableY[j] as number;
    head[i] = head[j] as number;
    i = j;
  }
  head[i] = -1;
}

function link(h: SpatialHash, id: number, cx: number, cy: number): void {
  h.cellX[id] = cx;
  h.cellY[id] = cy;
  h.prev[id] = -1;
  const s = findSlot(h, cx, cy);
  if (s < 0) {
    const free = -1 - s;
    h.tableX[free] = cx;
    h.tableY[free] = cy;
    h.tableHead[free] = id;
    h.next[id] = -1;
  } else {
    const first = h.tableHead[s] as number;
    h.next[id] = first;
    h.prev[first] = id;
    h.tableHead[s] = id;
  }
}

function unlink(h: SpatialHash, id: number): void {
  const p = h.prev[id] as number;
  const n = h.next[id] as number;
  if (n !== -1) h.prev[n] = p;
  if (p !== -1) {
    h.next[p] = n;
  } else {
    const s = findSlot(h, h.cellX[id] as number, h.cellY[id] as number);
    if (n === -1) deleteSlot(h, s);
    else h.tableHead[s] = n;
  }
  h.next[id] = -1;
  h.prev[id] = -1;
}

function checkId(where: string, h: SpatialHash, id: number): void {
  if (!Number.isInteger(id) || id < 0 || id >= h.capacity) {
    invalidArgument(
      where,
      "id",
      `must be an integer in [0, ${h.capacity - 1}] but is ${id}`,
      "Use ids below the capacity, or create the hash with a larger capacity.",
    );
  }
}

function cellOf(where: string, v: number, inv: number, name: string): number {
  const c = Math.floor(v * inv);
  if (!(c >= -MAX_CELL && c < MAX_CELL)) {
    invalidArgument(
      where,
      name,
      `must be finite and within ±2^30 cells of the origin but is ${v}`,
      "Pass a finite position, or use a larger cellSize for a very large world.",
    );
  }
  return c;
}

/**
 * Adds `id` at `(x, y)` (world units). O(1) expected, no allocation. Throws a
 * {@link TacticaError}: `INVALID_ARGUMENT` when `id` is not an integer in `[0, capacity)` or the
 * position is not finite (or more than 2^30 cells from the origin), `INVALID_STATE` when `id` is
 * already present (use {@link spatialHashUpdate} to move it).
 * @param hash - The hash, changed in place.
 * @param id - The id, an integer in `[0, hash.capacity)` (e.g. the agent's index), not yet present.
 * @param x - Position x, world units, finite.
 * @param y - Position y, world units, finite.
 */
export function spatialHashInsert(hash: SpatialHash, id: number, x: number, y: number): void {
  const where = "@tactica/core: spatialHashInsert";
  checkId(where, hash, id);
  if (hash.present[id] === 1) {
    throw new TacticaError(ErrorCodes.InvalidState, `${where}: id ${id} is already in the hash. Move it with spatialHashUpdate, or remove it first.`, {
      path: "id",
    });
  }
  const cx = cellOf(where, x, hash.inverseCellSize, "x");
  const cy = cellOf(where, y, hash.inverseCellSize, "y");
  hash.posX[id] = x;
  hash.posY[id] = y;
  hash.present[id] = 1;
  hash.count++;
  link(hash, id, cx, cy);
}

/**
 * Moves `id` to `(x, y)` (world units): O(1) expected, and just a position write when it stays in
 * its cell. Throws a {@link TacticaError}: `INVALID_HANDLE` when `id` is not in the hash (insert
 * it first with {@link spatialHashInsert}), `INVALID_ARGUMENT` for a bad id or position.
 * @param hash - The hash, changed in place.
 * @param id - The id, an integer in `[0, hash.capacity)`, already present.
 * @param x - New position x, world units, finite.
 * @param y - New position y, world units, finite.
 */
export function spatialHashUpdate(hash: SpatialHash, id: number, x: number, y: number): void {
  // Kept this small (24 bytes of bytecode, under V8's 27-byte "small function" limit) so that V8
  // inlines it into the loops that call it per agent per step whatever their inlining budget: a
  // fractional number passed to a call V8 does not inline is boxed, 16 bytes each. The position
  // goes on through a scratch object.
  const to = updateTo;
  to.x = x;
  to.y = y;
  return updateFromScratch(hash, id);
}

/**
 * The position of {@link spatialHashUpdate} on its way to `updateFromScratch` (named fields: the
 * shortest bytecode; a double stored into a double field is written in place, not boxed).
 */
const updateTo = { x: 0, y: 0 };

function updateFromScratch(hash: SpatialHash, id: number): void {
  const where = "@tactica/core: spatialHashUpdate";
  checkId(where, hash, id);
  if (hash.present[id] !== 1) {
    throw new TacticaError(ErrorCodes.InvalidHandle, `${where}: id ${id} is not in the hash. Insert it first with spatialHashInsert.`, { path: "id" });
  }
  const x = updateTo.x;
  const y = updateTo.y;
  const inv = hash.inverseCellSize;
  // cellOf written out on the success path (it would box x and y when not inlined).
  const cx = Math.floor(x * inv);
  const cy = Math.floor(y * inv);
  if (!(cx >= -MAX_CELL && cx < MAX_CELL)) cellOf(where, x, inv, "x");
  if (!(cy >= -MAX_CELL && cy < MAX_CELL)) cellOf(where, y, inv, "y");
  hash.posX[id] = x;
  hash.posY[id] = y;
  if (hash.cellX[id] === cx && hash.cellY[id] === cy) return;
  unlink(hash, id);
  link(hash, id, cx, cy);
}

/**
 * Removes `id`; returns false (and does nothing) when it was not present. O(1) expected. Throws
 * `INVALID_ARGUMENT` only for an id outside `[0, capacity)`.
 * @param hash - The hash, changed in place.
 * @param id - The id, an integer in `[0, hash.capacity)`.
 */
export function spatialHashRemove(hash: SpatialHash, id: number): boolean {
  checkId("@tactica/core: spatialHashRemove", hash, id);
  if (hash.present[id] !== 1) return false;
  unlink(hash, id);
  hash.present[id] = 0;
  hash.count--;
  return true;
}

/**
 * True when `id` is in the hash. Ids outside `[0, capacity)` are simply not present.
 * @param hash - The hash to read.
 * @param id - Any number; only an integer in `[0, hash.capacity)` can be present.
 */
export function spatialHashHas(hash: SpatialHash, id: number): boolean {
  return Number.isInteger(id) && id >= 0 && id < hash.capacity && hash.present[id] === 1;
}

/**
 * Writes the stored position of `id` (world units) into `out` and returns true; returns false,
 * leaving `out` unchanged, when `id` is not present.
 * @param out - Receives the position (world units) in place.
 * @param hash - The hash to read.
 * @param id - Any number; an id that is not present returns false.
 */
export function spatialHashGetPosition(out: Vec2, hash: SpatialHash, id: number): boolean {
  if (!spatialHashHas(hash, id)) return false;
  out.x = hash.posX[id] as number;
  out.y = hash.posY[id] as number;
  return true;
}

/**
 * Removes every id. O(capacity + table size); no allocation.
 * @param hash - The hash to empty in place; its cell size and capacity are kept.
 */
export function spatialHashClear(hash: SpatialHash): void {
  hash.present.fill(0);
  hash.next.fill(-1);
  hash.prev.fill(-1);
  hash.tableHead.fill(-1);
  hash.count = 0;
}

function clampCell(c: number): number {
  return c < -MAX_CELL ? -MAX_CELL : c > MAX_CELL ? MAX_CELL : c;
}

/**
 * Writes into `out` the ids whose position is within distance `r` of `(x, y)` (inclusive:
 * `dist <= r`, world units) and returns how many there are. Order is unspecified. A negative or
 * NaN `r`, or a NaN centre, finds nothing.
 *
 * Output: a plain `number[]` is overwritten and its `length` set to the count; a typed array
 * receives at most `out.length` ids, and a return value larger than `out.length` tells you it was
 * truncated. Allocation-free (a `number[]` only grows while warming up).
 * @param out - Receives the ids in place: a `number[]` (resized to the count) or a typed array
 *   (filled up to its length).
 * @param hash - The hash to read.
 * @param x - Query centre x, world units.
 * @param y - Query centre y, world units.
 * @param r - Query radius, world units, ≥ 0 (inclusive).
 * @returns The number of ids found (may exceed a typed `out`'s length).
 */
export function spatialHashQueryRadius(out: number[] | Int32Array | Uint32Array, hash: SpatialHash, x: number, y: number, r: number): number {
  if (!(r >= 0) || Number.isNaN(x) || Number.isNaN(y)) return finish(out, 0);
  const rSq = r * r;
  const inv = hash.inverseCellSize;
  // Pad the cell range so that points the squared-distance test accepts through rounding (or
  // underflow) are never in a skipped cell.
  const ext = r + (Math.abs(x) + Math.abs(y) + r) * 1e-12 + 1e-150;
  const minCx = clampCell(Math.floor((x - ext) * inv));
  const maxCx = clampCell(Math.floor((x + ext) * inv));
  const minCy = clampCell(Math.floor((y - ext) * inv));
  const maxCy = clampCell(Math.floor((y + ext) * inv));
  const isArray = Array.isArray(out);
  const cap = isArray ? Infinity : out.length;
  const posX = hash.posX;
  const posY = hash.posY;
  let count = 0;
  if ((maxCx - minCx + 1) * (maxCy - minCy + 1) > hash.capacity) {
    const present = hash.present;
    for (let id = 0; id < hash.capacity; id++) {
      if (present[id] !== 1) continue;
      const dx = (posX[id] as number) - x;
      const dy = (posY[id] as number) - y;
      if (dx * dx + dy * dy <= rSq) {
        if (count < cap) out[count] = id;
        count++;
      }
    }
    return finish(out, count);
  }
  const next = hash.next;
  for (let cy = minCy; cy <= maxCy; cy++) {
    for (let cx = minCx; cx <= maxCx; cx++) {
      const s = findSlot(hash, cx, cy);
      if (s < 0) continue;
      let id = hash.tableHead[s] as number;
      while (id !== -1) {
        const dx = (posX[id] as number) - x;
        const dy = (posY[id] as number) - y;
        if (dx * dx + dy * dy <= rSq) {
          if (count < cap) out[count] = id;
          count++;
        }
        id = next[id] as number;
      }
    }
  }
  return finish(out, count);
}

/**
 * Writes into `out` the ids whose position lies inside `box` (boundary inclusive) and returns how
 * many there are; an empty box finds nothing. Order and output rules as for
 * {@link spatialHashQueryRadius}.
 * @param out - Receives the ids in place: a `number[]` (resized to the count) or a typed array
 *   (filled up to its length).
 * @param hash - The hash to read.
 * @param box - Query rectangle in world units (`minX ≤ maxX`, `minY ≤ maxY`; otherwise empty).
 * @returns The number of ids found (may exceed a typed `out`'s length).
 */
export function spatialHashQueryAabb(out: number[] | Int32Array | Uint32Array, hash: SpatialHash, box: ReadonlyAabb): number {
  const bx0 = box.minX;
  const by0 = box.minY;
  const bx1 = box.maxX;
  const by1 = box.maxY;
  if (!(bx0 <= bx1 && by0 <= by1)) return finish(out, 0);
  const inv = hash.inverseCellSize;
  const minCx = clampCell(Math.floor(bx0 * inv));
  const maxCx = clampCell(Math.floor(bx1 * inv));
  const minCy = clampCell(Math.floor(by0 * inv));
  const maxCy = clampCell(Math.floor(by1 * inv));
  const isArray = Array.isArray(out);
  const cap = isArray ? Infinity : out.length;
  const posX = hash.posX;
  const posY = hash.posY;
  let count = 0;
  if ((maxCx - minCx + 1) * (maxCy - minCy + 1) > hash.capacity) {
    const present = hash.present;
    for (let id = 0; id < hash.capacity; id++) {
      if (present[id] !== 1) continue;
      const px = posX[id] as number;
      const py = posY[id] as number;
      if (px >= bx0 && px <= bx1 && py >= by0 && py <= by1) {
        if (count < cap) out[count] = id;
        count++;
      }
    }
    return finish(out, count);
  }
  const next = hash.next;
  for (let cy = minCy; cy <= maxCy; cy++) {
    for (let cx = minCx; cx <= maxCx; cx++) {
      const s = findSlot(hash, cx, cy);
      if (s < 0) continue;
      let id = hash.tableHead[s] as number;
      while (id !== -1) {
        const px = posX[id] as number;
        const py = posY[id] as number;
        if (px >= bx0 && px <= bx1 && py >= by0 && py <= by1) {
          if (count < cap) out[count] = id;
          count++;
        }
        id = next[id] as number;
      }
    }
  }
  return finish(out, count);
}

function finish(out: number[] | Int32Array | Uint32Array, count: number): number {
  if (Array.isArray(out)) out.length = count;
  return count;
}
