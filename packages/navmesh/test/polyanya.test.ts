import fc from "fast-check";
import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  buildNavMeshFromPolygons,
  createNavMesh,
  createNavMeshQuery,
  createNavPath,
  createRaycastResult,
  createStraightPath,
  NAVMESH_AREA_COUNT,
  findNavMeshPath,
  findPathAnyAngle,
  findPolygon,
  findPolygonPath,
  findStraightPath,
  getPolygonCenter,
  raycast,
  type NavMesh,
  type StraightPath,
} from "../src";
import { findPathCornerAStar } from "./corner-astar";
import { arbPolygonWithHoles, arbRoomWithPillars, splitIntoTiles } from "./helpers";
import { referenceShortest, segmentFree, type Domain } from "./reference";

// POLYANYA_RUNS=k multiplies the runs (a long soak; the default keeps each test under ~2 s).
const RUNS = (n: number): number => n * Number(process.env["POLYANYA_RUNS"] ?? 1);
const unit = fc.integer({ min: 0, max: 999_999 }).map((i) => i / 1e6);
const unit3 = fc.tuple(unit, unit, unit);

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

/** A point inside polygon `p` (between its centre and a vertex). */
function pointOnMesh(mesh: NavMesh, r0: number, r1: number, r2: number): { x: number; y: number } {
  const p = Math.min(mesh.polyCount - 1, Math.floor(r0 * mesh.polyCount));
  const c = getPolygonCenter({ x: 0, y: 0 }, mesh, p);
  const n = mesh.polyVertCount[p]!;
  const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + Math.min(n - 1, Math.floor(r1 * n))]!;
  const t = 0.05 + 0.9 * r2;
  return { x: c.x + t * (mesh.vertices[2 * v]! - c.x), y: c.y + t * (mesh.vertices[2 * v + 1]! - c.y) };
}

/** Every segment of the path passes a mesh raycast from its midpoint to both ends. */
function expectOnMesh(mesh: NavMesh, pts: [number, number][]): void {
  const ray = createRaycastResult({ maxVisited: 0 });
  for (let i = 1; i < pts.length; i++) {
    const [ax, ay] = pts[i - 1]!,
      [bx, by] = pts[i]!;
    const mx = (ax + bx) / 2,
      my = (ay + by) / 2;
    const p = findPolygon(mesh, mx, my);
    expect(p).toBeGreaterThanOrEqual(0);
    expect(raycast(ray, mesh, p, mx, my, bx, by).t).toBe(Infinity);
    expect(raycast(ray, mesh, p, mx, my, ax, ay).t).toBe(Infinity);
  }
}

function funnelLength(mesh: NavMesh, sx: number, sy: number, gx: number, gy: number): number {
  const np = createNavPath({ maxLength: mesh.polyCount });
  const r = findPolygonPath(np, createNavMeshQuery(mesh), findPolygon(mesh, sx, sy), sx, sy, findPolygon(mesh, gx, gy), gx, gy);
  if (!(r.flags & PathFlags.Found)) return Infinity;
  return findStraightPath(createStraightPath({ maxPoints: 1024 }), mesh, np.path, np.length, sx, sy, gx, gy).distance;
}

// ---- Grid meshes: unit cells (squares or two triangles), some blocked; every vertex on the
// integer lattice, so rays run through vertices and along edges (Polyanya's degenerate cases).

interface GridCase {
  w: number;
  h: number;
  free: boolean[];
  split: number[]; // 0 square, 1 "/" diagonal, 2 "\" diagonal
}

function gridMesh(g: GridCase): NavMesh {
  const vertices: number[] = [];
  for (let y = 0; y <= g.h; y++) for (let x = 0; x <= g.w; x++) vertices.push(x, y);
  const polygons: number[][] = [];
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      if (!g.free[y * g.w + x]) continue;
      const a = y * (g.w + 1) + x,
        b = a + 1,
        c = a + g.w + 2,
        d = a + g.w + 1;
      const s = g.split[y * g.w + x]!;
      if (s === 0) polygons.push([a, b, c, d]);
      else if (s === 1) polygons.push([a, b, c], [a, c, d]);
      else polygons.push([a, b, d], [b, c, d]);
    }
  return createNavMesh({ vertices, polygons });
}

