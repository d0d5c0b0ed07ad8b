import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// No public name means two things (docs/decisions/0002-api-contract.md, "Names"): a studio imports
// from every @tactica package in one file without aliases. Two entry points may export the same name
// only when it is the very same declaration re-exported (grid and navmesh re-export search's
// `PathFlags`, grid its `PathResult`). The TypeScript checker resolves each export of every entry
// point (`packages/<pkg>/package.json` "exports" under the "@tactica/source" condition) through its
// re-export chain to the declaration it names; values shared that way must also be `===` at run time.

const root = join(import.meta.dirname, "..");

/** One public entry point: the package's specifier and the source file it resolves to. */
interface EntryPoint {
  readonly specifier: string;
  readonly file: string;
}

/** Every entry point of every package: each "exports" key whose "@tactica/source" target is a source file. */
function entryPoints(): EntryPoint[] {
  const out: EntryPoint[] = [];
  for (const dir of readdirSync(join(root, "packages")).sort()) {
    const manifest = join(root, "packages", dir, "package.json");
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name: string; exports?: Record<string, unknown> };
    for (const [key, target] of Object.entries(pkg.exports ?? {})) {
      const source = typeof target === "object" && target !== null ? (target as Record<string, unknown>)["@tactica/source"] : undefined;
      if (typeof source !== "string" || !source.endsWith(".ts")) continue;
      out.push({ specifier: key === "." ? pkg.name : `${pkg.name}/${key.slice(2)}`, file: join(root, "packages", dir, source) });
    }
  }
  return out;
}

/** One exported name of one entry point and the declarations it resolves to. */
interface ResolvedExport {
  readonly name: string;
  readonly specifier: string;
  /** `file:position` of each declaration the name resolves to (value and type side), sorted. */
  readonly declarations: string;
  /** True when the name has a value side (a run-time export). */
  readonly isValue: boolean;
}

/** A name exported by two or more entry points that do not all resolve to the same declarations. */
interface ExportCollision {
  readonly name: string;
  /** The specifiers exporting the name, sorted. */
  readonly specifiers: readonly string[];
}

/** The exports of each entry file in `program`, resolved through aliases to their declarations. */
function resolveExports(program: ts.Program, entries: readonly EntryPoint[]): ResolvedExport[] {
  const checker = program.getTypeChecker();
  const out: ResolvedExport[] = [];
  for (const entry of entries) {
    const source = program.getSourceFile(entry.file);
    if (source === undefined) throw new Error(`${entry.specifier}: ${entry.file} is not in the program`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) throw new Error(`${entry.specifier}: ${entry.file} is not a module`);
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declarations = (target.declarations ?? []).map((d) => `${d.getSourceFile().fileName}:${d.getStart()}`).sort();
      out.push({ name: exported.name, specifier: entry.specifier, declarations: declarations.join("|"), isValue: (target.flags & ts.SymbolFlags.Value) !== 0 });
    }
  }
  return out;
}

