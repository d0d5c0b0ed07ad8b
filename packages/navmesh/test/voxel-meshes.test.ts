import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedBenchDir } from "../../../tests/helpers/shared-data";
import { VoxelConfigPresets, buildVoxelNavMesh, navMeshToBytes, parseObj, type ObjMesh, type VoxelNavMeshBuild } from "../src";

// Correctness of the voxel pipeline on every shared bench mesh (read from ../shared/bench/meshes,
// never copied) under the bench configuration.
const cfg = VoxelConfigPresets.bench;
// Polygon counts of navcat 0.4.1 (a port of Recast) under the same configuration (pnpm bench:navmesh-build).
const NAVCAT_POLYGONS: Record<string, number> = { annotation_test: 176, convex: 8, dungeon: 375, house: 71, nav_test: 731 };

function detailHeightAt(b: VoxelNavMeshBuild, p: number, x: number, z: number): number | undefined {
  const d = b.detail;
  const v0 = d.meshVertStart[p]!;
  for (let t = d.meshTriStart[p]!; t < d.meshTriStart[p]! + d.meshTriCount[p]!; t++) {
    const [a, c, e] = [d.tris[3 * t]! + v0, d.tris[3 * t + 1]! + v0, d.tris[3 * t + 2]! + v0];
    const ax = d.verts[3 * a]!,
      az = d.verts[3 * a + 2]!;
    const v0x = d.verts[3 * e]! - ax,
      v0z = d.verts[3 * e + 2]! - az,
      v1x = d.verts[3 * c]! - ax,
      v1z = d.verts[3 * c + 2]! - az;
    const den = v0x * v1z - v0z * v1x;
    if (den === 0) continue;
    const u = (v1z * (x - ax) - v1x * (z - az)) / den,
      w = (v0x * (z - az) - v0z * (x - ax)) / den;
    if (u >= -1e-9 && w >= -1e-9 && u + w <= 1 + 1e-9)
      return d.verts[3 * a + 1]! + (d.verts[3 * e + 1]! - d.verts[3 * a + 1]!) * u + (d.verts[3 * c + 1]! - d.verts[3 * a + 1]!) * w;
  }
  return undefined;
}

