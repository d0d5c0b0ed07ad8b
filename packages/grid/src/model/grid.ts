import { assertInteger, invalidArgument } from "@tactica/core";
import { checkIndex } from "../internal/errors";

/**
 * Which neighbours a cell has: `Four` (N, E, S, W) or `Eight` (plus the diagonals).
 * The values are the neighbour counts.
 */
export const Connectivity = {
  /** Orthogonal moves only; each costs 1 (times the terrain cost). */
  Four: 4,
  /** Orthogonal moves cost 1, diagonal moves cost √2 (times the terrain cost). */
  Eight: 8,
} as const;

/** One of the values of {@link Connectivity}: `4` or `8`. */
export type ConnectivityValue = (typeof Connectivity)[keyof typeof Connectivity];

/**
 * When a diagonal move between two cells may pass the corner of a blocked cell. A diagonal move
 * from `(x, y)` to `(x + dx, y + dy)` touches the two side cells `(x + dx, y)` and `(x, y + dy)`.
 */
export const CornerCutting = {
  /** Both side cells must be passable (the Moving AI / GPPC rule and the default). */
  Never: 0,
  /** At least one side cell must be passable (squeezing past one corner is allowed). */
  IfOneSideFree: 1,
  /** Side cells are ignored; only the target cell must be passable. */
  Always: 2,
} as const;

/** One of the values of {@link CornerCutting}. */
export type CornerCuttingValue = (typeof CornerCutting)[keyof typeof CornerCutting];

/**
 * A rectangular tile grid stored in typed arrays (plain data: `structuredClone`-safe).
 *
 * Cell `(x, y)` has index `y * width + x`; `x` is the column and `y` the row, with `(0, 0)` at
 * the top left (the Moving AI convention). A move from cell `a` into cell `b` costs its step
 * length (1 or √2) times `cost[b]` when {@link Grid.cost} is set, else just the step length.
 *
 * Edit cells through {@link setCellPassable} / {@link setCellCost} (or call
 * {@link markGridChanged} after writing the arrays directly): the edit counter
 * {@link Grid.version} is how solvers and preprocessed structures (JPS+) notice changes.
 */
export interface Grid {
  /** Number of columns, integer ≥ 1. */
  readonly width: number;
  /** Number of rows, integer ≥ 1. */
  readonly height: number;
  /** `1` for a passable cell, `0` for a blocked one; length `width × height`. */
  readonly passable: Uint8Array;
  /**
   * Optional terrain cost per cell (multiplier of the step length for entering the cell), each
   * finite and > 0; `null` for a uniform-cost grid (every cell costs 1).
   */
  cost: Float64Array | null;
  /** Neighbourhood used by the solvers: 4 or 8. */
  readonly connectivity: ConnectivityValue;
  /** Diagonal corner rule for 8-connected grids (ignored for 4-connected ones). */
  readonly cornerCutting: CornerCuttingValue;
  /** Edit counter: incremented by every change of passability or cost. */
  version: number;
}

/** Options for {@link createGrid}. */
export interface GridOptions {
  /** 4 or 8 (default 8, the Moving AI convention). */
  readonly connectivity?: ConnectivityValue;
  /** Corner rule for diagonal moves (default {@link CornerCutting.Never}, the Moving AI rule). */
  readonly cornerCutting?: CornerCuttingValue;
  /** Initial passability of every cell (default `true`). */
  readonly passable?: boolean;
  /** Allocate a terrain-cost layer filled with 1 (default `false`: uniform cost, `cost = null`). */
  readonly withCost?: boolean;
}

const MAX_SIDE = 1 << 15;

/**
 * Creates a grid of `width × height` cells (each side an integer in `[1, 32768]`). Defaults
 * follow the Moving AI benchmark: 8-connected, diagonal cost √2, no corner cutting, every cell
 * passable. O(width × height).
 *
 * @param width - number of columns, an integer in `[1, 32768]` (cells)
 * @param height - number of rows, an integer in `[1, 32768]` (cells)
 * @param options - read only; `connectivity` (4 or 8, default 8), `cornerCutting` (default {@link CornerCutting.Never}), `passable` (initial state of every cell, default `true`) and `withCost` (allocate a cost layer filled with 1, default `false`); omitted means the Moving AI defaults
 *
 * @throws TacticaError `INVALID_ARGUMENT` for bad sizes or options.
 *
 * @example
 * ```ts
 * const grid = createGrid(8, 6);
 * setCellPassable(grid, 3, 0, false); // a wall
 * const search = createGridSearch(grid); // reusable per-query state
 * const path = createGridPath(grid);
 * findPathAStar(path, search, 0, 0, 7, 5);
 * // (path.flags & PathFlags.Found) !== 0; path.path.subarray(0, path.length) are the cells
 * ```
 */
