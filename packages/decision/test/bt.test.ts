import { describe, expect, it } from "vitest";
import {
  BtStatus,
  createBehaviorTree,
  createBlackboard,
  createTreeState,
  readTreeTrace,
  tickTree,
  validateBehaviorTree,
  writeBlackboard,
  type BehaviorTree,
  type BehaviorTreeDefinition,
  type BtState,
  type BtStateOptions,
  type BtNode,
  type BtTickResult,
} from "../src/index";
import { isTacticaError } from "@tactica/core";

const S = BtStatus.Success;
const Fl = BtStatus.Failure;
const R = BtStatus.Running;

/** Agent whose actions return scripted results and log their calls. */
interface Agent {
  log: string[];
  results: Record<string, BtTickResult[]>;
  flags: Record<string, boolean>;
  aborted: string[];
}
function agent(results: Record<string, BtTickResult[]> = {}, flags: Record<string, boolean> = {}): Agent {
  return { log: [], results, flags, aborted: [] };
}
function act(name: string): BtNode {
  return { type: "action", action: "run", args: { id: name }, name };
}
const bindings = {
  actions: {
    run: {
      tick: (ctx: { agent: Agent; args: Readonly<Record<string, unknown>> }): BtTickResult => {
        const id = ctx.args["id"] as string;
        ctx.agent.log.push(id);
        const q = ctx.agent.results[id];
        if (!q || q.length === 0) return S;
        return q.length === 1 ? q[0]! : q.shift()!;
      },
      abort: (ctx: { agent: Agent; args: Readonly<Record<string, unknown>> }) => {
        ctx.agent.aborted.push(ctx.args["id"] as string);
      },
    },
  },
  conditions: { flag: (ctx: { agent: Agent; args: Readonly<Record<string, unknown>> }) => ctx.agent.flags[ctx.args["f"] as string] === true },
  blackboard: { hp: "number", alarm: "boolean", mode: "string" },
} as const;
function tree(root: BtNode): BehaviorTreeDefinition {
  return { version: 1, root };
}
/** A tree, one agent's plain state and the agent: what every level-1 call takes. */
interface Running {
  tree: BehaviorTree<Agent>;
  state: BtState;
  agent: Agent;
}
function start(t: BehaviorTree<Agent>, a: Agent, options: BtStateOptions = {}): Running {
  return { tree: t, state: createTreeState(t, options), agent: a };
}
function tick(r: Running, dt: number) {
  return tickTree(r.state, r.tree, r.agent, dt);
}
function make(root: BtNode, a: Agent, trace = 0): Running {
  const t = createBehaviorTree<Agent>(tree(root), bindings);
  return start(t, a, { traceCapacity: trace, blackboard: createBlackboard(bindings.blackboard) });
}

describe("behaviour tree validation", () => {
  it("reports every problem by JSON path", () => {
    const issues = validateBehaviorTree(
      {
        version: 1,
        root: {
          type: "sequence",
          children: [
            { type: "wait", duration: -1 },
            { type: "action", action: "nope" },
            { type: "compare", key: "hp", op: "<", value: "x" },
            { type: "bogus" },
          ],
        },
      },
      bindings,
    );
    const paths = issues.map((i) => i.path);
    expect(paths).toContain("$.root.children[0].duration");
    expect(paths).toContain("$.root.children[1].action");
    expect(paths).toContain("$.root.children[2].value");
    expect(paths).toContain("$.root.children[3].type");
    expect(validateBehaviorTree({ version: 2, root: { type: "sequence", children: [] } }).map((i) => i.path)).toEqual(["$.version", "$.root.children"]);
    expect(validateBehaviorTree({ version: 1, root: { type: "guard", child: { type: "wait", duration: 1 }, extra: 1 } }).map((i) => i.path)).toEqual([
      "$.root.extra",
      "$.root",
    ]);
  });

  it("a tree that reads the blackboard needs its schema", () => {
    expect(() => createBehaviorTree(tree({ type: "compare", key: "hp", value: 1 }))).toThrow(/\$\.root\.key: .*no blackboard schema/);
    expect(validateBehaviorTree(tree({ type: "compare", key: "hp", value: 1 }))).toEqual([]);
  });

  it("createBehaviorTree throws INVALID_DEFINITION naming the path", () => {
    try {
      createBehaviorTree(tree({ type: "repeat", child: { type: "wait", duration: 1 }, count: 0 }));
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, "INVALID_DEFINITION")).toBe(true);
      expect((e as Error).message).toMatch(/^@tactica\/decision: createBehaviorTree: .*\$\.root\.count/);
    }
  });
});

