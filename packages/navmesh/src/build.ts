import { navMeshError, NavMeshErrorCodes, show } from "./errors";
import { checkLength, checkOptions, inWorld, MAX_WORLD_COORDINATE, resolveLimits, type NavMeshInputLimits } from "./input-limits";
import { mergeConvexPolygons } from "./merge";
import { buildNavMeshCdt } from "./build/build-navmesh-cdt";
import type { PolygonWithHoles } from "./build/types";
import { createNavMesh, NAVMESH_MAX_VERTS_PER_POLY, type NavMesh } from "./navmesh";
import { triangulatePolygon } from "./triangulate";

export type { PolygonWithHoles } from "./build/types";

/** Options of {@link buildNavMeshFromPolygons}. */
export interface BuildNavMeshOptions {
  /** Largest polygon after merging (3 = keep triangles; default and most 6). */
  readonly maxVertsPerPoly?: number;
  /**
   * `"ear-clipping"` (default): ear clipping with hole bridges, fast, no erosion.
   * `"cdt"`: constrained Delaunay triangulation (no slivers) with optional agent-radius erosion
   * (the same as `buildNavMeshCdt`).
   */
  readonly triangulation?: "ear-clipping" | "cdt";
  /** `"cdt"` only: erode the walkable area by this agent radius (Minkowski, C.1.3; default 0). */
  readonly agentRadius?: number;
  /** `"cdt"` only: largest overshoot of the rounded erosion corners (default `agentRadius / 100`). */
  readonly tolerance?: number;
  /** Size caps (default {@link NAVMESH_INPUT_LIMITS}): `maxPolygons` regions, `maxHoles` holes per region, `maxVertices` ring vertices in all. */
  readonly limits?: Partial<NavMeshInputLimits>;
}

const FN = "buildNavMeshFromPolygons";

/**
 * Builds a navmesh from walkable polygons with holes: validates every ring, triangulates each
 * region (ear clipping with hole bridges, or with `triangulation: "cdt"` a constrained Delaunay
 * triangulation, optionally eroded by `agentRadius` so queries treat the agent as a point), merges
 * triangles into convex polygons of at most `maxVertsPerPoly` (≤ 6) vertices (Hertel–Mehlhorn)
 * and links neighbors. Regions that share vertices (exactly equal coordinates) and edges are
 * connected. Ear clipping stays the default: it is about twice as fast; CDT gives well-shaped
 * triangles (smallest angle 3° vs 0.01° on the bench room) and the erosion.
 *
 * Throws `NAVMESH_BAD_POLYGON`, naming region, ring and vertex, for a ring with fewer than three
 * vertices, a non-finite coordinate, a zero-area or self-intersecting ring, or a hole that is not
 * strictly inside its outer ring or overlaps another hole.
 *
 * @example
 * ```ts
 * // A 10 × 10 room with a 2 × 2 pillar in the middle.
 * const mesh = buildNavMeshFromPolygons([
 *   { outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] },
 * ]);
 * mesh.polyCount; // a handful of convex polygons around the pillar
 * // The same room through constrained Delaunay, eroded for an agent of radius 0.5.
 * const eroded = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }], {
 *   triangulation: "cdt",
 *   agentRadius: 0.5,
 * });
 * findPolygon(eroded, 0.2, 0.2); // -1: too close to the wall for the agent's centre
 * ```
 */
