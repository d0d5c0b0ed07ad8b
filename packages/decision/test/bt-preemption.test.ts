import { describe, expect, it } from "vitest";
import {
  abortTreeNode,
  adaptScriptWeights,
  BtStatus,
  createDynamicScripting,
  createFuzzySystem,
  createRuleEngine,
  createRuleState,
  createUcb1,
  getBlackboardKeyIndex,
  getFuzzyMembership,
  getSelectorOrder,
  getUcb1Value,
  readBlackboardAt,
  reinforceRule,
  resolveAction,
  writeBlackboardAt,
  createBehaviorTree,
  createBlackboard,
  createTreeState,
  postTreeEvent,
  setTreeHint,
  tickTree,
  updateTree,
  writeBlackboard,
  type BehaviorTree,
  type BtNode,
  type BtState,
  type BtTickResult,
} from "../src/index";

// Pre-emption order (issue 26): when a branch takes over from a running one, the old branch's
// `abort` runs before the new branch's first action ticks, so an abort hook that clears shared
// state (a movement target) cannot undo what the new branch just started.

const S = BtStatus.Success;
const F = BtStatus.Failure;
const R = BtStatus.Running;

interface Agent {
  /** "tick:x" and "abort:x" in call order. */
  calls: string[];
  results: Record<string, BtTickResult>;
  flags: Record<string, boolean>;
}
const agent = (results: Record<string, BtTickResult>): Agent => ({ calls: [], results, flags: {} });
const bindings = {
  actions: {
    run: {
      tick: (ctx: { agent: Agent; args: Readonly<Record<string, unknown>> }): BtTickResult => {
        const id = ctx.args["id"] as string;
        ctx.agent.calls.push(`tick:${id}`);
        return ctx.agent.results[id] ?? S;
      },
      abort: (ctx: { agent: Agent; args: Readonly<Record<string, unknown>> }) => {
        ctx.agent.calls.push(`abort:${ctx.args["id"] as string}`);
      },
    },
  },
  conditions: { flag: (ctx: { agent: Agent; args: Readonly<Record<string, unknown>> }) => ctx.agent.flags[ctx.args["f"] as string] === true },
  blackboard: { alarm: "boolean" },
} as const;
const act = (id: string, name?: string): BtNode => ({ type: "action", action: "run", args: { id }, ...(name ? { name } : {}) });
const cond = (f: string): BtNode => ({ type: "condition", condition: "flag", args: { f } });

interface Running {
  tree: BehaviorTree<Agent>;
  state: BtState;
  agent: Agent;
}
function make(root: BtNode, a: Agent): Running {
  const tree = createBehaviorTree<Agent>({ version: 1, root }, bindings);
  return { tree, state: createTreeState(tree, { blackboard: createBlackboard(bindings.blackboard) }), agent: a };
}
const tick = (r: Running) => tickTree(r.state, r.tree, r.agent, 0.1);

/** Asserts `abort:old` comes before `tick:young` in the calls since `from`. */
function expectAbortFirst(a: Agent, from: number, old: string, young: string): void {
  const calls = a.calls.slice(from);
  const ab = calls.indexOf(`abort:${old}`);
  const tk = calls.indexOf(`tick:${young}`);
  expect(ab, calls.join(" ")).toBeGreaterThanOrEqual(0);
  expect(tk, calls.join(" ")).toBeGreaterThanOrEqual(0);
  expect(ab, calls.join(" ")).toBeLessThan(tk);
}

