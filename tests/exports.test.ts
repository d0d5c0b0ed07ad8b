import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The public surface of every package is chosen, not accidental (docs/decisions/0002-api-contract.md):
// each packages/<pkg>/src/index.ts lists its exports by name, and tests/exports/<pkg>.txt holds the
// sorted list (`name` for a value, `type Name` for a type-only export). Changing the API means
// updating the snapshot in the same commit:
//
//   UPDATE_EXPORTS=1 pnpm exec vitest run tests/exports.test.ts
//
// The value names are read from the module itself (its source, through the "@tactica/source"
// condition), the type names from the index's `export { … }` lists.

const root = join(import.meta.dirname, "..");
const snapshots = join(import.meta.dirname, "exports");
const update = process.env["UPDATE_EXPORTS"] === "1";
const packages = readdirSync(join(root, "packages"))
  .filter((dir) => existsSync(join(root, "packages", dir, "src", "index.ts")))
  .sort();

interface DeclaredExports {
  values: string[];
  types: string[];
  problems: string[];
}

/** The names an index.ts exports, read from its syntax; `export *` is reported as a problem. */
function declaredExports(fileName: string, text: string): DeclaredExports {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const values: string[] = [];
  const types: string[] = [];
  const problems: string[] = [];
  const isExported = (node: ts.Node): boolean => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of source.statements) {
    if (ts.isExportDeclaration(st)) {
      const clause = st.exportClause;
      if (clause === undefined) {
        problems.push(`${st.getText(source)}: \`export *\` is not allowed; list the exports by name (ADR 0002).`);
      } else if (ts.isNamespaceExport(clause)) {
        (st.isTypeOnly ? types : values).push(clause.name.text);
      } else {
        for (const el of clause.elements) (st.isTypeOnly || el.isTypeOnly ? types : values).push(el.name.text);
      }
    } else if (ts.isExportAssignment(st)) {
      values.push("default");
    } else if (isExported(st)) {
      if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) types.push(st.name.text);
      else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) values.push(d.name.text);
      } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) values.push(st.name.text);
    }
  }
  return { values, types, problems };
}

function format(values: readonly string[], types: readonly string[]): string {
  const lines = [...new Set(values)].map((n) => ({ n, line: n }));
  // A name exported both as a value and as a type (a const object and its union type) is listed once, as the value.
  for (const t of new Set(types)) if (!values.includes(t)) lines.push({ n: t, line: `type ${t}` });
  const key = (n: string): string => n.toLowerCase();
  lines.sort((a, b) => (key(a.n) < key(b.n) ? -1 : key(a.n) > key(b.n) ? 1 : a.n < b.n ? -1 : a.n > b.n ? 1 : 0));
  return lines.map((l) => l.line).join("\n") + "\n";
}

describe("export snapshots (tests/exports/<pkg>.txt)", () => {
  it("finds the packages", () => {
    expect(packages).toContain("core");
  });

  for (const pkg of packages) {
    it(`@tactica/${pkg} exports exactly the names in tests/exports/${pkg}.txt`, async () => {
      const indexFile = join(root, "packages", pkg, "src", "index.ts");
      const declared = declaredExports(indexFile, readFileSync(indexFile, "utf8"));
      expect(declared.problems, `packages/${pkg}/src/index.ts`).toEqual([]);
      const mod = (await import(indexFile)) as Record<string, unknown>;
      const runtime = Object.keys(mod).sort();
      // Every declared value exists at run time and nothing else does (a `type` marker on a value, or a
      // value export hidden behind `export type`, shows up here).
      expect(runtime, `run-time exports of @tactica/${pkg} vs its index.ts`).toEqual([...new Set(declared.values)].sort());
      const actual = format(runtime, declared.types);
      const file = join(snapshots, `${pkg}.txt`);
      if (update) {
        mkdirSync(snapshots, { recursive: true });
        writeFileSync(file, actual);
        return;
      }
      if (!existsSync(file)) {
        throw new Error(
          `tests/exports/${pkg}.txt does not exist. Review the export list of @tactica/${pkg} and write the snapshot with ` +
            "`UPDATE_EXPORTS=1 pnpm exec vitest run tests/exports.test.ts`, then commit it with the change.",
        );
      }
      const expected = readFileSync(file, "utf8");
      expect(actual, `the exports of @tactica/${pkg} changed: if deliberate, rerun with UPDATE_EXPORTS=1 and commit tests/exports/${pkg}.txt`).toBe(expected);
    });
  }
});

describe("declaredExports", () => {
  it("reads named, type-only and declared exports and rejects export *", () => {
    const d = declaredExports(
      "x.ts",
      'export { a, type B, c as d } from "./a";\nexport type { E } from "./e";\nexport * from "./f";\nexport * as ns from "./g";\nexport const k = 1;\nexport interface I {}\nexport function f() {}',
    );
    expect(d.values).toEqual(["a", "d", "ns", "k", "f"]);
    expect(d.types).toEqual(["B", "E", "I"]);
    expect(d.problems).toHaveLength(1);
    expect(format(d.values, d.types)).toBe("a\ntype B\nd\ntype E\nf\ntype I\nk\nns\n");
  });
});
