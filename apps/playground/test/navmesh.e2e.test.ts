import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../tests/helpers/browser";
import { serveStatic } from "../../../tests/helpers/static-server";

// The navmesh pages in Chromium (built playground) at 1280×800: every view of the build page
// (polygons or tilemap, each navigation graph) and of the query page renders without console
// errors; a shape drawn with mouse clicks and walls painted with a drag give a mesh; the path
// lengths shown keep centroid ≥ funnel ≥ exact; a dragged agent stays on the mesh; an off-mesh
// link changes the path.

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

async function open(id: string, params: Record<string, string> = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  const query = new URLSearchParams(params).toString();
  await page.goto(`${server.url}/index.html#/${id}${query ? `?${query}` : ""}`);
  await page.waitForSelector(`section[data-page="${id}"]`);
  // Controls restored from the URL apply after mount (a microtask); let them settle.
  await page.waitForTimeout(50);
  return { page, errors };
}

const data = (page: Page, key: string) =>
  page
    .locator("section canvas")
    .first()
    .evaluate((c, k) => (c as HTMLCanvasElement).dataset[k] ?? "", key);
const num = async (page: Page, key: string) => Number(await data(page, key));
const stats = async (page: Page) => (await page.locator("section .stats").textContent()) ?? "";

/** Client position of canvas pixel (x, y) of the 800×600 canvas, whatever its CSS scale. */
async function at(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator("section canvas").first().boundingBox())!;
  return { x: box.x + (x * box.width) / 800, y: box.y + (y * box.height) / 600 };
}
async function clickAt(page: Page, x: number, y: number, button: "left" | "right" = "left"): Promise<void> {
  const p = await at(page, x, y);
  await page.mouse.click(p.x, p.y, { button });
}
const pressButton = (page: Page, text: string) => page.locator("section .panel button", { hasText: text }).click();