const isFree = (g: GridCase, x: number, y: number): boolean => x >= 0 && y >= 0 && x < g.w && y < g.h && g.free[y * g.w + x]!;

/** Unblocks cells until no two free cells touch only at a corner (the mesh would not connect them). */
function removePinches(g: GridCase): GridCase {
  const free = [...g.free];
  const f = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < g.w && y < g.h && free[y * g.w + x]!;
  for (let changed = true; changed;) {
    changed = false;
    for (let y = 0; y <= g.h; y++)
      for (let x = 0; x <= g.w; x++) {
        const a = f(x - 1, y - 1),
          b = f(x, y - 1),
          c = f(x - 1, y),
          d = f(x, y);
        if ((a && d && !b && !c) || (b && c && !a && !d)) {
          const [ux, uy] = !b ? [x, y - 1] : [x - 1, y - 1];
          if (ux >= 0 && uy >= 0 && ux < g.w && uy < g.h) free[uy * g.w + ux] = true;
          changed = true;
        }
      }
  }
  return { ...g, free };
}

/**
 * True when the segment stays in the closed union of the free cells: cut at every lattice line it
 * crosses, the middle of each piece lies in (the closure of) a free cell. No pinches exist, so
 * passing through a lattice vertex is fine.
 */
function gridSegmentFree(g: GridCase, ax: number, ay: number, bx: number, by: number): boolean {
  const dx = bx - ax,
    dy = by - ay;
  const ts = [0, 1];
  for (let x = 0; x <= g.w; x++) if (dx !== 0) ts.push((x - ax) / dx);
  for (let y = 0; y <= g.h; y++) if (dy !== 0) ts.push((y - ay) / dy);
  const cut = ts.filter((t) => t >= 0 && t <= 1).sort((p, q) => p - q);
  const inFree = (x: number, y: number): boolean => {
    const e = 1e-9;
    for (let cy = Math.floor(y - e); cy <= Math.floor(y + e); cy++)
      for (let cx = Math.floor(x - e); cx <= Math.floor(x + e); cx++) if (isFree(g, cx, cy)) return true;
    return false;
  };
  if (!inFree(ax, ay) || !inFree(bx, by)) return false;
  for (let i = 1; i < cut.length; i++) {
    const t = (cut[i - 1]! + cut[i]!) / 2;
    if (!inFree(ax + t * dx, ay + t * dy)) return false;
  }
  return true;
}

/** Brute force: Dijkstra over the visibility graph of every lattice vertex plus the two end points. */
function gridReference(g: GridCase, sx: number, sy: number, gx: number, gy: number): number {
  const pts: number[] = [sx, sy, gx, gy];
  for (let y = 0; y <= g.h; y++) for (let x = 0; x <= g.w; x++) pts.push(x, y);
  const n = pts.length / 2;
  const dist = new Float64Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  dist[0] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0) return Infinity;
    if (u === 1) return dist[1]!;
    done[u] = 1;
    for (let w = 0; w < n; w++) {
      if (done[w]) continue;
      const nd = dist[u]! + Math.hypot(pts[2 * w]! - pts[2 * u]!, pts[2 * w + 1]! - pts[2 * u + 1]!);
      if (nd < dist[w]! && gridSegmentFree(g, pts[2 * u]!, pts[2 * u + 1]!, pts[2 * w]!, pts[2 * w + 1]!)) dist[w] = nd;
    }
  }
}

const arbGrid: fc.Arbitrary<GridCase> = fc
  .record({ w: fc.integer({ min: 2, max: 6 }), h: fc.integer({ min: 2, max: 6 }) })
  .chain(({ w, h }) =>
    fc.record({
      w: fc.constant(w),
      h: fc.constant(h),
      free: fc.array(
        fc.integer({ min: 0, max: 9 }).map((k) => k < 7),
        { minLength: w * h, maxLength: w * h },
      ),
      split: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: w * h, maxLength: w * h }),
    }),
  )
  .map(removePinches);

