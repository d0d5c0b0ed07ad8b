import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import * as core from "@tactica/core";
import { describe, expect, it } from "vitest";
import * as planning from "../src/index";

// The guide's snippets must run against the real API, and its JSON must load.
const md = readFileSync(fileURLToPath(new URL("../../../apps/docs/guide/planning.md", import.meta.url)), "utf8");
const block = (lang: string, i = 0) => [...md.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))][i]![1]!;

describe("planning guide", () => {
  it("text and JSON formats describe the same domain", () => {
    const fromText = planning.parseDomain(block("text"));
    const fromJson = planning.domainFromJson(JSON.parse(block("json")));
    expect(planning.formatDomain(fromJson)).toBe(planning.formatDomain(fromText));
  });

  it("findPlan: BFS takes the fewest actions, GOAP the cheapest plan", () => {
    const body =
      block("ts").replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/planning";?/, (_m, names: string) => `const {${names}} = planning;`) +
      "\nreturn { bfs, goap };";
    const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    // Running documentation code is the point of this test.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const { bfs, goap } = (new Function("planning", js) as (p: typeof planning) => { bfs: planning.FindPlanResult; goap: planning.FindPlanResult })(planning);
    expect(bfs.plan).toEqual(["grenade()"]);
    expect(goap.plan).toEqual(["draw()", "reload()", "shoot()"]);
    expect(goap.cost).toBe(4);
  });

  it("an HTN plan saved in a snapshot replans after the restore like the original", () => {
    const body =
      block("ts", 1)
        .replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/core";?/, (_m, names: string) => `const {${names}} = core;`)
        .replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/planning";?/, (_m, names: string) => `const {${names}} = planning;`) +
      "\nreturn { plan, again, text, problem };";
    const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    // Running documentation code is the point of this test.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const out = (new Function("core", "planning", js) as (c: typeof core, p: typeof planning) => Record<string, unknown>)(core, planning) as {
      plan: planning.HtnResult;
      again: planning.HtnResult;
      text: string;
      problem: planning.PlanningProblem;
    };
    const names = (r: planning.HtnResult) => r.plan.map((a) => out.problem.actionNames[a]);
    expect(names(out.plan)).toEqual(["call(taxi, home)", "ride(taxi, home, shop)", "buy-card(shop)"]);
    expect(out.again.replannedTask).toBe("travel(home, shop)");
    expect(names(out.again)).toEqual(["walk(home, shop)", "buy-card(shop)"]);
    expect(out.text).toContain('"continuations"');
  });
});
