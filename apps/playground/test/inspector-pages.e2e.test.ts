import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBuiltPlayground } from "./built-playground";

// The shared inspector (src/inspector) on the AI pages, in Chromium over the built playground: the
// Inspect toggle records the page's world through its package's trace hook, the timeline gets a
// lane for that module, scrubbing back restores a keyframe and replays with the hash and events
// matching, and the recording exports to JSON and imports back with a checked replay.

const { open } = useBuiltPlayground();

const state = (page: Page, key: string): Promise<string | null> => page.locator("output.inspector-state").getAttribute(`data-${key}`);

interface Recording {
  startTick: number;
  ticks: { tick: number; inputs?: unknown[]; events: { module: string; agent: string; label: string }[] }[];
}

async function exportRecording(page: Page): Promise<Recording> {
  await page.getByRole("button", { name: "export recording" }).click();
  return JSON.parse(await page.locator("textarea.inspector-io").inputValue()) as Recording;
}

async function scrubTo(page: Page, tick: number): Promise<void> {
  await page.locator("input.inspector-scrub").evaluate((el: HTMLInputElement, t) => {
    el.value = String(t);
    el.dispatchEvent(new Event("input"));
  }, tick);
}

/** Inspect, record until the module has a lane, scrub back to one of its events, export, import. */
async function inspectPage(id: string, module: string, before?: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[]; tick: number }> {
  const { page, errors } = await open(`#/${id}`, id);
  await page.locator("button.inspect-toggle").click();
  await before?.(page);
  await expect.poll(() => state(page, "modules"), { timeout: 30_000 }).toContain(module);
  await expect.poll(async () => Number(await state(page, "ticks")), { timeout: 30_000 }).toBeGreaterThan(200);
  const lanes = (await state(page, "lanes"))!.split("|");
  expect(lanes.some((l) => l.endsWith(` · ${module}`))).toBe(true);
  // Scrub back to the last tick with an event of the module that lies after a keyframe (a replay).
  const rec = await exportRecording(page);
  const withEvent = rec.ticks.filter((t) => t.events.some((e) => e.module === module) && (t.tick - rec.startTick) % 60 !== 0);
  expect(withEvent.length).toBeGreaterThan(0);
  const tick = withEvent[withEvent.length - 1]!.tick;
  await scrubTo(page, tick);
  await expect.poll(() => state(page, "ok")).toBe("true");
  expect(await state(page, "scrubbing")).toBe("true");
  expect(await state(page, "tick")).toBe(String(tick));
  const head = page.locator(".inspector-detail-head");
  await expect.poll(() => head.getAttribute("data-hash")).toBe(await head.getAttribute("data-expected"));
  expect(await page.locator(`.inspector-event[data-module="${module}"]`).count()).toBeGreaterThan(0);
  expect(await page.locator("output.inspector-state").textContent()).toContain("every hash and event matches");
  // Back to live, then the exported recording imports with a replay that matches.
  await page.getByRole("button", { name: "resume live" }).click();
  await expect.poll(() => state(page, "scrubbing")).toBe("false");
  await page.getByRole("button", { name: "import recording" }).click();
  await expect.poll(() => state(page, "imported")).toBe("true");
  expect(await page.locator("output.inspector-state").textContent()).toMatch(/imported \d+ ticks, replay matches/);
  return { page, errors, tick };
}

