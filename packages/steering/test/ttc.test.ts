import { createRng, rngFloat, type Rng } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { computeTtcForces, createCrowd, addCrowdAgent, setCrowdAgentPreferredVelocity, stepCrowdTtc, timeToCollision, type Crowd } from "../src/index";

describe("timeToCollision (Listing 19.2)", () => {
  it("head-on at 10 m, radii 0.5, closing speed 2 m/s gives 4.5 s", () => {
    expect(timeToCollision(0, 0, 1, 0, 0.5, 10, 0, -1, 0, 0.5)).toBeCloseTo(4.5, 12);
  });
  it("parallel, diverging and grazing give Infinity; overlapping gives 0", () => {
    expect(timeToCollision(0, 0, 1, 0, 0.5, 0, 3, 1, 0, 0.5)).toBe(Infinity);
    expect(timeToCollision(0, 0, -1, 0, 0.5, 10, 0, 1, 0, 0.5)).toBe(Infinity);
    expect(timeToCollision(0, 0, 1, 0, 0.5, 10, 1, 0, 0, 0.5)).toBe(Infinity); // tangent
    expect(timeToCollision(0, 0, 1, 0, 0.5, 0.5, 0, 0, 0, 0.5)).toBe(0);
    expect(timeToCollision(0, 0, 0, 0, 0.5, 5, 0, 0, 0, 0.5)).toBe(Infinity); // both still
  });
});

/** Chapter 19's Figure 19.3 scenario: agents with random predetermined goal directions at 1.5 m/s. */
function randomDirectionScenario(rng: Rng, n: number): Crowd {
  const crowd = createCrowd({ capacity: n, cellSize: 4, rng });
  let placed = 0;
  while (placed < n) {
    const x = rngFloat(rng, -8, 8);
    const y = rngFloat(rng, -8, 8);
    let ok = true;
    for (let j = 0; j < placed; j++) if (Math.hypot(crowd.posX[j]! - x, crowd.posY[j]! - y) < 1.2) ok = false;
    if (!ok) continue;
    const h = addCrowdAgent(crowd, { x, y, radius: 0.5, maxSpeed: 3 });
    const a = rngFloat(rng, 0, 2 * Math.PI);
    setCrowdAgentPreferredVelocity(crowd, h, 1.5 * Math.cos(a), 1.5 * Math.sin(a));
    crowd.velX[h] = crowd.prefVelX[h]!;
    crowd.velY[h] = crowd.prefVelY[h]!;
    placed++;
  }
  return crowd;
}

function runMinGap(crowd: Crowd, timeHorizon: number, steps: number): { gap: number; progress: number } {
  let gap = Infinity;
  let progress = 0;
  for (let s = 0; s < steps; s++) {
    stepCrowdTtc(crowd, { timeHorizon }, 0.02);
    for (let i = 0; i < crowd.highWater; i++) {
      progress += (crowd.velX[i]! * crowd.prefVelX[i]! + crowd.velY[i]! * crowd.prefVelY[i]!) / 1.5;
      for (let j = i + 1; j < crowd.highWater; j++) {
        const g = Math.hypot(crowd.posX[i]! - crowd.posX[j]!, crowd.posY[i]! - crowd.posY[j]!) - 1;
        if (g < gap) gap = g;
      }
    }
  }
  return { gap, progress: (progress * 0.02) / crowd.count };
}

