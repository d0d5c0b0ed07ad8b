import { linkNeighbors } from "./link-neighbors";

/**
 * Default height tolerance of {@link splitTJunctions} (world units): RecastDemo's agent max climb
 * (0.9 m), the `walkableClimb` Detour compares border edges with. Stacked floors are at least an
 * agent's height apart, so they never come this close. @internal
 */
export const T_JUNCTION_MAX_CLIMB = 0.9;

/** Options of {@link splitTJunctions}. @internal */
export interface SplitTJunctionsOptions {
  /** Height tolerance between points of two tiles' border edges (default {@link T_JUNCTION_MAX_CLIMB}). [Units: wu] */
  readonly maxClimb?: number;
  /** The end points were welded already (the second pass). */
  readonly welded?: boolean;
}

/** Polygons of the flat view with T-junction split points inserted. @internal */
export interface SplitBorders {
  /** Vertex slots per polygon (the tiles' largest plus the most split points one polygon got). */
  readonly stride: number;
  readonly polyVerts: Int32Array;
  readonly polyVertCount: Uint8Array;
  /** For each flat edge slot, the edge of the tile polygon it is part of (a sub-interval of it when split). */
  readonly edgeOrigin: Int8Array;
}

/**
 * Portal-overlap links across tile borders whose vertices do not match (Detour's
 * `connectExtLinks`): an unlinked edge of one tile that lies on the same line as unlinked edges of
 * another tile (one long edge facing two short ones, or edges overlapping in part) is cut at the
 * other tile's end points that fall strictly inside it. Each sub-interval becomes an edge of its
 * own in the flat view, so it links to the polygon across exactly that sub-interval: A*, the funnel
 * and the raycast then use the overlap as the portal. Returns `undefined` when no edge needs a cut.
 * Collinear means within `1e-9` of the mesh extent. The tiles' own data is not changed.
 *
 * Heights count too (Detour's `walkableClimb` check in `connectExtLinks`): with `heights` given, a
 * point cuts an edge only when its height is within `maxClimb` of the edge's height there, and end
 * points are welded only when their heights are within `maxClimb`, so two stacked floors whose tile
 * borders are collinear in the plane are never joined. Without `heights` the test is 2D only. @internal
 */
