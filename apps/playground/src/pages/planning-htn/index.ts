import { getFactIndex, hasStateFact, RunnerStatus } from "@tactica/planning";
import { PathFlags } from "@tactica/search";
import type { DemoPage } from "../../demo";
import { mountInspector } from "../../inspector/inspector-panel";
import { button, demoLayout, fixedLoop, placeStatsRight } from "../../ui";
import { ERRAND_ACTION_TICKS, ERRAND_REST_TICKS, ERRAND_TOGGLES, createErrandInspectorWorld, createErrandWorld, type ErrandInput } from "./errand-world";

const W = 800;
const H = 600;
/** The tree, the facts and the plan stay left of this x (the stats sit over the right-hand column). */
const TREE_RIGHT = 590;

const page: DemoPage = {
  id: "planning-htn",
  title: "HTN: decomposition tree and partial replanning",
  package: "planning",
  order: 2,
  description:
    "A shopper runs a shopping errand decomposed by an HTN planner: compound tasks (blue) choose methods in order, primitive actions (green) form the plan, which planning's plan runner executes one action after the other (amber: running, with its progress). Click the fact boxes to change the world (now and for the next errands): when the running action's preconditions stop holding, or you make the current step fail (the shopper loses the money), only the task above it is decomposed again (replanHtn). The errand starts over after it succeeds (Plan again starts it over at once, with a full plan). Inspect records every plan with its whole decomposition trace.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    // The facts, the tree and the plan are drawn in the canvas's left 590 px: the stats go over the
    // right-hand column (below the stats toggle) instead of the top-left corner (the fact boxes).
    placeStatsRight(stats);
    const errand = createErrandWorld();
    const { problem, runner } = errand;
    // Clicks and buttons are step inputs (applied at the next tick): the inspector records them and
    // its replays repeat them.
    let pending: ErrandInput[] = [];
    button(panel, "Plan again", () => pending.push({ restart: true }));
    button(panel, "Fail current step (replan partially)", () => pending.push({ fail: true }));
    const world = createErrandInspectorWorld(errand);
    const inspector = mountInspector(root, panel, world);
    function render(): void {
      draw.clear();
      ERRAND_TOGGLES.forEach((f, i) => {
        const on = hasStateFact(runner.facts, getFactIndex(problem, f));
        draw.rect(20 + i * 175, 16, 160, 26, { color: on ? "#9ece6a" : "#1f2937", fill: true });
        draw.text(28 + i * 175, 34, f, { color: on ? "#0f1420" : "#9aa5ce" });
      });
      const result = errand.result;
      const trace = result?.trace ?? [];
      const running = runner.status === RunnerStatus.Running && runner.step < runner.plan.length;
      // Tree: one row per depth, nodes in trace order, each box as wide as its whole label.
      const ctx = draw.ctx;
      ctx.font = "12px ui-monospace, monospace";
      const rows = new Map<number, number>();
      const pos: { x: number; y: number; w: number; label: string }[] = [];
      let clipped = 0;
      trace.forEach((n, i) => {
        const label = `${n.task}${n.method ? ` [${n.method}]` : ` #${n.step + 1}`}`;
        const w = Math.ceil(ctx.measureText(label).width) + 12;
        const x = rows.get(n.depth) ?? 20;
        rows.set(n.depth, x + w + 14);
        if (x + w > TREE_RIGHT) clipped++;
        pos[i] = { x, y: 70 + n.depth * 90, w, label };
        const p = pos[n.parent];
        if (n.parent >= 0 && p) draw.line(p.x + p.w / 2, p.y + 24, x + w / 2, pos[i].y, { color: "#3b4261" });
      });
      canvas.dataset["clippedLabels"] = String(clipped);
      trace.forEach((n, i) => {
        const p = pos[i]!;
        const done = n.step >= 0 && n.step < runner.step;
        const current = n.step >= 0 && n.step === runner.step && running;
        const color = n.method ? "#7aa2f7" : done ? "#565f89" : current ? "#e0af68" : "#9ece6a";
        draw.rect(p.x, p.y, p.w, 24, { color, fill: true, alpha: 0.85 });
        draw.text(p.x + 6, p.y + 16, p.label, { color: "#0f1420" });
      });
      // The plan with each action's progress.
      draw.text(20, 360, result?.replannedTask ? `plan (after re-decomposing ${result.replannedTask})` : "plan", { color: "#9aa5ce" });
      runner.plan.forEach((a, i) => {
        const total = ERRAND_ACTION_TICKS[problem.domain.actions[problem.actionSchema[a]!]!.name]!;
        const frac = i < runner.step ? 1 : i === runner.step && running ? Math.min(1, errand.stepTicks / total) : 0;
        const y = 372 + i * 30;
        draw.rect(20, y, 360, 24, { color: "#1f2937", fill: true });
        if (frac > 0) draw.rect(20, y, 360 * frac, 24, { color: i < runner.step ? "#565f89" : "#e0af68", fill: true, alpha: 0.85 });
        draw.text(28, y + 16, `${i + 1}. ${problem.actionNames[a]}  (${(total / 60).toFixed(0)} s)`, { color: "#e6edf3" });
      });
      const status =
        runner.status === RunnerStatus.Succeeded
          ? `errand done, next in ${((ERRAND_REST_TICKS - errand.restTicks) / 60).toFixed(1)} s`
          : runner.status === RunnerStatus.Failed
            ? "no decomposition: starting over"
            : running
              ? `step ${runner.step + 1}/${runner.plan.length}: ${problem.actionNames[runner.plan[runner.step]!]} ${errand.stepTicks}/${ERRAND_ACTION_TICKS[problem.domain.actions[problem.actionSchema[runner.plan[runner.step]!]!]!.name]} ticks`
              : "planning";
      stats.textContent =
        `${status}\n` +
        (result
          ? `flags ${result.flags}, ${(result.flags & PathFlags.Found) !== 0 ? `${result.plan.length} steps` : "no decomposition"}, ${result.expanded} task nodes expanded\n`
          : "") +
        `errands ${errand.errands}, plans ${errand.plans}, partial replans ${errand.replans}\n` +
        errand.log.join("\n");
    }
    const stop = fixedLoop(() => {
      if (inspector.scrubbing) return;
      const inputs = pending;
      pending = [];
      inspector.step(inputs);
    }, render);
    const onClick = (e: MouseEvent) => {
      const r = canvas.getBoundingClientRect();
      const x = ((e.clientX - r.left) * W) / r.width;
      const y = ((e.clientY - r.top) * H) / r.height;
      const i = Math.floor((x - 20) / 175);
      if (y < 50 && i >= 0 && i < ERRAND_TOGGLES.length) pending.push({ toggle: ERRAND_TOGGLES[i]! });
    };
    canvas.addEventListener("mousedown", onClick);
    return () => {
      stop();
      inspector.dispose();
      canvas.removeEventListener("mousedown", onClick);
    };
  },
};

export default page;
