import { invalidArgument } from "@tactica/core";
import { createTreeState } from "./state";
import { BtStatus, type BtStatusValue } from "./status";
import { tickTree } from "./tick";
import type { BehaviorTree, BtState } from "./types";

/** What {@link runBehaviorTree} returns: a fresh plain object. */
export interface BehaviorTreeRunResult {
  /** Root status of this tick ({@link BtStatus}). */
  status: BtStatusValue;
  /** True while the root is `Running`. */
  running: boolean;
  /** The agent's tree time after this tick, seconds. */
  time: number;
}

const states = new WeakMap<object, WeakMap<object, BtState>>();

/**
 * Level 2: ticks `tree` for `agent` by `dt` seconds and returns the root status as a plain
 * object. The per-agent {@link BtState} is created on the first call and kept in a private
 * `WeakMap` keyed on the tree and the agent object (it goes away with them). In a hot loop over
 * many agents, or to save the state, use {@link createTreeState} + {@link tickTree} (level 1).
 *
 * @param tree - The compiled tree ({@link createBehaviorTree}); read only, shareable between agents.
 * @param agent - The agent object passed to actions and conditions; also the key of its cached {@link BtState}, so it must be an object (not a primitive or
 *   `null`).
 * @param dt - Frame time in seconds, finite and >= 0; added to the agent's tree time before the evaluation.
 * @example
 * ```ts
 * const tree = createBehaviorTree<{ hp: number }>(
 *   { version: 1, root: { type: "sequence", children: [{ type: "action", action: "heal" }, { type: "wait", duration: 1 }] } },
 *   { actions: { heal: (c) => ((c.agent.hp += 10), BtStatus.Success) } },
 * );
 * const npc = { hp: 30 };
 * runBehaviorTree(tree, npc, 0.5); // { status: BtStatus.Running, running: true, time: 0.5 }, npc.hp === 40
 * ```
 *
 * @param tree - The compiled tree from {@link createBehaviorTree} (read only).
 * @param agent - Your agent object (a key of the private state cache, so an object), handed to actions as `ctx.agent`.
 * @param dt - Seconds since this agent's previous call (finite, ≥ 0).
 * @throws TacticaError `INVALID_ARGUMENT` when `agent` is not an object, or for a bad `dt`.
 */
export function runBehaviorTree<A extends object>(tree: BehaviorTree<A>, agent: A, dt: number): BehaviorTreeRunResult {
  if (agent === null || (typeof agent !== "object" && typeof agent !== "function")) {
    invalidArgument(
      "@tactica/decision: runBehaviorTree",
      "agent",
      "must be an object (the per-agent state is cached by agent identity)",
      "Pass an object, or use createTreeState + tickTree.",
    );
  }
  let byAgent = states.get(tree);
  if (byAgent === undefined) {
    byAgent = new WeakMap();
    states.set(tree, byAgent);
  }
  let state = byAgent.get(agent);
  if (state === undefined) {
    state = createTreeState(tree);
    byAgent.set(agent, state);
  }
  const status = tickTree(state, tree, agent, dt);
  return { status, running: status === BtStatus.Running, time: state.time };
}
