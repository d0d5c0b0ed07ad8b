import {
  createReplayRecorder,
  getSchedulerModuleStats,
  recordReplayDecision,
  recordReplayTick,
  replayLog,
  validateReplayLog,
  type ReplayLog,
  type ReplayRecorder,
} from "@tactica/core";
import type { DemoPage } from "../../demo";
import { button, demoLayout, el, fixedLoop, select, slider } from "../../ui";
import {
  ChoiceCode,
  REFERENCE_WORLD_MODULES,
  createReferenceWorld,
  hashReferenceWorld,
  referenceWorldReplayTarget,
  restoreReferenceWorld,
  saveReferenceWorld,
  stepReferenceWorld,
  type ReferenceWorld,
  type ReferenceWorldInput,
  type ReferenceWorldSnapshot,
} from "../../world/reference-world";

// The inspector of issue 17 over the reference world: a bounded recording (the replay log plus a
// snapshot every SNAPSHOT_EVERY ticks), a timeline with a lane per watched agent and module, and a
// scrubber that restores the nearest snapshot and replays the log to the chosen tick. Plain data
// throughout: the recording exports to JSON and imports back.

const W = 800;
const H = 680;
const STRIP_TOP = 600;
const STRIP_FRAMES = 120; // the scheduler strip: which task ran in each of the last 120 frames
const MAP_H = 400;
const SNAPSHOT_EVERY = 150;
const MAX_TICKS = 9000; // 5 minutes at 30 Hz; older ticks are dropped with their snapshots
const WATCHED = [0, 1, 2, 3, 50, 51, 120, 121];
const CHOICE_COLORS = ["#565f89", "#f7768e", "#e0af68", "#7aa2f7"];
const OPTION_COLORS = ["#9ece6a", "#bb9af7", "#7dcfff"];
const TASK_COLORS = ["#7dcfff", "#7aa2f7", "#f7768e", "#9ece6a", "#e0af68"];

interface Recording {
  seed: number;
  recorder: ReplayRecorder;
  /** Snapshots by tick (the first is the start). */
  snapshots: Map<number, ReferenceWorldSnapshot>;
}

function newRecording(world: ReferenceWorld): Recording {
  const recorder = createReplayRecorder({ seed: world.seed, startTick: world.tick, modules: REFERENCE_WORLD_MODULES });
  return { seed: world.seed, recorder, snapshots: new Map([[world.tick, saveReferenceWorld(world)]]) };
}

/** Drops the oldest ticks (and the snapshots before the new start) beyond MAX_TICKS. */
function bound(rec: Recording): void {
  const ticks = rec.recorder.log.ticks;
  if (ticks.length <= MAX_TICKS + SNAPSHOT_EVERY) return;
  // Keep from a snapshot tick so the log still starts at a snapshot.
  const keepFrom = [...rec.snapshots.keys()].filter((t) => t >= ticks[ticks.length - 1]!.tick - MAX_TICKS).sort((a, b) => a - b)[0]!;
  const drop = ticks.findIndex((t) => t.tick === keepFrom + 1);
  if (drop <= 0) return;
  ticks.splice(0, drop);
  (rec.recorder.log as { startTick: number }).startTick = keepFrom;
  for (const t of [...rec.snapshots.keys()]) if (t < keepFrom) rec.snapshots.delete(t);
}

