import { createRng, type Vec2 } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  assignFormationSlots,
  computeGroupProperties,
  computeCongestionPenalty,
  sampleCongestionPenalty,
  createCircleFormation,
  createColumnFormation,
  createCongestionMap,
  createCrowd,
  createCustomFormation,
  createGroupAnchor,
  createLineFormation,
  createRankFormation,
  createSlotAssignmentScratch,
  createSteeringPath,
  createWedgeFormation,
  addCrowdAgent,
  getCrowdAgentHandle,
  getCrowdAgentSlot,
  removeCrowdAgent,
  defaultLennardJones,
  getFormationSlotPosition,
  lennardJonesEquilibrium,
  stepCrowdFlow,
  stepCrowdPotential,
  stepFormationMembers,
  stepGroupAnchor,
  updateCongestionMap,
} from "../src/index";

describe("formations", () => {
  it("layouts: centerd and symmetric, rigid rotation with the anchor heading", () => {
    const rank = createRankFormation(6, 10, 2); // Tactical Thinking's 60 men, SPACING 2
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < rank.count; i++) {
      sx += rank.offsets[2 * i]!;
      sy += rank.offsets[2 * i + 1]!;
    }
    expect(Math.abs(sx)).toBeLessThan(1e-9);
    expect(Math.abs(sy)).toBeLessThan(1e-9);
    // local frame (core convention): +x ahead of the anchor, +y to its left
    expect([...createLineFormation(3, 2).offsets]).toEqual([0, 2, 0, 0, 0, -2]); // left to right
    expect([...createColumnFormation(3, 2).offsets]).toEqual([0, 0, -2, 0, -4, 0]); // one behind the other
    expect([...createWedgeFormation(3, 1).offsets]).toEqual([0, 0, -1, -1, -1, 1]); // slot 1 back-right, slot 2 back-left
    const circle = createCircleFormation(4, 3);
    expect(circle.offsets[0]).toBeCloseTo(3, 12); // slot 0 straight ahead
    expect(circle.offsets[3]).toBeCloseTo(-3, 12); // slot 1 to the right (clockwise)
    expect(() => createCustomFormation([{ x: 1, y: Number.NaN }])).toThrow(/offsets\[0\]\.y/);
    // heading π/2 faces world +y: the slot 2 behind the anchor lands at world -y
    const p: Vec2 = { x: 0, y: 0 };
    getFormationSlotPosition(p, createColumnFormation(2, 2), 1, { x: 10, y: 10 }, Math.PI / 2);
    expect(p.x).toBeCloseTo(10, 12);
    expect(p.y).toBeCloseTo(8, 12);
    // heading 0 faces world +x: behind is world -x, and the line's slot 0 (left) is world +y
    getFormationSlotPosition(p, createColumnFormation(2, 2), 1, { x: 10, y: 10 }, 0);
    expect(p).toEqual({ x: 8, y: 10 });
    getFormationSlotPosition(p, createLineFormation(3, 2), 0, { x: 10, y: 10 }, 0);
    expect(p).toEqual({ x: 10, y: 12 });
  });

  it("spatial-sort slot assignment: members coming from the side get non-crossing slots", () => {
    const line = createLineFormation(5, 2);
    const members = [3, -10, -4, -12, 0, -9, -3, -11, 5, -10]; // x,y pairs, scrambled order
    const out = new Int32Array(5);
    assignFormationSlots(out, line, members, 5, { x: 0, y: 0 }, Math.PI / 2, createSlotAssignmentScratch(5)); // facing +y
    // member with the smallest x gets the leftmost slot (0) … largest x gets slot 4
    expect([...out]).toEqual([3, 0, 2, 1, 4]);
  });

  it("group properties: barycenter, bulk radius containing every member, slowest max speed", () => {
    const crowd = createCrowd({ capacity: 3, cellSize: 2, rng: createRng(1) });
    addCrowdAgent(crowd, { x: 0, y: 0, radius: 0.5, maxSpeed: 3 });
    addCrowdAgent(crowd, { x: 4, y: 0, radius: 0.5, maxSpeed: 2 });
    addCrowdAgent(crowd, { x: 2, y: 3, radius: 1, maxSpeed: 5 });
    const g = computeGroupProperties({ x: 0, y: 0, radius: 0, maxSpeed: 0, count: 0 }, crowd, [0, 1, 2], 3);
    expect(g.x).toBeCloseTo(2, 12);
    expect(g.y).toBeCloseTo(1, 12);
    expect(g.maxSpeed).toBe(2);
    for (let i = 0; i < 3; i++) expect(Math.hypot(crowd.posX[i]! - g.x, crowd.posY[i]! - g.y) + crowd.radius[i]!).toBeLessThanOrEqual(g.radius + 1e-12);
  });

  it("group properties skip a stale member handle after its slot is reused", () => {
    const crowd = createCrowd({ capacity: 2, cellSize: 2, rng: createRng(1) });
    const a = addCrowdAgent(crowd, { x: 0, y: 0, maxSpeed: 3 });
    const b = addCrowdAgent(crowd, { x: 4, y: 0, maxSpeed: 2 });
    removeCrowdAgent(crowd, a);
    const c = addCrowdAgent(crowd, { x: 100, y: 100, maxSpeed: 1 }); // reuses a's slot
    const g = computeGroupProperties({ x: 0, y: 0, radius: 0, maxSpeed: 0, count: 0 }, crowd, [a, b], 2);
    expect(g.count).toBe(1);
    expect(g.x).toBe(4);
    expect(g.maxSpeed).toBe(2);
    expect(getCrowdAgentHandle(crowd, getCrowdAgentSlot(crowd, c))).toBe(c);
    removeCrowdAgent(crowd, c);
    expect(getCrowdAgentHandle(crowd, 0)).toBe(-1);
  });

  it("a wedge following a path breaks around a pillar without touching it and re-forms", () => {
    const n = 7;
    const crowd = createCrowd({ capacity: n, cellSize: 2, rng: createRng(1) });
    const members = new Int32Array(n);
    const wedge = createWedgeFormation(n, 1.5);
    const anchor = createGroupAnchor({ x: 0, y: 0 }, 0); // facing +x
    const p: Vec2 = { x: 0, y: 0 };
    for (let i = 0; i < n; i++) {
      getFormationSlotPosition(p, wedge, i, anchor.position, anchor.heading);
      members[i] = addCrowdAgent(crowd, { x: p.x, y: p.y, radius: 0.3, maxSpeed: 2, maxForce: 6 });
    }
    const slots = new Int32Array(n);
    const pos = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      pos[2 * i] = crowd.posX[i]!;
      pos[2 * i + 1] = crowd.posY[i]!;
    }
    assignFormationSlots(slots, wedge, pos, n, anchor.position, anchor.heading, createSlotAssignmentScratch(n));
    const pillar = [{ x: 12, y: -1.5, radius: 1 }]; // on the path of the right-hand members
    const path = createSteeringPath([{ x: 30, y: 0 }]);
    let minGap = Infinity;
    let maxSlotError = 0;
    for (let s = 0; s < 1500; s++) {
      stepGroupAnchor(anchor, path, { speed: 1.2, maxTurnRate: 1, waypointRadius: 0.5, deceleration: 1 }, 0.02);
      stepFormationMembers(crowd, members, slots, n, wedge, anchor, pillar, { extrapolation: 0.5, slowingRadius: 2 }, 0.02);
      for (let i = 0; i < n; i++) {
        minGap = Math.min(minGap, Math.hypot(crowd.posX[i]! - 12, crowd.posY[i]! + 1.5) - 1 - 0.3);
        if (crowd.posX[i]! > 10 && crowd.posX[i]! < 14) {
          getFormationSlotPosition(p, wedge, slots[i]!, anchor.position, anchor.heading);
          maxSlotError = Math.max(maxSlotError, Math.hypot(crowd.posX[i]! - p.x, crowd.posY[i]! - p.y));
        }
      }
    }
    expect(minGap).toBeGreaterThan(0);
    expect(maxSlotError).toBeGreaterThan(0.3); // someone broke formation at the pillar
    for (let i = 0; i < n; i++) {
      getFormationSlotPosition(p, wedge, slots[i]!, anchor.position, anchor.heading);
      expect(Math.hypot(crowd.posX[i]! - p.x, crowd.posY[i]! - p.y)).toBeLessThan(0.1); // re-formed
    }
    // the anchor has stopped at the end of the path: slots are no longer extrapolated and the
    // members settle on them without jitter
    expect(anchor.velocity).toEqual({ x: 0, y: 0 });
    for (let s = 0; s < 500; s++) stepFormationMembers(crowd, members, slots, n, wedge, anchor, pillar, { extrapolation: 0.5, slowingRadius: 2 }, 0.02);
    for (let i = 0; i < n; i++) {
      getFormationSlotPosition(p, wedge, slots[i]!, anchor.position, anchor.heading);
      expect(Math.hypot(crowd.posX[i]! - p.x, crowd.posY[i]! - p.y)).toBeLessThan(1e-6);
      expect(Math.hypot(crowd.velX[i]!, crowd.velY[i]!)).toBeLessThan(1e-6);
    }
  });
});

