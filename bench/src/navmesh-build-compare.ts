// Walkable area and connected components of a generated navmesh, computed the same way for
// Tactica, navcat and recast-navigation, so the bench and bench/test can compare them.
import { getPolygonArea, type NavMesh } from "@tactica/navmesh";
import type { NavMesh as NavcatMesh } from "navcat";

/** Walkable area (xz plane) and connected components (largest first, by area). */
export interface MeshStats {
  polygons: number;
  area: number;
  components: number[];
}

class UnionFind {
  readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
  }
  find(a: number): number {
    while (this.parent[a] !== a) {
      this.parent[a] = this.parent[this.parent[a]!]!;
      a = this.parent[a]!;
    }
    return a;
  }
  union(a: number, b: number): void {
    const ra = this.find(a),
      rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

function componentsOf(n: number, areas: Float64Array, uf: UnionFind): number[] {
  const byRoot = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const r = uf.find(i);
    byRoot.set(r, (byRoot.get(r) ?? 0) + areas[i]!);
  }
  return [...byRoot.values()].sort((a, b) => b - a);
}

/** Tactica: polygons linked through `neighbors`. */
export function tacticaStats(mesh: NavMesh): MeshStats {
  const uf = new UnionFind(mesh.polyCount);
  const areas = new Float64Array(mesh.polyCount);
  let area = 0;
  for (let p = 0; p < mesh.polyCount; p++) {
    areas[p] = getPolygonArea(mesh, p);
    area += areas[p]!;
    for (let k = 0; k < mesh.maxVertsPerPoly; k++) {
      const q = mesh.neighbors[p * mesh.maxVertsPerPoly + k]!;
      if (q >= 0) uf.union(p, q);
    }
  }
  return { polygons: mesh.polyCount, area, components: componentsOf(mesh.polyCount, areas, uf) };
}

/** Triangles given by 3D positions and indices (recast-navigation's debug geometry): linked through shared edges (positions rounded to 1 mm). */
export function trianglesStats(positions: ArrayLike<number>, indices: ArrayLike<number>, polygons: number): MeshStats {
  const nt = indices.length / 3;
  const uf = new UnionFind(nt);
  const areas = new Float64Array(nt);
  const key = (i: number): string =>
    `${Math.round(positions[3 * i]! * 1000)},${Math.round(positions[3 * i + 1]! * 1000)},${Math.round(positions[3 * i + 2]! * 1000)}`;
  const edges = new Map<string, number>();
  let area = 0;
  for (let t = 0; t < nt; t++) {
    const a = indices[3 * t]!,
      b = indices[3 * t + 1]!,
      c = indices[3 * t + 2]!;
    areas[t] =
      Math.abs(
        (positions[3 * b]! - positions[3 * a]!) * (positions[3 * c + 2]! - positions[3 * a + 2]!) -
          (positions[3 * c]! - positions[3 * a]!) * (positions[3 * b + 2]! - positions[3 * a + 2]!),
      ) / 2;
    area += areas[t]!;
    const ks = [key(a), key(b), key(c)];
    for (let k = 0; k < 3; k++) {
      const e = [ks[k]!, ks[(k + 1) % 3]!].sort().join("|");
      const other = edges.get(e);
      if (other === undefined) edges.set(e, t);
      else uf.union(t, other);
    }
  }
  return { polygons, area, components: componentsOf(nt, areas, uf) };
}

/** navcat: polygons of every tile linked through shared vertex pairs. */
export function navcatStats(nm: NavcatMesh): MeshStats {
  const polys: { area: number; verts: string[] }[] = [];
  for (const tile of Object.values(nm.tiles)) {
    const v = tile.vertices;
    for (const poly of tile.polys) {
      const ids = poly.vertices;
      let a2 = 0;
      for (let i = 0; i < ids.length; i++) {
        const p = ids[i]!,
          q = ids[(i + 1) % ids.length]!;
        a2 += v[3 * p]! * v[3 * q + 2]! - v[3 * q]! * v[3 * p + 2]!;
      }
      polys.push({
        area: Math.abs(a2) / 2,
        verts: ids.map((i) => `${Math.round(v[3 * i]! * 1000)},${Math.round(v[3 * i + 1]! * 1000)},${Math.round(v[3 * i + 2]! * 1000)}`),
      });
    }
  }
  const uf = new UnionFind(polys.length);
  const edges = new Map<string, number>();
  const areas = new Float64Array(polys.length);
  let area = 0;
  polys.forEach((p, i) => {
    areas[i] = p.area;
    area += p.area;
    for (let k = 0; k < p.verts.length; k++) {
      const e = [p.verts[k]!, p.verts[(k + 1) % p.verts.length]!].sort().join("|");
      const other = edges.get(e);
      if (other === undefined) edges.set(e, i);
      else uf.union(i, other);
    }
  });
  return { polygons: polys.length, area, components: componentsOf(polys.length, areas, uf) };
}

/** Components of at least `minArea` (tiny slivers are noise between implementations). */
export function significantComponents(s: MeshStats, minArea: number): number[] {
  return s.components.filter((a) => a >= minArea);
}
