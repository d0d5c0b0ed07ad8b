// Loaders of @tactica/navmesh: OBJ text, navmesh JSON and bytes, run-time tile input, external polygon meshes,
// and the restore functions of its running state (tile cache, path corridor, tile slots and generations).
import { createSnapshotCodecs, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import {
  addNavMeshTile,
  addTileCacheObstacle,
  removeTileCacheObstacle,
  createNavMesh,
  createTileCache,
  createTiledNavMeshInput,
  navMeshFromBytes,
  navMeshFromJson,
  navMeshFromPolygonMesh,
  navMeshToBytes,
  navMeshToJson,
  parseObj,
  replaceNavMeshTile,
  restoreTileCache,
  saveTileCache,
  buildNavMeshFromTileCache,
  createPathCorridor,
  findPolygon,
  navMeshTilesSnapshotCodec,
  pathCorridorSnapshotCodec,
  resetPathCorridor,
  restoreNavMeshTiles,
  restorePathCorridor,
  saveNavMeshTiles,
  savePathCorridor,
  VoxelConfigPresets,
  type NavMesh,
  type NavMeshInput,
  type PathCorridor,
  type TileCache,
  type TileCacheObstacle,
  type TiledVoxelConfig,
} from "@tactica/navmesh";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const square = (x0: number, y0: number): { vertices: number[]; polygons: number[][] } => ({
  vertices: [x0, y0, x0 + 1, y0, x0 + 1, y0 + 1, x0, y0 + 1],
  polygons: [[0, 1, 2, 3]],
});

/** A 6 m × 6 m floor for the tiled-input and tile-cache loaders. */
const floor = { positions: [0, 0, 0, 6, 0, 0, 6, 0, 6, 0, 0, 6], triangles: [0, 2, 1, 0, 3, 2] };
const tiledSeeds: unknown[] = [
  { positions: floor.positions, triangles: floor.triangles, config: { ...VoxelConfigPresets.coarse, tileSize: 8 } },
  { positions: [0, 0, 0, 4, 0, 0, 4, 1, 4], triangles: [0, 2, 1], config: { ...VoxelConfigPresets.default, tileSize: 16 } },
];
const obstacleSeeds: unknown[] = [
  { kind: "cylinder", position: [3, 0, 3], radius: 0.5, height: 2 },
  { kind: "box", center: [2, 0.5, 2], halfExtents: [0.5, 1, 0.25], yaw: 0.3 },
  { kind: "polygon", points: [1, 1, 2, 1, 2, 2, 1, 2], minY: -1, maxY: 2 },
];

/** The tile-cache snapshot loader's input (a 6 m floor in 8-cell tiles) and caches over it. */
const cacheInput = createTiledNavMeshInput(floor.positions, floor.triangles, { ...VoxelConfigPresets.coarse, tileSize: 8 });
const makeCache = (): TileCache => createTileCache(cacheInput, { maxObstacles: 4 });
function cacheSnapshotSeeds(): unknown[] {
  const c = makeCache();
  const empty = saveTileCache(c);
  addTileCacheObstacle(c, obstacleSeeds[0] as TileCacheObstacle);
  const h = addTileCacheObstacle(c, obstacleSeeds[1] as TileCacheObstacle);
  const one = saveTileCache(c);
  buildNavMeshFromTileCache(c); // clears the queue
  addTileCacheObstacle(c, obstacleSeeds[2] as TileCacheObstacle);
  removeTileCacheObstacle(c, h);
  return [empty, one, saveTileCache(c)];
}
const cacheSeeds = cacheSnapshotSeeds();
const cacheSeed = cacheSeeds[1] as Record<string, unknown>;

/** A small tiled mesh: three tiles (one with a detail mesh), a freed slot, areas, flags and tags. */
function fixture(): NavMesh {
  const mesh = createNavMesh({
    ...square(0, 0),
    areas: [3],
    flags: [5],
    tags: [7],
    detailMeshes: [0, 0, 1, 4],
    detailVertices: [0.5, 0.5, 0.25],
    detailTriangles: [0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4],
  });
  addNavMeshTile(mesh, 1, 0, 0, {
    vertices: [1, 0, 2, 0, 2, 1, 1, 1, 1.5, 0.5],
    polygons: [
      [0, 1, 4],
      [1, 2, 4],
      [2, 3, 4],
      [3, 0, 4],
    ],
  });
  addNavMeshTile(mesh, 0, 1, 0, square(0, 1));
  addNavMeshTile(mesh, 5, 5, 1, square(5, 5));
  replaceNavMeshTile(mesh, 0, 1, 0, square(0, 1));
  return mesh;
}

const v1Json = {
  format: "tactica-navmesh",
  version: 1,
  maxVertsPerPoly: 4,
  vertices: [0, 0, 1, 0, 2, 0, 2, 1, 1, 1, 0, 1],
  heights: [0, 0, 0, 0, 0, 0],
  polygons: [
    [0, 1, 4, 5],
    [1, 2, 3, 4],
  ],
  areas: [0, 1],
  flags: [1, 1],
  tags: [0, 0],
};

const objText = [
  "# two quads and a triangle",
  "mtllib x.mtl",
  "o floor",
  "v 0 0 0",
  "v 1 0 0",
  "v 1 0 1",
  "v 0 0 1",
  "v 2 0 0\r",
  "vt 0 0",
  "vn 0 1 0",
  "g g1",
  "usemtl m",
  "f 1/1/1 2/1/1 3/1/1 4/1/1",
  "f -4//1 5//1 -3//1",
  "l 1 2",
  "f 2 5 3",
].join("\n");

/** Semantically wrong navmesh JSON: huge declared sizes, dangling ids, duplicate places, deep nesting. */
const wrongJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({ format: "tactica-navmesh", version: 2, tileGenerations: new Array(70000).fill(0), tiles: [] }),
  fc.integer({ min: 0, max: 1e9 }).map((s) => {
    const j = navMeshToJson(fixture()) as unknown as { tiles: Record<string, unknown>[] };
    j.tiles[1] = { ...j.tiles[1], slot: s };
    return j;
  }),
  fc.constantFrom(3, 4, 12, 13, 1e9, -1).map((m) => {
    const j = navMeshToJson(fixture()) as unknown as { tiles: Record<string, unknown>[] };
    j.tiles[0] = { ...j.tiles[0], maxVertsPerPoly: m };
    return j;
  }),
  fc.integer({ min: -5, max: 1e6 }).map((v) => {
    const j = navMeshToJson(fixture()) as unknown as { tiles: Record<string, unknown>[] };
    j.tiles[2] = { ...j.tiles[2], polygons: [[0, 1, v]] };
    return j;
  }),
  fc.constant(null).map(() => {
    const j = navMeshToJson(fixture()) as unknown as { tiles: Record<string, unknown>[] };
    j.tiles[1] = { ...j.tiles[1], x: j.tiles[0]!["x"], y: j.tiles[0]!["y"], layer: j.tiles[0]!["layer"] };
    return j;
  }),
  fc.integer({ min: 1, max: 2000 }).map((depth) => {
    let poly: unknown = [0, 1, 2];
    for (let i = 0; i < depth; i++) poly = [poly];
    return { ...v1Json, polygons: [poly] };
  }),
  fc.constant({ ...v1Json, detailMeshes: [0, 1e9, 0, 1e9, 0, 0, 0, 0], detailVertices: [], detailTriangles: [] }),
  // Round 2 (issues 32/35): more tiles than a mesh holds, a sparse polygon list, a vertex beyond the world bounds.
  fc.constant(null).map(() => {
    const j = navMeshToJson(fixture()) as unknown as { tiles: unknown[] };
    return { ...j, tiles: new Array(70000).fill(j.tiles[0]) };
  }),
  fc.constant({ ...v1Json, polygons: new Array(2 ** 21) }),
  fc.constantFrom(1e9, -1e9, 2 ** 21).map((v) => ({ ...v1Json, vertices: [0, 0, 1, 0, 2, 0, 2, v, 1, 1, 0, 1] })),
);

