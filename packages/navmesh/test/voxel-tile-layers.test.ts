import { describe, expect, it } from "vitest";
import {
  VoxelConfigPresets,
  assembleNavMeshTiles,
  buildNavMeshTile,
  addTileCacheObstacle,
  buildNavMeshFromTileCache,
  buildTiledNavMesh,
  createTileCache,
  createTiledNavMeshInput,
  updateTileCache,
  findPolygon,
  navMeshToBytes,
  rebuildNavMeshTile,
  type NavMesh,
  type NavMeshTile,
  type NavMeshTileBuild,
} from "../src";
import { canonicalFlatView } from "./helpers";
import { addFloor, createSoup, type Soup } from "./voxel-fixtures";

/** A quad rising along x from height y0 at x0 to y1 at x1 (upward facing). */
function addRamp(s: Soup, x0: number, z0: number, x1: number, z1: number, y0: number, y1: number): Soup {
  const b = s.positions.length / 3;
  s.positions.push(x0, y0, z0, x0, y0, z1, x1, y1, z1, x1, y1, z0);
  s.triangles.push(b, b + 1, b + 2, b, b + 2, b + 3);
  return s;
}

// Two floors: a 40 m × 10 m ground and an overpass 3 m above it (z 3..7): a ramp up over x 6..14,
// a deck over x 14..26, a ramp down over x 26..34. In 32-cell (9.6 m) tiles: 5 × 2 tiles; the
// deck lies over tiles (1, 0) and (2, 0).
const soup = addRamp(addFloor(addRamp(addFloor(createSoup(), 0, 0, 40, 10, 0), 6, 3, 14, 7, 0, 3), 14, 3, 26, 7, 3), 26, 3, 34, 7, 3, 0);
const config = { ...VoxelConfigPresets.recast, tileSize: 32, partition: "layers" as const };

function tileBytes(t: NavMeshTile): string {
  return JSON.stringify([
    Array.from(t.vertices),
    Array.from(t.heights),
    Array.from(t.polyVerts),
    Array.from(t.polyVertCount),
    Array.from(t.areas),
    Array.from(t.tags),
  ]);
}

/** Polygons reachable from `start` over the flat view's neighbors. */
function reachable(mesh: NavMesh, start: number): Set<number> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const p = queue.pop()!;
    for (let k = 0; k < mesh.polyVertCount[p]!; k++) {
      const q = mesh.neighbors[p * mesh.maxVertsPerPoly + k]!;
      if (q >= 0 && !seen.has(q)) {
        seen.add(q);
        queue.push(q);
      }
    }
  }
  return seen;
}

const tileKeyOf = (mesh: NavMesh, p: number): string => mesh.tileKeys[mesh.polyTile[p]!]!;

