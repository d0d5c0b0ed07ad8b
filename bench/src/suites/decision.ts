// Decision suite: behaviour-tree ticks against mistreevous (speed and bytes per tick after
// warm-up), utility scoring for many agents, and the production-rule cycle.
import { createRng } from "@tactica/core";
import {
  BtStatus,
  chooseUtilityBatch,
  createBlackboard,
  createBehaviorTree,
  createTreeState,
  createUtilitySet,
  createUtilityState,
  tickTree,
  updateTree,
  type UtilityDefinition,
} from "@tactica/decision";
import { BehaviourTree } from "mistreevous";
import { allocationPerCall, consume, measure } from "../measure";
import { markdownTable } from "../report";
import type { BenchRow } from "../row";
import type { Suite, SuiteContext } from "../suite";
import { benchTree, createBenchAgent, mistreevousAgent, mistreevousDefinition, tacticaBindings } from "./decision-bt";
import { runFuzzyBench } from "./decision-fuzzy";
import { runRuleBench } from "./decision-rules";

function btBench(ctx: SuiteContext): void {
  const timeMs = ctx.quick ? 60 : 1500;
  // Tactica: long enough that the JIT's one-off allocations amortise away. mistreevous allocates
  // ~760 B per tick: keep its loop short enough that no scavenge runs during the measurement.
  const allocIters = ctx.quick ? 2000 : 500_000;
  const allocItersPeer = 2000;
  const caseName = "bt-npc-25-nodes";
  // Tactica
  const ta = createBenchAgent();
  const tree = createBehaviorTree({ version: 1, root: benchTree }, tacticaBindings());
  const state = createTreeState(tree);
  const tTick = () => {
    ta.t++;
    return tickTree(state, tree, ta, 1 / 60);
  };
  // mistreevous
  const ma = createBenchAgent();
  const mt = new BehaviourTree(mistreevousDefinition() as never, mistreevousAgent(ma));
  const mTick = () => {
    ma.t++;
    mt.step();
  };
  // Same behaviour: identical agent work over the same ticks.
  for (let i = 0; i < 500; i++) {
    tTick();
    mTick();
  }
  if (ta.work !== ma.work || ta.left.join() !== ma.left.join()) {
    throw new Error(`bench: the two trees diverged (tactica work ${ta.work}, mistreevous ${ma.work})`);
  }
  ctx.record({ case: caseName, library: "tactica", metric: "nodes", value: tree.nodeCount, unit: "count" });
  // The machine is shared: interleave rounds and keep each library's best (least disturbed) round.
  const rounds = ctx.quick ? 1 : 4;
  let t = measure(tTick, { timeMs: timeMs / rounds });
  let m = measure(mTick, { timeMs: timeMs / rounds });
  for (let r = 1; r < rounds; r++) {
    const t2 = measure(tTick, { timeMs: timeMs / rounds });
    const m2 = measure(mTick, { timeMs: timeMs / rounds });
    if (t2.opsPerSec > t.opsPerSec) t = t2;
    if (m2.opsPerSec > m.opsPerSec) m = m2;
  }
  ctx.record({ case: caseName, library: "tactica", metric: "ops_per_s", value: t.opsPerSec, unit: "ops/s" });
  ctx.record({ case: caseName, library: "mistreevous", metric: "ops_per_s", value: m.opsPerSec, unit: "ops/s" });
  ctx.record({ case: caseName, library: "tactica", metric: "ratio_vs_mistreevous", value: t.opsPerSec / m.opsPerSec, unit: "x" });
  const tb = allocationPerCall(tTick, allocIters);
  const mb = allocationPerCall(mTick, allocItersPeer);
  ctx.record({ case: caseName, library: "tactica", metric: "bytes_per_tick", value: tb, unit: "bytes" });
  ctx.record({ case: caseName, library: "mistreevous", metric: "bytes_per_tick", value: mb, unit: "bytes" });
  ctx.log(
    `bt: tactica ${t.opsPerSec.toFixed(0)} ticks/s (${tb.toFixed(1)} B/tick), mistreevous ${m.opsPerSec.toFixed(0)} ticks/s (${mb.toFixed(1)} B/tick), ratio ${(t.opsPerSec / m.opsPerSec).toFixed(1)}x`,
  );
}

