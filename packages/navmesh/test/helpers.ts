import fc from "fast-check";
import { expect } from "vitest";
import { addNavMeshTile, createNavMesh, getPolygonCenter, removeNavMeshTile, type NavMesh } from "../src";

/** A star-shaped outer ring (radii 8..10, 8..16 vertices, around (0,0)) with up to 4 star-shaped holes in fixed disjoint slots. */
export function arbPolygonWithHoles(maxHoles = 4): fc.Arbitrary<{ outer: number[]; holes: number[][] }> {
  const ring = (n: { min: number; max: number }, rmin: number, rmax: number) =>
    fc
      .tuple(fc.integer(n), fc.double({ min: 0, max: 1, noNaN: true }))
      .chain(([count, phase]) =>
        fc.array(fc.double({ min: rmin, max: rmax, noNaN: true }), { minLength: count, maxLength: count }).map((radii) => ({ phase, radii })),
      );
  const slots: [number, number][] = [
    [-2.2, -2.2],
    [2.2, -2.2],
    [2.2, 2.2],
    [-2.2, 2.2],
  ];
  return fc
    .record({
      outer: ring({ min: 8, max: 16 }, 8, 10),
      holes: fc.array(fc.record({ slot: fc.integer({ min: 0, max: 3 }), shape: ring({ min: 3, max: 7 }, 0.3, 0.95) }), { minLength: 0, maxLength: maxHoles }),
    })
    .map(({ outer, holes }) => {
      const toRing = (cx: number, cy: number, s: { phase: number; radii: number[] }) => {
        const out: number[] = [];
        const n = s.radii.length;
        for (let i = 0; i < n; i++) {
          const a = ((i + s.phase * 0.9) / n) * Math.PI * 2;
          out.push(cx + s.radii[i]! * Math.cos(a), cy + s.radii[i]! * Math.sin(a));
        }
        return out;
      };
      const used = new Set<number>();
      const hs: number[][] = [];
      for (const h of holes) {
        if (used.has(h.slot)) continue;
        used.add(h.slot);
        hs.push(toRing(slots[h.slot]![0], slots[h.slot]![1], h.shape));
      }
      return { outer: toRing(0, 0, outer), holes: hs };
    });
}

/** Signed area of an x,y ring. */
export function ringArea(ring: ArrayLike<number>): number {
  let a = 0;
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    a += ring[2 * i]! * ring[2 * j + 1]! - ring[2 * j]! * ring[2 * i + 1]!;
  }
  return a / 2;
}

/** A 20 × 20 square room with up to 8 star-shaped pillars (radius ≤ 2.2) in a 4 × 4 grid of disjoint slots. */
export function arbRoomWithPillars(): fc.Arbitrary<{ outer: number[]; holes: number[][] }> {
  const pillar = fc.record({
    slot: fc.integer({ min: 0, max: 15 }),
    phase: fc.double({ min: 0, max: 1, noNaN: true }),
    radii: fc.array(fc.double({ min: 1.2, max: 2.2, noNaN: true }), { minLength: 3, maxLength: 6 }),
  });
  return fc.array(pillar, { minLength: 5, maxLength: 10 }).map((ps) => {
    const used = new Set<number>();
    const holes: number[][] = [];
    for (const p of ps) {
      if (used.has(p.slot)) continue;
      used.add(p.slot);
      const cx = -7.5 + 5 * (p.slot % 4),
        cy = -7.5 + 5 * Math.floor(p.slot / 4);
      const ring: number[] = [];
      const n = p.radii.length;
      for (let i = 0; i < n; i++) {
        const a = ((i + p.phase * 0.9) / n) * Math.PI * 2;
        ring.push(cx + p.radii[i]! * Math.cos(a), cy + p.radii[i]! * Math.sin(a));
      }
      holes.push(ring);
    }
    return { outer: [-10, -10, 10, -10, 10, 10, -10, 10], holes };
  });
}

/** Splits `mesh` into `k × k` tiles by polygon centroid (whole polygons; border vertices duplicated per tile). */
export function splitIntoTiles(mesh: NavMesh, k: number): NavMesh {
  const b = mesh.bounds;
  const groups = new Map<string, { x: number; y: number; polys: number[] }>();
  const c = { x: 0, y: 0 };
  for (let p = 0; p < mesh.polyCount; p++) {
    getPolygonCenter(c, mesh, p);
    const tx = Math.min(k - 1, Math.floor(((c.x - b[0]!) / Math.max(1e-9, b[2]! - b[0]!)) * k));
    const ty = Math.min(k - 1, Math.floor(((c.y - b[1]!) / Math.max(1e-9, b[3]! - b[1]!)) * k));
    const key = `${tx},${ty}`;
    if (!groups.has(key)) groups.set(key, { x: tx, y: ty, polys: [] });
    groups.get(key)!.polys.push(p);
  }
  const inputs = [...groups.values()].map((g) => {
    const map = new Map<number, number>();
    const vertices: number[] = [],
      heights: number[] = [];
    const polygons = g.polys.map((p) => {
      const out: number[] = [];
      for (let i = 0; i < mesh.polyVertCount[p]!; i++) {
        const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!;
        if (!map.has(v)) {
          map.set(v, vertices.length / 2);
          vertices.push(mesh.vertices[2 * v]!, mesh.vertices[2 * v + 1]!);
          heights.push(mesh.heights[v]!);
        }
        out.push(map.get(v)!);
      }
      return out;
    });
    return { x: g.x, y: g.y, input: { vertices, heights, polygons, areas: g.polys.map((p) => mesh.areas[p]!), tags: g.polys.map((p) => p) } };
  });
  const tiled = createNavMesh({ vertices: [], polygons: [] });
  removeNavMeshTile(tiled, 0, 0, 0);
  for (const t of inputs) expect(addNavMeshTile(tiled, t.x, t.y, 0, t.input, { maxVertsPerPoly: mesh.maxVertsPerPoly })).toBeGreaterThanOrEqual(0);
  return tiled;
}

/** `"x,y,layer#poly"` of flat polygon `g` (its tile key and index in the tile), or `"-"` for -1. */
export function polyName(mesh: NavMesh, g: number): string {
  if (g < 0) return "-";
  const s = mesh.polyTile[g]!;
  return `${mesh.tileKeys[s]}#${g - mesh.tilePolyBase[s]!}`;
}

/**
 * The flat view in a layout-free form, sorted: per polygon in use, its tile key and index, area,
 * flags, tag, and each flat edge as its start vertex (x, y, height) and the polygon across. Two
 * meshes whose flat views differ only in where polygons and vertices are stored (slots, ranges,
 * unused entries, vertex ids) give equal lists.
 */
export function canonicalFlatView(mesh: NavMesh): string[] {
  const out: string[] = [];
  const stride = mesh.maxVertsPerPoly;
  for (let g = 0; g < mesh.polyCount; g++) {
    const n = mesh.polyVertCount[g]!;
    if (n === 0) continue;
    const edges: string[] = [];
    for (let k = 0; k < n; k++) {
      const v = mesh.polyVerts[g * stride + k]!;
      edges.push(`${mesh.vertices[2 * v]},${mesh.vertices[2 * v + 1]},${mesh.heights[v]}>${polyName(mesh, mesh.neighbors[g * stride + k]!)}`);
    }
    out.push(`${polyName(mesh, g)} a${mesh.areas[g]} f${mesh.flags[g]} t${mesh.tags[g]}: ${edges.join(" ")}`);
  }
  return out.sort();
}
