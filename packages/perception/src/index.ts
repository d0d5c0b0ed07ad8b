/**
 * `@tactica/perception`: what game agents notice and remember.
 *
 * - Senses: Boolean vision (distance, cone, then a line-of-sight ray), identification certainty from
 *   nested vision zones, hearing with radius, falloff, sensitivity and occlusion; a plain-data
 *   {@link SenseManager} for many agents per frame and the one-call {@link senseTargets}.
 * - Memory: per-agent {@link TargetMemory} with decaying confidence, last known position, an
 *   intuition window, awareness levels and validated save/restore.
 * - Influence maps on a grid: stamping, propagation with momentum and decay, combining maps.
 *
 * @packageDocumentation
 */

export { PerceptionErrorCodes } from "./errors";
export { type LineOfSight, type Occlusion } from "./line-of-sight/types";
export {
  canSee,
  type CanSeeOptions,
  type VisionCertaintyOptions,
  visionCertainty,
  type VisionCone,
  VisionShape,
  type VisionShapeValue,
  type VisionZone,
  validateVisionZones,
} from "./senses/vision";
export {
  type HearingOptions,
  hearingIntensity,
  type MovementNoiseOptions,
  computeMovementNoiseRadius,
  selectSound,
  type SoundEvent,
  validateSoundEvent,
} from "./senses/hearing";
export { gridLineOfSight } from "./line-of-sight/grid-line-of-sight";
export { boxLineOfSight, type BoxLineOfSightOptions } from "./line-of-sight/box-line-of-sight";
export {
  addSensor,
  createSenseManager,
  createSenseResult,
  type SenseManager,
  type SenseOptions,
  type SenseResult,
  type SenseResultOptions,
  SenseResultFlags,
  senseInto,
  type SensorDefinition,
  setSensorPose,
} from "./senses/sense-manager";
export { type Observer, senseTargets, type SenseTargetsOptions, type SenseTargetsResult } from "./senses/sense-targets";
export {
  Awareness,
  awarenessOf,
  type AwarenessValue,
  createTargetMemory,
  findTargetMemory,
  recordPerception,
  restoreTargetMemory,
  saveTargetMemory,
  SenseKind,
  type SenseKindValue,
  type TargetMemory,
  type TargetMemoryOptions,
  type TargetMemorySnapshot,
  trackTargetIntuition,
  updateTargetMemory,
} from "./memory/target-memory";
export {
  addInfluence,
  type AddInfluenceOptions,
  addInverseInfluence,
  createInfluenceLayer,
  findHighestInfluence,
  findLowestInfluence,
  InfluenceFalloff,
  type InfluenceFalloffValue,
  type InfluenceLayer,
  invertInfluence,
  multiplyInfluence,
  normalizeInfluence,
  stampInfluence,
  stampInfluences,
  type StampOptions,
} from "./influence/influence-layer";
export {
  type AdvanceInfluenceOptions,
  advanceInfluenceMap,
  createInfluenceMap,
  influenceAt,
  type InfluenceMap,
  type InfluenceMapOptions,
  type InfluenceMapSnapshot,
  propagateInfluence,
  restoreInfluenceMap,
  saveInfluenceMap,
  setInfluenceSource,
} from "./influence/influence-map";
export {
  createProbabilityMap,
  decideInstantiation,
  observeProbabilityState,
  priorProbability,
  type ProbabilityMap,
  stepProbabilityMap,
} from "./search/probability-map";
export {
  type DetectionOptions,
  detectionTime,
  type DetectionTimeOptions,
  PerceptionThreshold,
  ReactionTime,
  reactionDelay,
  type ReactionDelayOptions,
  stepDetection,
  stepPerceptionTimer,
  viewHalfAngle,
} from "./detection/detection";
export { type SoundChoke, soundPathDistance } from "./senses/sound-path";
export {
  advanceSearch,
  clearVisibleSpots,
  createSearchCoordinator,
  investigatorLimit,
  isSearchOver,
  requestSearchSpot,
  type SearchCoordinator,
  type SearchCoordinatorOptions,
  SearchMode,
  type SearchModeValue,
  setSearchTarget,
  SpotState,
  type SpotStateValue,
  staggerStandDown,
  startSearch,
} from "./search/search-coordinator";
export { mergeTerrainRegions, type MergeTerrainRegionsOptions, regionNeighbors, type TerrainRegions } from "./terrain/terrain-merge";
export {
  addRegionInfluence,
  addTileInfluence,
  type TileInfluenceOptions,
  artilleryInfluence,
  commanderInfluence,
  linearInfluence,
  mixPlayerInfluence,
  createRegionCenterCost,
  type RegionInfluenceOptions,
  travelTimeInfluence,
} from "./influence/region-influence";
export {
  decomposeTerrain,
  type RegionPassabilityOptions,
  type DecomposeTerrainOptions,
  findCulDeSacs,
  isChokepoint,
  rectangleNeighbors,
  type TerrainRectangles,
} from "./terrain/terrain-regions";
export {
  addDangerRegion,
  advanceDangerRegions,
  createDangerRegions,
  dangerAt,
  type DangerRegions,
  selectTarget,
  type SelectTargetOptions,
} from "./targeting/danger-regions";
export {
  addPointSource,
  clearPointSources,
  createPointInfluence,
  findPointInfluenceExtreme,
  type FindPointInfluenceExtremeOptions,
  type PointInfluence,
  pointInfluenceAt,
  pointInfluenceGradient,
  samplePointInfluence,
  simplifyPointSources,
  type SimplifyPointSourcesOptions,
  spreadPointSources,
  type SpreadPointSourcesOptions,
} from "./influence/point-influence";
export { type ShapedStampOptions, stampPathDistanceInfluence, stampRingInfluence, computeTemplateRadius } from "./influence/influence-stamps";
export { findAreaOfEffectTarget, findBattlefront, findSaferSpot, findSpacedBattlefront, type SpacedBattlefrontOptions } from "./influence/influence-recipes";
export {
  canStartDetection,
  countVisibleBones,
  type DetectionGateOptions,
  detectionTimeScale,
  type DetectionTimeScaleOptions,
} from "./detection/detection-gates";
export { beginExposureMap, createExposureMap, type ExposureMap, exposurePathCost, stepExposureMap } from "./terrain/exposure-map";
export { clearSearchMapVisible, createSearchMap, type SearchMapOptions, diffuseSearchMap, type SearchMap, setSearchMapKnown } from "./search/search-map";
export {
  collapsePossibility,
  createPossibilityForks,
  createPossibilityMap,
  decidePossibleInstantiation,
  forkPossibility,
  observePossibility,
  propagatePossibility,
  type PossibilityForks,
  type PossibilityMap,
  type PropagatePossibilityOptions,
} from "./search/possibility-map";
export {
  advanceChangedObjects,
  type ChangedObjects,
  type ChangedObjectsOptions,
  claimChangedObject,
  createChangedObjects,
  observeObjectState,
} from "./memory/changed-objects";
export { predictSighting, type PredictSightingOptions } from "./senses/will-see";
export {
  type CanvassGrid,
  type CanvassGridOptions,
  chooseCanvassPose,
  type ChooseCanvassPoseOptions,
  countCanvassWedge,
  createCanvassGrid,
  markCanvassWedge,
} from "./search/canvass-grid";
export { placeSearchPoints, type PlaceSearchPointsOptions } from "./search/search-points";
export { createScentField, type ScentFieldOptions, depositScent, followScent, type ScentField, setScentFade } from "./search/scent-field";
export { climbInfluence, type ClimbInfluenceOptions, influenceGradient } from "./influence/influence-climb";
export { createDisappearanceWatch, type DisappearanceWatch, type DisappearanceWatchOptions, stepDisappearanceWatch } from "./memory/disappearance-watch";
export { advanceSharedBelief, type ApproachOptions, createSharedBelief, reportSighting, type SharedBelief, shouldApproach } from "./memory/shared-belief";
export { type PerceptionSliceCounters, type SliceStatus } from "./runtime/sliced-update";
export { beginVisionBatch, createVisionBatch, stepVisionBatch, type VisionBatch, type VisionBatchAgents, type VisionBatchOptions } from "./senses/vision-batch";
export { createInfluencePropagation, type InfluencePropagation, stepInfluencePropagation } from "./runtime/influence-slices";
export { createExposureCounters, stepExposureSlice } from "./runtime/exposure-slices";
// Snapshot-envelope codecs (issue 17): sections for core's saveSnapshot / restoreSnapshot.
export { influenceMapSnapshotCodec, targetMemorySnapshotCodec } from "./io/state-codecs";
export {
  createExposureTask,
  createInfluencePropagationTask,
  type InfluencePropagationTaskOptions,
  createVisionBatchTask,
  type ExposureTask,
  type InfluencePropagationTask,
  type VisionBatchTask,
} from "./runtime/sliced-task";
