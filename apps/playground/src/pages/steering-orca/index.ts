import { createRng, rngNextFloat, type Rng } from "@tactica/core";
import { createCrowd, createOrca, createOrcaObstacles, addCrowdAgent, stepCrowdOrca, type Crowd, type Orca } from "@tactica/steering";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, select, slider } from "../../ui";

const W = 800;
const H = 600;
type Scenario = "circle" | "crossing" | "circle + pillars";

const page: DemoPage = {
  id: "steering-orca",
  title: "ORCA: circle and crossing",
  package: "steering",
  order: 2,
  description:
    "Optimal reciprocal collision avoidance with RVO2's semantics. In the circle every agent walks to the antipodal point; in the crossing two groups swap sides. Click to restart; the stats show the worst overlap so far.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let scenario: Scenario = "circle";
    let count = 120;
    let timeHorizon = 5;
    let crowd: Crowd = createCrowd({ capacity: 1, cellSize: 1, rng: createRng(1) });
    let orca: Orca = createOrca(crowd, { neighborDist: 1, maxNeighbors: 1, timeHorizon: 1, timeHorizonObst: 1 });
    let gx = new Float64Array(0);
    let gy = new Float64Array(0);
    let worst = 0;
    let stepMs = 0;
    let rng: Rng = createRng(1);
    const pillars = [
      [
        { x: -12, y: -12 },
        { x: 12, y: -12 },
        { x: 12, y: 12 },
        { x: -12, y: 12 },
      ],
      [
        { x: 45, y: 30 },
        { x: 60, y: 30 },
        { x: 52, y: 45 },
      ],
    ];
    draw.view.scale = 2.5;
    draw.view.originX = -W / 2 / 2.5;
    draw.view.originY = -H / 2 / 2.5;

    function rebuild(): void {
      rng = createRng(7);
      crowd = createCrowd({ capacity: count, cellSize: 10, rng });
      gx = new Float64Array(count);
      gy = new Float64Array(count);
      for (let i = 0; i < count; i++) {
        let x: number;
        let y: number;
        if (scenario === "crossing") {
          const left = i % 2 === 0;
          const row = Math.floor(i / 2);
          x = (left ? -1 : 1) * (60 + (row % 6) * 4);
          y = -50 + Math.floor(row / 6) * 4;
          gx[i] = -x;
          gy[i] = y;
          if (i % 4 >= 2) {
            // a second stream crossing vertically
            const tx = x;
            x = y;
            y = tx;
            gx[i] = x;
            gy[i] = -y;
          }
        } else {
          const a = (i / count) * 2 * Math.PI;
          x = 100 * Math.cos(a);
          y = 100 * Math.sin(a);
          gx[i] = -x;
          gy[i] = -y;
        }
        addCrowdAgent(crowd, { x, y, radius: 1.5, maxSpeed: 4 });
      }
      const obstacles = createOrcaObstacles(scenario === "circle + pillars" ? pillars : []);
      orca = createOrca(crowd, { neighborDist: 15, maxNeighbors: 10, timeHorizon, timeHorizonObst: 2 }, { obstacles });
      worst = 0;
    }

    function step(): void {
      const t0 = performance.now();
      for (let i = 0; i < crowd.highWater; i++) {
        let dx = gx[i]! - crowd.posX[i]!;
        let dy = gy[i]! - crowd.posY[i]!;
        const l = Math.hypot(dx, dy);
        if (l > 1) {
          dx = (dx / l) * 3;
          dy = (dy / l) * 3;
        }
        // the RVO2 Blocks example's tiny perturbation breaks perfect symmetry
        const a = rngNextFloat(rng) * 2 * Math.PI;
        crowd.prefVelX[i] = dx + 1e-4 * Math.cos(a);
        crowd.prefVelY[i] = dy + 1e-4 * Math.sin(a);
      }
      stepCrowdOrca(crowd, orca, 0.05);
      stepMs = performance.now() - t0;
      for (let i = 0; i < crowd.highWater; i++) {
        for (let j = i + 1; j < crowd.highWater; j++) {
          const g = Math.hypot(crowd.posX[i]! - crowd.posX[j]!, crowd.posY[i]! - crowd.posY[j]!) - 3;
          if (g < worst) worst = g;
        }
      }
    }

    function render(): void {
      draw.clear();
      if (scenario === "circle + pillars") for (const p of pillars) draw.polygon(p, { color: "#414868", fill: true });
      for (let i = 0; i < crowd.highWater; i++) {
        const hue = Math.round((i / crowd.highWater) * 360);
        draw.circle(crowd.posX[i]!, crowd.posY[i]!, 1.5, { color: `hsl(${hue} 70% 65%)`, fill: true });
        draw.point(gx[i]!, gy[i]!, 1, { color: `hsl(${hue} 70% 65%)`, alpha: 0.3 });
      }
      stats.textContent = `agents: ${crowd.count}\nstep: ${stepMs.toFixed(2)} ms (ORCA, dt 0.05)\nLP3 (over-constrained) agents: ${orca.lastInfeasibleCount}\nworst overlap: ${(-Math.min(0, worst)).toFixed(3)}`;
    }

    select(panel, "scenario", ["circle", "crossing", "circle + pillars"] as const, scenario, (v) => {
      scenario = v;
      rebuild();
    });
    slider(panel, "agents", 10, 400, 10, count, (v) => {
      count = v;
      rebuild();
    });
    slider(panel, "time horizon (s)", 0.5, 10, 0.5, timeHorizon, (v) => {
      timeHorizon = v;
      rebuild();
    });
    button(panel, "restart", rebuild);
    const restart = (e: MouseEvent): void => {
      e.preventDefault();
      rebuild();
    };
    canvas.addEventListener("click", restart);
    canvas.addEventListener("contextmenu", restart);
    rebuild();
    render();
    const stop = fixedLoop(step, render, 0.05);
    return () => {
      stop();
      canvas.removeEventListener("click", restart);
      canvas.removeEventListener("contextmenu", restart);
    };
  },
};

export default page;
