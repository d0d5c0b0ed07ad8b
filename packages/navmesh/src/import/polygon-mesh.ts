import { navMeshError, NavMeshErrorCodes, show } from "../errors";
import { navMeshFromTileData } from "../navmesh";
import { MAX_TILE_ITEMS, validateNavMeshInput } from "../tiles/tile-input";
import { NAVMESH_MAX_VERTS_PER_POLY, type NavMesh, type NavMeshInput } from "../types";

/**
 * An external polygon mesh in 3D, e.g. the tiles of navcat or Recast/Detour: vertices as `x, y, z`
 * triples, convex polygons as vertex index lists, optional per-polygon areas and flags and an
 * optional Detour-style detail mesh.
 */
export interface PolygonMeshInput {
  /** Vertex positions `x0, y0, z0, x1, …` (3D, world space). */
  readonly vertices: ArrayLike<number>;
  /**
   * Convex polygons: either one vertex index list per polygon, or Recast's flat form
   * (`maxVertsPerPoly` slots per polygon, unused slots `-1` or `0xffff`; set `options.maxVertsPerPoly`).
   */
  readonly polygons: ArrayLike<ArrayLike<number>> | ArrayLike<number>;
  /** Area id per polygon (0 .. 63). */
  readonly areas?: ArrayLike<number>;
  /** 16-bit flags per polygon. */
  readonly flags?: ArrayLike<number>;
  /** Tag per polygon. */
  readonly tags?: ArrayLike<number>;
  /** Detail sub-meshes, 4 numbers per polygon: vertex base, triangle base, vertex count, triangle count (Recast's `meshes`; navcat's `detailMeshes` objects also work). */
  readonly detailMeshes?: ArrayLike<number> | readonly { verticesBase: number; verticesCount: number; trianglesBase: number; trianglesCount: number }[];
  /** Detail vertices `x, y, z` (3D). */
  readonly detailVertices?: ArrayLike<number>;
  /** Detail triangles: local indices (Detour convention), `detailTriangleStride` numbers each. */
  readonly detailTriangles?: ArrayLike<number>;
}

/** Options of {@link navMeshFromPolygonMesh}. */
export interface NavMeshFromPolygonMeshOptions {
  /** Which input axis is "up" (becomes the height; the other two the plane). Default `"y"` (plane x, z), as in navcat and Recast. */
  readonly upAxis?: "y" | "z";
  /** Vertex slots per polygon (required for the flat polygon form; default: the largest polygon). */
  readonly maxVertsPerPoly?: number;
  /** Numbers per detail triangle: 4 (Recast/navcat: 3 indices + edge flags, the default) or 3. */
  readonly detailTriangleStride?: 3 | 4;
}

function isArrayLike(v: unknown): v is ArrayLike<unknown> {
  return v !== null && typeof v === "object" && typeof (v as { length?: unknown }).length === "number";
}

/**
 * Imports an external 3D polygon mesh (navcat's or Recast's output: vertices, convex polygons,
 * optional detail mesh) as a one-tile {@link NavMesh}: the up axis becomes the height, polygons are
 * validated (convex, in range) and stored counter-clockwise, neighbors are re-derived from shared
 * edges. Convex polygons of more than 6 vertices are split into pieces of at most 6 (a fan of
 * consecutive vertices, linked across the cuts; each piece keeps the polygon's area, flags, tag and
 * whole detail mesh), so polygon `i` of the input is polygon `i` of the mesh only when no earlier
 * polygon was split. Throws `NAVMESH_BAD_MESH` naming the field (`$.polygons[3][1]`) for bad input. For a tiled
 * source import each tile with `addNavMeshTile(mesh, x, y, layer, polygonMeshToNavMeshInput(tile))`.
 *
 * @param input - the external mesh: `vertices` as x, y, z triples (world units), `polygons` (index lists, or Recast's flat slots), optional `areas`, `flags`, `tags` and detail mesh; read, not kept
 * @param options - `upAxis` (`"y"` by default: plane x, z; or `"z"`), `maxVertsPerPoly` (needed for the flat polygon form) and `detailTriangleStride` (4 by default, or 3)
 *
 * @example
 * ```ts
 * // Two quads on the ground plane y = 0 (x, y, z triples), sharing the edge x = 1.
 * const mesh = navMeshFromPolygonMesh({
 *   vertices: [0, 0, 0, 1, 0, 0, 2, 0, 0, 2, 0, 1, 1, 0, 1, 0, 0, 1],
 *   polygons: [[0, 1, 4, 5], [1, 2, 3, 4]],
 * });
 * mesh.polyCount;            // 2
 * findPolygon(mesh, 1.5, 0.5); // 1 (the plane is x, z)
 * ```
 */