export function buildNavMeshFromPolygons(regions: ArrayLike<PolygonWithHoles>, options: BuildNavMeshOptions = {}): NavMesh {
  options = checkOptions(FN, options);
  checkRegionSizes(regions, resolveLimits(FN, options.limits));
  const method = options.triangulation ?? "ear-clipping";
  if (method !== "ear-clipping" && method !== "cdt")
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `"triangulation" must be "ear-clipping" or "cdt", got ${show(method)}.`, { path: "triangulation" });
  if (method === "ear-clipping" && (options.agentRadius ?? 0) !== 0)
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `"agentRadius" needs triangulation: "cdt" (ear clipping does not erode).`, { path: "agentRadius" });
  if (method === "cdt") {
    const cdt: { maxVertsPerPoly?: number; agentRadius?: number; tolerance?: number } = {};
    if (options.maxVertsPerPoly !== undefined) cdt.maxVertsPerPoly = options.maxVertsPerPoly;
    if (options.agentRadius !== undefined) cdt.agentRadius = options.agentRadius;
    if (options.tolerance !== undefined) cdt.tolerance = options.tolerance;
    return buildNavMeshCdt(regions, cdt);
  }
  const maxVerts = options.maxVertsPerPoly ?? 6;
  if (!Number.isInteger(maxVerts) || maxVerts < 3 || maxVerts > NAVMESH_MAX_VERTS_PER_POLY) {
    throw navMeshError(NavMeshErrorCodes.BadInput, FN, `"maxVertsPerPoly" must be an integer in 3..${NAVMESH_MAX_VERTS_PER_POLY}, got ${show(maxVerts)}.`, {
      path: "maxVertsPerPoly",
    });
  }
  if (!regions || typeof regions.length !== "number") throw navMeshError(NavMeshErrorCodes.BadPolygon, FN, "expected an array of { outer, holes } regions.");
  const vertices: number[] = [];
  const weld = new Map<string, number>();
  const polygons: number[][] = [];
  const areas: number[] = [];
  const flags: number[] = [];
  const tags: number[] = [];
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r];
    if (!region || typeof region !== "object")
      throw navMeshError(NavMeshErrorCodes.BadPolygon, FN, `region ${r} is not an object { outer, holes }.`, { path: `[${r}]` });
    const rings: ArrayLike<number>[] = [region.outer];
    if (region.holes !== undefined) for (let h = 0; h < region.holes.length; h++) rings.push(region.holes[h]!);
    validateRegion(r, rings);
    const area = region.area ?? 0,
      flag = region.flags ?? 1,
      tag = region.tag ?? 0;
    if (!Number.isInteger(area) || area < 0 || area > 63)
      throw navMeshError(NavMeshErrorCodes.BadPolygon, FN, `region ${r}: "area" must be an integer in 0..63.`, { path: `[${r}].area` });
    const coords: number[] = [];
    const holeStarts: number[] = [];
    for (let k = 0; k < rings.length; k++) {
      if (k > 0) holeStarts.push(coords.length / 2);
      const ring = rings[k]!;
      for (let i = 0; i < ring.length; i++) coords.push(ring[i]!);
    }
    const local = coords.length / 2;
    const toGlobal = new Int32Array(local);
    for (let i = 0; i < local; i++) {
      const x = coords[2 * i]!,
        y = coords[2 * i + 1]!;
      const k = `${x},${y}`;
      let g = weld.get(k);
      if (g === undefined) {
        g = vertices.length / 2;
        weld.set(k, g);
        vertices.push(x, y);
      }
      toGlobal[i] = g;
    }
    const tris = triangulatePolygon([], coords, holeStarts);
    const triangles: number[][] = [];
    for (let t = 0; t < tris.length; t += 3) {
      const a = toGlobal[tris[t]!]!;
      let b = toGlobal[tris[t + 1]!]!,
        c = toGlobal[tris[t + 2]!]!;
      const cross =
        (vertices[2 * b]! - vertices[2 * a]!) * (vertices[2 * c + 1]! - vertices[2 * a + 1]!) -
        (vertices[2 * b + 1]! - vertices[2 * a + 1]!) * (vertices[2 * c]! - vertices[2 * a]!);
      if (cross === 0 || a === b || b === c || a === c) continue;
      if (cross < 0) [b, c] = [c, b];
      triangles.push([a, b, c]);
    }
    const merged = maxVerts > 3 ? mergeConvexPolygons(vertices, triangles, maxVerts) : triangles;
    for (const p of merged) {
      polygons.push(p);
      areas.push(area);
      flags.push(flag);
      tags.push(tag);
    }
  }
  return createNavMesh({ vertices, polygons, areas, flags, tags }, { maxVertsPerPoly: maxVerts });
}

/**
 * The regions' declared sizes against `limits`, read before any ring is iterated: the region list,
 * each region's hole list, and every ring's length (each ring at least 3 vertices, all rings'
 * vertices together at most `maxVertices`, so the number of rings read is bounded too).
 */
function checkRegionSizes(regions: unknown, limits: NavMeshInputLimits): void {
  const code = NavMeshErrorCodes.BadPolygon;
  if (regions === null || typeof regions !== "object")
    throw navMeshError(code, FN, `expected an array of { outer, holes } regions, got ${show(regions)}.`, { path: "regions" });
  const n = checkLength(FN, code, regions, "regions", "maxPolygons", limits.maxPolygons);
  let total = 0;
  const ring = (v: unknown, path: string): void => {
    // Not an array: validateRegion reports it with the vertex path; here only declared lengths count.
    if (v === null || typeof v !== "object" || typeof (v as { length?: unknown }).length !== "number") return;
    const len = checkLength(FN, code, v, path, "maxVertices", 2 * limits.maxVertices);
    total += Math.max(1, len / 2); // an empty ring counts 1, so the rings read are bounded too
    if (total > limits.maxVertices)
      throw navMeshError(code, FN, `the regions hold more than ${limits.maxVertices} ring vertices (limits.maxVertices).`, { path });
  };
  for (let r = 0; r < n; r++) {
    const region: unknown = (regions as ArrayLike<unknown>)[r];
    if (region === null || typeof region !== "object")
      throw navMeshError(code, FN, `region ${r} is ${show(region)}, not an object { outer, holes }.`, { path: `[${r}]` });
    const rec = region as Record<string, unknown>;
    ring(rec["outer"], `[${r}].outer`);
    const holes = rec["holes"];
    if (holes === undefined) continue;
    const h = checkLength(FN, code, holes, `[${r}].holes`, "maxHoles", limits.maxHoles);
    for (let k = 0; k < h; k++) ring((holes as ArrayLike<unknown>)[k], `[${r}].holes[${k}]`);
  }
}