describe("behaviour tree pre-emption: abort the old branch, then tick the new one", () => {
  it("reactive selector: a guarded higher-priority branch pre-empts patrol, abort first", () => {
    const a = agent({ attack: R, patrol: R });
    const inst = make({ type: "selector", memory: false, children: [{ type: "sequence", children: [cond("enemy"), act("attack")] }, act("patrol")] }, a);
    expect(tick(inst)).toBe(R);
    expect(tick(inst)).toBe(R);
    expect(a.calls).toEqual(["tick:patrol", "tick:patrol"]);
    a.flags["enemy"] = true;
    const from = a.calls.length;
    expect(tick(inst)).toBe(R);
    expect(a.calls.slice(from)).toEqual(["abort:patrol", "tick:attack"]);
  });

  it("reactive selector: an unguarded higher-priority action pre-empts, abort first", () => {
    const a = agent({ a: F, b: R });
    const inst = make({ type: "selector", memory: false, children: [act("a"), act("b")] }, a);
    tick(inst);
    a.results["a"] = R;
    const from = a.calls.length;
    expect(tick(inst)).toBe(R);
    expectAbortFirst(a, from, "b", "a");
  });

  it("reactive selector: a branch of conditions that succeeds still aborts the running one", () => {
    const a = agent({ b: R });
    const inst = make({ type: "selector", memory: false, children: [cond("done"), act("b")] }, a);
    tick(inst);
    a.flags["done"] = true;
    expect(tick(inst)).toBe(S);
    expect(a.calls).toEqual(["tick:b", "abort:b"]);
  });

  it("reactive selector: the old branch keeps running while the higher-priority guard fails", () => {
    const a = agent({ attack: R, patrol: R });
    const inst = make({ type: "selector", memory: false, children: [{ type: "sequence", children: [cond("enemy"), act("attack")] }, act("patrol")] }, a);
    for (let i = 0; i < 3; i++) tick(inst);
    expect(a.calls).toEqual(["tick:patrol", "tick:patrol", "tick:patrol"]);
  });

  it("nested reactive selectors: both old branches are aborted before the new action ticks", () => {
    const a = agent({ x: R, y: R, z: R });
    const inst = make(
      {
        type: "selector",
        memory: false,
        children: [
          { type: "sequence", children: [cond("top"), act("x")] },
          { type: "selector", memory: false, children: [{ type: "sequence", children: [cond("mid"), act("y")] }, act("z")] },
        ],
      },
      a,
    );
    tick(inst);
    a.flags["mid"] = true;
    let from = a.calls.length;
    tick(inst);
    expect(a.calls.slice(from)).toEqual(["abort:z", "tick:y"]);
    a.flags["top"] = true;
    from = a.calls.length;
    tick(inst);
    expect(a.calls.slice(from)).toEqual(["abort:y", "tick:x"]);
  });

  it("a running parallel pre-empted by a reactive selector aborts all its children first", () => {
    const a = agent({ p: R, q: R, n: R });
    const inst = make(
      {
        type: "selector",
        memory: false,
        children: [
          { type: "sequence", children: [cond("go"), act("n")] },
          { type: "parallel", children: [act("p"), act("q")] },
        ],
      },
      a,
    );
    tick(inst);
    a.flags["go"] = true;
    const from = a.calls.length;
    tick(inst);
    expect(a.calls.slice(from)).toEqual(["abort:p", "abort:q", "tick:n"]);
  });

  it("event-driven tree (updateTree): the same order", () => {
    const a = agent({ attack: R, patrol: R });
    const inst = make({ type: "selector", memory: false, children: [{ type: "sequence", children: [cond("enemy"), act("attack")] }, act("patrol")] }, a);
    updateTree(inst.state, inst.tree, inst.agent, 0.1);
    a.flags["enemy"] = true;
    postTreeEvent(inst.state);
    const from = a.calls.length;
    updateTree(inst.state, inst.tree, inst.agent, 0.1);
    expect(a.calls.slice(from)).toEqual(["abort:patrol", "tick:attack"]);
  });

  it("hinted execution: a hint that moves a branch ahead of the running one pre-empts it, abort first", () => {
    const a = agent({ a: R, b: R });
    const inst = make({ type: "selector", memory: false, children: [act("a", "A"), act("b", "B")] }, a);
    tick(inst);
    expect(a.calls).toEqual(["tick:a"]);
    setTreeHint(inst.state, inst.tree, "B", "positive");
    const from = a.calls.length;
    tick(inst);
    expect(a.calls.slice(from)).toEqual(["abort:a", "tick:b"]);
  });

  it("memory selector with a lowerPriority guard: abort first, then tick", () => {
    const a = agent({ flee: R, patrol: R });
    const bb = createBlackboard(bindings.blackboard);
    const tree = createBehaviorTree<Agent>(
      {
        version: 1,
        root: { type: "selector", children: [{ type: "guard", key: "alarm", value: true, abort: "lowerPriority", child: act("flee") }, act("patrol")] },
      },
      bindings,
    );
    const inst: Running = { tree, state: createTreeState(tree, { blackboard: bb }), agent: a };
    tick(inst);
    writeBlackboard(bb, "alarm", true);
    const from = a.calls.length;
    tick(inst);
    expect(a.calls.slice(from)).toEqual(["abort:patrol", "tick:flee"]);
  });

  it("reactive sequence: a failing earlier condition aborts the running child with no tick in between", () => {
    const a = agent({ b: R });
    a.flags["ok"] = true;
    const inst = make({ type: "sequence", memory: false, children: [cond("ok"), act("b")] }, a);
    tick(inst);
    a.flags["ok"] = false;
    const from = a.calls.length;
    expect(tick(inst)).toBe(F);
    expect(a.calls.slice(from)).toEqual(["abort:b"]);
  });

  it("reactive sequence: an earlier action that succeeds again does not restart the running child", () => {
    const a = agent({ aim: S, shoot: R });
    const inst = make({ type: "sequence", memory: false, children: [act("aim"), act("shoot")] }, a);
    for (let i = 0; i < 3; i++) expect(tick(inst)).toBe(R);
    expect(a.calls).toEqual(["tick:aim", "tick:shoot", "tick:aim", "tick:shoot", "tick:aim", "tick:shoot"]);
  });
});

