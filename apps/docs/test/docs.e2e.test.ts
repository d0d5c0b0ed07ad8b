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
    await page.click("text=Getting started");
    await page.waitForURL(/getting-started/);
    expect(await page.locator("h1").first().textContent()).toContain("Getting started");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the typedoc API reference has a page per published package and documents core", async () => {
    const modules = readdirSync(join(dist, "api", "modules"));
    expect(modules).toContain("_tactica_core.html");
    const page = await browser.newPage();
    await page.goto(`${server.url}/api/modules/_tactica_core.html`);
    expect(await page.title()).toContain("@tactica/core");
    const text = await page.locator("body").textContent();
    expect(text).toContain("TacticaError");
    expect(text).toContain("vec2Add");
    await page.click("text=TacticaError");
    await page.waitForURL(/TacticaError/);
    expect(await page.locator("body").textContent()).toContain("stable");
    await page.close();
  });
});
