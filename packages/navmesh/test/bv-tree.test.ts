import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addNavMeshTile,
  buildNavMeshFromPolygons,
  closestPointOnPolygon,
  createNavMesh,
  findNearestPoint,
  findPolygon,
  findPolygonsInBox,
  findPolygonsInCircle,
  navMeshFromBytes,
  navMeshFromJson,
  navMeshToBytes,
  navMeshToJson,
  removeNavMeshTile,
  type NavMesh,
} from "../src";
import { arbPolygonWithHoles, splitIntoTiles } from "./helpers";

/** Every polygon ref of the mesh (slot order). */
function allRefs(mesh: NavMesh): number[] {
  const refs: number[] = [];
  for (let s = 0; s < mesh.tileKeys.length; s++) {
    if (mesh.tileKeys[s] === "") continue;
    for (let p = 0; p < mesh.tilePolyCount[s]!; p++) refs.push(mesh.tileRefBase[s]! + p);
  }
  return refs;
}

function polyPoints(mesh: NavMesh, ref: number): [number, number][] {
  const t = mesh.tiles[mesh.tileKeys[Math.floor(ref / 2 ** 20) % 2 ** 16]!]!;
  const p = ref % 2 ** 20;
  const pts: [number, number][] = [];
  for (let i = 0; i < t.polyVertCount[p]!; i++) {
    const v = t.polyVerts[p * t.maxVertsPerPoly + i]!;
    pts.push([t.vertices[2 * v]!, t.vertices[2 * v + 1]!]);
  }
  return pts;
}

/** Separating-axis test of a convex polygon against a box (touching counts), independent of the library's. */
function overlapsBox(pts: [number, number][], x0: number, y0: number, x1: number, y1: number): boolean {
  const corners: [number, number][] = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  const axes: [number, number][] = [
    [1, 0],
    [0, 1],
  ];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!,
      b = pts[(i + 1) % pts.length]!;
    axes.push([-(b[1] - a[1]), b[0] - a[0]]);
  }
  for (const [ax, ay] of axes) {
    const pp = pts.map(([x, y]) => x * ax + y * ay);
    const bb = corners.map(([x, y]) => x * ax + y * ay);
    if (Math.max(...pp) < Math.min(...bb) || Math.max(...bb) < Math.min(...pp)) return false;
  }
  return true;
}

const tmp = { x: 0, y: 0 };

function checkAgainstBruteForce(mesh: NavMesh, qx: number, qy: number, r: number): void {
  const refs = allRefs(mesh);
  const d2 = refs.map((ref) => closestPointOnPolygon(tmp, mesh, ref, qx, qy));
  // Point location: the point is in the found polygon, and off the mesh only when no polygon holds it.
  const found = findPolygon(mesh, qx, qy);
  const inside = refs.filter((_, i) => d2[i] === 0);
  if (found < 0) expect(inside).toEqual([]);
  else expect(closestPointOnPolygon(tmp, mesh, found, qx, qy)).toBeLessThanOrEqual(1e-18);
  // Nearest polygon: the distance of the brute-force minimum.
  const out = { x: 0, y: 0 };
  const near = findNearestPoint(out, mesh, qx, qy);
  const best = Math.min(...d2);
  expect(near).toBeGreaterThanOrEqual(0);
  expect(Math.hypot(out.x - qx, out.y - qy) ** 2).toBeCloseTo(best, 9);
  // Bounded search: nothing within a distance smaller than the nearest.
  if (best > 1e-6) expect(findNearestPoint(out, mesh, qx, qy, { maxDistance: Math.sqrt(best) * 0.99 })).toBe(-1);
  // Circle and box: the same sets as the scan.
  const buf = new Float64Array(refs.length + 1);
  const nc = findPolygonsInCircle(buf, mesh, qx, qy, r);
  const inCircle = refs.filter((_, i) => d2[i]! <= r * r);
  expect(Array.from(buf.subarray(0, nc)).sort((a, b) => a - b)).toEqual(inCircle.sort((a, b) => a - b));
  const nb = findPolygonsInBox(buf, mesh, qx - r, qy - r / 2, qx + r, qy + r / 2);
  const inBox = refs.filter((ref) => overlapsBox(polyPoints(mesh, ref), qx - r, qy - r / 2, qx + r, qy + r / 2));
  expect(Array.from(buf.subarray(0, nb)).sort((a, b) => a - b)).toEqual(inBox.sort((a, b) => a - b));
}

