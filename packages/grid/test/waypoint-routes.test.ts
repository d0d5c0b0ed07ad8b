import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createGrid, createWaypointRoutes, nextWaypoint, waypointRouteDistance, setCellPassable, updateWaypointRoutes, type WaypointRoutes } from "../src";

function checkConsistent(t: WaypointRoutes, fresh: WaypointRoutes): void {
  const n = t.count;
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const d = waypointRouteDistance(t, a, b);
      const ref = waypointRouteDistance(fresh, a, b);
      if (ref === Infinity) expect(d).toBe(Infinity);
      else expect(d).toBeCloseTo(ref, 9);
      const h = nextWaypoint(t, a, b);
      if (a === b || d === Infinity) {
        expect(h).toBe(-1);
        continue;
      }
      // The next hop is linked and lies on a shortest route.
      expect(t.links[a * n + h]).toBeLessThan(Infinity);
      expect(t.links[a * n + h]! + waypointRouteDistance(t, h, b)).toBeCloseTo(d, 9);
    }
  }
}

describe("next-hop tables", () => {
  it("routes by following next hops, with O(1) look-ups", () => {
    // Four rooms' doorways as waypoints around a central pillar.
    const g = createGrid(11, 11);
    for (let y = 3; y <= 7; y++) for (let x = 3; x <= 7; x++) setCellPassable(g, x, y, false);
    const wp = [0, 10, 120, 110, 5, 115]; // corners and top/bottom middles
    const t = createWaypointRoutes(g, wp);
    expect(nextWaypoint(t, 0, 0)).toBe(-1);
    // From the top-left corner to the bottom-right corner: two hops around the pillar.
    let at = 0;
    let hops = 0;
    while (at !== 2 && hops < 10) {
      at = nextWaypoint(t, at, 2);
      hops++;
    }
    expect(at).toBe(2);
    expect(waypointRouteDistance(t, 0, 2)).toBeCloseTo(20, 9);
    expect(t.next).toBeInstanceOf(Uint8Array);
  });

  it("ripple updates equal a full rebuild and skip rows that do not change", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 256, maxLength: 256 }),
        fc.uniqueArray(fc.nat(255), { minLength: 2, maxLength: 14 }),
        fc.array(fc.nat(255), { minLength: 1, maxLength: 6 }),
        (bits, points, edits) => {
          const g = createGrid(16, 16);
          for (let i = 0; i < 256; i++) if (bits[i]! < 0.2) g.passable[i] = 0;
          const wp = points.filter((p) => g.passable[p] === 1);
          if (wp.length < 2) return;
          const t = createWaypointRoutes(g, wp, { maxLink: 8 });
          for (const e of edits) {
            if (wp.includes(e)) continue;
            setCellPassable(g, e % 16, e >> 4, g.passable[e] !== 1);
          }
          const rows = updateWaypointRoutes(t);
          expect(rows).toBeLessThanOrEqual(wp.length);
          checkConsistent(t, createWaypointRoutes(g, wp, { maxLink: 8 }));
        },
      ),
      { numRuns: 120 },
    );
  });

  it("an edit far from every link recomputes no row", () => {
    const g = createGrid(20, 10);
    const t = createWaypointRoutes(g, [0, 9, 19]);
    setCellPassable(g, 5, 8, false);
    expect(updateWaypointRoutes(t)).toBe(0);
  });
});
