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
    const path = createNavPath(m.polyCount);
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

  it("rejects a pass without its own area id", () => {
    expect(() => buildStanceNavMesh(soup.positions, soup.triangles, [stand, { ...crouch, area: STAND }], quality)).toThrow(
      expect.objectContaining({ code: NavMeshErrorCodes.Config, path: "passes[1].area" }),
    );
    expect(findPolygon(sc.navMesh, 1, 1)).toBeGreaterThanOrEqual(0);
  });
});
