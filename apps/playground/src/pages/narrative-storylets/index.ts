import { createRng, type Rng } from "@tactica/core";
import {
  analyzeStoryletDeck,
  createStoryletIndex,
  createStoryletState,
  isStoryletEligible,
  playStorylet,
  selectStorylet,
  storyletDeckFromJson,
  type StoryletState,
} from "@tactica/narrative";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop } from "../../ui";

const W = 800;
const H = 600;

const DECK = storyletDeckFromJson({
  version: 2,
  storylets: [
    { id: "leave-home", once: true, salience: 9, effects: [{ key: "inForest", op: "set", value: true }], content: "Red leaves home with a basket." },
    {
      id: "pick-flowers",
      cooldownPlays: 1,
      conditions: [{ key: "inForest", op: "==", value: true }],
      effects: [{ key: "flowers", op: "add", value: 1 }],
      content: "She picks flowers.",
    },
    { id: "wander", conditions: [{ key: "inForest", op: "==", value: true }], content: "She wanders along the path." },
    {
      id: "meet-wolf",
      once: true,
      salience: 5,
      conditions: [{ key: "flowers", op: ">=", value: 2 }],
      effects: [{ key: "metWolf", op: "set", value: true }],
      content: "A wolf asks where she goes.",
    },
    {
      id: "wolf-runs-ahead",
      once: true,
      salience: 6,
      conditions: [{ key: "metWolf", op: "==", value: true }],
      effects: [{ key: "wolfAtGranny", op: "set", value: true }],
      content: "The wolf runs to granny's house.",
    },
    {
      id: "arrive",
      once: true,
      salience: 4,
      conditions: [
        { key: "wolfAtGranny", op: "==", value: true },
        { key: "flowers", op: ">=", value: 3 },
      ],
      effects: [
        { key: "atGranny", op: "set", value: true },
        { key: "inForest", op: "set", value: false },
      ],
      content: "Red arrives; granny looks strange.",
    },
    {
      id: "woodcutter",
      once: true,
      salience: 7,
      conditions: [{ key: "atGranny", op: "==", value: true }],
      effects: [{ key: "saved", op: "set", value: true }],
      content: "A woodcutter bursts in.",
    },
    { id: "dragon", conditions: [{ key: "dragonAwake", op: "==", value: true }], content: "A dragon! (no storylet ever wakes it)" },
  ],
});

const page: DemoPage = {
  id: "narrative-storylets",
  title: "Storylets: a deck, its index and the analyser's warnings",
  package: "narrative",
  order: 2,
  guide: "guide/narrative",
  description:
    "Red Riding Hood as storylets: eligibility from qualities, then the highest salience, then a seeded weighted pick (through a selection index). Green rows are eligible now. The static analyser warns about storylets no sequence of effects makes eligible and about dead ends. Click to draw the next storylet.",
  code: `const deck = storyletDeckFromJson(json);
const report = analyzeStoryletDeck(deck, {});  // unreachable ids, dead ends
const index = createStoryletIndex(deck);
const i = selectStorylet(state, deck, rng, { index });
playStorylet(state, deck, i);`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const report = analyzeStoryletDeck(DECK, {}, { maxStates: 2000 });
    const index = createStoryletIndex(DECK);
    let state: StoryletState = createStoryletState();
    let rng: Rng = createRng(1);
    const log: string[] = [];
    const next = () => {
      const i = selectStorylet(state, DECK, rng, { index });
      if (i < 0) {
        log.push("(nothing is eligible: a dead end)");
        return;
      }
      const s = playStorylet(state, DECK, i);
      log.push(`${state.turn}. ${s.id}: ${s.content}`);
    };
    button(panel, "Draw", next);
    button(panel, "Restart", () => {
      state = createStoryletState();
      rng = createRng(1);
      log.length = 0;
    });
    function render(): void {
      draw.clear();
      draw.text(20, 24, "storylet            salience  once  cooldown  played", { color: "#9aa5ce" });
      DECK.storylets.forEach((s, i) => {
        const y = 40 + i * 30;
        const ok = isStoryletEligible(state, s);
        const dead = report.unreachable.includes(s.id);
        draw.rect(16, y, 470, 24, { color: dead ? "#f7768e" : ok ? "#9ece6a" : "#1f2937", fill: true, alpha: dead ? 0.4 : 0.8 });
        draw.text(22, y + 16, s.id, { color: ok ? "#0f1420" : "#c0caf5" });
        draw.text(190, y + 16, String(s.salience), { color: ok ? "#0f1420" : "#c0caf5" });
        draw.text(250, y + 16, s.once ? "yes" : "", { color: ok ? "#0f1420" : "#c0caf5" });
        draw.text(310, y + 16, String(s.cooldownPlays), { color: ok ? "#0f1420" : "#c0caf5" });
        draw.text(390, y + 16, String(state.playCount[s.id] ?? 0), { color: ok ? "#0f1420" : "#c0caf5" });
      });
      draw.text(500, 56, "qualities", { color: "#9aa5ce" });
      Object.entries(state.qualities).forEach(([k, v], i) => draw.text(500, 80 + i * 18, `${k} = ${String(v)}`, { color: "#c0caf5" }));
      draw.text(20, 300, "analyser", { color: "#9aa5ce" });
      draw.text(20, 322, `unreachable: ${report.unreachable.join(", ") || "none"}`, { color: "#f7768e" });
      draw.text(20, 342, `dead ends: ${report.deadEnds.length} (e.g. ${JSON.stringify(report.deadEnds[0] ?? {}).slice(0, 70)})`, { color: "#e0af68" });
      draw.text(20, 362, `${report.statesExplored} states explored, complete: ${report.complete}`, { color: "#9aa5ce" });
      log.slice(-9).forEach((line, i) => draw.text(20, 400 + i * 20, line.slice(0, 90), { color: "#e0e0e0" }));
      stats.textContent = `turn ${state.turn}  index: ${index.keys.length} qualities, ${index.tierSalience.length} salience tiers`;
    }
    const stop = fixedLoop(() => undefined, render);
    canvas.addEventListener("mousedown", next);
    return () => {
      stop();
      canvas.removeEventListener("mousedown", next);
    };
  },
};

export default page;
