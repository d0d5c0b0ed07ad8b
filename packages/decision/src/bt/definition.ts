/** Comparison operators of `compare` and `guard` nodes. */
export type BtCompareOp = "<" | "<=" | "==" | "!=" | ">=" | ">";

/** Abort modes of a `guard` decorator (see {@link BtGuardNode}). */
export type BtAbortMode = "none" | "self" | "lowerPriority" | "both";

/** A hint value sent by a `hinter` or tested by a `hintCondition` (hinted execution). */
export type BtHintValue = "positive" | "negative" | "neutral";

/** Properties every node may carry. */
export interface BtNodeBase {
  /**
   * Optional name. Names appear in traces; the name of a selector's child also exposes a hint
   * of that name (hinted execution: positive hints move the branch forward, negative to the back).
   */
  name?: string;
}

/**
 * `sequence` (children in order until one fails), `selector` (until one succeeds), `shuffle`
 * (a sequence in a seeded random order drawn on entry), `randomSelector` (a selector in a seeded
 * random order). With `memory: true` (default) a running child is resumed on the next tick;
 * with `memory: false` (reactive) the composite re-evaluates from its first child every tick
 * and aborts a running child that is no longer reached. A reactive selector (or one reordered
 * by hints) whose higher-priority branch takes over aborts the running lower-priority branch
 * before that branch's first action ticks (abort first, then tick): the new branch's conditions
 * decide the pre-emption, so guard higher-priority actions that may fail at once with a
 * condition, or the lower branch restarts each tick. A reactive sequence aborts its running
 * child after an earlier child stops succeeding.
 */
export interface BtCompositeNode extends BtNodeBase {
  /** Node type. */
  type: "sequence" | "selector" | "shuffle" | "randomSelector";
  /** Children, at least one. */
  children: BtNode[];
  /** Resume the running child (true, default) or re-evaluate from the first child (false). */
  memory?: boolean;
}

/**
 * `parallel`: ticks all children every tick. Succeeds when the success policy is met (`"all"`
 * children succeeded, default, or `"one"`), fails when the failure policy is met (`"one"`,
 * default, or `"all"`); remaining running children are aborted. When every child has finished
 * and neither policy is met it fails. With `memory: false` finished children are re-ticked.
 */
export interface BtParallelNode extends BtNodeBase {
  /** Node type. */
  type: "parallel";
  /** Children, at least one. */
  children: BtNode[];
  /** How many children must succeed: `"all"` (default) or `"one"`. */
  success?: "all" | "one";
  /** How many children must fail: `"one"` (default) or `"all"`. */
  failure?: "all" | "one";
  /** Keep finished children's results (true, default) or re-tick them (false). */
  memory?: boolean;
}

/** `race`: ticks all children; succeeds as soon as one succeeds, fails when all have failed. */
export interface BtRaceNode extends BtNodeBase {
  /** Node type. */
  type: "race";
  /** Children, at least one. */
  children: BtNode[];
}

/** `inverter` swaps success and failure; `succeed` / `fail` force the finished result. */
export interface BtSimpleDecoratorNode extends BtNodeBase {
  /** Node type. */
  type: "inverter" | "succeed" | "fail";
  /** The decorated child. */
  child: BtNode;
}

/**
 * `repeat`: re-runs the child after each success (once per tick) until it has succeeded `count`
 * times (then succeeds) or fails (then fails). Without `count` it repeats forever.
 */
export interface BtRepeatNode extends BtNodeBase {
  /** Node type. */
  type: "repeat";
  /** The decorated child. */
  child: BtNode;
  /** Successes needed, integer ≥ 1; omit for forever. */
  count?: number;
}

/**
 * `retry`: re-runs the child after each failure (once per tick) until it succeeds (then
 * succeeds) or has failed `attempts` times (then fails). Without `attempts` it retries forever.
 */
export interface BtRetryNode extends BtNodeBase {
  /** Node type. */
  type: "retry";
  /** The decorated child. */
  child: BtNode;
  /** Failures allowed, integer ≥ 1; omit for forever. */
  attempts?: number;
}

/**
 * `cooldown`: after the child finishes, the node fails without ticking the child for `duration`
 * seconds of tree time. `timeout`: fails (aborting the child) once the child has been running
 * for `duration` seconds.
 */
export interface BtTimedDecoratorNode extends BtNodeBase {
  /** Node type. */
  type: "cooldown" | "timeout";
  /** The decorated child. */
  child: BtNode;
  /** Seconds, ≥ 0. */
  duration: number;
}

