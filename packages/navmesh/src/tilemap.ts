import { navMeshError, NavMeshErrorCodes, show } from "./errors";
import { checkOptions, inWorld, MAX_WORLD_COORDINATE, resolveLimits, type NavMeshInputLimits } from "./input-limits";
import { buildNavMeshFromPolygons, type PolygonWithHoles } from "./build";
import type { NavMesh } from "./navmesh";

/** Options of {@link buildNavMeshFromTilemap}. */
export interface BuildNavMeshFromTilemapOptions {
  /** World size of a cell (default 1). Cell `(x, y)` covers `[x, x + 1] × [y, y + 1]` cells from the origin. */
  readonly cellSize?: number;
  /** World position of the grid's corner `(0, 0)` (default 0, 0). */
  readonly originX?: number;
  /** World position of the grid's corner (y, default 0). */
  readonly originY?: number;
  /**
   * Douglas–Peucker tolerance in world units (default 0: only collinear vertices are dropped). A
   * region whose simplified rings would self-intersect or touch keeps its exact contour.
   */
  readonly epsilon?: number;
  /** Largest polygon after merging (default 6). */
  readonly maxVertsPerPoly?: number;
  /** Size caps (default {@link NAVMESH_INPUT_LIMITS}): `maxCells` for `width × height`, checked before `cells` is read. */
  readonly limits?: Partial<NavMeshInputLimits>;
  /**
   * Agent radius in world units (default 0). A cell whose centre is within this distance of a
   * blocked cell (or of the map's edge) is treated as blocked, so queries can treat the agent as a
   * point — the obstacles are inflated by the radius at cell resolution.
   */
  readonly agentRadius?: number;
}

const FN = "buildNavMeshFromTilemap";
/** How far a pinch vertex (two walkable cells meeting only at a corner) moves into its cell, in cells. */
const PINCH = 1e-4;

/**
 * Builds a navmesh from a tilemap: `cells[y * width + x]` non-zero means walkable (no import of
 * `@tactica/grid`). Traces the contours of the walkable area (outer rings and holes), optionally
 * simplifies them (Douglas–Peucker), then triangulates and merges like
 * {@link buildNavMeshFromPolygons}. Cells touching only at a corner are not connected: the shared
 * corner is pulled 10⁻⁴ cell into each cell, so the contours never touch.
 */
