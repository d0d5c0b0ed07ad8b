import { TacticaError } from "@tactica/core";
import { NavMeshErrorCodes } from "../errors";
import type { PolygonWithHoles } from "./types";
import { cdtTriangleCount, classifyByParity, createCdt, insertConstraint, insertPoint, restoreDelaunay, type Cdt } from "./cdt";
import { createErosionShapes, extendBounds, insertErosionShapes, insideErosionShapes, type ErosionShapes } from "./erode";
import { checkRegions, type CheckedRegion } from "./validate-rings";

/**
 * A triangulation of polygons with holes, as plain typed arrays: triangle `t` has the
 * counter-clockwise vertex indices `triangles[3t .. 3t+3)` into `vertices` (x, y pairs), edge `i`
 * of `t` runs from its vertex `i` to vertex `i + 1`, and `boundary[3t + i]` is 1 when that edge is
 * on the walkable boundary (an input ring edge, or the eroded outline when `agentRadius > 0`).
 */
export interface CdtTriangulation {
  /** Vertex positions `x0, y0, x1, y1, …` (equal coordinates of different regions are welded). */
  readonly vertices: Float64Array;
  /** Counter-clockwise vertex index triples. */
  readonly triangles: Int32Array;
  /** Per triangle edge: 1 on the walkable boundary, 0 for an interior (flippable) edge. */
  readonly boundary: Uint8Array;
  /** Index of the input region each triangle belongs to. */
  readonly regions: Int32Array;
}

/** Options of {@link triangulatePolygonsCdt}. */
export interface TriangulateCdtOptions {
  /**
   * Agent radius `r ≥ 0` (default 0). With `r > 0` the walkable area is eroded (Minkowski, C.1.3):
   * every point within `r` of a ring edge is removed, so queries can treat the agent as a point.
   */
  readonly agentRadius?: number;
  /**
   * Largest distance the rounded corners of the erosion may lie outside the true disc of radius `r`
   * (default `r / 100`, > 0). Corners are regular polygons circumscribing the disc, so the result is
   * always conservative: every kept point is at least `r` from every ring edge.
   */
  readonly tolerance?: number;
}

const FN = "triangulatePolygonsCdt";

/** Constraint kinds: ring edges decide inside/outside; erosion outlines only cut. */
const RING = 2,
  SHAPE = 1;

/** Work units per constraint vertex before the triangulator gives up on a degenerate input. */
const BUDGET_PER_VERTEX = 4096;

function badOption(name: string, message: string): never {
  throw new TacticaError(NavMeshErrorCodes.BadInput, `@tactica/navmesh: ${FN}: "${name}" ${message}`, { path: `options.${name}` });
}

/** @internal */
export function readCdtOptions(options: TriangulateCdtOptions | undefined): { radius: number; tolerance: number } {
  const radius = options?.agentRadius ?? 0;
  if (typeof radius !== "number" || !(radius >= 0) || radius > 1e9)
    badOption("agentRadius", `must be a finite number ≥ 0, got ${typeof radius === "number" ? radius : typeof radius}.`);
  const tolerance = options?.tolerance ?? radius / 100;
  if (radius > 0 && (typeof tolerance !== "number" || !(tolerance > 0) || !Number.isFinite(tolerance)))
    badOption("tolerance", `must be a finite number > 0, got ${typeof tolerance === "number" ? tolerance : typeof tolerance}.`);
  return { radius, tolerance: Math.max(tolerance, radius * 1e-6) };
}

/**
 * Constrained Delaunay triangulation of walkable polygons with holes (C.1.5, done exactly):
 * incremental Delaunay insertion with exact orientation and in-circle predicates, every ring
 * edge recovered as a constraint (Sloan's flips), triangles outside the outer ring or inside a hole
 * removed, then every unconstrained edge flipped until locally Delaunay. With `agentRadius` the
 * walkable area is first eroded by the agent radius (see {@link TriangulateCdtOptions}).
 *
 * Throws `NAVMESH_BAD_POLYGON` naming region, ring and vertex (`path` like `$[0].holes[1][6]`) for
 * a malformed ring: fewer than 3 vertices, a non-finite coordinate, zero area, a repeated vertex,
 * self-intersection, a hole not strictly inside the outer ring, touching or overlapping holes.
 *
 * @param regions - Walkable polygons with holes: `outer` and `holes` rings as `x, y` pairs (world units, either winding, not closed); vertices shared by two regions are welded.
 * @param options - `agentRadius` (world units, ≥ 0, default 0: no erosion) and `tolerance`, how far the erosion's rounded corners may overshoot the true disc (world units, > 0, default `agentRadius / 100`).
 *
 * @example
 * ```ts
 * // A 10 × 10 room with a 2 × 2 pillar: 8 ring vertices, 8 triangles.
 * const tri = triangulatePolygonsCdt([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
 * tri.triangles.length / 3; // 8
 * ```
 */
