import { el } from "../ui";
import { formatInspectorDetail } from "./detail-format";
import type { InspectorWorld } from "./inspector-world";
import {
  createInspectorRecorder,
  exportInspectorRecording,
  lastInspectorTick,
  loadInspectorRecording,
  parseInspectorRecording,
  resetInspectorRecorder,
  seekInspector,
  stepInspector,
  type InspectorRecorder,
  type InspectorRecorderOptions,
  type InspectorRecording,
  type InspectorSeekResult,
} from "./recorder";

/** What a page gets back from {@link mountInspector}. */
export interface InspectorPanel {
  /** Steps the world by one tick: recorded while inspecting, skipped while scrubbed back, plain `world.step` otherwise. */
  step(inputs?: readonly unknown[]): void;
  /** The recorder while inspecting, else null. */
  readonly recorder: InspectorRecorder | null;
  /** True while the view is scrubbed back (the page's world shows a past tick and does not step). */
  readonly scrubbing: boolean;
  /** Scrubs to `tick` (the end of the recording: back to live); returns the replay's result, or null when live or not inspecting. */
  seek(tick: number): InspectorSeekResult | null;
  /** Back to the live state (the state the page had when scrubbing began). */
  resume(): void;
  /** Starts the recording over at the current tick (call after the page rebuilt its world). */
  reset(): void;
  /** Removes the panel and its listeners. */
  dispose(): void;
}

const LABEL_W = 130;
const LANE_H = 14;
const AXIS_H = 14;
const PALETTE = ["#7aa2f7", "#9ece6a", "#e0af68", "#f7768e", "#bb9af7", "#7dcfff", "#ff9e64", "#73daca", "#c0caf5", "#db4b4b"];

function colorOf(label: string): string {
  let h = 0;
  for (let i = 0; i < label.length; i++) h = (h * 31 + label.charCodeAt(i)) | 0;
  return PALETTE[Math.abs(h) % PALETTE.length]!;
}

const hex = (h: number): string => (h >>> 0).toString(16).padStart(8, "0");

/**
 * Mounts the shared inspector on a page: an "Inspect" toggle in the page's control panel and, while
 * it is on, a dock under the demo with the bounded recording of `world`: a timeline with a lane per
 * agent × module (wheel zooms, drag scrolls, click or the scrubber seeks), the detail view of the
 * events at the cursor (every entry, no node limit), export and import. Seeking restores the
 * nearest keyframe and replays to the tick, checking every hash and event; a divergence is shown.
 * The page steps through the returned `step`; with the toggle off it is `world.step`.
 */
