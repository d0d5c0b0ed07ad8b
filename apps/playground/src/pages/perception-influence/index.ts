import { createSnapshotCodecs, registerSnapshotCodec } from "@tactica/core";
import { createGrid, setCellPassable } from "@tactica/grid";
import { advanceInfluenceMap, createInfluenceMap, type InfluenceMap, influenceAt, influenceMapSnapshotCodec, setInfluenceSource } from "@tactica/perception";
import type { DemoPage } from "../../demo";
import { mountInspector } from "../../inspector/inspector-panel";
import { createSnapshotWorld } from "../../inspector/snapshot-world";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;
const CELL = 20;
const GW = W / CELL;
const GH = H / CELL;

const page: DemoPage = {
  id: "perception-influence",
  title: "Influence map: momentum, decay and rate",
  package: "perception",
  order: 2,
  description:
    "Blue sources are ours, red ones theirs; influence spreads around the walls with exp(−d·decay), blended with the history by momentum, at its own update rate. Click to add a blue source, right-click a red one.",
  code: `const map = createInfluenceMap(w, h, { momentum, decay, rateHz, grid });
setInfluenceSource(map, x, y, 1);       // or −1 for the enemy (min channel)
advanceInfluenceMap(map, dt);            // propagates at rateHz, whatever the frame rate`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const grid = createGrid(GW, GH);
    for (let y = 0; y < 24; y++) setCellPassable(grid, 20, y, false);
    for (let x = 5; x < 15; x++) setCellPassable(grid, x, 12, false);
    for (let x = 25; x < 37; x++) setCellPassable(grid, x, 22, false);
    const settings = { momentum: 0.3, decay: 0.15, rateHz: 4 };
    let map: InfluenceMap = createInfluenceMap(GW, GH, { ...settings, grid });
    const sources: { x: number; y: number; v: number }[] = [
      { x: 5, y: 5, v: 1 },
      { x: 35, y: 8, v: -1 },
    ];
    let steps = 0;

    function rebuild(): void {
      map = createInfluenceMap(GW, GH, { ...settings, grid });
      for (const s of sources) setInfluenceSource(map, s.x, s.y, s.v);
    }

    // Inspectable: the map (perception's influence-map codec) and the page's sources, settings and
    // step count; every propagation reports the map's extremes as an "influence" event.
    interface PageData {
      sources: { x: number; y: number; v: number }[];
      steps: number;
      settings: typeof settings;
    }
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "threat", influenceMapSnapshotCodec);
    registerSnapshotCodec<null>(codecs, "page", {
      version: 1,
      save: (): PageData => ({ sources: sources.map((s) => ({ ...s })), steps, settings: { ...settings } }),
      restore: (_, d) => {
        const data = d as PageData;
        sources.splice(0, sources.length, ...data.sources.map((s) => ({ ...s })));
        steps = data.steps;
        Object.assign(settings, data.settings);
        map.momentum = settings.momentum;
        map.decay = settings.decay;
        map.interval = 1 / settings.rateHz;
      },
    });
    const world = createSnapshotWorld({
      name: "perception-influence",
      codecs,
      targets: () => ({ threat: map, page: null }),
      step(_inputs, emit) {
        const n = advanceInfluenceMap(map, 1 / 60);
        steps += n;
        if (emit && n > 0) {
          let max = 0;
          let min = 0;
          let maxAt = [0, 0];
          let minAt = [0, 0];
          for (let y = 0; y < GH; y++)
            for (let x = 0; x < GW; x++) {
              const v = influenceAt(map, x, y);
              if (v > max) [max, maxAt] = [v, [x, y]];
              if (v < min) [min, minAt] = [v, [x, y]];
            }
          emit({
            module: "influence",
            agent: "map",
            label: `step ${steps}: ${max.toFixed(2)} / ${min.toFixed(2)}`,
            detail: { propagations: n, sources: sources.map((s) => `${s.v > 0 ? "ours" : "theirs"} (${s.x}, ${s.y})`), max, maxAt, min, minAt },
          });
        }
      },
    });
    const inspector = mountInspector(root, panel, world);

    function render(): void {
      draw.clear();
      for (let y = 0; y < GH; y++) {
        for (let x = 0; x < GW; x++) {
          if (grid.passable[y * GW + x] !== 1) {
            draw.rect(x * CELL, y * CELL, CELL, CELL, { color: "#565f89", fill: true });
            continue;
          }
          const v = influenceAt(map, x, y);
          if (Math.abs(v) < 0.01) continue;
          draw.rect(x * CELL, y * CELL, CELL, CELL, { color: v > 0 ? "#7aa2f7" : "#f7768e", fill: true, alpha: Math.min(1, Math.abs(v)) * 0.85 });
        }
      }
      for (const s of sources) draw.circle((s.x + 0.5) * CELL, (s.y + 0.5) * CELL, 5, { color: "#c0caf5", width: 2 });
      stats.textContent = `propagation steps: ${steps}\nsources: ${sources.length}`;
    }

    slider(panel, "momentum", 0, 0.95, 0.05, settings.momentum, (v) => (map.momentum = settings.momentum = v));
    slider(panel, "decay", 0.02, 1, 0.01, settings.decay, (v) => (map.decay = settings.decay = v));
    slider(panel, "rate (Hz)", 0.5, 10, 0.5, settings.rateHz, (v) => {
      settings.rateHz = v;
      map.interval = 1 / v;
    });
    button(panel, "clear sources", () => {
      sources.length = 0;
      rebuild();
    });
    const cellOf = (e: MouseEvent): { x: number; y: number } => {
      const rect = canvas.getBoundingClientRect();
      return { x: Math.floor(((e.clientX - rect.left) * W) / rect.width / CELL), y: Math.floor(((e.clientY - rect.top) * H) / rect.height / CELL) };
    };
    const add = (e: MouseEvent, v: number): void => {
      const c = cellOf(e);
      if (c.x < 0 || c.y < 0 || c.x >= GW || c.y >= GH || grid.passable[c.y * GW + c.x] !== 1) return;
      sources.push({ ...c, v });
      setInfluenceSource(map, c.x, c.y, v);
    };
    const click = (e: MouseEvent): void => add(e, 1);
    const context = (e: MouseEvent): void => {
      e.preventDefault();
      add(e, -1);
    };
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", context);
    rebuild();
    render();
    const stop = fixedLoop(() => inspector.step(), render);
    return () => {
      stop();
      inspector.dispose();
      canvas.removeEventListener("click", click);
      canvas.removeEventListener("contextmenu", context);
    };
  },
};

export default page;