export function triangulatePolygonsCdt(regions: ArrayLike<PolygonWithHoles>, options?: TriangulateCdtOptions): CdtTriangulation {
  const { radius, tolerance } = readCdtOptions(options);
  const checked = checkRegions(FN, regions);
  const vertices: number[] = [];
  const weld = new Map<string, number>();
  const triangles: number[] = [];
  const boundary: number[] = [];
  const regionOf: number[] = [];
  const walls = radius > 0 ? unionBoundary(checked) : [];
  for (let r = 0; r < checked.length; r++) {
    const { s, keep } = triangulateRegion(checked[r]!, radius, tolerance, walls);
    const map = new Map<number, number>();
    const vid = (v: number): number => {
      let g = map.get(v);
      if (g === undefined) {
        const x = s.xs[v]!,
          y = s.ys[v]!;
        const key = `${x},${y}`;
        g = weld.get(key);
        if (g === undefined) {
          g = vertices.length / 2;
          weld.set(key, g);
          vertices.push(x, y);
        }
        map.set(v, g);
      }
      return g;
    };
    for (let t = 0; t < keep.length; t++) {
      if (!keep[t]) continue;
      for (let i = 0; i < 3; i++) {
        triangles.push(vid(s.tv[3 * t + i]!));
        const u = s.tn[3 * t + i]!;
        boundary.push(u < 0 || !keep[u] ? 1 : 0);
      }
      regionOf.push(r);
    }
  }
  return {
    vertices: Float64Array.from(vertices),
    triangles: Int32Array.from(triangles),
    boundary: Uint8Array.from(boundary),
    regions: Int32Array.from(regionOf),
  };
}

/** Triangulates one validated region; `keep` marks the walkable triangles of `s`. @internal */
export function triangulateRegion(region: CheckedRegion, radius: number, tolerance: number, boundary: readonly number[]): { s: Cdt; keep: Uint8Array } {
  const rings = region.rings;
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  let count = 0;
  for (const ring of rings) {
    count += ring.length / 2;
    for (let i = 0; i < ring.length; i += 2) {
      box[0] = Math.min(box[0]!, ring[i]!);
      box[1] = Math.min(box[1]!, ring[i + 1]!);
      box[2] = Math.max(box[2]!, ring[i]!);
      box[3] = Math.max(box[3]!, ring[i + 1]!);
    }
  }
  let shapes: ErosionShapes | null = null;
  if (radius > 0) {
    // The union's boundary edges near this region (a neighbour's wall also pushes the agent off).
    const reach = 2 * radius + tolerance;
    const near: number[] = [];
    for (let e = 0; e < boundary.length; e += 4) {
      if (Math.max(boundary[e]!, boundary[e + 2]!) < box[0]! - reach || Math.min(boundary[e]!, boundary[e + 2]!) > box[2]! + reach) continue;
      if (Math.max(boundary[e + 1]!, boundary[e + 3]!) < box[1]! - reach || Math.min(boundary[e + 1]!, boundary[e + 3]!) > box[3]! + reach) continue;
      near.push(boundary[e]!, boundary[e + 1]!, boundary[e + 2]!, boundary[e + 3]!);
    }
    if (near.length > 0) shapes = createErosionShapes(near, radius, tolerance);
  }
  if (shapes) {
    extendBounds(shapes, box);
    count += (shapes.edges.length / 4) * (4 + shapes.sides);
  }
  const scale = Math.max(box[2]! - box[0]!, box[3]! - box[1]!);
  const s = createCdt(box[0]!, box[1]!, box[2]!, box[3]!, scale * 1e-10, BUDGET_PER_VERTEX * (count + 16) + 1e6);
  const ids: number[][] = rings.map((ring) => {
    const out: number[] = [];
    for (let i = 0; i < ring.length; i += 2) out.push(insertPoint(s, ring[i]!, ring[i + 1]!, false));
    return out;
  });
  for (const ring of ids) for (let i = 0; i < ring.length; i++) insertConstraint(s, ring[i]!, ring[(i + 1) % ring.length]!, RING);
  let keep: Uint8Array;
  if (shapes) {
    insertErosionShapes(s, shapes, SHAPE);
    // Inside the rings (parity over ring constraints only) and outside every erosion shape.
    keep = classifyByParity(s, RING);
    const n = cdtTriangleCount(s);
    for (let t = 0; t < n; t++) {
      if (!keep[t]) continue;
      const a = s.tv[3 * t]!,
        b = s.tv[3 * t + 1]!,
        c = s.tv[3 * t + 2]!;
      if (insideErosionShapes(shapes, (s.xs[a]! + s.xs[b]! + s.xs[c]!) / 3, (s.ys[a]! + s.ys[b]! + s.ys[c]!) / 3)) keep[t] = 0;
    }
    // Constraints between two kept triangles are not on the walkable boundary: free them.
    for (let t = 0; t < n; t++) {
      if (!keep[t]) continue;
      for (let i = 0; i < 3; i++) {
        const u = s.tn[3 * t + i]!;
        if (u >= 0 && keep[u]) s.tc[3 * t + i] = 0;
      }
    }
  } else keep = classifyByParity(s, RING);
  restoreDelaunay(s, keep);
  return { s, keep };
}

/**
 * Ring edges `x0, y0, x1, y1, …` on the boundary of the union of the regions: an edge that two
 * regions share (same end points) is an inner border and is left out. @internal
 */
export function unionBoundary(regions: readonly CheckedRegion[]): number[] {
  const count = new Map<string, number>();
  const key = (x0: number, y0: number, x1: number, y1: number): string =>
    x0 < x1 || (x0 === x1 && y0 < y1) ? `${x0},${y0},${x1},${y1}` : `${x1},${y1},${x0},${y0}`;
  const each = (f: (x0: number, y0: number, x1: number, y1: number) => void): void => {
    for (const region of regions)
      for (const ring of region.rings) {
        const n = ring.length / 2;
        for (let i = 0; i < n; i++) {
          const j = (i + 1) % n;
          f(ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!);
        }
      }
  };
  each((x0, y0, x1, y1) => {
    const k = key(x0, y0, x1, y1);
    count.set(k, (count.get(k) ?? 0) + 1);
  });
  const out: number[] = [];
  each((x0, y0, x1, y1) => {
    if (count.get(key(x0, y0, x1, y1)) === 1) out.push(x0, y0, x1, y1);
  });
  return out;
}
