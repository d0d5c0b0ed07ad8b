import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCodes, TacticaError } from "@tactica/core";
import {
  computeDStarLite,
  computeDStarLitePath,
  computeLpaStarPath,
  createDStarLite,
  createGrid,
  createGridPath,
  createGridSearch,
  createLpaStar,
  CornerCutting,
  dStarLiteNextCell,
  findPathAStar,
  findPathDijkstra,
  Heuristics,
  isPathLegal,
  moveDStarLiteStart,
  notifyDStarLiteCellChanged,
  notifyLpaStarCellChanged,
  PathFlags,
  pathCost,
  setCellCost,
  setCellPassable,
  setDStarLiteEndpoints,
  setLpaStarEndpoints,
  wasDStarLiteCellExpanded,
  writeDStarLitePath,
  octileDistance,
  type DStarLite,
} from "../src";

const W = 20;
const N = W * W;

// The invariant the key modifier km maintains: every queued key is at most the key the node
// would get now (min(g, rhs) + h(agent, node) + km), however far the agent moved since.
function expectKeysAreLowerBounds(d: DStarLite): void {
  const pw = d.pw;
  const sx = d.start % pw;
  const sy = Math.floor(d.start / pw);
  for (let i = 0; i < d.heapSize; i++) {
    const u = d.heapIds[i]!;
    const m = Math.min(d.g[u]!, d.rhs[u]!);
    const dx = Math.abs((u % pw) - sx);
    const dy = Math.abs(Math.floor(u / pw) - sy);
    const h = d.grid.connectivity === 4 ? dx + dy : octileDistance(0, 0, dx, dy);
    expect(d.heapK2[i]).toBe(m);
    expect(d.heapK1[i]!).toBeLessThanOrEqual(m + d.hScale * h + d.km + 1e-9);
  }
}