describe("BV tree per tile", () => {
  it("property: point location, nearest polygon, circle and box queries equal a brute-force scan (solo and tiled meshes)", () => {
    fc.assert(
      fc.property(
        arbPolygonWithHoles(),
        fc.integer({ min: 1, max: 3 }),
        fc.array(
          fc.tuple(fc.double({ min: -14, max: 14, noNaN: true }), fc.double({ min: -14, max: 14, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true })),
          {
            minLength: 8,
            maxLength: 8,
          },
        ),
        (region, k, queries) => {
          const solo = buildNavMeshFromPolygons([region]);
          const mesh = k === 1 ? solo : splitIntoTiles(solo, k);
          for (const [x, y, r] of queries) checkAgainstBruteForce(mesh, x, y, r);
          // Vertices are on polygon boundaries: always located.
          for (let v = 0; v < Math.min(8, solo.vertexCount); v++)
            expect(findPolygon(mesh, solo.vertices[2 * v]!, solo.vertices[2 * v + 1]!)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("each tile holds a depth-first tree whose leaves are its polygons, with boxes that contain them; rebuilt on load", () => {
    const mesh = splitIntoTiles(buildNavMeshFromPolygons([{ outer: [0, 0, 20, 0, 20, 20, 0, 20], holes: [[5, 5, 15, 5, 15, 15, 5, 15]] }]), 2);
    for (const key of Object.keys(mesh.tiles)) {
      const t = mesh.tiles[key]!;
      expect(t.bvData.length).toBe(2 * t.polyCount - 1);
      expect(t.bvNodes.length).toBe(4 * t.bvData.length);
      const leaves = Array.from(t.bvData).filter((d) => d >= 0);
      expect(leaves.sort((a, b) => a - b)).toEqual(Array.from({ length: t.polyCount }, (_, i) => i));
      if (t.polyCount > 1) expect(-t.bvData[0]!).toBe(t.bvData.length); // the root's escape skips the whole tree
      for (let i = 0; i < t.bvData.length; i++) {
        const p = t.bvData[i]!;
        if (p < 0) continue;
        for (let k = 0; k < t.polyVertCount[p]!; k++) {
          const v = t.polyVerts[p * t.maxVertsPerPoly + k]!;
          const qx = (t.vertices[2 * v]! - t.bvBounds[0]!) * t.bvBounds[4]!,
            qy = (t.vertices[2 * v + 1]! - t.bvBounds[1]!) * t.bvBounds[4]!;
          expect(qx).toBeGreaterThanOrEqual(t.bvNodes[4 * i]!);
          expect(qx).toBeLessThanOrEqual(t.bvNodes[4 * i + 2]!);
          expect(qy).toBeGreaterThanOrEqual(t.bvNodes[4 * i + 1]!);
          expect(qy).toBeLessThanOrEqual(t.bvNodes[4 * i + 3]!);
        }
      }
      expect(Array.from(navMeshFromJson(navMeshToJson(mesh)).tiles[key]!.bvNodes)).toEqual(Array.from(t.bvNodes));
      expect(Array.from(navMeshFromBytes(navMeshToBytes(mesh)).tiles[key]!.bvData)).toEqual(Array.from(t.bvData));
    }
  });

  it("adding or removing a tile leaves the other tiles' trees untouched, and queries see the change", () => {
    const mesh = createNavMesh({ vertices: [0, 0, 1, 0, 1, 1, 0, 1], polygons: [[0, 1, 2, 3]] });
    const before = mesh.tiles["0,0,0"]!.bvNodes;
    expect(findPolygon(mesh, 1.5, 0.5)).toBe(-1);
    const base = addNavMeshTile(mesh, 1, 0, 0, { vertices: [1, 0, 2, 0, 2, 1, 1, 1], polygons: [[0, 1, 2, 3]] });
    expect(mesh.tiles["0,0,0"]!.bvNodes).toBe(before);
    expect(findPolygon(mesh, 1.5, 0.5)).toBe(base);
    expect(Array.from(mesh.tiles["0,0,0"]!.borderLinks)).toEqual([0, 1, base, 0, 1]); // polygon 0, edge 1, whole edge
    const out = { x: 0, y: 0 };
    expect(findNearestPoint(out, mesh, 5, 0.5)).toBe(base);
    expect(out).toEqual({ x: 2, y: 0.5 });
    removeNavMeshTile(mesh, 1, 0, 0);
    expect(mesh.tiles["0,0,0"]!.bvNodes).toBe(before);
    expect(mesh.tiles["0,0,0"]!.borderLinks.length).toBe(0);
    expect(findPolygon(mesh, 1.5, 0.5)).toBe(-1);
    expect(findNearestPoint(out, mesh, 5, 0.5)).toBe(0);
    expect(out).toEqual({ x: 1, y: 0.5 });
  });
});
