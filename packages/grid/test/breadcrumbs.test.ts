import { describe, expect, it } from "vitest";
import { breadcrumbAt, createBreadcrumbTrail, createGrid, dropBreadcrumb, followBreadcrumbs, setCellPassable } from "../src";

describe("breadcrumbs", () => {
  it("keeps at most K crumbs, newest first", () => {
    const t = createBreadcrumbTrail(3);
    for (const c of [1, 2, 2, 3, 4]) dropBreadcrumb(t, c);
    expect(t.count).toBe(3);
    expect([0, 1, 2, 3].map((a) => breadcrumbAt(t, a))).toEqual([4, 3, 2, -1]);
  });

  it("a follower on any crumb reaches the leader without a search, skipping crumbs", () => {
    const g = createGrid(12, 8);
    for (let y = 0; y < 6; y++) setCellPassable(g, 6, y, false);
    const t = createBreadcrumbTrail(64);
    // The leader walks a U around the wall: down column 2, along row 7, up column 9.
    const path: [number, number][] = [];
    for (let y = 0; y <= 7; y++) path.push([2, y]);
    for (let x = 3; x <= 9; x++) path.push([x, 7]);
    for (let y = 6; y >= 0; y--) path.push([9, y]);
    for (const [x, y] of path) dropBreadcrumb(t, y * 12 + x);
    // The follower starts on the oldest crumb.
    const at = { x: 2, y: 0 };
    const out = { x: 0, y: 0 };
    let steps = 0;
    while (followBreadcrumbs(out, g, t, at.x, at.y)) {
      expect(Math.max(Math.abs(out.x - at.x), Math.abs(out.y - at.y))).toBe(1);
      at.x = out.x;
      at.y = out.y;
      steps++;
      expect(steps).toBeLessThan(path.length);
    }
    expect(at).toEqual({ x: 9, y: 0 });
    // Diagonal shortcuts at the corners skip crumbs: fewer steps than crumbs.
    expect(steps).toBeLessThan(path.length - 1);
    expect(followBreadcrumbs(out, g, t, 0, 7)).toBe(false); // off the trail
  });
});
