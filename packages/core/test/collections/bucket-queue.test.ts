import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCodes,
  bucketQueueClear,
  bucketQueuePeek,
  bucketQueuePeekPriority,
  bucketQueuePop,
  bucketQueuePush,
  createBucketQueue,
  isTacticaError,
  TacticaError,
} from "../../src/index";

describe("bucket queue", () => {
  it("pops integer priorities in exact order with width 1", () => {
    const q = createBucketQueue(8, 1, 2);
    bucketQueuePush(q, 1, 3);
    bucketQueuePush(q, 2, 0);
    bucketQueuePush(q, 3, 7);
    bucketQueuePush(q, 4, 3);
    expect(q.size).toBe(4);
    expect(bucketQueuePeek(q)).toBe(2);
    expect(bucketQueuePeekPriority(q)).toBe(0);
    expect(bucketQueuePop(q)).toBe(2);
    expect(bucketQueuePop(q)).toBe(4); // LIFO within a bucket
    expect(bucketQueuePop(q)).toBe(1);
    bucketQueuePush(q, 5, 9); // wraps around the ring
    expect(bucketQueuePop(q)).toBe(3);
    expect(bucketQueuePeekPriority(q)).toBe(9);
    expect(bucketQueuePop(q)).toBe(5);
    expect(bucketQueuePop(q)).toBe(-1);
    expect(bucketQueuePeek(q)).toBe(-1);
    expect(bucketQueuePeekPriority(q)).toBe(Infinity);
  });

  it("quantises by bucket width and keeps exact priorities", () => {
    const q = createBucketQueue(4, 0.5, 4);
    bucketQueuePush(q, 1, 0.9); // bucket 1
    bucketQueuePush(q, 2, 0.6); // bucket 1
    bucketQueuePush(q, 3, 0.2); // bucket 0
    expect(bucketQueuePop(q)).toBe(3);
    expect(bucketQueuePeekPriority(q)).toBe(0.6);
    expect(bucketQueuePop(q)).toBe(2);
    expect(bucketQueuePop(q)).toBe(1);
  });

  it("clamps pushes below the current minimum and restarts anywhere when empty", () => {
    const q = createBucketQueue(4, 1, 4);
    bucketQueuePush(q, 1, 100);
    bucketQueuePush(q, 2, 101);
    expect(bucketQueuePop(q)).toBe(1);
    bucketQueuePush(q, 3, 50); // below the minimum: goes to bucket 101 (the current one)
    expect(bucketQueuePop(q)).toBe(3);
    expect(bucketQueuePop(q)).toBe(2);
    bucketQueuePush(q, 4, -20); // empty: anywhere, negatives too
    bucketQueuePush(q, 5, -18);
    expect(bucketQueuePop(q)).toBe(4);
    expect(bucketQueuePop(q)).toBe(5);
  });

  it("throws CAPACITY_EXCEEDED for priorities beyond the ring and INVALID_ARGUMENT for non-finite ones", () => {
    const q = createBucketQueue(4, 1, 4);
    bucketQueuePush(q, 1, 10);
    bucketQueuePush(q, 2, 13);
    try {
      bucketQueuePush(q, 3, 14);
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, ErrorCodes.CapacityExceeded)).toBe(true);
    }
    expect(() => bucketQueuePush(q, 3, NaN)).toThrow(/"priority" must be finite/);
    expect(() => bucketQueuePush(q, 3, Infinity)).toThrow(/"priority" must be finite/);
    expect(() => createBucketQueue(0, 1, 1)).toThrow(/"bucketCount"/);
    expect(() => createBucketQueue(4, 0, 1)).toThrow(/"bucketWidth"/);
  });

  it("grows entry storage and reuses freed entries; clear empties it", () => {
    const q = createBucketQueue(16, 1, 1);
    for (let i = 0; i < 20; i++) bucketQueuePush(q, i, i % 10);
    expect(q.size).toBe(20);
    const popped: number[] = [];
    while (q.size > 0) popped.push(bucketQueuePop(q));
    expect(popped.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    bucketQueuePush(q, 7, 3);
    bucketQueueClear(q);
    expect(q.size).toBe(0);
    expect(bucketQueuePop(q)).toBe(-1);
  });

  it("matches a model under monotone random sequences (bucket order, LIFO inside a bucket)", () => {
    const width = 0.25;
    const buckets = 12;
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: 0, max: (buckets - 1) * width, noNaN: true }), { nil: undefined }), { minLength: 60, maxLength: 200, size: "max" }),
        (ops) => {
          const q = createBucketQueue(buckets, width, 4);
          const model: { id: number; p: number; seq: number }[] = [];
          let floor = 0; // smallest priority still allowed: the last popped bucket's start
          let seq = 0;
          for (const op of ops) {
            if (op === undefined) {
              const id = bucketQueuePop(q);
              if (model.length === 0) {
                expect(id).toBe(-1);
                continue;
              }
              const minBucket = Math.min(...model.map((e) => Math.floor(e.p / width)));
              const inBucket = model.filter((e) => Math.floor(e.p / width) === minBucket);
              const newest = inBucket.reduce((a, b) => (a.seq > b.seq ? a : b));
              expect(id).toBe(newest.id);
              model.splice(model.indexOf(newest), 1);
              floor = minBucket * width;
            } else {
              const p = floor + op;
              bucketQueuePush(q, seq, p);
              model.push({ id: seq, p, seq });
              seq++;
            }
            expect(q.size).toBe(model.length);
          }
        },
      ),
      { seed: 5, numRuns: 200 },
    );
  });

  it("pops sorted order exactly for integer priorities (width 1) against a sorted-array model", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }), { minLength: 60, maxLength: 200, size: "max" }), (ops) => {
        const q = createBucketQueue(10, 1, 8);
        const model: number[] = [];
        let last = 0;
        for (const op of ops) {
          if (op === undefined) {
            model.sort((a, b) => a - b);
            const expected = model.shift();
            const p = bucketQueuePeekPriority(q);
            bucketQueuePop(q);
            expect(p).toBe(expected ?? Infinity);
            if (expected !== undefined) last = expected;
          } else {
            bucketQueuePush(q, 0, last + op);
            model.push(last + op);
          }
        }
      }),
      { seed: 6, numRuns: 200 },
    );
  });
});

