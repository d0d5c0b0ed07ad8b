import { describeValue, ErrorCodes, TacticaError } from "@tactica/core";
import type { Grid } from "../model/grid";
import { assertGoalBoundsCurrent, assertGoalBoundsGrid, GoalBoundsCoverage, type GoalBounds, type GoalBoundsCoverageValue } from "./goal-bounds";
import { definitionError } from "../internal/errors";

/** Format tag of {@link GoalBoundsJson}. */
export const GOAL_BOUNDS_FORMAT = "tactica.goal-bounds";
/** Format version written by {@link goalBoundsToJson} and {@link goalBoundsToBytes}. */
export const GOAL_BOUNDS_VERSION = 1;
// "TGB1" little-endian: first Int32 of the byte form.
const MAGIC = 0x31424754;
const HEADER = 9;

/**
 * JSON-safe form of complete {@link GoalBounds}, for baking the O(n²) preprocessing at build
 * time. Bound to one map: width, height, rules and a hash of the passability are checked on load.
 */
export interface GoalBoundsJson {
  /** Always {@link GOAL_BOUNDS_FORMAT}. */
  readonly format: string;
  /** Format version ({@link GOAL_BOUNDS_VERSION}). */
  readonly version: number;
  /** Grid width in cells. */
  readonly width: number;
  /** Grid height in cells. */
  readonly height: number;
  /** Grid connectivity (4 or 8). */
  readonly connectivity: number;
  /** Grid corner rule ({@link CornerCutting} value). */
  readonly cornerCutting: number;
  /** {@link GoalBoundsCoverage} value. */
  readonly coverage: number;
  /** FNV-1a 32-bit hash of the grid's passability bytes (see {@link passabilityHash}). */
  readonly passableHash: number;
  /** Cell index (`y × width + x`) of each row. */
  readonly sources: readonly number[];
  /** 32 box values per row, as in {@link GoalBounds.boxes}. */
  readonly boxes: readonly number[];
}

/**
 * FNV-1a 32-bit hash of `grid.passable` (identifies the map a bake belongs to). O(cells).
 *
 * @param grid - the grid whose `passable` array is hashed (read; costs and rules are not included)
 */
export function passabilityHash(grid: Grid): number {
  let h = 0x811c9dc5;
  const p = grid.passable;
  for (let i = 0; i < p.length; i++) h = Math.imul(h ^ p[i]!, 0x01000193);
  return h >>> 0;
}

function assertComplete(where: string, gb: GoalBounds): void {
  assertGoalBoundsCurrent(where, gb);
  if (gb.builtRows !== gb.rows) {
    throw new TacticaError(
      ErrorCodes.InvalidState,
      `${where}: only ${gb.builtRows} of ${gb.rows} rows are built. Finish with buildGoalBoundsStep(gb, Infinity) first.`,
      { path: "gb" },
    );
  }
}

function cellOf(gb: GoalBounds, p: number): number {
  const py = (p / gb.pw) | 0;
  return (py - 1) * gb.grid.width + (p - py * gb.pw - 1);
}

/**
 * Plain JSON-safe copy of complete goal bounds (arrays of numbers; ~32 numbers per covered
 * cell — use {@link goalBoundsToBytes} for large maps). O(covered cells).
 *
 * @param gb - complete, current goal bounds to copy (read)
 *
 * @throws TacticaError `INVALID_STATE` when the bounds are stale or not completely built.
 */
export function goalBoundsToJson(gb: GoalBounds): GoalBoundsJson {
  assertComplete("@tactica/grid: goalBoundsToJson", gb);
  const grid = gb.grid;
  return {
    format: GOAL_BOUNDS_FORMAT,
    version: GOAL_BOUNDS_VERSION,
    width: grid.width,
    height: grid.height,
    connectivity: grid.connectivity,
    cornerCutting: grid.cornerCutting,
    coverage: gb.coverage,
    passableHash: passabilityHash(grid),
    sources: Array.from(gb.sources, (p) => cellOf(gb, p)),
    boxes: Array.from(gb.boxes),
  };
}

/**
 * Compact binary form of complete goal bounds: a 36-byte header (magic, version, width, height,
 * connectivity, corner rule, coverage, passability hash, rows), the rows' cell indices (Int32)
 * and the boxes (Int16), little-endian. ≈ 68 bytes per covered cell. O(covered cells).
 *
 * @param gb - complete, current goal bounds to encode (read)
 *
 * @throws TacticaError `INVALID_STATE` when the bounds are stale or not completely built.
 */
