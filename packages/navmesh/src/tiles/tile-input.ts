import { navMeshError, NavMeshErrorCodes, show } from "../errors";
import { inWorld, MAX_WORLD_COORDINATE } from "../input-limits";
import { NAVMESH_MAX_VERTS_PER_POLY, type NavMeshInput } from "../types";

/** Validated tile geometry (no placement yet). @internal */
export interface TileData {
  maxVertsPerPoly: number;
  vertexCount: number;
  vertices: Float64Array;
  heights: Float64Array;
  polyCount: number;
  polyVerts: Int32Array;
  polyVertCount: Uint8Array;
  areas: Uint8Array;
  flags: Uint16Array;
  tags: Int32Array;
  detailMeshes: Uint32Array;
  detailVertices: Float64Array;
  detailTriangles: Uint8Array;
}

/** Most vertices or polygons one tile may hold (the polygon field of a ref has 20 bits). @internal */
export const MAX_TILE_ITEMS = 1 << 20;

/**
 * Validates a {@link NavMeshInput} (as `createNavMesh` documents it) and copies it into typed
 * arrays, polygons counter-clockwise. `at` prefixes every error path (e.g. `"$.tiles[2]."`). @internal
 */
export function validateNavMeshInput(fn: string, input: NavMeshInput, maxVertsPerPoly: number | undefined, at = ""): TileData {
  const P = (s: string): { path: string } => ({ path: at + s });
  const bad = (msg: string, path: string): Error => navMeshError(NavMeshErrorCodes.BadMesh, fn, msg, P(path));
  if (input === null || typeof input !== "object") throw bad("input must be an object { vertices, polygons }.", at === "" ? "$" : at.slice(0, -1));
  const { vertices: vin, polygons: pin } = input;
  if (!isArrayLike(vin) || vin.length % 2 !== 0) {
    throw bad(`"vertices" must hold x,y pairs (got ${isArrayLike(vin) ? vin.length : show(vin)} numbers).`, "vertices");
  }
  if (vin.length / 2 > MAX_TILE_ITEMS) throw bad(`${vin.length / 2} vertices is more than one tile holds (${MAX_TILE_ITEMS}).`, "vertices");
  const vertexCount = vin.length / 2;
  const vertices = new Float64Array(vin.length);
  for (let i = 0; i < vin.length; i++) {
    const v = vin[i];
    if (typeof v !== "number" || !Number.isFinite(v)) throw bad(`vertex ${i >> 1} has a non-finite coordinate (${show(v)}).`, `vertices[${i}]`);
    if (!inWorld(v)) throw bad(outOfWorld(`vertex ${i >> 1}`, v), `vertices[${i}]`);
    vertices[i] = v;
  }
  const heights = new Float64Array(vertexCount);
  if (input.heights !== undefined) {
    if (!isArrayLike(input.heights) || input.heights.length !== vertexCount) throw bad(`"heights" must have one entry per vertex (${vertexCount}).`, "heights");
    for (let i = 0; i < vertexCount; i++) {
      const h = input.heights[i];
      if (typeof h !== "number" || !Number.isFinite(h)) throw bad(`height of vertex ${i} is not finite.`, `heights[${i}]`);
      if (!inWorld(h)) throw bad(outOfWorld(`height of vertex ${i}`, h), `heights[${i}]`);
      heights[i] = h;
    }
  }
  if (!isArrayLike(pin)) throw bad(`"polygons" must be an array of vertex index lists.`, "polygons");
  const polyCount = pin.length;
  if (polyCount > MAX_TILE_ITEMS) throw bad(`${polyCount} polygons is more than one tile holds (${MAX_TILE_ITEMS}).`, "polygons");
  let largest = 3;
  for (let p = 0; p < polyCount; p++) {
    const poly = pin[p];
    if (!isArrayLike(poly)) throw bad(`polygon ${p} is not an array of vertex indices.`, `polygons[${p}]`);
    largest = Math.max(largest, poly.length);
  }
  const stride = maxVertsPerPoly ?? Math.min(largest, NAVMESH_MAX_VERTS_PER_POLY);
  if (typeof stride !== "number" || !Number.isInteger(stride) || stride < 3 || stride > NAVMESH_MAX_VERTS_PER_POLY) {
    throw navMeshError(
      NavMeshErrorCodes.BadInput,
      fn,
      `"maxVertsPerPoly" must be an integer in 3..${NAVMESH_MAX_VERTS_PER_POLY}, got ${show(stride)}.`,
      P("maxVertsPerPoly"),
    );
  }
  const polyVerts = new Int32Array(polyCount * stride).fill(-1);
  const polyVertCount = new Uint8Array(polyCount);
  const reversed = new Uint8Array(polyCount);
  for (let p = 0; p < polyCount; p++) {
    const poly = pin[p]!;
    const n = poly.length;
    if (n < 3 || n > stride)
      throw bad(
        `polygon ${p} has ${n} vertices; it needs 3..${stride} (split larger convex polygons, or import them with navMeshFromPolygonMesh, which does).`,
        `polygons[${p}]`,
      );
    for (let i = 0; i < n; i++) {
      const v = poly[i];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= vertexCount) {
        throw bad(`polygon ${p} vertex ${i} is ${show(v)}, not a vertex index in 0..${vertexCount - 1}.`, `polygons[${p}][${i}]`);
      }
      for (let j = 0; j < i; j++) {
        if (poly[j] === v) throw bad(`polygon ${p} uses vertex ${v} twice (positions ${j} and ${i}).`, `polygons[${p}][${i}]`);
      }
    }
    // Orientation: store counter-clockwise.
    let area2 = 0;
    for (let i = 0; i < n; i++) {
      const a = poly[i]!,
        b = poly[(i + 1) % n]!;
      area2 += vertices[2 * a]! * vertices[2 * b + 1]! - vertices[2 * b]! * vertices[2 * a + 1]!;
    }
    if (!(Math.abs(area2) > 0)) throw bad(`polygon ${p} has zero area; drop degenerate polygons before building.`, `polygons[${p}]`);
    const base = p * stride;
    reversed[p] = area2 > 0 ? 0 : 1;
    for (let i = 0; i < n; i++) polyVerts[base + i] = area2 > 0 ? poly[i]! : poly[n - 1 - i]!;
    polyVertCount[p] = n;
    // Convexity (collinear vertices allowed, within a relative tolerance).
    for (let i = 0; i < n; i++) {
      const a = polyVerts[base + i]!,
        b = polyVerts[base + ((i + 1) % n)]!,
        c = polyVerts[base + ((i + 2) % n)]!;
      const abx = vertices[2 * b]! - vertices[2 * a]!,
        aby = vertices[2 * b + 1]! - vertices[2 * a + 1]!;
      const bcx = vertices[2 * c]! - vertices[2 * b]!,
        bcy = vertices[2 * c + 1]! - vertices[2 * b + 1]!;
      const cross = abx * bcy - aby * bcx;
      const scale = Math.hypot(abx, aby) * Math.hypot(bcx, bcy);
      if (cross < -1e-9 * scale) {
        throw bad(
          `polygon ${p} is not convex at vertex ${b} (position ${(i + 1) % n}); split it into convex parts (buildNavMeshFromPolygons does).`,
          `polygons[${p}]`,
        );
      }
    }
  }
  const areas = new Uint8Array(polyCount);
  const flags = new Uint16Array(polyCount).fill(1);
  const tags = new Int32Array(polyCount);
  copyPerPoly(fn, at, "areas", input.areas, polyCount, areas, 0, 63);
  copyPerPoly(fn, at, "flags", input.flags, polyCount, flags, 0, 0xffff);
  copyPerPoly(fn, at, "tags", input.tags, polyCount, tags, -0x80000000, 0x7fffffff);
  const detail = validateDetail(fn, at, input, polyCount, polyVertCount, reversed);
  return { maxVertsPerPoly: stride, vertexCount, vertices, heights, polyCount, polyVerts, polyVertCount, areas, flags, tags, ...detail };
}

