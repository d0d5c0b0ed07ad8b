import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCodes, TacticaError, createKdTree, kdNearest, kdNearestOne, kdRadius } from "../../src/index";

interface P3 {
  x: number;
  y: number;
  z: number;
}

function distSq(coords: ArrayLike<number>, dim: number, i: number, q: P3): number {
  const dx = (coords[i * dim] as number) - q.x;
  const dy = (coords[i * dim + 1] as number) - q.y;
  const dz = dim === 3 ? (coords[i * dim + 2] as number) - q.z : 0;
  return dx * dx + dy * dy + dz * dz;
}

function bruteRadius(coords: ArrayLike<number>, dim: number, q: P3, r: number): number[] {
  const res: number[] = [];
  for (let i = 0; i < coords.length / dim; i++) if (distSq(coords, dim, i, q) <= r * r) res.push(i);
  return res;
}

function bruteNearest(coords: ArrayLike<number>, dim: number, q: P3, k: number): number[] {
  const ids = Array.from({ length: coords.length / dim }, (_, i) => i);
  ids.sort((a, b) => distSq(coords, dim, a, q) - distSq(coords, dim, b, q) || a - b);
  return ids.slice(0, Math.max(0, k));
}

const sorted = (a: ArrayLike<number>, n = a.length): number[] =>
  Array.from(a)
    .slice(0, n)
    .sort((x, y) => x - y);

function expectError(fn: () => unknown, code: string, name: string, text?: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(TacticaError);
    expect((e as TacticaError).code).toBe(code);
    expect((e as TacticaError).message).toContain(`@tactica/core: ${name}`);
    if (text !== undefined) expect((e as TacticaError).message).toContain(text);
    return;
  }
  throw new Error("expected a TacticaError");
}

describe("createKdTree", () => {
  it("validates its input", () => {
    expectError(() => createKdTree([1, 2, 3], { dimension: 2 }), ErrorCodes.InvalidArgument, "createKdTree", "not a multiple of dimension 2");
    expectError(() => createKdTree([1, 2, 3, 4], { dimension: 3 }), ErrorCodes.InvalidArgument, "createKdTree", "dimension 3");
    expectError(() => createKdTree([1, 2, Number.NaN, 4]), ErrorCodes.InvalidArgument, "createKdTree", "points[2]");
    expectError(() => createKdTree([1, 2], { dimension: 4 as 2 }), ErrorCodes.InvalidArgument, "createKdTree", "dimension");
  });
  it("handles empty and tiny trees", () => {
    const empty = createKdTree([]);
    const out: number[] = [7];
    expect(empty.size).toBe(0);
    expect(kdRadius(out, empty, { x: 0, y: 0 }, 10)).toBe(0);
    expect(out).toEqual([]);
    expect(kdNearest(out, empty, { x: 0, y: 0 }, 3)).toBe(0);
    expect(kdNearestOne(empty, { x: 0, y: 0 })).toBe(-1);
    const one = createKdTree([5, 5]);
    expect(kdNearestOne(one, { x: 0, y: 0 })).toBe(0);
    expect(kdNearest(out, one, { x: 0, y: 0 }, 3)).toBe(1);
    expect(out).toEqual([0]);
  });
  it("is plain data (structuredClone keeps it working)", () => {
    const t = createKdTree(new Float32Array([0, 0, 1, 1, 2, 2]));
    const c = structuredClone(t);
    expect(kdNearestOne(c, { x: 1.9, y: 2.2 })).toBe(2);
  });
});

