import * as core from "@tactica/core";
import * as decision from "@tactica/decision";
import * as grid from "@tactica/grid";
import * as navmesh from "@tactica/navmesh";
import * as planning from "@tactica/planning";
import * as search from "@tactica/search";
import * as games from "@tactica/search/games";
import * as steering from "@tactica/steering";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_CODE } from "../src/page-code";

// The Code tab's snippets (src/page-code.ts) stay in step with the packages: every page has one,
// and every name a snippet imports is exported by the module it names.

const modules: Record<string, Record<string, unknown>> = {
  "@tactica/core": core,
  "@tactica/decision": decision,
  "@tactica/grid": grid,
  "@tactica/navmesh": navmesh,
  "@tactica/planning": planning,
  "@tactica/search": search,
  "@tactica/search/games": games,
  "@tactica/steering": steering,
};

describe("Code tab snippets", () => {
  it("every page folder has code: its own `code` field or an entry in PAGE_CODE", async () => {
    const { readFileSync } = await import("node:fs");
    const pagesDir = join(import.meta.dirname, "..", "src", "pages");
    const missing = readdirSync(pagesDir).filter((id) => {
      const own = /^\s{2}code:/m.test(readFileSync(join(pagesDir, id, "index.ts"), "utf8"));
      return !own && PAGE_CODE[id] === undefined;
    });
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(PAGE_CODE))("%s imports only exported names", (_id, code) => {
    const imports = [...code.matchAll(/import\s+\{([^}]*)\}\s+from\s+"(@tactica\/[a-z/-]+)"/g)];
    expect(imports.length).toBeGreaterThan(0);
    for (const [, names, from] of imports) {
      const mod = modules[from!];
      expect(mod, `${from} is a known module`).toBeDefined();
      for (const raw of names!.split(",")) {
        const name = raw.trim().replace(/^type\s+/, "");
        if (name) expect(Object.keys(mod!), `${from} exports ${name}`).toContain(name);
      }
    }
  });
});
