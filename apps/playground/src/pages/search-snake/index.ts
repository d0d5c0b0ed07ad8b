import { createRng, type Rng } from "@tactica/core";
import {
  SNAKE_HEIGHT,
  SNAKE_WIDTH,
  createGeneticProgramming,
  createSnakeGame,
  createSnakePrimitives,
  evaluateGp,
  formatGpProgram,
  playSnake,
  runSnakeProgram,
  stepGp,
  type GeneticProgramming,
  type SnakeGame,
} from "@tactica/search";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;
const CELL = 26;
const OX = 20;
const OY = 40;

const page: DemoPage = {
  id: "search-snake",
  title: "Genetic programming: Snake",
  package: "search",
  order: 4,
  description:
    "The Snake experiment of 'Application of Genetic Programming to the Snake Game': a population of program trees (ifFoodAhead, ifDangerAhead, progn2, …) evolves one generation at a time; the best program so far plays on the 20 × 11 board. Click the canvas to evolve ten more generations.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const set = createSnakePrimitives();
    let seed = 1;
    let population = 300;
    let rng: Rng = createRng(seed);
    let gp: GeneticProgramming;
    let pending = 0;
    let game: SnakeGame = createSnakeGame(createRng(7));
    let speed = 20;
    let acc = 0;
    const history: number[] = [];
    const fitness = (p: Int16Array) => playSnake(p, createRng(7));

    function restart(): void {
      rng = createRng(seed);
      gp = createGeneticProgramming(set, { populationSize: population, initialDepth: [2, 5] }, rng);
      evaluateGp(gp, fitness);
      history.length = 0;
      history.push(gp.bestFitness);
      pending = 10;
      game = createSnakeGame(createRng(7));
    }

    function step(dt: number): void {
      if (pending > 0) {
        stepGp(gp, rng);
        evaluateGp(gp, fitness);
        history.push(gp.bestFitness);
        pending--;
        game = createSnakeGame(createRng(7));
      }
      acc += dt * speed;
      while (acc >= 1) {
        acc -= 1;
        if (game.over) game = createSnakeGame(createRng(7));
        else runSnakeProgram(game, gp.bestProgram);
      }
    }

    function render(): void {
      draw.clear();
      draw.rect(OX - 2, OY - 2, SNAKE_WIDTH * CELL + 4, SNAKE_HEIGHT * CELL + 4, { color: "#3b4a63", width: 2 });
      for (let c = 0; c < SNAKE_WIDTH * SNAKE_HEIGHT; c++) {
        const x = OX + (c % SNAKE_WIDTH) * CELL;
        const y = OY + Math.floor(c / SNAKE_WIDTH) * CELL;
        if (game.occupied[c] === 1) draw.rect(x + 1, y + 1, CELL - 2, CELL - 2, { color: "#9ece6a", fill: true });
        else draw.rect(x + 1, y + 1, CELL - 2, CELL - 2, { color: "#1a2130", fill: true });
      }
      const head = game.body[game.head]!;
      draw.rect(OX + (head % SNAKE_WIDTH) * CELL + 1, OY + Math.floor(head / SNAKE_WIDTH) * CELL + 1, CELL - 2, CELL - 2, { color: "#e0af68", fill: true });
      if (game.food >= 0)
        draw.circle(OX + (game.food % SNAKE_WIDTH) * CELL + CELL / 2, OY + Math.floor(game.food / SNAKE_WIDTH) * CELL + CELL / 2, CELL / 3, {
          color: "#f7768e",
          fill: true,
        });
      // Best fitness per generation.
      const gx = OX;
      const gy = 560;
      const max = Math.max(10, ...history);
      const pts = history.map((f, i) => ({ x: gx + (i * 520) / Math.max(1, history.length - 1), y: gy - (Math.max(0, f) / max) * 200 }));
      draw.line(gx, gy, gx + 520, gy, { color: "#3b4a63" });
      if (pts.length > 1) draw.polyline(pts, false, { color: "#7aa2f7", width: 2 });
      draw.text(gx + 530, gy - 200, `best ${gp.bestFitness}`, { color: "#7aa2f7" });
      stats.textContent =
        `generation ${gp.generation}${pending > 0 ? ` (evolving, ${pending} to go)` : ""}\n` +
        `best fitness (food eaten) ${gp.bestFitness}; this replay: ${game.eaten} eaten, ${game.moves} moves\n` +
        `best program (${gp.bestProgram.length} nodes):\n${formatGpProgram(set, gp.bestProgram).slice(0, 400)}`;
    }

    slider(panel, "population", 50, 1000, 50, population, (v) => {
      population = v;
    });
    slider(panel, "replay speed", 1, 200, 1, speed, (v) => {
      speed = v;
    });
    button(panel, "evolve 10 generations", () => {
      pending += 10;
    });
    button(panel, "restart (new seed)", () => {
      seed++;
      restart();
    });
    const click = () => {
      pending += 10;
    };
    const block = (e: MouseEvent) => e.preventDefault();
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", block);
    restart();
    render();
    const stop = fixedLoop(step, render, 1 / 20);
    return () => {
      stop();
      canvas.removeEventListener("click", click);
      canvas.removeEventListener("contextmenu", block);
    };
  },
};

export default page;