describe("queries", () => {
  const pts = [0, 0, 10, 0, 0, 10, 10, 10, 5, 5, 5, 5, 3, 4];
  const t = createKdTree(pts);
  it("radius query is inclusive", () => {
    const out: number[] = [];
    expect(sorted(out, kdRadius(out, t, { x: 0, y: 0 }, 5))).toEqual([0, 6]);
    expect(kdRadius(out, t, { x: 0, y: 0 }, -1)).toBe(0);
    expect(kdRadius(out, t, { x: 0, y: 0 }, Number.NaN)).toBe(0);
    const typed = new Int32Array(1);
    expect(kdRadius(typed, t, { x: 5, y: 5 }, 0)).toBe(2);
  });
  it("k nearest is sorted by distance, ties by id, with squared distances", () => {
    const ids: number[] = [];
    const d: number[] = [];
    expect(kdNearest(ids, t, { x: 5, y: 5 }, 3, { outDistSq: d })).toBe(3);
    expect(ids).toEqual([4, 5, 6]);
    expect(d).toEqual([0, 0, 5]);
    expect(kdNearest(ids, t, { x: 5, y: 5 }, 100)).toBe(7);
    expect(kdNearest(ids, t, { x: 5, y: 5 }, 0)).toBe(0);
    expect(ids).toEqual([]);
    expect(kdNearest(ids, t, { x: 5, y: 5 }, 2.7)).toBe(2);
    expect(kdNearestOne(t, { x: 5.1, y: 5 })).toBe(4);
    expect(kdNearestOne(t, { x: 9, y: 9.5 })).toBe(3);
    // NaN query coordinates find nothing (z is ignored by a 2D tree)
    expect(kdNearestOne(t, { x: Number.NaN, y: 0 })).toBe(-1);
    expect(kdNearest(ids, t, { x: 0, y: Number.NaN }, 3)).toBe(0);
    expect(kdRadius(ids, t, { x: Number.NaN, y: 0 }, 100)).toBe(0);
    expect(kdNearestOne(t, { x: 0, y: 0, z: Number.NaN })).toBe(0);
  });
  it("typed outputs must be large enough", () => {
    expectError(() => kdNearest(new Int32Array(2), t, { x: 0, y: 0 }, 3), ErrorCodes.InvalidArgument, "kdNearest", "outIds");
    expectError(
      () => kdNearest(new Int32Array(3), t, { x: 0, y: 0 }, 3, { outDistSq: new Float64Array(1) }),
      ErrorCodes.InvalidArgument,
      "kdNearest",
      "outDistSq",
    );
    const ids = new Int32Array(3);
    const d = new Float64Array(3);
    expect(kdNearest(ids, t, { x: 0, y: 0 }, 3, { outDistSq: d })).toBe(3);
    expect(ids[0]).toBe(0);
  });
});

const coord = fc.double({ min: -100, max: 100, noNaN: true });
// Some integer grids to provoke many duplicates and ties.
const gridCoord = fc.integer({ min: -5, max: 5 });
const denseCoord = fc.double({ min: -2, max: 2, noNaN: true });

// fast-check 4 caps an array at 10 items unless told otherwise: the sizes here are explicit
// (`minLength` and `size: "max"`), so most trees have 60–200 points and real internal nodes (a leaf
// holds at most 8), which is where the pruning lives.
const LEAF = 8;
const pointsArb = (dim: 2 | 3): fc.Arbitrary<number[]> =>
  fc
    .oneof(
      { weight: 1, arbitrary: fc.array(coord, { maxLength: 10 * dim, size: "max" }) },
      { weight: 3, arbitrary: fc.array(coord, { minLength: 60 * dim, maxLength: 200 * dim, size: "max" }) },
      { weight: 3, arbitrary: fc.array(gridCoord, { minLength: 60 * dim, maxLength: 120 * dim, size: "max" }) },
      // Dense: neighbours closer than 1, where a squared plane distance is smaller than the plain one.
      { weight: 2, arbitrary: fc.array(denseCoord, { minLength: 60 * dim, maxLength: 200 * dim, size: "max" }) },
    )
    .map((a) => a.slice(0, a.length - (a.length % dim)));

