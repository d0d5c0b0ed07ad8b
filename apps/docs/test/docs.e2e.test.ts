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

  it("the typedoc API reference has a page per published package and documents core", async () => {
    // typedoc writes one module page per package once there are several; with one, it is the index.
    const multi = existsSync(join(dist, "api", "modules"));
    if (multi) expect(readdirSync(join(dist, "api", "modules"))).toContain("_tactica_core.html");
    const page = await browser.newPage();
    await page.goto(`${server.url}/api/${multi ? "modules/_tactica_core.html" : "index.html"}`);
    expect(await page.title()).toContain("@tactica/core");
    const text = await page.locator("body").textContent();
    expect(text).toContain("TacticaError");
    expect(text).toContain("vec2Add");
    await page.locator('a[href*="classes/"][href$="TacticaError.html"]').first().click();
    await page.waitForURL(/TacticaError/);
    expect(await page.locator("body").textContent()).toContain("stable");
    await page.close();
  });
});
