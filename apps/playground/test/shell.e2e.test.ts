import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";

// The playground shell on a 1280×800 laptop screen in Debian Chromium (built playground, `pnpm build`):
// nothing scrolls the window, every demo's canvas and control panel are in view, the URL carries the
// page and its settings, unknown ids get a "not found" page, the landing page has a card per demo in
// the sidebar's order, and the header shows a frame meter and pause/step/slow-motion controls.

const dist = join(import.meta.dirname, "..", "dist");
const VIEW = { width: 1280, height: 800 };
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
  const page = await browser.newPage({ viewport: VIEW });
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}/index.html${hash}`);
  return { page, errors };
}

/** The window itself never scrolls: the shell fits, inner parts scroll by themselves. */
function windowScrolls(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 1 || document.documentElement.scrollWidth > window.innerWidth + 1);
}

async function inView(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} is rendered`).not.toBeNull();
  const b = box!;
  expect(b.x, `${selector} left`).toBeGreaterThanOrEqual(0);
  expect(b.y, `${selector} top`).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, `${selector} right edge`).toBeLessThanOrEqual(VIEW.width + 0.5);
  expect(b.y + b.height, `${selector} bottom edge`).toBeLessThanOrEqual(VIEW.height + 0.5);
  return b;
}

describe("playground shell at 1280×800", () => {
  it("landing page: a card per demo in the sidebar's order, header with packages, docs links and frame meter", async () => {
    const { page, errors } = await open("#/");
    const navIds = await page.locator("#nav a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).dataset["page"]));
    const cardIds = await page.locator(".cards li").evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset["page"]));
    expect(navIds.length).toBeGreaterThan(10);
    expect(cardIds).toEqual(navIds);
    expect(await page.locator("#pkg-nav a").allTextContents()).toEqual(expect.arrayContaining(["core", "search", "grid", "steering", "decision"]));
    expect(await page.locator("#top-links a").allTextContents()).toEqual(["Docs", "API", "Repository"]);
    await expect.poll(() => page.locator("#frame-meter").textContent()).toMatch(/\d+ fps/);
    expect(await windowScrolls(page)).toBe(false);
    // A package chip filters the cards to that package (and is itself URL state).
    await page.click('#pkg-nav a[data-package="grid"]');
    await page.waitForURL(/#\/\?package=grid$/);
    const gridCards = await page.locator(".cards .card-package").allTextContents();
    expect(gridCards.length).toBeGreaterThan(0);
    expect(new Set(gridCards)).toEqual(new Set(["@tactica/grid"]));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("landing cards get a thumbnail of their demo, drawn off screen without errors", async () => {
    const { page, errors } = await open("#/");
    const cards = await page.locator(".cards li").count();
    const withPicture = () =>
      page.locator(".cards .thumb").evaluateAll((ts) => ts.filter((t) => (t as HTMLElement).style.backgroundImage.startsWith("url(")).length);
    await expect.poll(withPicture, { timeout: 60_000, interval: 500 }).toBe(cards);
    expect(await page.locator(".thumb-host").count(), "off-screen hosts are removed").toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("every demo fits: canvas and control panel in view, no window scroll", async () => {
    const { page } = await open("#/");
    const ids = await page.locator("#nav a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).dataset["page"]!));
    await page.close();
    for (const id of ids) {
      const { page: p, errors } = await open(`#/${id}`);
      await p.waitForSelector(`section[data-page="${id}"] canvas`);
      await p.waitForTimeout(150);
      const canvas = await inView(p, "section.page canvas.demo-canvas");
      const panel = await inView(p, "section.page .panel");
      // The panel sits beside the canvas, not below it.
      expect(panel.x, `${id}: panel right of the canvas`).toBeGreaterThanOrEqual(canvas.x + canvas.width - 1);
      expect(panel.y, `${id}: panel starts at the canvas's top`).toBeLessThan(canvas.y + canvas.height / 2);
      expect(canvas.width, `${id}: canvas keeps a usable size`).toBeGreaterThan(300);
      expect(await windowScrolls(p), `${id}: window scrolls`).toBe(false);
      // The header links an existing docs guide (the one named like the page when there is one) and the package's API.
      const [guide, api] = await p.locator(".page-links a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      const guideName = /\/guide\/([\w-]+)$/.exec(guide ?? "")?.[1];
      expect(guideName && existsSync(join(import.meta.dirname, "..", "..", "docs", "guide", `${guideName}.md`)), `${id}: guide ${guide}`).toBe(true);
      if (existsSync(join(import.meta.dirname, "..", "..", "docs", "guide", `${id}.md`))) expect(guideName).toBe(id);
      expect(api).toMatch(/\/api\/[a-z]+\/$/);
      expect(errors, `${id} console errors`).toEqual([]);
      await p.close();
    }
  });

  it("keeps a page's settings in the URL and restores them from a shared link", async () => {
    const { page, errors } = await open("#/grid-pathfinding");
    await page.waitForSelector('section[data-page="grid-pathfinding"]');
    const solver = page.locator("section label.control", { has: page.locator("span", { hasText: /^solver$/ }) }).locator("select");
    await solver.selectOption("BFS");
    await page.waitForURL(/#\/grid-pathfinding\?(.+&)?solver=BFS/);
    const shared = page.url();
    await page.close();

    const { page: again, errors: errors2 } = await open(shared.slice(shared.indexOf("#")));
    await again.waitForSelector('section[data-page="grid-pathfinding"]');
    const solver2 = again.locator("section label.control", { has: again.locator("span", { hasText: /^solver$/ }) }).locator("select");
    await expect.poll(() => solver2.inputValue()).toBe("BFS");
    await expect.poll(() => again.locator("section .stats").textContent()).toContain("solver BFS");
    expect([...errors, ...errors2]).toEqual([]);
    await again.close();
  });

  it("the wheel zooms a demo about the pointer, Alt+drag pans without reaching the page, 1:1 resets", async () => {
    const { page, errors } = await open("#/grid-pathfinding");
    await page.waitForSelector('section[data-page="grid-pathfinding"] canvas');
    const canvas = page.locator("section.page canvas.demo-canvas");
    const before = (await canvas.boundingBox())!;
    const cx = before.x + before.width * 0.5;
    const cy = before.y + before.height * 0.5;
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, -600);
    await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(before.width * 1.5);
    const zoomed = (await canvas.boundingBox())!;
    // The point under the pointer stayed put: same canvas fraction before and after.
    expect((cx - zoomed.x) / zoomed.width).toBeCloseTo(0.5, 1);
    expect((cy - zoomed.y) / zoomed.height).toBeCloseTo(0.5, 1);
    // Alt+drag pans, and is not a click for the page (the page would paint a wall).
    const stats = await page.locator("section .stats").textContent();
    await page.keyboard.down("Alt");
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 80, cy + 40, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up("Alt");
    const panned = (await canvas.boundingBox())!;
    expect(panned.x).toBeCloseTo(zoomed.x + 80, 0);
    expect(await page.locator("section .stats").textContent()).toBe(stats);
    await page.click(".zoom-reset");
    await expect.poll(async () => (await canvas.boundingBox())!.width).toBeCloseTo(before.width, 0);
    expect(await page.locator(".zoom-reset").isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the Code tab shows the calls behind the demo, and Demo brings the canvas back", async () => {
    const { page, errors } = await open("#/grid-pathfinding");
    await page.waitForSelector('section[data-page="grid-pathfinding"] canvas');
    await page.click(".tabs button:has-text('Code')");
    const code = page.locator(".code-view");
    await expect.poll(() => code.textContent()).toContain('from "@tactica/grid";');
    const text = (await code.textContent()) ?? "";
    expect(text).toContain("findPathJpsPlus(path, search, jps, 1, 1, 62, 46);");
    expect(text).toMatch(/npm install .*@tactica\/grid/);
    expect(await page.locator("section.page").isHidden()).toBe(true);
    await page.click(".tabs button:has-text('Demo')");
    expect(await page.locator("section.page canvas").isVisible()).toBe(true);
    expect(await code.isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("an unknown page id says so and links back to the demos", async () => {
    const { page, errors } = await open("#/grid-no-such-demo?x=1");
    await page.waitForSelector("[data-not-found]");
    expect(await page.locator("main h1").textContent()).toBe("Demo not found");
    expect(await page.locator("main").textContent()).toContain("grid-no-such-demo");
    expect(await page.locator('main a[href="#/"]').count()).toBe(1);
    expect(await windowScrolls(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("pause stops an animated page and step advances it", async () => {
    const { page, errors } = await open("#/steering-flocking");
    await page.waitForSelector('section[data-page="steering-flocking"] canvas');
    await page.waitForTimeout(300);
    const snapshot = () => page.evaluate(() => document.querySelector<HTMLCanvasElement>("section.page canvas")!.toDataURL());
    await page.click('[data-sim="pause"]');
    await page.waitForTimeout(100);
    const a = await snapshot();
    await page.waitForTimeout(300);
    expect(await snapshot(), "paused: the picture does not change").toBe(a);
    await page.click('[data-sim="step"]');
    await page.waitForTimeout(150);
    expect(await snapshot(), "one step moves the flock").not.toBe(a);
    await expect.poll(() => page.locator("#frame-meter").textContent()).toMatch(/step \d+\.\d+ ms/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("`vite preview` serves the playground cross-origin isolated, so timings have µs precision", async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, "127.0.0.1", () => {
        const a = srv.address();
        srv.close(() => resolve(typeof a === "object" && a ? a.port : 0));
      });
    });
    const app = join(import.meta.dirname, "..");
    const preview = spawn(join(app, "node_modules", ".bin", "vite"), ["preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
      cwd: app,
      stdio: "ignore",
    });
    try {
      const url = `http://127.0.0.1:${port}/`;
      await expect.poll(async () => (await fetch(url).catch(() => null))?.status ?? 0, { timeout: 30_000, interval: 300 }).toBe(200);
      const page = await browser.newPage({ viewport: VIEW });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${url}#/grid-pathfinding`);
      await page.waitForSelector('section[data-page="grid-pathfinding"] canvas');
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
      // Isolated pages get 5 µs timer resolution (100 µs otherwise): some of 200 deltas are below 50 µs.
      const fine = await page.evaluate(() => {
        let n = 0;
        for (let i = 0; i < 200; i++) {
          const a = performance.now();
          let b = a;
          while (b === a) b = performance.now();
          if (b - a < 0.05) n++;
        }
        return n;
      });
      expect(fine).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      preview.kill("SIGTERM");
    }
  });
});
