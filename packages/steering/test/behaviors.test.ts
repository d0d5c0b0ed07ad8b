import { createRng, isTacticaError, type Vec2 } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  alignment,
  applySteeringForce,
  arrive,
  avoidObstacles,
  avoidWalls,
  basicChaseStep,
  basicEvadeStep,
  cohesion,
  createMovementPattern,
  createPatternState,
  createSteeringAgent,
  createSteeringPath,
  createWanderState,
  defaultLennardJones,
  evade,
  feelerAvoidance,
  feelerHitsCircle,
  flee,
  computeFlockingTurnForce,
  followFlowField,
  followPath,
  hide,
  findHidingSpot,
  intercept,
  computeInterceptPoint,
  interpose,
  isImplicitLeader,
  isInViewArc,
  isVisibleNeighbor,
  lennardJonesEquilibrium,
  lennardJonesForce,
  lennardJonesPotential,
  lineOfSightChase,
  lineOfSightChasePath,
  lineOfSightChaseTurn,
  normalizeTilePattern,
  trackFollowStep,
  offsetPursuit,
  followMovementPattern,
  potentialFieldForce,
  pursue,
  seek,
  separation,
  validateLennardJones,
  ViewArcs,
  wander,
  type SteeringAgent,
} from "../src/index";

const v = (x = 0, y = 0): Vec2 => ({ x, y });

describe("agent", () => {
  it("validates options and integrates with truncation", () => {
    expect(() => createSteeringAgent({ mass: 0 })).toThrow(/createSteeringAgent: "mass"/);
    const a = createSteeringAgent({ maxSpeed: 2, maxForce: 1 });
    applySteeringForce(a, v(100, 0), 1);
    expect(a.velocity.x).toBeCloseTo(1, 12); // force truncated to 1
    for (let i = 0; i < 10; i++) applySteeringForce(a, v(1, 0), 1);
    expect(Math.hypot(a.velocity.x, a.velocity.y)).toBeCloseTo(2, 12);
    // heading follows velocity: heading = atan2(vy, vx), so moving +x is heading 0
    expect(a.heading).toBe(0);
    const up = createSteeringAgent({ velocity: v(0, 2) });
    expect(up.heading).toBeCloseTo(Math.PI / 2, 15); // moving +y: π/2 (counter-clockwise)
    applySteeringForce(up, v(-100, 0), 1);
    expect(up.heading).toBeCloseTo(Math.atan2(up.velocity.y, up.velocity.x), 15);
    expect(up.heading).toBeGreaterThan(Math.PI / 2); // turned towards -x: counter-clockwise
    applySteeringForce(a, v(Number.NaN, 0), 1);
    expect(Number.isFinite(a.position.x)).toBe(true);
  });
});

