import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// API pages say what each parameter means and its units, not only its type: every parameter of
// every exported function (each package's src/index.ts, through re-exports) has a `@param name
// description` tag. About a thousand lacked one when this check came in, so it is a ratchet:
// tests/param-docs-baseline.json holds each package's count of parameters without a described
// `@param`, and a package's count may only go down. When you document parameters, lower it:
//
//   UPDATE_PARAM_DOCS=1 pnpm exec vitest run tests/param-docs.test.ts
//
// (A destructured parameter `{ a, b }` is named by its tag's name, any name will do.)

const root = join(import.meta.dirname, "..");
const baselineFile = join(import.meta.dirname, "param-docs-baseline.json");
const update = process.env["UPDATE_PARAM_DOCS"] === "1";
const packages = readdirSync(join(root, "packages"))
  .filter((dir) => existsSync(join(root, "packages", dir, "src", "index.ts")))
  .sort();

/** `file:line fn(param)` for every parameter of an exported function without a described `@param`. */
export function missingParamDocs(program: ts.Program, indexFile: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(indexFile);
  if (source === undefined) throw new Error(`${indexFile} is not in the program`);
  const moduleSymbol = checker.getSymbolAtLocation(source)!;
  const missing = new Set<string>();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    for (const decl of symbol.declarations ?? []) {
      if (!ts.isFunctionDeclaration(decl)) continue;
      // Overloads: the signatures users see carry the docs; the implementation after them may not.
      if (decl.body !== undefined && (symbol.declarations ?? []).some((d) => ts.isFunctionDeclaration(d) && d.body === undefined)) continue;
      const described = new Set<string>();
      let unnamed = 0;
      for (const tag of ts.getJSDocTags(decl)) {
        if (!ts.isJSDocParameterTag(tag)) continue;
        const text =
          ts
            .getTextOfJSDocComment(tag.comment)
            ?.replace(/^[\s-]+/, "")
            .trim() ?? "";
        if (text.length === 0) continue;
        if (ts.isIdentifier(tag.name)) described.add(tag.name.text);
        else unnamed++;
      }
      const file = decl.getSourceFile();
      const line = file.getLineAndCharacterOfPosition(decl.getStart(file)).line + 1;
      for (const param of decl.parameters) {
        if (ts.isIdentifier(param.name) && param.name.text === "this") continue;
        const name = ts.isIdentifier(param.name) ? param.name.text : undefined;
        if (name !== undefined ? described.has(name) : unnamed-- > 0 || described.size > decl.parameters.length - 1) continue;
        missing.add(`${relative(root, file.fileName)}:${line} ${exported.name}(${name ?? param.name.getText(file)})`);
      }
    }
  }
  return [...missing].sort();
}

function program(): ts.Program {
  const base = JSON.parse(readFileSync(join(root, "tsconfig.base.json"), "utf8")) as { compilerOptions: Record<string, unknown> };
  const { options } = ts.convertCompilerOptionsFromJson(base.compilerOptions, root);
  return ts.createProgram(
    packages.map((p) => join(root, "packages", p, "src", "index.ts")),
    { ...options, noEmit: true },
  );
}

describe("@param docs", () => {
  it("finds an undocumented parameter and accepts a documented one", () => {
    const file = join(root, "packages", "__param_docs_probe__.ts");
    const text = [
      "/** Adds. @param a - the first term, metres @param b */",
      "export function add(a: number, b: number): number { return a + b; }",
      "/**",
      " * Scales.",
      " * @param v the vector",
      " * @param s the factor (unitless)",
      " */",
      "export function scale(v: number, s: number): number { return v * s; }",
    ].join("\n");
    const host = ts.createCompilerHost({ noEmit: true });
    const read = host.readFile.bind(host);
    host.readFile = (f) => (f === file ? text : read(f));
    const exists = host.fileExists.bind(host);
    host.fileExists = (f) => f === file || exists(f);
    const p = ts.createProgram([file], { noEmit: true, noLib: true, target: ts.ScriptTarget.ES2022 }, host);
    expect(missingParamDocs(p, file)).toEqual(["packages/__param_docs_probe__.ts:2 add(b)"]);
  }, 60_000);

  it("no package has more parameters without a described @param than its committed baseline", () => {
    const prog = program();
    const counts: Record<string, number> = {};
    const lists: Record<string, string[]> = {};
    for (const pkg of packages) {
      lists[pkg] = missingParamDocs(prog, join(root, "packages", pkg, "src", "index.ts"));
      counts[pkg] = lists[pkg].length;
    }
    if (update || !existsSync(baselineFile)) {
      writeFileSync(baselineFile, `${JSON.stringify(counts, null, 2)}\n`);
      return;
    }
    const baseline = JSON.parse(readFileSync(baselineFile, "utf8")) as Record<string, number>;
    const risen: string[] = [];
    for (const pkg of packages) {
      const allowed = baseline[pkg] ?? 0;
      if (counts[pkg]! > allowed) {
        risen.push(`@tactica/${pkg}: ${counts[pkg]} parameters without a described @param (baseline ${allowed}):\n  ${lists[pkg]!.join("\n  ")}`);
      } else if (counts[pkg]! < allowed) {
        console.log(`@tactica/${pkg}: ${counts[pkg]} < baseline ${allowed}; lower it with UPDATE_PARAM_DOCS=1`);
      }
    }
    expect(risen.join("\n\n")).toBe("");
  }, 120_000);
});
