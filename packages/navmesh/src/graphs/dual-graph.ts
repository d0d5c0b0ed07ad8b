import type { PolygonWithHoles } from "../build";
import { orient2d } from "../build/predicates";
import { triangulatePolygonsCdt, type TriangulateCdtOptions } from "../build/triangulate-cdt";
import { assembleNavGraph } from "./create-nav-graph";
import { NavGraphNodeKind, type NavGraph } from "./types";

/**
 * Dual navigation graph (C.1.6, with the article's improvement): one node per triangle of the
 * constrained Delaunay triangulation, placed at the triangle's incentre with the inradius as its
 * node radius (nodes `0 .. triangles - 1`), plus one node per triangulation vertex (the following
 * ids). Edges (both directions): incentre to incentre across a shared edge when that segment
 * passes through the shared edge (otherwise the two are joined through their common vertices),
 * incentre to each of its triangle's corners, and every triangulation edge. No edge leaves the
 * walkable area, and the vertex nodes prevent shortcuts across blocked areas.
 *
 * @param regions - walkable polygons with holes (`outer` and `holes` rings as `x, y` pairs, world units), triangulated together
 * @param options - triangulation options: `agentRadius` (world units, default 0: erode the walkable area by it first) and `tolerance` of the erosion's rounded corners (default `agentRadius / 100`)
 *
 * @example
 * ```ts
 * const graph = buildDualGraph([{ outer: [0, 0, 4, 0, 4, 4, 0, 4] }]);
 * graph.nodeCount; // 6: two triangle nodes + four vertex nodes
 * graph.radius[0]; // the inradius of triangle 0
 * ```
 */
export function buildDualGraph(regions: ArrayLike<PolygonWithHoles>, options?: TriangulateCdtOptions): NavGraph {
  const tri = triangulatePolygonsCdt(regions, options);
  const v = tri.vertices,
    T = tri.triangles;
  const tn = T.length / 3,
    vn = v.length / 2;
  const xs: number[] = [],
    ys: number[] = [],
    rs: number[] = [],
    kinds: number[] = [];
  for (let t = 0; t < tn; t++) {
    const a = T[3 * t]!,
      b = T[3 * t + 1]!,
      c = T[3 * t + 2]!;
    const la = Math.hypot(v[2 * c]! - v[2 * b]!, v[2 * c + 1]! - v[2 * b + 1]!);
    const lb = Math.hypot(v[2 * a]! - v[2 * c]!, v[2 * a + 1]! - v[2 * c + 1]!);
    const lc = Math.hypot(v[2 * b]! - v[2 * a]!, v[2 * b + 1]! - v[2 * a + 1]!);
    const p = la + lb + lc;
    xs.push((la * v[2 * a]! + lb * v[2 * b]! + lc * v[2 * c]!) / p);
    ys.push((la * v[2 * a + 1]! + lb * v[2 * b + 1]! + lc * v[2 * c + 1]!) / p);
    const area2 = (v[2 * b]! - v[2 * a]!) * (v[2 * c + 1]! - v[2 * a + 1]!) - (v[2 * b + 1]! - v[2 * a + 1]!) * (v[2 * c]! - v[2 * a]!);
    rs.push(area2 / p);
    kinds.push(NavGraphNodeKind.Triangle);
  }
  for (let k = 0; k < vn; k++) {
    xs.push(v[2 * k]!);
    ys.push(v[2 * k + 1]!);
    rs.push(0);
    kinds.push(NavGraphNodeKind.Vertex);
  }
  const from: number[] = [],
    to: number[] = [];
  const edgeOwner = new Map<number, number>();
  const key = (a: number, b: number): number => a * vn + b;
  for (let t = 0; t < tn; t++) for (let i = 0; i < 3; i++) edgeOwner.set(key(T[3 * t + i]!, T[3 * t + ((i + 1) % 3)]!), t);
  for (let t = 0; t < tn; t++) {
    for (let i = 0; i < 3; i++) {
      const a = T[3 * t + i]!,
        b = T[3 * t + ((i + 1) % 3)]!;
      from.push(t);
      to.push(tn + a);
      const u = edgeOwner.get(key(b, a));
      if (u === undefined) {
        from.push(tn + a);
        to.push(tn + b); // boundary edge, stored once
        continue;
      }
      if (a > b) continue; // interior edge: handle once from the lower vertex
      from.push(tn + a);
      to.push(tn + b);
      // Incentre to incentre when the segment passes through the shared edge a–b.
      const ax = v[2 * a]!,
        ay = v[2 * a + 1]!,
        bx = v[2 * b]!,
        by = v[2 * b + 1]!;
      const o1 = orient2d(xs[t]!, ys[t]!, xs[u]!, ys[u]!, ax, ay),
        o2 = orient2d(xs[t]!, ys[t]!, xs[u]!, ys[u]!, bx, by);
      if ((o1 >= 0 && o2 <= 0) || (o1 <= 0 && o2 >= 0)) {
        from.push(t);
        to.push(u);
      }
    }
  }
  return assembleNavGraph(xs, ys, null, rs, kinds, from, to, false);
}
