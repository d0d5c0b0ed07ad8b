import { getSchedulerModuleStats } from "@tactica/core";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, select, slider, urlParam } from "../../ui";
import { createReferenceWorld, hashReferenceWorld, stepReferenceWorld, type ReferenceWorld } from "../../world/reference-world";

const W = 800;
const H = 600;
type Layer = "none" | "team 0 influence" | "team 1 influence";

/** Runs `ticks` steps in chunks between frames (the page stays responsive), then resolves the final hash. */
function runHeadless(world: ReferenceWorld, ticks: number, onProgress: (done: number) => void, trace?: number[], every = 0): Promise<number> {
  return new Promise((resolve) => {
    const chunk = (): void => {
      const end = Math.min(ticks, world.tick + 250);
      while (world.tick < end) {
        stepReferenceWorld(world);
        if (trace && every > 0 && world.tick % every === 0) trace.push(hashReferenceWorld(world));
      }
      onProgress(world.tick);
      if (world.tick < ticks) setTimeout(chunk, 0);
      else resolve(hashReferenceWorld(world));
    };
    chunk();
  });
}

const page: DemoPage = {
  id: "core-reference-world",
  title: "Reference world: every package, one hash per tick",
  package: "core",
  order: 20,
  guide: "guide/workers",
  description:
    "200 agents in two teams: navmesh paths, ORCA, a behaviour tree each with utility-scored goals, sliced vision, an influence map per team, a GOAP commander per team (vision, influence and GOAP scheduled as sliced tasks under one work-unit budget) and the AI director. The world is deterministic: its state hash after N ticks is the same in Node and in this browser (add ?ticks=10000 to the URL to compute it here).",
  code: `import { createReferenceWorld, stepReferenceWorld, hashReferenceWorld } from "./world/reference-world"; // apps/playground/src/world

const world = createReferenceWorld({ seed: 1, agents: 200 });
for (let t = 0; t < 10_000; t++) stepReferenceWorld(world); // fixed step 1/30 s
hashReferenceWorld(world).toString(16); // the same in Node and Chromium`,
  mount(root) {
    const { canvas, panel, stats } = demoLayout(root, W, H);
    let seed = Number(urlParam("seed") ?? 1);
    let world = createReferenceWorld({ seed });
    let layer: Layer = "team 0 influence";
    let stepMs = 0;
    let hashMs = 0;
    let hash = hashReferenceWorld(world);
    const scale = Math.min(W / world.width, H / world.height);
    const result = document.createElement("output");
    result.className = "world-hash";
    panel.insertBefore(result, stats);

    function rebuild(): void {
      world = createReferenceWorld({ seed });
      hash = hashReferenceWorld(world);
    }

    function step(): void {
      const t0 = performance.now();
      stepReferenceWorld(world);
      const t1 = performance.now();
      hash = hashReferenceWorld(world);
      stepMs = t1 - t0;
      hashMs = performance.now() - t1;
    }

    function render(): void {
      const ctx = canvas.getContext("2d")!;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = "#1a1b26";
      ctx.fillRect(0, 0, W, H);
      const map = layer === "none" ? null : world.influence[layer === "team 0 influence" ? 0 : 1];
      for (let y = 0; y < world.height; y++) {
        for (let x = 0; x < world.width; x++) {
          const i = y * world.width + x;
          if (world.grid.passable[i] === 0) ctx.fillStyle = "#414868";
          else if (map) {
            const v = Math.min(1, map.values[i]!);
            if (v <= 0.02) continue;
            ctx.fillStyle = layer === "team 0 influence" ? `rgba(122,162,247,${(0.6 * v).toFixed(3)})` : `rgba(247,118,142,${(0.6 * v).toFixed(3)})`;
          } else continue;
          ctx.fillRect(x * scale, y * scale, scale, scale);
        }
      }
      for (let i = 0; i < world.count; i++) {
        const x = world.crowd.posX[i]! * scale,
          y = world.crowd.posY[i]! * scale;
        ctx.fillStyle = world.team[i] === 0 ? "#7aa2f7" : "#f7768e";
        ctx.beginPath();
        ctx.arc(x, y, Math.max(2, 0.35 * scale), 0, 2 * Math.PI);
        ctx.fill();
        if (world.threat[i]! >= 0 && world.threatAge[i]! < 0.5) {
          const t = world.threat[i]!;
          ctx.strokeStyle = "rgba(224,175,104,0.35)";
          ctx.beginPath();
          ctx.moveTo(x, y);
          ctx.lineTo(world.crowd.posX[t]! * scale, world.crowd.posY[t]! * scale);
          ctx.stroke();
        }
      }
      const orders = ["hold", "advance", "regroup"];
      stats.textContent =
        `tick ${world.tick} (seed ${seed}), hash ${hash.toString(16).padStart(8, "0")}\n` +
        `step ${stepMs.toFixed(2)} ms, hash ${hashMs.toFixed(2)} ms\n` +
        `vision checks ${world.counters.visionChecks}, paths ${world.counters.pathsPlanned}\n` +
        `orders: blue ${orders[world.order[0]!]}, red ${orders[world.order[1]!]}; director ${world.director.phase} (${world.director.intensity.toFixed(2)})\n` +
        `scheduler (work units, total): ${getSchedulerModuleStats(world.scheduler)
          .map((m) => `${m.module} ${m.units}`)
          .join(", ")}; last tick ${world.scheduler.lastUnits} units`;
    }

    select(panel, "layer", ["none", "team 0 influence", "team 1 influence"] as const, layer, (v) => {
      layer = v;
    });
    slider(panel, "seed", 1, 20, 1, seed, (v) => {
      if (v !== seed) {
        seed = v;
        rebuild();
      }
    });
    button(panel, "restart", rebuild);
    let stop = (): void => {};
    const ticks = Number(urlParam("ticks") ?? 0);
    if (Number.isInteger(ticks) && ticks > 0) {
      // Headless run for the cross-engine test: N ticks, then the hash in the <output>.
      result.textContent = "running…";
      const every = Number(urlParam("trace") ?? 0);
      const trace: number[] = [];
      void runHeadless(world, ticks, (done) => (result.textContent = `running… ${done} / ${ticks}`), trace, every).then((h) => {
        hash = h;
        if (every > 0) result.dataset["trace"] = trace.map((x) => x.toString(16)).join(",");
        result.textContent = `hash after ${ticks} ticks: ${h.toString(16).padStart(8, "0")}`;
        result.dataset["hash"] = h.toString(16).padStart(8, "0");
        render();
      });
      render();
    } else {
      render();
      stop = fixedLoop(step, render, world.dt);
    }
    return () => stop();
  },
};

export default page;
