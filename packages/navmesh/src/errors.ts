import { TacticaError } from "@tactica/core";

/**
 * Error codes thrown by `@tactica/navmesh` (the `code` of its `TacticaError`s).
 * Codes never change meaning; messages may be reworded.
 */
export const NavMeshErrorCodes = {
  /** An input polygon is malformed: too few vertices, self-intersecting ring, hole outside the outer ring, non-finite coordinate. */
  BadPolygon: "NAVMESH_BAD_POLYGON",
  /** A navmesh definition is inconsistent: vertex index out of range, non-convex or degenerate polygon, bad area id. */
  BadMesh: "NAVMESH_BAD_MESH",
  /** A Wavefront OBJ file could not be read; the message names the line. */
  ObjParse: "NAVMESH_OBJ_PARSE",
  /** Serialized navmesh data is corrupt or from a newer format version. */
  Format: "NAVMESH_FORMAT",
  /** An argument is out of range or not finite. */
  BadInput: "NAVMESH_BAD_INPUT",
  /** A voxel generator parameter is out of range or not a number; `path` names the parameter. */
  Config: "NAVMESH_CONFIG",
  /** An input triangle soup is malformed; `path` names the array index (`positions[7]`, `triangles[12]`). */
  BadGeometry: "NAVMESH_BAD_GEOMETRY",
  /** A build was cancelled through its context's `isCancelled` check. */
  Cancelled: "NAVMESH_CANCELLED",
} as const;

/** One of the values of {@link NavMeshErrorCodes}. */
export type NavMeshErrorCode = (typeof NavMeshErrorCodes)[keyof typeof NavMeshErrorCodes];

/**
 * Builds a navmesh {@link TacticaError}. The message is prefixed with `@tactica/navmesh: fn:`.
 * @internal
 */
export function navMeshError(code: NavMeshErrorCode, fn: string, message: string, details: { path?: string; line?: number } = {}): TacticaError {
  return new TacticaError(code, `@tactica/navmesh: ${fn}: ${message}`, details);
}

/** @internal */
export function assertFiniteNumber(fn: string, name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"${name}" must be a finite number, got ${show(value)}.`, { path: name });
  }
  return value;
}

/**
 * A short, safe description of any input value for an error message (`String(v)` throws on
 * objects whose `toString` is not a function, which hostile JSON can contain). @internal
 */
export function show(v: unknown): string {
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint" || v === null || v === undefined) return String(v);
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return `an array of ${v.length}`;
  return `a value of type ${typeof v}`;
}
