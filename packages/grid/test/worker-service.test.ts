import fc from "fast-check";
import { WorkerTaskStatus, closeWorkerPool, createInlineWorkerChannel, createWorkerPool, isTacticaError, serveWorker } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  GRID_WORKER_HANDLERS,
  createGrid,
  createGridPathService,
  findGridPathBatch,
  findGridPathsInWorker,
  findGridPath,
  gridWorkerHandlers,
  gridWorkerResources,
  setCellPassable,
  type Grid,
  type GridBatchSolver,
} from "../src/index";

function randomGrid(w: number, h: number, blocked: boolean[]): Grid {
  const g = createGrid(w, h);
  for (let i = 0; i < w * h; i++) if (blocked[i % blocked.length]) setCellPassable(g, i % w, (i / w) | 0, false);
  return g;
}

const solvers: GridBatchSolver[] = ["astar", "dijkstra", "jps", "jps-plus"];

describe("findGridPathBatch", () => {
  it("equals level 2's findGridPath query by query, for every batch solver (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 2, max: 14 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { minLength: 24, maxLength: 64 }),
        fc.constantFrom(...solvers),
        (w, h, blocked, raw, solver) => {
          const grid = randomGrid(w, h, blocked);
          const n = raw.length >> 2;
          const q = new Int32Array(4 * n);
          for (let i = 0; i < 4 * n; i++) q[i] = raw[i]! % (i % 2 === 0 ? w : h);
          const b = findGridPathBatch(grid, q, { solver });
          expect(b.count).toBe(n);
          for (let i = 0; i < n; i++) {
            const r = findGridPath(grid, { x: q[4 * i]!, y: q[4 * i + 1]! }, { x: q[4 * i + 2]!, y: q[4 * i + 3]! }, { solver });
            expect(b.flags[i]).toBe(r.flags);
            expect(b.costs[i]).toBe(r.cost);
            const cells = Array.from(b.cells.subarray(b.cellStart[i], b.cellStart[i + 1]));
            expect(cells).toEqual(r.path.map((p) => p.y * w + p.x));
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it("the @example: round the wall and along the bottom", () => {
    const grid = createGrid(5, 5);
    for (let y = 0; y < 4; y++) setCellPassable(grid, 2, y, false);
    const batch = findGridPathBatch(grid, [0, 0, 4, 0, 0, 4, 4, 4], { solver: "jps-plus" });
    expect(batch.cellStart[1]! - batch.cellStart[0]!).toBe(11);
    expect(batch.cellStart[2]! - batch.cellStart[1]!).toBe(5);
  });

  it("picks up grid edits (the JPS+ table is rebuilt)", () => {
    const grid = createGrid(6, 3);
    const before = findGridPathBatch(grid, [0, 1, 5, 1], { solver: "jps-plus" });
    expect(before.costs[0]).toBe(5);
    for (let y = 0; y < 2; y++) setCellPassable(grid, 3, y, false);
    const after = findGridPathBatch(grid, [0, 1, 5, 1], { solver: "jps-plus" });
    expect(after.costs[0]).toBeGreaterThan(5);
    expect(after.costs[0]).toBe(findGridPath(grid, { x: 0, y: 1 }, { x: 5, y: 1 }, { solver: "astar" }).cost);
  });

  it("rejects bad queries and solvers with INVALID_ARGUMENT naming the index", () => {
    const grid = createGrid(4, 4);
    const catchPath = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        expect(isTacticaError(e, "INVALID_ARGUMENT")).toBe(true);
        return (e as { path?: string }).path;
      }
      return "no error";
    };
    expect(catchPath(() => findGridPathBatch(grid, [0, 0, 1]))).toBe("queries");
    expect(catchPath(() => findGridPathBatch(grid, [0, 0, 4, 1]))).toBe("queries[2]");
    expect(catchPath(() => findGridPathBatch(grid, [0, 0.5, 1, 1]))).toBe("queries[1]");
    expect(catchPath(() => findGridPathBatch(grid, [0, 0, 1, 1], { solver: "hpa" as never }))).toBe("options.solver");
  });
});

describe("grid path service over a worker pool", () => {
  it("answers like the main thread, re-sends an edited grid, and reports worker errors as results", async () => {
    const endpoints = [0, 1].map(() => {
      const c = createInlineWorkerChannel();
      serveWorker(c.worker, gridWorkerHandlers(), { resources: gridWorkerResources() });
      return c.main;
    });
    const pool = createWorkerPool({ endpoints, handlers: GRID_WORKER_HANDLERS });
    const grid = randomGrid(20, 12, [false, false, true, false, false, false, true]);
    const service = createGridPathService(pool, grid, { name: "level" });
    const q = new Int32Array([0, 0, 19, 11, 3, 4, 15, 2, 19, 0, 0, 11, 5, 5, 5, 5]);
    const main = findGridPathBatch(grid, q, { solver: "jps-plus" });
    const [a, b] = await Promise.all([
      findGridPathsInWorker(service, q.slice(0, 8), { solver: "jps-plus" }),
      findGridPathsInWorker(service, q.slice(8), { solver: "jps-plus" }),
    ]);
    expect([a.status, b.status]).toEqual([WorkerTaskStatus.Done, WorkerTaskStatus.Done]);
    expect([...a.value!.costs, ...b.value!.costs]).toEqual([...main.costs]);
    expect([...a.value!.cells, ...b.value!.cells]).toEqual([...main.cells]);
    setCellPassable(grid, 1, 0, false);
    setCellPassable(grid, 1, 1, false);
    setCellPassable(grid, 0, 1, false);
    const walled = await findGridPathsInWorker(service, new Int32Array([0, 0, 19, 11]), { transfer: true });
    expect(walled.value!.flags[0]).toBe(findGridPathBatch(grid, [0, 0, 19, 11]).flags[0]);
    expect(service.sentVersion).toBe(grid.version);
    const bad = await findGridPathsInWorker(service, new Int32Array([0, 0, 99, 0]));
    expect(bad.status).toBe(WorkerTaskStatus.Failed);
    expect(bad.error).toMatchObject({ code: "INVALID_ARGUMENT", path: "queries[2]" });
    closeWorkerPool(pool);
  });
});