export function goalBoundsToBytes(gb: GoalBounds): Uint8Array {
  assertComplete("@tactica/grid: goalBoundsToBytes", gb);
  const grid = gb.grid;
  const bytes = new Uint8Array(HEADER * 4 + gb.rows * 4 + gb.rows * 64);
  const view = new DataView(bytes.buffer);
  const head = [MAGIC, GOAL_BOUNDS_VERSION, grid.width, grid.height, grid.connectivity, grid.cornerCutting, gb.coverage, passabilityHash(grid) | 0, gb.rows];
  let o = 0;
  for (const v of head) {
    view.setInt32(o, v, true);
    o += 4;
  }
  for (let r = 0; r < gb.rows; r++, o += 4) view.setInt32(o, cellOf(gb, gb.sources[r]!), true);
  for (let i = 0; i < gb.boxes.length; i++, o += 2) view.setInt16(o, gb.boxes[i]!, true);
  return bytes;
}

interface Loaded {
  format: unknown;
  version: unknown;
  width: unknown;
  height: unknown;
  connectivity: unknown;
  cornerCutting: unknown;
  coverage: unknown;
  passableHash: unknown;
  rows: number;
  source(r: number): unknown;
  box(i: number): unknown;
  boxCount: number;
}

function restore(where: string, grid: Grid, d: Loaded, root: string): GoalBounds {
  const expect = (path: string, value: unknown, want: unknown, what: string): void => {
    if (value !== want)
      definitionError(
        where,
        path,
        `is ${describeValue(value)} but ${what} is ${describeValue(want)}`,
        "Bake the bounds again for this map (createGoalBounds + goalBoundsToJson/Bytes).",
      );
  };
  expect(`${root}format`, d.format, GOAL_BOUNDS_FORMAT, "the expected format");
  expect(`${root}version`, d.version, GOAL_BOUNDS_VERSION, "the supported format version");
  expect(`${root}width`, d.width, grid.width, "the grid's width");
  expect(`${root}height`, d.height, grid.height, "the grid's height");
  expect(`${root}connectivity`, d.connectivity, grid.connectivity, "the grid's connectivity");
  expect(`${root}cornerCutting`, d.cornerCutting, grid.cornerCutting, "the grid's corner rule");
  if (d.coverage !== GoalBoundsCoverage.AllCells && d.coverage !== GoalBoundsCoverage.JumpPoints) {
    definitionError(where, `${root}coverage`, `must be 0 or 1 but is ${describeValue(d.coverage)}`, "Use a GoalBoundsCoverage value.");
  }
  const coverage: GoalBoundsCoverageValue = d.coverage;
  assertGoalBoundsGrid(where, grid, coverage);
  expect(`${root}passableHash`, d.passableHash, passabilityHash(grid), "the hash of the grid's passability (the map differs)");
  if (d.boxCount !== d.rows * 32)
    definitionError(
      where,
      `${root}boxes`,
      `has ${d.boxCount} values, not 32 per row (${d.rows} rows)`,
      "Pass the arrays written by goalBoundsToJson unchanged.",
    );
  const pw = grid.width + 2;
  const n = grid.width * grid.height;
  const rowOf = new Int32Array(pw * (grid.height + 2)).fill(-1);
  const sources = new Int32Array(d.rows);
  for (let r = 0; r < d.rows; r++) {
    const c = d.source(r);
    if (typeof c !== "number" || !Number.isInteger(c) || c < 0 || c >= n || grid.passable[c] !== 1) {
      definitionError(
        where,
        `${root}sources[${r}]`,
        `is ${describeValue(c)}, not a passable cell index`,
        "Pass the arrays written by goalBoundsToJson unchanged.",
      );
    }
    const p = (Math.floor(c / grid.width) + 1) * pw + (c % grid.width) + 1;
    if (rowOf[p] !== -1) definitionError(where, `${root}sources[${r}]`, `repeats cell ${c}`, "Pass the arrays written by goalBoundsToJson unchanged.");
    sources[r] = p;
    rowOf[p] = r;
  }
  const boxes = new Int16Array(d.boxCount);
  for (let i = 0; i < d.boxCount; i++) {
    const v = d.box(i);
    if (typeof v !== "number" || !Number.isInteger(v) || v < -32768 || v > 32767) {
      definitionError(where, `${root}boxes[${i}]`, `is ${describeValue(v)}, not an Int16`, "Pass the arrays written by goalBoundsToJson unchanged.");
    }
    boxes[i] = v;
  }
  return { grid, coverage, pw, rowOf, sources, rows: d.rows, boxes, builtRows: d.rows, builtVersion: grid.version, builds: 0, scratch: null };
}

