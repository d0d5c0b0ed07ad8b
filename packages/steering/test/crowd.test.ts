import { createRng, isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  createCrowd,
  computeCrowdBoidsForces,
  createOrca,
  addCrowdAgent,
  gatherCrowdNeighbors,
  getCrowdAgentHandle,
  getCrowdAgentSlot,
  isCrowdAgentAlive,
  removeCrowdAgent,
  setCrowdAgentPosition,
  setCrowdAgentPreferredVelocity,
  seedCrowdWander,
  stepCrowdBoids,
  stepCrowdOrca,
  stepCrowdTtc,
  ViewArcs,
  wrapCrowd,
  type BoidsParams,
  type Crowd,
} from "../src/index";

const boids: BoidsParams = {
  neighborRadius: 4,
  separationRadius: 1.5,
  separationWeight: 2,
  alignmentWeight: 1,
  cohesionWeight: 1,
  wanderWeight: 0.5,
  wander: { radius: 1, distance: 2, jitter: 4 },
  arc: ViewArcs.Wide,
  backViewFactor: 1,
};

function build(seed: number, n: number): Crowd {
  const rng = createRng(seed);
  const crowd = createCrowd({ capacity: n + 4, cellSize: 4, rng });
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI;
    addCrowdAgent(crowd, { x: 10 * Math.cos(a) + (i % 3), y: 10 * Math.sin(a), vx: Math.sin(a), vy: -Math.cos(a), maxSpeed: 2, maxForce: 4 });
  }
  seedCrowdWander(crowd, 1);
  return crowd;
}

function snapshot(c: Crowd): number[] {
  return [...c.posX, ...c.posY, ...c.velX, ...c.velY, c.rng.s0, c.rng.s1, c.rng.s2, c.rng.s3];
}

describe("crowd handles", () => {
  it("adds and removes at any time with stable handles; reuses freed slots; validates", () => {
    const crowd = createCrowd({ capacity: 3, cellSize: 2, rng: createRng(1) });
    const a = addCrowdAgent(crowd, { x: 0, y: 0 });
    const b = addCrowdAgent(crowd, { x: 1, y: 0 });
    const c = addCrowdAgent(crowd, { x: 2, y: 0 });
    expect([a, b, c]).toEqual([0, 1, 2]);
    expect(addCrowdAgent(crowd, { x: 3, y: 0 })).toBe(-1); // full: a failure value, no throw
    expect(crowd.count).toBe(3);
    expect(removeCrowdAgent(crowd, b)).toBe(true);
    expect(removeCrowdAgent(crowd, b)).toBe(false);
    expect(isCrowdAgentAlive(crowd, b)).toBe(false);
    expect(crowd.count).toBe(2);
    stepCrowdBoids(crowd, boids, 0.1); // a step with a hole
    const d = addCrowdAgent(crowd, { x: 5, y: 5 });
    expect(d).not.toBe(b); // same slot, new generation
    expect(getCrowdAgentSlot(crowd, d)).toBe(1);
    expect(getCrowdAgentHandle(crowd, 1)).toBe(d);
    expect(isCrowdAgentAlive(crowd, b)).toBe(false); // the stale handle does not alias the new agent
    expect(removeCrowdAgent(crowd, b)).toBe(false);
    expect(() => setCrowdAgentPosition(crowd, b, 0, 0)).toThrow(/not a live agent/);
    expect(crowd.posX[1]).toBe(5);
    expect(isCrowdAgentAlive(crowd, a) && isCrowdAgentAlive(crowd, c) && isCrowdAgentAlive(crowd, d)).toBe(true);
    try {
      setCrowdAgentPreferredVelocity(crowd, 7, 0, 0);
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, "INVALID_HANDLE")).toBe(true);
    }
    expect(() => addCrowdAgent(crowd, { x: Number.NaN, y: 0 })).toThrow(/"x" must be a finite number/);
    expect(() => createCrowd({ capacity: 0, cellSize: 1, rng: createRng(1) })).toThrow(/capacity/);
  });

  it("neighbor gathering keeps the k nearest, excluding self", () => {
    const crowd = createCrowd({ capacity: 10, cellSize: 2, rng: createRng(1) });
    for (let i = 0; i < 10; i++) addCrowdAgent(crowd, { x: i, y: 0 });
    const n = gatherCrowdNeighbors(crowd, 5, 5, 0, 3.5, 4);
    expect(n).toBe(4);
    expect([...crowd.neighbors.subarray(0, 4)].sort()).toEqual([3, 4, 6, 7]);
    expect(gatherCrowdNeighbors(crowd, 5, 5, 0, 1.5, 100)).toBe(2);
    setCrowdAgentPosition(crowd, 4, 100, 100);
    expect(gatherCrowdNeighbors(crowd, 5, 5, 0, 1.5, 100)).toBe(1);
  });
});

describe("determinism", () => {
  it("the same seed and inputs give a bit-identical boids crowd after 10,000 steps (with adds/removes)", () => {
    const run = (seed: number): number[] => {
      const c = build(seed, 12);
      for (let s = 0; s < 10_000; s++) {
        if (s === 3000) removeCrowdAgent(c, 4);
        if (s === 5000) addCrowdAgent(c, { x: 0, y: 0, maxSpeed: 2, maxForce: 4 });
        stepCrowdBoids(c, boids, 1 / 30);
        wrapCrowd(c, -30, -30, 30, 30);
      }
      return snapshot(c);
    };
    const a = run(9);
    expect(run(9)).toEqual(a);
    expect(a.every(Number.isFinite)).toBe(true);
    expect(run(10)).not.toEqual(a);
  });

  it("TTC and ORCA crowds are bit-identical across runs after 10,000 steps", () => {
    const run = (kind: "ttc" | "orca"): number[] => {
      const c = build(3, 10);
      for (let i = 0; i < 10; i++) setCrowdAgentPreferredVelocity(c, i, -c.posX[i]! / 10, -c.posY[i]! / 10);
      const orca = createOrca(c, { neighborDist: 5, maxNeighbors: 6, timeHorizon: 2, timeHorizonObst: 2 });
      for (let s = 0; s < 10_000; s++) {
        if (kind === "ttc") stepCrowdTtc(c, {}, 0.02);
        else stepCrowdOrca(c, orca, 0.02);
      }
      return snapshot(c);
    };
    expect(run("ttc")).toEqual(run("ttc"));
    expect(run("orca")).toEqual(run("orca"));
  });
});

