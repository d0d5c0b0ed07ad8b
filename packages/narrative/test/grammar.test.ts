import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandGrammar, formatGrammar, generateAccepted, generateText, GrammarFlags, grammarFromJson, grammarToJson, parseGrammar } from "../src/index.js";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : `other: ${String(e)}`;
  }
  return undefined;
}

describe("grammar loading", () => {
  it("a symbol that can never terminate throws NARRATIVE_GRAMMAR naming it", () => {
    try {
      grammarFromJson({ origin: ["#a#", "#b#"], a: "x #a#", b: ["#c#"], c: "#b# and #a#", ok: ["#ok# or done", "done"], x: "#ok# #x#" });
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, "NARRATIVE_GRAMMAR")).toBe(true);
      const m = (e as Error).message;
      for (const s of ['"a"', '"b"', '"c"', '"origin"', '"x"']) expect(m).toContain(s);
      expect(m).not.toContain('"ok"');
    }
    // one terminating alternative is enough; undefined symbols and action keys count as terminating
    expect(() => grammarFromJson({ origin: ["#origin# again", "end"], t: "#undefinedSym#", u: "#[k:x]k# #k#" })).not.toThrow();
  });

  it("rejects malformed rules with the symbol and rule index", () => {
    expect(code(() => grammarFromJson({ origin: "#open" }))).toBe("NARRATIVE_GRAMMAR $.origin[0]");
    expect(code(() => grammarFromJson({ origin: ["x", "[k:v"] }))).toBe("NARRATIVE_GRAMMAR $.origin[1]");
    expect(code(() => grammarFromJson({ origin: "#a.shout#", a: "x" }))).toBe("NARRATIVE_GRAMMAR $.origin[0]");
    expect(code(() => grammarFromJson({ origin: "[novalue]" }))).toBe("NARRATIVE_GRAMMAR $.origin[0]");
    expect(code(() => grammarFromJson({ origin: [] }))).toBe("NARRATIVE_GRAMMAR $.origin");
    expect(code(() => grammarFromJson({ origin: [{ text: "a", weight: 0 }] }))).toBe("NARRATIVE_GRAMMAR $.origin[0]");
    expect(code(() => grammarFromJson({ "a.b": "x" }))).toBe('NARRATIVE_GRAMMAR $["a.b"]');
    expect(code(() => grammarFromJson([]))).toBe("NARRATIVE_GRAMMAR $");
    expect(code(() => parseGrammar("{ nope"))).toBe("PARSE_ERROR ");
  });

  it("parse/format and toJson/fromJson round-trip", () => {
    const g = grammarFromJson({ origin: ["#a#", { text: "b", weight: 2.5 }], a: "\\#lit\\#" });
    expect(parseGrammar(formatGrammar(g))).toEqual(g);
    expect(grammarToJson(g)).toEqual({ origin: ["#a#", { text: "b", weight: 2.5 }], a: ["\\#lit\\#"] });
  });
});

