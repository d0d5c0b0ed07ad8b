import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";
import { pageControl, pageStats } from "./built-playground";

// The navmesh generation page's tiles view in Chromium (built playground): the tile grid, a click
// rebuilding one tile (with its time), cylinder and box obstacles through the tile cache that
// rebuild only the tiles they touch and block the path, and removal freeing it again.

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

async function open(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}/index.html#/navmesh-voxel`);
  await page.waitForSelector('section[data-page="navmesh-voxel"]');
  return { page, errors };
}

const stats = pageStats;
const control = (page: Page, label: string) => pageControl(page, label, "select");

/** Client position of world point (x, z) in metres (40 px per metre on the 800×600 canvas). */
async function worldPoint(page: Page, x: number, z: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator("section canvas").first().boundingBox())!;
  const k = box.width / 800;
  return { x: box.x + x * 40 * k, y: box.y + z * 40 * k };
}

describe("navmesh generation page: tiles and temporary obstacles", () => {
  it("builds in tiles, rebuilds a clicked tile, and obstacles rebuild only the tiles they touch", async () => {
    const { page, errors } = await open();
    await control(page, "stage").selectOption("tiles");
    await expect.poll(() => stats(page)).toMatch(/tiles \d+ × \d+ \(32 cells\), \d+ built/);
    const before = await stats(page);
    const pathBefore = /path (\S+)/.exec(before)![1];
    expect(pathBefore).not.toBe("none");

    await control(page, "tile click").selectOption("rebuild tile");
    let p = await worldPoint(page, 9, 9);
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => stats(page)).toMatch(/rebuilt tile \(1, 1\) in \d+\.\d\d ms/);

    // A wall of cylinders across the room's width at x = 14.5 (z 0..15) cuts start from goal.
    await control(page, "tile click").selectOption("cylinder");
    for (let z = 0.5; z < 15; z += 0.8) {
      p = await worldPoint(page, 14.5, z);
      await page.mouse.click(p.x, p.y);
    }
    const blocked = await stats(page);
    expect(blocked).toMatch(/added a cylinder: [1-4] tiles rebuilt in \d+\.\d\d ms/);
    expect(blocked).toContain("path none");
    const tiles = Number(/tiles (\d+) × (\d+)/.exec(blocked)![1]) * Number(/tiles (\d+) × (\d+)/.exec(blocked)![2]);
    expect(tiles).toBeGreaterThan(4);

    // Clicking the last cylinder again removes it; a box elsewhere rebuilds a few tiles.
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => stats(page)).toMatch(/removed a cylinder: [1-4] tiles rebuilt/);
    await control(page, "tile click").selectOption("box");
    p = await worldPoint(page, 5, 9.5);
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => stats(page)).toMatch(/added a box: [1-4] tiles rebuilt/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
