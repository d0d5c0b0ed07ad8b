// @ts-check
// `pnpm bench:alloc [case…] [--write-results] [--json FILE] [--quick]`
//
// Bytes allocated per call by the per-frame functions the READMEs and guides call allocation-free,
// measured the way an application sees them: one child Node process per case
// (bench/src/allocation/child.mjs) imports the built packages by name (`@tactica/steering` →
// packages/steering/dist), warms up, and counts N calls with the inspector's sampling heap profiler,
// collected objects included (so neither a large young generation nor a scavenge hides anything).
// Each case runs twice: with V8's default flags (what a user's process does) and with
// `--no-turbo-inlining` (the worst case: every call stays a call, so every fractional number passed
// to or returned from a function is boxed somewhere; the sites it lists are where that would happen).
// Build first: `pnpm --filter "@tactica/bench^..." run build` (or `pnpm build`).
// Only with --write-results does it rewrite bench/results/allocation.md.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cases } from "./cases.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const argv = process.argv.slice(2);
let writeMd = false;
let quick = false;
/** @type {string | undefined} */
let jsonFile;
/** @type {string[]} */
const names = [];
for (let i = 0; i < argv.length; i++) {
  const a = /** @type {string} */ (argv[i]);
  if (a === "--write-results") writeMd = true;
  else if (a === "--quick") quick = true;
  else if (a === "--json") jsonFile = argv[++i];
  else if (a === "--help" || a === "-h") {
    console.log(`usage: pnpm bench:alloc [${cases.map((c) => c.name).join("|")}…] [--write-results] [--json FILE] [--quick]`);
    process.exit(0);
  } else if (cases.some((c) => c.name === a)) names.push(a);
  else {
    console.error(`bench:alloc: unknown argument ${a}`);
    process.exit(2);
  }
}
for (const pkg of ["core", "steering", "navmesh", "grid", "decision", "perception"]) {
  if (!existsSync(join(root, "packages", pkg, "dist", "index.js"))) {
    console.error(`bench:alloc: packages/${pkg}/dist is missing. It measures the built packages: run \`pnpm build\` first.`);
    process.exit(2);
  }
}

/**
 * @typedef {{ fn: string, at: string, library: boolean, bytesPerCall: number }} Site
 * @typedef {{ case: string, unit: string, calls: number, interval: number, bytesPerCall: number, libraryBytesPerCall: number, top: Site[] }} Measurement
 */

/** Runs one case in a fresh process. @param {string} name @param {string[]} nodeFlags @param {string[]} args @returns {Measurement} */
function measure(name, nodeFlags, args) {
  const text = execFileSync(process.execPath, [...nodeFlags, join(here, "child.mjs"), name, ...args], {
    cwd: join(here, "..", ".."),
    encoding: "utf8",
    timeout: 600_000,
  });
  return JSON.parse(/** @type {string} */ (text.trim().split("\n").pop()));
}

/** Sites that matter (≥ 0.05 B per unit), as "fn (file:line) n B". @param {Site[]} top */
function sites(top) {
  const s = top.filter((t) => t.bytesPerCall >= 0.05).map((t) => `${t.fn} (${t.at}) ${fmt(t.bytesPerCall)}`);
  return s.length ? s.join("; ") : "—";
}
/** @param {number} b */
function fmt(b) {
  return b >= 10 ? b.toFixed(0) : b >= 0.995 ? b.toFixed(1) : b.toFixed(2);
}

const selected = names.length ? cases.filter((c) => names.includes(c.name)) : cases;
/** @type {{ name: string, label: string, unit: string, normal: Measurement, worst: Measurement }[]} */
const rows = [];
for (const c of selected) {
  const calls = c.calls ?? 20_000;
  const args = quick ? ["--calls", String(Math.max(50, Math.round(calls / 10))), "--rounds", "1", "--warm-ms", "200"] : [];
  process.stderr.write(`bench:alloc ${c.name} … `);
  const normal = measure(c.name, [], args);
  const worstArgs = quick ? args : ["--calls", String(Math.max(50, Math.round(calls / 3))), "--rounds", "2"];
  const worst = measure(c.name, ["--no-turbo-inlining"], worstArgs);
  process.stderr.write(`${fmt(normal.bytesPerCall)} B/${normal.unit} (no inlining: ${fmt(worst.bytesPerCall)})\n`);
  rows.push({ name: c.name, label: c.label, unit: normal.unit, normal, worst });
}

const table = [
  "| case | what | bytes per unit | allocating sites | no inlining: bytes per unit | no inlining: sites |",
  "|---|---|--:|---|--:|---|",
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.label} (unit: ${r.unit}; ${r.normal.calls.toLocaleString("en-US")} calls) | ${fmt(r.normal.bytesPerCall)} | ${sites(r.normal.top)} | ${fmt(r.worst.bytesPerCall)} | ${sites(r.worst.top)} |`,
  ),
].join("\n");
console.log(`\n${table}\n`);

if (writeMd && quick) console.error("bench:alloc: not writing bench/results/allocation.md from a --quick run");
if (writeMd && !quick) {
  const cpu = cpus()[0]?.model?.trim() ?? "unknown CPU";
  const out = join(here, "..", "..", "results", "allocation.md");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `# Allocation per call (built packages, plain Node)

Generated by \`pnpm bench:alloc --write-results\` on ${cpus().length} × ${cpu}, Node ${process.version}.

Each case runs in its own \`node\` process that imports the packages by name, so they resolve to the
built \`packages/*/dist\` exactly as in an application. After a warm-up of at least 400 ms (V8's
optimizing compiler has run), N calls run under the inspector's sampling heap profiler
(\`HeapProfiler.startSampling\`, 64-byte interval, with \`includeObjectsCollectedByMinorGC\` and
\`includeObjectsCollectedByMajorGC\`, so garbage that a scavenge already freed still counts). The
best of three rounds is reported, in bytes per unit (one call, or one agent in one crowd step); the
harness itself passes integers, objects and typed arrays, and only what is allocated under its
measuring loop counts (the inspector's own traffic is left out). "Allocating sites" are the functions whose frames allocated (≥ 0.05 B per
unit; an inlined function is counted in the function it was inlined into).

The last two columns repeat the case with \`node --no-turbo-inlining\`: the worst case, in which every
call stays a call and every fractional number passed to or returned from a function is boxed
(16 bytes). Sites there in a case's own frame (\`(anonymous) allocation/cases.mjs\`) are the
caller boxing the fractional coordinates it passes to the public function; pass coordinates through
the documented typed-array forms (for example \`findPathPoints\`) where that matters.

${table}
`,
  );
  console.error(`wrote ${out}`);
}
if (jsonFile) {
  const base = process.env["INIT_CWD"] ?? process.cwd();
  const file = resolve(base, jsonFile);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
  console.error(`wrote ${rows.length} rows to ${file}`);
}