for (const dim of [2, 3] as const) {
  describe(`${dim}D against brute force`, () => {
    const queryArb = fc.oneof(fc.record({ x: coord, y: coord, z: coord }), fc.record({ x: gridCoord, y: gridCoord, z: gridCoord }));
    const nearQueryArb = fc.oneof(fc.record({ x: gridCoord, y: gridCoord, z: gridCoord }), fc.record({ x: denseCoord, y: denseCoord, z: denseCoord }));
    // Integer radii around integer points put points exactly on the query circle and on split planes.
    const radiusArb = fc.oneof(fc.double({ min: 0, max: 80, noNaN: true }), fc.integer({ min: 0, max: 6 }));
    it("property: radius (60–200 points, internal nodes built)", () => {
      let withInternalNodes = 0;
      fc.assert(
        fc.property(pointsArb(dim), queryArb, radiusArb, (pts, q, r) => {
          const tree = createKdTree(pts, { dimension: dim });
          if (tree.size >= 60) withInternalNodes++;
          const out: number[] = [];
          const n = kdRadius(out, tree, dim === 3 ? q : { x: q.x, y: q.y }, r);
          expect(n).toBe(out.length);
          expect(sorted(out)).toEqual(bruteRadius(pts, dim, q, r));
        }),
        { numRuns: 150 },
      );
      expect(withInternalNodes).toBeGreaterThan(75);
    });
    it("property: radius at tiny scales (r·r and distances underflow to 0)", () => {
      fc.assert(
        fc.property(
          fc.array(gridCoord, { minLength: 30 * dim, maxLength: 60 * dim, size: "max" }),
          fc.record({ x: gridCoord, y: gridCoord, z: gridCoord }),
          fc.integer({ min: 0, max: 3 }),
          fc.constantFrom(1e-170, 1e-160, 1e-155),
          (grid, g, ri, scale) => {
            const pts = grid.slice(0, grid.length - (grid.length % dim)).map((v) => v * scale);
            const q = { x: g.x * scale, y: g.y * scale, z: g.z * scale };
            const r = ri * scale;
            const tree = createKdTree(pts, { dimension: dim });
            expect(tree.size).toBeGreaterThan(LEAF);
            const out: number[] = [];
            kdRadius(out, tree, q, r);
            expect(sorted(out)).toEqual(bruteRadius(pts, dim, q, r));
          },
        ),
        { numRuns: 60 },
      );
    });
    it("property: k nearest and nearest one (60–200 points, many ties)", () => {
      let withInternalNodes = 0;
      fc.assert(
        fc.property(pointsArb(dim), nearQueryArb, fc.integer({ min: 0, max: 20 }), (pts, q, k) => {
          const tree = createKdTree(pts, { dimension: dim });
          if (tree.size >= 60) withInternalNodes++;
          const ids: number[] = [];
          const d: number[] = [];
          const n = kdNearest(ids, tree, q, k, { outDistSq: d });
          const expected = bruteNearest(pts, dim, q, k);
          expect(n).toBe(expected.length);
          expect(ids).toEqual(expected);
          for (let i = 0; i < n; i++) expect(d[i]).toBe(distSq(pts, dim, ids[i] as number, q));
          const one = kdNearestOne(tree, q);
          expect(one).toBe(pts.length === 0 ? -1 : bruteNearest(pts, dim, q, 1)[0]);
        }),
        { numRuns: 150 },
      );
      expect(withInternalNodes).toBeGreaterThan(75);
    });
  });
}

it("larger tree: queries stay correct (2000 points, 3D)", () => {
  let seed = 7;
  const rnd = (): number => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const pts = new Float64Array(2000 * 3);
  for (let i = 0; i < pts.length; i++) pts[i] = rnd() * 100;
  const tree = createKdTree(pts, { dimension: 3 });
  const ids = new Int32Array(10);
  for (let q = 0; q < 50; q++) {
    const p = { x: rnd() * 100, y: rnd() * 100, z: rnd() * 100 };
    expect(kdNearest(ids, tree, p, 10)).toBe(10);
    expect(Array.from(ids)).toEqual(bruteNearest(pts, 3, p, 10));
  }
});