/** Semantically wrong bytes: counts that would allocate gigabytes, truncation, trailing junk. */
const wrongBytes: fc.Arbitrary<Uint8Array> = fc
  .record({
    at: fc.constantFrom(8, 12, 18 + 12, 18 + 16, 18 + 20, 18 + 24, 18 + 28, 18 + 32, 18 + 36),
    value: fc.constantFrom(0, 1, 3, 13, 65535, 65536, 2 ** 20, 2 ** 31, 2 ** 32 - 1),
  })
  .map(({ at, value }) => {
    const b = navMeshToBytes(fixture());
    new DataView(b.buffer).setUint32(at, value, true);
    return b;
  });

interface TileInput {
  x: unknown;
  y: unknown;
  layer: unknown;
  replace: unknown;
  tile: unknown;
}

const tileSeeds: TileInput[] = [
  { x: 2, y: 0, layer: 0, replace: false, tile: { vertices: [2, 0, 3, 0, 3, 1, 2, 1], polygons: [[0, 1, 2, 3]], areas: [1], flags: [1], tags: [2] } },
  {
    x: 1,
    y: 0,
    layer: 0,
    replace: true,
    tile: {
      vertices: [1, 0, 2, 0, 2, 1, 1, 1],
      heights: [0, 0, 1, 1],
      polygons: [
        [0, 1, 2],
        [0, 2, 3],
      ],
    },
  },
  {
    x: 0,
    y: 0,
    layer: 0,
    replace: true,
    tile: { ...square(0, 0), detailMeshes: [0, 0, 1, 4], detailVertices: [0.5, 0.5, 1], detailTriangles: [0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4] },
  },
];

