import { describe, expect, it } from "vitest";
import { createScentField, depositScent, followScent, setScentFade } from "../../src/index";

// A ring of 8 nodes: i is connected to i ± 1.
const ring = Array.from({ length: 8 }, (_, i) => [(i + 7) % 8, (i + 1) % 8]);

describe("scent trails", () => {
  it("the tracker follows the most recent scent of its prey and catches up", () => {
    const field = createScentField(8, { slots: 2 });
    // The hare runs 0 → 1 → 2 → 3 → 4, one node per second.
    for (let t = 0; t <= 4; t++) depositScent(field, 7, t, t);
    let dog = 0;
    const moves: number[] = [];
    for (let step = 0; step < 4; step++) {
      dog = followScent(field, ring, 7, dog, 5, 30);
      moves.push(dog);
    }
    expect(moves).toEqual([1, 2, 3, 4]);
  });

  it("ignores other entities, expires old scent lazily, and fades faster on rivers", () => {
    const field = createScentField(8, { slots: 2 });
    depositScent(field, 1, 1, 10);
    depositScent(field, 2, 7, 12); // another animal, fresher
    expect(followScent(field, ring, 1, 0, 12, 30)).toBe(1);
    expect(followScent(field, ring, 1, 0, 50, 30)).toBe(-1); // 40 s old: too old for this predator
    expect(field.entity[1 * 2]).toBe(-1); // purged while inspected
    expect(field.entity[7 * 2]).toBe(-1); // node 7 was inspected too: 38 s > 30 s
    depositScent(field, 1, 1, 100);
    setScentFade(field, 1, 4);
    expect(followScent(field, ring, 1, 0, 105, 30)).toBe(1); // 5 s × 4 = 20 ≤ 30
    expect(followScent(field, ring, 1, 0, 110, 30)).toBe(-1); // 10 s × 4 = 40 > 30
  });

  it("a full node gives the oldest slot to a new entity", () => {
    const field = createScentField(2, { slots: 2 });
    depositScent(field, 1, 0, 1);
    depositScent(field, 2, 0, 2);
    depositScent(field, 3, 0, 3);
    expect([...field.entity.subarray(0, 2)].sort()).toEqual([2, 3]);
    depositScent(field, 2, 0, 4); // refresh, no new slot
    expect([...field.entity.subarray(0, 2)].sort()).toEqual([2, 3]);
  });
});
