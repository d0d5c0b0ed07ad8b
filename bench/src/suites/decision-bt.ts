// The behaviour tree both libraries tick in the decision suite: one spec, converted to Tactica
// JSON and to mistreevous JSON, with the same agent logic behind both.
import { BtStatus, type BtNode, type BtTickResult } from "@tactica/decision";
import { State } from "mistreevous";

/** Agent state shared by both implementations; `t` is advanced by the bench loop. */
export interface BenchAgent {
  t: number;
  left: Int32Array;
  work: number;
}

const ACTIONS = ["flee", "attack", "approach", "eat", "reload", "patrol", "look", "idle"] as const;
const DURATION = [3, 2, 4, 2, 3, 5, 1, 2];
const CONDITIONS = ["lowHealth", "enemyVisible", "inRange", "hungry", "needsReload", "alert"] as const;
const PERIOD = [50, 20, 7, 30, 11, 13];
const SPAN = [5, 12, 3, 4, 3, 6];

const cond = (c: (typeof CONDITIONS)[number]): BtNode => ({ type: "condition", condition: c });
const act = (a: (typeof ACTIONS)[number]): BtNode => ({ type: "action", action: a });

/** A 30-node NPC tree: flee / fight / eat / patrol, with an inverter and nested selectors. */
export const benchTree: BtNode = {
  type: "selector",
  children: [
    { type: "sequence", children: [cond("lowHealth"), act("flee")] },
    {
      type: "sequence",
      children: [
        cond("enemyVisible"),
        {
          type: "selector",
          children: [
            { type: "sequence", children: [cond("needsReload"), act("reload")] },
            { type: "sequence", children: [cond("inRange"), act("attack")] },
            act("approach"),
          ],
        },
      ],
    },
    { type: "sequence", children: [cond("hungry"), { type: "inverter", child: cond("alert") }, act("eat")] },
    { type: "sequence", children: [cond("alert"), act("look")] },
    { type: "sequence", children: [act("patrol"), act("idle")] },
  ],
};

function runAction(agent: BenchAgent, i: number): number {
  agent.work++;
  let left = agent.left[i]!;
  if (left === 0) left = DURATION[i]!;
  left--;
  agent.left[i] = left;
  return left === 0 ? 1 : 3;
}
function testCondition(agent: BenchAgent, i: number): boolean {
  agent.work++;
  return agent.t % PERIOD[i]! < SPAN[i]!;
}

export function createBenchAgent(): BenchAgent {
  return { t: 0, left: new Int32Array(ACTIONS.length), work: 0 };
}

/** Tactica bindings. */
export function tacticaBindings() {
  const actions: Record<string, (ctx: { agent: BenchAgent }) => BtTickResult> = {};
  ACTIONS.forEach((name, i) => {
    actions[name] = (ctx) => (runAction(ctx.agent, i) === 1 ? BtStatus.Success : BtStatus.Running);
  });
  const conditions: Record<string, (ctx: { agent: BenchAgent }) => boolean> = {};
  CONDITIONS.forEach((name, i) => {
    conditions[name] = (ctx) => testCondition(ctx.agent, i);
  });
  return { actions, conditions };
}

type MNode = Record<string, unknown>;
function toMistreevous(n: BtNode): MNode {
  switch (n.type) {
    case "selector":
    case "sequence":
      return { type: n.type, children: n.children.map(toMistreevous) };
    case "inverter":
      return { type: "flip", child: toMistreevous(n.child) };
    case "action":
      return { type: "action", call: n.action };
    case "condition":
      return { type: "condition", call: n.condition };
    default:
      throw new Error(`bench: no mistreevous mapping for ${n.type}`);
  }
}

/** The same tree as a mistreevous root definition. */
export function mistreevousDefinition(): MNode {
  return { type: "root", child: toMistreevous(benchTree) };
}

/** A mistreevous agent with the same logic (methods called with `this` = agent). */
export function mistreevousAgent(agent: BenchAgent): Record<string, unknown> {
  const m: Record<string, unknown> = {};
  ACTIONS.forEach((name, i) => {
    m[name] = () => (runAction(agent, i) === 1 ? State.SUCCEEDED : State.RUNNING);
  });
  CONDITIONS.forEach((name, i) => {
    m[name] = () => testCondition(agent, i);
  });
  return m;
}
