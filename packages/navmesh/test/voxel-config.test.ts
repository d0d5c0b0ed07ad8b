import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  BUILD_STAGES,
  MAX_WALKABLE_SLOPE_DEGREES,
  StancePresets,
  VoxelBuildFlags,
  VoxelConfigPresets,
  NavMeshErrorCodes,
  buildNavMeshFromTriangles3d,
  buildVoxelNavMesh,
  findPolygon,
  parseObj,
  validateTriangleSoup,
  validateVoxelConfig,
  voxelConfigFromAgent,
  voxelConfigFromWorld,
  type BuildStage,
  type VoxelConfig,
} from "../src";
import { addFloor, createSoup } from "./voxel-fixtures";

function codeAndPath(f: () => unknown): [string | undefined, string | undefined] {
  try {
    f();
  } catch (e) {
    if (isTacticaError(e)) return [e.code, e.path];
    throw e;
  }
  return [undefined, undefined];
}

describe("voxel config", () => {
  it("accepts every preset", () => {
    for (const c of Object.values(VoxelConfigPresets)) expect(validateVoxelConfig(c)).toEqual(c);
  });

  const bad: [keyof VoxelConfig, unknown][] = [
    ["cellSize", 0],
    ["cellSize", -1],
    ["cellHeight", Number.NaN],
    ["walkableSlopeAngle", 90],
    ["walkableSlopeAngle", -1],
    ["walkableHeight", 2],
    ["walkableHeight", 3.5],
    ["walkableClimb", -1],
    ["walkableRadius", 1.5],
    ["maxEdgeLen", -1],
    ["maxSimplificationError", Infinity],
    ["minRegionArea", -3],
    ["mergeRegionArea", "20"],
    ["maxVertsPerPoly", 2],
    ["maxVertsPerPoly", 7],
    ["detailSampleDist", 0.01],
    ["detailSampleMaxError", -0.1],
    ["borderSize", -1],
  ];
  for (const [name, value] of bad) {
    it(`rejects ${name} = ${String(value)} with NAVMESH_CONFIG naming it`, () => {
      const c: VoxelConfig = { ...VoxelConfigPresets.recast, [name]: value };
      expect(codeAndPath(() => validateVoxelConfig(c))).toEqual([NavMeshErrorCodes.Config, name]);
      expect(codeAndPath(() => buildVoxelNavMesh([], [], c))).toEqual([NavMeshErrorCodes.Config, name]);
    });
  }

  it("converts world units like RecastDemo", () => {
    const c = voxelConfigFromWorld({ cellSize: 0.3, cellHeight: 0.2, agentHeight: 2, agentRadius: 0.6, agentMaxClimb: 0.9, agentMaxSlope: 45 });
    expect(c.walkableHeight).toBe(10);
    expect(c.walkableClimb).toBe(4);
    expect(c.walkableRadius).toBe(2);
    expect(c.maxEdgeLen).toBe(12);
    expect(c.minRegionArea).toBe(64);
    expect(c.mergeRegionArea).toBe(400);
    expect(c.detailSampleDist).toBeCloseTo(1.8);
    expect(c.detailSampleMaxError).toBeCloseTo(0.2);
    expect(
      codeAndPath(() => voxelConfigFromWorld({ cellSize: 0, cellHeight: 0.2, agentHeight: 2, agentRadius: 0.6, agentMaxClimb: 0.9, agentMaxSlope: 45 })),
    ).toEqual([NavMeshErrorCodes.Config, "cellSize"]);
  });
});

describe("chapter 32 stance presets (Tables 32.1–32.4)", () => {
  it("holds the tables as data, with the prone erratum and swim's 2π", () => {
    expect(StancePresets.stand).toEqual({ radius: 0.4, height: 2.0, maxStepHeight: 0.5, maxSlopeRad: 0.5, minWaterDepth: 0, maxWaterDepth: 1.5 });
    expect(StancePresets.crouch).toEqual({ radius: 0.4, height: 1.2, maxStepHeight: 0.25, maxSlopeRad: 0.35, minWaterDepth: 0, maxWaterDepth: 0.7 });
    // Prone radius = half the standing height (1.0 m), not "doubled" (the text's erratum).
    expect(StancePresets.prone.radius).toBe(StancePresets.stand.height / 2);
    expect(StancePresets.prone).toEqual({ radius: 1.0, height: 0.5, maxStepHeight: 0.1, maxSlopeRad: 0.15, minWaterDepth: 0, maxWaterDepth: 0.35 });
    expect(StancePresets.swim.maxSlopeRad).toBe(2 * Math.PI);
    // Eq. 32.1: maxStepHeight = maxWaterDepth − minWaterDepth.
    expect(StancePresets.swim.maxStepHeight).toBeCloseTo(StancePresets.swim.maxWaterDepth - StancePresets.swim.minWaterDepth);
    expect(StancePresets.sidestep).toEqual({ ...StancePresets.stand, radius: 0.2 });
  });

  it("converts a stance into a voxel config (swim's slope clamped below 90°)", () => {
    const crouch = voxelConfigFromAgent(StancePresets.crouch, { cellSize: 0.2, cellHeight: 0.1 });
    expect(crouch.walkableHeight).toBe(12);
    expect(crouch.walkableRadius).toBe(2);
    expect(crouch.walkableClimb).toBe(2);
    const swim = voxelConfigFromAgent(StancePresets.swim, { cellSize: 0.2, cellHeight: 0.1 });
    expect(swim.walkableSlopeAngle).toBe(MAX_WALKABLE_SLOPE_DEGREES);
  });
});

