import type { HostileClass } from "../src/fuzz/hostile";

/**
 * Hostile classes (issue 32) that still make a loader fail, per loader: the unit suite leaves them
 * out for that loader so CI stays green and fast (a hang costs the 5 s limit each time), while
 * `pnpm fuzz` runs every class on every loader and reports them. This list only shrinks: when a
 * fix lands, remove the loader's entry (the suite then runs the class again and must pass). Found by
 * the first full run of the new classes on 2026-11-29 (issue 32 stays open until it is empty).
 */
export const PENDING_HOSTILE: Readonly<Record<string, readonly HostileClass[]>> = {
  "decision/createBehaviorTree": ["big-array", "sparse"],
  "decision/createFuzzySystem": ["big-array"],
  "decision/createPersonality": ["sparse"],
  "decision/createPostSelector": ["big-array", "sparse"],
  "decision/createResourceRules": ["big-array", "sparse"],
  "decision/createRuleEngine": ["big-array", "sparse"],
  "decision/createStateMachine": ["big-array", "sparse"],
  "decision/createUtilitySet": ["big-array", "sparse"],
  "decision/mlpFromJson": ["sparse"],
  "grid/parseMovingAiScenarios": ["big-array"],
  "narrative/encountersFromJson": ["sparse"],
  "narrative/parseGrammar": ["bigint", "cyclic", "hostile-object", "proto", "typed", "wrong-type"],
  "narrative/restoreMerchantItem": ["huge"],
  "navmesh/addNavMeshTile/replaceNavMeshTile": ["big-array"],
  "navmesh/buildNavMeshFromPolygons": ["big-array"],
  "navmesh/buildNavMeshFromTriangles3d(parseObj)": ["big-array", "huge"],
  "navmesh/buildVoxelNavMeshes": ["big-array"],
  "navmesh/buildWaypointGraph": ["big-array"],
  "navmesh/parseObj": ["big-array"],
  "navmesh/triangulatePolygonsCdt": ["big-array"],
  "perception/boxLineOfSight": ["big-array"],
};
