import { createFuzzyState, createFuzzySystem, defuzzify, fuzzify, inferFuzzy, type DefuzzifyMethod, type FuzzySystemDefinition } from "@tactica/decision";
import type { DemoPage } from "../../demo";
import { demoLayout, select, slider } from "../../ui";

const W = 800;
const H = 600;

/** Buckland's rocket-launcher desirability as a fuzzy associative memory. */
const weapon: FuzzySystemDefinition = {
  version: 1,
  variables: {
    distance: {
      sets: {
        close: { type: "leftShoulder", points: [0, 25, 150] },
        medium: { type: "triangle", points: [25, 150, 300] },
        far: { type: "rightShoulder", points: [150, 300, 1000] },
      },
    },
    ammo: {
      sets: {
        low: { type: "triangle", points: [0, 0, 10] },
        okay: { type: "triangle", points: [0, 10, 30] },
        loads: { type: "rightShoulder", points: [10, 30, 100] },
      },
    },
    desirability: {
      sets: {
        undesirable: { type: "leftShoulder", points: [0, 25, 50] },
        desirable: { type: "triangle", points: [25, 50, 75] },
        veryDesirable: { type: "rightShoulder", points: [50, 75, 100] },
      },
    },
  },
  fams: [
    {
      inputs: ["distance", "ammo"],
      output: "desirability",
      table: [
        ["undesirable", "undesirable", "undesirable"],
        ["desirable", "veryDesirable", "veryDesirable"],
        ["undesirable", "undesirable", "desirable"],
      ],
    },
  ],
};

/** Viridis-like ramp for a value in [0, 1]. */
function ramp(t: number): string {
  const stops = [
    [68, 1, 84],
    [59, 82, 139],
    [33, 145, 140],
    [94, 201, 98],
    [253, 231, 37],
  ];
  const x = Math.min(0.9999, Math.max(0, t)) * (stops.length - 1);
  const i = Math.floor(x);
  const f = x - i;
  const a = stops[i]!;
  const b = stops[i + 1]!;
  return `rgb(${Math.round(a[0]! + (b[0]! - a[0]!) * f)},${Math.round(a[1]! + (b[1]! - a[1]!) * f)},${Math.round(a[2]! + (b[2]! - a[2]!) * f)})`;
}

const page: DemoPage = {
  id: "decision-fuzzy",
  title: "Fuzzy logic surface",
  package: "decision",
  order: 4,
  description:
    "Weapon desirability from a fuzzy associative memory over target distance (x, 0–600) and ammo (y, 0–60), defuzzified by centroid, mean of maximum or max-average. Move over the surface to read a value; click to pin it.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const sys = createFuzzySystem(weapon);
    const state = createFuzzyState(sys);
    let method: DefuzzifyMethod = "centroid";
    let cells = 60;
    const plot = { x: 60, y: 30, w: 560, h: 480 };
    const maxDist = 600;
    const maxAmmo = 60;
    let probe = { d: 200, a: 8 };
    const value = (d: number, a: number): number => {
      fuzzify(state, sys, "distance", d);
      fuzzify(state, sys, "ammo", a);
      inferFuzzy(state, sys);
      return defuzzify(state, sys, "desirability", { method });
    };
    const render = () => {
      draw.clear();
      const cw = plot.w / cells;
      const ch = plot.h / cells;
      for (let i = 0; i < cells; i++) {
        for (let j = 0; j < cells; j++) {
          const d = ((i + 0.5) / cells) * maxDist;
          const a = (1 - (j + 0.5) / cells) * maxAmmo;
          draw.rect(plot.x + i * cw, plot.y + j * ch, cw + 0.5, ch + 0.5, { color: ramp(value(d, a) / 100), fill: true });
        }
      }
      draw.rect(plot.x, plot.y, plot.w, plot.h, { color: "#3b4261" });
      for (let k = 0; k <= 6; k++) draw.text(plot.x + (k / 6) * plot.w - 8, plot.y + plot.h + 18, String(k * 100), { color: "#9aa5ce" });
      for (let k = 0; k <= 6; k++) draw.text(plot.x - 30, plot.y + plot.h - (k / 6) * plot.h + 4, String(k * 10), { color: "#9aa5ce" });
      draw.text(plot.x + plot.w / 2 - 40, plot.y + plot.h + 40, "distance to target", { color: "#e6edf3" });
      draw.text(8, plot.y - 10, "ammo", { color: "#e6edf3" });
      for (let k = 0; k < 100; k++) draw.rect(660, plot.y + plot.h - (k + 1) * (plot.h / 100), 24, plot.h / 100 + 0.5, { color: ramp(k / 100), fill: true });
      draw.text(690, plot.y + 8, "100", { color: "#9aa5ce" });
      draw.text(690, plot.y + plot.h, "0", { color: "#9aa5ce" });
      const px = plot.x + (probe.d / maxDist) * plot.w;
      const py = plot.y + (1 - probe.a / maxAmmo) * plot.h;
      draw.circle(px, py, 6, { color: "#f7768e", width: 2 });
      const v = value(probe.d, probe.a);
      const strengths = Array.from(state.dom.subarray(sys.setStart[2], sys.setStart[2]! + 3), (x) => x.toFixed(2)).join(" / ");
      stats.textContent = `distance ${probe.d.toFixed(0)}, ammo ${probe.a.toFixed(1)}\ndesirability (${method}): ${v.toFixed(2)}\nundesirable / desirable / very: ${strengths}`;
    };
    select(panel, "defuzzify", ["centroid", "meanOfMaximum", "maxAverage"] as const, method, (m) => {
      method = m;
      render();
    });
    slider(panel, "resolution", 20, 120, 10, cells, (v) => {
      cells = v;
      render();
    });
    let pinned = false;
    const toProbe = (e: MouseEvent) => {
      const r = canvas.getBoundingClientRect();
      const x = ((e.clientX - r.left) / r.width) * W;
      const y = ((e.clientY - r.top) / r.height) * H;
      const d = ((x - plot.x) / plot.w) * maxDist;
      const a = (1 - (y - plot.y) / plot.h) * maxAmmo;
      if (d >= 0 && d <= maxDist && a >= 0 && a <= maxAmmo) probe = { d, a };
    };
    const move = (e: MouseEvent) => {
      if (pinned) return;
      toProbe(e);
      render();
    };
    const down = (e: MouseEvent) => {
      e.preventDefault();
      pinned = e.button === 0 ? !pinned : false;
      toProbe(e);
      render();
    };
    canvas.addEventListener("mousemove", move);
    canvas.addEventListener("mousedown", down);
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    render();
    return () => {
      canvas.removeEventListener("mousemove", move);
      canvas.removeEventListener("mousedown", down);
    };
  },
};

export default page;
