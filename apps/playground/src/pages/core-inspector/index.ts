import { getSchedulerModuleStats } from "@tactica/core";
import type { DemoPage } from "../../demo";
import { createReferenceInspectorWorld, referenceReplayLog } from "../../inspector/reference-world-adapter";
import { mountInspector } from "../../inspector/inspector-panel";
import { lastInspectorTick, loadInspectorRecording, parseInspectorRecording, type InspectorRecorder } from "../../inspector/recorder";
import { button, demoLayout, el, fixedLoop, select, slider } from "../../ui";
import { ChoiceCode, createReferenceWorld, hashReferenceWorld, type ReferenceWorld, type ReferenceWorldInput } from "../../world/reference-world";

// The inspector of issue 17 over the reference world, on the playground's generic inspector core
// (src/inspector): a bounded recording (inputs, the decisions the world logs as events, a hash per
// tick, a keyframe every SNAPSHOT_EVERY ticks), a timeline with a lane per watched agent and module,
// and a scrubber that restores the nearest keyframe and replays to the chosen tick, checking every
// hash and event. Plain data throughout: the recording exports to JSON and imports back.

const W = 800;
const H = 680;
const STRIP_TOP = 600;
const STRIP_FRAMES = 120; // the scheduler strip: which task ran in each of the last 120 frames
const MAP_H = 400;
const SNAPSHOT_EVERY = 150;
const MAX_TICKS = 9000; // 5 minutes at 30 Hz; older ticks are dropped with their keyframes
const WATCHED = [0, 1, 2, 3, 50, 51, 120, 121];
const CHOICE_COLORS = ["#565f89", "#f7768e", "#e0af68", "#7aa2f7"];
const OPTION_COLORS = ["#9ece6a", "#bb9af7", "#7dcfff"];
const TASK_COLORS = ["#7dcfff", "#7aa2f7", "#f7768e", "#9ece6a", "#e0af68"];

