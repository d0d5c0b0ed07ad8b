import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Publishing as studios consume it: pack every publishable package (needs `pnpm build` first),
// install the tarballs into a fresh folder outside the workspace with npm, and import them from
// ESM and CJS. publint and are-the-types-wrong must report no problems.

const root = join(import.meta.dirname, "..");
const publishable = readdirSync(join(root, "packages"))
  .map((dir) => ({
    dir,
    manifest: JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8")) as {
      name: string;
      private?: boolean;
      exports: Record<string, unknown>;
    },
  }))
  .filter((p) => !p.manifest.private);

const work = mkdtempSync(join(tmpdir(), "tactica-pack-"));
const tarballs = new Map<string, string>();

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_update_notifier: "false" } });
}

beforeAll(() => {
  const packs = join(work, "tarballs");
  mkdirSync(packs);
  for (const { dir, manifest } of publishable) {
    const before = new Set(readdirSync(packs));
    run("pnpm", ["pack", "--pack-destination", packs], join(root, "packages", dir));
    const created = readdirSync(packs).find((f) => !before.has(f));
    if (!created) throw new Error(`pnpm pack produced no tarball for ${manifest.name}`);
    tarballs.set(manifest.name, join(packs, created));
  }
  const app = join(work, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
  run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", ...tarballs.values()], app);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder name for a package name ("@tactica/grid" → "tactica-grid"). */
const dir_ = (name: string) => name.replace(/^@/, "").replace("/", "-");

describe.each(publishable)("$manifest.name", ({ dir, manifest }) => {
  const app = () => join(work, "app");

  it("imports every entry point from ESM and CJS with the same non-empty export list", () => {
    // Code entry points (conditional exports); plain-string exports are data files such as schemas.
    const entries = Object.keys(manifest.exports).filter((k) => k !== "./package.json" && typeof manifest.exports[k] === "object");
    expect(entries).toContain(".");
    for (const entry of entries) {
      const spec = JSON.stringify(entry === "." ? manifest.name : `${manifest.name}/${entry.slice(2)}`);
      const esm = run("node", ["--input-type=module", "-e", `import * as m from ${spec}; console.log(JSON.stringify(Object.keys(m).sort()))`], app());
      const cjs = run("node", ["-e", `console.log(JSON.stringify(Object.keys(require(${spec})).sort()))`], app());
      const esmKeys = JSON.parse(esm) as string[];
      expect(esmKeys.length, `${spec} exports something`).toBeGreaterThan(0);
      expect(JSON.parse(cjs), `${spec} CJS matches ESM`).toEqual(esmKeys);
    }
  });

  it("ships dist, src, README and LICENSE and no test or benchmark data", () => {
    const listing = run("tar", ["-tzf", tarballs.get(manifest.name)!], work)
      .split("\n")
      .filter(Boolean);
    expect(listing).toEqual(
      expect.arrayContaining([
        "package/dist/index.js",
        "package/dist/index.cjs",
        "package/dist/index.d.ts",
        "package/dist/index.d.cts",
        "package/README.md",
        "package/LICENSE",
      ]),
    );
    expect(
      listing.filter(
        (f) =>
          /\/test\/|\.map$|\.scen$|\.obj$/.test(f) && !f.endsWith(".js.map") && !f.endsWith(".cjs.map") && !f.endsWith(".ts.map") && !f.endsWith(".cts.map"),
      ),
    ).toEqual([]);
  });

  it("ships one declaration set: each <entry>.d.ts re-exports its <entry>.d.cts (scripts/tsup-shared.mjs)", () => {
    const entries = Object.keys(manifest.exports).filter((k) => k !== "./package.json" && typeof manifest.exports[k] === "object");
    for (const entry of entries) {
      const name = entry === "." ? "index" : entry.slice(2);
      const dts = run("tar", ["-xzOf", tarballs.get(manifest.name)!, `package/dist/${name}.d.ts`], work);
      expect(dts, `${manifest.name} dist/${name}.d.ts`).toBe(`export * from "./${name}.cjs";\n`);
      expect(run("tar", ["-xzOf", tarballs.get(manifest.name)!, `package/dist/${name}.d.cts`], work).length).toBeGreaterThan(100);
    }
  });

  it("ships declaration maps: go-to-definition opens the shipped src/ (scripts/declaration-maps.mjs)", () => {
    const files = new Set(
      run("tar", ["-tzf", tarballs.get(manifest.name)!], work)
        .split("\n")
        .filter(Boolean),
    );
    const entries = Object.keys(manifest.exports).filter((k) => k !== "./package.json" && typeof manifest.exports[k] === "object");
    for (const entry of entries) {
      const name = entry === "." ? "index" : entry.slice(2);
      const dcts = run("tar", ["-xzOf", tarballs.get(manifest.name)!, `package/dist/${name}.d.cts`], work);
      expect(dcts.endsWith(`\n//# sourceMappingURL=${name}.d.cts.map\n`), `${manifest.name} dist/${name}.d.cts links its map`).toBe(true);
      const map = JSON.parse(run("tar", ["-xzOf", tarballs.get(manifest.name)!, `package/dist/${name}.d.cts.map`], work)) as {
        sources: string[];
        mappings: string;
      };
      expect(map.sources.length).toBeGreaterThan(0);
      expect(map.mappings.length).toBeGreaterThan(0);
      for (const source of map.sources) {
        expect(source, `${manifest.name}: ${source}`).toMatch(/^\.\.\/src\/.+\.ts$/);
        expect(files.has(`package/${source.slice(3)}`), `${manifest.name}: ${source} is in the tarball`).toBe(true);
      }
    }
  });

  it("type-checks from an ESM and a CJS consumer (module nodenext)", () => {
    const dir = join(app(), `types-${dir_(manifest.name)}`);
    mkdirSync(dir, { recursive: true });
    const spec = JSON.stringify(manifest.name);
    writeFileSync(join(dir, "esm.mts"), `import * as m from ${spec};\nexport const names: string[] = Object.keys(m);\n`);
    writeFileSync(join(dir, "cjs.cts"), `import m = require(${spec});\nexport const names: string[] = Object.keys(m);\n`);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "nodenext", moduleResolution: "nodenext", strict: true, noEmit: true, skipLibCheck: false, types: [] },
        include: ["*.mts", "*.cts"],
      }),
    );
    run(join(root, "node_modules", ".bin", "tsc"), ["-p", dir], dir);
  });

  it("passes publint", () => {
    // publint exits non-zero on errors (warnings too, with --strict) and prints "All good!" when clean.
    const out = run("pnpm", ["exec", "publint", "--strict", join(root, "packages", dir)], root);
    expect(out).toContain("All good!");
  });

  it("passes are-the-types-wrong", () => {
    const out = run("pnpm", ["exec", "attw", "--format", "table-flipped", tarballs.get(manifest.name)!], root);
    expect(out).toContain("No problems found");
  });
});
