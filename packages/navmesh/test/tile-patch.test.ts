import { createRng, rngNextFloat } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addNavMeshTile,
  createNavMesh,
  createNavMeshQuery,
  createNavPath,
  createStraightPath,
  findNavMeshPathBatch,
  findNearestPoint,
  findNavMeshPath,
  findPathAnyAngle,
  findPolygon,
  findPolygonPath,
  findStraightPath,
  navMeshFromJson,
  navMeshToJson,
  removeNavMeshTile,
  replaceNavMeshTile,
  type NavMesh,
  type NavMeshInput,
} from "../src";
import { buildMeshData, getPolyanyaMeshData } from "../src/polyanya/mesh-data";
import { canonicalFlatView } from "./helpers";

// Tile contents on a 3 × 2 grid of 2 × 2 tiles; several kinds, so neighbouring tiles meet with
// matching vertices, with T-junctions (one long edge against two short ones) and with gaps.
const S = 2;
function tileInput(x: number, y: number, kind: number): NavMeshInput {
  const x0 = x * S,
    y0 = y * S;
  const rect = (ax: number, ay: number, bx: number, by: number): number[] => [ax, ay, bx, ay, bx, by, ax, by];
  // Rectangles over shared vertices (one vertex per position, as builders make them).
  const quads = (rs: number[][]): NavMeshInput => {
    const vertices: number[] = [];
    const ids = new Map<string, number>();
    const id = (x: number, y: number): number => {
      const k = `${x},${y}`;
      let v = ids.get(k);
      if (v === undefined) {
        ids.set(k, (v = vertices.length / 2));
        vertices.push(x, y);
      }
      return v;
    };
    return {
      vertices,
      polygons: rs.map((r) => [id(r[0]!, r[1]!), id(r[2]!, r[3]!), id(r[4]!, r[5]!), id(r[6]!, r[7]!)]),
      areas: rs.map((_, i) => (kind + i) % 3),
      tags: rs.map((_, i) => 10 * kind + i),
    };
  };
  switch (kind) {
    case 0: // one square
      return quads([rect(x0, y0, x0 + S, y0 + S)]);
    case 1: // two triangles
      return {
        vertices: rect(x0, y0, x0 + S, y0 + S),
        polygons: [
          [0, 1, 2],
          [0, 2, 3],
        ],
        areas: [1, 2],
      };
    case 2: // two horizontal strips: T-junctions on the left and right edges
      return quads([rect(x0, y0, x0 + S, y0 + 1), rect(x0, y0 + 1, x0 + S, y0 + S)]);
    case 3: // four small squares: T-junctions on every side
      return quads([rect(x0, y0, x0 + 1, y0 + 1), rect(x0 + 1, y0, x0 + S, y0 + 1), rect(x0, y0 + 1, x0 + 1, y0 + S), rect(x0 + 1, y0 + 1, x0 + S, y0 + S)]);
    default: // the left half only: a gap on the right
      return quads([rect(x0, y0, x0 + 1, y0 + S)]);
  }
}

const op = fc.record({
  op: fc.integer({ min: 0, max: 2 }),
  x: fc.integer({ min: 0, max: 2 }),
  y: fc.integer({ min: 0, max: 1 }),
  kind: fc.integer({ min: 0, max: 4 }),
});

