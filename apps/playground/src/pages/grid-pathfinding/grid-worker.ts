/// <reference lib="webworker" />
import {
  computeFlowField,
  computeThetaFlowField,
  createFlowField,
  createGrid,
  createGridPath,
  createGridSearch,
  createIdaStar,
  createThetaFlowField,
  findPathIdaStar,
  PathFlags,
  type ConnectivityValue,
  type CornerCuttingValue,
  type FlowField,
  type ThetaFlowField,
} from "@tactica/grid";

// The grid page's heavy queries, off the main thread: flow fields on big maps and IDA*. One
// request at a time (the page sends the next only when this one has answered); IDA* reports
// progress as it widens its node budget.

/** What the page asks for: the grid as plain data plus the query. */
export interface GridWorkerRequest {
  readonly id: number;
  readonly kind: "flow field" | "Theta* flow field" | "IDA*";
  readonly width: number;
  readonly height: number;
  readonly passable: Uint8Array;
  readonly connectivity: ConnectivityValue;
  readonly cornerCutting: CornerCuttingValue;
  readonly start: readonly [number, number];
  readonly goal: readonly [number, number];
  readonly penalty?: Float64Array | undefined;
  /** IDA*: the largest node budget. */
  readonly maxExpansions?: number;
}

/** Answers: progress while IDA* runs, then one result. */
export type GridWorkerResponse =
  | { readonly id: number; readonly type: "progress"; readonly text: string }
  | {
      readonly id: number;
      readonly type: "result";
      readonly ms: number;
      readonly field?: FlowField;
      readonly thetaField?: ThetaFlowField;
      readonly flags?: number;
      readonly cost?: number;
      readonly path?: Int32Array;
      readonly expanded?: number;
      readonly iterations?: number;
      /** IDA*: the cells its last iteration reached. */
      readonly reached?: Int32Array;
    };

addEventListener("message", (e: MessageEvent<GridWorkerRequest>) => {
  const r = e.data;
  const t0 = performance.now();
  const grid = createGrid(r.width, r.height, { connectivity: r.connectivity, cornerCutting: r.cornerCutting });
  grid.passable.set(r.passable);
  const search = createGridSearch(grid);
  const [sx, sy] = r.start;
  const [gx, gy] = r.goal;
  const goalCell = Int32Array.of(gy * r.width + gx);
  const reply = (m: GridWorkerResponse, transfer: Transferable[] = []) => postMessage(m, transfer);
  if (r.kind === "flow field") {
    const field = createFlowField(grid);
    computeFlowField(field, search, goalCell, { penalty: r.penalty });
    reply({ id: r.id, type: "result", ms: performance.now() - t0, field }, [field.integration.buffer, field.direction.buffer]);
  } else if (r.kind === "Theta* flow field") {
    const thetaField = createThetaFlowField(grid);
    computeThetaFlowField(thetaField, search, goalCell, { penalty: r.penalty });
    reply({ id: r.id, type: "result", ms: performance.now() - t0, thetaField }, [thetaField.integration.buffer, thetaField.parent.buffer]);
  } else {
    const ida = createIdaStar(search);
    const path = createGridPath(grid);
    const max = r.maxExpansions ?? 2_000_000;
    // Widen the budget ×4 per round, reporting each round: at most 4/3 of the work of one
    // unbounded call, and the page shows how far the search has got.
    for (let budget = Math.min(max, 20_000); ; budget = Math.min(max, budget * 4)) {
      findPathIdaStar(path, ida, sx, sy, gx, gy, { maxExpansions: budget });
      if (!(path.flags & PathFlags.BudgetExhausted) || budget >= max) break;
      reply({
        id: r.id,
        type: "progress",
        text: `IDA* in a worker: no path within ${budget.toLocaleString("en")} expansions (${ida.iterations} iterations), widening…`,
      });
    }
    const pw = search.pw;
    const reached: number[] = [];
    for (let p = 0; p < search.seen.length; p++) if (search.seen[p] === search.stamp) reached.push((Math.floor(p / pw) - 1) * r.width + (p % pw) - 1);
    reply({
      id: r.id,
      type: "result",
      ms: performance.now() - t0,
      flags: path.flags,
      cost: path.cost,
      path: path.path.slice(0, path.length),
      expanded: path.expanded,
      iterations: ida.iterations,
      reached: Int32Array.from(reached),
    });
  }
});
