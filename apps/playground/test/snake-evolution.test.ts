import { describe, expect, it } from "vitest";
import { SNAKE_DEFAULTS, createSnakeEvolution, evolveSnakeGeneration, formatProgramTree } from "../src/pages/search-snake/evolution";

// The run behind the Snake page (what its web worker computes), with the page's default settings.

describe("Snake evolution with the page's defaults", () => {
  it("best fitness visibly improves within 60 generations (seeded, stops as soon as it has)", () => {
    const run = createSnakeEvolution(SNAKE_DEFAULTS);
    const initial = run.gp.bestFitness;
    // Default seed 1 measured: 2 at generation 0, 9 by 15, 16 by 20, 49 by 60.
    let g = 0;
    while (g < 60 && run.gp.bestFitness < initial + 6) {
      evolveSnakeGeneration(run);
      g++;
    }
    expect(initial).toBeLessThanOrEqual(3);
    expect(run.gp.bestFitness, `best after ${g} generations`).toBeGreaterThanOrEqual(initial + 6);
    expect(run.history.length).toBe(g + 1);
    // Never worse than before: the history is the best so far.
    for (let i = 1; i < run.history.length; i++) expect(run.history[i]!).toBeGreaterThanOrEqual(run.history[i - 1]!);
  });

  it("prints a program as a tree, one node per line", () => {
    const run = createSnakeEvolution({ ...SNAKE_DEFAULTS, population: 20 });
    const names = run.set.names;
    const program = Int16Array.of(
      names.indexOf("ifFoodAhead"),
      names.indexOf("forward"),
      names.indexOf("progn2"),
      names.indexOf("left"),
      names.indexOf("right"),
    );
    expect(formatProgramTree(run.set, program)).toBe(["ifFoodAhead", "├─ forward", "└─ progn2", "   ├─ left", "   └─ right"].join("\n"));
  });
});
