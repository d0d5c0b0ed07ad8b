import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";

// The inspector page (issue 17): it records the reference world, scrubbing restores the nearest
// snapshot and replays to the tick with every hash checked, and a recording exports and imports.

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

describe("inspector", () => {
  it("records, scrubs back with a verified replay, exports and imports", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(`${server.url}/index.html#/core-inspector`);
    const scrub = page.locator("input.scrubber");
    await page.waitForFunction(() => Number(document.querySelector<HTMLInputElement>("input.scrubber")?.max ?? 0) >= 200, undefined, {
      timeout: 60_000,
    });
    // A rally input goes into the log.
    const box = (await page.locator("section canvas").first().boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.3);
    await page.waitForFunction(() => Number(document.querySelector<HTMLInputElement>("input.scrubber")!.max) >= 260, undefined, { timeout: 60_000 });
    // Scrub back to tick 170: restore the snapshot at 150, replay 20 ticks.
    await scrub.evaluate((el: HTMLInputElement) => {
      el.value = "170";
      el.dispatchEvent(new Event("input"));
    });
    const status = page.locator("output.inspector-status");
    await expect.poll(() => status.getAttribute("data-ok")).toBe("true");
    expect(await status.getAttribute("data-tick")).toBe("170");
    expect(await status.getAttribute("data-hash")).toBe(await status.getAttribute("data-expected"));
    expect(await status.textContent()).toContain("every hash matches");
    // Export, then import the same recording: the replay from its start matches.
    await page.getByRole("button", { name: "export JSON" }).click();
    const json = await page.locator("textarea.inspector-json").inputValue();
    expect((JSON.parse(json) as { log: { format: string } }).log.format).toBe("tactica.replay");
    await page.getByRole("button", { name: "import JSON" }).click();
    await expect.poll(() => status.textContent()).toMatch(/imported \d+ ticks, replay matches/);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
