import { createSnapshotCodecs, isTacticaError, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addNavMeshTile,
  createNavMeshQuery,
  createNavPath,
  createPathCorridor,
  createStraightPath,
  encodePolyRef,
  findCorridorCorners,
  findPolygon,
  findPolygonPath,
  isValidPolyRef,
  moveCorridorPosition,
  navMeshTilesSnapshotCodec,
  navMeshToJson,
  optimizeCorridorVisibility,
  pathCorridorSnapshotCodec,
  removeNavMeshTile,
  repairPathCorridor,
  replaceNavMeshTile,
  resetPathCorridor,
  restoreNavMeshTiles,
  restorePathCorridor,
  saveNavMeshTiles,
  savePathCorridor,
  setPathCorridor,
  PathCorridorRepair,
  type NavMesh,
  type NavMeshQuery,
  type NavPath,
  type PathCorridor,
  type StraightPath,
} from "../src";
import { assemble, roomTiles, type TileInput } from "./room-tiles";

/** The mesh's JSON with its tiles in slot order (the record's key order is insertion order). */
function bySlot(mesh: NavMesh): unknown {
  const j = navMeshToJson(mesh);
  return { ...j, tiles: [...j.tiles].sort((p, q) => p.slot - q.slot) };
}

describe("navmesh tiles snapshot (slots and generations)", () => {
  it("restored into the same tiles added in another order, the mesh hands out the saved refs; stale refs stay stale", () => {
    const tiles = roomTiles();
    expect(tiles.length).toBe(4);
    const a = assemble(tiles, [0, 1, 2, 3]);
    const stale = findPolygon(a, 15, 2); // tile "1,0,0" before it is replaced
    replaceNavMeshTile(a, 1, 0, 0, tiles[1]!.input);
    replaceNavMeshTile(a, 1, 0, 0, tiles[1]!.input);
    removeNavMeshTile(a, 0, 1, 0); // frees slot 2 (generation 1) …
    addNavMeshTile(a, 0, 1, 0, tiles[2]!.input); // … which the tile takes again
    expect(isValidPolyRef(a, stale)).toBe(false);
    const saved = JSON.parse(JSON.stringify(saveNavMeshTiles(a))) as unknown;

    const b = assemble(tiles, [3, 2, 1, 0]);
    expect(bySlot(b)).not.toEqual(bySlot(a));
    const revision = b.revision;
    restoreNavMeshTiles(b, saved);
    expect(b.revision).not.toBe(revision);
    expect(bySlot(b)).toEqual(bySlot(a));
    expect(b.tileGenerations).toEqual([1, 2, 1, 0]); // slot 0: assemble removes createNavMesh's own tile first
    expect(isValidPolyRef(b, stale)).toBe(false);
    for (let y = 0.5; y < 20; y += 1.5)
      for (let x = 0.5; x < 20; x += 1.5) {
        const r = findPolygon(a, x, y);
        expect(findPolygon(b, x, y)).toBe(r);
        if (r >= 0) expect(isValidPolyRef(b, r)).toBe(true);
      }
  });

  it("property: after any replace/remove/add history, a restore into the tiles added in any order agrees on every ref", () => {
    const tiles = roomTiles();
    const op = fc.record({ kind: fc.constantFrom("replace", "remove", "add"), tile: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }), (ops, order) => {
        const a = assemble(tiles, [0, 1, 2, 3]);
        const refs: number[] = [];
        const collect = (): void => {
          for (let y = 1; y < 20; y += 3) for (let x = 1; x < 20; x += 3) refs.push(findPolygon(a, x, y));
        };
        collect();
        for (const { kind, tile } of ops) {
          const t = tiles[tile]!;
          if (kind === "replace") replaceNavMeshTile(a, t.x, t.y, 0, t.input);
          else if (kind === "remove") removeNavMeshTile(a, t.x, t.y, 0);
          else if (!a.tiles[`${t.x},${t.y},0`]) addNavMeshTile(a, t.x, t.y, 0, t.input);
          collect();
        }
        const present = tiles.map((t, i) => (a.tiles[`${t.x},${t.y},0`] ? i : -1)).filter((i) => i >= 0);
        const b = assemble(
          tiles,
          order.filter((i) => present.includes(i)),
        );
        restoreNavMeshTiles(b, JSON.parse(JSON.stringify(saveNavMeshTiles(a))));
        expect(bySlot(b)).toEqual(bySlot(a));
        for (const k of Object.keys(a.tiles)) expect([b.tiles[k]!.slot, b.tiles[k]!.generation]).toEqual([a.tiles[k]!.slot, a.tiles[k]!.generation]);
        for (const r of refs) expect(isValidPolyRef(b, r)).toBe(isValidPolyRef(a, r));
        for (let y = 1; y < 20; y += 3) for (let x = 1; x < 20; x += 3) expect(findPolygon(b, x, y)).toBe(findPolygon(a, x, y));
      }),
      { numRuns: 40 },
    );
  });

  it("refuses a mesh with other tiles (naming the JSON path) and leaves it untouched", () => {
    const tiles = roomTiles();
    const a = assemble(tiles, [0, 1, 2, 3]);
    const saved = saveNavMeshTiles(a);
    const expectRefused = (mesh: NavMesh, snapshot: unknown, path: string): void => {
      const before = JSON.stringify(navMeshToJson(mesh));
      let err: unknown;
      try {
        restoreNavMeshTiles(mesh, snapshot);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "NAVMESH_FORMAT") && err.path).toBe(path);
      expect(JSON.stringify(navMeshToJson(mesh))).toBe(before);
    };
    // A tile with other data (one area changed).
    const other = assemble(tiles, [0, 1, 2]);
    addNavMeshTile(other, 1, 1, 0, { ...tiles[3]!.input, areas: Array.from(tiles[3]!.input.polygons, (_, i) => (i === 0 ? 1 : 0)) });
    expectRefused(other, saved, "$.tiles[3].hash");
    // A tile missing, a tile in addition.
    expectRefused(assemble(tiles, [0, 1, 2]), saved, "$.tiles[3].key");
    const extra = assemble(tiles, [0, 1, 2, 3]);
    addNavMeshTile(extra, 5, 5, 0, { vertices: [100, 100, 101, 100, 101, 101], polygons: [[0, 1, 2]] });
    expectRefused(extra, saved, "$.tiles");
    // Broken layouts.
    const b = assemble(tiles, [0, 1, 2, 3]);
    expectRefused(b, { ...saved, generations: [0, 0, 70000, 0] }, "$.generations[2]");
    expectRefused(b, { ...saved, tiles: [saved.tiles[0], { ...saved.tiles[1]!, slot: 0 }, saved.tiles[2], saved.tiles[3]] }, "$.tiles[1].slot");
    expectRefused(b, { ...saved, version: 2 }, "$.version");
    expectRefused(b, null, "$");
  });
});

