import { rngNextFloat, type Rng } from "@tactica/core";
import { assertFiniteNumber, navMeshError, NavMeshErrorCodes, show } from "./errors";
import { findPolygonIndex, requirePolyIndex } from "./locate";
import { polygonAreaAt } from "./navmesh";
import { refOfPolyIndex } from "./tiles/poly-ref";
import type { NavMesh } from "./types";

const cumulative = new WeakMap<NavMesh, { revision: number; table: Float64Array }>();

function areaTable(mesh: NavMesh): Float64Array {
  let t = cumulative.get(mesh);
  if (!t || t.revision !== mesh.revision) {
    const table = new Float64Array(mesh.polyCount);
    let sum = 0;
    for (let p = 0; p < mesh.polyCount; p++) table[p] = sum += polygonAreaAt(mesh, p);
    t = { revision: mesh.revision, table };
    cumulative.set(mesh, t);
  }
  return t.table;
}

/**
 * Writes a point drawn uniformly by area over the whole mesh into `out` and returns its polygon ref
 * (`-1` for an empty mesh). Randomness comes only from `rng` (a core `Rng`); the per-mesh area table
 * is built on first use and cached, later calls allocate nothing.
 *
 * @param out - written with the drawn point (world units, mesh plane); untouched for an empty mesh
 * @param mesh - the mesh to sample (its cumulative area table is cached per mesh revision)
 * @param rng - core `Rng` the draws come from (advanced in place; the same seed gives the same point)
 */
export function findRandomPoint(out: { x: number; y: number }, mesh: NavMesh, rng: Rng): number {
  if (mesh.polyCount === 0) return -1;
  const table = areaTable(mesh);
  const r = rngNextFloat(rng) * table[mesh.polyCount - 1]!;
  let lo = 0,
    hi = mesh.polyCount - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (table[mid]! <= r) lo = mid + 1;
    else hi = mid;
  }
  randomPointInPolygonIndex(out, mesh, lo, rng);
  return refOfPolyIndex(mesh, lo);
}

/**
 * Writes a point drawn uniformly by area inside polygon `ref` into `out`.
 *
 * @param out - written with the drawn point (world units, mesh plane)
 * @param mesh - the navmesh `ref` belongs to
 * @param ref - polygon ref to sample; a stale or invalid ref throws `NAVMESH_BAD_INPUT`
 * @param rng - core `Rng` the draws come from (advanced in place; the same seed gives the same point)
 */
export function randomPointInPolygon(out: { x: number; y: number }, mesh: NavMesh, ref: number, rng: Rng): void {
  randomPointInPolygonIndex(out, mesh, requirePolyIndex("randomPointInPolygon", "ref", mesh, ref), rng);
}

function randomPointInPolygonIndex(out: { x: number; y: number }, mesh: NavMesh, poly: number, rng: Rng): void {
  const stride = mesh.maxVertsPerPoly;
  const n = mesh.polyVertCount[poly]!;
  const v = mesh.vertices;
  const a = mesh.polyVerts[poly * stride]!;
  const ax = v[2 * a]!,
    ay = v[2 * a + 1]!;
  // Pick a fan triangle by area, then a uniform point in it.
  // (fan areas computed inline: a double returned from a non-inlined call is boxed)
  let total = 0;
  for (let i = 1; i + 1 < n; i++) {
    const b = mesh.polyVerts[poly * stride + i]!,
      c = mesh.polyVerts[poly * stride + i + 1]!;
    const t = (v[2 * b]! - ax) * (v[2 * c + 1]! - ay) - (v[2 * b + 1]! - ay) * (v[2 * c]! - ax);
    total += t < 0 ? -t : t;
  }
  let r = rngNextFloat(rng) * total;
  let k = 1;
  for (; k + 2 < n; k++) {
    const b = mesh.polyVerts[poly * stride + k]!,
      c = mesh.polyVerts[poly * stride + k + 1]!;
    let t = (v[2 * b]! - ax) * (v[2 * c + 1]! - ay) - (v[2 * b + 1]! - ay) * (v[2 * c]! - ax);
    t = t < 0 ? -t : t;
    if (r < t) break;
    r -= t;
  }
  const b = mesh.polyVerts[poly * stride + k]!,
    c = mesh.polyVerts[poly * stride + k + 1]!;
  let u = rngNextFloat(rng),
    w = rngNextFloat(rng);
  if (u + w > 1) {
    u = 1 - u;
    w = 1 - w;
  }
  out.x = ax + u * (v[2 * b]! - ax) + w * (v[2 * c]! - ax);
  out.y = ay + u * (v[2 * b + 1]! - ay) + w * (v[2 * c + 1]! - ay);
}

/** Options of {@link findRandomPointInCircle}. */
export interface FindRandomPointInCircleOptions {
  /** Rejection-sampling attempts before giving up with `-1` (default 64). */
  readonly maxTries?: number;
}

/**
 * Writes a point drawn uniformly by area over the part of the mesh inside the circle at `(x, y)`
 * with radius `radius` into `out` and returns its polygon ref, or `-1` when `maxTries` uniform samples
 * of the disc all fell off the mesh (the disc barely overlaps it). Rejection sampling of the disc,
 * so the result is exactly uniform over mesh ∩ disc.
 *
 * @param out - receives the point (world units, mesh plane)
 * @param mesh - the mesh to sample
 * @param x - circle centre x (world units)
 * @param y - circle centre y (world units; z on an XZ mesh)
 * @param radius - circle radius (world units, finite, ≥ 0)
 * @param rng - core `Rng` the samples are drawn from
 * @param options - `maxTries` rejection-sampling attempts
 */
export function findRandomPointInCircle(
  out: { x: number; y: number },
  mesh: NavMesh,
  x: number,
  y: number,
  radius: number,
  rng: Rng,
  options?: FindRandomPointInCircleOptions,
): number {
  assertFiniteNumber("findRandomPointInCircle", "x", x);
  assertFiniteNumber("findRandomPointInCircle", "y", y);
  if (!(radius >= 0) || !Number.isFinite(radius))
    throw navMeshError(NavMeshErrorCodes.BadInput, "findRandomPointInCircle", `"radius" must be a finite number ≥ 0, got ${show(radius)}.`, {
      path: "radius",
    });
  const tries = options?.maxTries ?? 64;
  for (let t = 0; t < tries; t++) {
    const rr = radius * Math.sqrt(rngNextFloat(rng));
    const a = 2 * Math.PI * rngNextFloat(rng);
    const px = x + rr * Math.cos(a),
      py = y + rr * Math.sin(a);
    const p = findPolygonIndex(mesh, px, py);
    if (p >= 0) {
      out.x = px;
      out.y = py;
      return refOfPolyIndex(mesh, p);
    }
  }
  return -1;
}