export function createGrid(width: number, height: number, options: GridOptions = {}): Grid {
  const where = "@tactica/grid: createGrid";
  assertInteger(where, "width", width, 1, MAX_SIDE);
  assertInteger(where, "height", height, 1, MAX_SIDE);
  const connectivity = options.connectivity ?? Connectivity.Eight;
  if (connectivity !== 4 && connectivity !== 8) {
    invalidArgument(where, "options.connectivity", `must be 4 or 8 but is ${String(connectivity)}`, "Use Connectivity.Four or Connectivity.Eight.");
  }
  const cornerCutting = options.cornerCutting ?? CornerCutting.Never;
  if (cornerCutting !== 0 && cornerCutting !== 1 && cornerCutting !== 2) {
    invalidArgument(where, "options.cornerCutting", `must be 0, 1 or 2 but is ${String(cornerCutting)}`, "Use a CornerCutting value.");
  }
  const passable = new Uint8Array(width * height);
  if (options.passable !== false) passable.fill(1);
  let cost: Float64Array | null = null;
  if (options.withCost === true) {
    cost = new Float64Array(width * height);
    cost.fill(1);
  }
  return { width, height, passable, cost, connectivity, cornerCutting, version: 0 };
}

function checkCell(where: string, grid: Grid, x: number, y: number): void {
  if (!Number.isInteger(x) || x < 0 || x >= grid.width) {
    invalidArgument(where, "x", `must be an integer in [0, ${grid.width - 1}] but is ${x}`, "Pass a column inside the grid.");
  }
  if (!Number.isInteger(y) || y < 0 || y >= grid.height) {
    invalidArgument(where, "y", `must be an integer in [0, ${grid.height - 1}] but is ${y}`, "Pass a row inside the grid.");
  }
}

/**
 * True when `(x, y)` lies inside the grid (any numbers; non-integers are outside). O(1).
 *
 * @param grid - the grid whose bounds are tested (read)
 * @param x - column in cells; any number, only integers in `[0, width)` are inside
 * @param y - row in cells; any number, only integers in `[0, height)` are inside
 */
export function isInsideGrid(grid: Grid, x: number, y: number): boolean {
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < grid.width && y < grid.height;
}

/**
 * True when `(x, y)` is inside the grid and passable. O(1), no allocation.
 *
 * @param grid - the grid to read
 * @param x - column in cells; any number (outside or non-integer gives `false`)
 * @param y - row in cells; any number (outside or non-integer gives `false`)
 */
export function isCellPassable(grid: Grid, x: number, y: number): boolean {
  return isInsideGrid(grid, x, y) && grid.passable[y * grid.width + x] === 1;
}

/**
 * Cell index `y * width + x` of `(x, y)`. O(1).
 *
 * @param grid - the grid whose width is used (read)
 * @param x - column, integer in `[0, width)`
 * @param y - row, integer in `[0, height)`
 * @throws TacticaError `INVALID_ARGUMENT` for a coordinate outside the grid (test with {@link isInsideGrid} first).
 */
export function cellIndex(grid: Grid, x: number, y: number): number {
  checkIndex("@tactica/grid: cellIndex", "x", x, grid.width, "a column");
  checkIndex("@tactica/grid: cellIndex", "y", y, grid.height, "a row");
  return y * grid.width + x;
}

/**
 * Sets whether cell `(x, y)` is passable and increments {@link Grid.version} when it changes.
 * O(1).
 *
 * @param grid - the grid to edit: {@link Grid.passable} and, on a change, {@link Grid.version} are written
 * @param x - column, an integer in `[0, width)`
 * @param y - row, an integer in `[0, height)`
 * @param passable - `true` to open the cell, `false` to block it; setting the current state changes nothing (the version stays)
 *
 * @throws TacticaError `INVALID_ARGUMENT` when the cell is outside the grid.
 */
export function setCellPassable(grid: Grid, x: number, y: number, passable: boolean): void {
  checkCell("@tactica/grid: setCellPassable", grid, x, y);
  const i = y * grid.width + x;
  const v = passable ? 1 : 0;
  if (grid.passable[i] !== v) {
    grid.passable[i] = v;
    grid.version++;
  }
}