export function navMeshFromPolygonMesh(input: PolygonMeshInput, options: NavMeshFromPolygonMeshOptions = {}): NavMesh {
  const fn = "navMeshFromPolygonMesh";
  const tile = polygonMeshToNavMeshInput(input, options);
  const s = options.maxVertsPerPoly;
  // Input slots beyond 6 are allowed (larger polygons are split); the mesh keeps at most 6.
  return navMeshFromTileData(validateNavMeshInput(fn, tile, typeof s === "number" && s > NAVMESH_MAX_VERTS_PER_POLY ? undefined : s, "$."));
}

/**
 * Converts an external 3D polygon mesh (see {@link navMeshFromPolygonMesh}) into a
 * `NavMeshInput` for `createNavMesh` or `addNavMeshTile` (structure checked here, geometry there).
 *
 * @param input - the external mesh: `vertices` as x, y, z triples (world units), `polygons` (index lists, or Recast's flat slots), optional `areas`, `flags`, `tags` and detail mesh; read, not kept
 * @param options - `upAxis` (`"y"` by default: plane x, z; or `"z"`), `maxVertsPerPoly` (needed for the flat polygon form) and `detailTriangleStride` (4 by default, or 3)
 */
export function polygonMeshToNavMeshInput(input: PolygonMeshInput, options: NavMeshFromPolygonMeshOptions = {}): NavMeshInput {
  const fn = "navMeshFromPolygonMesh";
  const bad = (msg: string, path: string): Error => navMeshError(NavMeshErrorCodes.BadMesh, fn, msg, { path });
  if (input === null || typeof input !== "object") throw bad("input must be an object { vertices, polygons }.", "$");
  if (options === null || typeof options !== "object") throw navMeshError(NavMeshErrorCodes.BadInput, fn, "options must be an object.", { path: "options" });
  const up = options.upAxis ?? "y";
  if (up !== "y" && up !== "z") throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"upAxis" must be "y" or "z", got ${show(up)}.`, { path: "upAxis" });
  const stride3 = options.detailTriangleStride ?? 4;
  if (stride3 !== 3 && stride3 !== 4)
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"detailTriangleStride" must be 3 or 4, got ${show(stride3)}.`, { path: "detailTriangleStride" });
  const v = input.vertices;
  if (!isArrayLike(v) || v.length % 3 !== 0) throw bad(`"vertices" must hold x, y, z triples.`, "$.vertices");
  const n = v.length / 3;
  if (n > MAX_TILE_ITEMS) throw bad(`${n} vertices is more than one tile holds (${MAX_TILE_ITEMS}).`, "$.vertices");
  const [a, h, b] = up === "y" ? [0, 1, 2] : [0, 2, 1];
  const vertices = new Array<number>(2 * n);
  const heights = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    vertices[2 * i] = v[3 * i + a] as number;
    vertices[2 * i + 1] = v[3 * i + b] as number;
    heights[i] = v[3 * i + h] as number;
  }
  const pin = input.polygons;
  if (!isArrayLike(pin) || pin.length > MAX_TILE_ITEMS * 12) throw bad(`"polygons" must be an array (of at most ${MAX_TILE_ITEMS} polygons).`, "$.polygons");
  let polygons: ArrayLike<ArrayLike<number>>;
  if (pin.length > 0 && typeof pin[0] === "number") {
    const s = options.maxVertsPerPoly;
    if (s === undefined || !Number.isInteger(s) || s < 3)
      throw navMeshError(NavMeshErrorCodes.BadInput, fn, `flat "polygons" need "maxVertsPerPoly" (an integer ≥ 3).`, { path: "maxVertsPerPoly" });
    if (pin.length % s !== 0) throw bad(`flat "polygons" length ${pin.length} is not a multiple of maxVertsPerPoly ${s}.`, "$.polygons");
    const list: number[][] = [];
    for (let p = 0; p < pin.length / s; p++) {
      const poly: number[] = [];
      for (let k = 0; k < s; k++) {
        const x = pin[p * s + k];
        if (x === -1 || x === 0xffff) break;
        poly.push(x as number);
      }
      list.push(poly);
    }
    polygons = list;
  } else polygons = pin as ArrayLike<ArrayLike<number>>;
  const out: { -readonly [K in keyof NavMeshInput]: NavMeshInput[K] } = { vertices, heights, polygons };
  if (input.areas !== undefined) out.areas = input.areas;
  if (input.flags !== undefined) out.flags = input.flags;
  if (input.tags !== undefined) out.tags = input.tags;
  readDetail(input, out, a, b, h, stride3, bad);
  return splitLargePolygons(out);
}

