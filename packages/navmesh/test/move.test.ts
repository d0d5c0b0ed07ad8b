import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildNavMeshFromPolygons, closestPointOnPolygon, createMoveResult, findPolygon, moveAlongSurface } from "../src";

const room = () => buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);

describe("moveAlongSurface", () => {
  it("reaches a free target, stops at the pillar and at the outer wall (sliding to the nearest wall point)", () => {
    const mesh = room();
    const out = createMoveResult();
    moveAlongSurface(out, mesh, findPolygon(mesh, 1, 5), 1, 5, 2, 6);
    expect([out.x, out.y]).toEqual([2, 6]);
    moveAlongSurface(out, mesh, findPolygon(mesh, 3, 5), 3, 5, 4.2, 5);
    expect([out.x, out.y]).toEqual([4, 5]);
    moveAlongSurface(out, mesh, findPolygon(mesh, 3, 5), 3, 5, 5, 5.5);
    expect([out.x, out.y]).toEqual([5, 6]); // the wall point nearest the target
    moveAlongSurface(out, mesh, findPolygon(mesh, 9, 5), 9, 5, 12, 7);
    expect([out.x, out.y]).toEqual([10, 7]);
    expect(out.poly).toBe(findPolygon(mesh, 9.99, 7));
  });

  it("property: the end point is on the mesh and no farther from the target than the start", () => {
    const mesh = room();
    const out = createMoveResult();
    const tmp = { x: 0, y: 0 };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (x, y, dx, dy) => {
          const p = findPolygon(mesh, x, y);
          if (p < 0) return;
          moveAlongSurface(out, mesh, p, x, y, x + dx, y + dy);
          expect(closestPointOnPolygon(tmp, mesh, out.poly, out.x, out.y)).toBeLessThanOrEqual(1e-12);
          expect(Math.hypot(out.x - x - dx, out.y - y - dy)).toBeLessThanOrEqual(Math.hypot(dx, dy) + 1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });
});
