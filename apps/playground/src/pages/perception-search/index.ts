import { type Aabb, createRng, rngFloat, vec2Angle } from "@tactica/core";
import {
  advanceSearch,
  boxLineOfSight,
  clearVisibleSpots,
  createSearchCoordinator,
  isSearchOver,
  requestSearchSpot,
  SpotState,
  startSearch,
} from "@tactica/perception";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;
const SCALE = 10; // pixels per metre: an 80 × 60 m yard

const page: DemoPage = {
  id: "perception-search",
  title: "Searching for a lost target (search coordinator)",
  package: "perception",
  order: 6,
  description:
    "Game AI Pro 2, chapter 27: hidden spots around the last known position are shared out so no spot goes to two searchers; searchers clear the spots they see on the way (time-sliced rays every 1.5 s) and stop when the time limit runs out.",
  code: `startSearch(coordinator, ex, ey, spots);
const spot = requestSearchSpot(coordinator, searcher, x, y);  // −1: nothing left or time is up
clearVisibleSpots(coordinator, cone, x, y, heading, lineOfSight, maxRays);
advanceSearch(coordinator, dt);`,
  mount(root) {
    const { draw, panel, stats } = demoLayout(root, W, H);
    const rng = createRng(27);
    const boxes: Aabb[] = Array.from({ length: 22 }, () => {
      const x = rngFloat(rng, 4, 72);
      const y = rngFloat(rng, 4, 52);
      return { minX: x, minY: y, maxX: x + rngFloat(rng, 1.5, 5), maxY: y + rngFloat(rng, 1.5, 5) };
    });
    const los = boxLineOfSight(boxes);
    const cone = { viewRange: 18, fieldOfView: Math.PI * 0.6 };
    const coordinator = createSearchCoordinator(64, { timeLimit: 60 });
    let searcherCount = 3;
    let timeLimit = 60;
    let searchers: { x: number; y: number; heading: number; spot: number; clock: number }[] = [];
    const estimate = { x: 40, y: 30 };

    function restart(): void {
      const spots: number[] = [];
      const r = createRng(Math.floor(rngFloat(rng, 0, 1e6)));
      // Hidden points around the estimate: behind the boxes as seen from it.
      for (let tries = 0; spots.length < 2 * 40 && tries < 2000; tries++) {
        const x = estimate.x + rngFloat(r, -30, 30);
        const y = estimate.y + rngFloat(r, -24, 24);
        if (x < 1 || y < 1 || x > 79 || y > 59) continue;
        if (boxes.some((b) => x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY)) continue;
        if (!los(estimate.x, estimate.y, x, y)) spots.push(x, y);
      }
      coordinator.timeLimit = timeLimit;
      startSearch(coordinator, estimate.x, estimate.y, spots);
      searchers = Array.from({ length: searcherCount }, (_, i) => ({ x: 5 + i * 3, y: 55, heading: -Math.PI / 2, spot: -1, clock: i * 0.5 }));
    }

    function step(dt: number): void {
      advanceSearch(coordinator, dt);
      searchers.forEach((s, id) => {
        if (s.spot < 0 || coordinator.state[s.spot] === SpotState.Searched) s.spot = requestSearchSpot(coordinator, id, s.x, s.y);
        if (s.spot < 0) return;
        const dx = coordinator.x[s.spot]! - s.x;
        const dy = coordinator.y[s.spot]! - s.y;
        const d = Math.hypot(dx, dy);
        if (d < 0.5) {
          s.spot = requestSearchSpot(coordinator, id, s.x, s.y); // done with it: marks it searched
          return;
        }
        s.heading = vec2Angle({ x: dx, y: dy }); // perception headings: 0 = +x, counter-clockwise
        const v = Math.min(d, 4 * dt);
        const nx = s.x + (dx / d) * v;
        const ny = s.y + (dy / d) * v;
        if (los(s.x, s.y, nx, ny)) {
          s.x = nx;
          s.y = ny;
        } else {
          // Slide around the box: try the two perpendicular directions.
          const px = s.x - (dy / d) * v;
          const py = s.y + (dx / d) * v;
          if (los(s.x, s.y, px, py)) {
            s.x = px;
            s.y = py;
          }
        }
        s.clock += dt;
        if (s.clock >= 1.5) {
          s.clock -= 1.5;
          clearVisibleSpots(coordinator, cone, s.x, s.y, s.heading, los, 8);
        }
      });
    }

    function render(): void {
      draw.clear();
      for (const b of boxes) draw.rect(b.minX * SCALE, b.minY * SCALE, (b.maxX - b.minX) * SCALE, (b.maxY - b.minY) * SCALE, { color: "#565f89", fill: true });
      let left = 0;
      for (let i = 0; i < coordinator.count; i++) {
        const st = coordinator.state[i];
        if (st !== SpotState.Searched) left++;
        const color = st === SpotState.Searched ? "#414868" : st === SpotState.InProgress ? "#e0af68" : "#f7768e";
        draw.circle(coordinator.x[i]! * SCALE, coordinator.y[i]! * SCALE, 4, { color, fill: true });
      }
      draw.circle(estimate.x * SCALE, estimate.y * SCALE, 7, { color: "#bb9af7" });
      for (const s of searchers) {
        if (s.spot >= 0) draw.line(s.x * SCALE, s.y * SCALE, coordinator.x[s.spot]! * SCALE, coordinator.y[s.spot]! * SCALE, { color: "#e0af68", alpha: 0.5 });
        draw.circle(s.x * SCALE, s.y * SCALE, 6, { color: "#7aa2f7", fill: true });
        draw.line(s.x * SCALE, s.y * SCALE, (s.x + Math.cos(s.heading) * 2) * SCALE, (s.y + Math.sin(s.heading) * 2) * SCALE, { color: "#7aa2f7", width: 2 });
      }
      stats.textContent = `spots left: ${left} of ${coordinator.count}\nsearch ${isSearchOver(coordinator) ? "OVER: searchers return to their routine" : "running"}`;
    }

    slider(panel, "searchers", 1, 5, 1, searcherCount, (v) => {
      searcherCount = v;
      restart();
    });
    slider(panel, "time limit (s)", 10, 120, 5, timeLimit, (v) => {
      timeLimit = v;
      restart();
    });
    button(panel, "restart", restart);
    restart();
    render();
    return fixedLoop(step, render);
  },
};

export default page;
