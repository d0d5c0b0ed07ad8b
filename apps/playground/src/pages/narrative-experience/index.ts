import {
  addPlayerAction,
  appraiseEmotions,
  createPlayerModel,
  decayPlayerModel,
  findStoryAlternatives,
  inferGoals,
  PlayStyles,
  selectByEmotion,
  selectByStyle,
  type Emotions,
  type PlayerModel,
  type StoryAlternatives,
} from "@tactica/narrative";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;

const DOMAIN = `
(:objects (character red, wolf, granny, grendel))
(:action eat :parameters (character ?p, character ?v) :preconditions (predator(?p) and alive(?p) and alive(?v)) :effects (eaten(?v) and not alive(?v)))
(:action appear :parameters (character ?m) :preconditions (offstage(?m)) :effects (predator(?m) and alive(?m) and not offstage(?m)))
(:action resurrect :parameters (character ?c) :preconditions (dead(?c)) :effects (alive(?c) and not dead(?c)))`;

/** Chapter 42's numbers: annotations and predicted emotions per repair. */
const ALTERNATIVE_INFO: Record<string, { label: string; annotation: number[]; predicted: Emotions }> = {
  appear: { label: "Grendel appears", annotation: [0.9, 0, 0, 0, 0], predicted: { joy: 0.8, hope: 0.6, fear: 0.2, distress: 0 } },
  resurrect: { label: "a fairy resurrects the wolf", annotation: [0, 0, 0.9, 0, 0], predicted: { joy: 0, hope: 0.35, fear: 0.03, distress: 0 } },
};
const TARGET: Emotions = { joy: 0, hope: 0.4, fear: 0.03, distress: 0 };
const CORRELATION = [
  [0.9, 0.7, 0.2, 0.4, 0.6], // kill Grendel
  [0.1, 0.3, 0.6, 0.8, 0.1], // avoid Grendel
];
const ACTIONS: { label: string; increments: number[] }[] = [
  { label: "Kill (Fighter +0.3)", increments: [0.3, 0, 0, 0, 0] },
  { label: "Talk in character (Method actor +0.3)", increments: [0, 0.3, 0, 0, 0] },
  { label: "Ask about the story (Storyteller +0.3)", increments: [0, 0, 0.3, 0, 0] },
  { label: "Scout ahead (Tactician +0.3)", increments: [0, 0, 0, 0.3, 0] },
  { label: "Ask for a reward (Power gamer +0.3)", increments: [0, 0, 0, 0, 0.3] },
];