describe("composites", () => {
  it("memory sequence resumes the running child", () => {
    const a = agent({ b: [R, R, S] });
    const inst = make({ type: "sequence", children: [act("a"), act("b"), act("c")] }, a);
    expect(tick(inst, 0.1)).toBe(R);
    expect(tick(inst, 0.1)).toBe(R);
    expect(tick(inst, 0.1)).toBe(S);
    expect(a.log).toEqual(["a", "b", "b", "b", "c"]);
  });

  it("reactive sequence re-checks earlier children and aborts the running one", () => {
    const a = agent({ b: [R] }, { ok: true });
    const inst = make({ type: "sequence", memory: false, children: [{ type: "condition", condition: "flag", args: { f: "ok" } }, act("b")] }, a);
    expect(tick(inst, 0.1)).toBe(R);
    a.flags["ok"] = false;
    expect(tick(inst, 0.1)).toBe(Fl);
    expect(a.aborted).toEqual(["b"]);
  });

  it("selector tries children until one succeeds; reactive selector pre-empts lower priority", () => {
    const a = agent({ a: [Fl], b: [R] });
    const inst = make({ type: "selector", memory: false, children: [act("a"), act("b")] }, a);
    expect(tick(inst, 0.1)).toBe(R);
    a.results["a"] = [S];
    expect(tick(inst, 0.1)).toBe(S);
    expect(a.aborted).toEqual(["b"]);
  });

  it("parallel policies: all/one and race", () => {
    const a = agent({ a: [R, S], b: [R, R, S] });
    const all = make({ type: "parallel", children: [act("a"), act("b")] }, a);
    expect(tick(all, 0.1)).toBe(R);
    expect(tick(all, 0.1)).toBe(R);
    expect(tick(all, 0.1)).toBe(S);
    expect(a.log).toEqual(["a", "b", "a", "b", "b"]);

    const b = agent({ a: [R, S], b: [R] });
    const one = make({ type: "parallel", success: "one", children: [act("a"), act("b")] }, b);
    tick(one, 0.1);
    expect(tick(one, 0.1)).toBe(S);
    expect(b.aborted).toEqual(["b"]);

    const c = agent({ a: [Fl], b: [R] });
    const failOne = make({ type: "parallel", children: [act("a"), act("b")] }, c);
    expect(tick(failOne, 0.1)).toBe(Fl);
    expect(c.aborted).toEqual(["b"]);

    const d = agent({ a: [Fl], b: [R, Fl] });
    const race = make({ type: "race", children: [act("a"), act("b")] }, d);
    expect(tick(race, 0.1)).toBe(R);
    expect(tick(race, 0.1)).toBe(Fl);
    const e = agent({ a: [Fl], b: [R, S] });
    const race2 = make({ type: "race", children: [act("a"), act("b")] }, e);
    tick(race2, 0.1);
    expect(tick(race2, 0.1)).toBe(S);
  });

  it("parallel without memory re-ticks finished children", () => {
    const a = agent({ a: [S], b: [R, R, S] });
    const inst = make({ type: "parallel", memory: false, children: [act("a"), act("b")] }, a);
    tick(inst, 0.1);
    tick(inst, 0.1);
    expect(tick(inst, 0.1)).toBe(S);
    expect(a.log).toEqual(["a", "b", "a", "b", "a", "b"]);
  });

  it("shuffle and random selector are seeded and visit every child", () => {
    const orders = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const a = agent();
      const t = createBehaviorTree<Agent>(tree({ type: "shuffle", children: [act("a"), act("b"), act("c"), act("d")] }), bindings);
      const inst = start(t, a, { seed, blackboard: createBlackboard(bindings.blackboard) });
      tick(inst, 0.1);
      expect([...a.log].sort()).toEqual(["a", "b", "c", "d"]);
      orders.add(a.log.join(""));
      const again = agent();
      tick(start(t, again, { seed, blackboard: createBlackboard(bindings.blackboard) }), 0.1);
      expect(again.log).toEqual(a.log);
    }
    expect(orders.size).toBeGreaterThan(5);
    const a = agent({ a: [Fl], b: [Fl], c: [S] });
    const inst = make({ type: "randomSelector", children: [act("a"), act("b"), act("c")] }, a);
    expect(tick(inst, 0.1)).toBe(S);
    expect(a.log[a.log.length - 1]).toBe("c");
  });
});

