import { createRng, type Rng } from "@tactica/core";
import {
  barkRulesFromJson,
  createBarkState,
  findSquadDialogue,
  sayBark,
  squadDialoguesFromJson,
  stepBarks,
  type BarkChoice,
  type SquadDialogueResult,
  type SquadMember,
} from "@tactica/narrative";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;
const RADIUS = 180;

const DIALOGUES = squadDialoguesFromJson([
  {
    id: "status",
    concept: "status",
    minMembers: 2,
    radius: RADIUS,
    lines: [
      { speaker: [{ key: "injured", op: "==", value: false }], variants: [{ text: "Everyone OK?" }] },
      {
        speaker: [{ key: "injured", op: "==", value: true }],
        variants: [{ criteria: [{ key: "health", op: "<", value: 0.5 }], text: "I'm hit!" }, { text: "I'm alright!" }],
      },
    ],
  },
  {
    id: "contact",
    concept: "contact",
    minMembers: 3,
    radius: RADIUS,
    lines: [
      { speaker: [], variants: [{ text: "Contact, {region}!" }] },
      { speaker: [{ key: "role", op: "==", value: "leader" }], variants: [{ text: "{down} down already. Suppress them!" }] },
      { speaker: [], variants: [{ text: "Moving!" }] },
    ],
  },
]);

/**
 * Single barks, the fallback when no dialogue fits. Compiled into a @tactica/decision rule engine:
 * the query (concept + speaker facts) picks the most specific matching rule (chapter 28's tiers).
 */
const BARKS = barkRulesFromJson([
  { id: "hit-generic", concept: "hit", lines: ["Ow!", "Taking fire!"] },
  { id: "hit-medic", concept: "hit", criteria: [{ key: "speaker.role", op: "==", value: "medic" }], lines: ["Medic's hit!"], lineCooldown: 4 },
  {
    id: "hit-medic-low",
    concept: "hit",
    criteria: [
      { key: "speaker.role", op: "==", value: "medic" },
      { key: "speaker.health", op: "<", value: 0.5 },
    ],
    lines: ["Medic down, patch me up!", "I can't heal myself like this!"],
    lineCooldown: 4,
  },
  {
    id: "hit-injured",
    concept: "hit",
    criteria: [
      { key: "speaker.injured", op: "==", value: true },
      { key: "speaker.health", op: "<", value: 0.5 },
    ],
    lines: ["I'm bleeding out!"],
    lineCooldown: 4,
  },
  { id: "status-generic", concept: "status", lines: ["Anyone there?"] },
  { id: "contact-generic", concept: "contact", lines: ["Contact!"] },
  { id: "contact-leader", concept: "contact", criteria: [{ key: "speaker.role", op: "==", value: "leader" }], lines: ["Contact! Form up on me!"] },
]);

