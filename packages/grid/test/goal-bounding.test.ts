import fc from "fast-check";
import { TacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  buildGoalBoundsStep,
  computeDistanceField,
  createGoalBounds,
  createGrid,
  createGridPath,
  createGridSearch,
  createJpsPlus,
  expandPath,
  findPathAStarGoalBounded,
  findPathJpsPlus,
  findPathJpsPlusGoalBounded,
  GoalBoundsCoverage,
  goalBoundsFromBytes,
  goalBoundsFromJson,
  goalBoundsMemoryBytes,
  goalBoundsToBytes,
  goalBoundsToJson,
  isGoalBoundsComplete,
  isMoveLegal,
  isPathLegal,
  matchesScenarioLength,
  PathFlags,
  pathCost,
  rebuildGoalBounds,
  setCellCost,
  setCellPassable,
  type CornerCuttingValue,
  type GoalBounds,
  type Grid,
  type GoalBoundsJson,
} from "../src";
import { loadMovingAi } from "./movingai-data";

const RULES: { conn: 4 | 8; corner: CornerCuttingValue }[] = [
  { conn: 8, corner: 0 },
  { conn: 8, corner: 1 },
  { conn: 8, corner: 2 },
  { conn: 4, corner: 0 },
];
const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [-1, -1, 0, 1, 1, 1, 0, -1];

function randomGrid(w: number, h: number, bits: readonly number[], density: number, conn: 4 | 8, corner: CornerCuttingValue): Grid {
  const grid = createGrid(w, h, { connectivity: conn, cornerCutting: corner });
  for (let i = 0; i < w * h; i++) if (bits[i]! < density) grid.passable[i] = 0;
  grid.version++;
  return grid;
}

/** dist[g][n] = optimal cost n → g (moves are symmetric on uniform grids). */
function allPairs(grid: Grid): Float64Array[] {
  const search = createGridSearch(grid);
  const n = grid.width * grid.height;
  const out: Float64Array[] = [];
  for (let g = 0; g < n; g++) {
    const f = new Float64Array(n);
    computeDistanceField(f, search, [g]);
    out.push(f);
  }
  return out;
}

function box(gb: GoalBounds, x: number, y: number, d: number): number[] {
  const row = gb.rowOf[(y + 1) * gb.pw + x + 1]!;
  return Array.from(gb.boxes.subarray(row * 32 + d * 4, row * 32 + d * 4 + 4));
}

const EMPTY = [32767, 32767, -32768, -32768];

const mapArb = fc.tuple(
  fc.integer({ min: 1, max: 9 }),
  fc.integer({ min: 1, max: 9 }),
  fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 81, maxLength: 81 }),
  fc.double({ min: 0, max: 0.45, noNaN: true }),
);

