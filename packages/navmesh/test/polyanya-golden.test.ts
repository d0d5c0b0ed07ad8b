import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRng, rngNextFloat } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import { sharedBenchDir } from "../../../tests/helpers/shared-data";
import {
  createNavMeshQuery,
  createNavPath,
  createStraightPath,
  findPathAnyAngle,
  findPolygonPath,
  findStraightPath,
  getPolygonCenter,
  navMeshFromTriangles,
  parseObj,
} from "../src";
import { findPathCornerAStar } from "./corner-astar";

// Golden checks on the shared bench meshes (read from ../shared/bench/meshes, never copied): the
// walkable triangles of each OBJ, seeded pairs of polygon centres (on every level: start and goal
// polygons are passed, so overlapping floors are fine). Polyanya must equal the independent
// corner-visibility A* (test/corner-astar.ts) within 1e-9 relative and never exceed A* + funnel.
describe("golden: Polyanya on the bench meshes", () => {
  for (const name of ["convex", "nav_test", "annotation_test", "house", "dungeon"]) {
    it(`${name}: up to 30 seeded connected pairs equal the corner-visibility optimum, ≤ funnel`, () => {
      const obj = parseObj(readFileSync(join(sharedBenchDir(), "meshes", `${name}.obj`), "utf8"));
      const mesh = navMeshFromTriangles(obj.positions, obj.triangles);
      const q = createNavMeshQuery(mesh);
      const np = createNavPath({ maxLength: mesh.polyCount });
      const sp = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 4 });
      const op = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 4 });
      const rp = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 4 });
      const rng = createRng(`polyanya-${name}`);
      let checked = 0;
      for (let tries = 0; tries < 4000 && checked < 30; tries++) {
        const a = Math.floor(rngNextFloat(rng) * mesh.polyCount),
          b = Math.floor(rngNextFloat(rng) * mesh.polyCount);
        const s = getPolygonCenter({ x: 0, y: 0 }, mesh, a),
          g = getPolygonCenter({ x: 0, y: 0 }, mesh, b);
        if (!(findPolygonPath(np, q, a, s.x, s.y, b, g.x, g.y).flags & PathFlags.Found)) continue;
        findStraightPath(sp, mesh, np.path, np.length, s.x, s.y, g.x, g.y);
        findPathAnyAngle(op, mesh, s.x, s.y, g.x, g.y, { startPoly: a, goalPoly: b });
        findPathCornerAStar(rp, mesh, s.x, s.y, g.x, g.y, { startPoly: a, goalPoly: b });
        expect(op.flags).toBe(PathFlags.Found);
        expect(rp.flags).toBe(PathFlags.Found);
        expect(Math.abs(op.distance - rp.distance)).toBeLessThanOrEqual(1e-9 * rp.distance);
        expect(op.distance).toBeLessThanOrEqual(sp.distance * (1 + 1e-9));
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(15); // house has many islands
    });
  }
});
