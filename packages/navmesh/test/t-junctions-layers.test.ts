// Border links between tiles compare heights (Detour's walkableClimb check): two stacked floors
// whose tile borders are collinear in the plane never link, the same floor still does.
import { describe, expect, it } from "vitest";
import { addNavMeshTile, createNavMesh, decodePolyRef, type NavMesh, type NavMeshInput } from "../src";

/** Axis-aligned rectangles `[x0, z0, x1, z1]` at height `h`, vertices shared between them. */
function rects(rs: readonly (readonly number[])[], h: number): NavMeshInput {
  const ids = new Map<string, number>();
  const vertices: number[] = [];
  const polygons = rs.map(([x0, z0, x1, z1]) =>
    [
      [x0!, z0!],
      [x1!, z0!],
      [x1!, z1!],
      [x0!, z1!],
    ].map(([x, z]) => {
      const k = `${x},${z}`;
      let id = ids.get(k);
      if (id === undefined) {
        ids.set(k, (id = vertices.length / 2));
        vertices.push(x!, z!);
      }
      return id;
    }),
  );
  return { vertices, heights: new Array(vertices.length / 2).fill(h), polygons };
}

/** Tile layer of flat polygon `g`. */
const layerOf = (m: NavMesh, g: number): number => Number(m.tileKeys[m.polyTile[g]!]!.split(",")[2]);
/** Tile column of flat polygon `g`. */
const columnOf = (m: NavMesh, g: number): number => Number(m.tileKeys[m.polyTile[g]!]!.split(",")[0]);

/** Flat neighbor pairs (g < h) of the mesh. */
function links(m: NavMesh): [number, number][] {
  const out: [number, number][] = [];
  for (let g = 0; g < m.polyCount; g++)
    for (let k = 0; k < m.polyVertCount[g]!; k++) {
      const h = m.neighbors[g * m.maxVertsPerPoly + k]!;
      if (h > g) out.push([g, h]);
    }
  return out;
}

/** Whether every tile link (a ref into another tile) points into a tile of the same layer. */
function tileLinksStayOnLayer(m: NavMesh): boolean {
  for (const t of Object.values(m.tiles)) {
    for (let i = 0; i < t.links.length; i++) {
      const ref = t.links[i]!;
      if (ref < 0) continue;
      const key = m.tileKeys[decodePolyRef(ref).slot]!;
      if (Number(key.split(",")[2]) !== t.layer) return false;
    }
  }
  return true;
}

describe("tile border links across stacked floors", () => {
  it("T-junctions: collinear borders of two floors 3 m apart link within each floor only", () => {
    // Floor 0 (h = 0): tile 0 one 10 × 10 square, tile 1 split at z = 5.
    // Floor 1 (h = 3): tile 0 split at z = 3, tile 1 one square. Both seams at x = 10.
    const m = createNavMesh(rects([[0, 0, 10, 10]], 0));
    addNavMeshTile(
      m,
      1,
      0,
      0,
      rects(
        [
          [10, 0, 20, 5],
          [10, 5, 20, 10],
        ],
        0,
      ),
    );
    addNavMeshTile(
      m,
      0,
      0,
      1,
      rects(
        [
          [0, 0, 10, 3],
          [0, 3, 10, 10],
        ],
        3,
      ),
    );
    addNavMeshTile(m, 1, 0, 1, rects([[10, 0, 20, 10]], 3));
    const l = links(m);
    expect(l.filter(([g, h]) => layerOf(m, g) !== layerOf(m, h))).toEqual([]);
    // Within each floor, every polygon left of the seam links to every one right of it (they overlap).
    for (const layer of [0, 1]) {
      const across = l.filter(([g, h]) => layerOf(m, g) === layer && layerOf(m, h) === layer && columnOf(m, g) !== columnOf(m, h));
      expect(across.length).toBe(2);
    }
    expect(tileLinksStayOnLayer(m)).toBe(true);
    // No edge was cut at the other floor's seam points: every flat polygon keeps its floor's height.
    for (let g = 0; g < m.polyCount; g++)
      for (let k = 0; k < m.polyVertCount[g]!; k++) expect(m.heights[m.polyVerts[g * m.maxVertsPerPoly + k]!]).toBe(layerOf(m, g) === 0 ? 0 : 3);
  });

  it("matching seams: heights within the climb weld and link, a higher step or another floor does not", () => {
    // Floor 0: left at h = 0, right at h = 0.2 (within the 0.9 climb); floor 1 at h = 3 on both sides
    // with the same vertices in the plane. A third pair: left at 0, right at 2 (a step above the climb).
    const m = createNavMesh(rects([[0, 0, 10, 10]], 0));
    addNavMeshTile(m, 1, 0, 0, rects([[10, 0, 20, 10]], 0.2));
    addNavMeshTile(m, 0, 0, 1, rects([[0, 0, 10, 10]], 3));
    addNavMeshTile(m, 1, 0, 1, rects([[10, 0, 20, 10]], 3));
    addNavMeshTile(m, 2, 0, 0, rects([[20, 0, 30, 10]], 2));
    const l = links(m);
    expect(l.filter(([g, h]) => layerOf(m, g) !== layerOf(m, h))).toEqual([]);
    const pairs = l.map(([g, h]) => `${columnOf(m, g)}.${layerOf(m, g)}-${columnOf(m, h)}.${layerOf(m, h)}`).sort();
    // Floor 0 columns 0–1 link (0.2 m apart), floor 1 columns 0–1 link, floor 0 columns 1–2 do not (1.8 m step).
    expect(pairs).toEqual(["0.0-1.0", "0.1-1.1"].sort());
    expect(tileLinksStayOnLayer(m)).toBe(true);
  });
});
