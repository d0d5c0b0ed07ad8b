import { createRng, isTacticaError, type TacticaErrorCode } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  advanceSearch,
  clearVisibleSpots,
  createSearchCoordinator,
  investigatorLimit,
  isSearchOver,
  requestSearchSpot,
  SearchMode,
  setSearchTarget,
  SpotState,
  staggerStandDown,
  startSearch,
} from "../../src/index";

function throwsCode(f: () => unknown, code: TacticaErrorCode): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(isTacticaError(caught, code), String(caught)).toBe(true);
}

describe("search coordinator (ch. 27)", () => {
  it("hands out the best free spot, never one spot to two searchers, never a searched one", () => {
    const c = createSearchCoordinator(8, { actualWeight: 0 });
    expect(startSearch(c, 0, 0, [10, 0, 2, 0, 5, 5, -3, 0])).toBe(4);
    expect(requestSearchSpot(c, 1, 0, 0)).toBe(1); // (2, 0): closest to estimate and searcher
    expect(requestSearchSpot(c, 2, 0, 0)).toBe(3); // (−3, 0): next best; spot 1 is taken
    expect(c.state[1]).toBe(SpotState.InProgress);
    expect(c.owner[1]).toBe(1);
    expect(requestSearchSpot(c, 1, 2, 0)).toBe(2); // searcher 1 finished spot 1
    expect(c.state[1]).toBe(SpotState.Searched);
    expect(requestSearchSpot(c, 2, -3, 0)).toBe(0);
    expect(requestSearchSpot(c, 1, 5, 5)).toBe(-1);
    expect(requestSearchSpot(c, 2, 10, 0)).toBe(-1);
    expect(isSearchOver(c)).toBe(true);
  });

  it("returns −1 after the time limit", () => {
    const c = createSearchCoordinator(4, { timeLimit: 10 });
    startSearch(c, 0, 0, [1, 1, 2, 2]);
    advanceSearch(c, 9.9);
    expect(isSearchOver(c)).toBe(false);
    advanceSearch(c, 0.1);
    expect(requestSearchSpot(c, 1, 0, 0)).toBe(-1);
    expect(isSearchOver(c)).toBe(true);
  });

  it("leans slightly towards the actual position", () => {
    const c = createSearchCoordinator(4, { actualWeight: 0.1 });
    startSearch(c, 0, 0, [5, 0, -5, 0]);
    setSearchTarget(c, -20, 0);
    expect(requestSearchSpot(c, 1, 0, 0)).toBe(1);
  });

  it("never assigns a spot twice under random requests (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 2, maxLength: 40 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.double({ min: -50, max: 50, noNaN: true })), { minLength: 1, maxLength: 40 }),
        (coords, requests) => {
          const c = createSearchCoordinator(20);
          startSearch(c, 0, 0, coords.length % 2 === 0 ? coords : coords.slice(1));
          const handedOut = new Set<number>();
          const holding = new Map<number, number>();
          for (const [searcher, x] of requests) {
            const s = requestSearchSpot(c, searcher, x, -x);
            if (s < 0) {
              holding.delete(searcher); // its previous spot counts as searched
              continue;
            }
            expect(handedOut.has(s)).toBe(false); // never twice (searched spots are never handed out again)
            handedOut.add(s);
            holding.set(searcher, s);
            const owners = [...c.owner.subarray(0, c.count)].filter((o) => o >= 0);
            expect(new Set(owners).size).toBe(owners.length); // each searcher holds at most one spot
          }
          for (const [searcher, s] of holding) expect(c.owner[s]).toBe(searcher);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("clears visible spots passively, time-sliced", () => {
    const c = createSearchCoordinator(8);
    startSearch(c, 0, 0, [5, 0, 6, 1, -5, 0, 7, -1, 8, 0]);
    const cone = { viewRange: 10, fieldOfView: Math.PI / 2 };
    const wall = (_x0: number, _y0: number, x1: number): boolean => x1 !== 6;
    const s = requestSearchSpot(c, 9, 4, 0);
    expect(clearVisibleSpots(c, cone, 0, 0, 0, wall, 2)).toBe(1); // spots 0 and 1 tested; 1 is behind a wall
    expect(c.state[0]).toBe(SpotState.Searched);
    expect(c.state[1]).toBe(SpotState.Unsearched);
    expect(clearVisibleSpots(c, cone, 0, 0, 0, wall, 2)).toBe(1); // spots 2 (behind) and 3
    expect(c.state[3]).toBe(SpotState.Searched);
    expect(clearVisibleSpots(c, cone, 0, 0, 0, wall, 10)).toBe(1); // spot 4; 1 and 2 still hidden
    expect(c.state[4]).toBe(SpotState.Searched);
    expect(c.owner[s]).toBe(-1); // the in-progress spot seen on the way is searched and released
  });

  it("investigator limits and staggered stand-down", () => {
    expect(investigatorLimit(SearchMode.Cautious)).toBe(1);
    expect(investigatorLimit(SearchMode.Aggressive)).toBe(3);
    const a = staggerStandDown(new Float64Array(6), 1, 4, createRng(5));
    const b = staggerStandDown(new Float64Array(6), 1, 4, createRng(5));
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(6);
    const sorted = [...a].sort((x, y) => x - y);
    for (let i = 1; i < 6; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(0.1 - 1e-12); // a fifth of a 0.5 s slot apart at least
    for (const d of a) {
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThan(4);
    }
    throwsCode(() => staggerStandDown(new Float64Array(2), 3, 1, createRng(1)), "PERCEPTION_CONFIG");
    throwsCode(() => createSearchCoordinator(0), "PERCEPTION_CONFIG");
    throwsCode(() => startSearch(createSearchCoordinator(2), 0, 0, [1, 2, 3]), "PERCEPTION_CONFIG");
    throwsCode(() => advanceSearch(createSearchCoordinator(2), Number.NaN), "PERCEPTION_CONFIG");
  });
});
