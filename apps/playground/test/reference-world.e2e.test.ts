import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";
import { createReferenceWorld, hashReferenceWorld, stepReferenceWorld } from "../src/world/reference-world";

// Issue 17: the reference world (200 agents, every runtime package) runs 10,000 ticks to the same
// state hash in Node and in Chromium. No tolerance: the hash covers the exact bits of every float.

const TICKS = 10_000;
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

describe("reference world across engines", () => {
  it(`hashes the same after ${TICKS} ticks in Node and in Chromium`, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(`${server.url}/index.html#/core-reference-world?seed=1&ticks=${TICKS}`);
    // Node runs its half while Chromium runs the page's.
    const world = createReferenceWorld({ seed: 1 });
    for (let t = 0; t < TICKS; t++) stepReferenceWorld(world);
    const node = hashReferenceWorld(world).toString(16).padStart(8, "0");
    const out = page.locator("output.world-hash[data-hash]");
    await out.waitFor({ timeout: 240_000 });
    const chromium = await out.getAttribute("data-hash");
    expect(chromium).toBe(node);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
