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
  type Grid,
  hasGridLineOfSight,
  lineOfSightPenalty,
} from "../src";

const W = 16;
const N = W * W;
const mapArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: N, maxLength: N });
const penaltyArb = fc.array(fc.double({ min: -1, max: 6, noNaN: true }), { minLength: N, maxLength: N });
const cornerArb = fc.constantFrom(CornerCutting.Never, CornerCutting.IfOneSideFree, CornerCutting.Always);

function randomGrid(bits: number[], density: number, cornerCutting: CornerCuttingValue): Grid {
  const grid = createGrid(W, W, { cornerCutting });
  for (let i = 0; i < N; i++) if (bits[i]! < density) grid.passable[i] = 0;
  grid.version++;
  return grid;
}

// Independent reference for a segment's penalty: the cells whose interior the segment between
// the two centres crosses (midpoints of the pieces between consecutive cell-boundary crossings),
// the start cell excluded, each counted once; negative penalties count as 0.
function referencePenalty(w: number, penalty: ArrayLike<number>, x0: number, y0: number, x1: number, y1: number): number {
  const ts: number[] = [0, 1];
  const dx = x1 - x0;
  const dy = y1 - y0;
  for (let k = Math.min(x0, x1); k < Math.max(x0, x1); k++) ts.push((k + 0.5 - x0) / dx);
  for (let k = Math.min(y0, y1); k < Math.max(y0, y1); k++) ts.push((k + 0.5 - y0) / dy);
  ts.sort((a, b) => a - b);
  const cells = new Set<number>();
  for (let i = 0; i + 1 < ts.length; i++) {
    if (ts[i + 1]! - ts[i]! < 1e-12) continue;
    const t = (ts[i]! + ts[i + 1]!) / 2;
    cells.add(Math.floor(y0 + 0.5 + dy * t) * w + Math.floor(x0 + 0.5 + dx * t));
  }
  cells.delete(y0 * w + x0);
  let sum = 0;
  for (const c of cells) sum += Math.max(0, penalty[c]!);
  return sum;
}