/** Runs `fn`, expects a TacticaError, and returns it. */
function caught(fn: () => unknown): TacticaError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(TacticaError);
    return e as TacticaError;
  }
  throw new Error("expected a TacticaError");
}

describe("bucket queue boundaries (mutation testing)", () => {
  it("the ring holds exactly bucketCount buckets, above and below the cursor", () => {
    // Above: cursor 10, four buckets: 13 fits, 14 does not.
    const up = createBucketQueue(4, 1, 4);
    bucketQueuePush(up, 1, 10);
    bucketQueuePush(up, 2, 13);
    const e = caught(() => bucketQueuePush(up, 3, 14));
    expect(e.code).toBe(ErrorCodes.CapacityExceeded);
    expect(e.path).toBe("priority");
    expect(e.message).toBe(
      "@tactica/core: bucketQueuePush: priority 14 makes the queued entries span 5 buckets, but the queue has 4. " +
        "Create it with more buckets (max step / bucketWidth + 2) or a wider bucketWidth.",
    );
    expect(up.size).toBe(2);
    // Below (no pop yet, so nothing clamps): max 14, 11 fits, 10 does not.
    const down = createBucketQueue(4, 1, 4);
    bucketQueuePush(down, 1, 14);
    bucketQueuePush(down, 2, 11);
    const d = caught(() => bucketQueuePush(down, 3, 10));
    expect(d.code).toBe(ErrorCodes.CapacityExceeded);
    expect(d.message).toContain("priority 10 makes the queued entries span 5 buckets, but the queue has 4");
    expect([bucketQueuePop(down), bucketQueuePop(down), bucketQueuePop(down)]).toEqual([2, 1, -1]);
  });

  it("a push inside the queued range keeps the highest bucket, so the range check below still sees it", () => {
    const q = createBucketQueue(4, 1, 4);
    bucketQueuePush(q, 1, 10);
    bucketQueuePush(q, 2, 13);
    bucketQueuePush(q, 3, 11); // inside [10, 13]: the highest bucket stays 13
    expect(q.maxBucket).toBe(13);
    expect(caught(() => bucketQueuePush(q, 4, 9)).code).toBe(ErrorCodes.CapacityExceeded); // 9 .. 13 is five buckets
    expect([bucketQueuePop(q), bucketQueuePop(q), bucketQueuePop(q)]).toEqual([1, 3, 2]);
  });

  it("a push below the cursor but above the floor lowers the cursor; one below the floor is raised to it", () => {
    const q = createBucketQueue(8, 1, 4);
    bucketQueuePush(q, 1, 2);
    bucketQueuePush(q, 2, 6);
    expect(bucketQueuePop(q)).toBe(1); // floor = cursor = 2
    expect(bucketQueuePeek(q)).toBe(2); // cursor advances to 6
    bucketQueuePush(q, 3, 4); // below the cursor, above the floor: comes out before 6
    bucketQueuePush(q, 4, 1); // below the floor: raised to bucket 2, before 4
    expect(bucketQueuePeekPriority(q)).toBe(1); // the exact priority is kept
    expect([bucketQueuePop(q), bucketQueuePop(q), bucketQueuePop(q), bucketQueuePop(q)]).toEqual([4, 3, 2, -1]);
  });

  it("negative buckets map into the ring and keep their order", () => {
    const q = createBucketQueue(3, 1, 4);
    bucketQueuePush(q, 1, -5);
    bucketQueuePush(q, 2, -4);
    bucketQueuePush(q, 3, -3);
    expect(q.heads.every((h) => h >= 0)).toBe(true); // three buckets, three slots
    expect([bucketQueuePop(q), bucketQueuePop(q), bucketQueuePop(q)]).toEqual([1, 2, 3]);
  });

  it("grows only when full and keeps every entry when it does", () => {
    const q = createBucketQueue(8, 1, 4);
    for (let i = 0; i < 4; i++) bucketQueuePush(q, 10 + i, i);
    expect(q.entryIds.length).toBe(4);
    bucketQueuePush(q, 14, 4);
    expect(q.entryIds.length).toBe(8);
    expect(q.entryPriorities.length).toBe(8);
    expect(q.entryNext.length).toBe(8);
    const out: [number, number][] = [];
    while (q.size > 0) {
      const p = bucketQueuePeekPriority(q);
      out.push([bucketQueuePop(q), p]);
    }
    expect(out).toEqual([
      [10, 0],
      [11, 1],
      [12, 2],
      [13, 3],
      [14, 4],
    ]);
    // Freed entries are reused before storage grows again.
    for (let i = 0; i < 8; i++) bucketQueuePush(q, i, 0);
    expect(q.entryIds.length).toBe(8);
    expect(q.used).toBe(8);
  });

  it("a queue reused after clear behaves like a fresh one", () => {
    const run = (q: ReturnType<typeof createBucketQueue>): number[] => {
      for (const [id, p] of [
        [1, 7],
        [2, 5],
        [3, 9],
        [4, 5],
      ] as const)
        bucketQueuePush(q, id, p);
      const out: number[] = [];
      for (let i = 0; i < 5; i++) out.push(bucketQueuePop(q));
      return out;
    };
    const used = createBucketQueue(6, 1, 2);
    bucketQueuePush(used, 9, 100);
    bucketQueuePush(used, 8, 103);
    bucketQueuePop(used);
    bucketQueueClear(used);
    expect(used.used).toBe(0);
    expect(used.freeHead).toBe(-1);
    expect(run(used)).toEqual(run(createBucketQueue(6, 1, 2)));
    expect(run(createBucketQueue(6, 1, 2))).toEqual([4, 2, 1, 3, -1]);
  });

  it("error messages say what is wrong and how to fix it", () => {
    const q = createBucketQueue(4, 1, 4);
    for (const id of [1.5, 2 ** 31, Number.NaN]) {
      const e = caught(() => bucketQueuePush(q, id, 1));
      expect(e.code).toBe(ErrorCodes.InvalidArgument);
      expect(e.path).toBe("id");
      expect(e.message).toBe(`@tactica/core: bucketQueuePush: "id" must be an int32 but is ${id}. Pass an integer id.`);
    }
    bucketQueuePush(q, -(2 ** 31), 1); // the smallest int32 is an id
    const p = caught(() => bucketQueuePush(q, 1, -Infinity));
    expect(p.path).toBe("priority");
    expect(p.message).toBe('@tactica/core: bucketQueuePush: "priority" must be finite but is -Infinity. Pass a finite number.');
    expect(q.size).toBe(1);
    expect(() => createBucketQueue(4, 1, 0)).toThrow(/^@tactica\/core: createBucketQueue: "capacity"/);
  });
});