/** One agent following waypoints through its corridor: the world advanced one tick. */
interface World {
  mesh: NavMesh;
  corridor: PathCorridor;
  query: NavMeshQuery;
  path: NavPath;
  corners: StraightPath;
}

const WAYPOINTS = [
  [18, 2],
  [18, 18],
  [2, 18],
  [2, 2],
] as const;

/** Tick `t`: a new goal every 40 ticks (or after a repair cut the corridor), corners, a 0.5 step, a visibility shortcut every 4 ticks. */
function step(w: World, t: number, tiles: TileInput[]): number[] {
  const { mesh, corridor } = w;
  // The tile under the agent is rebuilt at ticks 35 ("1,0,0") and 90 ("1,1,0"), from the same data:
  // refs into it go stale and the repair relocates the agent.
  if (t === 35) replaceNavMeshTile(mesh, 1, 0, 0, tiles[1]!.input);
  if (t === 90) replaceNavMeshTile(mesh, 1, 1, 0, tiles[3]!.input);
  const repair = repairPathCorridor(corridor, mesh);
  const [gx, gy] = WAYPOINTS[Math.floor(t / 40) % WAYPOINTS.length]!;
  if (t % 40 === 0 || repair & PathCorridorRepair.Trimmed) {
    findPolygonPath(w.path, w.query, corridor.polys[0]!, corridor.x, corridor.y, findPolygon(mesh, gx, gy), gx, gy);
    setPathCorridor(corridor, w.path, gx, gy);
  }
  findCorridorCorners(w.corners, corridor, mesh);
  const c = w.corners;
  if (c.count >= 2) {
    const nx = c.points[2]!,
      ny = c.points[3]!;
    const d = Math.hypot(nx - corridor.x, ny - corridor.y);
    const s = Math.min(0.5, d) / (d || 1);
    moveCorridorPosition(corridor, mesh, corridor.x + (nx - corridor.x) * s, corridor.y + (ny - corridor.y) * s);
    if (t % 4 === 0 && c.count >= 3) optimizeCorridorVisibility(corridor, mesh, c.points[4]!, c.points[5]!);
  }
  return [
    t,
    repair,
    corridor.x,
    corridor.y,
    corridor.targetX,
    corridor.targetY,
    ...corridor.polys.subarray(0, corridor.length),
    -1,
    ...c.points.subarray(0, 2 * c.count),
  ];
}

