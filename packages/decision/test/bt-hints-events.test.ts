import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BtStatus,
  createAsyncAction,
  createBehaviorTree,
  createBlackboard,
  createHintedController,
  createHintLevel,
  createTreeState,
  popHintLevel,
  postTreeEvent,
  restoreTree,
  saveTree,
  getSelectorOrder,
  setTreeHint,
  tickHintedController,
  tickTree,
  updateTree,
  writeBlackboard,
  type BehaviorTree,
  type BtNode,
  type BtSnapshot,
  type BtState,
  type BtStateOptions,
  type BtTickResult,
} from "../src/index";

/** A tree, one agent's plain state and the agent (also a hinted-controller level). */
interface Running<A> {
  tree: BehaviorTree<A>;
  state: BtState;
  agent: A;
}
function start<A>(tree: BehaviorTree<A>, agent: A, options: BtStateOptions = {}): Running<A> {
  return { tree, state: createTreeState(tree, options), agent };
}
const tick = <A>(r: Running<A>, dt: number) => tickTree(r.state, r.tree, r.agent, dt);
const update = <A>(r: Running<A>, dt: number) => updateTree(r.state, r.tree, r.agent, dt);

const S = BtStatus.Success;
const R = BtStatus.Running;

describe("hinted execution (chapter 10)", () => {
  const names = ["A", "B", "C", "D", "E"];
  const def = { version: 1 as const, root: { type: "selector" as const, children: names.map((n): BtNode => ({ type: "wait", duration: 1, name: n })) } };

  it("Figure 10.5: hints {D+, E+, A-} order [A..E] as D, E, B, C, A; neutral restores", () => {
    const inst = start(createBehaviorTree(def), null);
    const label = () =>
      getSelectorOrder(inst.state, inst.tree, 0)
        .map((n) => inst.tree.names[n])
        .join("");
    expect(label()).toBe("ABCDE");
    setTreeHint(inst.state, inst.tree, "D", "positive");
    setTreeHint(inst.state, inst.tree, "E", "positive");
    setTreeHint(inst.state, inst.tree, "A", "negative");
    expect(label()).toBe("DEBCA");
    for (const n of names) setTreeHint(inst.state, inst.tree, n, "neutral");
    expect(label()).toBe("ABCDE");
    expect(setTreeHint(inst.state, inst.tree, "Z", "positive")).toBe(false);
  });

  it("hint conditions and a two-level controller (disguise scenario)", () => {
    interface Npc {
      did: string[];
    }
    const schema = { enemyVisible: "boolean", lowHealth: "boolean", disguised: "boolean", attacked: "boolean" } as const;
    const base = createBehaviorTree<Npc>(
      {
        version: 1,
        root: {
          type: "selector",
          memory: false,
          children: [
            {
              type: "sequence",
              memory: false,
              name: "PATROL",
              children: [
                {
                  type: "selector",
                  children: [
                    { type: "compare", key: "enemyVisible", value: false },
                    { type: "hintCondition", hint: "PATROL", is: "positive" },
                  ],
                },
                { type: "action", action: "do", args: { what: "patrol" } },
              ],
            },
            {
              type: "sequence",
              memory: false,
              name: "COVER",
              children: [
                {
                  type: "selector",
                  children: [
                    { type: "compare", key: "lowHealth", value: true },
                    { type: "hintCondition", hint: "COVER", is: "positive" },
                  ],
                },
                { type: "action", action: "do", args: { what: "cover" } },
              ],
            },
            { type: "action", name: "ATTACK", action: "do", args: { what: "attack" } },
          ],
        },
      },
      {
        actions: {
          do: (ctx): BtTickResult => {
            ctx.agent.did.push(ctx.args["what"] as string);
            return R;
          },
        },
        blackboard: schema,
      },
    );
    const high = start(
      createBehaviorTree(
        {
          version: 1,
          root: {
            type: "selector",
            children: [
              {
                type: "sequence",
                children: [
                  { type: "compare", key: "attacked", value: true },
                  { type: "set", key: "disguised", value: false },
                  { type: "hinter", hint: "PATROL", value: "neutral" },
                ],
              },
              {
                type: "sequence",
                children: [
                  { type: "compare", key: "disguised", value: true },
                  { type: "hinter", hint: "PATROL", value: "positive" },
                ],
              },
              { type: "hinter", hint: "PATROL", value: "neutral" },
            ],
          },
        },
        { blackboard: schema },
      ),
      null,
    );
    const npc: Npc = { did: [] };
    const bb = createBlackboard(schema, { enemyVisible: true, disguised: true });
    const baseInst = start(base, npc, { blackboard: bb });
    const highInst = start(high.tree, null, { blackboard: bb });
    // Without the high level the NPC attacks a visible enemy.
    tick(baseInst, 0.1);
    expect(npc.did).toEqual(["attack"]);
    const ctrl = createHintedController(createHintLevel(baseInst.tree, baseInst.state, baseInst.agent), highInst);
    tickHintedController(ctrl, 0.1);
    expect(npc.did[npc.did.length - 1]).toBe("patrol"); // same tick: hint PATROL+ already applies
    writeBlackboard(bb, "attacked", true);
    tickHintedController(ctrl, 0.1);
    expect(npc.did[npc.did.length - 1]).toBe("attack");
    // Removing the high level restores the authored behaviour.
    writeBlackboard(bb, "attacked", false);
    writeBlackboard(bb, "disguised", true);
    tickHintedController(ctrl, 0.1);
    expect(npc.did[npc.did.length - 1]).toBe("patrol");
    popHintLevel(ctrl);
    tickHintedController(ctrl, 0.1);
    expect(npc.did[npc.did.length - 1]).toBe("attack");
  });
});

