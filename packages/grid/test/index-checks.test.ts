import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  cellIndex,
  createBreadcrumbTrail,
  createGrid,
  createWaypointRoutes,
  dropBreadcrumb,
  expandPath,
  nextWaypoint,
  pathCost,
  waypointRouteDistance,
} from "../src/index";

// ADR 0002: an index-taking level-1 function fails loudly on `undefined`, NaN, a fraction, a
// negative or an out-of-range index, instead of returning NaN, `undefined` or another cell's data.

const bad = (count: number): unknown[] => [undefined, Number.NaN, 0.5, -1, count, Infinity];

function expectInvalid(f: () => unknown, label: string): void {
  let error: unknown;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(isTacticaError(error, "INVALID_ARGUMENT"), `${label} should throw INVALID_ARGUMENT`).toBe(true);
}

describe("grid index checks", () => {
  const grid = createGrid(4, 3);

  it("cellIndex: a cell inside the grid, else INVALID_ARGUMENT (it returned NaN or another row's cell)", () => {
    expect(cellIndex(grid, 3, 2)).toBe(11);
    for (const x of bad(4)) expectInvalid(() => cellIndex(grid, x as number, 0), `cellIndex x = ${String(x)}`);
    for (const y of bad(3)) expectInvalid(() => cellIndex(grid, 0, y as number), `cellIndex y = ${String(y)}`);
  });

  it("nextWaypoint and waypointRouteDistance: waypoint indices only (they returned undefined)", () => {
    const routes = createWaypointRoutes(grid, [0, 11]);
    expect(nextWaypoint(routes, 0, 1)).toBe(1);
    expect(waypointRouteDistance(routes, 0, 1)).toBeGreaterThan(0);
    for (const i of bad(2)) {
      expectInvalid(() => nextWaypoint(routes, i as number, 1), `nextWaypoint from = ${String(i)}`);
      expectInvalid(() => nextWaypoint(routes, 0, i as number), `nextWaypoint to = ${String(i)}`);
      expectInvalid(() => waypointRouteDistance(routes, i as number, 1), `waypointRouteDistance from = ${String(i)}`);
      expectInvalid(() => waypointRouteDistance(routes, 0, i as number), `waypointRouteDistance to = ${String(i)}`);
    }
  });

  it("pathCost and expandPath: cells of the grid and a length within the array (they returned NaN or garbage)", () => {
    expect(pathCost(grid, [0, 5, 6], 3)).toBeCloseTo(Math.SQRT2 + 1, 12);
    expect(expandPath(new Int32Array(12), grid, [0, 6], 2)).toBe(3);
    for (const c of bad(12)) {
      expectInvalid(() => pathCost(grid, [0, c as number], 2), `pathCost cell ${String(c)}`);
      expectInvalid(() => pathCost(grid, [c as number, 0], 2), `pathCost first cell ${String(c)}`);
      expectInvalid(() => expandPath(new Int32Array(12), grid, [0, c as number], 2), `expandPath cell ${String(c)}`);
    }
    for (const n of [undefined, Number.NaN, -1, 3]) {
      expectInvalid(() => pathCost(grid, [0, 1], n as number), `pathCost length ${String(n)}`);
      expectInvalid(() => expandPath(new Int32Array(12), grid, [0, 1], n as number), `expandPath length ${String(n)}`);
    }
  });

  it("dropBreadcrumb: a cell index (it stored NaN or -1 as a crumb)", () => {
    const trail = createBreadcrumbTrail(4);
    dropBreadcrumb(trail, 5);
    expect(trail.count).toBe(1);
    for (const c of [undefined, Number.NaN, 0.5, -1]) expectInvalid(() => dropBreadcrumb(trail, c as number), `dropBreadcrumb ${String(c)}`);
    expect(trail.count).toBe(1);
  });
});