/** The names exported by two or more entry points whose declarations differ. */
function findCollisions(exports: readonly ResolvedExport[]): ExportCollision[] {
  const byName = new Map<string, ResolvedExport[]>();
  for (const e of exports) {
    const list = byName.get(e.name) ?? [];
    list.push(e);
    byName.set(e.name, list);
  }
  const out: ExportCollision[] = [];
  for (const [name, list] of byName) {
    if (new Set(list.map((e) => e.specifier)).size < 2) continue;
    if (new Set(list.map((e) => e.declarations)).size === 1 && list[0]!.declarations !== "") continue;
    out.push({ name, specifiers: [...new Set(list.map((e) => e.specifier))].sort() });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function describeCollision(c: ExportCollision): string {
  return `${c.name}: ${c.specifiers.join(", ")}`;
}

const baseOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ["@tactica/source"],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  lib: ["lib.es2022.d.ts"],
};

describe("no two packages export the same name for different things", () => {
  const entries = entryPoints();
  const program = ts.createProgram(
    entries.map((e) => e.file),
    baseOptions,
  );
  const resolved = resolveExports(program, entries);
  const collisions = findCollisions(resolved).map(describeCollision);

  it("reads every package's entry points", () => {
    const specifiers = entries.map((e) => e.specifier);
    for (const pkg of ["core", "search", "grid", "navmesh", "steering", "decision", "perception", "planning", "narrative"])
      expect(specifiers).toContain(`@tactica/${pkg}`);
    expect(specifiers).toContain("@tactica/search/games");
    // Spot checks that the re-exports the contract asks for resolve to search's own declarations.
    const pathFlags = resolved.filter((e) => e.name === "PathFlags");
    expect(pathFlags.map((e) => e.specifier).sort()).toEqual(["@tactica/grid", "@tactica/navmesh", "@tactica/planning", "@tactica/search"]);
    expect(new Set(pathFlags.map((e) => e.declarations)).size).toBe(1);
    expect(pathFlags[0]!.declarations).toContain(join("packages", "search", "src", "graph", "flags.ts"));
  });

  it("finds no collision beyond the temporary allowlist", () => {
    const unexpected = collisions;
    expect(
      unexpected,
      "These names are exported by more than one package with different meanings. Give each a package-specific name " +
        "(ADR 0002: findGridPath, findNavMeshPath, …) or re-export the one declaration instead of declaring a second.",
    ).toEqual([]);
  });

  it("shares re-exported values as the very same object at run time", async () => {
    const modules = new Map<string, Record<string, unknown>>();
    for (const e of entries) modules.set(e.specifier, (await import(e.file)) as Record<string, unknown>);
    // Group by name and declaration: the entry points that re-export one declaration under one name.
    const shared = new Map<string, ResolvedExport[]>();
    for (const e of resolved) if (e.isValue) shared.set(`${e.name}\0${e.declarations}`, [...(shared.get(`${e.name}\0${e.declarations}`) ?? []), e]);
    let checked = 0;
    for (const list of shared.values()) {
      const name = list[0]!.name;
      if (list.length < 2) continue;
      const first = modules.get(list[0]!.specifier)![name];
      expect(first, `${name} from ${list[0]!.specifier}`).toBeDefined();
      for (const e of list.slice(1)) expect(modules.get(e.specifier)![name] === first, `${name}: ${e.specifier} vs ${list[0]!.specifier}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(0); // at least PathFlags
  }, 120_000);
});

describe("findCollisions", () => {
  // Three small packages in memory: "b" declares its own `find` and `Options` (collisions with "a"),
  // re-exports a's `Flags` through a local module (not a collision) and declares its own `Both`,
  // equal in value to a's but a second declaration (a collision); "c" re-exports b's `Same` (not one).
  const files: Record<string, string> = {
    "/v/a/index.ts": 'export { Flags, find, type Options } from "./flags";\nexport const Both = 1;\nexport const onlyA = 2;',
    "/v/a/flags.ts": "export const Flags = { None: 0 } as const;\nexport function find(): number { return 0; }\nexport interface Options { a?: number }",
    "/v/b/index.ts":
      'export { Flags } from "./local";\nexport function find(): number { return 1; }\nexport interface Options { b?: number }\nexport const Both = 1;\nexport type Same = number;',
    "/v/b/local.ts": 'export { Flags } from "../a/flags";',
    "/v/c/index.ts": 'export { type Same } from "../b/index";\nexport { onlyA as renamed } from "../a/index";',
  };
  const host = ts.createCompilerHost(baseOptions);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => files[f] ?? readFile(f);
  host.fileExists = (f) => f in files || fileExists(f);
  host.getSourceFile = (f, v) => (f in files ? ts.createSourceFile(f, files[f]!, v) : getSourceFile(f, v));
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (d) => d === "/v" || d.startsWith("/v/") || (directoryExists?.(d) ?? false);
  host.realpath = (f) => f;
  const entries = ["a", "b", "c"].map((p) => ({ specifier: p, file: `/v/${p}/index.ts` }));
  const program = ts.createProgram(
    entries.map((e) => e.file),
    baseOptions,
    host,
  );

  it("reports names with different declarations and accepts re-exports of one declaration", () => {
    expect(findCollisions(resolveExports(program, entries)).map(describeCollision)).toEqual(["Both: a, b", "find: a, b", "Options: a, b"].sort());
  });

  it("reports nothing for a single package", () => {
    expect(findCollisions(resolveExports(program, entries.slice(0, 1)))).toEqual([]);
  });
});
