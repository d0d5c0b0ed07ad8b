import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCodes,
  TacticaError,
  aabb,
  createSpatialHash,
  spatialHashClear,
  spatialHashGetPosition,
  spatialHashHas,
  spatialHashInsert,
  spatialHashQueryAabb,
  spatialHashQueryRadius,
  spatialHashRemove,
  spatialHashUpdate,
  type Vec2,
} from "../../src/index";

const sorted = (a: ArrayLike<number>, n = a.length): number[] =>
  Array.from(a)
    .slice(0, n)
    .sort((x, y) => x - y);

function expectError(fn: () => unknown, code: string, name: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(TacticaError);
    expect((e as TacticaError).code).toBe(code);
    expect((e as TacticaError).message).toContain(`@tactica/core: ${name}`);
    return;
  }
  throw new Error("expected a TacticaError");
}

describe("createSpatialHash", () => {
  it("validates options", () => {
    expectError(() => createSpatialHash({ cellSize: 0 }), ErrorCodes.InvalidArgument, "createSpatialHash");
    expectError(() => createSpatialHash({ cellSize: Number.NaN }), ErrorCodes.InvalidArgument, "createSpatialHash");
    expectError(() => createSpatialHash({ cellSize: 1, capacity: 0 }), ErrorCodes.InvalidArgument, "createSpatialHash");
    expectError(() => createSpatialHash({ cellSize: 1, capacity: 1.5 }), ErrorCodes.InvalidArgument, "createSpatialHash");
    const h = createSpatialHash({ cellSize: 2 });
    expect(h.capacity).toBe(1024);
    expect(h.count).toBe(0);
  });
  it("is plain data (structuredClone keeps it working)", () => {
    const h = createSpatialHash({ cellSize: 1, capacity: 8 });
    spatialHashInsert(h, 3, 0.5, 0.5);
    const copy = structuredClone(h);
    const out: number[] = [];
    expect(spatialHashQueryRadius(out, copy, 0, 0, 1)).toBe(1);
    expect(out).toEqual([3]);
  });
});

