// Limits on untrusted input (issues 32 and 35): the world bounds every coordinate read from data
// must lie in, the size caps of the loaders and builders (checked from declared lengths before
// anything is iterated or allocated), and the options-object check every untrusted entry point
// runs first. Every check throws a navmesh TacticaError naming the limit.
import { navMeshError, NavMeshErrorCodes, show, type NavMeshErrorCode } from "./errors";

/**
 * Largest absolute coordinate (x, y, and a height) navmesh functions accept from data: 2^20 world
 * units (about 1,049 km in metres). Larger values are refused where they enter (tile input,
 * loaders, builders) with the limit's name in the message. The bound keeps the tile-border and
 * T-junction passes' hash grids and their 1e-9-of-extent tolerances meaningful (doubles near 2^20
 * still resolve 2^-32). It is a precision bound, not a policy: there is no option to raise it;
 * place large worlds in several meshes, or in coordinates relative to a local origin.
 */
export const MAX_WORLD_COORDINATE = 2 ** 20;

/**
 * Size caps of the untrusted navmesh loaders and builders. Declared lengths are compared with them
 * before anything is read, so an absurd input (a sparse array declared 2^26 long, 10^6 tiles) is
 * refused in microseconds. Each caller may raise or lower one through its `limits` option.
 */
export interface NavMeshInputLimits {
  /** Tiles in a mesh (`navMeshFromJson`; default 65,536, the slots a poly ref addresses). [Units: tiles] */
  readonly maxTiles: number;
  /** Vertices of one input (a triangle soup's positions / 3, a tile's vertices, all rings' vertices together). [Units: vertices] */
  readonly maxVertices: number;
  /** Triangles of one triangle soup (`navMeshFromTriangles`, `buildNavMeshFromTriangles3d`). [Units: triangles] */
  readonly maxTriangles: number;
  /** Regions of `buildNavMeshFromPolygons` (and the tilemap build's contours). [Units: polygons] */
  readonly maxPolygons: number;
  /** Holes of one region of `buildNavMeshFromPolygons`. [Units: holes] */
  readonly maxHoles: number;
  /** Cells of a `buildNavMeshFromTilemap` map (`width × height`, checked before `cells` is read). [Units: cells] */
  readonly maxCells: number;
}

/** The default {@link NavMeshInputLimits}: generous for real levels, refusing absurd input well under a second. */
export const NAVMESH_INPUT_LIMITS: Readonly<NavMeshInputLimits> = Object.freeze({
  maxTiles: 65_536,
  maxVertices: 1 << 22,
  maxTriangles: 1 << 22,
  maxPolygons: 1 << 20,
  maxHoles: 1 << 16,
  maxCells: 1 << 22,
});

/**
 * `options` as a plain object: `undefined` gives `{}`; `null`, a string, an array or any other
 * non-object is refused at once (a 10 MB string spread into a config took seconds). @internal
 */
export function checkOptions<T extends object>(fn: string, options: T | undefined, name = "options", code: NavMeshErrorCode = NavMeshErrorCodes.BadInput): T {
  if (options === undefined) return {} as T;
  if (options === null || typeof options !== "object" || Array.isArray(options))
    throw navMeshError(code, fn, `"${name}" must be a plain object or left out, got ${show(options)}.`, { path: name });
  return options;
}

/** The caller's limits over the defaults (each a positive integer). @internal */
export function resolveLimits(fn: string, limits: Partial<NavMeshInputLimits> | undefined): NavMeshInputLimits {
  const l = checkOptions(fn, limits, "limits");
  const out = { ...NAVMESH_INPUT_LIMITS };
  for (const key of Object.keys(NAVMESH_INPUT_LIMITS) as (keyof NavMeshInputLimits)[]) {
    if (!Object.prototype.hasOwnProperty.call(l, key)) continue;
    const v: unknown = l[key];
    if (v === undefined) continue;
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1)
      throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"limits.${key}" must be a positive integer, got ${show(v)}.`, { path: `limits.${key}` });
    out[key] = v;
  }
  return out;
}

/**
 * The declared length of an array-like `value`, checked against `max` before anything is read
 * (`per` numbers per item, e.g. 3 for x,y,z positions; the message counts items). @internal
 */
export function checkLength(fn: string, code: NavMeshErrorCode, value: unknown, path: string, limit: keyof NavMeshInputLimits, max: number, per = 1): number {
  if (value === null || typeof value !== "object") throw navMeshError(code, fn, `"${path}" must be an array, got ${show(value)}.`, { path });
  const n: unknown = (value as { length?: unknown }).length;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0)
    throw navMeshError(code, fn, `"${path}" must be an array (its length is ${show(n)}).`, { path });
  if (n / per > max)
    throw navMeshError(
      code,
      fn,
      `"${path}" declares ${Math.ceil(n / per)} items; the limit is ${max} (limits.${limit}; raise it through the options if the data is trusted).`,
      { path },
    );
  return n;
}

/** Throws unless `v` is a finite number within ±{@link MAX_WORLD_COORDINATE}. @internal */
export function checkCoordinate(fn: string, code: NavMeshErrorCode, v: unknown, path: string): number {
  if (typeof v !== "number" || !Number.isFinite(v)) throw navMeshError(code, fn, `${path} is ${show(v)}, not a finite number.`, { path });
  if (v > MAX_WORLD_COORDINATE || v < -MAX_WORLD_COORDINATE)
    throw navMeshError(
      code,
      fn,
      `${path} is ${v}, outside the world bounds ±${MAX_WORLD_COORDINATE} (MAX_WORLD_COORDINATE); move the level nearer the origin.`,
      { path },
    );
  return v;
}

/** True when `v` is a number within ±{@link MAX_WORLD_COORDINATE} (for callers with their own messages). @internal */
export function inWorld(v: number): boolean {
  return v <= MAX_WORLD_COORDINATE && v >= -MAX_WORLD_COORDINATE;
}
