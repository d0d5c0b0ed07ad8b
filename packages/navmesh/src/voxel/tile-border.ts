// Removal of tile-border vertices from a tile's polygon mesh, after Recast's rcBuildPolyMesh
// "remove edge vertices" pass (canRemoveVertex / removeVertex; Recast © Mikko Mononen, zlib licence).
// A contour vertex flagged CONTOUR_BORDER_VERTEX sits on the tile edge where two interior regions
// meet it; the neighbouring tile has its own regions there, so such vertices would not match.
// Removing them leaves on each tile edge only the vertices both tiles share (where walkable area
// starts or ends, tile corners), so border vertices are exact and identical on both sides.
import { CONTOUR_BORDER_VERTEX } from "./contours";
import { buildMeshAdjacency, joinPolygons, mergeValue, triangulate } from "./poly-mesh";
import type { ContourSet, PolyMesh } from "./types";

interface WorkMesh {
  verts: number[];
  polys: number[];
  regs: number[];
  areas: number[];
  nvp: number;
}

function polyCount(m: WorkMesh): number {
  return m.regs.length;
}

function canRemoveVertex(m: WorkMesh, rem: number): boolean {
  const nvp = m.nvp;
  let remainingEdges = 0;
  const np = polyCount(m);
  for (let p = 0; p < np; p++) {
    const o = p * nvp;
    let n = 0,
      removed = 0;
    for (let j = 0; j < nvp && m.polys[o + j] !== -1; j++) {
      if (m.polys[o + j] === rem) removed++;
      n++;
    }
    if (removed) remainingEdges += n - (removed + 1);
  }
  if (remainingEdges <= 2) return false;
  // The edges at `rem`: open ones (seen once) are on the mesh boundary; at most two allowed.
  const seen = new Map<number, number>();
  for (let p = 0; p < np; p++) {
    const o = p * nvp;
    const n = countVertsArr(m.polys, o, nvp);
    for (let j = 0, k = n - 1; j < n; k = j++) {
      const a = m.polys[o + k]!,
        b = m.polys[o + j]!;
      if (a !== rem && b !== rem) continue;
      const other = a === rem ? b : a;
      seen.set(other, (seen.get(other) ?? 0) + 1);
    }
  }
  let open = 0;
  for (const c of seen.values()) if (c < 2) open++;
  return open <= 2;
}

function countVertsArr(p: number[], o: number, nvp: number): number {
  for (let i = 0; i < nvp; i++) if (p[o + i] === -1) return i;
  return nvp;
}

function removeVertex(m: WorkMesh, rem: number): void {
  const nvp = m.nvp;
  const edges: number[] = []; // a, b, region, area
  for (let p = 0; p < polyCount(m); p++) {
    const o = p * nvp;
    const n = countVertsArr(m.polys, o, nvp);
    let has = false;
    for (let j = 0; j < n; j++) if (m.polys[o + j] === rem) has = true;
    if (!has) continue;
    for (let j = 0, k = n - 1; j < n; k = j++) {
      const a = m.polys[o + k]!,
        b = m.polys[o + j]!;
      if (a !== rem && b !== rem) edges.push(a, b, m.regs[p]!, m.areas[p]!);
    }
    // Delete the polygon (the last one moves into its place).
    const last = polyCount(m) - 1;
    for (let j = 0; j < nvp; j++) m.polys[o + j] = m.polys[last * nvp + j]!;
    m.regs[p] = m.regs[last]!;
    m.areas[p] = m.areas[last]!;
    m.polys.length = last * nvp;
    m.regs.length = last;
    m.areas.length = last;
    p--;
  }
  // Remove the vertex and shift the indices above it.
  m.verts.splice(rem * 3, 3);
  for (let i = 0; i < m.polys.length; i++) if (m.polys[i]! > rem) m.polys[i]!--;
  for (let i = 0; i < edges.length; i += 4) {
    if (edges[i]! > rem) edges[i]!--;
    if (edges[i + 1]! > rem) edges[i + 1]!--;
  }
  if (edges.length === 0) return;
  // Chain the edges into the hole's outline.
  const hole = [edges[0]!],
    hreg = [edges[2]!],
    harea = [edges[3]!];
  let ne = edges.length / 4;
  while (ne > 0) {
    let match = false;
    for (let i = 0; i < ne; i++) {
      const ea = edges[i * 4]!,
        eb = edges[i * 4 + 1]!,
        r = edges[i * 4 + 2]!,
        a = edges[i * 4 + 3]!;
      let add = false;
      if (hole[0] === eb) {
        hole.unshift(ea);
        hreg.unshift(r);
        harea.unshift(a);
        add = true;
      } else if (hole[hole.length - 1] === ea) {
        hole.push(eb);
        hreg.push(r);
        harea.push(a);
        add = true;
      }
      if (add) {
        for (let k = 0; k < 4; k++) edges[i * 4 + k] = edges[(ne - 1) * 4 + k]!;
        ne--;
        match = true;
        i--;
      }
    }
    if (!match) break;
  }
  const nh = hole.length;
  const tverts = new Int32Array(nh * 4);
  const ind = new Int32Array(nh);
  for (let i = 0; i < nh; i++) {
    const v = hole[i]!;
    tverts[i * 4] = m.verts[v * 3]!;
    tverts[i * 4 + 1] = m.verts[v * 3 + 1]!;
    tverts[i * 4 + 2] = m.verts[v * 3 + 2]!;
    ind[i] = i;
  }
  const tris: number[] = [];
  let ntris = triangulate(nh, tverts, ind, tris);
  if (ntris < 0) ntris = -ntris;
  // Triangles into polygons, then greedy merges (same area only) while convex.
  const polys = new Int32Array((ntris + 1) * nvp).fill(-1);
  const pregs: number[] = [],
    pareas: number[] = [];
  let np = 0;
  for (let j = 0; j < ntris; j++) {
    const a = tris[j * 3]!,
      b = tris[j * 3 + 1]!,
      c = tris[j * 3 + 2]!;
    if (a === b || b === c || a === c) continue;
    polys[np * nvp] = hole[a]!;
    polys[np * nvp + 1] = hole[b]!;
    polys[np * nvp + 2] = hole[c]!;
    pregs.push(hreg[a]!);
    pareas.push(harea[a]!);
    np++;
  }
  if (np === 0) return;
  const ev = [0, 0];
  const tmp = new Int32Array(nvp);
  if (nvp > 3) {
    for (;;) {
      let best = 0,
        bestA = 0,
        bestB = 0,
        bestEa = 0,
        bestEb = 0;
      for (let j = 0; j < np - 1; j++)
        for (let k = j + 1; k < np; k++) {
          if (pareas[j] !== pareas[k]) continue;
          const v = mergeValue(polys, j * nvp, k * nvp, m.verts, nvp, ev);
          if (v > best) {
            best = v;
            bestA = j;
            bestB = k;
            bestEa = ev[0]!;
            bestEb = ev[1]!;
          }
        }
      if (best <= 0) break;
      joinPolygons(polys, tmp, nvp, bestA, bestB, bestEa, bestEb, np);
      const last = (np - 1) * nvp;
      polys.fill(-1, last, last + nvp);
      pregs[bestB] = pregs[np - 1]!;
      pareas[bestB] = pareas[np - 1]!;
      pregs.length = np - 1;
      pareas.length = np - 1;
      np--;
    }
  }
  for (let j = 0; j < np; j++) {
    for (let k = 0; k < nvp; k++) m.polys.push(polys[j * nvp + k]!);
    m.regs.push(pregs[j]!);
    m.areas.push(pareas[j]!);
  }
}

