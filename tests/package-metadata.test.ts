import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as meta from "../scripts/package-metadata.mjs";

// Every published package carries what its registry page needs (scripts/package-metadata.mjs is
// the single source of these rules; `node scripts/package-metadata.mjs <pkg>` fixes a package).

interface Api {
  publishableDirs(): string[];
  checkPackage(dir: string, options?: { strict?: boolean }): string[];
  fillManifest(m: Record<string, unknown>, dir: string): Record<string, unknown>;
  publishedExports(e: Record<string, unknown>): Record<string, unknown>;
  absoluteReadmeLinks(text: string, dir: string): string;
  relativeReadmeLinks(text: string): string[];
  otherWorkspaceManifests(): string[];
  checkWorkspaceManifest(path: string): string[];
  withWorkspaceRanges(m: Record<string, unknown>): Record<string, Record<string, string>>;
  HOMEPAGE: string;
  REPOSITORY: string;
  NODE_ENGINE: string;
}
const api = meta as unknown as Api;
const root = join(import.meta.dirname, "..");

describe("package metadata", () => {
  const dirs = api.publishableDirs();

  it("finds the published packages", () => {
    expect(dirs).toEqual(expect.arrayContaining(["core", "search", "grid", "steering", "decision"]));
  });

  for (const dir of dirs) {
    it(`@tactica/${dir} has every field a registry page needs (fix: node scripts/package-metadata.mjs ${dir})`, () => {
      expect(api.checkPackage(dir)).toEqual([]);
      const m = JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8")) as Record<string, unknown> & {
        repository: { directory: string };
        publishConfig: { access: string; exports: Record<string, unknown> };
        exports: Record<string, unknown>;
      };
      for (const field of ["description", "keywords", "license", "repository", "homepage", "bugs", "files", "exports", "types", "engines"]) {
        expect(m[field], field).toBeTruthy();
      }
      expect(m["sideEffects"]).toBe(false);
      expect(m.repository.directory).toBe(`packages/${dir}`);
      expect(m.publishConfig.access).toBe("public");
      // The published manifest has no workspace-only condition, and otherwise the same entry points.
      expect(JSON.stringify(m.publishConfig.exports)).not.toContain("@tactica/source");
      expect(Object.keys(m.publishConfig.exports)).toEqual(Object.keys(m.exports));
    });
  }

  it("every package's engines.node is the root's, and every internal range is workspace:^ (packages, apps, bench, qa, root)", () => {
    const rootManifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { engines: { node: string } };
    expect(api.NODE_ENGINE).toBe(rootManifest.engines.node);
    const paths = api.otherWorkspaceManifests();
    expect(paths).toEqual(
      expect.arrayContaining(["package.json", "apps/playground/package.json", "apps/docs/package.json", "bench/package.json", "qa/package.json"]),
    );
    // Private packages too (checkPackage covers the published ones above).
    const problems = [...paths.flatMap((p) => api.checkWorkspaceManifest(p))];
    for (const dir of readdirSync(join(root, "packages"))) {
      if (!existsSync(join(root, "packages", dir, "package.json"))) continue;
      const m = JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8")) as Record<string, unknown> & { engines?: { node?: string } };
      if (m.engines?.node !== api.NODE_ENGINE) problems.push(`packages/${dir}: engines.node ${m.engines?.node}`);
      for (const [field, deps] of Object.entries(api.withWorkspaceRanges(m))) {
        for (const [name, range] of Object.entries(deps)) {
          if ((m[field] as Record<string, string>)[name] !== range) problems.push(`packages/${dir}: ${field}["${name}"]`);
        }
      }
    }
    expect(problems, "fix: node scripts/package-metadata.mjs").toEqual([]);
  });

  it("sets internal ranges to workspace:^ in every dependency field and leaves other ranges alone", () => {
    const m = {
      dependencies: { "@tactica/core": "workspace:*", other: "^1.0.0" },
      devDependencies: { "@tactica/grid": "workspace:~" },
      peerDependencies: { "@tactica/search": "^0.1.0" },
    };
    expect(api.withWorkspaceRanges(m)).toEqual({
      dependencies: { "@tactica/core": "workspace:^", other: "^1.0.0" },
      devDependencies: { "@tactica/grid": "workspace:^" },
      peerDependencies: { "@tactica/search": "workspace:^" },
    });
    const filled = api.fillManifest({ name: "@tactica/x", description: "A package for tests of the filler.", engines: { node: ">=18" }, ...m }, "x");
    expect(filled["engines"]).toEqual({ node: api.NODE_ENGINE });
    expect(filled["dependencies"]).toEqual({ "@tactica/core": "workspace:^", other: "^1.0.0" });
  });

  it("fills a bare new package (what the integrator runs for planning and navmesh)", () => {
    const filled = api.fillManifest({ name: "@tactica/newpkg", version: "0.0.0", description: "A new package for tests of the filler." }, "newpkg");
    expect(filled["sideEffects"]).toBe(false);
    expect(filled["files"]).toEqual(["dist", "src", "README.md", "LICENSE"]);
    expect(filled["repository"]).toEqual({ type: "git", url: `git+${api.REPOSITORY}.git`, directory: "packages/newpkg" });
    expect((filled["publishConfig"] as Record<string, unknown>)["access"]).toBe("public");
    expect(filled["exports"]).toEqual({
      ".": {
        "@tactica/source": "./src/index.ts",
        import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
        require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" },
      },
      "./package.json": "./package.json",
    });
    // Idempotent: filling twice changes nothing.
    expect(api.fillManifest(filled, "newpkg")).toEqual(filled);
  });

  it("keeps subpath and data-file exports and strips only the source condition when publishing", () => {
    const exports = {
      ".": { "@tactica/source": "./src/index.ts", import: { types: "./dist/index.d.ts", default: "./dist/index.js" } },
      "./schema.json": "./schema.json",
    };
    expect(api.publishedExports(exports)).toEqual({
      ".": { import: { types: "./dist/index.d.ts", default: "./dist/index.js" } },
      "./schema.json": "./schema.json",
    });
  });

  it("rewrites README links that only work inside the repository", () => {
    const text =
      "See [the guide](../../apps/docs/guide/grid.md#jps), [Tactica](../../README.md), [core](../core/README.md) and [bench](../../bench/README.md).";
    expect(api.relativeReadmeLinks(text)).toHaveLength(4);
    const out = api.absoluteReadmeLinks(text, "grid");
    expect(out).toContain(`(${api.HOMEPAGE}guide/grid#jps)`);
    expect(out).toContain(`(${api.REPOSITORY}#readme)`);
    expect(out).toContain("(https://www.npmjs.com/package/@tactica/core)");
    expect(out).toContain(`(${api.REPOSITORY}/blob/main/bench/README.md)`);
    expect(api.relativeReadmeLinks(out)).toEqual([]);
  });

  // The READMEs are rewritten by the integrator (`node scripts/package-metadata.mjs --readme`); this
  // checks that the rewrite of today's READMEs lands on pages that exist on the docs site.
  for (const dir of dirs) {
    it(`@tactica/${dir} README links, made absolute, point at existing docs pages`, () => {
      const text = readFileSync(join(root, "packages", dir, "README.md"), "utf8");
      const out = api.absoluteReadmeLinks(text, dir);
      expect(api.relativeReadmeLinks(out)).toEqual([]);
      for (const m of out.matchAll(/\]\((https?:[^)\s]+)\)/g)) {
        const url = m[1]!.split("#")[0]!;
        if (!url.startsWith(api.HOMEPAGE)) continue;
        const page = url.slice(api.HOMEPAGE.length).replace(/\/$/, "/index");
        expect(existsSync(join(root, "apps", "docs", `${page}.md`)), `${url} -> apps/docs/${page}.md`).toBe(true);
      }
    });
  }
});
