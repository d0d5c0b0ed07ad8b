import { checkNumber, configError } from "../errors";

/**
 * The canvass coverage grid of *The Last of Us*' infected (*Game AI Pro 2* ch. 33) as plain data: a
 * logical grid of `size × size` cells of `cellSize` world units centred on `(cx, cy)`, where `seen[i]`
 * is 1 once the NPC has looked at cell `i` (obstacles and cells outside the radius start seen). The
 * NPC picks the candidate pose whose sensory wedge holds the most unseen cells
 * ({@link chooseCanvassPose}), plays it, marks the wedge seen ({@link markCanvassWedge}) and repeats.
 */
export interface CanvassGrid {
  /** Cells per side. */
  readonly size: number;
  /** Cell side in world units. */
  readonly cellSize: number;
  /** World position of the grid's centre. */
  readonly cx: number;
  readonly cy: number;
  /** 1 seen (or not to be searched), 0 still to look at. */
  readonly seen: Uint8Array;
  /** 1 where the cell is an obstacle. */
  readonly blocked: Uint8Array;
}

/** Options for {@link createCanvassGrid}. */
export interface CanvassGridOptions {
  /** Whether the world point `(x, y)` is an obstacle (checked at each cell centre; default: nothing is). */
  readonly isBlocked?: (x: number, y: number) => boolean;
}

/**
 * Creates a canvass grid over the disk of `radius` (world units, > 0) around `(cx, cy)` with square
 * cells `cellSize` world units wide; cells whose centre is outside the disk or blocked
 * (`options.isBlocked(x, y)` at the cell centre) start seen. At most 512 cells per side.
 *
 * @param cx - Centre of the searched disk x, world units, finite.
 * @param cy - Centre of the searched disk y, world units, finite.
 * @param radius - Radius of the searched disk, world units, > 0.
 * @param cellSize - Side of a cell, world units, > 0; `2 · ⌈radius / cellSize⌉` may not exceed 512.
 * @param options - `isBlocked(x, y)`: whether a cell centre is an obstacle (default: nothing is).
 */
export function createCanvassGrid(cx: number, cy: number, radius: number, cellSize: number, options?: CanvassGridOptions): CanvassGrid {
  const isBlocked = options === undefined ? undefined : options.isBlocked;
  checkNumber("createCanvassGrid", "cx", cx);
  checkNumber("createCanvassGrid", "cy", cy);
  checkNumber("createCanvassGrid", "radius", radius, Number.MIN_VALUE);
  checkNumber("createCanvassGrid", "cellSize", cellSize, Number.MIN_VALUE);
  const size = 2 * Math.ceil(radius / cellSize);
  if (size > 512) configError("createCanvassGrid", `radius / cellSize gives ${size} cells per side (at most 512); use larger cells.`, "cellSize");
  const seen = new Uint8Array(size * size);
  const blocked = new Uint8Array(size * size);
  const grid = { size, cellSize, cx, cy, seen, blocked };
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const x = cellX(grid, i);
      const y = cellY(grid, j);
      const k = j * size + i;
      if (isBlocked !== undefined && isBlocked(x, y)) blocked[k] = 1;
      if (blocked[k] === 1 || Math.hypot(x - cx, y - cy) > radius) seen[k] = 1;
    }
  }
  return grid;
}

function cellX(g: { size: number; cellSize: number; cx: number }, i: number): number {
  return g.cx + (i + 0.5 - g.size / 2) * g.cellSize;
}
function cellY(g: { size: number; cellSize: number; cy: number }, j: number): number {
  return g.cy + (j + 0.5 - g.size / 2) * g.cellSize;
}

function wedge(grid: CanvassGrid, x: number, y: number, heading: number, halfAngle: number, viewRange: number, mark: boolean): number {
  const { size, seen } = grid;
  const cos = Math.cos(halfAngle);
  const hx = Math.cos(heading);
  const hy = Math.sin(heading);
  let n = 0;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const k = j * size + i;
      if (seen[k] === 1) continue;
      const dx = cellX(grid, i) - x;
      const dy = cellY(grid, j) - y;
      const d = Math.hypot(dx, dy);
      if (d > viewRange || (d > 0 && (dx * hx + dy * hy) / d < cos)) continue;
      n++;
      if (mark) seen[k] = 1;
    }
  }
  return n;
}