export function splitTJunctions(
  vertices: Float64Array,
  polyVerts: Int32Array,
  polyVertCount: Uint8Array,
  stride: number,
  polyTile: Int32Array,
  heights?: ArrayLike<number>,
  options: SplitTJunctionsOptions = {},
): SplitBorders | undefined {
  const welded = options.welded ?? false;
  const climb = options.maxClimb ?? T_JUNCTION_MAX_CLIMB;
  // Whether two heights are within the climb (always true without heights).
  const near = heights === undefined ? (): boolean => true : (u: number, h: number): boolean => Math.abs(heights[u]! - h) <= climb;
  const polyCount = polyVertCount.length;
  const vertexCount = vertices.length / 2;
  const neighbors = linkNeighbors(polyVerts, polyVertCount, stride, vertexCount);
  // Unlinked edges and their end points.
  const edges: number[] = []; // flat edge slot g * stride + i
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    totalLen = 0;
  for (let g = 0; g < polyCount; g++) {
    const n = polyVertCount[g]!;
    for (let i = 0; i < n; i++) {
      if (neighbors[g * stride + i]! >= 0) continue;
      edges.push(g * stride + i);
      const a = polyVerts[g * stride + i]!,
        b = polyVerts[g * stride + (i + 1 === n ? 0 : i + 1)]!;
      const ax = vertices[2 * a]!,
        ay = vertices[2 * a + 1]!,
        bx = vertices[2 * b]!,
        by = vertices[2 * b + 1]!;
      minX = Math.min(minX, ax, bx);
      minY = Math.min(minY, ay, by);
      maxX = Math.max(maxX, ax, bx);
      maxY = Math.max(maxY, ay, by);
      totalLen += Math.hypot(bx - ax, by - ay);
    }
  }
  if (edges.length < 2) return undefined;
  const extent = Math.max(1, maxX - minX, maxY - minY);
  const eps = 1e-9 * extent;
  // End points of unlinked edges in a uniform grid (cell about one edge long), with their tile.
  const cell = Math.max(totalLen / edges.length, extent / 4096);
  const cols = Math.max(1, Math.min(4096, Math.floor((maxX - minX) / cell) + 1));
  const rows = Math.max(1, Math.min(4096, Math.floor((maxY - minY) / cell) + 1));
  const cellOf = (x: number, y: number): number => {
    const cx = Math.min(cols - 1, Math.max(0, Math.floor((x - minX) / cell)));
    const cy = Math.min(rows - 1, Math.max(0, Math.floor((y - minY) / cell)));
    return cy * cols + cx;
  };
  const grid = new Map<number, number[]>(); // cell → [vertex, tile, vertex, tile, …]
  for (const e of edges) {
    const g = Math.floor(e / stride);
    const v = polyVerts[e]!;
    const c = cellOf(vertices[2 * v]!, vertices[2 * v + 1]!);
    let list = grid.get(c);
    if (!list) grid.set(c, (list = []));
    list.push(v, polyTile[g]!);
    // The edge's end vertex too (a vertex may end an edge without starting one on this side).
    const i = e - g * stride;
    const n = polyVertCount[g]!;
    const w = polyVerts[g * stride + (i + 1 === n ? 0 : i + 1)]!;
    const cw = cellOf(vertices[2 * w]!, vertices[2 * w + 1]!);
    let lw = grid.get(cw);
    if (!lw) grid.set(cw, (lw = []));
    lw.push(w, polyTile[g]!);
  }
  if (!welded) {
    // End points of unlinked edges of different tiles closer than eps are one point (two tile
    // builds rounding a shared corner differently): weld them first, then look for cuts.
    const alias = new Map<number, number>();
    for (const list of grid.values()) {
      for (let i = 0; i < list.length; i += 2) {
        for (let j = i + 2; j < list.length; j += 2) {
          const u = list[i]!,
            w = list[j]!;
          if (u === w || list[i + 1] === list[j + 1]) continue;
          if (Math.hypot(vertices[2 * u]! - vertices[2 * w]!, vertices[2 * u + 1]! - vertices[2 * w + 1]!) > eps) continue;
          if (heights !== undefined && !near(u, heights[w]!)) continue; // another floor
          const keepV = Math.min(u, w),
            drop = Math.max(u, w);
          if (!alias.has(drop)) alias.set(drop, alias.get(keepV) ?? keepV);
        }
      }
    }
    if (alias.size > 0) {
      const merged = polyVerts.slice();
      for (let k = 0; k < merged.length; k++) {
        const a = alias.get(merged[k]!);
        if (a !== undefined) merged[k] = a;
      }
      const again = splitTJunctions(vertices, merged, polyVertCount, stride, polyTile, heights, { maxClimb: climb, welded: true });
      if (again) return again;
      const origin = new Int8Array(polyCount * stride).fill(-1);
      for (let g = 0; g < polyCount; g++) for (let i = 0; i < polyVertCount[g]!; i++) origin[g * stride + i] = i;
      return { stride, polyVerts: merged, polyVertCount, edgeOrigin: origin };
    }
  }
  // Split points per edge slot, as (t, vertex) pairs.
  const cuts = new Map<number, { t: number; v: number }[]>();
  for (const e of edges) {
    const g = Math.floor(e / stride),
      i = e - g * stride;
    const n = polyVertCount[g]!;
    const a = polyVerts[e]!,
      b = polyVerts[g * stride + (i + 1 === n ? 0 : i + 1)]!;
    const ax = vertices[2 * a]!,
      ay = vertices[2 * a + 1]!,
      dx = vertices[2 * b]! - ax,
      dy = vertices[2 * b + 1]! - ay;
    const len = Math.hypot(dx, dy);
    if (!(len > 2 * eps)) continue;
    const tile = polyTile[g]!;
    const c0 = cellOf(Math.min(ax, ax + dx) - eps, Math.min(ay, ay + dy) - eps),
      c1 = cellOf(Math.max(ax, ax + dx) + eps, Math.max(ay, ay + dy) + eps);
    const cx0 = c0 % cols,
      cy0 = Math.floor(c0 / cols),
      cx1 = c1 % cols,
      cy1 = Math.floor(c1 / cols);
    let found: { t: number; v: number }[] | undefined;
    // Bounded in the edge's length: an edge whose box covers more cells than the grid holds lists
    // reads every list once (at most 4096² cells otherwise, per edge).
    const boxCells = (cx1 - cx0 + 1) * (cy1 - cy0 + 1);
    const every = boxCells > grid.size ? Array.from(grid.values()) : undefined;
    const cellsToRead = every ? every.length : boxCells;
    for (let q = 0; q < cellsToRead; q++) {
      {
        const list = every ? every[q] : grid.get((cy0 + Math.floor(q / (cx1 - cx0 + 1))) * cols + cx0 + (q % (cx1 - cx0 + 1)));
        if (!list) continue;
        for (let k = 0; k < list.length; k += 2) {
          const v = list[k]!;
          if (list[k + 1] === tile || v === a || v === b) continue;
          const px = vertices[2 * v]! - ax,
            py = vertices[2 * v + 1]! - ay;
          if (Math.abs(dx * py - dy * px) > eps * len) continue; // off the edge's line
          const along = (px * dx + py * dy) / len;
          if (along <= eps || along >= len - eps) continue; // not strictly inside
          if (heights !== undefined && !near(v, heights[a]! + (along / len) * (heights[b]! - heights[a]!))) continue; // another floor
          found ??= [];
          if (!found.some((f) => f.v === v)) found.push({ t: along / len, v });
        }
      }
    }
    if (found)
      cuts.set(
        e,
        found.sort((p, q) => p.t - q.t),
      );
  }
  if (cuts.size === 0) return undefined;
  let newStride = stride;
  const counts = new Uint8Array(polyCount);
  for (let g = 0; g < polyCount; g++) {
    let c = polyVertCount[g]!;
    for (let i = 0; i < polyVertCount[g]!; i++) c += cuts.get(g * stride + i)?.length ?? 0;
    if (c > 255) return undefined; // cannot happen with ≤ 6-vertex tiles unless the data is degenerate
    counts[g] = c;
    newStride = Math.max(newStride, c);
  }
  const out = new Int32Array(polyCount * newStride).fill(-1);
  const origin = new Int8Array(polyCount * newStride).fill(-1);
  for (let g = 0; g < polyCount; g++) {
    let k = 0;
    for (let i = 0; i < polyVertCount[g]!; i++) {
      out[g * newStride + k] = polyVerts[g * stride + i]!;
      origin[g * newStride + k++] = i;
      const list = cuts.get(g * stride + i);
      if (!list) continue;
      for (const c of list) {
        out[g * newStride + k] = c.v;
        origin[g * newStride + k++] = i;
      }
    }
  }
  return { stride: newStride, polyVerts: out, polyVertCount: counts, edgeOrigin: origin };
}
