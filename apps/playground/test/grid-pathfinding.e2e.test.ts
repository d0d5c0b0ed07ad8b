import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";

// The grid page has one select with every solver: pick each one, on 8- and 4-connected grids,
// and check that the page never logs an error and always shows a result line.

const dist = join(import.meta.dirname, "..", "dist");
let browser: Browser;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  if (!existsSync(join(dist, "index.html"))) throw new Error("apps/playground/dist is missing: run `pnpm build` first");
  server = await serveStatic(dist);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("grid pathfinding page", () => {
  it("runs every solver in both connectivities without console errors", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${server.url}/index.html#/grid-pathfinding`);
    await page.waitForSelector(`section[data-page="grid-pathfinding"]`);
    const selects = page.locator("section select");
    const solver = selects.nth(0);
    const moves = selects.nth(1);
    const names = await solver.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(names).toEqual(expect.arrayContaining(["region A*", "IDA* (small maps)", "A* + post-smoothing", "Theta* flow field", "BFS"]));
    for (const connectivity of ["8-connected", "4-connected"]) {
      await moves.selectOption(connectivity);
      for (const name of names) {
        await solver.selectOption(name);
        const stats = (await page.locator("section .stats").textContent()) ?? "";
        expect(stats, `${name}, ${connectivity}`).toContain(`solver ${name}`);
        // On the 8-connected demo map every solver finds a path (or, for the flow field, a start cost).
        if (connectivity === "8-connected") expect(stats, `${name} finds a path`).toMatch(/cost \d/);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