describe("Theta*-based flow field with a congestion penalty", () => {
  it("an all-zero penalty gives exactly the field without one (all corner rules)", () => {
    fc.assert(
      fc.property(mapArb, fc.nat(N - 1), fc.nat(N - 1), cornerArb, (bits, g1, g2, corner) => {
        const grid = randomGrid(bits, 0.3, corner);
        const s = createGridSearch(grid);
        const plain = createThetaFlowField(grid);
        const zero = createThetaFlowField(grid);
        computeThetaFlowField(plain, s, [g1, g2]);
        computeThetaFlowField(zero, s, [g1, g2], { penalty: new Float64Array(N) });
        expect(Array.from(zero.parent)).toEqual(Array.from(plain.parent));
        expect(Array.from(zero.integration)).toEqual(Array.from(plain.integration));
        expect(zero.losChecks).toBe(plain.losChecks);
      }),
      { numRuns: 40 },
    );
  });

  it("values are the exact chain cost (length + entered cells' penalties), never NaN, strictly rising away from the goal, never above the 8-connected field's", () => {
    fc.assert(
      fc.property(mapArb, penaltyArb, fc.nat(N - 1), cornerArb, (bits, pen, goal, corner) => {
        const grid = randomGrid(bits, 0.25, corner);
        const s = createGridSearch(grid);
        const f = createThetaFlowField(grid);
        const eight = createFlowField(grid);
        computeThetaFlowField(f, s, [goal], { penalty: pen });
        computeFlowField(eight, s, [goal], { penalty: pen });
        for (let c = 0; c < N; c++) {
          const v = f.integration[c]!;
          expect(Number.isNaN(v)).toBe(false);
          expect(v === Infinity).toBe(eight.integration[c] === Infinity);
          if (v === Infinity) continue;
          expect(v).toBeLessThanOrEqual(eight.integration[c]! + 1e-9);
          const p = f.parent[c]!;
          if (p === -1) {
            expect(c).toBe(goal);
            expect(v).toBe(0);
            continue;
          }
          const cx = c % W;
          const cy = Math.floor(c / W);
          const px = p % W;
          const py = Math.floor(p / W);
          expect(hasGridLineOfSight(grid, cx, cy, px, py)).toBe(true);
          const seg = Math.hypot(px - cx, py - cy) + referencePenalty(W, pen, cx, cy, px, py);
          expect(v).toBeCloseTo(f.integration[p]! + seg, 9);
          expect(v).toBeGreaterThan(f.integration[p]!);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("lineOfSightPenalty matches the crossed-cells reference and fails exactly where hasGridLineOfSight does", () => {
    fc.assert(
      fc.property(mapArb, penaltyArb, fc.nat(N - 1), fc.nat(N - 1), cornerArb, (bits, pen, a, b, corner) => {
        const grid = randomGrid(bits, 0.15, corner);
        const ax = a % W;
        const ay = Math.floor(a / W);
        const bx = b % W;
        const by = Math.floor(b / W);
        const v = lineOfSightPenalty(grid, pen, ax, ay, bx, by);
        expect(v >= 0).toBe(hasGridLineOfSight(grid, ax, ay, bx, by));
        if (v >= 0) expect(v).toBeCloseTo(referencePenalty(W, pen, ax, ay, bx, by), 9);
      }),
      { numRuns: 200 },
    );
    const grid = createGrid(W, W);
    expect(lineOfSightPenalty(grid, new Float64Array(N), -1, 0, 3, 3)).toBe(-1);
  });

  // Two routes from the west room to the goal in the east room: a short corridor in the middle
  // row and a longer one along the bottom.
  function twoCorridors(): Grid {
    const grid = createGrid(21, 11);
    for (let y = 0; y < 11; y++) for (let x = 8; x <= 12; x++) grid.passable[y * 21 + x] = y === 5 || y === 10 ? 1 : 0;
    grid.version++;
    return grid;
  }

  function chainCrosses(f: { parent: Int32Array }, from: number, w: number, row: number): boolean {
    // Does the parent chain from `from` cross the wall band (x 8..12) on `row`?
    for (let k = from; f.parent[k] !== -1; k = f.parent[k]!) {
      const p = f.parent[k]!;
      const x0 = k % w;
      const x1 = p % w;
      const y0 = Math.floor(k / w);
      const y1 = Math.floor(p / w);
      if ((x0 <= 10 && x1 >= 10) || (x1 <= 10 && x0 >= 10)) {
        const t = x1 === x0 ? 0 : (10 - x0) / (x1 - x0);
        if (Math.round(y0 + t * (y1 - y0)) === row) return true;
      }
    }
    return false;
  }

  it("routes around a penalised corridor when a detour exists, and still takes it while it stays the cheapest", () => {
    const grid = twoCorridors();
    const s = createGridSearch(grid);
    const goal = 5 * 21 + 20;
    const agent = 5 * 21 + 0;
    const f = createThetaFlowField(grid);
    computeThetaFlowField(f, s, [goal]);
    expect(chainCrosses(f, agent, 21, 5)).toBe(true);
    const free = f.integration[agent]!;
    expect(free).toBeCloseTo(20, 9);
    // A crowd in the middle corridor: 5 cells × 2 = 10 extra, more than the bottom detour's extra length.
    const pen = new Float64Array(21 * 11);
    for (let x = 8; x <= 12; x++) pen[5 * 21 + x] = 2;
    computeThetaFlowField(f, s, [goal], { penalty: pen });
    expect(chainCrosses(f, agent, 21, 10)).toBe(true);
    expect(chainCrosses(f, agent, 21, 5)).toBe(false);
    expect(f.integration[agent]!).toBeLessThan(free + 10);
    // A light crowd (5 × 0.2 = 1 extra): the middle corridor is still the cheapest.
    for (let x = 8; x <= 12; x++) pen[5 * 21 + x] = 0.2;
    computeThetaFlowField(f, s, [goal], { penalty: pen });
    expect(chainCrosses(f, agent, 21, 5)).toBe(true);
    expect(f.integration[agent]!).toBeCloseTo(free + 1, 9);
  });

  it("rejects a short or non-finite penalty", () => {
    const grid = createGrid(4, 4);
    const s = createGridSearch(grid);
    const f = createThetaFlowField(grid);
    for (const pen of [new Float64Array(15), Float64Array.from({ length: 16 }, (_, i) => (i === 3 ? NaN : 0))]) {
      try {
        computeThetaFlowField(f, s, [0], { penalty: pen });
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(TacticaError);
        expect((e as TacticaError).code).toBe(ErrorCodes.InvalidArgument);
      }
    }
  });
});
