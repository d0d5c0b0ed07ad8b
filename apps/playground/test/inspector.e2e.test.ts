import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";

// The inspector page (issue 17): it records the reference world through the shared inspector
// (src/inspector), scrubbing restores the nearest snapshot and replays to the tick with every hash
// checked, and a recording exports and imports.
// A budget slider sets the world scheduler's units per frame (a recorded input, so the replay
// after it still matches), and a strip shows which scheduled task ran in each frame.

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
    // Budget slider: 6 units per frame, a recorded input; the strip shows the work spread over frames.
    const budgetSlider = page.locator("label.control", { hasText: "budget (units per frame)" }).locator("input");
    await budgetSlider.evaluate((el: HTMLInputElement) => {
      el.value = "6";
      el.dispatchEvent(new Event("input"));
    });
    const strip = page.locator("output.scheduler-strip");
    await expect.poll(() => strip.getAttribute("data-budget"), { timeout: 30_000 }).toBe("6");
    await page.waitForFunction(() => Number(document.querySelector<HTMLInputElement>("input.scrubber")?.max ?? 0) >= 200, undefined, {
      timeout: 60_000,
    });
    // Which tasks ran in each frame, from the scheduler: at 6 units a frame, vision (20 agents a job)
    // spills over frames, and ageing still gets the influence maps their rows.
    await page.waitForFunction(
      () => (document.querySelector("output.scheduler-strip")?.getAttribute("data-log") ?? "").split(";").filter((f) => f.split(":")[1] === "6").length >= 60,
      undefined,
      { timeout: 60_000 },
    );
    const frames = (await strip.getAttribute("data-log"))!
      .split(";")
      .map((f) => f.split(":"))
      .filter((f) => f[1] === "6")
      .map(([, , units, ran]) => ({ units: Number(units), ran: ran!.split(",").filter((x) => x !== "") }));
    expect(frames.length).toBeGreaterThanOrEqual(60);
    for (const f of frames) {
      expect(f.ran.length).toBeGreaterThan(0);
      if (!f.ran.some((t) => t.startsWith("goap"))) expect(f.units).toBeLessThanOrEqual(6);
    }
    expect(frames.some((f) => f.ran.some((t) => t.startsWith("influence")))).toBe(true);
    expect(frames.some((f) => f.ran.length === 1 && f.ran[0] === "vision")).toBe(true);
    // A rally input goes into the log.
    const box = (await page.locator("section canvas").first().boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.3);
    await page.waitForFunction(() => Number(document.querySelector<HTMLInputElement>("input.scrubber")!.max) >= 260, undefined, { timeout: 60_000 });
    // The shared inspector's dock records the same world: a lane per agent and module.
    const dock = page.locator("output.inspector-state");
    expect((await dock.getAttribute("data-modules"))!.split(",")).toEqual(expect.arrayContaining(["bt", "goap"]));
    expect((await dock.getAttribute("data-lanes"))!.split("|")).toEqual(expect.arrayContaining(["team 0 · goap", "team 1 · goap"]));
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
    expect(await dock.getAttribute("data-scrubbing")).toBe("true");
    expect(await dock.getAttribute("data-tick")).toBe("170");
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
