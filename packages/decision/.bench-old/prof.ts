import * as O from "./src/index";
import * as N from "../src/index";
import { benchTree, createBenchAgent, tacticaBindings } from "../../../bench/src/suites/decision-bt";
const which = process.argv[2];
const ta = createBenchAgent();
let f: () => unknown;
if (which === "old") {
  const to = O.createBehaviorTree({ version: 1, root: benchTree as never }, tacticaBindings() as never);
  const io = O.createTreeInstance(to, ta);
  f = () => { ta.t++; return O.tickTree(io, 1 / 60); };
} else {
  const tn = N.createBehaviorTree({ version: 1, root: benchTree }, tacticaBindings());
  const sn = N.createTreeState(tn);
  f = () => { ta.t++; return N.tickTree(sn, tn, ta, 1 / 60); };
}
for (let k = 0; k < 5; k++) {
  const t0 = performance.now();
  for (let i = 0; i < 5e6; i++) f();
  console.log(which, ((performance.now() - t0) / 5e6 * 1e9).toFixed(1), "ns/tick");
}