describe("spatial hash operations", () => {
  it("insert, query, move, remove", () => {
    const h = createSpatialHash({ cellSize: 10, capacity: 16 });
    spatialHashInsert(h, 0, 0, 0);
    spatialHashInsert(h, 1, 5, 0);
    spatialHashInsert(h, 2, 25, 25);
    spatialHashInsert(h, 3, -5, -5);
    const out: number[] = [];
    expect(spatialHashQueryRadius(out, h, 0, 0, 5)).toBe(2);
    expect(sorted(out)).toEqual([0, 1]);
    expect(spatialHashQueryRadius(out, h, 0, 0, Math.SQRT2 * 5)).toBe(3);
    spatialHashUpdate(h, 2, 1, 1);
    expect(sorted(out, spatialHashQueryRadius(out, h, 0, 0, 2))).toEqual([0, 2]);
    expect(spatialHashRemove(h, 0)).toBe(true);
    expect(spatialHashRemove(h, 0)).toBe(false);
    expect(spatialHashHas(h, 0)).toBe(false);
    expect(spatialHashHas(h, 99)).toBe(false);
    expect(sorted(out, spatialHashQueryRadius(out, h, 0, 0, 2))).toEqual([2]);
    expect(h.count).toBe(3);
    const p: Vec2 = { x: 0, y: 0 };
    expect(spatialHashGetPosition(p, h, 2)).toBe(true);
    expect(p).toEqual({ x: 1, y: 1 });
    expect(spatialHashGetPosition(p, h, 0)).toBe(false);
    expect(sorted(out, spatialHashQueryAabb(out, h, aabb(-5, -5, 1, 1)))).toEqual([2, 3]);
    expect(spatialHashQueryAabb(out, h, aabb(1, 1, 0, 0))).toBe(0);
    spatialHashClear(h);
    expect(h.count).toBe(0);
    expect(spatialHashQueryRadius(out, h, 0, 0, 100)).toBe(0);
    spatialHashInsert(h, 0, 0, 0); // reusable after clear
    expect(spatialHashQueryRadius(out, h, 0, 0, 1)).toBe(1);
  });
  it("typed-array output truncates and reports the full count", () => {
    const h = createSpatialHash({ cellSize: 1, capacity: 8 });
    for (let i = 0; i < 5; i++) spatialHashInsert(h, i, i * 0.1, 0);
    const out = new Int32Array(3);
    expect(spatialHashQueryRadius(out, h, 0, 0, 1)).toBe(5);
    expect(new Set(out).size).toBe(3);
  });
  it("degenerate queries find nothing; huge radii fall back to a scan", () => {
    const h = createSpatialHash({ cellSize: 1, capacity: 8 });
    spatialHashInsert(h, 1, 100, -100);
    const out: number[] = [];
    expect(spatialHashQueryRadius(out, h, 0, 0, -1)).toBe(0);
    expect(spatialHashQueryRadius(out, h, 0, 0, Number.NaN)).toBe(0);
    expect(spatialHashQueryRadius(out, h, Number.NaN, 0, 1)).toBe(0);
    expect(spatialHashQueryRadius(out, h, 0, 0, 1e6)).toBe(1);
    expect(spatialHashQueryRadius(out, h, 0, 0, Infinity)).toBe(1);
    expect(spatialHashQueryAabb(out, h, aabb(-1e9, -1e9, 1e9, 1e9))).toBe(1);
    expect(spatialHashQueryRadius(out, h, 100, -100, 0)).toBe(1);
  });
  it("misuse throws TacticaError with codes", () => {
    const h = createSpatialHash({ cellSize: 1, capacity: 4 });
    expectError(() => spatialHashInsert(h, 4, 0, 0), ErrorCodes.InvalidArgument, "spatialHashInsert");
    expectError(() => spatialHashInsert(h, -1, 0, 0), ErrorCodes.InvalidArgument, "spatialHashInsert");
    expectError(() => spatialHashInsert(h, 0, Number.NaN, 0), ErrorCodes.InvalidArgument, "spatialHashInsert");
    expectError(() => spatialHashInsert(h, 0, 0, Infinity), ErrorCodes.InvalidArgument, "spatialHashInsert");
    spatialHashInsert(h, 0, 0, 0);
    expectError(() => spatialHashInsert(h, 0, 1, 1), ErrorCodes.InvalidState, "spatialHashInsert");
    expectError(() => spatialHashUpdate(h, 1, 1, 1), ErrorCodes.InvalidHandle, "spatialHashUpdate");
    expectError(() => spatialHashUpdate(h, 0, 1e300, 1), ErrorCodes.InvalidArgument, "spatialHashUpdate");
    expectError(() => spatialHashRemove(h, 1.5), ErrorCodes.InvalidArgument, "spatialHashRemove");
  });

  // A small capacity means a small open-addressing table (2·capacity slots, rounded up to a power
  // of two), so probe chains often wrap past its end: that is where backward-shift deletion can go
  // wrong.
  it.each([64, 5])("property: random insert/move/remove sequences agree with brute force (capacity %i)", (cap) => {
    const coord = fc.double({ min: -50, max: 50, noNaN: true });
    const op = fc.oneof(
      fc.record({ kind: fc.constant("set" as const), id: fc.integer({ min: 0, max: cap - 1 }), x: coord, y: coord }),
      fc.record({ kind: fc.constant("remove" as const), id: fc.integer({ min: 0, max: cap - 1 }) }),
      fc.record({
        kind: fc.constant("query" as const),
        x: coord,
        y: coord,
        r: fc.double({ min: 0, max: 40, noNaN: true }),
        w: fc.double({ min: 0, max: 40, noNaN: true }),
        h: fc.double({ min: 0, max: 40, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 20, noNaN: true }), fc.array(op, { minLength: 60, maxLength: 120, size: "max" }), (cellSize, ops) => {
        const h = createSpatialHash({ cellSize, capacity: cap });
        const model = new Map<number, Vec2>();
        const out: number[] = [];
        const typed = new Int32Array(cap);
        for (const o of ops) {
          if (o.kind === "set") {
            if (model.has(o.id)) spatialHashUpdate(h, o.id, o.x, o.y);
            else spatialHashInsert(h, o.id, o.x, o.y);
            model.set(o.id, { x: o.x, y: o.y });
          } else if (o.kind === "remove") {
            expect(spatialHashRemove(h, o.id)).toBe(model.delete(o.id));
          } else {
            const expectR = [...model].filter(([, p]) => (p.x - o.x) ** 2 + (p.y - o.y) ** 2 <= o.r * o.r).map(([id]) => id);
            expect(sorted(out, spatialHashQueryRadius(out, h, o.x, o.y, o.r))).toEqual(sorted(expectR));
            const n = spatialHashQueryRadius(typed, h, o.x, o.y, o.r);
            expect(sorted(typed, n)).toEqual(sorted(expectR));
            const box = aabb(o.x, o.y, o.x + o.w, o.y + o.h);
            const expectB = [...model].filter(([, p]) => p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY).map(([id]) => id);
            expect(sorted(out, spatialHashQueryAabb(out, h, box))).toEqual(sorted(expectB));
          }
          expect(h.count).toBe(model.size);
        }
        // final full check
        const all = spatialHashQueryRadius(out, h, 0, 0, 1e9);
        expect(all).toBe(model.size);
      }),
      { numRuns: 150 },
    );
  });

  it("many agents moving every frame (table deletions keep probes consistent)", () => {
    const n = 2000;
    const h = createSpatialHash({ cellSize: 4, capacity: n });
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    let seed = 12345;
    const rnd = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let i = 0; i < n; i++) {
      xs[i] = rnd() * 200;
      ys[i] = rnd() * 200;
      spatialHashInsert(h, i, xs[i] as number, ys[i] as number);
    }
    const out: number[] = [];
    for (let frame = 0; frame < 10; frame++) {
      for (let i = 0; i < n; i++) {
        xs[i] = (xs[i] as number) + (rnd() - 0.5) * 6;
        ys[i] = (ys[i] as number) + (rnd() - 0.5) * 6;
        spatialHashUpdate(h, i, xs[i] as number, ys[i] as number);
      }
      for (let q = 0; q < 20; q++) {
        const qx = rnd() * 200;
        const qy = rnd() * 200;
        const count = spatialHashQueryRadius(out, h, qx, qy, 8);
        let expected = 0;
        for (let i = 0; i < n; i++) if (((xs[i] as number) - qx) ** 2 + ((ys[i] as number) - qy) ** 2 <= 64) expected++;
        expect(count).toBe(expected);
      }
    }
  });
});
