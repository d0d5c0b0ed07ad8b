import { createGrid, setCellPassable } from "@tactica/grid";
import { describe, expect, it } from "vitest";
import {
  createInfluenceLayer,
  findAreaOfEffectTarget,
  findBattlefront,
  findSaferSpot,
  findSpacedBattlefront,
  InfluenceFalloff,
  stampInfluence,
  stampPathDistanceInfluence,
  stampRingInfluence,
  computeTemplateRadius,
} from "../../src/index";

describe("ring and path-distance stamps (ch. 30)", () => {
  it("a ring has nothing inside its inner radius, full strength on the inner rim, 0 at the outer", () => {
    const l = stampRingInfluence(createInfluenceLayer(21, 21), 10, 10, 2, 3, 8);
    expect(l.values[10 * 21 + 10]).toBe(0);
    expect(l.values[10 * 21 + 12]).toBe(0); // d = 2 < 3
    expect(l.values[10 * 21 + 13]).toBe(2); // inner rim
    expect(l.values[10 * 21 + 18]).toBe(0); // outer rim
    expect(l.values[10 * 21 + 15]).toBeCloseTo(2 * (1 - 2 / 5), 12);
    const q = stampRingInfluence(createInfluenceLayer(21, 21), 10, 10, 1, 3, 8, { falloff: InfluenceFalloff.Quartic });
    expect(q.values[10 * 21 + 15]).toBeGreaterThan(l.values[10 * 21 + 15]! / 2);
    expect(() => stampRingInfluence(l, 1, 1, 1, 5, 5)).toThrow(/outerRadius/);
  });

  it("path distance flows around a wall where a plain stamp goes through it; open maps match the stamp along axes", () => {
    const grid = createGrid(15, 9);
    for (let y = 0; y < 8; y++) setCellPassable(grid, 7, y, false); // a wall with a gap at the top row (y = 8)
    const path = stampPathDistanceInfluence(createInfluenceLayer(15, 9), grid, 4, 2, 1, 8);
    const plain = stampInfluence(createInfluenceLayer(15, 9), 4, 2, 1, 8);
    expect(plain.values[2 * 15 + 9]).toBeGreaterThan(0.3); // straight through the wall
    expect(path.values[2 * 15 + 9]).toBe(0); // too far around the wall
    expect(path.values[2 * 15 + 7]).toBe(0); // the wall itself
    expect(path.values[2 * 15 + 4]).toBe(1);
    const open = stampPathDistanceInfluence(createInfluenceLayer(15, 9), createGrid(15, 9), 4, 2, 1, 8);
    for (let x = 0; x < 15; x++) expect(open.values[2 * 15 + x]).toBeCloseTo(plain.values[2 * 15 + x]!, 12);
    expect(() => stampPathDistanceInfluence(createInfluenceLayer(3, 3), grid, 0, 0, 1, 2)).toThrow(/grid/);
  });
});

describe("battlefront recipes (ch. 30)", () => {
  const W = 24;
  const H = 11;
  function threats() {
    const enemy = createInfluenceLayer(W, H);
    const ally = createInfluenceLayer(W, H);
    for (const y of [3, 5, 7]) stampInfluence(enemy, 18, y, 1, 9, { falloff: InfluenceFalloff.Quartic });
    for (const y of [3, 5, 7]) stampInfluence(ally, 4, y, 1, 9, { falloff: InfluenceFalloff.Quartic });
    return { enemy, ally };
  }

  it("the nearest battlefront lies between the two sides", () => {
    const { enemy, ally } = threats();
    const interest = stampInfluence(createInfluenceLayer(W, H), 5, 5, 1, 12);
    const cell = findBattlefront(createInfluenceLayer(W, H), enemy, ally, interest);
    const x = cell % W;
    expect(x).toBeGreaterThan(4);
    expect(x).toBeLessThan(18);
  });

  it("with spacing, two allies choose distinct front cells", () => {
    const { enemy, ally } = threats();
    const interest = stampInfluence(createInfluenceLayer(W, H), 5, 5, 1, 14);
    const first = findBattlefront(createInfluenceLayer(W, H), enemy, ally, interest);
    expect(findBattlefront(createInfluenceLayer(W, H), enemy, ally, interest)).toBe(first); // without spacing: the same cell
    // The second ally is repelled by the first one's location at its chosen cell.
    const spacing = stampInfluence(createInfluenceLayer(W, H), first % W, Math.floor(first / W), 1, 3);
    const second = findSpacedBattlefront(createInfluenceLayer(W, H), enemy, ally, interest, spacing);
    expect(second).not.toBe(first);
    const dx = (second % W) - (first % W);
    const dy = Math.floor(second / W) - Math.floor(first / W);
    expect(Math.hypot(dx, dy)).toBeGreaterThanOrEqual(1);
    expect(second % W).toBeGreaterThan(4);
    expect(second % W).toBeLessThan(18);
  });
});

describe("AoE and safer-spot recipes, template sizing (ch. 30)", () => {
  it("AoE: enemy location × interest picks the densest enemies within reach", () => {
    const enemies = createInfluenceLayer(16, 16);
    stampInfluence(enemies, 3, 3, 1, 3);
    stampInfluence(enemies, 12, 12, 1, 3);
    stampInfluence(enemies, 13, 12, 1, 3);
    const interest = createInfluenceLayer(16, 16);
    stampInfluence(interest, 10, 10, 1, 8);
    const cell = findAreaOfEffectTarget(createInfluenceLayer(16, 16), enemies, interest);
    expect(cell % 16).toBeGreaterThanOrEqual(11);
    expect(cell % 16).toBeLessThanOrEqual(13);
    expect(Math.floor(cell / 16)).toBe(12);
    // With the interest centred near the lone enemy instead, that one wins: the pair is out of reach.
    const near = createInfluenceLayer(16, 16);
    stampInfluence(near, 3, 3, 1, 6);
    expect(findAreaOfEffectTarget(createInfluenceLayer(16, 16), enemies, near)).toBe(3 * 16 + 3);
  });

  it("safer spot: (1 − normalised threat) × interest is the least threatened cell within reach", () => {
    const threat = createInfluenceLayer(21, 21);
    stampInfluence(threat, 4, 10, 1, 12);
    const interest = createInfluenceLayer(21, 21);
    stampInfluence(interest, 10, 10, 1, 5, { falloff: InfluenceFalloff.Constant });
    const cell = findSaferSpot(createInfluenceLayer(21, 21), threat, interest);
    // The farthest reachable cell from the threat at (4, 10): (15, 10).
    expect(cell).toBe(10 * 21 + 15);
    // The threat map may be the scratch.
    expect(findSaferSpot(threat, threat, interest)).toBe(10 * 21 + 15);
  });

  it("computeTemplateRadius: 1 m cells, 10 m/s, 1 s refresh give a 21 × 21 template", () => {
    expect(2 * computeTemplateRadius(10, 1, 1) + 1).toBe(21);
    expect(computeTemplateRadius(3, 0.5, 0.5)).toBe(3);
    expect(computeTemplateRadius(2.2, 1, 1)).toBe(3); // rounds up: the agent can reach the third cell
    expect(computeTemplateRadius(0, 1, 1)).toBe(1); // never below the stamp minimum
    expect(() => computeTemplateRadius(-1, 1, 1)).toThrow(/speed/);
    expect(() => computeTemplateRadius(1, 0, 1)).toThrow(/cellSize/);
  });
});