describe("inspector on the AI pages", () => {
  it("behaviour tree: the tick trace of a 200-node tree shows every node", async () => {
    const nodes = Array.from({ length: 199 }, (_, i) => ({ type: "wait", name: `w${i}`, duration: 0 }));
    const { page, errors, tick } = await inspectPage("decision-behavior-tree", "bt", async (p) => {
      await p
        .locator("section .panel textarea")
        .first()
        .fill(JSON.stringify({ version: 1, root: { type: "sequence", name: "root", children: nodes } }));
      await p.getByRole("button", { name: "Apply JSON" }).click();
    });
    await scrubTo(page, tick);
    await expect.poll(() => state(page, "ok")).toBe("true");
    const detail = page.locator('.inspector-event[data-module="bt"] pre.inspector-event-detail').first();
    expect(await detail.getAttribute("data-lines")).toBe("201"); // "nodes: (200)" and one line per node
    expect(await detail.textContent()).toContain("w198");
    // The timeline zooms with the wheel and scrolls by dragging (then stops following the end).
    const timeline = page.locator("canvas.inspector-timeline");
    const box = (await timeline.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + 8);
    const span = Number(await state(page, "span"));
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => Number(await state(page, "span"))).toBeLessThan(span);
    expect(await state(page, "follow")).toBe("false");
    await page.getByRole("button", { name: "resume live" }).click();
    await expect.poll(() => state(page, "follow")).toBe("true");
    await page.mouse.move(box.x + box.width * 0.7, box.y + 8);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + 8, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => state(page, "follow")).toBe("false");
    expect(await state(page, "scrubbing")).toBe("false"); // a drag scrolls, it does not seek
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("state machine: transitions", async () => {
    const { page, errors } = await inspectPage("decision-fsm", "fsm", async (p) => {
      await p.getByRole("button", { name: "event: see" }).click();
    });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("utility: breakdowns", async () => {
    const { page, errors, tick } = await inspectPage("decision-utility", "utility");
    await scrubTo(page, tick);
    await expect.poll(() => state(page, "ok")).toBe("true");
    expect(await page.locator('.inspector-event[data-module="utility"] pre').first().getAttribute("data-lines")).toBe("5"); // one line per option
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("GOAP: plans with the search's nodes", async () => {
    const { page, errors, tick } = await inspectPage("planning-goap", "goap", async (p) => {
      // Make it replan while recording: hide the enemy behind a click anywhere off the fact list.
      await p.waitForTimeout(500);
      const box = (await p.locator("section canvas").first().boundingBox())!;
      await p.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.9);
    });
    await scrubTo(page, tick);
    await expect.poll(() => state(page, "ok")).toBe("true");
    expect(await page.locator('.inspector-event[data-module="goap"] pre').first().textContent()).toContain("nodes: (");
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("HTN: plans with the whole decomposition trace, and a failed step's partial replan", async () => {
    const { page, errors, tick } = await inspectPage("planning-htn", "htn", async (p) => {
      // Every tree node's label fits its box, left of the stats column.
      await expect.poll(() => p.locator("section canvas").first().getAttribute("data-clipped-labels")).toBe("0");
      // Make the running step fail while recording: the page re-decomposes only the task above it.
      await p.waitForTimeout(1500);
      await p.getByRole("button", { name: "Fail current step (replan partially)" }).click();
      await expect.poll(() => p.locator("section .stats").textContent()).toContain("partial replans 1");
      // Then a click near the left end of the third fact box (near(home, shop), at x 370…530 and y 16…42
      // of 800 × 600; x 385 would be the second box with the old 190 px spacing).
      const box = (await p.locator("section canvas").first().boundingBox())!;
      await p.mouse.click(box.x + (385 / 800) * box.width, box.y + (29 / 600) * box.height);
    });
    const rec = await exportRecording(page);
    const events = rec.ticks.flatMap((t) => t.events);
    expect(events.some((e) => e.module === "htn" && /^replan (travel|pay)\(/.test(e.label))).toBe(true);
    expect(events.some((e) => e.module === "runner" && e.agent === "shopper" && e.label.startsWith("start "))).toBe(true);
    // The failing tick's input is recorded with it, so the replays repeat it.
    expect(rec.ticks.some((t) => JSON.stringify(t.inputs) === '[{"fail":true}]')).toBe(true);
    expect(rec.ticks.some((t) => JSON.stringify(t.inputs) === '[{"toggle":"near(home, shop)"}]')).toBe(true);
    // Scrub to the partial replan itself: restored from a keyframe and replayed, its detail lists
    // the re-decomposed task and every trace node.
    const at = rec.ticks.filter((t) => t.events.some((e) => e.module === "htn" && e.label.startsWith("replan")) && (t.tick - rec.startTick) % 60 !== 0);
    expect(at.length).toBeGreaterThan(0);
    await scrubTo(page, at[0]!.tick);
    await expect.poll(() => state(page, "ok")).toBe("true");
    const detail = page.locator('.inspector-event[data-module="htn"] pre').first();
    const text = (await detail.textContent())!;
    expect(text).toContain("kind: partial replan");
    expect(text).toMatch(/replannedTask: (travel\(home, shop\)|pay\(shop\))/);
    expect(text).toContain("trace: (");
    expect(text).toContain("task=errand(home, shop) method=errand depth=0 parent=-1 step=-1");
    // Scrubbing back and forward reproduces the same trace: back to the tick, same hash and detail.
    await scrubTo(page, tick);
    await expect.poll(() => state(page, "ok")).toBe("true");
    await scrubTo(page, at[0]!.tick);
    await expect.poll(() => state(page, "ok")).toBe("true");
    expect(await page.locator('.inspector-event[data-module="htn"] pre').first().textContent()).toBe(text);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("influence map: propagations", async () => {
    const { page, errors } = await inspectPage("perception-influence", "influence");
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("vision: the guard's target memory and awareness", async () => {
    const { page, errors } = await inspectPage("perception-vision", "memory", async (p) => {
      // Stand 3 cells in front of the guard (cell 20.5, 15.5 of a 40 × 30 grid) as it sweeps.
      const box = (await p.locator("section canvas").first().boundingBox())!;
      await p.mouse.move(box.x + (23.5 / 40) * box.width, box.y + (15.5 / 30) * box.height);
    });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("a malformed import names the JSON path and keeps the recording", async () => {
    const { page, errors } = await open("#/decision-utility", "decision-utility");
    await page.locator("button.inspect-toggle").click();
    await page
      .locator("textarea.inspector-io")
      .fill(
        '{"format":"tactica.inspector","version":1,"world":"decision-utility","snapshotEvery":60,"maxTicks":9,"startTick":0,"startHash":1,"ticks":[{"tick":5}]}',
      );
    await page.getByRole("button", { name: "import recording" }).click();
    await expect.poll(() => state(page, "imported")).toBe("error");
    expect(await page.locator("output.inspector-state").textContent()).toContain("$.ticks[0].tick");
    // The page without the inspector still runs: toggle it off.
    await page.locator("button.inspect-toggle").click();
    expect(await page.locator(".inspector-dock").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
