#!/usr/bin/env node
// Measures how smooth every playground page is in Chromium: for each demo, opens it at 1280×800,
// then for `--seconds` (default 3) records the gaps between animation frames and the main-thread
// long tasks (> 50 ms). Prints one Markdown row per page; exits 1 with `--max-ms N` when a page's
// worst gap exceeds N ms. Needs the built playground (`pnpm playground:build`) and a Chromium
// (tests/helpers/browser.ts finds it; CHROMIUM_PATH overrides).
//
//   node scripts/playground-stalls.mjs [--seconds 3] [--max-ms 50] [page-id[?settings]…]
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

/* global PerformanceObserver, performance, requestAnimationFrame -- inside page.evaluate, run by the browser */

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");
// DIST=<folder> measures another build (e.g. a copy of an older one, for before/after figures).
const dist = process.env.DIST ?? join(root, "apps", "playground", "dist");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : Number(args.splice(i, 2)[1]);
};
const seconds = opt("--seconds", 3);
const maxMs = opt("--max-ms", Infinity);
const only = args.filter((a) => !a.startsWith("--"));

if (!existsSync(join(dist, "index.html"))) {
  console.error("apps/playground/dist is missing: run `pnpm playground:build` first");
  process.exit(2);
}
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml" };
const server = createServer((req, res) => {
  let file = normalize(join(dist, decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)));
  if (!file.startsWith(dist)) return res.writeHead(403).end();
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
  if (!existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
  createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}/index.html`;
const executablePath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => existsSync(p));
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"] });

const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${url}#/`);
const ids = only.length ? only : await page.locator("#nav a").evaluateAll((as) => as.map((a) => a.dataset.page));
await page.close();

console.log(`| page | worst frame gap (ms) | frames > 50 ms | long tasks > 50 ms (longest, ms) |\n|---|---|---|---|`);
let bad = 0;
for (const id of ids) {
  const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await p.goto(`${url}#/${id}`);
  // An argument may carry settings (`grid-pathfinding?map=512×512&solver=flow+field`); the page id is before the `?`.
  await p.waitForSelector(`section[data-page="${id.split("?")[0]}"]`);
  const r = await p.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const gaps = [];
        const tasks = [];
        const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
        obs.observe({ type: "longtask", buffered: false });
        let last = performance.now();
        const end = last + ms;
        const tick = (now) => {
          gaps.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(tick);
          else {
            obs.disconnect();
            resolve({ worst: Math.max(...gaps), slow: gaps.filter((g) => g > 50).length, tasks: tasks.length, longest: tasks.length ? Math.max(...tasks) : 0 });
          }
        };
        requestAnimationFrame(tick);
      }),
    seconds * 1000,
  );
  if (r.worst > maxMs) bad++;
  console.log(`| ${id} | ${r.worst.toFixed(0)} | ${r.slow} | ${r.tasks} (${r.longest.toFixed(0)}) |`);
  await p.close();
}
await browser.close();
server.close();
if (bad) {
  console.log(`\n${bad} page(s) stalled longer than ${maxMs} ms`);
  process.exit(1);
}
