// Issue 32: silent wrong results on bad arguments now throw a navmesh TacticaError.
import { isTacticaError } from "@tactica/core";
import { createPathResult } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  buildNavpointGraph,
  createHeightfield,
  createTiledNavMeshInput,
  findNavGraphPath,
  getTilesInBox,
  isTraversable,
  rasterizeBox,
  rasterizeConvexVolume,
  rasterizeCylinder,
  VoxelConfigPresets,
} from "../src";

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

function pathOf(f: () => unknown, code = "NAVMESH_BAD_INPUT"): unknown {
  const e = thrown(f);
  return isTacticaError(e, code as never) ? e.path : e;
}

const flat = { heightAt: () => 0, maxStepUp: 0.5, maxDropSlope: Infinity, sampleStep: 0.25 };

describe("argument checks (issue 32)", () => {
  it("isTraversable refuses NaN coordinates (it answered true) and a malformed traversal", () => {
    expect(isTraversable(0, 0, 0, 1, 0, 0, flat)).toBe(true);
    expect(pathOf(() => isTraversable(Number.NaN, 0, 0, 1, 0, 0, flat))).toBe("ax");
    expect(pathOf(() => isTraversable(0, 0, 0, 1, Infinity, 0, flat))).toBe("by");
    expect(pathOf(() => isTraversable(0, 0, 0, 1, 0, 0, { ...flat, sampleStep: Number.NaN }))).toBe("traversal.sampleStep");
    expect(pathOf(() => isTraversable(0, 0, 0, 1, 0, 0, { ...flat, maxStepUp: -1 }))).toBe("traversal.maxStepUp");
    expect(pathOf(() => isTraversable(0, 0, 0, 1, 0, 0, { ...flat, heightAt: 3 as never }))).toBe("traversal.heightAt");
  });

  it("getTilesInBox refuses NaN bounds (it gave no tiles); infinite bounds reach the grid's edge", () => {
    const input = createTiledNavMeshInput([0, 0, 0, 40, 0, 0, 40, 0, 40, 0, 0, 40], [0, 2, 1, 0, 3, 2], { ...VoxelConfigPresets.default, tileSize: 32 });
    const all = getTilesInBox(input, -Infinity, -Infinity, Infinity, Infinity);
    expect(all.length).toBe(2 * input.tilesX * input.tilesY);
    expect(pathOf(() => getTilesInBox(input, 0, Number.NaN, 1, 1))).toBe("minZ");
    expect(pathOf(() => getTilesInBox(input, 0, 0, "1" as never, 1))).toBe("maxX");
  });

  it("rasterize shapes check area and bounds", () => {
    const hf = createHeightfield([0, 0, 0], [10, 10, 10], 1, 1);
    expect(pathOf(() => rasterizeBox(hf, [2, 0, 2], [4, 3, 4], 64), "NAVMESH_CONFIG")).toBe("area");
    expect(pathOf(() => rasterizeBox(hf, [2, 0, 2], [4, 3, 4], 1.5), "NAVMESH_CONFIG")).toBe("area");
    expect(pathOf(() => rasterizeBox(hf, [2, Number.NaN, 2], [4, 3, 4], 0))).toBe("bmin[1]");
    expect(pathOf(() => rasterizeCylinder(hf, [7, 1, 7], 1, 2, -1), "NAVMESH_CONFIG")).toBe("area");
    expect(pathOf(() => rasterizeCylinder(hf, [7, 1, 7], Number.NaN, 2, 0))).toBe("radius");
    expect(pathOf(() => rasterizeCylinder(hf, [7, 1, 7], 1, -2, 0))).toBe("height");
    expect(pathOf(() => rasterizeConvexVolume(hf, [0, 6, 3, 6, 0, 9], 0, 1, Number.NaN), "NAVMESH_CONFIG")).toBe("area");
    expect(pathOf(() => rasterizeConvexVolume(hf, [0, 6, 3, Number.NaN, 0, 9], 0, 1, 0))).toBe("xz[3]");
    expect(pathOf(() => rasterizeConvexVolume(hf, [0, 6, 3, 6, 0, 9], 0, Infinity, 0))).toBe("ymax");
    expect(rasterizeBox(hf, [2, 0, 2], [4, 3, 4], 0)).toBe(9);
  });

  it("node ids in error messages are described, not printed raw", () => {
    const graph = buildNavpointGraph([0, 0, 0, 1, 0, 0], { ...flat, maxRadius: 5, maxVertical: 1 });
    const e = thrown(() => findNavGraphPath(createPathResult(4), graph, { toString: 1 } as never, 1));
    expect(String((e as Error).message)).not.toMatch(/\[object Object\]/);
    expect(isTacticaError(e, "NAVMESH_BAD_INPUT")).toBe(true);
  });
});
