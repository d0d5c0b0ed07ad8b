import { describeValue } from "@tactica/core";
import { Connectivity, CornerCutting, createGrid, type Grid } from "../model/grid";
import { parseError } from "../internal/errors";

/**
 * Terrain letters of the Moving AI `.map` format and whether the octile benchmark treats them as
 * passable: `.` `G` `S` are passable; `@` `O` `T` (out of bounds, trees) and `W` (water) are
 * blocked. Swamp `S` is passable ground.
 */
export const MovingAiTerrain: Readonly<Record<string, boolean>> = {
  ".": true,
  G: true,
  S: true,
  "@": false,
  O: false,
  T: false,
  W: false,
};

/** A parsed Moving AI map: the grid plus the original terrain letters (for lossless writing). */
export interface MovingAiMap {
  /** The `type` header value, usually `octile`. */
  readonly type: string;
  /** The grid: 8-connected, no corner cutting, passable cells from {@link MovingAiTerrain}. */
  readonly grid: Grid;
  /** The terrain letters row by row, `height` strings of `width` characters. */
  readonly rows: readonly string[];
}

/** One line of a Moving AI `.scen` file. */
export interface MovingAiScenario {
  /** Bucket number (scenarios are grouped by optimal length, 10 per bucket). */
  readonly bucket: number;
  /** Map file name as written (may carry a path prefix, e.g. `maps/random/x.map`). */
  readonly map: string;
  /** Map width in cells. */
  readonly width: number;
  /** Map height in cells. */
  readonly height: number;
  /** Start column. */
  readonly startX: number;
  /** Start row. */
  readonly startY: number;
  /** Goal column. */
  readonly goalX: number;
  /** Goal row. */
  readonly goalY: number;
  /** Optimal path length (diagonal √2, no corner cutting), as printed in the file. */
  readonly optimalLength: number;
  /**
   * One unit in the last digit the file printed for {@link MovingAiScenario.optimalLength}: `0.001` for
   * `102.456`, `1e-8` for `7.65685425`, `1` for `42`, `10` for `1.5e2`. {@link parseMovingAiScenarios}
   * records it from the text; {@link scenarioLengthTolerance} allows half of it. When absent (a scenario
   * built in code), the unit of the shortest decimal form of `optimalLength` is used, which for a
   * computed double is tiny, so only the relative term of the tolerance applies.
   */
  readonly optimalLengthUnit?: number;
}

/**
 * One unit in the last digit of a decimal number as written (`"102.456"` → `0.001`,
 * `"6.24264e+02"` → `1e-3`, `"42"` → `1`), or `NaN` when `text` is not a plain decimal literal.
 */
function lastDigitUnit(text: string): number {
  const m = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (m === null || (m[1] === "" && (m[2] ?? "") === "")) return Number.NaN;
  const decimals = (m[2] ?? "").length;
  const exponent = m[3] === undefined ? 0 : Number(m[3]);
  return 10 ** (exponent - decimals);
}

function splitLines(text: string): string[] {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.endsWith("\r")) lines[i] = l.slice(0, -1);
  }
  return lines;
}

function headerNumber(where: string, lines: readonly string[], index: number, key: string): number {
  const line = lines[index];
  const parts = line === undefined ? [] : line.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0] !== key) {
    parseError(
      where,
      index + 1,
      `expected "${key} <n>" but found ${JSON.stringify(line ?? "end of file")}`,
      "Check the Moving AI header: type, height, width, map.",
    );
  }
  const n = Number(parts[1]);
  if (!Number.isInteger(n) || n < 1 || n > 32768) {
    parseError(where, index + 1, `"${key}" must be an integer in [1, 32768] but is ${JSON.stringify(parts[1])}`, "Fix the header value.");
  }
  return n;
}

/** Options of {@link parseMovingAiMap}. */
export interface ParseMovingAiMapOptions {
  /** Passability per letter (default {@link MovingAiTerrain}). */
  readonly terrain?: Readonly<Record<string, boolean>> | undefined;
}