/** The message for a coordinate beyond the world bounds. */
function outOfWorld(what: string, v: number): string {
  return `${what} has coordinate ${v}, outside the world bounds ±${MAX_WORLD_COORDINATE} (MAX_WORLD_COORDINATE); move the level nearer the origin.`;
}

function isArrayLike(v: unknown): v is ArrayLike<unknown> {
  return (
    v !== null &&
    typeof v === "object" &&
    typeof (v as { length?: unknown }).length === "number" &&
    Number.isInteger((v as { length: number }).length) &&
    (v as { length: number }).length >= 0
  );
}

function copyPerPoly(
  fn: string,
  at: string,
  name: string,
  src: ArrayLike<number> | undefined,
  count: number,
  dst: Uint8Array | Uint16Array | Int32Array,
  min: number,
  max: number,
): void {
  if (src === undefined) return;
  if (!isArrayLike(src) || src.length !== count)
    throw navMeshError(NavMeshErrorCodes.BadMesh, fn, `"${name}" must have one entry per polygon (${count}).`, { path: at + name });
  for (let i = 0; i < count; i++) {
    const v = src[i];
    if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
      throw navMeshError(NavMeshErrorCodes.BadMesh, fn, `${name}[${i}] is ${show(v)}; it must be an integer in ${min}..${max}.`, {
        path: `${at}${name}[${i}]`,
      });
    }
    dst[i] = v;
  }
}

