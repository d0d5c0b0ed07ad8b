import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createGrid, createGridPath } from "../src/index";
import { createGridSearch, writeParentChain } from "../src/query/grid-search";

// Issue 33: a corrupted parent chain fails with INTERNAL_ERROR instead of hanging.
describe("grid path reconstruction on a corrupted search", () => {
  it("throws INTERNAL_ERROR on a parent chain that loops", () => {
    const grid = createGrid(3, 2);
    const search = createGridSearch(grid);
    const out = createGridPath(grid);
    // Padded width 5: padded nodes 6, 7, 8 are cells 0, 1, 2 of the first row.
    search.parent[6] = -1;
    search.parent[7] = 6;
    search.parent[8] = 7;
    writeParentChain(search, 8, out);
    expect([...out.path.subarray(0, out.length)]).toEqual([0, 1, 2]);
    search.parent[7] = 8; // 8 → 7 → 8 → …
    expect(() => writeParentChain(search, 8, out)).toThrow(expect.objectContaining({ code: "INTERNAL_ERROR" }));
    let error: unknown;
    try {
      writeParentChain(search, 8, out);
    } catch (e) {
      error = e;
    }
    expect(isTacticaError(error, "INTERNAL_ERROR")).toBe(true);
  });
});
