import {
  blendContextMap,
  blurContextValues,
  clearContextMap,
  writeContextAvoid,
  writeContextChase,
  createContextDecision,
  createContextMap,
  resolveContextMap,
  type CircleObstacle,
  type ContextMap,
} from "@tactica/steering";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;

const page: DemoPage = {
  id: "steering-context",
  title: "Context steering: the two-target trap",
  package: "steering",
  order: 3,
  description:
    'The failure case of Game AI Pro 2, chapter 18 (Fray, "Context Steering"): target A is nearer but behind an obstacle, target B is clear. The classic agent (orange) averages chase-A and avoid and stalls; the context-steering agent (cyan) masks the dangerous slots and heads for B. Click to move target B, right-click to move target A.',
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let slots = 16;
    let blend = 0.4;
    let blur = 1;
    let map: ContextMap = createContextMap(slots);
    const decision = createContextDecision();
    const start = { x: 300, y: 300 };
    const ctxAgent = { x: start.x, y: start.y };
    const classic = { x: start.x, y: start.y + 2 };
    const targetA = { x: 470, y: 300 };
    const targetB = { x: 80, y: 140 };
    const obstacles: CircleObstacle[] = [{ x: 390, y: 300, radius: 40 }];
    const targets = new Float64Array(4);
    const speed = 90;
    let classicSpeed = 0;

    function reset(): void {
      ctxAgent.x = start.x;
      ctxAgent.y = start.y;
      classic.x = start.x;
      classic.y = start.y + 2;
      map = createContextMap(slots);
    }

    function step(dt: number): void {
      targets[0] = targetA.x;
      targets[1] = targetA.y;
      targets[2] = targetB.x;
      targets[3] = targetB.y;
      clearContextMap(map);
      writeContextChase(map, ctxAgent, targets, 2, 800, Math.PI / 2);
      writeContextAvoid(map, ctxAgent, 8, obstacles, 90);
      if (blur > 0) {
        blurContextValues(map.interest, map.scratch, { passes: blur });
      }
      blendContextMap(map, blend);
      resolveContextMap(decision, map);
      if (decision.slot >= 0) {
        ctxAgent.x += decision.directionX * speed * decision.strength * dt * 1.5;
        ctxAgent.y += decision.directionY * speed * decision.strength * dt * 1.5;
      }
      // Classic steering: seek the nearest target (A) + flee the obstacle, averaged.
      const ax = targetA.x - classic.x;
      const ay = targetA.y - classic.y;
      const al = Math.hypot(ax, ay) || 1;
      const o = obstacles[0]!;
      const ox = classic.x - o.x;
      const oy = classic.y - o.y;
      const ol = Math.hypot(ox, oy) || 1;
      const push = Math.min(1, Math.max(0, (140 - ol) / 40));
      const vx = (ax / al + (ox / ol) * push) / 2;
      const vy = (ay / al + (oy / ol) * push) / 2;
      classicSpeed = Math.hypot(vx, vy) * speed;
      classic.x += vx * speed * dt;
      classic.y += vy * speed * dt;
      if (Math.hypot(ctxAgent.x - targetB.x, ctxAgent.y - targetB.y) < 10 || Math.hypot(ctxAgent.x - targetA.x, ctxAgent.y - targetA.y) < 10) reset();
    }

    function render(): void {
      draw.clear();
      for (const o of obstacles) draw.circle(o.x, o.y, o.radius, { color: "#414868", fill: true });
      draw.circle(targetA.x, targetA.y, 9, { color: "#e0af68", width: 2 });
      draw.text(targetA.x + 12, targetA.y - 12, "A (near, blocked)", { color: "#e0af68" });
      draw.circle(targetB.x, targetB.y, 9, { color: "#9ece6a", width: 2 });
      draw.text(targetB.x + 12, targetB.y - 12, "B (clear)", { color: "#9ece6a" });
      // context map as radial bars around the agent: interest outwards (green), danger (red)
      const n = map.slots;
      for (let i = 0; i < n; i++) {
        const a = (i * 2 * Math.PI) / n;
        const c = Math.cos(a);
        const s = Math.sin(a);
        const r0 = 14;
        draw.line(ctxAgent.x + c * r0, ctxAgent.y + s * r0, ctxAgent.x + c * (r0 + map.interest[i]! * 70), ctxAgent.y + s * (r0 + map.interest[i]! * 70), {
          color: map.allowed[i] === 1 ? "#9ece6a" : "#3b4a63",
          width: 3,
        });
        if (map.danger[i]! > 0)
          draw.line(ctxAgent.x + c * 8, ctxAgent.y + s * 8, ctxAgent.x + c * (8 + map.danger[i]! * 40), ctxAgent.y + s * (8 + map.danger[i]! * 40), {
            color: "#f7768e",
            width: 2,
          });
      }
      draw.circle(ctxAgent.x, ctxAgent.y, 8, { color: "#7dcfff", fill: true });
      draw.circle(classic.x, classic.y, 8, { color: "#ff9e64", fill: true });
      stats.textContent =
        `slots: ${n}\nchosen slot: ${decision.slot} (sub-slot ${decision.subSlot.toFixed(2)})\n` +
        `min danger: ${decision.minDanger.toFixed(2)}\ncontext speed ∝ interest: ${decision.strength.toFixed(2)}\nclassic speed: ${classicSpeed.toFixed(1)} px/s`;
    }

    slider(panel, "slots", 8, 64, 1, slots, (v) => {
      slots = v;
      reset();
    });
    slider(panel, "temporal blend", 0.05, 1, 0.05, blend, (v) => (blend = v));
    slider(panel, "blur passes", 0, 4, 1, blur, (v) => (blur = v));
    button(panel, "reset", reset);
    const toWorld = (e: MouseEvent): { x: number; y: number } => {
      const rect = canvas.getBoundingClientRect();
      return { x: ((e.clientX - rect.left) * W) / rect.width, y: ((e.clientY - rect.top) * H) / rect.height };
    };
    const click = (e: MouseEvent): void => {
      const p = toWorld(e);
      targetB.x = p.x;
      targetB.y = p.y;
    };
    const context = (e: MouseEvent): void => {
      e.preventDefault();
      const p = toWorld(e);
      targetA.x = p.x;
      targetA.y = p.y;
    };
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", context);
    reset();
    step(0);
    render();
    const stop = fixedLoop(step, render);
    return () => {
      stop();
      canvas.removeEventListener("click", click);
      canvas.removeEventListener("contextmenu", context);
    };
  },
};

export default page;