function validateDetail(
  fn: string,
  at: string,
  input: NavMeshInput,
  polyCount: number,
  polyVertCount: Uint8Array,
  reversed: Uint8Array,
): { detailMeshes: Uint32Array; detailVertices: Float64Array; detailTriangles: Uint8Array } {
  const dm = input.detailMeshes,
    dv = input.detailVertices,
    dt = input.detailTriangles;
  if (dm === undefined && dv === undefined && dt === undefined)
    return { detailMeshes: new Uint32Array(0), detailVertices: new Float64Array(0), detailTriangles: new Uint8Array(0) };
  const bad = (msg: string, path: string): Error => navMeshError(NavMeshErrorCodes.BadMesh, fn, msg, { path: at + path });
  if (!isArrayLike(dm) || dm.length !== 4 * polyCount) throw bad(`"detailMeshes" must hold 4 numbers per polygon (${4 * polyCount}).`, "detailMeshes");
  if (!isArrayLike(dv) || dv.length % 3 !== 0 || dv.length > 3 * MAX_TILE_ITEMS)
    throw bad(`"detailVertices" must hold x, y, height triples.`, "detailVertices");
  if (!isArrayLike(dt) || dt.length % 3 !== 0 || dt.length > 3 * MAX_TILE_ITEMS)
    throw bad(`"detailTriangles" must hold 3 local indices per triangle.`, "detailTriangles");
  const detailVertices = new Float64Array(dv.length);
  for (let i = 0; i < dv.length; i++) {
    const v = dv[i];
    if (typeof v !== "number" || !Number.isFinite(v)) throw bad(`detailVertices[${i}] is not a finite number.`, `detailVertices[${i}]`);
    if (!inWorld(v)) throw bad(outOfWorld(`detailVertices[${i}]`, v), `detailVertices[${i}]`);
    detailVertices[i] = v;
  }
  const detailMeshes = new Uint32Array(4 * polyCount);
  const nv = dv.length / 3,
    nt = dt.length / 3;
  for (let p = 0; p < polyCount; p++) {
    for (let k = 0; k < 4; k++) {
      const v = dm[4 * p + k];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 0xffffffff)
        throw bad(`detailMeshes[${4 * p + k}] is not a count or index.`, `detailMeshes[${4 * p + k}]`);
      detailMeshes[4 * p + k] = v;
    }
    if (detailMeshes[4 * p]! + detailMeshes[4 * p + 2]! > nv) throw bad(`polygon ${p}'s detail vertices run past detailVertices.`, `detailMeshes[${4 * p}]`);
    if (detailMeshes[4 * p + 1]! + detailMeshes[4 * p + 3]! > nt)
      throw bad(`polygon ${p}'s detail triangles run past detailTriangles.`, `detailMeshes[${4 * p + 1}]`);
  }
  const detailTriangles = new Uint8Array(dt.length);
  for (let i = 0; i < dt.length; i++) {
    const v = dt[i];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 255)
      throw bad(`detailTriangles[${i}] is not a local index 0..255.`, `detailTriangles[${i}]`);
    detailTriangles[i] = v;
  }
  for (let p = 0; p < polyCount; p++) {
    const n = polyVertCount[p]!,
      vc = detailMeshes[4 * p + 2]!;
    const t0 = detailMeshes[4 * p + 1]!,
      tc = detailMeshes[4 * p + 3]!;
    for (let i = 3 * t0; i < 3 * (t0 + tc); i++) {
      const k = detailTriangles[i]!;
      if (k >= n + vc) throw bad(`detail triangle index ${k} of polygon ${p} is past its ${n} + ${vc} vertices.`, `detailTriangles[${i}]`);
    }
    // Local indices of polygon vertices follow the stored (counter-clockwise) order.
    if (reversed[p]) for (let i = 3 * t0; i < 3 * (t0 + tc); i++) if (detailTriangles[i]! < n) detailTriangles[i] = n - 1 - detailTriangles[i]!;
  }
  return { detailMeshes, detailVertices, detailTriangles };
}
