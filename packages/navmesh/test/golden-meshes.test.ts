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
  findPolygon,
  findPolygonPath,
  findStraightPath,
  getPolygonCenter,
  navMeshFromBytes,
  navMeshFromJson,
  navMeshToBytes,
  navMeshFromTriangles,
  navMeshToJson,
  parseObj,
} from "../src";

// Golden checks on the shared bench meshes (read from ../shared/bench/meshes, never copied): the
// walkable surface of each OBJ is imported, then seeded start/goal pairs are solved by A* + funnel
// and by the exact search. The exact path is never longer than the funnel path, both reach the goal,
// and the mesh survives a JSON round trip. (Multi-level meshes: start and goal polygons are given.)
describe("golden: bench meshes", () => {
  for (const name of ["convex", "nav_test", "annotation_test"]) {
    it(`${name}: exact ≤ funnel on 40 seeded connected pairs, JSON and binary round trips`, () => {
      const obj = parseObj(readFileSync(join(sharedBenchDir(), "meshes", `${name}.obj`), "utf8"));
      const mesh = navMeshFromTriangles(obj.positions, obj.triangles);
      expect(navMeshFromJson(navMeshToJson(mesh))).toEqual(mesh);
      expect(navMeshFromBytes(navMeshToBytes(mesh))).toEqual(mesh);
      const q = createNavMeshQuery(mesh);
      const np = createNavPath({ maxLength: mesh.polyCount });
      const sp = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 4 });
      const op = createStraightPath({ maxPoints: 2 * mesh.vertexCount + 4 });
      const rng = createRng(name);
      let checked = 0,
        shorter = 0;
      for (let tries = 0; tries < 4000 && checked < 40; tries++) {
        const a = Math.floor(rngNextFloat(rng) * mesh.polyCount),
          b = Math.floor(rngNextFloat(rng) * mesh.polyCount);
        const s = getPolygonCenter({ x: 0, y: 0 }, mesh, a),
          g = getPolygonCenter({ x: 0, y: 0 }, mesh, b);
        if (findPolygon(mesh, s.x, s.y) !== a || findPolygon(mesh, g.x, g.y) !== b) continue; // overlapping levels
        if (!(findPolygonPath(np, q, a, s.x, s.y, b, g.x, g.y).flags & PathFlags.Found)) continue;
        findStraightPath(sp, mesh, np.path, np.length, s.x, s.y, g.x, g.y);
        findPathAnyAngle(op, mesh, s.x, s.y, g.x, g.y, { startPoly: a, goalPoly: b });
        expect(op.flags).toBe(PathFlags.Found);
        expect(op.distance).toBeLessThanOrEqual(sp.distance * (1 + 1e-9));
        expect(op.distance).toBeGreaterThanOrEqual(Math.hypot(g.x - s.x, g.y - s.y) * (1 - 1e-12));
        expect([op.points[2 * op.count - 2], op.points[2 * op.count - 1]]).toEqual([g.x, g.y]);
        if (op.distance < sp.distance * (1 - 1e-9)) shorter++;
        checked++;
      }
      expect(checked).toBe(40);
      if (name !== "convex") expect(shorter).toBeGreaterThan(0);
    });
  }
});
