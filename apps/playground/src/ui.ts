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

/** A demo layout: a canvas on the left, a control panel on the right. */
export function demoLayout(root: HTMLElement, width = 800, height = 600): { canvas: HTMLCanvasElement; draw: CanvasDebugDraw; panel: HTMLElement; stats: HTMLElement } {
  const wrap = el("div", "demo");
  const canvas = el("canvas", "demo-canvas");
  canvas.width = width;
  canvas.height = height;
  const panel = el("div", "panel");
  const stats = el("pre", "stats");
  wrap.append(canvas, panel);
  panel.append(stats);
  root.append(wrap);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas 2D is not available in this browser");
  return { canvas, draw: new CanvasDebugDraw(ctx), panel, stats };
}

/** A labelled range slider; calls `onInput` with the new value (also once at creation). */
export function slider(panel: HTMLElement, label: string, min: number, max: number, step: number, value: number, onInput: (v: number) => void): HTMLInputElement {
  const row = el("label", "control");
  const name = el("span", "", label);
  const out = el("output", "", String(value));
  const input = el("input");
  input.type = "range";
  input.min = String(min);
  input.max = String(max);
  input.step = String(step);
  input.value = String(value);
  input.addEventListener("input", () => {
    out.textContent = input.value;
    onInput(Number(input.value));
  });
  row.append(name, input, out);
  panel.insertBefore(row, panel.querySelector(".stats"));
  onInput(value);
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
  s.addEventListener("change", () => onChange(s.value as T));
  row.append(el("span", "", label), s);
  panel.insertBefore(row, panel.querySelector(".stats"));
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
    acc += Math.min(0.25, (now - last) / 1000);
    last = now;
    let steps = 0;
    while (acc >= dt && steps < 5) {
      step(dt);
      acc -= dt;
      steps++;
    }
    render();
    handle = requestAnimationFrame(frame);
  };
  handle = requestAnimationFrame(frame);
  return () => cancelAnimationFrame(handle);
}
