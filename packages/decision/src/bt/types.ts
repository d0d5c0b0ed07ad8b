import type { Rng } from "@tactica/core";
import type { Blackboard, BlackboardSchema } from "../blackboard";
import type { BehaviorTreeDefinition } from "./definition";
import type { BtStatusValue, BtTickResult } from "./status";

/**
 * What an action or condition receives when ticked. One object per tree state is reused for
 * every call (no allocation): read it, do not keep it.
 */
export interface BtActionContext<A> {
  /** The agent passed to {@link tickTree} / {@link updateTree}. */
  readonly agent: A;
  /** The state's blackboard. */
  readonly blackboard: Blackboard;
  /** The node's `args` from the definition (shared, read-only; `{}` when absent). */
  args: Readonly<Record<string, unknown>>;
  /** Node index in the compiled tree (depth-first pre-order; root is 0). */
  node: number;
  /** Seconds since the previous tick. */
  readonly dt: number;
  /** Tree time, seconds. */
  readonly time: number;
  /** True on the tick the action is (re)started, false while it continues running. */
  started: boolean;
  /** The compiled tree being run. */
  readonly tree: BehaviorTree<A>;
  /** The running state (for {@link resolveAction} from asynchronous work). */
  readonly state: BtState;
}

/** A plain action: returns success, failure or running. */
export type BtActionFn<A> = (ctx: BtActionContext<A>) => BtTickResult;

/** An action with an abort hook and polling control. */
export interface BtActionHandler<A> {
  /** Called on each tick while the node is active; returns its result. */
  tick: BtActionFn<A>;
  /** Called when a running action is interrupted (by an abort, timeout or reactive composite). */
  abort?: (ctx: BtActionContext<A>) => void;
  /**
   * True (default): while running, the action must be ticked every update. False: the action
   * finishes through {@link resolveAction}, so an event-driven tree ({@link updateTree}) may
   * sleep while it runs.
   */
  polled?: boolean;
}

/** A condition: a predicate over the agent, blackboard and args. */
export type BtConditionFn<A> = (ctx: BtActionContext<A>) => boolean;

/** The code a definition's names bind to, plus the blackboard schema its keys refer to. */
export interface BtBindings<A> {
  /** Actions by name. */
  actions?: Readonly<Record<string, BtActionFn<A> | BtActionHandler<A>>>;
  /** Conditions by name. */
  conditions?: Readonly<Record<string, BtConditionFn<A>>>;
  /** Schema of the blackboard that `compare`, `set`, `guard` and `watch` keys refer to. */
  blackboard?: BlackboardSchema;
}

/** @internal Node kinds in the compiled table ({@link BehaviorTree.kind}). */
export const NodeKind = {
  Sequence: 0,
  Selector: 1,
  Shuffle: 2,
  RandomSelector: 3,
  Parallel: 4,
  Inverter: 5,
  Succeed: 6,
  Fail: 7,
  Repeat: 8,
  Retry: 9,
  Cooldown: 10,
  Timeout: 11,
  Guard: 12,
  Action: 13,
  Condition: 14,
  Compare: 15,
  Set: 16,
  Wait: 17,
  Hinter: 18,
  HintCondition: 19,
} as const;

/** @internal Flag bits in the compiled table ({@link BehaviorTree.flags}). */
export const NodeFlag = {
  /** Composite resumes its running child instead of re-checking from the first. */
  Memory: 1,
  /** Guard aborts its own running child when the condition turns false. */
  AbortSelf: 2,
  /** Guard aborts a lower-priority running sibling when the condition turns true. */
  AbortLower: 4,
  /** Parallel succeeds when one child succeeds (default: all). */
  SuccessOne: 8,
  /** Parallel fails only when all children fail (default: one). */
  FailureAll: 16,
  /** Guard compares a blackboard key instead of calling a condition. */
  ByKey: 32,
} as const;

/** @internal Comparison operators in the compiled table ({@link BehaviorTree.op}); order of `< <= == != >= >`. */
export const CompareOp = {
  Less: 0,
  LessEqual: 1,
  Equal: 2,
  NotEqual: 3,
  GreaterEqual: 4,
  Greater: 5,
} as const;

/**
 * A compiled behaviour tree: the definition flattened into typed node tables (depth-first
 * pre-order, root = node 0) with every name bound. Immutable and shareable by any number of
 * agents (the per-agent state is a {@link BtState}). Create with {@link createBehaviorTree}.
 */
