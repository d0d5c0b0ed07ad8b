import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addCrowdAgent,
  createCrowd,
  createSteeringAgent,
  getCrowdAgentSlot,
  isCrowdAgentAlive,
  removeCrowdAgent,
  restoreCrowd,
  saveCrowd,
  steer,
  type SteeringBehavior,
} from "../src/index";

describe("steer (level 2)", () => {
  it("runs its @example: arrive stops on the target", () => {
    const agent = createSteeringAgent({ maxSpeed: 5, maxForce: 20 });
    const behaviors = [{ type: "arrive", target: { x: 10, y: 0 }, slowingRadius: 4 }] as const;
    for (let i = 0; i < 300; i++) steer(agent, behaviors, 1 / 30);
    expect(agent.position.x).toBeCloseTo(10, 3);
    expect(agent.position.y).toBeCloseTo(0, 6);
    expect(Math.hypot(agent.velocity.x, agent.velocity.y)).toBeLessThan(1e-3);
  });

  it("returns fresh plain copies and the truncated force", () => {
    const agent = createSteeringAgent({ maxSpeed: 2, maxForce: 1 });
    const r = steer(agent, [{ type: "seek", target: { x: 0, y: 100 } }], 0.1);
    expect(r.force).toEqual({ x: 0, y: 1 }); // desired (0, 2) truncated to maxForce 1
    expect(r.position).toEqual(agent.position);
    expect(r.position).not.toBe(agent.position);
    expect(structuredClone(r)).toEqual(r);
  });

  it("prioritized gives the whole budget to the first behavior; weighted sums then truncates", () => {
    const bs: SteeringBehavior[] = [
      { type: "seek", target: { x: 0, y: 100 } },
      { type: "seek", target: { x: 100, y: 0 } },
    ];
    const p = steer(createSteeringAgent({ maxSpeed: 10, maxForce: 1 }), bs, 0.1, { combine: "prioritized" });
    expect(p.force.x).toBeCloseTo(0, 12);
    expect(p.force.y).toBeCloseTo(1, 12);
    const w = steer(createSteeringAgent({ maxSpeed: 10, maxForce: 1 }), bs, 0.1);
    expect(w.force.x).toBeCloseTo(Math.SQRT1_2, 12);
    expect(w.force.y).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it("followPath keeps its waypoint between calls and reports the end; prioritized avoidance wins over seek", () => {
    const agent = createSteeringAgent({ maxSpeed: 4, maxForce: 16, radius: 0.5 });
    const follow: SteeringBehavior = {
      type: "followPath",
      path: [
        { x: 5, y: 0 },
        { x: 5, y: 5 },
        { x: 0, y: 5 },
      ],
    };
    let done = false;
    for (let i = 0; i < 600 && !done; i++) done = steer(agent, [follow], 1 / 30).pathDone;
    expect(done).toBe(true);
    expect(Math.hypot(agent.position.x - 0, agent.position.y - 5)).toBeLessThan(2);

    // Heading straight at a pillar: with avoidance first in priority order the agent never touches it.
    const a = createSteeringAgent({ position: { x: 0, y: -10 }, velocity: { x: 0, y: 2 }, maxSpeed: 3, maxForce: 12, radius: 0.5 });
    const pillar = { x: 0.1, y: 0, radius: 1.5 };
    const bs: SteeringBehavior[] = [
      { type: "avoidObstacles", obstacles: [pillar], minDetectionLength: 4, weight: 3 },
      { type: "seek", target: { x: 0, y: 10 } },
    ];
    let closest = Infinity;
    for (let i = 0; i < 600; i++) {
      steer(a, bs, 1 / 30, { combine: "prioritized" });
      closest = Math.min(closest, Math.hypot(a.position.x - pillar.x, a.position.y - pillar.y));
    }
    expect(closest).toBeGreaterThan(pillar.radius + a.radius * 0.5);
    expect(a.position.y).toBeGreaterThan(5);
  });

  it("wander is deterministic for a seed and keeps its state on the behavior object", () => {
    const run = (seed: number): number[] => {
      const agent = createSteeringAgent({ maxSpeed: 2, maxForce: 4 });
      const w: SteeringBehavior = { type: "wander", rng: createRng(seed) };
      for (let i = 0; i < 200; i++) steer(agent, [w], 1 / 30);
      return [agent.position.x, agent.position.y];
    };
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
  });

  it("flee/evade/pursue never give NaN, over random inputs", () => {
    const coord = fc.double({ min: -100, max: 100, noNaN: true });
    fc.assert(
      fc.property(coord, coord, coord, coord, fc.double({ min: 0, max: 50, noNaN: true }), (x, y, tx, ty, panic) => {
        const agent = createSteeringAgent({ position: { x, y }, maxSpeed: 3, maxForce: 5 });
        const target = { position: { x: tx, y: ty }, velocity: { x: 1, y: -1 } };
        const r = steer(
          agent,
          [
            { type: "flee", threat: { x: tx, y: ty }, panicDistance: panic },
            { type: "evade", pursuer: target },
            { type: "pursue", target, weight: 0.5 },
          ],
          0.05,
        );
        return Number.isFinite(r.force.x) && Number.isFinite(r.force.y) && Number.isFinite(r.position.x) && Number.isFinite(r.position.y);
      }),
      { numRuns: 200 },
    );
  });

  it("bad input is a TacticaError naming the field", () => {
    const agent = createSteeringAgent();
    expect(() => steer(agent, [], 0)).toThrow(/"dt"/);
    try {
      steer(agent, [{ type: "teleport" } as unknown as SteeringBehavior], 0.1);
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, "INVALID_ARGUMENT")).toBe(true);
      expect(String(e)).toMatch(/behaviors\[0\]\.type/);
    }
  });
});

describe("@example of addCrowdAgent and saveCrowd", () => {
  it("addCrowdAgent: -1 when full, a stale handle after reuse", () => {
    const crowd = createCrowd({ capacity: 2, cellSize: 2, rng: createRng(1) });
    const a = addCrowdAgent(crowd, { x: 0, y: 0, maxSpeed: 2 });
    addCrowdAgent(crowd, { x: 3, y: 0 });
    expect(addCrowdAgent(crowd, { x: 6, y: 0 })).toBe(-1);
    removeCrowdAgent(crowd, a);
    const b = addCrowdAgent(crowd, { x: 1, y: 1 });
    expect(isCrowdAgentAlive(crowd, a)).toBe(false);
    expect(crowd.posX[getCrowdAgentSlot(crowd, b)]).toBe(1);
  });

  it("saveCrowd: JSON text restores into another crowd", () => {
    const crowd = createCrowd({ capacity: 8, cellSize: 2, rng: createRng(1) });
    addCrowdAgent(crowd, { x: 0, y: 0 });
    const text = JSON.stringify(saveCrowd(crowd));
    const copy = createCrowd({ capacity: 8, cellSize: 2, rng: createRng(99) });
    restoreCrowd(copy, JSON.parse(text));
    expect(saveCrowd(copy)).toEqual(saveCrowd(crowd));
  });
});
