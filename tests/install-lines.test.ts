import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Every install line must name every @tactica package the page's snippets import: a user who copies
// the install line and then a snippet must not meet "Cannot find module '@tactica/core'". Checked for
// each package README and for each guide page that has an install line. A package's page (its README,
// `guide/<pkg>.md`, `guide/<pkg>-*.md`) also names the package's @tactica dependencies: their types
// and constants (`Rng`, `PathFlags`) appear in its API, and a strict package manager (pnpm) lets a
// project import only what it installed directly.

const root = join(import.meta.dirname, "..");

/** The `@tactica/*` names on the page's `npm install` / `pnpm add` lines (the first one wins per line). */
export function installedPackages(markdown: string): Set<string> | undefined {
  const lines = [...markdown.matchAll(/^\s*(?:npm (?:install|i)|pnpm add|yarn add)\s+([^\n]*)$/gm)];
  if (lines.length === 0) return undefined;
  const names = new Set<string>();
  for (const line of lines) {
    for (const word of line[1]!.split(/\s+/)) {
      const match = /^(@tactica\/[a-z0-9-]+)(?:@\S+)?$/.exec(word);
      if (match) names.add(match[1]!);
    }
  }
  return names;
}

/** The `@tactica/*` packages imported (values or types) by the page's TypeScript / JavaScript code blocks. */
export function importedPackages(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const block of markdown.matchAll(/```(?:ts|typescript|js|javascript|tsx|mjs|cjs)\b[^\n]*\n([\s\S]*?)```/g)) {
    const code = block[1]!;
    const patterns = [
      /\bfrom\s*["'](@tactica\/[a-z0-9-]+)(?:\/[^"']*)?["']/g,
      /\bimport\s*\(?\s*["'](@tactica\/[a-z0-9-]+)(?:\/[^"']*)?["']/g,
      /\brequire\s*\(\s*["'](@tactica\/[a-z0-9-]+)(?:\/[^"']*)?["']/g,
    ];
    for (const pattern of patterns) for (const m of code.matchAll(pattern)) names.add(m[1]!);
  }
  return names;
}

interface Page {
  readonly path: string;
  readonly markdown: string;
  /** The package the page documents, if any. */
  readonly pkg: string | undefined;
}

const packageDirs = readdirSync(join(root, "packages"))
  .filter((d) => existsSync(join(root, "packages", d, "package.json")))
  .sort();

/** The `@tactica/*` runtime dependencies of `packages/<dir>`. */
function tacticaDependencies(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  return Object.keys(manifest.dependencies ?? {}).filter((n) => n.startsWith("@tactica/"));
}

function pages(): Page[] {
  const out: Page[] = [];
  for (const dir of packageDirs) {
    const path = join("packages", dir, "README.md");
    if (existsSync(join(root, path))) out.push({ path, markdown: readFileSync(join(root, path), "utf8"), pkg: dir });
  }
  const guide = join("apps", "docs", "guide");
  for (const file of readdirSync(join(root, guide)).sort()) {
    if (!file.endsWith(".md")) continue;
    const path = join(guide, file);
    const pkg = packageDirs.find((d) => file === `${d}.md` || file.startsWith(`${d}-`));
    out.push({ path, markdown: readFileSync(join(root, path), "utf8"), pkg });
  }
  return out;
}

describe("install lines", () => {
  it("parses install lines and imports", () => {
    const page = [
      "```sh",
      "npm install @tactica/navmesh @tactica/core@next",
      "```",
      "```ts",
      'import { buildNavMesh } from "@tactica/navmesh";',
      'import type { Rng } from "@tactica/core";',
      'import { PathFlags } from "@tactica/search";',
      "```",
    ].join("\n");
    expect([...installedPackages(page)!]).toEqual(["@tactica/navmesh", "@tactica/core"]);
    expect([...importedPackages(page)]).toEqual(["@tactica/navmesh", "@tactica/core", "@tactica/search"]);
    expect(installedPackages("no install line")).toBeUndefined();
  });

  it("every package README has an install line naming its own package", () => {
    for (const dir of packageDirs) {
      const readme = readFileSync(join(root, "packages", dir, "README.md"), "utf8");
      const installed = installedPackages(readme);
      expect(installed, `packages/${dir}/README.md has no install line`).toBeDefined();
      expect([...installed!], `packages/${dir}/README.md`).toContain(`@tactica/${dir}`);
    }
  });

  it("names every @tactica package the page's snippets import", () => {
    const problems: string[] = [];
    for (const page of pages()) {
      const installed = installedPackages(page.markdown);
      if (installed === undefined) continue;
      const missing = [...importedPackages(page.markdown)].filter((name) => !installed.has(name));
      if (missing.length > 0) problems.push(`${page.path}: install line lacks ${missing.join(", ")} (imported by a snippet)`);
    }
    expect(problems).toEqual([]);
  });

  it("a package's pages name the package and its @tactica dependencies", () => {
    const problems: string[] = [];
    for (const page of pages()) {
      const installed = installedPackages(page.markdown);
      if (installed === undefined || page.pkg === undefined) continue;
      const wanted = [`@tactica/${page.pkg}`, ...tacticaDependencies(page.pkg)];
      const missing = wanted.filter((name) => !installed.has(name));
      if (missing.length > 0) problems.push(`${page.path}: install line lacks ${missing.join(", ")} (dependencies of @tactica/${page.pkg})`);
    }
    expect(problems).toEqual([]);
  });
});
