/**
 * `@tactica/navmesh`: navigation meshes as plain typed-array data.
 *
 * - Data: {@link NavMesh} (convex polygons over shared vertices, neighbor links, area ids, flags,
 *   tags, a BV tree per tile for point location), validated by {@link createNavMesh}; JSON round trip.
 * - Queries: point location, nearest point, raycasts, A* over polygons with filters and off-mesh
 *   links, funnel string pulling, the exact shortest path ({@link findPathAnyAngle}), random points;
 *   level 2 {@link findNavMeshPath}.
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
export { navMeshToJson, navMeshFromJson, type NavMeshJson, type NavMeshTileJson, type NavMeshFromJsonOptions } from "./serialize";
export { MAX_WORLD_COORDINATE, NAVMESH_INPUT_LIMITS, type NavMeshInputLimits } from "./input-limits";
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
export { raycast, createRaycastResult, hasNavMeshLineOfSight, type RaycastResult, type RaycastResultOptions } from "./raycast";
export {
  PathFlags,
  type PathResult,
  createNavPath,
  createNavMeshQuery,
  findPolygonPath,
  initSlicedPolygonPath,
  updateSlicedPolygonPath,
  finalizeSlicedPolygonPath,
  type NavPath,
  type NavPathOptions,
  type NavQueryFilter,
  type FindPolygonPathOptions,
  type NavMeshQuery,
  type CreateNavMeshQueryOptions,
} from "./query";
export { StraightPathFlags, createStraightPath, findStraightPath, type StraightPath, type StraightPathOptions, type FindStraightPathOptions } from "./funnel";
export { findPathAnyAngle, type FindPathAnyAngleOptions } from "./any-angle";
export { findPathPoints, type FindPathPointsOptions } from "./find-path-points";
export {
  PATH_CORRIDOR_SNAPSHOT_FORMAT,
  savePathCorridor,
  restorePathCorridor,
  pathCorridorSnapshotCodec,
  type PathCorridorSnapshot,
} from "./snapshot-path-corridor";
export {
  NAVMESH_TILES_SNAPSHOT_FORMAT,
  saveNavMeshTiles,
  restoreNavMeshTiles,
  navMeshTilesSnapshotCodec,
  type NavMeshTilesSnapshot,
  type NavMeshTilesSnapshotTile,
} from "./snapshot-tiles";
export {
  OFF_MESH_LINK_INDEX_BITS,
  createOffMeshLinks,
  addOffMeshLink,
  removeOffMeshLink,
  isValidOffMeshLink,
  type OffMeshLinks,
  type AddOffMeshLinkOptions,
} from "./links";
export { findNavMeshPath, type FindNavMeshPathOptions, type FindNavMeshPathResult } from "./find-navmesh-path";
export { findRandomPoint, findRandomPointInCircle, randomPointInPolygon, type FindRandomPointInCircleOptions } from "./random-point";
export { moveAlongSurface, createMoveResult, type MoveResult, type MoveResultOptions } from "./move-along-surface";
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
  type PathCorridorOptions,
  type PathCorridorValidOptions,
  type CorridorLinkTraversal,
  type OptimizeCorridorVisibilityOptions,
  type OptimizeCorridorTopologyOptions,
} from "./path-corridor";
// Voxel generation from 3D triangle soup (issue 12): src/voxel/.
export {
  MAX_WALKABLE_SLOPE_DEGREES,
  VoxelConfigPresets,
  validateVoxelConfig,
  type ValidateVoxelConfigOptions,
  voxelConfigFromWorld,
  VOXEL_PARTITIONS,
  type VoxelPartition,
  type VoxelConfig,
  type WorldVoxelConfig,
} from "./voxel/config";
export { StancePresets, voxelConfigFromAgent, type AgentParameterSet, type StanceName, type VoxelQuality } from "./voxel/stances";
export { BUILD_STAGES, type BuildStage, type BuildContext } from "./voxel/context";
export {
  NULL_AREA,
  WALKABLE_AREA,
  SPAN_MAX_HEIGHT,
  MAX_HEIGHTFIELD_HEIGHT,
  NOT_CONNECTED,
  BORDER_REG,
  type Heightfield,
  type CompactHeightfield,
  type ContourSet,
  type PolyMesh,
  type PolyMeshDetail,
} from "./voxel/types";
export {
  MAX_HEIGHTFIELD_CELLS,
  createHeightfield,
  addSpan,
  countSpans,
  markWalkableTriangles,
  rasterizeTriangle,
  rasterizeTriangles,
} from "./voxel/heightfield";
export { rasterizeBox, rasterizeCylinder, rasterizeConvexVolume } from "./voxel/rasterize-shapes";
export { filterLowHangingObstacles, filterLedgeSpans, filterLowHeightSpans } from "./voxel/filters";
export { buildCompactHeightfield, type BuildCompactHeightfieldOptions, getCon } from "./voxel/compact";
export { erodeWalkableArea, medianFilterWalkableArea } from "./voxel/erode";
export { markBoxArea, markCylinderArea, markPolygonArea, type MarkAreaOptions } from "./voxel/areas";
export { createTagCost } from "./voxel/tags";
export { buildDistanceField } from "./voxel/distance-field";
export { buildRegions, type RegionStats } from "./voxel/regions";
export { buildRegionsMonotone } from "./voxel/regions-monotone";
export { buildLayerRegions, assignRegionLayers, type RegionLayers } from "./voxel/regions-layers";
export { CONTOUR_BORDER_VERTEX, CONTOUR_AREA_BORDER, CONTOUR_REG_MASK, buildContours, type BuildContoursOptions } from "./voxel/contours";
export { buildPolyMesh } from "./voxel/poly-mesh";
export { buildPolyMeshDetail } from "./voxel/detail-mesh";
export {
  AUTO_TILE_GRID_CELLS,
  VoxelBuildFlags,
  buildVoxelNavMesh,
  buildNavMeshFromTriangles3d,
  polyMeshToNavMesh,
  type PolyMeshToNavMeshOptions,
  type VoxelBuildReport,
  type BuildVoxelNavMeshOptions,
  type VoxelNavMeshBuild,
  type BuildNavMeshFromTriangles3dOptions,
  type BuildNavMeshFromTriangles3dResult,
} from "./voxel/build";
export { validateTriangleSoup, type ValidateTriangleSoupOptions } from "./voxel/triangle-soup";
export { buildVoxelNavMeshes } from "./voxel/build-radii";
export { cloneHeightfield, cloneCompactHeightfield } from "./voxel/clone";
export { buildStanceNavMesh, type StancePass, type BuildStanceNavMeshOptions, type StanceNavMeshBuild } from "./voxel/stance-passes";
export { markStancePath } from "./voxel/stance-path";
export { filterWaterDepth, findWaterVolume, type FindWaterVolumeOptions, type WaterVolume } from "./voxel/water";
export { createSwimPath, raiseSwimPath, type SwimPath, type SwimPathOptions } from "./voxel/swim-path";
// Tiled voxel builds, one-tile rebuilds, tile cache and temporary obstacles (issue 12, part 2).
export {
  DEFAULT_TILE_SIZE,
  createTiledNavMeshInput,
  buildNavMeshTile,
  buildTiledNavMesh,
  assembleNavMeshTiles,
  buildTiledNavMeshFromTriangles3d,
  rebuildNavMeshTile,
  getTilesInBox,
  type TiledVoxelConfig,
  type TiledNavMeshInput,
  type CreateTiledNavMeshInputOptions,
  type BuildNavMeshTileOptions,
  type NavMeshTileBuild,
  type BuildTiledNavMeshOptions,
  type TiledNavMeshBuild,
  type BuildTiledNavMeshFromTriangles3dOptions,
  type BuildTiledNavMeshFromTriangles3dResult,
  type RebuildNavMeshTileResult,
} from "./voxel/tile-build";
export { createTileBuildTask, type CreateTileBuildTaskOptions, type TileBuildTask, type TileCoordinate } from "./voxel/tile-build-task";
export {
  TILE_CACHE_OBSTACLE_INDEX_BITS,
  TileCacheUpdateFlags,
  createTileCache,
  buildNavMeshFromTileCache,
  addTileCacheObstacle,
  removeTileCacheObstacle,
  isValidTileCacheObstacle,
  updateTileCache,
  type TileCache,
  type CreateTileCacheOptions,
  type TileCacheObstacle,
  type TileCacheCylinder,
  type TileCacheBox,
  type TileCachePolygon,
  type UpdateTileCacheOptions,
  type TileCacheUpdate,
} from "./voxel/tile-cache";
export { TILE_CACHE_SNAPSHOT_FORMAT, saveTileCache, restoreTileCache, tileCacheSnapshotCodec, type TileCacheSnapshot } from "./voxel/tile-cache-snapshot";
// Polygon builds through constrained Delaunay triangulation, agent-radius erosion, Hertel–Mehlhorn.
export { triangulatePolygonsCdt, type CdtTriangulation, type TriangulateCdtOptions } from "./build/triangulate-cdt";
export { mergeTrianglesToConvex, type MergeConvexOptions, type ConvexPolygons } from "./build/merge-convex";
export { buildNavMeshCdt, buildNavMeshInputCdt, type BuildNavMeshCdtOptions } from "./build/build-navmesh-cdt";
// Navigation graphs (C.1, C.4): plain data searched with @tactica/search.
export { NavGraphNodeKind, type NavGraphNodeKindValue, type NavGraph } from "./graphs/types";
export { hasNavGraphEdge } from "./graphs/create-nav-graph";
export { findNavGraphPath, findNearestClearNode, type FindNavGraphPathOptions } from "./graphs/find-nav-graph-path";
export { findNavGraphRoute, type FindNavGraphRouteOptions, type NavGraphRoute } from "./graphs/find-nav-graph-route";
export { isCorridorClear, segmentBlockerDistance, type Blocker } from "./graphs/blockers";
export { buildWaypointGraph, type WaypointGraph, type WaypointWarning, type BuildWaypointGraphOptions } from "./graphs/waypoint-graph";
export { buildArtGalleryGraph } from "./graphs/art-gallery-graph";
export { buildDualGraph } from "./graphs/dual-graph";
export {
  buildHierarchicalGraph,
  createHierarchicalPathResult,
  findHierarchicalPath,
  type HierarchicalGraph,
  type HierarchicalPathResult,
  type BuildHierarchicalGraphOptions,
} from "./graphs/hierarchical-graph";
export {
  buildNavpointGraph,
  findNearestNavpoint,
  isTraversable,
  type NavpointTraversal,
  type BuildNavpointGraphOptions,
  type FindNearestNavpointOptions,
} from "./graphs/navpoint-graph";
export { NAV_GRAPH_JSON_VERSION, navGraphToJson, navGraphFromJson, type NavGraphJson } from "./graphs/nav-graph-json";
export {
  NAVPOINT_PARAMS_JSON_VERSION,
  navpointParamsToJson,
  navpointParamsFromJson,
  type NavpointParams,
  type NavpointParamsJson,
} from "./graphs/navpoint-params-json";
// Batched queries and a worker-pool service (issue 17, "Workers").
export { findNavMeshPathBatch, navMeshPathBatchBuffers, type NavMeshPathBatch, type FindNavMeshPathBatchOptions } from "./path-batch";
export {
  NAVMESH_WORKER_HANDLERS,
  navMeshWorkerHandlers,
  navMeshWorkerResources,
  createNavMeshPathService,
  findNavMeshPathsInWorker,
  createNavMeshTileBuildService,
  buildNavMeshTilesInWorkers,
  type BuildNavMeshTilesInWorkersOptions,
  type NavMeshTileBuildService,
  type NavMeshTileBuildsResult,
  type NavMeshPathService,
  type CreateNavMeshPathServiceOptions,
  type FindNavMeshPathsInWorkerOptions,
} from "./worker-service";
export { createPolygonPathTask, type PolygonPathTask } from "./sliced-task";
