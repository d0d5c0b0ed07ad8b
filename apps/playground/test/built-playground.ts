import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";

/**
 * The built playground (apps/playground/dist) served locally and one Chromium for a browser-test
 * file: call once at the top level; it registers the suite's beforeAll/afterAll. `open` loads a page
 * at 1280×800, collects console and page errors, and waits for `section[data-page=id]` (no wait when
 * `id` is empty).
 */
export function useBuiltPlayground(): { open: (hash: string, id: string) => Promise<{ page: Page; errors: string[] }> } {
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
  return {
    open: async (hash, id) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(`${server.url}/index.html${hash}`);
      if (id) await page.waitForSelector(`section[data-page="${id}"]`);
      return { page, errors };
    },
  };
}

/** The text of the open page's stats line (`section .stats`), "" when empty. */
export function pageStats(page: Page): Promise<string> {
  return page
    .locator("section .stats")
    .textContent()
    .then((t) => t ?? "");
}

/** The form element (`select`, `input`, … as `selector`) of the page control labelled exactly `label`. */
export function pageControl(page: Page, label: string, selector = "select, input"): Locator {
  return page.locator("section label.control", { has: page.locator("span", { hasText: new RegExp(`^${label}$`) }) }).locator(selector);
}
