// Small DOM helpers shared by the demo pages: a canvas that fills its panel, labelled controls,
// a fixed-step animation loop (time enters packages only as dt), and a stats line.

import { CanvasDebugDraw } from "./canvas-debug-draw";

/** Creates an element with class and text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = "", text = ""): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

/**
 * Moves a {@link demoLayout}'s stats box from the canvas's top-left corner to the right-hand column
 * (below the stats toggle), for pages that draw in the canvas's left part and would be covered.
 */
export function placeStatsRight(stats: HTMLElement): void {
  Object.assign(stats.style, {
    left: "auto",
    right: "calc(var(--panel) + 22px)",
    top: "36px",
    maxWidth: "calc((100% - var(--panel) - 14px) * 0.27)",
    maxHeight: "calc(100% - 80px)",
  });
}

/**
 * A demo layout: the canvas on the left, scaled down (never up) to fit the space the shell leaves
 * it, with the key stats overlaid on its corner; the control panel on the right, scrolling by itself.
 * Pages map pointer events through `getBoundingClientRect()`, so CSS scaling keeps clicks exact.
 */
export function demoLayout(
  root: HTMLElement,
  width = 800,
  height = 600,
): { canvas: HTMLCanvasElement; draw: CanvasDebugDraw; panel: HTMLElement; stats: HTMLElement } {
  const wrap = el("div", "demo");
  const stage = el("div", "stage");
  const canvas = el("canvas", "demo-canvas");
  canvas.width = width;
  canvas.height = height;
  const panel = el("div", "panel");
  const stats = el("pre", "stats");
  const toggle = el("button", "stats-toggle", "stats");
  toggle.title = "Show or hide the stats over the canvas";
  toggle.addEventListener("click", () => wrap.classList.toggle("stats-hidden"));
  // The stats stay the panel's last child (pages insert their own rows before them), but CSS places
  // them over the canvas: they are positioned against .demo, outside the panel's scroll clipping.
  stage.append(canvas, toggle);
  panel.append(stats);
  wrap.append(stage, panel);
  root.append(wrap);
  zoomPan(stage, canvas);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas 2D is not available in this browser");
  return { canvas, draw: new CanvasDebugDraw(ctx), panel, stats };
}

/** A labelled range slider; calls `onInput` with the new value (also once at creation). */
export function slider(
  panel: HTMLElement,
  label: string,
  min: number,
  max: number,
  step: number,
  value: number,
  onInput: (v: number) => void,
): HTMLInputElement {
  const row = el("label", "control");
  const name = el("span", "", label);
  const out = el("output", "", String(value));
  const input = el("input");
  input.type = "range";
  input.min = String(min);
  input.max = String(max);
  input.step = String(step);
  const key = urlKey(label);
  const fromUrl = Number(urlParam(key));
  const initial = urlParam(key) !== undefined && Number.isFinite(fromUrl) && fromUrl >= min && fromUrl <= max ? fromUrl : value;
  input.value = String(initial);
  out.textContent = input.value;
  input.addEventListener("input", () => {
    out.textContent = input.value;
    setUrlParam(key, Number(input.value) === value ? undefined : input.value);
    onInput(Number(input.value));
  });
  row.append(name, input, out);
  panel.insertBefore(row, panel.querySelector(".stats"));
  onInput(initial);
  return input;
}

/** A labelled select; calls `onChange` with the chosen value. */
export function select<T extends string>(panel: HTMLElement, label: string, options: readonly T[], value: T, onChange: (v: T) => void): HTMLSelectElement {
  const row = el("label", "control");
  const s = el("select");
  for (const o of options) {
    const opt = el("option", "", o);
    opt.value = o;
    s.append(opt);
  }
  s.value = value;
  const key = urlKey(label);
  s.addEventListener("change", () => {
    setUrlParam(key, s.value === value ? undefined : s.value);
    onChange(s.value as T);
  });
  row.append(el("span", "", label), s);
  panel.insertBefore(row, panel.querySelector(".stats"));
  // A shared link chose another option: apply it once the page has finished mounting (pages create
  // their controls before all their state exists, so the change must not run synchronously here).
  const wanted = urlParam(key);
  if (wanted !== undefined && wanted !== value && options.includes(wanted as T)) {
    queueMicrotask(() => {
      if (!s.isConnected) return;
      s.value = wanted;
      onChange(s.value as T);
    });
  }
  return s;
}

