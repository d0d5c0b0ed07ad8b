import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateBehaviorTree, validateFuzzySystem, validateRuleBase, validateStateMachine, validateUtility } from "../src/index";

// Validators take untrusted JSON: whatever the input, they return a list of issues and never throw.
const keys = [
  "version",
  "root",
  "type",
  "children",
  "child",
  "states",
  "transitions",
  "to",
  "event",
  "options",
  "inputs",
  "considerations",
  "curve",
  "facts",
  "rules",
  "when",
  "then",
  "variables",
  "sets",
  "points",
  "fams",
  "table",
  "if",
  "and",
  "or",
  "not",
  "var",
  "is",
  "value",
  "key",
  "duration",
  "name",
  "initial",
];
const json = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, false, 0, 1, -1, 1.5, NaN, "sequence", "selector", "action", "wait", "triangle", "a", "x", 1, ""),
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...keys), tie("v"), { maxKeys: 5 }),
  ),
})).v;

describe("validators on arbitrary JSON", () => {
  it("return issues and never throw", () => {
    fc.assert(
      fc.property(json, (v) => {
        for (const validate of [validateBehaviorTree, validateStateMachine, validateUtility, validateRuleBase, validateFuzzySystem]) {
          const issues = (validate as (x: unknown) => unknown)(v);
          expect(Array.isArray(issues)).toBe(true);
        }
        const wrapped = [
          validateBehaviorTree({ version: 1, root: v }),
          validateStateMachine({ version: 1, states: { a: v } }),
          validateUtility({ version: 1, inputs: ["a"], options: [v] }),
          validateRuleBase({ version: 1, facts: { a: 1 }, rules: [v] }),
          validateFuzzySystem({ version: 1, variables: { a: v }, rules: [v] }),
        ];
        for (const w of wrapped) expect(Array.isArray(w)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