const polygonMeshSeeds: unknown[] = [
  {
    vertices: [0, 0, 0, 1, 0, 0, 2, 0, 0, 2, 0, 1, 1, 0, 1, 0, 0, 1],
    polygons: [
      [0, 1, 4, 5],
      [1, 2, 3, 4],
    ],
    areas: [63, 63],
    flags: [1, 1],
  },
  {
    vertices: [0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1],
    polygons: [[0, 1, 2, 3]],
    detailMeshes: [{ verticesBase: 0, verticesCount: 1, trianglesBase: 0, trianglesCount: 4 }],
    detailVertices: [0.5, 1, 0.5],
    detailTriangles: [0, 1, 4, 0, 1, 2, 4, 0, 2, 3, 4, 0, 3, 0, 4, 0],
  },
  // An octagon (more than 6 vertices: split into ≤ 6-vertex pieces) with a raised centre detail vertex.
  {
    vertices: [2, 0, 0, 1.4, 0, 1.4, 0, 0, 2, -1.4, 0, 1.4, -2, 0, 0, -1.4, 0, -1.4, 0, 0, -2, 1.4, 0, -1.4],
    polygons: [[0, 1, 2, 3, 4, 5, 6, 7]],
    areas: [5],
    detailMeshes: [0, 0, 1, 8],
    detailVertices: [0, 1, 0],
    detailTriangles: [0, 1, 8, 0, 1, 2, 8, 0, 2, 3, 8, 0, 3, 4, 8, 0, 4, 5, 8, 0, 5, 6, 8, 0, 6, 7, 8, 0, 7, 0, 8, 0],
  },
];