describe("goal bounds", () => {
  for (const { conn, corner } of RULES) {
    it(`equal the brute-force boxes of every optimal first move (${conn}-connected, corner rule ${corner})`, () => {
      fc.assert(
        fc.property(mapArb, ([w, h, bits, density]) => {
          const grid = randomGrid(w, h, bits, density, conn, corner);
          const gb = createGoalBounds(grid);
          const dist = allPairs(grid);
          for (let y = 0; y < h; y++) {
            for (let x = 0; x < w; x++) {
              if (grid.passable[y * w + x] !== 1) continue;
              const n = y * w + x;
              for (let d = 0; d < 8; d++) {
                const want = EMPTY.slice();
                if (isMoveLegal(grid, x, y, DX[d]!, DY[d]!)) {
                  const v = (y + DY[d]!) * w + x + DX[d]!;
                  const step = d & 1 ? Math.SQRT2 : 1;
                  for (let g = 0; g < w * h; g++) {
                    const total = dist[g]![n]!;
                    if (g === n || total === Infinity || Math.abs(step + dist[g]![v]! - total) > 1e-9) continue;
                    const gx = g % w;
                    const gy = (g - gx) / w;
                    want[0] = Math.min(want[0]!, gx);
                    want[1] = Math.min(want[1]!, gy);
                    want[2] = Math.max(want[2]!, gx);
                    want[3] = Math.max(want[3]!, gy);
                  }
                }
                expect(box(gb, x, y, d), `cell ${x},${y} move ${d}`).toEqual(want);
              }
            }
          }
        }),
        { numRuns: 60 },
      );
    });
  }

  it("cover only the JPS+ jump points with JumpPoints coverage", () => {
    const grid = createGrid(12, 9);
    for (const [x, y] of [
      [3, 3],
      [4, 3],
      [8, 5],
      [8, 6],
    ] as const)
      setCellPassable(grid, x, y, false);
    const all = createGoalBounds(grid);
    const jp = createGoalBounds(grid, { coverage: GoalBoundsCoverage.JumpPoints });
    expect(all.rows).toBe(12 * 9 - 4);
    expect(jp.rows).toBeGreaterThan(0);
    expect(jp.rows).toBeLessThan(all.rows / 2);
    // Jump-point rows hold the same boxes as the all-cells rows of the same cells.
    for (let r = 0; r < jp.rows; r++) {
      const p = jp.sources[r]!;
      const ra = all.rowOf[p]!;
      expect(Array.from(jp.boxes.subarray(r * 32, r * 32 + 32))).toEqual(Array.from(all.boxes.subarray(ra * 32, ra * 32 + 32)));
    }
    expect(goalBoundsMemoryBytes(jp)).toBeLessThan(goalBoundsMemoryBytes(all));
  });
});

function checkQueries(grid: Grid, gbs: GoalBounds[], pairs: readonly [number, number][]): void {
  const w = grid.width;
  const n = w * grid.height;
  const search = createGridSearch(grid);
  const jumpOk = grid.connectivity === 4 || grid.cornerCutting === 0;
  const jp = jumpOk ? createJpsPlus(grid) : null;
  const out = createGridPath(grid);
  const plain = createGridPath(grid);
  const cells = new Int32Array(n);
  const field = new Float64Array(n);
  for (const [a, b] of pairs) {
    computeDistanceField(field, search, [b]);
    const expected = grid.passable[a] === 1 && grid.passable[b] === 1 ? field[a]! : Infinity;
    const [sx, sy, gx, gy] = [a % w, Math.floor(a / w), b % w, Math.floor(b / w)];
    const runs: [string, () => void][] = [];
    for (const gb of gbs) {
      if (gb.coverage === GoalBoundsCoverage.AllCells) runs.push([`astar-gb/${gb.coverage}`, () => findPathAStarGoalBounded(out, search, gb, sx, sy, gx, gy)]);
      if (jp !== null) runs.push([`jps-plus-gb/${gb.coverage}`, () => findPathJpsPlusGoalBounded(out, search, jp, gb, sx, sy, gx, gy)]);
    }
    if (jp !== null) findPathJpsPlus(plain, search, jp, sx, sy, gx, gy);
    for (const [label, run] of runs) {
      run();
      if (expected === Infinity) {
        expect(out.flags, label).toBe(PathFlags.NoPath);
        continue;
      }
      expect(out.flags, label).toBe(PathFlags.Found);
      expect(out.cost, label).toBeCloseTo(expected, 9);
      const m = expandPath(cells, grid, out.path, out.length);
      expect(isPathLegal(grid, cells, m), label).toBe(true);
      expect(cells[0]).toBe(a);
      expect(cells[m - 1]).toBe(b);
      expect(pathCost(grid, cells, m)).toBeCloseTo(expected, 9);
      if (jp !== null && label.startsWith("jps")) expect(out.expanded, label).toBeLessThanOrEqual(plain.expanded);
    }
  }
}

