import { TacticaError } from "@tactica/core";

/**
 * Error codes thrown by the voxel navmesh generator (`buildNavMeshFromTriangles3d` and its stages).
 * Codes never change meaning; messages may be reworded.
 */
export const VoxelErrorCodes = {
  /** A generator parameter is out of range or not a number; `path` names the parameter. */
  Config: "NAVMESH_CONFIG",
  /** The input triangle soup is malformed; `path` names the array index (`positions[7]`, `triangles[12]`). */
  BadGeometry: "NAVMESH_BAD_GEOMETRY",
  /** The build was cancelled through its context's `isCancelled` check. */
  Cancelled: "NAVMESH_CANCELLED",
} as const;

/** One of the values of {@link VoxelErrorCodes}. */
export type VoxelErrorCode = (typeof VoxelErrorCodes)[keyof typeof VoxelErrorCodes];

/** @internal */
export function voxelError(code: VoxelErrorCode, fn: string, message: string, path?: string): TacticaError {
  return new TacticaError(code, `@tactica/navmesh: ${fn}: ${message}`, path === undefined ? {} : { path });
}

/** @internal Formats any input value for an error message without calling its own methods. */
export function showValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  if (typeof v === "function") return "a function";
  if (typeof v === "string") return JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v);
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  return typeof v;
}
