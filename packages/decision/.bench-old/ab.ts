// Interleaved A/B of the decision bench cases: the code before the refactor (./src, from commit
// 5a4c1d5) against the current ../src, same process, alternating rounds, best round of each.
import { createRng } from "@tactica/core";
import * as O from "./src/index";
import * as N from "../src/index";
import { measure } from "../../../bench/src/measure";
import { benchTree, createBenchAgent, tacticaBindings } from "../../../bench/src/suites/decision-bt";

const rounds = Number(process.argv[2] ?? 6);
const ms = Number(process.argv[3] ?? 400);
function ab(name: string, fo: () => unknown, fn: () => unknown, unit: "ops" | "us"): void {
  let bo = 0, bn = 0, uo = Infinity, un = Infinity;
  for (let r = 0; r < rounds; r++) {
    let a, b;
    if (r % 2 === 0) {
      a = measure(fo as () => number, { timeMs: ms });
      b = measure(fn as () => number, { timeMs: ms });
    } else {
      b = measure(fn as () => number, { timeMs: ms });
      a = measure(fo as () => number, { timeMs: ms });
    }
    bo = Math.max(bo, a.opsPerSec); bn = Math.max(bn, b.opsPerSec);
    uo = Math.min(uo, a.medianUs); un = Math.min(un, b.medianUs);
  }
  if (unit === "ops") console.log(`${name}: before ${bo.toFixed(0)} ops/s, after ${bn.toFixed(0)} ops/s, after/before ${(bn / bo).toFixed(3)}`);
  else console.log(`${name}: before ${uo.toFixed(2)} us, after ${un.toFixed(2)} us, after/before time ${(un / uo).toFixed(3)}`);
}

// 1. the 25-node NPC tree
{
  const ta = createBenchAgent();
  const to = O.createBehaviorTree({ version: 1, root: benchTree as never }, tacticaBindings() as never);
  const io = O.createTreeInstance(to, ta);
  const tb = createBenchAgent();
  const tn = N.createBehaviorTree({ version: 1, root: benchTree }, tacticaBindings());
  const sn = N.createTreeState(tn);
  ab("bt-npc-25-nodes", () => { ta.t++; return O.tickTree(io, 1 / 60); }, () => { tb.t++; return N.tickTree(sn, tn, tb, 1 / 60); }, "ops");
}
// 2. 1000 idle agents
{
  const agents = 1000;
  const schema = { alarm: "boolean" } as const;
  const def = {
    version: 1 as const,
    root: { type: "selector" as const, children: [
      { type: "guard" as const, key: "alarm", value: true, abort: "lowerPriority" as const, child: { type: "action" as const, action: "react" } },
      { type: "sequence" as const, children: [{ type: "action" as const, action: "idle" }, { type: "wait" as const, duration: 5 }] },
    ] },
  };
  const bind = { actions: { react: () => N.BtStatus.Running, idle: () => N.BtStatus.Success }, blackboard: schema };
  const to = O.createBehaviorTree<null>(def, bind as never);
  const tn = N.createBehaviorTree<null>(def, bind);
  const po = Array.from({ length: agents }, () => O.createTreeInstance(to, null, { blackboard: O.createBlackboard(schema) }));
  const eo = Array.from({ length: agents }, () => O.createTreeInstance(to, null, { blackboard: O.createBlackboard(schema) }));
  const pn = Array.from({ length: agents }, () => N.createTreeState(tn, { blackboard: N.createBlackboard(schema) }));
  const en = Array.from({ length: agents }, () => N.createTreeState(tn, { blackboard: N.createBlackboard(schema) }));
  const dt = 1 / 60;
  ab("idle-agents tick", () => { for (let i = 0; i < agents; i++) O.tickTree(po[i]!, dt); return 0; }, () => { for (let i = 0; i < agents; i++) N.tickTree(pn[i]!, tn, null, dt); return 0; }, "us");
  ab("idle-agents event-driven", () => { for (let i = 0; i < agents; i++) O.updateTree(eo[i]!, dt); return 0; }, () => { for (let i = 0; i < agents; i++) N.updateTree(en[i]!, tn, null, dt); return 0; }, "us");
}
// 3. utility, 10k agents x 10 options
{
  const agents = 10_000, optionCount = 10, inputs = 8;
  const curveTypes = [{ type: "linear" as const }, { type: "polynomial" as const, k: 2 }, { type: "logistic" as const, m: 10, c: 0.5 }, { type: "linear" as const, m: -1, b: 1 }];
  const def: N.UtilityDefinition = {
    version: 1,
    inputs: Array.from({ length: inputs }, (_, i) => `in${i}`),
    options: Array.from({ length: optionCount }, (_, o) => ({ name: `option${o}`, weight: 1 + (o % 3) * 0.1, considerations: Array.from({ length: 3 }, (_, c) => ({ input: `in${(o + c * 3) % inputs}`, curve: curveTypes[(o + c) % curveTypes.length]! })) })),
    selection: { mode: "dual", momentum: 0.2, cutoff: 0.5 },
  };
  const data = new Float64Array(agents * inputs);
  for (let i = 0; i < data.length; i++) data[i] = ((i * 2654435761) % 1000) / 1000;
  const so = O.createUtilitySet(def as never), sto = O.createUtilityState(so), co = new Int32Array(agents).fill(-1), ro = createRng(1);
  const sn = N.createUtilitySet(def), stn = N.createUtilityState(sn), cn = new Int32Array(agents).fill(-1), rn = createRng(1);
  ab("utility 10k x 10", () => { O.chooseUtilityBatch(so, sto, data, agents, co, ro); return co[0]; }, () => { N.chooseUtilityBatch(cn, stn, sn, data, { rng: rn }); return cn[0]; }, "us");
}
