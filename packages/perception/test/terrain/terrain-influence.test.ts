import { isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addRegionInfluence,
  addTileInfluence,
  artilleryInfluence,
  commanderInfluence,
  decomposeTerrain,
  linearInfluence,
  mergeTerrainRegions,
  mixPlayerInfluence,
  createRegionCenterCost,
  regionNeighbors,
  travelTimeInfluence,
} from "../../src/index";

describe("region merging (ch. 31, second pass)", () => {
  it("merges a sliver into its same-terrain neighbour (the example)", () => {
    const terrain = Int32Array.from([0, 0, 0, 0, 0, 0, 0, 0, 1]);
    const rects = decomposeTerrain(terrain, 3, 3);
    expect(rects.count).toBe(3);
    const regions = mergeTerrainRegions(rects);
    expect(regions.count).toBe(2);
    expect([...regions.tileRegion]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(regions.tiles[0]).toBe(8);
  });

  it("refuses a merge whose centre would fall outside the region (too concave)", () => {
    // G W W W / G W W W / G G G G (top to bottom): the bottom row and the left column are grass slivers
    // whose union's box centre (1, 1) is water.
    const G = 0;
    const W = 1;
    const terrain = Int32Array.from([G, G, G, G, G, W, W, W, G, W, W, W]);
    const rects = decomposeTerrain(terrain, 4, 3);
    const regions = mergeTerrainRegions(rects);
    expect(regions.count).toBe(rects.count);
  });

  it("keeps regions homogeneous, within the size limit, covering every tile, with the centre inside merged ones (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 2, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 196, maxLength: 196 }),
        (w, h, maxSize, cells) => {
          const terrain = Int32Array.from(cells.slice(0, w * h));
          const rects = decomposeTerrain(terrain, w, h, { maxSize });
          const regions = mergeTerrainRegions(rects, { maxSize });
          expect(regions.count).toBeLessThanOrEqual(rects.count);
          const counted = new Int32Array(regions.count);
          for (let y = 0; y < h; y++) {
            for (let x = 0; x < w; x++) {
              const g = regions.tileRegion[y * w + x]!;
              counted[g]!++;
              expect(terrain[y * w + x]).toBe(regions.terrain[g]);
              expect(x >= regions.x0[g]! && x <= regions.x1[g]! && y >= regions.y0[g]! && y <= regions.y1[g]!).toBe(true);
            }
          }
          const parts = new Int32Array(regions.count);
          for (const g of regions.rectangleRegion) parts[g]!++;
          for (let g = 0; g < regions.count; g++) {
            expect(counted[g]).toBe(regions.tiles[g]);
            expect(regions.x1[g]! - regions.x0[g]! + 1).toBeLessThanOrEqual(maxSize);
            expect(regions.y1[g]! - regions.y0[g]! + 1).toBeLessThanOrEqual(maxSize);
            if (parts[g]! > 1) expect(regions.tileRegion[((regions.y0[g]! + regions.y1[g]!) >> 1) * w + ((regions.x0[g]! + regions.x1[g]!) >> 1)]).toBe(g);
          }
        },
      ),
      { numRuns: 80, seed: 31 },
    );
  });
});

