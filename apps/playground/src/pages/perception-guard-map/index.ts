import { createRng } from "@tactica/core";
import { createProbabilityMap, decideInstantiation, observeProbabilityState, type ProbabilityMap, stepProbabilityMap } from "@tactica/perception";
import type { DemoPage } from "../../demo";
import { button, demoLayout, select } from "../../ui";

const W = 800;
const H = 600;
const STATES = ["A→B", "B→A", "sleeping", "eating", "solitaire"] as const;
// Game AI Pro 2, chapter 7, Table 7.1.
const TABLE_7_1 = [
  [0, 1, 0, 0, 0],
  [0.95, 0, 0, 0.05, 0],
  [0.04, 0, 0.95, 0.01, 0],
  [0.18, 0, 0.01, 0.8, 0.01],
  [0.5, 0, 0.5, 0, 0],
];

const page: DemoPage = {
  id: "perception-guard-map",
  title: "Where is the guard? (probability map)",
  package: "perception",
  order: 3,
  description:
    "Manslow's guard (Game AI Pro 2, chapter 7): its state is unobserved, so the AI keeps a probability per state and steps it with a transition matrix. Look at a state: the guard is there with exactly its probability (seeded), and the map collapses or renormalises.",
  code: `stepProbabilityMap(guard);                          // p ← p · T
const there = decideInstantiation(guard, state, rng); // with probability p[state]
observeProbabilityState(guard, state, there);        // collapse or renormalise`,
  mount(root) {
    const { draw, panel, stats } = demoLayout(root, W, H);
    let guard: ProbabilityMap = createProbabilityMap(TABLE_7_1, [0, 1, 0, 0, 0]);
    let rng = createRng(1);
    let t = 1;
    let look: (typeof STATES)[number] = "eating";
    let last = "";

    function render(): void {
      draw.clear();
      const bw = 110;
      for (let s = 0; s < STATES.length; s++) {
        const p = guard.probabilities[s]!;
        const x = 60 + s * (bw + 40);
        draw.rect(x, 100, bw, 400, { color: "#3b4261" });
        draw.rect(x, 100 + 400 * (1 - p), bw, 400 * p, { color: STATES[s] === look ? "#e0af68" : "#7aa2f7", fill: true });
        draw.text(x, 530, STATES[s]!, { color: "#c0caf5" });
        draw.text(x, 90, p.toFixed(3), { color: "#c0caf5" });
      }
      stats.textContent = `t${t}\n${last}`;
    }

    button(panel, "step (p ← p·T)", () => {
      stepProbabilityMap(guard);
      t++;
      last = "";
      render();
    });
    select(panel, "look at", STATES, look, (v) => {
      look = v;
      render();
    });
    button(panel, "look", () => {
      const s = STATES.indexOf(look);
      const p = guard.probabilities[s]!;
      const there = decideInstantiation(guard, s, rng);
      if (!there && p >= 1) return;
      observeProbabilityState(guard, s, there);
      last = there ? `the guard IS ${look} (p was ${p.toFixed(3)})` : `not ${look} (p was ${p.toFixed(3)}); renormalised`;
      render();
    });
    button(panel, "reset", () => {
      guard = createProbabilityMap(TABLE_7_1, [0, 1, 0, 0, 0]);
      rng = createRng(1);
      t = 1;
      last = "";
      render();
    });
    render();
    return () => undefined;
  },
};

export default page;
