#!/usr/bin/env node
// Run by `pnpm version-packages` after `changeset version`: a package's FIRST changelog entry reads as
// one release note, not as "Minor Changes / Patch Changes" of things that were never released.
// In a CHANGELOG.md with a single version section, the bullets of all its change-type groups are
// merged under the version heading: the "First release of …" bullet first, then the others in their
// order, the "Works with …" dependency line last. Later releases keep changesets' grouping.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folded text, or the input unchanged when it has more than one version section. */
export function foldFirstRelease(text) {
  const sections = text.split(/^(?=## )/m);
  const [head, ...versions] = sections;
  if (versions.length !== 1) return text;
  const [heading, ...body] = versions[0].split("\n");
  const items = [];
  for (const line of body) {
    if (/^### /.test(line) || line.trim() === "") {
      if (line.trim() === "" && items.length) items[items.length - 1].push("");
      continue;
    }
    if (line.startsWith("- ")) items.push([line]);
    else if (items.length) items[items.length - 1].push(line);
  }
  const clean = items.map((lines) => {
    while (lines.length && lines[lines.length - 1] === "") lines.pop();
    return lines.join("\n");
  });
  const first = clean.filter((i) => /^- First release\b/i.test(i));
  const deps = clean.filter((i) => /^- Works with\b/.test(i));
  const rest = clean.filter((i) => !first.includes(i) && !deps.includes(i));
  return `${head.trimEnd()}\n\n${heading}\n\n${[...first, ...rest, ...deps].join("\n")}\n`;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  for (const dir of readdirSync(join(root, "packages"))) {
    const file = join(root, "packages", dir, "CHANGELOG.md");
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const folded = foldFirstRelease(text);
    if (folded !== text) {
      writeFileSync(file, folded);
      console.log(`folded the first release notes of packages/${dir}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