const cases_: LoaderCase<unknown>[] = [
  { pkg: "navmesh", name: "parseObj", kind: "text", seeds: [objText, "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n"], load: (t) => parseObj(t as string) },
  { pkg: "navmesh", name: "navMeshFromJson", kind: "json", seeds: [navMeshToJson(fixture()), v1Json], wrong: wrongJson, load: (j) => navMeshFromJson(j) },
  {
    pkg: "navmesh",
    name: "navMeshFromBytes",
    kind: "bytes",
    seeds: [navMeshToBytes(fixture()), navMeshToBytes(createNavMesh(square(0, 0)))],
    wrong: wrongBytes,
    load: (b) => navMeshFromBytes(b as Uint8Array),
  },
  {
    pkg: "navmesh",
    name: "addNavMeshTile/replaceNavMeshTile",
    kind: "json",
    // Hashing the target serializes the whole mesh twice per input: fewer inputs in the unit suite.
    ciRuns: 800,
    seeds: tileSeeds,
    wrong: fc.record({
      x: fc.constantFrom(0, 1, 2 ** 40, -1.5),
      y: fc.constantFrom(0, 2 ** 31),
      layer: fc.constant(0),
      replace: fc.boolean(),
      tile: fc.constantFrom<unknown>(
        { vertices: { length: 2 ** 30 }, polygons: [] },
        { vertices: [0, 0, 1, 0, 0, 1], polygons: { length: 2 ** 30 } },
        { vertices: [], polygons: [[0, 0, 0]] },
        // Round 2: vertices far outside the world (the border passes walked every hash cell of such edges).
        { vertices: [2, 0, 3, 0, 1e9, 1, 2, 1], polygons: [[0, 1, 2, 3]] },
        { vertices: [2, 0, -1e9, 0, 3, 1], polygons: [[0, 1, 2]] },
        { vertices: [2, 0, 2 ** 19, 0, 2 ** 19, 2 ** 19, 2, 2 ** 19], polygons: [[0, 1, 2, 3]] },
      ),
    }),
    target: {
      create: () => fixture(),
      hash: (t) => JSON.stringify(navMeshToJson(t as NavMesh)),
      restore: (t, input) => {
        // A non-object input reaches the function as missing fields (x, y, layer and tile undefined).
        const i = (input !== null && typeof input === "object" ? input : {}) as Partial<TileInput>;
        const fn = i.replace === true ? replaceNavMeshTile : addNavMeshTile;
        fn(t as NavMesh, i.x as number, i.y as number, i.layer as number, i.tile as NavMeshInput);
      },
    },
  },
  {
    pkg: "navmesh",
    name: "navMeshFromPolygonMesh",
    kind: "json",
    seeds: polygonMeshSeeds,
    wrong: fc.constantFrom<unknown>(
      { vertices: { length: 3 * 2 ** 30 }, polygons: [] },
      { vertices: [0, 0, 0, 1, 0, 0, 1, 0, 1], polygons: [[0, 1, 2]], detailMeshes: [0, 0, 0, 2 ** 31], detailVertices: [], detailTriangles: [] },
      { vertices: [0, 0, 0, 1, 0, 0, 1, 0, 1], polygons: [[0, 1, 2]], detailMeshes: [{ verticesBase: -1 }], detailVertices: [], detailTriangles: [] },
    ),
    load: (j) => navMeshFromPolygonMesh(j as never),
  },
  {
    pkg: "navmesh",
    name: "createTiledNavMeshInput",
    kind: "json",
    seeds: tiledSeeds,
    wrong: fc.constantFrom<unknown>(
      { positions: [0, 0, 0, 1e9, 0, 0, 0, 0, 1e9], triangles: [0, 1, 2], config: { ...VoxelConfigPresets.coarse, tileSize: 8 } },
      { positions: [0, 0, 0, 1, 0, 0, 0, 0, 1], triangles: [0, 1, 2], config: { ...VoxelConfigPresets.coarse, tileSize: 2 ** 20 } },
      { positions: { length: 2 ** 30 }, triangles: [], config: { ...VoxelConfigPresets.coarse, tileSize: 16 } },
      { positions: [0, 0, 0, 1, 0, 0, 0, 0, 1], triangles: [0, 1, 5], config: { ...VoxelConfigPresets.coarse, tileSize: 16 } },
    ),
    load: (j) => {
      const i = (j !== null && typeof j === "object" ? j : {}) as { positions?: number[]; triangles?: number[]; config?: TiledVoxelConfig };
      return createTiledNavMeshInput(i.positions as number[], i.triangles as number[], i.config as TiledVoxelConfig);
    },
  },
  {
    pkg: "navmesh",
    name: "addTileCacheObstacle",
    kind: "json",
    seeds: obstacleSeeds,
    wrong: fc.constantFrom<unknown>(
      { kind: "cylinder", position: [1, 0, 1], radius: 1e300, height: 1 },
      { kind: "polygon", points: { length: 2 ** 30 }, minY: 0, maxY: 1 },
      { kind: "box", center: [0, 0, 0], halfExtents: [1, 1, 1], yaw: Infinity },
      { kind: "__proto__", position: [0, 0, 0] },
    ),
    target: {
      create: () =>
        createTileCache(createTiledNavMeshInput(floor.positions, floor.triangles, { ...VoxelConfigPresets.coarse, tileSize: 8 }), { maxObstacles: 4 }),
      hash: (t) => JSON.stringify([(t as TileCache).obstacles, (t as TileCache).obstacleGenerations, (t as TileCache).pending]),
      restore: (t, input) => {
        if (addTileCacheObstacle(t as TileCache, input as TileCacheObstacle) < 0) (t as TileCache).obstacles.fill(null);
      },
    },
  },
  {
    pkg: "navmesh",
    name: "restoreTileCache",
    kind: "json",
    seeds: cacheSeeds,
    jsonPaths: true,
    wrong: fc.oneof(
      // Dangling or repeated tiles, generations out of range, huge declared pools, a foreign grid.
      fc.integer({ min: -3, max: 1e6 }).map((t) => ({ ...cacheSeed, pending: [t] })),
      fc.constant({ ...cacheSeed, pending: [0, 0] }),
      fc.integer({ min: -2, max: 2 ** 31 }).map((g) => ({ ...cacheSeed, obstacleGenerations: [0, g, 0, 0] })),
      fc.constant({ ...cacheSeed, obstacles: new Array(70000).fill(null), obstacleGenerations: new Array(70000).fill(0), maxObstacles: 70000 }),
      fc.constant({ ...cacheSeed, pending: new Array(1e5).fill(0) }),
      fc.integer({ min: 0, max: 9 }).map((n) => ({ ...cacheSeed, tilesX: n })),
      fc.double({ noNaN: false }).map((b) => ({ ...cacheSeed, bounds: [b, 0, 0, 6, 0, 6] })),
      fc.constant({ ...cacheSeed, obstacles: [{ kind: "polygon", points: { length: 2 ** 30 }, minY: 0, maxY: 1 }, null, null, null] }),
      fc.constant({ ...cacheSeed, obstacles: [JSON.parse('{"__proto__": {"polluted": 1}, "kind": "cylinder"}'), null, null, null] }),
    ),
    target: {
      create: makeCache,
      hash: (t) => JSON.stringify(saveTileCache(t as TileCache)) + Array.from((t as TileCache).pendingFlags).join(""),
      restore: (t, input) => {
        restoreTileCache(t as TileCache, input);
        // An accepted snapshot leaves a cache that builds.
        buildNavMeshFromTileCache(t as TileCache);
      },
    },
  },
];

