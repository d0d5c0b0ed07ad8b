import { isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BtStatus,
  createBehaviorTree,
  createFuzzySystem,
  createMachineState,
  createResourceRules,
  createStateMachine,
  createTreeState,
  dispatchMachineEvent,
  postMachineEvent,
  mlpFromJson,
  restoreMachine,
  restoreTree,
  saveMachine,
  saveTree,
  startMachine,
  tickTree,
  updateMachine,
  validateBehaviorTree,
  validateStateMachine,
  type BehaviorTreeDefinition,
  type BtSnapshot,
  type FuzzySystemDefinition,
  type ResourceRulesDefinition,
  type MachineSnapshot,
  type StateMachineDefinition,
} from "../src/index";

/** Runs `f`; passes when it returns or throws a TacticaError, fails on any other throw (TypeError, RangeError …). */
function onlyTacticaErrors(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    if (!isTacticaError(e)) throw new Error(`threw a non-TacticaError: ${String(e)}`, { cause: e });
  }
}

// Hostile names: prototype keys and the like, mixed into random JSON.
const hostileKey = fc.constantFrom(
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "type",
  "children",
  "child",
  "states",
  "root",
  "version",
  "initial",
);
const json = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", maxDepth: 5 },
    fc.constantFrom(null, true, false, 0, -1, 1, 1e308, Number.NaN, Infinity, "", "sequence", "action", "wait", "__proto__"),
    fc.double(),
    fc.string({ maxLength: 8 }),
    fc.array(tie("v"), { minLength: 0, maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 6 })), tie("v"), { minKeys: 0, maxKeys: 4 }),
  ),
})).v;

const btBindings = { actions: { run: () => BtStatus.Success }, conditions: { ok: () => true }, blackboard: { hp: "number" } } as const;
const validTree: BehaviorTreeDefinition = {
  version: 1,
  root: {
    type: "selector",
    children: [
      {
        type: "sequence",
        children: [
          { type: "condition", condition: "ok" },
          { type: "action", action: "run" },
        ],
      },
      { type: "wait", duration: 1 },
    ],
  },
};
const validMachine: StateMachineDefinition = {
  version: 1,
  initial: "a",
  states: { a: { transitions: [{ event: "go", to: "b" }] }, b: { states: { b1: {}, b2: {} }, transitions: [{ after: 1, to: "a" }] } },
};

/** Replaces the value at a random path of `base` with `value` (returns a copy). */
function graft(base: unknown, path: readonly number[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(base)) as unknown;
  let parent: Record<string, unknown> | null = null;
  let key = "";
  let cur: unknown = copy;
  for (const step of path) {
    if (cur === null || typeof cur !== "object") break;
    const keys = Object.keys(cur);
    if (keys.length === 0) break;
    parent = cur as Record<string, unknown>;
    key = keys[step % keys.length]!;
    cur = parent[key];
  }
  if (parent === null) return value;
  parent[key] = value;
  return copy;
}

