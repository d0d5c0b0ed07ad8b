/**
 * `@tactica/planning`: STRIPS/GOAP planning over bit-vector states (forward BFS, forward A*,
 * regressive A*), HTN planning, plan execution and monitoring, smart objects and smart zones.
 *
 * Start with {@link findPlan}; in a frame loop use {@link compileProblem} once and
 * {@link planBfs} / {@link planGoap} with a reused {@link PlanResult}.
 * @packageDocumentation
 */
export { PathFlags, type PathResult } from "@tactica/search";
export { PlanningErrorCodes, type PlanningErrorCode } from "./internal/errors";
export type { PlanningAction, PlanningDomain, PlanningFact, PlanningLiteral, PlanningObject, PlanningParameter, PlanningPredicate } from "./domain/types";
export { parseDomain, formatDomain, type ParseDomainOptions } from "./domain/parse-domain";
export { domainToJson, domainFromJson, type PlanningDomainJson } from "./domain/domain-json";
export {
  compileProblem,
  compileGoal,
  stateFromFacts,
  factsOfState,
  getFactIndex,
  type CompileProblemOptions,
  type PlanningGoal,
  type PlanningProblem,
} from "./ground/problem";
export {
  createPlanningState,
  hasStateFact,
  setStateFact,
  isActionApplicable,
  applyAction,
  isGoalSatisfied,
  hashStateWords,
  stateToIds,
  stateFromIds,
} from "./ground/state";
export { createPlanResult, type PlanResult, type PlanResultOptions } from "./forward/plan-result";
export { planBfs, type ForwardPlanOptions } from "./forward/plan-bfs";
export { planForwardAStar, type ForwardAStarOptions } from "./forward/plan-astar";
export {
  createGoapSearch,
  startGoapSearch,
  stepGoapSearch,
  readGoapPlan,
  readGoapNodes,
  type ReadGoapNodesOptions,
  planGoap,
  type GoapNodeView,
  type GoapOptions,
  type GoapSearch,
} from "./goap/plan-goap";
export { createGoapPlanCache, planGoapCached, type GoapPlanCache, type GoapPlanCacheOptions } from "./goap/plan-cache";
export { createGoapSearchTask, createHtnPlanTask, type GoapSearchTask, type HtnPlanTask } from "./sliced-task";
export { findPlan, type FindPlanOptions, type FindPlanResult } from "./find-plan";
export { compileActionLayout, type ActionLayout } from "./lifted/action-layout";
export { enumerateApplicable, type ApplicableEnumeration } from "./lifted/enumerate-applicable";
export { findAlternativePlans, findUnreachableGoals, type AlternativePlan, type AlternativePlansOptions } from "./alternatives";
export {
  compileHtn,
  createHtnResult,
  planHtn,
  planHtnInto,
  replanHtn,
  type HtnMethod,
  type HtnOptions,
  type HtnProblem,
  type HtnResult,
  type HtnTraceNode,
} from "./htn/htn";
export { createHtnResultSnapshotCodec, type HtnAgendaSnapshot, type HtnResultSnapshot } from "./htn/htn-codec";
export {
  RunnerStatus,
  StepStatus,
  ReplanReason,
  createPlanRunner,
  pushRunnerGoal,
  removeRunnerGoal,
  insertRunnerDetour,
  watchRunnerFact,
  setRunnerFact,
  tickPlanRunner,
  saveRunner,
  restoreRunner,
  type PlanRunner,
  type PlanRunnerHooks,
  type PlanRunnerOptions,
  type PlanRunnerSnapshot,
  type RunnerGoal,
} from "./runner/plan-runner";
export {
  addSmartObjects,
  createSmartObjectRegistry,
  reserveSmartObject,
  releaseSmartObject,
  writeSmartObjectMask,
  type SmartObjectDefinition,
  type SmartObjectRegistry,
} from "./smart/smart-object";
export {
  createSmartZone,
  areSmartZoneTriggersMet,
  castSmartZone,
  stepSmartZone,
  joinSmartZone,
  leaveSmartZone,
  selectZoneBehavior,
  saveSmartZone,
  restoreSmartZone,
  type SmartZone,
  type SmartZoneSnapshot,
  type SmartZoneDefinition,
  type SmartZoneRole,
  type SmartZoneStage,
  type SmartZoneState,
  type SmartZoneTrigger,
  type ZoneBehaviorOption,
  type ZoneChooser,
  type ZoneMember,
  type ZoneNpc,
  type ZoneWorld,
} from "./smart/smart-zone";
export { planningDomainJsonSchema } from "./domain/domain-schema";
export { createLiftedPlanner, planLiftedBfs, type LiftedPlanner } from "./lifted/plan-lifted-bfs";
export { createPlanRunnerSnapshotCodec } from "./runner/runner-codec";
