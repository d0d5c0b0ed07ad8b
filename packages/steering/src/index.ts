/**
 * `@tactica/steering`: steering behaviors, flocking, context steering, anticipatory avoidance,
 * ORCA and structure-of-arrays crowds.
 *
 * - Single agents: {@link SteeringAgent} plain data, {@link applySteeringForce}, and the Reynolds
 *   behaviors (seek, flee, arrive, pursue, evade, intercept, wander, obstacle and wall avoidance,
 *   interpose, hide, path and flow-field following, offset pursuit, flocking with view arcs,
 *   chasing, pattern movement, Lennard-Jones potential fields), each writing a force into `out`.
 * - Combination: weighted truncated sum, prioritized truncated running sum, prioritized dithering.
 * - Crowds: the structure-of-arrays {@link Crowd} with stable integer handles and fixed-`dt` steps
 *   for boids, chapter 19's time-to-collision forces, ORCA with RVO2's semantics, flow fields with
 *   congestion and potential fields; neighbor queries through core's spatial hash.
 * - Context steering (interest/danger maps) and its 1D racing-line variant; slot formations.
 *
 * - Start here: {@link steer} (level 2) moves one agent by a list of plain behavior descriptions
 *   (`{ type: "arrive", target, slowingRadius }`, …) and returns a plain result.
 *
 * Level-1 functions never allocate after creation; determinism comes from core's `Rng` and `dt`.
 * Crowd handles carry a generation ({@link Crowd}); {@link saveCrowd}/{@link restoreCrowd}
 * snapshot a running crowd.
 *
 * @packageDocumentation
 */
export {
  type SteeringBehaviorBase,
  type SeekBehavior,
  type FleeBehavior,
  type ArriveBehavior,
  type PursueBehavior,
  type EvadeBehavior,
  type WanderBehavior,
  type AvoidObstaclesBehavior,
  type FollowPathBehavior,
  type SteeringBehavior,
  type SteerOptions,
  type SteerResult,
  steer,
} from "./steer";
export { type SteeringAgent, type ReadonlySteeringAgent, type SteeringAgentOptions, createSteeringAgent, applySteeringForce, getAgentForward } from "./agent";
export { seek, type FleeOptions, flee } from "./behaviors/seek";
export { computeBrakingSpeed, arrive } from "./behaviors/arrive";
export { type MovingTarget, pursue, evade, computeInterceptPoint, intercept, type HeadedTarget, offsetPursuit, interpose } from "./behaviors/pursuit";
export { type WanderState, type WanderParams, createWanderState, wander } from "./behaviors/wander";
export { type CircleObstacle, type ObstacleAvoidanceParams, avoidObstacles, feelerHitsCircle, feelerAvoidance } from "./behaviors/obstacle-avoidance";
export { type Wall, type WallAvoidanceParams, avoidWalls } from "./behaviors/wall-avoidance";
export { findHidingSpot, hide } from "./behaviors/hide";
export { type SteeringPath, type PathFollowState, type SteeringPathOptions, createSteeringPath, followPath } from "./behaviors/path-following";
export {
  ViewArcs,
  type ViewArc,
  isInViewArc,
  type FlockView,
  isVisibleNeighbor,
  separation,
  alignment,
  cohesion,
  type ImplicitLeaderOptions,
  isImplicitLeader,
  type FlockingTurnParams,
  computeFlockingTurnForce,
} from "./behaviors/flocking";
export { type FlowFieldSampler, followFlowField } from "./behaviors/flow-field";
export { basicChaseStep, basicEvadeStep, lineOfSightChasePath, lineOfSightChaseTurn, lineOfSightChase } from "./behaviors/chase";
export {
  type PatternStep,
  type MovementPattern,
  type PatternState,
  createMovementPattern,
  createPatternState,
  followMovementPattern,
  normalizeTilePattern,
  type TrackPredicate,
  trackFollowStep,
} from "./behaviors/pattern-movement";
export {
  type LennardJonesParams,
  defaultLennardJones,
  validateLennardJones,
  lennardJonesPotential,
  lennardJonesForce,
  lennardJonesEquilibrium,
  type PotentialFieldOptions,
  potentialFieldForce,
} from "./behaviors/potential-field";
export { combineWeightedTruncatedSum, combinePrioritized, type SteeringEvaluator, type DitheredOptions, combineDithered } from "./combine";
export {
  type ContextMap,
  createContextMap,
  clearContextMap,
  getContextSlotDirection,
  writeContextDirection,
  writeContextChase,
  writeContextAvoid,
  mergeContextMaps,
  type BlurContextOptions,
  blurContextValues,
  blendContextMap,
  type ContextDecision,
  createContextDecision,
  type ResolveContextOptions,
  resolveContextMap,
} from "./context/context-map";
export {
  type RacingContextMap,
  createRacingContextMap,
  clearRacingContextMap,
  writeRacingLineInterest,
  writeCarDanger,
  type RacingDecision,
  createRacingDecision,
  resolveRacingContextMap,
} from "./context/racing-line";
export { type BoidsParams, computeCrowdBoidsForces, stepCrowdBoids, wrapCrowd, seedCrowdWander } from "./crowd/boids";
export { type CrowdColumn, type CrowdSnapshot, saveCrowd, restoreCrowd } from "./crowd/crowd-snapshot";
export {
  type CrowdOptions,
  type CrowdAgentOptions,
  type Crowd,
  createCrowd,
  addCrowdAgent,
  isCrowdAgentAlive,
  getCrowdAgentSlot,
  getCrowdAgentHandle,
  removeCrowdAgent,
  setCrowdAgentPreferredVelocity,
  setCrowdAgentPosition,
  setCrowdAgentVelocity,
  gatherCrowdNeighbors,
  integrateCrowd,
  advanceCrowdPositions,
} from "./crowd/crowd";
export {
  computeCongestionPenalty,
  type CongestionMapOptions,
  type CongestionMap,
  createCongestionMap,
  updateCongestionMap,
  sampleCongestionPenalty,
  type CrowdFlowParams,
  stepCrowdFlow,
} from "./crowd/flow";
export { type OrcaLines } from "./crowd/orca/linear-program";
export { createOrcaObstacles } from "./crowd/orca/obstacles";
export { type OrcaOptions, createOrca, stepCrowdOrca } from "./crowd/orca/step";
export { type OrcaParams, type OrcaObstacles, type Orca } from "./crowd/orca/types";
export { computeOrcaVelocity } from "./crowd/orca/velocity";
export { type CrowdPotentialParams, stepCrowdPotential } from "./crowd/potential";
export { timeToCollision, type TtcParams, computeTtcForces, stepCrowdTtc } from "./crowd/ttc";
export {
  type Formation,
  createLineFormation,
  createColumnFormation,
  createWedgeFormation,
  createCircleFormation,
  createRankFormation,
  createCustomFormation,
  getFormationSlotPosition,
  type SlotAssignmentScratch,
  createSlotAssignmentScratch,
  assignFormationSlots,
} from "./formation/formation";
export {
  type GroupAnchor,
  createGroupAnchor,
  type GroupAnchorParams,
  stepGroupAnchor,
  type FormationMemberParams,
  stepFormationMembers,
  type GroupProperties,
  computeGroupProperties,
} from "./formation/group";
export { crowdSnapshotCodec } from "./crowd/crowd-codec";
