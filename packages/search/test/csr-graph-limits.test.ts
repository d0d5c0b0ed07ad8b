import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createCsrGraph } from "../src/index";

// Hostile input round 2 (issue 35): createCsrGraph({ nodeCount: 1e9 }) allocated for seconds before
// failing; a node count above options.maxNodes is refused before anything is allocated.

function refusal(fn: () => unknown): { code: string; path: string | undefined; message: string } {
  try {
    fn();
  } catch (e) {
    if (isTacticaError(e)) return { code: e.code, path: e.path, message: e.message };
    throw e;
  }
  throw new Error("accepted");
}

describe("createCsrGraph limits", () => {
  it("refuses 1e9 nodes at once, naming options.maxNodes", () => {
    const r = refusal(() => createCsrGraph(1e9, [], []));
    expect(r.code).toBe("INVALID_ARGUMENT");
    expect(r.path).toBe("nodeCount");
    expect(r.message).toMatch(/options\.maxNodes \(16777216\)/);
  });

  it("maxNodes overrides the default", () => {
    expect(createCsrGraph(3, [0, 1], [1, 2], { maxNodes: 3 }).nodeCount).toBe(3);
    expect(refusal(() => createCsrGraph(4, [0], [1], { maxNodes: 3 })).path).toBe("nodeCount");
  });

  it("non-array edges and non-object options give a TacticaError, not a TypeError", () => {
    expect(refusal(() => createCsrGraph(3, null as never, [])).path).toBe("from");
    expect(refusal(() => createCsrGraph(3, [], 5 as never)).path).toBe("to");
    expect(refusal(() => createCsrGraph(3, [], [], null as never)).path).toBe("options");
    expect(refusal(() => createCsrGraph(3, [], [], { weights: 1 as never })).path).toBe("options.weights");
    expect(refusal(() => createCsrGraph(3, [0], [1], { weights: [5n as never] })).path).toBe("weights[0]");
  });
});
