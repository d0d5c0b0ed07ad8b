import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// (An e2e test: it runs the changesets CLI several times, a few seconds in all.)
// The release flow on a throw-away two-package workspace with this repository's changesets config
// and changelog: `changeset version` turns hand-written changesets into versions and a changelog a
// studio reads (Internal: changesets dropped), dependents follow, and pre-release mode gives `-next.N`.

const root = join(import.meta.dirname, "..");
const changesetBin = join(root, "node_modules", ".bin", "changeset");
const work = mkdtempSync(join(tmpdir(), "tactica-release-flow-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function workspace(name: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, ".changeset"), { recursive: true });
  mkdirSync(join(dir, "scripts"));
  // The repo's config, minus the ignore list (it names apps that do not exist here).
  const config = JSON.parse(readFileSync(join(root, ".changeset", "config.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(join(dir, ".changeset", "config.json"), JSON.stringify({ ...config, ignore: [] }));
  copyFileSync(join(root, "scripts", "changelog.cjs"), join(dir, "scripts", "changelog.cjs"));
  copyFileSync(join(root, "scripts", "fold-first-release.mjs"), join(dir, "scripts", "fold-first-release.mjs"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "root", private: true, packageManager: "pnpm@10.34.9" }));
  writeFileSync(join(dir, "pnpm-workspace.yaml"), "packages:\n  - packages/*\n");
  const pkg = (n: string, deps: Record<string, string> = {}) => {
    mkdirSync(join(dir, "packages", n), { recursive: true });
    writeFileSync(join(dir, "packages", n, "package.json"), JSON.stringify({ name: `@tactica/${n}`, version: "0.0.0", dependencies: deps }, null, 2));
  };
  pkg("core");
  pkg("grid", { "@tactica/core": "workspace:^" });
  return dir;
}

function changeset(dir: string, file: string, pkg: string, bump: string, summary: string): void {
  writeFileSync(join(dir, ".changeset", file), `---\n"@tactica/${pkg}": ${bump}\n---\n\n${summary}\n`);
}

/** `pnpm version-packages` without the lockfile refresh: changeset version, then the first-release fold. */
function versionPackages(dir: string): void {
  run(dir, "version");
  execFileSync(process.execPath, [join(dir, "scripts", "fold-first-release.mjs")], { cwd: dir, stdio: "ignore" });
}

function run(dir: string, ...args: string[]): string {
  return execFileSync(changesetBin, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

const version = (dir: string, pkg: string) => (JSON.parse(readFileSync(join(dir, "packages", pkg, "package.json"), "utf8")) as { version: string }).version;

describe("release flow (changesets with this repo's config)", () => {
  it("versions packages independently, drops Internal changesets from the changelog, dependents follow", () => {
    const dir = workspace("stable");
    changeset(dir, "core-first-release.md", "core", "minor", "First release of `@tactica/core`: vectors and queues.");
    changeset(dir, "core-internal-refactor.md", "core", "patch", "Internal: heap helpers share one sift routine.");
    changeset(dir, "grid-first-release.md", "grid", "minor", "First release of `@tactica/grid`: JPS+.");
    changeset(dir, "grid-fix.md", "grid", "patch", "`findPathJps` no longer allocates.");
    versionPackages(dir);
    expect(version(dir, "core")).toBe("0.1.0");
    expect(version(dir, "grid")).toBe("0.1.0");
    const log = readFileSync(join(dir, "packages", "core", "CHANGELOG.md"), "utf8");
    expect(log).toContain("## 0.1.0");
    expect(log).toContain("- First release of `@tactica/core`: vectors and queues.");
    expect(log).not.toContain("Internal");
    expect(log).not.toContain("sift");
    const gridLog = readFileSync(join(dir, "packages", "grid", "CHANGELOG.md"), "utf8");
    expect(gridLog).toContain("- Works with `@tactica/core@0.1.0`.");
    // A first release reads as one note: no "Minor Changes / Patch Changes" of never-released code,
    // the "First release" line first and the dependency line last.
    expect(gridLog).not.toContain("###");
    const bullets = gridLog.split("\n").filter((l) => l.startsWith("- "));
    expect(bullets[0]).toContain("First release of `@tactica/grid`");
    expect(bullets.at(-1)).toContain("Works with");
    // Changesets are consumed: `pnpm release` refuses to run while any is left.
    expect(existsSync(join(dir, ".changeset", "core-first-release.md"))).toBe(false);
  });

  it("a fix to grid moves only grid; a fix to core re-releases the dependents its new version leaves the range of", () => {
    const dir = workspace("independent");
    changeset(dir, "grid-fix.md", "grid", "patch", "Fix a JPS+ corner case.");
    run(dir, "version");
    expect(version(dir, "grid")).toBe("0.0.1");
    expect(version(dir, "core")).toBe("0.0.0");
    changeset(dir, "core-fix.md", "core", "patch", "Fix `vec2Normalize` on zero vectors.");
    versionPackages(dir);
    // ^0.0.0 does not match 0.0.1, so grid follows with a patch that only says which core it needs.
    expect(version(dir, "core")).toBe("0.0.1");
    expect(version(dir, "grid")).toBe("0.0.2");
    const gridLog = readFileSync(join(dir, "packages", "grid", "CHANGELOG.md"), "utf8");
    expect(gridLog).toContain("- Works with `@tactica/core@0.0.1`.");
    // Not a first release any more: changesets' grouping stays.
    expect(gridLog).toContain("### Patch Changes");
  });

  it("pre-release mode gives -next.N versions", () => {
    const dir = workspace("pre");
    run(dir, "pre", "enter", "next");
    changeset(dir, "grid-jps.md", "grid", "minor", "Jump point search.");
    run(dir, "version");
    expect(version(dir, "grid")).toBe("0.1.0-next.0");
    expect((JSON.parse(readFileSync(join(dir, ".changeset", "pre.json"), "utf8")) as { tag: string }).tag).toBe("next");
  });

  it("`pnpm release` refuses to run while changesets are pending, before any check or publish", () => {
    const pending = readdirSync(join(root, ".changeset")).filter((f) => f.endsWith(".md") && f !== "README.md");
    if (pending.length === 0) return; // right after `pnpm version-packages` there is nothing to refuse
    const r = spawnSync(process.execPath, [join(root, "scripts", "release.mjs"), "--dry-run"], { cwd: root, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("not yet applied");
    expect(r.stdout).not.toContain("=== release:");
  });
});
