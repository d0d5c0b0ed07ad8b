import { compileHtn, compileProblem, hasFact, parseDomain, planHtn, replanHtn, setFact, type HtnResult } from "@tactica/planning";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop } from "../../ui";

const W = 800;
const H = 600;

const DOMAIN = `
(:objects (place home, shop) (vehicle taxi))
(:action walk :parameters (place ?a, place ?b) :preconditions (at(?a) and near(?a, ?b)) :effects (not at(?a) and at(?b)))
(:action call :parameters (vehicle ?v, place ?a) :preconditions (at(?a) and has-money) :effects (waiting(?v, ?a)))
(:action ride :parameters (vehicle ?v, place ?a, place ?b) :preconditions (at(?a) and waiting(?v, ?a) and has-money) :effects (not at(?a) and at(?b) and not waiting(?v, ?a) and not has-money))
(:action buy-cash :parameters (place ?p) :preconditions (at(?p) and shop(?p) and has-money) :effects (has-goods and not has-money))
(:action buy-card :parameters (place ?p) :preconditions (at(?p) and shop(?p) and has-card) :effects (has-goods))
(:initial (at(home) and near(home, shop) and has-money and has-card and shop(shop)))
`;

const METHODS = [
  { name: "errand", task: "errand(?a, ?b)", subtasks: ["travel(?a, ?b)", "pay(?b)"] },
  { name: "by-taxi", task: "travel(?a, ?b)", preconditions: ["has-money"], subtasks: ["call(taxi, ?a)", "ride(taxi, ?a, ?b)"] },
  { name: "by-foot", task: "travel(?a, ?b)", preconditions: ["near(?a, ?b)"], subtasks: ["walk(?a, ?b)"] },
  { name: "cash", task: "pay(?p)", preconditions: ["has-money"], subtasks: ["buy-cash(?p)"] },
  { name: "card", task: "pay(?p)", preconditions: ["has-card"], subtasks: ["buy-card(?p)"] },
];

const TOGGLES = ["has-money()", "has-card()", "near(home, shop)"] as const;

const page: DemoPage = {
  id: "planning-htn",
  title: "HTN: decomposition tree and partial replanning",
  package: "planning",
  order: 2,
  description:
    "A shopping errand decomposed by an HTN planner: compound tasks (blue) choose methods in order, primitive actions (green) form the plan. Click the fact boxes to change the world and plan again, or make the second step fail to see only the failed task decomposed again.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const problem = compileProblem(parseDomain(DOMAIN));
    const htn = compileHtn(problem, METHODS);
    const state = problem.initial.slice();
    let result: HtnResult = planHtn(htn, state, ["errand(home, shop)"]);
    let message = "";
    const plan = () => {
      result = planHtn(htn, state, ["errand(home, shop)"]);
      message = result.plan.length ? `planned: ${result.plan.map((a) => problem.actionNames[a]).join(", ")}` : "no decomposition";
    };
    button(panel, "Plan again", plan);
    button(panel, "Fail step 1 (replan partially)", () => {
      if (!result.trace.some((n) => n.step === 0)) return;
      const after = state.slice();
      setFact(after, problem.factIndex["has-money()"]!, false);
      const again = replanHtn(htn, after, result, 0);
      message = again.plan.length ? `re-decomposed ${again.replannedTask}: ${again.plan.map((a) => problem.actionNames[a]).join(", ")}` : "replanning failed";
      if (again.plan.length) result = again;
    });
    function render(): void {
      draw.clear();
      TOGGLES.forEach((f, i) => {
        const on = hasFact(state, problem.factIndex[f]!);
        draw.rect(20 + i * 190, 16, 170, 26, { color: on ? "#9ece6a" : "#1f2937", fill: true });
        draw.text(28 + i * 190, 34, f, { color: on ? "#0f1420" : "#9aa5ce" });
      });
      // Tree: one row per depth, nodes in trace order.
      const rows = new Map<number, number>();
      const pos: { x: number; y: number }[] = [];
      result.trace.forEach((n, i) => {
        const k = rows.get(n.depth) ?? 0;
        rows.set(n.depth, k + 1);
        pos[i] = { x: 30 + k * 190, y: 90 + n.depth * 110 };
        if (n.parent >= 0 && pos[n.parent]) draw.line(pos[n.parent]!.x + 80, pos[n.parent]!.y + 24, pos[i].x + 80, pos[i].y, { color: "#3b4261" });
      });
      result.trace.forEach((n, i) => {
        const p = pos[i]!;
        draw.rect(p.x, p.y, 170, 24, { color: n.method ? "#7aa2f7" : "#9ece6a", fill: true, alpha: 0.85 });
        draw.text(p.x + 6, p.y + 16, `${n.task}${n.method ? ` [${n.method}]` : ` #${n.step + 1}`}`.slice(0, 28), { color: "#0f1420" });
      });
      stats.textContent = `flags ${result.flags}, ${result.plan.length} steps, ${result.expanded} task nodes expanded\n${message}`;
    }
    const stop = fixedLoop(() => undefined, render);
    const onClick = (e: MouseEvent) => {
      const r = canvas.getBoundingClientRect();
      const x = ((e.clientX - r.left) * W) / r.width;
      const y = ((e.clientY - r.top) * H) / r.height;
      const i = Math.floor((x - 20) / 190);
      if (y < 50 && i >= 0 && i < TOGGLES.length) {
        const f = problem.factIndex[TOGGLES[i]!]!;
        setFact(state, f, !hasFact(state, f));
      }
      plan();
    };
    canvas.addEventListener("mousedown", onClick);
    return () => {
      stop();
      canvas.removeEventListener("mousedown", onClick);
    };
  },
};

export default page;