/**
 * Parses a Moving AI `.map` file (`type octile`, `height H`, `width W`, `map`, then `H` rows of
 * `W` terrain letters). LF and CRLF line endings are accepted; trailing blank lines are ignored.
 * The grid uses the benchmark's rules (8-connected, √2 diagonals, no corner cutting) unless
 * overridden. O(width × height).
 *
 * @param text - file contents
 * @param options - `terrain`: passability per letter (default {@link MovingAiTerrain})
 * @throws TacticaError `PARSE_ERROR` naming the line for a bad header, a short/long row, an
 *   unknown letter or a wrong number of rows.
 *
 * @example
 * ```ts
 * const { grid } = parseMovingAiMap("type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n");
 * // grid.width = 4, grid.height = 3; grid.passable[5] = 0 ('@' is out of bounds)
 * const path = findGridPath(grid, { x: 0, y: 1 }, { x: 3, y: 1 }); // level 2: plain inputs, cached per grid
 * ```
 */
export function parseMovingAiMap(text: string, options?: ParseMovingAiMapOptions): MovingAiMap {
  const terrain = options?.terrain ?? MovingAiTerrain;
  const where = "@tactica/grid: parseMovingAiMap";
  if (typeof text !== "string") parseError(where, 1, `the map text must be a string but is ${describeValue(text)}`, "Pass the file's text.");
  const lines = splitLines(text);
  const typeLine = (lines[0] ?? "").trim().split(/\s+/);
  if (typeLine.length !== 2 || typeLine[0] !== "type") {
    parseError(where, 1, `expected "type <name>" but found ${JSON.stringify(lines[0] ?? "")}`, 'A Moving AI map starts with a line like "type octile".');
  }
  const height = headerNumber(where, lines, 1, "height");
  const width = headerNumber(where, lines, 2, "width");
  if ((lines[3] ?? "").trim() !== "map") {
    parseError(where, 4, `expected "map" but found ${JSON.stringify(lines[3] ?? "end of file")}`, 'The header ends with a line "map".');
  }
  let last = lines.length;
  while (last > 4 && lines[last - 1]!.trim() === "") last--;
  if (last - 4 !== height) {
    parseError(
      where,
      Math.min(last, 4 + height) + 1,
      `the header says height ${height} but there are ${last - 4} map rows`,
      "Make the row count match the height line.",
    );
  }
  const grid = createGrid(width, height, { connectivity: Connectivity.Eight, cornerCutting: CornerCutting.Never, passable: false });
  const rows: string[] = [];
  const pass = grid.passable;
  for (let y = 0; y < height; y++) {
    const row = lines[4 + y]!;
    if (row.length !== width) {
      parseError(where, 5 + y, `row ${y} has ${row.length} characters, not ${width}`, "Every map row must be exactly width letters.");
    }
    for (let x = 0; x < width; x++) {
      const c = row[x]!;
      const p = terrain[c];
      if (p === undefined) {
        parseError(where, 5 + y, `unknown terrain letter ${JSON.stringify(c)} at column ${x}`, `Use one of ${Object.keys(terrain).join(" ")}.`);
      }
      if (p) pass[y * width + x] = 1;
    }
    rows.push(row);
  }
  return { type: typeLine[1]!, grid, rows };
}

/** Options of {@link formatMovingAiMap}. */
export interface FormatMovingAiMapOptions {
  /** Original rows (e.g. from {@link parseMovingAiMap}): their letters are kept where passability still matches. */
  readonly rows?: readonly string[] | undefined;
  /** The `type` line (default `octile`). */
  readonly type?: string | undefined;
}

/**
 * Writes a grid as a Moving AI `.map` file (LF line endings). Passable cells become `.` and
 * blocked cells `@`, unless `rows` (e.g. from {@link parseMovingAiMap}) gives the original
 * letters of cells whose passability still matches. O(width × height).
 *
 * @param grid - the grid to write (read: `width`, `height`, passability; costs and rules are not written)
 * @param options - `rows`: the original map rows, whose letters are kept where the cell's passability still matches; `type`: the `type` line (default `octile`); omitted writes `.` and `@` only
 */