/** Queries on `a` (patched) and `b` (built from scratch) agree, polygons named by tile key and index. */
function expectSameQueries(a: NavMesh, b: NavMesh, seed: number): void {
  const rng = createRng(seed);
  const qa = createNavMeshQuery(a),
    qb = createNavMeshQuery(b);
  const pa = createNavPath({ maxLength: 64 }),
    pb = createNavPath({ maxLength: 64 });
  const sa = createStraightPath({ maxPoints: 64 }),
    sb = createStraightPath({ maxPoints: 64 });
  const na = { x: 0, y: 0 },
    nb = { x: 0, y: 0 };
  for (let i = 0; i < 12; i++) {
    const sx = rngNextFloat(rng) * 3 * S,
      sy = rngNextFloat(rng) * 2 * S,
      gx = rngNextFloat(rng) * 3 * S,
      gy = rngNextFloat(rng) * 2 * S;
    // Nearest polygon and point (the point is unique; on a shared edge either polygon is right).
    const ra = findNearestPoint(na, a, sx - 0.3, sy + 0.2),
      rb = findNearestPoint(nb, b, sx - 0.3, sy + 0.2);
    expect(ra < 0).toBe(rb < 0);
    expect(na.x).toBeCloseTo(nb.x, 9);
    expect(na.y).toBeCloseTo(nb.y, 9);
    const a0 = findPolygon(a, sx, sy),
      a1 = findPolygon(a, gx, gy),
      b0 = findPolygon(b, sx, sy),
      b1 = findPolygon(b, gx, gy);
    // Same slots and generations: the same refs (random points are never on an edge).
    expect([a0, a1]).toEqual([b0, b1]);
    expect(ra).toBe(rb);
    if (a0 < 0 || a1 < 0) continue;
    findPolygonPath(pa, qa, a0, sx, sy, a1, gx, gy);
    findPolygonPath(pb, qb, b0, sx, sy, b1, gx, gy);
    expect(pa.flags).toBe(pb.flags);
    expect(pa.cost).toBeCloseTo(pb.cost, 9);
    findStraightPath(sa, a, pa.path, pa.length, sx, sy, gx, gy);
    findStraightPath(sb, b, pb.path, pb.length, sx, sy, gx, gy);
    expect(sa.distance).toBeCloseTo(sb.distance, 9);
    findPathAnyAngle(sa, a, sx, sy, gx, gy);
    findPathAnyAngle(sb, b, sx, sy, gx, gy);
    expect(sa.flags).toBe(sb.flags);
    expect(sa.distance).toBeCloseTo(sb.distance, 9);
    // Level 2 and the batch: their per-mesh caches on `a` lived through every change.
    for (const algorithm of ["optimal", "funnel"] as const) {
      const fa = findNavMeshPath(a, { x: sx, y: sy }, { x: gx, y: gy }, { algorithm }),
        fb = findNavMeshPath(b, { x: sx, y: sy }, { x: gx, y: gy }, { algorithm });
      expect(fa.found).toBe(fb.found);
      expect(fa.distance).toBeCloseTo(fb.distance, 9);
      expect(fa.path.length).toBe(fb.path.length);
    }
    const q = new Float64Array([sx, sy, gx, gy]);
    expect(findNavMeshPathBatch(a, q, { algorithm: "funnel" }).distances[0]).toBeCloseTo(findNavMeshPathBatch(b, q, { algorithm: "funnel" }).distances[0]!, 9);
  }
}

