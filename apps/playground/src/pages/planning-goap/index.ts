import { createSnapshotCodecs, registerSnapshotCodec } from "@tactica/core";
import {
  compileProblem,
  createPlanRunnerSnapshotCodec,
  createGoapSearch,
  createPlanRunner,
  createPlanResult,
  factsOfState,
  getFactIndex,
  hasStateFact,
  parseDomain,
  pushRunnerGoal,
  readGoapNodes,
  readGoapPlan,
  startGoapSearch,
  stepGoapSearch,
  RunnerStatus,
  setRunnerFact,
  StepStatus,
  tickPlanRunner,
  watchRunnerFact,
  type GoapNodeView,
  type PlanningGoal,
  type PlanResult,
} from "@tactica/planning";
import { PathFlags } from "@tactica/search";
import type { DemoPage } from "../../demo";
import type { InspectorSink } from "../../inspector/inspector-world";
import { mountInspector } from "../../inspector/inspector-panel";
import { createSnapshotWorld } from "../../inspector/snapshot-world";
import { button, demoLayout, fixedLoop, select } from "../../ui";

const W = 800;
const H = 600;

/** A small F.E.A.R.-style soldier: symbolic preconditions and effects, costs, one goal at a time. */
const DOMAIN = `
(:action goto-cover :cost 2 :preconditions (not in-cover) :effects (in-cover and not enemy-visible))
(:action leave-cover :cost 1 :preconditions (in-cover) :effects (not in-cover))
(:action draw-weapon :cost 1 :preconditions (has-weapon and not armed) :effects (armed))
(:action reload :cost 1 :preconditions (armed and has-ammo) :effects (loaded and not has-ammo))
(:action get-ammo :cost 2 :preconditions (not in-cover) :effects (has-ammo))
(:action peek :cost 1 :preconditions (in-cover) :effects (enemy-visible))
(:action attack :cost 1 :preconditions (armed and loaded and enemy-visible and in-cover) :effects (enemy-dead and not loaded))
(:action throw-grenade :cost 1 :preconditions (has-grenade and enemy-visible) :effects (enemy-dead and not has-grenade))
(:action get-medkit :cost 2 :preconditions (not in-cover) :effects (has-medkit))
(:action heal :cost 1 :preconditions (has-medkit and wounded) :effects (not wounded and not has-medkit))
(:initial (has-weapon and has-ammo and wounded))
(:goal (enemy-dead))
`;

const GOALS = ["enemy-dead()", "not wounded()", "enemy-visible()"] as const;