describe("index-taking decision functions fail loudly on a bad index", () => {
  const bad = [undefined, -1, 0.5, Number.NaN, 1e9] as unknown as number[];
  const code = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      return (e as { code?: string }).code ?? "not a TacticaError";
    }
    return "no throw";
  };
  it("abortTreeNode, getSelectorOrder, resolveAction", () => {
    const a = agent({ b: R });
    const inst = make({ type: "selector", children: [act("a"), act("b")] }, a);
    tick(inst);
    for (const n of bad) {
      expect(code(() => abortTreeNode(inst.state, inst.tree, inst.agent, n))).toBe("INVALID_ARGUMENT");
      expect(code(() => getSelectorOrder(inst.state, inst.tree, n))).toBe("INVALID_ARGUMENT");
      expect(code(() => resolveAction(inst.state, inst.tree, n, true))).toBe("INVALID_ARGUMENT");
    }
    expect(resolveAction(inst.state, inst.tree, 0, true)).toBe(false); // a valid node that is no running action
  });
  it("readBlackboardAt / writeBlackboardAt", () => {
    const bb = createBlackboard({ hp: "number" });
    for (const i of bad) {
      expect(code(() => readBlackboardAt(bb, i))).toBe("INVALID_ARGUMENT");
      expect(code(() => writeBlackboardAt(bb, i, 1))).toBe("INVALID_ARGUMENT");
    }
    expect(writeBlackboardAt(bb, getBlackboardKeyIndex(bb, "hp"), 5)).toBe(true);
  });
  it("getUcb1Value, getFuzzyMembership, adaptScriptWeights, reinforceRule", () => {
    const b = createUcb1(3);
    const ds = createDynamicScripting(4);
    const sys = createFuzzySystem({
      version: 1,
      variables: { x: { sets: { lo: { type: "triangle", points: [0, 0, 1] } } }, y: { sets: { hi: { type: "singleton", points: [1] } } } },
      rules: [{ if: { var: "x", is: "lo" }, then: { var: "y", is: "hi" } }],
    });
    const engine = createRuleEngine({
      version: 1,
      facts: { a: 0 },
      rules: [{ name: "r", when: [{ fact: "a", op: ">", value: 0 }], then: [{ set: "a", value: 0 }] }],
    });
    const rs = createRuleState(engine);
    for (const i of bad) {
      expect(code(() => getUcb1Value(b, i))).toBe("INVALID_ARGUMENT");
      expect(code(() => getFuzzyMembership(sys, i, 0.5))).toBe("INVALID_ARGUMENT");
      expect(code(() => adaptScriptWeights(ds, [i], 1, 0.1))).toBe("INVALID_ARGUMENT");
      expect(code(() => reinforceRule(rs, engine, i, true))).toBe("INVALID_ARGUMENT");
    }
  });
});
