import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  BtStatus,
  createBehaviorTree,
  createBlackboard,
  createMachineState,
  createStateMachine,
  createTreeState,
  dispatchMachineEvent,
  getActiveStateName,
  getBlackboardKeyIndex,
  postMachineEvent,
  readBlackboard,
  restoreBlackboard,
  restoreMachine,
  restoreTree,
  saveBlackboard,
  saveMachine,
  saveTree,
  startMachine,
  tickTree,
  updateMachine,
  writeBlackboard,
  type BtSnapshot,
  type MachineSnapshot,
} from "../src/index";

/** True when `v` (deeply) holds no function and no Map/Set: what structuredClone and workers need. */
function isPlainData(v: unknown, seen = new Set<unknown>()): boolean {
  if (typeof v === "function") return false;
  if (v === null || typeof v !== "object" || seen.has(v)) return true;
  seen.add(v);
  if (v instanceof Map || v instanceof Set) return false;
  if (ArrayBuffer.isView(v)) return true;
  return Object.values(v).every((x) => isPlainData(x, seen));
}

interface Npc {
  hp: number;
  steps: number;
}
const schema = { alarm: "boolean", target: "string", ammo: "number" } as const;
const tree = createBehaviorTree<Npc>(
  {
    version: 1,
    root: {
      type: "selector",
      children: [
        {
          type: "guard",
          key: "alarm",
          value: true,
          abort: "lowerPriority",
          child: {
            type: "sequence",
            children: [
              { type: "set", key: "target", value: "enemy" },
              { type: "action", action: "step" },
              { type: "wait", duration: 0.5 },
            ],
          },
        },
        {
          type: "shuffle",
          children: [
            { type: "action", action: "step" },
            { type: "wait", duration: 0.3 },
            { type: "action", action: "step" },
          ],
        },
      ],
    },
  },
  {
    actions: {
      step: (c) => {
        c.agent.steps++;
        return c.agent.steps % 3 === 0 ? BtStatus.Success : BtStatus.Running;
      },
    },
    blackboard: schema,
  },
);

describe("behaviour-tree state is plain data", () => {
  it("holds no functions, Maps or Sets; a structuredClone runs exactly like the original", () => {
    const state = createTreeState(tree, { seed: 3, traceCapacity: 64 });
    const a: Npc = { hp: 10, steps: 0 };
    for (let i = 0; i < 7; i++) tickTree(state, tree, a, 0.1);
    expect(isPlainData(state)).toBe(true);
    const copy = structuredClone(state);
    const b: Npc = { ...a };
    for (let i = 0; i < 20; i++) {
      if (i === 5) {
        writeBlackboard(state.blackboard, "alarm", true);
        writeBlackboard(copy.blackboard, "alarm", true);
      }
      expect(tickTree(copy, tree, b, 0.1)).toBe(tickTree(state, tree, a, 0.1));
      expect(Array.from(copy.trace.subarray(0, copy.traceLength))).toEqual(Array.from(state.trace.subarray(0, state.traceLength)));
    }
    expect(b).toEqual(a);
    expect(saveTree(copy)).toEqual(saveTree(state));
    expect(readBlackboard(copy.blackboard, "target")).toBe("enemy");
  });

  it("save → JSON → restore round-trips; a malformed snapshot throws naming the path and changes nothing", () => {
    const state = createTreeState(tree, { seed: 9 });
    const npc: Npc = { hp: 10, steps: 0 };
    for (let i = 0; i < 4; i++) tickTree(state, tree, npc, 0.1);
    const snap = JSON.parse(JSON.stringify(saveTree(state))) as BtSnapshot;
    const other = createTreeState(tree, { seed: 1 });
    restoreTree(other, snap);
    expect(saveTree(other)).toEqual(snap);

    const before = JSON.stringify(saveTree(other));
    const bad: [string, (s: BtSnapshot) => void][] = [
      ["snapshot.status[2]", (s) => (s.status[2] = 9)],
      ["snapshot.order[1]", (s) => (s.order[1] = 99)],
      ["snapshot.hints", (s) => (s.hints = [1, 2, 3])],
      ["snapshot.time", (s) => (s.time = Number.NaN)],
      ["snapshot.rootStatus", (s) => ((s as { rootStatus: number }).rootStatus = 7)],
      ["snapshot.blackboard.num[0]", (s) => (s.blackboard.num[0] = 0.5)],
      ["snapshot.blackboard.str[1]", (s) => ((s.blackboard.str as unknown[])[1] = 4)],
      ["snapshot.fingerprint", (s) => (s.fingerprint = "x")],
    ];
    for (const [path, spoil] of bad) {
      const s = structuredClone(snap);
      // Spoil late fields after early valid ones, so a restore that wrote as it checked would show.
      s.cursor[0] = 1;
      spoil(s);
      let err: unknown;
      try {
        restoreTree(other, s);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "INVALID_ARGUMENT"), path).toBe(true);
      expect((err as { path?: string }).path, path).toBe(path);
      expect(JSON.stringify(saveTree(other)), path).toBe(before);
    }
  });

  it("a state of another tree is refused with a TacticaError", () => {
    const other = createBehaviorTree<Npc>({ version: 1, root: { type: "wait", duration: 1 } });
    const state = createTreeState(other);
    expect(() => tickTree(state, tree, { hp: 1, steps: 0 }, 0.1)).toThrow(/was not created for this tree/);
  });
});

