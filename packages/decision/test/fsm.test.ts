import { describe, expect, it } from "vitest";
import {
  createMachineInstance,
  createStateMachine,
  currentStateName,
  dispatchMachineEvent,
  isStateActive,
  postMachineEvent,
  restoreMachine,
  saveMachine,
  startMachine,
  updateMachine,
  validateStateMachine,
  type StateMachineDefinition,
} from "../src/index";

interface Guard {
  log: string[];
  ammo: number;
}
const log = (what: string) => (a: Guard, ctx: { state: string }) => void a.log.push(`${what}:${ctx.state}`);

const def: StateMachineDefinition<Guard> = {
  version: 1,
  initial: "idle",
  states: {
    idle: { onEnter: "enter", onExit: "exit", transitions: [{ event: "see", to: "combat" }, { after: 2, to: "patrol" }] },
    patrol: { onEnter: "enter", onExit: "exit", transitions: [{ event: "see", to: "combat" }, { event: "talk", to: "chat", push: true }] },
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
    const inst = createMachineInstance(createStateMachine(def, bindings), g);
    startMachine(inst);
    expect(g.log).toEqual(["enter:idle"]);
    expect(dispatchMachineEvent(inst, "see")).toBe(true);
    expect(g.log).toEqual(["enter:idle", "exit:idle", "enter:combat", "enter:shoot"]);
    expect(isStateActive(inst, "combat")).toBe(true);
    expect(dispatchMachineEvent(inst, "bye")).toBe(false);
  });

  it("guards, after-transitions (dt) and transition actions", () => {
    const g: Guard = { log: [], ammo: 2 };
    const inst = createMachineInstance(createStateMachine(def, bindings), g);
    startMachine(inst);
    updateMachine(inst, 1.5);
    expect(currentStateName(inst)).toBe("idle");
    updateMachine(inst, 0.5);
    expect(currentStateName(inst)).toBe("patrol");
    dispatchMachineEvent(inst, "see");
    updateMachine(inst, 0.1); // fire → 1
    updateMachine(inst, 0.1); // fire → 0
    expect(g.ammo).toBe(0);
    updateMachine(inst, 0.1); // guard empty → reload
    expect(currentStateName(inst)).toBe("reload");
    updateMachine(inst, 0.5);
    expect(currentStateName(inst)).toBe("reload");
    updateMachine(inst, 0.5);
    expect(currentStateName(inst)).toBe("shoot");
    expect(g.ammo).toBe(2); // refilled to 3 by the action, then one shot in the same update
  });

  it("shallow history returns to the last active child", () => {
    const g: Guard = { log: [], ammo: 0 };
    const inst = createMachineInstance(createStateMachine(def, bindings), g);
    startMachine(inst);
    dispatchMachineEvent(inst, "see");
    updateMachine(inst, 0.1);
    expect(currentStateName(inst)).toBe("reload");
    dispatchMachineEvent(inst, "lost");
    expect(currentStateName(inst)).toBe("idle");
    dispatchMachineEvent(inst, "see");
    expect(currentStateName(inst)).toBe("reload");
  });

  it("push-down stack: push on talk, pop back on bye", () => {
    const g: Guard = { log: [], ammo: 1 };
    const inst = createMachineInstance(createStateMachine(def, bindings), g);
    startMachine(inst);
    updateMachine(inst, 2);
    dispatchMachineEvent(inst, "talk");
    expect(currentStateName(inst)).toBe("chat");
    expect(inst.stackSize).toBe(1);
    dispatchMachineEvent(inst, "bye");
    expect(currentStateName(inst)).toBe("patrol");
    expect(dispatchMachineEvent(inst, "bye")).toBe(false);
  });

  it("delayed events are delivered through dt in due order", () => {
    const g: Guard = { log: [], ammo: 1 };
    const inst = createMachineInstance(createStateMachine(def, bindings), g);
    startMachine(inst);
    postMachineEvent(inst, "lost", 1.0);
    postMachineEvent(inst, "see", 0.5);
    updateMachine(inst, 0.4);
    expect(currentStateName(inst)).toBe("idle");
    updateMachine(inst, 0.2);
    expect(isStateActive(inst, "combat")).toBe(true);
    updateMachine(inst, 0.4);
    expect(currentStateName(inst)).toBe("idle");
  });

  it("deep history and save/restore", () => {
    const d: StateMachineDefinition<null> = {
      version: 1,
      states: {
        a: { history: "deep", states: { a1: { states: { x: { transitions: [{ event: "go", to: "y" }] }, y: {} } }, a2: {} }, transitions: [{ event: "out", to: "b" }] },
        b: { transitions: [{ event: "back", to: "a" }] },
      },
    };
    const m = createStateMachine(d);
    const inst = createMachineInstance(m, null);
    startMachine(inst);
    expect(currentStateName(inst)).toBe("x");
    dispatchMachineEvent(inst, "go");
    dispatchMachineEvent(inst, "out");
    const snap = JSON.parse(JSON.stringify(saveMachine(inst))) as ReturnType<typeof saveMachine>;
    const other = createMachineInstance(m, null);
    restoreMachine(other, snap);
    dispatchMachineEvent(other, "back");
    expect(currentStateName(other)).toBe("y");
  });

  it("validates by JSON path", () => {
    const paths = validateStateMachine({
      version: 1,
      states: { a: { transitions: [{ event: "x", to: "nowhere" }, { event: "y", after: 1, to: "a" }, { pop: true, to: "a" }], onEnter: "missing" }, b: { states: { a: {} } } },
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
    const step = fc.oneof(fc.record({ e: fc.constantFrom(...events) }), fc.record({ dt: fc.constantFrom(0.1, 0.5, 1, 2) }), fc.record({ post: fc.constantFrom(...events), delay: fc.constantFrom(0, 0.3, 1.5) }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.array(step, { maxLength: 30 }), (before, after) => {
        const m = createStateMachine(def, bindings);
        const a = createMachineInstance(m, { log: [], ammo: 2 });
        startMachine(a);
        const apply = (inst: typeof a, s: { e?: string; dt?: number; post?: string; delay?: number }) => {
          if (s.e !== undefined) dispatchMachineEvent(inst, s.e);
          else if (s.dt !== undefined) updateMachine(inst, s.dt);
          else postMachineEvent(inst, s.post!, s.delay);
        };
        before.forEach((s) => apply(a, s));
        const b = createMachineInstance(m, { log: [], ammo: a.agent.ammo });
        restoreMachine(b, JSON.parse(JSON.stringify(saveMachine(a))) as ReturnType<typeof saveMachine>);
        for (const s of after) {
          apply(a, s);
          apply(b, s);
          expect(currentStateName(b)).toBe(currentStateName(a));
          expect(b.agent.ammo).toBe(a.agent.ammo);
        }
        expect(saveMachine(b)).toEqual(saveMachine(a));
      }),
      { numRuns: 200 },
    );
  });
});