describe("event-driven evaluation and async actions", () => {
  it("sleeps until a watched key changes, a timer is due or an event arrives", () => {
    let evaluations = 0;
    const schema = { alarm: "boolean" } as const;
    const t = createBehaviorTree<null>(
      {
        version: 1,
        root: {
          type: "selector",
          children: [
            {
              type: "sequence",
              children: [
                { type: "condition", condition: "count" },
                { type: "compare", key: "alarm", value: true },
                { type: "wait", duration: 1 },
              ],
            },
            { type: "condition", condition: "count" },
          ],
        },
      },
      {
        conditions: {
          count: () => {
            evaluations++;
            return true;
          },
        },
        blackboard: schema,
      },
    );
    const inst = start(t, null, { blackboard: createBlackboard(schema) });
    expect(update(inst, 0.1)).toBe(S);
    const after = evaluations;
    for (let i = 0; i < 10; i++) update(inst, 0.1);
    expect(evaluations).toBe(after); // nothing changed: no evaluation
    writeBlackboard(inst.state.blackboard, "alarm", true);
    expect(update(inst, 0.1)).toBe(R);
    const e2 = evaluations;
    for (let i = 0; i < 5; i++) expect(update(inst, 0.1)).toBe(R); // the wait is not due yet
    expect(evaluations).toBe(e2);
    for (let i = 0; i < 5; i++) update(inst, 0.1);
    expect(inst.state.rootStatus).toBe(S);
    const e3 = evaluations;
    postTreeEvent(inst.state);
    update(inst, 0.1);
    expect(evaluations).toBeGreaterThan(e3);
  });

  it("an async action finishes through its promise; late results of aborted runs are ignored", async () => {
    const resolvers: ((ok: boolean) => void)[] = [];
    const schema = { stop: "boolean" } as const;
    const t = createBehaviorTree<null>(
      { version: 1, root: { type: "guard", key: "stop", value: false, abort: "self", child: { type: "action", action: "load" } } },
      { actions: { load: createAsyncAction(() => new Promise<boolean>((res) => resolvers.push(res))) }, blackboard: schema },
    );
    const inst = start(t, null);
    const flush = async () => {
      for (let i = 0; i < 3; i++) await Promise.resolve();
    };
    expect(update(inst, 0.1)).toBe(R);
    expect(update(inst, 0.1)).toBe(R);
    expect(resolvers.length).toBe(1);
    resolvers[0]!(true);
    await flush();
    expect(update(inst, 0.1)).toBe(S);
    // Start again, abort the run (guard turns false), then let the stale promise resolve.
    writeBlackboard(inst.state.blackboard, "stop", false);
    postTreeEvent(inst.state);
    expect(update(inst, 0.1)).toBe(R);
    expect(resolvers.length).toBe(2);
    writeBlackboard(inst.state.blackboard, "stop", true);
    expect(update(inst, 0.1)).toBe(BtStatus.Failure);
    writeBlackboard(inst.state.blackboard, "stop", false);
    expect(update(inst, 0.1)).toBe(R); // third run in flight
    expect(resolvers.length).toBe(3);
    resolvers[1]!(true); // stale: belongs to the aborted second run
    await flush();
    expect(update(inst, 0.1)).toBe(R);
    resolvers[2]!(false);
    await flush();
    expect(update(inst, 0.1)).toBe(BtStatus.Failure);
  });
});

