// The short soak run in CI (issue 18): 10,000 steps of the soak world, twice — no NaN or Infinity
// in any state array, the same state hash on both runs. The full run is `pnpm soak`.
import { describe, expect, it } from "vitest";
import { createSoakWorld, findNonFinite, hashSoakWorld, runSoak, stepSoakWorld } from "../src/soak/world";

const STEPS = Number(process.env["SOAK_STEPS"] ?? 10_000);

describe("soak world", () => {
  it(`${STEPS} steps stay finite and give the same state hash on two runs`, () => {
    const a = runSoak({ steps: STEPS, seed: 7 });
    const b = runSoak({ steps: STEPS, seed: 7 });
    expect(a.nonFinite).toBeNull();
    expect(a.steps).toBe(STEPS);
    expect(b.hash).toBe(a.hash);
    expect(a.trips).toBeGreaterThan(0); // the D* Lite agent really travels
    expect(a.churn).toBeGreaterThan(0); // crowd handles really get reused
    expect(a.wallMoves).toBeGreaterThan(0); // D* Lite really replans around moved walls
  });
  it("the checks see what they must: a NaN in a crowd column, a changed seed", () => {
    const w = createSoakWorld(3);
    for (let i = 0; i < 50; i++) stepSoakWorld(w, 1 / 30);
    expect(findNonFinite(w)).toBeNull();
    const h = hashSoakWorld(w);
    w.orcaCrowd.velX[2] = Number.NaN;
    expect(findNonFinite(w)).toBe("orcaCrowd.velX[2] = NaN");
    expect(hashSoakWorld(w)).not.toBe(h);
    w.orcaCrowd.velX[2] = 0;
    w.npcs[1]!.hp = Infinity;
    expect(findNonFinite(w)).toBe("npc1.hp = Infinity");
    expect(runSoak({ steps: 200, seed: 1 }).hash).not.toBe(runSoak({ steps: 200, seed: 2 }).hash);
  });
});
