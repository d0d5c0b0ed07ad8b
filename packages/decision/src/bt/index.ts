export { BtStatus, type BtStatusValue, type BtTickResult } from "./status";
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
} from "./definition";
export { behaviorTreeJsonSchema } from "./schema";
export type { BehaviorTree, BtActionContext, BtActionFn, BtActionHandler, BtBindings, BtConditionFn, BtState } from "./types";
export { createBehaviorTree, validateBehaviorTree } from "./compile";
export { createTreeState, type BtStateOptions } from "./state";
export { postTreeEvent, resetTree, resolveAction, tickTree, treeNeedsEvaluation, updateTree } from "./tick";
export { abortTreeNode } from "./abort";
export { clearTreeHints, getSelectorOrder, setTreeHint } from "./hints";
export { createAsyncAction } from "./async-action";
export { restoreTree, saveTree, type BtSnapshot } from "./snapshot";
export { readTreeTrace, type BtTraceEntry } from "./trace";
export { createHintedController, popHintLevel, pushHintLevel, tickHintedController, type HintedController, type HintLevel } from "./controller";
export { runBehaviorTree, type BehaviorTreeRunResult } from "./run";
