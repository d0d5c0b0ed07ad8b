import { createRng, createSnapshotCodecs, registerSnapshotCodec } from "@tactica/core";
import { chooseUtility, createUtilitySet, createUtilityState, explainUtility, type UtilityDefinition } from "@tactica/decision";
import type { DemoPage } from "../../demo";
import { mountInspector } from "../../inspector/inspector-panel";
import { createSnapshotWorld } from "../../inspector/snapshot-world";
import { button, demoLayout, fixedLoop, select, slider } from "../../ui";

const W = 800;
const H = 600;

const NEEDS = ["hunger", "energy", "fun", "threat", "dirt"] as const;

function definition(mode: "absolute" | "relative" | "dual", momentum: number): UtilityDefinition {
  return {
    version: 1,
    inputs: [...NEEDS, "fleeRank"],
    options: [
      {
        name: "eat",
        considerations: [
          { name: "hungry", input: "hunger", curve: { type: "logistic", m: 12, c: 0.5 } },
          { name: "safe", input: "threat", curve: { type: "linear", m: -1, b: 1 } },
        ],
      },
      {
        name: "sleep",
        considerations: [
          { name: "tired", input: "energy", curve: { type: "polynomial", m: -1, k: 2, b: 1 } },
          { name: "safe", input: "threat", curve: { type: "linear", m: -1, b: 1 } },
        ],
      },
      {
        name: "play",
        weight: 0.8,
        considerations: [
          { name: "bored", input: "fun", curve: { type: "linear", m: -1, b: 1 } },
          { name: "awake", input: "energy", curve: { type: "linear" } },
        ],
      },
      { name: "wash", weight: 0.7, considerations: [{ name: "dirty", input: "dirt", curve: { type: "polynomial", k: 3 } }] },
      { name: "flee", rankInput: "fleeRank", considerations: [{ name: "danger", input: "threat", curve: { type: "step", threshold: 0.6, low: 0, high: 1 } }] },
    ],
    selection: { mode, momentum, cutoff: 0.3 },
  };
}

/** How each option changes the needs per second while it runs. */
const EFFECTS: Record<string, Partial<Record<(typeof NEEDS)[number], number>>> = {
  eat: { hunger: -0.25 },
  sleep: { energy: 0.18 },
  play: { fun: 0.2, energy: -0.05 },
  wash: { dirt: -0.3 },
  flee: { threat: -0.2 },
};