describe("decorators and leaves", () => {
  it("inverter, succeed, fail", () => {
    const a = agent({ a: [Fl] });
    expect(tick(make({ type: "inverter", child: act("a") }, a), 0)).toBe(S);
    expect(tick(make({ type: "succeed", child: act("a") }, a), 0)).toBe(S);
    expect(tick(make({ type: "fail", child: act("b") }, a), 0)).toBe(Fl);
  });

  it("repeat counts successes once per tick; retry counts failures", () => {
    const a = agent();
    const rep = make({ type: "repeat", count: 3, child: act("a") }, a);
    expect([tick(rep, 0), tick(rep, 0), tick(rep, 0)]).toEqual([R, R, S]);
    expect(a.log.length).toBe(3);
    const b = agent({ a: [Fl, Fl, S] });
    const retry = make({ type: "retry", attempts: 5, child: act("a") }, b);
    expect([tick(retry, 0), tick(retry, 0), tick(retry, 0)]).toEqual([R, R, S]);
    const c = agent({ a: [Fl] });
    const retry2 = make({ type: "retry", attempts: 2, child: act("a") }, c);
    expect([tick(retry2, 0), tick(retry2, 0)]).toEqual([R, Fl]);
  });

  it("wait finishes once duration of tree time has passed since entry", () => {
    const inst = make({ type: "wait", duration: 1 }, agent());
    const out = [];
    for (let i = 0; i < 6; i++) out.push(tick(inst, 0.25));
    expect(out).toEqual([R, R, R, R, S, R]);
  });

  it("cooldown blocks the child for duration after it finishes", () => {
    const a = agent();
    const inst = make({ type: "cooldown", duration: 1, child: act("a") }, a);
    const out = [];
    for (let i = 0; i < 6; i++) out.push(tick(inst, 0.5));
    expect(out).toEqual([S, Fl, S, Fl, S, Fl]);
    expect(a.log.length).toBe(3);
  });

  it("timeout aborts a child that runs too long", () => {
    const a = agent({ a: [R] });
    const inst = make({ type: "timeout", duration: 1, child: act("a") }, a);
    expect([tick(inst, 0.5), tick(inst, 0.5), tick(inst, 0.5)]).toEqual([R, R, Fl]);
    expect(a.aborted).toEqual(["a"]);
  });

  it("guard with abort self stops its child when the condition turns false", () => {
    const a = agent({ a: [R] });
    const bb = createBlackboard(bindings.blackboard, { hp: 50 });
    const t = createBehaviorTree<Agent>(tree({ type: "guard", key: "hp", op: ">", value: 20, abort: "self", child: act("a") }), bindings);
    const inst = start(t, a, { blackboard: bb });
    expect(tick(inst, 0.1)).toBe(R);
    writeBlackboard(bb, "hp", 10);
    expect(tick(inst, 0.1)).toBe(Fl);
    expect(a.aborted).toEqual(["a"]);
    const noAbort = start(createBehaviorTree<Agent>(tree({ type: "guard", key: "hp", op: ">", value: 20, child: act("a") }), bindings), agent({ a: [R] }), {
      blackboard: createBlackboard(bindings.blackboard, { hp: 50 }),
    });
    tick(noAbort, 0.1);
    writeBlackboard(noAbort.state.blackboard, "hp", 10);
    expect(tick(noAbort, 0.1)).toBe(R);
  });

  it("guard with abort lowerPriority pre-empts a running lower-priority sibling", () => {
    const a = agent({ flee: [R], patrol: [R] });
    const bb = createBlackboard(bindings.blackboard);
    const t = createBehaviorTree<Agent>(
      tree({ type: "selector", children: [{ type: "guard", key: "alarm", value: true, abort: "lowerPriority", child: act("flee") }, act("patrol")] }),
      bindings,
    );
    const inst = start(t, a, { blackboard: bb, traceCapacity: 16 });
    tick(inst, 0.1);
    tick(inst, 0.1);
    expect(a.log).toEqual(["patrol", "patrol"]);
    writeBlackboard(bb, "alarm", true);
    expect(tick(inst, 0.1)).toBe(R);
    expect(a.aborted).toEqual(["patrol"]);
    expect(a.log).toEqual(["patrol", "patrol", "flee"]);
    const tr = readTreeTrace(inst.state, inst.tree);
    expect(tr.map((e) => [e.name || e.type, e.status])).toEqual([
      ["patrol", BtStatus.Idle],
      ["flee", R],
      ["guard", R],
      ["selector", R],
    ]);
  });

  it("compare and set use the blackboard", () => {
    const bb = createBlackboard(bindings.blackboard, { hp: 5, mode: "calm" });
    const t = createBehaviorTree<Agent>(
      tree({
        type: "sequence",
        children: [
          { type: "compare", key: "hp", op: "<=", value: 5 },
          { type: "compare", key: "mode", op: "!=", value: "angry" },
          { type: "set", key: "mode", value: "angry" },
          { type: "set", key: "alarm", value: true },
        ],
      }),
      bindings,
    );
    const inst = start(t, agent(), { blackboard: bb });
    expect(tick(inst, 0)).toBe(S);
    expect(bb.str[2]).toBe("angry");
    expect(tick(inst, 0)).toBe(Fl);
  });

  it("rejects a bad dt and a bad action result", () => {
    const inst = make(act("a"), agent({ a: [7 as BtTickResult] }));
    expect(() => tick(inst, -1)).toThrow(/dt/);
    expect(() => tick(inst, NaN)).toThrow(/dt/);
    expect(() => tick(inst, 0)).toThrow(/returned 7/);
  });
});
