import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as decision from "../src/index";

// The README's example must run against the real API.
describe("README example", () => {
  it("runs: heals the hurt NPC and saves the running tree", () => {
    const md = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
    const code = [...md.matchAll(/```ts\n([\s\S]*?)```/g)][0]![1]!;
    expect(code.trim().split("\n").length).toBeLessThanOrEqual(12);
    const body =
      code.replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/decision";?/, (_m, names: string) => `const {${names}} = decision;`) + "\nreturn { npc, save };";
    const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    // Running documentation code is the point of this test.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function("decision", js) as (d: typeof decision) => { npc: { hp: number }; save: string };
    const { npc, save } = run(decision);
    expect(npc.hp).toBe(40);
    expect((JSON.parse(save) as { format: string }).format).toBe("tactica-bt-state");
  });
});