const page: DemoPage = {
  id: "narrative-experience",
  title: "Experience manager: Red Riding Hood",
  package: "narrative",
  order: 1,
  guide: "guide/narrative",
  description:
    "The AI game master of Game AI Pro 2, chapter 42: the player's actions move a play-style model (decaying toward neutral), goal inference and CEMA emotions follow, and when the player kills the wolf the planner proposes alternatives (Grendel, a fairy), scored by style (dot product) and by emotion (distance to the author's target).",
  code: `addPlayerAction(model, [0.3, 0, 0, 0, 0]);              // a kill
const goals = inferGoals(correlation, model.style);      // (0.70, 0.30)
const plots = findStoryAlternatives(domain, facts, ["eaten(granny)"], { k: 2, repairs: ["appear", "resurrect"] });
selectByStyle(annotations, model.style); selectByEmotion(predicted, target);`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let model: PlayerModel = createPlayerModel({ style: [0.9, 0.2, 0.1, 0.4, 0.3], decayPerSecond: 0.02 });
    let wolfDead = false;
    let plots: StoryAlternatives | null = null;
    let decay = 0.02;
    slider(panel, "Decay per second", 0, 0.2, 0.01, decay, (v) => {
      decay = v;
      model.decayPerSecond = v;
    });
    for (const a of ACTIONS) button(panel, a.label, () => addPlayerAction(model, a.increments));
    const killWolf = () => {
      wolfDead = true;
      addPlayerAction(model, [0.3, 0, 0, 0, 0]);
      plots = findStoryAlternatives(DOMAIN, ["predator(wolf)", "dead(wolf)", "alive(red)", "alive(granny)", "offstage(grendel)"], ["eaten(granny)"], {
        k: 2,
        repairs: ["appear", "resurrect"],
      });
    };
    button(panel, "Red kills the wolf", killWolf);
    button(panel, "Restart", () => {
      model = createPlayerModel({ style: [0.9, 0.2, 0.1, 0.4, 0.3], decayPerSecond: decay });
      wolfDead = false;
      plots = null;
    });
    function bar(x: number, y: number, label: string, v: number, max: number, color: string): void {
      draw.text(x, y + 14, label, { color: "#c0caf5" });
      draw.rect(x + 130, y, Math.max(0, Math.min(1, v / max)) * 200, 18, { color, fill: true });
      draw.text(x + 340, y + 14, v.toFixed(2), { color: "#c0caf5" });
    }
    function render(): void {
      draw.clear();
      draw.text(20, 24, "play-style model", { color: "#9aa5ce" });
      PlayStyles.forEach((s, i) => bar(20, 36 + i * 24, s, model.style[i]!, 2, "#7aa2f7"));
      const goals = inferGoals(CORRELATION, model.style);
      draw.text(420, 24, "inferred goals (normalised)", { color: "#9aa5ce" });
      bar(420, 36, "kill Grendel", goals.normalized[0]!, 1, "#f7768e");
      bar(420, 60, "avoid Grendel", goals.normalized[1]!, 1, "#9ece6a");
      const emotions = appraiseEmotions([
        { desirability: 0.7, likelihood: 0.5 },
        { desirability: -0.3, likelihood: 0.1 },
      ]);
      draw.text(20, 176, "CEMA emotions (kill Grendel: d 0.7, p 0.5; dying: d −0.3, p 0.1)", { color: "#9aa5ce" });
      (["joy", "hope", "fear", "distress"] as const).forEach((k, i) => bar(20, 188 + i * 24, k, emotions[k], 1, "#e0af68"));
      draw.text(
        20,
        320,
        wolfDead ? "the wolf is dead: 'a predator eats granny' needs a repair" : "authorial goal: a predator eats granny (click 'Red kills the wolf')",
        {
          color: wolfDead ? "#f7768e" : "#9aa5ce",
        },
      );
      if (plots) {
        const infos = plots.alternatives.map((a) => ALTERNATIVE_INFO[a.repairs[0]!.split("(")[0]!]!);
        const byStyle = selectByStyle(
          infos.map((i) => i.annotation),
          model.style,
        );
        const byEmotion = selectByEmotion(
          infos.map((i) => i.predicted),
          TARGET,
        );
        draw.text(20, 350, "alternative (planner)                        style score   emotion distance", { color: "#9aa5ce" });
        plots.alternatives.forEach((a, i) => {
          const y = 366 + i * 40;
          draw.rect(16, y, 760, 32, { color: "#1f2937", fill: true });
          draw.text(22, y + 14, `${infos[i]!.label}: ${a.actions.join(" → ")}`, { color: "#c0caf5" });
          draw.text(380, y + 28, byStyle.scores[i]!.toFixed(2), { color: byStyle.index === i ? "#9ece6a" : "#c0caf5" });
          draw.text(520, y + 28, byEmotion.scores[i]!.toFixed(3), { color: byEmotion.index === i ? "#9ece6a" : "#c0caf5" });
        });
        draw.text(20, 470, `by style: ${infos[byStyle.index]!.label}; by emotion (target hope 0.4, fear 0.03): ${infos[byEmotion.index]!.label}`, {
          color: "#9ece6a",
        });
      }
      stats.textContent = `intentions (${goals.raw.map((v) => v.toFixed(2)).join(", ")}) → (${goals.normalized.map((v) => v.toFixed(2)).join(", ")})`;
    }
    const stop = fixedLoop((dt) => decayPlayerModel(model, dt), render);
    canvas.addEventListener("mousedown", killWolf);
    return () => {
      stop();
      canvas.removeEventListener("mousedown", killWolf);
    };
  },
};

export default page;
