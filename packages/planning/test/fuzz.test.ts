import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTacticaError } from "@tactica/core";
import { compileProblem, createPlanRunner, domainFromJson, formatDomain, parseDomain, restoreRunner } from "../src/index";
import { TAKE } from "./fixtures";

/** Runs fn; any throw must be a TacticaError. */
function onlyTacticaErrors(fn: () => unknown): void {
  try {
    fn();
  } catch (e) {
    if (!isTacticaError(e)) throw e;
  }
}

describe("bad input never crashes deep", () => {
  it("parseDomain on random text and on mutilated valid text throws only TacticaError", () => {
    const text = formatDomain(parseDomain(TAKE));
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => onlyTacticaErrors(() => parseDomain(s))),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: text.length }), fc.integer({ min: 0, max: 20 }), fc.string({ maxLength: 5 }), (at, cut, insert) => {
        onlyTacticaErrors(() => parseDomain(text.slice(0, at) + insert + text.slice(at + cut)));
      }),
      { numRuns: 200 },
    );
  });

  it("domainFromJson on random JSON throws only TacticaError", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => onlyTacticaErrors(() => domainFromJson(v))),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(
        fc.record({
          version: fc.constant(1),
          actions: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }),
          goal: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
        }),
        (v) => onlyTacticaErrors(() => domainFromJson(v)),
      ),
      { numRuns: 200 },
    );
  });

  it("restoreRunner on random snapshots throws only TacticaError and leaves the runner as it was", () => {
    const p = compileProblem(parseDomain(TAKE));
    const r = createPlanRunner(p, p.initial);
    const before = JSON.stringify({ ...r, facts: Array.from(r.facts) });
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        onlyTacticaErrors(() => restoreRunner(r, { version: 1, runner: v }, p));
        expect(JSON.stringify({ ...r, facts: Array.from(r.facts) })).toBe(before);
      }),
      { numRuns: 150 },
    );
  });
});
