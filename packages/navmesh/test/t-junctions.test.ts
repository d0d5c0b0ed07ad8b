import fc from "fast-check";
import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  addNavMeshTile,
  createNavMesh,
  createNavMeshQuery,
  createNavPath,
  createRaycastResult,
  createStraightPath,
  findPathAnyAngle,
  findPolygon,
  findPolygonPath,
  findStraightPath,
  raycast,
  type NavMesh,
} from "../src";

type Poly = [number, number][];

/** Vertex-deduplicated input of a polygon list. */
function toInput(polys: Poly[]): { vertices: number[]; polygons: number[][] } {
  const ids = new Map<string, number>();
  const vertices: number[] = [];
  const polygons = polys.map((poly) =>
    poly.map(([x, y]) => {
      const k = `${x},${y}`;
      let id = ids.get(k);
      if (id === undefined) {
        ids.set(k, (id = vertices.length / 2));
        vertices.push(x, y);
      }
      return id;
    }),
  );
  return { vertices, polygons };
}

interface Layout {
  xb: number[];
  yb: number[];
  seam: number;
  keep: boolean[][]; // [col][row]
  splitL: (number | undefined)[]; // per row: split height of the left seam cell
  splitR: (number | undefined)[];
}

const arbLayout: fc.Arbitrary<Layout> = fc
  .record({
    cols: fc.integer({ min: 2, max: 5 }),
    rows: fc.integer({ min: 1, max: 4 }),
  })
  .chain(({ cols, rows }) =>
    fc.record({
      dx: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: cols, maxLength: cols }),
      dy: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: rows, maxLength: rows }),
      seam: fc.integer({ min: 1, max: cols - 1 }),
      keep: fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: rows, maxLength: rows }), { minLength: cols, maxLength: cols }),
      splitL: fc.array(fc.option(fc.double({ min: 0.15, max: 0.85, noNaN: true })), { minLength: rows, maxLength: rows }),
      splitR: fc.array(fc.option(fc.double({ min: 0.15, max: 0.85, noNaN: true })), { minLength: rows, maxLength: rows }),
    }),
  )
  .map(({ dx, dy, seam, keep, splitL, splitR }) => {
    const xb = [0],
      yb = [0];
    for (const d of dx) xb.push(xb[xb.length - 1]! + d);
    for (const d of dy) yb.push(yb[yb.length - 1]! + d);
    const at = (r: number, f: number | null): number | undefined => (f === null ? undefined : yb[r]! + f * (yb[r + 1]! - yb[r]!));
    return {
      xb,
      yb,
      seam,
      keep: keep.map((col) => col.map((k) => k < 0.85)),
      splitL: splitL.map((f, r) => at(r, f)),
      splitR: splitR.map((f, r) => at(r, f)),
    };
  });

/**
 * The tiled mesh (left of the seam in tile 0,0, right in tile 1,0; seam cells split at heights the
 * other side does not have) and the reference solo mesh (the same polygons, with the other side's
 * seam points inserted into each seam edge, so every neighbor shares vertices).
 */
function build(l: Layout): { tiled: NavMesh; solo: NavMesh } {
  const left: Poly[] = [],
    right: Poly[] = [],
    ref: Poly[] = [];
  const xs = l.xb[l.seam]!;
  for (let c = 0; c < l.xb.length - 1; c++) {
    for (let r = 0; r < l.yb.length - 1; r++) {
      if (!l.keep[c]![r]) continue;
      const x0 = l.xb[c]!,
        x1 = l.xb[c + 1]!,
        y0 = l.yb[r]!,
        y1 = l.yb[r + 1]!;
      const isLeft = c < l.seam;
      const atSeam = c === l.seam - 1 || c === l.seam;
      const split = !atSeam ? undefined : isLeft ? l.splitL[r] : l.splitR[r];
      const other = !atSeam ? undefined : isLeft ? (l.keep[l.seam]![r] ? l.splitR[r] : undefined) : l.keep[l.seam - 1]![r] ? l.splitL[r] : undefined;
      const pieces: [number, number][] =
        split === undefined
          ? [[y0, y1]]
          : [
              [y0, split],
              [split, y1],
            ];
      for (const [a, b] of pieces) {
        const poly: Poly = [
          [x0, a],
          [x1, a],
          [x1, b],
          [x0, b],
        ];
        (isLeft ? left : right).push(poly);
        // Reference: the other side's seam point inside this piece's seam edge, as a shared vertex.
        const extra = other !== undefined && other > a && other < b ? other : undefined;
        if (extra === undefined) ref.push(poly);
        else if (isLeft && x1 === xs)
          ref.push([
            [x0, a],
            [x1, a],
            [x1, extra],
            [x1, b],
            [x0, b],
          ]);
        else
          ref.push([
            [x0, a],
            [x1, a],
            [x1, b],
            [x0, b],
            [x0, extra],
          ]);
      }
    }
  }
  const tiled = createNavMesh(toInput(left));
  if (right.length > 0) addNavMeshTile(tiled, 1, 0, 0, toInput(right));
  return { tiled, solo: createNavMesh(toInput(ref)) };
}