describe("navmesh build page", () => {
  const graphs = ["none", "waypoints (Delaunay + validator)", "art gallery", "dual (incentres)", "hierarchical", "navpoints (directed)"];
  for (const source of ["polygons", "tilemap"]) {
    it(`${source}: every graph view renders without errors`, async () => {
      for (const graph of graphs) {
        const { page, errors } = await open("navmesh-build", { source, graph, "agent-radius": "6" });
        expect(await num(page, "polyCount"), `${source} / ${graph}`).toBeGreaterThan(0);
        expect(await num(page, "triangleCount")).toBeGreaterThanOrEqual(await num(page, "polyCount"));
        expect(await data(page, "error")).toBe("");
        if (graph !== "none") expect(await num(page, "graphNodes"), `${source} / ${graph}`).toBeGreaterThan(0);
        expect(errors, `${source} / ${graph}`).toEqual([]);
        await page.close();
      }
    });
  }

  it("lists the validator's warnings and marks them", async () => {
    const { page, errors } = await open("navmesh-build", { graph: "waypoints (Delaunay + validator)", waypoints: "8" });
    const warnings = await num(page, "warnings");
    expect(warnings).toBeGreaterThan(0); // 8 random waypoints in a room with 12 pillars: bad coverage
    expect(await page.locator(".nav-warnings li").count()).toBe(Math.min(warnings, 40) + (warnings > 40 ? 1 : 0));
    expect(await page.locator(".nav-warnings li").first().textContent()).toMatch(/^(voronoi-cell|missing-edge|node-blocked) \(node \d+/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a shape drawn with the mouse (outer ring, then a hole) becomes a mesh, and the URL keeps it", async () => {
    const { page, errors } = await open("navmesh-build");
    await pressButton(page, "draw new shape");
    expect(await num(page, "polyCount")).toBe(0);
    for (const [x, y] of [
      [100, 100],
      [700, 120],
      [650, 520],
      [120, 480],
    ])
      await clickAt(page, x!, y!);
    await clickAt(page, 101, 101); // the first vertex: closes the outer ring
    const outerOnly = await num(page, "polyCount");
    expect(outerOnly).toBeGreaterThan(0);
    expect(await num(page, "triangleCount")).toBe(2);
    // A triangular hole.
    for (const [x, y] of [
      [350, 250],
      [450, 260],
      [400, 350],
    ])
      await clickAt(page, x!, y!);
    await pressButton(page, "close ring");
    expect(await num(page, "triangleCount")).toBeGreaterThan(2);
    expect(await num(page, "polyCount")).toBeGreaterThan(outerOnly);
    expect(await data(page, "error")).toBe("");
    // The URL keeps the rings (integer pixels; the CSS scale may round a click by a pixel).
    const rings = /rings=([^&]*)/
      .exec(decodeURIComponent(page.url()))![1]!
      .split(";")
      .map((r) => r.split(",").map(Number));
    const want = [
      [100, 100, 700, 120, 650, 520, 120, 480],
      [350, 250, 450, 260, 400, 350],
    ];
    expect(rings.map((r) => r.length)).toEqual(want.map((r) => r.length));
    rings.forEach((r, i) => r.forEach((v, k) => expect(Math.abs(v - want[i]![k]!)).toBeLessThanOrEqual(2)));
    // A self-crossing ring is reported, not thrown.
    await pressButton(page, "draw new shape");
    for (const [x, y] of [
      [100, 100],
      [700, 500],
      [700, 100],
      [150, 520],
    ])
      await clickAt(page, x!, y!);
    await pressButton(page, "close ring");
    expect(await data(page, "error")).toMatch(/^NAVMESH_BAD_POLYGON: .*region 0 outer ring vertex \d+/);
    expect(await stats(page)).toContain("error: NAVMESH_BAD_POLYGON");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("painting walls on the tilemap rebuilds the mesh", async () => {
    const { page, errors } = await open("navmesh-build", { source: "tilemap" });
    const before = await num(page, "polyCount");
    expect(before).toBeGreaterThan(0);
    // Paint a wall across an open area, then erase part of it with the right button.
    const a = await at(page, 60, 312);
    const b = await at(page, 760, 312);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let k = 1; k <= 28; k++) await page.mouse.move(a.x + ((b.x - a.x) * k) / 28, a.y);
    await page.mouse.up();
    const painted = await num(page, "polyCount");
    expect(painted).not.toBe(before);
    expect(page.url()).toContain("walls=");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("navmesh query page", () => {
  it("every map and mode renders without errors", async () => {
    const views: [string, string][] = [
      ...["room with pillars", "L-shaped hall", "tilemap", "two rooms"].map((map): [string, string] => [map, "paths"]),
      ...["drag agent", "raycast", "random points", "off-mesh links"].flatMap((mode): [string, string][] => [
        ["room with pillars", mode],
        ["tilemap", mode],
      ]),
    ];
    for (const [map, mode] of views) {
      const { page, errors } = await open("navmesh-paths", { map, mode, "agent-radius": "4" });
      expect(await num(page, "polyCount"), `${map} / ${mode}`).toBeGreaterThan(0);
      await clickAt(page, 420, 330);
      await clickAt(page, 600, 200, "right");
      expect(errors, `${map} / ${mode}`).toEqual([]);
      await page.close();
    }
  });

  it("the lengths shown keep centroid ≥ funnel ≥ exact", async () => {
    const cases: [string, string, string][] = [
      ["room with pillars", "60,540", "740,60"],
      ["room with pillars", "400,60", "400,560"],
      ["L-shaped hall", "60,540", "740,60"],
      ["L-shaped hall", "300,560", "760,220"],
      ["tilemap", "40,40", "760,560"],
      ["tilemap", "760,40", "40,560"],
    ];
    for (const [map, start, goal] of cases) {
      for (const maxVerts of ["3", "6"]) {
        const { page, errors } = await open("navmesh-paths", { map, start, goal, "max-vertices-per-polygon": maxVerts });
        const c = await num(page, "centroidLength");
        const f = await num(page, "funnelLength");
        const e = await num(page, "exactLength");
        const label = `${map} ${start} → ${goal}, ≤ ${maxVerts} vertices`;
        expect(e, label).toBeGreaterThan(0);
        expect(c, label).toBeGreaterThanOrEqual(f - 1e-3);
        expect(f, label).toBeGreaterThanOrEqual(e - 1e-3);
        // The stats show the same three numbers, and the check.
        const text = await stats(page);
        expect(text).toContain(`centroid path      ${c.toFixed(1)}`);
        expect(text).toContain(`funnel (A* + SSF)  ${f.toFixed(1)}`);
        expect(text).toContain(`exact (Polyanya)   ${e.toFixed(1)}`);
        expect(text).toContain("centroid ≥ funnel ≥ exact ✓");
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });

  it("a dragged agent stays on the mesh and slides along walls", async () => {
    const { page, errors } = await open("navmesh-paths", { mode: "drag agent", "agent-radius": "6" });
    const x0 = await num(page, "agentX");
    const y0 = await num(page, "agentY");
    const p = await at(page, x0, y0);
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    // Across the room through pillars, then far outside the canvas's walkable area.
    const path = [
      [400, 300],
      [780, 300],
      [790, 590],
      [10, 590],
      [10, 10],
      [420, 330],
    ];
    for (const [x, y] of path) {
      const q = await at(page, x!, y!);
      await page.mouse.move(q.x, q.y, { steps: 12 });
      expect(await data(page, "agentOnMesh"), `towards ${x}, ${y}`).toBe("1");
    }
    await page.mouse.up();
    expect(await data(page, "agentOffMeshMoves")).toBe("0");
    // The agent's place is URL state: a shared link puts it back there.
    const agent = /agent=([\d.]+)%2C([\d.]+)/.exec(page.url())!;
    expect(Math.abs(Number(agent[1]) - (await num(page, "agentX")))).toBeLessThanOrEqual(1);
    const again = await open("navmesh-paths", { mode: "drag agent", agent: `${agent[1]},${agent[2]}` });
    expect(Math.abs((await num(again.page, "agentX")) - Number(agent[1]))).toBeLessThanOrEqual(1);
    expect(Math.abs((await num(again.page, "agentY")) - Number(agent[2]))).toBeLessThanOrEqual(1);
    await again.page.close();
    const x1 = await num(page, "agentX");
    expect(Math.abs(x1 - x0) + Math.abs((await num(page, "agentY")) - y0)).toBeGreaterThan(50);
    // Walls: the agent never reaches x = 790 (the room ends at 780 minus the radius).
    expect(await stats(page)).toMatch(/on the mesh/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("adding an off-mesh link changes the path; removing it restores the path", async () => {
    const { page, errors } = await open("navmesh-paths");
    const before = await num(page, "funnelLength");
    expect(await data(page, "linkUsed")).toBe("0");
    await pressButton(page, "add a link across the middle");
    expect(await data(page, "linkUsed")).toBe("1");
    expect(await num(page, "funnelLength")).not.toBeCloseTo(before, 3);
    expect(page.url()).toContain("links=");
    await pressButton(page, "remove links");
    expect(await data(page, "linkUsed")).toBe("0");
    expect(await num(page, "funnelLength")).toBeCloseTo(before, 6);
    // Links drawn by hand in 'off-mesh links' mode: two clicks add one, right-click removes it.
    await page
      .locator("section label.control", { has: page.locator("span", { hasText: /^mode$/ }) })
      .locator("select")
      .selectOption("off-mesh links");
    await clickAt(page, 250, 380);
    await clickAt(page, 520, 210);
    expect(await data(page, "linkUsed")).toBe("1");
    await clickAt(page, 250, 380, "right");
    expect(await data(page, "linkUsed")).toBe("0");
    expect(errors).toEqual([]);
    await page.close();
  });
});
