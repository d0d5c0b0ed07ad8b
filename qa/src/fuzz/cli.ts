// `pnpm fuzz [--runs N] [--seed S] [--case pkg[/loader]] [--package pkg] [--classes a,b] [--classes-only]
// [--no-hostile] [--timeout MS] [--workers N]`: every loader of every package under the fuzz contract,
// 100,000 inputs each by default, each input in a worker thread with a time limit; prints one table row
// per loader and exits 1 when any failure column (other, slow, hangs, changed) is non-zero.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { HOSTILE_CLASSES, parseClasses } from "./hostile";
import { caseLabel, DEFAULT_SEED, type FuzzSettings, type FuzzStats, type LoaderCase } from "./kit";
import { createFuzzPool, HANG_MS } from "./pool";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const int = (name: string, fallback: number): number => {
  const v = Number(flag(name) ?? fallback);
  if (!Number.isInteger(v) || v < 0) throw new Error(`${name} must be a non-negative integer, got ${flag(name)}`);
  return v;
};
const runs = int("--runs", 100_000);
const seed = int("--seed", DEFAULT_SEED);
const timeoutMs = int("--timeout", HANG_MS);
const workers = Math.max(1, int("--workers", 1));
const onlyCase = flag("--case") ?? flag("--only");
const onlyPkg = flag("--package");
const settings: FuzzSettings = {
  hostile: !args.includes("--no-hostile"),
  classes: flag("--classes") ? parseClasses(flag("--classes")!) : HOSTILE_CLASSES,
  classesOnly: args.includes("--classes-only"),
};

const dir = join(dirname(fileURLToPath(import.meta.url)), "cases");
const all: { c: LoaderCase<unknown>; file: string }[] = [];
for (const f of readdirSync(dir)
  .filter((n) => n.endsWith(".ts"))
  .sort()) {
  const file = join(dir, f);
  const mod = (await import(pathToFileURL(file).href)) as { cases?: readonly LoaderCase<unknown>[] };
  for (const c of mod.cases ?? []) {
    if (onlyCase && !caseLabel(c).startsWith(onlyCase)) continue;
    if (onlyPkg && c.pkg !== onlyPkg) continue;
    all.push({ c, file });
  }
}
if (all.length === 0) throw new Error(`no loader matches --case ${onlyCase ?? "-"} --package ${onlyPkg ?? "-"}`);

const header = ["loader", "inputs", "accepted", "rejected", "other", "slow", "hangs", "changed", "slowest ms"];
const pool = createFuzzPool({ size: workers, timeoutMs });
const results: FuzzStats[] = new Array<FuzzStats>(all.length);
let taken = 0;
// `workers` loops take the next case in order, so each case's time is its own.
await Promise.all(
  Array.from({ length: workers }, async () => {
    for (let k = taken++; k < all.length; k = taken++) {
      const { c, file } = all[k]!;
      const t0 = performance.now();
      const s = await pool.run(c, file, runs, seed, settings);
      const secs = ((performance.now() - t0) / 1000).toFixed(1);
      console.error(
        `${s.loader}: ${s.inputs} inputs in ${secs} s${s.failures.length ? `\n  ${s.failures.map((f) => `[${f.cls}] ${f.reason}\n    ${f.input}`).join("\n  ")}` : ""}`,
      );
      results[k] = s;
    }
  }),
);
await pool.close();

let bad = 0;
const rows = [header];
for (const s of results) {
  bad += s.other + s.slow + s.hangs + s.changed;
  rows.push([s.loader, s.inputs, s.accepted, s.rejected, s.other, s.slow, s.hangs, s.changed].map(String).concat(s.slowestMs.toFixed(1)));
}
const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
const line = (r: string[]): string => `| ${r.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
for (const r of rows.slice(1)) console.log(line(r));
const classes = settings.hostile ? `hostile classes ${settings.classes.join(", ")}${settings.classesOnly ? " only" : ""}` : "no hostile classes";
console.log(
  `\n${all.length} loaders, ${runs} inputs each (seed ${seed}, ${classes}, ${timeoutMs} ms limit): ${bad === 0 ? "0 other, 0 slow, 0 hangs, 0 changed" : `${bad} failing inputs`}`,
);
process.exitCode = bad === 0 ? 0 : 1;