// ---------------------------------------------------------------- save / restore
const leafArb: fc.Arbitrary<BtNode> = fc.oneof(
  fc.record({ type: fc.constant("action" as const), action: fc.constant("step"), args: fc.record({ k: fc.integer({ min: 0, max: 5 }) }) }),
  fc.record({ type: fc.constant("wait" as const), duration: fc.constantFrom(0, 0.2, 0.5) }),
  fc.record({
    type: fc.constant("compare" as const),
    key: fc.constant("n"),
    op: fc.constantFrom("<" as const, ">=" as const),
    value: fc.integer({ min: 0, max: 20 }),
  }),
  fc.record({ type: fc.constant("set" as const), key: fc.constant("n"), value: fc.integer({ min: 0, max: 20 }) }),
);
const nodeArb: fc.Arbitrary<BtNode> = fc.letrec<{ node: BtNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafArb,
    fc.record({
      type: fc.constantFrom("sequence" as const, "selector" as const, "shuffle" as const, "randomSelector" as const),
      memory: fc.boolean(),
      children: fc.array(tie("node"), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({
      type: fc.constant("parallel" as const),
      success: fc.constantFrom("all" as const, "one" as const),
      failure: fc.constantFrom("all" as const, "one" as const),
      children: fc.array(tie("node"), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ type: fc.constantFrom("inverter" as const, "succeed" as const), child: tie("node") }),
    fc.record({ type: fc.constant("repeat" as const), count: fc.integer({ min: 1, max: 3 }), child: tie("node") }),
    fc.record({ type: fc.constantFrom("cooldown" as const, "timeout" as const), duration: fc.constantFrom(0.3, 1), child: tie("node") }),
    fc.record({
      type: fc.constant("guard" as const),
      key: fc.constant("n"),
      op: fc.constant("<" as const),
      value: fc.integer({ min: 0, max: 20 }),
      abort: fc.constantFrom("none" as const, "self" as const, "both" as const),
      child: tie("node"),
    }),
  ),
})).node;

describe("save and restore a running tree", () => {
  const schema = { n: "number" } as const;
  // A deterministic action whose result depends on the blackboard and tree state only.
  const step = (ctx: { blackboard: { num: Float64Array }; args: Readonly<Record<string, unknown>>; started: boolean; time: number }): BtTickResult => {
    const n = ctx.blackboard.num[0]!;
    ctx.blackboard.num[0] = (n * 7 + 3 + (ctx.args["k"] as number)) % 23;
    const v = (n + (ctx.args["k"] as number) + (ctx.started ? 1 : 0)) % 3;
    return v === 0 ? BtStatus.Success : v === 1 ? BtStatus.Failure : BtStatus.Running;
  };

  it("continues exactly after a JSON round trip (random trees)", () => {
    fc.assert(
      fc.property(nodeArb, fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 15 }), (root, seed, before) => {
        const t = createBehaviorTree<null>({ version: 1, root }, { actions: { step }, blackboard: schema });
        const a = start(t, null, { seed, traceCapacity: 512 });
        for (let i = 0; i < before; i++) tick(a, 0.1);
        const json = JSON.stringify(saveTree(a.state));
        const b = start(t, null, { seed: seed + 1, traceCapacity: 512 });
        restoreTree(b.state, JSON.parse(json) as BtSnapshot);
        for (let i = 0; i < 15; i++) {
          expect(tick(b, 0.1)).toBe(tick(a, 0.1));
          expect(Array.from(b.state.trace.subarray(0, b.state.traceLength))).toEqual(Array.from(a.state.trace.subarray(0, a.state.traceLength)));
        }
        expect(Array.from(b.state.status)).toEqual(Array.from(a.state.status));
        expect(Array.from(b.state.timer)).toEqual(Array.from(a.state.timer));
        expect(b.state.blackboard.num[0]).toBe(a.state.blackboard.num[0]);
      }),
      { numRuns: 150 },
    );
  });

  it("refuses a snapshot of another tree", () => {
    const t1 = createBehaviorTree({ version: 1, root: { type: "wait", duration: 1 } });
    const t2 = createBehaviorTree({ version: 1, root: { type: "wait", duration: 2 } });
    const snap = saveTree(createTreeState(t1));
    expect(() => restoreTree(createTreeState(t2), snap)).toThrow(/different tree/);
  });
});