describe("seek, flee, arrive", () => {
  it("seek points at the target at max speed; flee points away and respects the panic distance", () => {
    const a = createSteeringAgent({ maxSpeed: 3 });
    expect(seek(v(), a, v(10, 0))).toEqual({ x: 3, y: 0 });
    expect(flee(v(), a, v(10, 0))).toEqual({ x: -3, y: 0 });
    expect(flee(v(), a, v(10, 0), { panicDistance: 5 })).toEqual({ x: 0, y: 0 });
    expect(seek(v(), a, v(0, 0))).toEqual({ x: 0, y: 0 });
  });

  it("arrive stops on the target without overshoot (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.5, max: 10, noNaN: true }),
        fc.double({ min: 0.1, max: 20, noNaN: true }),
        fc.constantFrom(1 / 60, 1 / 30, 0.1),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (dist, speedFrac, maxSpeed, maxForce, dt, slowing) => {
          const a = createSteeringAgent({ position: v(0, 0), velocity: v(maxSpeed * speedFrac, 0), maxSpeed, maxForce });
          const target = v(dist, 0);
          const f = v();
          let maxX = -Infinity;
          for (let s = 0; s < 60000; s++) {
            arrive(f, a, target, slowing, dt);
            applySteeringForce(a, f, dt);
            maxX = Math.max(maxX, a.position.x);
            if (Math.abs(a.position.x - dist) < 1e-9 && Math.abs(a.velocity.x) < 1e-9) break;
          }
          // A too-fast start may be unable to brake in time; exclude those starts (documented precondition).
          const brakeDist = (maxSpeed * speedFrac) ** 2 / (2 * maxForce) + maxSpeed * dt;
          if (brakeDist > dist) return;
          expect(maxX).toBeLessThanOrEqual(dist + 1e-9);
          expect(Math.abs(a.position.x - dist)).toBeLessThan(1e-4); // the linear ramp only converges asymptotically
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("pursuit family", () => {
  it("pursue catches a constant-velocity target", () => {
    const a = createSteeringAgent({ maxSpeed: 2, maxForce: 10 });
    const target = { position: v(20, 5), velocity: v(0, 1) };
    const f = v();
    let caught = false;
    for (let s = 0; s < 3000 && !caught; s++) {
      pursue(f, a, target);
      applySteeringForce(a, f, 0.02);
      target.position.x += target.velocity.x * 0.02;
      target.position.y += target.velocity.y * 0.02;
      caught = Math.hypot(a.position.x - target.position.x, a.position.y - target.position.y) < 0.5;
    }
    expect(caught).toBe(true);
  });

  it("computeInterceptPoint solves the meeting time exactly and reports uncatchable targets", () => {
    const out = v();
    const t = computeInterceptPoint(out, v(0, 0), 2, v(10, 0), v(0, 1));
    expect(Math.hypot(out.x, out.y)).toBeCloseTo(2 * t, 9);
    expect(out.x).toBe(10);
    expect(computeInterceptPoint(out, v(0, 0), 1, v(10, 0), v(5, 0))).toBe(Infinity);
    // intercept reaches the target sooner than pursue-less naive seek would: check it meets within the predicted time
    // start at full speed on the intercept course: intercept keeps it and meets on time
    const a = createSteeringAgent({ maxSpeed: 2, maxForce: 1000, velocity: v((2 * out.x) / (2 * t), 0) });
    computeInterceptPoint(out, v(0, 0), 2, v(10, 0), v(0, 1));
    a.velocity.x = out.x / t;
    a.velocity.y = out.y / t;
    const target = { position: v(10, 0), velocity: v(0, 1) };
    const f = v();
    let met = Infinity;
    for (let s = 0; s < 2000; s++) {
      intercept(f, a, target);
      applySteeringForce(a, f, 0.01);
      target.position.y += 0.01;
      if (Math.hypot(a.position.x - target.position.x, a.position.y - target.position.y) < 0.05) {
        met = (s + 1) * 0.01;
        break;
      }
    }
    expect(Math.abs(met - t)).toBeLessThan(0.05);
  });

  it("evade flees the predicted position, offset pursuit keeps station, interpose sits between", () => {
    const a = createSteeringAgent({ maxSpeed: 1 });
    const f = evade(v(), a, { position: v(5, 0), velocity: v(-1, 0) });
    expect(f.x).toBeLessThan(0);
    expect(evade(v(), a, { position: v(5, 0), velocity: v(-1, 0) }, { panicDistance: 2 })).toEqual({ x: 0, y: 0 });
    const leader = { position: v(0, 0), velocity: v(0, 0), heading: 0 };
    const follower = createSteeringAgent({ position: v(5, 5), maxSpeed: 2, maxForce: 5 });
    const g = v();
    for (let s = 0; s < 2000; s++) {
      offsetPursuit(g, follower, leader, v(1, -2), 2, 0.02); // leader faces +x: 1 ahead, 2 to starboard
      applySteeringForce(follower, g, 0.02);
    }
    expect(follower.position.x).toBeCloseTo(1, 3);
    expect(follower.position.y).toBeCloseTo(-2, 3);
    const guard = createSteeringAgent({ position: v(0, 10), maxSpeed: 2, maxForce: 5 });
    for (let s = 0; s < 2000; s++) {
      interpose(g, guard, { position: v(-4, 0), velocity: v() }, { position: v(4, 2), velocity: v() }, 2, 0.02);
      applySteeringForce(guard, g, 0.02);
    }
    expect(guard.position.x).toBeCloseTo(0, 3);
    expect(guard.position.y).toBeCloseTo(1, 3);
  });

  it("hide goes behind the nearest obstacle as seen from the hunter", () => {
    const spot = findHidingSpot(v(), { x: 5, y: 0, radius: 1 }, v(0, 0), 0.5);
    expect(spot).toEqual({ x: 6.5, y: 0 });
    const a = createSteeringAgent({ position: v(5, 5), maxSpeed: 2, maxForce: 5 });
    const hunter = { position: v(0, 0), velocity: v() };
    const obstacles = [
      { x: 5, y: 0, radius: 1 },
      { x: -20, y: 0, radius: 1 },
    ];
    const f = v();
    let used = -2;
    for (let s = 0; s < 2000; s++) {
      used = hide(f, a, hunter, obstacles, 0.5, 2, 0.02);
      applySteeringForce(a, f, 0.02);
    }
    expect(used).toBe(0);
    expect(a.position.x).toBeCloseTo(6.5, 2);
    expect(hide(f, a, hunter, [], 0.5, 2, 0.02)).toBe(-1);
  });
});

describe("wander", () => {
  it("is deterministic for a seed and keeps the target on the circle", () => {
    const run = (seed: number): number[] => {
      const rng = createRng(seed);
      const a = createSteeringAgent({ maxSpeed: 1 });
      const st = createWanderState(2, rng);
      const out: number[] = [];
      const f = v();
      for (let i = 0; i < 100; i++) {
        wander(f, a, st, { radius: 2, distance: 4, jitter: 10 }, 0.1, rng);
        applySteeringForce(a, f, 0.1);
        expect(Math.hypot(st.x, st.y)).toBeCloseTo(2, 9);
        out.push(a.position.x, a.position.y);
      }
      return out;
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
  });
});

describe("obstacle and wall avoidance", () => {
  it("detection box steers away from a circle ahead and ignores circles behind or far to the side", () => {
    const a = createSteeringAgent({ velocity: v(0, 1), maxSpeed: 1, radius: 0.5 }); // facing +y
    const out = v();
    expect(avoidObstacles(out, a, [{ x: 0.3, y: 3, radius: 1 }], { minDetectionLength: 4 })).toBe(0);
    expect(out.x).toBeLessThan(0); // obstacle slightly to starboard (+x): push to port
    expect(avoidObstacles(out, a, [{ x: 0, y: -3, radius: 1 }], { minDetectionLength: 4 })).toBe(-1);
    expect(avoidObstacles(out, a, [{ x: 3, y: 3, radius: 1 }], { minDetectionLength: 4 })).toBe(-1);
    expect(out).toEqual({ x: 0, y: 0 });
  });

  it("the notes' feeler test: hits ahead within r, misses behind (the added a·v > 0 check) and beyond the feeler", () => {
    expect(feelerHitsCircle(v(0, 0), v(0, 5), { x: 0.5, y: 3, radius: 1 })).toBe(true);
    expect(feelerHitsCircle(v(0, 0), v(0, 5), { x: 0.5, y: -0.5, radius: 1 })).toBe(false);
    expect(feelerHitsCircle(v(0, 0), v(0, 5), { x: 0, y: 6, radius: 1 })).toBe(false);
    expect(feelerHitsCircle(v(0, 0), v(0, 5), { x: 2, y: 3, radius: 1 })).toBe(false);
    const a = createSteeringAgent({ heading: Math.PI / 2, radius: 0 }); // facing +y
    const near = v();
    const far = v();
    feelerAvoidance(near, a, [{ x: 0.2, y: 2, radius: 1 }], 5, 1);
    feelerAvoidance(far, a, [{ x: 0.2, y: 4, radius: 1 }], 5, 1);
    expect(near.x).toBeLessThan(far.x); // both push to port (-x), the nearer harder
    expect(far.x).toBeLessThan(0);
  });

  it("wall feelers push back along the wall normal in proportion to penetration", () => {
    const a = createSteeringAgent({ position: v(0, 0), heading: Math.PI / 2 }); // facing +y
    const out = v();
    expect(avoidWalls(out, a, [{ ax: -5, ay: 2, bx: 5, by: 2 }], { feelerLength: 3 })).toBe(1);
    expect(out.x).toBeCloseTo(0, 12);
    expect(out.y).toBeCloseTo(-1, 12);
    expect(avoidWalls(out, a, [{ ax: -5, ay: 10, bx: 5, by: 10 }], { feelerLength: 3 })).toBe(0);
  });
});

describe("flocking with view arcs", () => {
  const agentAt = (x: number, y: number, heading = 0): SteeringAgent => createSteeringAgent({ position: v(x, y), heading, maxSpeed: 1 });
  it("view arcs include and exclude the right neighbors", () => {
    // core's local frame: +x ahead, +y port (left)
    expect(isInViewArc(-1, 0, ViewArcs.Full, 1)).toBe(true);
    expect(isInViewArc(-1, 0, ViewArcs.Wide, 1)).toBe(false); // directly behind: blind spot
    expect(isInViewArc(-1, -2, ViewArcs.Wide, 1)).toBe(true); // behind but wide to the side
    expect(isInViewArc(-1, -2, ViewArcs.Limited, 1)).toBe(false);
    expect(isInViewArc(1, -2, ViewArcs.Limited, 1)).toBe(true);
    expect(isInViewArc(1, -2, ViewArcs.Narrow, 1)).toBe(false);
    expect(isInViewArc(1, -0.5, ViewArcs.Narrow, 1)).toBe(true);
    expect(isInViewArc(1, 0.5, ViewArcs.Narrow, 1)).toBe(true);
    const me = agentAt(0, 0, Math.PI); // facing -x
    expect(isVisibleNeighbor(me, agentAt(-2, 0), { radius: 5, arc: ViewArcs.Narrow })).toBe(true);
    expect(isVisibleNeighbor(me, agentAt(2, 0), { radius: 5, arc: ViewArcs.Limited })).toBe(false);
    expect(isVisibleNeighbor(me, agentAt(-6, 0), { radius: 5 })).toBe(false);
    expect(isVisibleNeighbor(me, me, { radius: 5 })).toBe(false);
  });

  it("separation pushes away with 1/d, cohesion pulls to the center, alignment turns to the average heading", () => {
    const me = agentAt(0, 0, Math.PI / 2); // facing +y
    const near = separation(v(), me, [agentAt(1, 0)], { radius: 5 });
    const far = separation(v(), me, [agentAt(2, 0)], { radius: 5 });
    expect(near.x).toBeCloseTo(-1, 12);
    expect(far.x).toBeCloseTo(-0.5, 12);
    const c = cohesion(v(), me, [agentAt(2, 2), agentAt(2, -2)], { radius: 5 });
    expect(c.x).toBeGreaterThan(0);
    expect(c.y).toBeCloseTo(0, 12);
    const al = alignment(v(), me, [agentAt(3, 0, 0)], { radius: 5 }); // neighbor faces +x (heading 0)
    expect(al.x).toBeCloseTo(1, 12);
    expect(al.y).toBeCloseTo(-1, 12);
    expect(alignment(v(), me, [], { radius: 5 })).toEqual({ x: 0, y: 0 });
  });

  it("implicit leader: in a queue only the front unit leads; removing it promotes the next", () => {
    const up = Math.PI / 2;
    const queue = [agentAt(0, 0, up), agentAt(0, -1, up), agentAt(0, -2, up)]; // all facing +y, index 0 in front
    expect(queue.map((a) => isImplicitLeader(a, queue, 5))).toEqual([true, false, false]);
    const rest = queue.slice(1);
    expect(rest.map((a) => isImplicitLeader(a, rest, 5))).toEqual([true, false]);
  });
});

describe("path and flow-field following", () => {
  it("follows a path through its waypoints and stops at the end", () => {
    const path = createSteeringPath([v(5, 0), v(5, 5), v(0, 5)]);
    const a = createSteeringAgent({ maxSpeed: 2, maxForce: 10 });
    const st = { index: 0 };
    const f = v();
    let done = false;
    let passedCorner = false;
    for (let s = 0; s < 3000 && !done; s++) {
      done = followPath(f, a, st, path, 0.5, 2, 0.02);
      applySteeringForce(a, f, 0.02);
      if (Math.hypot(a.position.x - 5, a.position.y - 5) < 0.6) passedCorner = true;
    }
    expect(done).toBe(true);
    expect(passedCorner).toBe(true);
    expect(() => createSteeringPath([v(0, Number.NaN)])).toThrow(/points\[0\]\.y/);
  });

  it("flow field: moves along the field, brakes where it has no direction", () => {
    const field = {
      directionAt(out: Vec2, x: number, _y: number): boolean {
        if (x > 10) return false;
        out.x = 1;
        out.y = 0;
        return true;
      },
    };
    const a = createSteeringAgent({ maxSpeed: 1, maxForce: 100 });
    const f = v();
    expect(followFlowField(f, a, field)).toBe(true);
    expect(f).toEqual({ x: 1, y: 0 });
    a.position.x = 11;
    a.velocity.x = 1;
    expect(followFlowField(f, a, field)).toBe(false);
    expect(f).toEqual({ x: -1, y: -0 });
  });
});

describe("local frames of wander and pattern movement (heading 0 = +x; local +x forward, +y left)", () => {
  it("wander seeks (distance + x, y) in the agent's frame", () => {
    const rng = createRng(1);
    const params = { radius: 1, distance: 4, jitter: 0 }; // no jitter: the target stays put
    const east = createSteeringAgent({ heading: 0 });
    expect(wander(v(), east, { x: 1, y: 0 }, params, 0.1, rng)).toEqual({ x: 5, y: 0 }); // straight ahead
    const left = wander(v(), east, { x: 0, y: 1 }, params, 0.1, rng);
    expect(left.x).toBeCloseTo(4, 12);
    expect(left.y).toBeCloseTo(1, 12); // local +y is the left: world +y for an agent facing +x
    const north = createSteeringAgent({ heading: Math.PI / 2 });
    const n = wander(v(), north, { x: 0, y: 1 }, params, 0.1, rng);
    expect(n.x).toBeCloseTo(-1, 12); // left of +y is -x
    expect(n.y).toBeCloseTo(4, 12);
  });

  it("a pattern's forward force is along the heading and its lateral force to the right", () => {
    const pattern = createMovementPattern([{ forward: 2, lateral: 1, duration: 1 }]);
    const f = v();
    followMovementPattern(f, createSteeringAgent({ heading: 0 }), createPatternState(), pattern, 0.1);
    expect(f.x).toBeCloseTo(2, 12);
    expect(f.y).toBeCloseTo(-1, 12); // right of +x is -y
    followMovementPattern(f, createSteeringAgent({ heading: Math.PI / 2 }), createPatternState(), pattern, 0.1);
    expect(f.x).toBeCloseTo(1, 12); // right of +y is +x
    expect(f.y).toBeCloseTo(2, 12);
  });
});

describe("chasing and pattern movement", () => {
  it("basic chase/evade step one unit per axis", () => {
    expect(basicChaseStep(v(), v(0, 0), v(5, -3))).toEqual({ x: 1, y: -1 });
    expect(basicEvadeStep(v(), v(0, 0), v(5, 0))).toEqual({ x: -1, y: 0 });
  });

  it("Bresenham LOS path: max(|dx|,|dy|)+1 cells, 8-connected, monotone", () => {
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 }), (x1, y1) => {
        const out: number[] = [];
        const n = lineOfSightChasePath(out, 0, 0, x1, y1);
        expect(n).toBe(Math.max(Math.abs(x1), Math.abs(y1)) + 1);
        expect(out.slice(-2)).toEqual([x1, y1]);
        for (let i = 1; i < n; i++) {
          expect(Math.max(Math.abs(out[2 * i]! - out[2 * i - 2]!), Math.abs(out[2 * i + 1]! - out[2 * i - 1]!))).toBe(1);
        }
      }),
    );
    const small = new Int32Array(4);
    expect(lineOfSightChasePath(small, 0, 0, 5, 0)).toBe(6);
  });

  it("continuous LOS chase: prey to starboard turns right (-1), to port turns left (+1)", () => {
    const p = createSteeringAgent({ heading: Math.PI / 2 }); // facing +y, starboard is +x
    expect(lineOfSightChaseTurn(p, v(3, 5), 0.01)).toBe(-1);
    expect(lineOfSightChaseTurn(p, v(-3, 5), 0.01)).toBe(1);
    expect(lineOfSightChaseTurn(p, v(0, 5), 0.01)).toBe(0);
    const f = lineOfSightChase(v(), p, v(3, 5), 1, 0.5, 0.01);
    expect(f.x).toBeCloseTo(0.5, 12);
    expect(f.y).toBeCloseTo(1, 12);
  });

  it("pattern: timed steps end exactly on time, turns end at the target heading, pattern loops", () => {
    const pattern = createMovementPattern([
      { forward: 1, duration: 0.5 },
      { forward: 0, turn: Math.PI / 2, maxSteer: 1 },
    ]);
    const st = createPatternState();
    const a = createSteeringAgent({ maxSpeed: 1, maxForce: 10, velocity: v(0, 0.5) });
    const f = v();
    const steps: number[] = [];
    for (let s = 0; s < 5; s++) steps.push(followMovementPattern(f, a, st, pattern, 0.1));
    expect(steps).toEqual([0, 0, 0, 0, 0]);
    expect(followMovementPattern(f, a, st, pattern, 0.1)).toBe(1);
    let guard = 0;
    while (st.step === 1 && guard++ < 10000) {
      followMovementPattern(f, a, st, pattern, 0.01);
      applySteeringForce(a, f, 0.01);
    }
    expect(st.step).toBe(0);
    expect(() => createMovementPattern([{ forward: 1 }])).toThrow(/steps\[0\]\.duration/);
  });
});

describe("Lennard-Jones potential field", () => {
  it("force is -dU/dr, equilibrium at (mB/(nA))^(1/(m-n)), validation requires m > n", () => {
    const p = defaultLennardJones;
    for (const r of [0.5, 1, 2, 3, 5, 10]) {
      const h = 1e-5;
      const numeric = -(lennardJonesPotential(r + h, p) - lennardJonesPotential(r - h, p)) / (2 * h);
      expect(lennardJonesForce(r, p)).toBeCloseTo(numeric, 3);
    }
    const rs = lennardJonesEquilibrium(p);
    expect(rs).toBeCloseTo(3, 12);
    expect(Math.abs(lennardJonesForce(rs, p))).toBeLessThan(1e-9);
    expect(() => validateLennardJones({ a: 1, b: 1, n: 3, m: 2 })).toThrow(/"m" must be > n/);
    const f = potentialFieldForce(v(), v(0, 0), [1, 0, 10, 0], 2, p, { cutoff: 5 });
    expect(f.x).toBeLessThan(0); // the near one (r = 1 < r*) repels; the far one is beyond the cutoff
    expect(isTacticaError(new Error())).toBe(false);
  });
});

describe("tile patterns and track following", () => {
  it("a normalized pattern is 8-connected, starts at the origin and closes its loop", () => {
    const out = new Int32Array(200);
    const verts = [10, 10, 16, 10, 16, 14, 10, 14]; // a rectangle
    const n = normalizeTilePattern(out, verts, 4);
    expect(n).toBe(6 + 4 + 6 + 4);
    expect([out[0], out[1]]).toEqual([0, 0]);
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n; // wraps: the last cell is adjacent to the first
      expect(Math.max(Math.abs(out[2 * j]! - out[2 * i]!), Math.abs(out[2 * j + 1]! - out[2 * i + 1]!))).toBe(1);
    }
    // replayed from anywhere, it visits origin + offsets
    expect([5 + out[2 * 6]!, 7 + out[2 * 6 + 1]!]).toEqual([11, 7]);
  });

  it("track following never steps back unless it is the only option", () => {
    const rng = createRng(2);
    const track = new Set(["0,0", "1,0", "2,0", "3,0", "3,1", "3,2", "2,1"]);
    const isTrack = (x: number, y: number): boolean => track.has(`${x},${y}`);
    const out = v();
    let px = -1;
    let py = 0;
    let x = 0;
    let y = 0;
    for (let s = 0; s < 200; s++) {
      expect(trackFollowStep(out, x, y, px, py, isTrack, rng)).toBe(true);
      let others = 0;
      for (const [dx, dy] of [
        [1, 0],
        [1, 1],
        [0, 1],
        [-1, 1],
        [-1, 0],
        [-1, -1],
        [0, -1],
        [1, -1],
      ] as const) {
        if (isTrack(x + dx, y + dy) && !(x + dx === px && y + dy === py)) others++;
      }
      if (others > 0) expect(out.x === px && out.y === py).toBe(false);
      px = x;
      py = y;
      x = out.x;
      y = out.y;
      expect(isTrack(x, y)).toBe(true);
    }
    expect(trackFollowStep(out, 10, 10, 0, 0, isTrack, rng)).toBe(false);
  });
});