/**
 * Removes from `mesh` the vertices that `cset` flags as tile-border vertices
 * ({@link CONTOUR_BORDER_VERTEX}), re-triangulating the hole each leaves, and returns the new
 * mesh (the input is not changed; without flagged vertices it is returned as is). @internal
 */
export function removeTileBorderVertices(mesh: PolyMesh, cset: ContourSet): PolyMesh {
  // Flagged contour vertices → mesh vertices (welded as buildPolyMesh does: same x, z, |dy| ≤ 2).
  const flagged: number[] = [];
  for (let c = 0; c < cset.count; c++) {
    const s = cset.vertStart[c]!,
      n = cset.vertCount[c]!;
    if (n < 3) continue;
    for (let j = 0; j < n; j++) {
      const o = (s + j) * 4;
      if (cset.verts[o + 3]! & CONTOUR_BORDER_VERTEX) flagged.push(cset.verts[o]!, cset.verts[o + 1]!, cset.verts[o + 2]!);
    }
  }
  if (flagged.length === 0) return mesh;
  const vflags = new Uint8Array(mesh.vertCount);
  const byXZ = new Map<number, number[]>();
  for (let i = 0; i < mesh.vertCount; i++) {
    const key = mesh.verts[i * 3]! * 0x10000 + mesh.verts[i * 3 + 2]!;
    const list = byXZ.get(key);
    if (list) list.push(i);
    else byXZ.set(key, [i]);
  }
  for (let f = 0; f < flagged.length; f += 3) {
    const list = byXZ.get(flagged[f]! * 0x10000 + flagged[f + 2]!);
    if (!list) continue;
    for (let k = list.length - 1; k >= 0; k--) {
      if (Math.abs(mesh.verts[list[k]! * 3 + 1]! - flagged[f + 1]!) <= 2) {
        vflags[list[k]!] = 1;
        break;
      }
    }
  }
  const m: WorkMesh = {
    verts: Array.from(mesh.verts),
    polys: Array.from(mesh.polys),
    regs: Array.from(mesh.regions),
    areas: Array.from(mesh.areas),
    nvp: mesh.maxVertsPerPoly,
  };
  const flags = Array.from(vflags);
  for (let i = 0; i < flags.length; i++) {
    if (!flags[i]) continue;
    if (!canRemoveVertex(m, i)) continue;
    removeVertex(m, i);
    flags.splice(i, 1);
    i--;
  }
  const polys = Int32Array.from(m.polys);
  const np = m.regs.length;
  return {
    vertCount: m.verts.length / 3,
    verts: Int32Array.from(m.verts),
    polyCount: np,
    maxVertsPerPoly: m.nvp,
    polys,
    neighbors: buildMeshAdjacency(polys, np, m.nvp),
    regions: Uint16Array.from(m.regs),
    areas: Uint8Array.from(m.areas),
    bmin: mesh.bmin,
    cellSize: mesh.cellSize,
    cellHeight: mesh.cellHeight,
    borderSize: mesh.borderSize,
  };
}
