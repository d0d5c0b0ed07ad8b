import type { Cdt } from "./cdt";
import { insertConstraint, insertPoint } from "./cdt";

/**
 * The obstacle shapes of an agent-radius erosion (Minkowski sum of every ring edge with a disc of
 * radius `r`, C.1.3): per edge a rectangle of half-width `r`, per vertex a regular `k`-gon
 * circumscribing the disc (rounded corners, at most `tolerance` outside the true disc).
 * @internal
 */
export interface ErosionShapes {
  readonly radius: number;
  /** Sides of each corner polygon (a multiple of 8). */
  readonly sides: number;
  /** Circumradius of the corner polygons, `radius / cos(π / sides)`. */
  readonly outerRadius: number;
  /** Edges `x0, y0, x1, y1` per ring edge. */
  readonly edges: number[];
  /** Corner centres `x, y`. */
  readonly corners: number[];
  /** Uniform grid over the shapes' boxes: origin, cell size, columns, rows. */
  readonly grid: { x0: number; y0: number; cell: number; cols: number; rows: number };
  /** Shapes overlapping cell `c`: `cellShapes[cellStart[c] .. cellStart[c + 1])`; ids `< edgeCount` are edges, the rest corners. */
  readonly cellStart: Int32Array;
  /** Shape ids by cell. */
  readonly cellShapes: Int32Array;
}

/** Sides of a regular polygon circumscribing a disc of radius `r` that stays within `tolerance` of it (a multiple of 8, 8..256). @internal */
export function cornerSides(r: number, tolerance: number): number {
  const k = Math.PI / Math.acos(1 / (1 + tolerance / r));
  return Math.min(256, Math.max(8, Math.ceil(k / 8) * 8));
}

/**
 * The shapes for boundary edges `x0, y0, x1, y1, …` (a corner polygon at every edge end).
 * @internal
 */
