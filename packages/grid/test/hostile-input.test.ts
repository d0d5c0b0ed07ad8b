import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createGrid, goalBoundsFromBytes, gridFromTiled, parseMovingAiMap, parseMovingAiScenarios } from "../src/index";

// Hostile input round 2 (issue 32, qa findings): non-string texts, non-Uint8Array bytes and
// sparse tileset lists give a TacticaError at once instead of a TypeError or a hang.

function refusal(fn: () => unknown): { code: string; path: string | undefined } {
  try {
    fn();
  } catch (e) {
    if (isTacticaError(e)) return { code: e.code, path: e.path };
    throw e;
  }
  throw new Error("accepted");
}

function sparse(length: number): unknown[] {
  const a: unknown[] = [];
  a.length = length;
  return a;
}

describe("grid loaders on hostile input", () => {
  it.each([null, undefined, Number.NaN, 5n, new Uint8Array(4), Object("type octile"), {}])("MovingAI parsers refuse %s", (v) => {
    expect(refusal(() => parseMovingAiMap(v as never)).code).toBe("PARSE_ERROR");
    expect(refusal(() => parseMovingAiScenarios(v as never)).code).toBe("PARSE_ERROR");
  });

  it("goalBoundsFromBytes refuses what is not a Uint8Array", () => {
    const grid = createGrid(4, 4);
    for (const v of [null, new ArrayBuffer(64), Object.create(Uint8Array.prototype) as unknown, "", 5n])
      expect(refusal(() => goalBoundsFromBytes(grid, v as never)).path).toBe("bytes");
  });

  it("gridFromTiled refuses sparse and huge tileset lists from their declared length", () => {
    const map = { width: 2, height: 1, layers: [{ type: "tilelayer", name: "g", data: [1, 1] }] };
    expect(refusal(() => gridFromTiled({ ...map, tilesets: sparse(2 ** 26) })).path).toBe("$.tilesets");
    expect(refusal(() => gridFromTiled({ ...map, tilesets: sparse(2) })).path).toBe("$.tilesets[0]");
    expect(refusal(() => gridFromTiled({ ...map, tilesets: [{ firstgid: 1, tiles: sparse(2 ** 26) }] })).path).toBe("$.tilesets[0].tiles");
  });
});