export interface BehaviorTree<A> {
  /** The definition it was compiled from. */
  readonly definition: BehaviorTreeDefinition;
  /** Hash of the definition; states and snapshots carry it so they only run with the same tree. */
  readonly fingerprint: string;
  /** Number of nodes. */
  readonly nodeCount: number;
  /** Node kind per node (internal codes). */
  readonly kind: Uint8Array;
  /** Flag bits per node (internal). */
  readonly flags: Uint8Array;
  /** Index into {@link BehaviorTree.children} of each node's first child. */
  readonly childStart: Int32Array;
  /** Number of children per node. */
  readonly childCount: Int32Array;
  /** Child node indices, grouped by parent. */
  readonly children: Int32Array;
  /** Parent node index (-1 for the root). */
  readonly parent: Int32Array;
  /** Numeric parameter per node: duration (s), count, attempts (-1 = forever) or compared number. */
  readonly param: Float64Array;
  /** Blackboard key index per node (-1 when none). */
  readonly key: Int32Array;
  /** Comparison operator index per node (`< <= == != >= >`). */
  readonly op: Uint8Array;
  /** Hint id per node: the hint a named selector child listens to, or that a hinter/hint condition names (-1 when none). */
  readonly hint: Int32Array;
  /** Hint value per hinter / hint-condition node: 1 positive, 0 neutral, -1 negative. */
  readonly hintValue: Int8Array;
  /** String value per node for string comparisons and `set` (empty otherwise). */
  readonly strValue: readonly string[];
  /** `args` per node (`{}` when absent). */
  readonly args: readonly Readonly<Record<string, unknown>>[];
  /** Node `type` per node, as in the definition. */
  readonly types: readonly string[];
  /** Node name per node (`""` when unnamed). */
  readonly names: readonly string[];
  /** JSON path per node, e.g. `$.root.children[1].child`. */
  readonly paths: readonly string[];
  /** Hint names (hint id → name). */
  readonly hintNames: readonly string[];
  /** Hint name → id. */
  readonly hintIndex: Readonly<Record<string, number>>;
  /** Per hint id, the selectors whose child order depends on it. */
  readonly hintSelectors: readonly (readonly number[])[];
  /** Bound action handler per node (null for non-actions). */
  readonly handlers: readonly (BtActionHandler<A> | null)[];
  /** Bound condition per node (null when none). */
  readonly conditions: readonly (BtConditionFn<A> | null)[];
  /** Blackboard key indices an event-driven tree watches. */
  readonly watchKeys: Int32Array;
  /** The blackboard schema the tree was compiled against (`{}` when none). */
  readonly blackboardSchema: BlackboardSchema;
  /** Key names of the blackboard schema the tree was compiled against. */
  readonly blackboardKeys: readonly string[];
  /** The largest child count of any node. */
  readonly maxChildren: number;
}

/**
 * The per-agent state of a running behaviour tree, as plain data: typed arrays indexed by node
 * (status, cursors/counters, timers, child orders, hints), the tree clock, the seeded RNG and the
 * blackboard. It holds no functions and no reference to the tree or the agent (both are passed
 * to every call), so `structuredClone(state)` gives an independent copy that runs exactly as the
 * original. Create with {@link createTreeState}; save mid-run with {@link saveTree}.
 */
export interface BtState {
  /** Fingerprint of the tree this state belongs to (checked when the tree is passed in). */
  readonly fingerprint: string;
  /** The blackboard that `compare`, `set`, `guard` and watches use. */
  readonly blackboard: Blackboard;
  /** Seeded generator for `shuffle` / `randomSelector` (its state is saved with the tree). */
  readonly rng: Rng;
  /** Status per node: {@link BtStatus}; `Running` marks the open path. */
  readonly status: Uint8Array;
  /** Per node: composite child position, or repeat/retry counter. */
  readonly cursor: Int32Array;
  /** Per node: entry time (wait, timeout) or ready time (cooldown), seconds of tree time. */
  readonly timer: Float64Array;
  /** Child evaluation order per composite (positions into its children), same layout as `tree.children`. */
  readonly order: Int32Array;
  /** Hint value per hint id: 1 positive, 0 neutral, -1 negative. */
  readonly hints: Int8Array;
  /** Per node: an asynchronous result waiting to be returned (0 none, 1 success, 2 failure). */
  readonly pending: Uint8Array;
  /** Per node: how many times the action was started (guards late asynchronous results). */
  readonly gen: Uint32Array;
  /** Per node: the tick number of its last visit (0 = never). */
  readonly lastTick: Uint32Array;
  /** Per node: 1 while an asynchronous action's work is in flight (not saved: restarts on restore). */
  readonly inflight: Uint8Array;
  /** Trace of the last evaluation: pairs (node, status); status 0 means "aborted". */
  readonly trace: Int32Array;
  /** Number of ints used in {@link BtState.trace} (2 per entry). */
  traceLength: number;
  /** True when the last evaluation had more entries than the trace capacity. */
  traceOverflow: boolean;
  /** Blackboard versions of the watched keys seen at the last evaluation. */
  readonly seenVersion: Uint32Array;
  /** Scratch buffer for re-sorting hinted selectors. */
  readonly scratch: Int32Array;
  /** Tree time, seconds (sum of `dt`). */
  time: number;
  /** `dt` of the latest tick/update, seconds. */
  dt: number;
  /** Earliest tree time a wait/timeout/cooldown needs attention (`Infinity` when none). */
  nextWake: number;
  /** Number of evaluations so far. */
  ticks: number;
  /** Root result of the last evaluation. */
  rootStatus: BtStatusValue;
  /** Event-driven: an evaluation was requested (event posted, hint changed, action resolved). */
  wake: boolean;
  /** Number of polled running nodes in the last evaluation (they need the next update). */
  polling: number;
}
