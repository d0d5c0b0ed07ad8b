import { createRng, isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { buildNavMeshFromPolygons, createNavMeshQuery, createNavPath, findPolygonPath, findRandomPoint } from "../src/index";
import { writeCorridor } from "../src/query";

// Issue 33: the audit's planted bug (the A* open list not cleared between queries) corrupted the
// parent chain and hung eight test files. A parent chain that loops now fails with INTERNAL_ERROR.
describe("polygon path reconstruction on a corrupted query", () => {
  it("throws INTERNAL_ERROR when the parent chain loops", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 40, 0, 40, 40, 0, 40], holes: [[10, 10, 30, 10, 30, 30, 10, 30]] }]);
    const query = createNavMeshQuery(mesh);
    const path = createNavPath({ maxLength: 64 });
    const rng = createRng(3);
    const a = { x: 0, y: 0 };
    const b = { x: 0, y: 0 };
    // A real query first, so the query's arrays hold a real search tree.
    const ra = findRandomPoint(a, mesh, rng);
    const rb = findRandomPoint(b, mesh, rng);
    findPolygonPath(path, query, ra, a.x, a.y, rb, b.x, b.y);
    expect(path.length).toBeGreaterThan(0);
    // Two polygons pointing at each other.
    query.parent[0] = 1;
    query.parent[1] = 0;
    let error: unknown;
    try {
      writeCorridor(path, query, 0, true, 0);
    } catch (e) {
      error = e;
    }
    expect(isTacticaError(error, "INTERNAL_ERROR")).toBe(true);
    expect((error as Error).message).toMatch(/^@tactica\/navmesh: findPolygonPath: internal state is corrupt/);
  });
});
