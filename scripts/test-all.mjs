#!/usr/bin/env node
// Runs every check of the repository in order and prints one closing line `N passed, N failed`,
// summed over every vitest test (unit, e2e, browser, pack) plus one count per non-test step
// (typecheck, lint, format, package build, playground build, docs build). `pnpm build` builds the
// packages only; the playground and the docs site, which the e2e tests open in Chromium, are built
// here as steps of their own. Keeps going after a failure so one run shows everything.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const results = join(root, ".test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", TURBO_NO_UPDATE_NOTIFIER: "1", FORCE_COLOR: "0" };
let passed = 0;
let failed = 0;
const timings = [];

function step(name, cmd, args, jsonFile) {
  const start = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  const seconds = ((Date.now() - start) / 1000).toFixed(1);
  timings.push(`${name} ${seconds}s`);
  if (jsonFile) {
    const file = join(results, jsonFile);
    if (existsSync(file)) {
      const j = JSON.parse(readFileSync(file, "utf8"));
      passed += j.numPassedTests;
      failed += j.numFailedTests;
      // A suite that failed to load counts as a failure even when it declared no tests.
      if (r.status !== 0 && j.numFailedTests === 0) failed += 1;
      if (j.numTotalTests === 0) failed += 1;
    } else {
      failed += 1;
    }
  } else if (r.status === 0) {
    passed += 1;
  } else {
    failed += 1;
  }
  console.log(`=== ${name}: ${r.status === 0 ? "ok" : `FAILED (exit ${r.status})`} in ${seconds}s`);
}

const json = (file) => ["--reporter=default", "--reporter=json", `--outputFile.json=${join(results, file)}`];

step("typecheck", "pnpm", ["run", "typecheck"]);
step("lint", "pnpm", ["run", "lint"]);
step("format", "pnpm", ["run", "format:check"]);
step("unit tests", "pnpm", ["exec", "vitest", "run", ...json("unit.json")], "unit.json");
step("build (packages)", "pnpm", ["run", "build"]);
step("build (playground)", "pnpm", ["run", "playground:build"]);
step("build (docs site)", "pnpm", ["run", "docs:build"]);
step(
  "e2e tests (packed tarballs, local registry, playground and docs in Chromium)",
  "pnpm",
  ["exec", "vitest", "run", "--config", "vitest.e2e.config.ts", ...json("e2e.json")],
  "e2e.json",
);

console.log(`\nTimings: ${timings.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
