import { createRng } from "@tactica/core";
import { SNAKE_HEIGHT, SNAKE_WIDTH, createSnakeGame, createSnakePrimitives, runSnakeProgram, type SnakeGame } from "@tactica/search";
import type { DemoPage } from "../../demo";
import { button, demoLayout, el, fixedLoop, slider } from "../../ui";
import { SNAKE_DEFAULTS, SNAKE_GAME_SEED, formatProgramTree } from "./evolution";
import type { SnakeWorkerProgress, SnakeWorkerRequest } from "./snake-worker";

const W = 800;
const H = 600;
const CELL = 26;
const OX = 20;
const OY = 40;
/** The fitness chart: plot area in canvas pixels. */
const CHART = { x: 70, y: 372, w: 690, h: 170 };

/** Round tick step for an axis spanning `range` with about `count` ticks (1, 2, 5 × 10^k). */
function tickStep(range: number, count: number): number {
  const raw = Math.max(range, 1) / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * p >= raw) ?? 10) * p;
}

const page: DemoPage = {
  id: "search-snake",
  title: "Genetic programming: Snake",
  package: "search",
  order: 4,
  description:
    "The Snake experiment of 'Application of Genetic Programming to the Snake Game' (Ehlis, 2000): a population of program trees (ifFoodAhead, ifDangerAhead, progn2, …) evolves in a web worker, one generation at a time; the best program so far plays on the 20 × 11 board and is shown as a tree in the panel. Defaults: 300 programs, 10 % subtree mutation (the article uses none and stalls at 3 food). Click the canvas to evolve ten more generations.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const set = createSnakePrimitives();
    let seed = SNAKE_DEFAULTS.seed;
    let population = SNAKE_DEFAULTS.population;
    let mutation = SNAKE_DEFAULTS.mutation;
    let game: SnakeGame = createSnakeGame(createRng(SNAKE_GAME_SEED));
    let speed = 20;
    let acc = 0;
    let progress: SnakeWorkerProgress | null = null;
    let shownProgram: Int16Array | null = null;

    const worker = new Worker(new URL("./snake-worker.ts", import.meta.url), { type: "module" });
    const send = (m: SnakeWorkerRequest) => worker.postMessage(m);
    worker.addEventListener("message", (e: MessageEvent<SnakeWorkerProgress>) => {
      progress = e.data;
      if (shownProgram === null || progress.bestProgram.join() !== shownProgram.join()) {
        shownProgram = progress.bestProgram;
        tree.textContent = formatProgramTree(set, shownProgram);
        game = createSnakeGame(createRng(SNAKE_GAME_SEED));
      }
    });

    function restart(): void {
      progress = null;
      shownProgram = null;
      tree.textContent = "";
      send({ type: "restart", settings: { seed, population, mutation } });
      send({ type: "evolve", generations: 60 });
    }

    function step(dt: number): void {
      if (!shownProgram) return;
      acc += dt * speed;
      while (acc >= 1) {
        acc -= 1;
        if (game.over) game = createSnakeGame(createRng(SNAKE_GAME_SEED));
        else runSnakeProgram(game, shownProgram);
      }
    }

    function drawChart(history: readonly number[]): void {
      const { x, y, w, h } = CHART;
      const gens = Math.max(10, history.length - 1);
      const top = Math.max(5, ...history);
      const bottom = Math.min(0, ...history);
      const px = (g: number) => x + (g / gens) * w;
      const py = (f: number) => y + h - ((f - bottom) / (top - bottom)) * h;
      const axis = { color: "#5b6b84", width: 1 };
      const label = { color: "#9aa7b6" };
      draw.line(x, y + h, x + w, y + h, axis);
      draw.line(x, y, x, y + h, axis);
      const gx = tickStep(gens, 8);
      for (let g = 0; g <= gens; g += gx) {
        draw.line(px(g), y + h, px(g), y + h + 5, axis);
        draw.text(px(g) - 6, y + h + 18, String(g), label);
      }
      const fy = tickStep(top - bottom, 4);
      for (let f = Math.ceil(bottom / fy) * fy; f <= top; f += fy) {
        draw.line(x - 5, py(f), x, py(f), axis);
        draw.line(x, py(f), x + w, py(f), { color: "#1f2937", width: 1 });
        draw.text(x - 34, py(f) + 4, String(f), label);
      }
      draw.text(x + w / 2 - 40, y + h + 36, "generation", label);
      draw.text(8, y - 10, "best fitness (food eaten)", label);
      if (history.length > 1)
        draw.polyline(
          history.map((f, g) => ({ x: px(g), y: py(f) })),
          false,
          { color: "#7aa2f7", width: 2 },
        );
    }

    function render(): void {
      draw.clear();
      draw.rect(OX - 2, OY - 2, SNAKE_WIDTH * CELL + 4, SNAKE_HEIGHT * CELL + 4, { color: "#3b4a63", width: 2 });
      for (let c = 0; c < SNAKE_WIDTH * SNAKE_HEIGHT; c++) {
        const x = OX + (c % SNAKE_WIDTH) * CELL;
        const y = OY + Math.floor(c / SNAKE_WIDTH) * CELL;
        draw.rect(x + 1, y + 1, CELL - 2, CELL - 2, { color: game.occupied[c] === 1 ? "#9ece6a" : "#1a2130", fill: true });
      }
      const head = game.body[game.head]!;
      draw.rect(OX + (head % SNAKE_WIDTH) * CELL + 1, OY + Math.floor(head / SNAKE_WIDTH) * CELL + 1, CELL - 2, CELL - 2, { color: "#e0af68", fill: true });
      if (game.food >= 0)
        draw.circle(OX + (game.food % SNAKE_WIDTH) * CELL + CELL / 2, OY + Math.floor(game.food / SNAKE_WIDTH) * CELL + CELL / 2, CELL / 3, {
          color: "#f7768e",
          fill: true,
        });
      drawChart(progress?.history ?? []);
      const p = progress;
      stats.textContent = p
        ? `generation ${p.generation}${p.pending > 0 ? ` (evolving in a worker, ${p.pending} to go, ${p.msPerGeneration.toFixed(0)} ms each)` : ""}\n` +
          `best fitness (food eaten) ${p.best}; this replay: ${game.eaten} eaten, ${game.moves} moves\n` +
          `best program: ${p.bestProgram.length} nodes (tree in the panel)`
        : "starting the evolution worker…";
    }

    slider(panel, "population", 50, 1000, 50, population, (v) => {
      population = v;
    });
    slider(panel, "mutation", 0, 0.5, 0.05, mutation, (v) => {
      mutation = v;
    });
    slider(panel, "replay speed", 1, 200, 1, speed, (v) => {
      speed = v;
    });
    button(panel, "evolve 10 generations", () => send({ type: "evolve", generations: 10 }));
    button(panel, "restart (new seed)", () => {
      seed++;
      restart();
    });
    panel.insertBefore(el("span", "tree-title", "best program"), stats);
    const tree = el("pre", "gp-tree");
    panel.insertBefore(tree, stats);
    const click = () => send({ type: "evolve", generations: 10 });
    const block = (e: MouseEvent) => e.preventDefault();
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", block);
    restart();
    render();
    const stop = fixedLoop(step, render, 1 / 20);
    return () => {
      stop();
      worker.terminate();
      canvas.removeEventListener("click", click);
      canvas.removeEventListener("contextmenu", block);
    };
  },
};

export default page;
