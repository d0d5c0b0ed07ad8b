import { frameRight, toLocal, toWorld, vec2Angle, vec2FromAngle, type Vec2 } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canSee } from "../packages/perception/src/index";
import { applySteeringForce, createSteeringAgent, getAgentForward, type SteeringAgent } from "../packages/steering/src/index";

// One heading convention across packages (issue 26, docs/decisions/0002-api-contract.md and the
// "Axes and angles" table of apps/docs/guide/conventions.md): heading 0 = +x, counter-clockwise
// positive (y up), heading === atan2(forward.y, forward.x) === core's vec2Angle(forward). Core's
// frame functions, steering's agents and perception's vision cone must all agree on it.

const narrowCone = { viewRange: 100, fieldOfView: 0.2 }; // ±0.1 rad

/** A steering agent at `position` facing `heading` two ways: given the heading, and moving along it. */
function agentsFacing(position: Vec2, heading: number): SteeringAgent[] {
  const given = createSteeringAgent({ position, heading });
  const moving = createSteeringAgent({ position, maxSpeed: 10, maxForce: 100 });
  applySteeringForce(moving, { x: 50 * Math.cos(heading), y: 50 * Math.sin(heading) }, 0.1);
  moving.position.x = position.x; // keep the two agents at the same place
  moving.position.y = position.y;
  return [given, moving];
}

function expectAgreement(agent: SteeringAgent): void {
  const { position, heading } = agent;
  const forward = getAgentForward({ x: 0, y: 0 }, agent);
  // steering's forward vector is core's heading → forward and back
  const coreForward = vec2FromAngle({ x: 0, y: 0 }, heading);
  expect(forward.x).toBeCloseTo(coreForward.x, 12);
  expect(forward.y).toBeCloseTo(coreForward.y, 12);
  expect(Math.cos(vec2Angle(forward) - heading)).toBeCloseTo(1, 12);
  // a moving agent faces along its velocity
  const speed = Math.hypot(agent.velocity.x, agent.velocity.y);
  if (speed > 0) {
    expect(forward.x).toBeCloseTo(agent.velocity.x / speed, 9);
    expect(forward.y).toBeCloseTo(agent.velocity.y / speed, 9);
  }

  // core's frame: a point 5 along the forward vector is local (5, 0); one to the right is local −y
  const ahead = { x: position.x + 5 * forward.x, y: position.y + 5 * forward.y };
  const local = toLocal({ x: 0, y: 0 }, ahead, position, heading);
  expect(local.x).toBeCloseTo(5, 9);
  expect(local.y).toBeCloseTo(0, 9);
  const right = frameRight({ x: 0, y: 0 }, heading);
  const onRight = toLocal({ x: 0, y: 0 }, { x: position.x + 2 * right.x, y: position.y + 2 * right.y }, position, heading);
  expect(onRight.x).toBeCloseTo(0, 9);
  expect(onRight.y).toBeCloseTo(-2, 9);
  const back = toWorld({ x: 0, y: 0 }, { x: 5, y: 0 }, position, heading);
  expect(back.x).toBeCloseTo(ahead.x, 9);
  expect(back.y).toBeCloseTo(ahead.y, 9);

  // perception: a target straight ahead is seen in a narrow cone; one behind or to the side is not
  const behind = { x: position.x - 5 * forward.x, y: position.y - 5 * forward.y };
  const side = { x: position.x + 5 * right.x, y: position.y + 5 * right.y };
  expect(canSee(narrowCone, position.x, position.y, heading, ahead.x, ahead.y)).toBe(true);
  expect(canSee(narrowCone, position.x, position.y, heading, behind.x, behind.y)).toBe(false);
  expect(canSee(narrowCone, position.x, position.y, heading, side.x, side.y)).toBe(false);
}

describe("one heading convention: core frame, steering forward, perception vision", () => {
  it("an agent facing +x has heading 0", () => {
    for (const agent of agentsFacing({ x: 3, y: -2 }, 0)) {
      expect(agent.heading).toBeCloseTo(0, 12);
      expect(getAgentForward({ x: 0, y: 0 }, agent)).toEqual({ x: 1, y: 0 });
      expect(toLocal({ x: 0, y: 0 }, { x: 13, y: -2 }, agent.position, agent.heading)).toEqual({ x: 10, y: 0 });
      expect(canSee(narrowCone, 3, -2, agent.heading, 13, -2)).toBe(true);
      expect(canSee(narrowCone, 3, -2, agent.heading, 3, 8)).toBe(false); // +y is to the left, not ahead
      expectAgreement(agent);
    }
  });

  it("an agent facing +y has heading π/2 (counter-clockwise)", () => {
    for (const agent of agentsFacing({ x: 0, y: 0 }, Math.PI / 2)) {
      expect(agent.heading).toBeCloseTo(Math.PI / 2, 12);
      const f = getAgentForward({ x: 0, y: 0 }, agent);
      expect(f.x).toBeCloseTo(0, 12);
      expect(f.y).toBeCloseTo(1, 12);
      expect(canSee(narrowCone, 0, 0, agent.heading, 0, 10)).toBe(true);
      expect(canSee(narrowCone, 0, 0, agent.heading, 10, 0)).toBe(false); // +x is now to the right
      // world +x is on this agent's right: local y < 0
      expect(toLocal({ x: 0, y: 0 }, { x: 10, y: 0 }, agent.position, agent.heading).y).toBeCloseTo(-10, 9);
      expectAgreement(agent);
    }
  });

  it("an agent at an arbitrary angle (2.5 rad) agrees too", () => {
    for (const agent of agentsFacing({ x: -7, y: 4 }, 2.5)) {
      expect(agent.heading).toBeCloseTo(2.5, 12);
      expectAgreement(agent);
    }
  });

  it("property: any position and heading", () => {
    const coord = fc.double({ min: -1000, max: 1000, noNaN: true });
    fc.assert(
      fc.property(coord, coord, fc.double({ min: -Math.PI + 1e-6, max: Math.PI, noNaN: true }), (x, y, h) => {
        for (const agent of agentsFacing({ x, y }, h)) expectAgreement(agent);
      }),
    );
  });
});
