// Height detail per polygon. Simpler than Recast's rcBuildPolyMeshDetail (no Delaunay): each
// polygon gets its edges sampled and simplified to the error bound (the same points from both
// sides of a shared edge), a centre vertex, a fan of triangles, and then interior samples are
// inserted (splitting the triangle that holds them) until every sample is within the error.
import type { CompactHeightfield, PolyMesh, PolyMeshDetail } from "./types";

/** Most interior samples added to one polygon. */
const MAX_INTERIOR = 96;
/** Most interior sample points tested in one polygon (the spacing doubles until they fit). */
const MAX_SAMPLES = 2048;
/** Most samples along one edge. */
const MAX_EDGE_SAMPLES = 64;

function sampleHeight(chf: CompactHeightfield, x: number, z: number, refY: number, region: number): number {
  const ix = Math.floor((x - chf.bmin[0]!) / chf.cellSize),
    iz = Math.floor((z - chf.bmin[2]!) / chf.cellSize);
  const cx = Math.min(Math.max(ix, 0), chf.width - 1),
    cz = Math.min(Math.max(iz, 0), chf.depth - 1);
  const c = cx + cz * chf.width;
  let best = refY,
    bestD = Infinity,
    own = false;
  for (let i = chf.cellIndex[c]!, end = i + chf.cellCount[c]!; i < end; i++) {
    const y = chf.bmin[1]! + chf.y[i]! * chf.cellHeight;
    const d = Math.abs(y - refY);
    const mine = chf.regions[i] === region;
    // A span of the polygon's own region wins over any other; then the nearest height.
    if ((mine && !own) || (mine === own && d < bestD)) {
      bestD = d;
      best = y;
      own = mine;
    }
  }
  // Far from any span of its region (a hole in the heightfield): keep the polygon's own height.
  return own || bestD <= (chf.walkableClimb + 1) * chf.cellHeight ? best : refY;
}

function distPtSeg(px: number, py: number, pz: number, ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  const dx = bx - ax,
    dy = by - ay,
    dz = bz - az;
  const d = dx * dx + dy * dy + dz * dz;
  let t = d > 0 ? ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / d : 0;
  t = Math.min(Math.max(t, 0), 1);
  const qx = ax + t * dx - px,
    qy = ay + t * dy - py,
    qz = az + t * dz - pz;
  return Math.sqrt(qx * qx + qy * qy + qz * qz);
}

/** Height of triangle (a, b, c) at (x, z), or undefined outside it (with a small tolerance). */
function heightInTri(v: number[], a: number, b: number, c: number, x: number, z: number): number | undefined {
  const ax = v[a * 3]!,
    az = v[a * 3 + 2]!;
  const v0x = v[c * 3]! - ax,
    v0z = v[c * 3 + 2]! - az;
  const v1x = v[b * 3]! - ax,
    v1z = v[b * 3 + 2]! - az;
  const v2x = x - ax,
    v2z = z - az;
  const den = v0x * v1z - v0z * v1x;
  if (den === 0) return undefined;
  const u = (v1z * v2x - v1x * v2z) / den;
  const w = (v0x * v2z - v0z * v2x) / den;
  const eps = 1e-6;
  if (u >= -eps && w >= -eps && u + w <= 1 + eps) return v[a * 3 + 1]! + (v[c * 3 + 1]! - v[a * 3 + 1]!) * u + (v[b * 3 + 1]! - v[a * 3 + 1]!) * w;
  return undefined;
}

/**
 * Builds the detail mesh: for each polygon of `mesh`, triangles (world units) whose heights stay
 * within `sampleMaxError` of the voxel floor at the sample points (`sampleDist` apart; 0 = only
 * the polygon's vertices and centre).
 *
 * @param mesh - The polygon mesh from {@link buildPolyMesh}, read only.
 * @param chf - The compact heightfield the mesh was built from, whose span floors are sampled.
 * @param sampleDist - Distance between height samples, world units (0 or less: only the polygon's vertices and centre).
 * @param sampleMaxError - Largest height error allowed before a sample is added, world units.
 */
