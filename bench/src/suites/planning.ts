// Planning suite: plans per second on a F.E.A.R.-like domain (28 actions, 64 symbols, plans of up
// to 4 actions) for regressive A* (GOAP), forward BFS and HTN; chapter 13's scaling suite (box-1 …
// box-N, only box-1 in the goal) and competition suite (k boxes). No JS planner is a fair peer, so
// ratios are against a baseline: BFS over string-keyed Set states without bitsets or pre-tests.
import { compileHtn, createHtnResult, createLiftedPlanner, createPlanResult, planBfs, planGoap, planHtn, planHtnInto, planLiftedBfs } from "@tactica/planning";
import { PathFlags } from "@tactica/search";
import { allocationPerCall, consume, measure, quantile } from "../measure";
import type { Suite, SuiteContext } from "../suite";
import { boxDomainText, compileText, fearDomainText, fearMethods, fearQueries, naiveBfs, naiveFacts, naiveFrom, naiveGoal } from "./planning-domains";

const sig4 = (x: number) => Number(x.toPrecision(4));

/** Median over queries of the median time of one plan, µs (each query measured on its own). */
function perQueryMedianUs(n: number, timeMs: number, run: (i: number) => void): number {
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(measure(() => run(i), { timeMs, sampleMs: 2, minSamples: 3 }).medianUs);
  times.sort((a, b) => a - b);
  return quantile(times, 0.5);
}