export function buildNavMeshFromTilemap(cells: ArrayLike<number>, width: number, height: number, options: BuildNavMeshFromTilemapOptions = {}): NavMesh {
  options = checkOptions(FN, options);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `width and height must be positive integers (got ${show(width)} × ${show(height)}).`, {
      path: Number.isInteger(width) && width >= 1 ? "height" : "width",
    });
  const limits = resolveLimits(FN, options.limits);
  if (width * height > limits.maxCells)
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `a ${width} × ${height} map has more than ${limits.maxCells} cells (limits.maxCells).`, {
      path: "cells",
    });
  if (cells === null || typeof cells !== "object" || cells.length !== width * height)
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `"cells" must hold width × height = ${width * height} values.`, { path: "cells" });
  const cs = options.cellSize ?? 1,
    ox = options.originX ?? 0,
    oy = options.originY ?? 0,
    eps = options.epsilon ?? 0;
  if (
    typeof cs !== "number" ||
    typeof ox !== "number" ||
    typeof oy !== "number" ||
    typeof eps !== "number" ||
    !(cs > 0) ||
    !Number.isFinite(cs + ox + oy + eps) ||
    eps < 0
  )
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, "cellSize must be > 0, epsilon ≥ 0, origin finite.", {
      path:
        typeof cs !== "number" || !(cs > 0) || !Number.isFinite(cs)
          ? "options.cellSize"
          : typeof eps !== "number" || !(eps >= 0) || !Number.isFinite(eps)
            ? "options.epsilon"
            : "options.originX",
    });
  if (!inWorld(ox) || !inWorld(oy) || !inWorld(ox + width * cs) || !inWorld(oy + height * cs))
    throw navMeshError(
      NavMeshErrorCodes.BadInput,
      FN,
      `the map (origin ${ox}, ${oy}, ${width} × ${height} cells of ${cs}) reaches outside the world bounds ±${MAX_WORLD_COORDINATE} (MAX_WORLD_COORDINATE).`,
      { path: "options.originX" },
    );
  const radius = options.agentRadius ?? 0;
  if (typeof radius !== "number" || !(radius >= 0) || !Number.isFinite(radius))
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `"agentRadius" must be a finite number ≥ 0, got ${show(radius)}.`, { path: "agentRadius" });
  const open = radius > 0 ? erode(cells, width, height, radius / cs) : cells;
  const walk = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && open[y * width + x] !== 0;
  const W1 = width + 1;
  // Directed boundary edges with the walkable cell on the left, keyed by start corner.
  // dir: 0 = +x, 1 = +y, 2 = -x, 3 = -y. Each corner has at most two outgoing edges.
  const out0 = new Int32Array(W1 * (height + 1)).fill(-1);
  const out1 = new Int32Array(W1 * (height + 1)).fill(-1);
  const used = new Uint8Array(W1 * (height + 1) * 4);
  const add = (cx: number, cy: number, dir: number): void => {
    const c = cy * W1 + cx;
    if (out0[c]! < 0) out0[c] = dir;
    else out1[c] = dir;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!walk(x, y)) continue;
      if (!walk(x, y - 1)) add(x, y, 0);
      if (!walk(x + 1, y)) add(x + 1, y, 1);
      if (!walk(x, y + 1)) add(x + 1, y + 1, 2);
      if (!walk(x - 1, y)) add(x, y + 1, 3);
    }
  }
  const DX = [1, 0, -1, 0],
    DY = [0, 1, 0, -1];
  const loops: number[][] = [];
  for (let c0 = 0; c0 < out0.length; c0++) {
    for (const first of [out0[c0]!, out1[c0]!]) {
      if (first < 0 || used[c0 * 4 + first]) continue;
      const ring: number[] = [];
      let c = c0,
        dir = first;
      for (let guard = 0; guard < used.length; guard++) {
        used[c * 4 + dir] = 1;
        const cx = c % W1,
          cy = (c - cx) / W1;
        const nx = cx + DX[dir]!,
          ny = cy + DY[dir]!;
        const nc = ny * W1 + nx;
        const a = out0[nc]!,
          b = out1[nc]!;
        // At a pinch corner prefer the left turn: keep going around the same cell.
        const left = (dir + 1) % 4;
        const next = b < 0 ? a : a === left || b === left ? left : a;
        let px = nx,
          py = ny;
        if (b >= 0) {
          // Pull the corner into the cell on our left (the one we keep going around).
          // Into that cell: back along the edge plus the edge's left normal.
          px = nx + PINCH * (-DX[dir]! - DY[dir]!);
          py = ny + PINCH * (-DY[dir]! + DX[dir]!);
        }
        ring.push(ox + px * cs, oy + py * cs);
        c = nc;
        dir = next;
        if (c === c0 && dir === first) break;
        if (used[c * 4 + dir]) break;
      }
      loops.push(dropCollinear(ring));
    }
  }
  // Outer rings are counter-clockwise, holes clockwise; each hole goes to the smallest outer ring around it.
  const outers: { ring: number[]; area: number; holes: number[][] }[] = [];
  const holes: number[][] = [];
  for (const ring of loops) {
    if (ring.length < 6) continue;
    const a = ringArea(ring);
    if (a > 0) outers.push({ ring, area: a, holes: [] });
    else if (a < 0) holes.push(ring);
  }
  for (const h of holes) {
    let best: (typeof outers)[number] | undefined;
    for (const o of outers) if (inRing(o.ring, h[0]!, h[1]!) && (!best || o.area < best.area)) best = o;
    best?.holes.push(h);
  }
  const regions: PolygonWithHoles[] = [];
  for (const o of outers) {
    let region: PolygonWithHoles = { outer: o.ring, holes: o.holes };
    if (eps > 0) {
      const simple = { outer: simplify(o.ring, eps), holes: o.holes.map((h) => simplify(h, eps)) };
      try {
        buildNavMeshFromPolygons([simple], { maxVertsPerPoly: 3 });
        region = simple;
      } catch {
        // Simplification broke the rings (self-intersection or touching): keep the exact contour.
      }
    }
    regions.push(region);
  }
  return buildNavMeshFromPolygons(regions, { maxVertsPerPoly: options.maxVertsPerPoly ?? 6 });
}

