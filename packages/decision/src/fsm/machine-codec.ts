import type { SnapshotCodec } from "@tactica/core";
import { restoreMachine, saveMachine, type MachineSnapshot, type MachineState, type StateMachine } from "./machine";

/**
 * The snapshot-envelope codec of a {@link MachineState} of `machine` (section version 1):
 * {@link saveMachine} and {@link restoreMachine}, which checks the whole section (state and event
 * names against the machine, history, stack and queue capacities) before touching the state and
 * calls no callbacks. One codec per machine definition; register it under a name per state.
 *
 * @param machine - The compiled machine whose states the codec saves and restores; kept by the codec to map state and event names.
 * @example
 * ```ts
 * const machine = createStateMachine({ version: 1, states: { idle: { transitions: [{ event: "see", to: "chase" }] }, chase: {} } });
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "guard.fsm", createMachineSnapshotCodec(machine));
 * const state = createMachineState(machine);
 * startMachine(state, machine, null);
 * dispatchMachineEvent(state, machine, null, "see");
 * const snap = saveSnapshot(codecs, { "guard.fsm": state }, { tick: 3 });
 * const copy = createMachineState(machine);
 * restoreSnapshot(codecs, { "guard.fsm": copy }, JSON.parse(JSON.stringify(snap)));
 * getActiveStateName(copy, machine); // → "chase"
 * ```
 */
export function createMachineSnapshotCodec<A>(machine: StateMachine<A>): SnapshotCodec<MachineState> {
  return {
    version: 1,
    save: (state) => saveMachine(state, machine),
    restore: (state, data) => restoreMachine(state, machine, data as MachineSnapshot),
  };
}
