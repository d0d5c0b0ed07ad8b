import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// No positional optional arguments (issue 26, docs/decisions/0002-api-contract.md "Options objects"):
// required inputs are positional and optional knobs go in one trailing `options` object. For every
// exported function (each package's src/index.ts, through re-exports; each overload a user sees)
// this fails when
//   - an optional or defaulted parameter is followed by another parameter
//     (`findPlan(domain, undefined, undefined, {...})`), or
//   - the last parameter is optional but is not an options bag: a primitive, a callback, an array or
//     typed array, or a union with one of those (`runSnakeProgram(program, start?)`).
// A rest parameter (`...items`) is not optional in this sense.
//
// Exceptions are decided in ADR 0002 ("Positional optionals") with their reason; keep the list small.

const root = join(import.meta.dirname, "..");
const packages = readdirSync(join(root, "packages"))
  .filter((dir) => existsSync(join(root, "packages", dir, "src", "index.ts")))
  .sort();

/** `exportName(param)` → why it is allowed (see ADR 0002, "Positional optionals"). */
const exceptions: Record<string, string> = {};

function isOptional(checker: ts.TypeChecker, param: ts.ParameterDeclaration): boolean {
  if (param.dotDotDotToken !== undefined) return false;
  return param.questionToken !== undefined || param.initializer !== undefined || checker.isOptionalParameter(param);
}

/** Why `type` is not an options bag, or undefined when it is one (a plain object type). */
function notOptionsBag(checker: ts.TypeChecker, type: ts.Type): string | undefined {
  const parts = type.isUnion() ? type.types : [type];
  for (const part of parts) {
    if (part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) continue;
    if (part.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return "untyped";
    if (!(part.flags & ts.TypeFlags.Object) && !(part.flags & ts.TypeFlags.Intersection) && !(part.flags & ts.TypeFlags.TypeParameter)) {
      return `primitive ${checker.typeToString(part)}`;
    }
    if (part.flags & ts.TypeFlags.TypeParameter) {
      const constraint = checker.getBaseConstraintOfType(part);
      if (constraint === undefined || constraint === part) return "unconstrained type parameter";
      const why = notOptionsBag(checker, constraint);
      if (why !== undefined) return why;
      continue;
    }
    if (checker.getSignaturesOfType(part, ts.SignatureKind.Call).length > 0) return "callback";
    if (checker.isArrayType(part) || checker.isTupleType(part)) return "array";
    const name = part.getSymbol()?.getName() ?? "";
    if (/^(Int8|Uint8|Uint8Clamped|Int16|Uint16|Int32|Uint32|Float32|Float64|BigInt64|BigUint64)Array$|^ArrayLike$|^ArrayBuffer$/.test(name)) {
      return `array ${name}`;
    }
  }
  return undefined;
}

/** `file:line name(param): reason` for every positional optional of an exported function. */
export function positionalOptionals(program: ts.Program, indexFile: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(indexFile);
  if (source === undefined) throw new Error(`${indexFile} is not in the program`);
  const moduleSymbol = checker.getSymbolAtLocation(source)!;
  const found = new Set<string>();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) continue;
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (decl === undefined) continue;
    const type = checker.getTypeOfSymbolAtLocation(symbol, decl);
    // The signatures users see: a function's overloads (not its implementation), or an exported const's call signatures.
    for (const signature of checker.getSignaturesOfType(type, ts.SignatureKind.Call)) {
      const sigDecl = signature.getDeclaration() as ts.SignatureDeclaration | undefined;
      if (sigDecl === undefined) continue;
      const file = sigDecl.getSourceFile();
      if (file.isDeclarationFile) continue;
      const line = file.getLineAndCharacterOfPosition(sigDecl.getStart(file)).line + 1;
      const params = sigDecl.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === "this"));
      params.forEach((param, i) => {
        if (!isOptional(checker, param)) return;
        const paramName = ts.isIdentifier(param.name) ? param.name.text : param.name.getText(file);
        const key = `${exported.name}(${paramName})`;
        if (key in exceptions) return;
        let why: string | undefined;
        if (i < params.length - 1) why = "optional before a later parameter";
        else why = notOptionsBag(checker, checker.getTypeAtLocation(param));
        if (why !== undefined) found.add(`${relative(root, file.fileName)}:${line} ${key}: ${why}`);
      });
    }
  }
  return [...found].sort();
}

function program(): ts.Program {
  const base = JSON.parse(readFileSync(join(root, "tsconfig.base.json"), "utf8")) as { compilerOptions: Record<string, unknown> };
  const { options } = ts.convertCompilerOptionsFromJson(base.compilerOptions, root);
  return ts.createProgram(
    packages.map((p) => join(root, "packages", p, "src", "index.ts")),
    { ...options, noEmit: true },
  );
}

describe("no positional optional arguments", () => {
  it("finds each kind of positional optional and accepts a trailing options object", () => {
    const file = join(root, "packages", "__positional_optionals_probe__.ts");
    const text = [
      "interface Opts { weight?: number }",
      "export function ok(a: number, options?: Opts): number { return a; }",
      "export function okDefault(a: number, options: Opts = {}): number { return a; }",
      "export function okRest(a: number, ...rest: number[]): number { return a; }",
      "export function middle(a: number, b?: number, options?: Opts): number { return a; }",
      "export function defaulted(a = 1, b: number): number { return b; }",
      "export function last(a: number, b?: number): number { return a; }",
      "export function callback(a: number, warn?: (m: string) => void): number { return a; }",
      "export function array(a: number, out?: number[]): number { return a; }",
      "export function typed(a: number, out?: Float64Array): number { return a; }",
      "export function union(a: number, o?: Opts | boolean): number { return a; }",
      "export function over(a: number): number;",
      "export function over(a: number, b?: string): number;",
      "export function over(a: number, b?: string): number { return a; }",
      "export const arrow = (a: number, b?: number): number => a;",
    ].join("\n");
    const host = ts.createCompilerHost({ noEmit: true });
    const read = host.readFile.bind(host);
    host.readFile = (f) => (f === file ? text : read(f));
    const exists = host.fileExists.bind(host);
    host.fileExists = (f) => f === file || exists(f);
    const p = ts.createProgram([file], { noEmit: true, target: ts.ScriptTarget.ES2022, strict: true }, host);
    const f = "packages/__positional_optionals_probe__.ts";
    expect(positionalOptionals(p, file)).toEqual(
      [
        `${f}:10 typed(out): array Float64Array`,
        `${f}:11 union(o): primitive false`,
        `${f}:13 over(b): primitive string`,
        `${f}:15 arrow(b): primitive number`,
        `${f}:5 middle(b): optional before a later parameter`,
        `${f}:6 defaulted(a): optional before a later parameter`,
        `${f}:7 last(b): primitive number`,
        `${f}:8 callback(warn): callback`,
        `${f}:9 array(out): array`,
      ].sort(),
    );
  }, 60_000);

  it("no exported function has a positional optional parameter", () => {
    const prog = program();
    const found = packages.flatMap((pkg) => positionalOptionals(prog, join(root, "packages", pkg, "src", "index.ts")));
    expect(found.join("\n")).toBe("");
  }, 120_000);
});
