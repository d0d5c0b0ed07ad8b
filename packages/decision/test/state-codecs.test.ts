import { createSnapshotCodecs, isTacticaError, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  BtStatus,
  createBehaviorTree,
  createMachineSnapshotCodec,
  createMachineState,
  createStateMachine,
  createTreeState,
  dispatchMachineEvent,
  getActiveStateName,
  postMachineEvent,
  saveMachine,
  saveTree,
  startMachine,
  tickTree,
  treeSnapshotCodec,
  updateMachine,
} from "../src/index";

function rejection(f: () => unknown): { code?: string; path?: string } {
  try {
    f();
  } catch (e) {
    expect(isTacticaError(e, "CORE_SNAPSHOT")).toBe(true);
    return e as { code: string; path: string };
  }
  throw new Error("expected a CORE_SNAPSHOT rejection");
}

describe("treeSnapshotCodec", () => {
  // Timers, shuffles and random selectors: the restored state must carry the clock, the child
  // orders and the tree's RNG.
  const tree = createBehaviorTree({
    version: 1,
    root: {
      type: "repeat",
      child: {
        type: "shuffle",
        children: [
          { type: "wait", duration: 0.3 },
          {
            type: "randomSelector",
            children: [
              { type: "wait", duration: 0.1 },
              { type: "wait", duration: 0.25 },
              { type: "fail", child: { type: "wait", duration: 0 } },
            ],
          },
          { type: "wait", duration: 0.05 },
        ],
      },
    },
  });
  const codecs = createSnapshotCodecs();
  registerSnapshotCodec(codecs, "tree", treeSnapshotCodec);
  const N = 400;
  const K = 157;

  it("save at tick k, restore into a state of another seed, run to N: every tick's state equals the uninterrupted run's", () => {
    const a = createTreeState(tree, { seed: 11 });
    const trace: string[] = [];
    let snap: unknown;
    for (let t = 0; t < N; t++) {
      if (t === K) snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { tree: a }, { tick: t })));
      tickTree(a, tree, null, 0.04);
      trace.push(JSON.stringify(saveTree(a)));
    }
    const b = createTreeState(tree, { seed: 99 });
    const k = restoreSnapshot(codecs, { tree: b }, snap);
    expect(k).toBe(K);
    for (let t = k; t < N; t++) {
      tickTree(b, tree, null, 0.04);
      expect(JSON.stringify(saveTree(b))).toBe(trace[t]);
    }
  });

  it("the @example: the restored wait finishes on the saved clock", () => {
    const t = createBehaviorTree({ version: 1, root: { type: "wait", duration: 1 } });
    const state = createTreeState(t, { seed: 7 });
    tickTree(state, t, null, 0);
    const snap = saveSnapshot(codecs, { tree: state }, { tick: 1 });
    const copy = createTreeState(t, { seed: 8 });
    restoreSnapshot(codecs, { tree: copy }, JSON.parse(JSON.stringify(snap)));
    expect(tickTree(copy, t, null, 1)).toBe(BtStatus.Success);
    expect(tickTree(createTreeState(t, { seed: 8 }), t, null, 1)).toBe(BtStatus.Running); // a fresh state has not started the wait
  });

  it("broken data or another tree's state is CORE_SNAPSHOT at the section's JSON path; the state is unchanged", () => {
    const a = createTreeState(tree, { seed: 3 });
    for (let i = 0; i < 20; i++) tickTree(a, tree, null, 0.04);
    const good = JSON.stringify(saveSnapshot(codecs, { tree: a }, { tick: 20 }));
    const target = createTreeState(tree, { seed: 4 });
    tickTree(target, tree, null, 0.1);
    const before = JSON.stringify(saveTree(target));
    const bad = JSON.parse(good) as { sections: { tree: { data: { timer: unknown[]; fingerprint: string } } } };
    bad.sections.tree.data.timer[0] = "soon";
    expect(rejection(() => restoreSnapshot(codecs, { tree: target }, bad)).path).toBe("$.sections.tree.data.timer[0]");
    const other = JSON.parse(good) as typeof bad;
    other.sections.tree.data.fingerprint = "another tree";
    expect(rejection(() => restoreSnapshot(codecs, { tree: target }, other)).path).toBe("$.sections.tree.data.fingerprint");
    expect(JSON.stringify(saveTree(target))).toBe(before);
  });
});

