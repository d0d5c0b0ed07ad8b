import { describe, expect, it } from "vitest";
import {
  createNavMeshQuery,
  createNavPath,
  createPathCorridor,
  createStraightPath,
  findCorridorCorners,
  findPolygon,
  findPolygonPath,
  moveCorridorPosition,
  optimizeCorridorVisibility,
  resetPathCorridor,
  setPathCorridor,
} from "../src";
import { assemble, roomTiles } from "./room-tiles";

describe("optimizeCorridorVisibility next to a vertex", () => {
  it("an agent stepping onto pillar corners of a tiled room keeps a corridor of edge-joined polygons", () => {
    // Found by the snapshot replay test: standing exactly on a pillar corner, the shortcut's ray
    // left through the vertex into a polygon touching the previous one only there, and the next
    // findCorridorCorners threw "share no edge".
    const mesh = assemble(roomTiles(), [0, 1, 2, 3]);
    const corridor = createPathCorridor({ capacity: 64 });
    const query = createNavMeshQuery(mesh);
    const path = createNavPath({ maxLength: 64 });
    const corners = createStraightPath({ maxPoints: 64 });
    resetPathCorridor(corridor, findPolygon(mesh, 2, 2), 2, 2);
    const goals = [
      [18, 18],
      [2, 18],
      [18, 2],
      [2, 2],
      [10, 10],
    ] as const;
    let onVertex = 0;
    for (let t = 0; t < 150; t++) {
      const [gx, gy] = goals[Math.floor(t / 30) % goals.length]!;
      if (t % 30 === 0) {
        findPolygonPath(path, query, corridor.polys[0]!, corridor.x, corridor.y, findPolygon(mesh, gx, gy), gx, gy);
        setPathCorridor(corridor, path, gx, gy);
      }
      expect(() => findCorridorCorners(corners, corridor, mesh), `tick ${t}`).not.toThrow();
      if (corners.count < 2) continue;
      const nx = corners.points[2]!,
        ny = corners.points[3]!;
      const d = Math.hypot(nx - corridor.x, ny - corridor.y);
      const s = Math.min(0.35, d) / (d || 1);
      moveCorridorPosition(corridor, mesh, corridor.x + (nx - corridor.x) * s, corridor.y + (ny - corridor.y) * s);
      if (Number.isInteger(corridor.x) && Number.isInteger(corridor.y)) onVertex++;
      if (t % 4 === 0 && corners.count >= 3) optimizeCorridorVisibility(corridor, mesh, corners.points[4]!, corners.points[5]!);
    }
    expect(onVertex).toBeGreaterThan(0);
  });
});
