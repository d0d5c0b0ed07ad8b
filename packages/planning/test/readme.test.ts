import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as planning from "../src/index";

// The README's example must run against the real API.
describe("README example", () => {
  it("runs: draw, reload, shoot", () => {
    const md = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
    const code = [...md.matchAll(/```ts\n([\s\S]*?)```/g)][0]![1]!;
    expect(code.trim().split("\n").length).toBeLessThanOrEqual(12);
    const body =
      code.replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/planning";?/, (_m, names: string) => `const {${names}} = planning;`) + "\nreturn result;";
    const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    // Running documentation code is the point of this test.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function("planning", js) as (p: typeof planning) => planning.FindPlanResult;
    const result = run(planning);
    expect(result.plan).toEqual(["draw()", "reload()", "shoot()"]);
    expect(result.cost).toBe(3);
  });
});