function world(mesh: NavMesh): World {
  const corridor = createPathCorridor({ capacity: 64 });
  resetPathCorridor(corridor, findPolygon(mesh, 2, 2), 2, 2);
  return { mesh, corridor, query: createNavMeshQuery(mesh), path: createNavPath({ maxLength: 64 }), corners: createStraightPath({ maxPoints: 64 }) };
}

describe("path corridor snapshot", () => {
  const codecs = createSnapshotCodecs();
  registerSnapshotCodec(codecs, "level.navmesh", navMeshTilesSnapshotCodec);
  registerSnapshotCodec(codecs, "guard.corridor", pathCorridorSnapshotCodec);
  const N = 150,
    K = 41;

  it("save at tick k, restore into a fresh corridor on a mesh rebuilt from the same tiles, run to N: the same positions, refs and corners as an uninterrupted run", () => {
    const tiles = roomTiles();
    const straight = world(assemble(tiles, [0, 1, 2, 3]));
    const expected: number[][] = [];
    for (let t = 0; t < N; t++) expected.push(step(straight, t, tiles));
    // The agent stood in each replaced tile (its corridor was repaired) and reached waypoints.
    expect(expected.filter((r) => r[1]! & PathCorridorRepair.StartRelocated).map((r) => r[0])).toEqual([35, 90]);
    expect(expected.findIndex((r) => Math.hypot(r[2]! - 18, r[3]! - 2) < 0.5)).toBeGreaterThan(0);

    const first = world(assemble(tiles, [0, 1, 2, 3]));
    for (let t = 0; t < K; t++) expect(step(first, t, tiles)).toEqual(expected[t]);
    const text = JSON.stringify(saveSnapshot(codecs, { "level.navmesh": first.mesh, "guard.corridor": first.corridor }, { tick: K }));

    const mesh = assemble(tiles, [2, 0, 3, 1]);
    const restored = world(mesh);
    expect(restoreSnapshot(codecs, { "level.navmesh": mesh, "guard.corridor": restored.corridor }, JSON.parse(text))).toBe(K);
    // The query was made before the restore; it follows the mesh's new revision on its own.
    for (let t = K; t < N; t++) expect(step(restored, t, tiles)).toEqual(expected[t]);
  });

  it("restorePathCorridor checks everything first: errors name the JSON path through the envelope, the corridor stays as it was", () => {
    const tiles = roomTiles();
    const mesh = assemble(tiles, [0, 1, 2, 3]);
    const w = world(mesh);
    for (let t = 0; t < 10; t++) step(w, t, tiles);
    const good = JSON.parse(JSON.stringify(saveSnapshot(codecs, { "level.navmesh": mesh, "guard.corridor": w.corridor }, { tick: 10 }))) as {
      sections: Record<string, { version: number; data: Record<string, unknown> }>;
    };
    const target = world(assemble(tiles, [0, 1, 2, 3]));
    const before = JSON.stringify(savePathCorridor(target.corridor));
    const data = good.sections["guard.corridor"]!.data;
    for (const [broken, path] of [
      [{ ...data, polys: [...(data["polys"] as number[]), 0.5] }, `$.sections.guard.corridor.data.polys[${(data["polys"] as number[]).length}]`],
      [{ ...data, x: "1" }, "$.sections.guard.corridor.data.x"],
      [{ ...data, capacity: 32 }, "$.sections.guard.corridor.data.capacity"],
      [{ ...data, polys: new Array(65).fill(0) }, "$.sections.guard.corridor.data.polys"],
      [{ ...data, format: "tactica-corridor" }, "$.sections.guard.corridor.data.format"],
    ] as const) {
      const snap = { ...good, sections: { ...good.sections, "guard.corridor": { version: 1, data: broken } } };
      let err: unknown;
      try {
        restoreSnapshot(codecs, { "level.navmesh": target.mesh, "guard.corridor": target.corridor }, snap);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "CORE_SNAPSHOT") && err.path).toBe(path);
      expect(JSON.stringify(savePathCorridor(target.corridor))).toBe(before);
    }
    // An empty corridor round-trips.
    const empty = createPathCorridor({ capacity: 8 });
    const copy = createPathCorridor({ capacity: 8 });
    resetPathCorridor(copy, 0, 1, 1);
    restorePathCorridor(copy, JSON.parse(JSON.stringify(savePathCorridor(empty))));
    expect(copy.length).toBe(0);
    // Stale refs are restored as they are; the mesh's generations decide.
    const s = savePathCorridor(w.corridor);
    expect(s.polys.every((r) => isValidPolyRef(mesh, r))).toBe(true);
    expect(s.polys.some((r) => r >= encodePolyRef(0, 1, 0))).toBe(true);
  });
});
