import fc from "fast-check";
import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  buildNavMeshFromPolygons,
  createNavMesh,
  findPolygonsInBox,
  closestPointOnPolygon,
  createNavMeshQuery,
  createNavPath,
  createRaycastResult,
  createStraightPath,
  findNearestPoint,
  findPathAnyAngle,
  findPolygon,
  findPolygonPath,
  findPolygonsInCircle,
  findStraightPath,
  getPolygonCenter,
  hasNavMeshLineOfSight,
  raycast,
  type NavMesh,
  type StraightPath,
} from "../src";
import { arbPolygonWithHoles, arbRoomWithPillars } from "./helpers";
import { referenceShortest, segmentFree, type Domain } from "./reference";

// fast-check biases doubles towards 0 and 1; uniform integers spread the start and goal over the mesh.
const unit = fc.integer({ min: 0, max: 999_999 }).map((i) => i / 1e6);
const unit3 = fc.tuple(unit, unit, unit);

const room = (): NavMesh => buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);

/** A point inside polygon p of the mesh from three unit numbers. */
function pointOnMesh(mesh: NavMesh, r0: number, r1: number, r2: number): { x: number; y: number; poly: number } {
  const p = Math.min(mesh.polyCount - 1, Math.floor(r0 * mesh.polyCount));
  const c = getPolygonCenter({ x: 0, y: 0 }, mesh, p);
  const n = mesh.polyVertCount[p]!;
  const k = Math.min(n - 1, Math.floor(r1 * n));
  const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + k]!;
  const t = 0.05 + 0.9 * r2;
  return { x: c.x + t * (mesh.vertices[2 * v]! - c.x), y: c.y + t * (mesh.vertices[2 * v + 1]! - c.y), poly: p };
}

function pointsOf(sp: StraightPath): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < sp.count; i++) out.push([sp.points[2 * i]!, sp.points[2 * i + 1]!]);
  return out;
}

function polylineLength(pts: [number, number][]): number {
  let l = 0;
  for (let i = 1; i < pts.length; i++) l += Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1]);
  return l;
}

