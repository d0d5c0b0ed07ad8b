import { describe, expect, it } from "vitest";
import {
  createMachineState,
  createStateMachine,
  getActiveStateName,
  dispatchMachineEvent,
  isStateActive,
  postMachineEvent,
  restoreMachine,
  saveMachine,
  startMachine,
  updateMachine,
  validateStateMachine,
  type MachineState,
  type StateMachine,
  type StateMachineDefinition,
} from "../src/index";

/** A compiled machine, one agent's plain state and the agent: what every level-1 call takes. */
interface Running<A> {
  machine: StateMachine<A>;
  state: MachineState;
  agent: A;
}
function start<A>(machine: StateMachine<A>, agent: A): Running<A> {
  return { machine, state: createMachineState(machine), agent };
}

interface Guard {
  log: string[];
  ammo: number;
}
const log = (what: string) => (a: Guard, ctx: { state: string }) => void a.log.push(`${what}:${ctx.state}`);

const def: StateMachineDefinition<Guard> = {
  version: 1,
  initial: "idle",
  states: {
    idle: {
      onEnter: "enter",
      onExit: "exit",
      transitions: [
        { event: "see", to: "combat" },
        { after: 2, to: "patrol" },
      ],
    },
    patrol: {
      onEnter: "enter",
      onExit: "exit",
      transitions: [
        { event: "see", to: "combat" },
        { event: "talk", to: "chat", push: true },
      ],
    },
    chat: { onEnter: "enter", onExit: "exit", transitions: [{ event: "bye", pop: true }] },
    combat: {
      onEnter: "enter",
      onExit: "exit",
      history: "shallow",
      initial: "shoot",
      transitions: [{ event: "lost", to: "idle" }],
      states: {
        shoot: { onEnter: "enter", onExit: "exit", onUpdate: "fire", transitions: [{ to: "reload", guard: "empty" }] },
        reload: { onEnter: "enter", onExit: "exit", transitions: [{ after: 1, to: "shoot", action: "refill" }] },
      },
    },
  },
};
const bindings = {
  callbacks: {
    enter: log("enter"),
    exit: log("exit"),
    fire: (a: Guard) => void (a.ammo = Math.max(0, a.ammo - 1)),
    refill: (a: Guard) => void (a.ammo = 3),
  },
  guards: { empty: (a: Guard) => a.ammo === 0 },
};

