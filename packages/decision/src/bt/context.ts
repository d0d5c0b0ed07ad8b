import type { Blackboard } from "../blackboard";
import { checkTreeState } from "./state";
import type { BehaviorTree, BtActionContext, BtState } from "./types";

/**
 * @internal The per-state call context: the {@link BtActionContext} handed to actions (reused, so
 * ticking allocates nothing) plus what one evaluation needs (the tree, and the tree a hinted
 * controller's `hinter` nodes address). It is a cache, not state: it lives under a symbol key
 * that `structuredClone`, `JSON.stringify` and spreads skip, and a copied state builds its own.
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
}

const RUN: unique symbol = Symbol("tactica.bt.run");
type WithRun = BtState & { [RUN]?: BtRun<unknown> };

/**
 * @internal The reusable context of `state`, bound to `tree` and `agent` for this call. Checks that
 * `state` belongs to `tree` the first time a tree is seen. O(1), no allocation after the first call.
 */
export function bindRun<A>(fn: string, state: BtState, tree: BehaviorTree<A>, agent: A): BtRun<A> {
  let run = (state as WithRun)[RUN] as BtRun<A> | undefined;
  if (run === undefined || run.state !== state) {
    checkTreeState(fn, tree as BehaviorTree<unknown>, state);
    run = {
      agent,
      blackboard: state.blackboard,
      args: {},
      node: 0,
      dt: state.dt,
      time: state.time,
      started: false,
      tree,
      state,
      hintTree: null,
      hintState: null,
    };
    Object.defineProperty(state, RUN, { value: run, writable: true, enumerable: false, configurable: true });
  } else if (run.tree !== tree) {
    checkTreeState(fn, tree as BehaviorTree<unknown>, state);
    run.tree = tree;
  }
  run.agent = agent;
  run.blackboard = state.blackboard;
  run.hintTree = null;
  run.hintState = null;
  return run;
}
