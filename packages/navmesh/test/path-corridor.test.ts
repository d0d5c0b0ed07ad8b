import { describe, expect, it } from "vitest";
import {
  buildNavMeshFromPolygons,
  closestPointOnPolygon,
  createNavMeshQuery,
  createNavPath,
  createPathCorridor,
  createStraightPath,
  findCorridorCorners,
  findPolygon,
  findPolygonPath,
  getPolygonCenter,
  moveCorridorPosition,
  resetPathCorridor,
  setPathCorridor,
} from "../src";

const room = () =>
  buildNavMeshFromPolygons([
    {
      outer: [0, 0, 10, 0, 10, 10, 0, 10],
      holes: [
        [4, 4, 6, 4, 6, 6, 4, 6],
        [2, 7, 3, 7, 3, 9.5, 2, 9.5],
      ],
    },
  ]);

describe("path corridor", () => {
  it("an agent following the corridor's corners reaches the target; its polygon is always the corridor's first", () => {
    const mesh = room();
    const sx = 1,
      sy = 8,
      tx = 9,
      ty = 5;
    const corridor = createPathCorridor();
    resetPathCorridor(corridor, findPolygon(mesh, sx, sy), sx, sy);
    const path = findPolygonPath(createNavPath(), createNavMeshQuery(mesh), corridor.polys[0]!, sx, sy, findPolygon(mesh, tx, ty), tx, ty);
    expect(setPathCorridor(corridor, path, tx, ty)).toBe(true);
    const corners = createStraightPath(32);
    const tmp = { x: 0, y: 0 };
    let steps = 0;
    let walked = 0;
    const startLength = findCorridorCorners(corners, corridor, mesh).length;
    while (Math.hypot(corridor.targetX - corridor.x, corridor.targetY - corridor.y) > 1e-9 && steps < 500) {
      findCorridorCorners(corners, corridor, mesh);
      const nx = corners.points[2]!,
        ny = corners.points[3]!;
      const d = Math.hypot(nx - corridor.x, ny - corridor.y);
      const step = Math.min(0.25, d);
      const px = corridor.x,
        py = corridor.y;
      expect(moveCorridorPosition(corridor, mesh, corridor.x + ((nx - corridor.x) * step) / (d || 1), corridor.y + ((ny - corridor.y) * step) / (d || 1))).toBe(
        true,
      );
      walked += Math.hypot(corridor.x - px, corridor.y - py);
      expect(closestPointOnPolygon(tmp, mesh, corridor.polys[0]!, corridor.x, corridor.y)).toBeLessThanOrEqual(1e-12);
      steps++;
    }
    expect(steps).toBeLessThan(500);
    expect(corridor.length).toBe(1);
    expect(walked).toBeCloseTo(startLength, 6);
  });

  it("stepping back out of the corridor prepends the polygon; a jump far away asks for a re-plan", () => {
    const mesh = room();
    const corridor = createPathCorridor();
    resetPathCorridor(corridor, findPolygon(mesh, 5, 3), 5, 3);
    const path = findPolygonPath(createNavPath(), createNavMeshQuery(mesh), corridor.polys[0]!, 5, 3, findPolygon(mesh, 5, 1), 5, 1);
    setPathCorridor(corridor, path, 5, 1);
    const first = corridor.polys[0]!;
    const len = corridor.length;
    // Step into a neighboring polygon that is not on the corridor (if any), else the move stays inside.
    const ok = moveCorridorPosition(corridor, mesh, 5, 3.9);
    expect(ok).toBe(true);
    expect(corridor.length).toBeGreaterThanOrEqual(len);
    expect(findPolygon(mesh, corridor.x, corridor.y) === corridor.polys[0] || corridor.polys[0] === first).toBe(true);
    // A jump to a polygon that is neither on the corridor nor next to its first polygon.
    const p0 = findPolygon(mesh, 1, 1);
    resetPathCorridor(corridor, p0, 1, 1);
    const near = new Set([p0, ...Array.from(mesh.neighbors.subarray(p0 * mesh.maxVertsPerPoly, (p0 + 1) * mesh.maxVertsPerPoly))]);
    let far = -1;
    for (let p = 0; p < mesh.polyCount && far < 0; p++) if (!near.has(p)) far = p;
    const c = getPolygonCenter({ x: 0, y: 0 }, mesh, far);
    expect(moveCorridorPosition(corridor, mesh, c.x, c.y)).toBe(false);
    expect([corridor.x, corridor.y, corridor.length, corridor.polys[0]]).toEqual([1, 1, 1, p0]);
  });
});
