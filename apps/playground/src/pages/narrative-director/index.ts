import { addDirectorIntensity, createDirector, getDirectorSpawnBudget, stepDirector, type DirectorPhase } from "@tactica/narrative";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;
const SECONDS = 120; // plot window
const COLORS: Record<DirectorPhase, string> = { "build-up": "#e0af68", "sustain-peak": "#f7768e", "peak-fade": "#bb9af7", relax: "#9ece6a" };

const page: DemoPage = {
  id: "narrative-director",
  title: "AI director: intensity and pacing phases",
  package: "narrative",
  order: 3,
  guide: "guide/narrative",
  description:
    "Left 4 Dead's director (Game AI Pro 2, chapter 39): survivor intensity rises with damage and decays otherwise; build-up → sustain peak (3–5 s) → peak fade → relax (30–45 s). Click the plot (or 'Hit') to deal damage; the spawn budget per phase is shown under the plot.",
  code: `const director = createDirector({ seed: seed });
addDirectorIntensity(director, damage / 100); // on damage, incapacitation, ledge pushes
const phase = stepDirector(director, dt, { distance: metresTravelled });
const budget = getDirectorSpawnBudget(director);`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let director = createDirector({ seed: 1 });
    let autoDamage = 0.6;
    const samples: { t: number; intensity: number; phase: DirectorPhase; budget: number }[] = [];
    let time = 0;
    let acc = 0;
    slider(panel, "Damage per second (auto)", 0, 2, 0.1, autoDamage, (v) => (autoDamage = v));
    button(panel, "Hit (+0.3)", () => addDirectorIntensity(director, 0.3));
    button(panel, "Restart", () => {
      director = createDirector({ seed: 1 });
      samples.length = 0;
      time = 0;
    });
    function step(dt: number): void {
      // Enemies only hurt the players while the director lets them spawn.
      if (getDirectorSpawnBudget(director) > 0) addDirectorIntensity(director, autoDamage * dt * (0.5 + 0.5 * Math.sin(time * 3)) ** 2);
      stepDirector(director, dt);
      time += dt;
      acc += dt;
      if (acc >= 0.25) {
        acc = 0;
        samples.push({ t: time, intensity: director.intensity, phase: director.phase, budget: getDirectorSpawnBudget(director) });
        if (samples.length > (SECONDS / 0.25) * 2) samples.splice(0, samples.length - SECONDS / 0.25);
      }
    }
    function render(): void {
      draw.clear();
      const t0 = Math.max(0, time - SECONDS);
      const x = (t: number) => 40 + ((t - t0) / SECONDS) * (W - 60);
      const y = (v: number) => 480 - (v / 1.5) * 420;
      for (const s of samples) if (s.t >= t0) draw.rect(x(s.t), 500, (W - 60) / (SECONDS / 0.25) + 1, 30, { color: COLORS[s.phase], fill: true, alpha: 0.8 });
      draw.line(40, y(1), W - 20, y(1), { color: "#f7768e" });
      draw.text(W - 110, y(1) - 6, "peak 1.0", { color: "#f7768e" });
      draw.line(40, y(0.6), W - 20, y(0.6), { color: "#bb9af7" });
      draw.text(W - 110, y(0.6) - 6, "fade 0.6", { color: "#bb9af7" });
      draw.line(40, y(0), W - 20, y(0), { color: "#3b4261" });
      const pts = samples.filter((s) => s.t >= t0).map((s) => ({ x: x(s.t), y: y(s.intensity) }));
      if (pts.length > 1) draw.polyline(pts, false, { color: "#7dcfff", width: 2 });
      let lx = 40;
      for (const [ph, c] of Object.entries(COLORS)) {
        draw.rect(lx, 550, 14, 14, { color: c, fill: true });
        draw.text(lx + 20, 562, ph, { color: "#c0caf5" });
        lx += 160;
      }
      stats.textContent = `t ${time.toFixed(1)} s  phase ${director.phase}  intensity ${director.intensity.toFixed(2)}\nphase time ${director.phaseTime.toFixed(1)} / ${director.phaseDuration.toFixed(1)} s  spawn budget ${getDirectorSpawnBudget(director)}`;
    }
    const stop = fixedLoop(step, render);
    const onClick = () => addDirectorIntensity(director, 0.3);
    canvas.addEventListener("mousedown", onClick);
    return () => {
      stop();
      canvas.removeEventListener("mousedown", onClick);
    };
  },
};

export default page;