describe("geometry validation", () => {
  it("names the bad index with NAVMESH_BAD_GEOMETRY", () => {
    const cfg = VoxelConfigPresets.recast;
    expect(codeAndPath(() => buildVoxelNavMesh([0, 0, 0, 1], [], cfg))).toEqual([NavMeshErrorCodes.BadGeometry, "positions"]);
    expect(codeAndPath(() => buildVoxelNavMesh([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 1], cfg))).toEqual([NavMeshErrorCodes.BadGeometry, "triangles"]);
    expect(codeAndPath(() => buildVoxelNavMesh([0, 0, 0, 1, Number.NaN, 0, 0, 0, 1], [0, 1, 2], cfg))).toEqual([NavMeshErrorCodes.BadGeometry, "positions[4]"]);
    expect(codeAndPath(() => buildVoxelNavMesh([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 1, 3], cfg))).toEqual([NavMeshErrorCodes.BadGeometry, "triangles[2]"]);
    expect(codeAndPath(() => buildVoxelNavMesh([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 1.5, 2], cfg))).toEqual([NavMeshErrorCodes.BadGeometry, "triangles[1]"]);
    expect(codeAndPath(() => buildVoxelNavMesh([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 1, 2], cfg, { triangleAreas: [64] }))).toEqual([
      NavMeshErrorCodes.BadGeometry,
      "triangleAreas[0]",
    ]);
  });

  it("skips and counts degenerate triangles", () => {
    const s = addFloor(createSoup(), 0, 0, 10, 10);
    s.positions.push(5, 0, 5, 6, 0, 5, 7, 0, 5); // collinear
    s.triangles.push(4, 5, 6, 0, 0, 1); // zero area, repeated index
    expect(validateTriangleSoup(s.positions, s.triangles)).toBe(2);
    const r = buildVoxelNavMesh(s.positions, s.triangles, VoxelConfigPresets.recast);
    expect(r.report.degenerateTriangles).toBe(2);
    expect(r.report.flags & VoxelBuildFlags.DegenerateTriangles).toBeTruthy();
    expect(r.navMesh.polyCount).toBeGreaterThan(0);
  });

  it("returns an empty mesh with the Empty flag when nothing is walkable", () => {
    const wall = { positions: [0, 0, 0, 10, 0, 0, 10, 3, 0, 0, 3, 0], triangles: [0, 1, 2, 0, 2, 3] };
    const r = buildVoxelNavMesh(wall.positions, wall.triangles, VoxelConfigPresets.recast);
    expect(r.navMesh.polyCount).toBe(0);
    expect(r.report.flags & VoxelBuildFlags.Empty).toBe(VoxelBuildFlags.Empty);
    const none = buildNavMeshFromTriangles3d([], []);
    expect(none.empty).toBe(true);
  });
});

describe("build context", () => {
  it("reports every stage in order with done/total, uses the injected clock, and cancels", () => {
    const s = addFloor(createSoup(), 0, 0, 10, 10);
    const seen: [BuildStage, number, number][] = [];
    let t = 0;
    const r = buildVoxelNavMesh(s.positions, s.triangles, VoxelConfigPresets.recast, {
      context: { onProgress: (stage, done, total) => seen.push([stage, done, total]), now: () => (t += 1) },
    });
    expect(seen.map((x) => x[0])).toEqual([...BUILD_STAGES]);
    expect(seen.map((x) => x[1])).toEqual(BUILD_STAGES.map((_, i) => i + 1));
    expect(seen.every((x) => x[2] === BUILD_STAGES.length)).toBe(true);
    for (const st of BUILD_STAGES) expect(r.report.timings[st]).toBe(1);
    let calls = 0;
    expect(codeAndPath(() => buildVoxelNavMesh(s.positions, s.triangles, VoxelConfigPresets.recast, { context: { isCancelled: () => ++calls > 3 } }))[0]).toBe(
      NavMeshErrorCodes.Cancelled,
    );
  });

  it("level 2 example: a floor with a box", () => {
    const obj = parseObj(
      [
        "v 0 0 0",
        "v 10 0 0",
        "v 10 0 10",
        "v 0 0 10",
        "v 4 0 4",
        "v 6 0 4",
        "v 6 2 4",
        "v 4 2 4",
        "v 4 0 6",
        "v 6 0 6",
        "v 6 2 6",
        "v 4 2 6",
        "f 1 3 2",
        "f 1 4 3",
        "f 7 8 12",
        "f 7 12 11",
        "f 5 6 7",
        "f 5 7 8",
        "f 9 12 11",
        "f 9 11 10",
        "f 5 8 12",
        "f 5 12 9",
        "f 6 10 11",
        "f 6 11 7",
      ].join("\n"),
    );
    const { navMesh, empty, report } = buildNavMeshFromTriangles3d(obj.positions, obj.triangles, { config: { cellSize: 0.2 } });
    expect(empty).toBe(false);
    expect(report.regionCount).toBeGreaterThan(0);
    expect(findPolygon(navMesh, 1, 1)).toBeGreaterThanOrEqual(0);
    expect(findPolygon(navMesh, 5, 5)).toBe(-1); // inside the box (its top is too small once eroded)
  });
});