describe("T-junction border links (portal overlaps)", () => {
  it("one long edge facing two short ones links to both, and the funnel and raycast pass through the sub-intervals", () => {
    // Tile 0: the square [0,2]²; tile 1: two rectangles [2,4]×[0,1] and [2,4]×[1,2] (vertex (2,1) only in tile 1).
    const mesh = createNavMesh({ vertices: [0, 0, 2, 0, 2, 2, 0, 2], polygons: [[0, 1, 2, 3]] });
    const base = addNavMeshTile(mesh, 1, 0, 0, {
      vertices: [2, 0, 4, 0, 4, 1, 2, 1, 4, 2, 2, 2],
      polygons: [
        [0, 1, 2, 3],
        [3, 2, 4, 5],
      ],
    });
    expect(mesh.tiles["0,0,0"]!.links[1]).toBe(base); // the long edge x = 2: its first sub-interval's neighbor
    expect(mesh.tiles["1,0,0"]!.links[3]).toBe(0);
    expect(mesh.tiles["1,0,0"]!.links[mesh.tiles["1,0,0"]!.maxVertsPerPoly + 3]).toBe(0);
    // Portal-overlap links: polygon, edge, neighbor ref, tmin, tmax along the edge.
    expect(Array.from(mesh.tiles["0,0,0"]!.borderLinks)).toEqual([0, 1, base, 0, 0.5, 0, 1, base + 1, 0.5, 1]);
    expect(Array.from(mesh.tiles["1,0,0"]!.borderLinks)).toEqual([0, 3, 0, 0, 1, 1, 3, 0, 0, 1]);
    const q = createNavMeshQuery(mesh);
    for (const [gx, gy, second] of [
      [3, 0.5, base],
      [3, 1.5, base + 1],
    ] as const) {
      const path = findPolygonPath(createNavPath({ maxLength: 8 }), q, 0, 1, 1, findPolygon(mesh, gx, gy), gx, gy);
      expect(path.flags & PathFlags.Found).toBeTruthy();
      expect(Array.from(path.path.subarray(0, path.length))).toEqual([0, second]);
      const sp = findStraightPath(createStraightPath({ maxPoints: 8 }), mesh, path.path, path.length, 1, 1, gx, gy);
      expect(sp.count).toBe(2); // a straight line across the portal
      expect(raycast(createRaycastResult({ maxVisited: 8 }), mesh, 0, 1, 1, gx, gy).t).toBe(Infinity);
    }
    // The straight segment from (1, 0.2) to (3, 1.8) crosses the seam at y = 1: through the split vertex.
    expect(raycast(createRaycastResult({ maxVisited: 8 }), mesh, 0, 1, 0.2, 3, 1.8).t).toBe(Infinity);
  });

  it("property: tiles whose seam vertices differ give the same reachability and A* costs as the solo mesh with shared vertices", () => {
    fc.assert(
      fc.property(
        arbLayout,
        fc.array(fc.tuple(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0.05, max: 0.95, noNaN: true })), {
          minLength: 12,
          maxLength: 12,
        }),
        (layout, fractions) => {
          const { tiled, solo } = build(layout);
          const w = layout.xb[layout.xb.length - 1]!,
            h = layout.yb[layout.yb.length - 1]!;
          const points = fractions.map(([fx, fy]) => [fx * w, fy * h] as const).filter(([x, y]) => findPolygon(solo, x, y) >= 0);
          const qt = createNavMeshQuery(tiled),
            qs = createNavMeshQuery(solo);
          const pt = createNavPath({ maxLength: 256 }),
            ps = createNavPath({ maxLength: 256 });
          for (let i = 0; i + 1 < points.length; i++) {
            const [sx, sy] = points[i]!,
              [gx, gy] = points[i + 1]!;
            const at = findPolygon(tiled, sx, sy),
              bt = findPolygon(tiled, gx, gy);
            expect(at).toBeGreaterThanOrEqual(0);
            expect(bt).toBeGreaterThanOrEqual(0);
            findPolygonPath(pt, qt, at, sx, sy, bt, gx, gy);
            findPolygonPath(ps, qs, findPolygon(solo, sx, sy), sx, sy, findPolygon(solo, gx, gy), gx, gy);
            expect(pt.flags & PathFlags.Found).toBe(ps.flags & PathFlags.Found);
            if (ps.flags & PathFlags.Found) expect(Math.abs(pt.cost - ps.cost)).toBeLessThanOrEqual(1e-9 * Math.max(1, ps.cost));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("property: Polyanya (findPathAnyAngle) on tiles with T-junctions finds the solo mesh's exact length", () => {
    fc.assert(
      fc.property(
        arbLayout,
        fc.array(fc.tuple(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0.05, max: 0.95, noNaN: true })), {
          minLength: 10,
          maxLength: 10,
        }),
        (layout, fractions) => {
          const { tiled, solo } = build(layout);
          const w = layout.xb[layout.xb.length - 1]!,
            h = layout.yb[layout.yb.length - 1]!;
          const points = fractions.map(([fx, fy]) => [fx * w, fy * h] as const).filter(([x, y]) => findPolygon(solo, x, y) >= 0);
          const at = createStraightPath({ maxPoints: 256 }),
            as = createStraightPath({ maxPoints: 256 });
          for (let i = 0; i + 1 < points.length; i++) {
            const [sx, sy] = points[i]!,
              [gx, gy] = points[i + 1]!;
            findPathAnyAngle(at, tiled, sx, sy, gx, gy);
            findPathAnyAngle(as, solo, sx, sy, gx, gy);
            expect(at.flags & PathFlags.Found).toBe(as.flags & PathFlags.Found);
            if (as.flags & PathFlags.Found) expect(Math.abs(at.distance - as.distance)).toBeLessThanOrEqual(1e-9 * Math.max(1, as.distance));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
