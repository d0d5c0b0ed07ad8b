import { createRng } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCrowdAgent, computeOrcaVelocity, createCrowd, createOrca, createOrcaObstacles, type Orca } from "../src/index";

// One agent, static obstacles only: the velocity ORCA picks must keep the agent's disc out of the
// obstacles for the whole obstacle time horizon (RVO2's obstacle lines are conservative).

const R = 0.5;
const TAU = 2;
const SQUARE = [
  { x: -2, y: -2 },
  { x: 2, y: -2 },
  { x: 2, y: 2 },
  { x: -2, y: 2 },
];
// A second, touching-at-a-corner triangle makes the "already covered" test matter.
const TRIANGLE = [
  { x: 2, y: 2 },
  { x: 5, y: 2.5 },
  { x: 3, y: 5 },
];

// A concave L (counter-clockwise) whose inner corner is a non-convex vertex.
const ELL = [
  { x: -8, y: -6 },
  { x: -3, y: -6 },
  { x: -3, y: -4 },
  { x: -6, y: -4 },
  { x: -6, y: 1 },
  { x: -8, y: 1 },
];

function distPointSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax;
  const ey = by - ay;
  const l2 = ex * ex + ey * ey;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / l2)) : 0;
  return Math.hypot(px - (ax + t * ex), py - (ay + t * ey));
}

function cross(ax: number, ay: number, bx: number, by: number): number {
  return ax * by - ay * bx;
}

function segmentsDistance(p: number[], q: number[], a: { x: number; y: number }, b: { x: number; y: number }): number {
  const [px, py, qx, qy] = p.concat(q) as [number, number, number, number];
  const d1 = cross(qx - px, qy - py, a.x - px, a.y - py);
  const d2 = cross(qx - px, qy - py, b.x - px, b.y - py);
  const d3 = cross(b.x - a.x, b.y - a.y, px - a.x, py - a.y);
  const d4 = cross(b.x - a.x, b.y - a.y, qx - a.x, qy - a.y);
  if (d1 * d2 < 0 && d3 * d4 < 0) return 0;
  return Math.min(
    distPointSegment(px, py, a.x, a.y, b.x, b.y),
    distPointSegment(qx, qy, a.x, a.y, b.x, b.y),
    distPointSegment(a.x, a.y, px, py, qx, qy),
    distPointSegment(b.x, b.y, px, py, qx, qy),
  );
}

function distanceToPolygons(p: number[], q: number[], polys: { x: number; y: number }[][]): number {
  let d = Infinity;
  for (const poly of polys) {
    for (let i = 0; i < poly.length; i++) d = Math.min(d, segmentsDistance(p, q, poly[i]!, poly[(i + 1) % poly.length]!));
  }
  return d;
}

function solve(x: number, y: number, vx: number, vy: number, px: number, py: number, polys: { x: number; y: number }[][]): Orca & { vx: number; vy: number } {
  const crowd = createCrowd({ capacity: 1, cellSize: 4, rng: createRng(1) });
  addCrowdAgent(crowd, { x, y, vx, vy, radius: R, maxSpeed: 2 });
  crowd.prefVelX[0] = px;
  crowd.prefVelY[0] = py;
  const orca = createOrca(crowd, { neighborDist: 5, maxNeighbors: 4, timeHorizon: 2, timeHorizonObst: TAU }, { obstacles: createOrcaObstacles(polys) });
  computeOrcaVelocity(orca, crowd, 0, 0.1);
  return Object.assign(orca, { vx: orca.newVelX[0]!, vy: orca.newVelY[0]! });
}

describe("ORCA obstacle lines", () => {
  it("the chosen velocity keeps the disc out of every obstacle for timeHorizonObst (random agents around two touching polygons and a concave one)", () => {
    const polys = [SQUARE, TRIANGLE, ELL];
    const coord = fc.double({ min: -10, max: 9, noNaN: true });
    const vel = fc.double({ min: -2, max: 2, noNaN: true });
    fc.assert(
      fc.property(coord, coord, vel, vel, vel, vel, (x, y, vx, vy, px, py) => {
        // Start clearly outside every obstacle (not colliding): that case is the next test's.
        fc.pre(distanceToPolygons([x, y], [x, y], polys) > R + 0.05);
        fc.pre(!(x > -2 && x < 2 && y > -2 && y < 2) && !(x > -8 && x < -3 && y > -6 && y < -4) && !(x > -8 && x < -6 && y > -6 && y < 1));
        const o = solve(x, y, vx, vy, px, py, polys);
        const end = [x + o.vx * TAU, y + o.vy * TAU];
        expect(Math.hypot(o.vx, o.vy)).toBeLessThanOrEqual(2 + 1e-9);
        expect(distanceToPolygons([x, y], end, polys)).toBeGreaterThanOrEqual(R - 1e-6);
      }),
      { numRuns: 400 },
    );
  });

  it("an agent already overlapping an edge never gets a velocity further into it", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1.5, max: 1.5, noNaN: true }),
        fc.double({ min: 0.05, max: 0.45, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (along, gap, side) => {
          // Below the bottom edge of the square (outside), closer than the radius, pushing up into it.
          const o = solve(along, -2 - gap, 0, 0, side, 2, [SQUARE]);
          expect(o.vy).toBeLessThanOrEqual(1e-9);
        },
      ),
      { numRuns: 100 },
    );
  });
});