/** A corridor over the fixture: from tile "0,0,0" across "1,0,0" (refs with slot bits) to tile "0,1,0" (generation 1). */
function corridorSeed(capacity: number): PathCorridor {
  const mesh = fixture();
  const c = createPathCorridor({ capacity });
  resetPathCorridor(c, findPolygon(mesh, 0.5, 0.5), 0.5, 0.5);
  c.polys[1] = findPolygon(mesh, 0.5, 1.5);
  c.length = 2;
  c.targetX = 0.5;
  c.targetY = 1.5;
  return c;
}
const corridorSeeds: unknown[] = [savePathCorridor(corridorSeed(8)), savePathCorridor(createPathCorridor({ capacity: 8 }))];
const corridorSeedData = corridorSeeds[0] as Record<string, unknown>;
const tilesSeed = saveNavMeshTiles(fixture()) as unknown as Record<string, unknown>;

/** The snapshot envelope (core) over navmesh's codecs: the mesh's tile layout and one corridor. */
const NAVMESH_CODECS = createSnapshotCodecs();
registerSnapshotCodec(NAVMESH_CODECS, "level.navmesh", navMeshTilesSnapshotCodec);
registerSnapshotCodec(NAVMESH_CODECS, "guard.corridor", pathCorridorSnapshotCodec);
interface NavWorld {
  "level.navmesh": NavMesh;
  "guard.corridor": PathCorridor;
}
const navWorld = (): NavWorld => ({ "level.navmesh": fixture(), "guard.corridor": corridorSeed(8) });
const navEnvelope = (w: NavWorld, tick: number): unknown => JSON.parse(JSON.stringify(saveSnapshot(NAVMESH_CODECS, { ...w }, { tick })));
const goodNavEnvelope = navEnvelope(navWorld(), 40) as { sections: Record<string, { version: number; data: Record<string, unknown> }> };
const navWorldHash = (t: unknown): string => {
  const w = t as NavWorld;
  // The revision too: a rejected envelope must not rebuild the mesh (issue 35: it went 2 → 4).
  const m = w["level.navmesh"];
  return JSON.stringify([saveNavMeshTiles(m), savePathCorridor(w["guard.corridor"]), m.tileRefBase, m.revision, Array.from(m.polyVerts)]);
};