export function formatMovingAiMap(grid: Grid, options?: FormatMovingAiMapOptions): string {
  const rows = options?.rows;
  const type = options?.type ?? "octile";
  const out: string[] = [`type ${type}`, `height ${grid.height}`, `width ${grid.width}`, "map"];
  for (let y = 0; y < grid.height; y++) {
    const original = rows?.[y];
    let line = "";
    for (let x = 0; x < grid.width; x++) {
      const p = grid.passable[y * grid.width + x] === 1;
      const c = original?.[x];
      if (c !== undefined && MovingAiTerrain[c] === p) line += c;
      else line += p ? "." : "@";
    }
    out.push(line);
  }
  return `${out.join("\n")}\n`;
}

/**
 * Parses a Moving AI `.scen` file: `version 1` (or `version 1.0`) then one scenario per line of
 * 9 whitespace-separated fields. Works with tabs or spaces and CRLF endings; blank lines are
 * skipped. O(lines).
 *
 * @param text - the whole `.scen` file content (any of LF / CRLF endings, tabs or spaces)
 *
 * @throws TacticaError `PARSE_ERROR` naming the line for a missing version line, a wrong field
 *   count, or a field that is not a number of the right kind.
 */
export function parseMovingAiScenarios(text: string): MovingAiScenario[] {
  const where = "@tactica/grid: parseMovingAiScenarios";
  if (typeof text !== "string") parseError(where, 1, `the scenario text must be a string but is ${describeValue(text)}`, "Pass the file's text.");
  const lines = splitLines(text);
  const head = (lines[0] ?? "").trim().split(/\s+/);
  if (head[0] !== "version" || head.length !== 2 || !Number.isFinite(Number(head[1]))) {
    parseError(where, 1, `expected "version <n>" but found ${JSON.stringify(lines[0] ?? "")}`, 'A scenario file starts with "version 1".');
  }
  const out: MovingAiScenario[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    const f = line.split(/\s+/);
    if (f.length !== 9) {
      parseError(where, i + 1, `expected 9 fields but found ${f.length}`, "Fields: bucket map width height startX startY goalX goalY optimalLength.");
    }
    const ints: number[] = [];
    for (const k of [0, 2, 3, 4, 5, 6, 7]) {
      const v = Number(f[k]);
      if (!Number.isInteger(v) || v < 0) {
        parseError(where, i + 1, `field ${k + 1} must be a non-negative integer but is ${JSON.stringify(f[k])}`, "Fix the scenario line.");
      }
      ints.push(v);
    }
    const len = Number(f[8]);
    if (!Number.isFinite(len) || len < 0) {
      parseError(where, i + 1, `field 9 (optimal length) must be a number >= 0 but is ${JSON.stringify(f[8])}`, "Fix the scenario line.");
    }
    out.push({
      bucket: ints[0]!,
      map: f[1]!,
      width: ints[1]!,
      height: ints[2]!,
      startX: ints[3]!,
      startY: ints[4]!,
      goalX: ints[5]!,
      goalY: ints[6]!,
      optimalLength: len,
      optimalLengthUnit: lastDigitUnit(f[8]!),
    });
  }
  return out;
}

/**
 * Writes scenarios as a Moving AI `.scen` file (`version 1`, tab-separated, LF endings). A length is
 * written with as many decimals as its {@link MovingAiScenario.optimalLengthUnit} says (so a parsed
 * file keeps its precision: `102.456` stays `102.456`), and with 8 decimals, the current Moving AI
 * convention, when the unit is absent or finer than that. O(scenarios).
 *
 * @param scenarios - the scenarios to write, in order (read); coordinates in cells, `optimalLength` in cells (octile units)
 */
