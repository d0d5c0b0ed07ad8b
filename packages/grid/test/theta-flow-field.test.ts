import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCodes, TacticaError } from "@tactica/core";
import {
  computeFlowField,
  computeThetaFlowField,
  createFlowField,
  createGrid,
  createGridSearch,
  createThetaFlowField,
  CornerCutting,
  type CornerCuttingValue,
  hasGridLineOfSight,
  thetaFlowFieldDirectionAt,
  type Grid,
} from "../src";

function randomGrid(w: number, h: number, bits: number[], density: number, cornerCutting: CornerCuttingValue = CornerCutting.Never): Grid {
  const grid = createGrid(w, h, { cornerCutting });
  for (let i = 0; i < w * h; i++) if (bits[i]! < density) grid.passable[i] = 0;
  grid.version++;
  return grid;
}

const W = 16;
const N = W * W;
const mapArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: N, maxLength: N });

describe("Theta*-based flow field", () => {
  it("costs never exceed the 8-connected field's, and reachability is the same (all corner rules)", () => {
    fc.assert(
      fc.property(
        mapArb,
        fc.nat(N - 1),
        fc.nat(N - 1),
        fc.constantFrom(CornerCutting.Never, CornerCutting.IfOneSideFree, CornerCutting.Always),
        (bits, g1, g2, corner) => {
          const grid = randomGrid(W, W, bits, 0.3, corner);
          const s = createGridSearch(grid);
          const eight = createFlowField(grid);
          const any = createThetaFlowField(grid);
          computeFlowField(eight, s, [g1, g2]);
          computeThetaFlowField(any, s, [g1, g2]);
          for (let c = 0; c < N; c++) {
            const a = any.integration[c]!;
            const e = eight.integration[c]!;
            expect(a === Infinity).toBe(e === Infinity);
            if (e !== Infinity) expect(a).toBeLessThanOrEqual(e + 1e-9);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("every parent is in line of sight, the chain ends at a goal and integration is its exact length (all corner rules)", () => {
    fc.assert(
      fc.property(mapArb, fc.nat(N - 1), fc.constantFrom(CornerCutting.Never, CornerCutting.IfOneSideFree, CornerCutting.Always), (bits, goal, corner) => {
        const grid = randomGrid(W, W, bits, 0.3, corner);
        const s = createGridSearch(grid);
        const f = createThetaFlowField(grid);
        computeThetaFlowField(f, s, [goal]);
        for (let c = 0; c < N; c++) {
          const p = f.parent[c]!;
          if (p === -1) {
            expect(f.integration[c] === 0 || f.integration[c] === Infinity).toBe(true);
            if (f.integration[c] === 0) expect(c).toBe(goal);
            continue;
          }
          expect(hasGridLineOfSight(grid, c % W, Math.floor(c / W), p % W, Math.floor(p / W))).toBe(true);
          expect(hasGridLineOfSight(grid, p % W, Math.floor(p / W), c % W, Math.floor(c / W))).toBe(true);
          let k = c;
          let len = 0;
          let steps = 0;
          while (f.parent[k] !== -1) {
            const q = f.parent[k]!;
            len += Math.hypot((q % W) - (k % W), Math.floor(q / W) - Math.floor(k / W));
            k = q;
            expect(++steps).toBeLessThanOrEqual(N);
          }
          expect(k).toBe(goal);
          expect(f.integration[c]!).toBeCloseTo(len, 9);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("an agent following directionAt from random cells reaches the goal without entering a wall", () => {
    fc.assert(
      fc.property(mapArb, fc.nat(N - 1), fc.array(fc.nat(N - 1), { minLength: 5, maxLength: 5 }), (bits, goal, starts) => {
        const grid = randomGrid(W, W, bits, 0.25);
        const s = createGridSearch(grid);
        const f = createThetaFlowField(grid);
        computeThetaFlowField(f, s, [goal]);
        const dir = { x: 0, y: 0 };
        for (const start of starts) {
          if (f.integration[start] === Infinity) {
            expect(thetaFlowFieldDirectionAt(dir, f, start % W, Math.floor(start / W))).toBe(false);
            continue;
          }
          // Steer from cell centre to the centre of the cell's parent, then read the field again.
          let x = (start % W) + 0.5;
          let y = Math.floor(start / W) + 0.5;
          let hops = 0;
          while (thetaFlowFieldDirectionAt(dir, f, x, y)) {
            const c = Math.floor(y) * W + Math.floor(x);
            const p = f.parent[c]!;
            const tx = (p % W) + 0.5;
            const ty = Math.floor(p / W) + 0.5;
            const dist = Math.hypot(tx - x, ty - y);
            expect(Math.hypot(dir.x, dir.y)).toBeCloseTo(1, 12);
            expect(dir.x * (tx - x) + dir.y * (ty - y)).toBeCloseTo(dist, 9);
            for (let t = 0.05; t < dist; t += 0.05) expect(grid.passable[Math.floor(y + dir.y * t) * W + Math.floor(x + dir.x * t)]).toBe(1);
            x = tx;
            y = ty;
            expect(++hops).toBeLessThanOrEqual(N);
          }
          expect(Math.floor(y) * W + Math.floor(x)).toBe(goal);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("points straight at the goal across an open room (directions are not limited to 8) and makes fewer LOS tests than cells × neighbours", () => {
    const grid = createGrid(20, 20);
    const s = createGridSearch(grid);
    const f = createThetaFlowField(grid);
    computeThetaFlowField(f, s, [0]);
    const dir = { x: 0, y: 0 };
    expect(thetaFlowFieldDirectionAt(dir, f, 19.5, 9.2)).toBe(true);
    expect(dir.x).toBeCloseTo(-19 / Math.hypot(19, 9), 12);
    expect(dir.y).toBeCloseTo(-9 / Math.hypot(19, 9), 12);
    expect(f.integration[9 * 20 + 19]!).toBeCloseTo(Math.hypot(19, 9), 12);
    expect(f.parent[9 * 20 + 19]).toBe(0);
    expect(thetaFlowFieldDirectionAt(dir, f, 0, 0)).toBe(false);
    expect(thetaFlowFieldDirectionAt(dir, f, -1, 3)).toBe(false);
    expect(f.losChecks).toBeGreaterThan(0);
    expect(f.losChecks).toBeLessThan(400 * 8);
  });

  it("goes around a wall in few straight segments, much shorter than the 8-connected field", () => {
    const grid = createGrid(9, 9);
    for (let y = 0; y < 7; y++) grid.passable[y * 9 + 4] = 0;
    grid.version++;
    const s = createGridSearch(grid);
    const f = createThetaFlowField(grid);
    computeThetaFlowField(f, s, [0]);
    const eight = createFlowField(grid);
    computeFlowField(eight, s, [0]);
    let k = 8;
    let vertices = 1;
    while (f.parent[k] !== -1) {
      k = f.parent[k]!;
      vertices++;
    }
    expect(k).toBe(0);
    expect(vertices).toBeLessThanOrEqual(4);
    // Around the wall end (4, 7): the Euclidean lower bound is |(8,0)(4,7)| + |(4,7)(0,0)|.
    expect(f.integration[8]!).toBeLessThan(eight.integration[8]! - 1);
    expect(f.integration[8]!).toBeGreaterThanOrEqual(2 * Math.hypot(4, 7) - 1e-9);
  });

  it("throws on misuse", () => {
    const grid = createGrid(4, 4);
    const s = createGridSearch(grid);
    const bad = (fn: () => void): void => {
      try {
        fn();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(TacticaError);
        expect((e as TacticaError).code).toBe(ErrorCodes.InvalidArgument);
        expect((e as Error).message).toMatch(/^@tactica\/grid: computeThetaFlowField:/);
      }
    };
    bad(() => computeThetaFlowField(createThetaFlowField(createGrid(3, 4)), s, [0]));
    bad(() => computeThetaFlowField(createThetaFlowField(grid), s, [16]));
    const four = createGrid(4, 4, { connectivity: 4 });
    bad(() => computeThetaFlowField(createThetaFlowField(four), createGridSearch(four), [0]));
  });
});