describe("grammar expansion", () => {
  it("modifiers, escapes, actions scoped to a tag, POP, missing symbols", () => {
    const g = grammarFromJson({
      origin: "#[x:#word#]show# / #x# / \\#tag\\#",
      show: "#x.s# #x.a# #x.ed# #x.capitalize# #x.inQuotes#",
      word: "apple",
      all: "the big city",
    });
    const r = expandGrammar(g, createRng(1));
    expect(r.text).toBe('apples an apple appled Apple "apple" / ((x)) / #tag#');
    expect(r.flags).toBe(GrammarFlags.MissingSymbol);
    expect(expandGrammar(g, createRng(1), { start: "#all.capitalizeAll#" }).text).toBe("The Big City");
    const h = grammarFromJson({ origin: "[k:one]#k# [k:two]#k# [k:POP]#k#" });
    expect(expandGrammar(h, createRng(1)).text).toBe("one two one");
    const p = grammarFromJson({ a: ["box", "fly", "bus", "day", "bake"] });
    const plural = ["boxes", "flies", "buses", "days", "bakes"];
    for (let i = 0; i < 5; i++) expect(expandGrammar(p, createRng(1), { start: `#[w:${["box", "fly", "bus", "day", "bake"][i]!}]w.s#` }).text).toBe(plural[i]);
  });

  it("no state leaks between runs; the same seed gives the same text", () => {
    const g = grammarFromJson({ origin: "#[n:#name#]s#", s: "#n#-#n#", name: ["a", "b", "c", "d"] });
    const rng = createRng(8);
    for (let i = 0; i < 50; i++) {
      const t = expandGrammar(g, rng).text;
      const [l, r] = t.split("-");
      expect(l).toBe(r);
    }
    expect(expandGrammar(g, createRng(3)).text).toBe(expandGrammar(g, createRng(3)).text);
  });

  it("the recursion cap truncates with a flag instead of throwing", () => {
    const g = grammarFromJson({ origin: ["(#origin#)", { text: "x", weight: 0.001 }] });
    const r = expandGrammar(g, createRng(2), { maxDepth: 5 });
    expect(r.flags & GrammarFlags.Truncated).toBe(GrammarFlags.Truncated);
    expect(r.expansions).toBeLessThanOrEqual(7);
    const big = grammarFromJson({ origin: "#t#", t: ["#t# #t#", { text: "x", weight: 0.01 }] });
    const b = expandGrammar(big, createRng(1), { maxExpansions: 100 });
    expect(b.expansions).toBe(100);
    expect(b.flags).toBe(GrammarFlags.Truncated);
    expect(code(() => expandGrammar(big, createRng(1), { maxDepth: -1 }))).toBe("INVALID_ARGUMENT options.maxDepth");
  });

  it("rule frequencies match the weights (χ²)", () => {
    const g = grammarFromJson({
      origin: [
        { text: "a", weight: 1 },
        { text: "b", weight: 2 },
        { text: "c", weight: 5 },
      ],
    });
    const rng = createRng(99);
    const n = 8000;
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < n; i++) counts[expandGrammar(g, rng).text]!++;
    const exp = { a: n / 8, b: (2 * n) / 8, c: (5 * n) / 8 };
    const chi2 = (["a", "b", "c"] as const).reduce((s, k) => s + (counts[k]! - exp[k]) ** 2 / exp[k], 0);
    expect(chi2).toBeLessThan(13.82); // 2 degrees of freedom, p = 0.001
  });

  it("generate-and-test reports tries", () => {
    const g = grammarFromJson({ origin: ["#d##d#"], d: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"] });
    const rng = createRng(5);
    let tries = 0;
    for (let i = 0; i < 300; i++) {
      const r = generateAccepted(g, (t) => t.startsWith("0"), rng, { maxTries: 1000 });
      expect(r.accepted).toBe(true);
      expect(r.text.startsWith("0")).toBe(true);
      tries += r.tries;
    }
    expect(300 / tries).toBeGreaterThan(0.07);
    expect(300 / tries).toBeLessThan(0.14);
    expect(generateAccepted(g, () => false, rng, { maxTries: 3 })).toMatchObject({ accepted: false, tries: 3 });
  });

  it("property: output of a literal-only grammar is one of its rules; traces mirror the text", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z ]{0,6}$/), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 1e6 }), (lits, seed) => {
        const g = grammarFromJson({ origin: "<#w#>", w: lits });
        const r = expandGrammar(g, createRng(seed), { trace: true });
        const node = r.trace!.children[0]!.children[0]!;
        return r.text === `<${node.text}>` && lits[node.rule] === node.text && r.flags === 0;
      }),
      { numRuns: 100 },
    );
  });

  it("the level-2 and level-1 examples hold", () => {
    expect(generateText({ origin: "The #adj# #noun#", adj: ["Prancing", "Rusty"], noun: ["Pony", "Anchor"] }, 7)).toBe("The Rusty Pony");
    const grammar = grammarFromJson({
      origin: "#[hero:#name#]story#",
      story: "#hero# met #animal.a#. #hero.capitalize# ran.",
      name: ["ada", "bo"],
      animal: [{ text: "wolf", weight: 3 }, "owl"],
    });
    const result = expandGrammar(grammar, createRng(4), { trace: true });
    expect(result.text).toBe("ada met a wolf. Ada ran.");
    expect(result.trace?.children[0]!.children[0]).toEqual({ symbol: "name", rule: 0, text: "ada", children: [] });
  });
});

describe("grammar loader limits", () => {
  it("inherited names are ordinary symbols, nesting is capped, long chains load fast, bad JSON text has a line", () => {
    // A symbol with a recursive rule and a rule that ends through a later symbol terminates.
    expect(() => grammarFromJson({ origin: "#a#", a: ["#a# again", "#b#"], b: "end" })).not.toThrow();
    const g = grammarFromJson({ origin: "#constructor# #toString#" });
    expect(expandGrammar(g, createRng(1)).text).toBe("((constructor)) ((toString))");
    let err: unknown;
    try {
      grammarFromJson({ origin: "[k:".repeat(40) + "x" + "]".repeat(40) });
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "NARRATIVE_GRAMMAR") && err.path).toBe("$.origin[0]");
    const chain = { origin: "#s0#", ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`s${i}`, `#s${i + 1}# and #s${i + 1}#`])) };
    expect(Object.keys(grammarFromJson(chain).symbols)).toHaveLength(2001); // worklist check: linear, not quadratic
    try {
      parseGrammar('{\n  "origin": "x",\n  oops\n}');
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "PARSE_ERROR") && err.line).toBe(3);
  });
});
