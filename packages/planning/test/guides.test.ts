import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
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
});
