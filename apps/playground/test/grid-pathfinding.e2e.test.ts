import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";

// The grid pathfinding page in Chromium (built playground): start/goal/seed in the URL, the g/h/f
// tooltip, step-through of the open and closed sets, timings without preprocessing in the query,
// and BFS showing the cells it expanded.

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

async function open(hash: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}/index.html${hash}`);
  await page.waitForSelector('section[data-page="grid-pathfinding"]');
  return { page, errors };
}

const stats = (page: Page) =>
  page
    .locator("section .stats")
    .textContent()
    .then((t) => t ?? "");
const solver = (page: Page) => page.locator("section label.control", { has: page.locator("span", { hasText: /^solver$/ }) }).locator("select");

/** Client position of the centre of grid cell (x, y) on the 64×48 demo map drawn into the 800×600 canvas. */
async function cellPoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator("section canvas").first().boundingBox())!;
  const cell = 800 / 64 / (800 / box.width);
  return { x: box.x + (x + 0.5) * cell, y: box.y + (y + 0.5) * cell };
}

describe("grid pathfinding page", () => {
  it("start, goal and seed come from the URL and are written back to it", async () => {
    const { page, errors } = await open("#/grid-pathfinding?seed=9&start=2,3&goal=48,40&solver=A*");
    const text = await stats(page);
    expect(text).toContain("start (2, 3) → goal (48, 40), map seed 9");
    expect(text).toContain("solver A*");
    // Moving the goal (right-click) writes it into the URL, so the view can be shared.
    const p = await cellPoint(page, 30, 20);
    await page.mouse.click(p.x, p.y, { button: "right" });
    const after = await stats(page);
    const goal = /goal \((\d+), (\d+)\)/.exec(after)!;
    expect(page.url()).toContain(`goal=${goal[1]}%2C${goal[2]}`);
    expect(page.url()).toContain("seed=9");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("hovering a cell shows its g, h and f", async () => {
    const { page, errors } = await open("#/grid-pathfinding?solver=A*");
    const p = await cellPoint(page, 1, 1); // the default start: g = 0, reached
    await page.mouse.move(p.x, p.y);
    const tip = page.locator(".cell-tip");
    await expect.poll(() => tip.isVisible()).toBe(true);
    const text = (await tip.textContent()) ?? "";
    expect(text).toMatch(/cell \(1, 1\)/);
    expect(text).toMatch(/g 0\.00 {2}h \d+\.\d\d {2}f \d+\.\d\d/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("steps through the open and closed sets one expansion at a time", async () => {
    const { page, errors } = await open("#/grid-pathfinding?solver=A*");
    const full = Number(/expanded (\d+) nodes/.exec(await stats(page))![1]);
    expect(full).toBeGreaterThan(10);
    const fwd = page.locator(".stepper button", { hasText: "▶" });
    await fwd.click();
    await fwd.click();
    await fwd.click();
    const text = await stats(page);
    expect(text).toContain(`step-through: 3 / ${full} expansions`);
    expect(text).toMatch(/expanded 3 nodes \(blue\), \d+ open \(green\)/);
    await page.locator(".stepper button", { hasText: "◀" }).click();
    expect(await stats(page)).toContain(`expanded 2 nodes`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("timings never blame preprocessing on the query; BFS shows its expanded cells", async () => {
    const { page, errors } = await open("#/grid-pathfinding");
    for (const name of ["JPS+", "A*", "BFS", "HPA* (8×8 clusters)"]) {
      await solver(page).selectOption(name);
      const text = await stats(page);
      expect(text).not.toContain("first JPS+ query");
      expect(text).toMatch(/query \d+(\.\d)? µs/);
      if (name === "JPS+" || name.startsWith("HPA")) expect(text).toMatch(/preprocessing \(once per map\) \d+\.\d\d ms/);
      else expect(text).not.toContain("preprocessing");
      if (name === "BFS") expect(Number(/expanded (\d+) nodes/.exec(text)![1])).toBeGreaterThan(100);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
