import { describeValue } from "@tactica/core";
import { createGrid, type ConnectivityValue, type CornerCuttingValue, type Grid } from "../model/grid";
import { definitionError } from "../internal/errors";

/**
 * JSON form of a {@link Grid} (version 1): rows of `.` (passable) and `#` (blocked) characters,
 * plus the optional terrain costs row by row. Readable, diff-friendly and round-trips exactly.
 */
export interface GridJson {
  /** Schema version, always 1. */
  readonly version: 1;
  /** Columns. */
  readonly width: number;
  /** Rows. */
  readonly height: number;
  /** 4 or 8. */
  readonly connectivity: ConnectivityValue;
  /** {@link CornerCutting} value. */
  readonly cornerCutting: CornerCuttingValue;
  /** `height` strings of `width` characters: `.` passable, `#` blocked. */
  readonly rows: readonly string[];
  /** Terrain costs, `width × height` numbers in row order, when the grid has a cost layer. */
  readonly cost?: readonly number[];
}

/**
 * Converts a grid to its {@link GridJson} JSON form. O(cells).
 *
 * @param grid - the grid to convert (read: size, rules, passability and cost layer; its edit counter `version` is not stored)
 */
export function gridToJson(grid: Grid): GridJson {
  const rows: string[] = [];
  for (let y = 0; y < grid.height; y++) {
    let r = "";
    for (let x = 0; x < grid.width; x++) r += grid.passable[y * grid.width + x] === 1 ? "." : "#";
    rows.push(r);
  }
  const base = { version: 1 as const, width: grid.width, height: grid.height, connectivity: grid.connectivity, cornerCutting: grid.cornerCutting, rows };
  return grid.cost === null ? base : { ...base, cost: Array.from(grid.cost) };
}

/**
 * Builds a grid from {@link GridJson} (e.g. parsed JSON), validating every field. O(cells).
 *
 * @param data - untrusted input, typically `JSON.parse` of {@link gridToJson}'s output: `version` 1, `width` / `height` in `[1, 32768]` cells, `connectivity`, `cornerCutting`, `rows` and optional `cost`
 *
 * @throws TacticaError `INVALID_DEFINITION` naming the JSON path of the first bad field.
 */
export function gridFromJson(data: unknown): Grid {
  const where = "@tactica/grid: gridFromJson";
  if (typeof data !== "object" || data === null) definitionError(where, "$", "must be an object", "Pass the result of gridToJson.");
  const d = data as Record<string, unknown>;
  if (d["version"] !== 1) definitionError(where, "$.version", `must be 1 but is ${describeValue(d["version"])}`, "Only version 1 exists.");
  const width = d["width"];
  const height = d["height"];
  if (typeof width !== "number" || !Number.isInteger(width) || width < 1 || width > 32768)
    definitionError(where, "$.width", "must be an integer in [1, 32768]", "Fix the width.");
  if (typeof height !== "number" || !Number.isInteger(height) || height < 1 || height > 32768)
    definitionError(where, "$.height", "must be an integer in [1, 32768]", "Fix the height.");
  const connectivity = d["connectivity"];
  if (connectivity !== 4 && connectivity !== 8) definitionError(where, "$.connectivity", "must be 4 or 8", "Fix the connectivity.");
  const cornerCutting = d["cornerCutting"];
  if (cornerCutting !== 0 && cornerCutting !== 1 && cornerCutting !== 2)
    definitionError(where, "$.cornerCutting", "must be 0, 1 or 2", "Use a CornerCutting value.");
  const rows = d["rows"];
  if (!Array.isArray(rows) || rows.length !== height) definitionError(where, "$.rows", `must be an array of ${height} strings`, "One string per row.");
  const grid = createGrid(width, height, { connectivity, cornerCutting, passable: false });
  for (let y = 0; y < height; y++) {
    const r: unknown = rows[y];
    if (typeof r !== "string" || r.length !== width) definitionError(where, `$.rows[${y}]`, `must be a string of ${width} characters`, "Use . and # only.");
    for (let x = 0; x < width; x++) {
      const c = r[x];
      if (c === ".") grid.passable[y * width + x] = 1;
      else if (c !== "#") definitionError(where, `$.rows[${y}]`, `has ${JSON.stringify(c)} at column ${x}`, "Use . for passable and # for blocked.");
    }
  }
  const cost = d["cost"];
  if (cost !== undefined) {
    if (!Array.isArray(cost) || cost.length !== width * height)
      definitionError(where, "$.cost", `must be an array of ${width * height} numbers`, "One cost per cell in row order.");
    const c = new Float64Array(width * height);
    for (let i = 0; i < c.length; i++) {
      const v: unknown = cost[i];
      if (typeof v !== "number" || !Number.isFinite(v) || v <= 0)
        definitionError(where, `$.cost[${i}]`, "must be a finite number > 0", "Block the cell instead.");
      c[i] = v;
    }
    grid.cost = c;
  }
  return grid;
}
