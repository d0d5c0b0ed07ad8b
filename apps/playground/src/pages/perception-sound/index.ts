import { type SoundChoke, soundPathDistance } from "@tactica/perception";
import type { DemoPage } from "../../demo";
import { demoLayout, select, slider } from "../../ui";

const W = 800;
const H = 600;
const SCALE = 10; // pixels per metre: 80 × 60 m, four rooms

// Areas: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right; walls at x = 40 and y = 30.
const ROOMS = [
  { x0: 0, y0: 0, x1: 40, y1: 30 },
  { x0: 40, y0: 0, x1: 80, y1: 30 },
  { x0: 0, y0: 30, x1: 40, y1: 60 },
  { x0: 40, y0: 30, x1: 80, y1: 60 },
];
const CHOKES: SoundChoke[] = [
  { x: 40, y: 6, a: 0, b: 1 }, // a door near the top
  { x: 8, y: 30, a: 0, b: 2 }, // a window on the left
  { x: 40, y: 52, a: 2, b: 3 }, // a door near the bottom
  { x: 70, y: 30, a: 1, b: 3 }, // a door on the right
];
const GRAPH = [
  [1, 2],
  [0, 3],
  [0, 3],
  [1, 2],
];
const LISTENERS = [
  { x: 20, y: 15 },
  { x: 60, y: 12 },
  { x: 15, y: 48 },
  { x: 62, y: 45 },
  { x: 34, y: 40 },
];

function areaOf(x: number, y: number): number {
  return (y < 30 ? 0 : 2) + (x < 40 ? 0 : 1);
}

/** Breadth-first area path from `a` to `b` over the room graph. */
function areaPath(a: number, b: number): number[] {
  const prev = new Array<number>(4).fill(-2);
  prev[a] = -1;
  const q = [a];
  for (let h = 0; h < q.length; h++) {
    for (const n of GRAPH[q[h]!]!) {
      if (prev[n] !== -2) continue;
      prev[n] = q[h]!;
      q.push(n);
    }
  }
  const path: number[] = [];
  for (let c = b; c !== -1; c = prev[c]!) path.unshift(c);
  return path;
}

const page: DemoPage = {
  id: "perception-sound",
  title: "Sound through areas (Eq. 28.1)",
  package: "perception",
  order: 7,
  description:
    "Splinter Cell Blacklist (Game AI Pro 2, chapter 28): sound travels from area to area through the closest choke (door or window), so a guard behind a wall does not hear what is 10 m away in straight line. Move the mouse to make noise; toggle the straight-line distance to compare.",
  code: `const d = soundPathDistance(chokes, sx, sy, lx, ly, areaPath); // Eq. 28.1
const heard = d <= radius;`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let radius = 35;
    let mode: "through areas" | "straight line" = "through areas";
    const source = { x: 30, y: 20 };

    function render(): void {
      draw.clear();
      for (const r of ROOMS) draw.rect(r.x0 * SCALE, r.y0 * SCALE, (r.x1 - r.x0) * SCALE, (r.y1 - r.y0) * SCALE, { color: "#565f89" });
      for (const c of CHOKES) draw.circle(c.x * SCALE, c.y * SCALE, 6, { color: "#e0af68", fill: true });
      draw.circle(source.x * SCALE, source.y * SCALE, radius * SCALE, { color: "#bb9af7", alpha: 0.4 });
      const lines: string[] = [];
      const from = areaOf(source.x, source.y);
      LISTENERS.forEach((l, i) => {
        const path = areaPath(from, areaOf(l.x, l.y));
        const straight = Math.hypot(l.x - source.x, l.y - source.y);
        const through = soundPathDistance(CHOKES, source.x, source.y, l.x, l.y, path);
        const d = mode === "straight line" ? straight : through;
        const heard = d <= radius;
        if (heard && mode === "through areas") {
          // Draw the route: source → chosen chokes → listener.
          let x = source.x;
          let y = source.y;
          for (let k = 1; k < path.length; k++) {
            let best = CHOKES[0]!;
            let bestD = Infinity;
            for (const c of CHOKES) {
              if (!((c.a === path[k - 1] && c.b === path[k]) || (c.b === path[k - 1] && c.a === path[k]))) continue;
              const dd = Math.hypot(c.x - x, c.y - y);
              if (dd < bestD) {
                bestD = dd;
                best = c;
              }
            }
            draw.line(x * SCALE, y * SCALE, best.x * SCALE, best.y * SCALE, { color: "#9ece6a", alpha: 0.6 });
            x = best.x;
            y = best.y;
          }
          draw.line(x * SCALE, y * SCALE, l.x * SCALE, l.y * SCALE, { color: "#9ece6a", alpha: 0.6 });
        }
        draw.circle(l.x * SCALE, l.y * SCALE, 7, { color: heard ? "#f7768e" : "#7aa2f7", fill: true });
        lines.push(`guard ${i}: straight ${straight.toFixed(1)} m, through areas ${through.toFixed(1)} m${heard ? "  HEARS" : ""}`);
      });
      draw.circle(source.x * SCALE, source.y * SCALE, 5, { color: "#bb9af7", fill: true });
      stats.textContent = lines.join("\n");
    }

    slider(panel, "radius (m)", 5, 80, 1, radius, (v) => {
      radius = v;
      render();
    });
    select(panel, "distance", ["through areas", "straight line"] as const, mode, (v) => {
      mode = v;
      render();
    });
    const move = (e: MouseEvent): void => {
      const rect = canvas.getBoundingClientRect();
      source.x = Math.min(79.9, Math.max(0.1, ((e.clientX - rect.left) * W) / rect.width / SCALE));
      source.y = Math.min(59.9, Math.max(0.1, ((e.clientY - rect.top) * H) / rect.height / SCALE));
      render();
    };
    canvas.addEventListener("mousemove", move);
    render();
    return () => canvas.removeEventListener("mousemove", move);
  },
};

export default page;