const restoreCases: LoaderCase<unknown>[] = [
  {
    pkg: "navmesh",
    name: "restorePathCorridor",
    kind: "json",
    seeds: corridorSeeds,
    jsonPaths: true,
    wrong: fc.oneof(
      // Refs past 52 bits or fractional, more refs than the capacity, another capacity, non-finite positions.
      fc.constantFrom(2 ** 53, 0.5, -1, 2 ** 52).map((r) => ({ ...corridorSeedData, polys: [0, r] })),
      fc.constant({ ...corridorSeedData, polys: new Array(1e5).fill(0) }),
      fc.integer({ min: -1, max: 1e9 }).map((c) => ({ ...corridorSeedData, capacity: c })),
      fc.constantFrom<unknown>(Infinity, NaN, "1", null).map((x) => ({ ...corridorSeedData, targetX: x })),
    ),
    target: {
      create: () => corridorSeed(8),
      hash: (t) => JSON.stringify(savePathCorridor(t as PathCorridor)),
      restore: (t, input) => restorePathCorridor(t as PathCorridor, input),
    },
  },
  {
    pkg: "navmesh",
    name: "restoreNavMeshTiles",
    kind: "json",
    seeds: [tilesSeed],
    jsonPaths: true,
    // Hashing the target serializes its tile layout and refs; each accepted input rebuilds the flat view.
    ciRuns: 800,
    wrong: fc.oneof(
      // Huge slot lists, dangling or shared slots, generations out of range, a hash of other data, a key the mesh lacks.
      fc.constant({ ...tilesSeed, generations: new Array(70000).fill(0) }),
      fc.integer({ min: -2, max: 2 ** 31 }).map((slot) => ({ ...tilesSeed, tiles: [{ ...(tilesSeed["tiles"] as object[])[0], slot }] })),
      fc.integer({ min: -2, max: 2 ** 31 }).map((g) => ({ ...tilesSeed, generations: [0, g, 0, 0] })),
      fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((hash) => {
        const tiles = (tilesSeed["tiles"] as Record<string, unknown>[]).map((t) => ({ ...t }));
        tiles[1]!["hash"] = hash;
        return { ...tilesSeed, tiles };
      }),
      fc.constantFrom("9,9,0", "__proto__", "constructor", "").map((key) => {
        const tiles = (tilesSeed["tiles"] as Record<string, unknown>[]).map((t) => ({ ...t }));
        tiles[2]!["key"] = key;
        return { ...tilesSeed, tiles };
      }),
    ),
    target: {
      create: () => fixture(),
      hash: (t) => JSON.stringify([saveNavMeshTiles(t as NavMesh), Array.from((t as NavMesh).tileRefBase)]),
      restore: (t, input) => restoreNavMeshTiles(t as NavMesh, input),
    },
  },
  {
    pkg: "navmesh",
    name: "navMeshTilesSnapshotCodec+pathCorridorSnapshotCodec",
    kind: "json",
    seeds: [goodNavEnvelope, navEnvelope({ "level.navmesh": fixture(), "guard.corridor": createPathCorridor({ capacity: 8 }) }, 0)],
    ciRuns: 800,
    // Well-formed but wrong: the sections swapped, a newer section version, a corridor of another capacity.
    wrong: fc.oneof(
      fc.constant({
        ...goodNavEnvelope,
        sections: { "level.navmesh": goodNavEnvelope.sections["guard.corridor"], "guard.corridor": goodNavEnvelope.sections["level.navmesh"] },
      }),
      fc.constant({ ...goodNavEnvelope, sections: { ...goodNavEnvelope.sections, "guard.corridor": { version: 2, data: corridorSeedData } } }),
      fc.constant({
        ...goodNavEnvelope,
        sections: { ...goodNavEnvelope.sections, "guard.corridor": { version: 1, data: savePathCorridor(corridorSeed(64)) } },
      }),
    ),
    target: {
      create: navWorld,
      hash: navWorldHash,
      restore: (t, input) => {
        restoreSnapshot(NAVMESH_CODECS, { ...(t as NavWorld) }, input);
      },
    },
  },
];

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [...cases_, ...restoreCases];
