import * as O from "./src/index";
import * as N from "../src/index";
import { allocationPerCall, measure } from "../../../bench/src/measure";
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
const pn = Array.from({ length: agents }, () => N.createTreeState(tn, { blackboard: N.createBlackboard(schema) }));
const dt = 1 / 60;
const fo = () => { for (let i = 0; i < agents; i++) O.tickTree(po[i]!, dt); return 0; };
const fn = () => { for (let i = 0; i < agents; i++) N.tickTree(pn[i]!, tn, null, dt); return 0; };
const first = process.argv[2] === "new" ? [fn, fo] : [fo, fn];
for (let k = 0; k < 3; k++) for (const f of first) console.log(f === fo ? "old" : "new", measure(f, { timeMs: 300 }).medianUs.toFixed(1), "us", allocationPerCall(f, 200).toFixed(0), "B/frame");