function bad(r: number, k: number, i: number, what: string): never {
  const ring = k === 0 ? "outer ring" : `hole ${k - 1}`;
  throw navMeshError(NavMeshErrorCodes.BadPolygon, FN, `region ${r} ${ring} vertex ${i}: ${what}`, {
    path: k === 0 ? `[${r}].outer[${2 * i}]` : `[${r}].holes[${k - 1}][${2 * i}]`,
  });
}

function validateRegion(r: number, rings: ArrayLike<number>[]): void {
  for (let k = 0; k < rings.length; k++) {
    const ring = rings[k];
    if (!ring || typeof ring.length !== "number" || ring.length % 2 !== 0) bad(r, k, 0, "the ring must be an array of x, y pairs.");
    const n = ring.length / 2;
    if (n < 3) bad(r, k, 0, `a ring needs at least 3 vertices (got ${n}).`);
    for (let i = 0; i < ring.length; i++) {
      const v = ring[i];
      if (typeof v !== "number" || !Number.isFinite(v)) bad(r, k, i >> 1, `coordinate ${show(v)} is not a finite number.`);
      if (!inWorld(v)) bad(r, k, i >> 1, `coordinate ${v} is outside the world bounds ±${MAX_WORLD_COORDINATE} (MAX_WORLD_COORDINATE).`);
    }
    let a2 = 0;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      a2 += ring[2 * i]! * ring[2 * j + 1]! - ring[2 * j]! * ring[2 * i + 1]!;
    }
    if (a2 === 0) bad(r, k, 0, "the ring has zero area.");
    // Simple ring: no two non-adjacent edges touch, no repeated vertex.
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (ring[2 * i] === ring[2 * j] && ring[2 * i + 1] === ring[2 * j + 1]) bad(r, k, j, `repeats vertex ${i}; rings must be simple.`);
        const adjacent = j === i + 1 || (i === 0 && j === n - 1);
        if (adjacent) continue;
        if (segmentsTouch(ring, i, (i + 1) % n, ring, j, (j + 1) % n))
          bad(r, k, i, `edge ${i}–${(i + 1) % n} crosses edge ${j}–${(j + 1) % n}; the ring is self-intersecting.`);
      }
    }
  }
  const outer = rings[0]!;
  for (let k = 1; k < rings.length; k++) {
    const hole = rings[k]!;
    const n = hole.length / 2;
    for (let i = 0; i < n; i++) {
      if (!pointStrictlyInRing(outer, hole[2 * i]!, hole[2 * i + 1]!)) bad(r, k, i, "lies outside (or on) the outer ring; holes must be strictly inside.");
      for (let q = 1; q < rings.length; q++) {
        if (q !== k && pointInRingOrOn(rings[q]!, hole[2 * i]!, hole[2 * i + 1]!)) bad(r, k, i, `lies inside or on hole ${q - 1}; holes must not overlap.`);
      }
    }
    for (let q = 0; q < rings.length; q++) {
      if (q === k) continue;
      const other = rings[q]!;
      const m = other.length / 2;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < m; j++) {
          if (segmentsTouch(hole, i, (i + 1) % n, other, j, (j + 1) % m))
            bad(r, k, i, `edge ${i}–${(i + 1) % n} touches ${q === 0 ? "the outer ring" : `hole ${q - 1}`}; holes must be strictly inside and disjoint.`);
        }
      }
    }
  }
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSeg(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by);
}

function segmentsTouch(r1: ArrayLike<number>, i1: number, j1: number, r2: ArrayLike<number>, i2: number, j2: number): boolean {
  const ax = r1[2 * i1]!,
    ay = r1[2 * i1 + 1]!,
    bx = r1[2 * j1]!,
    by = r1[2 * j1 + 1]!;
  const cx = r2[2 * i2]!,
    cy = r2[2 * i2 + 1]!,
    dx = r2[2 * j2]!,
    dy = r2[2 * j2 + 1]!;
  const o1 = orient(ax, ay, bx, by, cx, cy),
    o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay),
    o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSeg(ax, ay, bx, by, cx, cy)) return true;
  if (o2 === 0 && onSeg(ax, ay, bx, by, dx, dy)) return true;
  if (o3 === 0 && onSeg(cx, cy, dx, dy, ax, ay)) return true;
  if (o4 === 0 && onSeg(cx, cy, dx, dy, bx, by)) return true;
  return false;
}

function pointInRingOrOn(ring: ArrayLike<number>, px: number, py: number): boolean {
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    if (
      orient(ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!, px, py) === 0 &&
      onSeg(ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!, px, py)
    )
      return true;
  }
  return crossingInside(ring, px, py);
}

function pointStrictlyInRing(ring: ArrayLike<number>, px: number, py: number): boolean {
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    if (
      orient(ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!, px, py) === 0 &&
      onSeg(ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!, px, py)
    )
      return false;
  }
  return crossingInside(ring, px, py);
}

function crossingInside(ring: ArrayLike<number>, px: number, py: number): boolean {
  const n = ring.length / 2;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[2 * i]!,
      yi = ring[2 * i + 1]!,
      xj = ring[2 * j]!,
      yj = ring[2 * j + 1]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
