import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createFuzzySystem, createMachineState, createStateMachine, restoreMachine, saveMachine, startMachine, type FuzzySystemDefinition } from "../src/index";

// Hostile input round 2 (qa findings): cyclic and BigInt values reached JSON.stringify in error
// messages (a TypeError "Converting circular structure to JSON" instead of a TacticaError).
// Messages describe values with core's describeValue now.

function refusal(fn: () => unknown): { code: string; path: string | undefined } {
  try {
    fn();
  } catch (e) {
    if (isTacticaError(e)) return { code: e.code, path: e.path };
    throw e;
  }
  throw new Error("accepted");
}

describe("decision messages never JSON.stringify a raw value", () => {
  it("restoreMachine with a cyclic stack entry", () => {
    const machine = createStateMachine({ version: 1, initial: "a", states: { a: { transitions: [{ event: "go", to: "b" }] }, b: {} } });
    const state = createMachineState(machine);
    startMachine(state, machine, null);
    const snap = JSON.parse(JSON.stringify(saveMachine(state, machine))) as Record<string, unknown>;
    (snap["stack"] as unknown[])[0] = snap;
    expect(refusal(() => restoreMachine(state, machine, snap as never)).path).toMatch(/^snapshot\.stack/);
    const big = { ...snap, stack: [5n] };
    expect(refusal(() => restoreMachine(state, machine, big as never)).path).toMatch(/^snapshot\.stack/);
  });

  it("createFuzzySystem with a cyclic FAM table cell", () => {
    const table: unknown[] = [["low", "high"], []];
    (table[1] as unknown[]).push(table, "low");
    const def = {
      version: 1,
      variables: {
        x: { sets: { low: { type: "leftShoulder", points: [0, 25, 50] }, high: { type: "rightShoulder", points: [50, 75, 100] } }, range: [0, 100] },
        y: { sets: { low: { type: "leftShoulder", points: [0, 25, 50] }, high: { type: "rightShoulder", points: [50, 75, 100] } }, range: [0, 100] },
        out: { sets: { low: { type: "leftShoulder", points: [0, 25, 50] }, high: { type: "rightShoulder", points: [50, 75, 100] } } },
      },
      fams: [{ inputs: ["x", "y"], output: "out", table }],
      rules: [],
    };
    expect(refusal(() => createFuzzySystem(def as unknown as FuzzySystemDefinition)).code).toBe("INVALID_DEFINITION");
  });
});
