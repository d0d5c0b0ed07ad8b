import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ALLOWED_IMPORTS, PACKAGES } from "../scripts/architecture.mjs";

// The dependency table of docs/architecture.md, checked against what the code really does.
// ESLint reports the same violations in the editor; this test makes them fail CI even if lint
// is skipped, and it also checks package.json dependencies, which lint cannot see.

const root = join(import.meta.dirname, "..");
type Table = Record<string, readonly string[]>;
const allowed = ALLOWED_IMPORTS as Table;

function walk(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(walk(path));
    else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

function srcFiles(pkg: string): string[] {
  try {
    return walk(join(root, "packages", pkg, "src"));
  } catch {
    return [];
  }
}

const importRe =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(importRe)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (spec) found.push(spec);
  }
  return found;
}

/** Violations of the dependency rules for one package's source files, as readable strings. */
export function violations(pkg: string, files: { path: string; text: string }[]): string[] {
  const problems: string[] = [];
  const ok = new Set(allowed[pkg]);
  for (const { path, text } of files) {
    for (const spec of importsOf(text)) {
      const scoped = /^@tactica\/([^/]+)/.exec(spec);
      if (scoped) {
        const target = scoped[1]!;
        if (target !== pkg && !ok.has(target)) problems.push(`${path}: imports @tactica/${target}, which ${pkg} may not import`);
      } else if (spec.startsWith("node:") || /^(fs|path|os|child_process|worker_threads|crypto|url|util|events|stream|http|https|net)(\/|$)/.test(spec)) {
        problems.push(`${path}: imports Node built-in "${spec}"`);
      } else if (!spec.startsWith(".")) {
        problems.push(`${path}: imports "${spec}", a package that is not in the dependency table`);
      }
    }
  }
  return problems;
}

describe("the dependency table", () => {
  it("has no cycles and only points to lower layers", () => {
    for (const pkg of PACKAGES) {
      for (const dep of allowed[pkg] ?? []) expect(PACKAGES).toContain(dep);
    }
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (p: string): void => {
      if (done.has(p)) return;
      if (visiting.has(p)) throw new Error(`cycle through ${p}`);
      visiting.add(p);
      for (const d of allowed[p] ?? []) visit(d);
      visiting.delete(p);
      done.add(p);
    };
    for (const p of PACKAGES) visit(p);
  });

  it("rejects a forbidden arrow, a Node import and an unknown package (the checker can fail)", () => {
    const bad = violations("core", [
      { path: "x.ts", text: 'import { findGridPath } from "@tactica/grid";\nimport fs from "node:fs";\nimport x from "lodash";\nimport { a } from "./a";' },
    ]);
    expect(bad).toHaveLength(3);
    expect(violations("grid", [{ path: "y.ts", text: 'import type { Vec2 } from "@tactica/core";\nexport * from "@tactica/search";' }])).toEqual([]);
    expect(violations("steering", [{ path: "z.ts", text: 'export { a } from "@tactica/grid";' }])).toHaveLength(1);
  });

  for (const pkg of PACKAGES) {
    it(`@tactica/${pkg} imports only what the table allows`, () => {
      const files = srcFiles(pkg).map((path) => ({ path: relative(root, path), text: readFileSync(path, "utf8") }));
      expect(violations(pkg, files)).toEqual([]);
    });

    it(`@tactica/${pkg} package.json depends only on allowed packages`, () => {
      const manifest = JSON.parse(readFileSync(join(root, "packages", pkg, "package.json"), "utf8")) as {
        dependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      const deps = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
      for (const dep of deps) {
        const m = /^@tactica\/(.+)$/.exec(dep);
        expect(m, `${pkg} depends on ${dep}; packages depend only on other @tactica packages`).not.toBeNull();
        expect(allowed[pkg], `${pkg} depends on ${dep}`).toContain(m![1]);
      }
    });
  }
});
