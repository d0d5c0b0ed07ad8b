import { describe, expect, it } from "vitest";
import { createNavMesh, createRaycastResult, findPolygon, raycast } from "../src";

// Regressions found on the bench meshes: rays leaving a polygon through a vertex, or across two
// collinear edges, must continue into the right polygon.
describe("raycast through vertices and collinear edges", () => {
  it("a 4 × 4 grid of squares (each its own polygon): diagonals through every vertex reach the end", () => {
    const vertices: number[] = [];
    for (let y = 0; y <= 4; y++) for (let x = 0; x <= 4; x++) vertices.push(x, y);
    const polygons: number[][] = [];
    for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) polygons.push([y * 5 + x, y * 5 + x + 1, (y + 1) * 5 + x + 1, (y + 1) * 5 + x]);
    const mesh = createNavMesh({ vertices, polygons });
    const out = createRaycastResult();
    expect(raycast(out, mesh, 0, 0.5, 0.5, 3.5, 3.5).t).toBe(Infinity);
    expect(raycast(out, mesh, 0, 0, 0, 4, 4).t).toBe(Infinity);
    expect(raycast(out, mesh, findPolygon(mesh, 3.5, 0.5), 3.5, 0.5, 0.5, 3.5).t).toBe(Infinity);
    expect(raycast(out, mesh, 0, 0.5, 0.5, 5, 5).t).toBeCloseTo(7 / 9, 12);
  });

  it("a polygon with a collinear vertex on its top edge hands the ray to the polygon above the exit point", () => {
    const mesh = createNavMesh({
      vertices: [0, 0, 2, 0, 2, 1, 1, 1, 0, 1, 2, 2, 1, 2, 0, 2],
      polygons: [
        [0, 1, 2, 3, 4],
        [3, 2, 5, 6],
        [4, 3, 6, 7],
      ],
    });
    const out = createRaycastResult();
    for (const [ex, ey] of [
      [1.02, 1.5],
      [0.98, 1.5],
      [1.5, 1.5],
      [0.2, 1.9],
      [1, 2],
    ] as const) {
      expect(raycast(out, mesh, 0, 1.01, 0.5, ex, ey).t).toBe(Infinity);
    }
    expect(raycast(out, mesh, 0, 0.5, 0.5, 1.5, 1.5).t).toBe(Infinity);
  });
});