/**
 * The number of unseen cells whose centre lies in the wedge with apex `(x, y)` (world units), facing
 * `heading` (radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide)), opening `halfAngle` to each side (radians, half of the field of view) and reaching
 * `viewRange` (world units).
 *
 * @param grid - The canvass grid, read only.
 * @param x - Wedge apex (the searcher's eye) x, world units.
 * @param y - Wedge apex y, world units.
 * @param heading - Direction the wedge faces, radians, 0 = +x, counter-clockwise.
 * @param halfAngle - Half of the field of view, radians.
 * @param viewRange - Reach of the wedge, world units.
 */
export function countCanvassWedge(grid: CanvassGrid, x: number, y: number, heading: number, halfAngle: number, viewRange: number): number {
  return wedge(grid, x, y, heading, halfAngle, viewRange, false);
}

/**
 * Marks the cells of the wedge of {@link countCanvassWedge} (same parameters and units) seen; returns how many were newly seen.
 *
 * @param grid - The canvass grid, changed in place (cells of the wedge marked seen).
 * @param x - Wedge apex (the searcher's eye) x, world units.
 * @param y - Wedge apex y, world units.
 * @param heading - Direction the wedge faces, radians, 0 = +x, counter-clockwise.
 * @param halfAngle - Half of the field of view, radians.
 * @param viewRange - Reach of the wedge, world units.
 */
export function markCanvassWedge(grid: CanvassGrid, x: number, y: number, heading: number, halfAngle: number, viewRange: number): number {
  return wedge(grid, x, y, heading, halfAngle, viewRange, true);
}

/** Options for {@link chooseCanvassPose}. */
export interface ChooseCanvassPoseOptions {
  /** Recency per candidate (e.g. 1 if played last time, decaying); subtracted × `recencyPenalty`. */
  readonly recency?: ArrayLike<number>;
  /** Score lost per unit of recency (default 5 cells). */
  readonly recencyPenalty?: number;
}

/**
 * Picks the candidate end pose (e.g. the end of each animation) whose wedge holds the most unseen
 * cells, minus a penalty for recently played candidates; poses ending in an obstacle cell are never
 * chosen. Returns the index, or −1 when no pose is allowed or nothing is left to see.
 *
 * @param grid - The canvass grid (read only).
 * @param poses - Candidate poses as `x, y, heading` triples: positions in world units, headings in
 *   radians, 0 = +x, counter-clockwise (the toolkit's convention, see the conventions guide).
 * @param halfAngle - Half of the searcher's field of view, radians.
 * @param viewRange - How far the searcher sees, world units.
 * @param options - Recency per candidate and its penalty.
 */
export function chooseCanvassPose(
  grid: CanvassGrid,
  poses: ArrayLike<number>,
  halfAngle: number,
  viewRange: number,
  options?: ChooseCanvassPoseOptions,
): number {
  if (poses.length % 3 !== 0) configError("chooseCanvassPose", `"poses" has ${poses.length} numbers; pass x, y, heading triples.`, "poses");
  const penalty = options?.recencyPenalty ?? 5;
  const recency = options?.recency;
  let best = -1;
  let bestScore = -Infinity;
  for (let p = 0; p < poses.length / 3; p++) {
    const x = poses[3 * p]!;
    const y = poses[3 * p + 1]!;
    const i = Math.floor((x - grid.cx) / grid.cellSize + grid.size / 2);
    const j = Math.floor((y - grid.cy) / grid.cellSize + grid.size / 2);
    if (i >= 0 && j >= 0 && i < grid.size && j < grid.size && grid.blocked[j * grid.size + i] === 1) continue;
    const unseen = countCanvassWedge(grid, x, y, poses[3 * p + 2]!, halfAngle, viewRange);
    if (unseen === 0) continue;
    const score = unseen - penalty * (recency?.[p] ?? 0);
    if (score > bestScore) {
      bestScore = score;
      best = p;
    }
  }
  return best;
}