const page: DemoPage = {
  id: "core-inspector",
  title: "Inspector: record, scrub and replay the reference world",
  package: "core",
  order: 21,
  description:
    "Records the reference world as it runs (its vision, influence maps and commanders scheduled under a budget in work units — the slider — with a strip of which task ran in each frame): every tick's inputs, decisions (behaviour tree, utility, GOAP) and state hash, plus a snapshot every 5 s. Drag the scrubber: the view restores the nearest snapshot and replays the recording to that tick, checking each hash and decision. The other AI pages have the same inspector behind their Inspect button. Click the map to rally a team (an input that goes into the log). Export the recording as JSON and import it again.",
  code: `import { saveSnapshot, restoreSnapshot, replayLog } from "@tactica/core";
// the playground's inspector (apps/playground/src/inspector) over an InspectorWorld adapter:
const rec = createInspectorRecorder(world, { snapshotEvery: 150, maxTicks: 9000 });
stepInspector(rec, inputs);                 // each tick: step, record events, hash, keyframes
const r = seekInspector(rec, 170);          // restore the keyframe at 150, replay 20 ticks, check each
// r: { ok, from, replayed, divergence: { tick, what, module, agent } | null }
replayLog(referenceReplayLog(rec.recording, seed), target); // the same recording as a core replay log`,
  mount(root) {
    const { canvas, panel, stats } = demoLayout(root, W, H);
    const ctx = canvas.getContext("2d")!;
    const adapter = createReferenceInspectorWorld(createReferenceWorld({ seed: 1 }));
    let live: ReferenceWorld = adapter.world;
    // The shared inspector, always on: its dock (a lane per agent × module, zoom, the decisions at
    // the cursor) and this page's own scrubber, map and scheduler strip show the same recording.
    const inspector = mountInspector(root, panel, adapter, { snapshotEvery: SNAPSHOT_EVERY, maxTicks: MAX_TICKS, detectEdits: false, open: true });
    const rec: InspectorRecorder = inspector.recorder!;
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
      if (inspector.scrubbing) return; // scrubbing pauses the live world
      live = adapter.world;
      const inputs = pendingInputs;
      pendingInputs = [];
      inspector.step(inputs);
      recordStrip();
      scrub.min = String(rec.recording.startTick);
      scrub.max = String(live.tick);
      scrub.value = String(live.tick);
    }

    /** Back to the live state saved when scrubbing began. */
    function followLive(): void {
      inspector.resume();
      live = adapter.world;
      status.dataset["ok"] = "";
      scrub.value = scrub.max;
    }

    /** Restores the nearest keyframe at or before `tick` and replays the recording to it, checking every hash and decision. */
    function seek(tick: number): void {
      const result = inspector.seek(tick);
      live = adapter.world; // a fresh world restored from the keyframe
      if (!result) return;
      const d = result.divergence;
      verified = result.ok
        ? `replayed ${result.replayed} ticks from the snapshot at ${result.from}: every hash matches`
        : `diverged at tick ${d!.tick} (${d!.what}${d!.module ? `, ${d!.module}, agent ${d!.agent}` : ""})`;
      const r = rec.recording;
      status.dataset["tick"] = String(adapter.tick);
      status.dataset["hash"] = hashReferenceWorld(adapter.world).toString(16);
      status.dataset["expected"] = (adapter.tick === r.startTick ? r.startHash : r.ticks[adapter.tick - r.startTick - 1]!.hash).toString(16);
      status.dataset["ok"] = String(result.ok);
    }

    scrub.addEventListener("input", () => {
      const t = Number(scrub.value);
      if (t >= Number(scrub.max)) followLive();
      else seek(t);
    });
    button(panel, "follow live", followLive);
    select(panel, "rally team (click the map)", ["blue", "red"] as const, rallyTeam, (v) => (rallyTeam = v));
    button(panel, "export JSON", () => {
      // The inspector recording, plus the same ticks as a core replay log (for replayLog users).
      exported.value = JSON.stringify({ seed: live.seed, log: referenceReplayLog(rec.recording, live.seed), recording: rec.recording });
      exported.dataset["ticks"] = String(rec.recording.ticks.length);
    });
    button(panel, "import JSON", () => {
      try {
        const data = JSON.parse(exported.value) as { recording?: unknown };
        const recording = parseInspectorRecording(JSON.stringify(data.recording ?? data));
        followLive();
        // Brings the world to the end of the imported recording by a replay that checks every hash.
        const result = loadInspectorRecording(rec, recording);
        live = adapter.world;
        verified = result.ok ? `imported ${recording.ticks.length} ticks, replay matches` : `import diverged at tick ${result.divergence!.tick}`;
        scrub.min = String(recording.startTick);
        scrub.max = String(lastInspectorTick(rec));
        scrub.value = scrub.max;
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
      const r = rec.recording;
      const top = MAP_H + 8;
      const lanes = WATCHED.length * 2 + 2;
      const laneH = (STRIP_TOP - top - 4) / lanes;
      const t0 = r.startTick,
        t1 = Math.max(t0 + 1, lastInspectorTick(rec));
      const xOf = (t: number): number => 60 + ((t - t0) / (t1 - t0)) * (W - 70);
      ctx.font = "9px monospace";
      for (let l = 0; l < lanes; l++) {
        ctx.fillStyle = l % 2 ? "#16161e" : "#1f2335";
        ctx.fillRect(0, top + l * laneH, W, laneH);
        ctx.fillStyle = "#a9b1d6";
        const label = l < 2 * WATCHED.length ? `${WATCHED[l >> 1]} ${l % 2 ? "util" : "bt"}` : `goap ${l === lanes - 2 ? "blue" : "red"}`;
        ctx.fillText(label, 2, top + l * laneH + laneH - 2);
      }
      const laneOf = new Map<string, number>(WATCHED.map((a, k) => [String(a), k]));
      for (const t of r.ticks) {
        for (const e of t.events) {
          const choice = (e.detail as { choice: number }).choice;
          const module = e.module === "bt" ? 0 : e.module === "utility" ? 1 : 2;
          let lane: number;
          if (module === 2) lane = 2 * WATCHED.length + Number(e.agent.slice(5));
          else {
            const w = laneOf.get(e.agent);
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
      live = adapter.world; // the dock may have scrubbed
      drawWorld(live);
      drawTimeline(live.tick);
      drawStrip();
      const r = rec.recording;
      stats.textContent =
        `${inspector.scrubbing ? `scrubbed to tick ${live.tick}` : `live, tick ${live.tick}`}; recording ${r.ticks.length} ticks (${r.startTick}…), ${r.keyframes.length} snapshots\n` +
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
      inspector.dispose();
      canvas.removeEventListener("click", onClick);
    };
  },
};

export default page;