describe("region influence (Listing 31.1 with its erratum fixed) and Eq. 31.1–31.4", () => {
  it("Figure 31.3: infantry 5 by Manhattan distance; three in a row peak at 13 on tiles, 15 in one region", () => {
    const one = addTileInfluence(new Float64Array(11 * 11), 11, 11, 5, 5, 5);
    expect([0, 1, 2, 3, 4, 5].map((d) => one[5 * 11 + 5 + d])).toEqual([5, 4, 3, 2, 1, 0]);
    expect(one[4 * 11 + 4]).toBe(3); // Manhattan 2
    expect(addTileInfluence(new Float64Array(25), 5, 5, 0, 0, 2.5)[2]).toBe(0.5); // a fractional strength reaches 2 tiles
    const three = new Float64Array(11 * 11);
    for (const x of [4, 5, 6]) addTileInfluence(three, 11, 11, x, 5, 5);
    expect(Math.max(...three)).toBe(13);
    const neighbors = [[1], [0, 2], [1]];
    const regions = new Float64Array(3);
    for (let k = 0; k < 3; k++) addRegionInfluence(regions, neighbors, 0, 5);
    expect([...regions]).toEqual([15, 12, 9]);
  });

  it("every region gets a unit's influence exactly once, at its shortest distance (property; the erratum)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(fc.nat(11), fc.nat(11)), { minLength: 0, maxLength: 30 }),
        fc.nat(11),
        fc.integer({ min: 1, max: 9 }),
        (n, edges, start, strength) => {
          const sets = Array.from({ length: n }, () => new Set<number>());
          for (const [a, b] of edges)
            if (a < n && b < n && a !== b) {
              sets[a]!.add(b);
              sets[b]!.add(a);
            }
          const neighbors = sets.map((s) => [...s]);
          const from = start % n;
          const out = addRegionInfluence(new Float64Array(n), neighbors, from, strength);
          // BFS distances.
          const dist = new Array<number>(n).fill(Infinity);
          dist[from] = 0;
          const queue = [from];
          while (queue.length > 0) {
            const r = queue.shift()!;
            for (const q of neighbors[r]!) {
              if (dist[q] === Infinity) {
                dist[q] = dist[r]! + 1;
                queue.push(q);
              }
            }
          }
          for (let r = 0; r < n; r++) expect(out[r]).toBe(Math.max(strength - dist[r]!, 0));
          // Uneven costs (a region can be pushed again with a shorter distance): Bellman–Ford reference.
          const cost = (a: number, b: number): number => 1 + ((a * 7 + b * 3) % 3) * 0.75;
          const weighted = addRegionInfluence(new Float64Array(n), neighbors, from, strength, { cost });
          const wd = new Array<number>(n).fill(Infinity);
          wd[from] = 0;
          for (let pass = 0; pass < n; pass++)
            for (let a = 0; a < n; a++) for (const b of neighbors[a]!) if (wd[a]! + cost(a, b) < wd[b]!) wd[b] = wd[a]! + cost(a, b);
          for (let r = 0; r < n; r++) expect(weighted[r]).toBeCloseTo(Math.max(strength - wd[r]!, 0), 9);
        },
      ),
      { numRuns: 150, seed: 311 },
    );
  });

  it("a region pushed twice (a shorter way found later) still gets the influence once", () => {
    // 0–1 costs 3, 0–2 and 2–1 cost 1: region 1 is pushed at distance 3, then again at 2.
    const cost = (a: number, b: number): number => (a + b === 1 ? 3 : 1);
    const out = addRegionInfluence(
      new Float64Array(3),
      [
        [1, 2],
        [0, 2],
        [0, 1],
      ],
      0,
      5,
      { cost },
    );
    expect([...out]).toEqual([5, 3, 4]);
  });

  it("unit-specific passability and costs; per-player maps mixed at query time", () => {
    const neighbors = [
      [1, 2],
      [0, 3],
      [0, 3],
      [1, 2],
    ];
    const cavalry = addRegionInfluence(new Float64Array(4), neighbors, 0, 8, { cost: (_f, to) => (to === 1 ? Infinity : 2) });
    expect([...cavalry]).toEqual([8, 0, 6, 4]);
    const me = Float64Array.of(10, 0);
    const ally = Float64Array.of(8, 4);
    const enemy = Float64Array.of(0, 12);
    expect(mixPlayerInfluence([me, ally, enemy], [1, 0.25, -1], 0)).toBe(12);
    expect(mixPlayerInfluence([me, ally, enemy], [1, 0.25, -1], 1)).toBe(-11);
    expect(() => mixPlayerInfluence([me], [1, 2], 0)).toThrow(/weight/);
  });

  it("Eq. 31.1–31.4 clamp at 0", () => {
    expect(linearInfluence(5, 3, 1)).toBe(2);
    expect(linearInfluence(5, 9, 1)).toBe(0);
    expect(travelTimeInfluence(10, 15, 60)).toBe(7.5);
    expect(travelTimeInfluence(10, 90, 60)).toBe(0);
    expect(artilleryInfluence(10, 5, 8, 10, 20, 10, 60)).toBe(10); // in range
    expect(artilleryInfluence(10, 9, 8, 10, 20, 10, 60)).toBeCloseTo(10 * (20 / 60), 12); // pack + move + unpack = 40 s
    expect(commanderInfluence(20, 3, 2)).toBe(11);
    expect(commanderInfluence(20, 5, 2)).toBe(0);
    let caught: unknown;
    try {
      travelTimeInfluence(1, 1, 0);
    } catch (e) {
      caught = e;
    }
    expect(isTacticaError(caught, "PERCEPTION_CONFIG")).toBe(true);
  });

  it("regionNeighbors of merged regions feed the walk", () => {
    const regions = mergeTerrainRegions(decomposeTerrain(Int32Array.from([0, 0, 0, 0, 0, 0, 0, 0, 1]), 3, 3));
    const nb = regionNeighbors(regions);
    expect(nb).toEqual([[1], [0]]);
    expect([...addRegionInfluence(new Float64Array(2), nb, 1, 3)]).toEqual([2, 3]);
  });
});

// Figure 31.3 of *Game AI Pro 2* ch. 31 (seed text L8140–L8180), row by row from the top, 7 × 7 tiles:
// Eq. 31.1 with Manhattan distance, k = 1, each unit clamped at 0 before the sum.
const FIGURE_31_3A = [
  [1, 2, 1, 0, 0, 0, 0],
  [2, 3, 2, 1, 0, 0, 0],
  [3, 4, 3, 2, 1, 0, 0],
  [4, 5, 4, 3, 2, 1, 0],
  [3, 4, 3, 2, 1, 0, 0],
  [2, 3, 2, 1, 0, 0, 0],
  [1, 2, 1, 0, 0, 0, 0],
];
const FIGURE_31_3B = [
  [3, 6, 3, 1, 0, 0, 0],
  [6, 9, 6, 3, 1, 0, 0],
  [9, 12, 9, 6, 3, 1, 0],
  [10, 13, 10, 7, 4, 1, 0],
  [9, 12, 9, 6, 3, 1, 0],
  [6, 9, 6, 3, 1, 0, 0],
  [3, 6, 3, 1, 0, 0, 0],
];
// Figure 31.3c prints each tile as "lefty righty"; the lefty half equals (b). The righty half:
const FIGURE_31_3C_RIGHTY = [
  [0, 1, 2, 3, 5, 7, 7],
  [1, 2, 3, 5, 7, 9, 9],
  [2, 3, 5, 7, 9, 11, 11],
  [3, 5, 7, 9, 11, 13, 13],
  [3, 5, 7, 9, 11, 13, 13],
  [3, 5, 7, 9, 11, 13, 13],
  [1, 3, 5, 7, 9, 11, 11],
];

