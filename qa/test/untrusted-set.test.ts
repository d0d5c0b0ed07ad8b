// The fuzz cases cover exactly the documented untrusted-data functions (issue 32): the loaders in the
// tables of apps/docs/guide/untrusted-data.md and in the package guides' "Loading untrusted data"
// sections equal the functions the cases in qa/src/fuzz/cases name.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as core from "@tactica/core";
import * as decision from "@tactica/decision";
import * as grid from "@tactica/grid";
import * as narrative from "@tactica/narrative";
import * as navmesh from "@tactica/navmesh";
import * as perception from "@tactica/perception";
import * as planning from "@tactica/planning";
import * as search from "@tactica/search";
import * as steering from "@tactica/steering";
import { expect, it } from "vitest";
import { caseCovers, type LoaderCase } from "../src/fuzz/kit";

const here = dirname(fileURLToPath(import.meta.url));
const guides = join(here, "../../apps/docs/guide");
const caseDir = join(here, "../src/fuzz/cases");

/** Every function exported by a Tactica package (classes and constants are not loaders). */
const FUNCTIONS = new Set<string>();
for (const mod of [core, decision, grid, narrative, navmesh, perception, planning, search, steering]) {
  for (const [k, v] of Object.entries(mod)) if (typeof v === "function" && /^[a-z]/.test(k)) FUNCTIONS.add(k);
}

/** Function names in the backtick spans of a markdown fragment: `restoreRng(rng, s)`, `game.setFen(f)`. */
function namesIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/`([^`]+)`/g)) {
    const head = m[1]!.split("(")[0]!.trim();
    if (/^([A-Za-z_]\w*\.)*[a-z]\w*$/.test(head)) out.push(head.split(".").pop()!);
  }
  return out;
}

/** The first cells of the markdown tables in `text` (header and separator rows skipped). */
function firstCells(text: string): string[] {
  const rows = text.split("\n").filter((l) => l.startsWith("|"));
  return rows
    .filter((r, i) => i > 0 && !/^\|\s*-/.test(r) && !/^\|\s*-+\s*\|/.test(r) && rows[i - 1] !== undefined && !/^\|\s*[Ll]oader\b/.test(r))
    .map((r) => r.split("|")[1] ?? "");
}

/** The sections of a markdown file under `## ` headings, by heading. */
function sections(md: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = md.split(/^## /m).slice(1);
  for (const p of parts) {
    const nl = p.indexOf("\n");
    out.set(p.slice(0, nl).trim(), p.slice(nl + 1));
  }
  return out;
}

function documented(): Map<string, string> {
  const where = new Map<string, string>();
  const add = (names: readonly string[], file: string): void => {
    for (const n of names) if (FUNCTIONS.has(n) && !where.has(n)) where.set(n, file);
  };
  for (const [head, body] of sections(readFileSync(join(guides, "untrusted-data.md"), "utf8"))) {
    if (head.startsWith("@tactica/")) add(firstCells(body).flatMap(namesIn), `untrusted-data.md (${head})`);
  }
  for (const f of readdirSync(guides).filter((n) => n.endsWith(".md") && n !== "untrusted-data.md")) {
    const body = sections(readFileSync(join(guides, f), "utf8")).get("Loading untrusted data");
    if (body === undefined) continue;
    const cells = firstCells(body);
    // A guide with a table lists its loaders in the first column; one without names them in its text.
    add(cells.length ? cells.flatMap(namesIn) : namesIn(body), f);
  }
  return where;
}

async function covered(): Promise<Map<string, string>> {
  const where = new Map<string, string>();
  for (const f of readdirSync(caseDir).filter((n) => n.endsWith(".ts"))) {
    const mod = (await import(pathToFileURL(join(caseDir, f)).href)) as { cases?: readonly LoaderCase<unknown>[] };
    for (const c of mod.cases ?? []) for (const n of caseCovers(c)) if (FUNCTIONS.has(n) && !where.has(n)) where.set(n, `cases/${f} (${c.name})`);
  }
  return where;
}

it("reads names from the guides' tables and text", () => {
  expect(namesIn("`restoreRng(rng, snapshot)`, `game.setFen(fen)`, `createChess({ fen })`, `NAVMESH_FORMAT`, `$.x`")).toEqual([
    "restoreRng",
    "setFen",
    "createChess",
  ]);
  expect(firstCells("| loader | checks |\n| --- | --- |\n| `a` / `b` | x |\n|---|---|\n| `c` | y |")).toEqual([" `a` / `b` ", " `c` "]);
});

// Issue 32's first full check (2026-11-29) found these gaps; each is closed by a fuzz case or a
// guide row, and its name then leaves the list (a name listed here that is no longer a gap fails).
const PENDING_UNFUZZED = [
  "createCsrGraph",
  "addSmartObjects",
  "createSmartObjectRegistry",
  "compileGoal",
  "stateFromFacts",
  "compileHtn",
  "planHtn",
  "planHtnInto",
  "createHtnResultSnapshotCodec",
  "createNavMesh",
  "validateTriangleSoup",
];
const PENDING_UNDOCUMENTED = [
  "restoreScheduler",
  "restoreSnapshot",
  "createMachineSnapshotCodec",
  "validateVoxelConfig",
  "voxelConfigFromWorld",
  "buildVoxelNavMeshes",
  "buildStanceNavMesh",
];

it("the fuzz cases cover exactly the documented untrusted-data functions", { timeout: 60_000 }, async () => {
  const docs = documented();
  const cases = await covered();
  const undocumented = [...cases].filter(([n]) => !docs.has(n) && !PENDING_UNDOCUMENTED.includes(n)).map(([n, w]) => `${n} (${w})`);
  const unfuzzed = [...docs].filter(([n]) => !cases.has(n) && !PENDING_UNFUZZED.includes(n)).map(([n, w]) => `${n} (${w})`);
  const closed = [...PENDING_UNFUZZED.filter((n) => !docs.has(n) || cases.has(n)), ...PENDING_UNDOCUMENTED.filter((n) => !cases.has(n) || docs.has(n))];
  expect(closed, "these gaps are closed: remove them from the pending lists").toEqual([]);
  expect(
    { documentedButNotFuzzed: unfuzzed, fuzzedButNotDocumented: undocumented },
    "document every fuzzed loader in its guide's untrusted-data table and give every documented one a case in qa/src/fuzz/cases",
  ).toEqual({ documentedButNotFuzzed: [], fuzzedButNotDocumented: [] });
});
