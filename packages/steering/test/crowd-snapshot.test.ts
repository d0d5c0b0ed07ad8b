import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addCrowdAgent,
  createCrowd,
  getCrowdAgentSlot,
  isCrowdAgentAlive,
  removeCrowdAgent,
  restoreCrowd,
  saveCrowd,
  seedCrowdWander,
  stepCrowdBoids,
  wrapCrowd,
  type BoidsParams,
  type Crowd,
  type CrowdSnapshot,
} from "../src/index";

const boids: BoidsParams = {
  neighborRadius: 4,
  separationWeight: 2,
  alignmentWeight: 1,
  cohesionWeight: 1,
  wanderWeight: 0.5,
  wander: { radius: 1, distance: 2, jitter: 4 },
};

function state(c: Crowd): unknown {
  return {
    count: c.count,
    highWater: c.highWater,
    freeCount: c.freeCount,
    alive: [...c.alive],
    generation: [...c.generation],
    free: [...c.freeSlots.subarray(0, c.freeCount)],
    pos: [...c.posX, ...c.posY, ...c.velX, ...c.velY, ...c.wanderX, ...c.wanderY],
    rng: [c.rng.s0, c.rng.s1, c.rng.s2, c.rng.s3],
  };
}

function churned(seed: number): { crowd: Crowd; handles: number[] } {
  const crowd = createCrowd({ capacity: 40, cellSize: 4, rng: createRng(seed) });
  const handles: number[] = [];
  for (let i = 0; i < 30; i++)
    handles.push(addCrowdAgent(crowd, { x: (i % 6) * 2, y: Math.floor(i / 6) * 2, vx: 1, vy: (i % 3) - 1, maxSpeed: 2, maxForce: 4 }));
  seedCrowdWander(crowd, 1);
  for (let s = 0; s < 200; s++) {
    if (s % 40 === 7) removeCrowdAgent(crowd, handles[(s * 7) % handles.length]!);
    if (s % 50 === 11) handles.push(addCrowdAgent(crowd, { x: 1, y: 1, maxSpeed: 2, maxForce: 4 }));
    stepCrowdBoids(crowd, boids, 1 / 30);
    wrapCrowd(crowd, -20, -20, 20, 20);
  }
  return { crowd, handles };
}

describe("handle generations", () => {
  it("a stale handle never aliases a live agent, over random add/remove sequences", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 20, maxLength: 300 }), (ops) => {
        const crowd = createCrowd({ capacity: 5, cellSize: 1, rng: createRng(1) });
        const live: number[] = [];
        const dead: number[] = [];
        for (const op of ops) {
          if (op < 55) {
            const h = addCrowdAgent(crowd, { x: op, y: 0 });
            if (live.length === 5) expect(h).toBe(-1);
            else {
              expect(h).toBeGreaterThanOrEqual(0);
              expect(live).not.toContain(h);
              expect(dead).not.toContain(h); // 2^28 generations per slot: no wrap in 300 ops
              live.push(h);
            }
          } else if (live.length > 0) {
            const h = live.splice(op % live.length, 1)[0]!;
            expect(removeCrowdAgent(crowd, h)).toBe(true);
            dead.push(h);
          }
          for (const h of live) expect(isCrowdAgentAlive(crowd, h)).toBe(true);
          for (const h of dead) expect(isCrowdAgentAlive(crowd, h)).toBe(false);
          expect(crowd.count).toBe(live.length);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("the generation wraps inside the handle's 31 bits (capacity 2^16: 15 generation bits)", () => {
    const crowd = createCrowd({ capacity: 1 << 16, cellSize: 1, rng: createRng(1) });
    expect(crowd.indexBits).toBe(16);
    const first = addCrowdAgent(crowd, { x: 0, y: 0 });
    let h = first;
    let max = 0;
    let aliased = false;
    for (let i = 1; i <= 1 << 15; i++) {
      removeCrowdAgent(crowd, h);
      h = addCrowdAgent(crowd, { x: 0, y: 0 });
      if (h > max) max = h;
      if (i < 1 << 15 && h === first) aliased = true;
    }
    expect(aliased).toBe(false);
    expect(max).toBe(0x7fff0000); // generation 2^15 − 1, slot 0: the largest handle of slot 0
    expect(h).toBe(first); // wrapped after 2^15 reuses
    expect(getCrowdAgentSlot(crowd, h)).toBe(0);
  });
});

describe("saveCrowd / restoreCrowd", () => {
  it("round-trips through JSON into another crowd, which then continues bit-identically", () => {
    const { crowd, handles } = churned(5);
    const snap = JSON.parse(JSON.stringify(saveCrowd(crowd))) as CrowdSnapshot;
    const copy = createCrowd({ capacity: 40, cellSize: 4, rng: createRng(77) });
    addCrowdAgent(copy, { x: 100, y: 100 }); // something to overwrite
    restoreCrowd(copy, snap);
    expect(state(copy)).toEqual(state(crowd));
    for (const h of handles) expect(isCrowdAgentAlive(copy, h)).toBe(isCrowdAgentAlive(crowd, h));
    expect(structuredClone(saveCrowd(copy))).toEqual(saveCrowd(crowd));
    for (let s = 0; s < 300; s++) {
      for (const c of [crowd, copy]) {
        stepCrowdBoids(c, boids, 1 / 30);
        wrapCrowd(c, -20, -20, 20, 20);
      }
    }
    expect(state(copy)).toEqual(state(crowd));
  });

  it("a bad snapshot throws INVALID_ARGUMENT naming the JSON path and leaves the crowd untouched", () => {
    const { crowd } = churned(6);
    const good = saveCrowd(crowd);
    // A target unlike the snapshot (other count, highWater, positions), so any early write shows.
    const target = createCrowd({ capacity: 40, cellSize: 4, rng: createRng(8) });
    for (let i = 0; i < 3; i++) addCrowdAgent(target, { x: 50 + i, y: -50 });
    const before = state(target);
    const cases: [string, (s: Record<string, unknown>) => void][] = [
      ["$.format", (s) => (s["format"] = "x")],
      ["$.capacity", (s) => (s["capacity"] = 41)],
      ["$.columns.posX[3]", (s) => ((s["columns"] as Record<string, number[]>)["posX"]![3] = Number.NaN)],
      ["$.columns.mass[0]", (s) => ((s["columns"] as Record<string, number[]>)["mass"]![0] = 0)],
      ["$.columns.wanderY", (s) => (s["columns"] as Record<string, number[]>)["wanderY"]!.pop()],
      ["$.alive[2]", (s) => ((s["alive"] as number[])[2] = 2)],
      ["$.rng", (s) => (s["rng"] = [0, 0, 0, 0])],
      ["$.hashOrder", (s) => (s["hashOrder"] as number[]).pop()],
      ["$.freeSlots[0]", (s) => ((s["freeSlots"] as number[])[0] = (s["hashOrder"] as number[])[0]!)],
    ];
    for (const [path, spoil] of cases) {
      const bad = structuredClone(good) as unknown as Record<string, unknown>;
      spoil(bad);
      try {
        restoreCrowd(target, bad);
        expect.unreachable(path);
      } catch (e) {
        expect(isTacticaError(e, "INVALID_ARGUMENT"), path).toBe(true);
        expect((e as { path?: string }).path).toBe(path);
      }
      expect(state(target)).toEqual(before);
    }
    expect(() => restoreCrowd(target, null)).toThrow(/restoreCrowd: \$ is not an object/);
  });
});
