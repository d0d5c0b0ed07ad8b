import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  NavMeshErrorCodes,
  StancePresets,
  buildStanceNavMesh,
  createNavMeshQuery,
  createNavPath,
  createStraightPath,
  createSwimPath,
  findPolygon,
  findPolygonPath,
  findStraightPath,
  getHeightOnPolygon,
  raiseSwimPath,
  type NavMesh,
  type StancePass,
  type WaterVolume,
} from "../src";
import { addBox, addFloor, createSoup } from "./voxel-fixtures";

// Chapter 32's swim fixture: a beach sloping from y = −4 (x = 0) up to y = 1 (x = 20), water up to
// y = 0. The water is 1.5 m deep at x = 10: standing takes the shallows (≤ 1.5 m), swimming the
// sea floor beyond (1.5 .. 50 m), and the path's swim vertices are raised to the surface.
const positions = [0, -4, 0, 0, -4, 10, 20, 1, 10, 20, 1, 0];
const triangles = [0, 1, 2, 0, 2, 3];
const SURFACE = 0;
const water: WaterVolume[] = [{ xz: [0, 0, 20, 0, 20, 10, 0, 10], surface: SURFACE }];
const SWIM = 30;
const passes: StancePass[] = [
  { name: "stand", agent: StancePresets.stand, area: 63 },
  { name: "swim", agent: StancePresets.swim, area: SWIM },
];
const quality = { cellSize: 0.2, cellHeight: 0.1, regionMinSize: 4 };

function plan(m: NavMesh, sx: number, sy: number, gx: number, gy: number) {
  const q = createNavMeshQuery(m);
  const path = createNavPath({ maxLength: m.polyCount });
  findPolygonPath(path, q, findPolygon(m, sx, sy), sx, sy, findPolygon(m, gx, gy), gx, gy);
  expect(path.flags & PathFlags.Found).toBeTruthy();
  const sp = createStraightPath({ maxPoints: 64 });
  findStraightPath(sp, m, path.path, path.length, sx, sy, gx, gy);
  return { path, sp };
}

describe("swim (chapter 32): generated on the sea floor, vertices raised to the surface", () => {
  const b = buildStanceNavMesh(positions, triangles, passes, quality, { water });
  const m = b.navMesh;

  it("standing takes the shallows and swimming the deep water, sharing edges", () => {
    expect(m.areas[findPolygon(m, 4, 5)]).toBe(SWIM);
    expect(m.areas[findPolygon(m, 13, 5)]).toBe(0);
    // The swim polygons lie on the sea floor.
    expect(getHeightOnPolygon(m, findPolygon(m, 4, 5), 4, 5)).toBeCloseTo(-3, 0);
    let cross = 0;
    for (let p = 0; p < m.polyCount; p++)
      for (let k = 0; k < m.maxVertsPerPoly; k++) {
        const q = m.neighbors[p * m.maxVertsPerPoly + k]!;
        if (q >= 0 && m.areas[p] === SWIM && m.areas[q] === 0) cross++;
      }
    expect(cross).toBeGreaterThan(0);
  });

  it("swim vertices lie at the surface; the entry point is added; land vertices stay on the floor", () => {
    const { path, sp } = plan(m, 18, 5, 3, 5);
    const out = createSwimPath({ maxPoints: 16 });
    raiseSwimPath(out, m, path.path, path.length, sp, water, [SWIM]);
    expect(out.flags & PathFlags.Found).toBeTruthy();
    expect(out.count).toBeGreaterThan(sp.count); // the point where the path enters the water
    let swimPoints = 0;
    for (let k = 0; k < out.count; k++) {
      const x = out.points[2 * k]!;
      if (out.swim[k]) {
        swimPoints++;
        expect(out.heights[k]).toBe(SURFACE);
        expect(x).toBeLessThanOrEqual(10.5);
      } else {
        expect(out.heights[k]).toBeCloseTo(-4 + x / 4, 0); // the beach floor
        expect(x).toBeGreaterThan(9.5);
      }
    }
    expect(swimPoints).toBeGreaterThanOrEqual(2); // the entry point and the goal
    expect(out.swim[0]).toBe(0);
    expect(out.swim[out.count - 1]).toBe(1);
  });

  it("a too-small output sets PathTruncated and keeps counting", () => {
    const { path, sp } = plan(m, 18, 5, 3, 5);
    const full = raiseSwimPath(createSwimPath({ maxPoints: 16 }), m, path.path, path.length, sp, water, [SWIM]);
    const small = raiseSwimPath(createSwimPath({ maxPoints: 2 }), m, path.path, path.length, sp, water, [SWIM]);
    expect(small.flags & PathFlags.PathTruncated).toBeTruthy();
    expect(small.count).toBe(full.count);
    expect(Array.from(small.heights)).toEqual(Array.from(full.heights.subarray(0, 2)));
  });

  it("without water volumes the swim pass takes nothing and standing takes the whole beach", () => {
    const dry = buildStanceNavMesh(positions, triangles, passes, quality);
    expect(dry.passSpans[1]).toBe(0);
    expect(b.passSpans[1]).toBeGreaterThan(0);
  });

  it("rejects bad water volumes", () => {
    expect(() => buildStanceNavMesh(positions, triangles, passes, quality, { water: [{ xz: [0, 0, 1, 1], surface: 0 }] })).toThrow(
      expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "water[0].xz" }),
    );
    const { path, sp } = plan(m, 18, 5, 3, 5);
    expect(() => raiseSwimPath(createSwimPath(), m, path.path, path.length, sp, [{ xz: [0, 0, 1, 0, 1, 1], surface: NaN }], [SWIM])).toThrow(
      expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "water[0].surface" }),
    );
  });
});

