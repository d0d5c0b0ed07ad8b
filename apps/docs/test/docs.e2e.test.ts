import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";

// Opens the built docs site (`pnpm build` runs typedoc, then VitePress) in Debian Chromium.

const dist = join(import.meta.dirname, "..", ".vitepress", "dist");
let browser: Browser;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  if (!existsSync(join(dist, "index.html"))) throw new Error("apps/docs/.vitepress/dist is missing: run `pnpm build` first");
  server = await serveStatic(dist);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("docs site", () => {
  it("home page renders with the package list and no errors", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(`${server.url}/index.html`);
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("Tactica");
    expect(await page.content()).toContain("@tactica/core");
    await page.click("text=Get started");
    await page.waitForURL(/getting-started/);
    await expect.poll(() => page.locator(".vp-doc h1").first().textContent()).toContain("Getting started");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the API reference is part of the site: a page per package, per symbol, and a way back to the guides", async () => {
    // typedoc writes Markdown into apps/docs/api (typedoc-plugin-markdown); VitePress renders it.
    expect(readdirSync(join(dist, "api"))).toEqual(expect.arrayContaining(["core", "grid", "index.html"]));
    const page = await browser.newPage();
    await page.goto(`${server.url}/api/core/index.html`);
    await expect.poll(() => page.locator(".vp-doc h1").first().textContent()).toContain("@tactica/core");
    const text = await page.locator(".vp-doc").textContent();
    expect(text).toContain("TacticaError");
    expect(text).toContain("vec2Add");
    await page.locator('.vp-doc a[href*="classes/TacticaError"]').first().click();
    await page.waitForURL(/TacticaError/);
    await expect.poll(() => page.locator(".vp-doc h1").first().textContent()).toContain("TacticaError");
    expect(await page.locator(".vp-doc").textContent()).toContain("stable");
    // Same site: the sidebar leads back to the guides.
    expect(await page.locator(".VPSidebar").textContent()).toContain("Guides");
    await page.close();
  });

  it("site search finds an API function, and guides link their functions to the API pages", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/guide/getting-started.html`);
    await page.locator(".DocSearch-Button, .VPNavBarSearchButton").first().click();
    // The search box and its index load lazily (a 2 MB chunk): type only once the input is there.
    const input = page.locator(".VPLocalSearchBox input").first();
    await input.waitFor({ state: "visible", timeout: 60_000 });
    await input.fill("findPathJps");
    const first = page.locator(".VPLocalSearchBox .result").first();
    await first.waitFor({ state: "attached", timeout: 60_000 });
    await expect.poll(() => first.textContent(), { timeout: 60_000 }).toContain("findPathJps");
    expect(await first.getAttribute("href")).toMatch(/\/api\/grid\/functions\/findPathJps/);
    await page.goto(`${server.url}/guide/grid.html`);
    expect(await page.locator('.vp-doc a.api-link[href*="/api/grid/functions/"]').count()).toBeGreaterThan(3);
    await page.close();
  });

  it("the home page's package table marks packages that are not released yet", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/index.html`);
    const rows = page.locator(".package-table tbody tr");
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5);
    const text = await page.locator(".package-table").textContent();
    expect(text).toContain("@tactica/grid");
    expect(text).toMatch(/first release pending|in development, not released yet|released/);
    await page.close();
  });
});
