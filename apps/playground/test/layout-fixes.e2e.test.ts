import { describe, expect, it } from "vitest";
import { useBuiltPlayground } from "./built-playground";

// Regression tests for two playground defects, at 1280×800 in Chromium (built playground): the
// chess stats overlay covered rank 8, and the grid page's 256² demo map started in a walled-off
// pocket (the first free cell), so the default query had no path.

const { open } = useBuiltPlayground();

describe("playground layout fixes", () => {
  it("chess: the stats overlay covers no square of the board", async () => {
    const { page, errors } = await open("#/search-games?game=chess", "search-games");
    await expect.poll(async () => (await page.locator("section .stats").textContent()) ?? "").toContain("chess vs");
    const canvas = (await page.locator("section canvas").first().boundingBox())!;
    const stats = (await page.locator("section .stats").boundingBox())!;
    // The board: 8 × 64 px squares from canvas pixel (40, 30) of the 800 × 600 canvas.
    const k = canvas.width / 800;
    const board = { x: canvas.x + 40 * k, y: canvas.y + 30 * k, w: 512 * k, h: 512 * k };
    const overlaps = stats.x < board.x + board.w && stats.x + stats.width > board.x && stats.y < board.y + board.h && stats.y + stats.height > board.y;
    expect(overlaps, JSON.stringify({ stats, board })).toBe(false);
    // Still over the canvas, not over the control panel.
    expect(stats.x + stats.width).toBeLessThanOrEqual(canvas.x + canvas.width + 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("grid: the 256² and 512² demo maps start with a path between the default start and goal", async () => {
    for (const map of ["256×256", "512×512"]) {
      const { page, errors } = await open(`#/grid-pathfinding?map=${map}&solver=A*`, "grid-pathfinding");
      const text = (await page.locator("section .stats").textContent()) ?? "";
      expect(text, map).toContain(`map ${map}`);
      expect(text, map).not.toContain("no path");
      expect(text, map).toMatch(/cost \d+(\.\d+)?/);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
