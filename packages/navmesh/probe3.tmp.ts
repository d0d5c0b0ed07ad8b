import { readFileSync } from "node:fs";
import { parseObj, navMeshFromTriangles, raycast, createRaycastResult } from "./src/index.ts";
const obj = parseObj(readFileSync(`/work/shared/bench/meshes/nav_test.obj`, "utf8"));
const mesh = navMeshFromTriangles(obj.positions, obj.triangles);
const s = { x: 36.519223499999995, y: 10.529487000000001 }, g = { x: 38.964082833333336, y: 17.9411595 };
const r = raycast(createRaycastResult(), mesh, 97, s.x, s.y, g.x, g.y);
console.log(r.t, Array.from(r.visited.subarray(0, r.visitedCount)));
for (const p of [97, 106, 113]) {
  const n = mesh.polyVertCount[p]!;
  const vs = []; for (let i = 0; i < n; i++) { const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!; vs.push([v, mesh.vertices[2*v], mesh.vertices[2*v+1], mesh.neighbors[p*mesh.maxVertsPerPoly+i]]); }
  console.log(p, vs);
}
