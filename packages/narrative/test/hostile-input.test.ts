import { createRng, isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  barkRulesFromJson,
  createBarkState,
  createDirector,
  createMerchantItem,
  encountersFromJson,
  findBark,
  grammarFromJson,
  parseGrammar,
  restoreMerchantItem,
  restoreDirector,
  saveDirector,
  squadDialoguesFromJson,
  stepDirector,
  storyletDeckFromJson,
} from "../src/index.js";

// Hostile input round 2 (issues 32 and 35): deep, BigInt and hostile values never reach
// JSON.stringify in a message, declared lengths are checked before iterating, options must be
// objects, and restores read own properties only.

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

function deep(levels: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

describe("storyletDeckFromJson", () => {
  it("arrays nested 100,000 deep, BigInt and hostile toString in a field give a TacticaError", () => {
    expect(refusal(() => storyletDeckFromJson([{ id: "a", salience: deep(100_000) }])).path).toBe("$[0].salience");
    expect(refusal(() => storyletDeckFromJson({ version: deep(100_000), storylets: [] })).path).toBe("$.version");
    expect(refusal(() => storyletDeckFromJson([{ id: "a", weight: 5n }])).path).toBe("$[0].weight");
    expect(refusal(() => storyletDeckFromJson([{ id: "a", conditions: [{ key: "k", op: { toString: 1 }, value: 1 }] }])).path).toBe("$[0].conditions[0].op");
  });

  it("sparse and huge lists are refused from their declared length", () => {
    expect(refusal(() => storyletDeckFromJson(sparse(2 ** 26))).path).toBe("$");
    expect(refusal(() => storyletDeckFromJson(sparse(3))).path).toBe("$[0].id");
    expect(refusal(() => storyletDeckFromJson([{ id: "a", conditions: sparse(2 ** 26) }])).path).toBe("$[0].conditions");
    expect(refusal(() => storyletDeckFromJson([{ id: "a", effects: sparse(2) }])).path).toBe("$[0].effects[0]");
    expect(refusal(() => storyletDeckFromJson([{ id: "a", tags: sparse(2 ** 26) }])).path).toBe("$[0].tags");
    expect(refusal(() => storyletDeckFromJson([{ id: "a", tags: sparse(2) }])).path).toBe("$[0].tags[0]");
  });
});

describe("bark rules and squad dialogues", () => {
  it("bark lines: sparse (2^26) and huge lists are refused at once", () => {
    const rule = { id: "r", concept: "c" };
    expect(refusal(() => barkRulesFromJson([{ ...rule, lines: sparse(2 ** 26) }])).path).toBe("$[0].lines");
    expect(refusal(() => barkRulesFromJson([{ ...rule, lines: sparse(2) }])).path).toBe("$[0].lines[0]");
    expect(refusal(() => barkRulesFromJson(sparse(2 ** 26))).path).toBe("$");
    expect(refusal(() => barkRulesFromJson([{ ...rule, lines: ["x"], weight: 5n }])).path).toBe("$[0].weight");
  });

  it("squad dialogues: sparse lists are refused (map skipped the holes)", () => {
    expect(refusal(() => squadDialoguesFromJson(sparse(2 ** 26))).path).toBe("$");
    expect(refusal(() => squadDialoguesFromJson(sparse(2))).path).toBe("$[0].id");
    expect(refusal(() => squadDialoguesFromJson([{ id: "d", concept: "c", minMembers: 9, lines: sparse(2) }])).path).toBe("$[0].lines[0].variants");
  });

  it("options must be objects", () => {
    const rules = barkRulesFromJson([{ id: "r", concept: "c", lines: ["x"] }]);
    expect(refusal(() => findBark(createBarkState(), rules, { concept: "c", facts: {} }, createRng(1), null as never)).path).toBe("options");
  });
});

describe("director", () => {
  it("createDirector refuses a string spread as options at once", () => {
    expect(refusal(() => createDirector("x".repeat(1e6) as never)).path).toBe("options");
    expect(refusal(() => createDirector({ spawnBudget: "x".repeat(1e6) as never })).path).toBe("options.spawnBudget");
    expect(refusal(() => stepDirector(createDirector(), 0.1, null as never)).path).toBe("options");
  });

  it("restoreDirector reads own properties only, so it never accepts what its own save then refuses", () => {
    const d = createDirector({ seed: 3 });
    stepDirector(d, 1);
    const snap = saveDirector(d);
    const before = JSON.stringify(saveDirector(d));
    expect(refusal(() => restoreDirector(d, Object.create(snap) as unknown)).path).toBe("$.config");
    const inheritedBudget = { ...snap, config: { ...snap.config, spawnBudget: Object.create(snap.config.spawnBudget) as unknown } };
    expect(refusal(() => restoreDirector(d, inheritedBudget)).path).toBe(`$.config.spawnBudget["build-up"]`);
    expect(JSON.stringify(saveDirector(d))).toBe(before);
    const copy = createDirector();
    restoreDirector(copy, JSON.parse(before));
    restoreDirector(copy, saveDirector(copy));
    expect(JSON.stringify(saveDirector(copy))).toBe(before);
  });
});

describe("grammars, encounters and merchant saves", () => {
  it("grammarFromJson refuses sparse rule lists from their declared length; parseGrammar a non-string", () => {
    expect(refusal(() => grammarFromJson({ origin: sparse(2 ** 26) })).path).toBe("$.origin");
    expect(refusal(() => grammarFromJson({ origin: sparse(2) })).path).toBe("$.origin[0]");
    for (const v of [null, Number.NaN, new Uint8Array(2), Object("{}"), {}]) expect(refusal(() => parseGrammar(v as never)).path).toBe("text");
  });

  it("encountersFromJson refuses sparse encounter and branch lists", () => {
    expect(refusal(() => encountersFromJson(sparse(2 ** 26))).path).toBe("$");
    expect(refusal(() => encountersFromJson(sparse(2))).path).toBe("$[0].id");
    expect(refusal(() => encountersFromJson([{ id: "e", branches: sparse(2 ** 26) }])).path).toBe("$[0].branches");
  });

  it("restoreMerchantItem describes a BigInt, deep or sparse field instead of stringifying it", () => {
    const item = createMerchantItem(0.5, 1);
    for (const v of [5n, deep(100_000), sparse(2 ** 26)]) expect(refusal(() => restoreMerchantItem(item, { addRate: v })).code).toBe("NARRATIVE_BAD_INPUT");
  });
});
