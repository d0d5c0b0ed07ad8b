import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// What a studio sees when it installs a package: every published (non-private) package has an
// exports map with ESM, CJS and types, is side-effect free, ships a README and a licence.

const root = join(import.meta.dirname, "..");
const dirs = readdirSync(join(root, "packages"));

interface Manifest {
  name: string;
  private?: boolean;
  license?: string;
  homepage?: string;
  repository?: { type?: string; url?: string; directory?: string };
  bugs?: { url?: string };
  sideEffects?: boolean;
  type?: string;
  files?: string[];
  exports?: Record<string, unknown>;
}

const manifests = dirs.map((d) => ({ dir: d, m: JSON.parse(readFileSync(join(root, "packages", d, "package.json"), "utf8")) as Manifest }));

describe("package manifests", () => {
  it("every folder in packages/ is an @tactica package named after it", () => {
    for (const { dir, m } of manifests) expect(m.name).toBe(`@tactica/${dir}`);
  });

  it("every package says where its source, home page and issue tracker are (addresses from scripts/site-urls.json)", () => {
    const site = JSON.parse(readFileSync(join(root, "scripts", "site-urls.json"), "utf8")) as { repository: string; docs: string };
    for (const { dir, m } of manifests) {
      expect(m.repository, dir).toEqual({ type: "git", url: `git+${site.repository}.git`, directory: `packages/${dir}` });
      expect(m.homepage, dir).toMatch(new RegExp(`^(${site.docs}|${site.repository}/)`));
      expect(m.bugs, dir).toEqual({ url: `${site.repository}/issues` });
    }
  });

  for (const { dir, m } of manifests.filter((x) => !x.m.private)) {
    it(`@tactica/${dir} is publishable as studios consume it`, () => {
      expect(m.license).toBe("MIT");
      expect(m.sideEffects).toBe(false);
      expect(m.type).toBe("module");
      expect(m.files).toEqual(expect.arrayContaining(["dist", "src"]));
      const dot = m.exports?.["."] as Record<string, unknown>;
      expect(dot["@tactica/source"]).toBe("./src/index.ts");
      expect(dot["import"]).toEqual({ types: "./dist/index.d.ts", default: "./dist/index.js" });
      expect(dot["require"]).toEqual({ types: "./dist/index.d.cts", default: "./dist/index.cjs" });
      // Subpath entry points follow the same shape: source condition, ESM and CJS with their own types.
      for (const [key, value] of Object.entries(m.exports ?? {})) {
        if (key === "." || key === "./package.json") continue;
        if (typeof value === "string") {
          // A data file (e.g. a JSON Schema) exported as it is: it must exist and be shipped.
          expect(existsSync(join(root, "packages", dir, value)), `${key} -> ${value} exists`).toBe(true);
          expect(
            m.files?.some((f) => value.startsWith(`./${f}`)),
            `${value} is in "files"`,
          ).toBe(true);
          continue;
        }
        const name = key.slice(2);
        const entry = value as Record<string, unknown>;
        expect(entry["@tactica/source"], `${key} source`).toMatch(/^\.\/src\/.+\.ts$/);
        expect(entry["import"]).toEqual({ types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` });
        expect(entry["require"]).toEqual({ types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` });
      }
      expect(existsSync(join(root, "packages", dir, "README.md"))).toBe(true);
      expect(existsSync(join(root, "packages", dir, "LICENSE"))).toBe(true);
    });
  }
});