export function mountInspector(
  root: HTMLElement,
  panel: HTMLElement,
  world: InspectorWorld,
  options: InspectorRecorderOptions & {
    /** Record from the start, without the toggle (a page that is an inspector). */
    readonly open?: boolean;
  } = {},
): InspectorPanel {
  let rec: InspectorRecorder | null = null;
  let scrubbing = false;
  let liveSnapshot: ReturnType<InspectorWorld["save"]> | null = null;
  let cursor = -1; // the tick shown in the detail view (-1: follow the end)
  let message = "";
  let last: InspectorSeekResult | null = null;
  // The timeline view: `span` ticks wide, ending at `viewEnd` (follows the end while `follow`).
  let span = 600;
  let viewEnd = 0;
  let follow = true;
  let raf = 0;

  const toggle = el("button", "inspect-toggle", "Inspect");
  toggle.title = "Record this page's AI through the packages' trace hooks: timeline, scrubbing, export";
  if (!options.open) panel.insertBefore(toggle, panel.querySelector(".stats"));

  const dock = el("div", "inspector-dock");
  const bar = el("div", "inspector-bar");
  const resume = el("button", "", "resume live");
  const exportBtn = el("button", "", "export recording");
  const importBtn = el("button", "", "import recording");
  const state = el("output", "inspector-state");
  bar.append(resume, exportBtn, importBtn, state);
  const scrub = el("input", "inspector-scrub");
  scrub.type = "range";
  scrub.min = "0";
  scrub.max = "0";
  const body = el("div", "inspector-body");
  const lanesBox = el("div", "inspector-lanes");
  const canvas = el("canvas", "inspector-timeline");
  lanesBox.append(canvas);
  const detail = el("div", "inspector-detail");
  body.append(lanesBox, detail);
  const io = el("textarea", "inspector-io");
  io.rows = 2;
  io.placeholder = "Exported recording (JSON); paste one here and press import recording.";
  dock.append(bar, scrub, body, io);

  // Lanes (agent · module) in order of first appearance; rescanned when the recording changes.
  let lanes = new Map<string, number>();
  let scanned: InspectorRecording | null = null;
  let scannedTicks = 0;
  let scannedStart = -1;
  function scanLanes(): void {
    const r = rec!.recording;
    if (scanned !== r || scannedStart !== r.startTick || scannedTicks > r.ticks.length) {
      lanes = new Map();
      scannedTicks = 0;
      scanned = r;
      scannedStart = r.startTick;
    }
    for (let i = scannedTicks; i < r.ticks.length; i++)
      for (const e of r.ticks[i]!.events) {
        const key = `${e.agent} · ${e.module}`;
        if (!lanes.has(key)) lanes.set(key, lanes.size);
      }
    scannedTicks = r.ticks.length;
  }

  function seek(tick: number): InspectorSeekResult | null {
    if (!rec) return null;
    const end = lastInspectorTick(rec);
    if (tick >= end && !scrubbing) return null; // already live
    detailTick = -2; // redraw the detail view (the world's state is new)
    if (!scrubbing) liveSnapshot = world.save();
    try {
      if (tick >= end) {
        // Back to live: the state the page had when scrubbing began.
        world.restore(liveSnapshot!);
        scrubbing = false;
        cursor = -1;
        last = null;
        message = "live";
        return null;
      }
      scrubbing = true;
      cursor = tick;
      last = seekInspector(rec, tick);
      const d = last.divergence;
      message = last.ok
        ? `restored the keyframe at ${last.from}, replayed ${last.replayed} ticks: every hash and event matches`
        : `diverged at tick ${d!.tick} (${d!.what}${d!.module ? `, ${d!.agent} · ${d!.module}` : ""}): expected ${d!.expected}, got ${d!.actual}`;
    } catch (e) {
      message = `seek failed: ${(e as Error).message}`;
      last = null;
    }
    return last;
  }

  function draw(): void {
    if (!rec) return;
    const r = rec.recording;
    const end = lastInspectorTick(rec);
    scanLanes();
    scrub.min = String(r.startTick);
    scrub.max = String(end);
    if (!scrubbing) scrub.value = scrub.max;
    if (follow) viewEnd = end;
    const width = Math.max(320, lanesBox.clientWidth || 600);
    const height = AXIS_H + Math.max(1, lanes.size) * LANE_H;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#0f1420";
    ctx.fillRect(0, 0, width, height);
    const t0 = viewEnd - span;
    const plotW = width - LABEL_W;
    const xOf = (t: number): number => LABEL_W + ((t - t0) / span) * plotW;
    const w = Math.max(1, plotW / span - 0.5);
    ctx.font = "10px ui-monospace, monospace";
    for (const [key, l] of lanes) {
      const y = AXIS_H + l * LANE_H;
      ctx.fillStyle = l % 2 ? "#16161e" : "#1f2335";
      ctx.fillRect(0, y, width, LANE_H);
      ctx.fillStyle = "#a9b1d6";
      ctx.fillText(key.length > 20 ? `${key.slice(0, 19)}…` : key, 2, y + LANE_H - 3);
    }
    const first = Math.max(0, Math.floor(t0) - r.startTick - 1);
    for (let i = first; i < r.ticks.length; i++) {
      const t = r.ticks[i]!;
      if (t.tick < t0) continue;
      const x = xOf(t.tick);
      if (t.edited) {
        ctx.fillStyle = "#ff9e64";
        ctx.fillRect(x, 0, Math.max(1, w), AXIS_H - 4);
      }
      for (const e of t.events) {
        const l = lanes.get(`${e.agent} · ${e.module}`)!;
        ctx.fillStyle = colorOf(e.label);
        ctx.fillRect(x, AXIS_H + l * LANE_H + 2, w, LANE_H - 4);
      }
    }
    // Keyframes on the axis, then the cursor.
    ctx.fillStyle = "#565f89";
    for (const k of r.keyframes) if (k.tick >= t0) ctx.fillRect(xOf(k.tick), AXIS_H - 4, 2, 4);
    ctx.fillStyle = "#a9b1d6";
    ctx.fillText(`${Math.max(r.startTick, Math.round(t0))} … ${Math.round(viewEnd)}  (${span} ticks; wheel zooms, drag scrolls, click seeks)`, LABEL_W, 9);
    const at = cursor >= 0 ? cursor : end;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(xOf(at) - 1, AXIS_H, 2, height - AXIS_H);
    drawDetail(at);
    state.textContent = `${scrubbing ? `scrubbed to tick ${world.tick}` : `recording, tick ${end}`}: ${r.ticks.length} ticks (${r.startTick}…), ${r.keyframes.length} keyframes, ${lanes.size} lanes. ${message}`;
    state.dataset["ticks"] = String(r.ticks.length);
    state.dataset["start"] = String(r.startTick);
    state.dataset["end"] = String(end);
    state.dataset["tick"] = String(world.tick);
    state.dataset["lanes"] = [...lanes.keys()].join("|");
    state.dataset["modules"] = [...new Set([...lanes.keys()].map((k) => k.split(" · ")[1]))].join(",");
    state.dataset["scrubbing"] = String(scrubbing);
    state.dataset["span"] = String(span);
    state.dataset["follow"] = String(follow);
    state.dataset["ok"] = last ? String(last.ok) : "";
    state.dataset["divergence"] = last?.divergence ? `${last.divergence.tick}:${last.divergence.what}` : "";
  }

  let detailTick = -2;
  let detailRec: InspectorRecording | null = null;
  function drawDetail(tick: number): void {
    const r = rec!.recording;
    if (tick === detailTick && detailRec === r) return;
    detailTick = tick;
    detailRec = r;
    const t = r.ticks[tick - r.startTick - 1];
    const parts: HTMLElement[] = [
      el(
        "div",
        "inspector-detail-head",
        `tick ${tick}${t ? `, hash ${hex(t.hash)}` : ""}${t && t.inputs.length ? `, inputs ${JSON.stringify(t.inputs)}` : ""}`,
      ),
    ];
    if (scrubbing) {
      parts[0]!.dataset["hash"] = hex(world.hash());
      parts[0]!.dataset["expected"] = t ? hex(t.hash) : tick === r.startTick ? hex(r.startHash) : "";
    }
    // A tick without events shows the latest events before it (modules often report at a few Hz).
    let shown = t;
    for (let i = tick - r.startTick - 1; (shown?.events.length ?? 0) === 0 && i > 0;) shown = r.ticks[--i];
    if (shown && shown !== t && shown.events.length > 0)
      parts.push(el("div", "inspector-detail-note", `no events at tick ${tick}; the last ones, at tick ${shown.tick}:`));
    for (const e of shown?.events ?? []) {
      const box = el("div", "inspector-event");
      box.dataset["module"] = e.module;
      box.dataset["agent"] = e.agent;
      box.append(el("div", "inspector-event-head", `${e.agent} · ${e.module}: ${e.label}`));
      const lines = formatInspectorDetail(e.detail);
      if (lines.length > 0) {
        const pre = el("pre", "inspector-event-detail", lines.join("\n"));
        pre.dataset["lines"] = String(lines.length);
        box.append(pre);
      }
      parts.push(box);
    }
    detail.replaceChildren(...parts);
  }

  function loop(): void {
    draw();
    raf = requestAnimationFrame(loop);
  }

  function start(): void {
    rec = createInspectorRecorder(world, options);
    toggle.classList.add("active");
    root.append(dock);
    message = "recording";
    raf = requestAnimationFrame(loop);
  }

  function stop(): void {
    if (scrubbing && liveSnapshot) world.restore(liveSnapshot);
    scrubbing = false;
    cursor = -1;
    world.trace(null);
    rec = null;
    cancelAnimationFrame(raf);
    dock.remove();
    toggle.classList.remove("active");
  }

  toggle.addEventListener("click", () => (rec ? stop() : start()));
  scrub.addEventListener("input", () => {
    seek(Number(scrub.value));
    draw();
  });
  resume.addEventListener("click", () => {
    if (rec) seek(lastInspectorTick(rec));
    follow = true;
    draw();
  });
  exportBtn.addEventListener("click", () => {
    if (!rec) return;
    io.value = exportInspectorRecording(rec);
    io.dataset["ticks"] = String(rec.recording.ticks.length);
    message = `exported ${rec.recording.ticks.length} ticks (${io.value.length} bytes)`;
    draw();
  });
  importBtn.addEventListener("click", () => {
    if (!rec) return;
    try {
      const recording = parseInspectorRecording(io.value);
      if (scrubbing && liveSnapshot) world.restore(liveSnapshot);
      scrubbing = false;
      cursor = -1;
      const result = loadInspectorRecording(rec, recording);
      last = result;
      message = result.ok
        ? `imported ${recording.ticks.length} ticks, replay matches`
        : `imported, but the replay diverged at tick ${result.divergence!.tick} (${result.divergence!.what})`;
      state.dataset["imported"] = String(result.ok);
    } catch (e) {
      message = `import failed: ${(e as Error).message}`;
      state.dataset["imported"] = "error";
    }
    draw();
  });

  // Wheel zooms about the pointer, drag scrolls, a click without drag seeks.
  let drag: { x: number; end: number; moved: boolean } | null = null;
  const tickAt = (clientX: number): number => {
    const b = canvas.getBoundingClientRect();
    const x = ((clientX - b.left) / b.width) * canvas.width;
    return Math.round(viewEnd - span + ((x - LABEL_W) / (canvas.width - LABEL_W)) * span);
  };
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    const at = tickAt(e.clientX);
    const next = Math.min(100_000, Math.max(20, Math.round(span * (e.deltaY > 0 ? 1.25 : 0.8))));
    viewEnd = at + ((viewEnd - at) * next) / span;
    span = next;
    follow = false;
  });
  canvas.addEventListener("mousedown", (e) => {
    drag = { x: e.clientX, end: viewEnd, moved: false };
  });
  const onMove = (e: MouseEvent): void => {
    if (!drag) return;
    const b = canvas.getBoundingClientRect();
    const dx = ((e.clientX - drag.x) / b.width) * canvas.width;
    if (Math.abs(dx) > 3) drag.moved = true;
    if (drag.moved) {
      viewEnd = drag.end - (dx / (canvas.width - LABEL_W)) * span;
      follow = false;
    }
  };
  const onUp = (e: MouseEvent): void => {
    if (!drag) return;
    const moved = drag.moved;
    drag = null;
    if (!moved && rec) {
      const t = Math.max(rec.recording.startTick, Math.min(lastInspectorTick(rec), tickAt(e.clientX)));
      seek(t);
      draw();
    }
  };
  window.addEventListener("mousemove", onMove);
  window.addEventListener("mouseup", onUp);

  if (options.open) start();

  return {
    step(inputs = []) {
      if (!rec) world.step(inputs);
      else if (!scrubbing) stepInspector(rec, inputs);
    },
    get recorder() {
      return rec;
    },
    get scrubbing() {
      return scrubbing;
    },
    seek(tick) {
      const result = seek(tick);
      draw();
      return result;
    },
    resume() {
      if (rec) seek(lastInspectorTick(rec));
      draw();
    },
    reset() {
      if (!rec) return;
      scrubbing = false;
      cursor = -1;
      last = null;
      resetInspectorRecorder(rec);
    },
    dispose() {
      stop();
      toggle.remove();
      window.removeEventListener("mousemove", onMove);
      window.removeEventListener("mouseup", onUp);
    },
  };
}
