import { createRng, rngInt, rngNextFloat } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addNavMeshTile,
  buildNavMeshFromPolygons,
  createNavMesh,
  createNavMeshQuery,
  createNavPath,
  createStraightPath,
  decodePolyRef,
  encodePolyRef,
  findPathAnyAngle,
  findPolygon,
  findPolygonPath,
  findStraightPath,
  getNavMeshTile,
  getPolygonCenter,
  isValidPolyRef,
  navMeshFromBytes,
  navMeshFromJson,
  navMeshToBytes,
  navMeshToJson,
  raycast,
  createRaycastResult,
  removeNavMeshTile,
  replaceNavMeshTile,
  type NavMesh,
  type NavMeshInput,
} from "../src";
import { arbPolygonWithHoles, canonicalFlatView, splitIntoTiles } from "./helpers";

const square = (x0: number, y0: number, s = 1): NavMeshInput => ({ vertices: [x0, y0, x0 + s, y0, x0 + s, y0 + s, x0, y0 + s], polygons: [[0, 1, 2, 3]] });

/** Every link is mirrored by a link back, across tiles too. */
function expectSymmetricLinks(mesh: NavMesh): void {
  for (const key of Object.keys(mesh.tiles)) {
    const t = mesh.tiles[key]!;
    for (let p = 0; p < t.polyCount; p++) {
      const ref = encodePolyRef(t.generation, t.slot, p);
      for (let i = 0; i < t.polyVertCount[p]!; i++) {
        const nb = t.links[p * t.maxVertsPerPoly + i]!;
        if (nb < 0) continue;
        expect(isValidPolyRef(mesh, nb)).toBe(true);
        const d = decodePolyRef(nb);
        const other = mesh.tiles[mesh.tileKeys[d.slot]!]!;
        let back = 0;
        for (let j = 0; j < other.polyVertCount[d.poly]!; j++) if (other.links[d.poly * other.maxVertsPerPoly + j] === ref) back++;
        expect(back).toBe(1);
      }
    }
  }
}

describe("polygon refs", () => {
  it("pack generation, slot and polygon into ≤ 52 bits, exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 65535 }), fc.integer({ min: 0, max: 65535 }), fc.integer({ min: 0, max: 2 ** 20 - 1 }), (g, s, p) => {
        const ref = encodePolyRef(g, s, p);
        expect(ref).toBeLessThan(2 ** 52);
        expect(Number.isSafeInteger(ref)).toBe(true);
        expect(decodePolyRef(ref)).toEqual({ generation: g, slot: s, poly: p });
      }),
      { numRuns: 200 },
    );
    expect(encodePolyRef(3, 2, 17)).toBe(3 * 2 ** 36 + 2 * 2 ** 20 + 17);
  });

  it("a builder's mesh is one tile 0,0,0 whose refs are the polygon indices", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);
    expect(Object.keys(mesh.tiles)).toEqual(["0,0,0"]);
    for (let p = 0; p < mesh.polyCount; p++) expect(isValidPolyRef(mesh, p)).toBe(true);
    expect(isValidPolyRef(mesh, mesh.polyCount)).toBe(false);
    for (const bad of [-1, 0.5, NaN, Infinity, 2 ** 52, encodePolyRef(1, 0, 0), encodePolyRef(0, 1, 0)]) expect(isValidPolyRef(mesh, bad)).toBe(false);
  });
});

