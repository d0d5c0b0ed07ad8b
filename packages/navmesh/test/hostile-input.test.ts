// Hostile input, round 2 (issues 32 and 35): extreme coordinates, huge declared sizes, deep nesting,
// wrongly typed options. Each case must end fast with a TacticaError, never hang or throw a TypeError.
import { createSnapshotCodecs, isTacticaError, type TacticaError, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  addNavMeshTile,
  buildNavMeshFromPolygons,
  buildNavMeshFromTilemap,
  buildNavMeshFromTriangles3d,
  createNavMesh,
  navMeshFromBytes,
  navMeshFromJson,
  navMeshFromTriangles,
  navMeshTilesSnapshotCodec,
  navMeshToBytes,
  navMeshToJson,
  replaceNavMeshTile,
  type NavMesh,
} from "../src";

const square = (x: number, y: number, s = 1): { vertices: number[]; polygons: number[][] } => ({
  vertices: [x, y, x + s, y, x + s, y + s, x, y + s],
  polygons: [[0, 1, 2, 3]],
});

/** Runs `f` and returns the TacticaError it throws (fails on a return or any other exception). */
function rejects(f: () => unknown): TacticaError {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  if (thrown === undefined) throw new Error("expected a TacticaError, got a result");
  if (!isTacticaError(thrown))
    throw new Error(`expected a TacticaError, got ${thrown instanceof Error ? thrown.name + ": " + thrown.message : typeof thrown}`, { cause: thrown });
  return thrown;
}

const t0 = (): number => performance.now();

describe("world bounds: coordinates far outside any level are refused at the border", () => {
  for (const v of [1e9, -1e9, 2 ** 21]) {
    it(`addNavMeshTile / replaceNavMeshTile with a vertex at ${v}`, () => {
      const mesh = createNavMesh(square(0, 0));
      addNavMeshTile(mesh, 1, 0, 0, square(1, 0));
      const tile = { vertices: [2, 0, 3, 0, v, 1, 2, 1], polygons: [[0, 1, 2, 3]] };
      const start = t0();
      const e = rejects(() => addNavMeshTile(mesh, 2, 0, 0, tile));
      expect(e.message).toMatch(/MAX_WORLD_COORDINATE|world/);
      expect(e.path).toBe("vertices[4]");
      rejects(() => replaceNavMeshTile(mesh, 1, 0, 0, tile));
      expect(t0() - start).toBeLessThan(500);
    });
  }
  it("createNavMesh, navMeshFromJson, navMeshFromTriangles and buildNavMeshFromPolygons refuse 1e9", () => {
    rejects(() => createNavMesh({ vertices: [0, 0, 1e9, 0, 0, 1], polygons: [[0, 1, 2]] }));
    const j = navMeshToJson(createNavMesh(square(0, 0))) as unknown as { tiles: { vertices: number[] }[] };
    j.tiles[0]!.vertices[2] = -1e9;
    expect(rejects(() => navMeshFromJson(j)).path).toBe("$.tiles[0].vertices[2]");
    rejects(() => navMeshFromTriangles([0, 0, 0, 1e9, 0, 0, 0, 0, 1], [0, 2, 1]));
    rejects(() => buildNavMeshFromPolygons([{ outer: [0, 0, 1e9, 0, 0, 1] }]));
    rejects(() => buildNavMeshFromTriangles3d([0, 0, 0, 1e9, 0, 0, 0, 0, 1], [0, 2, 1]));
    rejects(() => buildNavMeshFromTilemap([1], 1, 1, { originX: 1e9 }));
  });
});

describe("bounded border passes", () => {
  it("a long border edge next to short ones is linked without walking every hash cell of its box", () => {
    // Tiles of 1 unit beside a tile whose border edge is 2^14 long: its box spans 2^28 hash cells.
    const mesh = createNavMesh(square(0, 0));
    addNavMeshTile(mesh, 1, 0, 0, square(1, 0));
    const big = 2 ** 14;
    const start = t0();
    addNavMeshTile(mesh, 0, 1, 0, { vertices: [0, 1, big, 1, big, big, 0, big], polygons: [[0, 1, 2, 3]] });
    replaceNavMeshTile(mesh, 0, 1, 0, { vertices: [0, 1, big, 1, big, 2 * big, 0, 2 * big], polygons: [[0, 1, 2, 3]] });
    expect(t0() - start).toBeLessThan(500);
    // The long edge y = 1 is cut at x = 1 and x = 2 (the small tiles' corners): it links to both.
    const links = Array.from(mesh.tiles["0,1,0"]!.borderLinks);
    expect(links.length / 5).toBe(2);
  });
  it("the full rebuild's T-junction pass (a loaded mesh) links a long edge to every short one it faces", () => {
    const mesh = createNavMesh(square(0, 0));
    for (let i = 1; i < 64; i++) addNavMeshTile(mesh, i, 0, 0, square(i, 0));
    // A triangle whose hypotenuse's box covers the whole 4096² grid of the rebuild.
    addNavMeshTile(mesh, 0, 1, 0, { vertices: [0, 1, 2 ** 14, 1, 0, 2 ** 14], polygons: [[0, 1, 2]] });
    const json = navMeshToJson(mesh);
    const start = t0();
    const again = navMeshFromJson(json);
    expect(t0() - start).toBeLessThan(500);
    expect(again.tiles["0,1,0"]!.borderLinks.length / 5).toBe(64);
  });
});