/**
 * Sets the terrain cost of cell `(x, y)` (finite, > 0; the multiplier for entering the cell),
 * creating the cost layer (filled with 1) on first use, and increments {@link Grid.version}.
 * O(1), or O(width × height) the first time.
 *
 * @param grid - the grid to edit: {@link Grid.cost} (created on first use) and {@link Grid.version} are written
 * @param x - column, an integer in `[0, width)`
 * @param y - row, an integer in `[0, height)`
 * @param cost - terrain cost of the cell: the multiplier of the step length (1 or √2) for moves entering it; finite and > 0 (1 = normal terrain)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a cell outside the grid or a cost ≤ 0 / not finite.
 */
export function setCellCost(grid: Grid, x: number, y: number, cost: number): void {
  const where = "@tactica/grid: setCellCost";
  checkCell(where, grid, x, y);
  if (typeof cost !== "number" || !Number.isFinite(cost) || cost <= 0) {
    invalidArgument(
      where,
      "cost",
      `must be a finite number > 0 but is ${String(cost)}`,
      "Block the cell with setCellPassable instead of a zero or infinite cost.",
    );
  }
  if (grid.cost === null) {
    grid.cost = new Float64Array(grid.width * grid.height);
    grid.cost.fill(1);
  }
  grid.cost[y * grid.width + x] = cost;
  grid.version++;
}

/**
 * Tells solvers and preprocessed structures that {@link Grid.passable} or {@link Grid.cost} was
 * written directly: increments {@link Grid.version}. O(1).
 *
 * @param grid - the grid whose arrays were written directly; its {@link Grid.version} is incremented
 */
export function markGridChanged(grid: Grid): void {
  grid.version++;
}

/**
 * True when a single move from `(x, y)` by `(dx, dy)` (each in -1..1, not both 0) is legal on
 * this grid: target inside and passable, diagonals only on 8-connected grids and subject to the
 * corner rule. O(1), no allocation.
 *
 * @param grid - the grid to read (passability, connectivity and corner rule)
 * @param x - column of the cell the move starts from, in cells (must be inside and passable)
 * @param y - row of the cell the move starts from, in cells (must be inside and passable)
 * @param dx - column step: -1, 0 or 1 (anything else is illegal)
 * @param dy - row step: -1, 0 or 1 (`+1` is down, towards larger rows); `dx` and `dy` both 0 is illegal
 */
export function isMoveLegal(grid: Grid, x: number, y: number, dx: number, dy: number): boolean {
  if ((dx === 0 && dy === 0) || dx < -1 || dx > 1 || dy < -1 || dy > 1) return false;
  if (!isCellPassable(grid, x, y) || !isCellPassable(grid, x + dx, y + dy)) return false;
  if (dx === 0 || dy === 0) return true;
  if (grid.connectivity === 4) return false;
  const a = isCellPassable(grid, x + dx, y);
  const b = isCellPassable(grid, x, y + dy);
  if (grid.cornerCutting === CornerCutting.Never) return a && b;
  if (grid.cornerCutting === CornerCutting.IfOneSideFree) return a || b;
  return true;
}

/**
 * Copies a grid (new typed arrays, same settings and version). O(width × height).
 *
 * @param grid - the grid to copy (read only)
 */
export function cloneGrid(grid: Grid): Grid {
  return {
    width: grid.width,
    height: grid.height,
    passable: grid.passable.slice(),
    cost: grid.cost === null ? null : grid.cost.slice(),
    connectivity: grid.connectivity,
    cornerCutting: grid.cornerCutting,
    version: grid.version,
  };
}

/** Options of {@link withGridRules}. */
export interface GridRulesOptions {
  /** Connectivity of the view (default: the grid's). */
  readonly connectivity?: ConnectivityValue | undefined;
  /** Corner rule of the view (default: the grid's). */
  readonly cornerCutting?: CornerCuttingValue | undefined;
}

/**
 * Returns a copy of `grid` with a different connectivity or corner rule (the cells are copied).
 * O(width × height).
 *
 * @param grid - the grid whose cells and costs are copied (read only, not changed)
 * @param options - `connectivity` and `cornerCutting` of the copy; an omitted or `undefined` field keeps the grid's own rule
 */
export function withGridRules(grid: Grid, options: GridRulesOptions): Grid {
  const connectivity = options.connectivity ?? grid.connectivity;
  const cornerCutting = options.cornerCutting ?? grid.cornerCutting;
  const g = createGrid(grid.width, grid.height, { connectivity, cornerCutting });
  g.passable.set(grid.passable);
  if (grid.cost !== null) g.cost = grid.cost.slice();
  return g;
}
