import { assertFinite, assertInteger, assertPositive, invalidArgument, type ReadonlyVec2, type Vec2 } from "@tactica/core";

/**
 * A slot formation (chapter 20; Tactical Thinking): slot offsets relative to the group anchor in
 * the group's local frame (core convention: +x forward, +y port/left), as a flat x,y array.
 * Plain data. Build with {@link createLineFormation}, {@link createColumnFormation},
 * {@link createWedgeFormation}, {@link createCircleFormation}, {@link createRankFormation} or
 * {@link createCustomFormation}.
 */
export interface Formation {
  /** Number of slots. */
  readonly count: number;
  /** Slot offsets, x,y pairs (world units, local frame). */
  readonly offsets: Float64Array;
}

function make(count: number): Formation {
  return { count, offsets: new Float64Array(2 * count) };
}

function checkCount(where: string, count: number, spacing: number): void {
  assertInteger(where, "count", count, 1, 1 << 16);
  assertPositive(where, "spacing", spacing);
}

/**
 * A line abreast: `count` slots side by side, `spacing` apart, centerd on the anchor; slot 0 on the left, the last on the right.
 *
 * @param count - Number of slots (integer in [1, 65536]).
 * @param spacing - Distance between neighboring slots (world units, > 0).
 */
export function createLineFormation(count: number, spacing: number): Formation {
  checkCount("@tactica/steering: createLineFormation", count, spacing);
  const f = make(count);
  for (let i = 0; i < count; i++) f.offsets[2 * i + 1] = ((count - 1) / 2 - i) * spacing;
  return f;
}

/**
 * A column (lane): `count` slots one behind the other, `spacing` apart, the anchor at the head.
 *
 * @param count - Number of slots (integer in [1, 65536]).
 * @param spacing - Distance between neighboring slots (world units, > 0).
 */
export function createColumnFormation(count: number, spacing: number): Formation {
  checkCount("@tactica/steering: createColumnFormation", count, spacing);
  const f = make(count);
  for (let i = 0; i < count; i++) f.offsets[2 * i] = 0 - i * spacing;
  return f;
}

/**
 * A wedge (V, point forward): slot 0 at the anchor, then pairs `spacing` further back and out on alternating sides (odd slots on the right).
 *
 * @param count - Number of slots (integer in [1, 65536]).
 * @param spacing - Distance between neighboring slots (world units, > 0).
 *   Each row steps back by it and out by it per side.
 */
export function createWedgeFormation(count: number, spacing: number): Formation {
  checkCount("@tactica/steering: createWedgeFormation", count, spacing);
  const f = make(count);
  for (let i = 1; i < count; i++) {
    const row = Math.ceil(i / 2);
    f.offsets[2 * i] = -row * spacing;
    f.offsets[2 * i + 1] = (i % 2 === 1 ? -1 : 1) * row * spacing;
  }
  return f;
}

/**
 * A circle of `count` slots at `radius` around the anchor, slot 0 straight ahead, then clockwise (to the right).
 *
 * @param count - Number of slots (integer in [1, 65536]).
 * @param radius - Distance of every slot from the anchor (world units, > 0; a bad value is
 *   reported as `spacing`).
 */
export function createCircleFormation(count: number, radius: number): Formation {
  checkCount("@tactica/steering: createCircleFormation", count, radius);
  const f = make(count);
  for (let i = 0; i < count; i++) {
    const a = (i / count) * 2 * Math.PI;
    f.offsets[2 * i] = radius * Math.cos(a);
    f.offsets[2 * i + 1] = -radius * Math.sin(a);
  }
  return f;
}

/**
 * Tactical Thinking's rigid block: `ranks × columns` slots `spacing` apart, symmetric about the
 * anchor. The source's `xi − COLUMNS/2` is off-center by half a spacing (integer division); this
 * uses `(COLUMNS − 1)/2` as a float, so the block is centerd. Rank 0 is the front; column 0 is on the left.
 *
 * @param ranks - Number of rows front to back (integer in [1, 4096]).
 * @param columns - Number of slots per row (integer in [1, 4096]).
 * @param spacing - Distance between neighboring slots (world units, > 0).
 */
export function createRankFormation(ranks: number, columns: number, spacing: number): Formation {
  const where = "@tactica/steering: createRankFormation";
  assertInteger(where, "ranks", ranks, 1, 1 << 12);
  assertInteger(where, "columns", columns, 1, 1 << 12);
  assertPositive(where, "spacing", spacing);
  const f = make(ranks * columns);
  for (let r = 0; r < ranks; r++) {
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c;
      f.offsets[2 * i] = -(r - (ranks - 1) / 2) * spacing;
      f.offsets[2 * i + 1] = ((columns - 1) / 2 - c) * spacing;
    }
  }
  return f;
}

/**
 * A custom formation from designer data: local offsets `[{x, y}, …]` (+x ahead of the anchor, +y to its left). Throws `INVALID_ARGUMENT` naming `offsets[i].x` for a bad entry.
 *
 * @param offsets - Slot offsets in the anchor's local frame (world units; +x ahead, +y left), at
 *   least one, finite; read and copied. Slot i is `offsets[i]`.
 */
export function createCustomFormation(offsets: readonly ReadonlyVec2[]): Formation {
  const where = "@tactica/steering: createCustomFormation";
  if (offsets.length === 0) invalidArgument(where, "offsets", "is empty", "Give at least one slot.");
  const f = make(offsets.length);
  for (let i = 0; i < offsets.length; i++) {
    f.offsets[2 * i] = assertFinite(where, `offsets[${i}].x`, offsets[i]!.x);
    f.offsets[2 * i + 1] = assertFinite(where, `offsets[${i}].y`, offsets[i]!.y);
  }
  return f;
}