describe("limits: declared sizes are checked before anything is iterated", () => {
  it("navMeshFromJson with 10^6 tiles is refused from the array's length (limits.maxTiles)", () => {
    const j = navMeshToJson(createNavMesh(square(0, 0))) as unknown as { tiles: unknown[]; tileGenerations: number[] };
    const start = t0();
    const e = rejects(() => navMeshFromJson({ ...j, tiles: new Array(1e6).fill(j.tiles[0]) }));
    expect(e.message).toMatch(/maxTiles/);
    expect(e.path).toBe("$.tiles");
    expect(rejects(() => navMeshFromJson({ ...j, tiles: [j.tiles[0], j.tiles[0]] }, { limits: { maxTiles: 1 } })).message).toMatch(/maxTiles/);
    expect(t0() - start).toBeLessThan(500);
  });
  it("buildNavMeshFromTriangles3d and navMeshFromTriangles refuse a sparse triangle array declared 2^26 long", () => {
    const pos = [0, 0, 0, 1, 0, 0, 0, 0, 1];
    const start = t0();
    expect(rejects(() => buildNavMeshFromTriangles3d(pos, new Array(3 * 2 ** 26))).message).toMatch(/maxTriangles/);
    expect(rejects(() => buildNavMeshFromTriangles3d(new Array(3 * 2 ** 26), [0, 2, 1])).message).toMatch(/maxVertices/);
    expect(rejects(() => navMeshFromTriangles(pos, new Array(3 * 2 ** 26))).message).toMatch(/maxTriangles/);
    expect(rejects(() => buildNavMeshFromTriangles3d(pos, [0, 2, 1, 0, 2, 1], { limits: { maxTriangles: 1 } })).message).toMatch(/maxTriangles/);
    expect(t0() - start).toBeLessThan(500);
  });
  it("buildNavMeshFromPolygons refuses a hole list declared 2^26 long, too many regions and too many vertices", () => {
    const outer = [0, 0, 10, 0, 10, 10, 0, 10];
    const start = t0();
    expect(rejects(() => buildNavMeshFromPolygons([{ outer, holes: new Array(2 ** 26) }])).message).toMatch(/maxHoles/);
    expect(rejects(() => buildNavMeshFromPolygons([{ outer, holes: { length: 2 ** 26 } }])).message).toMatch(/maxHoles/);
    expect(rejects(() => buildNavMeshFromPolygons(new Array(2 ** 26))).message).toMatch(/maxPolygons/);
    expect(rejects(() => buildNavMeshFromPolygons([{ outer: new Array(2 ** 26) }])).message).toMatch(/maxVertices/);
    expect(rejects(() => buildNavMeshFromPolygons([{ outer }, { outer }], { limits: { maxPolygons: 1 } })).message).toMatch(/maxPolygons/);
    expect(rejects(() => buildNavMeshFromTilemap({ length: 2 ** 26 }, 2 ** 13, 2 ** 13)).message).toMatch(/maxCells/);
    expect(rejects(() => buildNavMeshFromTilemap([1, 1], 2, 1, { limits: { maxCells: 1 } })).message).toMatch(/maxCells/);
    expect(t0() - start).toBeLessThan(500);
  });
});