describe("flow-field crowd with congestion (chapter 17)", () => {
  it("congestion penalty: co-flow 0, stationary = density, cross = density, counter = 2·density, zero ideal safe", () => {
    expect(computeCongestionPenalty(1, 0, 1, 0, 3)).toBe(0);
    expect(computeCongestionPenalty(1, 0, 2, 0, 3)).toBe(0);
    expect(computeCongestionPenalty(1, 0, 0, 0, 3)).toBe(3);
    expect(computeCongestionPenalty(1, 0, 0, 1, 3)).toBe(3);
    expect(computeCongestionPenalty(1, 0, -1, 0, 3)).toBe(6);
    expect(computeCongestionPenalty(0, 0, -1, 0, 3)).toBe(0);
  });

  it("a crowd follows a directionAt field to its goal; the congestion map sees density and flow", () => {
    const crowd = createCrowd({ capacity: 20, cellSize: 2, rng: createRng(1) });
    for (let i = 0; i < 20; i++) addCrowdAgent(crowd, { x: -20 + (i % 5) * 1.2, y: -3 + Math.floor(i / 5) * 1.5, radius: 0.4, maxSpeed: 1.5 });
    const field = {
      directionAt(out: Vec2, x: number, y: number): boolean {
        // converge on the goal region x >= 15 (no direction there)
        if (x >= 15) return false;
        out.x = 15 - x;
        out.y = -y * 0.5;
        return true;
      },
    };
    const cmap = createCongestionMap({ originX: -30, originY: -10, cellSize: 4, width: 15, height: 5, velocityBlend: 0.5 });
    for (let s = 0; s < 200; s++) {
      stepCrowdFlow(crowd, field, { congestion: cmap, congestionSlowdown: 0.2 }, 0.05);
      updateCongestionMap(cmap, crowd);
    }
    let total = 0;
    for (let c = 0; c < cmap.density.length; c++) total += cmap.density[c]!;
    expect(total).toBeCloseTo(20, 9);
    // moving against the crowd's flow is penalised, moving with it is not
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < 20; i++) {
      cx += crowd.posX[i]! / 20;
      cy += crowd.posY[i]! / 20;
    }
    expect(sampleCongestionPenalty(cmap, cx, cy, -1, 0)).toBeGreaterThan(sampleCongestionPenalty(cmap, cx, cy, 1, 0));
    for (let s = 0; s < 1500; s++) stepCrowdFlow(crowd, field, {}, 0.05);
    for (let i = 0; i < 20; i++) expect(crowd.posX[i]!).toBeGreaterThan(14);
  });
});

describe("potential-field crowd", () => {
  it("two agents settle near the Lennard-Jones equilibrium distance", () => {
    const crowd = createCrowd({ capacity: 2, cellSize: 10, rng: createRng(1) });
    addCrowdAgent(crowd, { x: 0, y: 0, maxSpeed: 5, maxForce: 1e6 });
    addCrowdAgent(crowd, { x: 6, y: 0, maxSpeed: 5, maxForce: 1e6 });
    for (let s = 0; s < 4000; s++) {
      stepCrowdPotential(crowd, { potential: defaultLennardJones, cutoff: 20, preferredWeight: 3 }, 0.02); // goal term with zero preferred velocity = damping
    }
    expect(Math.abs(crowd.posX[1]! - crowd.posX[0]!)).toBeCloseTo(lennardJonesEquilibrium(defaultLennardJones), 2);
  });
});