describe("goal-bounded searches", () => {
  for (const { conn, corner } of RULES) {
    it(`return Dijkstra's cost and legal paths on random maps (${conn}-connected, corner rule ${corner})`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 18 }),
          fc.integer({ min: 1, max: 18 }),
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 324, maxLength: 324 }),
          fc.double({ min: 0, max: 0.45, noNaN: true }),
          fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 }),
          (w, h, bits, density, raw) => {
            const grid = randomGrid(w, h, bits, density, conn, corner);
            const jumpOk = conn === 4 || corner === 0;
            const gbs = [createGoalBounds(grid)];
            if (jumpOk) gbs.push(createGoalBounds(grid, { coverage: GoalBoundsCoverage.JumpPoints }));
            checkQueries(
              grid,
              gbs,
              raw.map(([s, t]) => [s % (w * h), t % (w * h)] as [number, number]),
            );
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it("matches every optimal length of dao/lak106d and dao/den404d (all scenarios)", () => {
    for (const name of ["lak106d.map", "den404d.map"]) {
      const { map, scenarios } = loadMovingAi("dao", name);
      const grid = map.grid;
      const search = createGridSearch(grid);
      const jp = createJpsPlus(grid);
      const all = createGoalBounds(grid);
      const jumps = createGoalBounds(grid, { coverage: GoalBoundsCoverage.JumpPoints });
      const out = createGridPath(grid);
      const plain = createGridPath(grid);
      const cells = new Int32Array(grid.width * grid.height);
      let bad = 0;
      let gbExpanded = 0;
      let plainExpanded = 0;
      for (const c of scenarios) {
        findPathJpsPlus(plain, search, jp, c.startX, c.startY, c.goalX, c.goalY);
        plainExpanded += plain.expanded;
        for (const gb of [all, jumps]) {
          findPathJpsPlusGoalBounded(out, search, jp, gb, c.startX, c.startY, c.goalX, c.goalY);
          const m = expandPath(cells, grid, out.path, out.length);
          if (!matchesScenarioLength(c, out.cost) || !isPathLegal(grid, cells, m) || out.expanded > plain.expanded) bad++;
          if (gb === all) gbExpanded += out.expanded;
        }
        findPathAStarGoalBounded(out, search, all, c.startX, c.startY, c.goalX, c.goalY);
        if (!matchesScenarioLength(c, out.cost) || !isPathLegal(grid, out.path, out.length)) bad++;
      }
      expect(scenarios.length).toBeGreaterThan(10);
      expect(bad, name).toBe(0);
      expect(gbExpanded).toBeLessThan(plainExpanded);
    }
  });
});