describe("loaders reject hostile input with a TacticaError (never a deep crash)", () => {
  it("behaviour trees: random JSON, and random JSON grafted into a valid tree", () => {
    fc.assert(
      fc.property(json, fc.array(fc.nat({ max: 7 }), { minLength: 0, maxLength: 6 }), (v, path) => {
        for (const def of [v, { version: 1, root: v }, graft(validTree, path, v)]) {
          expect(Array.isArray(validateBehaviorTree(def, btBindings))).toBe(true);
          onlyTacticaErrors(() => {
            const tree = createBehaviorTree(def as BehaviorTreeDefinition, btBindings);
            const state = createTreeState(tree);
            for (let i = 0; i < 3; i++) tickTree(state, tree, null, 0.5);
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it("state machines: random JSON, and random JSON grafted into a valid machine", () => {
    fc.assert(
      fc.property(json, fc.array(fc.nat({ max: 7 }), { minLength: 0, maxLength: 6 }), (v, path) => {
        for (const def of [v, { version: 1, states: v }, graft(validMachine, path, v)]) {
          expect(Array.isArray(validateStateMachine(def))).toBe(true);
          onlyTacticaErrors(() => {
            const m = createStateMachine(def as StateMachineDefinition);
            const s = createMachineState(m);
            startMachine(s, m, null);
            updateMachine(s, m, null, 2);
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it("snapshots: random JSON grafted into a valid snapshot never half-restores", () => {
    const tree = createBehaviorTree(validTree, btBindings);
    const machine = createStateMachine(validMachine);
    fc.assert(
      fc.property(json, fc.array(fc.nat({ max: 7 }), { minLength: 0, maxLength: 4 }), (v, path) => {
        const bt = createTreeState(tree);
        tickTree(bt, tree, null, 0.3);
        const btBefore = JSON.stringify(saveTree(bt));
        try {
          restoreTree(bt, graft(saveTree(bt), path, v) as BtSnapshot);
        } catch (e) {
          expect(isTacticaError(e)).toBe(true);
          expect(JSON.stringify(saveTree(bt))).toBe(btBefore);
        }
        const fsm = createMachineState(machine);
        startMachine(fsm, machine, null);
        const fsmBefore = JSON.stringify(saveMachine(fsm, machine));
        try {
          restoreMachine(fsm, machine, graft(saveMachine(fsm, machine), path, v) as MachineSnapshot);
        } catch (e) {
          expect(isTacticaError(e)).toBe(true);
          expect(JSON.stringify(saveMachine(fsm, machine))).toBe(fsmBefore);
        }
        onlyTacticaErrors(() => mlpFromJson(v));
      }),
      { numRuns: 300 },
    );
  });

  it("deep nesting and cycles are refused by path, not by a stack overflow", () => {
    let deep: unknown = { type: "wait", duration: 1 };
    for (let i = 0; i < 5000; i++) deep = { type: "inverter", child: deep };
    expect(() => createBehaviorTree({ version: 1, root: deep } as BehaviorTreeDefinition)).toThrow(/nested deeper than 200/);
    const cyclic: Record<string, unknown> = { type: "sequence" };
    cyclic["children"] = [cyclic];
    expect(() => createBehaviorTree({ version: 1, root: cyclic } as unknown as BehaviorTreeDefinition)).toThrow(/nested deeper/);

    let states: Record<string, unknown> = { leaf: {} };
    for (let i = 0; i < 5000; i++) states = { [`s${i}`]: { states } };
    onlyTacticaErrors(() => createStateMachine({ version: 1, states } as StateMachineDefinition));
    expect(() => createStateMachine({ version: 1, states } as StateMachineDefinition)).toThrow(/nested deeper than 100/);
    const loop: Record<string, unknown> = {};
    loop["a"] = { states: loop };
    let err: unknown;
    try {
      createStateMachine({ version: 1, states: loop } as StateMachineDefinition);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "INVALID_DEFINITION")).toBe(true);
    expect(validateStateMachine({ version: 1, states: loop }).some((i) => i.message.includes("nested deeper"))).toBe(true);
  });

  it("prototype names are not bindings or states", () => {
    expect(() => createBehaviorTree({ version: 1, root: { type: "action", action: "constructor" } }, btBindings)).toThrow(/\$\.root\.action/);
    expect(() => createBehaviorTree({ version: 1, root: { type: "compare", key: "toString", value: 1 } }, btBindings)).toThrow(/\$\.root\.key/);
    expect(() => createStateMachine({ version: 1, initial: "constructor", states: { a: {} } })).toThrow(/\$\.initial/);
    expect(() => createStateMachine({ version: 1, states: { a: { onEnter: "toString" } } })).toThrow(/\$\.states\.a\.onEnter/);
  });
});

describe("issue 18's two named defects stay fixed", () => {
  const codeAndPath = (f: () => unknown): { code: string; path: string | undefined } => {
    try {
      f();
    } catch (e) {
      if (!isTacticaError(e)) throw new Error(`threw a non-TacticaError: ${String(e)}`, { cause: e });
      return { code: e.code, path: e.path };
    }
    throw new Error("accepted");
  };

  it("createStateMachine on mutated JSON names the JSON path", () => {
    const r = codeAndPath(() => createStateMachine(JSON.parse('{"version":1,"initial":"idle","states":-1}') as StateMachineDefinition));
    expect(r).toEqual({ code: "INVALID_DEFINITION", path: "$.states" });
    expect(codeAndPath(() => createStateMachine(JSON.parse('{"version":1,"states":{"a":{"transitions":[[1]]}}}') as StateMachineDefinition)).path).toBe(
      "$.states.a.transitions[0]",
    );
    expect(codeAndPath(() => createStateMachine(JSON.parse('{"version":1,"states":{"a":{"states":[]}}}') as StateMachineDefinition)).path).toBe(
      "$.states.a.states",
    );
  });

  it("restoreMachine rejects malformed saves by path, before touching the state", () => {
    const machine = createStateMachine<null>({
      version: 1,
      initial: "a",
      states: {
        a: {
          transitions: [
            { event: "go", to: "b" },
            { event: "push", to: "b", push: true },
          ],
        },
        b: { history: "shallow", states: { b1: { transitions: [{ event: "next", to: "b2" }] }, b2: {} }, transitions: [{ event: "back", pop: true }] },
      },
    });
    const state = createMachineState(machine);
    startMachine(state, machine, null);
    const good = saveMachine(state, machine);
    const before = JSON.stringify(good);
    const bad: [unknown, string][] = [
      [{}, "snapshot.current"],
      [null, "snapshot"],
      [[], "snapshot.current"],
      [{ ...good, stack: [["a"]] }, "snapshot.stack[0]"],
      [{ ...good, stack: ["b"] }, "snapshot.stack[0]"],
      [{ ...good, time: -1 }, "snapshot.time"],
      [{ ...good, time: Number.NaN }, "snapshot.time"],
      [{ ...good, timeInState: -0.5 }, "snapshot.timeInState"],
      [{ ...good, timeInState: Number.NaN }, "snapshot.timeInState"],
      [{ ...good, time: 1, timeInState: 2 }, "snapshot.timeInState"],
      [{ ...good, transitions: 1.5 }, "snapshot.transitions"],
      [{ ...good, remembered: [0, 0, 0, 0] }, "snapshot.remembered[0]"],
      [{ ...good, remembered: [-1, 0, -1, -1] }, "snapshot.remembered[1]"],
      [{ ...good, remembered: null }, "snapshot.remembered"],
      [{ ...good, queue: [null] }, "snapshot.queue[0]"],
      [{ ...good, queue: [[]] }, "snapshot.queue[0]"],
      [{ ...good, queue: [{ event: "go", due: -1 }] }, "snapshot.queue[0].due"],
      [{ ...good, queue: [{ event: "go", due: Number.NaN }] }, "snapshot.queue[0].due"],
      [
        {
          ...good,
          queue: [
            { event: "go", due: 2 },
            { event: "go", due: 1 },
          ],
        },
        "snapshot.queue[1].due",
      ],
      [{ ...good, queue: [{ event: "toString", due: 1 }] }, "snapshot.queue[0].event"],
    ];
    for (const [snap, path] of bad) {
      expect(codeAndPath(() => restoreMachine(state, machine, snap as MachineSnapshot))).toEqual({ code: "INVALID_ARGUMENT", path });
      expect(JSON.stringify(saveMachine(state, machine))).toBe(before);
    }
    // A well-formed save with history and a queue still restores.
    dispatchMachineEvent(state, machine, null, "push");
    dispatchMachineEvent(state, machine, null, "next");
    postMachineEvent(state, machine, "back", { delay: 1 });
    const saved = saveMachine(state, machine);
    const other = createMachineState(machine);
    restoreMachine(other, machine, JSON.parse(JSON.stringify(saved)) as MachineSnapshot);
    expect(saveMachine(other, machine)).toEqual(saved);
  });
});

describe("found by the qa fuzz suite (qa/src/fuzz/cases/decision.ts)", () => {
  const located = (f: () => unknown): string | undefined => {
    try {
      f();
    } catch (e) {
      if (!isTacticaError(e)) throw new Error(`threw a non-TacticaError: ${String(e)}`, { cause: e });
      return e.path;
    }
    return "accepted";
  };

  it("a fuzzy set point that is an object is a path, not a TypeError from comparing it", () => {
    const def = {
      version: 1,
      variables: { a: { sets: { s: { type: "triangle", points: [0, { toString: [1] }, 2] } } }, b: { sets: { t: { type: "singleton", points: [1] } } } },
      rules: [{ if: { var: "a", is: "s" }, then: { var: "b", is: "t" } }],
    };
    expect(located(() => createFuzzySystem(def as unknown as FuzzySystemDefinition))).toBe("$.variables.a.sets.s.points[1]");
  });

  it("a duplicated resource name is a path, not a TypeError from the name index", () => {
    const def = { version: 1, resources: ["meat", "leather", "meat"], rules: { r: { outputs: ["unit 1 meat"] } } };
    expect(located(() => createResourceRules(def as ResourceRulesDefinition))).toBe("$.resources[2]");
  });

  it("MLP weights declaring gigabyte layers are refused before anything is allocated", () => {
    expect(located(() => mlpFromJson({ layers: [65536, 65536], weights: [], biases: [] }))).toBe("json.weights");
    expect(located(() => mlpFromJson({ layers: [1e9, 2], weights: [], biases: [] }))).toBe("json.layers[0]");
    expect(located(() => mlpFromJson({ layers: [3], weights: [], biases: [] }))).toBe("json.layers");
  });
});