const page: DemoPage = {
  id: "planning-goap",
  title: "GOAP: regressive A*, live replanning",
  package: "planning",
  order: 1,
  description:
    "A soldier plans with regressive A* (GOAP, 4 nodes per slice) and executes its plan, one action per second. Click a fact on the left to change the world: the runner notices the watched fact and replans (after a short cooldown). The right column shows the plan, the current step, and the regression nodes the search generated (grey: not expanded).",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const problem = compileProblem(parseDomain(DOMAIN));
    const runner = createPlanRunner(problem, problem.initial, { cooldown: 0.3 });
    for (let f = 0; f < problem.factCount; f++) watchRunnerFact(runner, f);
    let goal: string = GOALS[0];
    pushRunnerGoal(runner, { id: goal, priority: 1, goal: [goal] });
    const last: PlanResult = createPlanResult({ capacity: 16 });
    const search = createGoapSearch(problem);
    let nodes: GoapNodeView[] = [];
    const log: string[] = [];
    select(panel, "goal", GOALS, GOALS[0], (g) => {
      runner.goals.length = 0;
      goal = g;
      pushRunnerGoal(runner, { id: g, priority: 1, goal: [g] });
    });
    button(panel, "Reset world", () => {
      runner.facts.set(problem.initial);
      log.push("world reset");
    });
    const hooks = {
      execute(action: number, _r: unknown, _dt: number, started: boolean): number {
        if (started) {
          log.push(`start ${problem.actionNames[action]}`);
          timer = 0;
          emit?.({
            module: "runner",
            agent: "soldier",
            label: `start ${problem.actionNames[action]}`,
            detail: { step: runner.step, plan: runner.plan.map((a) => problem.actionNames[a]!) },
          });
        }
        return timer >= 1 ? StepStatus.Succeeded : StepStatus.Running;
      },
      plan(out: PlanResult, _p: typeof problem, start: Uint32Array, g: PlanningGoal): PlanResult {
        // Regressive A* in slices of 4 nodes (a frame budget), then the nodes it looked at.
        startGoapSearch(search, start, g);
        while ((stepGoapSearch(search, 4) & PathFlags.InProgress) !== 0);
        readGoapPlan(out, search);
        nodes = readGoapNodes(search, { max: 14 });
        last.flags = out.flags;
        last.cost = out.cost;
        last.length = out.length;
        last.expanded = out.expanded;
        log.push(`replan #${runner.replans + 1}: ${out.length} actions, cost ${out.cost}, ${out.expanded} nodes expanded`);
        // The inspector gets the plan and every node the search generated (no limit).
        emit?.({
          module: "goap",
          agent: "soldier",
          label: `plan ${out.length} actions, cost ${out.cost}, ${out.expanded} expanded`,
          detail: {
            goal,
            plan: Array.from(out.path.subarray(0, Math.min(out.length, out.path.length)), (a) => problem.actionNames[a]!),
            nodes: readGoapNodes(search, { max: 1 << 20 }).map((n) => ({
              action: n.action || "goal",
              parent: n.parent,
              cost: n.cost,
              expanded: n.expanded,
              needs: [...n.mustHold, ...n.mustNotHold.map((f) => `¬${f}`)].join(" "),
            })),
          },
        });
        return out;
      },
    };
    let timer = 0;
    let emit: InspectorSink | null = null;
    // Inspectable: the runner (planning's runner codec) and the page's goal, action timer and last
    // plan; replans report the plan and the search's nodes ("goap"), action starts the runner.
    interface SoldierData {
      goal: string;
      timer: number;
      last: { flags: number; cost: number; length: number; expanded: number };
      nodes: GoapNodeView[];
    }
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "soldier.runner", createPlanRunnerSnapshotCodec(problem));
    registerSnapshotCodec<null>(codecs, "page", {
      version: 1,
      save: (): SoldierData => ({
        goal,
        timer,
        last: { flags: last.flags, cost: last.cost, length: last.length, expanded: last.expanded },
        nodes: nodes.map((n) => ({ ...n, mustHold: [...n.mustHold], mustNotHold: [...n.mustNotHold] })),
      }),
      restore: (_, d) => {
        const data = d as SoldierData;
        goal = data.goal;
        timer = data.timer;
        Object.assign(last, data.last);
        nodes = data.nodes.map((n) => ({ ...n, mustHold: [...n.mustHold], mustNotHold: [...n.mustNotHold] }));
      },
    });
    const world = createSnapshotWorld({
      name: "planning-goap",
      codecs,
      targets: () => ({ "soldier.runner": runner, page: null }),
      step(_inputs, sink) {
        emit = sink;
        const dt = 1 / 60;
        timer += dt;
        tickPlanRunner(runner, problem, hooks, dt);
        if (runner.status === RunnerStatus.Succeeded && runner.goals.length === 0) pushRunnerGoal(runner, { id: goal, priority: 1, goal: [goal] });
        emit = null;
      },
    });
    const inspector = mountInspector(root, panel, world);
    const rowH = 28;
    function render(): void {
      draw.clear();
      draw.text(20, 24, "facts (click to toggle)", { color: "#9aa5ce" });
      for (let f = 0; f < problem.factCount; f++) {
        const on = hasStateFact(runner.facts, f);
        draw.rect(20, 40 + f * rowH, 240, rowH - 6, { color: on ? "#9ece6a" : "#1f2937", fill: true, alpha: on ? 0.85 : 1 });
        draw.text(28, 40 + f * rowH + 16, problem.factNames[f]!, { color: on ? "#0f1420" : "#9aa5ce" });
      }
      draw.text(320, 24, `goal: ${goal}`, { color: "#9aa5ce" });
      runner.plan.forEach((a, i) => {
        const color = i < runner.step ? "#565f89" : i === runner.step ? "#e0af68" : "#7aa2f7";
        draw.rect(320, 40 + i * rowH, 300, rowH - 6, { color, fill: true, alpha: 0.85 });
        draw.text(328, 40 + i * rowH + 16, `${i + 1}. ${problem.actionNames[a]}`, { color: "#0f1420" });
      });
      draw.text(320, 330, "regression nodes (goal first): conditions still to meet", { color: "#9aa5ce" });
      nodes.forEach((n, i) => {
        const label = `${n.action || "goal"} → ${[...n.mustHold, ...n.mustNotHold.map((f) => `¬${f}`)].join(" ") || "(start satisfies)"} [g ${n.cost}]`;
        draw.text(320, 350 + i * 17, label.slice(0, 70), { color: n.expanded ? "#c0caf5" : "#565f89" });
      });
      const status = ["idle", "running", "succeeded", "failed"][runner.status];
      stats.textContent =
        `status ${status}, step ${runner.step}/${runner.plan.length}, replans ${runner.replans}\n` +
        `last plan: ${last.length} actions, cost ${last.cost}, expanded ${last.expanded}\n` +
        `facts: ${factsOfState(problem, runner.facts).join(" ")}\n` +
        log.slice(-6).join("\n");
    }
    const stop = fixedLoop(() => inspector.step(), render);
    const onClick = (e: MouseEvent) => {
      const r = canvas.getBoundingClientRect();
      const x = ((e.clientX - r.left) * W) / r.width;
      const y = ((e.clientY - r.top) * H) / r.height;
      const f = Math.floor((y - 40) / rowH);
      if (x >= 20 && x <= 260 && f >= 0 && f < problem.factCount) {
        setRunnerFact(runner, f, !hasStateFact(runner.facts, f));
        log.push(`toggled ${problem.factNames[f]}`);
      } else {
        // Anywhere else: the enemy shows up (or hides).
        const v = getFactIndex(problem, "enemy-visible");
        setRunnerFact(runner, v, !hasStateFact(runner.facts, v));
      }
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