describe("point location", () => {
  it("findPolygon finds the polygon under a point, -1 off the mesh and in holes", () => {
    const mesh = room();
    expect(findPolygon(mesh, 1, 1)).toBeGreaterThanOrEqual(0);
    expect(findPolygon(mesh, 5, 5)).toBe(-1);
    expect(findPolygon(mesh, -1, 5)).toBe(-1);
    expect(findPolygon(mesh, 10, 10)).toBeGreaterThanOrEqual(0); // corner, on the boundary
  });

  it("findNearestPoint agrees with a brute-force scan", () => {
    const mesh = room();
    fc.assert(
      fc.property(fc.double({ min: -5, max: 15, noNaN: true }), fc.double({ min: -5, max: 15, noNaN: true }), (x, y) => {
        const out = { x: 0, y: 0 };
        const p = findNearestPoint(out, mesh, x, y);
        let best = Infinity;
        const tmp = { x: 0, y: 0 };
        for (let q = 0; q < mesh.polyCount; q++) best = Math.min(best, closestPointOnPolygon(tmp, mesh, q, x, y));
        expect(p).toBeGreaterThanOrEqual(0);
        expect(Math.abs((out.x - x) ** 2 + (out.y - y) ** 2 - best)).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 200 },
    );
    expect(findNearestPoint({ x: 0, y: 0 }, mesh, 50, 50, { maxDistance: 1 })).toBe(-1);
  });

  it("findNearestPoint agrees with a brute-force scan on fine meshes, from far outside too", () => {
    fc.assert(
      fc.property(arbRoomWithPillars(), fc.double({ min: -40, max: 40, noNaN: true }), fc.double({ min: -40, max: 40, noNaN: true }), (region, x, y) => {
        const mesh = buildNavMeshFromPolygons([region], { maxVertsPerPoly: 3 });
        const out = { x: 0, y: 0 };
        findNearestPoint(out, mesh, x, y);
        let best = Infinity;
        const tmp = { x: 0, y: 0 };
        for (let q = 0; q < mesh.polyCount; q++) best = Math.min(best, closestPointOnPolygon(tmp, mesh, q, x, y));
        expect(Math.abs((out.x - x) ** 2 + (out.y - y) ** 2 - best)).toBeLessThanOrEqual(1e-9 * (1 + best));
      }),
      { numRuns: 150 },
    );
  });

  it("findPolygonsInCircle reports each overlapping polygon once", () => {
    const mesh = room();
    const out = new Float64Array(64);
    const n = findPolygonsInCircle(out, mesh, 5, 5, 100);
    expect(n).toBe(mesh.polyCount);
    expect(new Set(out.subarray(0, n)).size).toBe(n);
    expect(findPolygonsInCircle(out, mesh, 5, 5, 0.5)).toBe(0);
  });
});

describe("raycast", () => {
  it("stops at the pillar with its normal, passes beside it", () => {
    const mesh = room();
    const hit = raycast(createRaycastResult(), mesh, findPolygon(mesh, 1, 5), 1, 5, 9, 5);
    expect(hit.t).toBeCloseTo(3 / 8, 12);
    expect([hit.hitNormalX, hit.hitNormalY]).toEqual([-1, 0]);
    expect(hasNavMeshLineOfSight(mesh, 1, 1, 9, 2)).toBe(true);
    expect(hasNavMeshLineOfSight(mesh, 1, 5, 9, 5)).toBe(false);
    expect(hasNavMeshLineOfSight(mesh, 1, 4, 9, 4)).toBe(true); // grazing the pillar's edge
    const wall = raycast(createRaycastResult(), mesh, findPolygon(mesh, 1, 1), 1, 1, 1, -3);
    expect(wall.t).toBeCloseTo(0.25, 12);
    expect([wall.hitNormalX, wall.hitNormalY]).toEqual([-0, 1]);
  });
});

describe("A* + funnel and the exact any-angle path", () => {
  it("go around the pillar", () => {
    const mesh = room();
    const q = createNavMeshQuery(mesh);
    const path = findPolygonPath(createNavPath(), q, findPolygon(mesh, 1, 5), 1, 5, findPolygon(mesh, 9, 5), 9, 5);
    expect(path.flags).toBe(PathFlags.Found);
    const sp = findStraightPath(createStraightPath(), mesh, path.path, path.length, 1, 5, 9, 5);
    expect(sp.count).toBe(4);
    const opt = findPathAnyAngle(createStraightPath(), mesh, 1, 5, 9, 5);
    expect(opt.flags).toBe(PathFlags.Found);
    expect(opt.distance).toBeCloseTo(2 * Math.hypot(3, 1) + 2, 12);
    expect(sp.distance).toBeGreaterThanOrEqual(opt.distance - 1e-12);
  });

  it("a too-short buffer sets PathTruncated and keeps length and cost", () => {
    const mesh = room();
    const q = createNavMeshQuery(mesh);
    const full = findPolygonPath(createNavPath(), q, findPolygon(mesh, 1, 5), 1, 5, findPolygon(mesh, 9, 5), 9, 5);
    const short = findPolygonPath(createNavPath({ maxLength: 1 }), q, findPolygon(mesh, 1, 5), 1, 5, findPolygon(mesh, 9, 5), 9, 5);
    expect(short.flags).toBe(PathFlags.Found | PathFlags.PathTruncated);
    expect(short.length).toBe(full.length);
    expect(short.cost).toBe(full.cost);
    expect(short.path[0]).toBe(full.path[0]);
  });

  it("an unreachable goal gives NoPath | Partial towards it; a budget gives BudgetExhausted | Partial", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 1, 0, 1, 1, 0, 1] }, { outer: [3, 0, 4, 0, 4, 1, 3, 1] }]);
    const q = createNavMeshQuery(mesh);
    const r = findPolygonPath(createNavPath(), q, findPolygon(mesh, 0.5, 0.5), 0.5, 0.5, findPolygon(mesh, 3.5, 0.5), 3.5, 0.5);
    expect(r.flags).toBe(PathFlags.NoPath | PathFlags.Partial);
    expect(r.length).toBe(1);
    expect(findPathAnyAngle(createStraightPath(), mesh, 0.5, 0.5, 3.5, 0.5).flags).toBe(PathFlags.NoPath);
    const big = room();
    const b = findPolygonPath(createNavPath(), createNavMeshQuery(big), findPolygon(big, 1, 5), 1, 5, findPolygon(big, 9, 5), 9, 5, { maxExpansions: 1 });
    expect(b.flags & (PathFlags.BudgetExhausted | PathFlags.Partial)).toBe(PathFlags.BudgetExhausted | PathFlags.Partial);
  });

  it("property: funnel paths are valid and no longer than the portal-midpoint polyline; any-angle = visibility-graph optimum ≤ funnel", () => {
    fc.assert(
      fc.property(fc.oneof(arbPolygonWithHoles(), arbRoomWithPillars()), unit3, unit3, (region, a, b) => {
        const mesh = buildNavMeshFromPolygons([region]);
        const d: Domain = region;
        const s = pointOnMesh(mesh, ...a),
          g = pointOnMesh(mesh, ...b);
        const q = createNavMeshQuery(mesh);
        const path = findPolygonPath(createNavPath({ maxLength: 512 }), q, findPolygon(mesh, s.x, s.y), s.x, s.y, findPolygon(mesh, g.x, g.y), g.x, g.y);
        expect(path.flags).toBe(PathFlags.Found);
        const sp = findStraightPath(createStraightPath({ maxPoints: 512 }), mesh, path.path, path.length, s.x, s.y, g.x, g.y);
        const pts = pointsOf(sp);
        expect(pts[0]).toEqual([s.x, s.y]);
        expect(pts[pts.length - 1]).toEqual([g.x, g.y]);
        for (let i = 1; i < pts.length; i++) expect(segmentFree(d, ...pts[i - 1]!, ...pts[i]!)).toBe(true);
        expect(Math.abs(polylineLength(pts) - sp.distance)).toBeLessThanOrEqual(1e-9 * (1 + sp.distance));
        // Portal-midpoint polyline of the same corridor.
        const mids: [number, number][] = [[s.x, s.y]];
        for (let i = 1; i < path.length; i++) {
          const p0 = path.path[i - 1]!,
            p1 = path.path[i]!;
          const n = mesh.polyVertCount[p0]!;
          for (let e = 0; e < n; e++) {
            if (mesh.neighbors[p0 * mesh.maxVertsPerPoly + e] !== p1) continue;
            const va = mesh.polyVerts[p0 * mesh.maxVertsPerPoly + e]!,
              vb = mesh.polyVerts[p0 * mesh.maxVertsPerPoly + ((e + 1) % n)]!;
            mids.push([(mesh.vertices[2 * va]! + mesh.vertices[2 * vb]!) / 2, (mesh.vertices[2 * va + 1]! + mesh.vertices[2 * vb + 1]!) / 2]);
          }
        }
        mids.push([g.x, g.y]);
        expect(sp.distance).toBeLessThanOrEqual(polylineLength(mids) + 1e-9);
        // Exact any-angle path against the reference.
        const opt = findPathAnyAngle(createStraightPath({ maxPoints: 512 }), mesh, s.x, s.y, g.x, g.y);
        expect(opt.flags).toBe(PathFlags.Found);
        const ref = referenceShortest(d, s.x, s.y, g.x, g.y);
        expect(Math.abs(opt.distance - ref)).toBeLessThanOrEqual(1e-9 * ref);
        expect(opt.distance).toBeLessThanOrEqual(sp.distance + 1e-9 * sp.distance);
        const opts = pointsOf(opt);
        for (let i = 1; i < opts.length; i++) expect(segmentFree(d, ...opts[i - 1]!, ...opts[i]!)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe("findPolygonsInBox", () => {
  it("property: reports every polygon the box overlaps (sampled), each once; no bounding-box false positives", () => {
    // Unit squares split along alternating diagonals: box/triangle overlaps that bounding boxes get wrong.
    const vertices: number[] = [];
    for (let y = 0; y <= 6; y++) for (let x = 0; x <= 6; x++) vertices.push(x, y);
    const polygons: number[][] = [];
    for (let y = 0; y < 6; y++) {
      for (let x = 0; x < 6; x++) {
        const a = y * 7 + x,
          b = a + 1,
          c = a + 8,
          d = a + 7;
        if ((x + y) % 2) polygons.push([a, b, c], [a, c, d]);
        else polygons.push([a, b, d], [b, c, d]);
      }
    }
    const mesh = createNavMesh({ vertices, polygons });
    const out = new Float64Array(256);
    fc.assert(
      fc.property(unit, unit, unit, unit, (a, b, c, d) => {
        const x0 = a * 7 - 0.5,
          y0 = b * 7 - 0.5,
          x1 = x0 + c * 2,
          y1 = y0 + d * 2;
        const n = findPolygonsInBox(out, mesh, x0, y0, x1, y1);
        const got = new Set(out.subarray(0, n));
        expect(got.size).toBe(n);
        for (let p = 0; p < mesh.polyCount; p++) {
          // Reference: the polygon overlaps the box when the box clipped... sample a fine grid of the box.
          let hit = false;
          for (let i = 0; i <= 40 && !hit; i++)
            for (let j = 0; j <= 40 && !hit; j++) {
              const x = x0 + ((x1 - x0) * i) / 40,
                y = y0 + ((y1 - y0) * j) / 40;
              if (findPolygonOfAll(mesh, p, x, y)) hit = true;
            }
          if (hit) expect(got.has(p)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
    // The box [0.8, 0.9]² is inside the bounding box of triangle 0 ((0,0), (1,0), (0,1)) but only overlaps triangle 1.
    expect(Array.from(out.subarray(0, findPolygonsInBox(out, mesh, 0.8, 0.8, 0.9, 0.9)))).toEqual([1]);
  });
});

function findPolygonOfAll(mesh: NavMesh, p: number, x: number, y: number): boolean {
  const tmp = { x: 0, y: 0 };
  return closestPointOnPolygon(tmp, mesh, p, x, y) === 0;
}
