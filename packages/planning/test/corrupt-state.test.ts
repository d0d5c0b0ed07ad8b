import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { compileProblem, createPlanResult, parseDomain } from "../src/index";
import { TAKE } from "./fixtures";
import { writeForwardPlan } from "../src/forward/plan-result";
import { createStateStore, storeInsert } from "../src/ground/state-store";

// Issue 33: a corrupted plan tree (a parent chain that loops) fails with INTERNAL_ERROR instead of
// hanging while the plan is written.
describe("plan reconstruction on a corrupted state store", () => {
  it("throws INTERNAL_ERROR on a parent chain that loops", () => {
    const problem = compileProblem(parseDomain(TAKE));
    const store = createStateStore(1);
    const word = new Uint32Array(1);
    const a = storeInsert(store, word, 0);
    word[0] = 1;
    const b = storeInsert(store, word, 0);
    store.action[b] = 0;
    store.parent[b] = a;
    const out = createPlanResult({ capacity: 4 });
    writeForwardPlan(out, problem, store, b);
    expect(out.length).toBe(1);
    store.parent[a] = b; // b → a → b → …
    let error: unknown;
    try {
      writeForwardPlan(out, problem, store, b);
    } catch (e) {
      error = e;
    }
    expect(isTacticaError(error, "INTERNAL_ERROR")).toBe(true);
  });
});
