import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as core from "@tactica/core";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The README's code example and the core guide's snippets must run against the real API, so the
// front door never drifts from the code. Imports of @tactica/core are bound to the package source.

const root = join(import.meta.dirname, "..");

function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** Runs a TypeScript snippet whose only import is from @tactica/core; returns what it logged. */
function runSnippet(source: string): unknown[][] {
  const body = source.replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/core";?/g, (_m, names: string) => {
    const list = names
      .split(",")
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith("type "));
    return `const { ${list.join(", ")} } = core;`;
  });
  if (/from\s*"/.test(body)) throw new Error(`snippet imports something other than @tactica/core:\n${source}`);
  const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } }).outputText;
  const logs: unknown[][] = [];
  const log = { log: (...args: unknown[]) => logs.push(args) };
  // Running documentation code is the point of this test, so it evaluates the snippet.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function("core", "console", js) as (c: typeof core, l: typeof log) => void;
  run(core, log);
  return logs;
}

describe("README", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const example = codeBlocks(readme)[0]!;

  it("has a short code example that runs and finds three neighbours", () => {
    expect(example.trim().split("\n").length).toBeLessThanOrEqual(12);
    const logs = runSnippet(example);
    expect(logs).toHaveLength(1);
    const [count, nearest, position] = logs[0] as [number, Int32Array, { x: number; y: number }];
    expect(count).toBe(3);
    expect(new Set(nearest).size).toBe(3);
    expect(position.x).toBeCloseTo(50 + 1 / 60);
  });

  it("documents both quick-start commands without assuming pnpm is installed", () => {
    expect(readme).toContain("npx --yes pnpm@10.34.9 install && npx --yes pnpm@10.34.9 start");
    expect(readme).toContain("npx --yes pnpm@10.34.9 install && npx --yes pnpm@10.34.9 run test:all");
    const ci = readFileSync(join(root, ".ci", "run"), "utf8");
    expect(ci).toContain("npx --yes pnpm@10.34.9 install && npx --yes pnpm@10.34.9 run test:all");
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { packageManager: string };
    expect(manifest.packageManager).toBe("pnpm@10.34.9");
  });
});