describe("stance passes with a large step (swim: 48.5 m)", () => {
  it("do not link a 1 m box top to the floor (the drop side is a ledge in every pass with a smaller step)", () => {
    const s = addBox(addFloor(createSoup(), 0, 0, 10, 10), 3, 3, 7, 7, 0, 1);
    // Standing with radius 0: its spans at the box edge and on the floor beside it are neighbors.
    const thin = [{ ...passes[0]!, agent: { ...StancePresets.stand, radius: 0 } }, passes[1]!];
    const m = buildStanceNavMesh(s.positions, s.triangles, thin, quality).navMesh;
    const top = findPolygon(m, 5, 5);
    expect(top).toBeGreaterThanOrEqual(0);
    // A box-top polygon has every vertex up on the box (floor polygons along the box may have some).
    const high = (p: number): boolean => {
      for (let k = 0; k < m.polyVertCount[p]!; k++) if (m.heights[m.polyVerts[p * m.maxVertsPerPoly + k]!]! < 0.5) return false;
      return true;
    };
    expect(high(top)).toBe(true);
    for (let p = 0; p < m.polyCount; p++)
      for (let k = 0; k < m.maxVertsPerPoly; k++) {
        const q = m.neighbors[p * m.maxVertsPerPoly + k]!;
        if (q >= 0) expect(high(q)).toBe(high(p));
      }
  });
});

describe("stance passes keep each pass's own slope", () => {
  it("a 45° ramp is not standing ground even when a swim pass (any slope) is in the list", () => {
    // A floor 0..6 and a 45° ramp rising from x = 6 to x = 9 (3 m up).
    const s = addFloor(createSoup(), 0, 0, 6, 6);
    const b0 = s.positions.length / 3;
    s.positions.push(6, 0, 0, 6, 0, 6, 9, 3, 6, 9, 3, 0);
    s.triangles.push(b0, b0 + 1, b0 + 2, b0, b0 + 2, b0 + 3);
    const m = buildStanceNavMesh(s.positions, s.triangles, passes, quality).navMesh;
    expect(findPolygon(m, 3, 3)).toBeGreaterThanOrEqual(0);
    expect(findPolygon(m, 7.5, 3)).toBe(-1);
    // A 20° ramp (within standing's 0.5 rad ≈ 28.6°) is standing ground.
    const g = addFloor(createSoup(), 0, 0, 6, 6);
    const b1 = g.positions.length / 3;
    const rise = 3 * Math.tan((20 * Math.PI) / 180);
    g.positions.push(6, 0, 0, 6, 0, 6, 9, rise, 6, 9, rise, 0);
    g.triangles.push(b1, b1 + 1, b1 + 2, b1, b1 + 2, b1 + 3);
    const m2 = buildStanceNavMesh(g.positions, g.triangles, passes, quality).navMesh;
    expect(m2.areas[findPolygon(m2, 7.5, 3)]).toBe(0);
  });
});