function ringArea(r: number[]): number {
  let a = 0;
  const n = r.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    a += r[2 * i]! * r[2 * j + 1]! - r[2 * j]! * r[2 * i + 1]!;
  }
  return a / 2;
}

function inRing(r: number[], x: number, y: number): boolean {
  let inside = false;
  const n = r.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = r[2 * i]!,
      yi = r[2 * i + 1]!,
      xj = r[2 * j]!,
      yj = r[2 * j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function dropCollinear(r: number[]): number[] {
  const n = r.length / 2;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = (i + n - 1) % n,
      q = (i + 1) % n;
    const cross = (r[2 * i]! - r[2 * p]!) * (r[2 * q + 1]! - r[2 * i + 1]!) - (r[2 * i + 1]! - r[2 * p + 1]!) * (r[2 * q]! - r[2 * i]!);
    if (cross !== 0) out.push(r[2 * i]!, r[2 * i + 1]!);
  }
  return out;
}

/** Douglas–Peucker on a closed ring (anchored at its first vertex and the vertex farthest from it). */
function simplify(r: number[], eps: number): number[] {
  const n = r.length / 2;
  if (n <= 4) return r;
  let far = 0,
    farD = -1;
  for (let i = 1; i < n; i++) {
    const d = (r[2 * i]! - r[0]!) ** 2 + (r[2 * i + 1]! - r[1]!) ** 2;
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[far] = 1;
  const stack: [number, number][] = [
    [0, far],
    [far, n],
  ];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const bi = b % n;
    const ax = r[2 * a]!,
      ay = r[2 * a + 1]!,
      bx = r[2 * bi]!,
      by = r[2 * bi + 1]!;
    const dx = bx - ax,
      dy = by - ay,
      len = Math.hypot(dx, dy) || 1;
    let worst = -1,
      worstD = eps;
    for (let i = a + 1; i < b; i++) {
      const d = Math.abs((r[2 * i]! - ax) * dy - (r[2 * i + 1]! - ay) * dx) / len;
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(r[2 * i]!, r[2 * i + 1]!);
  return out.length >= 6 ? out : r;
}

/** Cells whose centre lies within `r` cells of a blocked cell's square or of the map edge become blocked. */
function erode(cells: ArrayLike<number>, w: number, h: number, r: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const k = Math.ceil(r + 0.5);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (cells[y * w + x] === 0) continue;
      // Distance from the centre to the map edge.
      let ok = Math.min(x + 0.5, y + 0.5, w - x - 0.5, h - y - 0.5) > r;
      for (let dy = -k; dy <= k && ok; dy++) {
        for (let dx = -k; dx <= k && ok; dx++) {
          const nx = x + dx,
            ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h || cells[ny * w + nx] !== 0) continue;
          // Distance from this centre to the blocked square [nx, nx+1] × [ny, ny+1].
          const ex = Math.max(0, Math.abs(dx) - 0.5),
            ey = Math.max(0, Math.abs(dy) - 0.5);
          if (Math.sqrt(ex * ex + ey * ey) <= r) ok = false;
        }
      }
      if (ok) out[y * w + x] = 1;
    }
  }
  return out;
}
