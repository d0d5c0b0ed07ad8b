/**
 * `@tactica/decision`: how game agents decide — behaviour trees (JSON-defined, compiled to flat
 * node tables, per-tick or event-driven, hinted execution, save/restore mid-run), finite and
 * hierarchical state machines, utility AI (response-curve considerations, dual utility, post
 * selectors), production rules with dynamic scripting, blackboards, coordinators and action
 * tokens, fuzzy logic, bandits (UCB1, regret matching) and small neural networks. Running state
 * (behaviour trees, state machines, blackboards) is plain data: the compiled definition and the
 * agent are passed to every call.
 *
 * Level 2 (start here): {@link runBehaviorTree}, {@link runStateMachine}, {@link pickUtilityOption}.
 *
 * @packageDocumentation
 */
export type { DefinitionIssue } from "./definition-error";
export {
  advanceBlackboard,
  createBlackboard,
  getBlackboardAge,
  getBlackboardKeyIndex,
  hasBlackboardValue,
  readBlackboard,
  readBlackboardAt,
  restoreBlackboard,
  saveBlackboard,
  writeBlackboard,
  writeBlackboardAt,
  type Blackboard,
  type BlackboardSchema,
  type BlackboardSnapshot,
  type BlackboardValue,
  type BlackboardValueType,
} from "./blackboard";
export { BtStatus, type BtStatusValue, type BtTickResult } from "./bt/status";
export {
  btNodeTypes,
  type BehaviorTreeDefinition,
  type BtAbortMode,
  type BtActionNode,
  type BtCompareNode,
  type BtCompareOp,
  type BtCompositeNode,
  type BtConditionNode,
  type BtGuardNode,
  type BtHintConditionNode,
  type BtHinterNode,
  type BtHintValue,
  type BtNode,
  type BtNodeBase,
  type BtParallelNode,
  type BtRaceNode,
  type BtRepeatNode,
  type BtRetryNode,
  type BtSetNode,
  type BtSimpleDecoratorNode,
  type BtTimedDecoratorNode,
  type BtWaitNode,
} from "./bt/definition";
export { behaviorTreeJsonSchema } from "./bt/schema";
export type { BehaviorTree, BtActionContext, BtActionFn, BtActionHandler, BtBindings, BtConditionFn, BtState } from "./bt/types";
export { createBehaviorTree, validateBehaviorTree } from "./bt/compile";
export { createTreeState, type BtStateOptions } from "./bt/state";
export { postTreeEvent, resetTree, resolveAction, tickTree, treeNeedsEvaluation, updateTree } from "./bt/tick";
export { abortTreeNode } from "./bt/abort";
export { clearTreeHints, getSelectorOrder, setTreeHint } from "./bt/hints";
export { type AsyncActionOptions, createAsyncAction } from "./bt/async-action";
export { restoreTree, saveTree, type BtSnapshot } from "./bt/snapshot";
export { treeSnapshotCodec } from "./bt/tree-codec";
export { readTreeTrace, type BtTraceEntry } from "./bt/trace";
export {
  createHintedController,
  createHintLevel,
  popHintLevel,
  pushHintLevel,
  tickHintedController,
  type HintedController,
  type HintLevel,
} from "./bt/controller";
export { runBehaviorTree, type BehaviorTreeRunResult } from "./bt/run";
export type {
  MachineBindings,
  MachineCallbackContext,
  StateCallback,
  StateDefinition,
  StateMachineDefinition,
  TransitionDefinition,
  TransitionGuard,
} from "./fsm/definition";
export {
  createMachineState,
  createStateMachine,
  dispatchMachineEvent,
  getActiveStateName,
  isStateActive,
  postMachineEvent,
  restoreMachine,
  saveMachine,
  startMachine,
  updateMachine,
  validateStateMachine,
  type MachineSnapshot,
  type MachineState,
  type MachineStateOptions,
  type PostMachineEventOptions,
  type StateMachine,
  type UpdateMachineOptions,
} from "./fsm/machine";
export { runStateMachine, type StateMachineRunResult } from "./fsm/run";
export { createMachineSnapshotCodec } from "./fsm/machine-codec";
export type { ConsiderationDefinition, UtilityDefinition, UtilityOptionDefinition, UtilitySelectionDefinition } from "./utility/definition";
export {
  chooseUtility,
  chooseUtilityBatch,
  createUtilitySet,
  createUtilityState,
  explainUtility,
  scoreUtility,
  validateUtility,
  type ChooseUtilityOptions,
  type ScoreUtilityOptions,
  type UtilityBreakdown,
  type UtilitySet,
  type UtilityState,
} from "./utility/utility-set";
export { pickWeighted, selectDualUtility, type PickWeightedOptions } from "./utility/dual-utility";
export { createUtilityBatchTask, type UtilityBatchTask } from "./utility/sliced-task";
export { pickUtilityOption, type PickUtilityOptionOptions, type UtilityPick } from "./utility/pick";
export {
  createPostSelector,
  ratePosts,
  type PostCriterion,
  type PostCriterionDefinition,
  type PostSelector,
  type PostSelectorDefinition,
} from "./utility/post-selector";
export { createPersonality, scorePersonality, type Personality, type PersonalityDefinition } from "./utility/personality";
export {
  createBlackboardScope,
  getBlackboardScope,
  readScoped,
  writeScoped,
  type BlackboardScope,
  type BlackboardScopeName,
  type BlackboardScopeOptions,
} from "./coordination/scoped-blackboard";
export {
  AnimationPriority,
  canPlayAnimation,
  createAnimationBlackboard,
  hashAnimationName,
  registerAnimation,
  tryPlayAnimation,
  type AnimationBlackboard,
  type AnimationBlackboardOptions,
  type AnimationPlaceOptions,
  type AnimationPlayOptions,
} from "./coordination/animation-blackboard";
export {
  SquadLists,
  createCaseMemory,
  createSquadBlackboard,
  getTopSquadEntry,
  postSquadEntry,
  recallCase,
  type RecallCaseOptions,
  recordCase,
  reinforceCase,
  removeSquadEntry,
  reprioritizeSquadEntry,
  type CaseMemory,
  type CaseMemoryOptions,
  type SquadBlackboard,
  type SquadBlackboardOptions,
  type SquadEntry,
  type SquadList,
} from "./coordination/squad-blackboard";
export {
  acknowledgeRole,
  createCoordinator,
  getRoleHolder,
  releaseRole,
  requestRole,
  updateCoordinator,
  type Coordinator,
  type RoleDefinition,
  type RolePolicy,
} from "./coordination/coordinator";
export {
  acquireToken,
  createActionTokens,
  releaseToken,
  setTokenPopulation,
  type ActionTokenDefinition,
  type ActionTokens,
} from "./coordination/action-tokens";
export type { ConflictStrategy, RuleAction, RuleBaseDefinition, RuleCondition, RuleDefinition, RuleOp } from "./rules/definition";
export {
  createRuleEngine,
  createRuleState,
  getRuleFact,
  getFactId,
  getFactSymbol,
  getMatchedRuleNames,
  getNeverFiredRules,
  getSymbolId,
  matchRules,
  reinforceRule,
  restoreRuleState,
  runRuleCycle,
  saveRuleState,
  setRuleFact,
  setRuleEnabled,
  validateRuleBase,
  type ReinforceRuleOptions,
  type RuleBindings,
  type RuleCall,
  type RuleEngine,
  type RuleSnapshot,
  type RuleState,
  type RuleStateOptions,
  type RuleTest,
} from "./rules/engine";
export { queryRules, type RuleQueryOptions } from "./rules/query";
export { ruleBaseJsonSchema } from "./rules/schema";
export {
  adaptScriptWeights,
  createDynamicScripting,
  enableScript,
  generateScript,
  type DynamicScripting,
  type DynamicScriptingOptions,
} from "./rules/dynamic-scripting";
export {
  addResourceUnit,
  type AddResourceUnitOptions,
  advanceResourceRules,
  createResourceRules,
  createResourceWorld,
  getResource,
  setResource,
  validateResourceRules,
  type ResourceAccessOptions,
  type ResourceAction,
  type ResourceRuleDefinition,
  type ResourceRules,
  type ResourceRulesDefinition,
  type ResourceRunResult,
  type ResourceWorld,
  type ResourceWorldOptions,
} from "./rules/resource-rules";
export { createUcb1, getUcb1Value, selectUcb1, updateUcb1, type Ucb1, type Ucb1Options } from "./bandit/ucb1";
export {
  computeAverageRegretStrategy,
  computeRegretStrategy,
  createRegretMatching,
  selectRegretMatching,
  updateRegretMatching,
  type RegretMatching,
  type RegretMatchingOptions,
  type UpdateRegretMatchingOptions,
} from "./bandit/regret-matching";
export { activate, mcCullochPitts, neurode, type Activation } from "./neural/activation";
export { classifyHebb, trainHebb, type HebbNet } from "./neural/hebb";
export { recallHopfield, trainHopfield, type HopfieldNet } from "./neural/hopfield";
export {
  createMlp,
  mlpFromJson,
  mlpToJson,
  runMlp,
  trainMlp,
  trainMlpSample,
  type Mlp,
  type MlpWeights,
  type TrainMlpOptions,
  type TrainMlpSampleOptions,
} from "./neural/mlp";
export type {
  DefuzzifyMethod,
  FuzzyExpression,
  FuzzyFamDefinition,
  FuzzyRuleDefinition,
  FuzzySetDefinition,
  FuzzySystemDefinition,
  FuzzyVariableDefinition,
} from "./fuzzy/definition";
export {
  createFuzzyState,
  createFuzzySystem,
  defuzzify,
  evaluateFuzzy,
  fuzzify,
  getFuzzyMembership,
  inferFuzzy,
  restoreFuzzyState,
  saveFuzzyState,
  validateFuzzySystem,
  type DefuzzifyOptions,
  type FuzzySnapshot,
  type FuzzyState,
  type FuzzySystem,
} from "./fuzzy/system";
export { blackboardSnapshotCodec } from "./blackboard-codec";