describe("D* Lite", () => {
  it("follows a moving agent through random edits: cost equals a fresh Dijkstra's, paths are legal (all rules, terrain costs)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: N, maxLength: N }),
        fc.nat(N - 1),
        fc.nat(N - 1),
        fc.constantFrom(4 as const, 8 as const),
        fc.constantFrom(CornerCutting.Never, CornerCutting.IfOneSideFree, CornerCutting.Always),
        fc.boolean(),
        // Per step: up to three edits, each (cell, kind): kind < 0.6 toggles passability, else sets a cost.
        // Most steps have no edit, so the agent often moves several cells between repairs (km grows).
        fc.array(
          fc.oneof(
            fc.constant([]),
            fc.constant([]),
            fc.array(fc.tuple(fc.nat(N - 1), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 4 }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        (bits, s, t, conn, corner, costs, steps) => {
          const grid = createGrid(W, W, { connectivity: conn, cornerCutting: corner, withCost: costs });
          for (let i = 0; i < N; i++) {
            if (bits[i]! < 0.25) grid.passable[i] = 0;
            else if (costs) grid.cost![i] = 1 + Math.floor(bits[i]! * 8) / 2;
          }
          grid.version++;
          const d = createDStarLite(grid);
          const search = createGridSearch(grid);
          const out = createGridPath(grid);
          const ref = createGridPath(grid);
          let agent = s;
          setDStarLiteEndpoints(d, s % W, Math.floor(s / W), t % W, Math.floor(t / W));
          for (let k = 0; k <= steps.length; k++) {
            if (k > 0) {
              for (const [c, kind] of steps[k - 1]!) {
                const x = c % W;
                const y = Math.floor(c / W);
                if (kind < 0.6 || !costs) setCellPassable(grid, x, y, grid.passable[c] !== 1);
                else setCellCost(grid, x, y, 0.5 + kind * 4);
                notifyDStarLiteCellChanged(d, x, y);
              }
            }
            computeDStarLitePath(out, d);
            expectKeysAreLowerBounds(d);
            findPathDijkstra(ref, search, agent % W, Math.floor(agent / W), t % W, Math.floor(t / W));
            if (ref.flags === PathFlags.NoPath) {
              expect(out.flags).toBe(PathFlags.NoPath);
              expect(dStarLiteNextCell(d)).toBe(-1);
              continue;
            }
            expect(out.flags).toBe(PathFlags.Found);
            expect(out.cost).toBeCloseTo(ref.cost, 9);
            expect(out.path[0]).toBe(agent);
            expect(out.path[out.length - 1]).toBe(t);
            expect(isPathLegal(grid, out.path, out.length)).toBe(true);
            expect(pathCost(grid, out.path, out.length)).toBeCloseTo(ref.cost, 9);
            // Walk one step along the plan.
            const next = dStarLiteNextCell(d);
            expect(next).toBe(out.length > 1 ? out.path[1] : agent);
            agent = next;
            moveDStarLiteStart(d, agent % W, Math.floor(agent / W));
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it("repairs a localized change with far fewer expansions than planning from scratch", () => {
    // A wall with a gap at the bottom: the first plan floods much of the map.
    const grid = createGrid(80, 40);
    for (let y = 0; y < 39; y++) setCellPassable(grid, 40, y, false);
    const d = createDStarLite(grid);
    const out = createGridPath(grid);
    setDStarLiteEndpoints(d, 0, 0, 79, 0);
    computeDStarLitePath(out, d);
    const first = d.expanded;
    // Walk a third of the way, then put a pillar on the path a few steps ahead of the agent
    // (the search runs from the goal, so changes near the agent are the cheap ones to repair).
    const at = Math.floor(out.length / 3);
    const agent = out.path[at]!;
    moveDStarLiteStart(d, agent % 80, Math.floor(agent / 80));
    const c = out.path[at + 4]!;
    setCellPassable(grid, c % 80, Math.floor(c / 80), false);
    notifyDStarLiteCellChanged(d, c % 80, Math.floor(c / 80));
    computeDStarLitePath(out, d);
    const repair = d.expanded;
    const scratch = createDStarLite(grid);
    setDStarLiteEndpoints(scratch, agent % 80, Math.floor(agent / 80), 79, 0);
    computeDStarLite(scratch);
    const astar = findPathAStar(createGridPath(grid), createGridSearch(grid), agent % 80, Math.floor(agent / 80), 79, 0, { heuristic: Heuristics.Octile });
    expect(out.cost).toBeCloseTo(astar.cost, 9);
    expect(repair).toBeGreaterThan(0);
    expect(repair).toBeLessThan(first / 5);
    expect(repair).toBeLessThan(scratch.expanded / 5);
    expect(repair).toBeLessThan(astar.expanded / 5);
    expect(d.replans).toBe(2);
    expect(d.totalExpanded).toBe(first + repair);
    expect(wasDStarLiteCellExpanded(d, c % 80, Math.floor(c / 80))).toBe(true);
    expect(wasDStarLiteCellExpanded(d, 0, 39)).toBe(false);
  });

  it("does not search at all when the agent only moves along its plan", () => {
    const grid = createGrid(30, 30);
    for (let y = 5; y < 30; y++) setCellPassable(grid, 15, y, false);
    const d = createDStarLite(grid);
    const out = createGridPath(grid);
    setDStarLiteEndpoints(d, 0, 29, 29, 29);
    computeDStarLitePath(out, d);
    const total = out.cost;
    let walked = 0;
    let cur = 29 * 30;
    for (let i = 1; i < out.length; i++) {
      const next = dStarLiteNextCell(d);
      expect(next).toBe(out.path[i]);
      walked += pathCost(grid, [cur, next], 2);
      cur = next;
      moveDStarLiteStart(d, next % 30, Math.floor(next / 30));
      expect(computeDStarLite(d)).toBe(PathFlags.Found);
      expect(d.expanded).toBe(0);
    }
    expect(cur).toBe(29 * 30 + 29);
    expect(dStarLiteNextCell(d)).toBe(cur);
    expect(walked).toBeCloseTo(total, 9);
  });

  it("keeps queued keys lower bounds after the agent walked far (the key modifier km)", () => {
    // Open 30×9 room: the first plan expands the middle row and queues its neighbours, whose keys
    // were computed from the agent's first cell. After 15 steps east they are 15 closer.
    const grid = createGrid(30, 9);
    const d = createDStarLite(grid);
    const out = createGridPath(grid);
    setDStarLiteEndpoints(d, 0, 4, 29, 4);
    computeDStarLitePath(out, d);
    expect(d.heapSize).toBeGreaterThan(0);
    for (let i = 1; i <= 15; i++) moveDStarLiteStart(d, i, 4);
    setCellPassable(grid, 16, 4, false);
    notifyDStarLiteCellChanged(d, 16, 4);
    expect(d.km).toBeCloseTo(15, 12);
    expectKeysAreLowerBounds(d);
    computeDStarLitePath(out, d);
    expectKeysAreLowerBounds(d);
    const ref = findPathDijkstra(createGridPath(grid), createGridSearch(grid), 15, 4, 29, 4);
    expect(out.cost).toBeCloseTo(ref.cost, 9);
    expect(out.path[0]).toBe(4 * 30 + 15);
  });

  it("flags an unreachable goal, then finds the path again after an edit", () => {
    const grid = createGrid(20, 10, { connectivity: 4 });
    for (let y = 0; y < 10; y++) setCellPassable(grid, 10, y, false);
    const d = createDStarLite(grid);
    const out = createGridPath(grid);
    setDStarLiteEndpoints(d, 0, 5, 19, 5);
    expect(computeDStarLite(d)).toBe(PathFlags.NoPath);
    expect(d.flags).toBe(PathFlags.NoPath);
    expect(dStarLiteNextCell(d)).toBe(-1);
    writeDStarLitePath(out, d);
    expect(out.flags).toBe(PathFlags.NoPath);
    expect(out.length).toBe(0);
    setCellPassable(grid, 10, 2, true);
    notifyDStarLiteCellChanged(d, 10, 2);
    computeDStarLitePath(out, d);
    expect(out.flags).toBe(PathFlags.Found);
    expect(out.cost).toBe(19 + 6);
    expect(isPathLegal(grid, out.path, out.length)).toBe(true);
    // Wall the agent in: blocked agent cell → NoPath at once, found again when it opens.
    setCellPassable(grid, 0, 5, false);
    notifyDStarLiteCellChanged(d, 0, 5);
    expect(computeDStarLite(d)).toBe(PathFlags.NoPath);
    expect(d.expanded).toBe(0);
    setCellPassable(grid, 0, 5, true);
    notifyDStarLiteCellChanged(d, 0, 5);
    expect(computeDStarLite(d)).toBe(PathFlags.Found);
  });

  it("stays optimal when an edit makes a cell cheaper than every earlier cost (heuristic re-scaled)", () => {
    const grid = createGrid(12, 12, { withCost: true });
    grid.cost!.fill(2);
    grid.version++;
    const d = createDStarLite(grid);
    const out = createGridPath(grid);
    setDStarLiteEndpoints(d, 0, 0, 11, 11);
    computeDStarLitePath(out, d);
    expect(d.hScale).toBe(2);
    for (let i = 0; i < 12; i++) {
      setCellCost(grid, i, 0, 0.25);
      notifyDStarLiteCellChanged(d, i, 0);
      setCellCost(grid, 11, i, 0.25);
      notifyDStarLiteCellChanged(d, 11, i);
    }
    expect(d.hScale).toBe(0.25);
    computeDStarLitePath(out, d);
    const ref = findPathDijkstra(createGridPath(grid), createGridSearch(grid), 0, 0, 11, 11);
    expect(out.cost).toBeCloseTo(ref.cost, 9);
  });

  it("agrees with LPA* on fixed endpoints", () => {
    const grid = createGrid(24, 24);
    for (let i = 0; i < 24 * 24; i += 7) grid.passable[i] = 0;
    grid.passable[0] = 1;
    grid.passable[24 * 24 - 1] = 1;
    grid.version++;
    const d = createDStarLite(grid);
    const l = createLpaStar(grid);
    const a = createGridPath(grid);
    const b = createGridPath(grid);
    setDStarLiteEndpoints(d, 0, 0, 23, 23);
    setLpaStarEndpoints(l, 0, 0, 23, 23);
    for (const c of [100, 250, 333, 400, 101]) {
      setCellPassable(grid, c % 24, Math.floor(c / 24), grid.passable[c] !== 1);
      notifyDStarLiteCellChanged(d, c % 24, Math.floor(c / 24));
      notifyLpaStarCellChanged(l, c % 24, Math.floor(c / 24));
      computeDStarLitePath(a, d);
      computeLpaStarPath(b, l);
      expect(a.flags).toBe(b.flags);
      expect(a.cost).toBeCloseTo(b.cost, 9);
    }
  });

  it("rejects misuse with INVALID_ARGUMENT", () => {
    const grid = createGrid(4, 4);
    const d = createDStarLite(grid);
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return e instanceof TacticaError ? e.code : "other";
      }
      return undefined;
    };
    expect(code(() => computeDStarLite(d))).toBe(ErrorCodes.InvalidArgument);
    expect(code(() => moveDStarLiteStart(d, 0, 0))).toBe(ErrorCodes.InvalidArgument);
    expect(code(() => setDStarLiteEndpoints(d, 0, 0, 4, 0))).toBe(ErrorCodes.InvalidArgument);
    expect(code(() => notifyDStarLiteCellChanged(d, -1, 0))).toBe(ErrorCodes.InvalidArgument);
    setDStarLiteEndpoints(d, 0, 0, 3, 3);
    expect(code(() => moveDStarLiteStart(d, 0.5, 0))).toBe(ErrorCodes.InvalidArgument);
    computeDStarLite(d);
    const short = writeDStarLitePath(createGridPath(grid, { capacity: 2 }), d);
    expect(short.flags).toBe(PathFlags.Found | PathFlags.PathTruncated);
    expect(short.length).toBe(4);
    expect(short.cost).toBeCloseTo(3 * Math.SQRT2, 9);
    expect(wasDStarLiteCellExpanded(d, 9, 9)).toBe(false);
  });
});
