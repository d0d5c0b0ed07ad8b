/// <reference lib="webworker" />
import { createSnakeEvolution, evolveSnakeGeneration, type SnakeEvolution, type SnakeEvolutionSettings } from "./evolution";

// Runs the Snake evolution off the main thread. Messages in: {type:"restart", settings} and
// {type:"evolve", generations}. Out, after every generation: a progress message with the history
// and the best program, so the page stays responsive and shows progress while a batch runs.

/** Messages the page sends. */
export type SnakeWorkerRequest =
  { readonly type: "restart"; readonly settings: SnakeEvolutionSettings } | { readonly type: "evolve"; readonly generations: number };
/** Progress the worker posts after each generation. */
export interface SnakeWorkerProgress {
  readonly generation: number;
  readonly pending: number;
  readonly history: readonly number[];
  readonly best: number;
  readonly bestProgram: Int16Array;
  readonly msPerGeneration: number;
}

let run: SnakeEvolution | null = null;
let pending = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let last = 0;

function post(): void {
  if (!run) return;
  const message: SnakeWorkerProgress = {
    generation: run.gp.generation,
    pending,
    history: run.history,
    best: run.gp.bestFitness,
    bestProgram: run.gp.bestProgram,
    msPerGeneration: last,
  };
  postMessage(message);
}

// One generation per task, so a "restart" arriving mid-batch is handled between generations.
function tick(): void {
  timer = undefined;
  if (!run || pending <= 0) return;
  const t = performance.now();
  evolveSnakeGeneration(run);
  last = performance.now() - t;
  pending--;
  post();
  if (pending > 0) timer = setTimeout(tick, 0);
}

addEventListener("message", (e: MessageEvent<SnakeWorkerRequest>) => {
  const m = e.data;
  if (m.type === "restart") {
    run = createSnakeEvolution(m.settings);
    pending = 0;
  } else {
    pending += m.generations;
  }
  post();
  if (pending > 0 && timer === undefined) timer = setTimeout(tick, 0);
});
