import { readFileSync } from "node:fs";
import { createRng, rngNextFloat } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { parseObj, navMeshFromTriangles, createNavMeshQuery, createNavPath, createStraightPath, findPolygonPath, findStraightPath, findPathAnyAngle, getPolygonCenter, findPolygon } from "./src/index.ts";
const obj = parseObj(readFileSync(`/work/shared/bench/meshes/nav_test.obj`, "utf8"));
const mesh = navMeshFromTriangles(obj.positions, obj.triangles);
const q = createNavMeshQuery(mesh); const np = createNavPath(4096); const sp = createStraightPath(4096); const op = createStraightPath(4096);
const rng = createRng(1);
for (let i = 0; i < 200; i++) {
  const a = Math.floor(rngNextFloat(rng) * mesh.polyCount), b = Math.floor(rngNextFloat(rng) * mesh.polyCount);
  const s = getPolygonCenter({ x: 0, y: 0 }, mesh, a), g = getPolygonCenter({ x: 0, y: 0 }, mesh, b);
  const r = findPolygonPath(np, q, a, s.x, s.y, b, g.x, g.y);
  if (!(r.flags & PathFlags.Found)) continue;
  findStraightPath(sp, mesh, np.path, np.length, s.x, s.y, g.x, g.y);
  if (findPolygon(mesh, s.x, s.y) !== a || findPolygon(mesh, g.x, g.y) !== b) continue;
  findPathAnyAngle(op, mesh, s.x, s.y, g.x, g.y);
  if (!(op.flags & PathFlags.Found) || op.length > sp.length * (1 + 1e-9)) {
    console.log({ a, b, s, g, flags: op.flags, opt: op.length, funnel: sp.length, corridor: Array.from(np.path.subarray(0, np.length)), fpts: Array.from(sp.points.subarray(0, 2 * sp.count)), opts: Array.from(op.points.subarray(0, 2 * op.count)) });
  }
}