function readDetail(
  input: PolygonMeshInput,
  out: { -readonly [K in keyof NavMeshInput]: NavMeshInput[K] },
  a: number,
  b: number,
  h: number,
  stride3: number,
  bad: (msg: string, path: string) => Error,
): void {
  const dm = input.detailMeshes;
  if (dm !== undefined || input.detailVertices !== undefined || input.detailTriangles !== undefined) {
    if (!isArrayLike(dm) || dm.length > 4 * MAX_TILE_ITEMS) throw bad(`"detailMeshes" must be an array (4 numbers per polygon).`, "$.detailMeshes");
    const meshes: number[] = [];
    for (let i = 0; i < dm.length; i++) {
      const m = dm[i];
      if (m !== null && typeof m === "object") {
        const o = m;
        meshes.push(o.verticesBase, o.trianglesBase, o.verticesCount, o.trianglesCount);
      } else meshes.push(m as number);
    }
    out.detailMeshes = meshes;
    const dv = input.detailVertices;
    if (!isArrayLike(dv) || dv.length % 3 !== 0 || dv.length > 3 * MAX_TILE_ITEMS) throw bad(`"detailVertices" must hold x, y, z triples.`, "$.detailVertices");
    const det: number[] = [];
    for (let i = 0; i < dv.length / 3; i++) det.push(dv[3 * i + a] as number, dv[3 * i + b] as number, dv[3 * i + h] as number);
    out.detailVertices = det;
    const dt = input.detailTriangles;
    if (!isArrayLike(dt) || dt.length % stride3 !== 0 || dt.length > stride3 * MAX_TILE_ITEMS)
      throw bad(`"detailTriangles" must hold ${stride3} numbers per triangle.`, "$.detailTriangles");
    const tris: number[] = [];
    for (let i = 0; i < dt.length; i += stride3) tris.push(dt[i] as number, dt[i + 1] as number, dt[i + 2] as number);
    out.detailTriangles = tris;
  }
}

/** Largest convex polygon the import splits (bounds the work on hostile input). */
const MAX_SPLIT_VERTS = 1024;

/**
 * Cuts polygon `poly` (a vertex list of more than 6 entries) into consecutive-vertex fans of at
 * most 6 vertices: `[v0, v1..v5]`, `[v0, v5..v9]`, … Returns the pieces as lists of positions in
 * `poly`, rotated so that no piece has zero area (collinear runs), or `undefined` when the
 * polygon's numbers are not usable (validation reports them later).
 */
function cutPolygon(poly: ArrayLike<number>, xy: ArrayLike<number>): number[][] | undefined {
  const n = poly.length;
  const max = NAVMESH_MAX_VERTS_PER_POLY;
  if (n > MAX_SPLIT_VERTS) return undefined; // validation rejects it
  for (let i = 0; i < n; i++) {
    const v = poly[i];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || 2 * v + 1 >= xy.length) return undefined;
    if (typeof xy[2 * v] !== "number" || typeof xy[2 * v + 1] !== "number") return undefined;
  }
  let fallback: number[][] | undefined;
  for (let r = 0; r < n; r++) {
    const pieces: number[][] = [];
    let ok = true;
    for (let s = 1; s < n - 1; s += max - 2) {
      const e = Math.min(s + max - 2, n - 1);
      const piece = [r];
      for (let k = s; k <= e; k++) piece.push((r + k) % n);
      let a2 = 0;
      for (let k = 0; k < piece.length; k++) {
        const p = poly[piece[k]!]!,
          q = poly[piece[(k + 1) % piece.length]!]!;
        a2 += (xy[2 * p] as number) * (xy[2 * q + 1] as number) - (xy[2 * q] as number) * (xy[2 * p + 1] as number);
      }
      if (!(Math.abs(a2) > 0)) ok = false;
      pieces.push(piece);
    }
    if (ok) return pieces;
    fallback ??= pieces;
  }
  return fallback;
}

