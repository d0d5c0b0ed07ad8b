import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createGoalBounds, createGrid, goalBoundsFromJson, goalBoundsToJson, gridFromJson, gridFromTiled, setCellPassable } from "../src";

// Regressions found by the qa fuzz suite (issue 18): hostile input is rejected with a located
// TacticaError, never a TypeError, and declared sizes are capped before allocating.

function error(fn: () => unknown): { code: string; path: string | undefined } {
  try {
    fn();
  } catch (e) {
    if (isTacticaError(e)) return { code: e.code, path: e.path };
    throw e;
  }
  throw new Error("did not throw");
}

const layer = (data: number[]) => [{ type: "tilelayer", data }];

describe("loaders on hostile input", () => {
  it("gridFromTiled rejects null tiles and properties with their JSON path", () => {
    const tiles = (t: unknown[]) => ({ width: 1, height: 1, layers: layer([1]), tilesets: [{ firstgid: 1, tiles: t }] });
    expect(error(() => gridFromTiled(tiles([null])))).toEqual({ code: "INVALID_DEFINITION", path: "$.tilesets[0].tiles[0]" });
    expect(error(() => gridFromTiled(tiles([{ id: 0, properties: [null] }]))).path).toBe("$.tilesets[0].tiles[0].properties[0]");
    expect(error(() => gridFromTiled(tiles([{ id: 0.5 }]))).path).toBe("$.tilesets[0].tiles[0].id");
  });
  it("gridFromTiled caps the declared size at 32,768 a side before allocating", () => {
    expect(error(() => gridFromTiled({ width: 1_000_000_000, height: 1, layers: layer([1]) })).path).toBe("$.width");
    expect(error(() => gridFromTiled({ width: 1, height: 32769, layers: layer([1]) })).path).toBe("$.height");
    expect(error(() => gridFromTiled({ width: 1, height: 1, layers: layer([2 ** 40]) })).path).toBe("$.layers[0].data[0]");
  });
  it("gridFromJson and goalBoundsFromJson describe prototype-less values instead of throwing a TypeError", () => {
    expect(error(() => gridFromJson({ version: Object.create(null) as unknown })).path).toBe("$.version");
    const grid = createGrid(4, 3);
    setCellPassable(grid, 1, 1, false);
    const json = goalBoundsToJson(createGoalBounds(grid));
    expect(error(() => goalBoundsFromJson(grid, { ...json, width: Object.create(null) as unknown })).path).toBe("$.width");
    expect(error(() => goalBoundsFromJson(grid, { ...json, boxes: [JSON.parse('{"toString":1}')] })).path).toBe("$.boxes");
    const boxes = [...json.boxes];
    boxes[3] = JSON.parse('{"toString":1}') as number;
    expect(error(() => goalBoundsFromJson(grid, { ...json, boxes })).path).toBe("$.boxes[3]");
  });
});