/** A button in the panel. */
export function button(panel: HTMLElement, label: string, onClick: () => void): HTMLButtonElement {
  const b = el("button", "", label);
  b.addEventListener("click", onClick);
  panel.insertBefore(b, panel.querySelector(".stats"));
  return b;
}

/**
 * Runs `step(dt)` at a fixed timestep (default 1/60 s) and `render()` once per animation frame.
 * Returns a stop function. Packages never read clocks; this loop is where wall time becomes dt.
 */
export function fixedLoop(step: (dt: number) => void, render: () => void, dt = 1 / 60): () => void {
  let handle = 0;
  let last = performance.now();
  let acc = 0;
  const frame = (now: number) => {
    acc += Math.min(0.25, (now - last) / 1000) * timeScale();
    last = now;
    let steps = 0;
    const t0 = performance.now();
    if (!paused() || stepRequested()) {
      if (paused()) acc = dt;
      while (acc >= dt && steps < 5) {
        step(dt);
        acc -= dt;
        steps++;
      }
    } else {
      acc = 0;
    }
    const t1 = performance.now();
    render();
    reportLoopTiming(t1 - t0, performance.now() - t1, steps);
    handle = requestAnimationFrame(frame);
  };
  handle = requestAnimationFrame(frame);
  return () => cancelAnimationFrame(handle);
}

// ---------------------------------------------------------------------------------------------
// URL state: `#/<page-id>?key=value&…`. Controls made with `slider()` and `select()` keep their value
// there (key: the label in kebab case), so a view can be shared; pages can store more (start/goal,
// seed) with `setUrlParam`. Only values that differ from the default are written.

