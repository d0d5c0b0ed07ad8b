import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createPathResult } from "../src/index";
import { createSearchContext, writeTreePath } from "../src/graph/search-context";

// Issue 33: a corrupted search state (a parent chain that loops) fails with INTERNAL_ERROR instead
// of hanging in path reconstruction.
describe("path reconstruction on a corrupted search tree", () => {
  it("throws INTERNAL_ERROR on a parent chain that loops, and writes a healthy chain", () => {
    const ctx = createSearchContext(4, 2);
    const result = createPathResult(8);
    ctx.generation = 1;
    ctx.seen.fill(1);
    ctx.g.fill(0);
    // Healthy: 2 → 1 → 0 (the source).
    ctx.parent.set([-1, 0, 1, -1]);
    writeTreePath(result, ctx, 2, 1);
    expect([...result.path.subarray(0, result.length)]).toEqual([0, 1, 2]);
    // Corrupted: 2 → 1 → 2 → …
    ctx.parent.set([-1, 2, 1, -1]);
    let error: unknown;
    try {
      writeTreePath(result, ctx, 2, 1);
    } catch (e) {
      error = e;
    }
    expect(isTacticaError(error, "INTERNAL_ERROR")).toBe(true);
    expect((error as Error).message).toMatch(/^@tactica\/search: path reconstruction: internal state is corrupt: the parent chain from node 2/);
  });
});