describe("blackboard is plain data", () => {
  it("clones, and prototype names are not keys", () => {
    const bb = createBlackboard(schema, { ammo: 3 });
    const copy = structuredClone(bb);
    expect(isPlainData(bb)).toBe(true);
    writeBlackboard(copy, "ammo", 5);
    expect(readBlackboard(bb, "ammo")).toBe(3);
    expect(readBlackboard(copy, "ammo")).toBe(5);
    for (const k of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(getBlackboardKeyIndex(bb, k)).toBe(-1);
      expect(getBlackboardKeyIndex(copy, k)).toBe(-1);
    }
  });
  it("restore checks the whole snapshot first", () => {
    const bb = createBlackboard(schema, { ammo: 3, target: "a" });
    const snap = saveBlackboard(bb);
    const bad = { ...snap, num: [0, 0, 7], version: [1, 1, -1] };
    const before = JSON.stringify(saveBlackboard(bb));
    expect(() => restoreBlackboard(bb, bad)).toThrow(/snap\.version\[2\]/);
    expect(JSON.stringify(saveBlackboard(bb))).toBe(before);
  });
});

describe("state-machine state is plain data", () => {
  const machine = createStateMachine<{ n: number }>({
    version: 1,
    states: {
      idle: {
        transitions: [
          { event: "go", to: "busy" },
          { event: "talk", to: "chat", push: true },
        ],
      },
      busy: {
        onUpdate: (a) => void a.n++,
        transitions: [
          { after: 1, to: "idle" },
          { event: "talk", to: "chat", push: true },
        ],
      },
      chat: { transitions: [{ event: "bye", pop: true }] },
    },
  });
  it("a structuredClone continues exactly like the original; JSON snapshots round-trip", () => {
    const state = createMachineState(machine);
    const a = { n: 0 };
    startMachine(state, machine, a);
    dispatchMachineEvent(state, machine, a, "go");
    postMachineEvent(state, machine, "talk", { delay: 0.25 });
    updateMachine(state, machine, a, 0.1);
    expect(isPlainData(state)).toBe(true);
    const copy = structuredClone(state);
    const b = { ...a };
    for (const [step, arg] of [
      ["u", 0.2],
      ["e", "bye"],
      ["u", 0.5],
      ["u", 0.7],
      ["e", "go"],
    ] as const) {
      if (step === "u") {
        expect(updateMachine(copy, machine, b, arg)).toBe(updateMachine(state, machine, a, arg));
      } else expect(dispatchMachineEvent(copy, machine, b, arg)).toBe(dispatchMachineEvent(state, machine, a, arg));
      expect(getActiveStateName(copy, machine)).toBe(getActiveStateName(state, machine));
    }
    expect(b).toEqual(a);
    const snap = JSON.parse(JSON.stringify(saveMachine(state, machine))) as MachineSnapshot;
    const fresh = createMachineState(machine);
    restoreMachine(fresh, machine, snap);
    expect(saveMachine(fresh, machine)).toEqual(snap);
  });
  it("a malformed snapshot throws naming the path and changes nothing", () => {
    const state = createMachineState(machine);
    startMachine(state, machine, { n: 0 });
    const good = saveMachine(state, machine);
    const before = JSON.stringify(good);
    const cases: [string, Partial<Record<keyof MachineSnapshot, unknown>>][] = [
      ["snapshot.stack[1]", { current: "busy", stack: ["idle", "nowhere"] }],
      ["snapshot.queue[0].event", { current: "busy", queue: [{ event: "nope", due: 1 }] }],
      ["snapshot.remembered[0]", { current: "busy", remembered: [7, -1, -1] }],
      ["snapshot.timeInState", { current: "busy", timeInState: -1 }],
    ];
    for (const [path, patch] of cases) {
      let err: unknown;
      try {
        restoreMachine(state, machine, { ...good, ...patch } as MachineSnapshot);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "INVALID_ARGUMENT"), path).toBe(true);
      expect((err as { path?: string }).path, path).toBe(path);
      expect(JSON.stringify(saveMachine(state, machine)), path).toBe(before);
    }
  });
});

describe("call context", () => {
  it("a tree ticked from inside an action gets its own context; a throwing action leaves none behind", () => {
    const inner = createBehaviorTree<{ log: string[] }>(
      { version: 1, root: { type: "action", action: "note", args: { what: "inner" } } },
      { actions: { note: (c) => (c.agent.log.push(`${c.args["what"] as string}@${c.node}`), BtStatus.Success) } },
    );
    const innerState = createTreeState(inner);
    const outer = createBehaviorTree<{ log: string[] }>(
      {
        version: 1,
        root: {
          type: "sequence",
          children: [
            { type: "action", action: "nest", args: { what: "outer" } },
            { type: "action", action: "boom" },
          ],
        },
      },
      {
        actions: {
          nest: (c) => {
            tickTree(innerState, inner, c.agent, c.dt);
            // The outer context is untouched by the nested call.
            c.agent.log.push(`${c.args["what"] as string}@${c.node}:${c.tree === outer ? "outer" : "?"}`);
            return BtStatus.Success;
          },
          boom: () => {
            throw new Error("boom");
          },
        },
      },
    );
    const state = createTreeState(outer);
    const agent = { log: [] as string[] };
    expect(() => tickTree(state, outer, agent, 0.1)).toThrow("boom");
    expect(agent.log).toEqual(["inner@0", "outer@1:outer"]);
    // After the throw, calls still work and see their own tree.
    agent.log.length = 0;
    expect(tickTree(innerState, inner, agent, 0.1)).toBe(BtStatus.Success);
    expect(agent.log).toEqual(["inner@0"]);
  });
});