/**
 * World position of `slot` for an anchor at `anchor` with `heading` (radians, 0 = world +x, counter-clockwise positive):
 * the offset rotated by the heading and translated — the formation rotates rigidly with its
 * anchor. Writes `out`. O(1). Throws `INVALID_ARGUMENT` when `slot` is not an integer in
 * `[0, formation.count)`.
 *
 * @param out - Receives the slot's world position (world units); written in place and returned.
 * @param formation - The formation, read.
 * @param slot - Slot index, an integer in `[0, formation.count)`.
 * @param anchor - The group anchor's world position (world units), read.
 * @param heading - The anchor's heading (radians, 0 = +x, counter-clockwise): the formation's +x axis.
 */
export function getFormationSlotPosition(out: Vec2, formation: Formation, slot: number, anchor: ReadonlyVec2, heading: number): Vec2 {
  if (slot >>> 0 !== slot || slot >= formation.count) {
    invalidArgument(
      "@tactica/steering: getFormationSlotPosition",
      "slot",
      `must be an integer in [0, ${formation.count - 1}] but is ${slot}`,
      "Pass a slot of the formation.",
    );
  }
  const c = Math.cos(heading);
  const s = Math.sin(heading);
  const x = formation.offsets[2 * slot] as number;
  const y = formation.offsets[2 * slot + 1] as number;
  out.x = anchor.x + x * c - y * s;
  out.y = anchor.y + x * s + y * c;
  return out;
}

/** Scratch for {@link assignFormationSlots}; create once per group size. */
export interface SlotAssignmentScratch {
  /** Slot order, sorted by key. */
  readonly slotOrder: Int32Array;
  /** Member order, sorted by key. */
  readonly memberOrder: Int32Array;
  /** Sort keys of slots. */
  readonly slotKey: Float64Array;
  /** Sort keys of members. */
  readonly memberKey: Float64Array;
}

/**
 * Allocates {@link SlotAssignmentScratch} for up to `capacity` members.
 *
 * @param capacity - Largest member count the scratch serves (integer in [1, 2^20]); use at least
 *   the formation's slot count.
 */
export function createSlotAssignmentScratch(capacity: number): SlotAssignmentScratch {
  assertInteger("@tactica/steering: createSlotAssignmentScratch", "capacity", capacity, 1, 1 << 20);
  return {
    slotOrder: new Int32Array(capacity),
    memberOrder: new Int32Array(capacity),
    slotKey: new Float64Array(capacity),
    memberKey: new Float64Array(capacity),
  };
}

function sortByKey(order: Int32Array, key: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = 1; i < n; i++) {
    const o = order[i] as number;
    const k = key[o] as number;
    let j = i - 1;
    while (j >= 0 && (key[order[j] as number] as number) > k) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = o;
  }
}

/**
 * Slot assignment by spatial sorting (chapter 20, after Mars 14): slots and members are both
 * sorted along the group's lateral axis (ties broken by the longitudinal axis: key = lateral +
 * 1e-3 · longitudinal) and the i-th member takes the i-th slot — no crossing paths for a line,
 * and no O(n!) search. Members are given as flat x,y world positions (`count` of them, at most the
 * slot count); `outSlot[m]` receives member m's slot. O(n²) insertion sort (groups are small),
 * no allocation.
 *
 * @param outSlot - Receives member m's slot index at `outSlot[m]` for m < `min(count,
 *   formation.count)`; written in place, other entries untouched. Length ≥ that many.
 * @param formation - The formation, read; when there are fewer members than slots only its first
 *   `count` slots are handed out.
 * @param members - Member world positions as a flat `[x0, y0, x1, y1, …]` array (world units), read.
 * @param count - Number of members (integer ≥ 0); members beyond `formation.count` get no slot.
 * @param anchor - The group anchor's world position (world units), read.
 * @param heading - The anchor's heading (radians, 0 = +x, counter-clockwise): sets the lateral axis
 *   the members are sorted along.
 * @param scratch - Work buffers from {@link createSlotAssignmentScratch}, overwritten; capacity must
 *   be ≥ `min(count, formation.count)` (not checked).
 */
export function assignFormationSlots(
  outSlot: Int32Array,
  formation: Formation,
  members: ArrayLike<number>,
  count: number,
  anchor: ReadonlyVec2,
  heading: number,
  scratch: SlotAssignmentScratch,
): void {
  const n = Math.min(count, formation.count);
  const c = Math.cos(heading);
  const s = Math.sin(heading);
  // Only the first n slots take part when there are fewer members than slots.
  for (let i = 0; i < n; i++) {
    // lateral = distance to the right (local −y), longitudinal = distance ahead (local +x).
    scratch.slotKey[i] = -(formation.offsets[2 * i + 1] as number) + 1e-3 * (formation.offsets[2 * i] as number);
  }
  for (let m = 0; m < n; m++) {
    const dx = (members[2 * m] as number) - anchor.x;
    const dy = (members[2 * m + 1] as number) - anchor.y;
    scratch.memberKey[m] = dx * s - dy * c + 1e-3 * (dx * c + dy * s);
  }
  sortByKey(scratch.slotOrder, scratch.slotKey, n);
  sortByKey(scratch.memberOrder, scratch.memberKey, n);
  for (let i = 0; i < n; i++) outSlot[scratch.memberOrder[i] as number] = scratch.slotOrder[i] as number;
}