describe("tiles at run time", () => {
  it("the addNavMeshTile example: a new tile links to its neighbor both ways", () => {
    const mesh = createNavMesh({ vertices: [0, 0, 1, 0, 1, 1, 0, 1], polygons: [[0, 1, 2, 3]] });
    const base = addNavMeshTile(mesh, 1, 0, 0, { vertices: [1, 0, 2, 0, 2, 1, 1, 1], polygons: [[0, 1, 2, 3]] });
    expect(mesh.tiles["1,0,0"]!.links[3]).toBe(0);
    expect(isValidPolyRef(mesh, base)).toBe(true);
    expect(base).toBe(encodePolyRef(0, 1, 0));
    expect(mesh.tiles["0,0,0"]!.links[1]).toBe(base);
    expect(getNavMeshTile(mesh, 1, 0, 0)!.slot).toBe(1);
    // A path crosses the border.
    const out = createNavPath({ maxLength: 4 });
    findPolygonPath(out, createNavMeshQuery(mesh), 0, 0.5, 0.5, base, 1.5, 0.5);
    expect(out.flags).toBe(PathFlags.Found);
    expect(Array.from(out.path.subarray(0, out.length))).toEqual([0, base]);
    expect(() => addNavMeshTile(mesh, 1, 0, 0, square(5, 5))).toThrow(/already/);
  });

  it("replace and remove bump the generation: old refs are stale and rejected by queries, links re-made", () => {
    const mesh = createNavMesh(square(0, 0));
    const a = addNavMeshTile(mesh, 1, 0, 0, square(1, 0));
    const b = replaceNavMeshTile(mesh, 1, 0, 0, {
      vertices: [1, 0, 2, 0, 2, 1, 1, 1, 1.5, 0.5],
      polygons: [
        [0, 1, 4],
        [1, 2, 4],
        [2, 3, 4],
        [3, 0, 4],
      ],
    });
    expect(decodePolyRef(b)).toEqual({ generation: 1, slot: 1, poly: 0 });
    expect(isValidPolyRef(mesh, a)).toBe(false);
    expect(isValidPolyRef(mesh, b + 3)).toBe(true);
    expect(() => raycast(createRaycastResult(), mesh, a, 1.5, 0.5, 1.6, 0.5)).toThrow(expect.objectContaining({ code: "NAVMESH_BAD_INPUT" }));
    expect(mesh.tiles["0,0,0"]!.links[1]).toBe(b + 3);
    expectSymmetricLinks(mesh);
    expect(removeNavMeshTile(mesh, 1, 0, 0)).toBe(true);
    expect(removeNavMeshTile(mesh, 1, 0, 0)).toBe(false);
    expect(isValidPolyRef(mesh, b)).toBe(false);
    expect(mesh.tiles["0,0,0"]!.links[1]).toBe(-1);
    // The slot is reused with a newer generation.
    const c = addNavMeshTile(mesh, 0, 1, 0, square(0, 1));
    expect(decodePolyRef(c)).toEqual({ generation: 2, slot: 1, poly: 0 });
    expect(isValidPolyRef(mesh, a) || isValidPolyRef(mesh, b)).toBe(false);
    expect(findPolygon(mesh, 0.5, 1.5)).toBe(c);
  });

  it("property: random add/remove/replace sequences — a ref is valid exactly while its tile is in place; links stay symmetric", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ op: fc.integer({ min: 0, max: 2 }), x: fc.integer({ min: 0, max: 2 }), y: fc.integer({ min: 0, max: 1 }), split: fc.boolean() }), {
          minLength: 1,
          maxLength: 25,
        }),
        (ops) => {
          const mesh = createNavMesh(square(0, 0));
          removeNavMeshTile(mesh, 0, 0, 0);
          const live = new Map<string, number[]>();
          const dead: number[] = [];
          for (const o of ops) {
            const key = `${o.x},${o.y},0`;
            const input: NavMeshInput = o.split
              ? {
                  vertices: [o.x, o.y, o.x + 1, o.y, o.x + 1, o.y + 1, o.x, o.y + 1],
                  polygons: [
                    [0, 1, 2],
                    [0, 2, 3],
                  ],
                }
              : square(o.x, o.y);
            const kill = (): void => {
              dead.push(...(live.get(key) ?? []));
              live.delete(key);
            };
            if (o.op === 0 && !live.has(key)) {
              const base = addNavMeshTile(mesh, o.x, o.y, 0, input);
              live.set(key, o.split ? [base, base + 1] : [base]);
            } else if (o.op === 1) {
              expect(removeNavMeshTile(mesh, o.x, o.y, 0)).toBe(live.has(key));
              kill();
            } else if (o.op === 2) {
              kill();
              const base = replaceNavMeshTile(mesh, o.x, o.y, 0, input);
              live.set(key, o.split ? [base, base + 1] : [base]);
            }
          }
          for (const refs of live.values()) for (const r of refs) expect(isValidPolyRef(mesh, r)).toBe(true);
          for (const r of dead) expect(isValidPolyRef(mesh, r)).toBe(false);
          // Polygons in use (the flat view may hold unused entries with no vertices after patches).
          const inUse = [...live.values()].reduce((s, r) => s + r.length, 0);
          expect(Array.from(mesh.polyVertCount).filter((n) => n > 0).length).toBe(inUse);
          expect(Object.values(mesh.tiles).reduce((s, t) => s + t.polyCount, 0)).toBe(inUse);
          expectSymmetricLinks(mesh);
          // Neighboring squares are linked: each shared border is a link pair.
          for (const key of live.keys()) {
            const [x, y] = key.split(",").map(Number) as [number, number];
            if (live.has(`${x + 1},${y},0`)) {
              const r = findPolygon(mesh, x + 0.99, y + 0.5);
              const q = createNavMeshQuery(mesh);
              const out = createNavPath({ maxLength: 8 });
              findPolygonPath(out, q, r, x + 0.99, y + 0.5, findPolygon(mesh, x + 1.01, y + 0.5), x + 1.01, y + 0.5);
              expect(out.flags).toBe(PathFlags.Found);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("property: a mesh split into tiles gives the same A* costs, funnel and exact path lengths as the solo mesh", () => {
    fc.assert(
      fc.property(arbPolygonWithHoles(), fc.integer({ min: 2, max: 4 }), fc.integer(), (poly, k, seed) => {
        const solo = buildNavMeshFromPolygons([poly]);
        const tiled = splitIntoTiles(solo, k);
        expect(tiled.polyCount).toBe(solo.polyCount);
        expectSymmetricLinks(tiled);
        const qs = createNavMeshQuery(solo),
          qt = createNavMeshQuery(tiled);
        const ps = createNavPath({ maxLength: solo.polyCount }),
          pt = createNavPath({ maxLength: solo.polyCount });
        const ss = createStraightPath({ maxPoints: 256 }),
          st = createStraightPath({ maxPoints: 256 });
        const rng = createRng(seed);
        const c = { x: 0, y: 0 };
        for (let i = 0; i < 6; i++) {
          getPolygonCenter(c, solo, rngInt(rng, 0, solo.polyCount - 1));
          const sx = c.x,
            sy = c.y;
          getPolygonCenter(c, solo, rngInt(rng, 0, solo.polyCount - 1));
          const gx = c.x + (rngNextFloat(rng) - 0.5) * 1e-3,
            gy = c.y;
          const a0 = findPolygon(solo, sx, sy),
            a1 = findPolygon(solo, gx, gy);
          const b0 = findPolygon(tiled, sx, sy),
            b1 = findPolygon(tiled, gx, gy);
          if (a1 < 0 || b1 < 0) continue;
          findPolygonPath(ps, qs, a0, sx, sy, a1, gx, gy);
          findPolygonPath(pt, qt, b0, sx, sy, b1, gx, gy);
          expect(pt.flags).toBe(ps.flags);
          expect(pt.cost).toBeCloseTo(ps.cost, 9);
          findStraightPath(ss, solo, ps.path, ps.length, sx, sy, gx, gy);
          findStraightPath(st, tiled, pt.path, pt.length, sx, sy, gx, gy);
          expect(st.distance).toBeCloseTo(ss.distance, 9);
          findPathAnyAngle(ss, solo, sx, sy, gx, gy);
          findPathAnyAngle(st, tiled, sx, sy, gx, gy);
          expect(st.distance).toBeCloseTo(ss.distance, 9);
          // Refs of the tiled path name the tiles the path crosses (tags keep the solo polygon id).
          for (let j = 0; j < pt.length; j++) expect(isValidPolyRef(tiled, pt.path[j]!)).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe("serialized tiled meshes", () => {
  it("JSON and bytes round-trip exactly (free slots, generations, detail meshes); stale refs stay stale", () => {
    const mesh = createNavMesh({
      ...square(0, 0),
      detailMeshes: [0, 0, 1, 4],
      detailVertices: [0.5, 0.5, 0.25],
      detailTriangles: [0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4],
    });
    const gone = addNavMeshTile(mesh, 1, 0, 0, square(1, 0));
    addNavMeshTile(mesh, 2, 0, 0, square(2, 0));
    removeNavMeshTile(mesh, 1, 0, 0);
    const kept = replaceNavMeshTile(mesh, 2, 0, 0, square(2, 0));
    addNavMeshTile(mesh, 0, 1, 0, square(0, 1));
    const json = navMeshToJson(mesh);
    const fromJson = navMeshFromJson(JSON.parse(JSON.stringify(json)));
    const fromBytes = navMeshFromBytes(navMeshToBytes(mesh));
    for (const m of [fromJson, fromBytes]) {
      expect(navMeshToJson(m)).toEqual(json);
      expect(m.tiles).toEqual(mesh.tiles);
      // The loaded flat view is laid out afresh; the edited one was patched in place (same content).
      expect(canonicalFlatView(m)).toEqual(canonicalFlatView(mesh));
      expect(m.tileRefBase).toEqual(mesh.tileRefBase);
      expect(isValidPolyRef(m, kept)).toBe(true);
      expect(isValidPolyRef(m, gone)).toBe(false);
    }
    expect(navMeshToBytes(fromBytes)).toEqual(navMeshToBytes(mesh));
  });

  it("reads format version 1 (JSON and bytes) and rejects newer versions with NAVMESH_FORMAT", () => {
    const v1 = {
      format: "tactica-navmesh",
      version: 1,
      maxVertsPerPoly: 4,
      vertices: [0, 0, 1, 0, 1, 1, 0, 1],
      heights: [0, 0, 0, 0],
      polygons: [[0, 1, 2, 3]],
      areas: [2],
      flags: [1],
      tags: [7],
    };
    const m = navMeshFromJson(v1);
    expect(m.tiles["0,0,0"]!.areas[0]).toBe(2);
    expect(m).toEqual(createNavMesh(v1, { maxVertsPerPoly: 4 }));
    // Version 1 bytes: 20-byte header, then the arrays.
    const b = new Uint8Array(20 + 4 * 24 + 1 * (1 + 16 + 1 + 2 + 4));
    const dv = new DataView(b.buffer);
    [0x56414e54, 1, 4, 4, 1].forEach((v, i) => dv.setUint32(4 * i, v, true));
    let o = 20;
    for (const v of v1.vertices) {
      dv.setFloat64(o, v, true);
      o += 8;
    }
    o += 32;
    dv.setUint8(o++, 4);
    for (const v of [0, 1, 2, 3]) {
      dv.setInt32(o, v, true);
      o += 4;
    }
    dv.setUint8(o++, 2);
    dv.setUint16(o, 1, true);
    dv.setInt32(o + 2, 7, true);
    expect(navMeshFromBytes(b)).toEqual(m);
    expect(() => navMeshFromJson({ ...navMeshToJson(m), version: 3 })).toThrow(expect.objectContaining({ code: "NAVMESH_FORMAT", path: "$.version" }));
    const newer = navMeshToBytes(m);
    new DataView(newer.buffer).setUint32(4, 3, true);
    expect(() => navMeshFromBytes(newer)).toThrow(expect.objectContaining({ code: "NAVMESH_FORMAT" }));
  });

  it("rejects duplicate slots and places with NAVMESH_FORMAT naming the tile", () => {
    const mesh = createNavMesh(square(0, 0));
    addNavMeshTile(mesh, 1, 0, 0, square(1, 0));
    const json = navMeshToJson(mesh);
    expect(() => navMeshFromJson({ ...json, tiles: [json.tiles[0], { ...json.tiles[1], slot: 0 }] })).toThrow(
      expect.objectContaining({ code: "NAVMESH_FORMAT", path: "$.tiles[1]" }),
    );
    expect(() => navMeshFromJson({ ...json, tiles: [json.tiles[0], { ...json.tiles[1], x: 0 }] })).toThrow(expect.objectContaining({ path: "$.tiles[1]" }));
    expect(() => navMeshFromJson({ ...json, tiles: [json.tiles[0], { ...json.tiles[1], polygons: [[0, 1, 9]] }] })).toThrow(
      expect.objectContaining({ code: "NAVMESH_BAD_MESH", path: "$.tiles[1].polygons[0][2]" }),
    );
  });
});
