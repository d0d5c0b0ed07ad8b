import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { sharedBenchDir } from "../../../tests/helpers/shared-data";
import { navMeshFromTriangles, NavMeshErrorCodes, parseObj } from "../src";

describe("parseObj", () => {
  it("reads i, i/t, i/t/n, i//n, negative indices, n-gons, CRLF and ignores the rest", () => {
    const text =
      "# c\r\nmtllib x.mtl\r\nv 0 0 0\r\nv 1 0 0\r\nv 1 0 1\r\nv 0 0 1\r\nvt 0 0\r\nvn 0 1 0\r\ng a\r\nusemtl m\r\nl 1 2\r\nf 1/1/1 2//1 3/1 -1\r\nf -4 -3 -2\r\n";
    const obj = parseObj(text);
    expect(obj.positions.length).toBe(12);
    expect(obj.faceCount).toBe(2);
    expect(Array.from(obj.triangles)).toEqual([0, 1, 2, 0, 2, 3, 0, 1, 2]);
  });

  it("names the line of a malformed record (NAVMESH_OBJ_PARSE)", () => {
    const cases: [string, number][] = [
      ["v 0 0 0\nv 1 x 0\n", 2],
      ["v 0 0 0\nf 1 2 3\n", 2],
      ["v 0 0 0\nv 1 0 0\nv 0 0 1\n\nf 1 2\n", 5],
      ["v 0 0 0\nf 0 1 1\n", 2],
      ["v 0 0\n", 1],
    ];
    for (const [text, line] of cases) {
      let err: unknown;
      try {
        parseObj(text);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err) && (err.code as string) === NavMeshErrorCodes.ObjParse && err.line === line).toBe(true);
      expect(String(err)).toContain(`line ${line}`);
    }
  });

  it("navMeshFromTriangles (the @example) merges a flat quad and drops walls", () => {
    const obj = parseObj("v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1 3 2\nf 1 4 3\n");
    expect(navMeshFromTriangles(obj.positions, obj.triangles).polyCount).toBe(1);
    const wall = parseObj("v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 3\n");
    expect(navMeshFromTriangles(wall.positions, wall.triangles).polyCount).toBe(0);
  });
});

// Golden: the five bench meshes read from ../shared/bench/meshes (never copied into the repo);
// counts from ../shared/bench/SOURCES.md.
describe("bench meshes (../shared/bench/meshes)", () => {
  const expected: Record<string, { vertices: number; faces: number; triangles: number }> = {
    "annotation_test.obj": { vertices: 884, faces: 848, triangles: 1612 },
    "convex.obj": { vertices: 160, faces: 172, triangles: 172 },
    "dungeon.obj": { vertices: 5101, faces: 10133, triangles: 10133 },
    "house.obj": { vertices: 2779, faces: 4494, triangles: 4494 },
    "nav_test.obj": { vertices: 884, faces: 792, triangles: 1612 },
  };
  for (const [name, want] of Object.entries(expected)) {
    it(`${name}: ${want.vertices} vertices, ${want.faces} faces, ${want.triangles} triangles; walkable surface imports`, () => {
      const obj = parseObj(readFileSync(join(sharedBenchDir(), "meshes", name), "utf8"));
      expect(obj.positions.length / 3).toBe(want.vertices);
      expect(obj.faceCount).toBe(want.faces);
      expect(obj.triangles.length / 3).toBe(want.triangles);
      const mesh = navMeshFromTriangles(obj.positions, obj.triangles);
      expect(mesh.polyCount).toBeGreaterThan(0);
    });
  }
});
