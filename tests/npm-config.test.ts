import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// `npx --yes pnpm@… <anything>` in the repository must not print npm warnings about the project's
// configuration: pnpm-only settings belong in pnpm-workspace.yaml (pnpm 10 reads them there), not
// in .npmrc, which npm reads too and warns "Unknown project config" about on every run.

const root = join(import.meta.dirname, "..");

/** The environment of a plain shell: without the npm_config_* variables pnpm sets for the scripts it runs. */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));

describe("npm and pnpm configuration", () => {
  it("npm reads the project's configuration without a warning", () => {
    const run = spawnSync("npm", ["config", "get", "registry"], { cwd: root, encoding: "utf8", env: { ...cleanEnv, npm_config_update_notifier: "false" } });
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/Unknown (project|user|env) config/);
    expect(run.stderr).not.toMatch(/npm warn/i);
  });

  it("pnpm settings live in pnpm-workspace.yaml with the values the lockfile was made with", () => {
    const workspace = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
    expect(workspace).toMatch(/^autoInstallPeers: true$/m);
    expect(workspace).toMatch(/^engineStrict: false$/m);
    expect(readFileSync(join(root, "pnpm-lock.yaml"), "utf8")).toMatch(/^ {2}autoInstallPeers: true$/m);
  });
});
