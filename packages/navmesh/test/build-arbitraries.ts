import fc from "fast-check";

/** Star-shaped ring around (cx, cy) with `n` vertices at radii in [rmin, rmax]. */
function starRing(cx: number, cy: number, phase: number, radii: readonly number[]): number[] {
  const out: number[] = [];
  const n = radii.length;
  for (let i = 0; i < n; i++) {
    const a = ((i + phase * 0.9) / n) * Math.PI * 2;
    out.push(cx + radii[i]! * Math.cos(a), cy + radii[i]! * Math.sin(a));
  }
  return out;
}

const star = (min: number, max: number, rmin: number, rmax: number) =>
  fc.record({
    phase: fc.double({ min: 0, max: 1, noNaN: true }),
    radii: fc.array(fc.double({ min: rmin, max: rmax, noNaN: true }), { minLength: min, maxLength: max }),
  });

/** A star-shaped outer ring (radius 8..10) with up to 4 star-shaped holes in disjoint slots. */
export function arbRegion(): fc.Arbitrary<{ outer: number[]; holes: number[][] }> {
  const slots: [number, number][] = [
    [-2.6, -2.6],
    [2.6, -2.6],
    [2.6, 2.6],
    [-2.6, 2.6],
  ];
  return fc
    .record({
      outer: star(6, 24, 8, 10),
      holes: fc.uniqueArray(fc.record({ slot: fc.integer({ min: 0, max: 3 }), shape: star(3, 9, 0.4, 1.4) }), {
        minLength: 0,
        maxLength: 4,
        selector: (h) => h.slot,
      }),
    })
    .map(({ outer, holes }) => ({
      outer: starRing(0, 0, outer.phase, outer.radii),
      holes: holes.map((h) => starRing(slots[h.slot]![0], slots[h.slot]![1], h.shape.phase, h.shape.radii)),
    }));
}

/** A rectilinear region on an integer lattice: a room with axis-aligned box pillars (many collinear and cocircular points). */
export function arbLatticeRoom(): fc.Arbitrary<{ outer: number[]; holes: number[][] }> {
  return fc
    .uniqueArray(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), { minLength: 0, maxLength: 6, selector: ([x, y]) => `${x},${y}` })
    .map((cells) => ({
      outer: [0, 0, 4, 0, 8, 0, 12, 0, 16, 0, 16, 16, 8, 16, 0, 16, 0, 8],
      holes: cells.map(([x, y]) => [4 * x + 1, 4 * y + 1, 4 * x + 3, 4 * y + 1, 4 * x + 3, 4 * y + 3, 4 * x + 1, 4 * y + 3]),
    }));
}

/** Signed area of an x,y ring. */
export function signedArea(ring: ArrayLike<number>): number {
  let a = 0;
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    a += ring[2 * i]! * ring[2 * j + 1]! - ring[2 * j]! * ring[2 * i + 1]!;
  }
  return a / 2;
}

/** Area of the walkable part of a region (outer minus holes). */
export function regionArea(region: { outer: ArrayLike<number>; holes?: ArrayLike<ArrayLike<number>> }): number {
  let a = Math.abs(signedArea(region.outer));
  for (let h = 0; h < (region.holes?.length ?? 0); h++) a -= Math.abs(signedArea(region.holes![h]!));
  return a;
}

/** Sum of triangle areas (signed: negative for clockwise triangles). */
export function trianglesArea(vertices: ArrayLike<number>, triangles: ArrayLike<number>): number {
  let a = 0;
  for (let t = 0; t < triangles.length; t += 3) a += triangleArea(vertices, triangles[t]!, triangles[t + 1]!, triangles[t + 2]!);
  return a;
}

/** Signed area of one triangle. */
export function triangleArea(v: ArrayLike<number>, a: number, b: number, c: number): number {
  return ((v[2 * b]! - v[2 * a]!) * (v[2 * c + 1]! - v[2 * a + 1]!) - (v[2 * b + 1]! - v[2 * a + 1]!) * (v[2 * c]! - v[2 * a]!)) / 2;
}
