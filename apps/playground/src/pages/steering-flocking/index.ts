import { createRng } from "@tactica/core";
import { createCrowd, addCrowdAgent, isInViewArc, seedCrowdWander, stepCrowdBoids, ViewArcs, wrapCrowd, type Crowd, type ViewArc } from "@tactica/steering";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, select, slider } from "../../ui";

const W = 800;
const H = 600;
const ARCS: Record<string, ViewArc> = { full: ViewArcs.Full, wide: ViewArcs.Wide, limited: ViewArcs.Limited, narrow: ViewArcs.Narrow };

/** Half-angle (radians, from the heading) of the region `isInViewArc` accepts for `arc` and back-view factor `k`. */
export function viewArcHalfAngle(arc: ViewArc, k: number): number {
  switch (arc) {
    case ViewArcs.Full:
      return Math.PI;
    case ViewArcs.Wide:
      return Math.PI - Math.atan(k); // all but a blind cone behind
    case ViewArcs.Limited:
      return Math.PI / 2; // the front half-plane
    default:
      return Math.atan(k); // a cone ahead
  }
}
/** Agents (slot indices) whose view arcs are drawn; the first is the highlighted one. */
const WATCHED = [0, 97, 211, 333, 457];

const page: DemoPage = {
  id: "steering-flocking",
  title: "Flocking (boids) with view arcs",
  package: "steering",
  order: 1,
  description:
    "A structure-of-arrays crowd running separation, alignment, cohesion and wander. Five agents draw the view arc the rules use (neighbour radius × arc); the orange one rings the neighbours it sees. Tune the weights, the neighbour radius and the view arc; click to pull the flock towards a point (right-click releases it).",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let count = 600;
    let seed = 1;
    let crowd: Crowd = createCrowd({ capacity: 1, cellSize: 1, rng: createRng(1) });
    // The sliders are relative weights; GAIN turns them into pixel-scale forces (the behaviours'
    // raw outputs are unit vectors or 1/d in pixels, while speeds here are tens of pixels/s).
    const GAIN = 80;
    const ui = { separation: 30, alignment: 1, cohesion: 1, wander: 0.5 };
    const params = {
      neighborRadius: 40,
      separationRadius: 14,
      separationWeight: ui.separation * GAIN,
      alignmentWeight: ui.alignment * GAIN,
      cohesionWeight: ui.cohesion * GAIN,
      wanderWeight: ui.wander * 4,
      wander: { radius: 10, distance: 20, jitter: 60 },
      arc: ViewArcs.Wide as ViewArc,
      backViewFactor: 1,
      preferredWeight: 0,
    };
    let attractor: { x: number; y: number } | null = null;
    let stepMs = 0;

    function rebuild(): void {
      const rng = createRng(seed);
      crowd = createCrowd({ capacity: count, cellSize: params.neighborRadius, rng });
      for (let i = 0; i < count; i++) {
        const a = (i * 2.39996) % (2 * Math.PI);
        addCrowdAgent(crowd, {
          x: 50 + ((i * 97) % (W - 100)),
          y: 50 + ((i * 61) % (H - 100)),
          vx: 40 * Math.cos(a),
          vy: 40 * Math.sin(a),
          maxSpeed: 80,
          maxForce: 250,
          radius: 3,
        });
      }
      seedCrowdWander(crowd, params.wander.radius);
    }

    function step(dt: number): void {
      const t0 = performance.now();
      if (attractor) {
        for (let i = 0; i < crowd.highWater; i++) {
          const dx = attractor.x - crowd.posX[i]!;
          const dy = attractor.y - crowd.posY[i]!;
          const l = Math.hypot(dx, dy) || 1;
          crowd.prefVelX[i] = (dx / l) * 80; // slot-indexed buffers: no handle needed
          crowd.prefVelY[i] = (dy / l) * 80;
        }
      }
      params.preferredWeight = attractor ? 2 : 0;
      stepCrowdBoids(crowd, params, dt);
      wrapCrowd(crowd, 0, 0, W, H);
      stepMs = performance.now() - t0;
    }

    /** The view arcs the boids use: a sector of the neighbour radius around the heading. */
    function drawViewArcs(): number {
      const ctx = draw.ctx;
      const half = viewArcHalfAngle(params.arc, params.backViewFactor);
      let seen = 0;
      WATCHED.forEach((i, n) => {
        if (i >= crowd.highWater || crowd.alive[i] !== 1) return;
        const x = crowd.posX[i]!;
        const y = crowd.posY[i]!;
        // heading = atan2(forward.y, forward.x); canvas arc angles use the same numbers (y-down: they turn clockwise on screen)
        const heading = Math.atan2(crowd.fwdY[i]!, crowd.fwdX[i]!);
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.arc(x, y, params.neighborRadius, heading - half, heading + half);
        ctx.closePath();
        ctx.fillStyle = n === 0 ? "rgba(224, 175, 104, 0.22)" : "rgba(122, 162, 247, 0.12)";
        ctx.strokeStyle = n === 0 ? "rgba(224, 175, 104, 0.9)" : "rgba(122, 162, 247, 0.5)";
        ctx.fill();
        ctx.stroke();
        ctx.restore();
        if (n !== 0) return;
        // The highlighted agent's neighbours: those inside the radius and the arc are ringed.
        const fx = crowd.fwdX[i]!;
        const fy = crowd.fwdY[i]!;
        for (let j = 0; j < crowd.highWater; j++) {
          if (j === i || crowd.alive[j] !== 1) continue;
          const dx = crowd.posX[j]! - x;
          const dy = crowd.posY[j]! - y;
          if (dx * dx + dy * dy > params.neighborRadius * params.neighborRadius) continue;
          // core's local frame: x ahead (d · forward), y to the left (d · (−fy, fx))
          if (!isInViewArc(dx * fx + dy * fy, dy * fx - dx * fy, params.arc, params.backViewFactor)) continue;
          draw.circle(crowd.posX[j]!, crowd.posY[j]!, 5, { color: "#e0af68", width: 1.5 });
          seen++;
        }
      });
      return seen;
    }

    function render(): void {
      draw.clear();
      const seen = drawViewArcs();
      canvas.dataset["arcHalfAngle"] = viewArcHalfAngle(params.arc, params.backViewFactor).toFixed(4);
      for (let i = 0; i < crowd.highWater; i++) {
        if (crowd.alive[i] !== 1) continue;
        const x = crowd.posX[i]!;
        const y = crowd.posY[i]!;
        draw.line(x, y, x + crowd.fwdX[i]! * 7, y + crowd.fwdY[i]! * 7, { color: "#7aa2f7", width: 1.5 });
        draw.point(x, y, 3, { color: "#c0caf5" });
      }
      if (attractor) draw.circle(attractor.x, attractor.y, 8, { color: "#f7768e", width: 2 });
      stats.textContent =
        `agents: ${crowd.count}\nstep: ${stepMs.toFixed(2)} ms\nview arc: ${Object.keys(ARCS).find((k) => ARCS[k] === params.arc)} ` +
        `(±${Math.round((viewArcHalfAngle(params.arc, params.backViewFactor) * 180) / Math.PI)}°, drawn for ${WATCHED.length} agents)\n` +
        `highlighted agent sees ${seen} neighbours (ringed)`;
    }

    slider(panel, "agents", 50, 4000, 50, count, (v) => {
      count = v;
      rebuild();
    });
    slider(panel, "separation", 0, 100, 1, ui.separation, (v) => (params.separationWeight = v * GAIN));
    slider(panel, "alignment", 0, 5, 0.1, ui.alignment, (v) => (params.alignmentWeight = v * GAIN));
    slider(panel, "cohesion", 0, 5, 0.1, ui.cohesion, (v) => (params.cohesionWeight = v * GAIN));
    slider(panel, "wander", 0, 5, 0.1, ui.wander, (v) => (params.wanderWeight = v * 4));
    slider(panel, "neighbour radius", 10, 120, 1, params.neighborRadius, (v) => {
      params.neighborRadius = v;
      rebuild();
    });
    select(panel, "view arc", ["full", "wide", "limited", "narrow"] as const, "wide", (v) => (params.arc = ARCS[v]!));
    button(panel, "new seed", () => {
      seed++;
      rebuild();
    });
    const toWorld = (e: MouseEvent): { x: number; y: number } => {
      const rect = canvas.getBoundingClientRect();
      return { x: ((e.clientX - rect.left) * W) / rect.width, y: ((e.clientY - rect.top) * H) / rect.height };
    };
    const click = (e: MouseEvent): void => {
      attractor = toWorld(e);
    };
    const context = (e: MouseEvent): void => {
      e.preventDefault();
      attractor = null;
    };
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", context);
    rebuild();
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
