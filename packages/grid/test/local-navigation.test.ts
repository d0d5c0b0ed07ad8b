import { describe, expect, it } from "vitest";
import { createRng } from "@tactica/core";
import {
  createGrid,
  createLocalAgent,
  LocalMethod,
  LocalStatus,
  setCellPassable,
  stepLocalAgent,
  WallSide,
  type Grid,
  type LocalMethodValue,
  type WallSideValue,
} from "../src";

function rect(grid: Grid, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) setCellPassable(grid, x, y, false);
}

/** Disjoint convex (rectangular) obstacles between start and goal. */
function convexMap(): Grid {
  const g = createGrid(40, 30);
  rect(g, 10, 8, 14, 20);
  rect(g, 22, 2, 26, 12);
  rect(g, 22, 16, 27, 27);
  return g;
}

/** A C-shaped obstacle opening towards the start, goal behind it. */
function cupMap(): Grid {
  const g = createGrid(40, 30);
  rect(g, 25, 5, 26, 25); // back wall
  rect(g, 12, 5, 26, 6); // top arm
  rect(g, 12, 24, 26, 25); // bottom arm
  return g;
}

function run(
  grid: Grid,
  method: LocalMethodValue,
  side: WallSideValue,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  seed = 1,
  maxSteps = 3000,
): { status: number; steps: number } {
  const agent = createLocalAgent(sx, sy, method, { side });
  const rng = createRng(seed);
  for (let i = 0; i < maxSteps; i++) {
    const s = stepLocalAgent(agent, grid, gx, gy, { rng });
    if (s !== LocalStatus.Moving) return { status: s, steps: agent.steps };
    expect(grid.passable[agent.y * grid.width + agent.x]).toBe(1);
  }
  return { status: LocalStatus.Moving, steps: agent.steps };
}

describe("local navigation", () => {
  it("crash and turn reaches the goal around disjoint convex obstacles, with either side rule", () => {
    for (const side of [WallSide.LeastDeviation, WallSide.Left, WallSide.Right, WallSide.Random]) {
      for (const [sx, sy, gx, gy] of [
        [2, 14, 37, 15],
        [2, 2, 37, 27],
        [37, 27, 1, 20],
      ] as const) {
        expect(run(convexMap(), LocalMethod.CrashAndTurn, side, sx, sy, gx, gy, 7).status).toBe(LocalStatus.Arrived);
      }
    }
  });

  it("crash and turn loops in a C-shaped obstacle, and the loop is detected", () => {
    const r = run(cupMap(), LocalMethod.CrashAndTurn, WallSide.LeastDeviation, 2, 15, 35, 15);
    expect(r.status).toBe(LocalStatus.Stuck);
  });

  it("tracing escapes the C-shape with both exits (start–goal line, regained sight)", () => {
    for (const m of [LocalMethod.TraceToLine, LocalMethod.TraceToSight]) {
      for (const side of [WallSide.Left, WallSide.Right]) {
        expect(run(cupMap(), m, side, 2, 15, 35, 15).status).toBe(LocalStatus.Arrived);
      }
      expect(run(convexMap(), m, WallSide.LeastDeviation, 2, 14, 37, 14).status).toBe(LocalStatus.Arrived);
    }
    expect(run(convexMap(), LocalMethod.TraceToLine, WallSide.LeastDeviation, 2, 2, 37, 27).status).toBe(LocalStatus.Arrived);
  });

  it("tracing to sight fails when sight never returns while circling an obstacle", () => {
    // From every cell around the first block the goal hides behind the third one: the agent
    // circles the first block once and reports Stuck (the start–goal-line exit succeeds, above).
    expect(run(convexMap(), LocalMethod.TraceToSight, WallSide.LeastDeviation, 2, 2, 37, 27).status).toBe(LocalStatus.Stuck);
  });

  it("tracing reports Stuck when the goal is walled in", () => {
    const g = createGrid(30, 20);
    rect(g, 18, 5, 26, 5);
    rect(g, 18, 15, 26, 15);
    rect(g, 18, 5, 18, 15);
    rect(g, 26, 5, 26, 15);
    expect(run(g, LocalMethod.TraceToLine, WallSide.Right, 2, 10, 22, 10).status).toBe(LocalStatus.Stuck);
    expect(run(g, LocalMethod.TraceToSight, WallSide.Left, 2, 10, 22, 10).status).toBe(LocalStatus.Stuck);
  });

  it("random moves work with few obstacles and fail in a C-shape", () => {
    const open = createGrid(30, 20);
    rect(open, 14, 9, 15, 10);
    expect(run(open, LocalMethod.RandomMove, WallSide.LeastDeviation, 2, 10, 27, 10, 3).status).toBe(LocalStatus.Arrived);
    const r = run(cupMap(), LocalMethod.RandomMove, WallSide.LeastDeviation, 20, 15, 35, 15, 3, 2000);
    expect(r.status).toBe(LocalStatus.Moving); // still wandering inside the cup after 2000 steps
  });

  it("needs an Rng for the random rules", () => {
    const agent = createLocalAgent(0, 0, LocalMethod.RandomMove);
    expect(() => stepLocalAgent(agent, createGrid(5, 5), 4, 4)).toThrow(/rng/);
  });
});