function rows(values: Float64Array, width: number): number[][] {
  return Array.from({ length: values.length / width }, (_, y) => [...values.subarray(y * width, (y + 1) * width)]);
}

describe("Figure 31.3 and Figure 31.4 (golden)", () => {
  it("Figure 31.3a–c: one infantry (5), three infantry, and two cavalry (8) for the other player, tile by tile", () => {
    const a = addTileInfluence(new Float64Array(49), 7, 7, 1, 3, 5);
    expect(rows(a, 7)).toEqual(FIGURE_31_3A);
    const lefty = new Float64Array(49);
    for (const y of [2, 3, 4]) addTileInfluence(lefty, 7, 7, 1, y, 5);
    expect(rows(lefty, 7)).toEqual(FIGURE_31_3B);
    expect(Math.max(...lefty)).toBe(13); // "the highest lefty influence was only 13"
    // The cavalry stand at (5, 3) and (6, 5): 3 tiles apart, so 13 on every tile between them.
    const righty = new Float64Array(49);
    addTileInfluence(righty, 7, 7, 5, 3, 8);
    addTileInfluence(righty, 7, 7, 6, 5, 8);
    expect(rows(righty, 7)).toEqual(FIGURE_31_3C_RIGHTY);
    // The subtraction the chapter warns about: the middle lefty tile reads 13 − 5 = 8.
    expect(lefty[3 * 7 + 1]! - righty[3 * 7 + 1]!).toBe(8);
  });

  it("Figure 31.4: over regions the three lefties give their full 15; the two cavalry in adjacent regions get 13, rather than 16", () => {
    // Regions: columns 0–2 (the lefties), columns 3–4, and columns 5–6 split into row 0, rows 1–3
    // (the cavalry at (5, 3), centre tile (5, 2)) and rows 4–6 (the cavalry at (6, 5), centre (5, 5)).
    const terrain = Int32Array.from({ length: 49 }, (_, i) => {
      const x = i % 7;
      const y = Math.floor(i / 7);
      return x < 3 ? 0 : x < 5 ? 1 : y === 0 ? 2 : y < 4 ? 3 : 4;
    });
    const regions = mergeTerrainRegions(decomposeTerrain(terrain, 7, 7));
    expect(regions.count).toBe(5);
    const neighbors = regionNeighbors(regions);
    const at = (x: number, y: number): number => regions.tileRegion[y * 7 + x]!;
    const cost = createRegionCenterCost(regions);
    const lefty = new Float64Array(regions.count);
    for (const y of [2, 3, 4]) addRegionInfluence(lefty, neighbors, at(1, y), 5, { cost });
    expect(lefty[at(1, 3)]).toBe(15);
    const righty = new Float64Array(regions.count);
    addRegionInfluence(righty, neighbors, at(5, 3), 8, { cost });
    addRegionInfluence(righty, neighbors, at(6, 5), 8, { cost });
    expect(at(5, 3)).not.toBe(at(6, 5));
    expect(neighbors[at(5, 3)]).toContain(at(6, 5));
    expect(cost(at(5, 3), at(6, 5))).toBe(3);
    expect(cost(at(3, 0), at(5, 0))).toBe(5); // centre tiles (3, 3) and (5, 0)
    expect(righty[at(5, 3)]).toBe(13);
    expect(righty[at(6, 5)]).toBe(13);
    expect(Math.max(...righty)).toBe(13); // not 16: they are not in one region
    // One step per region (the default cost) would not reproduce the figure: 8 + 7 = 15.
    const hops = new Float64Array(regions.count);
    addRegionInfluence(hops, neighbors, at(5, 3), 8);
    addRegionInfluence(hops, neighbors, at(6, 5), 8);
    expect(hops[at(5, 3)]).toBe(15);
    // In one region they would give the full 16.
    const together = new Float64Array(regions.count);
    addRegionInfluence(together, neighbors, at(5, 3), 8, { cost });
    addRegionInfluence(together, neighbors, at(5, 3), 8, { cost });
    expect(together[at(5, 3)]).toBe(16);
  });

  it("createRegionCenterCost rejects data that is not regions", () => {
    let caught: unknown;
    try {
      createRegionCenterCost({ count: 2, x0: [0, 1] } as never);
    } catch (e) {
      caught = e;
    }
    expect(isTacticaError(caught, "PERCEPTION_CONFIG")).toBe(true);
  });
});
