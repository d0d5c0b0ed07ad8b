import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { climbInfluence, createInfluenceLayer, influenceGradient, stampInfluence } from "../../src/index";

describe("gradient search (ch. 29)", () => {
  it("climbs to the peak, or down to the valley, and stops on a plateau", () => {
    const l = stampInfluence(createInfluenceLayer(16, 16), 10, 4, 1, 8);
    expect(climbInfluence(l, 3 * 16 + 3)).toBe(4 * 16 + 10);
    expect(climbInfluence(l, 0)).toBe(0); // outside the stamp: a flat plateau, no step
    expect(climbInfluence(l, 9 * 16 + 12)).toBe(4 * 16 + 10);
    const v = climbInfluence(l, 4 * 16 + 9, { descend: true });
    expect(l.values[v]).toBe(0);
    expect(climbInfluence(createInfluenceLayer(4, 4), 5)).toBe(5);
    expect(climbInfluence(l, 3 * 16 + 3, { maxSteps: 1 })).toBe(4 * 16 + 4);
    const wall = new Uint8Array(256).fill(1);
    for (let y = 0; y < 16; y++) wall[y * 16 + 5] = 0;
    expect(climbInfluence(l, 3 * 16 + 3, { passable: wall }) % 16).toBe(4); // cannot cross the wall
  });

  it("every walk ends on a cell no neighbour beats (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 64, maxLength: 64 }), fc.integer({ min: 0, max: 63 }), (vals, start) => {
        const l = createInfluenceLayer(8, 8);
        l.values.set(vals);
        const end = climbInfluence(l, start, { maxSteps: 1000 });
        expect(l.values[end]).toBeGreaterThanOrEqual(l.values[start]!);
        const x = end % 8;
        const y = (end - x) / 8;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < 8 && ny < 8) expect(l.values[ny * 8 + nx]).toBeLessThanOrEqual(l.values[end]!);
          }
      }),
      { numRuns: 100 },
    );
  });

  it("the gradient equals finite differences and is 0 at the peak", () => {
    const l = createInfluenceLayer(5, 4);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 5; x++) l.values[y * 5 + x] = 2 * x - 3 * y + x * y;
    const g = { x: 0, y: 0 };
    influenceGradient(g, l, 2, 1);
    expect(g).toEqual({ x: 2 + 1, y: -3 + 2 });
    influenceGradient(g, l, 0, 0); // one-sided at the corner
    expect(g).toEqual({ x: 2, y: -3 });
    const peak = stampInfluence(createInfluenceLayer(9, 9), 4, 4, 1, 4);
    expect(influenceGradient(g, peak, 4, 4)).toEqual({ x: 0, y: 0 });
  });
});