function fear(ctx: SuiteContext): void {
  const problem = compileText(fearDomainText());
  const queries = fearQueries(problem, ctx.quick ? 16 : 64);
  const htn = compileHtn(problem, fearMethods());
  const caseName = "fear-like";
  ctx.record({ case: caseName, library: "tactica", metric: "actions", value: problem.actionCount, unit: "count" });
  ctx.record({ case: caseName, library: "tactica", metric: "symbols", value: problem.factCount, unit: "count" });
  ctx.record({ case: caseName, library: "tactica", metric: "queries", value: queries.length, unit: "count" });
  const out = createPlanResult({ capacity: 8 });
  // Same answers: BFS and the baseline agree on every plan length.
  const naive = naiveFrom(problem);
  const nq = queries.map((q) => ({ start: naiveFacts(problem, q.start), goal: naiveGoal(problem, q.goal) }));
  queries.forEach((q, i) => {
    planBfs(out, problem, q.start, q.goal);
    const n = naiveBfs(naive, nq[i]!.start, nq[i]!.goal);
    if (out.length !== n || n !== q.bfsLength) throw new Error(`bench: planners disagree on query ${i} (${out.length} vs ${n})`);
  });
  const htnQueries = queries.filter((q) => (planHtn(htn, q.start, ["kill()"]).flags & PathFlags.Found) !== 0);
  // HTN at level 1, like GOAP and BFS: a caller-owned result buffer and a task list made once.
  const htnOut = createHtnResult();
  const killTasks = ["kill()"];
  let qi = 0;
  const runs: [string, () => void][] = [
    ["goap-regressive-astar", () => consume(planGoap(out, problem, queries[(qi = (qi + 1) % queries.length)]!.start, queries[qi]!.goal).length)],
    ["forward-bfs", () => consume(planBfs(out, problem, queries[(qi = (qi + 1) % queries.length)]!.start, queries[qi]!.goal).length)],
    ["htn", () => consume(planHtnInto(htnOut, htn, htnQueries[(qi = (qi + 1) % htnQueries.length)]!.start, killTasks).plan.length)],
    ["naive-bfs", () => consume(naiveBfs(naive, nq[(qi = (qi + 1) % nq.length)]!.start, nq[qi]!.goal))],
  ];
  const timeMs = ctx.quick ? 80 : 1200;
  const ops: Record<string, number> = {};
  for (const [name, fn] of runs) {
    const t = measure(fn, { timeMs });
    ops[name] = t.opsPerSec;
    const library = name === "naive-bfs" ? "naive-bfs" : "tactica";
    const c = name === "naive-bfs" ? `${caseName}` : `${caseName}-${name}`;
    ctx.record({ case: c, library, metric: "plans_per_s", value: sig4(t.opsPerSec), unit: "ops/s" });
  }
  ctx.record({
    case: `${caseName}-goap-regressive-astar`,
    library: "tactica",
    metric: "ratio_vs_naive-bfs",
    value: sig4(ops["goap-regressive-astar"]! / ops["naive-bfs"]!),
    unit: "x",
  });
  ctx.record({
    case: `${caseName}-forward-bfs`,
    library: "tactica",
    metric: "ratio_vs_naive-bfs",
    value: sig4(ops["forward-bfs"]! / ops["naive-bfs"]!),
    unit: "x",
  });
  const reps = ctx.quick ? 5 : 40;
  const medGoap = perQueryMedianUs(queries.length, reps, (i) => planGoap(out, problem, queries[i]!.start, queries[i]!.goal));
  const medBfs = perQueryMedianUs(queries.length, reps, (i) => planBfs(out, problem, queries[i]!.start, queries[i]!.goal));
  const medHtn = perQueryMedianUs(htnQueries.length, reps, (i) => planHtnInto(htnOut, htn, htnQueries[i]!.start, killTasks));
  const medNaive = perQueryMedianUs(nq.length, reps, (i) => naiveBfs(naive, nq[i]!.start, nq[i]!.goal));
  ctx.record({ case: `${caseName}-goap-regressive-astar`, library: "tactica", metric: "median_plan_us", value: sig4(medGoap), unit: "us" });
  ctx.record({ case: `${caseName}-forward-bfs`, library: "tactica", metric: "median_plan_us", value: sig4(medBfs), unit: "us" });
  ctx.record({ case: `${caseName}-htn`, library: "tactica", metric: "median_plan_us", value: sig4(medHtn), unit: "us" });
  ctx.record({ case: caseName, library: "naive-bfs", metric: "median_plan_us", value: sig4(medNaive), unit: "us" });
  const allocIters = ctx.quick ? 500 : 20_000;
  let ai = 0;
  const bGoap = allocationPerCall(() => planGoap(out, problem, queries[(ai = (ai + 1) % queries.length)]!.start, queries[ai]!.goal), allocIters);
  const bBfs = allocationPerCall(() => planBfs(out, problem, queries[(ai = (ai + 1) % queries.length)]!.start, queries[ai]!.goal), allocIters);
  const bHtn = allocationPerCall(() => planHtnInto(htnOut, htn, htnQueries[(ai = (ai + 1) % htnQueries.length)]!.start, killTasks), allocIters);
  const bNaive = allocationPerCall(() => naiveBfs(naive, nq[(ai = (ai + 1) % nq.length)]!.start, nq[ai]!.goal), 200);
  ctx.record({ case: `${caseName}-goap-regressive-astar`, library: "tactica", metric: "bytes_per_plan", value: sig4(bGoap), unit: "bytes" });
  ctx.record({ case: `${caseName}-forward-bfs`, library: "tactica", metric: "bytes_per_plan", value: sig4(bBfs), unit: "bytes" });
  ctx.record({ case: `${caseName}-htn`, library: "tactica", metric: "bytes_per_plan", value: sig4(bHtn), unit: "bytes" });
  ctx.record({ case: caseName, library: "naive-bfs", metric: "bytes_per_plan", value: sig4(bNaive), unit: "bytes" });
  ctx.log(
    `fear-like: ${queries.length} queries; goap ${ops["goap-regressive-astar"]!.toFixed(0)}/s (median ${medGoap.toFixed(2)} us, ${bGoap.toFixed(1)} B), bfs ${ops["forward-bfs"]!.toFixed(0)}/s (median ${medBfs.toFixed(2)} us, ${bBfs.toFixed(1)} B), htn ${ops["htn"]!.toFixed(0)}/s (median ${medHtn.toFixed(2)} us), naive ${ops["naive-bfs"]!.toFixed(0)}/s (median ${medNaive.toFixed(1)} us)`,
  );
}