/** Splits every polygon of more than 6 vertices (see {@link cutPolygon}), carrying per-polygon data and detail meshes along. */
function splitLargePolygons(input: { -readonly [K in keyof NavMeshInput]: NavMeshInput[K] }): NavMeshInput {
  const pin = input.polygons;
  let any = false;
  for (let p = 0; p < pin.length; p++) {
    const poly = pin[p];
    if (isArrayLike(poly) && poly.length > NAVMESH_MAX_VERTS_PER_POLY) any = true;
  }
  if (!any || pin.length > MAX_TILE_ITEMS) return input;
  const polygons: ArrayLike<number>[] = [];
  const source: number[] = [];
  const pieceOf: (number[] | undefined)[] = [];
  for (let p = 0; p < pin.length; p++) {
    const poly = pin[p]!;
    const pieces = isArrayLike(poly) && poly.length > NAVMESH_MAX_VERTS_PER_POLY ? cutPolygon(poly, input.vertices) : undefined;
    if (!pieces) {
      polygons.push(poly);
      source.push(p);
      pieceOf.push(undefined);
      continue;
    }
    for (const piece of pieces) {
      polygons.push(piece.map((k) => poly[k]!));
      source.push(p);
      pieceOf.push(piece);
    }
  }
  const out: { -readonly [K in keyof NavMeshInput]: NavMeshInput[K] } = { vertices: input.vertices, polygons };
  if (input.heights !== undefined) out.heights = input.heights;
  const per = (src: ArrayLike<number> | undefined): ArrayLike<number> | undefined =>
    src === undefined || !isArrayLike(src) || src.length !== pin.length ? src : source.map((p) => src[p]!);
  const areas = per(input.areas),
    flags = per(input.flags),
    tags = per(input.tags);
  if (areas !== undefined) out.areas = areas;
  if (flags !== undefined) out.flags = flags;
  if (tags !== undefined) out.tags = tags;
  const dm = input.detailMeshes,
    dv = input.detailVertices,
    dt = input.detailTriangles;
  if (dm === undefined || dv === undefined || dt === undefined || dm.length !== 4 * pin.length) {
    if (dm !== undefined) out.detailMeshes = dm;
    if (dv !== undefined) out.detailVertices = dv;
    if (dt !== undefined) out.detailTriangles = dt;
    return out;
  }
  // Each piece keeps the whole detail mesh of its polygon: the polygon's vertices that are not
  // corners of the piece become extra detail vertices, so every detail triangle stays valid.
  const meshes: number[] = [];
  const verts = Array.from(dv);
  const tris = Array.from(dt);
  const hs = input.heights;
  for (let q = 0; q < polygons.length; q++) {
    const p = source[q]!;
    const piece = pieceOf[q];
    const vb = dm[4 * p]!,
      tb = dm[4 * p + 1]!,
      vc = dm[4 * p + 2]!,
      tc = dm[4 * p + 3]!;
    const sane =
      [vb, tb, vc, tc].every((k) => typeof k === "number" && Number.isInteger(k) && k >= 0) && 3 * (vb + vc) <= dv.length && 3 * (tb + tc) <= dt.length;
    if (!piece || !sane) {
      // (A split polygon with a broken detail entry keeps it as is: validation reports it.)
      meshes.push(vb, tb, vc, tc);
      continue;
    }
    const poly = pin[p]!;
    const n = poly.length,
      m = piece.length;
    const local = new Array<number>(n).fill(-1);
    for (let k = 0; k < m; k++) local[piece[k]!] = k;
    const newVb = verts.length / 3,
      newTb = tris.length / 3;
    for (let k = 0; k < 3 * vc; k++) verts.push(dv[3 * vb + k]!);
    let extra = 0;
    for (let i = 0; i < n; i++) {
      if (local[i]! >= 0) continue;
      const v = poly[i]!;
      verts.push(input.vertices[2 * v]!, input.vertices[2 * v + 1]!, hs !== undefined && isArrayLike(hs) ? hs[v]! : 0);
      local[i] = m + vc + extra++;
    }
    for (let k = 0; k < 3 * tc; k++) {
      const i = dt[3 * tb + k]!;
      // Anything but an index in range stays as it is (validation reports it).
      tris.push(typeof i !== "number" || !Number.isInteger(i) || i < 0 ? i : i < n ? local[i]! : m + (i - n));
    }
    meshes.push(newVb, newTb, vc + extra, tc);
  }
  out.detailMeshes = meshes;
  out.detailVertices = verts;
  out.detailTriangles = tris;
  return out;
}