describe("anticipatory TTC crowd (chapter 19)", () => {
  it("with t_H = 4 s the random-direction scenario is collision-free; t_H = 0.1 s overlaps; t_H = 20 s progresses less", () => {
    for (const seed of [1, 2, 3]) {
      const good = runMinGap(randomDirectionScenario(createRng(seed), 40), 4, 750);
      expect(good.gap).toBeGreaterThanOrEqual(0);
      const short = runMinGap(randomDirectionScenario(createRng(seed), 40), 0.1, 750);
      expect(short.gap).toBeLessThan(0);
      const long = runMinGap(randomDirectionScenario(createRng(seed), 40), 20, 750);
      expect(long.progress).toBeLessThan(good.progress);
    }
  });

  it("never produces NaN, even for coincident agents with equal velocities", () => {
    const crowd = createCrowd({ capacity: 3, cellSize: 2, rng: createRng(1) });
    addCrowdAgent(crowd, { x: 0, y: 0, vx: 1, vy: 0, maxSpeed: 2 });
    addCrowdAgent(crowd, { x: 0, y: 0, vx: 1, vy: 0, maxSpeed: 2 });
    addCrowdAgent(crowd, { x: 0, y: 5, vx: 1, vy: 0, maxSpeed: 2 });
    for (let s = 0; s < 50; s++) stepCrowdTtc(crowd, {}, 0.02);
    for (let i = 0; i < 3; i++) {
      expect(Number.isFinite(crowd.posX[i]!) && Number.isFinite(crowd.posY[i]!)).toBe(true);
    }
  });

  it("two agents head-on deviate early (anticipation), long before contact", () => {
    const crowd = createCrowd({ capacity: 2, cellSize: 4, rng: createRng(1) });
    const a = addCrowdAgent(crowd, { x: -10, y: 0.01, vx: 1.5, maxSpeed: 3 });
    const b = addCrowdAgent(crowd, { x: 10, y: -0.01, vx: -1.5, maxSpeed: 3 });
    setCrowdAgentPreferredVelocity(crowd, a, 1.5, 0);
    setCrowdAgentPreferredVelocity(crowd, b, -1.5, 0);
    let deviatedAt = Infinity;
    let gap = Infinity;
    for (let s = 0; s < 600; s++) {
      stepCrowdTtc(crowd, { timeHorizon: 4 }, 0.02);
      const d = Math.hypot(crowd.posX[a]! - crowd.posX[b]!, crowd.posY[a]! - crowd.posY[b]!);
      gap = Math.min(gap, d - 1);
      if (deviatedAt === Infinity && Math.abs(crowd.posY[a]!) > 0.1) deviatedAt = d;
    }
    expect(deviatedAt).toBeGreaterThan(4);
    expect(gap).toBeGreaterThan(0);
  });
});

describe("PAM extensions", () => {
  it("field of view: a neighbor behind (> 100° off the heading) exerts no force", () => {
    const crowd = createCrowd({ capacity: 2, cellSize: 4, rng: createRng(1) });
    const a = addCrowdAgent(crowd, { x: 0, y: 0, vx: 1, maxSpeed: 3 });
    addCrowdAgent(crowd, { x: -3, y: 0.2, vx: 2, maxSpeed: 3 }); // catching up from behind
    setCrowdAgentPreferredVelocity(crowd, a, 1, 0);
    computeTtcForces(crowd, { fieldOfView: (100 * Math.PI) / 180 });
    expect(crowd.forceX[a]).toBe(0);
    expect(crowd.forceY[a]).toBe(0);
    computeTtcForces(crowd, {});
    expect(Math.hypot(crowd.forceX[a]!, crowd.forceY[a]!)).toBeGreaterThan(0);
  });

  it("personal space keeps a larger passing distance", () => {
    const pass = (personalSpace: number): number => {
      const crowd = createCrowd({ capacity: 2, cellSize: 4, rng: createRng(1) });
      const a = addCrowdAgent(crowd, { x: -10, y: 0.05, vx: 1.5, maxSpeed: 3 });
      const b = addCrowdAgent(crowd, { x: 10, y: -0.05, vx: -1.5, maxSpeed: 3 });
      setCrowdAgentPreferredVelocity(crowd, a, 1.5, 0);
      setCrowdAgentPreferredVelocity(crowd, b, -1.5, 0);
      let gap = Infinity;
      for (let s = 0; s < 800; s++) {
        stepCrowdTtc(crowd, { personalSpace }, 0.02);
        gap = Math.min(gap, Math.hypot(crowd.posX[a]! - crowd.posX[b]!, crowd.posY[a]! - crowd.posY[b]!) - 1);
      }
      return gap;
    };
    expect(pass(0.5)).toBeGreaterThan(pass(0) + 0.3);
    expect(pass(0.5)).toBeGreaterThanOrEqual(0.5 - 0.05);
  });

  it("exact antipodal agents dead-lock without perturbation and pass with a seeded perturbation", () => {
    const run = (perturbation: number): number => {
      const crowd = createCrowd({ capacity: 2, cellSize: 4, rng: createRng(3) });
      const a = addCrowdAgent(crowd, { x: -5, y: 0, vx: 1.5, maxSpeed: 3 });
      const b = addCrowdAgent(crowd, { x: 5, y: 0, vx: -1.5, maxSpeed: 3 });
      setCrowdAgentPreferredVelocity(crowd, a, 1.5, 0);
      setCrowdAgentPreferredVelocity(crowd, b, -1.5, 0);
      for (let s = 0; s < 1500; s++) stepCrowdTtc(crowd, { perturbation }, 0.02);
      return crowd.posX[a]!;
    };
    expect(run(0)).toBeLessThan(0); // stuck in front of each other
    expect(run(0.5)).toBeGreaterThan(5); // got past
  });
});
