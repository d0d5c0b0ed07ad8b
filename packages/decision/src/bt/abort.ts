import { assertInteger } from "@tactica/core";
import { closeRun, openRun, type BtRun } from "./context";
import { recordTrace } from "./trace-record";
import { BtStatus } from "./status";
import { NodeKind, type BehaviorTree, type BtState } from "./types";

/**
 * @internal Aborts node `n` if it is running: running descendants first (deepest first), calling
 * each running action's `abort` hook; statuses return to `Idle`. No allocation.
 */
export function abortRunning<A>(run: BtRun<A>, n: number): void {
  const state = run.state;
  const st = state.status;
  if (st[n] !== BtStatus.Running) return;
  const t = run.tree;
  const s = t.childStart[n]!;
  const e = s + t.childCount[n]!;
  for (let i = s; i < e; i++) {
    const c = t.children[i]!;
    if (st[c] === BtStatus.Running) abortRunning(run, c);
  }
  if (t.kind[n] === NodeKind.Action) {
    state.gen[n] = (state.gen[n]! + 1) >>> 0;
    state.inflight[n] = 0;
    state.pending[n] = 0;
    const h = t.handlers[n]!;
    if (h.abort) {
      run.node = n;
      run.args = t.args[n]!;
      run.started = false;
      h.abort(run);
    }
  }
  st[n] = BtStatus.Idle;
  recordTrace(state, n, BtStatus.Idle);
}

/** @internal Aborts every running child of `n` except `keep` (-1 = none). */
export function abortChildrenExcept<A>(run: BtRun<A>, n: number, keep: number): void {
  const t = run.tree;
  const st = run.state.status;
  const s = t.childStart[n]!;
  const e = s + t.childCount[n]!;
  for (let i = s; i < e; i++) {
    const c = t.children[i]!;
    if (c !== keep && st[c] === BtStatus.Running) abortRunning(run, c);
  }
}

/**
 * Aborts node `node` of a running tree if it is running: running descendants first (deepest
 * first), calling each running action's `abort` hook with `agent`; statuses return to `Idle`.
 * No allocation.
 *
 * @param state - The running state; the statuses of `node` and its running descendants return to `Idle` in place.
 * @param tree - The compiled tree `state` belongs to.
 * @param agent - Passed to the `abort` hooks of the aborted actions.
 * @param node - Node index to abort (0 to `tree.nodeCount - 1`); nothing happens when it is not running.
 * @throws TacticaError `INVALID_ARGUMENT` when `state` was not created for `tree`, or when
 *   `node` is `undefined`, not an integer or not a node index of `tree`.
 */
export function abortTreeNode<A>(state: BtState, tree: BehaviorTree<A>, agent: A, node: number): void {
  if (node >>> 0 !== node || node >= tree.nodeCount) assertInteger("@tactica/decision: abortTreeNode", "node", node, 0, tree.nodeCount - 1);
  const run = openRun("abortTreeNode", state, tree, agent);
  try {
    abortRunning(run, node);
  } finally {
    closeRun();
  }
}
