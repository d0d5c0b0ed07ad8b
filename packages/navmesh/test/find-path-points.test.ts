import fc from "fast-check";
import { isTacticaError } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  addNavMeshTile,
  buildNavMeshFromPolygons,
  createNavMesh,
  createNavMeshQuery,
  createNavPath,
  createStraightPath,
  findPathPoints,
  findPolygon,
  findPolygonPath,
  findStraightPath,
  replaceNavMeshTile,
  type NavMesh,
} from "../src";
import { arbRoomWithPillars } from "./helpers";

const room = (): NavMesh => buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
const pts = (...v: number[]): Float64Array => new Float64Array(v);

describe("findPathPoints (0-byte locate + find path + straight path)", () => {
  it("goes around the pillar like findPolygonPath + findStraightPath", () => {
    const mesh = room();
    const q = createNavMeshQuery(mesh);
    const corridor = createNavPath({ maxLength: mesh.polyCount });
    const out = createStraightPath({ maxPoints: 16 });
    findPathPoints(out, corridor, q, pts(1, 5.5, 9, 5.5));
    expect(out.flags).toBe(PathFlags.Found);
    expect(Array.from(out.points.subarray(0, 2 * out.count))).toEqual([1, 5.5, 4, 6, 6, 6, 9, 5.5]);
    expect(corridor.flags).toBe(PathFlags.Found);
    expect(out.expanded).toBe(corridor.expanded);
    expect(out.expanded).toBeGreaterThan(0);
  });

  it("property: equals the positional calls on rooms with pillars (corridor, corners, length)", () => {
    fc.assert(
      fc.property(arbRoomWithPillars(), fc.array(fc.integer({ min: 0, max: 999_999 }), { minLength: 4, maxLength: 4 }), (shape, r) => {
        const mesh = buildNavMeshFromPolygons([shape]);
        const b = mesh.bounds;
        const [sx, sy, gx, gy] = r.map((v, i) => b[i % 2]! + ((b[2 + (i % 2)]! - b[i % 2]!) * v) / 1e6) as [number, number, number, number];
        const a = findPolygon(mesh, sx, sy),
          g = findPolygon(mesh, gx, gy);
        const q = createNavMeshQuery(mesh);
        const c1 = createNavPath({ maxLength: mesh.polyCount }),
          c2 = createNavPath({ maxLength: mesh.polyCount });
        const o1 = createStraightPath({ maxPoints: 256 }),
          o2 = createStraightPath({ maxPoints: 256 });
        findPathPoints(o1, c1, q, pts(sx, sy, gx, gy));
        if (a < 0 || g < 0) {
          expect(o1.flags).toBe(PathFlags.NoPath);
          expect(o1.count).toBe(0);
          expect(c1.length).toBe(0);
          return;
        }
        findPolygonPath(c2, q, a, sx, sy, g, gx, gy);
        findStraightPath(o2, mesh, c2.path, c2.length, sx, sy, gx, gy);
        expect(Array.from(c1.path.subarray(0, c1.length))).toEqual(Array.from(c2.path.subarray(0, c2.length)));
        expect(c1.flags).toBe(c2.flags);
        expect(o1.flags).toBe(c2.flags);
        expect(Array.from(o1.points.subarray(0, 2 * o1.count))).toEqual(Array.from(o2.points.subarray(0, 2 * o2.count)));
        expect(o1.distance).toBe(o2.distance);
      }),
      { numRuns: 60 },
    );
  });

  it("a start or goal off the mesh is NoPath (a result, not a throw)", () => {
    const mesh = room();
    const q = createNavMeshQuery(mesh);
    const corridor = createNavPath({ maxLength: mesh.polyCount });
    const out = createStraightPath({ maxPoints: 16 });
    for (const p of [pts(-1, 5, 9, 5), pts(1, 5, 5, 5), pts(1, 5, 11, 5)]) {
      findPathPoints(out, corridor, q, p);
      expect([out.flags, out.count, corridor.length, corridor.flags]).toEqual([PathFlags.NoPath, 0, 0, PathFlags.NoPath]);
    }
  });

  it("heights in points[4], points[5] pick the level on overlapping tiles", () => {
    // Two stacked floors (layers 0 and 1, heights 0 and 3), each a 2 × 1 strip of squares; the
    // upper one inset by 0.1 (vertices at one position are welded, heights and all).
    const floor = (d: number, h: number) => ({
      vertices: [d, d, 1, d, 2 - d, d, 2 - d, 1 - d, 1, 1 - d, d, 1 - d],
      heights: [h, h, h, h, h, h],
      polygons: [
        [0, 1, 4, 5],
        [1, 2, 3, 4],
      ],
    });
    const mesh = createNavMesh(floor(0, 0));
    addNavMeshTile(mesh, 0, 0, 1, floor(0.1, 3));
    const q = createNavMeshQuery(mesh);
    const corridor = createNavPath({ maxLength: 8 });
    const out = createStraightPath({ maxPoints: 8 });
    const upper = findPolygon(mesh, 0.5, 0.5, { height: 3 });
    expect(upper).not.toBe(findPolygon(mesh, 0.5, 0.5));
    findPathPoints(out, corridor, q, pts(0.5, 0.5, 1.5, 0.5, 3, 3));
    expect([corridor.flags, corridor.path[0], corridor.path[1]]).toEqual([PathFlags.Found, upper, findPolygon(mesh, 1.5, 0.5, { height: 3 })]);
    // Start upstairs, goal downstairs: the floors are not joined, so the corridor stays upstairs.
    findPathPoints(out, corridor, q, pts(0.5, 0.5, 1.5, 0.5, 3, 0));
    expect(corridor.path[0]).toBe(upper);
    expect(corridor.flags & PathFlags.NoPath).toBe(PathFlags.NoPath);
    findPathPoints(out, corridor, q, pts(0.5, 0.5, 1.5, 0.5, NaN, NaN));
    expect(corridor.path[0]).toBe(findPolygon(mesh, 0.5, 0.5));
  });

  it("options.startPoly / goalPoly skip locating; a stale ref throws NAVMESH_BAD_INPUT naming the option", () => {
    const mesh = createNavMesh({ vertices: [0, 0, 1, 0, 1, 1, 0, 1], polygons: [[0, 1, 2, 3]] });
    addNavMeshTile(mesh, 1, 0, 0, { vertices: [1, 0, 2, 0, 2, 1, 1, 1], polygons: [[0, 1, 2, 3]] });
    const q = createNavMeshQuery(mesh);
    const corridor = createNavPath({ maxLength: 8 });
    const out = createStraightPath({ maxPoints: 8 });
    const goal = findPolygon(mesh, 1.5, 0.5);
    findPathPoints(out, corridor, q, pts(0.5, 0.5, 1.5, 0.5), { startPoly: 0, goalPoly: goal });
    expect(Array.from(corridor.path.subarray(0, corridor.length))).toEqual([0, goal]);
    replaceNavMeshTile(mesh, 1, 0, 0, { vertices: [1, 0, 2, 0, 2, 1, 1, 1], polygons: [[0, 1, 2, 3]] });
    let err: unknown;
    try {
      findPathPoints(out, corridor, q, pts(0.5, 0.5, 1.5, 0.5), { startPoly: 0, goalPoly: goal });
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "NAVMESH_BAD_INPUT") && err.path).toBe("options.goalPoly");
  });

  it("a short corner buffer sets PathTruncated next to the corridor's flags", () => {
    const mesh = room();
    const q = createNavMeshQuery(mesh);
    const out = createStraightPath({ maxPoints: 2 });
    findPathPoints(out, createNavPath({ maxLength: mesh.polyCount }), q, pts(1, 5.5, 9, 5.5));
    expect(out.flags).toBe(PathFlags.Found | PathFlags.PathTruncated);
    expect(out.count).toBe(4);
  });

  it("bad points throw NAVMESH_BAD_INPUT naming the entry", () => {
    const mesh = room();
    const q = createNavMeshQuery(mesh);
    const call = (p: unknown) => () => findPathPoints(createStraightPath(), createNavPath(), q, p as Float64Array);
    for (const [p, path] of [
      [pts(1, 2, 3), "points"],
      [[1, 2, 3, 4], "points"],
      [pts(1, NaN, 3, 4), "points[1]"],
      [pts(1, 2, 3, Infinity), "points[3]"],
    ] as const) {
      let err: unknown;
      try {
        call(p)();
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "NAVMESH_BAD_INPUT") && err.path).toBe(path);
    }
  });
});
