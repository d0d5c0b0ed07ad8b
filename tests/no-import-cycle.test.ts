import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";
import noImportCycle from "../eslint-rules/no-import-cycle.mjs";

// The local lint rule eslint-rules/no-import-cycle.mjs, fed small file trees written to a temporary folder.

const dir = mkdtempSync(join(tmpdir(), "tactica-cycle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

function lint(name: string, options: { ignoreTypeImports?: boolean } = {}): Linter.LintMessage[] {
  const linter = new Linter({ configType: "flat", cwd: dir });
  const file = join(dir, name);
  return linter.verify(
    readFileSync(file, "utf8"),
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { tactica: { rules: { "no-import-cycle": noImportCycle } } },
        rules: { "tactica/no-import-cycle": ["error", options] },
      },
    ],
    { filename: file },
  );
}

describe("no-import-cycle", () => {
  it("reports a two-file cycle on both files, naming the chain", () => {
    write({
      "two/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "two/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    });
    const a = lint("two/a.ts");
    expect(a).toHaveLength(1);
    expect(a[0]!.ruleId).toBe("tactica/no-import-cycle");
    expect(a[0]!.message).toContain("Import cycle: two/a.ts → two/b.ts → two/a.ts");
    expect(a[0]!.line).toBe(1);
    expect(lint("two/b.ts")[0]!.message).toContain("two/b.ts → two/a.ts → two/b.ts");
  });

  it("follows longer chains, export-from and folder index files", () => {
    write({
      "long/a.ts": 'export { b } from "./b";\n',
      "long/b.ts": 'import { c } from "./sub";\nexport const b = c;\n',
      "long/sub/index.ts": 'import { a } from "../a.js";\nexport const c = 1;\nexport { a };\n',
    });
    expect(lint("long/a.ts")[0]!.message).toContain("long/a.ts → long/b.ts → long/sub/index.ts → long/a.ts");
  });

  it("accepts a chain without a cycle", () => {
    write({
      "dag/a.ts": 'import { b } from "./b";\nimport { c } from "./c";\nexport const a = b + c;\n',
      "dag/b.ts": 'import { c } from "./c";\nexport const b = c;\n',
      "dag/c.ts": 'import { x } from "@tactica/core";\nexport const c = x;\n',
    });
    expect(lint("dag/a.ts")).toEqual([]);
  });

  it("counts type-only imports unless told not to", () => {
    write({
      "types/a.ts": 'import type { B } from "./b";\nexport interface A { b?: B }\n',
      "types/b.ts": 'import { type A } from "./a";\nexport interface B { a?: A }\n',
    });
    expect(lint("types/a.ts")).toHaveLength(1);
    expect(lint("types/a.ts", { ignoreTypeImports: true })).toEqual([]);
  });
});
