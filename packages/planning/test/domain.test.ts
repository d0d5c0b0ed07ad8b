import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTacticaError } from "@tactica/core";
import {
  compileActionLayout,
  compileProblem,
  domainFromJson,
  domainToJson,
  enumerateApplicable,
  formatDomain,
  parseDomain,
  applyAction,
  factsOfState,
  stateFromFacts,
  isActionApplicable,
} from "../src/index";
import { arbDomain, RED, TAKE } from "./fixtures";

function code(fn: () => unknown): { code: string; message: string; line: number | undefined; path: string | undefined } {
  try {
    fn();
  } catch (e) {
    if (isTacticaError(e)) return { code: e.code, message: e.message, line: e.line, path: e.path };
    throw e;
  }
  throw new Error("did not throw");
}

describe("text format", () => {
  it("parses chapter 13's Take action", () => {
    const d = parseDomain(TAKE);
    expect(d.actions).toHaveLength(1);
    expect(d.actions[0]!.parameters.map((p) => `${p.type} ${p.name}`)).toEqual(["location ?l", "creature ?c", "object ?o"]);
    expect(d.initial).toHaveLength(9);
  });

  it("round-trips: formatDomain(parseDomain(s)) === s for canonical text", () => {
    const s = formatDomain(parseDomain(TAKE));
    expect(formatDomain(parseDomain(s))).toBe(s);
    const r = formatDomain(parseDomain(RED));
    expect(formatDomain(parseDomain(r))).toBe(r);
  });

  it("round-trips random domains through text and JSON", () => {
    fc.assert(
      fc.property(arbDomain(4, 4), (d) => {
        const s = formatDomain(d);
        expect(parseDomain(s)).toEqual(d);
        expect(formatDomain(parseDomain(s))).toBe(s);
        expect(domainFromJson(JSON.parse(JSON.stringify(domainToJson(d))))).toEqual(d);
      }),
      { numRuns: 60 },
    );
  });

  it("reports bad input with PLANNING_* codes and line/column", () => {
    const bad = code(() =>
      parseDomain("(:predicates at(room))\n(:objects (room a))\n(:action go :parameters (room ?x)\n  :preconditions (at(?x) and near(?x)) :effects ())"),
    );
    expect(bad.code).toBe("PLANNING_DOMAIN");
    expect(bad.message).toMatch(/unknown predicate "near".*line 4, column 30/);
    expect(bad.line).toBe(4);
    expect(code(() => parseDomain("(:objects (room a)) (:action go :parameters (room ?x) :preconditions (at(?y)) :effects ())")).message).toMatch(
      /unknown parameter "\?y"/,
    );
    expect(code(() => parseDomain("(:predicates at(room)) (:objects (room a)) (:initial (at(a, a)))")).message).toMatch(/arity mismatch/);
    expect(code(() => parseDomain("(:objects (room a)) (:initial (at(b)))")).message).toMatch(/unknown object "b"/);
    expect(code(() => parseDomain("(:objects (room a)) (:action go :parameters (rom ?x) :preconditions () :effects (at(?x)))")).message).toMatch(
      /unknown type "rom"/,
    );
    const syn = code(() => parseDomain("(:action go\n  :parameters (room ?x\n"));
    expect(syn.code).toBe("PLANNING_PARSE");
    expect(code(() => parseDomain("(:action go :preconditions (a or b))")).message).toMatch(/expected "and" or "\)".*line 1, column 31/);
    expect(code(() => parseDomain("(:bogus)")).code).toBe("PLANNING_PARSE");
    expect(code(() => parseDomain("(:action go $)")).message).toMatch(/unexpected character/);
  });

  it("JSON errors name the JSON path", () => {
    const e = code(() =>
      domainFromJson({
        version: 1,
        predicates: ["at(room)"],
        objects: [{ name: "a", type: "room" }],
        actions: [{ name: "go", parameters: ["room ?x"], preconditions: ["at(?x)", "at(?z)"], effects: [] }],
        initial: [],
        goal: [],
      }),
    );
    expect(e.code).toBe("PLANNING_DOMAIN");
    expect(e.path).toBe("$.actions[0].preconditions[1].args[0]");
    expect(code(() => domainFromJson({ version: 2 })).path).toBe("$.version");
    expect(code(() => domainFromJson(null)).code).toBe("PLANNING_DOMAIN");
  });
});