/**
 * Restores goal bounds baked by {@link goalBoundsToJson} for `grid` (validated: format, version,
 * size, rules, passability hash, array lengths and values). O(covered cells + cells).
 *
 * @param grid - the grid the bake is for (kept by reference): its size, rules and passability hash must match the bake's, and its current {@link Grid.version} is recorded
 * @param json - untrusted input, typically `JSON.parse` of {@link goalBoundsToJson}'s output
 *
 * @throws TacticaError `INVALID_DEFINITION` naming the field that does not match.
 */
export function goalBoundsFromJson(grid: Grid, json: unknown): GoalBounds {
  const where = "@tactica/grid: goalBoundsFromJson";
  const j = json as Record<string, unknown> | null;
  if (j === null || typeof j !== "object") definitionError(where, "$", "is not an object", "Pass the object written by goalBoundsToJson.");
  const sources = j.sources;
  const boxes = j.boxes;
  if (!Array.isArray(sources)) definitionError(where, "$.sources", "is not an array", "Pass the object written by goalBoundsToJson.");
  if (!Array.isArray(boxes)) definitionError(where, "$.boxes", "is not an array", "Pass the object written by goalBoundsToJson.");
  return restore(
    where,
    grid,
    {
      format: j.format,
      version: j.version,
      width: j.width,
      height: j.height,
      connectivity: j.connectivity,
      cornerCutting: j.cornerCutting,
      coverage: j.coverage,
      passableHash: j.passableHash,
      rows: sources.length,
      source: (r) => sources[r] as unknown,
      box: (i) => boxes[i] as unknown,
      boxCount: boxes.length,
    },
    "$.",
  );
}

/**
 * Restores goal bounds written by {@link goalBoundsToBytes} for `grid`, with the same checks as
 * {@link goalBoundsFromJson}. O(covered cells + cells).
 *
 * @param grid - the grid the bake is for (kept by reference): its size, rules and passability hash must match the bake's, and its current {@link Grid.version} is recorded
 * @param bytes - untrusted input: the buffer written by {@link goalBoundsToBytes} (read; little-endian)
 *
 * @throws TacticaError `INVALID_DEFINITION` naming the field that does not match (or a
 *   truncated buffer).
 */
export function goalBoundsFromBytes(grid: Grid, bytes: Uint8Array): GoalBounds {
  const where = "@tactica/grid: goalBoundsFromBytes";
  if (!ArrayBuffer.isView(bytes) || !(bytes instanceof Uint8Array))
    definitionError(where, "bytes", `must be a Uint8Array but is ${describeValue(bytes)}`, "Pass the bytes written by goalBoundsToBytes.");
  if (bytes.byteLength < HEADER * 4)
    definitionError(where, "bytes", `has ${bytes.byteLength} bytes, fewer than the ${HEADER * 4}-byte header`, "Pass the bytes written by goalBoundsToBytes.");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (i: number): number => view.getInt32(i * 4, true);
  if (at(0) !== MAGIC) definitionError(where, "magic", "is not 'TGB1'", "Pass the bytes written by goalBoundsToBytes.");
  const rows = at(8);
  const need = HEADER * 4 + rows * 68;
  if (rows < 0 || bytes.byteLength !== need)
    definitionError(where, "bytes", `has ${bytes.byteLength} bytes but ${rows} rows need ${need}`, "Pass the bytes written by goalBoundsToBytes unchanged.");
  const so = HEADER * 4;
  const bo = so + rows * 4;
  return restore(
    where,
    grid,
    {
      format: GOAL_BOUNDS_FORMAT,
      version: at(1),
      width: at(2),
      height: at(3),
      connectivity: at(4),
      cornerCutting: at(5),
      coverage: at(6),
      passableHash: at(7) >>> 0,
      rows,
      source: (r) => view.getInt32(so + r * 4, true),
      box: (i) => view.getInt16(bo + i * 2, true),
      boxCount: rows * 32,
    },
    "",
  );
}
