import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import * as maps from "../scripts/declaration-maps.mjs";

// Go-to-definition in a user's editor opens the package's shipped `src/`, not `dist/index.d.cts`:
// scripts/declaration-maps.mjs (run by every package's build) maps each declaration name of the
// bundled declarations to its source. Checked here with TypeScript's own source mapper (what
// tsserver uses for go-to-definition) on a small package; tests/pack.e2e.test.ts checks that every
// packed tarball's map resolves to files in its src/.

interface Api {
  vlq(value: number): string;
  writeDeclarationMaps(pkgDir: string): string[];
}
const api = maps as unknown as Api;
const work = mkdtempSync(join(tmpdir(), "tactica-dmap-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("declaration maps", () => {
  it("encodes base-64 VLQs as source maps do", () => {
    expect([0, 1, -1, 15, 16, -16, 123].map((v) => api.vlq(v))).toEqual(["A", "C", "D", "e", "gB", "hB", "2H"]);
  });

  it("go-to-definition through the bundled .d.cts lands on the declaration in src/", () => {
    const pkg = join(work, "pkg");
    mkdirSync(join(pkg, "src", "inner"), { recursive: true });
    mkdirSync(join(pkg, "dist"), { recursive: true });
    const a = "/** Doubles. */\nexport function twice(x: number): number {\n  return 2 * x;\n}\n";
    const b = "export interface Agent {\n  readonly id: number;\n  /** Speed, m/s. */\n  speed: number;\n}\ninterface Agent$Internal { x: number }\n";
    writeFileSync(join(pkg, "src", "a.ts"), a);
    writeFileSync(join(pkg, "src", "inner", "agent.ts"), b);
    const dts =
      "/** Doubles. */\ndeclare function twice(x: number): number;\n\ninterface Agent {\n    readonly id: number;\n    speed: number;\n}\n\nexport { type Agent, twice };\n";
    writeFileSync(join(pkg, "dist", "index.d.cts"), dts);
    expect(api.writeDeclarationMaps(pkg)).toEqual(["index.d.cts.map: 4 of 4 declarations mapped to 2 source files"]);
    const written = readFileSync(join(pkg, "dist", "index.d.cts"), "utf8");
    expect(written.endsWith("\n//# sourceMappingURL=index.d.cts.map\n")).toBe(true);
    const map = JSON.parse(readFileSync(join(pkg, "dist", "index.d.cts.map"), "utf8")) as { sources: string[] };
    expect(map.sources.sort()).toEqual(["../src/a.ts", "../src/inner/agent.ts"]);

    const files: Record<string, string> = {};
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => [join(pkg, "dist", "index.d.cts")],
      getScriptVersion: () => "1",
      getScriptSnapshot: (f) => (ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)!) : undefined),
      getCurrentDirectory: () => pkg,
      getCompilationSettings: () => ({ noEmit: true, noLib: true }),
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: (f) => f in files || ts.sys.fileExists(f),
      readFile: (f) => files[f] ?? ts.sys.readFile(f),
    };
    const ls = ts.createLanguageService(host) as ts.LanguageService & {
      getSourceMapper(): { tryGetSourcePosition(loc: { fileName: string; pos: number }): { fileName: string; pos: number } | undefined };
    };
    const at = (name: string) => {
      const loc = ls.getSourceMapper().tryGetSourcePosition({ fileName: join(pkg, "dist", "index.d.cts"), pos: written.indexOf(name) });
      expect(loc, name).toBeDefined();
      return [loc!.fileName.slice(pkg.length + 1), readFileSync(loc!.fileName, "utf8").slice(loc!.pos, loc!.pos + name.length)];
    };
    expect(at("twice(")).toEqual(["src/a.ts", "twice("]);
    expect(at("Agent {")).toEqual(["src/inner/agent.ts", "Agent {"]);
    expect(at("speed:")).toEqual(["src/inner/agent.ts", "speed:"]);
  }, 60_000);
});
