import type { PolygonWithHoles } from "../build";
import { triangulatePolygonsCdt, type TriangulateCdtOptions } from "../build/triangulate-cdt";
import { assembleNavGraph } from "./create-nav-graph";
import { createTriangulationDomain, segmentInDomain, triangleVisibleFrom } from "./triangulation-domain";
import { NavGraphNodeKind, type NavGraph } from "./types";

/**
 * Art-gallery navigation graph (C.1.6): guards chosen among the vertices of the constrained
 * Delaunay triangulation of the walkable polygons, so that every triangle is entirely visible
 * from some guard (any walkable point sees a node). The first guard is the highest-order vertex
 * (most incident triangles); each next guard is the highest-order vertex of the first triangle
 * not yet entirely visible; then intermediate vertices along triangulation edges are added until
 * the graph is connected. Edges join mutually visible nodes (both directions). The article warns
 * that this minimal graph makes agents backtrack; see {@link buildDualGraph} for the alternative.
 *
 * @param regions - walkable polygons with holes (`outer` and `holes` rings as `x, y` pairs, world units), triangulated together
 * @param options - triangulation options: `agentRadius` (world units, default 0: erode the walkable area by it first) and `tolerance` of the erosion's rounded corners (default `agentRadius / 100`)
 *
 * @example
 * ```ts
 * // An L-shaped room: two guards cover it.
 * const graph = buildArtGalleryGraph([{ outer: [0, 0, 10, 0, 10, 4, 4, 4, 4, 10, 0, 10] }]);
 * graph.nodeCount; // 2 or 3
 * ```
 */
export function buildArtGalleryGraph(regions: ArrayLike<PolygonWithHoles>, options?: TriangulateCdtOptions): NavGraph {
  const tri = triangulatePolygonsCdt(regions, options);
  const d = createTriangulationDomain(tri);
  const v = tri.vertices,
    T = tri.triangles;
  const vn = v.length / 2,
    tn = T.length / 3;
  const order = new Int32Array(vn);
  for (let k = 0; k < T.length; k++) order[T[k]!]!++;
  const isGuard = new Uint8Array(vn);
  const guards: number[] = [];
  const covered = new Uint8Array(tn);
  const addGuard = (g: number): void => {
    if (isGuard[g]) return;
    isGuard[g] = 1;
    guards.push(g);
    for (let t = 0; t < tn; t++) if (!covered[t] && triangleVisibleFrom(d, t, v[2 * g]!, v[2 * g + 1]!)) covered[t] = 1;
  };
  const best = (cands: readonly number[]): number => cands.reduce((b, c) => (order[c]! > order[b]! || (order[c] === order[b] && c < b) ? c : b));
  if (vn > 0) addGuard(best(Array.from({ length: vn }, (_, i) => i)));
  for (let t = 0; t < tn; t++) if (!covered[t]) addGuard(best([T[3 * t]!, T[3 * t + 1]!, T[3 * t + 2]!]));
  // Triangulation edges, for connecting guard components.
  const adj: number[][] = Array.from({ length: vn }, () => []);
  for (let t = 0; t < tn; t++)
    for (let i = 0; i < 3; i++) {
      const a = T[3 * t + i]!,
        b = T[3 * t + ((i + 1) % 3)]!;
      if (!adj[a]!.includes(b)) adj[a]!.push(b);
      if (!adj[b]!.includes(a)) adj[b]!.push(a);
    }
  for (let guard = 0; guard < vn + 1; guard++) {
    const comp = components(guards, (a, b) => segmentInDomain(d, v[2 * a]!, v[2 * a + 1]!, v[2 * b]!, v[2 * b + 1]!));
    if (new Set(comp.values()).size <= 1) break;
    // Dijkstra over triangulation edges from component 0 to the nearest guard of another component.
    const dist = new Float64Array(vn).fill(Infinity);
    const parent = new Int32Array(vn).fill(-1);
    const open: number[] = [];
    for (const g of guards)
      if (comp.get(g) === 0) {
        dist[g] = 0;
        open.push(g);
      }
    let reached = -1;
    while (open.length > 0) {
      let bi = 0;
      for (let k = 1; k < open.length; k++) if (dist[open[k]!]! < dist[open[bi]!]!) bi = k;
      const a = open[bi]!;
      open[bi] = open[open.length - 1]!;
      open.pop();
      if (isGuard[a] && comp.get(a) !== 0) {
        reached = a;
        break;
      }
      for (const b of adj[a]!) {
        const nd = dist[a]! + Math.hypot(v[2 * b]! - v[2 * a]!, v[2 * b + 1]! - v[2 * a + 1]!);
        if (nd < dist[b]!) {
          if (dist[b] === Infinity) open.push(b);
          dist[b] = nd;
          parent[b] = a;
        }
      }
    }
    if (reached < 0) break; // separate regions: nothing connects them
    for (let a = parent[reached]!; a >= 0 && !(isGuard[a] && comp.get(a) === 0); a = parent[a]!) addGuard(a);
  }
  const from: number[] = [],
    to: number[] = [];
  for (let i = 0; i < guards.length; i++)
    for (let j = i + 1; j < guards.length; j++) {
      const a = guards[i]!,
        b = guards[j]!;
      if (segmentInDomain(d, v[2 * a]!, v[2 * a + 1]!, v[2 * b]!, v[2 * b + 1]!)) {
        from.push(i);
        to.push(j);
      }
    }
  return assembleNavGraph(
    guards.map((g) => v[2 * g]!),
    guards.map((g) => v[2 * g + 1]!),
    null,
    null,
    new Uint8Array(guards.length).fill(NavGraphNodeKind.Vertex),
    from,
    to,
    false,
  );
}

function components(nodes: readonly number[], linked: (a: number, b: number) => boolean): Map<number, number> {
  const comp = new Map<number, number>();
  let c = 0;
  for (const s of nodes) {
    if (comp.has(s)) continue;
    comp.set(s, c);
    const stack = [s];
    while (stack.length > 0) {
      const a = stack.pop()!;
      for (const b of nodes) {
        if (comp.has(b) || !linked(a, b)) continue;
        comp.set(b, c);
        stack.push(b);
      }
    }
    c++;
  }
  return comp;
}
