// `pnpm fuzz [--runs N] [--seed S] [--only pkg[/loader]]`: every loader of every package under the fuzz
// contract, 100,000 inputs each by default; prints one table row per loader and exits 1 on any "other"
// or slow input.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runFuzz, type LoaderCase } from "./kit";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(flag("--runs") ?? 100_000);
const seed = Number(flag("--seed") ?? 20261125);
const only = flag("--only");
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${flag("--runs")}`);

const dir = join(dirname(fileURLToPath(import.meta.url)), "cases");
const all: LoaderCase<unknown>[] = [];
for (const f of readdirSync(dir)
  .filter((n) => n.endsWith(".ts"))
  .sort()) {
  const mod = (await import(pathToFileURL(join(dir, f)).href)) as { cases?: readonly LoaderCase<unknown>[] };
  for (const c of mod.cases ?? []) if (!only || `${c.pkg}/${c.name}`.startsWith(only)) all.push(c);
}

const rows: string[][] = [["loader", "inputs", "accepted", "rejected", "other", "slow", "slowest ms"]];
let bad = 0;
for (const c of all) {
  const t0 = performance.now();
  const s = runFuzz(c, runs, seed);
  bad += s.other + s.slow;
  rows.push([s.loader, String(s.inputs), String(s.accepted), String(s.rejected), String(s.other), String(s.slow), s.slowestMs.toFixed(1)]);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  console.error(
    `${s.loader}: ${s.inputs} inputs in ${secs} s${s.failures.length ? `\n  ${s.failures.map((f) => `${f.reason}\n    ${f.input}`).join("\n  ")}` : ""}`,
  );
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
const line = (r: string[]): string => `| ${r.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(" | ")} |`;
console.log(line(rows[0]!));
console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
for (const r of rows.slice(1)) console.log(line(r));
console.log(`\n${all.length} loaders, ${runs} inputs each (seed ${seed}): ${bad === 0 ? "0 other, 0 slow" : `${bad} failing inputs`}`);
process.exitCode = bad === 0 ? 0 : 1;