describe("tile changes patch the flat view", () => {
  it(
    "property: random add/remove/replace sequences give the flat view, links, Polyanya's data and query answers of a mesh built from scratch with the final tiles",
    { timeout: 30_000 },
    () => {
      fc.assert(
        fc.property(fc.array(op, { minLength: 1, maxLength: 30 }), fc.integer(), (ops, seed) => {
          const mesh = createNavMesh(tileInput(0, 0, 0));
          addNavMeshTile(mesh, 1, 0, 0, tileInput(1, 0, 3));
          const sp = createStraightPath({ maxPoints: 64 });
          for (const o of ops) {
            const input = tileInput(o.x, o.y, o.kind);
            if (o.op === 0) {
              if (!mesh.tiles[`${o.x},${o.y},0`]) addNavMeshTile(mesh, o.x, o.y, 0, input);
            } else if (o.op === 1) removeNavMeshTile(mesh, o.x, o.y, 0);
            else replaceNavMeshTile(mesh, o.x, o.y, 0, input);
            // Level 2 and the batch keep their per-mesh caches across changes (grown, not rebuilt).
            if (mesh.polyCount > 0) {
              findNavMeshPath(mesh, { x: 0.5, y: 0.5 }, { x: 5.5, y: 3.5 }, { algorithm: "funnel" });
              findNavMeshPathBatch(mesh, new Float64Array([0.5, 0.5, 5.5, 3.5]), { algorithm: "funnel" });
            }
            // Polyanya's data follows every change (updated for the touched polygons only): it equals a rebuild.
            if (mesh.polyCount > 0 && o.kind !== 4) {
              findPathAnyAngle(sp, mesh, 0.5, 0.5, 5.5, 3.5);
              const md = getPolyanyaMeshData(mesh),
                full = buildMeshData(mesh);
              const size = mesh.polyCount * mesh.maxVertsPerPoly;
              expect(Array.from(md.cornerFan.subarray(0, size))).toEqual(Array.from(full.cornerFan));
              expect(Array.from(md.backSlot.subarray(0, size))).toEqual(Array.from(full.backSlot));
              expect(Array.from(md.neighborCount.subarray(0, mesh.polyCount))).toEqual(Array.from(full.neighborCount));
              let turning = 0;
              for (let c = 0; c < size; c++)
                if (full.cornerFan[c]! >= 0 && md.fanTurning[full.cornerFan[c]!] !== full.fanTurning[full.cornerFan[c]!]) turning++;
              expect(turning).toBe(0);
            }
          }
          // From scratch: the same tiles, slots and generations, laid out by a full rebuild.
          const fresh = navMeshFromJson(navMeshToJson(mesh));
          expect(canonicalFlatView(mesh)).toEqual(canonicalFlatView(fresh));
          for (const key of Object.keys(fresh.tiles)) {
            expect(Array.from(mesh.tiles[key]!.links)).toEqual(Array.from(fresh.tiles[key]!.links));
            expect(Array.from(mesh.tiles[key]!.borderLinks)).toEqual(Array.from(fresh.tiles[key]!.borderLinks));
          }
          expect(Array.from(mesh.tileRefBase)).toEqual(Array.from(fresh.tileRefBase));
          if (fresh.polyCount > 0) expectSameQueries(mesh, fresh, seed);
        }),
        { numRuns: 80 },
      );
    },
  );

  it("a change touches only the tile and its neighbours: a far tile keeps its flat polygons in place", () => {
    const mesh = createNavMesh(tileInput(0, 0, 0));
    for (let x = 1; x < 6; x++) addNavMeshTile(mesh, x, 0, 0, tileInput(x, 0, x % 4));
    // Once every kind was in place (a stride too small for the cut points lays the view out again).
    for (let k = 0; k < 5; k++) replaceNavMeshTile(mesh, 0, 0, 0, tileInput(0, 0, k));
    const far = mesh.tilePolyBase[mesh.tiles["5,0,0"]!.slot]!;
    const before = Array.from(mesh.polyVerts.subarray(far * mesh.maxVertsPerPoly, (far + 4) * mesh.maxVertsPerPoly));
    for (let k = 0; k < 20; k++) replaceNavMeshTile(mesh, 0, 0, 0, tileInput(0, 0, k % 5));
    expect(mesh.tilePolyBase[mesh.tiles["5,0,0"]!.slot]).toBe(far);
    expect(Array.from(mesh.polyVerts.subarray(far * mesh.maxVertsPerPoly, (far + 4) * mesh.maxVertsPerPoly))).toEqual(before);
    // Unused entries never grow past the polygons in use plus a bounded slack.
    const used = Object.values(mesh.tiles).reduce((s, t) => s + t.polyCount, 0);
    expect(mesh.polyCount).toBeLessThanOrEqual(2 * used + 256);
    expect(canonicalFlatView(mesh)).toEqual(canonicalFlatView(navMeshFromJson(navMeshToJson(mesh))));
  });
});
