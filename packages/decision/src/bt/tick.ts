import { assertInteger, invalidArgument } from "@tactica/core";
import { abortRunning } from "./abort";
import { closeRun, openRun, type BtRun } from "./context";
import { evaluateTree, TIME_EPS } from "./exec";
import { checkTreeState } from "./state";
import { BtStatus, type BtStatusValue } from "./status";
import { NodeKind, type BehaviorTree, type BtState } from "./types";

// Bound once at load: the per-tick calls below go to module locals, not through another module's
// export (which some loaders, e.g. tsx's CommonJS transform, turn into a getter call per use).
const open = openRun;
const close = closeRun;
const evaluate = evaluateTree;

function checkDt(fn: string, dt: number): void {
  if (!(dt >= 0) || dt === Infinity) {
    invalidArgument(`@tactica/decision: ${fn}`, "dt", `must be a finite number >= 0 but is ${String(dt)}`, "Pass the frame time in seconds.");
  }
}

/** @internal {@link tickTree} on a bound context (the hinted controller sets the hint target first). */
export function tickRun<A>(run: BtRun<A>, dt: number): BtStatusValue {
  const state = run.state;
  state.time += dt;
  state.dt = dt;
  state.ticks++;
  return evaluate(run);
}

/**
 * Per-tick evaluation: advances tree time by `dt` seconds and evaluates the tree from the root
 * (memory composites resume their running child; reactive ones re-check from the first). A
 * finished root starts again on the next tick. Returns the root status. Allocates nothing
 * (unless an action does). Cost: the nodes visited. For a one-liner without managing the state,
 * see {@link runBehaviorTree}.
 *
 * @param state - The agent's running state from {@link createTreeState} for this `tree`; updated in place (statuses, timers, tree time).
 * @param tree - The compiled tree; read only.
 * @param agent - Passed to every action and condition as `context.agent`; any value, not inspected by the tree.
 * @param dt - Frame time in seconds, finite and >= 0; added to `state.time` before the evaluation (waits, timeouts and cooldowns count this time).
 * @example
 * ```ts
 * const tree = createBehaviorTree<{ hp: number }>(
 *   { version: 1, root: { type: "action", action: "heal" } },
 *   { actions: { heal: (c) => ((c.agent.hp += 10), BtStatus.Success) } },
 * );
 * const npc = { hp: 30 };
 * const state = createTreeState(tree);
 * tickTree(state, tree, npc, 1 / 60); // BtStatus.Success, npc.hp === 40
 * ```
 *
 *
 * @param state - The tree's running state from {@link createTreeState} for this `tree`; changed in place.
 * @param tree - The compiled tree (read only), the one `state` was created for.
 * @param agent - Your agent object, handed to every action and condition as `ctx.agent`.
 * @param dt - Seconds since the previous tick (finite, ≥ 0); advances waits, timeouts and cooldowns.
 * @throws TacticaError `INVALID_ARGUMENT` for a negative or non-finite `dt`, or a state of another tree.
 */
export function tickTree<A>(state: BtState, tree: BehaviorTree<A>, agent: A, dt: number): BtStatusValue {
  checkDt("tickTree", dt);
  const run = open("tickTree", state, tree, agent);
  try {
    return tickRun(run, dt);
  } finally {
    close();
  }
}

/**
 * True when an event-driven {@link updateTree} would evaluate now: an event was posted, a hint
 * changed or an asynchronous action resolved; a polled action (or repeat/retry) is running; a
 * wait, timeout or cooldown is due; or a watched blackboard key changed.
 *
 * @param state - The tree's running state (read only).
 * @param tree - The compiled tree `state` was created for (read only).
 */
export function treeNeedsEvaluation<A>(state: BtState, tree: BehaviorTree<A>): boolean {
  if (state.wake || state.polling > 0 || state.time >= state.nextWake - TIME_EPS) return true;
  const wk = tree.watchKeys;
  const ver = state.blackboard.version;
  for (let i = 0; i < wk.length; i++) if (ver[wk[i]!] !== state.seenVersion[i]) return true;
  return false;
}

