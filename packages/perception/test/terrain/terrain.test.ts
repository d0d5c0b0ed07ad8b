import { isTacticaError, type TacticaErrorCode } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decomposeTerrain, findCulDeSacs, isChokepoint, rectangleNeighbors } from "../../src/index";

function throwsCode(f: () => unknown, code: TacticaErrorCode): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(isTacticaError(caught, code), String(caught)).toBe(true);
}

describe("terrain rectangles (ch. 31)", () => {
  it("cuts a 20 × 45 field into six 10 × 15 pieces", () => {
    const r = decomposeTerrain(new Int32Array(20 * 45), 20, 45);
    expect(r.count).toBe(6);
    for (let i = 0; i < 6; i++) {
      expect(r.x1[i]! - r.x0[i]! + 1).toBe(10);
      expect(r.y1[i]! - r.y0[i]! + 1).toBe(15);
    }
  });

  it("keeps terrains apart", () => {
    // 6 × 4: left half 0, right half 1, with a single tile of 2.
    const t = new Int32Array(24);
    for (let y = 0; y < 4; y++) for (let x = 3; x < 6; x++) t[y * 6 + x] = 1;
    t[2 * 6 + 1] = 2;
    const r = decomposeTerrain(t, 6, 4);
    for (let i = 0; i < 24; i++) expect(r.terrain[r.tileRectangle[i]!]).toBe(t[i]);
    expect(r.terrain.filter((v) => v === 2).length).toBe(1);
    const n = rectangleNeighbors(r);
    const two = r.tileRectangle[2 * 6 + 1]!;
    expect(n[two]!.every((q) => r.terrain[q] === 0)).toBe(true);
  });

  it("covers every tile exactly once with homogeneous rectangles within the size (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 576, maxLength: 576 }),
        (w, h, maxSize, tiles) => {
          const t = Int32Array.from(tiles.slice(0, w * h));
          const r = decomposeTerrain(t, w, h, { maxSize });
          const seen = new Int32Array(w * h);
          for (let i = 0; i < r.count; i++) {
            expect(r.x1[i]! - r.x0[i]! + 1).toBeLessThanOrEqual(maxSize);
            expect(r.y1[i]! - r.y0[i]! + 1).toBeLessThanOrEqual(maxSize);
            for (let y = r.y0[i]!; y <= r.y1[i]!; y++) {
              for (let x = r.x0[i]!; x <= r.x1[i]!; x++) {
                seen[y * w + x]!++;
                expect(t[y * w + x]).toBe(r.terrain[i]);
                expect(r.tileRectangle[y * w + x]).toBe(i);
              }
            }
          }
          expect([...seen].every((c) => c === 1)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("rejects bad sizes", () => {
    throwsCode(() => decomposeTerrain([0, 0, 0], 2, 2), "PERCEPTION_CONFIG");
    throwsCode(() => decomposeTerrain([0], 1, 1, { maxSize: 0 }), "PERCEPTION_CONFIG");
  });
});

describe("cul-de-sacs and chokepoints", () => {
  // (a) room 0 — corridor 1 — room 2, and a closet 3 off room 2.
  const a = [[1], [0, 2], [1, 3], [2]];
  // (b) a ring 0-1-2-3-4-5-6-0: region 0's neighbours 1 and 6 are joined the long way round.
  const b = [
    [1, 6],
    [0, 2],
    [1, 3],
    [2, 4],
    [3, 5],
    [4, 6],
    [5, 0],
  ];

  it("finds cul-de-sacs", () => {
    expect(findCulDeSacs(a)).toEqual([0, 3]);
    expect(findCulDeSacs(b)).toEqual([]);
    expect(findCulDeSacs(b, { passable: [true, true, true, false, true, true, true] })).toEqual([2, 4]);
  });

  it("a corridor is a chokepoint; a ring is one only with a small depth limit", () => {
    expect(isChokepoint(a, 1, Infinity)).toBe(true);
    expect(isChokepoint(a, 0, Infinity)).toBe(false); // one neighbour
    expect(isChokepoint(b, 0, Infinity)).toBe(false);
    expect(isChokepoint(b, 0, 5)).toBe(false); // 1 → 6 takes 5 steps
    expect(isChokepoint(b, 0, 4)).toBe(true);
    expect(isChokepoint(b, 0, Infinity, { passable: [true, true, true, false, true, true, true] })).toBe(true);
    throwsCode(() => isChokepoint(a, 9, 5), "PERCEPTION_CONFIG");
    throwsCode(() => isChokepoint(a, 1, 0), "PERCEPTION_CONFIG");
  });
});
