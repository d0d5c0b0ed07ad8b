import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Every `@example` in the TSDoc of a published package runs, against the package's source, so the
// first code a user copies from the API pages works. An example may use anything exported by (any entry point of) its own
// package and by the @tactica packages that package depends on (imports of @tactica/* are optional:
// they are bound automatically). An example that is deliberately a fragment (it continues code the
// reader already has) is listed in FRAGMENTS below, which is the only way to skip one.

const root = join(import.meta.dirname, "..");

/** `<file>: <first code line>` of examples that are fragments on purpose. Shrink this list, never grow it casually. */
const FRAGMENTS = new Set([
  "packages/core/src/collections/indexed-heap.ts: heap.next[0] = g + h;",
  "packages/core/src/runtime/frame-budget.ts: const budget = createFrameBudget(500);       // 500 node expansions per frame",
]);

interface Example {
  pkg: string;
  file: string;
  line: number;
  code: string;
  key: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
  });
}

function examplesOf(pkg: string): Example[] {
  const out: Example[] = [];
  for (const file of walk(join(root, "packages", pkg, "src"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/@example[^\n]*\n((?:\s*\*[^\n]*\n)*?)\s*\*\s*```(?:ts|typescript)[^\n]*\n([\s\S]*?)\n\s*\*\s*```/g)) {
      const code = m[2]!
        .split("\n")
        .map((l) => l.replace(/^\s*\* ?/, ""))
        .join("\n");
      const rel = relative(root, file);
      const first = code.split("\n").find((l) => l.trim()) ?? "";
      out.push({ pkg, file: rel, line: text.slice(0, m.index).split("\n").length, code, key: `${rel}: ${first}` });
    }
  }
  return out;
}

const published = readdirSync(join(root, "packages")).filter((d) => {
  const file = join(root, "packages", d, "package.json");
  return existsSync(file) && !(JSON.parse(readFileSync(file, "utf8")) as { private?: boolean }).private && existsSync(join(root, "packages", d, "src"));
});

/** The package's exports plus those of the @tactica packages it depends on (its own win on a clash). */
async function scopeOf(pkg: string): Promise<Record<string, unknown>> {
  const manifest = JSON.parse(readFileSync(join(root, "packages", pkg, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  const deps = Object.keys(manifest.dependencies ?? {})
    .filter((d) => d.startsWith("@tactica/"))
    .map((d) => d.slice("@tactica/".length));
  const scope: Record<string, unknown> = {};
  for (const name of [...deps, pkg]) {
    // Every entry point of the package (".", and subpaths such as "@tactica/search/games"), main entry last so it wins.
    const exportsMap = (JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8")) as { exports?: Record<string, unknown> }).exports ?? {};
    const entries = Object.entries(exportsMap)
      .filter(
        ([key, value]) =>
          key !== "." && typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)["@tactica/source"] === "string",
      )
      .map(([, value]) => (value as Record<string, string>)["@tactica/source"]!);
    for (const entry of [...entries, "./src/index.ts"]) {
      Object.assign(scope, (await import(/* @vite-ignore */ join(root, "packages", name, entry))) as Record<string, unknown>);
    }
  }
  return scope;
}

function run(example: Example, scope: Record<string, unknown>): void {
  const body = example.code.replace(/^\s*import\s[^;]*?from\s*["']@tactica\/[^"']+["'];?\s*$/gm, "");
  const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } }).outputText;
  const names = Object.keys(scope).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
  const quiet = { log: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  // Running documentation code is the point of this test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const fn = new Function("console", ...names, js) as (...args: unknown[]) => void;
  fn(quiet, ...names.map((n) => scope[n]));
}

describe("TSDoc @example blocks run", () => {
  const all = published.flatMap(examplesOf);

  it("finds the examples (and every listed fragment still exists)", () => {
    expect(all.length).toBeGreaterThan(0);
    const keys = new Set(all.map((e) => e.key));
    for (const f of FRAGMENTS) if (!keys.has(f)) console.warn(`tsdoc-examples: fragment no longer present, remove it from FRAGMENTS: ${f}`);
  });

  for (const example of all) {
    const title = `${example.file}:${example.line}`;
    if (FRAGMENTS.has(example.key)) {
      it.todo(`${title} (a fragment: make it self-contained and drop it from FRAGMENTS)`);
      continue;
    }
    it(title, async () => {
      const scope = await scopeOf(example.pkg);
      expect(() => run(example, scope)).not.toThrow();
    });
  }
});