export function buildPolyMeshDetail(mesh: PolyMesh, chf: CompactHeightfield, sampleDist: number, sampleMaxError: number): PolyMeshDetail {
  const nvp = mesh.maxVertsPerPoly;
  const cs = mesh.cellSize,
    ch = mesh.cellHeight;
  const ox = mesh.bmin[0]!,
    oy = mesh.bmin[1]!,
    oz = mesh.bmin[2]!;
  const allVerts: number[] = [];
  const allTris: number[] = [];
  const vStart = new Int32Array(mesh.polyCount),
    vCount = new Int32Array(mesh.polyCount),
    tStart = new Int32Array(mesh.polyCount),
    tCount = new Int32Array(mesh.polyCount);
  const v: number[] = [];
  const tris: number[] = [];
  const edge: number[] = [];
  const keep: number[] = [];
  for (let p = 0; p < mesh.polyCount; p++) {
    v.length = 0;
    tris.length = 0;
    const region = mesh.regions[p]!;
    let n = 0;
    while (n < nvp && mesh.polys[p * nvp + n] !== -1) n++;
    // Hull: polygon vertices with edge samples between them.
    const hull: number[] = [];
    for (let i = 0; i < n; i++) {
      const a = mesh.polys[p * nvp + i]!,
        b = mesh.polys[p * nvp + ((i + 1) % n)]!;
      const ax = ox + mesh.verts[a * 3]! * cs,
        ay = oy + mesh.verts[a * 3 + 1]! * ch,
        az = oz + mesh.verts[a * 3 + 2]! * cs;
      const bx = ox + mesh.verts[b * 3]! * cs,
        by = oy + mesh.verts[b * 3 + 1]! * ch,
        bz = oz + mesh.verts[b * 3 + 2]! * cs;
      hull.push(v.length / 3);
      v.push(ax, ay, az);
      if (!(sampleDist > 0)) continue;
      // Sample in a canonical direction so both polygons of a shared edge get the same points.
      const swap = bx < ax || (bx === ax && bz < az);
      const [sx, sy, sz, ex, ey, ez] = swap ? [bx, by, bz, ax, ay, az] : [ax, ay, az, bx, by, bz];
      const len = Math.hypot(ex - sx, ez - sz);
      const nn = Math.min(MAX_EDGE_SAMPLES - 1, Math.floor(len / sampleDist));
      if (nn < 1) continue;
      edge.length = 0;
      for (let k = 0; k <= nn; k++) {
        const t = k / nn;
        const x = sx + (ex - sx) * t,
          z = sz + (ez - sz) * t;
        const y = k === 0 ? sy : k === nn ? ey : sampleHeight(chf, x, z, sy + (ey - sy) * t, region);
        edge.push(x, y, z);
      }
      keep.length = 0;
      keep.push(0, nn);
      for (;;) {
        let maxd = 0,
          maxi = -1;
        for (let k = 0; k + 1 < keep.length; k++) {
          const a0 = keep[k]!,
            b0 = keep[k + 1]!;
          for (let m = a0 + 1; m < b0; m++) {
            const d = distPtSeg(
              edge[m * 3]!,
              edge[m * 3 + 1]!,
              edge[m * 3 + 2]!,
              edge[a0 * 3]!,
              edge[a0 * 3 + 1]!,
              edge[a0 * 3 + 2]!,
              edge[b0 * 3]!,
              edge[b0 * 3 + 1]!,
              edge[b0 * 3 + 2]!,
            );
            if (d > maxd) {
              maxd = d;
              maxi = m;
            }
          }
        }
        if (maxi === -1 || maxd <= sampleMaxError) break;
        keep.push(maxi);
        keep.sort((q, r) => q - r);
      }
      const inner = keep.slice(1, -1);
      if (swap) inner.reverse();
      for (const m of inner) {
        hull.push(v.length / 3);
        v.push(edge[m * 3]!, edge[m * 3 + 1]!, edge[m * 3 + 2]!);
      }
    }
    // Centre vertex and fan.
    let cx = 0,
      cyv = 0,
      cz = 0;
    for (let i = 0; i < n; i++) {
      const a = mesh.polys[p * nvp + i]!;
      cx += ox + mesh.verts[a * 3]! * cs;
      cyv += oy + mesh.verts[a * 3 + 1]! * ch;
      cz += oz + mesh.verts[a * 3 + 2]! * cs;
    }
    cx /= n;
    cyv /= n;
    cz /= n;
    const centre = v.length / 3;
    v.push(cx, sampleDist > 0 ? sampleHeight(chf, cx, cz, cyv, region) : cyv, cz);
    for (let i = 0; i < hull.length; i++) tris.push(centre, hull[i]!, hull[(i + 1) % hull.length]!);
    // Interior samples: a grid of at most MAX_SAMPLES points (spacing widened for huge polygons);
    // each remembers the triangle holding it and its height error, so an insertion re-checks only
    // the samples of the triangle it split.
    if (sampleDist > 0) {
      let minX = Infinity,
        maxX = -Infinity,
        minZ = Infinity,
        maxZ = -Infinity;
      for (const h of hull) {
        minX = Math.min(minX, v[h * 3]!);
        maxX = Math.max(maxX, v[h * 3]!);
        minZ = Math.min(minZ, v[h * 3 + 2]!);
        maxZ = Math.max(maxZ, v[h * 3 + 2]!);
      }
      let step = sampleDist;
      while (((maxX - minX) / step + 1) * ((maxZ - minZ) / step + 1) > MAX_SAMPLES) step *= 2;
      const samples: number[] = [];
      const triOf: number[] = [];
      const x0 = Math.floor(minX / step),
        x1 = Math.ceil(maxX / step);
      const z0 = Math.floor(minZ / step),
        z1 = Math.ceil(maxZ / step);
      for (let zi = z0; zi < z1; zi++)
        for (let xi = x0; xi < x1; xi++) {
          const x = xi * step,
            z = zi * step;
          let ref: number | undefined;
          let t = 0;
          for (; t < tris.length; t += 3) {
            ref = heightInTri(v, tris[t]!, tris[t + 1]!, tris[t + 2]!, x, z);
            if (ref !== undefined) break;
          }
          if (ref === undefined) continue;
          samples.push(x, sampleHeight(chf, x, z, ref, region), z);
          triOf.push(t);
        }
      const ns = triOf.length;
      const err = new Float64Array(ns);
      const errorOf = (k: number): void => {
        const t = triOf[k]!;
        const hy = heightInTri(v, tris[t]!, tris[t + 1]!, tris[t + 2]!, samples[k * 3]!, samples[k * 3 + 2]!);
        err[k] = hy === undefined ? 0 : Math.abs(hy - samples[k * 3 + 1]!);
      };
      for (let k = 0; k < ns; k++) errorOf(k);
      for (let added = 0; added < MAX_INTERIOR; added++) {
        let worst = -1,
          worstErr = sampleMaxError;
        for (let k = 0; k < ns; k++)
          if (err[k]! > worstErr) {
            worstErr = err[k]!;
            worst = k;
          }
        if (worst === -1) break;
        const t = triOf[worst]!;
        const nvI = v.length / 3;
        v.push(samples[worst * 3]!, samples[worst * 3 + 1]!, samples[worst * 3 + 2]!);
        const a = tris[t]!,
          b = tris[t + 1]!,
          c = tris[t + 2]!;
        tris[t + 2] = nvI;
        const t1 = tris.length,
          t2 = t1 + 3;
        tris.push(b, c, nvI, c, a, nvI);
        err[worst] = 0;
        for (let k = 0; k < ns; k++) {
          if (triOf[k] !== t || k === worst) continue;
          const x = samples[k * 3]!,
            z = samples[k * 3 + 2]!;
          if (heightInTri(v, tris[t]!, tris[t + 1]!, tris[t + 2]!, x, z) !== undefined) triOf[k] = t;
          else if (heightInTri(v, tris[t1]!, tris[t1 + 1]!, tris[t1 + 2]!, x, z) !== undefined) triOf[k] = t1;
          else triOf[k] = t2;
          errorOf(k);
        }
      }
    }
    vStart[p] = allVerts.length / 3;
    vCount[p] = v.length / 3;
    tStart[p] = allTris.length / 3;
    tCount[p] = tris.length / 3;
    for (const x of v) allVerts.push(x);
    for (const t of tris) allTris.push(t);
  }
  return {
    meshVertStart: vStart,
    meshVertCount: vCount,
    meshTriStart: tStart,
    meshTriCount: tCount,
    verts: Float64Array.from(allVerts),
    tris: Int32Array.from(allTris),
  };
}
