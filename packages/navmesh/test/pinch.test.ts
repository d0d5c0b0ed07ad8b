import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import { createNavMesh, createNavMeshQuery, createNavPath, createRaycastResult, createStraightPath, findPathAnyAngle, findPolygonPath, raycast } from "../src";

// Two squares that touch only at the vertex (1, 1): a zero-width pinch. The polygon search cannot
// cross it (no shared edge), so neither may raycasts nor the exact any-angle search.
const pinch = () =>
  createNavMesh({
    vertices: [0, 0, 1, 0, 1, 1, 0, 1, 2, 1, 2, 2, 1, 2],
    polygons: [
      [0, 1, 2, 3],
      [2, 4, 5, 6],
    ],
  });

describe("pinch vertices", () => {
  it("raycasts stop at a vertex-only contact", () => {
    expect(raycast(createRaycastResult(), pinch(), 0, 0.5, 0.5, 1.5, 1.5).t).toBeCloseTo(1 / 2, 12);
  });

  it("no path through a pinch, for A* and for the exact search (found on navcat's annotation_test mesh)", () => {
    const mesh = pinch();
    expect(findPolygonPath(createNavPath(), createNavMeshQuery(mesh), 0, 0.5, 0.2, 1, 1.5, 1.8).flags & PathFlags.Found).toBe(0);
    expect(findPathAnyAngle(createStraightPath(), mesh, 0.5, 0.2, 1.5, 1.8).flags).toBe(PathFlags.NoPath);
    expect(findPathAnyAngle(createStraightPath(), mesh, 0.2, 0.5, 1.8, 1.5).flags).toBe(PathFlags.NoPath);
  });
});