describe("tiled builds with several layers per tile (partition: layers)", () => {
  const input = createTiledNavMeshInput(soup.positions, soup.triangles, config);
  const { navMesh } = buildTiledNavMesh(input);

  it("splits the tiles under the deck into two layers; the deck is layer 1 there, the ground layer 0", () => {
    expect([input.tilesX, input.tilesY]).toEqual([5, 2]);
    expect(Object.keys(navMesh.tiles)).toContain("1,0,1");
    expect(Object.keys(navMesh.tiles)).toContain("2,0,1");
    // A tile away from the overpass has one layer.
    expect(Object.keys(navMesh.tiles)).not.toContain("0,1,1");
    for (const x of [16, 20, 24]) {
      const deck = findPolygon(navMesh, x, 5, { height: 3 });
      const ground = findPolygon(navMesh, x, 5, { height: 0 });
      expect(deck).toBeGreaterThanOrEqual(0);
      expect(ground).toBeGreaterThanOrEqual(0);
      expect(deck).not.toBe(ground);
      const tx = Math.floor(x / 9.6);
      expect(tileKeyOf(navMesh, deckIndex(navMesh, x, 3))).toBe(`${tx},0,1`);
      expect(tileKeyOf(navMesh, deckIndex(navMesh, x, 0))).toBe(`${tx},0,0`);
    }
  });

  it("both floors are reachable from each other over the ramps, and the ground under the deck from the ground beside it", () => {
    const start = deckIndex(navMesh, 2, 1);
    const from = reachable(navMesh, start);
    expect(from.has(deckIndex(navMesh, 20, 0))).toBe(true); // under the deck
    expect(from.has(deckIndex(navMesh, 20, 3))).toBe(true); // on the deck
    expect(from.has(deckIndex(navMesh, 38, 0, 9))).toBe(true);
    // Without layers (watershed on one layer per tile) the tiled build cannot hold both floors.
    const flat = buildTiledNavMesh(createTiledNavMeshInput(soup.positions, soup.triangles, { ...config, partition: "monotone" })).navMesh;
    expect(Object.keys(flat.tiles).every((k) => k.endsWith(",0"))).toBe(true);
  });

  it("a tile rebuilt alone gives the same bytes per layer as the full build; the same input gives the same bytes", () => {
    const mesh = buildTiledNavMesh(input).navMesh;
    const before = new Map(Object.entries(mesh.tiles).map(([k, t]) => [k, tileBytes(t)]));
    for (const [tx, ty] of [
      [1, 0],
      [2, 0],
      [3, 0],
    ] as const) {
      const r = rebuildNavMeshTile(mesh, input, tx, ty);
      expect(r.layerRefs.length).toBe(r.tile.layerInputs.length);
      expect(r.layerRefs.every((ref) => ref >= 0)).toBe(true);
    }
    expect(Object.keys(mesh.tiles).sort()).toEqual([...before.keys()].sort());
    for (const [k, t] of Object.entries(mesh.tiles)) expect(tileBytes(t)).toBe(before.get(k));
    expect(canonicalFlatView(mesh)).toEqual(canonicalFlatView(navMesh));
    const again = buildTiledNavMesh(createTiledNavMeshInput(soup.positions, soup.triangles, config)).navMesh;
    expect(navMeshToBytes(again)).toEqual(navMeshToBytes(navMesh));
  });

  it("tile builds with layers assemble (as from workers) to the bytes of the full build", () => {
    const builds: NavMeshTileBuild[] = [];
    for (let ty = 0; ty < input.tilesY; ty++) for (let tx = 0; tx < input.tilesX; tx++) builds.push(structuredClone(buildNavMeshTile(input, tx, ty)));
    expect(builds[1]!.layerInputs.length).toBe(2);
    expect(builds[1]!.layerInputs[0]).toBe(builds[1]!.input);
    expect(navMeshToBytes(assembleNavMeshTiles(builds))).toEqual(navMeshToBytes(navMesh));
  });

  it("a tile cache over layered tiles: an obstacle on the deck removes deck polygons only, the ground under it stays", () => {
    const cache = createTileCache(input, { maxObstacles: 4 });
    const mesh = buildNavMeshFromTileCache(cache);
    expect(navMeshToBytes(mesh)).toEqual(navMeshToBytes(navMesh));
    const groundBefore = tileBytes(mesh.tiles["2,0,0"]!);
    expect(tileKeyOf(mesh, deckIndex(mesh, 21, 3))).toBe("2,0,1");
    addTileCacheObstacle(cache, { kind: "cylinder", position: [21, 3, 5], radius: 1.5, height: 2 });
    const u = updateTileCache(cache, mesh);
    expect(u.rebuiltTiles).toContain(2);
    // The deck is cut at x = 21 (the nearest surface there is now the ground), the ground tile is unchanged.
    expect(tileKeyOf(mesh, deckIndex(mesh, 21, 3))).toBe("2,0,0");
    expect(tileBytes(mesh.tiles["2,0,0"]!)).toBe(groundBefore);
    expect(tileKeyOf(mesh, deckIndex(mesh, 16, 3))).toBe("1,0,1");
  });

  it("a rebuild with fewer layers removes the tile's upper layer", () => {
    const mesh = buildTiledNavMesh(input).navMesh;
    const groundOnly = addFloor(createSoup(), 0, 0, 40, 10, 0);
    const input2 = createTiledNavMeshInput(groundOnly.positions, groundOnly.triangles, { ...config, tileSize: 32 }, { bounds: input.bounds });
    const r = rebuildNavMeshTile(mesh, input2, 2, 0);
    expect(r.layerRefs.length).toBe(1);
    expect(Object.keys(mesh.tiles)).not.toContain("2,0,1");
    expect(Object.keys(mesh.tiles)).toContain("1,0,1");
    expect(findPolygon(mesh, 20, 5, { height: 0 })).toBeGreaterThanOrEqual(0);
  });
});

/** Flat polygon index at (x, z) nearest to height h. */
function deckIndex(mesh: NavMesh, x: number, h: number, z = 5): number {
  const ref = findPolygon(mesh, x, z, { height: h });
  expect(ref).toBeGreaterThanOrEqual(0);
  return refToIndex(mesh, ref);
}

function refToIndex(mesh: NavMesh, ref: number): number {
  for (let s = 0; s < mesh.tileKeys.length; s++) {
    const base = mesh.tileRefBase[s]!;
    if (base >= 0 && ref >= base && ref < base + mesh.tilePolyCount[s]!) return mesh.tilePolyBase[s]! + (ref - base);
  }
  return -1;
}