const page: DemoPage = {
  id: "narrative-squad",
  title: "Squad dialogue: role slots in range",
  package: "narrative",
  order: 6,
  guide: "guide/narrative",
  description:
    "Squad dialogue from Game AI Pro 2, chapter 2: a 2–3 line exchange fires only with enough members within the radius (circle), every line has its own speaker, replies depend on the speaker's state (I'm hit! / I'm alright!) and slots fill in the region and man-down count. When no dialogue fits, one member barks instead: the bark rules run on decision's rule engine and the most specific matching rule wins (its id and specificity are shown; lines on cooldown fall back to the next tier). Click to move the squad's centre.",
  code: `const dialogues = squadDialoguesFromJson(json);
const r = findSquadDialogue(dialogues, { concept: "status", facts: {}, x, y, members, slots: { region: "the barn", down: 1 } }, rng);
// No dialogue fits: a single bark, picked by decision's queryRules (most specific rule first).
const barks = barkRulesFromJson(barkJson);
const bark = sayBark(memory, barks, { concept: "hit", facts: { "speaker.role": "medic", "speaker.health": 0.3 } }, rng);
bark?.ruleId; bark?.specificity; // "hit-medic-low", 2`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let rng: Rng = createRng(1);
    let cx = 400;
    let cy = 300;
    let injuredHealth = 0.3;
    const members: SquadMember[] = [
      { id: "leader", x: 380, y: 280, facts: { injured: false, health: 1, role: "leader" } },
      { id: "medic", x: 440, y: 320, facts: { injured: false, health: 1, role: "medic" } },
      { id: "gunner", x: 350, y: 360, facts: { injured: true, health: 0.3, role: "gunner" } },
      { id: "scout", x: 620, y: 140, facts: { injured: false, health: 1, role: "scout" } },
    ];
    let said: SquadDialogueResult | null = null;
    let last = "";
    let barkMemory = createBarkState();
    let bark: { speaker: string; choice: BarkChoice } | null = null;
    let nextSpeaker = 0;
    const barkFrom = (concept: string, m: SquadMember): void => {
      const facts = { "speaker.role": m.facts["role"]!, "speaker.health": m.facts["health"]!, "speaker.injured": m.facts["injured"]! };
      const choice = sayBark(barkMemory, BARKS, { concept, facts }, rng);
      bark = choice ? { speaker: m.id, choice } : null;
    };
    slider(panel, "Gunner health", 0, 1, 0.05, injuredHealth, (v) => {
      injuredHealth = v;
      members[2]!.facts["health"] = v;
    });
    const ask = (concept: string) => {
      said = findSquadDialogue(DIALOGUES, { concept, facts: {}, x: cx, y: cy, members, slots: { region: "by the barn", down: 1 } }, rng);
      last = said ? "" : `no '${concept}' dialogue: not enough members in range`;
      bark = null;
      if (!said) {
        const near = members.find((m) => Math.hypot(m.x - cx, m.y - cy) <= RADIUS) ?? members[0]!;
        barkFrom(concept, near);
      }
    };
    button(panel, "Status check", () => ask("status"));
    button(panel, "Contact", () => ask("contact"));
    button(panel, "Bark: hit (next member)", () => {
      said = null;
      last = "";
      barkFrom("hit", members[nextSpeaker++ % members.length]!);
    });
    button(panel, "Restart", () => {
      rng = createRng(1);
      said = null;
      bark = null;
      barkMemory = createBarkState();
      nextSpeaker = 0;
    });
    function render(): void {
      draw.clear();
      draw.circle(cx, cy, RADIUS, { color: "#3b4261" });
      for (const m of members) {
        const inRange = Math.hypot(m.x - cx, m.y - cy) <= RADIUS;
        draw.circle(m.x, m.y, 12, { color: m.facts["injured"] ? "#f7768e" : "#9ece6a", fill: true, alpha: inRange ? 1 : 0.35 });
        draw.text(m.x + 16, m.y + 4, m.id, { color: "#c0caf5" });
      }
      if (said) {
        said.lines.forEach((l, i) => {
          const m = members.find((x) => x.id === l.speaker)!;
          draw.rect(m.x - 10, m.y - 44, Math.max(60, l.text.length * 7.5), 22, { color: "#1f2937", fill: true });
          draw.text(m.x - 4, m.y - 28, `${i + 1}. ${l.text}`, { color: "#e0e0e0" });
        });
      }
      const b = bark;
      if (b) {
        const m = members.find((x) => x.id === b.speaker)!;
        draw.rect(m.x - 10, m.y - 44, Math.max(60, b.choice.text.length * 7.5), 22, { color: "#1f2937", fill: true });
        draw.text(m.x - 4, m.y - 28, b.choice.text, { color: "#e0af68" });
      }
      const lines = said ? said.lines.map((l, i) => `${i + 1}. ${l.speaker}: ${l.text}`).join("\n") : last;
      const barkLine = b ? `\nbark by ${b.speaker}: "${b.choice.text}" (rule ${b.choice.ruleId}, specificity ${b.choice.specificity})` : "";
      stats.textContent = `squad centre (${cx.toFixed(0)}, ${cy.toFixed(0)}), radius ${RADIUS}\n${lines}${barkLine}`;
    }
    const stop = fixedLoop((dt) => void stepBarks(barkMemory, dt), render);
    const onClick = (e: MouseEvent) => {
      const r = canvas.getBoundingClientRect();
      cx = ((e.clientX - r.left) * W) / r.width;
      cy = ((e.clientY - r.top) * H) / r.height;
      ask("status");
    };
    canvas.addEventListener("mousedown", onClick);
    return () => {
      stop();
      canvas.removeEventListener("mousedown", onClick);
    };
  },
};

export default page;
