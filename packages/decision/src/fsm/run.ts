import { invalidArgument } from "@tactica/core";
import { createMachineState, getActiveStateName, startMachine, updateMachine, type MachineState, type StateMachine } from "./machine";

/** What {@link runStateMachine} returns: a fresh plain object. */
export interface StateMachineRunResult {
  /** Name of the active leaf state after this update. */
  state: string;
  /** Transitions taken during this update (including the start on the first call: 0). */
  transitions: number;
  /** Seconds the active leaf state has been active. */
  timeInState: number;
}

const states = new WeakMap<object, WeakMap<object, MachineState>>();

/**
 * Level 2: advances `machine` for `agent` by `dt` seconds and returns the active state as a
 * plain object. On the first call for an agent the {@link MachineState} is created and started
 * (entering the initial state) before the update; it is kept in a private `WeakMap` keyed on the
 * machine and the agent object. In a hot loop, to dispatch events or to save the state, use
 * {@link createMachineState} + {@link startMachine} + {@link updateMachine} (level 1).
 *
 * @param machine - The compiled machine ({@link createStateMachine}); read only, shareable between agents.
 * @param agent - The agent object passed to callbacks and guards; also the key of its cached {@link MachineState}, so it must be an object (not
 *   a primitive or `null`).
 * @param dt - Frame time in seconds, finite and >= 0; added to machine time and time in state.
 * @example
 * ```ts
 * const machine = createStateMachine<{ ammo: number }>(
 *   { version: 1, states: { fight: { transitions: [{ to: "reload", guard: (a) => a.ammo === 0 }] }, reload: {} } },
 * );
 * const soldier = { ammo: 0 };
 * runStateMachine(machine, soldier, 1 / 60); // { state: "reload", transitions: 1, timeInState: 0 }
 * ```
 *
 * @param machine - The compiled machine from {@link createStateMachine} (read only).
 * @param agent - Your agent object (a key of the private state cache, so an object), handed to guards and callbacks.
 * @param dt - Seconds since this agent's previous call (finite, ≥ 0).
 * @throws TacticaError `INVALID_ARGUMENT` when `agent` is not an object, or for a bad `dt`.
 */
export function runStateMachine<A extends object>(machine: StateMachine<A>, agent: A, dt: number): StateMachineRunResult {
  if (agent === null || (typeof agent !== "object" && typeof agent !== "function")) {
    invalidArgument(
      "@tactica/decision: runStateMachine",
      "agent",
      "must be an object (the per-agent state is cached by agent identity)",
      "Pass an object, or use createMachineState + updateMachine.",
    );
  }
  let byAgent = states.get(machine);
  if (byAgent === undefined) {
    byAgent = new WeakMap();
    states.set(machine, byAgent);
  }
  let state = byAgent.get(agent);
  if (state === undefined) {
    state = createMachineState(machine);
    startMachine(state, machine, agent);
    byAgent.set(agent, state);
  }
  const transitions = updateMachine(state, machine, agent, dt);
  return { state: getActiveStateName(state, machine), transitions, timeInState: state.timeInState };
}
