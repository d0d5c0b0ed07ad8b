#!/usr/bin/env node
// Mutation testing with StrykerJS (issue 33): plants every mutant Stryker knows in a package's
// algorithm cores, runs the tests that cover each one, and writes the report.
//
//   pnpm mutation --package core                         # the package's targets (mutation/targets.json)
//   pnpm mutation --package navmesh --files "src/query/funnel.ts"   # some files only (globs, package-relative)
//   pnpm mutation --package core --fresh                 # ignore the incremental file: test every mutant again
//   pnpm mutation --table                                # rewrite the score table from the committed reports
//
// Runs from the package's folder with the vitest runner (the package's own vitest.config.ts,
// coverage per test, only the related test files) and the TypeScript checker (mutants that do not
// compile are not counted). Mutants are written in place (no sandbox copy of the monorepo); the
// script refuses to start on a package with uncommitted source changes and checks afterwards that
// every source file is back as it was. Incremental: mutation/<package>/incremental.json keeps the
// results, so a later run only tests mutants in changed code or covered by changed tests.
// Not part of CI (minutes to hours on 2 cores); the committed results feed the table in
// apps/docs/benchmarks/mutation.md.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
const argv = process.argv.slice(2);
/** @param {string} flag */
const arg = (flag) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
};
const targets = JSON.parse(readFileSync(join(root, "mutation", "targets.json"), "utf8"));

if (argv.includes("--help") || argv.includes("-h")) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), "utf8")
      .split("\n")
      .slice(1, 17)
      .map((l) => l.replace(/^\/\/ ?/, ""))
      .join("\n"),
  );
  process.exit(0);
}
if (argv.includes("--table")) {
  writeTable();
  process.exit(0);
}
const pkg = arg("--package");
if (!pkg || !targets.packages[pkg]) {
  console.error(`pnpm mutation: --package is one of ${Object.keys(targets.packages).join(", ")}`);
  process.exit(2);
}
const files = arg("--files");
const mutate = files ? files.split(",") : targets.packages[pkg].mutate;
const dir = join(root, "packages", pkg);
const out = join(root, "mutation", pkg);
mkdirSync(out, { recursive: true });

const dirty = execFileSync("git", ["status", "--porcelain", "--", "src"], { cwd: dir, encoding: "utf8" }).trim();
if (dirty) {
  console.error(`pnpm mutation: packages/${pkg}/src has uncommitted changes; commit or stash them first (mutants are written in place):\n${dirty}`);
  process.exit(2);
}

// Read by the packages' vitest configs: under instrumentation on a loaded machine the dry run of
// every test takes several times as long, and a property test past vitest's default 5 s timeout
// fails the whole run before any mutant is tested.
process.env.TACTICA_MUTATION = "1";
const { Stryker } = await import(require.resolve("@stryker-mutator/core"));
process.chdir(dir);
const concurrency = Number(arg("--concurrency") ?? 2);
const stryker = new Stryker({
  testRunner: "vitest",
  vitest: { configFile: "vitest.config.ts", related: true },
  checkers: ["typescript"],
  tsconfigFile: "tsconfig.json",
  plugins: ["@stryker-mutator/vitest-runner", "@stryker-mutator/typescript-checker"].map((p) => import.meta.resolve(p)),
  inPlace: true,
  mutate,
  coverageAnalysis: "perTest",
  incremental: !argv.includes("--fresh"),
  force: argv.includes("--fresh"),
  incrementalFile: relative(dir, join(out, "incremental.json")),
  // The incremental file is the full JSON report (mutation-testing-report-schema): committed, it is
  // both the next run's starting point and the source of the table. The HTML view is not committed.
  reporters: ["progress", "clear-text", "html"],
  htmlReporter: { fileName: relative(dir, join(out, "report.html")) },
  concurrency,
  timeoutMS: 10_000,
  timeoutFactor: 2,
  tempDirName: relative(dir, join(root, "node_modules", ".stryker-tmp", pkg)),
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null },
});
let failed = false;
try {
  await stryker.runMutationTest();
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  process.chdir(root);
  const after = execFileSync("git", ["status", "--porcelain", "--", `packages/${pkg}/src`], { encoding: "utf8" }).trim();
  if (after) {
    console.error(`pnpm mutation: packages/${pkg}/src differs from git after the run; restore it with git checkout:\n${after}`);
    failed = true;
  }
}
if (!failed) writeTable();
process.exit(failed ? 1 : 0);

/**
 * Writes the docs' table (apps/docs/benchmarks/mutation.md) (per file: killed, timeout, survived, no coverage, equivalent,
 * score) from the committed reports. A survivor listed in mutation/equivalent.json (file, line:column,
 * replacement, and the reason a reviewer can check) counts as equivalent, outside the score.
 */
function writeTable() {
  const equivalent = existsSync(join(root, "mutation", "equivalent.json")) ? JSON.parse(readFileSync(join(root, "mutation", "equivalent.json"), "utf8")) : {};
  const rows = [];
  for (const p of Object.keys(targets.packages)) {
    const file = join(root, "mutation", p, "incremental.json");
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, "utf8"));
    for (const [name, f] of Object.entries(report.files)) {
      const c = { Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0, CompileError: 0, RuntimeError: 0, Ignored: 0 };
      let eq = 0;
      for (const m of f.mutants) {
        const at = `${m.location.start.line}:${m.location.start.column}`;
        const justified =
          m.status === "Survived" || m.status === "NoCoverage"
            ? (equivalent[`${p}/${name}`] ?? []).some((e) => e.at === at && e.replacement === m.replacement && e.reason)
            : false;
        if (justified) eq++;
        else c[m.status] = (c[m.status] ?? 0) + 1;
      }
      const detected = c.Killed + c.Timeout;
      const valid = detected + c.Survived + c.NoCoverage;
      rows.push({
        file: `${p}/${name}`,
        killed: c.Killed,
        timeout: c.Timeout,
        survived: c.Survived,
        noCoverage: c.NoCoverage,
        equivalent: eq,
        score: valid ? (100 * detected) / valid : 100,
      });
    }
  }
  const lines = [
    "| file | killed | timeout | survived | no coverage | equivalent (justified) | score |",
    "|---|--:|--:|--:|--:|--:|--:|",
    ...rows.map((r) => `| ${r.file} | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.noCoverage} | ${r.equivalent} | ${r.score.toFixed(1)} % |`),
  ];
  const readme = join(root, "apps", "docs", "benchmarks", "mutation.md");
  const text = readFileSync(readme, "utf8");
  const start = text.indexOf("<!-- table -->");
  const end = text.indexOf("<!-- /table -->");
  if (start < 0 || end < 0) throw new Error("apps/docs/benchmarks/mutation.md lacks the <!-- table --> markers");
  writeFileSync(readme, `${text.slice(0, start)}<!-- table -->\n${lines.join("\n")}\n${text.slice(end)}`);
  console.log(lines.join("\n"));
}