describe("k-d tree layout and boundaries (mutation testing)", () => {
  const lcg = (seed: number): (() => number) => {
    let s = seed;
    return () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  };
  /** FNV-1a over the tree's order, split axes and coordinates: the layout is deterministic. */
  const layoutHash = (t: ReturnType<typeof createKdTree>): number => {
    let h = 0x811c9dc5;
    const add = (v: number): void => {
      h = Math.imul(h ^ (v | 0), 0x01000193);
    };
    for (let i = 0; i < t.size; i++) {
      add(t.ids[i]!);
      add(t.axes[i]!);
    }
    for (let i = 0; i < t.coords.length; i++) add(Math.round(t.coords[i]! * 1000));
    return h >>> 0;
  };

  it("a range of eight points is a leaf, nine points split at the median of the widest axis", () => {
    const eight = createKdTree([7, 0, 6, 1, 5, 2, 4, 3, 3, 4, 2, 5, 1, 6, 0, 7]);
    expect(Array.from(eight.ids)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(Array.from(eight.axes)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // Nine points spread more along y: the split is on y, the median (y = 4) sits at position 4.
    const nine = createKdTree([0, 8, 1, 0, 0, 7, 1, 1, 0, 6, 1, 2, 0, 5, 1, 3, 0, 4]);
    expect(nine.axes[4]).toBe(1);
    expect(nine.ids[4]).toBe(8);
    for (let i = 0; i < 4; i++) expect(nine.coords[2 * i + 1]).toBeLessThanOrEqual(4);
    for (let i = 5; i < 9; i++) expect(nine.coords[2 * i + 1]).toBeGreaterThanOrEqual(4);
    // Equal spread on x and y: the first axis (x) wins.
    const square = createKdTree([0, 0, 4, 4, 1, 3, 3, 1, 2, 2, 4, 0, 0, 4, 1, 1, 3, 3]);
    expect(square.axes[4]).toBe(0);
  });

  it("pins the layout of fixed trees (split axes, order, coordinates)", () => {
    const rnd = lcg(11);
    const p2 = Array.from({ length: 2 * 150 }, () => Math.floor(rnd() * 1000) / 10);
    const p3 = Array.from({ length: 3 * 120 }, () => Math.floor(rnd() * 1000) / 10);
    const grid: number[] = [];
    for (let y = 0; y < 9; y++) for (let x = 0; x < 13; x++) grid.push(x % 5, y, x % 5, y); // duplicates on purpose
    const hashes = [layoutHash(createKdTree(p2)), layoutHash(createKdTree(p3, { dimension: 3 })), layoutHash(createKdTree(grid))];
    expect(hashes).toEqual([2173888356, 4030887495, 2757812232]);
  });

  it("k larger than the scratch heap grows it once, to exactly what is needed or double", () => {
    const rnd = lcg(5);
    const pts = Array.from({ length: 2 * 100 }, () => rnd() * 50);
    const t = createKdTree(pts);
    const ids: number[] = [];
    const q = { x: 25, y: 25 };
    expect(kdNearest(ids, t, q, 16)).toBe(16);
    expect(t.heapIds.length).toBe(16);
    expect(kdNearest(ids, t, q, 17)).toBe(17);
    expect(t.heapIds.length).toBe(32);
    expect(t.heapDist.length).toBe(32);
    expect(kdNearest(ids, t, q, 70)).toBe(70);
    expect(t.heapIds.length).toBe(70);
    expect(ids).toEqual(bruteNearest(pts, 2, { ...q, z: 0 }, 70));
    expect(kdNearest(ids, t, q, 40)).toBe(40);
    expect(ids).toEqual(bruteNearest(pts, 2, { ...q, z: 0 }, 40));
  });

  it("a typed radius output is filled up to its length and the full count returned", () => {
    const t = createKdTree([0, 0, 1, 0, 2, 0, 3, 0, 4, 0]);
    const out = new Int32Array(2).fill(-7);
    expect(kdRadius(out, t, { x: 0, y: 0 }, 10)).toBe(5);
    expect(Array.from(out).every((id) => id >= 0 && id < 5)).toBe(true);
    const arr = [9, 9, 9, 9, 9, 9, 9];
    expect(kdRadius(arr, t, { x: 0, y: 0 }, 1)).toBe(2);
    expect(sorted(arr)).toEqual([0, 1]);
  });

  it("k = 0 or a NaN query clears plain outputs, including the distances", () => {
    const t = createKdTree([0, 0, 1, 1]);
    const ids = [1, 2, 3];
    const d = [1, 2, 3];
    expect(kdNearest(ids, t, { x: 0, y: 0 }, 0, { outDistSq: d })).toBe(0);
    expect(ids).toEqual([]);
    expect(d).toEqual([]);
    const d2 = [5, 5, 5];
    expect(kdNearest(new Int32Array(0), t, { x: 0, y: 0 }, 0, { outDistSq: d2 })).toBe(0);
    expect(d2).toEqual([]);
    const ids2 = [4, 4, 4];
    expect(kdNearest(ids2, t, { x: 0, y: 0 }, 2, { outDistSq: d2 })).toBe(2);
    expect(ids2).toEqual([0, 1]);
    expect(d2).toEqual([0, 2]);
    expect(kdNearest(new Int32Array(2), t, { x: 0, y: 0 }, 2, { outDistSq: new Float64Array(2) })).toBe(2);
  });

  it("ties across a split plane: the smaller id wins, on either side", () => {
    // Points on a line; the query sits exactly between two points in different subtrees.
    const pts: number[] = [];
    for (let i = 0; i < 40; i++) pts.push(i, 0);
    const t = createKdTree(pts);
    for (let i = 0; i < 39; i++) {
      const q = { x: i + 0.5, y: 0 };
      expect(kdNearestOne(t, q)).toBe(i);
      const ids: number[] = [];
      kdNearest(ids, t, q, 2);
      expect(ids).toEqual([i, i + 1]);
    }
    // Reversed ids: the smaller id is now on the right.
    const rev: number[] = [];
    for (let i = 39; i >= 0; i--) rev.push(i, 0);
    const r = createKdTree(rev);
    for (let i = 0; i < 39; i++) expect(kdNearestOne(r, { x: i + 0.5, y: 0 })).toBe(38 - i);
  });

  it("bad options say what is wrong and how to fix it", () => {
    expectError(
      () => createKdTree([0, 0], null as never),
      ErrorCodes.InvalidArgument,
      "createKdTree",
      '"options" must be an object but is null. Pass { dimension: 2 } or { dimension: 3 }.',
    );
    expectError(() => createKdTree([0, 0], 3 as never), ErrorCodes.InvalidArgument, "createKdTree", '"options" must be an object but is 3.');
    expectError(
      () => createKdTree([0, 0], { dimension: 4 as 2 }),
      ErrorCodes.InvalidArgument,
      "createKdTree",
      '"options.dimension" must be 2 or 3 but is 4. Pass 2 for x,y points or 3 for x,y,z points.',
    );
    expectError(
      () => createKdTree([1, 2, 3], { dimension: 2 }),
      ErrorCodes.InvalidArgument,
      "createKdTree",
      '"points" has 3 numbers, not a multiple of dimension 2. Pass x,y pairs.',
    );
    expectError(
      () => createKdTree([1, 2, 3, 4], { dimension: 3 }),
      ErrorCodes.InvalidArgument,
      "createKdTree",
      "not a multiple of dimension 3. Pass x,y,z triples.",
    );
    expect(createKdTree([1, 2, 3], { dimension: 3 }).size).toBe(1);
  });
});