describe("boids", () => {
  it("cohesion alone gathers the flock; separation keeps members apart", () => {
    const c = build(1, 20);
    const spread = (): number => {
      let mx = 0;
      let my = 0;
      for (let i = 0; i < 20; i++) {
        mx += c.posX[i]!;
        my += c.posY[i]!;
      }
      mx /= 20;
      my /= 20;
      let s = 0;
      for (let i = 0; i < 20; i++) s += Math.hypot(c.posX[i]! - mx, c.posY[i]! - my);
      return s / 20;
    };
    const before = spread();
    const params: BoidsParams = { neighborRadius: 30, separationWeight: 0, alignmentWeight: 0, cohesionWeight: 1 };
    for (let s = 0; s < 200; s++) stepCrowdBoids(c, params, 0.05);
    expect(spread()).toBeLessThan(before / 2);
    // now with strong separation the minimum distance stays clear of zero
    const sep: BoidsParams = { neighborRadius: 30, separationRadius: 2, separationWeight: 20, alignmentWeight: 0, cohesionWeight: 1 };
    let minD = Infinity;
    for (let s = 0; s < 400; s++) {
      stepCrowdBoids(c, sep, 0.05);
      if (s > 200) {
        for (let i = 0; i < 20; i++) for (let j = i + 1; j < 20; j++) minD = Math.min(minD, Math.hypot(c.posX[i]! - c.posX[j]!, c.posY[i]! - c.posY[j]!));
      }
    }
    expect(minD).toBeGreaterThan(0.5);
  });

  it("alignment alone makes headings converge", () => {
    const rng = createRng(4);
    const c = createCrowd({ capacity: 30, cellSize: 10, rng });
    for (let i = 0; i < 30; i++) {
      const a = i * 2.39996;
      addCrowdAgent(c, { x: (i % 6) * 2, y: Math.floor(i / 6) * 2, vx: Math.cos(a), vy: Math.sin(a), maxSpeed: 1, maxForce: 2 });
    }
    const order = (): number => {
      let sx = 0;
      let sy = 0;
      for (let i = 0; i < 30; i++) {
        sx += c.fwdX[i]!;
        sy += c.fwdY[i]!;
      }
      return Math.hypot(sx, sy) / 30;
    };
    const before = order();
    for (let s = 0; s < 300; s++) stepCrowdBoids(c, { neighborRadius: 50, separationWeight: 0, alignmentWeight: 1, cohesionWeight: 0 }, 0.05);
    expect(before).toBeLessThan(0.5);
    expect(order()).toBeGreaterThan(0.99);
  });
});

describe("robustness", () => {
  it("a NaN preferred velocity never turns the state NaN (TTC and ORCA)", () => {
    const c = build(2, 6);
    c.prefVelX[0] = Number.NaN;
    const orca = createOrca(c, { neighborDist: 5, maxNeighbors: 6, timeHorizon: 2, timeHorizonObst: 2 });
    for (let s = 0; s < 20; s++) {
      stepCrowdTtc(c, {}, 0.02);
      stepCrowdOrca(c, orca, 0.02);
    }
    for (let i = 0; i < 6; i++) expect(Number.isFinite(c.posX[i]!) && Number.isFinite(c.velY[i]!)).toBe(true);
  });
});

describe("flocking + ORCA (Herd'Em, chapter 19)", () => {
  it("boids forces as the preferred velocity, ORCA with a small time horizon: the flock stays overlap-free", () => {
    const c = createCrowd({ capacity: 40, cellSize: 4, rng: createRng(8) });
    for (let i = 0; i < 40; i++) addCrowdAgent(c, { x: (i % 8) * 1.5, y: Math.floor(i / 8) * 1.5, vx: 0.5, radius: 0.5, maxSpeed: 2, maxForce: 4 });
    seedCrowdWander(c, 1);
    const orca = createOrca(c, { neighborDist: 4, maxNeighbors: 10, timeHorizon: 0.5, timeHorizonObst: 0.5 });
    const params: BoidsParams = {
      neighborRadius: 4,
      separationWeight: 0.5,
      alignmentWeight: 1,
      cohesionWeight: 2,
      wanderWeight: 0.5,
      wander: { radius: 1, distance: 2, jitter: 3 },
    };
    let worst = Infinity;
    for (let s = 0; s < 600; s++) {
      computeCrowdBoidsForces(c, params, 0.05);
      for (let i = 0; i < 40; i++) {
        c.prefVelX[i] = c.velX[i]! + c.forceX[i]! * 0.05;
        c.prefVelY[i] = c.velY[i]! + c.forceY[i]! * 0.05;
      }
      stepCrowdOrca(c, orca, 0.05);
      for (let i = 0; i < 40; i++) for (let j = i + 1; j < 40; j++) worst = Math.min(worst, Math.hypot(c.posX[i]! - c.posX[j]!, c.posY[i]! - c.posY[j]!) - 1);
    }
    expect(worst).toBeGreaterThan(-0.02);
  });
});
