import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBuiltPlayground } from "./built-playground";

// The navmesh generation page's partition, area-tag and swim controls in Chromium (built
// playground): switching the partition rebuilds the regions, a forest volume tags polygons (drawn
// green) and its tag cost changes the path, and the swim toggle adds a pond whose swim vertices sit
// at the water surface.

const { open } = useBuiltPlayground();

const stats = (page: Page) =>
  page
    .locator("section .stats")
    .textContent()
    .then((t) => t ?? "");
const control = (page: Page, label: string) =>
  page.locator("section label.control", { has: page.locator("span", { hasText: new RegExp(`^${label}$`) }) }).locator("select, input");

/** Sets a range slider's value and fires its input event. */
async function setSlider(page: Page, label: string, value: number): Promise<void> {
  await control(page, label.replace(/[×()]/g, "\\$&")).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    input.value = String(v);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, value);
}

/** Canvas pixels of world point (x, z) in metres (40 px per metre on the 800×600 canvas), as RGB. */
function pixelAt(page: Page, x: number, z: number): Promise<[number, number, number]> {
  return page
    .locator("section canvas")
    .first()
    .evaluate(
      (c, p) => {
        const d = (c as HTMLCanvasElement).getContext("2d")!.getImageData(Math.round(p.x * 40), Math.round(p.z * 40), 1, 1).data;
        return [d[0]!, d[1]!, d[2]!] as [number, number, number];
      },
      { x, z },
    );
}

const pathOf = (s: string): { length: number; cost: number } => {
  const m = /path ([\d.]+) m cost ([\d.]+)/.exec(s);
  if (!m) throw new Error(`no path in stats: ${s}`);
  return { length: Number(m[1]), cost: Number(m[2]) };
};

describe("navmesh generation page: partition, area tags and swim", () => {
  it("switches the partition, tags a forest that bends the path, and swims across the pond", async () => {
    const { page, errors } = await open("#/navmesh-voxel", "navmesh-voxel");
    await expect.poll(() => stats(page)).toMatch(/partition watershed; forest none/);
    const watershed = /regions (\d+)/.exec(await stats(page))![1];

    for (const p of ["monotone", "layers"]) {
      await control(page, "partition").selectOption(p);
      await expect.poll(() => stats(page)).toContain(`partition ${p};`);
      expect(/regions (\d+)/.exec(await stats(page))![1]).toMatch(/^\d+$/);
    }
    // Layer regions merge more than watershed ones in this room (3 against 8).
    expect(Number(/regions (\d+)/.exec(await stats(page))![1])).toBeLessThan(Number(watershed));
    await control(page, "partition").selectOption("watershed");

    // No forest: the straight-ish path south of the table. The south lane forest at cost ×1 keeps it.
    const plain = pathOf(await stats(page));
    await control(page, "forest").selectOption("south lane");
    await expect.poll(() => stats(page)).toMatch(/forest south lane: [1-9]\d* tagged polygons, cost ×4/);
    // The forest's polygons are drawn green (#3f9a4c) inside the volume, untagged ones slate (#55657e).
    const [r, g, b] = await pixelAt(page, 8, 10);
    expect(g).toBeGreaterThan(r + 40);
    expect(g).toBeGreaterThan(b + 40);
    const [ur, ug, ub] = await pixelAt(page, 16, 13.5);
    expect(ub).toBeGreaterThan(ug);
    expect(ug).toBeGreaterThan(ur);
    // Cost ×4 sends the path round the lane: longer in metres than the plain path.
    const avoiding = pathOf(await stats(page));
    expect(avoiding.length).toBeGreaterThan(plain.length + 1);
    await setSlider(page, "forest cost ×", 1);
    await expect.poll(() => stats(page)).toContain("cost ×1");
    expect(pathOf(await stats(page)).length).toBeCloseTo(plain.length, 1);

    // Swim: the start (1.5, 7.5) is in the pond; the path swims out and its swim vertices are at y 1.8.
    await control(page, "swim").selectOption("on");
    await expect.poll(() => stats(page)).toMatch(/swim: \d+ path points, [2-9]\d* at the surface \(y 1\.8 m\)/);
    // Swim polygons drawn in the swim colour (#35b5c9) in the pond.
    const [sr, sg, sb] = await pixelAt(page, 2.5, 7);
    expect(sb).toBeGreaterThan(sr + 60);
    expect(sg).toBeGreaterThan(sr + 60);
    await control(page, "swim").selectOption("off");
    await expect.poll(() => stats(page)).not.toContain("swim:");
    expect(errors).toEqual([]);
    await page.close();
  });
});
