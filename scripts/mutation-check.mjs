#!/usr/bin/env node
// Plants one bug (a mutation) in a source file, runs the given test files, reports whether the
// tests caught it, and always restores the file. See docs/mutation-checks/README.md.
//
//   node scripts/mutation-check.mjs <file> <original text> <mutated text> [occurrence] -- <test files…>
//
// Example:
//   node scripts/mutation-check.mjs packages/core/src/spatial/kd-tree.ts \
//     "const far = diff * diff <= rSq;" "const far = diff * diff < rSq;" -- packages/core/test/spatial/kd-tree.test.ts
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const argv = process.argv.slice(2);
const sep = argv.indexOf("--");
if (sep < 3) {
  console.error('usage: node scripts/mutation-check.mjs <file> "<original>" "<mutated>" [occurrence] -- <test files…>');
  process.exit(2);
}
const [file, original, mutated, occurrenceText] = argv.slice(0, sep);
const occurrence = occurrenceText === undefined ? 1 : Number(occurrenceText);
const tests = argv.slice(sep + 1);
const source = readFileSync(file, "utf8");
let at = -1;
for (let i = 0; i < occurrence; i++) {
  at = source.indexOf(original, at + 1);
  if (at < 0) {
    console.error(`"${original}" occurs fewer than ${occurrence} times in ${file}`);
    process.exit(2);
  }
}
// Restore the file also when this script is interrupted or killed by a timeout (a planted bug
// that makes a loop never end hangs the tests: the run is stopped after 120 s and counts as caught).
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    writeFileSync(file, source);
    process.exit(130);
  });
}
writeFileSync(file, source.slice(0, at) + mutated + source.slice(at + original.length));
let status;
try {
  const r = spawnSync("pnpm", ["exec", "vitest", "run", ...tests], {
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
    timeout: 120_000,
    killSignal: "SIGKILL",
  });
  if (r.error && /ETIMEDOUT/.test(String(r.error))) {
    console.log("CAUGHT by a hang: the tests did not finish in 120 s");
    status = 0;
  }
  // eslint-disable-next-line no-control-regex -- strip ANSI colours from vitest's output
  const text = (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, "");
  const failed = [...new Set([...text.matchAll(/FAIL .*? > (.*)/g)].map((m) => m[1]))];
  if (status === undefined) {
    status = r.status === 0 ? 1 : 0;
    console.log(r.status === 0 ? "SURVIVED (no test failed: the tests miss this bug)" : `CAUGHT by: ${failed.join(" | ")}`);
  }
} finally {
  writeFileSync(file, source);
}
process.exit(status);
