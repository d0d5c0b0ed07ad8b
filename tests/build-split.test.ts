import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// `pnpm build` builds the packages only (the docs site took minutes of it); the playground and the
// docs site keep their own commands, and `pnpm run test:all` still builds both, as steps of their own,
// before the e2e tests that open them in Chromium.

const root = join(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };

describe("build commands", () => {
  it("pnpm build runs the packages' builds only", () => {
    expect(manifest.scripts["build"]).toMatch(/^turbo run build --filter=\.\/packages\/\* /);
  });

  it("the apps keep their own build commands", () => {
    expect(manifest.scripts["docs:build"]).toBe("pnpm --filter @tactica/docs run build");
    expect(manifest.scripts["playground:build"]).toBe("pnpm --filter @tactica/playground run build");
  });

  it("test:all builds packages, playground and docs site before the e2e tests, each counted", () => {
    const script = readFileSync(join(root, "scripts", "test-all.mjs"), "utf8");
    const at = (needle: string) => {
      const i = script.indexOf(needle);
      expect(i, needle).toBeGreaterThan(0);
      return i;
    };
    const e2e = at('"vitest.e2e.config.ts"');
    for (const step of ['["run", "build"]', '["run", "playground:build"]', '["run", "docs:build"]'])
      expect(at(`step(`) < at(step) && at(step) < e2e).toBe(true);
    expect(script).toContain("console.log(`${passed} passed, ${failed} failed`);");
  });

  it("the README's command table says what pnpm build covers", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme).toMatch(/\| `pnpm build` \| [^\n]*packages only/);
    expect(readme).toContain("| `pnpm run playground:build` |");
    expect(readme).toContain("| `pnpm run docs:build` |");
  });
});
