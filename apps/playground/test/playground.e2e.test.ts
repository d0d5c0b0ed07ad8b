import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";

// Opens the built playground (`pnpm playground:build`) in Debian Chromium, visits every demo page
// listed in the navigation, interacts with its canvas, and checks that nothing logged an error
// and that every canvas shows a picture.

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

async function openWithErrorLog(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}/${path}`);
  return { page, errors };
}

/** Share of canvas pixels that differ from the canvas's top-left pixel (0 = blank). */
function inkShare(page: Page, index: number): Promise<number> {
  return page.evaluate((i) => {
    const c = document.querySelectorAll("canvas")[i]!;
    const ctx = c.getContext("2d")!;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let differing = 0;
    for (let p = 0; p < data.length; p += 4) {
      if (data[p] !== data[0] || data[p + 1] !== data[1] || data[p + 2] !== data[2]) differing++;
    }
    return differing / (data.length / 4);
  }, index);
}

describe("playground", () => {
  it("home page lists the demos without console errors", async () => {
    const { page, errors } = await openWithErrorLog("index.html");
    const links = await page.locator("nav a").count();
    expect(links).toBeGreaterThan(0);
    expect(await page.locator("h1").textContent()).toContain("Tactica playground");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("every demo page renders, reacts to clicks and logs no errors", async () => {
    const { page, errors } = await openWithErrorLog("index.html");
    const ids = await page.locator("nav a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).dataset["page"]!));
    await page.close();
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const { page: p, errors: pageErrors } = await openWithErrorLog(`index.html#/${id}`);
      await p.waitForSelector(`section[data-page="${id}"]`);
      const canvases = await p.locator("section canvas").count();
      expect(canvases, `${id} has a canvas`).toBeGreaterThan(0);
      const box = (await p.locator("section canvas").first().boundingBox())!;
      await p.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.45);
      await p.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6, { button: "right" });
      await p.waitForTimeout(400);
      for (let i = 0; i < canvases; i++) expect(await inkShare(p, i), `${id} canvas ${i} is not blank`).toBeGreaterThan(0.005);
      expect(pageErrors, `${id} console errors`).toEqual([]);
      await p.close();
    }
    expect(errors).toEqual([]);
  });

  it("the grid page runs every solver in both connectivities without console errors", async () => {
    const { page, errors } = await openWithErrorLog("index.html#/grid-pathfinding");
    await page.waitForSelector(`section[data-page="grid-pathfinding"]`);
    // The panel's selects, found by their label (`select()` in src/ui.ts: <label><span>label</span><select>).
    const solver = page.locator("section label.control", { has: page.locator("span", { hasText: /^solver$/ }) }).locator("select");
    const moves = page.locator("section label.control", { has: page.locator("span", { hasText: /^moves$/ }) }).locator("select");
    const names = await solver.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(names).toEqual(expect.arrayContaining(["region A*", "IDA* (small maps)", "A* + post-smoothing", "Theta* flow field", "BFS"]));
    for (const connectivity of ["8-connected", "4-connected"]) {
      await moves.selectOption(connectivity);
      for (const name of names) {
        await solver.selectOption(name);
        // IDA* answers from a web worker: wait for its result line.
        if (name.startsWith("IDA*"))
          await expect.poll(() => page.locator("section .stats").textContent()).toMatch(/IDA\*: \d+ iterations|IDA\* stopped|IDA\* runs here only/);
        const stats = (await page.locator("section .stats").textContent()) ?? "";
        expect(stats, `${name}, ${connectivity}`).toContain(`solver ${name}`);
        // On the 8-connected demo map every solver finds a path (the flow field: a start cost).
        if (connectivity === "8-connected") expect(stats, `${name} finds a path`).toMatch(/cost \d/);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