/**
 * Event-driven evaluation: advances tree time by `dt` and evaluates the tree only when
 * {@link treeNeedsEvaluation} says so; otherwise returns the last root status at O(watched keys)
 * cost. A finished tree sleeps until an event ({@link postTreeEvent}, a watched key change, a
 * hint). Conditions bound in code are re-checked only when something wakes the tree — list the
 * keys they read in `watch`. Allocates nothing.
 *
 * @param state - The tree's running state from {@link createTreeState} for this `tree`; changed in place.
 * @param tree - The compiled tree (read only), the one `state` was created for.
 * @param agent - Your agent object, handed to every action and condition as `ctx.agent`.
 * @param dt - Seconds since the previous update (finite, ≥ 0); tree time advances even when nothing is evaluated.
 * @throws TacticaError `INVALID_ARGUMENT` for a negative or non-finite `dt`, or a state of another tree.
 */
export function updateTree<A>(state: BtState, tree: BehaviorTree<A>, agent: A, dt: number): BtStatusValue {
  checkDt("updateTree", dt);
  if (state === null || typeof state !== "object" || state.fingerprint !== tree.fingerprint) checkTreeState("updateTree", tree as BehaviorTree<unknown>, state);
  state.time += dt;
  state.dt = dt;
  if (!treeNeedsEvaluation(state, tree)) return state.rootStatus;
  state.ticks++;
  const run = open("updateTree", state, tree, agent);
  try {
    return evaluate(run);
  } finally {
    close();
  }
}

/**
 * Requests an evaluation at the next {@link updateTree} (something the tree cares about happened).
 *
 * @param state - The tree's running state; its wake flag is set.
 */
export function postTreeEvent(state: BtState): void {
  state.wake = true;
}

/**
 * Finishes a running action from outside the tick (asynchronous work): the action node returns
 * `success ? Success : Failure` on the next evaluation, which an event-driven tree performs at
 * its next update. Returns false (and does nothing) when the node is not a running action (a
 * late result of an aborted run).
 *
 * @param state - The tree's running state; the node's pending result is stored and the tree woken.
 * @param tree - The compiled tree `state` was created for (read only).
 * @param node - Index of the running action node (integer in `[0, tree.nodeCount)`), as in `ctx.node`.
 * @param success - `true`: the action succeeds; `false`: it fails.
 * @throws TacticaError `INVALID_ARGUMENT` when `node` is `undefined`, not an integer or not a node of `tree`.
 */
export function resolveAction<A>(state: BtState, tree: BehaviorTree<A>, node: number, success: boolean): boolean {
  checkTreeState("resolveAction", tree as BehaviorTree<unknown>, state);
  if (node >>> 0 !== node || node >= tree.nodeCount) assertInteger("@tactica/decision: resolveAction", "node", node, 0, tree.nodeCount - 1);
  if (tree.kind[node] !== NodeKind.Action || state.status[node] !== BtStatus.Running) return false;
  state.pending[node] = success ? BtStatus.Success : BtStatus.Failure;
  state.wake = true;
  return true;
}

/**
 * Aborts whatever is running (calling the running actions' `abort` hooks with `agent`) and
 * returns every node to `Idle`; timers, counters and hints are kept.
 *
 * @param state - The tree's running state from {@link createTreeState} for this `tree`; changed in place.
 * @param tree - The compiled tree (read only), the one `state` was created for.
 * @param agent - Your agent object, handed to the running actions' `abort` hooks.
 */
export function resetTree<A>(state: BtState, tree: BehaviorTree<A>, agent: A): void {
  const run = open("resetTree", state, tree, agent);
  try {
    abortRunning(run, 0);
  } finally {
    close();
  }
  state.status.fill(BtStatus.Idle);
  state.pending.fill(0);
  state.inflight.fill(0);
  state.rootStatus = BtStatus.Idle;
  state.wake = true;
}