/** The URL key for a control label: "Solver" → "solver", "moves / turn" → "moves-turn". */
export function urlKey(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The hash split into page id and parameters. */
export function parseHash(hash: string): { id: string; params: URLSearchParams } {
  const body = hash.replace(/^#\/?/, "");
  const q = body.indexOf("?");
  return q < 0 ? { id: body, params: new URLSearchParams() } : { id: body.slice(0, q), params: new URLSearchParams(body.slice(q + 1)) };
}

/** One parameter of the current page's URL state, or undefined. */
export function urlParam(key: string): string | undefined {
  return parseHash(location.hash).params.get(key) ?? undefined;
}

/** Sets (or with `undefined`, removes) a parameter of the current page's URL state without reloading the page. */
export function setUrlParam(key: string, value: string | number | undefined): void {
  const { id, params } = parseHash(location.hash);
  if (value === undefined) params.delete(key);
  else params.set(key, String(value));
  const query = params.toString();
  history.replaceState(history.state, "", `#/${id}${query ? `?${query}` : ""}`);
}

// ---------------------------------------------------------------------------------------------
// Simulation controls shared by every animated page (the shell draws the buttons): pause, single
// step, slow motion. fixedLoop reads them, so pages get them without any code of their own.

const sim = { paused: false, step: false, scale: 1 };
/** True while the shell's pause button is on. */
export function paused(): boolean {
  return sim.paused;
}
function stepRequested(): boolean {
  const s = sim.step;
  sim.step = false;
  return s;
}
/** Simulation speed factor (1 = real time; the shell offers 0.25 for slow motion). */
export function timeScale(): number {
  return sim.scale;
}
/** Shell controls: pause/resume, advance one fixed step while paused, set slow motion. */
export const simulation = {
  setPaused(p: boolean): void {
    sim.paused = p;
  },
  stepOnce(): void {
    sim.step = true;
  },
  setTimeScale(s: number): void {
    sim.scale = s;
  },
  reset(): void {
    sim.paused = false;
    sim.step = false;
    sim.scale = 1;
  },
};

/** Last loop timings (ms), read by the shell's frame meter; `steps` = fixed steps in that frame. */
export const loopTiming = { step: 0, render: 0, steps: 0, active: false };
function reportLoopTiming(step: number, render: number, steps: number): void {
  loopTiming.step = loopTiming.step * 0.9 + step * 0.1;
  loopTiming.render = loopTiming.render * 0.9 + render * 0.1;
  loopTiming.steps = steps;
  loopTiming.active = true;
}

// ---------------------------------------------------------------------------------------------
// Zoom and pan for every demo canvas, done by the shell with a CSS transform: the wheel zooms about
// the pointer (1× to 8×), a middle-button or Alt+left drag pans, the "1:1" button resets. Pages map
// pointer events through getBoundingClientRect(), which includes the transform, so their clicks
// stay exact at any zoom; pan gestures are taken before the page sees them.

/** Installs wheel zoom and drag pan on a demo's stage; returns the current view (for tests and pages). */
export function zoomPan(stage: HTMLElement, canvas: HTMLCanvasElement): { readonly view: { scale: number; x: number; y: number }; reset(): void } {
  const view = { scale: 1, x: 0, y: 0 };
  const reset = el("button", "zoom-reset", "1:1");
  reset.title = "Reset zoom and pan (wheel zooms; middle-drag or Alt+drag pans)";
  reset.hidden = true;
  stage.append(reset);
  const apply = () => {
    // Keep the canvas covering its box: no panning past the edges.
    const w = canvas.offsetWidth;
    const h = canvas.offsetHeight;
    view.x = Math.min(0, Math.max(w - w * view.scale, view.x));
    view.y = Math.min(0, Math.max(h - h * view.scale, view.y));
    canvas.style.transform = view.scale === 1 ? "" : `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
    canvas.classList.toggle("zoomed", view.scale !== 1);
    reset.hidden = view.scale === 1;
    reset.textContent = `1:1 (${Math.round(view.scale * 100)} %)`;
  };
  stage.addEventListener(
    "wheel",
    (e) => {
      if (e.target !== canvas) return;
      e.preventDefault();
      const box = canvas.parentElement!.getBoundingClientRect();
      const left = canvas.offsetLeft + box.left;
      const top = canvas.offsetTop + box.top;
      const px = e.clientX - left;
      const py = e.clientY - top;
      const next = Math.min(8, Math.max(1, view.scale * Math.exp(-e.deltaY * 0.0015)));
      // The canvas point under the pointer stays under the pointer.
      view.x = px - ((px - view.x) * next) / view.scale;
      view.y = py - ((py - view.y) * next) / view.scale;
      view.scale = next;
      apply();
    },
    { passive: false },
  );
  let drag: { id: number; x: number; y: number } | null = null;
  const isPan = (e: PointerEvent | MouseEvent) => e.button === 1 || (e.button === 0 && e.altKey);
  stage.addEventListener(
    "pointerdown",
    (e) => {
      if (e.target !== canvas || !isPan(e) || view.scale === 1) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY };
      canvas.setPointerCapture(e.pointerId);
    },
    { capture: true },
  );
  stage.addEventListener(
    "pointermove",
    (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      e.stopImmediatePropagation();
      view.x += e.clientX - drag.x;
      view.y += e.clientY - drag.y;
      drag.x = e.clientX;
      drag.y = e.clientY;
      apply();
    },
    { capture: true },
  );
  const end = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return;
    e.stopImmediatePropagation();
    drag = null;
  };
  stage.addEventListener("pointerup", end, { capture: true });
  stage.addEventListener("pointercancel", end, { capture: true });
  // Middle-click and Alt+click while zoomed are pan gestures, not page clicks.
  for (const type of ["mousedown", "mouseup", "click", "auxclick"] as const) {
    stage.addEventListener(
      type,
      (e) => {
        if (e.target === canvas && view.scale !== 1 && isPan(e)) e.stopImmediatePropagation();
      },
      { capture: true },
    );
  }
  const resetView = () => {
    view.scale = 1;
    view.x = 0;
    view.y = 0;
    apply();
  };
  reset.addEventListener("click", resetView);
  return { view, reset: resetView };
}
