import { describe, expect, it } from "vitest";
import {
  StancePresets,
  NavMeshErrorCodes,
  buildStanceNavMesh,
  createNavMeshQuery,
  createNavPath,
  findPolygon,
  findPolygonPath,
  getPolygonArea,
  createStraightPath,
  findStraightPath,
  markStancePath,
  voxelConfigFromWorld,
  type NavMesh,
  type StancePass,
} from "../src";
import { addFloor, addTable, createSoup } from "./voxel-fixtures";

// Chapter 32 fixture: a 10 m × 10 m room and a table 1.5 m high over x, z in 3..7.
const soup = addTable(addFloor(createSoup(), 0, 0, 10, 10), 3, 3, 7, 7, 1.4, 1.5);
const quality = { cellSize: 0.1, cellHeight: 0.05, regionMinSize: 4 };
const STAND = 63,
  CROUCH = 10,
  PRONE = 20;
const stand: StancePass = { name: "stand", agent: StancePresets.stand, area: STAND };
const crouch: StancePass = { name: "crouch", agent: StancePresets.crouch, area: CROUCH };
const prone: StancePass = { name: "prone", agent: StancePresets.prone, area: PRONE };

function areaOf(m: NavMesh, area: number): number {
  let a = 0;
  for (let p = 0; p < m.polyCount; p++) if (m.areas[p] === area) a += getPolygonArea(m, p);
  return a;
}

/** The floor polygon (height below 1 m) under (x, z), or -1. */
function floorPolygon(m: NavMesh, x: number, z: number): number {
  for (let p = 0; p < m.polyCount; p++) {
    const n = m.polyVertCount[p]!;
    let inside = true,
      low = true;
    for (let i = 0; i < n; i++) {
      const a = m.polyVerts[p * m.maxVertsPerPoly + i]!,
        b = m.polyVerts[p * m.maxVertsPerPoly + ((i + 1) % n)]!;
      if (
        (m.vertices[2 * b]! - m.vertices[2 * a]!) * (z - m.vertices[2 * a + 1]!) -
          (m.vertices[2 * b + 1]! - m.vertices[2 * a + 1]!) * (x - m.vertices[2 * a]!) <
        0
      )
        inside = false;
      if (m.heights[a]! > 1) low = false;
    }
    if (inside && low) return p;
  }
  return -1;
}

/** True when (x, z) lies strictly inside floor-level polygon p (height below 1 m). */
function strictlyInside(m: NavMesh, p: number, x: number, z: number): boolean {
  const n = m.polyVertCount[p]!;
  for (let i = 0; i < n; i++) {
    const a = m.polyVerts[p * m.maxVertsPerPoly + i]!,
      b = m.polyVerts[p * m.maxVertsPerPoly + ((i + 1) % n)]!;
    if (m.heights[a]! > 1) return false;
    const cross =
      (m.vertices[2 * b]! - m.vertices[2 * a]!) * (z - m.vertices[2 * a + 1]!) - (m.vertices[2 * b + 1]! - m.vertices[2 * a + 1]!) * (x - m.vertices[2 * a]!);
    if (cross <= 1e-9) return false;
  }
  return true;
}