function boxes(ctx: SuiteContext, kind: "scaling" | "competition", sizes: number[]): void {
  const out = createPlanResult({ capacity: 64 });
  for (const n of sizes) {
    const problem = compileText(kind === "scaling" ? boxDomainText(n, 1) : boxDomainText(n, n));
    const caseName = `${kind === "scaling" ? "box" : "competition"}-${n}`;
    const naive = naiveFrom(problem);
    const start = naiveFacts(problem, problem.initial);
    const goal = naiveGoal(problem, problem.goal);
    planBfs(out, problem, problem.initial, problem.goal);
    const naiveLen = naiveBfs(naive, start, goal);
    if (out.length !== naiveLen) throw new Error(`bench: ${caseName}: BFS ${out.length} vs naive ${naiveLen}`);
    const tOurs = measure(() => consume(planBfs(out, problem, problem.initial, problem.goal).length), {
      timeMs: ctx.quick ? 40 : 400,
      sampleMs: 5,
      minSamples: 3,
    });
    const tNaive = measure(() => consume(naiveBfs(naive, start, goal)), { timeMs: ctx.quick ? 40 : 400, sampleMs: 5, minSamples: 3 });
    const lifted = createLiftedPlanner(problem);
    planLiftedBfs(out, lifted, problem.initial, problem.goal);
    if (out.length !== naiveLen) throw new Error(`bench: ${caseName}: lifted BFS ${out.length} vs naive ${naiveLen}`);
    const tLifted = measure(() => consume(planLiftedBfs(out, lifted, problem.initial, problem.goal).length), {
      timeMs: ctx.quick ? 40 : 400,
      sampleMs: 5,
      minSamples: 3,
    });
    ctx.record({ case: `${caseName}-lifted`, library: "tactica", metric: "median_us", value: sig4(tLifted.medianUs), unit: "us" });
    ctx.record({ case: `${caseName}-lifted`, library: "tactica", metric: "ratio_vs_naive-bfs", value: sig4(tNaive.medianUs / tLifted.medianUs), unit: "x" });
    planBfs(out, problem, problem.initial, problem.goal);
    const bOurs = allocationPerCall(() => planBfs(out, problem, problem.initial, problem.goal), ctx.quick ? 20 : 5000);
    const bNaive = allocationPerCall(() => naiveBfs(naive, start, goal), ctx.quick ? 3 : 10);
    ctx.record({ case: caseName, library: "tactica", metric: "plan_length", value: out.length, unit: "count" });
    ctx.record({ case: caseName, library: "tactica", metric: "expanded", value: out.expanded, unit: "count" });
    ctx.record({ case: caseName, library: "tactica", metric: "median_us", value: sig4(tOurs.medianUs), unit: "us" });
    ctx.record({ case: caseName, library: "naive-bfs", metric: "median_us", value: sig4(tNaive.medianUs), unit: "us" });
    ctx.record({ case: caseName, library: "tactica", metric: "ratio_vs_naive-bfs", value: sig4(tNaive.medianUs / tOurs.medianUs), unit: "x" });
    ctx.record({ case: caseName, library: "tactica", metric: "bytes_per_plan", value: sig4(bOurs), unit: "bytes" });
    ctx.record({ case: caseName, library: "naive-bfs", metric: "bytes_per_plan", value: sig4(bNaive), unit: "bytes" });
    ctx.record({ case: caseName, library: "tactica", metric: "store_bytes", value: problem.words * 4 * out.generated, unit: "bytes" });
    ctx.log(
      `${caseName}: length ${out.length}, expanded ${out.expanded}, tactica ${tOurs.medianUs.toPrecision(4)} us vs naive ${tNaive.medianUs.toPrecision(4)} us (${(tNaive.medianUs / tOurs.medianUs).toFixed(1)}x; lifted ${tLifted.medianUs.toPrecision(4)} us), ${bOurs.toFixed(0)} B vs ${bNaive.toFixed(0)} B per plan`,
    );
  }
}

const suite: Suite = {
  name: "planning",
  description:
    "GOAP regressive A*, forward BFS and HTN on a F.E.A.R.-like domain; chapter 13's box scaling and competition suites; ratios vs a naive string-Set BFS",
  // `pnpm bench:planning --only fear` runs a subset (fear, scaling, competition).
  run(ctx) {
    const at = ctx.args.indexOf("--only");
    const only = at >= 0 ? (ctx.args[at + 1] ?? "").split(",") : null;
    const want = (part: string): boolean => only === null || only.includes(part);
    if (want("fear")) fear(ctx);
    if (want("scaling")) boxes(ctx, "scaling", ctx.quick ? [1, 4] : [1, 2, 4, 8, 16, 32, 64]);
    if (want("competition")) boxes(ctx, "competition", ctx.quick ? [1, 2] : [1, 2, 3, 4, 5]);
  },
};

export default suite;
