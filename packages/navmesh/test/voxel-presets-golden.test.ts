import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRng, rngNextFloat } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  buildNavMeshFromTriangles3d,
  createNavMeshQuery,
  createNavPath,
  createStraightPath,
  findPolygonPath,
  findStraightPath,
  getPolygonArea,
  getPolygonCenter,
  parseObj,
  type NavMesh,
} from "../src";

// The default voxel preset gives a usable mesh on every shared bench mesh (../shared/bench/meshes,
// read in place, never copied; the test is skipped when the folder is absent): a sane polygon count,
// a largest connected part covering most of the walkable floor the fine `bench` preset finds, and
// paths between random polygons of that part. The old default (RecastDemo's, now `recast`) failed
// this: 10 polygons on house.obj, 38 % of annotation_test's floor.

const shared = join(process.env["TACTICA_SHARED"] ?? resolve(import.meta.dirname, "..", "..", "..", "..", "shared"), "bench", "meshes");
const present = existsSync(shared);

/**
 * Per mesh, under the `bench` preset (measured once; rebuilding it here would cost seconds): its
 * polygon count (navcat's too, see voxel-meshes.test.ts) and the area of its largest connected part, m².
 */
const BENCH: Record<string, { readonly polygons: number; readonly largestArea: number }> = {
  annotation_test: { polygons: 176, largestArea: 169.0 },
  convex: { polygons: 8, largestArea: 21.1 },
  dungeon: { polygons: 375, largestArea: 1618.8 },
  house: { polygons: 71, largestArea: 168.0 },
  nav_test: { polygons: 731, largestArea: 1886.1 },
};

/** Polygons of the largest connected part (through neighbor links) and its area. */
function largestPart(mesh: NavMesh): { polys: number[]; area: number } {
  const mv = mesh.maxVertsPerPoly;
  const seen = new Uint8Array(mesh.polyCount);
  let best = { polys: [] as number[], area: 0 };
  for (let s = 0; s < mesh.polyCount; s++) {
    if (seen[s] || mesh.polyVertCount[s] === 0) continue;
    const polys = [s];
    seen[s] = 1;
    let area = 0;
    for (let i = 0; i < polys.length; i++) {
      const p = polys[i]!;
      area += getPolygonArea(mesh, p);
      for (let e = 0; e < mv; e++) {
        const q = mesh.neighbors[p * mv + e]!;
        if (q >= 0 && !seen[q]) {
          seen[q] = 1;
          polys.push(q);
        }
      }
    }
    if (area > best.area) best = { polys, area };
  }
  return best;
}

describe.skipIf(!present)("default voxel preset on the shared bench meshes", () => {
  for (const [name, bench] of Object.entries(BENCH)) {
    it(`${name}: a usable mesh (polygon count, coverage, paths between random points)`, () => {
      const obj = parseObj(readFileSync(join(shared, `${name}.obj`), "utf8"));
      const { navMesh: mesh, empty } = buildNavMeshFromTriangles3d(obj.positions, obj.triangles);
      expect(empty).toBe(false);
      // Not a few giant polygons, not a polygon soup: within a quarter and 1.5 times the fine preset's count.
      expect(mesh.polyCount).toBeGreaterThanOrEqual(Math.max(3, Math.floor(bench.polygons / 4)));
      expect(mesh.polyCount).toBeLessThanOrEqual(Math.ceil(bench.polygons * 1.5));
      // The largest connected part covers at least 90 % of what the fine preset finds.
      const part = largestPart(mesh);
      expect(part.area / bench.largestArea).toBeGreaterThanOrEqual(0.9);
      // Random pairs of polygons of that part are joined by a path that ends at the goal.
      const q = createNavMeshQuery(mesh);
      const np = createNavPath({ maxLength: mesh.polyCount });
      const sp = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 4 });
      const rng = createRng(name);
      for (let i = 0; i < 20; i++) {
        const a = part.polys[Math.floor(rngNextFloat(rng) * part.polys.length)]!;
        const b = part.polys[Math.floor(rngNextFloat(rng) * part.polys.length)]!;
        const s = getPolygonCenter({ x: 0, y: 0 }, mesh, a);
        const g = getPolygonCenter({ x: 0, y: 0 }, mesh, b);
        const r = findPolygonPath(np, q, a, s.x, s.y, b, g.x, g.y);
        expect(r.flags & PathFlags.Found, `${name}: ${a} → ${b}`).toBeTruthy();
        expect(np.path[np.length - 1]).toBe(b);
        findStraightPath(sp, mesh, np.path, np.length, s.x, s.y, g.x, g.y);
        expect(sp.count).toBeGreaterThanOrEqual(a === b ? 1 : 2);
        expect(sp.points[2 * sp.count - 2]).toBeCloseTo(g.x, 9);
        expect(sp.points[2 * sp.count - 1]).toBeCloseTo(g.y, 9);
      }
    });
  }
});