describe("chapter 13: Take", () => {
  it("decodes to a = 1, b = c = d = 2, e = p = 3", () => {
    const l = compileActionLayout(parseDomain(TAKE).actions[0]!);
    expect([l.a, l.b, l.c, l.d, l.e, l.p]).toEqual([1, 2, 2, 2, 3, 3]);
    expect(l.predicates).toEqual(["at-c", "at-o", "holding"]);
  });

  it("yields exactly its 5 applicable actions from 20 candidate pairs, in order 00, 01, …, 43", () => {
    const d = parseDomain(TAKE);
    const r = enumerateApplicable(compileActionLayout(d.actions[0]!), d.initial);
    expect(r.candidates).toBe(20);
    expect(r.bindings.map((b) => `Take(${b.join(", ")})`)).toEqual([
      "Take(loc1, c1, o1)",
      "Take(loc1, c2, o1)",
      "Take(loc1, c1, o3)",
      "Take(loc1, c2, o3)",
      "Take(loc3, c4, o4)",
    ]);
    expect(r.labels).toEqual(["00", "01", "20", "21", "33"]);
    // The grounded planner agrees.
    const p = compileProblem(d);
    const applicable = p.actionNames.filter((_, a) => isActionApplicable(p, p.initial, a));
    expect(applicable.sort()).toEqual(r.bindings.map((b) => `Take(${b.join(", ")})`).sort());
  });
});

describe("chapter 42: eat(wolf, red)", () => {
  it("adds (eaten red) and (in red wolf), deletes (hungry wolf), leaves the rest", () => {
    const p = compileProblem(parseDomain(RED));
    const a = p.actionIndex["eat(wolf, red)"]!;
    expect(isActionApplicable(p, p.initial, a)).toBe(true);
    const before = new Set(factsOfState(p, p.initial));
    const after = new Set(factsOfState(p, applyAction(new Uint32Array(p.words), p, p.initial, a)));
    expect([...after].filter((f) => !before.has(f)).sort()).toEqual(["eaten(red)", "in(red, wolf)"]);
    expect([...before].filter((f) => !after.has(f))).toEqual(["hungry(wolf)"]);
    const fed = stateFromFacts(
      p,
      [...before].filter((f) => f !== "hungry(wolf)"),
    );
    expect(isActionApplicable(p, fed, a)).toBe(false);
  });

  it("delete-then-add: an atom both deleted and added stays", () => {
    const p = compileProblem(parseDomain("(:action t :preconditions () :effects (not x and x)) (:initial (x))"));
    expect(factsOfState(p, applyAction(new Uint32Array(p.words), p, p.initial, 0))).toEqual(["x()"]);
  });
});

describe("published domain JSON Schema", () => {
  it("ships as schema/planning-domain.schema.json, identical to the exported const, and matches domainToJson's keys", async () => {
    const { readFileSync } = await import("node:fs");
    const { planningDomainJsonSchema } = await import("../src/index");
    const file = JSON.parse(readFileSync(new URL("../schema/planning-domain.schema.json", import.meta.url), "utf8")) as unknown;
    expect(file).toEqual(JSON.parse(JSON.stringify(planningDomainJsonSchema)));
    const json = domainToJson(parseDomain(RED));
    for (const k of Object.keys(json)) expect(Object.keys(planningDomainJsonSchema.properties)).toContain(k);
    const lit = new RegExp(planningDomainJsonSchema.$defs.literal.pattern);
    for (const a of json.actions) {
      for (const k of Object.keys(a)) expect(Object.keys(planningDomainJsonSchema.properties.actions.items.properties)).toContain(k);
      for (const l of [...a.preconditions, ...a.effects]) expect(l).toMatch(lit);
      for (const prm of a.parameters) expect(prm).toMatch(new RegExp(planningDomainJsonSchema.properties.actions.items.properties.parameters.items.pattern));
    }
  });
});