describe("createMachineSnapshotCodec", () => {
  const machine = createStateMachine({
    version: 1,
    states: {
      patrol: {
        initial: "walk",
        history: "shallow",
        states: {
          walk: { transitions: [{ after: 0.7, to: "look" }] },
          look: { transitions: [{ after: 0.3, to: "walk" }] },
        },
        transitions: [{ event: "noise", to: "search" }],
      },
      search: {
        transitions: [
          { after: 1.1, to: "patrol" },
          { event: "see", to: "chase" },
        ],
      },
      chase: { transitions: [{ event: "lost", to: "patrol" }] },
    },
  });
  const codecs = createSnapshotCodecs();
  registerSnapshotCodec(codecs, "fsm", createMachineSnapshotCodec(machine));
  const N = 300;
  const K = 142; // one tick after a delayed event was posted (t % 17 === 5): the queue is not empty
  const EVENTS = ["noise", "see", "lost"];

  function step(state: ReturnType<typeof createMachineState>, t: number): void {
    if (t % 17 === 5) postMachineEvent(state, machine, EVENTS[t % 3]!, { delay: 0.2 });
    if (t % 23 === 11) dispatchMachineEvent(state, machine, null, EVENTS[(t >> 1) % 3]!);
    updateMachine(state, machine, null, 0.05);
  }

  it("save at tick k, restore, run to N: every tick's state equals the uninterrupted run's", () => {
    const a = createMachineState(machine);
    startMachine(a, machine, null);
    const trace: string[] = [];
    let snap: unknown;
    for (let t = 0; t < N; t++) {
      if (t === K) snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { fsm: a }, { tick: t })));
      step(a, t);
      trace.push(JSON.stringify(saveMachine(a, machine)));
    }
    expect(new Set(trace.map((s) => (JSON.parse(s) as { current: string }).current)).size).toBeGreaterThanOrEqual(3);
    const b = createMachineState(machine);
    const k = restoreSnapshot(codecs, { fsm: b }, snap);
    for (let t = k; t < N; t++) {
      step(b, t);
      expect(JSON.stringify(saveMachine(b, machine))).toBe(trace[t]);
    }
  });

  it("the @example: the restored state is in chase", () => {
    const m = createStateMachine({ version: 1, states: { idle: { transitions: [{ event: "see", to: "chase" }] }, chase: {} } });
    const reg = createSnapshotCodecs();
    registerSnapshotCodec(reg, "guard.fsm", createMachineSnapshotCodec(m));
    const state = createMachineState(m);
    startMachine(state, m, null);
    dispatchMachineEvent(state, m, null, "see");
    const snap = saveSnapshot(reg, { "guard.fsm": state }, { tick: 3 });
    const copy = createMachineState(m);
    restoreSnapshot(reg, { "guard.fsm": copy }, JSON.parse(JSON.stringify(snap)));
    expect(getActiveStateName(copy, m)).toBe("chase");
  });

  it("an unknown state name is CORE_SNAPSHOT at the section's JSON path; the state is unchanged", () => {
    const a = createMachineState(machine);
    startMachine(a, machine, null);
    const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { fsm: a }, { tick: 0 }))) as { sections: { fsm: { data: { current: string } } } };
    snap.sections.fsm.data.current = "dance";
    const target = createMachineState(machine);
    startMachine(target, machine, null);
    dispatchMachineEvent(target, machine, null, "noise");
    const before = JSON.stringify(saveMachine(target, machine));
    expect(rejection(() => restoreSnapshot(codecs, { fsm: target }, snap)).path).toBe("$.sections.fsm.data.current");
    expect(JSON.stringify(saveMachine(target, machine))).toBe(before);
  });
});