describe("incremental build, invalidation and baking", () => {
  const grid = createGrid(14, 10);
  for (let y = 1; y < 9; y++) setCellPassable(grid, 6, y, false);
  setCellPassable(grid, 10, 4, false);

  it("builds step by step to the same boxes, with optimal queries in between", () => {
    const full = createGoalBounds(grid);
    const step = createGoalBounds(grid, { build: false });
    expect(isGoalBoundsComplete(step)).toBe(false);
    const search = createGridSearch(grid);
    const jp = createJpsPlus(grid);
    const out = createGridPath(grid);
    const ref = createGridPath(grid);
    let calls = 0;
    while (!buildGoalBoundsStep(step, 7)) {
      calls++;
      findPathJpsPlusGoalBounded(out, search, jp, step, 0, 0, 13, 9);
      findPathJpsPlus(ref, search, jp, 0, 0, 13, 9);
      expect(out.cost).toBeCloseTo(ref.cost, 9);
    }
    expect(calls).toBe(Math.ceil(full.rows / 7) - 1);
    expect(isGoalBoundsComplete(step)).toBe(true);
    expect(step.scratch).toBeNull();
    expect(Array.from(step.boxes)).toEqual(Array.from(full.boxes));
    expect(() => buildGoalBoundsStep(step, 0)).toThrow(TacticaError);
  });

  it("throws INVALID_STATE after a map edit until rebuilt", () => {
    const g = createGrid(8, 8);
    const gb = createGoalBounds(g);
    const search = createGridSearch(g);
    const jp = createJpsPlus(g);
    const out = createGridPath(g);
    setCellPassable(g, 3, 3, false);
    expect(() => findPathJpsPlusGoalBounded(out, search, jp, gb, 0, 0, 7, 7)).toThrow(/edited.*rebuildGoalBounds/);
    expect(() => findPathAStarGoalBounded(out, search, gb, 0, 0, 7, 7)).toThrowError(expect.objectContaining({ code: "INVALID_STATE" }));
    expect(() => buildGoalBoundsStep(gb, 1)).toThrow(TacticaError);
    rebuildGoalBounds(gb);
    expect(gb.builds).toBe(2);
    expect(gb.rows).toBe(63);
    findPathJpsPlusGoalBounded(out, search, jp, gb, 3, 2, 3, 4);
    expect(out.cost).toBe(4); // around the blocked cell: no corner cutting
    setCellCost(g, 1, 1, 2);
    expect(() => rebuildGoalBounds(gb)).toThrow(/uniform-cost/);
  });

  it("rejects bad input with TacticaError", () => {
    const costly = createGrid(4, 4, { withCost: true });
    expect(() => createGoalBounds(costly)).toThrow(/grid.cost/);
    const cutting = createGrid(4, 4, { cornerCutting: 2 });
    expect(() => createGoalBounds(cutting, { coverage: GoalBoundsCoverage.JumpPoints })).toThrow(/cornerCutting/);
    expect(() => createGoalBounds(grid, { coverage: 5 as never })).toThrow(/coverage/);
    const gb = createGoalBounds(grid);
    const other = createGrid(14, 10);
    const out = createGridPath(other);
    expect(() => findPathAStarGoalBounded(out, createGridSearch(other), gb, 0, 0, 1, 1)).toThrow(/another grid/);
    expect(() => findPathJpsPlusGoalBounded(out, createGridSearch(grid), createJpsPlus(grid), gb, 0, 0, 14, 1)).toThrow(/goal/);
  });

  it("round-trips through JSON and bytes and validates what it loads", () => {
    const gb = createGoalBounds(grid, { coverage: GoalBoundsCoverage.JumpPoints });
    const json = JSON.parse(JSON.stringify(goalBoundsToJson(gb))) as GoalBoundsJson;
    const fromJson = goalBoundsFromJson(grid, json);
    const fromBytes = goalBoundsFromBytes(grid, goalBoundsToBytes(gb));
    for (const back of [fromJson, fromBytes]) {
      expect(back.coverage).toBe(gb.coverage);
      expect(Array.from(back.sources)).toEqual(Array.from(gb.sources));
      expect(Array.from(back.boxes)).toEqual(Array.from(gb.boxes));
      expect(Array.from(back.rowOf)).toEqual(Array.from(gb.rowOf));
      expect(isGoalBoundsComplete(back)).toBe(true);
    }
    const search = createGridSearch(grid);
    const out = createGridPath(grid);
    findPathJpsPlusGoalBounded(out, search, createJpsPlus(grid), fromBytes, 0, 0, 13, 9);
    expect(out.cost).toBeCloseTo(findPathJpsPlus(createGridPath(grid), search, createJpsPlus(grid), 0, 0, 13, 9).cost, 9);

    const wider = createGrid(15, 10);
    expect(() => goalBoundsFromJson(wider, json)).toThrow(/width is 14 but the grid's width is 15/);
    expect(() => goalBoundsFromBytes(wider, goalBoundsToBytes(gb))).toThrow(/width/);
    expect(() => goalBoundsFromJson(grid, { ...json, version: 99 })).toThrow(/version is 99/);
    const edited = createGrid(14, 10);
    expect(() => goalBoundsFromJson(edited, json)).toThrow(/passableHash/);
    expect(() => goalBoundsFromJson(grid, { ...json, boxes: json.boxes.slice(1) })).toThrow(/boxes has/);
    expect(() => goalBoundsFromJson(grid, { ...json, sources: [99999, ...json.sources.slice(1)] })).toThrow(/sources\[0\]/);
    expect(() => goalBoundsFromBytes(grid, goalBoundsToBytes(gb).subarray(0, 40))).toThrow(/bytes/);
    expect(() => goalBoundsFromBytes(grid, new Uint8Array(8))).toThrowError(expect.objectContaining({ code: "INVALID_DEFINITION" }));
    const partial = createGoalBounds(grid, { build: false });
    expect(() => goalBoundsToJson(partial)).toThrow(/rows are built/);
  });
});
