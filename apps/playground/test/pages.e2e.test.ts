import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBuiltPlayground } from "./built-playground";

// Page details in Chromium (built playground): chess markers, whole BT labels, FSM edge labels
// apart, flocking view arcs, book citations by name, and a Code tab with real calls on every page.

const { open } = useBuiltPlayground();

const dataset = (page: Page, key: string) =>
  page
    .locator("section canvas")
    .first()
    .evaluate((c, k) => (c as HTMLCanvasElement).dataset[k] ?? null, key);

/** Clicks canvas pixel (x, y) of an 800×600 demo canvas, whatever its CSS scale. */
async function clickCanvas(page: Page, x: number, y: number): Promise<void> {
  const box = (await page.locator("section canvas").first().boundingBox())!;
  await page.mouse.click(box.x + (x * box.width) / 800, box.y + (y * box.height) / 600);
}

describe("page details", () => {
  it("chess: legal-move markers for the selected piece, then the last move marked", async () => {
    const { page, errors } = await open("#/search-games?game=chess&strength=1", "search-games");
    await expect.poll(() => dataset(page, "lastMove")).toBe("");
    // e2: file e (4), rank 2 — squares are 64 px from (40, 30), rank 8 on top.
    await clickCanvas(page, 40 + 4 * 64 + 32, 30 + 6 * 64 + 32);
    expect((await dataset(page, "legalTargets"))!.split(" ").sort()).toEqual(["e3", "e4"]);
    await clickCanvas(page, 40 + 4 * 64 + 32, 30 + 4 * 64 + 32); // e4
    const stats = (await page.locator("section .stats").textContent()) ?? "";
    expect(stats).toMatch(/moves: e2e4 \S+/);
    const reply = /moves: e2e4 (\S+)/.exec(stats)![1];
    expect(await dataset(page, "lastMove")).toBe(reply);
    expect(await dataset(page, "legalTargets")).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("behaviour tree: every node label fits its box", async () => {
    const { page, errors } = await open("#/decision-behavior-tree", "decision-behavior-tree");
    await expect.poll(() => dataset(page, "clippedLabels")).toBe("0");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("state machine: no two edge labels overlap", async () => {
    const { page, errors } = await open("#/decision-fsm", "decision-fsm");
    await expect.poll(() => dataset(page, "labelOverlaps")).toBe("0");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("flocking draws the view arc its rules use, and it follows the setting", async () => {
    const { page, errors } = await open("#/steering-flocking", "steering-flocking");
    await expect.poll(() => dataset(page, "arcHalfAngle")).toBe((Math.PI - Math.PI / 4).toFixed(4)); // wide, k = 1
    expect(await page.locator("section .stats").textContent()).toMatch(/view arc: wide \(±135°, drawn for 5 agents\)\nhighlighted agent sees \d+ neighbours/);
    await page
      .locator("section label.control", { has: page.locator("span", { hasText: /^view arc$/ }) })
      .locator("select")
      .selectOption("narrow");
    await expect.poll(() => dataset(page, "arcHalfAngle")).toBe((Math.PI / 4).toFixed(4));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("pages cite the book by name, never a bare chapter number", async () => {
    // The landing cards carry every page's description.
    const { page } = await open("#/", "");
    const cards = await page
      .locator(".cards li")
      .evaluateAll((lis) => lis.map((li) => [(li as HTMLElement).dataset["page"]!, li.querySelector("p")?.textContent ?? ""] as const));
    await page.close();
    expect(cards.length).toBeGreaterThan(10);
    for (const [id, lead] of cards.filter(([i]) => !/^(perception|narrative|navmesh)-/.test(i))) {
      for (const m of lead.matchAll(/chapter \d+/gi)) {
        const before = lead.slice(0, m.index);
        expect(/Game AI Pro 2[^.]*$/.test(before), `${id}: "${m[0]}" names its book`).toBe(true);
      }
    }
  });

  it("every page's Code tab shows calls, not only an import list", async () => {
    const { page } = await open("#/", "");
    const ids = await page.locator("#nav a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).dataset["page"]!));
    await page.close();
    for (const id of ids.filter((i) => !/^(narrative|navmesh)-(?!paths)/.test(i))) {
      const { page: p } = await open(`#/${id}`, id);
      await p.locator(".tabs button", { hasText: "Code" }).click();
      const code = (await p.locator(".code-view").textContent()) ?? "";
      expect(code, id).not.toContain("the Tactica API this demo calls");
      // At least one call of a function: name( … ) outside an import line.
      const calls = code.split("\n").filter((l) => !l.startsWith("import") && /\b[a-z][A-Za-z]+\(/.test(l));
      expect(calls.length, `${id} shows calls`).toBeGreaterThan(0);
      await p.close();
    }
  });
});
