import { createRng } from "@tactica/core";
import { CspFlags, createCspSolver, createLevelColoringCsp, solveCsp } from "@tactica/search";
import type { DemoPage } from "../../demo";
import { button, demoLayout } from "../../ui";

const W = 800;
const H = 600;
const COLORS = ["#f7768e", "#9ece6a", "#7aa2f7", "#7dcfff", "#bb9af7", "#e0af68"];
const NAMES = ["red", "green", "blue", "cyan", "magenta", "yellow"];

const page: DemoPage = {
  id: "search-csp",
  title: "Constraint-generated level",
  package: "search",
  order: 3,
  description:
    'The level generator of Game AI Pro 2, chapter 26 (Foged and Horswill, "Rolling Your Own Finite-Domain Constraint Solver"): 16 tiles, 6 colours, and constraints (v0 = v1, v2..v4 all different, v5 blue, v6 not green, diagonal neighbours differ, at most 4 per colour, at least 3 red) solved by forward checking with a seeded value order. Click the canvas or press the button for a new level.',
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const csp = createLevelColoringCsp();
    const solver = createCspSolver(csp);
    const out = new Int32Array(16);
    let seed = 1;
    let flags = 0;
    let us = 0;

    function generate(): void {
      const t0 = performance.now();
      flags = solveCsp(out, solver, { rng: createRng(seed) });
      us = (performance.now() - t0) * 1000;
      render();
    }

    function render(): void {
      draw.clear();
      const s = 120;
      const ox = 40;
      const oy = 60;
      for (let i = 0; i < 16; i++) {
        const x = ox + (i % 4) * s;
        const y = oy + Math.floor(i / 4) * s;
        draw.rect(x, y, s - 8, s - 8, { color: COLORS[out[i]!]!, fill: true });
        draw.text(x + 8, y + 20, `v${i}`, { color: "#0f1420" });
      }
      // The diagonal "must differ" pairs.
      for (let y = 0; y < 3; y++)
        for (let x = 0; x < 4; x++) {
          const cx = ox + x * s + s / 2 - 4;
          const cy = oy + y * s + s / 2 - 4;
          if (x < 3) draw.line(cx, cy, cx + s, cy + s, { color: "#0f1420", alpha: 0.25 });
          if (x > 0) draw.line(cx, cy, cx - s, cy + s, { color: "#0f1420", alpha: 0.25 });
        }
      const counts = NAMES.map((n, c) => `${n}: ${out.filter((v) => v === c).length}`);
      counts.forEach((line, i) => draw.text(560, 80 + i * 24, line, { color: COLORS[i]! }));
      stats.textContent =
        `seed ${seed}: ${flags === CspFlags.Solved ? "solved" : "no solution"} in ${us.toFixed(0)} µs\n` +
        `assignments ${solver.assignments}, backtracks ${solver.backtracks}\n` +
        `6^16 = 2,821,109,907,456 candidate levels`;
    }

    button(panel, "new level", () => {
      seed++;
      generate();
    });
    const click = () => {
      seed++;
      generate();
    };
    const block = (e: MouseEvent) => e.preventDefault();
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", block);
    generate();
    return () => {
      canvas.removeEventListener("click", click);
      canvas.removeEventListener("contextmenu", block);
    };
  },
};

export default page;
