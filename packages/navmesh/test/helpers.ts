import fc from "fast-check";

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
