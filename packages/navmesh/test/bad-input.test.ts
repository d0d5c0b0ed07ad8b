import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  buildNavMeshFromPolygons,
  createMoveResult,
  createNavMeshQuery,
  createNavPath,
  createRaycastResult,
  createStraightPath,
  findNearestPoint,
  findNavMeshPath,
  findPathAnyAngle,
  findPolygon,
  findPolygonPath,
  findPolygonsInCircle,
  findStraightPath,
  moveAlongSurface,
  NavMeshErrorCodes,
  raycast,
} from "../src";

// Non-finite or out-of-range input throws NAVMESH_BAD_INPUT instead of returning NaN or a wrong answer.
describe("bad query input", () => {
  const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10] }]);
  const calls: [string, () => unknown][] = [
    ["findPolygon NaN", () => findPolygon(mesh, NaN, 1)],
    ["findNearestPoint Infinity", () => findNearestPoint({ x: 0, y: 0 }, mesh, Infinity, 1)],
    ["findPolygonsInCircle NaN", () => findPolygonsInCircle(new Float64Array(4), mesh, NaN, 1, 1)],
    ["raycast NaN end", () => raycast(createRaycastResult(), mesh, 0, 1, 1, NaN, 2)],
    ["raycast bad poly", () => raycast(createRaycastResult(), mesh, 99, 1, 1, 2, 2)],
    ["findPolygonPath bad goal", () => findPolygonPath(createNavPath(), createNavMeshQuery(mesh), 0, 1, 1, -1, 2, 2)],
    ["findPolygonPath NaN", () => findPolygonPath(createNavPath(), createNavMeshQuery(mesh), 0, NaN, 1, 0, 2, 2)],
    ["findStraightPath bad corridor", () => findStraightPath(createStraightPath(), mesh, [0, 77], 2, 1, 1, 2, 2)],
    ["findStraightPath NaN", () => findStraightPath(createStraightPath(), mesh, [0], 1, 1, 1, NaN, 2)],
    ["findPathAnyAngle NaN", () => findPathAnyAngle(createStraightPath(), mesh, 1, 1, 2, NaN)],
    ["moveAlongSurface NaN", () => moveAlongSurface(createMoveResult(), mesh, 0, 1, 1, NaN, 2)],
    ["findNavMeshPath NaN", () => findNavMeshPath(mesh, { x: NaN, y: 0 }, { x: 1, y: 1 })],
  ];
  for (const [name, call] of calls) {
    it(name, () => {
      let err: unknown;
      try {
        call();
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err) && (err.code as string) === NavMeshErrorCodes.BadInput).toBe(true);
    });
  }
});