describe("voxel navmesh on the bench meshes", () => {
  for (const name of Object.keys(NAVCAT_POLYGONS)) {
    describe(name, () => {
      let obj: ObjMesh;
      let b: VoxelNavMeshBuild;
      beforeAll(() => {
        obj = parseObj(readFileSync(join(sharedBenchDir(), "meshes", `${name}.obj`), "utf8"));
        b = buildVoxelNavMesh(obj.positions, obj.triangles, cfg, { keepIntermediates: true });
      });

      it("gives navcat's polygon count; polygons are convex with ≤ maxVertsPerPoly vertices", () => {
        const m = b.polyMesh;
        expect(m.polyCount).toBe(NAVCAT_POLYGONS[name]);
        expect(b.navMesh.polyCount).toBe(m.polyCount);
        for (let p = 0; p < m.polyCount; p++) {
          let n = 0;
          while (n < m.maxVertsPerPoly && m.polys[p * m.maxVertsPerPoly + n] !== -1) n++;
          expect(n).toBeGreaterThanOrEqual(3);
          expect(n).toBeLessThanOrEqual(cfg.maxVertsPerPoly);
          for (let i = 0; i < n; i++) {
            const a = m.polys[p * m.maxVertsPerPoly + i]!,
              c = m.polys[p * m.maxVertsPerPoly + ((i + 1) % n)]!,
              e = m.polys[p * m.maxVertsPerPoly + ((i + 2) % n)]!;
            const cross =
              (m.verts[3 * c]! - m.verts[3 * a]!) * (m.verts[3 * e + 2]! - m.verts[3 * a + 2]!) -
              (m.verts[3 * e]! - m.verts[3 * a]!) * (m.verts[3 * c + 2]! - m.verts[3 * a + 2]!);
            expect(cross).toBeLessThanOrEqual(0); // Recast winding: clockwise in (x, z), never reflex
          }
        }
      });

      it("has symmetric adjacency (polygon mesh and navmesh)", () => {
        for (const [polys, nb, nvp, count] of [
          [b.polyMesh.polys, b.polyMesh.neighbors, b.polyMesh.maxVertsPerPoly, b.polyMesh.polyCount],
          [b.navMesh.polyVerts, b.navMesh.neighbors, b.navMesh.maxVertsPerPoly, b.navMesh.polyCount],
        ] as const) {
          let links = 0;
          for (let p = 0; p < count; p++)
            for (let k = 0; k < nvp; k++) {
              const q = nb[p * nvp + k]!;
              if (q < 0) continue;
              links++;
              let back = 0;
              for (let j = 0; j < nvp; j++) if (nb[q * nvp + j] === p) back++;
              expect(back).toBeGreaterThanOrEqual(1);
              expect(polys[p * nvp + k]).toBeGreaterThanOrEqual(0);
            }
          if (count > 1) expect(links).toBeGreaterThan(0);
        }
        // The navmesh links exactly the polygon mesh's pairs.
        const pairs = (nb: Int32Array, nvp: number, count: number): string[] => {
          const out: string[] = [];
          for (let p = 0; p < count; p++) for (let k = 0; k < nvp; k++) if (nb[p * nvp + k]! > p) out.push(`${p}-${nb[p * nvp + k]}`);
          return out.sort();
        };
        expect(pairs(b.navMesh.neighbors, b.navMesh.maxVertsPerPoly, b.navMesh.polyCount)).toEqual(
          pairs(b.polyMesh.neighbors, b.polyMesh.maxVertsPerPoly, b.polyMesh.polyCount),
        );
      });

      it("keeps detail heights within the sample error of the voxel floor", () => {
        const chf = b.compact!;
        const m = b.polyMesh;
        let samples = 0,
          bad = 0;
        for (let p = 0; p < m.polyCount; p++) {
          let minX = Infinity,
            maxX = -Infinity,
            minZ = Infinity,
            maxZ = -Infinity;
          for (let k = 0; k < m.maxVertsPerPoly && m.polys[p * m.maxVertsPerPoly + k] !== -1; k++) {
            const v = m.polys[p * m.maxVertsPerPoly + k]!;
            minX = Math.min(minX, m.bmin[0]! + m.verts[3 * v]! * cfg.cellSize);
            maxX = Math.max(maxX, m.bmin[0]! + m.verts[3 * v]! * cfg.cellSize);
            minZ = Math.min(minZ, m.bmin[2]! + m.verts[3 * v + 2]! * cfg.cellSize);
            maxZ = Math.max(maxZ, m.bmin[2]! + m.verts[3 * v + 2]! * cfg.cellSize);
          }
          for (let z = Math.ceil(minZ / cfg.detailSampleDist) * cfg.detailSampleDist; z < maxZ; z += cfg.detailSampleDist)
            for (let x = Math.ceil(minX / cfg.detailSampleDist) * cfg.detailSampleDist; x < maxX; x += cfg.detailSampleDist) {
              const h = detailHeightAt(b, p, x, z);
              if (h === undefined) continue;
              const c = Math.floor((x - chf.bmin[0]!) / cfg.cellSize) + Math.floor((z - chf.bmin[2]!) / cfg.cellSize) * chf.width;
              let best = Infinity;
              for (let i = chf.cellIndex[c]!; i < chf.cellIndex[c]! + chf.cellCount[c]!; i++)
                best = Math.min(best, Math.abs(chf.bmin[1]! + chf.y[i]! * cfg.cellHeight - h));
              if (best === Infinity) continue; // no floor under this point (eroded or a gap)
              samples++;
              if (best > cfg.detailSampleMaxError + 1e-6) bad++;
            }
        }
        expect(samples).toBeGreaterThan(0);
        expect(bad / samples).toBeLessThanOrEqual(0.01);
      });

      it("is deterministic: the same input gives byte-identical output", () => {
        const again = buildVoxelNavMesh(obj.positions, obj.triangles, cfg);
        expect(navMeshToBytes(again.navMesh)).toEqual(navMeshToBytes(b.navMesh));
        expect(again.detail).toEqual(b.detail);
      });
    });
  }
});