export function formatMovingAiScenarios(scenarios: readonly MovingAiScenario[]): string {
  let s = "version 1\n";
  for (const c of scenarios) {
    s += `${c.bucket}\t${c.map}\t${c.width}\t${c.height}\t${c.startX}\t${c.startY}\t${c.goalX}\t${c.goalY}\t${formatLength(c)}\n`;
  }
  return s;
}

function formatLength(c: MovingAiScenario): string {
  const unit = c.optimalLengthUnit;
  if (unit === undefined || !(unit > 0) || !Number.isFinite(unit)) return c.optimalLength.toFixed(8);
  const decimals = Math.round(-Math.log10(unit));
  return decimals >= 0 && decimals <= 8 ? c.optimalLength.toFixed(decimals) : c.optimalLength.toFixed(8);
}

/**
 * The map file name without any directory prefix (`maps/random/x.map` → `x.map`).
 *
 * @param scenario - the scenario whose `map` field is read (a path with `/` or `\\` separators, or a bare name)
 */
export function scenarioMapName(scenario: MovingAiScenario): string {
  const m = scenario.map;
  const i = Math.max(m.lastIndexOf("/"), m.lastIndexOf("\\"));
  return i < 0 ? m : m.slice(i + 1);
}

/**
 * The largest difference between a computed path length and a scenario's printed optimal length
 * that {@link matchesScenarioLength} accepts. It depends only on how the length is written, never on
 * the map name. With `u` one unit in the last printed digit ({@link MovingAiScenario.optimalLengthUnit})
 * and `L = max(1, length)`:
 *
 * `tolerance = u / 2 + min(1e-7 · L, u / 10) + 5e-10 · L`
 *
 * - `u / 2`: the printed value is the optimum rounded to that digit;
 * - `min(1e-7 · L, u / 10)`: a generator that summed in single precision (relative error up to about
 *   1e-7) and printed few digits: `random512` prints `655.293` for 655.2935060, 0.006 u past half a unit;
 * - `5e-10 · L`: a generator that summed in double precision with a rounded √2: the sets printed with
 *   8 decimals exceed half a unit by at most `2.6e-10 · L` (e.g. 2.7e-7 on a 1,000-cell `dao` path).
 *
 * So `102.456` allows `0.0005 + 1.02e-5 + 5.1e-8`, and a length printed with at most 8 significant
 * digits is never matched by a value one unit away in its last digit (the tolerance stays under
 * 0.65 u); nor is one printed with 5 decimals up to a length of 7,000.
 *
 * @param scenario - a parsed (or hand-built) scenario; one without `optimalLengthUnit` uses the unit
 *   of the shortest decimal form of `optimalLength`.
 * @returns the tolerance, in the units of the length (cells: straight step 1, diagonal √2).
 */
export function scenarioLengthTolerance(scenario: MovingAiScenario): number {
  const len = scenario.optimalLength;
  let unit = scenario.optimalLengthUnit;
  if (unit === undefined || !(unit >= 0) || !Number.isFinite(unit)) unit = lastDigitUnit(String(len));
  if (!Number.isFinite(unit)) unit = 0;
  const scale = Math.max(1, len);
  return 0.5 * unit + Math.min(1e-7 * scale, 0.1 * unit) + 5e-10 * scale;
}

/**
 * True when `length` equals the scenario's optimal length within {@link scenarioLengthTolerance}
 * (half a unit in the last printed digit plus a small relative term): an optimal solver's path cost
 * always matches, one unit off in the last printed digit never does (for lengths printed with up to
 * 8 significant digits).
 *
 * @param scenario - the scenario whose printed optimal length is the reference.
 * @param length - a computed path cost (straight step 1, diagonal √2); `NaN` or `Infinity` never match.
 */
export function matchesScenarioLength(scenario: MovingAiScenario, length: number): boolean {
  return Math.abs(length - scenario.optimalLength) <= scenarioLengthTolerance(scenario);
}
