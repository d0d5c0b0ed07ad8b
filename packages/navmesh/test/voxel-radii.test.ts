import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sharedBenchDir } from "../../../tests/helpers/shared-data";
import {
  BUILD_STAGES,
  NavMeshErrorCodes,
  VoxelConfigPresets,
  buildCompactHeightfield,
  buildVoxelNavMesh,
  buildVoxelNavMeshes,
  cloneCompactHeightfield,
  createHeightfield,
  erodeWalkableArea,
  getPolygonArea,
  navMeshToBytes,
  parseObj,
  rasterizeTriangles,
} from "../src";
import { addBox, addFloor, createSoup } from "./voxel-fixtures";

describe("buildVoxelNavMeshes: several agent radii from one rasterisation", () => {
  it.each(["convex", "house"])("%s: each result is byte-identical to a separate build with that radius", (name) => {
    const obj = parseObj(readFileSync(join(sharedBenchDir(), "meshes", `${name}.obj`), "utf8"));
    const cfg = VoxelConfigPresets.bench;
    const radii = name === "convex" ? [0, 2, 5] : [1, 4];
    const many = buildVoxelNavMeshes(obj.positions, obj.triangles, cfg, radii);
    expect(many).toHaveLength(radii.length);
    radii.forEach((r, k) => {
      const solo = buildVoxelNavMesh(obj.positions, obj.triangles, { ...cfg, walkableRadius: r });
      expect(Buffer.compare(navMeshToBytes(many[k]!.navMesh), navMeshToBytes(solo.navMesh))).toBe(0);
      expect(many[k]!.report.polyCount).toBe(solo.report.polyCount);
    });
    // Larger radius, less walkable area.
    const area = (k: number): number => {
      let a = 0;
      for (let p = 0; p < many[k]!.navMesh.polyCount; p++) a += getPolygonArea(many[k]!.navMesh, p);
      return a;
    };
    for (let k = 1; k < radii.length; k++) expect(area(k - 1)).toBeGreaterThan(area(k));
  });

  it("runs the example and reports progress over 3 + 8 × radii stages", () => {
    const floor = { positions: [0, 0, 0, 0, 0, 10, 10, 0, 10, 10, 0, 0], triangles: [0, 1, 2, 0, 2, 3] };
    const seen: [string, number, number][] = [];
    const [small, large] = buildVoxelNavMeshes(floor.positions, floor.triangles, VoxelConfigPresets.recast, [1, 4], {
      context: { onProgress: (s, d, t) => seen.push([s, d, t]) },
    });
    expect(getPolygonArea(small!.navMesh, 0) > getPolygonArea(large!.navMesh, 0)).toBe(true);
    expect(seen).toHaveLength(3 + 2 * (BUILD_STAGES.length - 3));
    expect(seen.map((x) => x[1])).toEqual(seen.map((_, i) => i + 1));
    expect(seen.every((x) => x[2] === seen.length)).toBe(true);
  });

  it("rejects bad radii with the index", () => {
    const s = addFloor(createSoup(), 0, 0, 4, 4);
    expect(() => buildVoxelNavMeshes(s.positions, s.triangles, VoxelConfigPresets.recast, [])).toThrow(
      expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "radii" }),
    );
    expect(() => buildVoxelNavMeshes(s.positions, s.triangles, VoxelConfigPresets.recast, [1, 1.5])).toThrow(
      expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "radii[1]" }),
    );
    expect(() => buildVoxelNavMeshes(s.positions, s.triangles, VoxelConfigPresets.recast, [256])).toThrow(
      expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "radii[0]" }),
    );
  });

  it("cloneCompactHeightfield copies: eroding the copy leaves the original intact", () => {
    const s = addBox(addFloor(createSoup(), 0, 0, 6, 6), 2, 2, 3, 3, 0, 2);
    const hf = createHeightfield([0, 0, 0], [6, 2, 6], 0.2, 0.1);
    rasterizeTriangles(hf, s.positions, s.triangles, new Uint8Array(s.triangles.length / 3).fill(63), 4);
    const chf = buildCompactHeightfield(hf, 10, 4);
    const before = chf.areas.slice();
    const copy = cloneCompactHeightfield(chf);
    erodeWalkableArea(copy, 3);
    expect(chf.areas).toEqual(before);
    expect(copy.areas).not.toEqual(before);
    expect(copy.con).toEqual(chf.con);
    expect(copy.con).not.toBe(chf.con);
    chf.tags = new Int32Array(chf.spanCount).fill(2);
    const tagged = cloneCompactHeightfield(chf);
    tagged.tags![0] = 5;
    expect(chf.tags[0]).toBe(2);
  });
});