describe("chapter 32 stance passes", () => {
  const sc = buildStanceNavMesh(soup.positions, soup.triangles, [stand, crouch, prone], quality);

  it("puts the space under the table in the crouch layer only, sharing edges with the standing layer", () => {
    const m = sc.navMesh;
    expect(sc.passAreas).toEqual([0, CROUCH, PRONE]);
    expect(m.areas[floorPolygon(m, 1, 1)]).toBe(0);
    expect(m.areas[floorPolygon(m, 5, 5)]).toBe(CROUCH);
    // Stand and crouch polygons are linked across shared edges (one mesh, exact borders).
    let crossLinks = 0;
    for (let p = 0; p < m.polyCount; p++)
      for (let k = 0; k < m.maxVertsPerPoly; k++) {
        const q = m.neighbors[p * m.maxVertsPerPoly + k]!;
        if (q >= 0 && m.areas[p] === 0 && m.areas[q] === CROUCH) crossLinks++;
      }
    expect(crossLinks).toBeGreaterThan(0);
    expect(sc.passSpans[0]).toBeGreaterThan(sc.passSpans[1]!);
  });

  it("pass order matters: stand → prone → crouch leaves less to crouch than stand → crouch → prone", () => {
    const other = buildStanceNavMesh(soup.positions, soup.triangles, [stand, prone, crouch], quality);
    expect(areaOf(other.navMesh, CROUCH)).toBeLessThan(areaOf(sc.navMesh, CROUCH));
    expect(other.passSpans[2]!).toBeLessThan(sc.passSpans[1]!);
  });

  it("a crouch cost above 1 sends the path round the table when the detour is cheaper", () => {
    const m = sc.navMesh;
    const q = createNavMeshQuery(m);
    const path = createNavPath({ maxLength: m.polyCount });
    const s = floorPolygon(m, 1.5, 5),
      g = floorPolygon(m, 8.5, 5);
    const costs = new Float64Array(64).fill(1);
    const crosses = (): boolean => {
      for (let i = 0; i < path.length; i++) if (m.areas[path.path[i]!] === CROUCH) return true;
      return false;
    };
    findPolygonPath(path, q, s, 1.5, 5, g, 8.5, 5, { areaCosts: costs });
    expect(crosses()).toBe(true); // straight under the table
    costs[CROUCH] = 4;
    findPolygonPath(path, q, s, 1.5, 5, g, 8.5, 5, { areaCosts: costs });
    expect(crosses()).toBe(false); // round it
  });

  it("stand and crouch polygons share edges exactly: no overlap, no unlinked border between them", () => {
    const m = sc.navMesh;
    // No overlap: every sample point of the floor lies in at most one floor-level polygon.
    for (let z = 0.05; z < 10; z += 0.1)
      for (let x = 0.05; x < 10; x += 0.1) {
        let n = 0;
        for (let p = 0; p < m.polyCount; p++) if (strictlyInside(m, p, x, z)) n++;
        expect(n).toBeLessThanOrEqual(1);
      }
    // No gap: just outside every unlinked edge of a crouch polygon there is no floor polygon
    // (an unlinked stand polygon there would be a gap or a T-junction between the layers).
    let crouchEdges = 0;
    for (let p = 0; p < m.polyCount; p++) {
      if (m.areas[p] !== CROUCH) continue;
      const n = m.polyVertCount[p]!;
      for (let k = 0; k < n; k++) {
        const a = m.polyVerts[p * m.maxVertsPerPoly + k]!,
          b = m.polyVerts[p * m.maxVertsPerPoly + ((k + 1) % n)]!;
        const ax = m.vertices[2 * a]!,
          az = m.vertices[2 * a + 1]!,
          bx = m.vertices[2 * b]!,
          bz = m.vertices[2 * b + 1]!;
        const len = Math.hypot(bx - ax, bz - az);
        // Outward normal of a counter-clockwise polygon: (dz, −dx).
        const ox = ((bz - az) / len) * 0.02,
          oz = (-(bx - ax) / len) * 0.02;
        const q = m.neighbors[p * m.maxVertsPerPoly + k]!;
        const outside = floorPolygon(m, (ax + bx) / 2 + ox, (az + bz) / 2 + oz);
        if (q >= 0) {
          crouchEdges++;
          expect(outside).toBe(q);
        } else expect(outside).toBe(-1);
      }
    }
    expect(crouchEdges).toBeGreaterThan(0);
  });

  it("keeps the crouch flag from the corner before the table until the corner after it", () => {
    const m = sc.navMesh;
    const q = createNavMeshQuery(m);
    const path = createNavPath({ maxLength: m.polyCount });
    findPolygonPath(path, q, floorPolygon(m, 1.5, 5), 1.5, 5, floorPolygon(m, 8.5, 4), 8.5, 4);
    const sp = createStraightPath({ maxPoints: 32 });
    findStraightPath(sp, m, path.path, path.length, 1.5, 5, 8.5, 4);
    const flags = markStancePath(new Uint8Array(32), m, path.path, path.length, sp, [CROUCH]);
    // The path runs under the table (x 3..7): the corners on both sides of it are crouched,
    // every corner of the stretch in between too.
    for (let k = 0; k < sp.count; k++) {
      const x = sp.points[2 * k]!;
      const before = k + 1 < sp.count && sp.points[2 * k + 2]! > 3 && x <= 3;
      const after = k > 0 && sp.points[2 * k - 2]! < 7 && x >= 7;
      if (before || after || (x > 3 && x < 7)) expect(flags[k]).toBe(1);
    }
    expect(flags[0]).toBe(1);
    expect(flags[sp.count - 1]).toBe(1);
    // A path that stays out from under the table is never crouched.
    findPolygonPath(path, q, floorPolygon(m, 1, 1), 1, 1, floorPolygon(m, 9, 1), 9, 1);
    findStraightPath(sp, m, path.path, path.length, 1, 1, 9, 1);
    expect(Array.from(markStancePath(new Uint8Array(32), m, path.path, path.length, sp, [CROUCH]).subarray(0, sp.count)).every((f) => f === 0)).toBe(true);
  });

  it("honours the partition of the quality settings (monotone: same crouch layer under the table)", () => {
    const mono = buildStanceNavMesh(soup.positions, soup.triangles, [stand, crouch, prone], { ...quality, partition: "monotone" });
    expect(mono.passSpans).toEqual(sc.passSpans);
    expect(mono.navMesh.areas[floorPolygon(mono.navMesh, 5, 5)]).toBe(CROUCH);
    expect(mono.navMesh.polyCount).not.toBe(sc.navMesh.polyCount);
    expect(
      voxelConfigFromWorld({ cellSize: 0.3, cellHeight: 0.2, agentHeight: 2, agentRadius: 0.6, agentMaxClimb: 0.9, agentMaxSlope: 45, partition: "layers" })
        .partition,
    ).toBe("layers");
  });

  it("rejects a pass without its own area id", () => {
    expect(() => buildStanceNavMesh(soup.positions, soup.triangles, [stand, { ...crouch, area: STAND }], quality)).toThrow(
      expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "passes[1].area" }),
    );
    expect(findPolygon(sc.navMesh, 1, 1)).toBeGreaterThanOrEqual(0);
  });
});