describe("the notes' rigid-body flocking", () => {
  const at = (x: number, y: number, heading = 0): SteeringAgent => createSteeringAgent({ position: v(x, y), heading, maxSpeed: 1 });
  it("cohesion turns towards the neighbors in proportion to the angle; separation pushes away as 1/d", () => {
    const me = at(0, 0, Math.PI / 2); // facing +y, starboard +x
    const params = { radius: 10, separationDistance: 2, steeringForce: 1, alignment: false, separation: false, arc: ViewArcs.Full };
    const right = computeFlockingTurnForce(v(), me, [at(5, 5)], params); // 45° to starboard
    expect(right.x).toBeCloseTo(0.25, 12);
    expect(right.y).toBeCloseTo(0, 12);
    const sharper = computeFlockingTurnForce(v(), me, [at(5, 0)], params); // 90°
    expect(sharper.x).toBeCloseTo(0.5, 12);
    const sepParams = { ...params, cohesion: false, separation: true };
    const near = computeFlockingTurnForce(v(), me, [at(0.5, 1)], sepParams);
    const far = computeFlockingTurnForce(v(), me, [at(0.5, 1.5)], sepParams);
    expect(near.x).toBeLessThan(far.x); // both push to port, the nearer harder
    expect(far.x).toBeLessThan(0);
    expect(near.x / far.x).toBeCloseTo(Math.hypot(0.5, 1.5) / Math.hypot(0.5, 1), 9);
  });
});
