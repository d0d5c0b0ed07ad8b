// `pnpm bench [suite…] [--write-results] [--json FILE] [--quick] [suite args…]`
// Runs the named suites (all when none is named) and prints a table per suite. Only with
// --write-results does it rewrite the committed Markdown tables the docs site shows
// (bench/results/<suite>.md): a run on another machine, other maps or short settings must not
// overwrite them by accident. With --json it writes every row to FILE.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { markdownTable, suiteMarkdown } from "./report";
import type { BenchRow } from "./row";
import { createContext, type Suite } from "./suite";

const here = dirname(fileURLToPath(import.meta.url));
const suitesDir = join(here, "suites");
// A suite is `suites/<name>.ts` with a one-word name; `suites/<name>-<part>.ts` files are its helpers.
// Suites whose name has a dash (a second suite of one package) are listed here by name.
const DASHED_SUITES = ["navmesh-build"];
const available = readdirSync(suitesDir)
  .filter((f) => /^[a-z0-9]+\.ts$/.test(f) || DASHED_SUITES.includes(f.replace(/\.ts$/, "")))
  .map((f) => f.replace(/\.ts$/, ""))
  .sort();

const argv = process.argv.slice(2);
let jsonFile: string | undefined;
let quick = false;
let writeMd = false;
const names: string[] = [];
const rest: string[] = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a === "--json") jsonFile = argv[++i];
  else if (a === "--quick") quick = true;
  else if (a === "--write-results") writeMd = true;
  else if (a === "--no-md")
    writeMd = false; // the default now; kept so old command lines still work
  else if (a === "--help" || a === "-h") {
    console.log(`usage: pnpm bench [${available.join("|")}…] [--write-results] [--json FILE] [--quick] [suite options]`);
    console.log("  --write-results  rewrite bench/results/<suite>.md (the committed tables); without it the run only prints");
    process.exit(0);
  } else if (available.includes(a) && rest.length === 0) names.push(a);
  else rest.push(a);
}
if (jsonFile === undefined && argv.includes("--json")) {
  console.error("bench: --json needs a file name");
  process.exit(2);
}
const selected = names.length ? names : available;
const cpu = cpus()[0]?.model ?? "unknown CPU";
const machine = `${cpus().length} × ${cpu.trim()}, Node ${process.version}`;

const all: unknown[] = [];
for (const name of selected) {
  const suite = ((await import(join(suitesDir, `${name}.ts`))) as { default: Suite }).default;
  const rows: BenchRow[] = [];
  console.error(`\n# ${suite.name}: ${suite.description}`);
  await suite.run(createContext(suite.name, rows, rest, quick));
  console.log(`\n## ${suite.name}\n\n${markdownTable(rows)}\n`);
  if (writeMd && quick) console.error(`bench: not writing bench/results/${suite.name}.md from a --quick run`);
  if (writeMd && !quick) {
    const out = join(here, "..", "results", `${suite.name}.md`);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, suiteMarkdown(suite.description, rows, machine, suite.markdown?.(rows)));
    console.error(`wrote ${out}`);
  }
  all.push(...(suite.json ? suite.json(rows) : rows));
}

if (jsonFile) {
  // pnpm runs the script inside bench/; resolve relative paths against the caller's directory.
  const base = process.env["INIT_CWD"] ?? process.cwd();
  const file = resolve(base, jsonFile);
  if (!existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  console.error(`wrote ${all.length} rows to ${file}`);
}