/** A point of a free cell on the half-integer lattice (corners, edge midpoints, centre) or a random one. */
function gridPoint(g: GridCase, r: number, kind: number, fx: number, fy: number): [number, number] | null {
  const cells: number[] = [];
  for (let i = 0; i < g.w * g.h; i++) if (g.free[i]) cells.push(i);
  if (cells.length === 0) return null;
  const c = cells[Math.min(cells.length - 1, Math.floor(r * cells.length))]!;
  const x = c % g.w,
    y = Math.floor(c / g.w);
  if (kind === 0) return [x + Math.round(fx * 2) / 2, y + Math.round(fy * 2) / 2];
  return [x + fx, y + fy];
}

describe("Polyanya: exact shortest paths", () => {
  it("example: around the pillar", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
    const out = createStraightPath({ maxPoints: 16 });
    findPathAnyAngle(out, mesh, 1, 5, 9, 5);
    expect(out.flags).toBe(PathFlags.Found);
    expect(out.count).toBe(4);
    expect(out.distance).toBeCloseTo(2 * Math.sqrt(10) + 2, 12);
    const pts = pointsOf(out);
    expect(pts[0]).toEqual([1, 5]);
    expect(pts[3]).toEqual([9, 5]);
    // A pillar corner pair, above or below.
    expect([pts[1]![0], pts[2]![0]]).toEqual([4, 6]);
    expect(pts[1]![1]).toBe(pts[2]![1]);
    expect([4, 6]).toContain(pts[1]![1]);
  });

  it("property: equals a brute-force visibility-graph Dijkstra on random polygons with holes (1e-9 relative), ≤ funnel, every segment on the mesh", () => {
    fc.assert(
      fc.property(fc.oneof(arbPolygonWithHoles(), arbRoomWithPillars()), unit3, unit3, (region, a, b) => {
        const mesh = buildNavMeshFromPolygons([region]);
        const d: Domain = region;
        const s = pointOnMesh(mesh, ...a),
          g = pointOnMesh(mesh, ...b);
        const out = findPathAnyAngle(createStraightPath({ maxPoints: 512 }), mesh, s.x, s.y, g.x, g.y);
        expect(out.flags).toBe(PathFlags.Found);
        const ref = referenceShortest(d, s.x, s.y, g.x, g.y);
        expect(Math.abs(out.distance - ref)).toBeLessThanOrEqual(1e-9 * ref);
        expect(out.distance).toBeLessThanOrEqual(funnelLength(mesh, s.x, s.y, g.x, g.y) * (1 + 1e-9));
        const pts = pointsOf(out);
        expect(pts[0]).toEqual([s.x, s.y]);
        expect(pts[pts.length - 1]).toEqual([g.x, g.y]);
        expect(Math.abs(polylineLength(pts) - out.distance)).toBeLessThanOrEqual(1e-9 * (1 + out.distance));
        for (let i = 1; i < pts.length; i++) expect(segmentFree(d, ...pts[i - 1]!, ...pts[i]!)).toBe(true);
        expectOnMesh(mesh, pts);
      }),
      { numRuns: RUNS(80) },
    );
  });

  it("property: grid meshes (squares and triangles on the integer lattice, ends on vertices and edges) equal the brute force; tiles change nothing", () => {
    fc.assert(
      fc.property(
        arbGrid,
        unit,
        unit,
        fc.integer({ min: 0, max: 1 }),
        unit,
        unit,
        unit,
        fc.integer({ min: 0, max: 1 }),
        unit,
        unit,
        (grid, r0, r1, k0, fx0, fy0, r2, k1, fx1, fy1) => {
          const s = gridPoint(grid, r0, k0, fx0, fy0),
            g = gridPoint(grid, r2, k1, fx1, fy1);
          void r1;
          if (!s || !g) return;
          const mesh = gridMesh(grid);
          const out = findPathAnyAngle(createStraightPath({ maxPoints: 256 }), mesh, s[0], s[1], g[0], g[1]);
          const ref = gridReference(grid, s[0], s[1], g[0], g[1]);
          if (ref === Infinity) {
            expect(out.flags).toBe(PathFlags.NoPath);
            return;
          }
          expect(out.flags).toBe(PathFlags.Found);
          expect(Math.abs(out.distance - ref)).toBeLessThanOrEqual(1e-9 * Math.max(1, ref));
          expect(out.distance).toBeLessThanOrEqual(funnelLength(mesh, s[0], s[1], g[0], g[1]) * (1 + 1e-9) + 1e-12);
          const pts = pointsOf(out);
          for (let i = 1; i < pts.length; i++) expect(gridSegmentFree(grid, ...pts[i - 1]!, ...pts[i]!)).toBe(true);
          const tiled = splitIntoTiles(mesh, 2);
          const t = findPathAnyAngle(createStraightPath({ maxPoints: 256 }), tiled, s[0], s[1], g[0], g[1]);
          expect(t.flags).toBe(PathFlags.Found);
          expect(Math.abs(t.distance - ref)).toBeLessThanOrEqual(1e-9 * Math.max(1, ref));
        },
      ),
      { numRuns: RUNS(150) },
    );
  });

  it("property: multi-tile meshes give the optimum of the solo mesh (and of the corner-visibility reference)", () => {
    fc.assert(
      fc.property(arbRoomWithPillars(), unit3, unit3, fc.integer({ min: 2, max: 4 }), (region, a, b, k) => {
        const mesh = buildNavMeshFromPolygons([region]);
        const tiled = splitIntoTiles(mesh, k);
        const s = pointOnMesh(mesh, ...a),
          g = pointOnMesh(mesh, ...b);
        const ref = findPathCornerAStar(createStraightPath({ maxPoints: 512 }), mesh, s.x, s.y, g.x, g.y);
        const t = findPathAnyAngle(createStraightPath({ maxPoints: 512 }), tiled, s.x, s.y, g.x, g.y);
        expect(t.flags).toBe(PathFlags.Found);
        expect(Math.abs(t.distance - ref.distance)).toBeLessThanOrEqual(1e-9 * ref.distance);
        expectOnMesh(tiled, pointsOf(t));
      }),
      { numRuns: RUNS(25) },
    );
  });

  it("no path: separate islands, off the mesh; a zero budget stops with BudgetExhausted", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 1, 0, 1, 1, 0, 1] }, { outer: [3, 0, 4, 0, 4, 1, 3, 1] }]);
    expect(findPathAnyAngle(createStraightPath(), mesh, 0.5, 0.5, 3.5, 0.5).flags).toBe(PathFlags.NoPath);
    expect(findPathAnyAngle(createStraightPath(), mesh, 0.5, 0.5, 2, 0.5).flags).toBe(PathFlags.NoPath);
    const room = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
    const b = findPathAnyAngle(createStraightPath(), room, 1, 5, 9, 5, { maxExpansions: 0 });
    expect(b.flags).toBe(PathFlags.BudgetExhausted);
    expect(b.expanded).toBe(0);
    const full = findPathAnyAngle(createStraightPath(), room, 1, 5, 9, 5);
    expect(full.expanded).toBeGreaterThan(0);
    expect(findPathAnyAngle(createStraightPath(), room, 1, 5, 9, 5, { maxExpansions: full.expanded }).flags).toBe(PathFlags.Found);
  });

  it("a too-short buffer sets PathTruncated and keeps count and length", () => {
    const room = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
    const full = findPathAnyAngle(createStraightPath({ maxPoints: 16 }), room, 1, 5, 9, 5);
    const short = findPathAnyAngle(createStraightPath({ maxPoints: 2 }), room, 1, 5, 9, 5);
    expect(short.flags).toBe(PathFlags.Found | PathFlags.PathTruncated);
    expect(short.count).toBe(full.count);
    expect(short.distance).toBe(full.distance);
    expect([short.points[0], short.points[1]]).toEqual([1, 5]);
  });

  it("start and goal on the same vertex, on a shared edge, in one polygon: a straight segment", () => {
    const mesh = gridMesh({ w: 3, h: 3, free: Array<boolean>(9).fill(true), split: [1, 2, 0, 0, 1, 2, 2, 0, 1] });
    for (const [sx, sy, gx, gy] of [
      [1, 1, 1, 1],
      [1, 1, 2, 2],
      [0, 0, 3, 3],
      [1, 0.5, 1, 2.5],
      [0.5, 0.5, 2.5, 2.5],
      [0, 3, 3, 0],
    ] as const) {
      const out = findPathAnyAngle(createStraightPath(), mesh, sx, sy, gx, gy);
      expect(out.flags).toBe(PathFlags.Found);
      expect(out.count).toBe(2);
      expect(out.distance).toBeCloseTo(Math.hypot(gx - sx, gy - sy), 12);
    }
  });

  it("a start on a boundary edge collinear with a linked edge turns at the straight-angle vertex between them", () => {
    // P = (0,0) (1,0) (2,0) (2,1) (0,1) has a straight angle at (1,0); only its edge (0,0)-(1,0)
    // links to Q below. From (1.5, 0) the way into Q turns at (1, 0).
    const mesh = createNavMesh({
      vertices: [0, 0, 1, 0, 2, 0, 2, 1, 0, 1, 0, -1, 1, -1],
      polygons: [
        [0, 1, 2, 3, 4],
        [5, 6, 1, 0],
      ],
    });
    const out = findPathAnyAngle(createStraightPath(), mesh, 1.5, 0, 0.5, -0.5);
    expect(out.flags).toBe(PathFlags.Found);
    expect(pointsOf(out)).toEqual([
      [1.5, 0],
      [1, 0],
      [0.5, -0.5],
    ]);
    expect(out.distance).toBeCloseTo(0.5 + Math.SQRT1_2, 12);
  });

  it("findNavMeshPath: an area cost table with 64 equal entries is uniform (exact path, cost × that value); any difference falls back to A* + funnel", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
    const plain = findNavMeshPath(mesh, { x: 1, y: 5 }, { x: 9, y: 5 });
    const twice = findNavMeshPath(mesh, { x: 1, y: 5 }, { x: 9, y: 5 }, { areaCosts: new Float64Array(NAVMESH_AREA_COUNT).fill(2) });
    expect(plain.algorithm).toBe("any-angle");
    expect(twice.algorithm).toBe("any-angle");
    expect(twice.distance).toBe(plain.distance);
    expect(twice.cost).toBeCloseTo(2 * plain.distance, 12);
    const costs = new Float64Array(NAVMESH_AREA_COUNT).fill(1);
    costs[63] = 3; // an area no polygon uses still makes the table non-uniform
    expect(findNavMeshPath(mesh, { x: 1, y: 5 }, { x: 9, y: 5 }, { areaCosts: costs }).algorithm).toBe("funnel");
    costs[63] = -1;
    expect(() => findNavMeshPath(mesh, { x: 1, y: 5 }, { x: 9, y: 5 }, { areaCosts: costs })).toThrow(/areaCosts\[63\]/);
  });

  it("bad input throws NAVMESH_BAD_INPUT naming the argument; huge finite coordinates are not bad input", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10] }]);
    const out = createStraightPath();
    const code = (f: () => unknown): unknown => {
      try {
        f();
      } catch (e) {
        return [(e as { code?: string }).code, (e as { path?: string }).path];
      }
      return "no throw";
    };
    expect(code(() => findPathAnyAngle(out, mesh, 1, Infinity, 2, 2))).toEqual(["NAVMESH_BAD_INPUT", "sy"]);
    expect(code(() => findPathAnyAngle(out, mesh, 1, 1, 2, 2, { maxExpansions: -1 }))).toEqual(["NAVMESH_BAD_INPUT", "maxExpansions"]);
    expect(code(() => findPathAnyAngle(out, mesh, 1, 1, 2, 2, { startPoly: 2 ** 40 }))).toEqual(["NAVMESH_BAD_INPUT", "startPoly"]);
    expect(code(() => findPathAnyAngle(out, mesh, 1, 1, 2, 2, { goalPoly: 0.5 }))).toEqual(["NAVMESH_BAD_INPUT", "goalPoly"]);
    expect(findPathAnyAngle(out, mesh, 1e308, 1e308, 1e308, 1e308).flags).toBe(PathFlags.NoPath); // finite, off the mesh
  });
});
