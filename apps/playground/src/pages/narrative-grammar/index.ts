import { createRng } from "@tactica/core";
import { expandGrammar, grammarFromJson, type GrammarTraceNode } from "@tactica/narrative";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;

const GRAMMAR = {
  origin: ["#[hero:#name#][pet:#animal#]story#"],
  story: ["#hero.capitalize# had #pet.a#. Together they #verb# #place#.", "#hero.capitalize# and the #pet# #verb# #place#. #ending#"],
  name: ["ada", "bo", "cy", { text: "dee", weight: 3 }],
  animal: ["owl", "wolf", "eagle", "otter"],
  verb: ["travelled to", "ran from", "searched"],
  place: ["the #adj# forest", "a #adj# tower"],
  adj: ["dark", "old", "quiet"],
  ending: ["The end.", "#hero.capitalize# was never seen again."],
};

interface Laid {
  node: GrammarTraceNode;
  x: number;
  y: number;
}

/** Leaves left to right, parents centred over their children. */
function layout(root: GrammarTraceNode): Laid[] {
  const out: Laid[] = [];
  let next = 0;
  const visit = (n: GrammarTraceNode, depth: number): number => {
    let x: number;
    if (n.children.length === 0) x = next++;
    else {
      const xs = n.children.map((c) => visit(c, depth + 1));
      x = (xs[0]! + xs[xs.length - 1]!) / 2;
    }
    out.push({ node: n, x, y: depth });
    return x;
  };
  visit(root, 0);
  return out;
}

const page: DemoPage = {
  id: "narrative-grammar",
  title: "Grammar: seeded expansion and its tree",
  package: "narrative",
  order: 4,
  guide: "guide/narrative",
  description:
    "A Tracery-style grammar with weighted rules, actions ([hero:#name#]) and modifiers, expanded with a seeded Rng: the same seed always gives the same text. The tree shows each symbol expanded and the rule it picked. Change the seed or click the canvas for the next one.",
  code: `const grammar = grammarFromJson(json);
const { text, trace } = expandGrammar(grammar, createRng(seed), { trace: true });`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const grammar = grammarFromJson(GRAMMAR);
    let seed = 1;
    let result = expandGrammar(grammar, createRng(seed), { trace: true });
    const run = () => (result = expandGrammar(grammar, createRng(seed), { trace: true }));
    const seedInput = slider(panel, "Seed", 1, 500, 1, seed, (v) => {
      seed = v;
      run();
    });
    button(panel, "Next seed", () => {
      seed = (seed % 500) + 1;
      seedInput.value = String(seed);
      run();
    });
    function render(): void {
      draw.clear();
      const nodes = layout(result.trace!);
      const leaves = Math.max(1, ...nodes.map((n) => n.x + 1));
      const depth = Math.max(1, ...nodes.map((n) => n.y + 1));
      const px = (x: number) => 30 + ((x + 0.5) / leaves) * (W - 60);
      const py = (y: number) => 110 + (y / depth) * 430;
      const pos = new Map(nodes.map((n) => [n.node, n]));
      for (const n of nodes)
        for (const c of n.node.children) {
          const m = pos.get(c)!;
          draw.line(px(n.x), py(n.y), px(m.x), py(m.y), { color: "#3b4261" });
        }
      for (const n of nodes) {
        const label = n.node.symbol === "" ? "origin text" : `${n.node.symbol}${n.node.rule >= 0 ? ` #${n.node.rule}` : ""}`;
        draw.circle(px(n.x), py(n.y), 5, { color: n.node.rule >= 0 ? "#7aa2f7" : "#e0af68", fill: true });
        draw.text(px(n.x) - 20, py(n.y) - 10, label, { color: "#c0caf5" });
        if (n.node.children.length === 0) draw.text(px(n.x) - 20, py(n.y) + 18, n.node.text.slice(0, 14), { color: "#9ece6a" });
      }
      const words = result.text.split(" ");
      let line = "";
      let row = 0;
      for (const w of words) {
        if ((line + w).length > 80) {
          draw.text(20, 30 + row++ * 20, line, { color: "#e0e0e0" });
          line = "";
        }
        line += `${w} `;
      }
      draw.text(20, 30 + row * 20, line, { color: "#e0e0e0" });
      stats.textContent = `seed ${seed}  flags ${result.flags}  ${result.expansions} symbols expanded`;
    }
    const stop = fixedLoop(() => undefined, render);
    const onClick = () => {
      seed = (seed % 500) + 1;
      seedInput.value = String(seed);
      run();
    };
    canvas.addEventListener("mousedown", onClick);
    return () => {
      stop();
      canvas.removeEventListener("mousedown", onClick);
    };
  },
};

export default page;