/** Many idle agents: per-tick evaluation against event-driven updates of the same trees. */
function eventDrivenBench(ctx: SuiteContext): void {
  const agents = ctx.quick ? 100 : 1000;
  const schema = { alarm: "boolean" } as const;
  const tree = createBehaviorTree<null>(
    {
      version: 1,
      root: {
        type: "selector",
        children: [
          { type: "guard", key: "alarm", value: true, abort: "lowerPriority", child: { type: "action", action: "react" } },
          {
            type: "sequence",
            children: [
              { type: "action", action: "idle" },
              { type: "wait", duration: 5 },
            ],
          },
        ],
      },
    },
    { actions: { react: () => BtStatus.Running, idle: () => BtStatus.Success }, blackboard: schema },
  );
  const perTick = Array.from({ length: agents }, () => createTreeState(tree, { blackboard: createBlackboard(schema) }));
  const events = Array.from({ length: agents }, () => createTreeState(tree, { blackboard: createBlackboard(schema) }));
  const dt = 1 / 60;
  const frameTick = () => {
    for (let i = 0; i < agents; i++) tickTree(perTick[i]!, tree, null, dt);
  };
  const frameEvents = () => {
    for (let i = 0; i < agents; i++) updateTree(events[i]!, tree, null, dt);
  };
  const timeMs = ctx.quick ? 60 : 1000;
  const a = measure(frameTick, { timeMs });
  const b = measure(frameEvents, { timeMs });
  const c = `bt-${agents}-idle-agents-per-frame`;
  ctx.record({ case: c, library: "tactica", metric: "tick_us_per_frame", value: a.medianUs, unit: "us" });
  ctx.record({ case: c, library: "tactica", metric: "update_event_driven_us_per_frame", value: b.medianUs, unit: "us" });
  ctx.record({ case: c, library: "tactica", metric: "event_driven_speedup", value: a.medianUs / b.medianUs, unit: "x" });
  ctx.log(`event-driven: ${agents} idle agents ${a.medianUs.toFixed(1)} us/frame ticked, ${b.medianUs.toFixed(1)} us/frame event-driven`);
}

function utilityBench(ctx: SuiteContext): void {
  const agents = ctx.quick ? 200 : 10_000;
  const optionCount = 10;
  const inputs = 8;
  const curveTypes = [
    { type: "linear" as const },
    { type: "polynomial" as const, k: 2 },
    { type: "logistic" as const, m: 10, c: 0.5 },
    { type: "linear" as const, m: -1, b: 1 },
  ];
  const def: UtilityDefinition = {
    version: 1,
    inputs: Array.from({ length: inputs }, (_, i) => `in${i}`),
    options: Array.from({ length: optionCount }, (_, o) => ({
      name: `option${o}`,
      weight: 1 + (o % 3) * 0.1,
      considerations: Array.from({ length: 3 }, (_, c) => ({ input: `in${(o + c * 3) % inputs}`, curve: curveTypes[(o + c) % curveTypes.length]! })),
    })),
    selection: { mode: "dual", momentum: 0.2, cutoff: 0.5 },
  };
  const set = createUtilitySet(def);
  const state = createUtilityState(set);
  const rng = createRng(1);
  const data = new Float64Array(agents * inputs);
  for (let i = 0; i < data.length; i++) data[i] = ((i * 2654435761) % 1000) / 1000;
  const current = new Int32Array(agents).fill(-1);
  const frame = () => {
    chooseUtilityBatch(current, state, set, data, { rng });
    return current[0];
  };
  const r = measure(frame, { timeMs: ctx.quick ? 60 : 1500 });
  const c = `utility-${agents}-agents-x-${optionCount}-options`;
  ctx.record({ case: c, library: "tactica", metric: "median_ms_per_frame", value: r.medianUs / 1000, unit: "ms" });
  ctx.record({ case: c, library: "tactica", metric: "option_scores_per_s", value: r.opsPerSec * agents * optionCount, unit: "ops/s" });
  ctx.record({ case: c, library: "tactica", metric: "bytes_per_frame", value: allocationPerCall(frame, ctx.quick ? 50 : 500), unit: "bytes" });
  consume(current[1]);
  ctx.log(`utility: ${(r.medianUs / 1000).toFixed(2)} ms per frame for ${agents} agents x ${optionCount} options`);
}

const suite: Suite = {
  name: "decision",
  description: "Behaviour-tree ticks vs mistreevous (speed, bytes per tick), utility scoring for many agents, production-rule cycles, fuzzy inference.",
  markdown(rows: readonly BenchRow[]) {
    const groups: [string, (c: string) => boolean][] = [
      ["Behaviour tree against mistreevous (same tree, same agent code)", (c) => c.startsWith("bt-npc")],
      ["Idle agents: per-tick against event-driven evaluation", (c) => c.includes("idle-agents")],
      ["Utility scoring, dual utility with momentum", (c) => c.startsWith("utility")],
      ["Production rules: one recognise–act cycle after N fact changes", (c) => c.startsWith("rules")],
      ["Fuzzy inference: fuzzify two inputs, fire a 3 × 3 FAM, defuzzify", (c) => c.startsWith("fuzzy")],
    ];
    return groups
      .map(([title, pick]) => [title, rows.filter((r) => pick(r.case))] as const)
      .filter(([, rs]) => rs.length > 0)
      .map(([title, rs]) => `### ${title}\n\n${markdownTable(rs)}`)
      .join("\n\n");
  },
  // `pnpm bench:decision --only rules,fuzzy` runs a subset (bt, idle, utility, rules, fuzzy).
  run(ctx) {
    const at = ctx.args.indexOf("--only");
    const only = at >= 0 ? (ctx.args[at + 1] ?? "").split(",") : null;
    const want = (part: string): boolean => only === null || only.includes(part);
    if (want("bt")) btBench(ctx);
    if (want("idle")) eventDrivenBench(ctx);
    if (want("utility")) utilityBench(ctx);
    if (want("rules")) runRuleBench(ctx);
    if (want("fuzzy")) runFuzzyBench(ctx);
  },
};
export default suite;
