import { navMeshError, NavMeshErrorCodes } from "./errors";
import { createNavMesh, type NavMesh } from "./navmesh";

/** The JSON form of a {@link NavMesh} written by {@link navMeshToJson}. */
export interface NavMeshJson {
  /** Always `"tactica-navmesh"`. */
  readonly format: "tactica-navmesh";
  /** Format version (1). */
  readonly version: 1;
  /** Vertex slots per polygon. */
  readonly maxVertsPerPoly: number;
  /** Planar vertex positions `x0, y0, x1, y1, …`. */
  readonly vertices: number[];
  /** One height per vertex. */
  readonly heights: number[];
  /** Counter-clockwise vertex index lists. */
  readonly polygons: number[][];
  /** Area id per polygon. */
  readonly areas: number[];
  /** Flags per polygon. */
  readonly flags: number[];
  /** Tag per polygon. */
  readonly tags: number[];
}

/**
 * The JSON-safe plain form of `mesh` (a plain object, not a string). Neighbors and the spatial
 * index are derived data and are rebuilt by {@link navMeshFromJson}, which round-trips exactly.
 */
export function navMeshToJson(mesh: NavMesh): NavMeshJson {
  const polygons: number[][] = [];
  for (let p = 0; p < mesh.polyCount; p++) {
    const n = mesh.polyVertCount[p]!;
    polygons.push(Array.from(mesh.polyVerts.subarray(p * mesh.maxVertsPerPoly, p * mesh.maxVertsPerPoly + n)));
  }
  return {
    format: "tactica-navmesh",
    version: 1,
    maxVertsPerPoly: mesh.maxVertsPerPoly,
    vertices: Array.from(mesh.vertices),
    heights: Array.from(mesh.heights),
    polygons,
    areas: Array.from(mesh.areas),
    flags: Array.from(mesh.flags),
    tags: Array.from(mesh.tags),
  };
}

/**
 * Validates `json` (the output of {@link navMeshToJson}) and builds the mesh. Throws
 * `NAVMESH_FORMAT` for a wrong format tag, a newer version or a missing field, and
 * `NAVMESH_BAD_MESH` (from {@link createNavMesh}) for inconsistent geometry.
 */
export function navMeshFromJson(json: unknown): NavMesh {
  const fn = "navMeshFromJson";
  if (json === null || typeof json !== "object") throw navMeshError(NavMeshErrorCodes.Format, fn, "expected an object from navMeshToJson.", { path: "$" });
  const o = json as Record<string, unknown>;
  if (o["format"] !== "tactica-navmesh")
    throw navMeshError(NavMeshErrorCodes.Format, fn, `"format" is ${JSON.stringify(o["format"])}, expected "tactica-navmesh".`, { path: "$.format" });
  if (typeof o["version"] !== "number" || !Number.isInteger(o["version"]) || o["version"] < 1) {
    throw navMeshError(NavMeshErrorCodes.Format, fn, `"version" must be a positive integer.`, { path: "$.version" });
  }
  if (o["version"] > 1)
    throw navMeshError(NavMeshErrorCodes.Format, fn, `data is format version ${o["version"]}; this build reads version 1. Upgrade @tactica/navmesh.`, {
      path: "$.version",
    });
  for (const key of ["vertices", "heights", "polygons", "areas", "flags", "tags"]) {
    if (!Array.isArray(o[key])) throw navMeshError(NavMeshErrorCodes.Format, fn, `"${key}" must be an array.`, { path: `$.${key}` });
  }
  const polygons = o["polygons"] as unknown[];
  for (let i = 0; i < polygons.length; i++) {
    if (!Array.isArray(polygons[i]))
      throw navMeshError(NavMeshErrorCodes.Format, fn, `polygon ${i} must be an array of vertex indices.`, { path: `$.polygons[${i}]` });
  }
  return createNavMesh(
    {
      vertices: o["vertices"] as number[],
      heights: o["heights"] as number[],
      polygons: polygons as number[][],
      areas: o["areas"] as number[],
      flags: o["flags"] as number[],
      tags: o["tags"] as number[],
    },
    { maxVertsPerPoly: o["maxVertsPerPoly"] as number },
  );
}
