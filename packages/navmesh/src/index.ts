/**
 * `@tactica/navmesh`: navigation meshes as plain typed-array data.
 *
 * - Data: {@link NavMesh} (convex polygons over shared vertices, neighbor links, area ids, flags,
 *   tags, a grid index for point location), validated by {@link createNavMesh}; JSON round trip.
 * - Queries: point location, nearest point, raycasts, A* over polygons with filters and off-mesh
 *   links, funnel string pulling, the exact shortest path ({@link findPathAnyAngle}), random points;
 *   level 2 {@link findPath}.
 * - Building: {@link buildNavMeshFromPolygons} (polygons with holes → triangles → convex polygons,
 *   Hertel–Mehlhorn), {@link parseObj} + {@link navMeshFromTriangles} (walkable triangles of a 3D soup).
 *
 * @packageDocumentation
 */
export { NavMeshErrorCodes, type NavMeshErrorCode } from "./errors";
export {
  NAVMESH_MAX_VERTS_PER_POLY,
  NAVMESH_AREA_COUNT,
  createNavMesh,
  getPolygonCenter,
  getPolygonArea,
  type NavMesh,
  type NavMeshInput,
  type NavMeshTile,
  type CreateNavMeshOptions,
} from "./navmesh";
export { POLY_REF_POLY_BITS, POLY_REF_TILE_BITS, POLY_REF_GENERATION_BITS, encodePolyRef, decodePolyRef, isValidPolyRef } from "./tiles/poly-ref";
export { addNavMeshTile, removeNavMeshTile, replaceNavMeshTile, getNavMeshTile, getNavMeshTileKey, type NavMeshTileOptions } from "./tiles/tiles";
export { navMeshToJson, navMeshFromJson, type NavMeshJson, type NavMeshTileJson } from "./serialize";
export { navMeshToBytes, navMeshFromBytes } from "./bytes";
export { parseObj, type ObjMesh } from "./obj";
export { navMeshFromPolygonMesh, polygonMeshToNavMeshInput, type PolygonMeshInput, type NavMeshFromPolygonMeshOptions } from "./import/polygon-mesh";
export { navMeshFromTriangles, type NavMeshFromTrianglesOptions } from "./from-triangles";
export { buildNavMeshFromPolygons, type PolygonWithHoles, type BuildNavMeshOptions } from "./build";
export {
  findPolygon,
  findNearestPoint,
  findPolygonsInCircle,
  findPolygonsInBox,
  closestPointOnPolygon,
  getHeightOnPolygon,
  getTagAt,
  type FindPolygonOptions,
  type FindNearestPointOptions,
} from "./locate";
export { raycast, createRaycastResult, hasLineOfSight, type RaycastResult } from "./raycast";
export {
  createNavPath,
  createNavMeshQuery,
  findPolygonPath,
  initSlicedPolygonPath,
  updateSlicedPolygonPath,
  finalizeSlicedPolygonPath,
  type NavPath,
  type NavQueryFilter,
  type FindPolygonPathOptions,
  type NavMeshQuery,
  type CreateNavMeshQueryOptions,
} from "./query";
export { StraightPathFlags, createStraightPath, findStraightPath, type StraightPath, type FindStraightPathOptions } from "./funnel";
export { findPathAnyAngle, type FindPathAnyAngleOptions } from "./any-angle";
export {
  OFF_MESH_LINK_INDEX_BITS,
  createOffMeshLinks,
  addOffMeshLink,
  removeOffMeshLink,
  isValidOffMeshLink,
  type OffMeshLinks,
  type AddOffMeshLinkOptions,
} from "./links";
export { findPath, type FindPathOptions, type FindPathResult } from "./find-path";
export { findRandomPoint, findRandomPointInCircle, randomPointInPolygon, type FindRandomPointInCircleOptions } from "./random-point";
export { moveAlongSurface, createMoveResult, type MoveResult } from "./move-along-surface";
export { buildNavMeshFromTilemap, type BuildNavMeshFromTilemapOptions } from "./tilemap";
export {
  PathCorridorRepair,
  createPathCorridor,
  resetPathCorridor,
  setPathCorridor,
  findCorridorCorners,
  moveCorridorPosition,
  moveCorridorTarget,
  optimizeCorridorVisibility,
  optimizeCorridorTopology,
  traverseCorridorLink,
  isPathCorridorValid,
  repairPathCorridor,
  type PathCorridor,
  type CorridorLinkTraversal,
  type OptimizeCorridorVisibilityOptions,
  type OptimizeCorridorTopologyOptions,
} from "./path-corridor";
