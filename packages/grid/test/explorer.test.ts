import { describe, expect, it } from "vitest";
import { createExplorer, createGrid, LocalStatus, setCellPassable, startExplorerTrip, stepExplorer, type Explorer, type Grid } from "../src";

function rect(grid: Grid, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) setCellPassable(grid, x, y, false);
}

function trip(grid: Grid, ex: Explorer, gx: number, gy: number): { status: number; steps: number } {
  startExplorerTrip(ex, gx, gy);
  for (let i = 0; i < 20000; i++) {
    const s = stepExplorer(ex, grid);
    if (s !== LocalStatus.Moving) return { status: s, steps: ex.steps };
    expect(grid.passable[ex.y * grid.width + ex.x]).toBe(1);
  }
  return { status: LocalStatus.Moving, steps: ex.steps };
}

/** A C-shaped trap between start and goal: greedy direction-following walks into it. */
function trapMap(): Grid {
  const g = createGrid(40, 30);
  rect(g, 25, 5, 26, 25);
  rect(g, 12, 5, 26, 6);
  rect(g, 12, 24, 26, 25);
  return g;
}

describe("human-like explorer", () => {
  it("backs out of a dead-end corridor, and a second trip to the same goal avoids it", () => {
    // A wall with a gap at the bottom, and a closed corridor pointing straight at the goal.
    const g = createGrid(40, 30);
    rect(g, 25, 0, 25, 27);
    rect(g, 10, 14, 24, 14);
    rect(g, 10, 16, 24, 16);
    const ex = createExplorer(g, 2, 15);
    const first = trip(g, ex, 35, 15);
    expect(first.status).toBe(LocalStatus.Arrived);
    expect(ex.failed[15 * 40 + 24]).toBe(1); // the corridor's end was marked tried and failed
    // Put the agent back at the start (plain data) and go to the same goal again.
    ex.x = 2;
    ex.y = 15;
    const second = trip(g, ex, 35, 15);
    expect(second.status).toBe(LocalStatus.Arrived);
    expect(second.steps).toBeLessThan(first.steps);
    // A new goal resets the dead-end marks (a dead end for one goal may lead to another).
    startExplorerTrip(ex, 20, 15);
    expect(ex.failed[15 * 40 + 24]).toBe(0);
  });

  it("escapes a C-shaped trap", () => {
    const ex = createExplorer(trapMap(), 2, 15);
    expect(trip(trapMap(), ex, 35, 15).status).toBe(LocalStatus.Arrived);
  });

  it("reports Stuck when the goal is walled in", () => {
    const g = createGrid(20, 20);
    rect(g, 10, 10, 14, 10);
    rect(g, 10, 14, 14, 14);
    rect(g, 10, 10, 10, 14);
    rect(g, 14, 10, 14, 14);
    const ex = createExplorer(g, 0, 0);
    expect(trip(g, ex, 12, 12).status).toBe(LocalStatus.Stuck);
  });

  it("only ever looks at its neighbours", () => {
    const g = trapMap();
    const ex = createExplorer(g, 2, 15);
    trip(g, ex, 35, 15);
    // Cells far from every visited cell stay unknown.
    expect(ex.known[0]).toBe(0);
    expect(ex.known[29 * 40 + 39]).toBe(0);
  });
});