const page: DemoPage = {
  id: "decision-utility",
  title: "Utility AI: score bars and dual utility",
  package: "decision",
  order: 2,
  description:
    "A creature chooses among eat, sleep, play, wash and flee by multiplying response-curve considerations. Bars show each option's score and its considerations; the chosen option is outlined. Momentum keeps it from dithering; dual utility (Game AI Pro 2, chapter 3, Dill) makes flee a higher rank when danger spikes. Click the canvas to scare it.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let mode: "absolute" | "relative" | "dual" = "dual";
    let momentum = 0.25;
    let set = createUtilitySet(definition(mode, momentum));
    let state = createUtilityState(set);
    const rng = createRng(7);
    const inputs = new Float64Array([0.4, 0.7, 0.5, 0, 0.2, 0]);
    let choice = -1;
    let changes = 0;
    let acc = 0;
    const rebuild = () => {
      set = createUtilitySet(definition(mode, momentum));
      state = createUtilityState(set);
      choice = -1;
    };
    select(panel, "selection", ["absolute", "relative", "dual"] as const, mode, (v) => {
      mode = v;
      rebuild();
    });
    slider(panel, "momentum", 0, 1, 0.05, momentum, (v) => {
      momentum = v;
      rebuild();
    });
    button(panel, "Scare (threat = 1)", () => {
      inputs[3] = 1;
    });
    const scare = (e: MouseEvent) => {
      e.preventDefault();
      inputs[3] = e.button === 2 ? 0 : 1;
    };
    canvas.addEventListener("mousedown", scare);
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());

    // Inspectable: decision has no codec for a utility state (it is four plain arrays), so the
    // page saves it with its needs and clock in one section; the rng goes in the envelope. Each
    // choice reports the utility breakdown (explainUtility) as a "utility" event.
    interface CreatureData {
      mode: "absolute" | "relative" | "dual";
      momentum: number;
      inputs: number[];
      choice: number;
      changes: number;
      acc: number;
      current: number;
      scores: number[];
      ranks: number[];
      considerationScores: number[];
    }
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec<null>(codecs, "creature", {
      version: 1,
      save: (): CreatureData => ({
        mode,
        momentum,
        inputs: Array.from(inputs),
        choice,
        changes,
        acc,
        current: state.current,
        scores: Array.from(state.scores),
        ranks: Array.from(state.ranks),
        considerationScores: Array.from(state.considerationScores),
      }),
      restore: (_, d) => {
        const data = d as CreatureData;
        if (data.mode !== mode || data.momentum !== momentum) {
          mode = data.mode;
          momentum = data.momentum;
          set = createUtilitySet(definition(mode, momentum));
          state = createUtilityState(set);
        }
        inputs.set(data.inputs);
        choice = data.choice;
        changes = data.changes;
        acc = data.acc;
        state.current = data.current;
        state.scores.set(data.scores);
        state.ranks.set(data.ranks);
        state.considerationScores.set(data.considerationScores);
      },
    });
    const world = createSnapshotWorld({
      name: "decision-utility",
      codecs,
      targets: () => ({ creature: null }),
      rng: () => ({ choice: rng }),
      step: (_inputs, emit) => {
        const before = changes;
        const chose = think(1 / 60);
        if (emit && chose) {
          const rows = explainUtility(state, set, inputs);
          const best = rows[choice];
          emit({
            module: "utility",
            agent: "creature",
            label: `${best ? `${best.option} ${best.score.toFixed(2)}` : "none"}${changes !== before ? " (changed)" : ""}`,
            detail: rows.map((r) => ({
              option: r.option,
              score: r.score,
              rank: r.rank,
              current: r.current,
              considerations: r.considerations.map((c) => `${c.name} ${c.value.toFixed(2)}→${c.score.toFixed(2)}`),
            })),
          });
        }
      },
    });
    const inspector = mountInspector(root, panel, world);

    /** One step of the creature; true when it chose this step. */
    function think(dt: number): boolean {
      // Needs drift; the chosen option works on them.
      inputs[0] = Math.min(1, inputs[0]! + 0.03 * dt);
      inputs[1] = Math.max(0, inputs[1]! - 0.02 * dt);
      inputs[2] = Math.max(0, inputs[2]! - 0.04 * dt);
      inputs[3] = Math.max(0, inputs[3]! - 0.02 * dt);
      inputs[4] = Math.min(1, inputs[4]! + 0.02 * dt);
      inputs[5] = inputs[3] > 0.6 ? 10 : 0; // flee jumps a rank when the danger is real
      if (choice >= 0) {
        const eff = EFFECTS[set.optionNames[choice]!]!;
        NEEDS.forEach((n, i) => {
          inputs[i] = Math.min(1, Math.max(0, inputs[i]! + (eff[n] ?? 0) * dt));
        });
      }
      acc += dt;
      if (acc >= 0.25) {
        acc = 0;
        const before = choice;
        const c = chooseUtility(state, set, inputs, { rng });
        if (c >= 0) choice = c;
        if (choice !== before) changes++;
        return true;
      }
      return false;
    }

    const stop = fixedLoop(
      () => inspector.step(),
      () => {
        draw.clear();
        const rows = explainUtility(state, set, inputs);
        const barW = 420;
        rows.forEach((r, i) => {
          const y = 40 + i * 105;
          draw.text(20, y + 14, `${r.option}${r.rank !== 0 ? ` (rank ${r.rank})` : ""}`, { color: "#e6edf3" });
          draw.rect(130, y, barW, 22, { color: "#1f2937", fill: true });
          draw.rect(130, y, barW * Math.min(1, r.score), 22, { color: i === choice ? "#e0af68" : "#7aa2f7", fill: true });
          if (i === choice) draw.rect(128, y - 2, barW + 4, 26, { color: "#e0af68" });
          draw.text(560, y + 15, r.score.toFixed(3), { color: "#9aa5ce" });
          r.considerations.forEach((c, j) => {
            const cy = y + 30 + j * 20;
            draw.text(150, cy + 11, `${c.name} (${c.input} ${c.value.toFixed(2)})`, { color: "#9aa5ce" });
            draw.rect(380, cy + 2, 170 * c.score, 10, { color: "#9ece6a", fill: true });
          });
        });
        NEEDS.forEach((n, i) => {
          const x = 640;
          const y = 40 + i * 40;
          draw.text(x, y, n, { color: "#e6edf3" });
          draw.rect(x, y + 6, 140, 10, { color: "#1f2937", fill: true });
          draw.rect(x, y + 6, 140 * inputs[i]!, 10, { color: n === "threat" ? "#f7768e" : "#bb9af7", fill: true });
        });
        stats.textContent = `choice: ${choice >= 0 ? set.optionNames[choice] : "none"}\nmode ${mode}, momentum ${momentum}\nchanges of mind: ${changes}`;
      },
    );
    return () => {
      stop();
      inspector.dispose();
      canvas.removeEventListener("mousedown", scare);
    };
  },
};

export default page;