const page: DemoPage = {
  id: "core-inspector",
  title: "Inspector: record, scrub and replay the reference world",
  package: "core",
  order: 21,
  description:
    "Records the reference world as it runs (its vision, influence maps and commanders scheduled under a budget in work units — the slider — with a strip of which task ran in each frame): every tick's inputs, decisions (behaviour tree, utility, GOAP) and state hash, plus a snapshot every 5 s. Drag the scrubber: the view restores the nearest snapshot and replays the log to that tick, checking each hash. Click the map to rally a team (an input that goes into the log). Export the recording as JSON and import it again.",
  code: `import { createReplayRecorder, recordReplayDecision, recordReplayTick, replayLog } from "@tactica/core";

const rec = createReplayRecorder({ seed: 1, startTick: 0, modules: ["bt", "utility", "goap"] });
// each tick: step the world, then
recordReplayDecision(rec, agent, module, choice);   // for every decision the world logged
recordReplayTick(rec, tick, stateHash, inputs);
// later, on a world restored from the start snapshot:
const result = replayLog(rec.log, target);          // { ok, ticks, divergence: { tick, module, agent } | null }`,
  mount(root) {
    const { canvas, panel, stats } = demoLayout(root, W, H);
    const ctx = canvas.getContext("2d")!;
    let live = createReferenceWorld({ seed: 1 });
    let rec = newRecording(live);
    let view: ReferenceWorld | null = null; // the scrubbed world, or null when following live
    let viewTick = 0;
    let verified = "";
    let pendingInputs: ReferenceWorldInput[] = [];
    let rallyTeam: "blue" | "red" = "blue";
    const scrub = el("input");
    scrub.type = "range";
    scrub.min = "0";
    scrub.max = "0";
    scrub.value = "0";
    scrub.className = "scrubber";
    const scrubRow = el("label", "control");
    scrubRow.append(el("span", "", "tick"), scrub);
    panel.insertBefore(scrubRow, stats);
    const status = el("output", "inspector-status");
    panel.insertBefore(status, stats);
    // Budget slider: a "budget" input (recorded in the log, so replays repeat it at its tick).
    let budget = live.scheduler.frameBudget;
    slider(panel, "budget (units per frame)", 1, 300, 1, 300, (v) => {
      budget = v;
      if (v !== live.scheduler.frameBudget) pendingInputs.push({ kind: "budget", units: v });
    });
    // The scheduler strip's data: units per task per frame, a ring of STRIP_FRAMES frames.
    const strip = new Float64Array(STRIP_FRAMES * live.tasks.labels.length);
    let stripHead = 0;
    let stripCount = 0;
    const stripOut = el("output", "scheduler-strip");
    panel.insertBefore(stripOut, stats);
    function recordStrip(): void {
      const { handles } = live.tasks;
      const base = stripHead * handles.length;
      const ran: string[] = [];
      for (let k = 0; k < handles.length; k++) {
        const u = live.scheduler.frameUnits[handles[k]! % 65536]!;
        strip[base + k] = u;
        if (u > 0) ran.push(live.tasks.labels[k]!);
      }
      stripHead = (stripHead + 1) % STRIP_FRAMES;
      stripCount = Math.min(STRIP_FRAMES, stripCount + 1);
      stripOut.dataset["budget"] = String(live.scheduler.frameBudget);
      stripOut.dataset["units"] = String(live.scheduler.lastUnits);
      stripOut.dataset["ran"] = ran.join(",");
      const log = (stripOut.dataset["log"] ?? "").split(";").filter((x) => x !== "");
      log.push(`${live.tick}:${live.scheduler.frameBudget}:${live.scheduler.lastUnits}:${ran.join(",")}`);
      stripOut.dataset["log"] = log.slice(-STRIP_FRAMES).join(";");
    }
    const exported = el("textarea", "inspector-json");
    exported.rows = 4;
    exported.placeholder = "Exported recording (JSON); paste one here and press import.";

    function step(): void {
      if (view) return; // scrubbing pauses the live world
      const inputs = pendingInputs;
      pendingInputs = [];
      stepReferenceWorld(live, inputs);
      const d = live.decisions;
      for (let k = 0; k < d.length; k += 3) recordReplayDecision(rec.recorder, d[k]!, d[k + 1]!, d[k + 2]!);
      recordReplayTick(rec.recorder, live.tick, hashReferenceWorld(live), inputs);
      recordStrip();
      if (live.tick % SNAPSHOT_EVERY === 0) rec.snapshots.set(live.tick, saveReferenceWorld(live));
      bound(rec);
      scrub.min = String(rec.recorder.log.startTick);
      scrub.max = String(live.tick);
      scrub.value = String(live.tick);
    }

    /** Restores the nearest snapshot at or before `tick` and replays the log to it, checking every hash. */
    function seek(tick: number): void {
      const log = rec.recorder.log;
      const start = Math.max(...[...rec.snapshots.keys()].filter((t) => t <= tick));
      const world = createReferenceWorld({ seed: rec.seed });
      restoreReferenceWorld(world, rec.snapshots.get(start)!);
      const part: ReplayLog = { ...log, startTick: start, ticks: log.ticks.filter((t) => t.tick > start && t.tick <= tick) };
      const result = replayLog(part, referenceWorldReplayTarget(world));
      view = world;
      viewTick = world.tick;
      verified = result.ok
        ? `replayed ${result.ticks} ticks from the snapshot at ${start}: every hash matches`
        : `diverged at tick ${result.divergence!.tick} (${result.divergence!.module ?? "state"}, agent ${result.divergence!.agent})`;
      status.dataset["tick"] = String(viewTick);
      status.dataset["hash"] = hashReferenceWorld(world).toString(16);
      status.dataset["expected"] = (log.ticks.find((t) => t.tick === viewTick)?.hash ?? hashReferenceWorld(world)).toString(16);
      status.dataset["ok"] = String(result.ok);
    }

    scrub.addEventListener("input", () => {
      const t = Number(scrub.value);
      if (t >= Number(scrub.max)) {
        view = null;
        status.dataset["ok"] = "";
        return;
      }
      seek(t);
    });
    button(panel, "follow live", () => {
      view = null;
      scrub.value = scrub.max;
    });
    select(panel, "rally team (click the map)", ["blue", "red"] as const, rallyTeam, (v) => (rallyTeam = v));
    button(panel, "export JSON", () => {
      exported.value = JSON.stringify({ seed: rec.seed, log: rec.recorder.log, snapshots: [...rec.snapshots.entries()] });
      exported.dataset["ticks"] = String(rec.recorder.log.ticks.length);
    });
    button(panel, "import JSON", () => {
      try {
        const data = JSON.parse(exported.value) as { seed: number; log: unknown; snapshots: [number, ReferenceWorldSnapshot][] };
        const log = validateReplayLog(data.log);
        const world = createReferenceWorld({ seed: data.seed });
        const recorder = createReplayRecorder({ seed: data.seed, startTick: log.startTick, modules: log.modules });
        recorder.log.ticks.push(...log.ticks);
        rec = { seed: data.seed, recorder, snapshots: new Map(data.snapshots) };
        restoreReferenceWorld(world, rec.snapshots.get(log.startTick)!);
        live = world;
        // Bring the live world to the end of the imported log (a replay that checks every hash).
        const result = replayLog(log, referenceWorldReplayTarget(live));
        verified = result.ok ? `imported ${log.ticks.length} ticks, replay matches` : `import diverged at tick ${result.divergence!.tick}`;
        scrub.min = String(log.startTick);
        scrub.max = String(live.tick);
        scrub.value = scrub.max;
        view = null;
      } catch (e) {
        verified = `import failed: ${(e as Error).message}`;
      }
    });
    panel.insertBefore(exported, stats);

    const onClick = (e: MouseEvent): void => {
      const r = canvas.getBoundingClientRect();
      const x = ((e.clientX - r.left) / r.width) * W,
        y = ((e.clientY - r.top) / r.height) * H;
      if (y > MAP_H) return;
      const scale = Math.min(W / live.width, MAP_H / live.height);
      pendingInputs.push({ kind: "rally", team: rallyTeam === "blue" ? 0 : 1, x: x / scale, y: y / scale });
    };
    canvas.addEventListener("click", onClick);

    function drawWorld(world: ReferenceWorld): void {
      const scale = Math.min(W / world.width, MAP_H / world.height);
      ctx.fillStyle = "#1a1b26";
      ctx.fillRect(0, 0, W, H);
      ctx.fillStyle = "#414868";
      for (let y = 0; y < world.height; y++)
        for (let x = 0; x < world.width; x++) if (world.grid.passable[y * world.width + x] === 0) ctx.fillRect(x * scale, y * scale, scale, scale);
      for (let i = 0; i < world.count; i++) {
        ctx.fillStyle = world.team[i] === 0 ? "#7aa2f7" : "#f7768e";
        const watched = WATCHED.includes(i);
        ctx.beginPath();
        ctx.arc(world.crowd.posX[i]! * scale, world.crowd.posY[i]! * scale, watched ? 5 : 2.5, 0, 2 * Math.PI);
        ctx.fill();
        if (watched) {
          ctx.fillStyle = "#c0caf5";
          ctx.font = "10px monospace";
          ctx.fillText(String(i), world.crowd.posX[i]! * scale + 6, world.crowd.posY[i]! * scale - 4);
        }
      }
    }

    /** The timeline: one lane per watched agent for the tree and for utility, plus one per team for GOAP. */
    function drawTimeline(cursor: number): void {
      const log = rec.recorder.log;
      const top = MAP_H + 8;
      const lanes = WATCHED.length * 2 + 2;
      const laneH = (STRIP_TOP - top - 4) / lanes;
      const t0 = log.startTick,
        t1 = Math.max(t0 + 1, log.ticks.length ? log.ticks[log.ticks.length - 1]!.tick : t0 + 1);
      const xOf = (t: number): number => 60 + ((t - t0) / (t1 - t0)) * (W - 70);
      ctx.font = "9px monospace";
      for (let l = 0; l < lanes; l++) {
        ctx.fillStyle = l % 2 ? "#16161e" : "#1f2335";
        ctx.fillRect(0, top + l * laneH, W, laneH);
        ctx.fillStyle = "#a9b1d6";
        const label = l < 2 * WATCHED.length ? `${WATCHED[l >> 1]} ${l % 2 ? "util" : "bt"}` : `goap ${l === lanes - 2 ? "blue" : "red"}`;
        ctx.fillText(label, 2, top + l * laneH + laneH - 2);
      }
      const laneOf = new Map<number, number>(WATCHED.map((a, k) => [a, k]));
      for (const t of log.ticks) {
        const d = t.decisions;
        for (let k = 0; k < d.length; k += 3) {
          const agent = d[k]!,
            module = d[k + 1]!,
            choice = d[k + 2]!;
          let lane: number;
          if (module === 2) lane = 2 * WATCHED.length + (-1 - agent);
          else {
            const w = laneOf.get(agent);
            if (w === undefined) continue;
            lane = 2 * w + module;
          }
          ctx.fillStyle = module === 1 ? (OPTION_COLORS[choice] ?? "#fff") : module === 0 ? (CHOICE_COLORS[choice] ?? "#fff") : "#e0af68";
          ctx.fillRect(xOf(t.tick), top + lane * laneH + 1, 2, laneH - 2);
        }
      }
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(xOf(cursor) - 1, top, 2, STRIP_TOP - top);
    }

    /** The scheduler strip: a lane per task, a column per frame, brightness = units the task used that frame. */
    function drawStrip(): void {
      const labels = live.tasks.labels;
      const laneH = (H - STRIP_TOP - 4) / labels.length;
      const colW = (W - 70) / STRIP_FRAMES;
      ctx.font = "9px monospace";
      for (let l = 0; l < labels.length; l++) {
        const y = STRIP_TOP + 2 + l * laneH;
        ctx.fillStyle = l % 2 ? "#16161e" : "#1f2335";
        ctx.fillRect(0, y, W, laneH);
        ctx.fillStyle = "#a9b1d6";
        ctx.fillText(labels[l]!, 2, y + laneH - 2);
        ctx.fillStyle = TASK_COLORS[l] ?? "#fff";
        for (let f = 0; f < stripCount; f++) {
          const u = strip[((stripHead - stripCount + f + STRIP_FRAMES) % STRIP_FRAMES) * labels.length + l]!;
          if (u <= 0) continue;
          ctx.globalAlpha = Math.min(1, 0.35 + u / Math.max(1, budget));
          ctx.fillRect(60 + f * colW, y + 1, Math.max(1, colW - 1), laneH - 2);
        }
        ctx.globalAlpha = 1;
      }
    }

    function render(): void {
      const world = view ?? live;
      drawWorld(world);
      drawTimeline(view ? viewTick : live.tick);
      drawStrip();
      const log = rec.recorder.log;
      stats.textContent =
        `${view ? `scrubbed to tick ${viewTick}` : `live, tick ${live.tick}`}; recording ${log.ticks.length} ticks (${log.startTick}…), ${rec.snapshots.size} snapshots\n` +
        `${verified}\n` +
        `lanes: bt ${Object.keys(ChoiceCode).join("/")}, utility advance/regroup/patrol, goap orders\n` +
        `scheduler: budget ${live.scheduler.frameBudget} units, last frame ${live.scheduler.lastUnits} units in ${live.scheduler.lastSlices} slices, ${live.scheduler.lastWaiting} waiting; ` +
        getSchedulerModuleStats(live.scheduler)
          .map((m) => `${m.module} ${m.units}`)
          .join(", ");
      status.textContent = verified;
    }

    render();
    const stop = fixedLoop(step, render, live.dt);
    return () => {
      stop();
      canvas.removeEventListener("click", onClick);
    };
  },
};

export default page;
