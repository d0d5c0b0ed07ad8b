import { createSnapshotCodecs, registerSnapshotCodec } from "@tactica/core";
import { createGrid, setCellPassable } from "@tactica/grid";
import {
  awarenessOf,
  createTargetMemory,
  findTargetMemory,
  gridLineOfSight,
  recordPerception,
  SenseKind,
  stepDetection,
  targetMemorySnapshotCodec,
  updateTargetMemory,
  validateVisionZones,
  visionCertainty,
} from "@tactica/perception";
import type { DemoPage } from "../../demo";
import { mountInspector } from "../../inspector/inspector-panel";
import { createSnapshotWorld } from "../../inspector/snapshot-world";
import { demoLayout, fixedLoop, select, slider } from "../../ui";

const W = 800;
const H = 600;
const CELL = 20;
const GW = W / CELL;
const GH = H / CELL;
const PLAYER = 1; // the player's id in the guard's target memory
const AWARENESS = ["unaware", "investigate", "detected"];

const page: DemoPage = {
  id: "perception-vision",
  title: "Vision zones and a stealth meter",
  package: "perception",
  order: 1,
  description:
    "A guard sweeps its gaze; the heat map is its identification certainty per cell (nested zones, walls block sight). Move the mouse to be the player: the meter fills at the certainty of your position and drains while you are hidden; the guard's target memory keeps where it last saw you and how aware it is.",
  code: `const certainty = visionCertainty(zones, gx, gy, heading, px, py, { lineOfSight: gridLineOfSight(grid), modifier });
meter = stepDetection(meter, certainty, dt);`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const grid = createGrid(GW, GH);
    for (let y = 6; y < 12; y++) setCellPassable(grid, 26, y, false);
    for (let x = 8; x < 14; x++) setCellPassable(grid, x, 20, false);
    for (let y = 2; y < 6; y++) setCellPassable(grid, 12, y, false);
    const los = gridLineOfSight(grid);
    const zones = validateVisionZones([
      { viewRange: 6, halfAngle: Math.PI / 3, certainty: 1 },
      { viewRange: 16, halfAngle: Math.PI / 10, certainty: 0.9 },
      { viewRange: 12, halfAngle: Math.PI / 4, certainty: 0.5 },
      { viewRange: 4, halfAngle: (3 * Math.PI) / 4, certainty: 0.3 },
    ]);
    const guard = { x: GW / 2 + 0.5, y: GH / 2 + 0.5 };
    let heading = 0;
    let sweep = 0.4;
    let modifier = 0;
    let heat = true;
    let meter = 0;
    let certainty = 0;
    const player = { x: 5.5, y: 5.5 };
    let time = 0;
    // The guard's memory of the player (last seen position, confidence, awareness level).
    const memory = createTargetMemory(4);
    let awareness = 0;

    function step(dt: number): number {
      time += dt;
      heading = Math.sin(time * sweep) * 1.6;
      certainty = visionCertainty(zones, guard.x, guard.y, heading, player.x, player.y, { lineOfSight: los, modifier });
      meter = stepDetection(meter, certainty, dt);
      if (certainty > 0) recordPerception(memory, PLAYER, player.x, player.y, certainty, SenseKind.Sight);
      updateTargetMemory(memory, dt);
      const i = findTargetMemory(memory, PLAYER);
      const before = awareness;
      awareness = i < 0 ? 0 : awarenessOf(memory, i);
      return before;
    }

    // Inspectable: the memory (perception's target-memory codec) and the page's own state; each
    // change of awareness reports the memory record as a "memory" event.
    interface PageData {
      time: number;
      meter: number;
      certainty: number;
      awareness: number;
      player: { x: number; y: number };
      sweep: number;
      modifier: number;
    }
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "guard.memory", targetMemorySnapshotCodec);
    registerSnapshotCodec<null>(codecs, "page", {
      version: 1,
      save: (): PageData => ({ time, meter, certainty, awareness, player: { ...player }, sweep, modifier }),
      restore: (_, d) => {
        const data = d as PageData;
        ({ time, meter, certainty, awareness, sweep, modifier } = data);
        player.x = data.player.x;
        player.y = data.player.y;
      },
    });
    const world = createSnapshotWorld({
      name: "perception-vision",
      codecs,
      targets: () => ({ "guard.memory": memory, page: null }),
      step(_inputs, emit) {
        const before = step(1 / 60);
        if (emit && awareness !== before) {
          const i = findTargetMemory(memory, PLAYER);
          emit({
            module: "memory",
            agent: "guard",
            label: `player: ${AWARENESS[awareness]}`,
            detail:
              i < 0 ? { forgotten: true } : { x: memory.x[i]!, y: memory.y[i]!, age: memory.age[i]!, confidence: memory.confidence[i]!, certainty, meter },
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
          if (!heat) continue;
          const c = visionCertainty(zones, guard.x, guard.y, heading, x + 0.5, y + 0.5, { lineOfSight: los, modifier });
          if (c > 0) draw.rect(x * CELL, y * CELL, CELL, CELL, { color: "#f7768e", fill: true, alpha: 0.15 + 0.6 * c });
        }
      }
      draw.circle(guard.x * CELL, guard.y * CELL, 8, { color: "#7aa2f7", fill: true });
      draw.line(guard.x * CELL, guard.y * CELL, (guard.x + Math.cos(heading) * 2) * CELL, (guard.y + Math.sin(heading) * 2) * CELL, {
        color: "#7aa2f7",
        width: 2,
      });
      draw.circle(player.x * CELL, player.y * CELL, 6, { color: meter >= 1 ? "#f7768e" : "#9ece6a", fill: true });
      draw.rect(20, H - 30, 200, 12, { color: "#c0caf5" });
      draw.rect(20, H - 30, 200 * meter, 12, { color: meter >= 1 ? "#f7768e" : "#e0af68", fill: true });
      const seen = findTargetMemory(memory, PLAYER);
      if (seen >= 0) draw.circle(memory.x[seen]! * CELL, memory.y[seen]! * CELL, 10, { color: "#e0af68", width: 1 });
      stats.textContent =
        `certainty: ${certainty.toFixed(2)}\nmeter: ${(meter * 100).toFixed(0)}%${meter >= 1 ? " — DETECTED" : ""}\n` +
        `memory: ${AWARENESS[awareness]}${seen >= 0 ? `, confidence ${memory.confidence[seen]!.toFixed(2)}` : ""}`;
    }

    slider(panel, "sweep speed", 0, 1.5, 0.05, sweep, (v) => (sweep = v));
    slider(panel, "modifier", -0.5, 0.5, 0.05, modifier, (v) => (modifier = v));
    select(panel, "heat map", ["on", "off"] as const, "on", (v) => (heat = v === "on"));
    const move = (e: MouseEvent): void => {
      const rect = canvas.getBoundingClientRect();
      player.x = ((e.clientX - rect.left) * W) / rect.width / CELL;
      player.y = ((e.clientY - rect.top) * H) / rect.height / CELL;
    };
    canvas.addEventListener("mousemove", move);
    render();
    const stop = fixedLoop(() => inspector.step(), render);
    return () => {
      stop();
      inspector.dispose();
      canvas.removeEventListener("mousemove", move);
    };
  },
};

export default page;
