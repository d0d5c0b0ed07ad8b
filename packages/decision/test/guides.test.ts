import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as core from "@tactica/core";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as decision from "../src/index";

// The self-contained snippets of the decision guides must run against the real API.
function firstSnippet(file: string, index = 0): string {
  const md = readFileSync(fileURLToPath(new URL(`../../../apps/docs/guide/${file}`, import.meta.url)), "utf8");
  return [...md.matchAll(/```ts\n([\s\S]*?)```/g)][index]![1]!;
}

function run(source: string, tail: string): unknown {
  const body =
    source
      .replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/decision";?/g, (_m, names: string) => `const {${names}} = decision;`)
      .replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/core";?/g, (_m, names: string) => `const {${names}} = core;`) + `\n${tail}`;
  const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  const tables: unknown[] = [];
  // Running documentation code is the point of this test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const fn = new Function("decision", "core", "console", js) as (d: unknown, c: unknown, con: unknown) => unknown;
  return fn(decision, core, { table: (x: unknown) => tables.push(x), log: () => undefined });
}

describe("guide snippets", () => {
  it("production rules: attack sets state 2", () => {
    expect(run(firstSnippet("decision-rules.md"), 'return getRuleFact(rules, engine, "state");')).toBe(2);
  });
  it("resource rules: the ranch delivers 40 leather in 10 days", () => {
    expect(run(firstSnippet("decision-rules.md", 1), 'return getResource(world, "player", "leather");')).toBe(40);
  });
  it("rule queries: the most specific rule, then the next tier through the filter", () => {
    expect(run(firstSnippet("decision-rules.md", 2), "return [best, next];")).toEqual(["hit-medic-dying", "hit-medic"]);
  });
  it("fuzzy logic: a desirability inside the output range", () => {
    const v = run(
      firstSnippet("decision-fuzzy.md"),
      'return [defuzzify(state, weapon, "desirability", { method: "centroid" }), evaluateFuzzy(weapon, { distance: 200, ammo: 8 }, "desirability")];',
    ) as number[];
    expect(v[0]).toBe(v[1]);
    expect(v[0]).toBeGreaterThan(0);
    expect(v[0]).toBeLessThan(100);
  });
  it("behaviour trees: the level-2 one-liner heals and waits", () => {
    expect(run(firstSnippet("decision-behavior-trees.md"), "return [result, npc.hp];")).toEqual([
      { status: decision.BtStatus.Running, running: true, time: 0.5 },
      40,
    ]);
  });
  it("state machines: the level-2 one-liner reloads an empty gun", () => {
    expect(run(firstSnippet("decision-state-machines.md", 1), "return result;")).toEqual({ state: "reload", transitions: 1, timeInState: 0 });
  });
  it("utility: the level-2 pick chooses heal", () => {
    expect(run(firstSnippet("decision-utility.md"), "return choice;")).toBe("heal");
  });
  it("utility: the level-1 loop chooses an option", () => {
    expect(run(firstSnippet("decision-utility.md", 1), "return choice;")).toBe(0);
  });
});
