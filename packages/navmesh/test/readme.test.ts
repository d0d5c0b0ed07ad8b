import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as navmesh from "../src";

// The README's example runs against the real API and prints what its comment says.
describe("README", () => {
  it("the example runs and logs what it claims", () => {
    const text = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
    const src = /```ts\n([\s\S]*?)```/.exec(text)![1]!;
    const body = src.replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/navmesh";?/, (_m, names: string) => `const { ${names} } = navmesh;`);
    const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } }).outputText;
    const logs: unknown[][] = [];
    // Running documentation code is the point of this test.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function("navmesh", "console", js) as (m: typeof navmesh, c: { log: (...a: unknown[]) => void }) => void;
    run(navmesh, { log: (...a: unknown[]) => logs.push(a) });
    expect(logs).toEqual([[true, "any-angle", 4, "8.325"]]);
  });
});
