#!/usr/bin/env node
// `pnpm release`: publishes the versions `pnpm version-packages` wrote, and nothing unless every
// check passes first. Steps, each stopping the release on failure:
//   1. no pending changesets (they must be turned into versions by `pnpm version-packages` first);
//   2. every published package.json has its registry metadata (scripts/package-metadata.mjs --check
//      --strict, README links included);
//   3. the full check, `pnpm test:all` (typecheck, lint, unit, build, e2e incl. the verdaccio test);
//   4. a fresh build of every package (turbo; a cache hit after step 3);
//   5. `changeset publish` (pnpm publish per package: rewrites workspace:^ ranges, applies
//      publishConfig, skips versions already on the registry, creates git tags).
// `--dry-run` runs 1–4 and stops before publishing. Other arguments go to `changeset publish`
// (e.g. `--otp 123456`; in pre-release mode the `next` dist-tag is used automatically).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const publishArgs = args.filter((a) => a !== "--dry-run");

function run(title, cmd, cmdArgs) {
  console.log(`\n=== release: ${title}: ${cmd} ${cmdArgs.join(" ")}`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: "inherit", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" } });
  if (r.status !== 0) {
    console.error(`\nrelease stopped: ${title} failed (exit ${r.status}). Nothing was published.`);
    process.exit(r.status || 1);
  }
}

const pending = readdirSync(join(root, ".changeset")).filter((f) => f.endsWith(".md") && f !== "README.md");
if (pending.length) {
  console.error(
    `release stopped: ${pending.length} changeset(s) not yet applied (${pending.slice(0, 3).join(", ")}${pending.length > 3 ? ", …" : ""}).\nRun \`pnpm version-packages\`, review and commit the versions and CHANGELOGs, then \`pnpm release\`.`,
  );
  process.exit(1);
}
run("package metadata", "node", ["scripts/package-metadata.mjs", "--check", "--strict"]);
run("full check", "pnpm", ["run", "test:all"]);
run("build", "pnpm", ["exec", "turbo", "run", "build", "--filter=./packages/*"]);
if (dryRun) {
  console.log("\nrelease: --dry-run, stopping before `changeset publish`.");
  process.exit(0);
}
run("publish", "pnpm", ["exec", "changeset", "publish", ...publishArgs]);