describe("plain exceptions become TacticaErrors", () => {
  const hostile = JSON.parse('{"toString": 1, "valueOf": 1}') as unknown;
  const deep = (n: number): unknown => {
    let v: unknown = [0, 0, 1];
    for (let i = 0; i < n; i++) v = [v];
    return v;
  };
  const calls: [string, () => unknown][] = [
    ["buildNavMeshFromTriangles3d null options", () => buildNavMeshFromTriangles3d([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 2, 1], null as never)],
    [
      "buildNavMeshFromTriangles3d config a string",
      () => buildNavMeshFromTriangles3d([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 2, 1], { config: "x".repeat(1e7) as never }),
    ],
    ["buildNavMeshFromTriangles3d options a string", () => buildNavMeshFromTriangles3d([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 2, 1], "x".repeat(1e6) as never)],
    ["replaceNavMeshTile null options", () => replaceNavMeshTile(createNavMesh(square(0, 0)), 1, 0, 0, square(1, 0), null as never)],
    ["addNavMeshTile string options", () => addNavMeshTile(createNavMesh(square(0, 0)), 1, 0, 0, square(1, 0), "abc" as never)],
    ["buildNavMeshFromTilemap null options", () => buildNavMeshFromTilemap([1], 1, 1, null as never)],
    ["buildNavMeshFromTilemap hostile width", () => buildNavMeshFromTilemap([1], hostile as never, 1)],
    ["buildNavMeshFromTilemap null cells", () => buildNavMeshFromTilemap(null as never, 1, 1)],
    ["buildNavMeshFromPolygons null holes", () => buildNavMeshFromPolygons([{ outer: [0, 0, 1, 0, 0, 1], holes: null as never }])],
    ["buildNavMeshFromPolygons null hole", () => buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 0, 10], holes: [null as never] }])],
    ["buildNavMeshFromPolygons null options", () => buildNavMeshFromPolygons([{ outer: [0, 0, 1, 0, 0, 1] }], null as never)],
    ["buildNavMeshFromPolygons null regions", () => buildNavMeshFromPolygons(null as never)],
    ["buildNavMeshFromPolygons hostile area", () => buildNavMeshFromPolygons([{ outer: [0, 0, 1, 0, 0, 1], area: hostile as never }])],
    ["buildNavMeshFromPolygons deep outer", () => buildNavMeshFromPolygons([{ outer: deep(100_000) as never }])],
    ["buildNavMeshFromPolygons deep regions", () => buildNavMeshFromPolygons(deep(100_000) as never)],
    ["navMeshFromTriangles null positions", () => navMeshFromTriangles(null as never, [])],
    ["navMeshFromTriangles a string", () => navMeshFromTriangles("0,0,0" as never, [])],
    ["navMeshFromTriangles an object", () => navMeshFromTriangles({} as never, {} as never)],
    ["navMeshFromTriangles hostile index", () => navMeshFromTriangles([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, hostile as never, 1])],
    ["navMeshFromTriangles null options", () => navMeshFromTriangles([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 2, 1], null as never)],
    ["navMeshFromTriangles deep", () => navMeshFromTriangles(deep(100_000) as never, deep(100_000) as never)],
    ["buildNavMeshFromTriangles3d deep", () => buildNavMeshFromTriangles3d(deep(100_000) as never, deep(100_000) as never)],
    [
      "navMeshFromJson deep polygons",
      () =>
        navMeshFromJson({
          format: "tactica-navmesh",
          version: 1,
          vertices: [0, 0, 1, 0, 0, 1],
          heights: [0, 0, 0],
          polygons: [deep(100_000)],
          areas: [0],
          flags: [1],
          tags: [0],
        }),
    ],
    ["navMeshFromJson string options", () => navMeshFromJson({}, "x" as never)],
    [
      "navMeshFromBytes an object inheriting from a Uint8Array",
      () => navMeshFromBytes(Object.create(navMeshToBytes(createNavMesh(square(0, 0)))) as Uint8Array),
    ],
    ["createNavMesh hostile index", () => createNavMesh({ vertices: [0, 0, 1, 0, 0, 1], polygons: [[0, 1, hostile as never]] })],
  ];
  for (const [name, call] of calls) {
    it(name, () => {
      const start = t0();
      rejects(call);
      expect(t0() - start).toBeLessThan(1000);
    });
  }
});

describe("restoreSnapshot rollback leaves the mesh exactly as it was", () => {
  /** Every field of the mesh, typed arrays and tiles included (not only the saved form). */
  const fullState = (mesh: NavMesh): string =>
    JSON.stringify(mesh, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v));
  it("a later section rejected: revision, generations, slots and flat view unchanged", () => {
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "level.navmesh", navMeshTilesSnapshotCodec);
    registerSnapshotCodec(codecs, "z.other", {
      version: 1,
      save: () => 1,
      restore: (_t: unknown, d: unknown) => {
        if (d !== 1) throw new TypeError("rejected");
      },
    });
    const make = (): NavMesh => {
      const m = createNavMesh(square(0, 0));
      addNavMeshTile(m, 1, 0, 0, square(1, 0));
      return m;
    };
    const saved = make();
    replaceNavMeshTile(saved, 0, 0, 0, square(0, 0));
    const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { "level.navmesh": saved, "z.other": {} }, { tick: 1 }))) as {
      sections: Record<string, { data: unknown }>;
    };
    snap.sections["z.other"]!.data = 2;
    const target = make();
    const before = fullState(target);
    const revision = target.revision;
    expect(() => restoreSnapshot(codecs, { "level.navmesh": target, "z.other": {} }, snap)).toThrow(/rejected/);
    expect(target.revision).toBe(revision);
    expect(fullState(target)).toBe(before);
  });
});
