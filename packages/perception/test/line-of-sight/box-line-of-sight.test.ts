import { aabbIntersectsSegment, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxLineOfSight, canSee } from "../../src/index";

const coord = fc.double({ min: -20, max: 20, noNaN: true });
const integral = fc.integer({ min: -20, max: 20 });
const box = fc
  .tuple(fc.oneof(coord, integral), fc.oneof(coord, integral), fc.double({ min: 0, max: 8, noNaN: true }), fc.double({ min: 0, max: 8, noNaN: true }))
  .map(([x, y, w, h]) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h }));

describe("boxLineOfSight", () => {
  it("answers exactly like testing every box", () => {
    fc.assert(
      fc.property(
        fc.array(box, { minLength: 0, maxLength: 30 }),
        fc.array(fc.tuple(fc.oneof(coord, integral), fc.oneof(coord, integral), fc.oneof(coord, integral), fc.oneof(coord, integral)), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.option(fc.double({ min: 0.3, max: 12, noNaN: true }), { nil: undefined }),
        (boxes, rays, cellSize) => {
          const los = boxLineOfSight(boxes, cellSize === undefined ? {} : { cellSize });
          for (const [x0, y0, x1, y1] of rays) {
            const brute = !boxes.some((b) => aabbIntersectsSegment(b, { x: x0, y: y0 }, { x: x1, y: y1 }));
            expect(los(x0, y0, x1, y1), `${x0},${y0} → ${x1},${y1}`).toBe(brute);
          }
        },
      ),
      { numRuns: 300, seed: 14 },
    );
  });

  it("blocks through a wall, passes beside it, and an empty list never blocks", () => {
    const los = boxLineOfSight([{ minX: 4, minY: -1, maxX: 5, maxY: 1 }]);
    expect(canSee({ viewRange: 10, fieldOfView: Math.PI }, 0, 0, 0, 8, 0, { lineOfSight: los })).toBe(false);
    expect(los(0, 2, 8, 2)).toBe(true);
    expect(los(0, 1, 8, 1)).toBe(false); // grazing the top edge counts as blocked, as aabbIntersectsSegment
    expect(los(4.5, 0, 4.5, 0)).toBe(false); // a point inside
    expect(boxLineOfSight([])(0, 0, 1, 1)).toBe(true);
  });

  it("rejects bad boxes and cell sizes with PERCEPTION_CONFIG naming the box", () => {
    for (const [boxes, path] of [
      [[{ minX: 0, minY: 0, maxX: -1, maxY: 1 }], "maxX"],
      [[{ minX: Number.NaN, minY: 0, maxX: 1, maxY: 1 }], "minX"],
      [[null], "boxes[0]"],
      ["nope", "boxes"],
    ] as const) {
      try {
        boxLineOfSight(boxes as never);
        expect.unreachable();
      } catch (e) {
        expect(isTacticaError(e, "PERCEPTION_CONFIG")).toBe(true);
        expect((e as { path?: string }).path).toBe(path);
      }
    }
    expect(() => boxLineOfSight([{ minX: 0, minY: 0, maxX: 1, maxY: 1 }], { cellSize: 0 })).toThrow(/cellSize/);
  });
});