export function createErosionShapes(boundary: readonly number[], radius: number, tolerance: number): ErosionShapes {
  const sides = cornerSides(radius, tolerance);
  const edges = boundary.slice();
  const corners: number[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < edges.length; i += 2) {
    const key = `${edges[i]},${edges[i + 1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    corners.push(edges[i]!, edges[i + 1]!);
  }
  const outerRadius = radius / Math.cos(Math.PI / sides);
  // Grid index over the shapes' bounding boxes (cells of about two corner diameters, at most 512²).
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (let i = 0; i < corners.length; i += 2) {
    x0 = Math.min(x0, corners[i]!);
    x1 = Math.max(x1, corners[i]!);
    y0 = Math.min(y0, corners[i + 1]!);
    y1 = Math.max(y1, corners[i + 1]!);
  }
  x0 -= outerRadius;
  y0 -= outerRadius;
  x1 += outerRadius;
  y1 += outerRadius;
  const cell = Math.max(4 * outerRadius, (x1 - x0) / 512, (y1 - y0) / 512);
  const cols = Math.max(1, Math.ceil((x1 - x0) / cell)),
    rows = Math.max(1, Math.ceil((y1 - y0) / cell));
  const edgeCount = edges.length / 4;
  const boxes: number[] = [];
  for (let e = 0; e < edgeCount; e++)
    boxes.push(
      Math.min(edges[4 * e]!, edges[4 * e + 2]!) - radius,
      Math.min(edges[4 * e + 1]!, edges[4 * e + 3]!) - radius,
      Math.max(edges[4 * e]!, edges[4 * e + 2]!) + radius,
      Math.max(edges[4 * e + 1]!, edges[4 * e + 3]!) + radius,
    );
  for (let c = 0; c < corners.length / 2; c++)
    boxes.push(corners[2 * c]! - outerRadius, corners[2 * c + 1]! - outerRadius, corners[2 * c]! + outerRadius, corners[2 * c + 1]! + outerRadius);
  const buckets: number[][] = Array.from({ length: cols * rows }, () => []);
  const clampCol = (x: number): number => Math.min(cols - 1, Math.max(0, Math.floor((x - x0) / cell)));
  const clampRow = (y: number): number => Math.min(rows - 1, Math.max(0, Math.floor((y - y0) / cell)));
  for (let id = 0; id < boxes.length / 4; id++) {
    const c0 = clampCol(boxes[4 * id]!),
      c1 = clampCol(boxes[4 * id + 2]!),
      r0 = clampRow(boxes[4 * id + 1]!),
      r1 = clampRow(boxes[4 * id + 3]!);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) buckets[r * cols + c]!.push(id);
  }
  const cellStart = new Int32Array(cols * rows + 1);
  for (let k = 0; k < buckets.length; k++) cellStart[k + 1] = cellStart[k]! + buckets[k]!.length;
  const cellShapes = new Int32Array(cellStart[cols * rows]!);
  for (let k = 0; k < buckets.length; k++) cellShapes.set(buckets[k]!, cellStart[k]);
  return { radius, sides, outerRadius, edges, corners, grid: { x0, y0, cell, cols, rows }, cellStart, cellShapes };
}

/** Outline of edge rectangle `e` as 4 corners `x, y`. */
function rectangle(sh: ErosionShapes, e: number, out: number[]): void {
  const x0 = sh.edges[4 * e]!,
    y0 = sh.edges[4 * e + 1]!,
    x1 = sh.edges[4 * e + 2]!,
    y1 = sh.edges[4 * e + 3]!;
  const len = Math.hypot(x1 - x0, y1 - y0);
  const nx = (-(y1 - y0) / len) * sh.radius,
    ny = ((x1 - x0) / len) * sh.radius;
  out.length = 0;
  out.push(x0 + nx, y0 + ny, x0 - nx, y0 - ny, x1 - nx, y1 - ny, x1 + nx, y1 + ny);
}

function corner(sh: ErosionShapes, c: number, out: number[]): void {
  const cx = sh.corners[2 * c]!,
    cy = sh.corners[2 * c + 1]!;
  out.length = 0;
  for (let j = 0; j < sh.sides; j++) {
    const a = (2 * Math.PI * j) / sh.sides;
    out.push(cx + sh.outerRadius * Math.cos(a), cy + sh.outerRadius * Math.sin(a));
  }
}

/** Extends a bounding box `[minX, minY, maxX, maxY]` to hold every shape. @internal */
export function extendBounds(sh: ErosionShapes, box: number[]): void {
  const m = sh.outerRadius + sh.radius;
  for (let i = 0; i < 4; i++) box[i] = box[i]! + (i < 2 ? -m : m);
}

/** Inserts every shape outline into the triangulation as constraints (crossings are split). @internal */
export function insertErosionShapes(s: Cdt, sh: ErosionShapes, kind: number): void {
  const outline: number[] = [];
  const ids: number[] = [];
  const addOutline = (): void => {
    ids.length = 0;
    for (let i = 0; i < outline.length; i += 2) ids.push(insertPoint(s, outline[i]!, outline[i + 1]!, true));
    for (let i = 0; i < ids.length; i++) insertConstraint(s, ids[i]!, ids[(i + 1) % ids.length]!, kind);
  };
  for (let e = 0; e < sh.edges.length / 4; e++) {
    rectangle(sh, e, outline);
    addOutline();
  }
  for (let c = 0; c < sh.corners.length / 2; c++) {
    corner(sh, c, outline);
    addOutline();
  }
}

/** True when `(x, y)` lies strictly inside one of the shapes (closer than the radius to an edge, up to the corner polygons). @internal */
export function insideErosionShapes(sh: ErosionShapes, x: number, y: number): boolean {
  const { x0, y0, cell, cols, rows } = sh.grid;
  const col = Math.floor((x - x0) / cell),
    row = Math.floor((y - y0) / cell);
  if (col < 0 || row < 0 || col >= cols || row >= rows) return false;
  const k = row * cols + col;
  const edgeCount = sh.edges.length / 4;
  for (let q = sh.cellStart[k]!; q < sh.cellStart[k + 1]!; q++) {
    const id = sh.cellShapes[q]!;
    if (id < edgeCount ? insideEdgeBand(sh, id, x, y) : insideCorner(sh, id - edgeCount, x, y)) return true;
  }
  return false;
}

function insideEdgeBand(sh: ErosionShapes, e: number, x: number, y: number): boolean {
  const x0 = sh.edges[4 * e]!,
    y0 = sh.edges[4 * e + 1]!,
    x1 = sh.edges[4 * e + 2]!,
    y1 = sh.edges[4 * e + 3]!;
  const dx = x1 - x0,
    dy = y1 - y0;
  const len = Math.hypot(dx, dy);
  const along = ((x - x0) * dx + (y - y0) * dy) / len;
  if (along <= 0 || along >= len) return false;
  return Math.abs(((x - x0) * dy - (y - y0) * dx) / len) < sh.radius;
}

function insideCorner(sh: ErosionShapes, c: number, x: number, y: number): boolean {
  const dx = x - sh.corners[2 * c]!,
    dy = y - sh.corners[2 * c + 1]!;
  if (Math.abs(dx) >= sh.outerRadius || Math.abs(dy) >= sh.outerRadius) return false;
  const step = (2 * Math.PI) / sh.sides;
  const sector = Math.floor((Math.atan2(dy, dx) + 2 * Math.PI) / step);
  for (let d = -1; d <= 1; d++) {
    const a = (sector + d + 0.5) * step;
    if (dx * Math.cos(a) + dy * Math.sin(a) >= sh.radius) return false;
  }
  return true;
}