/**
 * `guard`: runs the child only while a condition holds. The condition is either a named
 * condition (`condition`) or a blackboard comparison (`key`, `op`, `value`). Aborts:
 * `"self"` — while the child runs, the condition is re-checked each tick and the child is
 * aborted (the guard fails) when it turns false; `"lowerPriority"` — when the guard is a direct
 * child of a selector and a later sibling is running, the condition is checked each tick and,
 * when it turns true, the running sibling is aborted and the guard's branch runs; `"both"`;
 * `"none"` (default) — checked on entry only.
 */
export interface BtGuardNode extends BtNodeBase {
  /** Node type. */
  type: "guard";
  /** The guarded child. */
  child: BtNode;
  /** Name of a bound condition (alternative to `key`/`op`/`value`). */
  condition?: string;
  /** Arguments passed to the named condition. */
  args?: Record<string, unknown>;
  /** Blackboard key to compare (alternative to `condition`). */
  key?: string;
  /** Comparison operator (default `"=="`). */
  op?: BtCompareOp;
  /** Value to compare the key with. */
  value?: number | boolean | string;
  /** Abort mode (default `"none"`). */
  abort?: BtAbortMode;
  /** Blackboard keys whose change re-evaluates an event-driven tree (added to the compared key). */
  watch?: string[];
}

/** `action`: a bound action; may run for many ticks and may be asynchronous. */
export interface BtActionNode extends BtNodeBase {
  /** Node type. */
  type: "action";
  /** Name of a bound action. */
  action: string;
  /** Arguments passed to the action (read-only, shared). */
  args?: Record<string, unknown>;
}

/** `condition`: a bound predicate; succeeds when it returns true. */
export interface BtConditionNode extends BtNodeBase {
  /** Node type. */
  type: "condition";
  /** Name of a bound condition. */
  condition: string;
  /** Arguments passed to the condition. */
  args?: Record<string, unknown>;
  /** Blackboard keys whose change re-evaluates an event-driven tree. */
  watch?: string[];
}

/** `compare`: succeeds when blackboard `key op value` holds (no code needed). */
export interface BtCompareNode extends BtNodeBase {
  /** Node type. */
  type: "compare";
  /** Blackboard key. */
  key: string;
  /** Operator (default `"=="`); ordering operators need a number key. */
  op?: BtCompareOp;
  /** Value of the key's type. */
  value: number | boolean | string;
}

/** `set`: writes `value` to blackboard `key` and succeeds (a "broadcast" action). */
export interface BtSetNode extends BtNodeBase {
  /** Node type. */
  type: "set";
  /** Blackboard key. */
  key: string;
  /** Value of the key's type. */
  value: number | boolean | string;
}

/** `wait`: runs until `duration` seconds of tree time have passed since it was entered, then succeeds. */
export interface BtWaitNode extends BtNodeBase {
  /** Node type. */
  type: "wait";
  /** Seconds, ≥ 0. */
  duration: number;
}

/**
 * `hinter` (hinted execution): sends hint `hint` with `value` to the tree one level below in a
 * {@link HintedController} and succeeds in the same tick. Without a lower level it just succeeds.
 */
export interface BtHinterNode extends BtNodeBase {
  /** Node type. */
  type: "hinter";
  /** Hint name (a named branch or hint condition of the lower tree). */
  hint: string;
  /** Hint value. */
  value: BtHintValue;
}

/** `hintCondition`: succeeds when this tree currently holds hint `hint` with value `is`. */
export interface BtHintConditionNode extends BtNodeBase {
  /** Node type. */
  type: "hintCondition";
  /** Hint name. */
  hint: string;
  /** Expected hint value. */
  is: BtHintValue;
}

/** Any behaviour-tree node definition. */
export type BtNode =
  | BtCompositeNode
  | BtParallelNode
  | BtRaceNode
  | BtSimpleDecoratorNode
  | BtRepeatNode
  | BtRetryNode
  | BtTimedDecoratorNode
  | BtGuardNode
  | BtActionNode
  | BtConditionNode
  | BtCompareNode
  | BtSetNode
  | BtWaitNode
  | BtHinterNode
  | BtHintConditionNode;

/** A behaviour-tree definition: plain JSON, validated against {@link behaviorTreeJsonSchema}. */
export interface BehaviorTreeDefinition {
  /** Schema version; must be 1. */
  version: 1;
  /** The root node. */
  root: BtNode;
}

/** Every node `type` a definition may use. */
export const btNodeTypes = [
  "sequence",
  "selector",
  "shuffle",
  "randomSelector",
  "parallel",
  "race",
  "inverter",
  "succeed",
  "fail",
  "repeat",
  "retry",
  "cooldown",
  "timeout",
  "guard",
  "action",
  "condition",
  "compare",
  "set",
  "wait",
  "hinter",
  "hintCondition",
] as const;
