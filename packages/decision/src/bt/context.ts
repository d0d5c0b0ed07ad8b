import type { Blackboard } from "../blackboard";
import { checkTreeState } from "./state";
import type { BehaviorTree, BtActionContext, BtState } from "./types";

/**
 * @internal The call context of one evaluation: the {@link BtActionContext} handed to actions
 * plus what the evaluation needs (the tree, and the tree a hinted controller's `hinter` nodes
 * address). It is not state: one shared object serves every top-level call (so ticking allocates
 * nothing), and a call made from inside an action (a tree ticking another tree) gets its own.
 */
export interface BtRun<A> extends BtActionContext<A> {
  agent: A;
  blackboard: Blackboard;
  dt: number;
  time: number;
  tree: BehaviorTree<A>;
  state: BtState;
  /** Tree one level below in a hinted controller (receives `hinter` nodes), or null. */
  hintTree: BehaviorTree<unknown> | null;
  /** State of {@link BtRun.hintTree}. */
  hintState: BtState | null;
  /**
   * Pending pre-emptions, pairs `(composite, new child)`: a reactive selector that tries a
   * higher-priority child while a lower one runs pushes one; the first action the new branch
   * enters aborts the old branch before its own tick (`flushPreemptions` in exec.ts).
   */
  preempt: number[];
  /** Number of pairs in {@link BtRun.preempt}. */
  preemptLength: number;
}

function createRun(): BtRun<unknown> {
  return {
    agent: undefined,
    blackboard: undefined as unknown as Blackboard,
    args: {},
    node: 0,
    dt: 0.5,
    time: 0.5,
    started: false,
    tree: undefined as unknown as BehaviorTree<unknown>,
    state: undefined as unknown as BtState,
    hintTree: null,
    hintState: null,
    preempt: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    preemptLength: 0,
  };
}

const shared = createRun();
let depth = 0;

/**
 * @internal Opens a call on `state` with `tree` and `agent`: checks that the state belongs to the
 * tree (a fingerprint comparison) and returns the context to evaluate with. Pair every call with
 * {@link closeRun} (in a `finally`). O(1), no allocation outside nested calls.
 */
export function openRun<A>(fn: string, state: BtState, tree: BehaviorTree<A>, agent: A): BtRun<A> {
  if (state === null || typeof state !== "object" || state.fingerprint !== tree.fingerprint) checkTreeState(fn, tree as BehaviorTree<unknown>, state);
  const run = (depth === 0 ? shared : createRun()) as BtRun<A>;
  depth++;
  run.tree = tree;
  run.state = state;
  run.agent = agent;
  run.blackboard = state.blackboard;
  run.hintTree = null;
  run.hintState = null;
  run.preemptLength = 0;
  return run;
}

/** @internal Closes the call {@link openRun} opened. */
export function closeRun(): void {
  depth--;
}