describe("state machines", () => {
  it("enters nested initial states outermost first and exits innermost first", () => {
    const g: Guard = { log: [], ammo: 2 };
    const inst = start(createStateMachine(def, bindings), g);
    startMachine(inst.state, inst.machine, inst.agent);
    expect(g.log).toEqual(["enter:idle"]);
    expect(dispatchMachineEvent(inst.state, inst.machine, inst.agent, "see")).toBe(true);
    expect(g.log).toEqual(["enter:idle", "exit:idle", "enter:combat", "enter:shoot"]);
    expect(isStateActive(inst.state, inst.machine, "combat")).toBe(true);
    expect(() => isStateActive(inst.state, inst.machine, "comabt")).toThrow(/isStateActive: "name" is not a state of this machine/);
    expect(dispatchMachineEvent(inst.state, inst.machine, inst.agent, "bye")).toBe(false);
  });

  it("guards, after-transitions (dt) and transition actions", () => {
    const g: Guard = { log: [], ammo: 2 };
    const inst = start(createStateMachine(def, bindings), g);
    startMachine(inst.state, inst.machine, inst.agent);
    updateMachine(inst.state, inst.machine, inst.agent, 1.5);
    expect(getActiveStateName(inst.state, inst.machine)).toBe("idle");
    updateMachine(inst.state, inst.machine, inst.agent, 0.5);
    expect(getActiveStateName(inst.state, inst.machine)).toBe("patrol");
    dispatchMachineEvent(inst.state, inst.machine, inst.agent, "see");
    updateMachine(inst.state, inst.machine, inst.agent, 0.1); // fire → 1
    updateMachine(inst.state, inst.machine, inst.agent, 0.1); // fire → 0
    expect(g.ammo).toBe(0);
    updateMachine(inst.state, inst.machine, inst.agent, 0.1); // guard empty → reload
    expect(getActiveStateName(inst.state, inst.machine)).toBe("reload");
    updateMachine(inst.state, inst.machine, inst.agent, 0.5);
    expect(getActiveStateName(inst.state, inst.machine)).toBe("reload");
    updateMachine(inst.state, inst.machine, inst.agent, 0.5);
    expect(getActiveStateName(inst.state, inst.machine)).toBe("shoot");
    expect(g.ammo).toBe(2); // refilled to 3 by the action, then one shot in the same update
  });

  it("shallow history returns to the last active child", () => {
    const g: Guard = { log: [], ammo: 0 };
    const inst = start(createStateMachine(def, bindings), g);
    startMachine(inst.state, inst.machine, inst.agent);
    dispatchMachineEvent(inst.state, inst.machine, inst.agent, "see");
    updateMachine(inst.state, inst.machine, inst.agent, 0.1);
    expect(getActiveStateName(inst.state, inst.machine)).toBe("reload");
    dispatchMachineEvent(inst.state, inst.machine, inst.agent, "lost");
    expect(getActiveStateName(inst.state, inst.machine)).toBe("idle");
    dispatchMachineEvent(inst.state, inst.machine, inst.agent, "see");
    expect(getActiveStateName(inst.state, inst.machine)).toBe("reload");
  });

  it("push-down stack: push on talk, pop back on bye", () => {
    const g: Guard = { log: [], ammo: 1 };
    const inst = start(createStateMachine(def, bindings), g);
    startMachine(inst.state, inst.machine, inst.agent);
    updateMachine(inst.state, inst.machine, inst.agent, 2);
    dispatchMachineEvent(inst.state, inst.machine, inst.agent, "talk");
    expect(getActiveStateName(inst.state, inst.machine)).toBe("chat");
    expect(inst.state.stackSize).toBe(1);
    dispatchMachineEvent(inst.state, inst.machine, inst.agent, "bye");
    expect(getActiveStateName(inst.state, inst.machine)).toBe("patrol");
    expect(dispatchMachineEvent(inst.state, inst.machine, inst.agent, "bye")).toBe(false);
  });

  it("delayed events are delivered through dt in due order", () => {
    const g: Guard = { log: [], ammo: 1 };
    const inst = start(createStateMachine(def, bindings), g);
    startMachine(inst.state, inst.machine, inst.agent);
    postMachineEvent(inst.state, inst.machine, "lost", { delay: 1.0 });
    postMachineEvent(inst.state, inst.machine, "see", { delay: 0.5 });
    updateMachine(inst.state, inst.machine, inst.agent, 0.4);
    expect(getActiveStateName(inst.state, inst.machine)).toBe("idle");
    updateMachine(inst.state, inst.machine, inst.agent, 0.2);
    expect(isStateActive(inst.state, inst.machine, "combat")).toBe(true);
    updateMachine(inst.state, inst.machine, inst.agent, 0.4);
    expect(getActiveStateName(inst.state, inst.machine)).toBe("idle");
  });

  it("deep history and save/restore", () => {
    const d: StateMachineDefinition<null> = {
      version: 1,
      states: {
        a: {
          history: "deep",
          states: { a1: { states: { x: { transitions: [{ event: "go", to: "y" }] }, y: {} } }, a2: {} },
          transitions: [{ event: "out", to: "b" }],
        },
        b: { transitions: [{ event: "back", to: "a" }] },
      },
    };
    const m = createStateMachine(d);
    const inst = start(m, null);
    startMachine(inst.state, inst.machine, inst.agent);
    expect(getActiveStateName(inst.state, inst.machine)).toBe("x");
    dispatchMachineEvent(inst.state, inst.machine, inst.agent, "go");
    dispatchMachineEvent(inst.state, inst.machine, inst.agent, "out");
    const snap = JSON.parse(JSON.stringify(saveMachine(inst.state, inst.machine))) as ReturnType<typeof saveMachine>;
    const other = start(m, null);
    restoreMachine(other.state, other.machine, snap);
    dispatchMachineEvent(other.state, other.machine, other.agent, "back");
    expect(getActiveStateName(other.state, other.machine)).toBe("y");
  });

  it("validates by JSON path", () => {
    const paths = validateStateMachine({
      version: 1,
      states: {
        a: {
          transitions: [
            { event: "x", to: "nowhere" },
            { event: "y", after: 1, to: "a" },
            { pop: true, to: "a" },
          ],
          onEnter: "missing",
        },
        b: { states: { a: {} } },
      },
    }).map((i) => i.path);
    expect(paths).toEqual([
      "$.states.b.states.a",
      "$.states.a.onEnter",
      "$.states.a.transitions[0].to",
      "$.states.a.transitions[1]",
      "$.states.a.transitions[2].to",
    ]);
    expect(() => createStateMachine({ version: 1, states: {} })).toThrow(/\$\.states: must declare at least one state/);
  });
});

describe("state machine save/restore (property)", () => {
  it("a restored machine continues exactly like the original", async () => {
    const fc = (await import("fast-check")).default;
    const events = ["see", "lost", "talk", "bye"];
    const step = fc.oneof(
      fc.record({ e: fc.constantFrom(...events) }),
      fc.record({ dt: fc.constantFrom(0.1, 0.5, 1, 2) }),
      fc.record({ post: fc.constantFrom(...events), delay: fc.constantFrom(0, 0.3, 1.5) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.array(step, { maxLength: 30 }), (before, after) => {
        const m = createStateMachine(def, bindings);
        const a = start(m, { log: [], ammo: 2 });
        startMachine(a.state, a.machine, a.agent);
        const apply = (inst: typeof a, s: { e?: string; dt?: number; post?: string; delay?: number }) => {
          if (s.e !== undefined) dispatchMachineEvent(inst.state, inst.machine, inst.agent, s.e);
          else if (s.dt !== undefined) updateMachine(inst.state, inst.machine, inst.agent, s.dt);
          else postMachineEvent(inst.state, inst.machine, s.post!, { delay: s.delay ?? 0 });
        };
        before.forEach((s) => apply(a, s));
        const b = start(m, { log: [], ammo: a.agent.ammo });
        restoreMachine(b.state, b.machine, JSON.parse(JSON.stringify(saveMachine(a.state, a.machine))) as ReturnType<typeof saveMachine>);
        for (const s of after) {
          apply(a, s);
          apply(b, s);
          expect(getActiveStateName(b.state, b.machine)).toBe(getActiveStateName(a.state, a.machine));
          expect(b.agent.ammo).toBe(a.agent.ammo);
        }
        expect(saveMachine(b.state, b.machine)).toEqual(saveMachine(a.state, a.machine));
      }),
      { numRuns: 200 },
    );
  });
});
